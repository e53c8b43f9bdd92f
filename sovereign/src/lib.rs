#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod board;
mod end;
#[cfg(feature = "search")]
pub mod eval;
mod game;
mod movegen;
mod moves;
mod piece;
mod position;
#[cfg(feature = "records")]
pub mod record;
mod royale;
mod rules;
mod setup;
mod view;
mod zobrist;

pub use board::{CENTER, COLOR_SQUARES, Square, SquareSet, square_color};
pub use end::EndReason;
pub use game::{Game, GameError, StartChoice};
// The shared traits and types of `motley-core` this crate's API uses, so a
// dependent needs no direct `motley-core` dependency.
pub use motley_core::variant_api::*;
pub use moves::{MAX_MOVES, Move, MoveList, MoveToken, ParseMoveError};
pub use piece::{Color, Piece, Role};
pub use position::{FenError, Issue, PositionError, START_FEN, Sovereign};
#[cfg(feature = "records")]
pub use record::{RoyaleRecord, SovereignRecord};
pub use royale::{Fate, ROYALE_SEATS, ROYALE_START_FEN, Royale};
pub use rules::Rules;
pub use setup::{ParseFenError, ParseIssue, Setup};

// Positions, setups and moves serialise as their text forms (a position
// deserialises under the default rules; a move only if its text names it
// without a position, see `Move`'s `FromStr`).
motley_core::serde_via_text!(Sovereign, Royale, Move, Setup);
