//! Helpers shared by the composed-position test files.

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
