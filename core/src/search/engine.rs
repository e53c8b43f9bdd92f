//! The searcher: iterative deepening, principal-variation alpha-beta
//! (negamax or paranoid), expectimax with Star1 bounds at chance nodes,
//! quiescence, move ordering, limits and the stop flag.

use core::cmp::Reverse;
use core::hash::{Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rustc_hash::FxHasher;

use super::smp::{Role, Signals, Tt, busy_key};
use super::tt::{Bound, from_tt, to_tt};
use super::{EVAL_LIMIT, Evaluate, INFINITY, Limits, MAX_PLY, Score, WIN};
use crate::game::{Position, Seat, SeatResult};
use crate::zobrist::zobrist_keys;

/// Mixed into the key in paranoid mode: values there depend on the root seat.
static ROOT_SEAT_KEYS: [u64; 8] = zobrist_keys::<8>(0x5041_5241_4E4F_4944);

/// History slots per team (a move's hash picks one; collisions only blur
/// the ordering).
const HISTORY_SIZE: usize = 4096;
const HISTORY_MAX: i32 = 1 << 20;

/// Ordering bands: TT move, tactical, killers, then quiet by history.
/// The shallowest remaining depth at which late quiet inputs are reduced.
const REDUCE_FROM_DEPTH: u32 = 3;
/// How many inputs of a node are searched at full depth before reductions.
const REDUCE_AFTER: usize = 3;
/// The shallowest node (plies left) a Lazy SMP thread marks as busy while
/// it searches it (see `Signals::is_busy`); a thread defers the inputs of
/// a node deeper than this whose child another thread has marked.
const DEFER_FROM_DEPTH: u32 = 1;

/// The order a node's inputs are searched in with deferral: every index
/// once, in order, except those [`Deferring::defer`]red, which come after
/// the rest (each then offered with `may_defer` false, so it is searched).
struct Deferring {
    len: usize,
    next: usize,
    deferred: Vec<usize>,
    again: usize,
}

impl Deferring {
    fn new(len: usize) -> Self {
        Deferring { len, next: 0, deferred: Vec::new(), again: 0 }
    }

    /// The next index to search and whether it may still be deferred.
    fn next(&mut self) -> Option<(usize, bool)> {
        if self.next < self.len {
            self.next += 1;
            Some((self.next - 1, true))
        } else if self.again < self.deferred.len() {
            self.again += 1;
            Some((self.deferred[self.again - 1], false))
        } else {
            None
        }
    }

    /// Puts index `i` (just offered) after the others.
    fn defer(&mut self, i: usize) {
        self.deferred.push(i);
    }
}
const ORDER_TT: i32 = 2_000_000_000;
const ORDER_TACTICAL: i32 = 1_000_000_000;
const ORDER_HINT_LIMIT: i32 = 100_000_000;
const ORDER_KILLER: i32 = 900_000_000;

/// Tuning of a [`Searcher`] that is not a per-search limit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SearchConfig {
    /// Transposition-table size in MiB (at least 1).
    pub hash_mb: usize,
    /// How many inputs quiescence search may follow past the horizon
    /// (chance resolutions included); 0 turns it off, `None` takes the
    /// variant's [`SearchProfile::quiescence_plies`](crate::search::SearchProfile::quiescence_plies).
    pub quiescence_plies: Option<u32>,
    /// Loss aversion at chance nodes in percent (100: plain expectimax);
    /// `None` takes the variant's [`Evaluate::loss_aversion`].
    pub loss_aversion: Option<u32>,
    /// Threads searching together (Lazy SMP sharing the transposition
    /// table, see the [module doc](super#threads-lazy-smp)); 1, the
    /// default, is the single-threaded search. 0 counts as 1.
    pub threads: usize,
    /// Late-move reductions (see the [module doc](super#late-move-reductions)):
    /// `None` takes the variant's [`SearchProfile::reductions`](crate::search::SearchProfile::reductions), `Some(false)`
    /// searches the exact depth-limited tree in every variant.
    pub reductions: Option<bool>,
    /// Best-reply search for the opponents' turns with more than two seats
    /// (see the [module doc](super#seats)): `None` takes the variant's
    /// [`SearchProfile::best_reply`](crate::search::SearchProfile::best_reply), `Some(false)` searches every turn
    /// (paranoid), `Some(true)` lets one opponent reply per round.
    pub best_reply: Option<bool>,
}

impl Default for SearchConfig {
    /// 16 MiB, the variant's quiescence depth, loss aversion, reductions
    /// and best-reply choice, 1 thread.
    fn default() -> Self {
        SearchConfig {
            hash_mb: 16,
            quiescence_plies: None,
            loss_aversion: None,
            threads: 1,
            reductions: None,
            best_reply: None,
        }
    }
}

/// One principal variation and its score (for the side to move at the root;
/// at a chance root, for the seat whose turn it is).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line<M> {
    /// The inputs, root first. Through a chance node it follows the most
    /// probable outcome.
    pub moves: Vec<M>,
    /// The exact score of the line's first input.
    pub score: Score,
}

/// What an iteration found: passed to the callback after every completed depth.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchInfo<M> {
    /// The iteration's depth.
    pub depth: u32,
    /// The deepest ply visited so far (quiescence included).
    pub seldepth: u32,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The best lines, best first (at most [`Limits::multipv`]).
    pub lines: Vec<Line<M>>,
}

impl<M> SearchInfo<M> {
    /// Nodes per second so far.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let micros = elapsed.as_micros().max(1);
    (u128::from(nodes) * 1_000_000 / micros) as u64
}

/// The outcome of a search.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SearchResult<M> {
    /// The input to play: the first input of the best line. `None` only when
    /// the game is over. At a chance root it is the most probable
    /// resolution, which nobody chooses.
    pub best: Option<M>,
    /// The best line's score (0 when the game is over and drawn, and so on).
    pub score: Score,
    /// The last completed depth (0 if none completed).
    pub depth: u32,
    /// The deepest ply visited.
    pub seldepth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
    /// The best lines of the last completed depth, best first.
    pub lines: Vec<Line<M>>,
    /// Whether a limit cut the last iteration short, or the stop flag ended
    /// the search (during an iteration or between two).
    pub stopped: bool,
}

impl<M> SearchResult<M> {
    /// The principal variation (empty if none).
    #[must_use]
    pub fn pv(&self) -> &[M] {
        self.lines.first().map_or(&[], |l| &l.moves)
    }

    /// Nodes per second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        nps(self.nodes, self.elapsed)
    }
}

/// A root input with what the last iteration learnt of it.
struct RootMove<M> {
    mv: M,
    /// Exact score if it made the best lines, else `None`.
    score: Option<i32>,
    pv: Vec<M>,
}

/// The searcher: owns the transposition table, killers, history and the stop
/// flag, and keeps them between searches (call [`Searcher::clear`] for a
/// fresh start, as between games).
pub struct Searcher<P: Evaluate> {
    config: SearchConfig,
    tt: Tt<P::Move>,
    killers: Vec<[Option<P::Move>; 2]>,
    history: Vec<i32>,
    stop: Arc<AtomicBool>,
    pv: Vec<Vec<P::Move>>,
    buffers: Vec<Vec<(i32, P::Move)>>,
    // Per search:
    root_seat: Seat,
    paranoid: bool,
    /// Paranoid with the opponents' turns searched as best-reply layers.
    best_reply: bool,
    nodes: u64,
    seldepth: u32,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    aborted: bool,
    /// This searcher's part in a Lazy SMP search (`None`: searching alone).
    smp: Option<Role>,
    /// The repetition keys of the game's positions, sorted
    /// ([`Searcher::set_game_history`]).
    game_keys: Vec<u64>,
    /// The root inputs a search may play ([`Searcher::set_root_moves`]);
    /// empty: every legal input.
    root_filter: Vec<P::Move>,
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
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SIZE],
            stop,
            pv: vec![Vec::new(); MAX_PLY + 2],
            buffers: vec![Vec::new(); MAX_PLY + 1],
            root_seat: Seat(0),
            paranoid: false,
            best_reply: false,
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            deadline: None,
            node_limit: u64::MAX,
            aborted: false,
            smp,
            game_keys: Vec::new(),
            root_filter: Vec::new(),
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
    fn occurrences(&self, key: u64) -> i32 {
        let from = self.game_keys.partition_point(|&k| k < key);
        let n = self.game_keys[from..].iter().take_while(|&&k| k == key).count();
        i32::try_from(n).unwrap_or(i32::MAX)
    }

    /// The [`SearchProfile::repetition_penalty`](crate::search::SearchProfile::repetition_penalty) that applies at the root `pos`:
    /// `None` unless the variant has one, the game's history is known and
    /// the root seat stands better.
    fn repetition_penalty(&self, pos: &P) -> Option<i32> {
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
    fn stopped_outside(&self) -> bool {
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
        self.killers.fill([None; 2]);
        self.history.fill(0);
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

    /// The search on this thread; `new_generation`: whether it starts a
    /// table generation (a Lazy SMP search starts one for all threads).
    pub(super) fn search_single(
        &mut self,
        pos: &P,
        limits: &Limits,
        new_generation: bool,
        mut on_info: impl FnMut(&SearchInfo<P::Move>),
    ) -> SearchResult<P::Move> {
        self.start = Instant::now();
        self.deadline = limits.time.map(|t| self.start + t);
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = self.stopped_outside();
        self.root_seat = pos.turn();
        self.paranoid = pos.seat_count() > 2;
        self.best_reply = self.paranoid && self.config.best_reply.unwrap_or(P::PROFILE.best_reply);
        if new_generation {
            self.tt.new_search();
        }
        for h in &mut self.history {
            *h /= 2;
        }
        let multipv = limits.multipv.max(1);
        let max_depth = limits.depth.unwrap_or(Limits::MAX_DEPTH).min(Limits::MAX_DEPTH);
        let soft_time = limits.time.map(|t| t.mul_f64(0.6));

        let mut result = SearchResult {
            best: None,
            score: Score::DRAW,
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            lines: Vec::new(),
            stopped: false,
        };
        let moves = pos.legal_moves();
        if moves.is_empty() {
            result.score = Score(self.terminal(pos, 0));
            return result;
        }
        let chance_root = pos.chance().is_some();
        let mut root_moves: Vec<RootMove<P::Move>> = if chance_root {
            Vec::new()
        } else {
            let allowed = |mv: &P::Move| {
                self.root_filter.is_empty()
                    || self.root_filter.contains(mv)
                    || !moves.iter().any(|m| self.root_filter.contains(m))
            };
            let mut scored: Vec<(i32, P::Move)> = moves
                .iter()
                .filter(|mv| allowed(mv))
                .map(|&mv| (self.order_score(pos, mv, None, 0, 0), mv))
                .collect();
            scored.sort_by_key(|&(s, _)| Reverse(s));
            scored.into_iter().map(|(_, mv)| RootMove { mv, score: None, pv: Vec::new() }).collect()
        };
        // The fallback if no iteration completes.
        result.best = if chance_root { most_probable(pos) } else { root_moves.first().map(|r| r.mv) };

        let mut depth = 0;
        while depth < max_depth {
            depth = match &self.smp {
                Some(role) => role.next_depth(depth, max_depth),
                None => depth + 1,
            };
            let lines = if chance_root {
                let score = self.node(pos, depth, -INFINITY, INFINITY, 0);
                vec![Line { moves: self.pv[0].clone(), score: Score(score) }]
            } else {
                self.root(pos, depth, &mut root_moves, multipv)
            };
            if self.aborted {
                // A better input the unfinished iteration proved (see
                // `SearchProfile::partial_iterations`), if any.
                if P::PROFILE.partial_iterations && multipv == 1 && !chance_root {
                    let proved = proved_best(&root_moves);
                    if !proved.is_empty() {
                        result.lines = proved;
                    }
                }
                break;
            }
            result.depth = depth;
            result.lines = lines;
            let info = SearchInfo {
                depth,
                seldepth: self.seldepth,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                lines: result.lines.clone(),
            };
            on_info(&info);
            if let Some(role) = &self.smp {
                role.completed(depth, max_depth);
            }
            if self.stopped_outside() {
                // Raised between two iterations: stopped all the same.
                self.aborted = true;
                break;
            }
            if soft_time.is_some_and(|t| self.start.elapsed() >= t) {
                break;
            }
        }
        if let Some(line) = result.lines.first() {
            result.score = line.score;
            if let Some(&mv) = line.moves.first() {
                result.best = Some(mv);
            }
        }
        result.stopped = self.aborted;
        result.nodes = self.nodes;
        result.seldepth = self.seldepth;
        result.elapsed = self.start.elapsed();
        result
    }

    /// One iteration at the root of a decision node: every root input is
    /// searched with the window `(alpha, ∞)`, where `alpha` is the K-th best
    /// exact score so far, so the best K are exact.
    fn root(
        &mut self,
        pos: &P,
        depth: u32,
        root_moves: &mut [RootMove<P::Move>],
        multipv: usize,
    ) -> Vec<Line<P::Move>> {
        self.pv[0].clear();
        self.nodes += 1;
        let team = self.team(pos);
        let mut exact: Vec<i32> = Vec::new(); // exact scores so far, descending
        // With threads: root inputs another thread is searching go last.
        let busy = self.busy_signals(depth).filter(|_| depth > DEFER_FROM_DEPTH);
        let mut order = Deferring::new(root_moves.len());
        let repetition = self.repetition_penalty(pos);
        while let Some((i, may_defer)) = order.next() {
            let rm = &mut root_moves[i];
            let alpha = if exact.len() >= multipv { exact[multipv - 1] } else { -INFINITY };
            let mut child = pos.clone();
            child.play_unchecked(rm.mv);
            if may_defer
                && i > 0
                && let Some(b) = &busy
                && b.is_busy(busy_key(self.key(&child), depth - 1))
            {
                order.defer(i);
                continue;
            }
            // An input back to a position of the game scores `penalty`
            // lower, so its child must beat `alpha + penalty`.
            let penalty =
                repetition.map_or(0, |p| p.saturating_mul(self.occurrences(child.repetition_key())));
            let floor =
                if alpha > -INFINITY { alpha.saturating_add(penalty).min(INFINITY - 1) } else { alpha };
            let mut score = if i > 0 && alpha > -INFINITY {
                self.child(team, &child, depth - 1, floor, floor + 1, 1, None)
            } else {
                floor + 1
            };
            if !self.aborted && score > floor {
                score = self.child(team, &child, depth - 1, floor, INFINITY, 1, None);
            }
            score = score.saturating_sub(penalty);
            if self.aborted {
                return Vec::new();
            }
            if score > alpha {
                rm.score = Some(score);
                rm.pv.clear();
                rm.pv.push(rm.mv);
                rm.pv.extend_from_slice(&self.pv[1]);
                let at = exact.partition_point(|&s| s >= score);
                exact.insert(at, score);
            } else {
                rm.score = None;
            }
        }
        // Keep only the K best as exact (earlier first on ties); order them
        // first for the next depth, the rest in their previous order.
        root_moves.sort_by_key(|rm| Reverse(rm.score.unwrap_or(i32::MIN)));
        for rm in root_moves.iter_mut().skip(multipv) {
            rm.score = None;
        }
        if let Some(best) = root_moves.first() {
            self.pv[0] = best.pv.clone();
        }
        root_moves
            .iter()
            .take_while(|rm| rm.score.is_some())
            .map(|rm| Line { moves: rm.pv.clone(), score: Score(rm.score.unwrap_or(0)) })
            .collect()
    }

    /// The signals shared with the other threads, in a Lazy SMP search and
    /// at a node of `depth` plies left that takes part in deferring.
    fn busy_signals(&self, depth: u32) -> Option<Arc<Signals>> {
        self.smp.as_ref().filter(|_| depth >= DEFER_FROM_DEPTH).map(|r| Arc::clone(r.signals()))
    }

    /// The team of the node: the seat to move with two seats; in paranoid
    /// mode 0 for the root seat and 1 for the coalition of the others.
    fn team(&self, pos: &P) -> u8 {
        if self.paranoid { u8::from(pos.turn() != self.root_seat) } else { pos.turn().0 }
    }

    fn key(&self, pos: &P) -> u64 {
        let key = pos.zobrist();
        if self.paranoid { key ^ ROOT_SEAT_KEYS[self.root_seat.index() % 8] } else { key }
    }

    /// The static evaluation for the node's team.
    fn static_eval(&self, pos: &P) -> i32 {
        if self.paranoid {
            let e = pos.evaluate(self.root_seat).clamp(-EVAL_LIMIT, EVAL_LIMIT);
            if pos.turn() == self.root_seat { e } else { -e }
        } else {
            pos.evaluate(pos.turn()).clamp(-EVAL_LIMIT, EVAL_LIMIT)
        }
    }

    /// The score of a finished game for the node's team.
    fn terminal(&self, pos: &P, ply: usize) -> i32 {
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

    /// Counts a node; whether the search must unwind.
    fn enter(&mut self, ply: usize) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        let limit = self.nodes >= self.node_limit;
        let polled = self.nodes & 255 == 0
            && (self.stopped_outside() || self.deadline.is_some_and(|d| Instant::now() >= d));
        self.aborted = limit || polled;
        self.aborted
    }

    /// Searches `child` of a node of `team`, returning its value for `team`.
    /// `q`: `None` for the main search at `depth`, `Some(qply)` for quiescence.
    #[allow(clippy::too_many_arguments)] // the node state, passed down as is
    fn child(
        &mut self,
        team: u8,
        child: &P,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        q: Option<u32>,
    ) -> i32 {
        let same = self.team(child) == team;
        let (a, b) = if same { (alpha, beta) } else { (-beta, -alpha) };
        let v = match q {
            None => self.node(child, depth, a, b, ply),
            Some(qply) => self.qsearch(child, a, b, ply, qply),
        };
        if same { v } else { -v }
    }

    fn hist_index(&self, team: u8, mv: P::Move) -> usize {
        let mut h = FxHasher::default();
        mv.hash(&mut h);
        usize::from(team & 1) * HISTORY_SIZE + (h.finish() >> 40) as usize % HISTORY_SIZE
    }

    fn order_score(&self, pos: &P, mv: P::Move, tt_move: Option<P::Move>, ply: usize, team: u8) -> i32 {
        if tt_move == Some(mv) {
            return ORDER_TT;
        }
        let hint = pos.move_order_score(mv).clamp(-ORDER_HINT_LIMIT, ORDER_HINT_LIMIT);
        if pos.is_tactical(mv) {
            ORDER_TACTICAL + hint
        } else if self.killers[ply][0] == Some(mv) {
            ORDER_KILLER
        } else if self.killers[ply][1] == Some(mv) {
            ORDER_KILLER - 1
        } else {
            self.history[self.hist_index(team, mv)] + hint
        }
    }

    /// What every node of the main search and of quiescence does first:
    /// clear its principal variation, count it (and notice a stop), and
    /// learn whether the game goes on (`goes_on`). `Err` carries the node's
    /// value when it is decided without its inputs: 0 once stopped, the
    /// terminal value of a finished game, the static evaluation at the ply
    /// cap.
    fn open(&mut self, pos: &P, ply: usize, goes_on: impl FnOnce() -> bool) -> Result<(), i32> {
        self.pv[ply].clear();
        if self.enter(ply) {
            return Err(0);
        }
        if !goes_on() {
            return Err(self.terminal(pos, ply));
        }
        if ply >= MAX_PLY - 1 {
            return Err(self.static_eval(pos));
        }
        Ok(())
    }

    /// [`Searcher::open`] for a node that needs its legal inputs: lists them.
    fn open_node(&mut self, pos: &P, ply: usize) -> Result<P::MoveList, i32> {
        let mut moves = None;
        self.open(pos, ply, || !moves.insert(pos.legal_moves()).is_empty())?;
        Ok(moves.expect("listed by `open`"))
    }

    /// A decision or chance node of the main search, `depth` plies left.
    fn node(&mut self, pos: &P, depth: u32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        if depth == 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        let moves = match self.open_node(pos, ply) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        if let Some(outcomes) = pos.chance() {
            return self.chance(pos, &outcomes, Some(depth), 0, alpha, beta, ply);
        }
        if self.best_reply && self.team(pos) == 1 {
            return self.replies(pos, &moves, depth, alpha, beta, ply, 0, false);
        }
        let key = self.key(pos);
        let pv_node = beta - alpha > 1;
        let tt_move = match self.probe(key, depth, alpha, beta, ply, !pv_node) {
            Ok(mv) => mv,
            Err(value) => return value,
        };
        let team = self.team(pos);
        let buf = self.ordered(pos, &moves, tt_move, ply, team);

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let reducing = depth >= REDUCE_FROM_DEPTH && self.config.reductions.unwrap_or(P::PROFILE.reductions);
        // Futility: at the frontier, quiet inputs cannot lift a hopeless static score.
        let futile = match pos.futility_margin() {
            Some(margin) if depth == 1 && !pv_node => {
                let stand = self.static_eval(pos);
                (stand.saturating_add(margin) <= alpha).then_some(stand.saturating_add(margin))
            }
            _ => None,
        };
        // With threads: inputs another thread is searching go last.
        let busy = self.busy_signals(depth);
        let own = busy_key(key, depth);
        let mark = busy.as_ref().and_then(|b| b.mark_while(own));
        let mut order = Deferring::new(buf.len());
        while let Some((i, may_defer)) = order.next() {
            let mv = buf[i].1;
            if let Some(bound) = futile
                && i > 0
                && self.is_late_quiet(pos, mv, ply)
            {
                best = best.max(bound);
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if may_defer
                && i > 0
                && depth > DEFER_FROM_DEPTH
                && let Some(b) = &busy
                && b.is_busy(busy_key(self.key(&child), depth - 1))
            {
                order.defer(i);
                continue;
            }
            let reduction = if reducing && i >= REDUCE_AFTER && self.is_late_quiet(pos, mv, ply) {
                1 + u32::from(depth >= 6 && i >= 2 * REDUCE_AFTER)
            } else {
                0
            };
            let mut score = if i > 0 {
                let mut s = self.child(team, &child, depth - 1 - reduction, alpha, alpha + 1, ply + 1, None);
                if reduction > 0 && !self.aborted && s > alpha {
                    s = self.child(team, &child, depth - 1, alpha, alpha + 1, ply + 1, None);
                }
                s
            } else {
                alpha + 1
            };
            if !self.aborted && score > alpha && (i == 0 || score < beta) {
                score = self.child(team, &child, depth - 1, alpha, beta, ply + 1, None);
            }
            if self.aborted {
                self.buffers[ply] = buf;
                return 0;
            }
            if self.improve(score, mv, ply, (&mut best, &mut best_move, &mut alpha), beta) {
                if !pos.is_tactical(mv) {
                    self.reward(team, mv, depth, ply);
                }
                break;
            }
        }
        self.buffers[ply] = buf;
        drop(mark);
        self.store(key, best_move, best, (original_alpha, beta), depth, ply);
        best
    }

    /// A best-reply layer (BRS+, see the [module doc](super#seats)): the
    /// opponents' turns between two turns of the root seat, searched as one
    /// ply of `depth`. Exactly one opponent *branches* (every input of its
    /// is tried); the others play their *default* input
    /// ([`default_reply`]). `pos` is an opponent's decision node with the inputs
    /// `moves`, `seg` plies into the layer; `branched`: an earlier opponent
    /// of the layer has branched. The value is the coalition's (team 1).
    #[allow(clippy::too_many_arguments)] // the node state, passed down as is
    fn replies(
        &mut self,
        pos: &P,
        moves: &[P::Move],
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        seg: usize,
        branched: bool,
    ) -> i32 {
        let default = default_reply(pos, moves);
        if branched {
            // Only the default input is played here: no table, no ordering.
            let mut child = pos.clone();
            child.play_unchecked(default);
            let score = self.after_reply(&child, depth, alpha, beta, ply + 1, seg + 1, true);
            if !self.aborted && score > alpha {
                self.extend_pv(ply, default);
            }
            return score;
        }
        let key = self.key(pos);
        let layer_start = seg == 0;
        // Only a layer's first node has a value of its own in the table.
        let tt_move = match self.probe(key, depth, alpha, beta, ply, layer_start && beta - alpha == 1) {
            Ok(mv) => mv,
            Err(value) => return value,
        };
        let team = 1;
        let buf = self.ordered(pos, moves, tt_move, ply, team);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let reducing = depth >= REDUCE_FROM_DEPTH && self.config.reductions.unwrap_or(P::PROFILE.reductions);
        // Branching here: every input, then the default inputs of the
        // later opponents; and, last, the default input here with the
        // branching left to a later opponent.
        let tries = buf.len();
        for i in 0..=tries {
            let (mv, branch) = if i < tries { (buf[i].1, true) } else { (default, false) };
            if i == tries && seg + 2 >= pos.seat_count() {
                break; // no later opponent of this layer is left to branch
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let reduction =
                u32::from(reducing && i < tries && i >= REDUCE_AFTER && self.is_late_quiet(pos, mv, ply));
            let mut score = if i > 0 {
                let mut s =
                    self.after_reply(&child, depth - reduction, alpha, alpha + 1, ply + 1, seg + 1, branch);
                if reduction > 0 && !self.aborted && s > alpha {
                    s = self.after_reply(&child, depth, alpha, alpha + 1, ply + 1, seg + 1, branch);
                }
                s
            } else {
                alpha + 1
            };
            if !self.aborted && score > alpha && (i == 0 || score < beta) {
                score = self.after_reply(&child, depth, alpha, beta, ply + 1, seg + 1, branch);
            }
            if self.aborted {
                self.buffers[ply] = buf;
                return 0;
            }
            if self.improve(score, mv, ply, (&mut best, &mut best_move, &mut alpha), beta) {
                if i < tries && !pos.is_tactical(mv) {
                    self.reward(team, mv, depth, ply);
                }
                break;
            }
        }
        self.buffers[ply] = buf;
        if layer_start {
            self.store(key, best_move, best, (original_alpha, beta), depth, ply);
        }
        best
    }

    /// The coalition's value of `child`, reached `seg` plies into a
    /// best-reply layer of `depth` plies left: the rest of the layer while
    /// an opponent is to move, else the search below the layer. A line of
    /// the layer in which no opponent branched is not one of its lines.
    #[allow(clippy::too_many_arguments)] // the node state, passed down as is
    fn after_reply(
        &mut self,
        child: &P,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        seg: usize,
        branched: bool,
    ) -> i32 {
        if self.team(child) == 0 || seg + 1 >= child.seat_count() || child.chance().is_some() {
            if !branched {
                return -INFINITY;
            }
            return self.child(1, child, depth - 1, alpha, beta, ply, None);
        }
        match self.open_node(child, ply) {
            Ok(moves) => self.replies(child, &moves, depth, alpha, beta, ply, seg, branched),
            Err(value) => value,
        }
    }

    /// The table's move for the node `key`, or `Err` with the node's value
    /// when the entry answers it: `may_cut` and an entry searched to exactly
    /// `depth` plies (or deeper, if the variant opts in: see the module doc)
    /// whose bound settles the window `(alpha, beta)`.
    fn probe(
        &self,
        key: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        may_cut: bool,
    ) -> Result<Option<P::Move>, i32> {
        let Some(e) = self.tt.probe(key) else {
            return Ok(None);
        };
        let deep_enough =
            u32::from(e.depth) == depth || (P::PROFILE.deeper_cuts && u32::from(e.depth) > depth);
        if may_cut && deep_enough {
            let s = from_tt(e.score, ply);
            match e.bound {
                Some(Bound::Exact) => return Err(s),
                Some(Bound::Lower) if s >= beta => return Err(s),
                Some(Bound::Upper) if s <= alpha => return Err(s),
                _ => {}
            }
        }
        Ok(e.mv)
    }

    /// Stores the node `key`'s value `best`, searched `depth` plies with the
    /// window `(alpha, beta)`, and its best input.
    fn store(
        &mut self,
        key: u64,
        best_move: Option<P::Move>,
        best: i32,
        (alpha, beta): (i32, i32),
        depth: u32,
        ply: usize,
    ) {
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best_move, to_tt(best, ply), depth, bound);
    }

    /// `moves` in search order for a node of `team` at `ply`, each with its
    /// ordering score, in the ply's reused buffer (give it back to
    /// `self.buffers[ply]` when done).
    fn ordered(
        &mut self,
        pos: &P,
        moves: &[P::Move],
        tt_move: Option<P::Move>,
        ply: usize,
        team: u8,
    ) -> Vec<(i32, P::Move)> {
        let mut buf = std::mem::take(&mut self.buffers[ply]);
        buf.clear();
        buf.extend(moves.iter().map(|&mv| (self.order_score(pos, mv, tt_move, ply, team), mv)));
        buf.sort_by_key(|&(s, _)| Reverse(s));
        buf
    }

    /// Takes input `mv`'s `score` into a decision node's best score, best
    /// input and alpha (and its principal variation); whether it cuts
    /// (reaches `beta`).
    fn improve(
        &mut self,
        score: i32,
        mv: P::Move,
        ply: usize,
        (best, best_move, alpha): (&mut i32, &mut Option<P::Move>, &mut i32),
        beta: i32,
    ) -> bool {
        if score <= *best {
            return false;
        }
        *best = score;
        *best_move = Some(mv);
        if score <= *alpha {
            return false;
        }
        *alpha = score;
        self.extend_pv(ply, mv);
        *alpha >= beta
    }

    /// The principal variation at `ply`: `mv`, then the one below it.
    fn extend_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// Whether `mv` may be searched reduced: a quiet input (not tactical,
    /// no positive ordering hint from the variant, not a killer).
    fn is_late_quiet(&self, pos: &P, mv: P::Move, ply: usize) -> bool {
        !pos.is_tactical(mv) && pos.move_order_score(mv) <= 0 && !self.killers[ply].contains(&Some(mv))
    }

    /// Killer and history update after a quiet input caused a cutoff.
    fn reward(&mut self, team: u8, mv: P::Move, depth: u32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let i = self.hist_index(team, mv);
        let bonus = (depth * depth).min(400) as i32;
        self.history[i] += bonus;
        if self.history[i] > HISTORY_MAX {
            for h in &mut self.history {
                *h /= 2;
            }
        }
    }

    /// A chance node: the probability-weighted mean of its outcomes, rounded,
    /// with Star1 cutoffs. Children are searched at the same `depth`
    /// (`None`: quiescence, at `qply + 1`).
    ///
    /// Star1 needs bounds on each outcome's value. In the main search they
    /// are `[-WIN, WIN]`; in quiescence each resolution is bounded by its
    /// own stand pat ([`Searcher::resolution_bounds`]), which is what lets a
    /// chance node of quiescence cut before it has searched every
    /// resolution. The bounds change no value, only how many nodes it takes.
    #[allow(clippy::too_many_arguments)] // the node state, passed down as is
    fn chance(
        &mut self,
        pos: &P,
        outcomes: &[(P::Move, f64)],
        depth: Option<u32>,
        qply: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let team = self.team(pos);
        let most_likely = most_likely(outcomes);
        let total = outcomes.iter().map(|&(_, p)| p.max(0.0)).sum::<f64>();
        let children = self.chance_weights(pos, outcomes, total).unwrap_or_else(|| {
            outcomes
                .iter()
                .map(|&(mv, p)| {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    (p.max(0.0), child)
                })
                .collect()
        });
        let bounds: Vec<(i32, i32)> = children
            .iter()
            .map(|(p, child)| match depth {
                _ if *p <= 0.0 => (0, 0),
                Some(_) => (-WIN, WIN),
                None => self.resolution_bounds(team, child, ply + 1, qply + 1),
            })
            .collect();
        // What the outcomes after the i-th can still add, at least and at most.
        let mut rest_lo: f64 = children.iter().zip(&bounds).map(|((p, _), b)| p * f64::from(b.0)).sum();
        let mut rest_hi: f64 = children.iter().zip(&bounds).map(|((p, _), b)| p * f64::from(b.1)).sum();
        if rest_hi <= f64::from(alpha) {
            return alpha;
        }
        if rest_lo >= f64::from(beta) {
            return beta;
        }
        // With threads, a chance node of the main search is marked busy like
        // a decision node, so that its parent's other threads defer it (an
        // engagement, often the sharpest input there is) while it is searched.
        let busy = depth.and_then(|d| Some((self.busy_signals(d)?, busy_key(self.key(pos), d))));
        let _mark = busy.as_ref().and_then(|(b, own)| b.mark_while(*own));
        let mut sum = 0.0f64;
        for (i, ((p, child), &(lo_i, hi_i))) in children.iter().zip(&bounds).enumerate() {
            let p = *p;
            if p <= 0.0 {
                continue;
            }
            rest_lo -= p * f64::from(lo_i);
            rest_hi -= p * f64::from(hi_i);
            let v = if lo_i == hi_i {
                self.pv[ply + 1].clear();
                lo_i
            } else {
                // Star1: the child's window outside which the node's value
                // is already known to lie outside (alpha, beta).
                let lo = ((f64::from(alpha) - sum - rest_hi) / p).floor();
                let hi = ((f64::from(beta) - sum - rest_lo) / p).ceil();
                let lo = lo.clamp(f64::from(-INFINITY), f64::from(INFINITY - 1)) as i32;
                let hi = (hi.clamp(f64::from(-INFINITY + 1), f64::from(INFINITY)) as i32).max(lo + 1);
                let v = match depth {
                    Some(d) => self.child(team, child, d, lo, hi, ply + 1, None),
                    None => self.child(team, child, 0, lo, hi, ply + 1, Some(qply + 1)),
                };
                if self.aborted {
                    return 0;
                }
                if v <= lo {
                    return alpha; // the mean is at most alpha
                }
                if v >= hi {
                    return beta; // the mean is at least beta
                }
                v
            };
            sum += p * f64::from(v);
            if Some(i) == most_likely {
                self.extend_pv(ply, outcomes[i].0);
            }
        }
        sum.round() as i32
    }

    /// Bounds on the quiescence value of a chance node's resolution `child`
    /// for `team`, read without searching it, the way [`Searcher::qsearch`]
    /// will find them: exact for a finished game, at the ply cap and at the
    /// quiescence limit; otherwise the child's stand pat bounds it from its
    /// mover's side (quiescence never returns less than its stand pat),
    /// except at a chance node, which has no stand pat.
    fn resolution_bounds(&self, team: u8, child: &P, ply: usize, qply: u32) -> (i32, i32) {
        let exact = |v: i32| if self.team(child) == team { (v, v) } else { (-v, -v) };
        if !child.has_legal_moves() {
            return exact(self.terminal(child, ply));
        }
        if ply >= MAX_PLY - 1 {
            return exact(self.static_eval(child));
        }
        if child.chance().is_some() {
            return (-WIN, WIN);
        }
        let stand = self.static_eval(child);
        if qply >= self.config.quiescence_plies.unwrap_or(P::PROFILE.quiescence_plies) {
            return exact(stand);
        }
        if self.team(child) == team { (stand, WIN) } else { (-WIN, -stand) }
    }

    /// The outcomes' weights under loss aversion (module doc), summing to
    /// `total`, each with the position it leads to (played once here, and
    /// searched from there); `None` when the weights are the plain
    /// probabilities.
    fn chance_weights(&self, pos: &P, outcomes: &[(P::Move, f64)], total: f64) -> Option<Vec<(f64, P)>> {
        let aversion = self.config.loss_aversion.unwrap_or_else(|| pos.loss_aversion());
        if aversion == 100 || total <= 0.0 {
            return None;
        }
        let mover = pos.turn();
        let factor = f64::from(aversion) / 100.0;
        let mut weighted: Vec<(f64, P)> = outcomes
            .iter()
            .map(|&(mv, p)| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let lost = child.outcome().is_some_and(|o| o.result(mover) == SeatResult::Loss);
                (if lost { p.max(0.0) * factor } else { p.max(0.0) }, child)
            })
            .collect();
        let sum: f64 = weighted.iter().map(|w| w.0).sum();
        if sum <= 0.0 {
            return None;
        }
        for w in &mut weighted {
            w.0 = w.0 * total / sum; // the order of operations of the reference
        }
        Some(weighted)
    }

    /// Quiescence: stand pat on the static evaluation, or follow a tactical
    /// input; chance nodes are averaged as in the main search.
    ///
    /// The inputs are listed only when standing pat does not cut: until then
    /// the node asks [`Position::has_legal_moves`], which a variant may
    /// answer without generating every input.
    fn qsearch(&mut self, pos: &P, mut alpha: i32, beta: i32, ply: usize, qply: u32) -> i32 {
        if let Err(value) = self.open(pos, ply, || pos.has_legal_moves()) {
            return value;
        }
        if let Some(outcomes) = pos.chance() {
            return self.chance(pos, &outcomes, None, qply, alpha, beta, ply);
        }
        let stand = self.static_eval(pos);
        if qply >= self.config.quiescence_plies.unwrap_or(P::PROFILE.quiescence_plies) || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let moves = pos.legal_moves();
        let team = self.team(pos);
        let mut buf = std::mem::take(&mut self.buffers[ply]);
        buf.clear();
        buf.extend(
            moves
                .iter()
                .filter(|&&mv| pos.is_quiescence_input(mv, qply))
                .map(|&mv| (pos.move_order_score(mv).clamp(-ORDER_HINT_LIMIT, ORDER_HINT_LIMIT), mv)),
        );
        buf.sort_by_key(|&(s, _)| Reverse(s));
        if let Some(width) = pos.quiescence_width(qply) {
            buf.truncate(width);
        }
        let mut best = stand;
        for &(_, mv) in &buf {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = self.child(team, &child, 0, alpha, beta, ply + 1, Some(qply + 1));
            if self.aborted {
                self.buffers[ply] = buf;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = buf;
        best
    }
}

/// The line of the root input an iteration that was stopped has proved
/// better than the previous best, if any. The previous best,
/// `root_moves[0]`, is searched first; every other input starts the
/// iteration without a score and gets one only when it beats all searched
/// before it, so any scored input beat the first one at the new depth.
fn proved_best<M: Copy>(root_moves: &[RootMove<M>]) -> Vec<Line<M>> {
    root_moves
        .iter()
        .skip(1)
        .filter_map(|rm| rm.score.map(|s| (s, rm)))
        .max_by_key(|&(s, _)| s)
        .map(|(s, rm)| vec![Line { moves: rm.pv.clone(), score: Score(s) }])
        .unwrap_or_default()
}

/// The input an opponent who does not branch plays in a best-reply layer:
/// the first of the best by the static part of the move order (tactical
/// inputs first, then [`Evaluate::move_order_score`]). It leaves out the
/// table move, killers and history on purpose, so that a layer's value
/// depends on the position and the depth alone, as a table entry needs.
fn default_reply<P: Evaluate>(pos: &P, moves: &[P::Move]) -> P::Move {
    let rank = |mv: P::Move| {
        let hint = pos.move_order_score(mv).clamp(-ORDER_HINT_LIMIT, ORDER_HINT_LIMIT);
        (pos.is_tactical(mv), hint)
    };
    let mut best = moves[0];
    let mut best_rank = rank(best);
    for &mv in &moves[1..] {
        let r = rank(mv);
        if r > best_rank {
            best = mv;
            best_rank = r;
        }
    }
    best
}

/// The index of the most probable outcome (the first on ties).
fn most_likely<M>(outcomes: &[(M, f64)]) -> Option<usize> {
    outcomes
        .iter()
        .enumerate()
        .fold(None, |acc: Option<(usize, f64)>, (i, &(_, p))| match acc {
            Some((_, q)) if q >= p => acc,
            _ => Some((i, p)),
        })
        .map(|(i, _)| i)
}

/// The most probable resolution at a chance node (the first on ties).
fn most_probable<P: Position>(pos: &P) -> Option<P::Move> {
    let outcomes = pos.chance()?;
    most_likely(&outcomes).map(|i| outcomes[i].0)
}

#[cfg(test)]
mod deferring_tests {
    use super::Deferring;

    #[test]
    fn deferred_indices_come_last_in_the_order_they_were_deferred() {
        let mut order = Deferring::new(5);
        let mut seen = Vec::new();
        while let Some((i, may_defer)) = order.next() {
            if may_defer && (i == 1 || i == 3) {
                order.defer(i);
                continue;
            }
            seen.push((i, may_defer));
        }
        assert_eq!(seen, [(0, true), (2, true), (4, true), (1, false), (3, false)]);
    }
}
