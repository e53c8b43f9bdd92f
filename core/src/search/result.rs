//! What a search reports: its lines ([`Line`]), one iteration's report
//! ([`SearchInfo`]) and the result ([`SearchResult`]).

use std::time::Duration;

#[cfg(doc)]
use super::Limits;
use super::Score;

/// One principal variation and its score (for the side to move at the root;
/// at a chance root, for the seat whose turn it is).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line<M> {
    /// The inputs, root first. Through a chance node it follows the most
    /// probable outcome.
    pub moves: Vec<M>,
    /// The exact score of the line's first input.
    pub score: Score,
}

/// What an iteration found: passed to the callback after every completed depth.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchInfo<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply visited so far (quiescence included).
    pub seldepth: u32,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The best lines, best first (at most [`Limits::multipv`]).
    pub lines: Vec<Line<M>>,
}

impl<M> SearchInfo<M> {
    /// Nodes per second so far.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

/// The outcome of a search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult<M> {
    /// The input to play: the first input of the best line. `None` only when
    /// the game is over. At a chance root it is the most probable
    /// resolution, which nobody chooses.
    pub best: Option<M>,
    /// The best line's score (0 when the game is over and drawn, and so on).
    pub score: Score,
    /// The last completed depth (0 if none completed).
    pub depth: u32,
    /// The deepest ply visited.
    pub seldepth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The best lines of the last completed depth, best first.
    pub lines: Vec<Line<M>>,
    /// Whether a limit cut the last iteration short, or the stop flag ended
    /// the search (during an iteration or between two).
    pub stopped: bool,
}

impl<M> SearchResult<M> {
    /// The principal variation (empty if none).
    #[must_use]
    pub fn pv(&self) -> &[M] {
        self.lines.first().map_or(&[], |l| &l.moves)
    }

    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

impl<M> SearchResult<M> {
    /// The result of a search that has not searched yet: no input, a draw's
    /// score, nothing counted.
    pub(super) fn empty() -> Self {
        SearchResult {
            best: None,
            score: Score::DRAW,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            lines: Vec::new(),
            stopped: false,
        }
    }
}
