//! [`Move`]: a move or a drop, in UCI-style notation (`e2e4`, `e7e8q`,
//! `e8g8` for Black's castling, `N@e4` for a drop), and the move list type.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;

use crate::board::Square;
use crate::piece::Role;

/// A move of Joker's Chess.
///
/// Castling is the king's two-square move (`e8g8`, `e8c8`); en passant and
/// double steps are ordinary pawn moves; a drop puts a piece of the mover's
/// Joker Reserve on an empty square.
///
/// ```
/// use motley_joker::{Move, Role};
/// let m: Move = "e7e8q".parse()?;
/// assert_eq!(m.promotion(), Some(Role::Queen));
/// let d: Move = "N@e4".parse()?;
/// assert_eq!(d, Move::Drop { role: Role::Knight, to: "e4".parse().unwrap() });
/// assert_eq!(d.to_string(), "N@e4");
/// assert!("e2e9".parse::<Move>().is_err());
/// # Ok::<(), motley_joker::ParseMoveError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Move {
    /// A piece moves from `from` to `to` (capturing what stands there, or the
    /// pawn passed by en passant), promoting if `promotion` is set.
    Normal {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// The kind a pawn promotes to.
        promotion: Option<Role>,
    },
    /// A piece of kind `role` leaves the mover's Joker Reserve for `to`.
    Drop {
        /// The kind dropped (pawn, knight or bishop).
        role: Role,
        /// The empty destination.
        to: Square,
    },
}

impl Move {
    /// The destination square.
    #[must_use]
    pub const fn to(self) -> Square {
        match self {
            Move::Normal { to, .. } | Move::Drop { to, .. } => to,
        }
    }

    /// The origin square, `None` for a drop.
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Drop { .. } => None,
        }
    }

    /// The promotion kind, if any.
    #[must_use]
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            Move::Drop { .. } => None,
        }
    }

    /// Whether the move is a drop.
    #[must_use]
    pub const fn is_drop(self) -> bool {
        matches!(self, Move::Drop { .. })
    }

    #[inline]
    pub(crate) const fn normal(from: Square, to: Square) -> Move {
        Move::Normal { from, to, promotion: None }
    }

    #[inline]
    pub(crate) const fn promote(from: Square, to: Square, role: Role) -> Move {
        Move::Normal { from, to, promotion: Some(role) }
    }

    #[inline]
    pub(crate) const fn drop(role: Role, to: Square) -> Move {
        Move::Drop { role, to }
    }

    /// Parses the notation without a position (syntax only).
    ///
    /// # Errors
    /// [`ParseMoveError::Syntax`] naming the byte where the token goes wrong.
    pub fn from_ascii(s: &[u8]) -> Result<Move, ParseMoveError> {
        let token = || String::from_utf8_lossy(s).into_owned();
        let bad = |at: usize, what: &'static str| ParseMoveError::Syntax { token: token(), at, what };
        if s.len() >= 2 && s[1] == b'@' {
            let role = match s[0] {
                b'P' => Role::Pawn,
                b'N' => Role::Knight,
                b'B' => Role::Bishop,
                _ => return Err(bad(0, "a drop names P, N or B in upper case")),
            };
            let to = parse_square(s, 2).ok_or_else(|| bad(2, "expected a destination square"))?;
            if s.len() != 4 {
                return Err(bad(4, "unexpected text after the drop square"));
            }
            return Ok(Move::Drop { role, to });
        }
        let from = parse_square(s, 0).ok_or_else(|| bad(0, "expected an origin square"))?;
        let to = parse_square(s, 2).ok_or_else(|| bad(2, "expected a destination square"))?;
        let promotion = match s.get(4) {
            None => None,
            Some(b'q') => Some(Role::Queen),
            Some(b'r') => Some(Role::Rook),
            Some(b'b') => Some(Role::Bishop),
            Some(b'n') => Some(Role::Knight),
            Some(b'k') => Some(Role::King),
            Some(_) => return Err(bad(4, "expected a promotion letter q, r, b, n or k")),
        };
        if s.len() > 5 {
            return Err(bad(5, "unexpected text after the move"));
        }
        Ok(Move::Normal { from, to, promotion })
    }
}

fn parse_square(s: &[u8], at: usize) -> Option<Square> {
    let f = *s.get(at)?;
    let r = *s.get(at + 1)?;
    if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
        Square::new((f - b'a') + 8 * (r - b'1'))
    } else {
        None
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to, promotion } => {
                write!(f, "{from}{to}")?;
                if let Some(r) = promotion {
                    write!(f, "{}", r.char())?;
                }
                Ok(())
            }
            Move::Drop { role, to } => write!(f, "{}@{to}", role.upper_char()),
        }
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        Move::from_ascii(s.as_bytes())
    }
}

/// A move token is malformed, or not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// The token is not in the notation.
    #[error("move `{token}`: {what} (byte {at})")]
    Syntax {
        /// The token.
        token: String,
        /// Byte offset of the problem in the token.
        at: usize,
        /// What was expected.
        what: &'static str,
    },
    /// A pawn reaches the last rank, so the move needs a promotion letter.
    #[error("move `{token}` needs a promotion letter (q, r, b, n, k)")]
    PromotionNeeded {
        /// The token.
        token: String,
    },
    /// The game is over: no move is legal.
    #[error("the game is over ({status})")]
    GameOver {
        /// The result, as [`Position::status`](motley_core::Position::status) says it.
        status: String,
    },
    /// The token is well formed but not a legal move here.
    #[error("move `{token}` is not legal here")]
    Illegal {
        /// The token.
        token: String,
    },
}

/// The most legal moves a valid position can have: 937.
///
/// Validation allows at most 32 pieces per side on the board and in its Joker
/// Reserve together, a total that play never increases. Let `m` be the mover's
/// pieces on the board. A piece has at most 27 moves (a queen in the centre;
/// a pawn about to promote has at most 3 targets x 5 kinds = 15); castling adds
/// at most 2. Drops need a non-empty Joker Reserve, so `m <= 31`, and go to
/// empty squares, at most `64 - m`: knights and bishops anywhere (2 kinds x
/// `(64 - m)`), pawns on ranks 3 to 6 only (at most 32 squares). So a position
/// with drops has at most `27m + 2(64 - m) + 32 + 2 = 25m + 162 <= 25 * 31 + 162
/// = 937` moves, one without at most `27 * 32 + 2 = 866`.
pub const MAX_MOVES: usize = 25 * 31 + 2 * 64 + 32 + 2;

/// The legal moves of a position ([`Position::legal_moves`](motley_core::Position::legal_moves)):
/// a fixed-capacity list on the stack, [`MAX_MOVES`] long, so listing never allocates.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

impl From<motley_core::IllegalMove> for ParseMoveError {
    /// [`Position::play`](motley_core::Position::play)'s error as the
    /// [`ParseMoveError::Illegal`] that [`Position::parse_move`](motley_core::Position::parse_move) gives.
    fn from(e: motley_core::IllegalMove) -> Self {
        ParseMoveError::Illegal { token: e.token }
    }
}
