//! Helpers shared by the composed-position test files.

use motley_core::Position;
use motley_sovereign::Sovereign;

/// Builds a position string from `(square, piece)` pairs (`("e4", "wp")`)
/// and the fields after the board.
#[allow(clippy::needless_range_loop)] // reason: the grid is walked by coordinates
pub fn fen(pieces: &[(&str, &str)], rest: &str) -> String {
    let mut grid = [[""; 16]; 16];
    for (sq, p) in pieces {
        let f = (sq.as_bytes()[0] - b'a') as usize;
        let r: usize = sq[1..].parse::<usize>().unwrap() - 1;
        grid[r][f] = p;
    }
    let mut rows = Vec::new();
    for r in (0..16).rev() {
        let mut s = String::new();
        let mut run = 0;
        for f in 0..16 {
            if grid[r][f].is_empty() {
                run += 1;
            } else {
                if run > 0 {
                    s += &run.to_string();
                    run = 0;
                }
                s += grid[r][f];
            }
        }
        if run > 0 {
            s += &run.to_string();
        }
        rows.push(s);
    }
    format!("{} {rest}", rows.join("/"))
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
