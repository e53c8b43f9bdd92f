//! The [`Searcher`]: what it keeps between searches (table, killers and
//! history, stop flag), its public entry points, and how it sees a node
//! (its team, key, static evaluation and terminal value).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::ordering::MoveOrder;
use super::smp::{DEFER_FROM_DEPTH, Role, Signals, Tt};
use super::techniques::Techniques;
use super::time::Clock;
use super::{EVAL_LIMIT, Evaluate, Limits, MAX_PLY, SearchConfig, SearchInfo, SearchResult, WIN};
#[cfg(doc)]
use crate::game::Position;
use crate::game::{Seat, SeatResult};
use crate::zobrist::zobrist_keys;

/// The seed of [`ROOT_SEAT_KEYS`] ("PARANOID" in ASCII): any fixed value
/// whose keys differ from the position keys' does.
const ROOT_SEAT_SEED: u64 = 0x5041_5241_4E4F_4944;
/// Mixed into the key in paranoid mode: values there depend on the root seat.
static ROOT_SEAT_KEYS: [u64; 8] = zobrist_keys::<8>(ROOT_SEAT_SEED);

/// The searcher: owns the transposition table, killers, history and the stop
/// flag, and keeps them between searches (call [`Searcher::clear`] for a
/// fresh start, as between games).
pub struct Searcher<P: Evaluate> {
    /// How it searches, beyond one search's limits.
    pub(super) config: SearchConfig,
    /// The transposition table, this thread's or shared by a Lazy SMP search.
    pub(super) tt: Tt<P::Move>,
    /// Killers and history, kept between searches.
    pub(super) order: MoveOrder<P::Move>,
    /// Set from outside to end the running search.
    stop: Arc<AtomicBool>,
    /// The principal variation found below each ply.
    pub(super) pv: Vec<Vec<P::Move>>,
    /// Each ply's reused buffer of ordered inputs.
    pub(super) buffers: Vec<Vec<(i32, P::Move)>>,
    /// Each ply's reused buffer of listed inputs.
    pub(super) listed: Vec<Vec<P::Move>>,
    /// The seat to move at the root of this search.
    pub(super) root_seat: Seat,
    /// Whether this search is paranoid (more than two seats): every node is
    /// scored for the root seat's side.
    pub(super) paranoid: bool,
    /// Paranoid with the opponents' turns searched as best-reply layers.
    pub(super) best_reply: bool,
    /// Nodes visited in this search.
    pub(super) nodes: u64,
    /// The deepest ply visited in this search.
    pub(super) seldepth: u32,
    /// This search's deadline, soft limit and node limit.
    pub(super) clock: Clock,
    /// Whether a limit or the stop flag ended the search: every node
    /// unwinds, and the unfinished iteration is dropped.
    pub(super) aborted: bool,
    /// This searcher's part in a Lazy SMP search (`None`: searching alone).
    pub(super) smp: Option<Role>,
    /// The repetition keys of the game's positions, sorted
    /// ([`Searcher::set_game_history`]).
    game_keys: Vec<u64>,
    /// The root inputs a search may play ([`Searcher::set_root_moves`]);
    /// empty: every legal input.
    pub(super) root_filter: Vec<P::Move>,
    /// The selective techniques of this search: the configuration's, else
    /// the variant's.
    pub(super) techniques: Techniques,
    /// The depth of the running iteration.
    pub(super) iteration: u32,
}

impl<P: Evaluate> Default for Searcher<P> {
    fn default() -> Self {
        Searcher::new(SearchConfig::default())
    }
}

impl<P: Evaluate> core::fmt::Debug for Searcher<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Searcher").field("config", &self.config).finish_non_exhaustive()
    }
}

impl<P: Evaluate> Searcher<P> {
    /// A searcher with its own stop flag.
    #[must_use]
    pub fn new(config: SearchConfig) -> Self {
        Searcher::with_stop_flag(config, Arc::new(AtomicBool::new(false)))
    }

    /// A searcher watching `stop`: setting it (from any thread) makes the
    /// running search return its last completed iteration. The search never
    /// clears the flag; clear it before the next search.
    #[must_use]
    pub fn with_stop_flag(config: SearchConfig, stop: Arc<AtomicBool>) -> Self {
        Searcher::with_table(config, Tt::new(config.hash_mb, config.threads), stop, None)
    }

    /// A searcher on table `tt` with the Lazy SMP part `smp`.
    fn with_table(config: SearchConfig, tt: Tt<P::Move>, stop: Arc<AtomicBool>, smp: Option<Role>) -> Self {
        Searcher {
            config,
            tt,
            order: MoveOrder::new(),
            stop,
            pv: vec![Vec::new(); MAX_PLY + 2],
            buffers: vec![Vec::new(); MAX_PLY + 1],
            listed: vec![Vec::new(); MAX_PLY + 1],
            root_seat: Seat(0),
            paranoid: false,
            best_reply: false,
            nodes: 0,
            seldepth: 0,
            clock: Clock::start(&Limits::default()),
            aborted: false,
            smp,
            game_keys: Vec::new(),
            root_filter: Vec::new(),
            techniques: config.techniques.unwrap_or(P::PROFILE.techniques),
            iteration: 0,
        }
    }

    /// The positions the game went through up to the root, as their
    /// [`Position::repetition_key`]s in any order (a
    /// [`History::keys`](crate::history::History::keys)). With
    /// [`SearchProfile::repetition_penalty`](crate::search::SearchProfile::repetition_penalty), when the root seat stands better
    /// (its static evaluation is above 0), a root input leading back to one
    /// of them scores the penalty lower for each time the game was there.
    /// Kept for later searches until set again (an empty slice forgets it).
    pub fn set_game_history(&mut self, keys: &[u64]) {
        self.game_keys.clear();
        self.game_keys.extend_from_slice(keys);
        self.game_keys.sort_unstable();
    }

    /// Restricts the root of later searches to `moves` (UCI's `go
    /// searchmoves`): inputs of the list that are not legal at a root are
    /// ignored there, and a list with no legal input, or an empty one,
    /// searches every legal input. A chance root is never restricted
    /// (chance picks its resolution). Kept until set again.
    pub fn set_root_moves(&mut self, moves: &[P::Move]) {
        self.root_filter.clear();
        self.root_filter.extend_from_slice(moves);
    }

    /// The keys [`Searcher::set_game_history`] set, sorted.
    #[must_use]
    pub fn game_history(&self) -> &[u64] {
        &self.game_keys
    }

    /// How many times the game went through the position of `key`.
    pub(super) fn occurrences(&self, key: u64) -> i32 {
        let from = self.game_keys.partition_point(|&k| k < key);
        let n = self.game_keys[from..].iter().take_while(|&&k| k == key).count();
        i32::try_from(n).unwrap_or(i32::MAX)
    }

    /// The [`SearchProfile::repetition_penalty`](crate::search::SearchProfile::repetition_penalty) that applies at the root `pos`:
    /// `None` unless the variant has one, the game's history is known and
    /// the root seat stands better.
    pub(super) fn repetition_penalty(&self, pos: &P) -> Option<i32> {
        P::PROFILE
            .repetition_penalty
            .filter(|_| !self.game_keys.is_empty() && pos.evaluate(self.root_seat) > 0)
    }

    /// A Lazy SMP helper of this searcher: the same configuration and
    /// table, its own stop flag, killers and history, and the part `role`.
    pub(super) fn helper(&self, stop: Arc<AtomicBool>, role: Role) -> Self {
        let mut helper = Searcher::with_table(self.config, self.tt.share(), stop, Some(role));
        helper.game_keys.clone_from(&self.game_keys);
        helper.root_filter.clone_from(&self.root_filter);
        helper
    }

    /// Sets this searcher's Lazy SMP part (`None` after the search).
    pub(super) fn set_role(&mut self, role: Option<Role>) {
        self.smp = role;
    }

    /// Whether something outside this thread's limits ends the search: the
    /// stop flag, or (for the main thread of a Lazy SMP search) a helper
    /// that completed the last iteration.
    pub(super) fn stopped_outside(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.smp.as_ref().is_some_and(Role::main_may_stop)
    }

    /// Starts a new table generation (once per search, by the main thread).
    pub(super) fn start_generation(&mut self) {
        self.tt.new_search();
    }

    /// The stop flag (a clone of the shared handle).
    #[must_use]
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The configuration.
    #[must_use]
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Forgets everything learnt: transposition table, killers, history.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.order.clear();
    }

    /// Searches `pos` within `limits`.
    pub fn search(&mut self, pos: &P, limits: &Limits) -> SearchResult<P::Move> {
        self.search_with(pos, limits, |_| {})
    }

    /// Searches `pos` within `limits`, calling `on_info` after every
    /// completed depth (for streaming lines).
    /// With [`SearchConfig::threads`] above 1 the search is a Lazy SMP
    /// search ([module doc](super#threads-lazy-smp)): `on_info` reports the main thread's
    /// iterations, and the result's nodes count every thread's.
    pub fn search_with(
        &mut self,
        pos: &P,
        limits: &Limits,
        on_info: impl FnMut(&SearchInfo<P::Move>),
    ) -> SearchResult<P::Move> {
        if self.config.threads > 1 {
            super::smp::search(self, pos, limits, on_info)
        } else {
            self.search_single(pos, limits, true, on_info)
        }
    }

    /// The signals shared with the other threads, in a Lazy SMP search and
    /// at a node of `depth` plies left that takes part in deferring.
    pub(super) fn busy_signals(&self, depth: u32) -> Option<Arc<Signals>> {
        self.smp.as_ref().filter(|_| depth >= DEFER_FROM_DEPTH).map(|r| Arc::clone(r.signals()))
    }

    /// The team of the node: the seat to move with two seats; in paranoid
    /// mode 0 for the root seat and 1 for the coalition of the others.
    pub(super) fn team(&self, pos: &P) -> u8 {
        if self.paranoid { u8::from(pos.turn() != self.root_seat) } else { pos.turn().0 }
    }

    /// The node's table key: the position's, and in paranoid mode the root
    /// seat's too.
    pub(super) fn key(&self, pos: &P) -> u64 {
        let key = pos.zobrist();
        if self.paranoid { key ^ ROOT_SEAT_KEYS[self.root_seat.index() % 8] } else { key }
    }

    /// The static evaluation for the node's team.
    pub(super) fn static_eval(&self, pos: &P) -> i32 {
        if self.paranoid {
            let e = pos.evaluate(self.root_seat).clamp(-EVAL_LIMIT, EVAL_LIMIT);
            if pos.turn() == self.root_seat { e } else { -e }
        } else {
            pos.evaluate(pos.turn()).clamp(-EVAL_LIMIT, EVAL_LIMIT)
        }
    }

    /// The score of a finished game for the node's team.
    pub(super) fn terminal(&self, pos: &P, ply: usize) -> i32 {
        let seat = if self.paranoid { self.root_seat } else { pos.turn() };
        let result = pos.outcome().map_or(SeatResult::Draw, |o| o.result(seat));
        let win = WIN - ply as i32;
        let score = match result {
            SeatResult::Win => win,
            SeatResult::Draw => 0,
            SeatResult::Loss => -win,
        };
        if self.paranoid && pos.turn() != self.root_seat { -score } else { score }
    }
}
