#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod attacks;
pub mod bits;
mod coords;
pub mod facts;
pub mod fen;
pub mod game;
pub mod geometry;
pub mod history;
pub mod issues;
pub mod keyed;
pub mod movegen;
pub mod perft;
#[cfg(feature = "rand")]
pub mod random;
#[cfg(feature = "records")]
pub mod record;
#[cfg(feature = "render")]
pub mod render;
#[cfg(feature = "search")]
pub mod search;
#[cfg(feature = "search")]
pub mod session;
pub mod slider;
pub mod squares;
mod tables;
#[cfg(feature = "testing")]
pub mod testing;
#[doc(hidden)]
pub mod text_serde;
pub mod variant_api;
pub mod view;
pub mod zobrist;

#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;

/// The `rand` this crate is built against (behind the `rand` feature): name
/// it as `motley_core::rand` (or through a variant crate's re-export) for
/// the generator of [`Position::play_random`], so that its version always
/// matches.
#[cfg(feature = "rand")]
pub use rand;

pub use attacks::Dir;
pub use bits::Bits;
pub use facts::Fact;
pub use game::{IllegalMove, MAX_SEATS, Outcome, PerftMode, Position, Seat, SeatResult};
pub use geometry::{
    Board6x8, Board8x8, Board16x16, File, Geometry, ParseSquareError, Rank, SetGeometry, Square,
};
pub use issues::{FenError, FieldIssue, FieldIssueList, IssueList};
pub use keyed::{ByKey, Key, KeySet};
pub use movegen::{MoveGen, MoveSink};
#[cfg(feature = "search")]
pub use search::{Evaluate, Limits, Reading, Score, Searcher};
pub use squares::SquareSet;
pub use view::{Annotations, BoardView, Cell, Glyph, PieceRow, Region, Rgb, RoleKey, Royal, RoyalState};
