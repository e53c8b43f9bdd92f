//! insta snapshots of the sorted legal moves (and status) of every position in
//! `fixtures/sovereign/positions/*.fen`, plus a FEN round trip of each.

use motley_core::{BoardView, Position};
use motley_sovereign::Sovereign;

/// The position string in `path` (which must read back as written), its
/// status and details, and its legal moves, sorted, ten a line.
fn move_list_report<P>(path: &std::path::Path) -> String
where
    P: Position<Move: core::fmt::Display>
        + BoardView
        + core::fmt::Display
        + core::str::FromStr<Err: core::fmt::Debug>,
{
    let text = std::fs::read_to_string(path).unwrap();
    let fen = text.trim();
    let p: P = fen.parse().unwrap();
    assert_eq!(p.to_string(), fen, "round trip");
    let mut out = format!("{fen}\nstatus: {}\n", p.status());
    for (k, v) in p.details() {
        out.push_str(&format!("{k}: {v}\n"));
    }
    let mut moves: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    out.push_str(&format!("{} legal moves:\n", moves.len()));
    for chunk in moves.chunks(10) {
        out.push_str(&chunk.join(" "));
        out.push('\n');
    }
    out
}

#[test]
fn legal_move_snapshots() {
    insta::glob!("../../fixtures/sovereign/positions", "*.fen", |path| {
        insta::assert_snapshot!(move_list_report::<Sovereign>(path));
    });
}

#[test]
fn royale_legal_move_snapshots() {
    insta::glob!("../../fixtures/royale/positions", "*.fen", |path| {
        insta::assert_snapshot!(move_list_report::<motley_sovereign::Royale>(path));
    });
}
