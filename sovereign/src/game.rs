//! [`Game`]: a two-player game with history — the start choice (§11.1),
//! repetition and the 50-move rule (§11.3), resignation and agreement.
//!
//! The history itself (the positions played, and the automatic repetition
//! and quiet-ply draws) is core's [`History`], the one every variant uses.

use motley_core::history::{DrawRules, History, QUIET_MOVE_LIMIT, REPETITION};
use motley_core::{Outcome, Position, Seat};

use crate::end::EndReason;
use crate::moves::{Move, ParseMoveError};
use crate::position::Sovereign;
use crate::rules::Rules;

/// The second player's start choice after White's first move (§11.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum StartChoice {
    /// Accept the move: the second player owns White; the first mover plays Black.
    Accept,
    /// Reject the move: the second player owns Black; the first mover keeps White.
    Reject,
}

/// A game action was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The start choice must be made before Black moves.
    #[error("the start choice (accept or reject White's first move) is pending")]
    StartChoicePending,
    /// No start choice is due now.
    #[error("no start choice is due")]
    NoStartChoice,
    /// No draw can be claimed now.
    #[error("no draw can be claimed")]
    NoClaim,
    /// The move is malformed or illegal.
    #[error(transparent)]
    Move(#[from] ParseMoveError),
}

/// A two-player game: the position with its [`History`] (the moves played,
/// the positions for repetition), the start choice and the result.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    start: Sovereign,
    history: History<Sovereign>,
    choice: Option<StartChoice>,
    result: Option<(EndReason, Outcome)>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Rules::default())
    }
}

impl Game {
    /// A game from the start position under `rules`.
    #[must_use]
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Sovereign::start_with(rules), rules)
    }

    /// A game from any position (the start choice is only asked for when it
    /// starts at ply 0).
    #[must_use]
    pub fn from_position(position: Sovereign, rules: Rules) -> Game {
        // §11.3: the automatic draws are the history's; the claims and the
        // bare-kings draw stay with the game.
        let draws = DrawRules { repetitions: rules.auto_repetitions, quiet_plies: rules.auto_draw_plies };
        let mut g = Game {
            rules,
            start: position.clone(),
            history: History::new(position, draws),
            choice: None,
            result: None,
        };
        g.update_result();
        g
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Sovereign {
        self.history.position()
    }

    /// The starting position.
    #[must_use]
    pub fn start(&self) -> &Sovereign {
        &self.start
    }

    /// The moves played.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        self.history.moves()
    }

    /// The history: the positions since the start and the automatic draws.
    #[must_use]
    pub fn history(&self) -> &History<Sovereign> {
        &self.history
    }

    /// The rule options.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether the start choice is due (after White's first move from the start position).
    #[must_use]
    pub fn start_choice_pending(&self) -> bool {
        self.rules.start_choice
            && self.choice.is_none()
            && self.start.ply() == 0
            && self.start.to_string() == crate::START_FEN
            && self.history.moves().len() == 1
            && self.result.is_none()
    }

    /// Records the start choice.
    ///
    /// # Errors
    /// [`GameError::NoStartChoice`] if none is due.
    pub fn choose_start(&mut self, choice: StartChoice) -> Result<(), GameError> {
        if !self.start_choice_pending() {
            return Err(GameError::NoStartChoice);
        }
        self.choice = Some(choice);
        Ok(())
    }

    /// The start choice, once made.
    #[must_use]
    pub fn start_choice(&self) -> Option<StartChoice> {
        self.choice
    }

    /// The seat the player who made White's first move plays for the rest of
    /// the game, once the choice is made: seat 2 (Black) after `Accept`, seat
    /// 1 (White) after `Reject`.
    #[must_use]
    pub fn first_mover_seat(&self) -> Option<Seat> {
        self.choice.map(|c| match c {
            StartChoice::Accept => Seat(1),
            StartChoice::Reject => Seat(0),
        })
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// If the game is over, the start choice is pending, or the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        if self.result.is_some() {
            return Err(GameError::GameOver);
        }
        if self.start_choice_pending() {
            return Err(GameError::StartChoicePending);
        }
        if !self.history.position().is_legal(mv) {
            return Err(ParseMoveError::Illegal { token: mv.to_string() }.into());
        }
        self.history.play(mv);
        self.update_result();
        Ok(())
    }

    /// Parses and plays a move token.
    ///
    /// # Errors
    /// As [`Game::play`], or a malformed token.
    pub fn play_token(&mut self, token: &str) -> Result<Move, GameError> {
        let mv = self.history.position().parse_move(token)?;
        self.play(mv)?;
        Ok(mv)
    }

    /// How often the current position has occurred (same board, side to move,
    /// owned colours and castling rights), as the [`History`] counts it.
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        self.history.repetitions()
    }

    /// The draw the side to move could claim now, if any.
    #[must_use]
    pub fn claimable_draw(&self) -> Option<EndReason> {
        if self.result.is_some() {
            return None;
        }
        if self.rules.claim_repetitions.is_some_and(|n| self.repetitions() >= n) {
            return Some(EndReason::ThreefoldRepetition);
        }
        if self.rules.claim_plies.is_some_and(|n| self.position().halfmove_clock() >= n) {
            return Some(EndReason::FiftyMoveRule);
        }
        None
    }

    /// Claims a draw.
    ///
    /// # Errors
    /// [`GameError::NoClaim`] if none is claimable.
    pub fn claim_draw(&mut self) -> Result<EndReason, GameError> {
        let r = self.claimable_draw().ok_or(GameError::NoClaim)?;
        self.result = Some((r, Outcome::draw(2, r.as_str())));
        Ok(r)
    }

    /// Ends the game drawn by agreement.
    ///
    /// # Errors
    /// [`GameError::GameOver`] if it is already over.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        if self.result.is_some() {
            return Err(GameError::GameOver);
        }
        self.result = Some((EndReason::Agreement, Outcome::draw(2, "agreement")));
        Ok(())
    }

    /// `seat` resigns.
    ///
    /// # Errors
    /// [`GameError::GameOver`] if it is already over.
    pub fn resign(&mut self, seat: Seat) -> Result<(), GameError> {
        if self.result.is_some() {
            return Err(GameError::GameOver);
        }
        self.result = Some((EndReason::Resignation, Outcome::win(Seat(seat.0 ^ 1), 2, "resignation")));
        Ok(())
    }

    /// Why the game ended, if it did.
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.result.as_ref().map(|r| r.0)
    }

    /// The result, if the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.result.as_ref().map(|r| r.1.clone())
    }

    /// The result after the last move: the position's own (§11.2), the
    /// history's automatic draws (§11.3: repetition first, then the quiet
    /// plies), or the bare-kings draw.
    fn update_result(&mut self) {
        let position = self.history.position();
        if let (Some(o), Some(r)) = (position.outcome(), position.end_reason()) {
            self.result = Some((r, o));
            return;
        }
        let history_draw = self.history.outcome().map(|o| o.reason());
        let auto = if history_draw == Some(REPETITION) {
            Some(EndReason::FivefoldRepetition)
        } else if history_draw == Some(QUIET_MOVE_LIMIT) {
            Some(EndReason::SeventyFiveMoveRule)
        } else if self.rules.bare_kings_draw && position.bare_kings() {
            Some(EndReason::BareKings)
        } else {
            None
        };
        if let Some(r) = auto {
            self.result = Some((r, Outcome::draw(2, r.as_str())));
        }
    }
}
