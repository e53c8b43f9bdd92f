//! Lazy SMP: several threads search the same position and share one
//! transposition table.
//!
//! With [`SearchConfig::threads`](super::SearchConfig::threads) above 1, a
//! [`Searcher`] runs its usual iterative deepening on the calling thread
//! (the *main* thread, whose result is returned, limits and all) while
//! `threads - 1` *helpers* run the same iterative deepening on scoped
//! threads ([`std::thread::scope`]) until the main thread is done. Helpers
//! have their own killers, history and principal-variation buffers; only the
//! table is shared. Odd-numbered helpers start one ply deeper than the main
//! thread (a *depth offset*), so at any moment the threads tend to work on
//! different iterations, and what a helper stores (best moves above all,
//! and exact-depth bounds) orders and cuts the main thread's search.
//!
//! The shared table is *striped*: [`SharedTable`] is an array of ordinary
//! tables ([`Table`]), each behind its own [`Mutex`]; a key's high bits pick
//! the stripe and its low bits the bucket inside it, so two threads contend
//! only when they touch the same stripe at the same moment (256 stripes).
//! Every probe and store holds one stripe's lock for a few dozen
//! nanoseconds; an entry is read and written whole under the lock, so it is
//! never torn and needs no xor check, and the workspace stays free of
//! `unsafe`. Entries are kept or replaced exactly as in the one-thread table.
//!
//! What the threads change: the main thread's nodes depend on what the
//! helpers stored when, so results with several threads are not
//! reproducible from run to run (each is still a legal input with a score of
//! the depth-limited tree, up to the table's exact-depth rule); `nodes` in
//! the result counts every thread's nodes; a node limit bounds the main
//! thread's nodes. With one thread (the default) none of this code runs and
//! the search is exactly the single-threaded one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::tt::{Bound, Entry, Table};
use super::{Evaluate, Limits, SearchInfo, SearchResult, Searcher};

/// Stripes of a [`SharedTable`] (a power of two).
const STRIPES: usize = 256;

/// A transposition table shared by threads: [`STRIPES`] locked stripes.
pub(crate) struct SharedTable<M> {
    stripes: Vec<Mutex<Table<M>>>,
}

impl<M: Copy> SharedTable<M> {
    /// A table of about `megabytes` MiB in total.
    pub(crate) fn new(megabytes: usize) -> Self {
        let bytes = megabytes.max(1) << 20;
        let buckets = (bytes / (2 * Table::<M>::ENTRY_BYTES) / STRIPES).max(1);
        SharedTable { stripes: (0..STRIPES).map(|_| Mutex::new(Table::with_buckets(buckets))).collect() }
    }

    /// The stripe of `key`, locked (a poisoned lock is taken over: a table
    /// entry is plain data, never left half-written by a panic).
    fn stripe(&self, key: u64) -> MutexGuard<'_, Table<M>> {
        let i = (key >> 56) as usize % self.stripes.len();
        self.stripes[i].lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.stripe(key).probe(key).copied()
    }

    fn store(&self, key: u64, mv: Option<M>, score: i32, depth: u32, bound: Bound) {
        self.stripe(key).store(key, mv, score, depth, bound);
    }

    fn for_each(&self, f: impl Fn(&mut Table<M>)) {
        for stripe in &self.stripes {
            f(&mut stripe.lock().unwrap_or_else(PoisonError::into_inner));
        }
    }
}

/// A searcher's transposition table: its own, or a share of a
/// [`SharedTable`].
pub(crate) enum Tt<M> {
    /// One thread's table (the default).
    Local(Table<M>),
    /// A table shared with the other threads of a Lazy SMP search.
    Shared(Arc<SharedTable<M>>),
}

impl<M: Copy> Tt<M> {
    /// A table of `megabytes` MiB, shared if `threads` is above 1.
    pub(crate) fn new(megabytes: usize, threads: usize) -> Self {
        if threads > 1 {
            Tt::Shared(Arc::new(SharedTable::new(megabytes)))
        } else {
            Tt::Local(Table::new(megabytes))
        }
    }

    /// Another handle on the same table (for a helper thread); a local
    /// table cannot be shared, so a helper of a one-thread searcher gets a
    /// minimal table of its own.
    pub(crate) fn share(&self) -> Self {
        match self {
            Tt::Shared(t) => Tt::Shared(Arc::clone(t)),
            Tt::Local(_) => Tt::Local(Table::with_buckets(1)),
        }
    }

    /// The entry of `key`, if stored.
    pub(crate) fn probe(&self, key: u64) -> Option<Entry<M>> {
        match self {
            Tt::Local(t) => t.probe(key).copied(),
            Tt::Shared(t) => t.probe(key),
        }
    }

    /// Stores a result (see [`Table::store`]).
    pub(crate) fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: u32, bound: Bound) {
        match self {
            Tt::Local(t) => t.store(key, mv, score, depth, bound),
            Tt::Shared(t) => t.store(key, mv, score, depth, bound),
        }
    }

    /// Empties every entry.
    pub(crate) fn clear(&mut self) {
        match self {
            Tt::Local(t) => t.clear(),
            Tt::Shared(t) => t.for_each(Table::clear),
        }
    }

    /// Marks the start of a new search.
    pub(crate) fn new_search(&mut self) {
        match self {
            Tt::Local(t) => t.new_search(),
            Tt::Shared(t) => t.for_each(Table::new_search),
        }
    }
}

/// The Lazy SMP search of `main` (see the [module doc](self)): `threads - 1`
/// helpers search `pos` with the main thread's table until the main thread's
/// search within `limits` returns; its result is returned with every
/// thread's nodes.
pub(super) fn search<P: Evaluate>(
    main: &mut Searcher<P>,
    pos: &P,
    limits: &Limits,
    on_info: impl FnMut(&SearchInfo<P::Move>),
) -> SearchResult<P::Move> {
    let threads = main.config().threads.max(1);
    let stop = Arc::new(AtomicBool::new(false));
    // One generation for the whole search, whoever stores first.
    main.start_generation();
    let mut helpers: Vec<Searcher<P>> =
        (1..threads).map(|i| main.helper(Arc::clone(&stop), (i % 2) as u32)).collect();
    let helper_limits = Limits { depth: None, time: None, nodes: None, multipv: 1 };
    std::thread::scope(|scope| {
        let handles: Vec<_> = helpers
            .iter_mut()
            .map(|helper| scope.spawn(|| helper.search_single(pos, &helper_limits, false, |_| {}).nodes))
            .collect();
        let mut result = main.search_single(pos, limits, false, on_info);
        stop.store(true, Ordering::Relaxed);
        for handle in handles {
            // A helper that panicked contributed nothing; the main result stands.
            result.nodes += handle.join().unwrap_or(0);
        }
        result
    })
}
