//! [`Limits`]: when one search stops.

use std::time::Duration;

#[cfg(doc)]
use super::Evaluate;

/// The share of the remaining clock time one move may take: a thirtieth,
/// enough for a long game's worth of moves without running short.
const CLOCK_MOVES_LEFT: u32 = 30;
/// The share of the increment one move spends: most of it, keeping a little
/// against the overhead between moves.
const INCREMENT_SHARE: f64 = 0.9;
/// The most of the remaining time one move may take, as a divisor: half,
/// so that a large increment never empties the clock.
const CLOCK_CAP_DIVISOR: u32 = 2;
/// The least time a move is given, so that a search always starts.
const MIN_BUDGET: Duration = Duration::from_millis(1);

/// When a search stops. With no bound at all it runs until the stop flag
/// (or depth [`Limits::MAX_DEPTH`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// The last iteration's depth, in decision plies.
    pub depth: Option<u32>,
    /// Wall-clock budget: the search stops within it (an unfinished iteration
    /// is dropped, unless [`SearchProfile::partial_iterations`](crate::search::SearchProfile::partial_iterations) keeps what it
    /// proved) and starts no new iteration after 60% of it.
    pub time: Option<Duration>,
    /// Stop after this many nodes (every visited position counts).
    pub nodes: Option<u64>,
    /// How many best root inputs to score exactly (≥ 1).
    pub multipv: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { depth: None, time: None, nodes: None, multipv: 1 }
    }
}

impl Limits {
    /// The deepest iteration any search starts.
    pub const MAX_DEPTH: u32 = 64;

    /// Search to `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> Self {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// Search for at most `ms` milliseconds.
    #[must_use]
    pub fn time_ms(ms: u64) -> Self {
        Limits { time: Some(Duration::from_millis(ms)), ..Limits::default() }
    }

    /// Search at most `nodes` nodes.
    #[must_use]
    pub fn nodes(nodes: u64) -> Self {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// A time budget for one move with `remaining` on the clock and
    /// `increment` per move: a thirtieth of the remaining time plus most of
    /// the increment, never more than half the remaining time (at least 1 ms).
    ///
    /// ```
    /// use motley_core::search::Limits;
    /// use std::time::Duration;
    /// let l = Limits::for_clock(Duration::from_secs(60), Duration::from_secs(1));
    /// assert_eq!(l.time, Some(Duration::from_millis(2_000 + 900)));
    /// let l = Limits::for_clock(Duration::from_millis(100), Duration::from_secs(5));
    /// assert_eq!(l.time, Some(Duration::from_millis(50)));
    /// ```
    #[must_use]
    pub fn for_clock(remaining: Duration, increment: Duration) -> Self {
        let budget = (remaining / CLOCK_MOVES_LEFT + increment.mul_f64(INCREMENT_SHARE))
            .min(remaining / CLOCK_CAP_DIVISOR)
            .max(MIN_BUDGET);
        Limits { time: Some(budget), ..Limits::default() }
    }

    /// The same limits with `k` principal variations.
    #[must_use]
    pub fn with_multipv(self, k: usize) -> Self {
        Limits { multipv: k.max(1), ..self }
    }
}
