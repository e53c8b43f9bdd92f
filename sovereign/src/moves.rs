//! The [`Move`] type and its notation.
//!
//! | kind | notation | example |
//! |---|---|---|
//! | move or capture | from + to | `e2e4`, `a15a13` |
//! | promotion | from + to + role letter | `h6h7q`, `h6h7r`, `h6h7b`, `h6h7n`, `h6h7k` |
//! | castling | `castle:` king from + king to | `castle:i1k1` |
//! | defection | `defect:` colour | `defect:navy` |
//! | defection with the forced king move | `defect:` colour `:` king from + to | `defect:green:f6e5` |
//!
//! In castling the rook is the nearest right-holding rook beyond the king's
//! destination (§8); it is not written.

use core::fmt;
use core::str::FromStr;

use crate::board::Square;
use crate::piece::{Color, Role};

/// The most legal inputs a valid position can have (Sovereign and Royale).
///
/// Validation does not bound the number of pieces, so the bound holds for any
/// placement. Say the mover controls `K` knights and `Q` other pieces, and `E`
/// squares hold none of its pieces: `K + Q + E <= 256`. A normal move (a
/// step, a slide, a leap, a pawn's one- or two-square move, a twin move) ends
/// on one of the `E` squares, and either
/// - is a knight's leap: at most 8 per knight and at most 8 per destination,
///   so at most `min(8K, 8E)`; or
/// - travels along one of the 8 lines through its destination, the mover
///   being the first piece on that line: at most 8 per destination, and at
///   most 59 per piece (a range-8 queen on the best square of the empty
///   board), so at most `min(59Q, 8E)`.
///
/// Since `min(8K, 8E) <= 8aK + 8(1 - a)E` and `min(59Q, 8E) <= 59bQ +
/// 8(1 - b)E` for any `a`, `b` in `[0, 1]`, taking `8a = 59b = λ` with
/// `λ = 16 * 59 / 126` gives at most `λ(K + Q + E) <= 1919` normal moves
/// counted once per origin and destination. A pawn enters each of the 16
/// centre squares from at most 5 squares (2 steps, 3 diagonals) and has 5
/// promotion choices there instead of 1: at most `16 * 5 * 4 = 320` more.
/// Castling adds at most 14 (the king's destinations lie between it and the
/// rooks on its 16-square edge), defections at most 18 (10 plain, and 8 forced
/// king moves for the one colour of the king's square). Total `2271`, rounded
/// up to `2.25 * 1024`; the tests `move_list_bound_*` check the figures 59
/// and 5.
pub const MAX_MOVES: usize = 2304;

/// The legal inputs of a position, on the stack.
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;

/// An input of Sovereign Chess (and Royale).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Move {
    /// A move or capture, with the promotion role when a pawn enters the centre.
    Normal {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// The promotion piece (mandatory exactly when a pawn enters the central 4x4, §4.2, §9).
        promotion: Option<Role>,
    },
    /// Castling (§8).
    Castle {
        /// The king's square.
        king_from: Square,
        /// The king's destination.
        king_to: Square,
        /// The rook's square.
        rook_from: Square,
    },
    /// Defection to a controlled colour (§10), with the forced king move when the
    /// king stands on a square of that colour.
    Defect {
        /// The new owned colour.
        color: Color,
        /// The forced king move's destination (the king moves from its square).
        king_to: Option<(Square, Square)>,
    },
}

impl Move {
    /// The square the rook lands on in a castle with the king going to `king_to`
    /// from `king_from`: the square next to `king_to` on the king's origin side.
    #[must_use]
    pub fn castle_rook_to(king_from: Square, king_to: Square) -> Square {
        let (ff, fr) = (i32::from(king_from.file().index()), i32::from(king_from.rank().index()));
        let (tf, tr) = (i32::from(king_to.file().index()), i32::from(king_to.rank().index()));
        king_to.offset((ff - tf).signum(), (fr - tr).signum()).unwrap_or(king_from)
    }

    /// The origin square of the moving piece (the king for castling and for a
    /// defection with a king move), if a piece moves.
    #[must_use]
    pub fn from(self) -> Option<Square> {
        match self {
            Move::Normal { from, .. } => Some(from),
            Move::Castle { king_from, .. } => Some(king_from),
            Move::Defect { king_to, .. } => king_to.map(|k| k.0),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to, promotion } => {
                write!(f, "{from}{to}")?;
                if let Some(r) = promotion {
                    write!(f, "{}", r.letter())?;
                }
                Ok(())
            }
            Move::Castle { king_from, king_to, .. } => write!(f, "castle:{king_from}{king_to}"),
            Move::Defect { color, king_to: None } => write!(f, "defect:{color}"),
            Move::Defect { color, king_to: Some((a, b)) } => write!(f, "defect:{color}:{a}{b}"),
        }
    }
}

/// A move token as written, before it is matched against a position: castling
/// lacks its rook until a position resolves it (§8). [`Move`]'s `FromStr`
/// reads the tokens that need no position through it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveToken {
    /// `e2e4`, `h6h7q`.
    Normal {
        /// Origin.
        from: Square,
        /// Destination.
        to: Square,
        /// Promotion role.
        promotion: Option<Role>,
    },
    /// `castle:i1k1`.
    Castle {
        /// King origin.
        king_from: Square,
        /// King destination.
        king_to: Square,
    },
    /// `defect:navy`, `defect:green:f6e5`.
    Defect {
        /// New colour.
        color: Color,
        /// Forced king move.
        king_to: Option<(Square, Square)>,
    },
}

impl MoveToken {
    /// Whether `mv` is the move this token names.
    #[must_use]
    pub fn matches(self, mv: Move) -> bool {
        match (self, mv) {
            (MoveToken::Castle { king_from, king_to }, Move::Castle { king_from: f, king_to: t, .. }) => {
                king_from == f && king_to == t
            }
            (MoveToken::Normal { from, to, promotion }, Move::Normal { from: f, to: t, promotion: p }) => {
                from == f && to == t && promotion == p
            }
            (MoveToken::Defect { color, king_to }, Move::Defect { color: c, king_to: k }) => {
                color == c && king_to == k
            }
            _ => false,
        }
    }
}

/// A move token is malformed or not legal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// A square name was expected at byte `at`.
    #[error("move `{token}`: expected a square (byte {at})")]
    Square {
        /// The token.
        token: String,
        /// Byte offset.
        at: usize,
    },
    /// An unknown promotion letter or trailing text at byte `at`.
    #[error("move `{token}`: unexpected text (byte {at})")]
    Trailing {
        /// The token.
        token: String,
        /// Byte offset.
        at: usize,
    },
    /// An unknown colour name at byte `at`.
    #[error("move `{token}`: unknown colour (byte {at})")]
    Color {
        /// The token.
        token: String,
        /// Byte offset.
        at: usize,
    },
    /// A castling token read without a position: it does not name the rook
    /// (see [`Move`]'s `FromStr`).
    #[error("move `{token}`: castling is read against a position, which finds its rook")]
    CastleNeedsPosition {
        /// The token.
        token: String,
    },
    /// The pawn enters the central zone, so the move needs a promotion letter.
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
    /// The token is well formed but not a legal move in the position.
    #[error("move `{token}` is not legal here")]
    Illegal {
        /// The token.
        token: String,
    },
}

fn two_squares(token: &str, start: usize) -> Result<(Square, Square, usize), ParseMoveError> {
    let b = token.as_bytes();
    let (a, n1) = Square::parse_prefix(&b[start..])
        .ok_or_else(|| ParseMoveError::Square { token: token.to_owned(), at: start })?;
    let (c, n2) = Square::parse_prefix(&b[start + n1..])
        .ok_or_else(|| ParseMoveError::Square { token: token.to_owned(), at: start + n1 })?;
    Ok((a, c, start + n1 + n2))
}

impl FromStr for MoveToken {
    type Err = ParseMoveError;

    fn from_str(token: &str) -> Result<Self, Self::Err> {
        let trailing = |at: usize| ParseMoveError::Trailing { token: token.to_owned(), at };
        if let Some(rest) = token.strip_prefix("castle:") {
            let start = token.len() - rest.len();
            let (king_from, king_to, end) = two_squares(token, start)?;
            if end != token.len() {
                return Err(trailing(end));
            }
            return Ok(MoveToken::Castle { king_from, king_to });
        }
        if let Some(rest) = token.strip_prefix("defect:") {
            let start = token.len() - rest.len();
            let (name, tail) = rest.split_once(':').map_or((rest, None), |(a, b)| (a, Some(b)));
            let color = Color::from_name(name)
                .ok_or_else(|| ParseMoveError::Color { token: token.to_owned(), at: start })?;
            let king_to = match tail {
                None => None,
                Some(_) => {
                    let (a, c, end) = two_squares(token, start + name.len() + 1)?;
                    if end != token.len() {
                        return Err(trailing(end));
                    }
                    Some((a, c))
                }
            };
            return Ok(MoveToken::Defect { color, king_to });
        }
        let (from, to, end) = two_squares(token, 0)?;
        let promotion = match &token.as_bytes()[end..] {
            [] => None,
            [c] => Some(Role::from_letter(*c).filter(|r| *r != Role::Pawn).ok_or_else(|| trailing(end))?),
            // The offending byte: the first one unless it is a promotion letter.
            [c, ..] if Role::from_letter(*c).is_some_and(|r| r != Role::Pawn) => {
                return Err(trailing(end + 1));
            }
            _ => return Err(trailing(end)),
        };
        Ok(MoveToken::Normal { from, to, promotion })
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads a move whose text names it whole: a move, capture, promotion or
    /// defection. A castling token names no rook (§8: the nearest
    /// right-holding rook beyond the king's destination, which only a
    /// position knows), so it is refused with
    /// [`ParseMoveError::CastleNeedsPosition`]; read it against a position
    /// with [`Position::parse_move`](motley_core::Position::parse_move).
    ///
    /// ```
    /// use motley_sovereign::{Move, ParseMoveError, Position, Sovereign};
    /// let mv: Move = "h6h7q".parse()?;
    /// assert_eq!(mv.to_string(), "h6h7q");
    /// assert!(matches!("castle:i1k1".parse::<Move>(), Err(ParseMoveError::CastleNeedsPosition { .. })));
    /// assert!(Sovereign::start().parse_move("e2e4").is_ok());
    /// # Ok::<(), ParseMoveError>(())
    /// ```
    fn from_str(token: &str) -> Result<Self, Self::Err> {
        match token.parse()? {
            MoveToken::Normal { from, to, promotion } => Ok(Move::Normal { from, to, promotion }),
            MoveToken::Defect { color, king_to } => Ok(Move::Defect { color, king_to }),
            MoveToken::Castle { .. } => Err(ParseMoveError::CastleNeedsPosition { token: token.to_owned() }),
        }
    }
}

impl From<motley_core::IllegalMove> for ParseMoveError {
    /// [`Position::play`](motley_core::Position::play)'s error as the
    /// [`ParseMoveError::Illegal`] that [`Position::parse_move`](motley_core::Position::parse_move) gives.
    fn from(e: motley_core::IllegalMove) -> Self {
        ParseMoveError::Illegal { token: e.token }
    }
}
