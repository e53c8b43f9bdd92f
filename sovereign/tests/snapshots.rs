//! insta snapshots of the sorted legal moves (and status) of every position in
//! `fixtures/sovereign/positions/*.fen`, plus a FEN round trip of each.

use motley_core::{BoardView, Position};
use motley_sovereign::Sovereign;

#[test]
fn legal_move_snapshots() {
    insta::glob!("../../fixtures/sovereign/positions", "*.fen", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let fen = text.trim();
        let p: Sovereign = fen.parse().unwrap();
        assert_eq!(p.to_string(), fen, "round trip");
        let mut out = format!("{fen}\nstatus: {}\n", p.status());
        for (k, v) in p.details() {
            out.push_str(&format!("{k}: {v}\n"));
        }
        let moves = p.sorted_moves();
        out.push_str(&format!("{} legal moves:\n", moves.len()));
        for chunk in moves.chunks(10) {
            out.push_str(&chunk.join(" "));
            out.push('\n');
        }
        insta::assert_snapshot!(out);
    });
}

#[test]
fn royale_legal_move_snapshots() {
    insta::glob!("../../fixtures/royale/positions", "*.fen", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let fen = text.trim();
        let p: motley_sovereign::Royale = fen.parse().unwrap();
        assert_eq!(p.to_string(), fen, "round trip");
        let mut out = format!("{fen}\nstatus: {}\n", p.status());
        for (k, v) in p.details() {
            out.push_str(&format!("{k}: {v}\n"));
        }
        let moves = p.sorted_moves();
        out.push_str(&format!("{} legal moves:\n", moves.len()));
        for chunk in moves.chunks(10) {
            out.push_str(&chunk.join(" "));
            out.push('\n');
        }
        insta::assert_snapshot!(out);
    });
}
