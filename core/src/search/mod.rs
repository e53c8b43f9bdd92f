//! Generic game-tree search, written once over [`Position`] and [`Evaluate`]:
//! iterative-deepening alpha-beta (negamax) for two seats, paranoid search for
//! more, expectimax with *-minimax (Star1) bounds at chance nodes, a
//! transposition table keyed by [`Position::zobrist`], and the simple
//! [`Player`]s and [`play_match`] driver behind `motley match`.
//!
//! # Score scale
//! A [`Score`] is an `i32` seen from one seat's side:
//! - static evaluations are in **centipawns** (100 = the variant's pawn, or its
//!   smallest unit of material), clamped to ±[`EVAL_LIMIT`];
//! - a won game is [`WIN`] minus its distance in inputs from the root
//!   (`WIN - 1`: the move played now wins), a lost one the negative; every
//!   input counts, chance resolutions included. [`Score::win_distance`] reads
//!   it back. Any score beyond ±[`WIN_BOUND`] is a forced result;
//! - a draw is [`Score::DRAW`] (0) at any distance: a draw is worth the same
//!   however far away it is, and ties keep the earlier move.
//!
//! At a chance node the score is the probability-weighted mean of the
//! outcomes' scores, rounded to the nearest integer, so an engagement that may
//! fail is never scored as a sure capture; a mean of wins at several distances
//! reads as a win at the mean distance.
//!
//! # Chance nodes and loss aversion
//! With plain expectimax a decided game is worth [`WIN`], a million
//! centipawns, so at a chance node any edge in the probability of ending
//! the game outweighs every material consideration: a coin flip on the whole
//! game at 42% against 38% scores +40,000, far above a quiet line that keeps
//! a sound position. That is right against an opponent who takes every such
//! flip himself, but a player who expects to outplay the other side should
//! not stake the game on one. [`Evaluate::loss_aversion`] (or
//! [`SearchConfig::loss_aversion`]) says how much more than its probability
//! an outcome that loses the game on the spot weighs for the seat that took
//! the chance: at 200, an engagement that loses the game 38% of the time is
//! valued as if it did so 55% of the time (38 × 2 out of 38 × 2 + 62).
//! Only outcomes that finish the game at once count; the weights are
//! renormalised, so scores stay within ±[`WIN`] and Star1 bounds apply
//! unchanged. Both sides are modelled alike (negamax stays symmetric).
//!
//! Raw scores are the search's currency; what a player reads is the
//! variant's [`Evaluate::WDL`] model applied to them ([`wdl`]): win, draw
//! and loss odds, and a normalised score where 0 is an even game.
//!
//! # Seats
//! - **Two seats**: negamax. Every node is scored for its [`Position::turn`]
//!   seat; a child whose turn is the same seat (an extra move, a chance node's
//!   resolution keeping the turn) is not negated. `evaluate` must be
//!   zero-sum: `evaluate(a) == -evaluate(b)`.
//! - **Four seats**: *paranoid* search. The root seat maximises its own
//!   evaluation and assumes the three others minimise it together. Chosen over
//!   max-n because paranoid keeps full alpha-beta pruning (max-n only allows
//!   shallow pruning, so at equal time it sees far fewer plies, and one Royale
//!   round is already four plies), needs only the root seat's evaluation, and
//!   its pessimism suits Royale, where any opponent may capture a king left en
//!   prise by another's check. The cost: it may play too defensively when the
//!   opponents really do fight each other.
//! - **Best reply** (opt-in, [`Evaluate::BEST_REPLY`]): paranoid, but the
//!   opponents' turns between two turns of the root seat form one layer, one
//!   ply of depth, in which a single opponent replies with any input while
//!   the others play their *default* input (the best by the static move
//!   order: the most valuable capture by [`Evaluate::move_order_score`],
//!   else the quiet input it ranks first); the layer's value is the
//!   best of these lines for the coalition (BRS+, after Schadd and Winands'
//!   best-reply search and Esser et al.'s variant that keeps every turn
//!   legal). A round then costs two plies instead of one per seat, so the
//!   search sees twice as many rounds at the same depth and no longer
//!   assumes that all three opponents spend every move on the root seat.
//!   Quiescence stays paranoid. No variant turns it on by default: in
//!   Royale a seat searching this way wins fewer games against paranoid
//!   seats than a paranoid seat does; [`SearchConfig::best_reply`] (UCI
//!   `BestReply`) turns it on for one searcher.
//! - **Repetitions** (opt-in, [`Evaluate::REPETITION_PENALTY`]): a variant
//!   without a draw by repetition (Royale) may still want a seat that stands
//!   better to make progress. Given the positions the game went through
//!   ([`Searcher::set_game_history`], from a
//!   [`History::keys`](crate::history::History::keys)), a root input back
//!   into one of them scores the penalty lower per earlier visit, when the
//!   root seat's static evaluation is above 0. Only root inputs are looked
//!   at, so the table's values stay independent of the path.
//!
//! # Search
//! [`Searcher::search`] deepens one ply at a time until a [`Limits`] bound or
//! the stop flag; the last completed iteration gives the result, or, where
//! the variant opts in ([`Evaluate::PARTIAL_ITERATIONS`]), a better root
//! input the unfinished one has already proved. Each iteration is a
//! principal-variation (null-window) alpha-beta search; at depth 0 a
//! quiescence search follows the inputs [`Evaluate::is_quiescence_input`]
//! names (by default the tactical ones,
//! [`Evaluate::is_tactical`]; standing pat on the static evaluation) for at
//! most [`Evaluate::QUIESCENCE_PLIES`] inputs. Chance resolutions
//! do not use up depth. Star1 reads bounds on each resolution's value: in
//! the main search ±[`WIN`], in quiescence the resolution's own stand pat
//! (quiescence never returns less than it; exact at the quiescence limit),
//! so a chance node of quiescence is often decided before its resolutions
//! are searched. The bounds change no value, only the node count (in a
//! Mage's Chess middle game at depth 5, about a twentieth of the nodes
//! searched without them). Move order: transposition-table move, tactical inputs
//! by [`Evaluate::move_order_score`], two killers per ply, then quiet inputs by
//! history plus `move_order_score`. Unless the variant opts in to the
//! [selective techniques](#late-move-reductions) below, no pruning or
//! reduction that could change the value is used, and a table entry cuts the search only if it was
//! searched to exactly the remaining depth (chance resolutions use no depth,
//! so one position can recur at the same ply with different depths left; a
//! deeper entry would then answer a different question). So at a fixed depth
//! the value is the plain minimax (expectimax) value of the depth-limited
//! tree, whatever the table and the move order. One approximation remains: a
//! chance node's mean that mixes wins with evaluations is stored as is, so if
//! the same position recurs at another distance from the root with the same
//! depth left, its win part is off by the distance difference times the win
//! probability.
//!
//! # Late-move reductions
//! A variant may opt in ([`Evaluate::REDUCTIONS`], or
//! [`SearchConfig::reductions`] for one search) to the search's main
//! selective technique: at a node with at least 3 plies left, every
//! input after the first 3 that is quiet (not tactical, no positive
//! [`Evaluate::move_order_score`], not a killer) is first searched one ply
//! shallower (two, from 6 plies left and the 7th input on) with a null
//! window, and searched again at full depth only if it then beats alpha.
//! This trades the exactness above for depth: Sovereign Chess and Royale,
//! whose nodes have 100 to 300 inputs, use it, and so does Mage's Chess,
//! where every engagement declared multiplies the tree by its three
//! resolutions; Joker's Chess searches the exact tree.
//!
//! Three more selective techniques are opt-in, and only Royale, whose
//! rounds are four plies of which paranoid search gives three to one
//! side, uses them: futility pruning at the frontier
//! ([`Evaluate::futility_margin`]), a cap on the inputs quiescence follows
//! per node ([`Evaluate::quiescence_width`]), and cuts by table entries
//! searched deeper than needed ([`Evaluate::DEEPER_CUTS`]).
//!
//! With depth and node limits only, and a new or [cleared](Searcher::clear)
//! searcher, the result is fully deterministic.
//!
//! # Threads (Lazy SMP)
//! With [`SearchConfig::threads`] above 1, the calling thread runs the search
//! above while `threads - 1` helper threads (scoped threads, joined before
//! the search returns) run the same iterative deepening on the same position.
//! Odd-numbered helpers keep one iteration ahead of the calling thread: when
//! one falls behind it jumps to the calling thread's depth plus one, so the
//! threads work on different iterations and what a helper stores (best
//! moves, deeper bounds) orders and cuts the calling thread's next one. All
//! threads share one transposition table, striped into 256 parts each behind
//! its own lock (an entry is read and written whole, so it is never torn; no
//! `unsafe`); killers and history stay per thread. The search ends when the
//! calling thread's limits end it, or, with one line asked for, as soon as
//! any thread completes the last iteration (`Limits::depth`); the result is
//! the deepest completed iteration of any thread, with `nodes` counting every
//! thread. A node limit bounds the calling thread's nodes. With several
//! threads a result is no longer reproducible run to run. With one thread
//! (the default) the search is the single-threaded one, bit for bit.
//!
//! # Example
//! ```
//! use motley_core::search::{Evaluate, Limits, Score, Searcher};
//! use motley_core::{Outcome, Position, Seat};
//! use std::fmt;
//!
//! /// Nim: take 1–3 stones; whoever takes the last one wins.
//! #[derive(Clone, Debug)]
//! struct Nim { stones: u8, turn: u8 }
//! #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
//! struct Take(u8);
//! impl fmt::Display for Take {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{}", self.0) }
//! }
//! impl fmt::Display for Nim {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { write!(f, "{} {}", self.stones, self.turn) }
//! }
//! #[derive(Debug, thiserror::Error)]
//! #[error("bad input")]
//! struct Bad;
//! impl Position for Nim {
//!     type Move = Take;
//!     type MoveList = Vec<Take>;
//!     type ParseError = Bad;
//!     type MoveError = Bad;
//!     const VARIANT: &'static str = "nim";
//!     fn start() -> Self { Nim { stones: 10, turn: 0 } }
//!     fn from_fen(_: &str) -> Result<Self, Bad> { Err(Bad) }
//!     fn seat_count(&self) -> usize { 2 }
//!     fn seat_name(&self, s: Seat) -> &'static str { ["first", "second"][s.index()] }
//!     fn turn(&self) -> Seat { Seat(self.turn) }
//!     fn legal_moves(&self) -> Vec<Take> { (1..=self.stones.min(3)).map(Take).collect() }
//!     fn play_unchecked(&mut self, mv: Take) { self.stones -= mv.0; self.turn ^= 1; }
//!     fn parse_move(&self, _: &str) -> Result<Take, Bad> { Err(Bad) }
//!     fn outcome(&self) -> Option<Outcome> {
//!         // The seat that took the last stone (not the one to move) won.
//!         (self.stones == 0).then(|| Outcome::win(Seat(self.turn ^ 1), 2, "last-stone"))
//!     }
//!     fn zobrist(&self) -> u64 { u64::from(self.stones) << 1 | u64::from(self.turn) }
//! }
//! impl Evaluate for Nim {
//!     fn evaluate(&self, _seat: Seat) -> i32 { 0 }
//! }
//!
//! let mut searcher = Searcher::<Nim>::default();
//! let result = searcher.search(&Nim { stones: 5, turn: 0 }, &Limits::depth(3));
//! // Take one, leaving a multiple of four: a win on the third input.
//! assert_eq!(result.best, Some(Take(1)));
//! assert_eq!(result.score, Score::win_in(3));
//! assert_eq!(result.score.to_string(), "win in 3");
//! assert_eq!(result.pv().len(), 3);
//! ```

mod bounds;
mod engine;
mod play;
mod smp;
mod tt;
pub mod wdl;

use core::fmt;
use std::time::Duration;

use crate::game::{Position, Seat};

pub use bounds::{LimitError, LimitKind};
pub use engine::{Line, SearchConfig, SearchInfo, SearchResult, Searcher};
pub use play::{
    GameRecord, GreedyPlayer, MatchConfig, MatchError, MatchResult, ParsePlayerError, Player, PlayerSpec,
    PlayerStats, RandomPlayer, SearchPlayer, play_game, play_match, sample_outcome,
};
pub use tt::Bound;
pub use wdl::{Wdl, WdlModel};

/// The score of a won game at distance 0; see the [module doc](self).
pub const WIN: i32 = 1_000_000;
/// The deepest ply the search visits (root = ply 0).
pub const MAX_PLY: usize = 256;
/// Every score above this (below its negative) is a forced win (loss).
pub const WIN_BOUND: i32 = WIN - MAX_PLY as i32;
/// Static evaluations are clamped to ±`EVAL_LIMIT`.
pub const EVAL_LIMIT: i32 = 500_000;
/// Larger than any score: the initial search window.
pub const INFINITY: i32 = WIN + 1;

/// A static evaluation for the search: implemented by each variant's position.
///
/// Only [`Evaluate::evaluate`] is required. Scores use the centipawn scale
/// described in the [module doc](self).
pub trait Evaluate: Position {
    /// The depth a front end searches by default (`motley analyze` without
    /// `--depth` or `--time`): one that finishes well within a second from
    /// the start position on a 2-core machine. Defaults to 4.
    const ANALYSIS_DEPTH: u32 = 4;

    /// What a score means: the variant's mapping from raw scores to win,
    /// draw and loss odds and to the normalised score front ends display
    /// (see [`wdl`]). Each variant states its own, fitted on self-play
    /// games of its engine; the default, [`WdlModel::ELO`], reads a raw
    /// score as an Elo-style expected result `1 / (1 + 10^(−cp/400))`.
    /// The search never uses it.
    const WDL: WdlModel = WdlModel::ELO;

    /// The odds models of the variant, one per *class* of position
    /// ([`Evaluate::wdl_class`]): a variant whose raw scores mean different
    /// chances in different kinds of position fits one model per kind
    /// (Royale: by how many kings are left). Defaults to [`Evaluate::WDL`]
    /// alone. The search never uses them.
    const WDL_MODELS: &'static [WdlModel] = &[Self::WDL];

    /// Which of [`Evaluate::WDL_MODELS`] reads this position's scores for
    /// `seat` (an index below its length). Defaults to 0. That model may
    /// hand scores below a level to another of them ([`WdlModel::below`]),
    /// where a score says more about what the position becomes than the
    /// board does (Royale: a seat that has lost its king, or crowned a new
    /// one, by the end of the searched line).
    fn wdl_class(&self, seat: Seat) -> usize {
        let _ = seat;
        0
    }

    /// The model that reads this position's scores for `seat`, the one
    /// front ends use for its odds and normalised score:
    /// [`Evaluate::WDL_MODELS`] at [`Evaluate::wdl_class`] ([`Evaluate::WDL`]
    /// unless a variant has classes).
    fn wdl_model(&self, seat: Seat) -> WdlModel {
        Self::WDL_MODELS.get(self.wdl_class(seat)).copied().unwrap_or(Self::WDL)
    }

    /// How good the position is for `seat`, in centipawns, at a decision node
    /// of an ongoing game (the search scores finished games itself, and never
    /// calls this at a chance node except at [`MAX_PLY`]). With two seats it
    /// must be zero-sum (`evaluate(a) == -evaluate(b)`); with four, the
    /// paranoid search only asks for the root seat, so a useful value compares
    /// `seat` with its opponents (say, own material minus the strongest
    /// opponent's).
    fn evaluate(&self, seat: Seat) -> i32;

    /// The material balance for `seat`, what the `greedy` player maximises.
    /// Defaults to [`Evaluate::evaluate`].
    fn material(&self, seat: Seat) -> i32 {
        self.evaluate(seat)
    }

    /// Whether `mv` (legal here) changes material or is otherwise forcing
    /// (capture, engagement, promotion): quiescence search follows exactly
    /// these inputs, and move ordering tries them before quiet ones.
    /// Defaults to `false` (no quiescence).
    fn is_tactical(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// Whether quiescence search follows `mv` at quiescence ply `qply` (0 at
    /// the horizon). Defaults to [`Evaluate::is_tactical`] at every ply; a
    /// variant overrides it to follow some quiet inputs for a bounded number
    /// of plies past the horizon (Sovereign Chess: stepping onto a square of
    /// a neutral colour, which takes its whole army), so that the side to
    /// move at the horizon can still answer them.
    fn is_quiescence_input(&self, mv: Self::Move, qply: u32) -> bool {
        let _ = qply;
        self.is_tactical(mv)
    }

    /// How many inputs quiescence search follows past the horizon by
    /// default in this variant; [`SearchConfig::quiescence_plies`] overrides
    /// it. Defaults to 8.
    const QUIESCENCE_PLIES: u32 = 8;

    /// How many inputs quiescence search follows at most at a node `qply`
    /// plies past the horizon, the best-ordered first
    /// ([`Evaluate::move_order_score`]); `None`, the default, follows every
    /// one [`Evaluate::is_quiescence_input`] names. With four seats, the
    /// three opponents' capture sequences multiply: Royale narrows them.
    fn quiescence_width(&self, qply: u32) -> Option<usize> {
        let _ = qply;
        None
    }

    /// An ordering hint for `mv`, higher first: for tactical inputs an
    /// MVV-LVA-style value (victim value × 16 − attacker value, scaled to
    /// well under 10⁸), for quiet ones a small bonus (promotion, …) added to
    /// the history score. Defaults to 0.
    fn move_order_score(&self, mv: Self::Move) -> i32 {
        let _ = mv;
        0
    }

    /// Whether the search reduces late quiet inputs by default in this
    /// variant (see the [module doc](self#late-move-reductions));
    /// [`SearchConfig::reductions`] overrides it. Defaults to `false`: the
    /// exact depth-limited tree.
    const REDUCTIONS: bool = false;

    /// Whether, with more than two seats, the opponents' turns between two
    /// turns of the root seat are searched as one best-reply layer (BRS+,
    /// see the [module doc](self#seats)) instead of a ply each (paranoid).
    /// [`SearchConfig::best_reply`] overrides it. Defaults to `false`.
    const BEST_REPLY: bool = false;

    /// How much lower the search scores a root input that leads back to a
    /// position the game has been in, per earlier visit, when the root seat
    /// stands better (its static evaluation above 0) and the game's history
    /// was given ([`Searcher::set_game_history`]). A variant without a draw
    /// by repetition sets it so that a seat ahead does not shuffle pieces
    /// between two squares forever; a seat behind may. `None` (the default):
    /// repetitions are not looked at.
    const REPETITION_PENALTY: Option<i32> = None;

    /// Whether a transposition-table entry searched *deeper* than the
    /// remaining depth may cut the search, the usual rule of chess engines
    /// (see the [module doc](self#search)). Defaults to `false`: only an entry of
    /// exactly the remaining depth cuts, which keeps a fixed-depth value the
    /// plain value of the depth-limited tree; a variant without chance nodes
    /// may opt in for speed.
    const DEEPER_CUTS: bool = false;

    /// Whether a search stopped in the middle of an iteration (by its time
    /// or node limit, or the stop flag) plays the best root input that
    /// iteration has proved: one searched after the previous best, at the
    /// new depth, that scored above it; the result keeps the depth of the
    /// last completed iteration and takes that input's line and score.
    /// Defaults to `false`: the last completed iteration decides. Only with
    /// one line (`multipv` 1) and a root where a seat decides. A variant
    /// whose iterations grow so fast that a short time limit spends most of
    /// itself in an iteration it does not finish (Royale: one round is four
    /// plies) may opt in.
    const PARTIAL_ITERATIONS: bool = false;

    /// Futility pruning at the frontier (see the [module
    /// doc](self#late-move-reductions)): at a node of the main search with
    /// one ply left, outside the principal variation, when the static
    /// evaluation plus this margin (centipawns) cannot reach alpha, the
    /// quiet inputs after the first that [late-move
    /// reductions](self#late-move-reductions) would reduce are not searched
    /// (the node's value is then at most the evaluation plus the margin).
    /// `None`, the default: no pruning.
    fn futility_margin(&self) -> Option<i32> {
        None
    }

    /// Loss aversion at chance nodes, in percent: at a chance node, an
    /// outcome that ends the game at once with a loss for the seat to move
    /// (the seat that chose to take the chance) weighs this many percent of
    /// its probability, and the other outcomes share the rest in proportion
    /// (see the [module doc](self#chance-nodes-and-loss-aversion)).
    /// 100, the default, is plain expectimax. [`SearchConfig::loss_aversion`]
    /// overrides it.
    fn loss_aversion(&self) -> u32 {
        100
    }
}

/// A search score seen from one seat: centipawns, or a win/loss with its
/// distance (see the [module doc](self)).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score(pub i32);

impl Score {
    /// A draw, at any distance.
    pub const DRAW: Score = Score(0);

    /// A win `plies` inputs from now (`win_in(1)`: the input played now wins).
    #[must_use]
    pub const fn win_in(plies: u32) -> Score {
        Score(WIN - plies as i32)
    }

    /// A loss `plies` inputs from now (`loss_in(0)`: the game is lost).
    #[must_use]
    pub const fn loss_in(plies: u32) -> Score {
        Score(-WIN + plies as i32)
    }

    /// For a forced result, its distance in inputs: positive for a win,
    /// negative for a loss (a loss at distance 0, a finished lost game, is
    /// `Some(0)` only through [`Score::is_loss`]). `None` for other scores.
    #[must_use]
    pub const fn win_distance(self) -> Option<i32> {
        if self.0 > WIN_BOUND {
            Some(WIN - self.0)
        } else if self.0 < -WIN_BOUND {
            Some(-(WIN + self.0))
        } else {
            None
        }
    }

    /// Whether this is a forced win.
    #[must_use]
    pub const fn is_win(self) -> bool {
        self.0 > WIN_BOUND
    }

    /// Whether this is a forced loss.
    #[must_use]
    pub const fn is_loss(self) -> bool {
        self.0 < -WIN_BOUND
    }

    /// The UCI form: `cp <centipawns>`, or `mate <n>` for a forced result,
    /// `n` counting the mover's own inputs (`⌈distance / 2⌉`, negative for a
    /// loss), as two-seat GUIs expect.
    ///
    /// ```
    /// use motley_core::search::Score;
    /// assert_eq!(Score(-35).uci(), "cp -35");
    /// assert_eq!(Score::win_in(3).uci(), "mate 2");
    /// assert_eq!(Score::loss_in(4).uci(), "mate -2");
    /// assert_eq!(Score::loss_in(0).uci(), "mate 0");
    /// ```
    #[must_use]
    pub fn uci(self) -> String {
        match self.win_distance() {
            Some(d) if d > 0 => format!("mate {}", (d + 1) / 2),
            Some(d) => format!("mate {}", -((-d + 1) / 2)),
            None => format!("cp {}", self.0),
        }
    }

    /// The score in centipawns, if it is not a forced result.
    #[must_use]
    pub const fn centipawns(self) -> Option<i32> {
        if self.is_win() || self.is_loss() { None } else { Some(self.0) }
    }
}

impl fmt::Display for Score {
    /// `+1.25` (pawns), `0.00`, `win in 3`, `loss in 4` (inputs).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_win() {
            write!(f, "win in {}", WIN - self.0)
        } else if self.is_loss() {
            write!(f, "loss in {}", WIN + self.0)
        } else {
            let sign = match self.0.signum() {
                1 => "+",
                -1 => "-",
                _ => "",
            };
            let abs = self.0.unsigned_abs();
            write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
        }
    }
}

/// When a search stops. With no bound at all it runs until the stop flag
/// (or depth [`Limits::MAX_DEPTH`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Limits {
    /// The last iteration's depth, in decision plies.
    pub depth: Option<u32>,
    /// Wall-clock budget: the search stops within it (an unfinished iteration
    /// is dropped, unless [`Evaluate::PARTIAL_ITERATIONS`] keeps what it
    /// proved) and starts no new iteration after 60% of it.
    pub time: Option<Duration>,
    /// Stop after this many nodes (every visited position counts).
    pub nodes: Option<u64>,
    /// How many best root inputs to score exactly (≥ 1).
    pub multipv: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { depth: None, time: None, nodes: None, multipv: 1 }
    }
}

impl Limits {
    /// The deepest iteration any search starts.
    pub const MAX_DEPTH: u32 = 64;

    /// Search to `depth` plies.
    #[must_use]
    pub fn depth(depth: u32) -> Self {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    /// Search for at most `ms` milliseconds.
    #[must_use]
    pub fn time_ms(ms: u64) -> Self {
        Limits { time: Some(Duration::from_millis(ms)), ..Limits::default() }
    }

    /// Search at most `nodes` nodes.
    #[must_use]
    pub fn nodes(nodes: u64) -> Self {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    /// A time budget for one move with `remaining` on the clock and
    /// `increment` per move: a thirtieth of the remaining time plus most of
    /// the increment, never more than half the remaining time (at least 1 ms).
    ///
    /// ```
    /// use motley_core::search::Limits;
    /// use std::time::Duration;
    /// let l = Limits::for_clock(Duration::from_secs(60), Duration::from_secs(1));
    /// assert_eq!(l.time, Some(Duration::from_millis(2_000 + 900)));
    /// let l = Limits::for_clock(Duration::from_millis(100), Duration::from_secs(5));
    /// assert_eq!(l.time, Some(Duration::from_millis(50)));
    /// ```
    #[must_use]
    pub fn for_clock(remaining: Duration, increment: Duration) -> Self {
        let budget =
            (remaining / 30 + increment.mul_f64(0.9)).min(remaining / 2).max(Duration::from_millis(1));
        Limits { time: Some(budget), ..Limits::default() }
    }

    /// The same limits with `k` principal variations.
    #[must_use]
    pub fn with_multipv(self, k: usize) -> Self {
        Limits { multipv: k.max(1), ..self }
    }
}
