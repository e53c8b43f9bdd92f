//! The traits through which a variant supplies its move text: [`Notation`]
//! (the game state a record is played on: read a token, write an entry, play
//! it) and, for variants whose record is a plain sequence of inputs,
//! [`MoveText`], which gives a [`Notation`] to [`History<P>`] for free.

use core::fmt;

use crate::game::{Outcome, Position, Seat};
use crate::history::{DrawRules, History};

/// The rule options of a `Rules` tag: `key=value` pairs, in order.
pub type RuleOptions = [(String, String)];

/// Why a game's start could not be set up from its `FEN` and `Rules` tags.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum StartError {
    /// The position string does not parse.
    #[error("{0}")]
    Fen(String),
    /// A rule option is unknown or its value is not accepted.
    #[error("{0}")]
    Rules(String),
}

/// The game state a record is played on, and its move text. Implemented by
/// each variant crate (directly, or through [`MoveText`]).
pub trait Notation: Clone + Sized {
    /// One entry of move text: an input, or (Mage's Chess) a referee event.
    type Entry: Clone + PartialEq + fmt::Debug;
    /// The position type under the state.
    type Position: Position;

    /// The `Variant` tag's value (the CLI's variant name).
    const VARIANT: &'static str;

    /// The start of a game: the variant's start position, or `fen`, with the
    /// rule options of the `Rules` tag.
    ///
    /// # Errors
    /// A [`StartError`] for a bad position string or rule option.
    fn start(fen: Option<&str>, rules: &RuleOptions) -> Result<Self, StartError>;

    /// The current position.
    fn position(&self) -> &Self::Position;

    /// Reads `token` as an entry legal in this state.
    ///
    /// # Errors
    /// The rules' reason the token is malformed or not legal here.
    fn read_entry(&self, token: &str) -> Result<Self::Entry, String>;

    /// The canonical token of `entry` (legal in this state).
    fn write_entry(&self, entry: &Self::Entry) -> String;

    /// Plays `entry`, which [`Notation::read_entry`] returned or
    /// [`Notation::legal_entries`] listed for this state.
    fn play(&mut self, entry: &Self::Entry);

    /// Every entry legal here (for self-play and tests); empty once over.
    fn legal_entries(&self) -> Vec<Self::Entry>;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The seat whose entry comes next.
    fn mover(&self) -> Seat {
        self.position().turn()
    }

    /// The tag naming who played each seat, seat 0 first: the seat's name
    /// with a capital (`White`, `Ash`, `Green`).
    fn seat_tags(&self) -> Vec<String> {
        let pos = self.position();
        (0..pos.seat_count()).map(|i| capitalized(pos.seat_name(Seat(i as u8)))).collect()
    }

    /// Further tags this variant reads, written after `Rules` in this order
    /// (Mage's Chess: the teams' lineups). None by default.
    fn extra_tags(&self) -> Vec<String> {
        Vec::new()
    }

    /// Checks the value of one of [`Notation::extra_tags`].
    ///
    /// # Errors
    /// Why the value is not accepted.
    fn check_extra_tag(&self, name: &str, value: &str) -> Result<(), String> {
        let _ = (name, value);
        Ok(())
    }

    /// The outcome for people, seats named as the game names them.
    fn outcome_text(&self, outcome: &Outcome) -> String {
        self.position().outcome_text(outcome)
    }
}

/// `name` with its first letter in upper case.
#[must_use]
pub fn capitalized(name: &str) -> String {
    let mut c = name.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// The move text of a variant whose record is its sequence of inputs, in
/// the tokens of [`Position::parse_move`] and `Display` (the contract of the
/// CLI's `--moves`). Implementing it gives [`History<P>`] a [`Notation`],
/// with the history draws of [`Position::DRAW_RULES`], changed by the
/// `Rules` options `repetition=N` and `move-limit=N` (0 turns a rule off;
/// the CLI's `--repetition` and `--move-limit`).
pub trait MoveText: Position {
    /// Reads `token` as a legal input here.
    ///
    /// # Errors
    /// The rules' reason it is malformed or not legal.
    fn read_move(&self, token: &str) -> Result<Self::Move, String> {
        let mv = self.parse_move(token).map_err(|e| e.to_string())?;
        if self.is_legal(mv) { Ok(mv) } else { Err("not legal here".to_owned()) }
    }

    /// The token of `mv`.
    fn write_move(&self, mv: Self::Move) -> String {
        mv.to_string()
    }

    /// The position of a game's start: the start position or `fen`.
    ///
    /// # Errors
    /// The parser's message for a bad position string.
    fn record_start(fen: Option<&str>) -> Result<Self, StartError> {
        match fen {
            None => Ok(Self::start()),
            Some(text) => Self::from_fen(text).map_err(|e| StartError::Fen(e.to_string())),
        }
    }
}

/// The history draw rules of `options` on top of `P`'s.
///
/// # Errors
/// An unknown key, a value that is not a number, or `move-limit` for a
/// variant that does not count quiet plies.
pub fn draw_rules<P: Position>(start: &P, options: &RuleOptions) -> Result<DrawRules, StartError> {
    let mut rules = P::DRAW_RULES;
    for (key, value) in options {
        let n: u32 = value
            .parse()
            .map_err(|_| StartError::Rules(format!("rule `{key}`: `{value}` is not a number")))?;
        match key.as_str() {
            "repetition" => rules.repetitions = (n > 0).then_some(n),
            "move-limit" if start.quiet_plies().is_some() || n == 0 => {
                rules.quiet_plies = (n > 0).then_some(n);
            }
            "move-limit" => {
                return Err(StartError::Rules(format!(
                    "rule `move-limit`: {} does not count plies without pawn move or capture",
                    P::VARIANT
                )));
            }
            _ => {
                return Err(StartError::Rules(format!(
                    "unknown rule `{key}` (expected repetition or move-limit)"
                )));
            }
        }
    }
    Ok(rules)
}

impl<P: MoveText> Notation for History<P> {
    type Entry = P::Move;
    type Position = P;
    const VARIANT: &'static str = P::VARIANT;

    fn start(fen: Option<&str>, rules: &RuleOptions) -> Result<Self, StartError> {
        let pos = P::record_start(fen)?;
        let draws = draw_rules(&pos, rules)?;
        Ok(History::new(pos, draws))
    }

    fn position(&self) -> &P {
        History::position(self)
    }

    fn read_entry(&self, token: &str) -> Result<P::Move, String> {
        if let Some(o) = self.outcome() {
            return Err(format!("the game is over ({})", self.position().outcome_text(&o)));
        }
        self.position().read_move(token)
    }

    fn write_entry(&self, entry: &P::Move) -> String {
        self.position().write_move(*entry)
    }

    fn play(&mut self, entry: &P::Move) {
        History::play(self, *entry);
    }

    fn legal_entries(&self) -> Vec<P::Move> {
        History::legal_moves(self).into_iter().collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        History::outcome(self)
    }
}
