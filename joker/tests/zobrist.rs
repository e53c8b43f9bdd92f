//! The Zobrist hash: kept up to date by every move, equal to the hash computed
//! from scratch, and bit-identical to the recorded values (the transposition
//! table, and so the search's node counts, depend on them).

use motley_joker::{Joker, Position};

/// The middle games the speed measurement searches, plus the start position.
fn games() -> Vec<Joker> {
    let text = include_str!("../../fixtures/joker/middle-games.txt");
    let mut out = vec![Joker::start()];
    out.extend(
        text.lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| l.parse::<Joker>().unwrap()),
    );
    out
}

/// The wrapping sum of [`Position::zobrist`] and [`Position::repetition_key`]
/// along a fixed 60-ply line from `pos` (the `(7 * ply + 3)`th legal move, modulo their count).
fn line_digest(mut pos: Joker) -> u64 {
    let mut sum = 0u64;
    for ply in 0..60 {
        sum = sum.wrapping_add(pos.zobrist()).wrapping_add(pos.repetition_key().rotate_left(17));
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[(7 * ply + 3) % moves.len()]);
    }
    sum
}

/// [`line_digest`] of each of [`games`], recorded.
const DIGESTS: [u64; 33] = [
    0xa848_1a08_18fb_c6e7,
    0x6f45_03dd_e8ca_4321,
    0x4c02_9e72_ab03_6960,
    0x0325_39e8_2ac3_3f82,
    0x6aff_5c87_2c4f_b8d9,
    0xc03e_aa50_aa44_08e9,
    0x6b66_e489_93c4_4ce4,
    0x7734_104f_4012_f600,
    0x44e8_e189_9eb7_0b6c,
    0xcafd_44e6_d097_3328,
    0x83ed_52c2_7938_c7c1,
    0x0217_c686_ee4c_47aa,
    0xeaa5_954b_f590_a6eb,
    0x3a69_2e54_54f5_8704,
    0xdb8c_f0b4_2d8b_15f5,
    0xb630_a4a8_4d50_30b7,
    0x0e5c_91dd_0f34_4af1,
    0x1472_04b9_6d4c_9879,
    0xd5df_0e7f_0d18_fdcc,
    0x3595_2b92_add1_e1aa,
    0x4b02_1fdc_35d5_4d75,
    0x4ecf_0156_cd41_654f,
    0x0f36_cae1_7338_2c90,
    0xabb0_017d_860b_d38b,
    0x6f64_184c_3b06_e684,
    0xc687_80da_e1ab_bb68,
    0x91f1_5f6c_1fee_1b4b,
    0x6f58_acf8_6752_2863,
    0xc66e_5f14_4aea_9c0e,
    0xa0b2_b630_8a85_1f6e,
    0xb543_ee1f_fdb1_4f98,
    0x50bc_8b9d_33ee_243a,
    0x61a0_ac7f_5acf_4161,
];

#[test]
fn hashes_are_the_recorded_ones() {
    let got: Vec<u64> = games().into_iter().map(line_digest).collect();
    assert_eq!(got, DIGESTS);
}

/// Every fixture position (`fixtures/joker/positions/*.fen`).
fn fixture_positions() -> Vec<Joker> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/joker/positions");
    std::fs::read_dir(dir)
        .expect("fixture folder")
        .map(|e| {
            std::fs::read_to_string(e.expect("fixture entry").path())
                .expect("fixture")
                .trim()
                .parse()
                .unwrap()
        })
        .collect()
}

/// The stored hash equals the one computed from scratch (validating the
/// position's setup computes it anew) after every move of many random games
/// from every fixture position and middle game.
#[test]
fn incremental_hash_is_the_hash_from_scratch() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x4a4f4b4552);
    let from_scratch = |pos: &Joker| Joker::from_setup(&pos.to_setup(), *pos.rules()).unwrap().zobrist();
    for start in games().into_iter().chain(fixture_positions()) {
        for _ in 0..8 {
            let mut pos = start;
            for _ in 0..120 {
                assert_eq!(pos.zobrist(), from_scratch(&pos), "{pos}");
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}
