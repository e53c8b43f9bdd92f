//! Every table-driven generator against a naive square-by-square walk, on
//! every square of the 6x8, 8x8 and 16x16 boards, with and without range
//! limits, on many random occupancies.

use motley_core::attacks::{self, Dir, UNLIMITED};
use motley_core::{Bits, Board6x8, Board8x8, Board16x16, SetGeometry, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Walks from `sq` step by step in `dir`, stopping after the first occupied
/// square or after `range` steps.
fn naive_slide<G: SetGeometry<W>, const W: usize>(
    sq: Square<G>,
    dir: Dir,
    occ: Bits<W>,
    range: u8,
) -> Bits<W> {
    let (df, dr) = dir.delta();
    let mut out = Bits::EMPTY;
    let mut cur = sq;
    let mut steps = 0u32;
    while let Some(next) = cur.offset(i32::from(df), i32::from(dr)) {
        if steps >= u32::from(range) {
            break;
        }
        steps += 1;
        out.add(next.bit());
        if occ.contains(next.bit()) {
            break;
        }
        cur = next;
    }
    out
}

fn naive_leaps<G: SetGeometry<W>, const W: usize>(sq: Square<G>, offsets: &[(i32, i32)]) -> Bits<W> {
    let mut out = Bits::EMPTY;
    for f in 0..i32::from(G::FILES) {
        for r in 0..i32::from(G::RANKS) {
            let (df, dr) = (f - i32::from(sq.file().index()), r - i32::from(sq.rank().index()));
            if offsets.contains(&(df, dr)) {
                out.add(Square::<G>::at(f, r).unwrap().bit());
            }
        }
    }
    out
}

fn random_occupancy<G: SetGeometry<W>, const W: usize>(rng: &mut StdRng) -> Bits<W> {
    let density = rng.random_range(0.0..0.6);
    Square::<G>::all().filter(|_| rng.random_bool(density)).map(|s| s.bit()).collect()
}

const KING: [(i32, i32); 8] = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];
const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

fn check_board<G: SetGeometry<W>, const W: usize>(seed: u64, occupancies: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    for sq in Square::<G>::all() {
        assert_eq!(G::king(sq), naive_leaps(sq, &KING), "king {sq} on {}", G::NAME);
        assert_eq!(G::knight(sq), naive_leaps(sq, &KNIGHT), "knight {sq} on {}", G::NAME);
        assert_eq!(attacks::leaps(sq, &[(2, 2), (-3, 0)]), naive_leaps(sq, &[(2, 2), (-3, 0)]));
        for _ in 0..occupancies {
            let occ = random_occupancy::<G, W>(&mut rng);
            for range in [1, 2, 7, 8, 15, UNLIMITED] {
                for dir in Dir::ALL {
                    assert_eq!(
                        attacks::slide(sq, dir, occ, range),
                        naive_slide(sq, dir, occ, range),
                        "{dir:?} from {sq} range {range} on {}\n{}",
                        G::NAME,
                        occ.diagram::<G>()
                    );
                }
                let q = Dir::ALL.iter().fold(Bits::EMPTY, |a, &d| a | naive_slide(sq, d, occ, range));
                assert_eq!(attacks::queen(sq, occ, range), q);
            }
        }
    }
}

#[test]
fn board_6x8_generators_match_naive_walk() {
    check_board::<Board6x8, 1>(1, 40);
}

#[test]
fn board_8x8_generators_match_naive_walk() {
    check_board::<Board8x8, 1>(2, 40);
}

#[test]
fn board_16x16_generators_match_naive_walk() {
    check_board::<Board16x16, 4>(3, 12);
}

#[test]
fn leaper_table_matches_naive() {
    static CAMEL: [Bits<4>; 256] = attacks::leaper_table::<4, 256>(16, 16, &attacks::symmetric(1, 3));
    let offsets: Vec<(i32, i32)> =
        attacks::symmetric(1, 3).iter().map(|&(a, b)| (i32::from(a), i32::from(b))).collect();
    for sq in Square::<Board16x16>::all() {
        assert_eq!(CAMEL[sq.index()], naive_leaps(sq, &offsets));
    }
}

#[test]
fn between_is_the_open_segment() {
    let a: Square<Board16x16> = "b2".parse().unwrap();
    let b: Square<Board16x16> = "h8".parse().unwrap();
    let seg = attacks::between(a, b);
    let names: Vec<String> = seg.iter().map(|i| Square::<Board16x16>::new(i).unwrap().to_string()).collect();
    assert_eq!(names, ["c3", "d4", "e5", "f6", "g7"]);
    assert!(attacks::between(a, "c4".parse().unwrap()).is_empty());
}

#[test]
fn diagram_round_trip() {
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..50 {
        let occ = random_occupancy::<Board16x16, 4>(&mut rng);
        let text = occ.diagram::<Board16x16>().to_string();
        assert_eq!(Bits::<4>::from_diagram::<Board16x16>(&text), Some(occ));
    }
}

/// `reach_table` is the naive walk on an empty board, for both line sets
/// and several ranges, on all three boards.
#[test]
fn reach_tables_are_the_empty_board_walk() {
    fn check<G: SetGeometry<W>, const W: usize, const N: usize>(tables: [[[Bits<W>; N]; 3]; 2]) {
        for (dirs, by_range) in [Dir::ORTHOGONAL, Dir::DIAGONAL].iter().zip(tables) {
            for (range, table) in [1u8, 3, 8].into_iter().zip(by_range) {
                for (i, &reach) in table.iter().enumerate() {
                    let sq = Square::<G>::new_unchecked(i as u8);
                    let naive =
                        dirs.iter().fold(Bits::EMPTY, |acc, &d| acc | naive_slide(sq, d, Bits::EMPTY, range));
                    assert_eq!(reach, naive, "{sq} range {range}");
                }
            }
        }
    }
    macro_rules! tables {
        ($w:literal, $n:literal, $f:literal, $r:literal) => {
            [Dir::ORTHOGONAL, Dir::DIAGONAL]
                .map(|dirs| [1u8, 3, 8].map(|range| attacks::reach_table::<$w, $n>($f, $r, &dirs, range)))
        };
    }
    check::<Board6x8, 1, 48>(tables!(1, 48, 6, 8));
    check::<Board8x8, 1, 64>(tables!(1, 64, 8, 8));
    check::<Board16x16, 4, 256>(tables!(4, 256, 16, 16));
}
