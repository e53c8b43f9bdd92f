//! The score scale: [`Score`] and the constants that bound it (see the
//! [module doc](crate::search#score-scale)).

use core::fmt;

/// The score of a won game at distance 0; see the [module doc](crate::search).
pub const WIN: i32 = 1_000_000;
/// The deepest ply the search visits (root = ply 0).
pub const MAX_PLY: usize = 256;

/// The stack a search thread gets: 64 MiB of address space (only the pages
/// touched are backed). A node's frame holds the variant's move list on
/// the stack (about 20 KB for Sovereign Chess), and a search may recurse
/// [`MAX_PLY`] deep, which the 2 MiB default of spawned threads does not
/// cover. [`Session`](crate::session::Session) jobs and Lazy SMP helpers
/// run with it; a caller that searches on its own thread should give it
/// as much.
pub const SEARCH_STACK_BYTES: usize = 64 << 20;
/// Every score above this (below its negative) is a forced win (loss).
pub const WIN_BOUND: i32 = WIN - MAX_PLY as i32;
/// Static evaluations are clamped to ±`EVAL_LIMIT`.
pub const EVAL_LIMIT: i32 = 500_000;
/// Larger than any score: the initial search window.
pub const INFINITY: i32 = WIN + 1;

/// A search score seen from one seat: centipawns, or a win/loss with its
/// distance (see the [module doc](crate::search)).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score(pub i32);

impl Score {
    /// A draw, at any distance.
    pub const DRAW: Score = Score(0);

    /// A win `plies` inputs from now (`win_in(1)`: the input played now wins).
    #[must_use]
    pub const fn win_in(plies: u32) -> Score {
        Score(WIN - plies as i32)
    }

    /// A loss `plies` inputs from now (`loss_in(0)`: the game is lost).
    #[must_use]
    pub const fn loss_in(plies: u32) -> Score {
        Score(-WIN + plies as i32)
    }

    /// For a forced result, its distance in inputs: positive for a win,
    /// negative for a loss (a loss at distance 0, a finished lost game, is
    /// `Some(0)` only through [`Score::is_loss`]). `None` for other scores.
    #[must_use]
    pub const fn win_distance(self) -> Option<i32> {
        if self.0 > WIN_BOUND {
            Some(WIN - self.0)
        } else if self.0 < -WIN_BOUND {
            Some(-(WIN + self.0))
        } else {
            None
        }
    }

    /// Whether this is a forced win.
    #[must_use]
    pub const fn is_win(self) -> bool {
        self.0 > WIN_BOUND
    }

    /// Whether this is a forced loss.
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.0 < -WIN_BOUND
    }

    /// The UCI form: `cp <centipawns>`, or `mate <n>` for a forced result,
    /// `n` counting the mover's own inputs (`⌈distance / 2⌉`, negative for a
    /// loss), as two-seat GUIs expect.
    ///
    /// ```
    /// use motley_core::search::Score;
    /// assert_eq!(Score(-35).uci(), "cp -35");
    /// assert_eq!(Score::win_in(3).uci(), "mate 2");
    /// assert_eq!(Score::loss_in(4).uci(), "mate -2");
    /// assert_eq!(Score::loss_in(0).uci(), "mate 0");
    /// ```
    #[must_use]
    pub fn uci(self) -> String {
        match self.win_distance() {
            Some(d) if d > 0 => format!("mate {}", (d + 1) / 2),
            Some(d) => format!("mate {}", -((-d + 1) / 2)),
            None => format!("cp {}", self.0),
        }
    }

    /// The score in centipawns, if it is not a forced result.
    #[must_use]
    pub const fn centipawns(self) -> Option<i32> {
        if self.is_win() || self.is_loss() { None } else { Some(self.0) }
    }
}

impl fmt::Display for Score {
    /// `+1.25` (pawns), `0.00`, `win in 3`, `loss in 4` (inputs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_win() {
            write!(f, "win in {}", WIN - self.0)
        } else if self.is_loss() {
            write!(f, "loss in {}", WIN + self.0)
        } else {
            let sign = match self.0.signum() {
                1 => "+",
                -1 => "-",
                _ => "",
            };
            let abs = self.0.unsigned_abs();
            write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
        }
    }
}
