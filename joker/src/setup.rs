//! The position string (an extended FEN) and [`Setup`], the unvalidated
//! position it describes. [`Setup`] → [`Joker`](crate::Joker) validation lives
//! in `position.rs`.
//!
//! Grammar (fields separated by one space; see the crate docs):
//!
//! ```text
//! fen      = board "[" reserve "]" SP side SP castling SP ep SP clock SP ply SP bench
//! board    = rank 7("/" rank)            ; rank 8 first, file a first
//! rank     = 1*(piece ["~"] / "1"-"8")    ; exactly 8 squares; "~" marks a promoted pawn
//! piece    = "P" / "N" / "B" / "R" / "Q" / "K" / "p" / "n" / "b" / "r" / "q" / "k"
//! reserve  = *pocket                       ; the Joker Reserves (may be empty)
//! pocket   = "P" / "N" / "B" / "p" / "n" / "b"
//! side     = "w" / "b"
//! castling = "-" / "k" / "q" / "kq"        ; Black's rights only
//! ep       = "-" / square
//! clock    = 1*DIGIT                       ; half-moves since a capture or pawn move
//! ply      = 1*DIGIT                       ; half-moves played since the start
//! bench    = "-" / 1*pocket                ; the reserve benches
//! ```

use core::fmt;
use core::str::FromStr;

use crate::board::{Board, Square};
use crate::piece::{Color, Piece, Role};

/// Counts of pawns, knights and bishops per colour: a reserve bench or a Joker Reserve.
///
/// ```
/// use motley_joker::{Color, Pocket, Role};
/// let bench = Pocket::START_BENCH;
/// assert_eq!(bench.get(Color::Black, Role::Knight), 3);
/// assert_eq!(bench.get(Color::White, Role::Queen), 0);
/// assert_eq!(bench.to_string(), "PPPPPNNBppppppppnnnbb");
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Pocket(pub(crate) [[u8; 3]; 2]);

impl Pocket {
    /// Nothing.
    pub const EMPTY: Pocket = Pocket([[0; 3]; 2]);
    /// The start benches: White 5 pawns, 2 knights, 1 bishop; Black 8 pawns, 3 knights, 2 bishops.
    pub const START_BENCH: Pocket = Pocket([[5, 2, 1], [8, 3, 2]]);

    /// How many pieces of `role` `color` holds (always 0 for rooks, queens, kings).
    #[inline]
    #[must_use]
    pub const fn get(&self, color: Color, role: Role) -> u8 {
        if role.respawns() { self.0[color as usize][role as usize] } else { 0 }
    }

    /// Sets the count of `role` for `color`.
    ///
    /// # Panics
    /// If `role` is not a pawn, knight or bishop.
    #[track_caller]
    pub fn set(&mut self, color: Color, role: Role, count: u8) {
        assert!(role.respawns(), "pockets hold pawns, knights and bishops only");
        self.0[color as usize][role as usize] = count;
    }

    /// Whether `color` holds nothing.
    #[must_use]
    pub const fn is_empty_for(&self, color: Color) -> bool {
        let c = self.0[color as usize];
        c[0] == 0 && c[1] == 0 && c[2] == 0
    }

    /// Whether both colours hold nothing.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.is_empty_for(Color::White) && self.is_empty_for(Color::Black)
    }

    /// The contents of one colour as letters (`"PPNB"`), in canonical order.
    #[must_use]
    pub fn letters(&self, color: Color) -> String {
        let mut s = String::new();
        for role in Role::RESPAWNING {
            for _ in 0..self.get(color, role) {
                s.push(Piece::new(color, role).char());
            }
        }
        s
    }
}

impl fmt::Display for Pocket {
    /// The letters of both colours, White first (`PPNBpb`); empty if nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.letters(Color::White), self.letters(Color::Black))
    }
}

/// Black's castling rights (White has no king and never castles).
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Castling {
    /// King `e8` to `g8`, rook `h8` to `f8`.
    pub king_side: bool,
    /// King `e8` to `c8`, rook `a8` to `d8`.
    pub queen_side: bool,
}

impl Castling {
    /// Both rights.
    pub const BOTH: Castling = Castling { king_side: true, queen_side: true };
    /// No rights.
    pub const NONE: Castling = Castling { king_side: false, queen_side: false };

    pub(crate) const fn bits(self) -> u8 {
        self.king_side as u8 | (self.queen_side as u8) << 1
    }

    pub(crate) const fn from_bits(b: u8) -> Castling {
        Castling { king_side: b & 1 != 0, queen_side: b & 2 != 0 }
    }
}

impl fmt::Display for Castling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.king_side, self.queen_side) {
            (false, false) => f.write_str("-"),
            (k, q) => write!(f, "{}{}", if k { "k" } else { "" }, if q { "q" } else { "" }),
        }
    }
}

/// An unvalidated position: whatever a well-formed position string says.
/// Turn it into a playable [`Joker`](crate::Joker) with
/// [`Joker::from_setup`](crate::Joker::from_setup).
///
/// ```
/// use motley_joker::{Setup, START_FEN};
/// let setup: Setup = START_FEN.parse()?;
/// assert_eq!(setup.ply, 0);
/// assert_eq!(setup.to_string(), START_FEN);
/// let err = "8/8/8/8/8/8/8/8[] x - - 0 0 -".parse::<Setup>().unwrap_err();
/// assert_eq!(err.to_string(), "side to move: expected `w` or `b` (byte 18)");
/// # Ok::<(), motley_joker::ParseFenError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The pieces (with their promoted marks).
    pub board: Board,
    /// The Joker Reserves.
    pub reserve: Pocket,
    /// Side to move.
    pub turn: Color,
    /// Black's castling rights.
    pub castling: Castling,
    /// The en passant square (the square a double-stepping pawn passed).
    pub ep_square: Option<Square>,
    /// Half-moves since the last capture or pawn move (the 14-half-move rule's clock).
    pub halfmove_clock: u16,
    /// Half-moves played since the start (the move limit's count).
    pub ply: u16,
    /// The reserve benches.
    pub bench: Pocket,
}

impl Default for Setup {
    /// The start position.
    fn default() -> Self {
        Setup {
            board: Board::start(),
            reserve: Pocket::EMPTY,
            turn: Color::White,
            castling: Castling::BOTH,
            ep_square: None,
            halfmove_clock: 0,
            ply: 0,
            bench: Pocket::START_BENCH,
        }
    }
}

/// One problem of a malformed position string; each variant names what is
/// wrong and the byte offset (in the whole string) where it goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseIssue {
    /// The board field.
    #[error("board: {what} (byte {at})")]
    Board {
        /// Byte offset.
        at: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// The Joker Reserve brackets.
    #[error("joker reserve: {what} (byte {at})")]
    Reserve {
        /// Byte offset.
        at: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// The side-to-move field.
    #[error("side to move: expected `w` or `b` (byte {at})")]
    Turn {
        /// Byte offset.
        at: usize,
    },
    /// The castling field.
    #[error("castling: expected `-`, `k`, `q` or `kq` (byte {at})")]
    Castling {
        /// Byte offset.
        at: usize,
    },
    /// The en passant field.
    #[error("en passant: expected `-` or a square (byte {at})")]
    EnPassant {
        /// Byte offset.
        at: usize,
    },
    /// The half-move clock field.
    #[error("half-move clock: expected a number up to 65535 (byte {at})")]
    Clock {
        /// Byte offset.
        at: usize,
    },
    /// The ply count field.
    #[error("ply count: expected a number up to 65535 (byte {at})")]
    Ply {
        /// Byte offset.
        at: usize,
    },
    /// The bench field.
    #[error("bench: {what} (byte {at})")]
    Bench {
        /// Byte offset.
        at: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// A field is missing.
    #[error("missing field {field} (byte {at})")]
    Missing {
        /// The missing field's name.
        field: &'static str,
        /// Byte offset (the end of the text).
        at: usize,
    },
    /// Text after the last field.
    #[error("unexpected text after the bench field (byte {at})")]
    Trailing {
        /// Byte offset.
        at: usize,
    },
}

impl ParseIssue {
    /// The byte offset (in the whole string) where the problem is.
    #[must_use]
    pub const fn at(&self) -> usize {
        match *self {
            ParseIssue::Board { at, .. }
            | ParseIssue::Reserve { at, .. }
            | ParseIssue::Turn { at }
            | ParseIssue::Castling { at }
            | ParseIssue::EnPassant { at }
            | ParseIssue::Clock { at }
            | ParseIssue::Ply { at }
            | ParseIssue::Bench { at, .. }
            | ParseIssue::Missing { at, .. }
            | ParseIssue::Trailing { at } => at,
        }
    }

    /// The field the problem is in, as [`Issue::field`](crate::Issue::field)
    /// names them (the Joker Reserve is written inside the board field);
    /// `"fields"` for a missing field or text after the last one.
    #[must_use]
    pub const fn field(&self) -> &'static str {
        match self {
            ParseIssue::Board { .. } | ParseIssue::Reserve { .. } => FIELDS[0],
            ParseIssue::Turn { .. } => FIELDS[1],
            ParseIssue::Castling { .. } => FIELDS[2],
            ParseIssue::EnPassant { .. } => FIELDS[3],
            ParseIssue::Clock { .. } => FIELDS[4],
            ParseIssue::Ply { .. } => FIELDS[5],
            ParseIssue::Bench { .. } => FIELDS[6],
            ParseIssue::Missing { .. } | ParseIssue::Trailing { .. } => "fields",
        }
    }
}

/// A position string is malformed: every problem found, in text order.
///
/// A wrong number of fields is reported alone (the fields cannot be told
/// apart); otherwise each field is read on its own, as are the board's ranks
/// and the Joker Reserve, and each of these stops at its first problem. The
/// board's rank count is checked only when every rank read is well formed
/// (a malformed rank may hide a missing or extra `/`), and a board with too
/// few ranks is not also said to end in a short rank.
///
/// ```
/// use motley_joker::{ParseIssue, Setup};
/// let err = "8/8/8/8/8/8/8/7X[] x - - 0 0 -".parse::<Setup>().unwrap_err();
/// assert_eq!(err.issues[0], ParseIssue::Board { at: 15, what: "unknown piece letter" });
/// assert_eq!(err.issues[1], ParseIssue::Turn { at: 19 });
/// assert_eq!(
///     err.to_string(),
///     "board: unknown piece letter (byte 15); side to move: expected `w` or `b` (byte 19)"
/// );
/// ```
pub type ParseFenError = motley_core::IssueList<ParseIssue>;

/// The names of the fields, in order.
pub(crate) const FIELDS: [&str; 7] =
    ["board", "side to move", "castling", "en passant", "half-move clock", "ply count", "bench"];

fn parse_u16(s: &[u8]) -> Option<u16> {
    if s.is_empty() || s.len() > 5 || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    s.iter().try_fold(0u32, |n, &d| Some(n * 10 + u32::from(d - b'0'))).and_then(|n| u16::try_from(n).ok())
}

/// Counts the pocket letters `s` (written at byte `at`) into `pocket`,
/// stopping at the first problem, which `err` turns into an issue.
fn parse_pocket_into(
    pocket: &mut Pocket,
    s: &[u8],
    at: usize,
    err: impl Fn(usize, &'static str) -> ParseIssue,
) -> Result<(), ParseIssue> {
    for (i, &c) in s.iter().enumerate() {
        let piece = Piece::from_char(char::from(c))
            .filter(|p| p.role.respawns())
            .ok_or_else(|| err(at + i, "expected P, N, B, p, n or b"))?;
        let slot = &mut pocket.0[piece.color as usize][piece.role as usize];
        *slot = slot.checked_add(1).ok_or_else(|| err(at + i, "more than 255 of one kind"))?;
    }
    Ok(())
}

/// Reads rank `rank` (0 = rank 1) written `s` at byte `at` into `board`,
/// stopping at the first problem. A rank covering fewer than 8 squares is a
/// problem only when `full` (else the text may have been cut inside it).
fn parse_rank(board: &mut Board, s: &[u8], at: usize, rank: u8, full: bool) -> Result<(), ParseIssue> {
    let bad = |i: usize, what| ParseIssue::Board { at: at + i, what };
    let mut file: u8 = 0;
    let mut last_piece: Option<Square> = None;
    for (i, &c) in s.iter().enumerate() {
        match c {
            b'1'..=b'8' => {
                file += c - b'0';
                if file > 8 {
                    return Err(bad(i, "a rank has more than 8 squares"));
                }
                last_piece = None;
            }
            b'0' | b'9' => return Err(bad(i, "an empty-square count must be 1 to 8")),
            b'~' => {
                let sq = last_piece.take().ok_or_else(|| bad(i, "`~` must follow a piece letter"))?;
                board.promoted.add(sq);
            }
            _ => {
                let piece = Piece::from_char(char::from(c)).ok_or_else(|| bad(i, "unknown piece letter"))?;
                if file >= 8 {
                    return Err(bad(i, "a rank has more than 8 squares"));
                }
                let sq = Square::new_unchecked(rank * 8 + file);
                board.put(sq, piece);
                last_piece = Some(sq);
                file += 1;
            }
        }
    }
    if full && file != 8 {
        return Err(bad(s.len(), "a rank has fewer than 8 squares"));
    }
    Ok(())
}

/// Reads the board part `s` (written at byte `at`), pushing its problems to
/// `issues`: each of the first 8 ranks is read on its own, and the rank
/// count is checked only when all of them are well formed.
fn parse_board(s: &[u8], at: usize, issues: &mut Vec<ParseIssue>) -> Board {
    let mut board = Board::empty();
    let ranks: Vec<&[u8]> = s.split(|&c| c == b'/').collect();
    let before = issues.len();
    let mut offset = at;
    for (i, text) in ranks.iter().take(8).enumerate() {
        let full = ranks.len() >= 8 || i + 1 < ranks.len();
        if let Err(issue) = parse_rank(&mut board, text, offset, 7 - i as u8, full) {
            issues.push(issue);
        }
        offset += text.len() + 1;
    }
    if issues.len() == before {
        if ranks.len() < 8 {
            issues.push(ParseIssue::Board { at: at + s.len(), what: "fewer than 8 ranks" });
        } else if ranks.len() > 8 {
            // `offset` is now one past the slash that ends rank 1.
            issues.push(ParseIssue::Board { at: offset - 1, what: "more than 8 ranks" });
        }
    }
    board
}

impl Setup {
    /// Parses a position string (grammar in the module docs).
    ///
    /// # Errors
    /// [`ParseFenError`] listing every problem found, each naming its field
    /// and byte offset.
    pub fn from_ascii(text: &[u8]) -> Result<Setup, ParseFenError> {
        Setup::parse_fields(text).map(|(setup, _)| setup)
    }

    /// Parses a position string, also returning the byte offset of each of
    /// its fields (in the order of [`FIELDS`]), so that validation can name
    /// where an issue's field starts without reading the text again.
    pub(crate) fn parse_fields(text: &[u8]) -> Result<(Setup, [usize; 7]), ParseFenError> {
        let fields = motley_core::fen::split_fields(text);
        if fields.len() > 7 {
            return Err(ParseIssue::Trailing { at: fields[7].0 - 1 }.into());
        }
        if fields.len() < 7 {
            return Err(ParseIssue::Missing { field: FIELDS[fields.len()], at: text.len() }.into());
        }
        let mut issues = Vec::new();
        let (board, reserve) = parse_board_and_reserve(fields[0], &mut issues);
        let turn = parse_turn(fields[1], &mut issues);
        let castling = parse_castling(fields[2], &mut issues);
        let ep_square = parse_en_passant(fields[3], &mut issues);
        let halfmove_clock = parse_count(fields[4], |at| ParseIssue::Clock { at }, &mut issues);
        let ply = parse_count(fields[5], |at| ParseIssue::Ply { at }, &mut issues);
        let bench = parse_bench(fields[6], &mut issues);
        if !issues.is_empty() {
            issues.sort_by_key(ParseIssue::at);
            return Err(ParseFenError { issues });
        }
        let offsets = core::array::from_fn(|i| fields[i].0);
        Ok((Setup { board, reserve, turn, castling, ep_square, halfmove_clock, ply, bench }, offsets))
    }
}

/// Reads the first field, written at byte `at`: the board and, in brackets
/// after it, the Joker Reserve. Pushes its problems to `issues`.
fn parse_board_and_reserve((at, f): (usize, &[u8]), issues: &mut Vec<ParseIssue>) -> (Board, Pocket) {
    let mut reserve = Pocket::EMPTY;
    let board_part = match f.iter().position(|&c| c == b'[') {
        Some(open) => {
            let rest = &f[open + 1..];
            if rest.last() == Some(&b']') {
                let inner = &rest[..rest.len() - 1];
                let reserve_issue = |at, what| ParseIssue::Reserve { at, what };
                if let Err(issue) = parse_pocket_into(&mut reserve, inner, at + open + 1, reserve_issue) {
                    issues.push(issue);
                }
            } else {
                issues.push(ParseIssue::Reserve { at: at + f.len(), what: "expected `]` at the end" });
            }
            &f[..open]
        }
        None => f,
    };
    (parse_board(board_part, at, issues), reserve)
}

/// Reads the side to move (`w` or `b`), written at byte `at`; White after a
/// problem, which goes to `issues`.
fn parse_turn((at, f): (usize, &[u8]), issues: &mut Vec<ParseIssue>) -> Color {
    match f {
        b"w" => Color::White,
        b"b" => Color::Black,
        _ => {
            issues.push(ParseIssue::Turn { at });
            Color::White
        }
    }
}

/// Reads Black's castling rights (`-`, `k`, `q` or `kq`), written at byte
/// `at`; none after a problem, which goes to `issues`.
fn parse_castling((at, f): (usize, &[u8]), issues: &mut Vec<ParseIssue>) -> Castling {
    match f {
        b"-" => Castling::NONE,
        b"k" => Castling { king_side: true, queen_side: false },
        b"q" => Castling { king_side: false, queen_side: true },
        b"kq" => Castling::BOTH,
        _ => {
            issues.push(ParseIssue::Castling { at });
            Castling::NONE
        }
    }
}

/// Reads the en passant square (`-` or a square), written at byte `at`;
/// none after a problem, which goes to `issues`.
fn parse_en_passant((at, f): (usize, &[u8]), issues: &mut Vec<ParseIssue>) -> Option<Square> {
    if f == b"-" {
        return None;
    }
    Square::from_ascii(f).map_or_else(
        |_| {
            issues.push(ParseIssue::EnPassant { at });
            None
        },
        Some,
    )
}

/// Reads a count (the half-move clock or the ply count), written at byte
/// `at`; 0 after a problem, which `issue` names in `issues`.
fn parse_count((at, f): (usize, &[u8]), issue: fn(usize) -> ParseIssue, issues: &mut Vec<ParseIssue>) -> u16 {
    parse_u16(f).unwrap_or_else(|| {
        issues.push(issue(at));
        0
    })
}

/// Reads the reserve benches (`-` or piece letters), written at byte `at`;
/// its problem goes to `issues`.
fn parse_bench((at, f): (usize, &[u8]), issues: &mut Vec<ParseIssue>) -> Pocket {
    let mut bench = Pocket::EMPTY;
    let bench_issue = |at, what| ParseIssue::Bench { at, what };
    if f.is_empty() {
        issues.push(bench_issue(at, "expected `-` or piece letters"));
    } else if f != b"-"
        && let Err(issue) = parse_pocket_into(&mut bench, f, at, bench_issue)
    {
        issues.push(issue);
    }
    bench
}

impl FromStr for Setup {
    type Err = ParseFenError;
    fn from_str(s: &str) -> Result<Setup, ParseFenError> {
        Setup::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Each piece letter, with `~` after a promoted one.
        let cell = |i: usize| {
            let sq = Square::new_unchecked(i as u8);
            self.board.piece_at(sq).map(|p| (p, self.board.is_promoted(sq)))
        };
        motley_core::fen::write_board(f, 8, 8, cell, |f, (p, promoted)| {
            write!(f, "{}", p.char())?;
            if promoted { f.write_str("~") } else { Ok(()) }
        })?;
        write!(f, "[{}] {} {} ", self.reserve, self.turn.char(), self.castling)?;
        match self.ep_square {
            Some(sq) => write!(f, "{sq}")?,
            None => f.write_str("-")?,
        }
        write!(f, " {} {} ", self.halfmove_clock, self.ply)?;
        if self.bench.is_empty() { f.write_str("-") } else { write!(f, "{}", self.bench) }
    }
}
