//! Helpers shared by the composed-position test files.

use std::fmt::Write as _;

use motley_core::Position;
use motley_sovereign::Sovereign;

/// Builds a position string from `(square, piece)` pairs (`("e4", "wp")`)
/// and the fields after the board.
pub fn fen(pieces: &[(&str, &str)], rest: &str) -> String {
    let mut grid = [""; 256];
    for (sq, p) in pieces {
        let f = (sq.as_bytes()[0] - b'a') as usize;
        let r: usize = sq[1..].parse::<usize>().unwrap() - 1;
        grid[f + 16 * r] = p;
    }
    let mut text = String::new();
    let cell = |i: usize| Some(grid[i]).filter(|p| !p.is_empty());
    motley_core::fen::write_board(&mut text, 16, 16, cell, |f, p| f.write_str(p)).unwrap();
    format!("{text} {rest}")
}

/// The two-player position built by [`fen`].
pub fn pos(pieces: &[(&str, &str)], rest: &str) -> Sovereign {
    let f = fen(pieces, rest);
    f.parse().unwrap_or_else(|e| panic!("{f}: {e}"))
}

/// The sorted legal moves whose origin is exactly `from`.
pub fn moves_from(p: &Sovereign, from: &str) -> Vec<String> {
    p.sorted_moves()
        .into_iter()
        .filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

/// Plays a legal move given in notation.
pub fn play(p: &mut Sovereign, token: &str) {
    let mv = p.parse_move(token).unwrap_or_else(|e| panic!("{token}: {e}\n{p}"));
    p.play(mv).unwrap();
}
