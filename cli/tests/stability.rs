//! The middle-game fixtures the stability of analysis is measured
//! on (`cli/examples/stability.rs`), and a bounded version of the
//! measurement that runs in the default suite.

use motley_core::Position;
use motley_core::search::{Evaluate, Limits, SearchConfig, Searcher};
use motley_joker::Joker;
use motley_mages::Mages;
use motley_sovereign::{Royale, Sovereign};

fn fixtures<P: Position>(variant: &str) -> Vec<P> {
    let path = format!("{}/../fixtures/{variant}/middle-games.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| P::from_fen(l.trim()).unwrap_or_else(|e| panic!("{path}: {l}: {e}")))
        .collect()
}

fn check_fixtures<P: Position>(variant: &str) {
    let positions = fixtures::<P>(variant);
    assert!(positions.len() >= 30, "{variant}: {} middle-game positions", positions.len());
    for pos in &positions {
        assert!(pos.outcome().is_none() && !pos.legal_moves().is_empty(), "{variant}: {pos} is over");
        assert!(pos.to_string() != P::start().to_string(), "{variant}: the start is not a middle game");
    }
}

#[test]
fn every_variant_has_thirty_ongoing_middle_game_fixtures() {
    check_fixtures::<Sovereign>("sovereign");
    check_fixtures::<Royale>("royale");
    check_fixtures::<Joker>("joker");
    check_fixtures::<Mages>("mages");
}

/// The raw score of every completed depth up to `to`.
fn raw_scores<P: Evaluate>(pos: &P, to: u32) -> Vec<i32> {
    let mut searcher = Searcher::<P>::new(SearchConfig { hash_mb: 4, ..SearchConfig::default() });
    let mut out = Vec::new();
    searcher.search_with(pos, &Limits::depth(to), |info| out.push(info.lines[0].score.0));
    out
}

#[test]
fn sovereign_start_scores_stay_within_a_pawn_from_depth_2_to_6() {
    // Quiescence that ignores armies taken on neutral squares makes these
    // swing by many pawns between odd and even depths.
    let scores = raw_scores(&Sovereign::start(), 6);
    let band = &scores[1..];
    let spread = band.iter().max().unwrap() - band.iter().min().unwrap();
    assert!(spread <= 100, "depths 2..6: {scores:?}");
}

#[test]
fn holding_an_army_through_one_link_is_worth_less_than_owning_it() {
    // After e2e4 e15e13 e4e5 White's pawn stands on e5 (navy) and holds
    // the navy army; the evaluation counts it at a share, not as material.
    let mut pos = Sovereign::start();
    for token in ["e2e4", "e15e13", "e4e5"] {
        let mv = pos.parse_move(token).expect("legal");
        pos.play_unchecked(mv);
    }
    let white = motley_core::Seat(0);
    let full = pos.material(white);
    let valued = pos.evaluate(white);
    assert!(full >= 2000, "the navy army counts in full for material: {full}");
    assert!(valued < full * 2 / 3 && valued > 0, "evaluation {valued} against material {full}");
}
