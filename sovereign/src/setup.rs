//! The unvalidated [`Setup`] and the community position string (§3.3): parse
//! and print. Validation into a playable position lives in `position.rs`.
//!
//! Two-player format (six fields, optional seventh):
//! `board turn owned1 owned2 castling ply [halfmove-clock]`, castling as file
//! letters (upper case rank 1, lower case rank 16). Royale format (§13.1):
//! `board turn owned1 owned2 owned3 owned4 castling ply [halfmove-clock]`,
//! castling as comma-separated rook squares.

use core::fmt;

use crate::board::{Square, SquareSet};
use crate::movegen::{FILE_A, FILE_P, RANK_1, RANK_16};
use crate::piece::{Color, Piece, Role};

/// A position string failed to parse; each variant names the field and the byte offset.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseFenError {
    /// Wrong number of space-separated fields.
    #[error("expected {want} fields, found {got} (byte {at})")]
    FieldCount {
        /// Expected count (without the optional clock).
        want: usize,
        /// Found count.
        got: usize,
        /// Byte offset.
        at: usize,
    },
    /// The board field does not have 16 ranks.
    #[error("board: expected 16 ranks, found {got} (byte {at})")]
    RankCount {
        /// Ranks found.
        got: usize,
        /// Byte offset.
        at: usize,
    },
    /// A rank does not cover exactly 16 files.
    #[error("board: rank {rank} covers {got} files, the board has 16 (byte {at})")]
    RankWidth {
        /// Rank number (1..=16).
        rank: u8,
        /// Files covered.
        got: usize,
        /// Byte offset.
        at: usize,
    },
    /// A malformed piece (colour letter + role letter) or empty run (1..=16).
    #[error("board: expected a piece (colour + role letter) or an empty count 1-16 (byte {at})")]
    Board {
        /// Byte offset.
        at: usize,
    },
    /// The turn field is not a seat number.
    #[error("turn: expected a seat number 1-{seats} (byte {at})")]
    Turn {
        /// Number of seats.
        seats: u8,
        /// Byte offset.
        at: usize,
    },
    /// An owned-colour field is not a colour letter.
    #[error("owned colour of seat {seat}: expected one colour letter (byte {at})")]
    Owned {
        /// 1-based seat.
        seat: u8,
        /// Byte offset.
        at: usize,
    },
    /// The castling field is malformed.
    #[error("castling: {what} (byte {at})")]
    Castling {
        /// What is wrong.
        what: &'static str,
        /// Byte offset.
        at: usize,
    },
    /// A castling letter (two players) or square (Royale) names a square
    /// without a rook: §3.3's letters name files of unmoved rooks.
    #[error("castling: `{token}` names {square}, which holds no rook (byte {at})")]
    CastlingNoRook {
        /// The letter or square as written.
        token: String,
        /// The square it names.
        square: Square,
        /// Byte offset of the token.
        at: usize,
    },
    /// A castling letter or square names a rook on the back edge of no seat
    /// whose king still stands on that edge (a king that moved drops its
    /// seat's rights, so such a right cannot arise).
    #[error(
        "castling: `{token}` names {square}, but no seat with that back edge has its king there (byte {at})"
    )]
    CastlingNoKing {
        /// The letter or square as written.
        token: String,
        /// The square it names.
        square: Square,
        /// Byte offset of the token.
        at: usize,
    },
    /// The ply field is not a non-negative integer.
    #[error("ply: expected a non-negative integer (byte {at})")]
    Ply {
        /// Byte offset.
        at: usize,
    },
    /// The halfmove-clock field is not a non-negative integer.
    #[error("halfmove clock: expected a non-negative integer (byte {at})")]
    Clock {
        /// Byte offset.
        at: usize,
    },
}

/// An unvalidated position as the position string describes it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The pieces, indexed by square (`a1` = 0).
    pub board: [Option<Piece>; 256],
    /// 2 (Sovereign) or 4 (Royale).
    pub seats: u8,
    /// 0-based seat to move.
    pub turn: u8,
    /// The colour each seat owns (the first `seats` entries are used).
    pub owned: [Color; 4],
    /// Squares of rooks with castling rights.
    pub castling: SquareSet,
    /// Half-moves played since the start.
    pub ply: u32,
    /// The optional 7th field: plies since the last pawn move or capture.
    pub halfmove: Option<u32>,
}

fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c == ' ' {
            if let Some(s) = start.take() {
                out.push((s, &text[s..i]));
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        out.push((s, &text[s..]));
    }
    out
}

fn number(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

impl Setup {
    /// Parses a position string for `seats` seats (2: §3.3 format; 4: §13.1 format).
    ///
    /// # Errors
    /// [`ParseFenError`] naming the field and byte offset.
    pub fn parse(text: &str, seats: u8) -> Result<Setup, ParseFenError> {
        let f = fields(text);
        let want = 4 + usize::from(seats);
        if f.len() != want && f.len() != want + 1 {
            return Err(ParseFenError::FieldCount {
                want,
                got: f.len(),
                // Too many: the first field beyond the optional clock; too few: the end.
                at: f.get(want + 1).map_or(text.len(), |x| x.0),
            });
        }
        let board = parse_board(f[0].1, f[0].0)?;
        let (at, t) = f[1];
        let turn = match number(t) {
            Some(n) if n >= 1 && n <= u32::from(seats) && t.len() == 1 => (n - 1) as u8,
            _ => return Err(ParseFenError::Turn { seats, at }),
        };
        let mut owned = [Color::White, Color::Black, Color::White, Color::Black];
        for s in 0..usize::from(seats) {
            let (at, t) = f[2 + s];
            owned[s] = match t.as_bytes() {
                [c] => Color::from_letter(*c).ok_or(ParseFenError::Owned { seat: s as u8 + 1, at })?,
                _ => return Err(ParseFenError::Owned { seat: s as u8 + 1, at }),
            };
        }
        let (at, c) = f[2 + usize::from(seats)];
        let castling = if seats == 2 { parse_letters(c, at)? } else { parse_squares(c, at)? };
        for &(sq, token, at) in &castling {
            check_castling_rook(&board, seats, &owned, sq, token, at)?;
        }
        let castling = castling.iter().fold(SquareSet::EMPTY, |set, &(sq, _, _)| set.with(sq));
        let (at, p) = f[3 + usize::from(seats)];
        let ply = number(p).ok_or(ParseFenError::Ply { at })?;
        let halfmove = match f.get(want) {
            Some(&(at, h)) => Some(number(h).ok_or(ParseFenError::Clock { at })?),
            None => None,
        };
        Ok(Setup { board, seats, turn, owned, castling, ply, halfmove })
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
}

fn parse_board(text: &str, base: usize) -> Result<[Option<Piece>; 256], ParseFenError> {
    let mut board = [None; 256];
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 16 {
        return Err(ParseFenError::RankCount { got: ranks.len(), at: base });
    }
    let mut offset = base;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 15 - i;
        let b = rank_text.as_bytes();
        let mut file = 0usize;
        let mut j = 0;
        while j < b.len() {
            let at = offset + j;
            if b[j].is_ascii_digit() {
                let mut k = j;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
                let n: usize = rank_text[j..k].parse().map_err(|_| ParseFenError::Board { at })?;
                if n == 0 || n > 16 || b[j] == b'0' {
                    return Err(ParseFenError::Board { at });
                }
                file += n;
                j = k;
            } else {
                let color = Color::from_letter(b[j]).ok_or(ParseFenError::Board { at })?;
                let role = b
                    .get(j + 1)
                    .and_then(|&r| Role::from_letter(r))
                    .ok_or(ParseFenError::Board { at: at + 1 })?;
                if file < 16 {
                    board[file + 16 * rank] = Some(Piece { color, role });
                }
                file += 1;
                j += 2;
            }
            if file > 16 {
                return Err(ParseFenError::RankWidth { rank: rank as u8 + 1, got: file, at: offset });
            }
        }
        if file != 16 {
            return Err(ParseFenError::RankWidth { rank: rank as u8 + 1, got: file, at: offset });
        }
        offset += rank_text.len() + 1;
    }
    Ok(board)
}

/// The back edges of the seats of a `seats`-seat game, seat 0 first (as
/// `State::home_edge`).
fn home_edges(seats: u8) -> &'static [SquareSet] {
    const TWO: [SquareSet; 2] = [RANK_1, RANK_16];
    const FOUR: [SquareSet; 4] = [RANK_1, FILE_A, FILE_P, RANK_16];
    if seats == 2 { &TWO } else { &FOUR }
}

/// Checks that castling square `sq` (written `token` at byte `at`) holds a
/// rook on the back edge of a seat whose king still stands on that edge: a
/// right is dropped when anything moves from or to the rook's square and all
/// of a seat's rights when its king moves (§8), so no other right is reachable.
fn check_castling_rook(
    board: &[Option<Piece>; 256],
    seats: u8,
    owned: &[Color; 4],
    square: Square,
    token: &str,
    at: usize,
) -> Result<(), ParseFenError> {
    if board[square.index()].is_none_or(|p| p.role != Role::Rook) {
        return Err(ParseFenError::CastlingNoRook { token: token.to_owned(), square, at });
    }
    let king_home = home_edges(seats).iter().zip(owned).any(|(&edge, &color)| {
        edge.contains(square)
            && edge.iter().any(|k| board[k.index()] == Some(Piece { color, role: Role::King }))
    });
    if !king_home {
        return Err(ParseFenError::CastlingNoKing { token: token.to_owned(), square, at });
    }
    Ok(())
}

/// A castling square with its token and byte offset.
type CastlingEntry<'a> = (Square, &'a str, usize);

fn parse_letters(text: &str, at: usize) -> Result<Vec<CastlingEntry<'_>>, ParseFenError> {
    let mut set = SquareSet::EMPTY;
    let mut out = Vec::new();
    if text == "-" {
        return Ok(out);
    }
    let (mut upper, mut lower) = (0, 0);
    for (i, b) in text.bytes().enumerate() {
        let sq = Square::new_unchecked(match b {
            b'A'..=b'P' => {
                upper += 1;
                b - b'A'
            }
            b'a'..=b'p' => {
                lower += 1;
                b - b'a' + 240
            }
            _ => {
                return Err(ParseFenError::Castling {
                    what: "expected file letters a-p / A-P or `-`",
                    at: at + i,
                });
            }
        });
        if set.contains(sq) {
            return Err(ParseFenError::Castling { what: "repeated letter", at: at + i });
        }
        if upper > 4 || lower > 4 {
            return Err(ParseFenError::Castling { what: "more than 4 letters for one seat", at: at + i });
        }
        set.add(sq);
        out.push((sq, &text[i..=i], at + i));
    }
    Ok(out)
}

fn parse_squares(text: &str, at: usize) -> Result<Vec<CastlingEntry<'_>>, ParseFenError> {
    let mut out = Vec::new();
    if text == "-" {
        return Ok(out);
    }
    let mut offset = at;
    for part in text.split(',') {
        let sq: Square = part
            .parse()
            .map_err(|_| ParseFenError::Castling { what: "expected a square name", at: offset })?;
        let edge = RANK_1 | RANK_16 | FILE_A | FILE_P;
        if !edge.contains(sq) {
            return Err(ParseFenError::Castling { what: "castling rook not on an edge", at: offset });
        }
        out.push((sq, part, offset));
        offset += part.len() + 1;
    }
    Ok(out)
}

impl Setup {
    /// Writes rank `rank` (0 = rank 1) of the board as the position string
    /// has it, file a first: each piece, and each run of empty squares as
    /// its length.
    fn write_rank(&self, f: &mut fmt::Formatter<'_>, rank: usize) -> fmt::Result {
        let mut run = 0;
        for file in 0..16 {
            match self.board[file + 16 * rank] {
                Some(p) => {
                    if run > 0 {
                        write!(f, "{run}")?;
                        run = 0;
                    }
                    write!(f, "{p}")?;
                }
                None => run += 1,
            }
        }
        if run > 0 {
            write!(f, "{run}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..16).rev() {
            self.write_rank(f, rank)?;
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", self.turn + 1)?;
        for s in 0..usize::from(self.seats) {
            write!(f, " {}", self.owned[s].letter())?;
        }
        f.write_str(" ")?;
        if self.castling.is_empty() {
            f.write_str("-")?;
        } else if self.seats == 2 {
            for s in self.castling & RANK_1 {
                write!(f, "{}", char::from(b'A' + s.file().index()))?;
            }
            for s in self.castling & RANK_16 {
                write!(f, "{}", char::from(b'a' + s.file().index()))?;
            }
        } else {
            let mut first = true;
            let mut done = SquareSet::EMPTY;
            for edge in [RANK_1, FILE_A, FILE_P, RANK_16] {
                for s in (self.castling & edge) - done {
                    if !first {
                        f.write_str(",")?;
                    }
                    first = false;
                    write!(f, "{s}")?;
                }
                done |= edge;
            }
        }
        write!(f, " {}", self.ply)?;
        if let Some(h) = self.halfmove {
            write!(f, " {h}")?;
        }
        Ok(())
    }
}
