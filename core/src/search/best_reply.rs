//! Best-reply layers (BRS+, see the [module doc](super#seats)): with more
//! than two seats, the opponents' turns between two turns of the root seat
//! searched as one ply in which a single opponent branches.

use super::frame::{Best, Frame, Layer, Window};
use super::node::REDUCE_AFTER;
use super::ordering::hint;
use super::{Evaluate, INFINITY, Searcher};

impl<P: Evaluate> Searcher<P> {
    /// The coalition's team in paranoid and best-reply search.
    const COALITION: u8 = 1;

    /// A best-reply layer's node: the opponents' turns between two turns of
    /// the root seat, searched as one ply of the frame's depth. Exactly one
    /// opponent *branches* (every input of its is tried); the others play
    /// their *default* input ([`default_reply`]). `pos` is an opponent's
    /// decision node with the inputs `moves`; the value is the coalition's.
    pub(super) fn replies(&mut self, pos: &P, moves: &[P::Move], frame: Frame, window: Window) -> i32 {
        self.layer_node(pos, moves, frame, window, Layer::START)
    }

    /// A node `layer` plies into a best-reply layer (see
    /// [`Searcher::replies`]).
    fn layer_node(
        &mut self,
        pos: &P,
        moves: &[P::Move],
        frame: Frame,
        mut window: Window,
        layer: Layer,
    ) -> i32 {
        let default = default_reply(pos, moves);
        if layer.branched {
            // Only the default input is played here: no table, no ordering.
            let mut child = pos.clone();
            child.play_unchecked(default);
            let score = self.after_reply(&child, frame.child(frame.depth), window, layer.next(true));
            if !self.aborted && score > window.alpha {
                self.extend_pv(frame.ply, default);
            }
            return score;
        }
        let key = self.key(pos);
        let layer_start = layer.seg == 0;
        // Only a layer's first node has a value of its own in the table.
        let tt_move = match self.probe(key, frame, window, layer_start && window.is_null()) {
            Ok(mv) => mv,
            Err(value) => return value,
        };
        let team = Self::COALITION;
        let buf = self.ordered(pos, moves, tt_move, frame.ply, team);
        let searched = window;
        let mut best = Best::none();
        let reducing = self.reducing(frame.depth);
        // Branching here: every input, then the default inputs of the
        // later opponents; and, last, the default input here with the
        // branching left to a later opponent.
        let tries = buf.len();
        for i in 0..=tries {
            let (mv, branch) = if i < tries { (buf[i].1, true) } else { (default, false) };
            if i == tries && layer.seg + 2 >= pos.seat_count() {
                break; // no later opponent of this layer is left to branch
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let reduction = u32::from(
                reducing && i < tries && i >= REDUCE_AFTER && self.is_late_quiet(pos, mv, frame.ply),
            );
            let next = layer.next(branch);
            let below = |r: u32| frame.child(frame.depth - r);
            let score =
                self.pvs(i == 0, reduction, window, |s, r, w| s.after_reply(&child, below(r), w, next));
            if self.aborted {
                self.buffers[frame.ply] = buf;
                return 0;
            }
            if self.improve(score, mv, frame.ply, &mut best, &mut window) {
                if i < tries && !pos.is_tactical(mv) {
                    self.order.reward(team, mv, frame.depth, frame.ply);
                }
                break;
            }
        }
        self.buffers[frame.ply] = buf;
        if layer_start {
            self.store(key, best, searched, frame);
        }
        best.score
    }

    /// The coalition's value of `child`, reached `layer` plies into a
    /// best-reply layer, in `frame` (the child's: its depth is the layer's):
    /// the rest of the layer while an opponent is to move, else the search
    /// below the layer. A line of the layer in which no opponent branched
    /// is not one of its lines.
    fn after_reply(&mut self, child: &P, frame: Frame, window: Window, layer: Layer) -> i32 {
        if self.team(child) == 0 || layer.seg + 1 >= child.seat_count() || child.chance().is_some() {
            if !layer.branched {
                return -INFINITY;
            }
            let below = Frame { ply: frame.ply, depth: frame.depth - 1, qply: 0, passed: false };
            return self.child(Self::COALITION, child, below, window);
        }
        match self.open_node(child, frame.ply) {
            Ok(moves) => {
                let value = self.layer_node(child, &moves, frame, window, layer);
                self.listed[frame.ply] = moves;
                value
            }
            Err(value) => value,
        }
    }
}

/// The input an opponent who does not branch plays in a best-reply layer:
/// the first of the best by the static part of the move order (tactical
/// inputs first, then [`Evaluate::move_order_score`]). It leaves out the
/// table move, killers and history on purpose, so that a layer's value
/// depends on the position and the depth alone, as a table entry needs.
fn default_reply<P: Evaluate>(pos: &P, moves: &[P::Move]) -> P::Move {
    let rank = |mv: P::Move| (pos.is_tactical(mv), hint(pos, mv));
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
