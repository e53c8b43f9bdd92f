//! [`Move`]: an input of the game — an action (a move or an engagement
//! declaration, optionally heretical), a resolution of a pending engagement,
//! or a pass — with its notation.

use core::fmt;
use core::str::FromStr;

use crate::board::Square;
use crate::piece::Role;

/// How an engagement was resolved.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Resolution {
    /// The defender is downed or concedes: it is removed and the challenger
    /// moves onto its square.
    Challenger,
    /// The challenger is downed or concedes once the engagement has begun: it
    /// is removed and the defender moves into the challenger's former square.
    Defender,
    /// Thirty seconds pass with nobody downed: both stay.
    Draw,
    /// The challenger keeps attacking a downed defender: it is expelled (removed).
    Foul,
}

impl Resolution {
    /// Every resolution, in token order.
    pub const ALL: [Resolution; 4] =
        [Resolution::Challenger, Resolution::Defender, Resolution::Draw, Resolution::Foul];

    /// The token word.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Resolution::Challenger => "challenger",
            Resolution::Defender => "defender",
            Resolution::Draw => "draw",
            Resolution::Foul => "foul",
        }
    }
}

/// The geometry of an engagement: along a rank or file it is melee, along a
/// diagonal ranged. The rules do not depend on it; outcome models may.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Combat {
    /// Along a rank or a file.
    Melee = 0,
    /// Along a diagonal.
    Ranged = 1,
}

impl Combat {
    /// The geometry of an engagement from `challenger` to `defender`.
    #[must_use]
    pub fn between(challenger: Square, defender: Square) -> Combat {
        if challenger.file() == defender.file() || challenger.rank() == defender.rank() {
            Combat::Melee
        } else {
            Combat::Ranged
        }
    }

    /// `"melee"` or `"ranged"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Combat::Melee => "melee",
            Combat::Ranged => "ranged",
        }
    }
}

/// A declared, not yet resolved engagement.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Engagement {
    /// The square of the piece that declared it.
    pub challenger: Square,
    /// The square of the engaged enemy piece.
    pub defender: Square,
    /// Melee or ranged.
    pub combat: Combat,
}

impl Engagement {
    /// An engagement between two squares, with its geometry.
    #[must_use]
    pub fn new(challenger: Square, defender: Square) -> Engagement {
        Engagement { challenger, defender, combat: Combat::between(challenger, defender) }
    }
}

/// An input of the game.
///
/// # Notation
///
/// Tokens, exactly:
///
/// | input | token | examples |
/// |---|---|---|
/// | move or declaration | `<from><to>` (the target square decides which) | `b2b3`, `c1c4` |
/// | pawn move onto its far rank | `<from><to><c\|h\|s>` | `b7b8c`, `b7b8h`, `b7b8s` |
/// | heretical action | the above with `!` appended | `c1c4!`, `b7b8c!` |
/// | resolution | `challenger`, `defender`, `draw`, `foul` | `draw` |
/// | promoting resolution | the above with `=c`, `=h` or `=s` | `challenger=c`, `defender=s` |
/// | pass | `pass` | |
///
/// A declaration never carries a promotion letter; its resolution does.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Move {
    /// A move to an empty square, or an engagement declaration when `to`
    /// holds an enemy piece.
    Action {
        /// The moving piece's square.
        from: Square,
        /// The destination (or the engaged piece's square).
        to: Square,
        /// The promotion of a pawn moving onto its far rank (never on a declaration).
        promotion: Option<Role>,
        /// The heresy mark: the piece acts against its Luminary and gains a halo.
        heresy: bool,
    },
    /// A resolution of the pending engagement.
    Resolve {
        /// Which outcome.
        resolution: Resolution,
        /// The promotion when the winning piece is a pawn reaching its far rank.
        promotion: Option<Role>,
    },
    /// The team has no action and passes.
    Pass,
}

impl Move {
    /// An unmarked action without promotion.
    #[must_use]
    pub const fn action(from: Square, to: Square) -> Move {
        Move::Action { from, to, promotion: None, heresy: false }
    }

    /// A resolution without promotion.
    #[must_use]
    pub const fn resolve(resolution: Resolution) -> Move {
        Move::Resolve { resolution, promotion: None }
    }

    /// Whether the move carries the heresy mark.
    #[must_use]
    pub const fn is_heresy(self) -> bool {
        matches!(self, Move::Action { heresy: true, .. })
    }

    /// The same input with the heresy mark set (actions only; other inputs
    /// are returned unchanged).
    #[must_use]
    pub const fn with_heresy(self) -> Move {
        match self {
            Move::Action { from, to, promotion, .. } => Move::Action { from, to, promotion, heresy: true },
            other => other,
        }
    }

    /// The same input without the heresy mark.
    #[must_use]
    pub const fn without_heresy(self) -> Move {
        match self {
            Move::Action { from, to, promotion, .. } => Move::Action { from, to, promotion, heresy: false },
            other => other,
        }
    }

    /// The promotion the input names, if any.
    #[must_use]
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Action { promotion, .. } | Move::Resolve { promotion, .. } => promotion,
            Move::Pass => None,
        }
    }

    /// Parses a token's syntax (not its legality; see
    /// [`Position::parse_move`](motley_core::Position::parse_move)).
    ///
    /// # Errors
    /// [`ParseMoveError`] naming the part of the token and its byte offset.
    pub fn from_ascii(s: &[u8]) -> Result<Move, ParseMoveError> {
        if s.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        if s == b"pass" {
            return Ok(Move::Pass);
        }
        if s[0].is_ascii_lowercase() && s.len() > 2 && !s[1].is_ascii_digit() {
            let (word, promo) = match s.iter().position(|&c| c == b'=') {
                Some(i) => (&s[..i], Some(i)),
                None => (s, None),
            };
            let resolution = Resolution::ALL
                .into_iter()
                .find(|r| r.word().as_bytes() == word)
                .ok_or(ParseMoveError::Word { at: 0 })?;
            let promotion = match promo {
                None => None,
                Some(i) => {
                    let letter = s.get(i + 1).copied().ok_or(ParseMoveError::Promotion { at: i + 1 })?;
                    let role =
                        Role::promotion_from_char(letter).ok_or(ParseMoveError::Promotion { at: i + 1 })?;
                    if s.len() > i + 2 {
                        return Err(ParseMoveError::Trailing { at: i + 2 });
                    }
                    Some(role)
                }
            };
            return Ok(Move::Resolve { resolution, promotion });
        }
        let (from, n) = Square::parse_prefix(s).ok_or(ParseMoveError::From { at: 0 })?;
        let (to, m) = Square::parse_prefix(&s[n..]).ok_or(ParseMoveError::To { at: n })?;
        let mut at = n + m;
        let mut promotion = None;
        if let Some(&c) = s.get(at)
            && c != b'!'
        {
            promotion = Some(Role::promotion_from_char(c).ok_or(ParseMoveError::Promotion { at })?);
            at += 1;
        }
        let mut heresy = false;
        if s.get(at) == Some(&b'!') {
            heresy = true;
            at += 1;
        }
        if at < s.len() {
            return Err(ParseMoveError::Trailing { at });
        }
        if from == to {
            return Err(ParseMoveError::To { at: n });
        }
        Ok(Move::Action { from, to, promotion, heresy })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Action { from, to, promotion, heresy } => {
                write!(f, "{from}{to}")?;
                if let Some(p) = promotion {
                    write!(f, "{}", p.lower())?;
                }
                if heresy {
                    f.write_str("!")?;
                }
                Ok(())
            }
            Move::Resolve { resolution, promotion } => {
                f.write_str(resolution.word())?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.lower())?;
                }
                Ok(())
            }
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Move::from_ascii(s.as_bytes())
    }
}

/// A move token is malformed, or is not a legal input of the position.
/// Offsets are bytes into the token.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// The token is empty.
    #[error("empty move token")]
    Empty,
    /// The token starts with neither a square nor a known word.
    #[error("unknown word (byte {at}): expected a square, `pass` or a resolution")]
    Word {
        /// Byte offset.
        at: usize,
    },
    /// The origin square is not a square of the board.
    #[error("origin square: not a square of the 6x8 board (byte {at})")]
    From {
        /// Byte offset.
        at: usize,
    },
    /// The destination square is missing, off the board or equal to the origin.
    #[error("destination square: missing, not on the 6x8 board, or the origin (byte {at})")]
    To {
        /// Byte offset.
        at: usize,
    },
    /// The promotion letter is not `c`, `h` or `s`.
    #[error("promotion: expected `c`, `h` or `s` (byte {at})")]
    Promotion {
        /// Byte offset.
        at: usize,
    },
    /// Text follows a complete token.
    #[error("unexpected text after the move (byte {at})")]
    Trailing {
        /// Byte offset.
        at: usize,
    },
    /// The game is over: no input is legal.
    #[error("the game is over ({status})")]
    GameOver {
        /// The result, as [`Position::status`](motley_core::Position::status) says it.
        status: String,
    },
    /// An engagement is pending: only its resolutions are legal.
    #[error("an engagement is pending: expected `challenger`, `defender`, `draw` or `foul` (byte 0)")]
    Pending,
    /// A resolution while no engagement is pending.
    #[error("no engagement is pending (byte 0)")]
    NotPending,
    /// No piece of the side to move stands on the origin square.
    #[error("origin square: no piece of the side to move on {square} (byte 0)")]
    NoPiece {
        /// The origin square.
        square: Square,
    },
    /// The piece cannot reach the destination.
    #[error("destination square: the piece on {from} cannot move to or engage {to} (byte {at})")]
    Unreachable {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// Byte offset of the destination.
        at: usize,
    },
    /// The action or resolution promotes a pawn but names no promotion.
    #[error("promotion: this input promotes a pawn; append {hint} (byte {at})")]
    MissingPromotion {
        /// `c`/`h`/`s` or `=c`/`=h`/`=s`.
        hint: &'static str,
        /// Byte offset where the letter belongs.
        at: usize,
    },
    /// A promotion is named where nothing promotes (including on a declaration).
    #[error("promotion: this input does not promote a pawn (byte {at})")]
    UnexpectedPromotion {
        /// Byte offset of the letter.
        at: usize,
    },
    /// The heresy mark on a haloed piece (or on an input that is not an action).
    #[error("heresy mark: the piece on {square} already carries a halo (byte {at})")]
    HaloedHeresy {
        /// The piece's square.
        square: Square,
        /// Byte offset of the `!`.
        at: usize,
    },
    /// `pass` while the team has an action.
    #[error("pass is legal only when the team has no other action (byte 0)")]
    PassNotAllowed,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_roundtrip() {
        for t in [
            "b2b3",
            "b7b8c",
            "b7b8h",
            "b7b8s",
            "c1c4!",
            "b7b8c!",
            "challenger",
            "defender=s",
            "draw",
            "foul",
            "challenger=c",
            "pass",
        ] {
            let m: Move = t.parse().unwrap();
            assert_eq!(m.to_string(), t);
        }
        assert!("c1c4!".parse::<Move>().unwrap().is_heresy());
        assert!(!"c1c4".parse::<Move>().unwrap().is_heresy());
    }

    #[test]
    fn syntax_errors_name_offsets() {
        assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
        assert_eq!("g1a2".parse::<Move>(), Err(ParseMoveError::From { at: 0 }));
        assert_eq!("a1a9".parse::<Move>(), Err(ParseMoveError::To { at: 2 }));
        assert_eq!("a1a1".parse::<Move>(), Err(ParseMoveError::To { at: 2 }));
        assert_eq!("b7b8r".parse::<Move>(), Err(ParseMoveError::Promotion { at: 4 }));
        assert_eq!("b7b8c!x".parse::<Move>(), Err(ParseMoveError::Trailing { at: 6 }));
        assert_eq!("challenger=".parse::<Move>(), Err(ParseMoveError::Promotion { at: 11 }));
        assert_eq!("challenger=r".parse::<Move>(), Err(ParseMoveError::Promotion { at: 11 }));
        assert_eq!("challenger=cc".parse::<Move>(), Err(ParseMoveError::Trailing { at: 12 }));
        assert_eq!("winner".parse::<Move>(), Err(ParseMoveError::Word { at: 0 }));
        assert_eq!("challenger!".parse::<Move>(), Err(ParseMoveError::Word { at: 0 }));
    }

    #[test]
    fn combat_geometry() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(Combat::between(sq("a1"), sq("a5")), Combat::Melee);
        assert_eq!(Combat::between(sq("a1"), sq("f1")), Combat::Melee);
        assert_eq!(Combat::between(sq("b2"), sq("c3")), Combat::Ranged);
    }
}
