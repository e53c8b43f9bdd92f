//! The perft suites of `fixtures/mages/perft.perft`, both counts. The default
//! run checks counts up to a node cap; `MOTLEY_DEEP=1` checks them all.

use motley_core::perft::{parse_perft_file, run_perft_file};
use motley_core::testing::deep_runs;
use motley_core::{PerftMode, Position};
use motley_mages::{Mages, Move};

const SUITE: &str = include_str!("../../fixtures/mages/perft.perft");

#[test]
fn perft_suite() {
    let cap = if deep_runs() { u64::MAX } else { 600_000 };
    let checked = run_perft_file::<Mages>(SUITE, cap);
    assert!(checked >= 90, "only {checked} counts checked");
}

#[test]
fn divide_sums_to_perft_on_every_suite_position() {
    for case in parse_perft_file(SUITE).unwrap() {
        let pos = Mages::from_fen(&case.fen).unwrap();
        for mode in [PerftMode::Decision, PerftMode::Full] {
            for depth in 1..=3 {
                let divided: Vec<_> = pos.divide(depth, mode);
                let total: u64 = divided.iter().map(|(_, n)| n).sum();
                assert_eq!(total, pos.perft(depth, mode), "{} {mode:?} {depth}", case.id);
                if pos.pending().is_some() {
                    // The root inputs of a pending position are its counted resolutions.
                    assert!(divided.iter().all(|(m, _)| !m.to_string().starts_with("foul")));
                    if mode == PerftMode::Decision {
                        assert!(divided.iter().all(|(m, _)| m.to_string().starts_with("challenger")));
                    }
                }
            }
        }
    }
}

/// Every perft path (the CLI's threaded split over [`Position::perft_roots`],
/// and a caller that sums [`Position::perft_after`] over every legal input)
/// gives the fixture's counts at a pending engagement: `foul`, and in decision
/// perft `defender` and `draw`, are legal inputs with no counted subtree.
#[test]
fn perft_roots_and_perft_after_agree_with_perft_at_pending_engagements() {
    for case in parse_perft_file(SUITE).unwrap() {
        let pos = Mages::from_fen(&case.fen).unwrap();
        for &(mode, depth, nodes) in &case.counts {
            if depth > 3 {
                continue;
            }
            let roots = pos.perft_roots(mode);
            let by_roots: u64 = roots.iter().map(|&m| pos.perft_after(m, depth, mode)).sum();
            assert_eq!(by_roots, nodes, "{} {mode:?} {depth}: perft_roots", case.id);
            let by_legal: u64 = pos.legal_moves().iter().map(|&m| pos.perft_after(m, depth, mode)).sum();
            assert_eq!(by_legal, nodes, "{} {mode:?} {depth}: every legal input", case.id);
            let divided: Vec<Move> = pos.divide(depth, mode).into_iter().map(|(m, _)| m).collect();
            assert_eq!(divided, roots, "{} {mode:?} {depth}: divide lists perft_roots", case.id);
        }
        if pos.pending().is_some() {
            let decision: Vec<String> =
                pos.perft_roots(PerftMode::Decision).iter().map(ToString::to_string).collect();
            assert!(decision.iter().all(|m| m.starts_with("challenger")), "{}: {decision:?}", case.id);
            let full: Vec<String> =
                pos.perft_roots(PerftMode::Full).iter().map(ToString::to_string).collect();
            assert!(full.iter().all(|m| !m.starts_with("foul")), "{}: {full:?}", case.id);
            assert!(pos.legal_moves().iter().any(|m| m.to_string() == "foul"), "{}", case.id);
        }
    }
}

#[test]
fn a_declaration_is_a_ply_and_its_resolution_is_not() {
    let pos = Mages::from_fen("r5/6/6/S1p3/6/6/6/5R g").unwrap();
    let decl = pos.parse_move("a5c5").unwrap();
    let mut pending = pos.clone();
    pending.play_unchecked(decl);
    for mode in [PerftMode::Decision, PerftMode::Full] {
        for depth in 1..=4 {
            assert_eq!(pos.perft_after(decl, depth, mode), pending.perft(depth, mode));
        }
    }
    // Depth 1: the declaration is one leaf in decision perft, three (its
    // counted resolutions) in full perft.
    assert_eq!(pos.perft_after(decl, 1, PerftMode::Decision), 1);
    assert_eq!(pos.perft_after(decl, 1, PerftMode::Full), 3);
}
