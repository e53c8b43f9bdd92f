//! Perft fixtures (`fixtures/sovereign/perft.perft`), counts established with
//! both the fast generator and the reference generator (tests/reference.rs).
//! The default suite checks counts up to a node cap; `MOTLEY_DEEP=1` checks all.

use motley_core::perft::run_perft_file;
use motley_core::testing::deep_runs;
use motley_core::{PerftMode, Position};
use motley_sovereign::Sovereign;

const FIXTURE: &str = include_str!("../../fixtures/sovereign/perft.perft");

#[test]
fn perft_fixtures() {
    let cap = if deep_runs() { u64::MAX } else { 3_000_000 };
    let checked = run_perft_file::<Sovereign>(FIXTURE, cap);
    assert!(checked >= 8, "{checked}");
}

#[test]
fn divide_sums_to_perft() {
    let p = Sovereign::start();
    let divide = p.divide(2, PerftMode::Decision);
    assert_eq!(divide.len(), p.legal_moves().len());
    assert_eq!(divide.iter().map(|d| d.1).sum::<u64>(), p.perft(2, PerftMode::Decision));
}

const ROYALE_FIXTURE: &str = include_str!("../../fixtures/royale/perft.perft");

#[test]
fn royale_perft_fixtures() {
    let cap = if deep_runs() { u64::MAX } else { 1_000_000 };
    let checked = run_perft_file::<motley_sovereign::Royale>(ROYALE_FIXTURE, cap);
    assert!(checked >= 6, "{checked}");
}
