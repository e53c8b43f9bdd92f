//! [`History`]: a sequence of inputs played from a position, with the draws
//! that depend on the history rather than on the position alone — automatic
//! repetition and the automatic limit on plies without progress (pawn move
//! or capture). Written once over [`Position::repetition_key`] and
//! [`Position::quiet_plies`], so every variant gets them; each variant states
//! its defaults in [`Position::DRAW_RULES`].
//!
//! ```
//! use motley_core::history::{DrawRules, History};
//! # use motley_core::{Outcome, Position, Seat};
//! # #[derive(Clone, Debug, PartialEq)]
//! # struct Shuttle(u8);
//! # impl core::fmt::Display for Shuttle {
//! #     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { write!(f, "{}", self.0) }
//! # }
//! # impl Position for Shuttle {
//! #     type Move = u8;
//! #     type MoveList = Vec<u8>;
//! #     type ParseError = core::num::ParseIntError;
//! #     type MoveError = core::num::ParseIntError;
//! #     const VARIANT: &'static str = "shuttle";
//! #     fn start() -> Self { Shuttle(0) }
//! #     fn from_fen(t: &str) -> Result<Self, Self::ParseError> { t.parse().map(Shuttle) }
//! #     fn seat_count(&self) -> usize { 2 }
//! #     fn seat_name(&self, s: Seat) -> &'static str { ["one", "two"][s.index()] }
//! #     fn turn(&self) -> Seat { Seat(self.0 % 2) }
//! #     fn legal_moves(&self) -> Vec<u8> { vec![1] }
//! #     fn play_unchecked(&mut self, _: u8) { self.0 = (self.0 + 1) % 4 }
//! #     fn parse_move(&self, t: &str) -> Result<u8, Self::MoveError> { t.parse() }
//! #     fn outcome(&self) -> Option<Outcome> { None }
//! #     fn zobrist(&self) -> u64 { u64::from(self.0) }
//! # }
//! // A position that comes back every four plies.
//! let rules = DrawRules { repetitions: Some(3), quiet_plies: None };
//! let mut game = History::new(Shuttle(0), rules);
//! for _ in 0..8 {
//!     assert!(game.outcome().is_none());
//!     game.play(1);
//! }
//! assert_eq!(game.repetitions(), 3);
//! assert_eq!(game.outcome().map(|o| o.reason()), Some("repetition"));
//! assert!(game.legal_moves().is_empty());
//! ```

pub use crate::game::DrawRules;
use crate::game::{Outcome, Position};

/// The [`Outcome::reason`] of a draw by [`DrawRules::repetitions`].
pub const REPETITION: &str = "repetition";
/// The [`Outcome::reason`] of a draw by [`DrawRules::quiet_plies`].
pub const QUIET_MOVE_LIMIT: &str = "quiet-move-limit";

/// A position with the history of how it was reached: the hashes of every
/// position since the start, and the result once the game is over (by the
/// position's own rules or by a history draw). Once over, no input is legal.
#[derive(Clone, Debug)]
pub struct History<P: Position> {
    rules: DrawRules,
    position: P,
    hashes: Vec<u64>,
    moves: Vec<P::Move>,
    draw: Option<Outcome>,
}

impl<P: Position> History<P> {
    /// A game starting at `position` under `rules`.
    #[must_use]
    pub fn new(position: P, rules: DrawRules) -> Self {
        let mut h = History {
            rules,
            hashes: vec![position.repetition_key()],
            position,
            moves: Vec::new(),
            draw: None,
        };
        h.update();
        h
    }

    /// A game starting at `position` under the variant's [`Position::DRAW_RULES`].
    #[must_use]
    pub fn with_default_rules(position: P) -> Self {
        Self::new(position, P::DRAW_RULES)
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &P {
        &self.position
    }

    /// The [`Position::repetition_key`] of every position of the game, the
    /// start first and the current one last (what
    /// [`Searcher::set_game_history`](crate::search::Searcher::set_game_history)
    /// takes).
    #[must_use]
    pub fn keys(&self) -> &[u64] {
        &self.hashes
    }

    /// The inputs played, in order.
    #[must_use]
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// The history rules in force.
    #[must_use]
    pub fn rules(&self) -> DrawRules {
        self.rules
    }

    /// How many times the current position has occurred (1 the first time).
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        let h = self.position.repetition_key();
        self.hashes.iter().filter(|&&x| x == h).count() as u32
    }

    /// The result: the position's own, or a history draw.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome().or_else(|| self.draw.clone())
    }

    /// Whether the game ended by a history draw (the position itself goes on).
    #[must_use]
    pub fn is_history_draw(&self) -> bool {
        self.position.outcome().is_none() && self.draw.is_some()
    }

    /// [`Position::status`], or the history draw.
    #[must_use]
    pub fn status(&self) -> String {
        match &self.draw {
            Some(o) if self.position.outcome().is_none() => o.to_string(),
            _ => self.position.status(),
        }
    }

    /// The legal inputs: the position's, or none once the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> P::MoveList {
        if self.draw.is_some() { P::MoveList::default() } else { self.position.legal_moves() }
    }

    /// Plays `mv`, which must be one of [`History::legal_moves`] (as
    /// [`Position::play_unchecked`]).
    pub fn play(&mut self, mv: P::Move) {
        self.position.play_unchecked(mv);
        self.moves.push(mv);
        self.hashes.push(self.position.repetition_key());
        self.update();
    }

    fn update(&mut self) {
        if self.draw.is_some() || self.position.outcome().is_some() {
            return;
        }
        let seats = self.position.seat_count();
        if self.rules.repetitions.is_some_and(|n| self.repetitions() >= n) {
            self.draw = Some(Outcome::draw(seats, REPETITION));
        } else if self.rules.quiet_plies.zip(self.position.quiet_plies()).is_some_and(|(n, q)| q >= n) {
            self.draw = Some(Outcome::draw(seats, QUIET_MOVE_LIMIT));
        }
    }
}
