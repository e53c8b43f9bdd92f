//! [`SearchConfig`]: how a [`Searcher`] searches, beyond one search's limits.

use super::techniques::Techniques;
#[cfg(doc)]
use super::{Evaluate, SearchProfile, Searcher};

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
    /// The selective techniques (see the [module
    /// doc](super#selective-techniques)): `None` takes the variant's
    /// [`SearchProfile::techniques`](crate::search::SearchProfile::techniques);
    /// a set replaces them (UCI `Techniques`, as a list of changes to the
    /// variant's: [`Techniques::changed`]).
    pub techniques: Option<Techniques>,
}

impl Default for SearchConfig {
    /// 16 MiB, the variant's quiescence depth, loss aversion, reductions,
    /// best-reply choice and techniques, 1 thread.
    fn default() -> Self {
        SearchConfig {
            hash_mb: 16,
            quiescence_plies: None,
            loss_aversion: None,
            threads: 1,
            reductions: None,
            best_reply: None,
            techniques: None,
        }
    }
}
