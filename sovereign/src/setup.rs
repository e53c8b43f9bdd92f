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

/// One problem of a malformed position string; each variant names the field
/// and the byte offset (in the whole string) where it goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseIssue {
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

impl ParseIssue {
    /// The byte offset (in the whole string) where the problem is.
    #[must_use]
    pub fn at(&self) -> usize {
        match *self {
            ParseIssue::FieldCount { at, .. }
            | ParseIssue::RankCount { at, .. }
            | ParseIssue::RankWidth { at, .. }
            | ParseIssue::Board { at }
            | ParseIssue::Turn { at, .. }
            | ParseIssue::Owned { at, .. }
            | ParseIssue::Castling { at, .. }
            | ParseIssue::CastlingNoRook { at, .. }
            | ParseIssue::CastlingNoKing { at, .. }
            | ParseIssue::Ply { at }
            | ParseIssue::Clock { at } => at,
        }
    }

    /// The field the problem is in (as [`Issue::field`](crate::Issue::field)
    /// names them; `"fields"` for a wrong number of fields).
    #[must_use]
    pub const fn field(&self) -> &'static str {
        match self {
            ParseIssue::FieldCount { .. } => "fields",
            ParseIssue::RankCount { .. } | ParseIssue::RankWidth { .. } | ParseIssue::Board { .. } => {
                FIELD_BOARD
            }
            ParseIssue::Turn { .. } => FIELD_TURN,
            ParseIssue::Owned { .. } => FIELD_OWNED,
            ParseIssue::Castling { .. }
            | ParseIssue::CastlingNoRook { .. }
            | ParseIssue::CastlingNoKing { .. } => FIELD_CASTLING,
            ParseIssue::Ply { .. } => FIELD_PLY,
            ParseIssue::Clock { .. } => FIELD_CLOCK,
        }
    }
}

/// A position string failed to parse: every problem found, in text order.
///
/// A wrong number of fields is reported alone (the fields cannot be told
/// apart); otherwise each field is read on its own, a board rank stops at its
/// first problem, and the castling rooks are checked only against a board
/// (and owned colours) that parsed.
///
/// ```
/// use motley_sovereign::{ParseIssue, Setup};
/// let err = Setup::parse("16/16 3 w x - 0", 2).unwrap_err();
/// assert_eq!(err.issues[0], ParseIssue::RankCount { got: 2, at: 0 });
/// assert_eq!(err.issues[1], ParseIssue::Turn { seats: 2, at: 6 });
/// assert_eq!(err.issues[2], ParseIssue::Owned { seat: 2, at: 10 });
/// ```
pub type ParseFenError = motley_core::IssueList<ParseIssue>;

/// The field names of the position string, as [`ParseIssue::field`] and
/// [`Issue::field`](crate::Issue::field) report them.
pub(crate) const FIELD_BOARD: &str = "board";
pub(crate) const FIELD_TURN: &str = "turn";
pub(crate) const FIELD_OWNED: &str = "owned colour";
pub(crate) const FIELD_CASTLING: &str = "castling";
pub(crate) const FIELD_PLY: &str = "ply";
pub(crate) const FIELD_CLOCK: &str = "halfmove clock";

/// Where a parsed position string states each part (byte offsets), kept so
/// that validation can locate its issues without reading the text again.
#[derive(Clone, Debug)]
pub(crate) struct Spans {
    /// Seats of the format (2 or 4).
    pub(crate) seats: u8,
    /// The start of each field: board, turn, one owned colour per seat,
    /// castling, ply (and the clock, when written).
    pub(crate) fields: Vec<usize>,
    /// The offset of each piece's colour letter, by square (0 where empty).
    pub(crate) squares: [u32; 256],
}

impl Spans {
    /// The start of the board field.
    pub(crate) fn board(&self) -> usize {
        self.fields[0]
    }

    /// The start of the turn field.
    pub(crate) fn turn(&self) -> usize {
        self.fields[1]
    }

    /// The start of the owned colour field of 0-based `seat`.
    pub(crate) fn owned(&self, seat: usize) -> usize {
        self.fields[2 + seat.min(usize::from(self.seats).saturating_sub(1))]
    }

    /// The offset of the piece on `sq`.
    pub(crate) fn square(&self, sq: Square) -> usize {
        self.squares[sq.index()] as usize
    }
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
    /// [`ParseFenError`] with every problem found, each naming its field and
    /// byte offset.
    pub fn parse(text: &str, seats: u8) -> Result<Setup, ParseFenError> {
        Setup::parse_spanned(text, seats).map(|(setup, _)| setup)
    }

    /// As [`Setup::parse`], also giving where each part of the setup is written.
    pub(crate) fn parse_spanned(text: &str, seats: u8) -> Result<(Setup, Spans), ParseFenError> {
        let f = fields(text);
        let want = 4 + usize::from(seats);
        if f.len() != want && f.len() != want + 1 {
            return Err(ParseIssue::FieldCount {
                want,
                got: f.len(),
                // Too many: the first field beyond the optional clock; too few: the end.
                at: f.get(want + 1).map_or(text.len(), |x| x.0),
            }
            .into());
        }
        let mut issues = Vec::new();
        let mut squares = [0u32; 256];
        let board = parse_board(f[0].1, f[0].0, &mut squares, &mut issues);
        let (at, t) = f[1];
        let turn = match number(t) {
            Some(n) if n >= 1 && n <= u32::from(seats) && t.len() == 1 => (n - 1) as u8,
            _ => {
                issues.push(ParseIssue::Turn { seats, at });
                0
            }
        };
        let mut owned = [Color::White, Color::Black, Color::White, Color::Black];
        let mut owned_ok = true;
        for s in 0..usize::from(seats).min(4) {
            let (at, t) = f[2 + s];
            match if let [c] = t.as_bytes() { Color::from_letter(*c) } else { None } {
                Some(color) => owned[s] = color,
                None => {
                    issues.push(ParseIssue::Owned { seat: s as u8 + 1, at });
                    owned_ok = false;
                }
            }
        }
        let (at, c) = f[2 + usize::from(seats)];
        let castling =
            if seats == 2 { parse_letters(c, at, &mut issues) } else { parse_squares(c, at, &mut issues) };
        // The rook checks need the board, and the king check the owned colours.
        if let Some(board) = &board {
            for &(sq, token, at) in &castling {
                if let Err(issue) = check_castling_rook(board, seats, &owned, owned_ok, sq, token, at) {
                    issues.push(issue);
                }
            }
        }
        let castling = castling.iter().fold(SquareSet::EMPTY, |set, &(sq, _, _)| set.with(sq));
        let (at, p) = f[3 + usize::from(seats)];
        let ply = number(p).unwrap_or_else(|| {
            issues.push(ParseIssue::Ply { at });
            0
        });
        let halfmove = f.get(want).map(|&(at, h)| {
            number(h).unwrap_or_else(|| {
                issues.push(ParseIssue::Clock { at });
                0
            })
        });
        match board {
            Some(board) if issues.is_empty() => {
                let spans = Spans { seats, fields: f.iter().map(|x| x.0).collect(), squares };
                Ok((Setup { board, seats, turn, owned, castling, ply, halfmove }, spans))
            }
            _ => {
                issues.sort_by_key(ParseIssue::at);
                Err(ParseFenError { issues })
            }
        }
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }
}

impl core::str::FromStr for Setup {
    type Err = ParseFenError;

    /// Parses a position string of either format, told apart by its number
    /// of fields: 6 or 7 for two seats (§3.3), 8 or 9 for Royale (§13.1).
    fn from_str(text: &str) -> Result<Setup, ParseFenError> {
        let seats = if fields(text).len() <= 7 { 2 } else { 4 };
        Setup::parse(text, seats)
    }
}

/// Reads the board field (§3.3: rank 16 first, file a first; a piece is a
/// colour letter and a role letter, an empty run is its length 1-16),
/// recording the offset of each piece in `squares`. `None` when it has a
/// problem (each pushed to `issues`; a rank stops at its first).
fn parse_board(
    text: &str,
    base: usize,
    squares: &mut [u32; 256],
    issues: &mut Vec<ParseIssue>,
) -> Option<[Option<Piece>; 256]> {
    let mut board = [None; 256];
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 16 {
        issues.push(ParseIssue::RankCount { got: ranks.len(), at: base });
        return None;
    }
    let before = issues.len();
    let mut offset = base;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 15 - i;
        if let Err(issue) = parse_rank(rank_text, rank, offset, &mut board, squares) {
            issues.push(issue);
        }
        offset += rank_text.len() + 1;
    }
    (issues.len() == before).then_some(board)
}

/// Reads rank `rank` (0 = rank 1) written `text` at byte `offset` into `board`.
fn parse_rank(
    text: &str,
    rank: usize,
    offset: usize,
    board: &mut [Option<Piece>; 256],
    squares: &mut [u32; 256],
) -> Result<(), ParseIssue> {
    let b = text.as_bytes();
    let mut file = 0usize;
    let mut j = 0;
    while j < b.len() {
        let at = offset + j;
        if b[j].is_ascii_digit() {
            let mut k = j;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            let n: usize = text[j..k].parse().map_err(|_| ParseIssue::Board { at })?;
            if n == 0 || n > 16 || b[j] == b'0' {
                return Err(ParseIssue::Board { at });
            }
            file += n;
            j = k;
        } else {
            let color = Color::from_letter(b[j]).ok_or(ParseIssue::Board { at })?;
            let role =
                b.get(j + 1).and_then(|&r| Role::from_letter(r)).ok_or(ParseIssue::Board { at: at + 1 })?;
            if file < 16 {
                board[file + 16 * rank] = Some(Piece { color, role });
                squares[file + 16 * rank] = at as u32;
            }
            file += 1;
            j += 2;
        }
        if file > 16 {
            return Err(ParseIssue::RankWidth { rank: rank as u8 + 1, got: file, at: offset });
        }
    }
    if file != 16 {
        return Err(ParseIssue::RankWidth { rank: rank as u8 + 1, got: file, at: offset });
    }
    Ok(())
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
/// of a seat's rights when its king moves (§8), so no other right is
/// reachable. The king is looked for only when the owned colours parsed
/// (`owned_ok`).
fn check_castling_rook(
    board: &[Option<Piece>; 256],
    seats: u8,
    owned: &[Color; 4],
    owned_ok: bool,
    square: Square,
    token: &str,
    at: usize,
) -> Result<(), ParseIssue> {
    if board[square.index()].is_none_or(|p| p.role != Role::Rook) {
        return Err(ParseIssue::CastlingNoRook { token: token.to_owned(), square, at });
    }
    let king_home = home_edges(seats).iter().zip(owned).any(|(&edge, &color)| {
        edge.contains(square)
            && edge.iter().any(|k| board[k.index()] == Some(Piece { color, role: Role::King }))
    });
    if owned_ok && !king_home {
        return Err(ParseIssue::CastlingNoKing { token: token.to_owned(), square, at });
    }
    Ok(())
}

/// A castling square with its token and byte offset.
type CastlingEntry<'a> = (Square, &'a str, usize);

/// Reads the two-player castling field (§3.3: file letters, upper case rank
/// 1, lower case rank 16, at most four per seat, or `-`); a bad letter is
/// pushed to `issues` and skipped.
fn parse_letters<'a>(text: &'a str, at: usize, issues: &mut Vec<ParseIssue>) -> Vec<CastlingEntry<'a>> {
    let mut set = SquareSet::EMPTY;
    let mut out = Vec::new();
    if text == "-" {
        return out;
    }
    for (i, b) in text.bytes().enumerate() {
        let (sq, edge) = match b {
            b'A'..=b'P' => (Square::new_unchecked(b - b'A'), RANK_1),
            b'a'..=b'p' => (Square::new_unchecked(b - b'a' + 240), RANK_16),
            _ => {
                issues.push(ParseIssue::Castling {
                    what: "expected file letters a-p / A-P or `-`",
                    at: at + i,
                });
                continue;
            }
        };
        if set.contains(sq) {
            issues.push(ParseIssue::Castling { what: "repeated letter", at: at + i });
        } else if (set & edge).count() >= 4 {
            issues.push(ParseIssue::Castling { what: "more than 4 letters for one seat", at: at + i });
        } else {
            set.add(sq);
            out.push((sq, &text[i..=i], at + i));
        }
    }
    out
}

/// Reads the Royale castling field (§13.1: comma-separated rook squares on
/// the board's edges, or `-`); a bad square is pushed to `issues` and skipped.
fn parse_squares<'a>(text: &'a str, at: usize, issues: &mut Vec<ParseIssue>) -> Vec<CastlingEntry<'a>> {
    let mut out = Vec::new();
    if text == "-" {
        return out;
    }
    let mut offset = at;
    for part in text.split(',') {
        let edge = RANK_1 | RANK_16 | FILE_A | FILE_P;
        match part.parse::<Square>() {
            Err(_) => issues.push(ParseIssue::Castling { what: "expected a square name", at: offset }),
            Ok(sq) if !edge.contains(sq) => {
                issues.push(ParseIssue::Castling { what: "castling rook not on an edge", at: offset });
            }
            Ok(sq) => out.push((sq, part, offset)),
        }
        offset += part.len() + 1;
    }
    out
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        motley_core::fen::write_board(f, 16, 16, |i| self.board[i], |f, p| write!(f, "{p}"))?;
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
