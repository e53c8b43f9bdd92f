#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod board;
pub mod end;
pub mod eval;
pub mod game;
pub mod model;
mod movegen;
pub mod moves;
pub mod piece;
pub mod position;
pub mod rules;
pub mod setup;

pub use board::{Board, Square, SquareSet};
pub use end::EndReason;
pub use game::{Match, MatchError, MatchEvent, RefereeEvent};
pub use model::{DEFAULT_MODEL, ModelError, Odds, OutcomeModel};
pub use motley_core::{BoardView, Outcome, PerftMode, Position, Seat, SeatResult};
pub use moves::{Combat, Engagement, Move, ParseMoveError, Resolution};
pub use piece::{Piece, Role, Team};
pub use position::{Mages, MoveList, ParseMagesError, PositionError};
pub use rules::{FoulDefender, NoAction, Rules, SanctionTiming, TurnTimeout};
pub use setup::{ParseSetupError, Setup};
