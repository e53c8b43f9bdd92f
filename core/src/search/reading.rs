//! [`Reading`]: what a front end needs to present a variant's searches,
//! apart from what the search itself reads ([`Evaluate`]).

use super::evaluate::Evaluate;
use super::wdl::WdlModel;
use crate::game::Seat;

/// How front ends read a variant's searches: the odds models that turn raw
/// scores into win, draw and loss chances and a normalised score, and the
/// depth of a quick fixed-depth reading. The search never uses any of it;
/// a variant implements it beside [`Evaluate`], usually stating only its
/// fitted [`Reading::WDL`].
pub trait Reading: Evaluate {
    /// A depth that finishes well within a second from the start position
    /// on a 2-core machine: what a front end searches when it needs a quick
    /// fixed-depth reading of many positions (`motley annotate`'s default is
    /// two plies less; the odds fitter's self-play games start from it).
    /// Defaults to 4.
    const ANALYSIS_DEPTH: u32 = 4;

    /// What a score means: the variant's mapping from raw scores to win,
    /// draw and loss odds and to the normalised score front ends display
    /// (see [`wdl`](super::wdl)). Each variant states its own, fitted on self-play
    /// games of its engine; the default, [`WdlModel::ELO`], reads a raw
    /// score as an Elo-style expected result `1 / (1 + 10^(−cp/400))`.
    /// The search never uses it.
    const WDL: WdlModel = WdlModel::ELO;

    /// The odds models of the variant, one per *class* of position
    /// ([`Reading::wdl_class`]): a variant whose raw scores mean different
    /// chances in different kinds of position fits one model per kind
    /// (Royale: by how many kings are left). Defaults to [`Reading::WDL`]
    /// alone. The search never uses them.
    const WDL_MODELS: &'static [WdlModel] = &[Self::WDL];

    /// Which of [`Reading::WDL_MODELS`] reads this position's scores for
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
    /// [`Reading::WDL_MODELS`] at [`Reading::wdl_class`] ([`Reading::WDL`]
    /// unless a variant has classes).
    fn wdl_model(&self, seat: Seat) -> WdlModel {
        Self::WDL_MODELS.get(self.wdl_class(seat)).copied().unwrap_or(Self::WDL)
    }
}
