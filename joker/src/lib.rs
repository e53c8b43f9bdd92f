#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod board;
mod end;
#[cfg(feature = "search")]
pub mod eval;
mod movegen;
mod moves;
mod piece;
mod position;
#[cfg(feature = "records")]
pub mod record;
mod rules;
mod setup;
mod view;
mod zobrist;

pub use board::{Board, Square, SquareSet};
pub use end::EndReason;
// The shared traits and types of `motley-core` this crate's API uses, so a
// dependent needs no direct `motley-core` dependency.
pub use motley_core::variant_api::*;
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use piece::{Color, Piece, Role};
pub use position::{FenError, Issue, Joker, PositionError, START_FEN};
#[cfg(feature = "records")]
pub use record::JokerRecord;
pub use rules::{KingPromotion, PromotedRespawn, Rules};
pub use setup::{Castling, ParseFenError, ParseIssue, Pocket, Setup};

// Positions, setups and moves serialise as their text forms (a position
// deserialises under the default rules).
motley_core::serde_via_text!(Joker, Move, Setup);
