//! [`Evaluate`]: what a variant tells the search about its positions.

use super::profile::SearchProfile;
use super::wdl::WdlModel;
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

    /// The depth a front end searches by default (`motley analyze` without
    /// `--depth` or `--time`): one that finishes well within a second from
    /// the start position on a 2-core machine. Defaults to 4.
    const ANALYSIS_DEPTH: u32 = 4;

    /// What a score means: the variant's mapping from raw scores to win,
    /// draw and loss odds and to the normalised score front ends display
    /// (see [`wdl`](super::wdl)). Each variant states its own, fitted on self-play
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
