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
//! variant's [`Reading::WDL`] model applied to them ([`wdl`]): win, draw
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
//! - **Best reply** (opt-in, [`SearchProfile::best_reply`]): paranoid, but the
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
//! - **Repetitions** (opt-in, [`SearchProfile::repetition_penalty`]): a variant
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
//! the variant opts in ([`SearchProfile::partial_iterations`]), a better root
//! input the unfinished one has already proved. Each iteration is a
//! principal-variation (null-window) alpha-beta search; at depth 0 a
//! quiescence search follows the inputs [`Evaluate::is_quiescence_input`]
//! names (by default the tactical ones,
//! [`Evaluate::is_tactical`]; standing pat on the static evaluation) for at
//! most [`SearchProfile::quiescence_plies`] inputs. Chance resolutions
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
//! A variant may opt in ([`SearchProfile::reductions`], or
//! [`SearchConfig::reductions`] for one search) to the search's main
//! selective technique: at a node with at least 3 plies left, a late
//! input that is quiet (not tactical, no positive
//! [`Evaluate::move_order_score`], not a killer) is first searched
//! shallower with a null window, and searched again at full depth only if
//! it then beats alpha. Plainly, every quiet input after the first 3 is
//! reduced by one ply (two, from 6 plies left and the 7th input on); with
//! [`Technique::GrowingReductions`] the reduction grows with the depth
//! left and the input's place, `ln depth × ln i / 2`. This trades the
//! exactness above for depth.
//!
//! Three older opt-in techniques serve Royale, whose rounds are four plies
//! of which paranoid search gives three to one side: futility pruning at
//! the frontier ([`Evaluate::futility_margin`]), a cap on the inputs
//! quiescence follows per node ([`Evaluate::quiescence_width`]), and cuts
//! by table entries searched deeper than needed
//! ([`SearchProfile::deeper_cuts`], which Joker's Chess uses too).
//!
//! # Selective techniques
//! The techniques of modern chess engines, each a [`Technique`] that a
//! variant keeps in [`SearchProfile::techniques`] where matches against
//! the search without it show a gain, and that [`SearchConfig::techniques`]
//! (UCI `Techniques`, `--techniques` of the measuring tools) switches for
//! one searcher:
//! - [`Technique::NullMove`]: outside the principal variation, with two
//!   seats, at least 3 plies left and the static evaluation at or above
//!   beta, the side to move passes ([`Evaluate::null_move`], which a
//!   variant refuses in check, with a chance pending or where zugzwang is
//!   likely) and the reply is searched `3 + depth / 4` plies shallower
//!   (one or two more with a large margin); if the side still holds beta,
//!   the node fails high. Never twice in a row, never in paranoid search
//!   (a pass of one seat of four proves nothing about the coalition).
//! - [`Technique::GrowingReductions`] and [`Technique::HistoryReductions`]
//!   (with reductions on): see above; a quiet input whose history is high
//!   is reduced a ply less, one that never cut a ply more deep in the tree.
//! - [`Technique::MoveCountPruning`] (with reductions on): outside the
//!   principal variation, not in check, with at most 4 plies left, the
//!   late quiet inputs after the first `3 + depth²` are skipped.
//! - [`Technique::Aspiration`]: from depth 4, with one line asked for, the
//!   root is first searched within ±30 of the previous iteration's score;
//!   the side that fails widens, doubling, so the root's value is the same
//!   as with the full window (only the node count changes).
//! - [`Technique::CheckExtension`]: an input that gives check
//!   ([`Evaluate::in_check`] of the child) is searched a ply deeper, up to
//!   twice the iteration's depth from the root.
//! - [`Technique::InternalReduction`]: a node at least 4 plies from the
//!   horizon without a table move is searched a ply shallower.
//! - [`Technique::ChanceReduction`]: at a chance node at least 3 plies from
//!   the horizon, an outcome of probability below 20% is searched a ply
//!   shallower (its error weighs in the mean only by its probability).
//! - [`Technique::ChanceBounds`]: at a chance node, each outcome is assumed
//!   to score within 1,000 of its table score or static evaluation (a finished game:
//!   exactly its result) rather than anywhere in ±[`WIN`], so Star1 gives
//!   the outcomes windows near the node's own instead of open ones.
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
//! # Where each part lives
//! - `searcher.rs`: the [`Searcher`], its entry points and how it sees a
//!   node (team, key, static evaluation, terminal value); `config.rs`:
//!   [`SearchConfig`]; `result.rs`: [`Line`], [`SearchInfo`],
//!   [`SearchResult`].
//! - `root.rs`: iterative deepening, the root and multi-PV; `time.rs`: the
//!   clock (deadline, soft limit, node limit).
//! - `node.rs`: a decision node of the main search (principal-variation
//!   search, reductions, futility, table probes and stores);
//!   `quiescence.rs`; `chance.rs`: chance nodes; `best_reply.rs`:
//!   best-reply layers. A node's place in the tree and its window travel as
//!   the small types of `frame.rs`.
//! - `ordering.rs`: move ordering with killers and history; `tt.rs`: the
//!   transposition table; `smp.rs`: Lazy SMP.
//! - What a variant states: `evaluate.rs` ([`Evaluate`]) and `profile.rs`
//!   ([`SearchProfile`]); the score scale: `score.rs`; limits: `limits.rs`
//!   and `bounds.rs`; odds: [`wdl`]; players and matches: `players.rs`,
//!   `play.rs`.
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

mod best_reply;
mod bounds;
mod chance;
mod config;
mod evaluate;
mod frame;
mod limits;
mod node;
mod ordering;
mod play;
mod players;
mod profile;
mod quiescence;
mod reading;
mod result;
mod root;
mod score;
mod searcher;
pub mod selfplay;
mod smp;
mod techniques;
mod time;
mod tt;
pub mod wdl;

#[cfg(doc)]
use crate::game::Position;

pub use bounds::{LimitError, LimitKind};
pub use config::SearchConfig;
pub use evaluate::Evaluate;
pub use limits::Limits;
pub use play::{
    Contender, Forfeit, GameRecord, MatchConfig, MatchError, MatchResult, PlayedGame, PlayerStats, game_rng,
    play_game, play_game_in, play_match,
};
pub use players::{GreedyPlayer, ParsePlayerError, Player, PlayerSpec, RandomPlayer, SearchPlayer};
pub use profile::SearchProfile;
pub use reading::Reading;
pub use result::{Line, SearchInfo, SearchResult};
pub use score::{EVAL_LIMIT, INFINITY, MAX_PLY, SEARCH_STACK_BYTES, Score, WIN, WIN_BOUND};
pub use searcher::Searcher;
pub use techniques::{ParseTechniqueError, Technique, TechniqueChanges, Techniques};
pub use tt::Bound;
pub use wdl::{Wdl, WdlModel};
