//! A tiny test-only variant, so the generic commands can be exercised without
//! any real rules engine: two kings on a 4x4 board. A king steps to an
//! adjacent empty square that is not next to the other king. b3 is a green
//! square of colour: the king that reaches it wins (and wears a `*` mark); a
//! side with no step loses; the game is drawn after `LIMIT` plies.
//!
//! Position string: four ranks from rank 4 down, separated by `/`, digits for
//! empty runs, `K` white and `k` black king; then the side to move (`w`/`b`)
//! and the ply count, e.g. `k3/4/4/3K w 0`.

#![allow(dead_code, reason = "each test binary uses part of the toy")]

use std::fmt::{self, Write as _};

use arrayvec::ArrayVec;
use motley_core::{BoardView, Cell, Fact, Glyph, Outcome, Position, Rgb, Seat};

/// Plies after which the game is drawn.
pub const LIMIT: u8 = 12;
const GREEN: (&str, Rgb) = ("green", Rgb(0x2e, 0x9e, 0x44));
const GREEN_SQUARE: u8 = 9; // b3

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Toy {
    kings: [u8; 2],
    turn: u8,
    ply: u8,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Step {
    from: u8,
    to: u8,
}

fn name(sq: u8) -> String {
    format!("{}{}", char::from(b'a' + sq % 4), sq / 4 + 1)
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", name(self.from), name(self.to))
    }
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseToyError {
    #[error("board: {0} (byte {1})")]
    Board(&'static str, usize),
    #[error("side to move: expected `w` or `b` (byte {0})")]
    Side(usize),
    #[error("ply: expected a number 0..={LIMIT} (byte {0})")]
    Ply(usize),
    #[error("missing field `{0}` (byte {1})")]
    Missing(&'static str, usize),
    #[error("trailing text (byte {0})")]
    Trailing(usize),
}

#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ToyMoveError {
    #[error("expected two squares like `a1b2`")]
    Malformed,
    #[error("no legal step {0}")]
    Illegal(String),
}

fn distance(a: u8, b: u8) -> u8 {
    (a % 4).abs_diff(b % 4).max((a / 4).abs_diff(b / 4))
}

fn parse_square(s: &str) -> Option<u8> {
    let b = s.as_bytes();
    match b {
        [f @ b'a'..=b'd', r @ b'1'..=b'4'] => Some((r - b'1') * 4 + (f - b'a')),
        _ => None,
    }
}

impl fmt::Display for Toy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cell = |i: usize| {
            let sq = i as u8;
            if self.kings[0] == sq { Some('K') } else { (self.kings[1] == sq).then_some('k') }
        };
        motley_core::fen::write_board(f, 4, 4, cell, |f, c| f.write_char(c))?;
        write!(f, " {} {}", if self.turn == 0 { 'w' } else { 'b' }, self.ply)
    }
}

impl Position for Toy {
    type Move = Step;
    type MoveList = ArrayVec<Step, 8>;
    type ParseError = ParseToyError;
    type MoveError = ToyMoveError;
    const VARIANT: &'static str = "toy";

    fn start() -> Self {
        Toy { kings: [3, 12], turn: 0, ply: 0 }
    }

    fn from_fen(text: &str) -> Result<Self, ParseToyError> {
        let mut fields = text.split(' ');
        let board = fields.next().unwrap_or("");
        let (mut white, mut black) = (None, None);
        let (mut rank, mut file) = (3i32, 0u8);
        for (i, c) in board.char_indices() {
            match c {
                '/' if file == 4 && rank > 0 => {
                    rank -= 1;
                    file = 0;
                }
                '1'..='4' if file + (c as u8 - b'0') <= 4 => file += c as u8 - b'0',
                'K' | 'k' if file < 4 => {
                    let slot = if c == 'K' { &mut white } else { &mut black };
                    if slot.is_some() {
                        return Err(ParseToyError::Board("second king of one colour", i));
                    }
                    *slot = Some(rank as u8 * 4 + file);
                    file += 1;
                }
                _ => return Err(ParseToyError::Board("unexpected character", i)),
            }
        }
        if rank != 0 || file != 4 {
            return Err(ParseToyError::Board("expected four ranks of four squares", board.len()));
        }
        let (Some(w), Some(b)) = (white, black) else {
            return Err(ParseToyError::Board("each side needs a king", 0));
        };
        if distance(w, b) < 2 {
            return Err(ParseToyError::Board("kings are adjacent", 0));
        }
        let at = board.len() + 1;
        let turn = match fields.next() {
            Some("w") => 0,
            Some("b") => 1,
            Some(_) => return Err(ParseToyError::Side(at)),
            None => return Err(ParseToyError::Missing("side to move", text.len())),
        };
        let at = at + 2;
        let ply = match fields.next() {
            Some(p) => p.parse::<u8>().ok().filter(|&p| p <= LIMIT).ok_or(ParseToyError::Ply(at))?,
            None => return Err(ParseToyError::Missing("ply", text.len())),
        };
        if fields.next().is_some() {
            return Err(ParseToyError::Trailing(text.len()));
        }
        Ok(Toy { kings: [w, b], turn, ply })
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        if seat.0 == 0 { "white" } else { "black" }
    }

    fn turn(&self) -> Seat {
        Seat(self.turn)
    }

    fn legal_moves(&self) -> ArrayVec<Step, 8> {
        let mut list = ArrayVec::new();
        if self.ply >= LIMIT || self.kings.contains(&GREEN_SQUARE) {
            return list;
        }
        let (me, them) = (self.kings[usize::from(self.turn)], self.kings[usize::from(1 - self.turn)]);
        for to in 0..16 {
            if distance(me, to) == 1 && distance(them, to) >= 2 {
                list.push(Step { from: me, to });
            }
        }
        list
    }

    fn play_unchecked(&mut self, mv: Step) {
        self.kings[usize::from(self.turn)] = mv.to;
        self.turn = 1 - self.turn;
        self.ply += 1;
    }

    fn parse_move(&self, token: &str) -> Result<Step, ToyMoveError> {
        let (from, to) = match (token.get(..2).and_then(parse_square), token.get(2..).and_then(parse_square))
        {
            (Some(f), Some(t)) => (f, t),
            _ => return Err(ToyMoveError::Malformed),
        };
        let mv = Step { from, to };
        if self.legal_moves().contains(&mv) { Ok(mv) } else { Err(ToyMoveError::Illegal(token.to_owned())) }
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(seat) = self.kings.iter().position(|&k| k == GREEN_SQUARE) {
            Some(Outcome::win(Seat(seat as u8), 2, "green-square"))
        } else if self.ply >= LIMIT {
            Some(Outcome::draw(2, "move-limit"))
        } else if self.legal_moves().is_empty() {
            Some(Outcome::win(Seat(1 - self.turn), 2, "no-moves"))
        } else {
            None
        }
    }

    fn zobrist(&self) -> u64 {
        u64::from(self.kings[0])
            | u64::from(self.kings[1]) << 8
            | u64::from(self.turn) << 16
            | u64::from(self.ply) << 24
    }
}

impl BoardView for Toy {
    fn dimensions(&self) -> (u8, u8) {
        (4, 4)
    }

    fn cell(&self, file: u8, rank: u8) -> Cell {
        let sq = rank * 4 + file;
        let seat = self.kings.iter().position(|&k| k == sq);
        Cell {
            piece: seat.map(|s| Glyph {
                letter: 'K',
                symbol: '♚',
                army: if s == 0 { "white" } else { "black" },
                color: if s == 0 { Rgb(0xff, 0xff, 0xff) } else { Rgb(0x10, 0x10, 0x10) },
                mark: (sq == GREEN_SQUARE).then_some('*'),
            }),
            tint: (sq == GREEN_SQUARE).then_some(GREEN),
        }
    }

    fn details(&self) -> Vec<(&'static str, String)> {
        vec![("ply", self.ply.to_string()), ("plies_left", (LIMIT - self.ply.min(LIMIT)).to_string())]
    }

    fn facts(&self) -> Vec<(&'static str, Fact)> {
        let board = (0..16u8).filter_map(|sq| {
            let seat = self.kings.iter().position(|&k| k == sq)?;
            let name = motley_core::render::square_name(sq % 4, sq / 4);
            Some(Fact::piece(name, "king", "colour", if seat == 0 { "white" } else { "black" }, &[]))
        });
        vec![
            ("board", Fact::List(board.collect())),
            ("ply", Fact::from(self.ply)),
            ("plies_left", Fact::from(LIMIT - self.ply.min(LIMIT))),
        ]
    }
}
