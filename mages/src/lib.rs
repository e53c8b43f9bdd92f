#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

mod board;
mod end;
#[cfg(feature = "search")]
pub mod eval;
mod game;
#[cfg(all(feature = "search", feature = "records"))]
pub mod league;
mod lineup;
#[cfg(feature = "search")]
pub mod markets;
mod model;
mod movegen;
mod moves;
mod people;
mod piece;
mod position;
#[cfg(feature = "records")]
pub mod record;
mod rules;
mod setup;
pub mod sport;
mod strength;
mod view;
mod zobrist;

pub use board::{Board, Square, SquareSet, pawn_engages, reach};
pub use end::EndReason;
pub use game::{Match, MatchError, MatchEvent, RefereeEvent};
pub use model::{DEFAULT_MODEL, ModelError, Odds, OutcomeModel};
// The shared traits and types of `motley-core` this crate's API uses, so a
// dependent needs no direct `motley-core` dependency.
pub use lineup::{
    LUMINARY, Lineup, LineupError, LineupItem, LineupProblem, LineupText, Player, Post, SEED_COUNTS,
    TEAM_SIZE,
};
pub use motley_core::variant_api::*;
pub use moves::{Combat, Engagement, Move, ParseMoveError, Resolution};
pub use people::{Attributed, EngagementEnd, LineupMatch, PersonEvent, PersonId};
pub use piece::{Piece, Role, Team};
pub use position::{Issue, Mages, MoveList, ParseMagesError, PositionError, Problem};
#[cfg(feature = "records")]
pub use record::{LineupReplayError, MagesRecord, lineup_match};
pub use rules::{FoulDefender, NoAction, Rules, SanctionTiming, TurnTimeout};
pub use setup::{ParseIssue, ParseSetupError, Setup};
pub use view::{BLUE, CHALLENGER_MARK, DEFENDER_MARK, GREEN};

motley_core::serde_via_text!(Mages, Move, Setup);
