//! [`Evaluate`]: what a variant tells the search about its positions.

use super::profile::SearchProfile;
#[cfg(doc)]
use super::{MAX_PLY, SearchConfig, Searcher};
use crate::game::{Position, Seat};

/// A static evaluation for the search: implemented by each variant's position.
///
/// Only [`Evaluate::evaluate`] is required. Scores use the centipawn scale
/// described in the [module doc](crate::search).
pub trait Evaluate: Position {
    /// The variant's search profile: the switches and depths that shape its
    /// search for every position alike (quiescence depth, late-move
    /// reductions, best-reply layers, repetition penalty, deeper table cuts,
    /// partial iterations). A variant states the fields it changes:
    /// `const PROFILE: SearchProfile = SearchProfile { reductions: true,
    /// ..SearchProfile::DEFAULT };`. Defaults to [`SearchProfile::DEFAULT`].
    const PROFILE: SearchProfile = SearchProfile::DEFAULT;

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

    /// Futility pruning at the frontier (see the [module
    /// doc](crate::search#late-move-reductions)): at a node of the main search with
    /// one ply left, outside the principal variation, when the static
    /// evaluation plus this margin (centipawns) cannot reach alpha, the
    /// quiet inputs after the first that [late-move
    /// reductions](crate::search#late-move-reductions) would reduce are not searched
    /// (the node's value is then at most the evaluation plus the margin).
    /// `None`, the default: no pruning.
    fn futility_margin(&self) -> Option<i32> {
        None
    }

    /// The position after the side to move passes, for null-move pruning
    /// ([`Technique::NullMove`](super::Technique::NullMove)): the other
    /// side to move, every other right as it is (an en passant right
    /// lapses, a move counter advances as after a quiet input), and the
    /// hash updated to match. A pass is a search device, not a legal
    /// input. `None`, the default, where passing is not a sound idea: in
    /// check, with a chance pending, or where the side to move may be in
    /// zugzwang (say, only pawns and kings left) — the search then does not
    /// try it.
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// Whether the side to move is in check, for check extensions
    /// ([`Technique::CheckExtension`](super::Technique::CheckExtension)).
    /// Defaults to `false`: a variant without check.
    fn in_check(&self) -> bool {
        false
    }

    /// Loss aversion at chance nodes, in percent: at a chance node, an
    /// outcome that ends the game at once with a loss for the seat to move
    /// (the seat that chose to take the chance) weighs this many percent of
    /// its probability, and the other outcomes share the rest in proportion
    /// (see the [module doc](crate::search#chance-nodes-and-loss-aversion)).
    /// 100, the default, is plain expectimax. [`SearchConfig::loss_aversion`]
    /// overrides it.
    fn loss_aversion(&self) -> u32 {
        100
    }
}
