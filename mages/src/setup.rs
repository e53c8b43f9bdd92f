//! [`Setup`]: an unvalidated position, and the grammar of the position string.

use core::fmt;
use core::str::FromStr;

use crate::board::{Board, Square, SquareSet};
use crate::end::EndReason;
use crate::piece::{Piece, Team};

/// A position as written, before validation: anything the grammar can say.
///
/// # Grammar
///
/// ```text
/// position := board " " turn [" " pending [" " halos [" " passes [" " ply [" " end]]]]]
/// board    := rank "/" rank "/" … "/" rank      eight ranks, rank 8 first
/// rank     := (piece | "1".."6")+               the files of a rank, a to f, summing to 6
/// piece    := "R" | "C" | "H" | "S" | "P"       Green (upper case)
///           | "r" | "c" | "h" | "s" | "p"       Blue (lower case)
/// turn     := "g" | "b"                         the team to move (while an engagement is
///                                               pending, the challenger's team)
/// pending  := "-" | square square               challenger square, then defender square
/// halos    := "-" | square ("," square)*        haloed pieces, a1 first (printed sorted)
/// passes   := "0" | "1" | "2"                   passes in a row just made (2: drawn)
/// ply      := decimal                           turns completed since the start
/// end      := "royal-downed" | "royal-expelled" how the missing Royal left (only when one is missing)
/// square   := "a".."f" "1".."8"
/// ```
///
/// Omitted optional fields take the values of a fresh game (`- - 0 0`, end
/// `royal-downed` when a Royal is missing). Printing always writes the first
/// six fields, and `end` when a Royal is missing. The start position is
/// `shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS g - - 0 0`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The pieces (the board's own halos are ignored; see `halos`).
    pub board: Board,
    /// The haloed squares.
    pub halos: SquareSet,
    /// The team to move.
    pub turn: Team,
    /// The pending engagement as (challenger square, defender square).
    pub pending: Option<(Square, Square)>,
    /// Passes in a row just made.
    pub passes: u8,
    /// Turns completed.
    pub ply: u32,
    /// How a missing Royal left, if the text says.
    pub end: Option<EndReason>,
}

impl Default for Setup {
    /// The start position.
    fn default() -> Setup {
        Setup {
            board: Board::start(),
            halos: SquareSet::EMPTY,
            turn: Team::Green,
            pending: None,
            passes: 0,
            ply: 0,
            end: None,
        }
    }
}

/// One problem of a position string that does not follow the grammar; each
/// variant names the field and the byte offset (in the whole string) where it
/// goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseIssue {
    /// The board does not have eight ranks.
    #[error("board: {got} ranks, the board has 8 (byte {at})")]
    RankCount {
        /// Ranks read.
        got: usize,
        /// Byte offset.
        at: usize,
    },
    /// A rank does not describe exactly six files.
    #[error("board: rank {rank} describes {got} files, the board has 6 (byte {at})")]
    RankWidth {
        /// The rank number (1–8).
        rank: u8,
        /// Files described.
        got: usize,
        /// Byte offset of the rank.
        at: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–6.
    #[error("board: {ch:?} is not a piece letter (R C H S P, either case) or a digit 1-6 (byte {at})")]
    Piece {
        /// The character.
        ch: char,
        /// Byte offset.
        at: usize,
    },
    /// A required field is missing.
    #[error("{field}: missing (byte {at})")]
    Missing {
        /// The field's name.
        field: &'static str,
        /// Byte offset where it was expected.
        at: usize,
    },
    /// The turn field is not `g` or `b`.
    #[error("turn: expected `g` or `b` (byte {at})")]
    Turn {
        /// Byte offset.
        at: usize,
    },
    /// The pending field is not `-` or two squares.
    #[error("pending: expected `-` or two squares such as `b2c3` (byte {at})")]
    Pending {
        /// Byte offset.
        at: usize,
    },
    /// The halos field is not `-` or a comma-separated list of squares.
    #[error("halos: expected `-` or squares separated by commas (byte {at})")]
    Halos {
        /// Byte offset.
        at: usize,
    },
    /// The passes field is not 0, 1 or 2.
    #[error("passes: expected 0, 1 or 2 (byte {at})")]
    Passes {
        /// Byte offset.
        at: usize,
    },
    /// The ply field is not a decimal number.
    #[error("ply: expected a decimal number (byte {at})")]
    Ply {
        /// Byte offset.
        at: usize,
    },
    /// The end field is not `royal-downed` or `royal-expelled`.
    #[error("end: expected `royal-downed` or `royal-expelled` (byte {at})")]
    End {
        /// Byte offset.
        at: usize,
    },
    /// More fields than the grammar has (reported alone: the fields cannot
    /// be matched to their names).
    #[error("unexpected text after the position (byte {at})")]
    Trailing {
        /// Byte offset.
        at: usize,
    },
}

impl ParseIssue {
    /// The byte offset (in the whole string) where the problem is.
    #[must_use]
    pub fn at(&self) -> usize {
        match *self {
            ParseIssue::RankCount { at, .. }
            | ParseIssue::RankWidth { at, .. }
            | ParseIssue::Piece { at, .. }
            | ParseIssue::Missing { at, .. }
            | ParseIssue::Turn { at }
            | ParseIssue::Pending { at }
            | ParseIssue::Halos { at }
            | ParseIssue::Passes { at }
            | ParseIssue::Ply { at }
            | ParseIssue::End { at }
            | ParseIssue::Trailing { at } => at,
        }
    }

    /// The field the problem is in, as the grammar names it (`"fields"` for
    /// text after the last field).
    #[must_use]
    pub const fn field(&self) -> &'static str {
        match self {
            ParseIssue::RankCount { .. } | ParseIssue::RankWidth { .. } | ParseIssue::Piece { .. } => "board",
            ParseIssue::Missing { field, .. } => field,
            ParseIssue::Turn { .. } => "turn",
            ParseIssue::Pending { .. } => "pending",
            ParseIssue::Halos { .. } => "halos",
            ParseIssue::Passes { .. } => "passes",
            ParseIssue::Ply { .. } => "ply",
            ParseIssue::End { .. } => "end",
            ParseIssue::Trailing { .. } => "fields",
        }
    }
}

/// A position string does not follow the grammar: every problem found,
/// sorted by byte offset.
///
/// More than seven fields are reported alone (the fields cannot be matched
/// to their names). Otherwise each field is read on its own and every
/// problem is listed: a board rank stops at its first problem, the ranks
/// are not read when there are not eight of them, and a bad halos list
/// reports each bad square. A text without a space is read as a board: its
/// board problems are reported, or, when the board reads, the missing turn.
///
/// A single problem prints as its own message; several are separated by `; `.
///
/// ```
/// use motley_mages::{ParseIssue, Setup};
/// let err = "6/6/6/5/6/6/6/6 w - - 3".parse::<Setup>().unwrap_err();
/// assert_eq!(
///     err.issues,
///     [
///         ParseIssue::RankWidth { rank: 5, got: 5, at: 6 },
///         ParseIssue::Turn { at: 16 },
///         ParseIssue::Passes { at: 22 },
///     ]
/// );
/// assert_eq!(err.issues[1].field(), "turn");
/// ```
pub type ParseSetupError = motley_core::IssueList<ParseIssue>;

/// Where the parts of a well-formed position string start: the byte
/// offsets validation problems are reported at, recorded while parsing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Spans {
    /// The start of each field (the text's length for an absent one).
    pub fields: [usize; 7],
    /// The letter of the piece on each square, by square index (board field).
    pub pieces: [usize; 48],
    /// The name of each haloed square, by square index (halos field).
    pub halos: [usize; 48],
}

/// Reads the board field, `s` starting at byte `base`, recording where each
/// piece is written in `spans`. `None` when it has a problem (each pushed to
/// `issues`; a rank stops at its first, and the ranks are not read when
/// there are not eight of them).
fn parse_board(s: &[u8], base: usize, spans: &mut Spans, issues: &mut Vec<ParseIssue>) -> Option<Board> {
    let mut board = Board::empty();
    let ranks: Vec<&[u8]> = s.split(|&c| c == b'/').collect();
    if ranks.len() != 8 {
        issues.push(ParseIssue::RankCount { got: ranks.len(), at: base });
        return None;
    }
    let before = issues.len();
    let mut at = base;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        match parse_rank(&mut board, rank, rank_text, at, spans) {
            Ok(6) => {}
            Ok(file) => issues.push(ParseIssue::RankWidth { rank: rank + 1, got: file, at }),
            Err(issue) => issues.push(issue),
        }
        at += rank_text.len() + 1;
    }
    (issues.len() == before).then_some(board)
}

/// Puts the pieces of `text`, the position string's rank `rank` (0 = rank 1)
/// starting at byte `at`, on `board`, and returns how many files it
/// describes. It stops reading past the sixth file: the caller reports any
/// count but 6.
fn parse_rank(
    board: &mut Board,
    rank: u8,
    text: &[u8],
    at: usize,
    spans: &mut Spans,
) -> Result<usize, ParseIssue> {
    let mut file = 0usize;
    for (j, &c) in text.iter().enumerate() {
        match c {
            b'1'..=b'6' => file += usize::from(c - b'0'),
            _ => {
                let piece =
                    Piece::from_char(c as char).ok_or(ParseIssue::Piece { ch: c as char, at: at + j })?;
                // Off the board (a rank of more than 6 squares) is reported by the caller.
                if let Some(sq) = Square::at(file as i32, i32::from(rank)) {
                    board.put(sq, piece);
                    spans.pieces[sq.index()] = at + j;
                }
                file += 1;
            }
        }
        if file > 6 {
            break;
        }
    }
    Ok(file)
}

/// Reads the pending field `text`, written at byte `at`: `-` or two squares.
fn parse_pending(text: &[u8], at: usize) -> Result<Option<(Square, Square)>, ParseIssue> {
    if text == b"-" {
        return Ok(None);
    }
    let err = ParseIssue::Pending { at };
    let (a, n) = Square::parse_prefix(text).ok_or(err.clone())?;
    let (b, m) = Square::parse_prefix(&text[n..]).ok_or(err.clone())?;
    if n + m != text.len() {
        return Err(err);
    }
    Ok(Some((a, b)))
}

/// Reads the halos field `text`, written at byte `at`, into `halos`,
/// recording where each square is named in `spans`; each bad square is
/// pushed to `issues` and skipped.
fn parse_halos(
    text: &[u8],
    at: usize,
    halos: &mut SquareSet,
    spans: &mut Spans,
    issues: &mut Vec<ParseIssue>,
) {
    if text == b"-" {
        return;
    }
    let mut offset = at;
    for part in text.split(|&c| c == b',') {
        match Square::from_ascii(part) {
            Ok(sq) => {
                if !halos.contains(sq) {
                    spans.halos[sq.index()] = offset;
                }
                halos.add(sq);
            }
            Err(_) => issues.push(ParseIssue::Halos { at: offset }),
        }
        offset += part.len() + 1;
    }
}

impl Setup {
    /// Parses a position string (grammar in the module documentation).
    ///
    /// # Errors
    /// [`ParseSetupError`] with every problem found, each naming its field
    /// and byte offset.
    pub fn from_ascii(s: &[u8]) -> Result<Setup, ParseSetupError> {
        Setup::parse(s).map(|(setup, _)| setup)
    }

    /// Parses a position string, recording where its parts start.
    pub(crate) fn parse(s: &[u8]) -> Result<(Setup, Spans), ParseSetupError> {
        let fields = motley_core::fen::split_fields(s);
        if let Some(&(at, _)) = fields.get(7) {
            return Err(ParseIssue::Trailing { at }.into());
        }
        let field = |k: usize| fields.get(k).copied();
        let mut spans = Spans {
            fields: core::array::from_fn(|k| field(k).map_or(s.len(), |(at, _)| at)),
            pieces: [0; 48],
            halos: [0; 48],
        };
        let mut issues = Vec::new();
        let mut setup = Setup::default();

        let (at, text) = fields[0];
        let board = parse_board(text, at, &mut spans, &mut issues);

        match field(1) {
            Some((_, b"g")) => setup.turn = Team::Green,
            Some((_, b"b")) => setup.turn = Team::Blue,
            Some((at, _)) => issues.push(ParseIssue::Turn { at }),
            // A text without a space is read as a board: the missing turn is
            // reported only when the board reads.
            None if board.is_some() => issues.push(ParseIssue::Missing { field: "turn", at: s.len() }),
            None => {}
        }

        if let Some((at, text)) = field(2) {
            match parse_pending(text, at) {
                Ok(pending) => setup.pending = pending,
                Err(issue) => issues.push(issue),
            }
        }

        if let Some((at, text)) = field(3) {
            parse_halos(text, at, &mut setup.halos, &mut spans, &mut issues);
        }

        if let Some((at, text)) = field(4) {
            match text {
                b"0" => setup.passes = 0,
                b"1" => setup.passes = 1,
                b"2" => setup.passes = 2,
                _ => issues.push(ParseIssue::Passes { at }),
            }
        }

        if let Some((at, text)) = field(5) {
            let ok = !text.is_empty() && text.iter().all(u8::is_ascii_digit);
            match core::str::from_utf8(text).ok().filter(|_| ok).and_then(|t| t.parse().ok()) {
                Some(ply) => setup.ply = ply,
                None => issues.push(ParseIssue::Ply { at }),
            }
        }

        if let Some((at, text)) = field(6) {
            match text {
                b"royal-downed" => setup.end = Some(EndReason::RoyalDowned),
                b"royal-expelled" => setup.end = Some(EndReason::RoyalExpelled),
                _ => issues.push(ParseIssue::End { at }),
            }
        }

        match board {
            Some(board) if issues.is_empty() => Ok((Setup { board, ..setup }, spans)),
            _ => {
                issues.sort_by_key(ParseIssue::at);
                Err(ParseSetupError { issues })
            }
        }
    }
}

impl FromStr for Setup {
    type Err = ParseSetupError;
    fn from_str(s: &str) -> Result<Setup, ParseSetupError> {
        Setup::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cell = |i: usize| self.board.piece_at(Square::new_unchecked(i as u8));
        motley_core::fen::write_board(f, 6, 8, cell, |f, p| write!(f, "{}", p.char()))?;
        write!(f, " {}", self.turn.char())?;
        match self.pending {
            Some((a, b)) => write!(f, " {a}{b}")?,
            None => f.write_str(" -")?,
        }
        if self.halos.is_empty() {
            f.write_str(" -")?;
        } else {
            for (i, sq) in self.halos.iter().enumerate() {
                write!(f, "{}{}", if i == 0 { ' ' } else { ',' }, sq)?;
            }
        }
        write!(f, " {} {}", self.passes, self.ply)?;
        if let Some(end) = self.end {
            write!(f, " {end}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_roundtrips_and_short_forms_default() {
        let start = "shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS g - - 0 0";
        let s: Setup = start.parse().unwrap();
        assert_eq!(s, Setup::default());
        assert_eq!(s.to_string(), start);
        let short: Setup = "shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS g".parse().unwrap();
        assert_eq!(short, s);
        let full = "s1crhs/p1pppp/6/1p4/2H3/6/PPPPPP/S1CR1S b b3c4 b3,c4 0 17";
        assert_eq!(full.parse::<Setup>().unwrap().to_string(), full);
    }

    #[test]
    fn errors_name_field_and_offset() {
        use ParseIssue as E;
        let p = |s: &str| s.parse::<Setup>().unwrap_err().issues;
        assert_eq!(p("6/6/6/6/6/6/6 g"), [E::RankCount { got: 7, at: 0 }]);
        assert_eq!(p("6/6/6/5/6/6/6/6 g"), [E::RankWidth { rank: 5, got: 5, at: 6 }]);
        assert_eq!(p("6/6/6/6/6/6/6/61 g"), [E::RankWidth { rank: 1, got: 7, at: 14 }]);
        assert_eq!(p("6/6/6/6/6/6/6/7 g"), [E::Piece { ch: '7', at: 14 }]);
        assert_eq!(p("6/6/6/6/6/6/6/5k g"), [E::Piece { ch: 'k', at: 15 }]);
        assert_eq!(p("6/6/6/6/6/6/6/6"), [E::Missing { field: "turn", at: 15 }]);
        assert_eq!(p("6/6/6/6/6/6/6/6 w"), [E::Turn { at: 16 }]);
        assert_eq!(p("6/6/6/6/6/6/6/6 g a1"), [E::Pending { at: 18 }]);
        assert_eq!(p("6/6/6/6/6/6/6/6 g - a1,z9"), [E::Halos { at: 23 }]);
        assert_eq!(p("6/6/6/6/6/6/6/6 g - - 3"), [E::Passes { at: 22 }]);
        assert_eq!(p("6/6/6/6/6/6/6/6 g - - 0 +1"), [E::Ply { at: 24 }]);
        assert_eq!(p("6/6/6/6/6/6/6/6 g - - 0 1 lost"), [E::End { at: 26 }]);
        assert_eq!(p("6/6/6/6/6/6/6/6 g - - 0 1 royal-downed x"), [E::Trailing { at: 39 }]);
        assert_eq!(p("6/6/6/6/6/6/6/6 g  - 0"), [E::Pending { at: 18 }]);
    }

    #[test]
    fn every_problem_is_listed_by_offset() {
        use ParseIssue as E;
        let p = |s: &str| s.parse::<Setup>().unwrap_err();
        // One problem in each field, and two ranks and two halos wrong.
        let err = p("6/6/7/5/6/6/6/6k w a1 z9,b2,c0 3 +1 lost");
        assert_eq!(
            err.issues,
            [
                E::Piece { ch: '7', at: 4 },
                E::RankWidth { rank: 5, got: 5, at: 6 },
                E::Piece { ch: 'k', at: 15 },
                E::Turn { at: 17 },
                E::Pending { at: 19 },
                E::Halos { at: 22 },
                E::Halos { at: 28 },
                E::Passes { at: 31 },
                E::Ply { at: 33 },
                E::End { at: 36 },
            ]
        );
        let fields: Vec<&str> = err.issues.iter().map(ParseIssue::field).collect();
        assert_eq!(
            fields,
            ["board", "board", "board", "turn", "pending", "halos", "halos", "passes", "ply", "end"]
        );
        assert_eq!(
            p("6/6/6/6/6/6/6 x - - 9").to_string(),
            "board: 7 ranks, the board has 8 (byte 0); turn: expected `g` or `b` (byte 14); \
             passes: expected 0, 1 or 2 (byte 20)"
        );
        // A rank stops at its first problem.
        assert_eq!(p("6/6/6/6/6/6/6/xy7 g").issues, [E::Piece { ch: 'x', at: 14 }]);
        // Too many fields are reported alone.
        assert_eq!(p("6/6/6 x - - 9 0 lost extra").issues, [E::Trailing { at: 21 }]);
        // A text without a space: its board problems, else the missing turn.
        assert_eq!(p("6/6/6").issues, [E::RankCount { got: 3, at: 0 }]);
        assert_eq!(p("").issues, [E::RankCount { got: 1, at: 0 }]);
        assert_eq!(p("6/6/6/6/6/6/6/6").issues, [E::Missing { field: "turn", at: 15 }]);
        // A single problem prints as its own message.
        assert_eq!(p("6/6/6/6/6/6/6/6 w").to_string(), "turn: expected `g` or `b` (byte 16)");
    }
}
