//! [`SearchProfile::repetition_penalty`]: a seat that stands better does not
//! play back into a position the game has been in, a seat behind may, and
//! the penalty grows with each earlier visit.
#![cfg(feature = "search")]

mod search_toys;

use std::fmt;

use motley_core::search::{Evaluate, Limits, Score, SearchConfig, SearchProfile, Searcher};
use motley_core::zobrist::splitmix64;
use motley_core::{Outcome, Position, Seat};
use search_toys::NoText;

/// Two tokens on a line of five squares, one per seat; each turn the seat
/// to move steps its token one square left or right. The game never ends.
/// Seat 0 scores `bias`, and 10 more with its token on square 1.
#[derive(Clone, Debug)]
struct Shuttle {
    x: i8,
    y: i8,
    turn: u8,
    bias: i32,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Step(i8);

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+}", self.0)
    }
}

impl fmt::Display for Shuttle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.x, self.y, self.turn)
    }
}

impl Position for Shuttle {
    type Move = Step;
    type MoveList = Vec<Step>;
    type ParseError = NoText;
    type MoveError = NoText;
    const VARIANT: &'static str = "shuttle";

    fn start() -> Self {
        Shuttle { x: 2, y: 2, turn: 0, bias: 0 }
    }
    fn from_fen(_: &str) -> Result<Self, NoText> {
        Err(NoText)
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn seat_name(&self, seat: Seat) -> &'static str {
        ["left", "right"][seat.index()]
    }
    fn turn(&self) -> Seat {
        Seat(self.turn)
    }
    fn legal_moves(&self) -> Vec<Step> {
        let at = if self.turn == 0 { self.x } else { self.y };
        [-1, 1].into_iter().filter(|d| (0..5).contains(&(at + d))).map(Step).collect()
    }
    fn play_unchecked(&mut self, mv: Step) {
        if self.turn == 0 {
            self.x += mv.0;
        } else {
            self.y += mv.0;
        }
        self.turn ^= 1;
    }
    fn parse_move(&self, _: &str) -> Result<Step, NoText> {
        Err(NoText)
    }
    fn outcome(&self) -> Option<Outcome> {
        None
    }
    fn zobrist(&self) -> u64 {
        let parts = [self.x as u64, self.y as u64, u64::from(self.turn)];
        parts.iter().fold(0x5eed, |acc, &p| splitmix64(acc ^ p).1)
    }
}

const PENALTY: i32 = 100;

impl Evaluate for Shuttle {
    const PROFILE: SearchProfile =
        SearchProfile { repetition_penalty: Some(PENALTY), ..SearchProfile::DEFAULT };
    fn evaluate(&self, seat: Seat) -> i32 {
        let left = self.bias + if self.x == 1 { 10 } else { 0 };
        if seat.0 == 0 { left } else { -left }
    }
}

fn after(pos: &Shuttle, step: i8) -> Shuttle {
    let mut p = pos.clone();
    p.play_unchecked(Step(step));
    p
}

/// Both root moves scored exactly, with the game's history `keys`.
fn lines(pos: &Shuttle, keys: &[u64]) -> Vec<(Step, Score)> {
    let mut searcher = Searcher::<Shuttle>::new(SearchConfig { hash_mb: 1, ..SearchConfig::default() });
    searcher.set_game_history(keys);
    let r = searcher.search(pos, &Limits::depth(1).with_multipv(2));
    r.lines.iter().map(|l| (l.moves[0], l.score)).collect()
}

#[test]
fn a_seat_ahead_does_not_step_back_into_the_game() {
    let ahead = Shuttle { bias: 50, ..Shuttle::start() };
    let back = after(&ahead, -1).repetition_key();
    // Without the game's history, square 1 is worth 10 more.
    assert_eq!(lines(&ahead, &[]), vec![(Step(-1), Score(60)), (Step(1), Score(50))]);
    // The game has been there once, then twice: 100 lower per visit.
    assert_eq!(lines(&ahead, &[back]), vec![(Step(1), Score(50)), (Step(-1), Score(60 - PENALTY))]);
    assert_eq!(
        lines(&ahead, &[back, ahead.repetition_key(), back]),
        vec![(Step(1), Score(50)), (Step(-1), Score(60 - 2 * PENALTY))]
    );
}

#[test]
fn a_seat_behind_may_repeat_and_other_searches_are_unchanged() {
    let behind = Shuttle { bias: -50, ..Shuttle::start() };
    let back = after(&behind, -1).repetition_key();
    assert_eq!(lines(&behind, &[back]), vec![(Step(-1), Score(-40)), (Step(1), Score(-50))]);
    // Keys of positions the root cannot reach change nothing.
    let ahead = Shuttle { bias: 50, ..Shuttle::start() };
    let elsewhere = Shuttle { x: 4, y: 0, ..ahead.clone() }.repetition_key();
    assert_eq!(lines(&ahead, &[elsewhere]), lines(&ahead, &[]));
    // An empty history forgets the one set before.
    let mut searcher = Searcher::<Shuttle>::new(SearchConfig { hash_mb: 1, ..SearchConfig::default() });
    searcher.set_game_history(&[after(&ahead, -1).repetition_key()]);
    assert_eq!(searcher.search(&ahead, &Limits::depth(1)).best, Some(Step(1)));
    searcher.set_game_history(&[]);
    searcher.clear();
    assert_eq!(searcher.search(&ahead, &Limits::depth(1)).best, Some(Step(-1)));
}
