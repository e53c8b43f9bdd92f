//! Perft fixtures (`fixtures/joker/perft.perft`) through motley-core's runner.
//! The default suite checks counts up to a node cap; `MOTLEY_DEEP=1` checks all.

use motley_core::Position;
use motley_core::perft::{parse_perft_file, run_perft_file};
use motley_core::testing::deep_runs;
use motley_joker::{Joker, PerftMode};

const FILE: &str = include_str!("../../fixtures/joker/perft.perft");

fn cap() -> u64 {
    if deep_runs() { u64::MAX } else { 2_000_000 }
}

#[test]
fn perft_fixtures() {
    let checked = run_perft_file::<Joker>(FILE, cap());
    assert!(checked >= 40, "only {checked} counts checked");
}

#[test]
fn divide_sums_to_perft_and_generic_perft_agrees() {
    for case in parse_perft_file(FILE).unwrap() {
        let pos = Joker::from_fen(&case.fen).unwrap();
        for &(_, depth, nodes) in case.counts.iter().filter(|c| c.1 <= 3 && c.2 <= 200_000) {
            let divide = pos.divide(depth, PerftMode::Decision);
            assert_eq!(divide.iter().map(|d| d.1).sum::<u64>(), nodes, "{}", case.id);
            // The trait's generic perft (list, clone, play) agrees with the bulk-counting one.
            assert_eq!(motley_core::perft::listing_perft(&pos, depth), nodes, "{}", case.id);
            let trait_divide = Position::divide(&pos, depth, motley_core::PerftMode::Decision);
            assert_eq!(trait_divide, divide, "{}", case.id);
        }
    }
}

#[test]
fn finished_game_has_no_perft() {
    let pos = Joker::from_fen("8/8/8/8/8/8/8/3Q4[] b - - 0 50 -").unwrap();
    for depth in 1..4 {
        assert_eq!(pos.perft(depth, PerftMode::Decision), 0);
    }
    assert_eq!(pos.perft(0, PerftMode::Decision), 1);
}
