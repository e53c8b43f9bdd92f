//! Generic perft (leaf counting), the correctness oracle of every generator,
//! and the reader of `.perft` fixture files.
//!
//! A fixture file holds blocks separated by blank lines; `#` starts a comment:
//!
//! ```text
//! id start
//! fen <position string>
//! perft 1 20
//! perft 2 400
//! ```
//! Variants with several counts may add a mode word: `perft full 2 1234`.

use crate::game::{PerftMode, Position};

pub use crate::game::listing_perft;

/// One test case of a perft fixture file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftCase {
    /// The case's `id` line.
    pub id: String,
    /// The position string.
    pub fen: String,
    /// `(mode, depth, nodes)` triples.
    pub counts: Vec<(PerftMode, u32, u64)>,
}

/// A line of a fixture file is malformed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("perft fixture line {line}: {what}")]
pub struct PerftFileError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub what: String,
}

/// Parses a perft fixture file (format in the module doc).
///
/// # Errors
/// [`PerftFileError`] naming the first malformed line.
pub fn parse_perft_file(text: &str) -> Result<Vec<PerftCase>, PerftFileError> {
    let mut cases = Vec::new();
    let mut current: Option<PerftCase> = None;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let err = |what: &str| PerftFileError { line: n + 1, what: what.to_owned() };
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(' ').ok_or_else(|| err("expected `key value`"))?;
        match key {
            "id" => {
                cases.extend(current.take());
                current =
                    Some(PerftCase { id: rest.trim().to_owned(), fen: String::new(), counts: Vec::new() });
            }
            "fen" => current.as_mut().ok_or_else(|| err("fen before id"))?.fen = rest.trim().to_owned(),
            "perft" => {
                let words: Vec<&str> = rest.split_whitespace().collect();
                let (mode, nums) = match words.as_slice() {
                    ["full", d, c] => (PerftMode::Full, (d, c)),
                    ["decision", d, c] | [d, c] => (PerftMode::Decision, (d, c)),
                    _ => return Err(err("expected `perft [mode] depth nodes`")),
                };
                let depth = nums.0.parse().map_err(|_| err("bad depth"))?;
                let nodes = nums.1.parse().map_err(|_| err("bad node count"))?;
                current.as_mut().ok_or_else(|| err("perft before id"))?.counts.push((mode, depth, nodes));
            }
            _ => return Err(err("unknown key")),
        }
    }
    cases.extend(current);
    Ok(cases)
}

/// Runs every case of a fixture file whose expected node count is at most
/// `max_nodes`, panicking with the case id on the first mismatch. Returns the
/// number of counts checked.
///
/// # Panics
/// On a malformed file, an unparsable position, or a wrong count.
#[track_caller]
pub fn run_perft_file<P: Position>(text: &str, max_nodes: u64) -> usize {
    let mut checked = 0;
    for case in parse_perft_file(text).expect("valid perft file") {
        let pos = P::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(mode, depth, nodes) in &case.counts {
            if nodes > max_nodes {
                continue;
            }
            assert_eq!(pos.perft(depth, mode), nodes, "{}: perft {mode:?} {depth}", case.id);
            checked += 1;
        }
    }
    checked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_fixture_format() {
        let text = "# c\nid a\nfen x y\nperft 1 20\nperft full 2 30 # note\n\nid b\nfen z\n";
        let cases = parse_perft_file(text).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].fen, "x y");
        assert_eq!(cases[0].counts, vec![(PerftMode::Decision, 1, 20), (PerftMode::Full, 2, 30)]);
        assert_eq!(parse_perft_file("perft 1 2").unwrap_err().line, 1);
        assert!(parse_perft_file("id a\nperft x 2").is_err());
    }
}
