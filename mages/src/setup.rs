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

/// A position string does not follow the grammar. Every variant names the
/// field and the byte offset where reading failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSetupError {
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
    /// More fields than the grammar has.
    #[error("unexpected text after the position (byte {at})")]
    Trailing {
        /// Byte offset.
        at: usize,
    },
}

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

fn parse_board(s: &[u8], base: usize, spans: &mut Spans) -> Result<Board, ParseSetupError> {
    let mut board = Board::empty();
    let ranks: Vec<&[u8]> = s.split(|&c| c == b'/').collect();
    let mut at = base;
    if ranks.len() != 8 {
        return Err(ParseSetupError::RankCount { got: ranks.len(), at: base });
    }
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let file = parse_rank(&mut board, rank, rank_text, at, spans)?;
        if file != 6 {
            return Err(ParseSetupError::RankWidth { rank: rank + 1, got: file, at });
        }
        at += rank_text.len() + 1;
    }
    Ok(board)
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
) -> Result<usize, ParseSetupError> {
    let mut file = 0usize;
    for (j, &c) in text.iter().enumerate() {
        match c {
            b'1'..=b'6' => file += usize::from(c - b'0'),
            _ => {
                let piece = Piece::from_char(c as char)
                    .ok_or(ParseSetupError::Piece { ch: c as char, at: at + j })?;
                // Off the board (a rank of more than 6 squares) is reported below.
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

impl Setup {
    /// Parses a position string (grammar in the module documentation).
    ///
    /// # Errors
    /// [`ParseSetupError`] naming the field and byte offset.
    pub fn from_ascii(s: &[u8]) -> Result<Setup, ParseSetupError> {
        Setup::parse(s).map(|(setup, _)| setup)
    }

    /// Parses a position string, recording where its parts start.
    pub(crate) fn parse(s: &[u8]) -> Result<(Setup, Spans), ParseSetupError> {
        let mut fields = Vec::new();
        let mut start = 0;
        for (i, &c) in s.iter().enumerate() {
            if c == b' ' {
                fields.push((start, &s[start..i]));
                start = i + 1;
            }
        }
        fields.push((start, &s[start..]));
        let field = |k: usize| fields.get(k).copied();
        let mut spans = Spans {
            fields: core::array::from_fn(|k| field(k).map_or(s.len(), |(at, _)| at)),
            pieces: [0; 48],
            halos: [0; 48],
        };

        let (at, text) = field(0).unwrap_or((0, b""));
        let board = parse_board(text, at, &mut spans)?;
        let mut setup = Setup { board, ..Setup::default() };

        let (at, text) = field(1).ok_or(ParseSetupError::Missing { field: "turn", at: s.len() })?;
        setup.turn = match text {
            b"g" => Team::Green,
            b"b" => Team::Blue,
            _ => return Err(ParseSetupError::Turn { at }),
        };

        if let Some((at, text)) = field(2) {
            setup.pending = match text {
                b"-" => None,
                _ => {
                    let err = ParseSetupError::Pending { at };
                    let (a, n) = Square::parse_prefix(text).ok_or(err.clone())?;
                    let (b, m) = Square::parse_prefix(&text[n..]).ok_or(err.clone())?;
                    if n + m != text.len() {
                        return Err(err);
                    }
                    Some((a, b))
                }
            };
        }

        if let Some((at, text)) = field(3)
            && text != b"-"
        {
            let mut offset = at;
            for part in text.split(|&c| c == b',') {
                let sq = Square::from_ascii(part).map_err(|_| ParseSetupError::Halos { at: offset })?;
                if !setup.halos.contains(sq) {
                    spans.halos[sq.index()] = offset;
                }
                setup.halos.add(sq);
                offset += part.len() + 1;
            }
        }

        if let Some((at, text)) = field(4) {
            setup.passes = match text {
                b"0" => 0,
                b"1" => 1,
                b"2" => 2,
                _ => return Err(ParseSetupError::Passes { at }),
            };
        }

        if let Some((at, text)) = field(5) {
            let ok = !text.is_empty() && text.iter().all(u8::is_ascii_digit);
            setup.ply = core::str::from_utf8(text)
                .ok()
                .filter(|_| ok)
                .and_then(|t| t.parse().ok())
                .ok_or(ParseSetupError::Ply { at })?;
        }

        if let Some((at, text)) = field(6) {
            setup.end = match text {
                b"royal-downed" => Some(EndReason::RoyalDowned),
                b"royal-expelled" => Some(EndReason::RoyalExpelled),
                _ => return Err(ParseSetupError::End { at }),
            };
        }

        if let Some((at, _)) = field(7) {
            return Err(ParseSetupError::Trailing { at });
        }
        Ok((setup, spans))
    }
}

impl FromStr for Setup {
    type Err = ParseSetupError;
    fn from_str(s: &str) -> Result<Setup, ParseSetupError> {
        Setup::from_ascii(s.as_bytes())
    }
}

impl Setup {
    /// Writes rank `rank` (0 = rank 1) of the board as the position string
    /// has it, file a first: each piece letter, and each run of empty
    /// squares as its length.
    fn write_rank(&self, f: &mut fmt::Formatter<'_>, rank: u8) -> fmt::Result {
        let mut empty = 0;
        for sq in Square::all().filter(|sq| sq.rank().index() == rank) {
            match self.board.piece_at(sq) {
                Some(p) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    write!(f, "{}", p.char())?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            self.write_rank(f, rank)?;
            if rank > 0 {
                f.write_str("/")?;
            }
        }
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
        use ParseSetupError as E;
        let p = |s: &str| s.parse::<Setup>().unwrap_err();
        assert_eq!(p("6/6/6/6/6/6/6 g"), E::RankCount { got: 7, at: 0 });
        assert_eq!(p("6/6/6/5/6/6/6/6 g"), E::RankWidth { rank: 5, got: 5, at: 6 });
        assert_eq!(p("6/6/6/6/6/6/6/61 g"), E::RankWidth { rank: 1, got: 7, at: 14 });
        assert_eq!(p("6/6/6/6/6/6/6/7 g"), E::Piece { ch: '7', at: 14 });
        assert_eq!(p("6/6/6/6/6/6/6/5k g"), E::Piece { ch: 'k', at: 15 });
        assert_eq!(p("6/6/6/6/6/6/6/6"), E::Missing { field: "turn", at: 15 });
        assert_eq!(p("6/6/6/6/6/6/6/6 w"), E::Turn { at: 16 });
        assert_eq!(p("6/6/6/6/6/6/6/6 g a1"), E::Pending { at: 18 });
        assert_eq!(p("6/6/6/6/6/6/6/6 g - a1,z9"), E::Halos { at: 23 });
        assert_eq!(p("6/6/6/6/6/6/6/6 g - - 3"), E::Passes { at: 22 });
        assert_eq!(p("6/6/6/6/6/6/6/6 g - - 0 +1"), E::Ply { at: 24 });
        assert_eq!(p("6/6/6/6/6/6/6/6 g - - 0 1 lost"), E::End { at: 26 });
        assert_eq!(p("6/6/6/6/6/6/6/6 g - - 0 1 royal-downed x"), E::Trailing { at: 39 });
        assert_eq!(p("6/6/6/6/6/6/6/6 g  - 0"), E::Pending { at: 18 });
    }
}
