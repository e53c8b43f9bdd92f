//! Sorted legal inputs of every fixture position in `fixtures/mages/positions/*.fen`,
//! pending engagements included, as insta snapshots.

use motley_core::{PerftMode, Position};
use motley_mages::Mages;

#[test]
fn legal_inputs_of_fixture_positions() {
    insta::glob!("../../fixtures/mages/positions", "*.fen", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let pos = Mages::from_fen(text.trim()).unwrap();
        let mut moves: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
        moves.sort();
        let report = format!(
            "position: {pos}\nstatus: {}\ndecision perft 1: {}\nfull perft 1: {}\nlegal inputs ({}):\n{}\n",
            pos.status(),
            pos.perft(1, PerftMode::Decision),
            pos.perft(1, PerftMode::Full),
            moves.len(),
            moves.join("\n")
        );
        insta::assert_snapshot!(report);
    });
}
