//! Move ordering: the order a decision node's inputs are searched in, and
//! the killers and history it learns from cutoffs.
//!
//! The bands, highest first: the transposition table's move, tactical
//! inputs by the variant's [`Evaluate::move_order_score`], the two killers
//! of the ply, then quiet inputs by history plus the variant's hint. A
//! variant's hint is clamped to ±[`ORDER_HINT_LIMIT`] so that it never
//! leaves its band.

use core::cmp::Reverse;
use core::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

use super::{Evaluate, MAX_PLY, Searcher};

/// The band of the transposition table's move: always first.
const ORDER_TT: i32 = 2_000_000_000;
/// The band of tactical inputs, above the killers and every quiet input.
const ORDER_TACTICAL: i32 = 1_000_000_000;
/// The band of the first killer (the second is one below): after tactical
/// inputs, above any history score.
const ORDER_KILLER: i32 = 900_000_000;
/// The variant's hint is clamped to ± this, so that every band stays apart.
pub(super) const ORDER_HINT_LIMIT: i32 = 100_000_000;

/// Killer inputs kept per ply: the two latest quiet inputs that cut there.
const KILLERS: usize = 2;
/// History slots per team (a move's hash picks one; collisions only blur
/// the ordering).
const HISTORY_SIZE: usize = 4096;
/// When a history score passes this, every score is halved, so that recent
/// cutoffs weigh more than old ones and scores stay below the killer band.
const HISTORY_MAX: i32 = 1 << 20;
/// The largest history bonus of one cutoff (`depth²` up to this): a deep
/// cutoff counts more, but not so much that one swamps the table.
const HISTORY_BONUS_MAX: u32 = 400;
/// A move's history slot comes from the top bits of its hash (shifted down
/// by this): a multiplicative hash mixes its high bits best.
const HISTORY_HASH_SHIFT: u32 = 40;

/// The killers and history a searcher learns from cutoffs, per thread.
#[derive(Clone, Debug)]
pub(super) struct MoveOrder<M> {
    /// For each ply, the latest quiet inputs that caused a cutoff there.
    killers: Vec<[Option<M>; KILLERS]>,
    /// For each team's slot, how often (weighted by depth) a quiet input
    /// hashing there caused a cutoff.
    history: Vec<i32>,
}

impl<M: Copy + Eq + Hash> MoveOrder<M> {
    /// Nothing learnt.
    pub(super) fn new() -> Self {
        MoveOrder { killers: vec![[None; KILLERS]; MAX_PLY + 1], history: vec![0; 2 * HISTORY_SIZE] }
    }

    /// Forgets everything learnt.
    pub(super) fn clear(&mut self) {
        self.killers.fill([None; KILLERS]);
        self.history.fill(0);
    }

    /// Halves the history, at the start of a search: what the last search
    /// learnt still orders, but counts less than what this one learns.
    pub(super) fn age(&mut self) {
        for h in &mut self.history {
            *h /= 2;
        }
    }

    /// Whether `mv` is a killer at `ply`.
    pub(super) fn is_killer(&self, ply: usize, mv: M) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    /// The history score of the quiet input `mv` for `team`.
    pub(super) fn history(&self, team: u8, mv: M) -> i32 {
        self.history[Self::slot(team, mv)]
    }

    /// The history slot of `mv` for `team`.
    fn slot(team: u8, mv: M) -> usize {
        let mut h = FxHasher::default();
        mv.hash(&mut h);
        usize::from(team & 1) * HISTORY_SIZE + (h.finish() >> HISTORY_HASH_SHIFT) as usize % HISTORY_SIZE
    }

    /// The ordering score of `mv`, not the table's move, at a node of
    /// `team` at `ply`, given its variant hint and whether it is tactical.
    fn score(&self, mv: M, (ply, team): (usize, u8), (hint, tactical): (i32, bool)) -> i32 {
        if tactical {
            ORDER_TACTICAL + hint
        } else if self.killers[ply][0] == Some(mv) {
            ORDER_KILLER
        } else if self.killers[ply][1] == Some(mv) {
            ORDER_KILLER - 1
        } else {
            self.history[Self::slot(team, mv)] + hint
        }
    }

    /// Killer and history update after the quiet input `mv` caused a cutoff
    /// at a node of `team`, `depth` plies deep, at `ply`.
    pub(super) fn reward(&mut self, team: u8, mv: M, depth: u32, ply: usize) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let i = Self::slot(team, mv);
        let bonus = (depth * depth).min(HISTORY_BONUS_MAX) as i32;
        self.history[i] += bonus;
        if self.history[i] > HISTORY_MAX {
            for h in &mut self.history {
                *h /= 2;
            }
        }
    }
}

/// The variant's ordering hint for `mv`, clamped into its band.
pub(super) fn hint<P: Evaluate>(pos: &P, mv: P::Move) -> i32 {
    pos.move_order_score(mv).clamp(-ORDER_HINT_LIMIT, ORDER_HINT_LIMIT)
}

impl<P: Evaluate> Searcher<P> {
    /// The ordering score of `mv` at a node of `team` at `ply`.
    pub(super) fn order_score(
        &self,
        pos: &P,
        mv: P::Move,
        tt_move: Option<P::Move>,
        ply: usize,
        team: u8,
    ) -> i32 {
        if tt_move == Some(mv) {
            return ORDER_TT;
        }
        self.order.score(mv, (ply, team), (hint(pos, mv), pos.is_tactical(mv)))
    }

    /// `moves` in search order for a node of `team` at `ply`, each with its
    /// ordering score, in the ply's reused buffer (give it back to
    /// `self.buffers[ply]` when done).
    pub(super) fn ordered(
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

    /// Whether `mv` may be searched reduced (or pruned at the frontier): a
    /// quiet input (not tactical, no positive ordering hint from the
    /// variant, not a killer).
    pub(super) fn is_late_quiet(&self, pos: &P, mv: P::Move, ply: usize) -> bool {
        !pos.is_tactical(mv) && pos.move_order_score(mv) <= 0 && !self.order.is_killer(ply, mv)
    }
}
