//! The traits every variant implements, so that perft, search and the CLI are
//! written once: [`Position`] (parse, print, list legal inputs, play, status,
//! hash), plus the [`Outcome`] of a finished game and the [`Seat`] type. The
//! drawing types are in [`crate::view`].
//!
//! The model covers the three variants without special cases:
//! - **Seats**: a position has `seat_count()` seats (2, or 4 in Royale) and
//!   [`Position::turn`] names the one whose input comes next.
//! - **Chance**: a position may be a *chance node* ([`Position::chance`]):
//!   its legal inputs are outcomes of a random event (Mage's Chess
//!   engagements) with probabilities. Search averages over them; move lists
//!   treat them as ordinary inputs, and perft branches on the ones the
//!   variant counts ([`Position::perft_roots`]).
//! - **Results**: an [`Outcome`] holds one [`SeatResult`] per seat and a
//!   machine-readable reason.

use core::fmt;
use core::hash::Hash;
use core::ops::Deref;

use arrayvec::ArrayVec;

// The drawing types are defined in `crate::view`; re-exported here so that
// `motley_core::game::…` paths to them work too.
pub use crate::view::{Annotations, BoardView, Cell, Glyph, PieceRow, Region, Rgb, RoleKey};

/// The largest number of seats of any variant (Royale).
pub const MAX_SEATS: usize = 4;

/// A seat (player) of a game: `Seat(0) .. Seat(seat_count() - 1)`, in turn
/// order.
///
/// The field is the 0-based index, and so are `Debug` and serde (a bare
/// number). `Display` is for people: the word `seat` and the 1-based
/// [number](Seat::number), so that the two forms cannot be mistaken for one
/// another. A variant's own name for a seat (`"white"`, …) is
/// [`Position::seat_name`].
///
/// ```
/// use motley_core::Seat;
/// assert_eq!(Seat(0).to_string(), "seat 1");
/// assert_eq!(format!("{:?}", Seat(0)), "Seat(0)");
/// assert_eq!((Seat(3).index(), Seat(3).number()), (3, 4));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Seat(pub u8);

impl Seat {
    /// The 0-based index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 1-based number people read: 1 for `Seat(0)`.
    #[must_use]
    pub const fn number(self) -> u32 {
        self.0 as u32 + 1
    }
}

impl fmt::Display for Seat {
    /// `seat N`, with `N` the 1-based [`Seat::number`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.number())
    }
}

/// How one seat finished.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum SeatResult {
    /// The seat won.
    Win,
    /// The seat drew (or tied, in a multi-seat game).
    Draw,
    /// The seat lost.
    Loss,
}

impl SeatResult {
    /// The conventional score: 1, ½ or 0.
    #[must_use]
    pub const fn score(self) -> f64 {
        match self {
            SeatResult::Win => 1.0,
            SeatResult::Draw => 0.5,
            SeatResult::Loss => 0.0,
        }
    }

    /// The lower-case name: `"win"`, `"draw"` or `"loss"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SeatResult::Win => "win",
            SeatResult::Draw => "draw",
            SeatResult::Loss => "loss",
        }
    }
}

/// The result of a finished game: a [`SeatResult`] per seat and why.
///
/// ```
/// use motley_core::{Outcome, Seat, SeatResult};
/// let o = Outcome::win(Seat(1), 2, "checkmate");
/// assert_eq!(o.winner(), Some(Seat(1)));
/// assert_eq!(o.result(Seat(0)), SeatResult::Loss);
/// assert_eq!(o.to_string(), "seat 2 wins (checkmate)");
/// assert_eq!(o.describe(|s| ["white", "black"][s.index()]), "black wins (checkmate)");
/// assert!(Outcome::draw(2, "stalemate").is_draw());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Outcome {
    results: ArrayVec<SeatResult, MAX_SEATS>,
    reason: &'static str,
}

impl Outcome {
    /// An outcome from explicit per-seat results.
    ///
    /// # Panics
    /// If `results` has more than [`MAX_SEATS`] entries.
    #[must_use]
    #[track_caller]
    pub fn new(results: &[SeatResult], reason: &'static str) -> Self {
        Outcome { results: results.iter().copied().collect(), reason }
    }

    /// `winner` wins, every other of the `seats` seats loses.
    #[must_use]
    pub fn win(winner: Seat, seats: usize, reason: &'static str) -> Self {
        Outcome {
            results: (0..seats.min(MAX_SEATS))
                .map(|i| if i == winner.index() { SeatResult::Win } else { SeatResult::Loss })
                .collect(),
            reason,
        }
    }

    /// Every seat draws.
    #[must_use]
    pub fn draw(seats: usize, reason: &'static str) -> Self {
        Outcome { results: (0..seats.min(MAX_SEATS)).map(|_| SeatResult::Draw).collect(), reason }
    }

    /// The one seat with [`SeatResult::Win`], if exactly one won.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        let mut winners = self.results.iter().enumerate().filter(|(_, r)| **r == SeatResult::Win);
        match (winners.next(), winners.next()) {
            (Some((i, _)), None) => Some(Seat(i as u8)),
            _ => None,
        }
    }

    /// Whether no seat won.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        !self.results.contains(&SeatResult::Win)
    }

    /// The result of `seat` (a loss for a seat out of range).
    #[must_use]
    pub fn result(&self, seat: Seat) -> SeatResult {
        self.results.get(seat.index()).copied().unwrap_or(SeatResult::Loss)
    }

    /// Every seat's result, seat 0 first.
    #[must_use]
    pub fn results(&self) -> &[SeatResult] {
        &self.results
    }

    /// A short machine-readable reason in kebab case, such as `"checkmate"` or
    /// `"move-limit"`; each variant documents its reasons.
    #[must_use]
    pub fn reason(&self) -> &'static str {
        self.reason
    }

    /// The outcome for people, each seat named by `name` (as the game names
    /// it, see [`Position::seat_name`]): `black wins (checkmate)`,
    /// `draw (stalemate)`, or each seat's result when several seats share the
    /// win or neither a single seat won nor all drew:
    /// `white win, ash draw, slate draw, black loss (move-limit)`.
    ///
    /// The plain `Display` names seats by number (`seat 2 wins (checkmate)`);
    /// text meant for users uses this instead.
    ///
    /// ```
    /// use motley_core::{Outcome, SeatResult};
    /// let names = |s: motley_core::Seat| ["white", "ash", "slate", "black"][s.index()];
    /// let o = Outcome::new(&[SeatResult::Win, SeatResult::Loss, SeatResult::Win, SeatResult::Loss], "alliance");
    /// assert_eq!(o.describe(names), "white win, ash loss, slate win, black loss (alliance)");
    /// assert_eq!(Outcome::draw(4, "stalemate").describe(names), "draw (stalemate)");
    /// ```
    #[must_use]
    pub fn describe<'a>(&self, name: impl Fn(Seat) -> &'a str) -> String {
        match self.winner() {
            Some(w) => format!("{} wins ({})", name(w), self.reason),
            None if self.is_draw() => format!("draw ({})", self.reason),
            None => {
                let parts: Vec<String> = self
                    .results
                    .iter()
                    .enumerate()
                    .map(|(i, r)| format!("{} {}", name(Seat(i as u8)), r.name()))
                    .collect();
                format!("{} ({})", parts.join(", "), self.reason)
            }
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(w) => write!(f, "{w} wins ({})", self.reason),
            None if self.is_draw() => write!(f, "draw ({})", self.reason),
            None => {
                let parts: Vec<String> = self
                    .results
                    .iter()
                    .enumerate()
                    .map(|(i, r)| format!("seat {}: {r:?}", i + 1).to_lowercase())
                    .collect();
                write!(f, "{} ({})", parts.join(", "), self.reason)
            }
        }
    }
}

/// Which tree perft counts. Only variants with chance events (Mage's Chess)
/// tell the two apart; deterministic variants count the same tree for both.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum PerftMode {
    /// Each chance event follows only its "expected" resolution (Mage's Chess:
    /// the challenger wins), so the tree is that of deterministic capture.
    #[default]
    Decision,
    /// Each chance event branches into every counted resolution.
    Full,
}

/// A move that is not legal in the position it was played in (the error of
/// [`Position::play`]).
#[derive(Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("move `{token}` is not legal here")]
pub struct IllegalMove {
    /// The move, in the variant's notation.
    pub token: String,
}

/// A playable, validated position of a variant.
///
/// `Display` prints the variant's position string, which
/// [`Position::from_fen`] reads back to an equal position.
pub trait Position: Clone + Send + Sync + fmt::Display + fmt::Debug + 'static {
    /// An input: a move, a drop, a regime change, a chance resolution…
    type Move: Copy + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static;
    /// The list type [`Position::legal_moves`] returns.
    type MoveList: Deref<Target = [Self::Move]> + IntoIterator<Item = Self::Move> + Default;
    /// Error of [`Position::from_fen`].
    type ParseError: std::error::Error + Send + Sync + 'static;
    /// Error of [`Position::parse_move`].
    type MoveError: std::error::Error + Send + Sync + 'static;

    /// The variant's name as the CLI spells it (`"joker"`, `"mages"`, …).
    const VARIANT: &'static str;

    /// The history draws the variant's rules apply automatically (see
    /// [`History`](crate::history::History)). Default: none.
    const DRAW_RULES: DrawRules = DrawRules::NONE;

    /// The variant's start position.
    fn start() -> Self;

    /// Parses and validates a position string.
    ///
    /// # Errors
    /// A typed error naming the field and byte offset that is wrong.
    fn from_fen(text: &str) -> Result<Self, Self::ParseError>;

    /// The position string (same as `to_string()`).
    fn fen(&self) -> String {
        self.to_string()
    }

    /// Number of seats (2 or 4).
    fn seat_count(&self) -> usize;

    /// A human name for `seat` (`"white"`, `"green"`, …).
    fn seat_name(&self, seat: Seat) -> &'static str;

    /// The seat whose input comes next.
    fn turn(&self) -> Seat;

    /// Every legal input. Empty exactly when the game is over.
    fn legal_moves(&self) -> Self::MoveList;

    /// Whether there is a legal input (the game goes on): exactly
    /// `!self.legal_moves().is_empty()`, the default. A variant whose
    /// generator can stop at the first legal input overrides it; quiescence
    /// search asks this where it needs no move list.
    fn has_legal_moves(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// How many legal inputs there are: `legal_moves().len()`, the default.
    /// Variants override it with a counter that lists nothing.
    fn count_legal(&self) -> u64 {
        self.legal_moves().len() as u64
    }

    /// Plays `mv`, which must be one of [`Position::legal_moves`]; anything
    /// else leaves the position unspecified (but memory-safe).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays `mv` after checking it is legal here (written once for every
    /// variant, over [`Position::is_legal`] and [`Position::play_unchecked`]).
    ///
    /// # Errors
    /// [`IllegalMove`] if `mv` is not legal here; the position is unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove { token: mv.to_string() });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Parses a move token in the variant's notation and checks it is legal here.
    ///
    /// # Errors
    /// A typed error if the token is malformed or not a legal input.
    fn parse_move(&self, token: &str) -> Result<Self::Move, Self::MoveError>;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The Zobrist hash of everything that decides the legal inputs and the result.
    fn zobrist(&self) -> u64;

    /// The hash that decides repetition (see [`History`](crate::history::History)):
    /// [`Position::zobrist`] without the counters that never repeat (ply
    /// count, half-move clock). Default: [`Position::zobrist`], for variants
    /// whose hash holds no counter.
    fn repetition_key(&self) -> u64 {
        self.zobrist()
    }

    /// Plies since the last pawn move or capture, for variants that count
    /// them (the clock of [`DrawRules::quiet_plies`](DrawRules)).
    /// Default: `None` (not counted).
    fn quiet_plies(&self) -> Option<u32> {
        None
    }

    /// A one-line status for people: `"ongoing"`, `"check"`, `"engagement pending"`,
    /// or the outcome naming seats as the game does (`"black wins (checkmate)"`,
    /// see [`Position::outcome_text`]). The default says `"ongoing"` or the outcome.
    fn status(&self) -> String {
        self.outcome().map_or_else(|| "ongoing".to_owned(), |o| self.outcome_text(&o))
    }

    /// `outcome` for people, each seat named by [`Position::seat_name`]
    /// (see [`Outcome::describe`]): `"green wins (royal-downed)"`.
    fn outcome_text(&self, outcome: &Outcome) -> String {
        outcome.describe(|s| self.seat_name(s))
    }

    /// At a chance node, each legal input that chance may pick with its
    /// probability (summing to 1; inputs with probability 0 may be left out).
    /// `None` at a decision node.
    fn chance(&self) -> Option<Vec<(Self::Move, f64)>> {
        None
    }

    /// Inputs the rules accept here that [`Position::legal_moves`] leaves
    /// out: a legal move played with a mark that changes the game but that
    /// a search or a perft count does not consider (Mage's Chess: an action
    /// declared a heresy, `c1c4!`). A board offers them beside the legal
    /// moves, as a choice. None by default.
    fn marked_inputs(&self) -> Vec<Self::Move> {
        Vec::new()
    }

    /// Whether `mv` is a legal input here.
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Plays a random input and returns it: at a chance node
    /// ([`Position::chance`]) an outcome drawn with its probability
    /// ([`sample_outcome`](crate::random::sample_outcome)), otherwise a legal
    /// input drawn uniformly ([`uniform`](crate::random::uniform)).
    /// `None`, and nothing played, once the game is over. Behind the `rand`
    /// feature; the generator's crate is [`motley_core::rand`](crate::rand).
    #[cfg(feature = "rand")]
    fn play_random<R: rand::Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Self::Move> {
        if self.outcome().is_some() {
            return None;
        }
        let mv = match self.chance() {
            Some(outcomes) => crate::random::sample_outcome(&outcomes, rng)?,
            None => crate::random::uniform(&self.legal_moves(), rng)?,
        };
        self.play_unchecked(mv);
        Some(mv)
    }

    /// Counts the leaves of the game tree `depth` plies deep.
    fn perft(&self, depth: u32, mode: PerftMode) -> u64 {
        let _ = mode;
        listing_perft(self, depth)
    }

    /// The [`Position::perft`] count of the subtree below the root input `mv`
    /// at total depth `depth` (so `divide` sums to `perft`). Variants whose
    /// inputs are not all plies (Mage's Chess resolutions) override it.
    fn perft_after(&self, mv: Self::Move, depth: u32, mode: PerftMode) -> u64 {
        if depth == 0 {
            return 0;
        }
        let mut child = self.clone();
        child.play_unchecked(mv);
        child.perft(depth - 1, mode)
    }

    /// The root inputs that [`Position::perft`] branches on in `mode`: every
    /// legal input by default. Variants whose perft skips some legal inputs
    /// (Mage's Chess at a pending engagement counts only its counted
    /// resolutions, never `foul`) override it. Every perft path (divide, the
    /// CLI's threaded split, UCI) branches on exactly these.
    fn perft_roots(&self, mode: PerftMode) -> Vec<Self::Move> {
        let _ = mode;
        self.legal_moves().iter().copied().collect()
    }

    /// The root inputs that [`Position::perft`] branches on
    /// ([`Position::perft_roots`]), each with [`Position::perft_after`]. Sums
    /// to `perft(depth, mode)`.
    fn divide(&self, depth: u32, mode: PerftMode) -> Vec<(Self::Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        self.perft_roots(mode).into_iter().map(|mv| (mv, self.perft_after(mv, depth, mode))).collect()
    }
}

/// The automatic draws that depend on the history of a game (kept by
/// [`History`](crate::history::History)). `None` turns a rule off.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DrawRules {
    /// The game is drawn when a position (same [`Position::repetition_key`]) occurs
    /// this many times.
    pub repetitions: Option<u32>,
    /// The game is drawn when [`Position::quiet_plies`] (plies without pawn
    /// move or capture) reaches this many.
    pub quiet_plies: Option<u32>,
}

impl DrawRules {
    /// No history draw.
    pub const NONE: DrawRules = DrawRules { repetitions: None, quiet_plies: None };
}

/// Leaves of the game tree `depth` plies deep by listing every position's
/// legal inputs ([`Position::legal_moves`]): the slow, obviously correct
/// perft that the variants' fast counters (over
/// [`MoveGen`](crate::movegen::MoveGen), [`bulk_perft`](crate::movegen::bulk_perft)) are checked
/// against. Counts each legal input as a
/// ply, with bulk counting at the last ply. A finished game counts 0 at every
/// depth ≥ 1.
pub fn listing_perft<P: Position>(pos: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            listing_perft(&child, depth - 1)
        })
        .sum()
}
