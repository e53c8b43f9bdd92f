//! The traits and types of this crate that every variant crate's API uses.
//! Each variant crate re-exports the whole module (`pub use
//! motley_core::variant_api::*;`), so a dependent of a variant needs no
//! direct `motley-core` dependency, and the variants offer the same set.

/// The `rand` that [`Position::play_random`] takes a generator of (behind
/// the `rand` feature), so that its version always matches.
#[cfg(feature = "rand")]
pub use crate::rand;
pub use crate::{
    BoardView, Cell, Fact, Glyph, IllegalMove, Outcome, ParseSquareError, PerftMode, Position, Rgb, Seat,
    SeatResult,
};
#[cfg(feature = "search")]
pub use crate::{Evaluate, Limits, Reading, Score, Searcher};
