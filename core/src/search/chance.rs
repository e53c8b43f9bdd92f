//! Chance nodes: expectimax with Star1 bounds, and loss aversion (see the
//! [module doc](super#chance-nodes-and-loss-aversion)).

use super::frame::{Frame, Window};
use super::smp::busy_key;
use super::tt::from_tt;
use super::{Evaluate, INFINITY, MAX_PLY, Searcher, Technique, WIN};
use crate::game::SeatResult;

/// Loss aversion that leaves the weights alone, in percent: plain
/// expectimax.
const PLAIN_EXPECTIMAX: u32 = 100;
/// With chance reductions, the shallowest remaining depth at which unlikely
/// outcomes are searched shallower.
const CHANCE_REDUCE_FROM_DEPTH: u32 = 3;
/// With chance reductions, an outcome weighing less than this is searched
/// one ply shallower.
const CHANCE_REDUCE_BELOW: f64 = 0.2;
/// With chance bounds, how far from its static evaluation an unfinished
/// outcome of the main search is assumed to score, in centipawns.
const CHANCE_BOUND_MARGIN: i32 = 1000;

impl<P: Evaluate> Searcher<P> {
    /// A chance node in `frame`: the probability-weighted mean of its
    /// outcomes, rounded, with Star1 cutoffs. Children are searched at the
    /// same depth (in quiescence, one input further).
    ///
    /// Star1 needs bounds on each outcome's value. In the main search they
    /// are `[-WIN, WIN]`; in quiescence each resolution is bounded by its
    /// own stand pat ([`Searcher::resolution_bounds`]), which is what lets a
    /// chance node of quiescence cut before it has searched every
    /// resolution. The bounds change no value, only how many nodes it takes.
    pub(super) fn chance(
        &mut self,
        pos: &P,
        outcomes: &[(P::Move, f64)],
        frame: Frame,
        window: Window,
    ) -> i32 {
        let team = self.team(pos);
        let most_likely = most_likely(outcomes);
        let children = self.chance_children(pos, outcomes);
        let below = frame.resolution();
        // Chance reductions: unlikely outcomes one ply shallower.
        let reduced = (self.techniques.contains(Technique::ChanceReduction)
            && frame.depth >= CHANCE_REDUCE_FROM_DEPTH)
            .then(|| frame.child(frame.depth - 1));
        let assumed = self.techniques.contains(Technique::ChanceBounds);
        let bounds: Vec<(i32, i32)> = children
            .iter()
            .map(|(p, child)| match () {
                _ if *p <= 0.0 => (0, 0),
                _ if !frame.in_quiescence() && assumed => self.assumed_bounds(team, child, below),
                _ if !frame.in_quiescence() => (-WIN, WIN),
                _ => self.resolution_bounds(team, child, below),
            })
            .collect();
        // What the outcomes after the i-th can still add, at least and at most.
        let mut rest_lo: f64 = children.iter().zip(&bounds).map(|((p, _), b)| p * f64::from(b.0)).sum();
        let mut rest_hi: f64 = children.iter().zip(&bounds).map(|((p, _), b)| p * f64::from(b.1)).sum();
        if rest_hi <= f64::from(window.alpha) {
            return window.alpha;
        }
        if rest_lo >= f64::from(window.beta) {
            return window.beta;
        }
        // With threads, a chance node of the main search is marked busy like
        // a decision node, so that its parent's other threads defer it (an
        // engagement, often the sharpest input there is) while it is searched.
        let depth = Some(frame.depth).filter(|_| !frame.in_quiescence());
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
                self.pv[frame.ply + 1].clear();
                lo_i
            } else {
                // Star1: the child's window outside which the node's value
                // is already known to lie outside (alpha, beta).
                let lo = ((f64::from(window.alpha) - sum - rest_hi) / p).floor();
                let hi = ((f64::from(window.beta) - sum - rest_lo) / p).ceil();
                let lo = lo.clamp(f64::from(-INFINITY), f64::from(INFINITY - 1)) as i32;
                let hi = (hi.clamp(f64::from(-INFINITY + 1), f64::from(INFINITY)) as i32).max(lo + 1);
                let frame_i = match reduced {
                    Some(shallower) if p < CHANCE_REDUCE_BELOW => shallower,
                    _ => below,
                };
                let v = self.child(team, child, frame_i, Window::new(lo, hi));
                if self.aborted {
                    return 0;
                }
                if v <= lo {
                    return window.alpha; // the mean is at most alpha
                }
                if v >= hi {
                    return window.beta; // the mean is at least beta
                }
                v
            };
            sum += p * f64::from(v);
            if Some(i) == most_likely {
                self.extend_pv(frame.ply, outcomes[i].0);
            }
        }
        sum.round() as i32
    }

    /// Each outcome's weight (its probability, or its loss-averse weight)
    /// with the position it leads to.
    fn chance_children(&self, pos: &P, outcomes: &[(P::Move, f64)]) -> Vec<(f64, P)> {
        let total = outcomes.iter().map(|&(_, p)| p.max(0.0)).sum::<f64>();
        self.chance_weights(pos, outcomes, total).unwrap_or_else(|| {
            outcomes
                .iter()
                .map(|&(mv, p)| {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    (p.max(0.0), child)
                })
                .collect()
        })
    }

    /// Bounds on the quiescence value of a chance node's resolution `child`
    /// (in `frame`, the child's) for `team`, read without searching it, the
    /// way [`Searcher::qsearch`] will find them: exact for a finished game,
    /// at the ply cap and at the quiescence limit; otherwise the child's
    /// stand pat bounds it from its mover's side (quiescence never returns
    /// less than its stand pat), except at a chance node, which has no
    /// stand pat.
    fn resolution_bounds(&self, team: u8, child: &P, frame: Frame) -> (i32, i32) {
        let exact = |v: i32| if self.team(child) == team { (v, v) } else { (-v, -v) };
        if !child.has_legal_moves() {
            return exact(self.terminal(child, frame.ply));
        }
        if frame.ply >= MAX_PLY - 1 {
            return exact(self.static_eval(child));
        }
        if child.chance().is_some() {
            return (-WIN, WIN);
        }
        let stand = self.static_eval(child);
        if frame.qply >= self.quiescence_plies() {
            return exact(stand);
        }
        if self.team(child) == team { (stand, WIN) } else { (-WIN, -stand) }
    }

    /// With [`Technique::ChanceBounds`], the bounds assumed for the value
    /// of a chance node's outcome `child` in the main search (in `frame`,
    /// the child's) for `team`: exact for a finished game, otherwise
    /// within [`CHANCE_BOUND_MARGIN`] of the best guess of its value, its
    /// table entry (from this iteration or an earlier one, which already
    /// holds the engagements and decided games below it) or else its
    /// static evaluation.
    fn assumed_bounds(&self, team: u8, child: &P, frame: Frame) -> (i32, i32) {
        let own = |v: i32| if self.team(child) == team { v } else { -v };
        if !child.has_legal_moves() {
            let v = own(self.terminal(child, frame.ply));
            return (v, v);
        }
        // The best guess of the child's value: its table entry from this or
        // an earlier iteration, else its static evaluation.
        let guess = match self.tt.probe(self.key(child)) {
            Some(e) if e.bound.is_some() => from_tt(e.score, frame.ply),
            _ => self.static_eval(child),
        };
        let stand = own(guess);
        (stand - CHANCE_BOUND_MARGIN, stand + CHANCE_BOUND_MARGIN)
    }

    /// The outcomes' weights under loss aversion (module doc), summing to
    /// `total`, each with the position it leads to (played once here, and
    /// searched from there); `None` when the weights are the plain
    /// probabilities.
    fn chance_weights(&self, pos: &P, outcomes: &[(P::Move, f64)], total: f64) -> Option<Vec<(f64, P)>> {
        let aversion = self.config.loss_aversion.unwrap_or_else(|| pos.loss_aversion());
        if aversion == PLAIN_EXPECTIMAX || total <= 0.0 {
            return None;
        }
        let mover = pos.turn();
        let factor = f64::from(aversion) / f64::from(PLAIN_EXPECTIMAX);
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
}

/// The index of the most probable outcome (the first on ties).
pub(super) fn most_likely<M>(outcomes: &[(M, f64)]) -> Option<usize> {
    outcomes
        .iter()
        .enumerate()
        .fold(None, |acc: Option<(usize, f64)>, (i, &(_, p))| match acc {
            Some((_, q)) if q >= p => acc,
            _ => Some((i, p)),
        })
        .map(|(i, _)| i)
}
