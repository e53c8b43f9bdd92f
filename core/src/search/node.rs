//! The node search: a decision node of the main search (principal-variation
//! alpha-beta with late-move reductions and futility pruning where the
//! variant opts in), what every node does on entry, and the table glue.

use super::frame::{Best, Frame, Window};
use super::smp::{DEFER_FROM_DEPTH, Deferring, busy_key};
use super::time::Clock;
use super::tt::{Bound, from_tt, to_tt};
use super::{Evaluate, MAX_PLY, Searcher, Technique, WIN_BOUND};

/// The shallowest remaining depth at which late quiet inputs are reduced.
const REDUCE_FROM_DEPTH: u32 = 3;
/// How many inputs of a node are searched at full depth before reductions.
pub(super) const REDUCE_AFTER: usize = 3;
/// From this many plies left, the latest quiet inputs (from the
/// [`DEEP_REDUCE_AFTER`]th on) are reduced by two plies instead of one:
/// deep in a wide tree the late inputs rarely matter.
const DEEP_REDUCE_FROM_DEPTH: u32 = 6;
/// Which input of a node (counted from 0) is the first reduced by two
/// plies at [`DEEP_REDUCE_FROM_DEPTH`] plies left or more.
const DEEP_REDUCE_AFTER: usize = 2 * REDUCE_AFTER;
/// With growing reductions, how many inputs of a node are searched at full
/// depth first (one more on the principal variation).
const GROWING_REDUCE_AFTER: usize = 2;
/// The shallowest remaining depth at which a node tries a pass (null move).
const NULL_MOVE_FROM_DEPTH: u32 = 3;
/// How far above beta (centipawns) a node's evaluation must be for each
/// extra ply of null-move reduction, up to [`NULL_MOVE_EXTRA_MAX`].
const NULL_MOVE_MARGIN_STEP: i32 = 200;
/// The most extra plies of null-move reduction a large margin earns.
const NULL_MOVE_EXTRA_MAX: i32 = 2;
/// Move-count pruning acts at nodes with at most this many plies left.
const MOVE_COUNT_MAX_DEPTH: u32 = 4;
/// The shallowest remaining depth at which a node without a table move is
/// searched one ply shallower (internal iterative reduction).
const INTERNAL_REDUCTION_FROM_DEPTH: u32 = 4;
/// A quiet input with at least this history is reduced one ply less
/// (history-based reductions): it has cut off several times, deep.
const HISTORY_GOOD: i32 = 1_000;
/// From this many plies left, a quiet input with no history at all is
/// reduced one ply more (history-based reductions).
const HISTORY_UNSEEN_FROM_DEPTH: u32 = 6;

impl<P: Evaluate> Searcher<P> {
    /// Counts a node; whether the search must unwind.
    fn enter(&mut self, ply: usize) -> bool {
        if self.aborted {
            return true;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as u32);
        let limit = self.clock.out_of_nodes(self.nodes);
        let polled = Clock::polls_at(self.nodes) && (self.stopped_outside() || self.clock.past_deadline());
        self.aborted = limit || polled;
        self.aborted
    }

    /// Searches `child` of a node of `team` in `frame` (the child's),
    /// returning its value for `team`: the main search while depth is
    /// left, else quiescence.
    pub(super) fn child(&mut self, team: u8, child: &P, frame: Frame, window: Window) -> i32 {
        let same = self.team(child) == team;
        let window = if same { window } else { window.negated() };
        let v = if frame.in_quiescence() {
            self.qsearch(child, frame, window)
        } else {
            self.node(child, frame, window)
        };
        if same { v } else { -v }
    }

    /// What every node of the main search and of quiescence does first:
    /// clear its principal variation, count it (and notice a stop), and
    /// learn whether the game goes on (`goes_on`). `Err` carries the node's
    /// value when it is decided without its inputs: 0 once stopped, the
    /// terminal value of a finished game, the static evaluation at the ply
    /// cap.
    pub(super) fn open(&mut self, pos: &P, ply: usize, goes_on: impl FnOnce() -> bool) -> Result<(), i32> {
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

    /// [`Searcher::open`] for a node that needs its legal inputs: lists them
    /// into ply `ply`'s reused buffer (hand it back to `self.listed[ply]`
    /// when done with it).
    pub(super) fn open_node(&mut self, pos: &P, ply: usize) -> Result<Vec<P::Move>, i32> {
        let mut moves = std::mem::take(&mut self.listed[ply]);
        match self.open(pos, ply, || list_into(pos, &mut moves)) {
            Ok(()) => Ok(moves),
            Err(value) => {
                self.listed[ply] = moves;
                Err(value)
            }
        }
    }

    /// A decision or chance node of the main search.
    pub(super) fn node(&mut self, pos: &P, mut frame: Frame, mut window: Window) -> i32 {
        if frame.in_quiescence() {
            return self.qsearch(pos, frame, window);
        }
        let moves = match self.open_node(pos, frame.ply) {
            Ok(moves) => moves,
            Err(value) => return value,
        };
        if let Some(outcomes) = pos.chance() {
            self.listed[frame.ply] = moves;
            return self.chance(pos, &outcomes, frame, window);
        }
        if self.best_reply && self.team(pos) == 1 {
            let value = self.replies(pos, &moves, frame, window);
            self.listed[frame.ply] = moves;
            return value;
        }
        let key = self.key(pos);
        let tt_move = match self.probe(key, frame, window, !window.is_pv()) {
            Ok(mv) => mv,
            Err(value) => {
                self.listed[frame.ply] = moves;
                return value;
            }
        };
        if let Some(value) = self.null_move_cut(pos, frame, window) {
            self.listed[frame.ply] = moves;
            return value;
        }
        if tt_move.is_none()
            && frame.depth >= INTERNAL_REDUCTION_FROM_DEPTH
            && self.techniques.contains(Technique::InternalReduction)
        {
            frame.depth -= 1;
        }
        let team = self.team(pos);
        let buf = self.ordered(pos, &moves, tt_move, frame.ply, team);
        self.listed[frame.ply] = moves;
        let searched = window;
        let mut best = Best::none();
        let futile = self.futility_bound(pos, frame, window);
        let move_count = self.move_count_limit(pos, frame, window);
        let extending =
            self.techniques.contains(Technique::CheckExtension) && frame.ply < 2 * self.iteration as usize;
        // With threads: inputs another thread is searching go last.
        let busy = self.busy_signals(frame.depth);
        let mark = busy.as_ref().and_then(|b| b.mark_while(busy_key(key, frame.depth)));
        let mut order = Deferring::new(buf.len());
        while let Some((i, may_defer)) = order.next() {
            let mv = buf[i].1;
            if let Some(bound) = futile
                && i > 0
                && self.is_late_quiet(pos, mv, frame.ply)
            {
                best.score = best.score.max(bound);
                continue;
            }
            if let Some(limit) = move_count
                && i >= limit
                && best.score > -WIN_BOUND
                && self.is_late_quiet(pos, mv, frame.ply)
            {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if may_defer
                && i > 0
                && frame.depth > DEFER_FROM_DEPTH
                && let Some(b) = &busy
                && b.is_busy(busy_key(self.key(&child), frame.depth - 1))
            {
                order.defer(i);
                continue;
            }
            let extension = u32::from(extending && child.in_check());
            let reduction = if extension > 0 { 0 } else { self.reduction(pos, mv, frame, (i, team), window) };
            let below = |r: u32| frame.child(frame.depth + extension - 1 - r);
            let score = self.pvs(i == 0, reduction, window, |s, r, w| s.child(team, &child, below(r), w));
            if self.aborted {
                self.buffers[frame.ply] = buf;
                return 0;
            }
            if self.improve(score, mv, frame.ply, &mut best, &mut window) {
                if !pos.is_tactical(mv) {
                    self.order.reward(team, mv, frame.depth, frame.ply);
                }
                break;
            }
        }
        self.buffers[frame.ply] = buf;
        drop(mark);
        self.store(key, best, searched, frame);
        best.score
    }

    /// Futility at the frontier: with one ply left, outside the principal
    /// variation, the bound `stand + margin` when even that cannot reach
    /// alpha, so quiet inputs cannot lift the node (see
    /// [`Evaluate::futility_margin`]); `None` otherwise.
    fn futility_bound(&self, pos: &P, frame: Frame, window: Window) -> Option<i32> {
        match pos.futility_margin() {
            Some(margin) if frame.depth == 1 && !window.is_pv() => {
                let stand = self.static_eval(pos);
                (stand.saturating_add(margin) <= window.alpha).then_some(stand.saturating_add(margin))
            }
            _ => None,
        }
    }

    /// Null-move pruning ([`Technique::NullMove`]): outside the principal
    /// variation, with two seats, at least [`NULL_MOVE_FROM_DEPTH`] plies
    /// left, not right after another pass and not near a forced result,
    /// when the static evaluation is at least beta and the variant lets
    /// the side to move pass ([`Evaluate::null_move`]), the pass is searched
    /// `3 + depth / 4` plies shallower (one or two more with a large margin)
    /// with a null window at beta. `Some` with the node's value when the
    /// side stays at or above beta even after passing (a forced win found
    /// that way counts only as beta: a pass is not a legal input).
    fn null_move_cut(&mut self, pos: &P, frame: Frame, window: Window) -> Option<i32> {
        if !self.techniques.contains(Technique::NullMove)
            || self.paranoid
            || window.is_pv()
            || frame.passed
            || frame.depth < NULL_MOVE_FROM_DEPTH
            || window.beta.abs() >= WIN_BOUND
        {
            return None;
        }
        let stand = self.static_eval(pos);
        if stand < window.beta {
            return None;
        }
        let passed = pos.null_move()?;
        let extra = ((stand - window.beta) / NULL_MOVE_MARGIN_STEP).min(NULL_MOVE_EXTRA_MAX) as u32;
        let depth = frame.depth.saturating_sub(1 + 3 + frame.depth / 4 + extra);
        let team = self.team(pos);
        let value = self.child(team, &passed, frame.after_pass(depth), Window::null(window.beta - 1));
        if self.aborted {
            return Some(0);
        }
        (value >= window.beta).then_some(if value >= WIN_BOUND { window.beta } else { value })
    }

    /// Move-count pruning ([`Technique::MoveCountPruning`], unless the
    /// configuration turns reductions off): outside the principal variation, not in check, with at
    /// most [`MOVE_COUNT_MAX_DEPTH`] plies left, how many inputs a node
    /// searches before it skips the late quiet ones: `3 + depth²`.
    fn move_count_limit(&self, pos: &P, frame: Frame, window: Window) -> Option<usize> {
        let on = self.techniques.contains(Technique::MoveCountPruning)
            && self.config.reductions != Some(false)
            && !window.is_pv()
            && frame.depth <= MOVE_COUNT_MAX_DEPTH
            && !pos.in_check();
        on.then(|| 3 + (frame.depth * frame.depth) as usize)
    }

    /// How many plies shallower the `i`-th input `mv` of a node of `team`
    /// is searched first: late quiet inputs, where the variant (or the
    /// configuration) reduces them; by one or two plies, or with
    /// [`Technique::GrowingReductions`] by `ln depth × ln i / 2`, rounded,
    /// one less on the principal variation and, with
    /// [`Technique::HistoryReductions`], one less for an input with a high
    /// history and one more deep in the tree for one without; always
    /// leaving at least one ply.
    fn reduction(&self, pos: &P, mv: P::Move, frame: Frame, (i, team): (usize, u8), window: Window) -> u32 {
        if !self.reducing(frame.depth) || !self.is_late_quiet(pos, mv, frame.ply) {
            return 0;
        }
        if !self.techniques.contains(Technique::GrowingReductions) {
            return if i >= REDUCE_AFTER {
                1 + u32::from(frame.depth >= DEEP_REDUCE_FROM_DEPTH && i >= DEEP_REDUCE_AFTER)
            } else {
                0
            };
        }
        let pv = window.is_pv();
        if i < GROWING_REDUCE_AFTER + usize::from(pv) {
            return 0;
        }
        let mut r = growing_reduction(frame.depth, i) - i32::from(pv);
        if self.techniques.contains(Technique::HistoryReductions) {
            let h = self.order.history(team, mv);
            if h >= HISTORY_GOOD {
                r -= 1;
            } else if h == 0 && frame.depth >= HISTORY_UNSEEN_FROM_DEPTH {
                r += 1;
            }
        }
        r.clamp(0, frame.depth as i32 - 2) as u32
    }

    /// Whether late quiet inputs are reduced at a node `depth` plies deep.
    /// Late inputs are reduced where the configuration says so, else where
    /// the variant's profile turns reductions on or keeps
    /// [`Technique::GrowingReductions`].
    pub(super) fn reducing(&self, depth: u32) -> bool {
        let on = P::PROFILE.reductions || self.techniques.contains(Technique::GrowingReductions);
        depth >= REDUCE_FROM_DEPTH && self.config.reductions.unwrap_or(on)
    }

    /// The principal-variation search of one input in `window`: `search`
    /// runs the child with a reduction and a window. The first input gets
    /// the full window; a later one a null window (reduced by `reduction`
    /// plies, then again at full depth if it beats alpha), and the full
    /// window only if it lands inside it.
    pub(super) fn pvs(
        &mut self,
        first: bool,
        reduction: u32,
        window: Window,
        mut search: impl FnMut(&mut Self, u32, Window) -> i32,
    ) -> i32 {
        let alpha = window.alpha;
        let mut score = if first {
            alpha + 1
        } else {
            let mut s = search(self, reduction, Window::null(alpha));
            if reduction > 0 && !self.aborted && s > alpha {
                s = search(self, 0, Window::null(alpha));
            }
            s
        };
        if !self.aborted && score > alpha && (first || score < window.beta) {
            score = search(self, 0, window);
        }
        score
    }

    /// Takes input `mv`'s `score` into a decision node's best score and
    /// input and its window's alpha (and its principal variation); whether
    /// it cuts (reaches beta).
    pub(super) fn improve(
        &mut self,
        score: i32,
        mv: P::Move,
        ply: usize,
        best: &mut Best<P::Move>,
        window: &mut Window,
    ) -> bool {
        if score <= best.score {
            return false;
        }
        best.score = score;
        best.mv = Some(mv);
        if score <= window.alpha {
            return false;
        }
        window.alpha = score;
        self.extend_pv(ply, mv);
        window.alpha >= window.beta
    }

    /// The principal variation at `ply`: `mv`, then the one below it.
    pub(super) fn extend_pv(&mut self, ply: usize, mv: P::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply].clear();
        head[ply].push(mv);
        head[ply].extend_from_slice(&tail[0]);
    }

    /// The table's move for the node `key`, or `Err` with the node's value
    /// when the entry answers it: `may_cut` and an entry searched to exactly
    /// the frame's depth (or deeper, if the variant opts in: see the module
    /// doc) whose bound settles `window`.
    pub(super) fn probe(
        &self,
        key: u64,
        frame: Frame,
        window: Window,
        may_cut: bool,
    ) -> Result<Option<P::Move>, i32> {
        let Some(e) = self.tt.probe(key) else {
            return Ok(None);
        };
        let depth = frame.depth;
        let deep_enough =
            u32::from(e.depth) == depth || (P::PROFILE.deeper_cuts && u32::from(e.depth) > depth);
        if may_cut && deep_enough {
            let s = from_tt(e.score, frame.ply);
            match e.bound {
                Some(Bound::Exact) => return Err(s),
                Some(Bound::Lower) if s >= window.beta => return Err(s),
                Some(Bound::Upper) if s <= window.alpha => return Err(s),
                _ => {}
            }
        }
        Ok(e.mv)
    }

    /// Stores the node `key`'s `best`, searched in `frame` with the window
    /// `searched`.
    pub(super) fn store(&mut self, key: u64, best: Best<P::Move>, searched: Window, frame: Frame) {
        let bound = if best.score >= searched.beta {
            Bound::Lower
        } else if best.score > searched.alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, best.mv, to_tt(best.score, frame.ply), frame.depth, bound);
    }
}

/// The growing late-move reduction of the `i`-th input (from 0) at
/// `depth` plies left: `ln depth × ln i / 2`, rounded.
fn growing_reduction(depth: u32, i: usize) -> i32 {
    let d = f64::from(depth.max(1));
    let n = i.clamp(1, 255) as f64;
    (d.ln() * n.ln() / 2.0 + 0.5) as i32
}

/// Replaces `out` with `pos`'s legal inputs; whether there are any. Not
/// inlined, so that the variant's move list (an `ArrayVec` of up to a few
/// thousand inputs) lives in this frame only: the recursive search frames
/// stay small, and only the listed inputs are copied.
#[inline(never)]
fn list_into<P: Evaluate>(pos: &P, out: &mut Vec<P::Move>) -> bool {
    out.clear();
    out.extend(pos.legal_moves());
    !out.is_empty()
}
