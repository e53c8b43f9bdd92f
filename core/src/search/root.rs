//! Iterative deepening and the root: one iteration per depth until a limit,
//! each scoring the root inputs with multi-PV windows.

use core::cmp::Reverse;

use super::chance::most_likely;
use super::frame::{Frame, Window};
use super::smp::{DEFER_FROM_DEPTH, Deferring, busy_key};
use super::time::Clock;
use super::{
    Evaluate, INFINITY, Limits, Line, Score, SearchInfo, SearchResult, Searcher, Technique, WIN_BOUND,
};

/// The first iteration searched with an aspiration window.
const ASPIRATION_FROM_DEPTH: u32 = 4;
/// The aspiration window's half-width at first (centipawns); it doubles
/// on each fail.
const ASPIRATION_DELTA: i32 = 30;
/// Past this half-width an aspiration window opens fully.
const ASPIRATION_MAX_DELTA: i32 = 2_000;

/// How an iteration's root search ended against its window.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fail {
    /// No input beat the window's alpha.
    Low,
    /// An input reached the window's beta (the iteration stopped there).
    High,
}
use crate::game::Position;

/// A root input with what the last iteration learnt of it.
pub(super) struct RootMove<M> {
    mv: M,
    /// Exact score if it made the best lines, else `None`.
    score: Option<i32>,
    pv: Vec<M>,
}

/// What every iteration of one search shares.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// How many lines are scored exactly (≥ 1).
    multipv: usize,
    /// The last iteration's depth.
    max_depth: u32,
    /// Whether chance moves at the root (nobody chooses an input there).
    chance_root: bool,
}

impl<P: Evaluate> Searcher<P> {
    /// The search on this thread; `new_generation`: whether it starts a
    /// table generation (a Lazy SMP search starts one for all threads).
    pub(super) fn search_single(
        &mut self,
        pos: &P,
        limits: &Limits,
        new_generation: bool,
        mut on_info: impl FnMut(&SearchInfo<P::Move>),
    ) -> SearchResult<P::Move> {
        self.begin(pos, limits, new_generation);
        let mut result = SearchResult::empty();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            result.score = Score(self.terminal(pos, 0));
            return result;
        }
        let plan = Plan {
            multipv: limits.multipv.max(1),
            max_depth: limits.depth.unwrap_or(Limits::MAX_DEPTH).min(Limits::MAX_DEPTH),
            chance_root: pos.chance().is_some(),
        };
        let mut root_moves = if plan.chance_root { Vec::new() } else { self.root_moves(pos, &moves) };
        // The fallback if no iteration completes.
        result.best = if plan.chance_root { most_probable(pos) } else { root_moves.first().map(|r| r.mv) };
        self.deepen(pos, &mut root_moves, plan, &mut result, &mut on_info);
        if let Some(line) = result.lines.first() {
            result.score = line.score;
            if let Some(&mv) = line.moves.first() {
                result.best = Some(mv);
            }
        }
        result.stopped = self.aborted;
        result.nodes = self.nodes;
        result.seldepth = self.seldepth;
        result.elapsed = self.clock.elapsed();
        result
    }

    /// Resets the per-search state for a search of `pos` within `limits`.
    fn begin(&mut self, pos: &P, limits: &Limits, new_generation: bool) {
        self.clock = Clock::start(limits);
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = self.stopped_outside();
        self.root_seat = pos.turn();
        self.paranoid = pos.seat_count() > 2;
        self.best_reply = self.paranoid && self.config.best_reply.unwrap_or(P::PROFILE.best_reply);
        self.techniques = self.config.techniques.unwrap_or(P::PROFILE.techniques);
        if new_generation {
            self.tt.new_search();
        }
        self.order.age();
    }

    /// The root inputs a search may play (see [`Searcher::set_root_moves`]),
    /// in the static move order.
    fn root_moves(&self, pos: &P, moves: &[P::Move]) -> Vec<RootMove<P::Move>> {
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
    }

    /// Iterative deepening: one iteration per depth until the plan's last,
    /// a limit or the stop flag, each completed one reported to `on_info`
    /// and kept in `result`.
    fn deepen(
        &mut self,
        pos: &P,
        root_moves: &mut [RootMove<P::Move>],
        plan: Plan,
        result: &mut SearchResult<P::Move>,
        on_info: &mut impl FnMut(&SearchInfo<P::Move>),
    ) {
        let mut depth = 0;
        while depth < plan.max_depth {
            depth = match &self.smp {
                Some(role) => role.next_depth(depth, plan.max_depth),
                None => depth + 1,
            };
            self.iteration = depth;
            let lines = if plan.chance_root {
                let score = self.node(pos, Frame::root(depth), Window::FULL);
                vec![Line { moves: self.pv[0].clone(), score: Score(score) }]
            } else {
                let previous = result.lines.first().map(|l| l.score.0);
                self.aspirated_root(pos, depth, root_moves, plan, previous)
            };
            if self.aborted {
                // A better input the unfinished iteration proved (see
                // `SearchProfile::partial_iterations`), if any.
                if P::PROFILE.partial_iterations && plan.multipv == 1 && !plan.chance_root {
                    let proved = proved_best(root_moves);
                    if !proved.is_empty() {
                        result.lines = proved;
                    }
                }
                break;
            }
            result.depth = depth;
            result.lines = lines;
            on_info(&SearchInfo {
                depth,
                seldepth: self.seldepth,
                nodes: self.nodes,
                elapsed: self.clock.elapsed(),
                lines: result.lines.clone(),
            });
            if let Some(role) = &self.smp {
                role.completed(depth, plan.max_depth);
            }
            if self.stopped_outside() {
                // Raised between two iterations: stopped all the same.
                self.aborted = true;
                break;
            }
            if self.clock.past_soft_limit() {
                break;
            }
        }
    }

    /// One iteration at the root of a decision node, with an aspiration
    /// window ([`Technique::Aspiration`]) around the `previous` iteration's
    /// score where it applies (one line, from [`ASPIRATION_FROM_DEPTH`], a
    /// score that is not a forced result): the window starts
    /// ±[`ASPIRATION_DELTA`] wide and widens on the side that failed,
    /// doubling, until the root's value falls inside it.
    fn aspirated_root(
        &mut self,
        pos: &P,
        depth: u32,
        root_moves: &mut [RootMove<P::Move>],
        plan: Plan,
        previous: Option<i32>,
    ) -> Vec<Line<P::Move>> {
        let center = previous.filter(|s| {
            self.techniques.contains(Technique::Aspiration)
                && plan.multipv == 1
                && depth >= ASPIRATION_FROM_DEPTH
                && s.abs() < WIN_BOUND
        });
        let Some(center) = center else {
            return self.root(pos, depth, root_moves, plan.multipv, Window::FULL).0;
        };
        let mut delta = ASPIRATION_DELTA;
        let mut window = Window::new(center - delta, center + delta);
        loop {
            let (lines, fail) = self.root(pos, depth, root_moves, 1, window);
            if self.aborted {
                return lines;
            }
            delta = delta.saturating_mul(2);
            match fail {
                None => return lines,
                _ if delta > ASPIRATION_MAX_DELTA => window = Window::FULL,
                Some(Fail::Low) => window.alpha = (window.alpha - delta).max(-INFINITY),
                Some(Fail::High) => window.beta = (window.beta + delta).min(INFINITY),
            }
        }
    }

    /// One iteration at the root of a decision node within `window`: every
    /// root input is searched with the window `(alpha, beta)`, where
    /// `alpha` is the K-th best exact score so far (at first the window's),
    /// so the best K are exact, unless the iteration fails: no input beats
    /// the window's alpha, or one reaches its beta (the iteration stops
    /// there, that input first in the order).
    fn root(
        &mut self,
        pos: &P,
        depth: u32,
        root_moves: &mut [RootMove<P::Move>],
        multipv: usize,
        window: Window,
    ) -> (Vec<Line<P::Move>>, Option<Fail>) {
        self.pv[0].clear();
        self.nodes += 1;
        let team = self.team(pos);
        let frame = Frame::root(depth);
        let mut exact: Vec<i32> = Vec::new(); // exact scores so far, descending
        // With threads: root inputs another thread is searching go last.
        let busy = self.busy_signals(depth).filter(|_| depth > DEFER_FROM_DEPTH);
        let mut order = Deferring::new(root_moves.len());
        let repetition = self.repetition_penalty(pos);
        while let Some((i, may_defer)) = order.next() {
            let rm = &mut root_moves[i];
            let alpha = if exact.len() >= multipv { exact[multipv - 1] } else { window.alpha };
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
            let ceiling = if window.beta < INFINITY {
                window.beta.saturating_add(penalty).min(INFINITY)
            } else {
                INFINITY
            };
            let below = frame.child(depth - 1);
            let mut score = if i > 0 && alpha > -INFINITY {
                self.child(team, &child, below, Window::null(floor))
            } else {
                floor + 1
            };
            if !self.aborted && score > floor {
                score = self.child(team, &child, below, Window::new(floor, ceiling));
            }
            score = score.saturating_sub(penalty);
            if self.aborted {
                return (Vec::new(), None);
            }
            if score > alpha {
                rm.score = Some(score);
                rm.pv.clear();
                rm.pv.push(rm.mv);
                rm.pv.extend_from_slice(&self.pv[1]);
                let at = exact.partition_point(|&s| s >= score);
                exact.insert(at, score);
                if score >= window.beta {
                    return (self.best_lines(root_moves, multipv), Some(Fail::High));
                }
            } else {
                rm.score = None;
            }
        }
        let fail = exact.is_empty().then_some(Fail::Low);
        (self.best_lines(root_moves, multipv), fail)
    }

    /// After an iteration: keeps only the K best root inputs as exact
    /// (earlier first on ties), orders them first for the next depth, the
    /// rest in their previous order, and returns their lines.
    fn best_lines(&mut self, root_moves: &mut [RootMove<P::Move>], multipv: usize) -> Vec<Line<P::Move>> {
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

/// The most probable resolution at a chance node (the first on ties).
fn most_probable<P: Position>(pos: &P) -> Option<P::Move> {
    let outcomes = pos.chance()?;
    most_likely(&outcomes).map(|i| outcomes[i].0)
}
