//! [`SearchProfile`]: the shape of a variant's search, one value per variant.

use super::techniques::Techniques;
#[cfg(doc)]
use super::{Evaluate, SearchConfig, Searcher, Technique};

/// The switches and depths that shape the search of one variant, the same
/// for all its positions: [`Evaluate::PROFILE`]. Each field's default is
/// the exact, plain search; a variant changes the fields it needs from
/// [`SearchProfile::DEFAULT`]:
///
/// ```
/// use motley_core::search::SearchProfile;
/// const PROFILE: SearchProfile = SearchProfile { reductions: true, ..SearchProfile::DEFAULT };
/// assert_eq!(PROFILE.quiescence_plies, 8);
/// ```
///
/// What depends on the position stays a method of [`Evaluate`]
/// ([`Evaluate::futility_margin`], [`Evaluate::quiescence_width`],
/// [`Evaluate::loss_aversion`], …).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct SearchProfile {
    /// How many inputs quiescence search follows past the horizon by
    /// default in this variant; [`SearchConfig::quiescence_plies`] overrides
    /// it. Defaults to 8.
    pub quiescence_plies: u32,

    /// Whether the search reduces late quiet inputs by default in this
    /// variant (see the [module doc](crate::search#late-move-reductions));
    /// [`SearchConfig::reductions`] overrides it. Defaults to `false`: the
    /// exact depth-limited tree.
    pub reductions: bool,

    /// Whether, with more than two seats, the opponents' turns between two
    /// turns of the root seat are searched as one best-reply layer (BRS+,
    /// see the [module doc](crate::search#seats)) instead of a ply each (paranoid).
    /// [`SearchConfig::best_reply`] overrides it. Defaults to `false`.
    pub best_reply: bool,

    /// How much lower the search scores a root input that leads back to a
    /// position the game has been in, per earlier visit, when the root seat
    /// stands better (its static evaluation above 0) and the game's history
    /// was given ([`Searcher::set_game_history`]). A variant without a draw
    /// by repetition sets it so that a seat ahead does not shuffle pieces
    /// between two squares forever; a seat behind may. `None` (the default):
    /// repetitions are not looked at.
    pub repetition_penalty: Option<i32>,

    /// Whether a transposition-table entry searched *deeper* than the
    /// remaining depth may cut the search, the usual rule of chess engines
    /// (see the [module doc](crate::search#search)). Defaults to `false`: only an entry of
    /// exactly the remaining depth cuts, which keeps a fixed-depth value the
    /// plain value of the depth-limited tree; a variant without chance nodes
    /// may opt in for speed.
    pub deeper_cuts: bool,

    /// Whether a search stopped in the middle of an iteration (by its time
    /// or node limit, or the stop flag) plays the best root input that
    /// iteration has proved: one searched after the previous best, at the
    /// new depth, that scored above it; the result keeps the depth of the
    /// last completed iteration and takes that input's line and score.
    /// Defaults to `false`: the last completed iteration decides. Only with
    /// one line (`multipv` 1) and a root where a seat decides. A variant
    /// whose iterations grow so fast that a short time limit spends most of
    /// itself in an iteration it does not finish (Royale: one round is four
    /// plies) may opt in.
    pub partial_iterations: bool,

    /// The selective techniques the search uses in this variant (see the
    /// [module doc](crate::search#selective-techniques)), each kept where
    /// matches show it gains; [`SearchConfig::techniques`] overrides the
    /// set. Defaults to [`Techniques::NONE`]. Growing reductions turn
    /// late-move reductions on by themselves (in their growing form);
    /// [`SearchConfig::reductions`] `Some(false)` turns off every reduction
    /// and move-count pruning.
    pub techniques: Techniques,
}

impl SearchProfile {
    /// The plain search: 8 quiescence plies, and every other switch off.
    pub const DEFAULT: SearchProfile = SearchProfile {
        quiescence_plies: 8,
        reductions: false,
        best_reply: false,
        repetition_penalty: None,
        deeper_cuts: false,
        partial_iterations: false,
        techniques: Techniques::NONE,
    };
}

impl Default for SearchProfile {
    fn default() -> Self {
        SearchProfile::DEFAULT
    }
}
