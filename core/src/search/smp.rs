//! Lazy SMP: several threads search the same position and share one
//! transposition table.
//!
//! With [`SearchConfig::threads`](super::SearchConfig::threads) above 1, a
//! [`Searcher`] runs its usual iterative deepening on the calling thread
//! (the *main* thread, whose result is returned, limits and all) while
//! `threads - 1` *helpers* run the same iterative deepening on scoped
//! threads ([`std::thread::scope`]) until the main thread is done. Helpers
//! have their own killers, history and principal-variation buffers; only the
//! table and a few [`Signals`] are shared. Odd-numbered helpers keep one
//! iteration ahead of the main thread (a helper that completes an iteration
//! behind it jumps to its depth plus one; see [`Role::next_depth`]), so the
//! threads work on different iterations and what a helper stores (best moves
//! above all, and the bounds of the main thread's next iteration) orders and
//! cuts the main thread's next one. With one line asked for (`multipv` 1), a
//! helper that completes the last iteration first ends the search and its
//! result is returned: at a fixed depth the search takes as long as the
//! fastest thread.
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
//! thread's nodes, and a time limit every thread's. With one thread (the
//! default) none of this code runs and the search is exactly the
//! single-threaded one.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::tt::{BUCKET_ENTRIES, Bound, Entry, MIB_SHIFT, Table};
use super::{Evaluate, Limits, SearchInfo, SearchResult, Searcher};

/// Stripes of a [`SharedTable`] (a power of two): enough that two threads
/// rarely wait on one lock.
const STRIPES: usize = 256;
/// A key's stripe comes from its top byte (the table's bucket index uses
/// the low bits, so the two stay independent).
const STRIPE_SHIFT: u32 = 56;

/// A transposition table shared by threads: [`STRIPES`] locked stripes.
pub(crate) struct SharedTable<M> {
    stripes: Vec<Mutex<Table<M>>>,
}

impl<M: Copy> SharedTable<M> {
    /// A table of about `megabytes` MiB in total.
    pub(crate) fn new(megabytes: usize) -> Self {
        let bytes = megabytes.max(1) << MIB_SHIFT;
        let buckets = (bytes / (BUCKET_ENTRIES * Table::<M>::ENTRY_BYTES) / STRIPES).max(1);
        SharedTable { stripes: (0..STRIPES).map(|_| Mutex::new(Table::with_buckets(buckets))).collect() }
    }

    /// The stripe of `key`, locked (a poisoned lock is taken over: a table
    /// entry is plain data, never left half-written by a panic).
    fn stripe(&self, key: u64) -> MutexGuard<'_, Table<M>> {
        let i = (key >> STRIPE_SHIFT) as usize % self.stripes.len();
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

/// Slots of [`Signals::busy`] (a power of two): far more than the nodes
/// all threads search at once, so that marks rarely share a slot.
const BUSY_SLOTS: usize = 1 << 14;
/// Mixes the remaining depth into a [`busy_key`]: the 64-bit golden ratio,
/// which spreads consecutive depths over the whole key.
const DEPTH_MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// What the threads of one Lazy SMP search tell each other.
#[derive(Debug)]
pub(crate) struct Signals {
    /// The iteration the main thread is searching.
    main_depth: AtomicU32,
    /// Set when a helper completed the search's last iteration: the main
    /// thread stops and the helper's result is taken.
    done: AtomicBool,
    /// The nodes some thread is searching now, by [`busy_key`] (0: free):
    /// a thread that meets one of them among its inputs searches it last
    /// (see [`Signals::is_busy`]).
    busy: Box<[AtomicU64]>,
}

impl Signals {
    fn new() -> Self {
        Signals {
            main_depth: AtomicU32::new(0),
            done: AtomicBool::new(false),
            busy: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.busy[key as usize & (BUSY_SLOTS - 1)]
    }

    /// Marks node `key` as searched by this thread, if its slot is free;
    /// whether it was marked (then [`Signals::unmark`] it when done).
    pub(crate) fn mark(&self, key: u64) -> bool {
        key != 0 && self.slot(key).compare_exchange(0, key, Ordering::Relaxed, Ordering::Relaxed).is_ok()
    }

    /// Frees the slot of a node [`Signals::mark`] marked.
    pub(crate) fn unmark(&self, key: u64) {
        let _ = self.slot(key).compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// Marks node `key` as [`Signals::mark`] does, for as long as the
    /// returned guard lives (`None`: its slot was taken, nothing to free).
    /// Every way out of a node, an aborted search included, frees it.
    pub(crate) fn mark_while(&self, key: u64) -> Option<BusyMark<'_>> {
        if self.mark(key) { Some(BusyMark { signals: self, key }) } else { None }
    }

    /// Whether another thread is searching node `key` now. A thread defers
    /// such an input to after its other inputs (the idea of ABDADA): by the
    /// time it comes back, the other thread has stored the result, and in
    /// the meantime it searches, and stores, inputs the other thread has
    /// still to reach.
    pub(crate) fn is_busy(&self, key: u64) -> bool {
        key != 0 && self.slot(key).load(Ordering::Relaxed) == key
    }
}

/// A node marked busy by [`Signals::mark_while`], freed when dropped.
#[derive(Debug)]
pub(crate) struct BusyMark<'a> {
    signals: &'a Signals,
    key: u64,
}

impl Drop for BusyMark<'_> {
    fn drop(&mut self) {
        self.signals.unmark(self.key);
    }
}

/// The key of a node for [`Signals`]: its table key and remaining depth (the
/// same position at another depth is another search).
pub(crate) fn busy_key(key: u64, depth: u32) -> u64 {
    key ^ u64::from(depth).wrapping_mul(DEPTH_MIX)
}

/// A searcher's part in a Lazy SMP search.
#[derive(Debug, Clone)]
pub(crate) enum Role {
    /// The calling thread: it publishes its iteration and stops when a
    /// helper completed the last one first.
    Main(Arc<Signals>),
    /// A helper, which keeps `lead` plies ahead of the main thread's
    /// iteration and raises `done` when it completes the last iteration.
    Helper { signals: Arc<Signals>, lead: u32 },
}

impl Role {
    /// The iteration to search after `completed` (0 before the first), at
    /// most `last`. The main thread deepens one ply at a time; a helper
    /// that fell behind jumps to `lead` plies past the main thread's, so
    /// the threads work on different iterations and a helper fills the
    /// table for the main thread's next one.
    pub(crate) fn next_depth(&self, completed: u32, last: u32) -> u32 {
        let next = completed + 1;
        match self {
            Role::Main(signals) => {
                signals.main_depth.store(next, Ordering::Relaxed);
                next
            }
            Role::Helper { signals, lead } => {
                next.max(signals.main_depth.load(Ordering::Relaxed) + lead).min(last)
            }
        }
    }

    /// Reports a completed iteration at `depth` of at most `last`.
    pub(crate) fn completed(&self, depth: u32, last: u32) {
        if let Role::Helper { signals, .. } = self
            && depth >= last
        {
            signals.done.store(true, Ordering::Relaxed);
        }
    }

    /// The signals shared with the other threads.
    pub(crate) fn signals(&self) -> &Arc<Signals> {
        match self {
            Role::Main(signals) | Role::Helper { signals, .. } => signals,
        }
    }

    /// Whether the main thread stops: a helper completed the last iteration.
    pub(crate) fn main_may_stop(&self) -> bool {
        matches!(self, Role::Main(signals) if signals.done.load(Ordering::Relaxed))
    }
}

/// The shallowest node (plies left) a Lazy SMP thread marks as busy while
/// it searches it (see `Signals::is_busy`); a thread defers the inputs of
/// a node deeper than this whose child another thread has marked.
pub(super) const DEFER_FROM_DEPTH: u32 = 1;

/// The order a node's inputs are searched in with deferral: every index
/// once, in order, except those [`Deferring::defer`]red, which come after
/// the rest (each then offered with `may_defer` false, so it is searched).
pub(super) struct Deferring {
    len: usize,
    next: usize,
    deferred: Vec<usize>,
    again: usize,
}

impl Deferring {
    pub(super) fn new(len: usize) -> Self {
        Deferring { len, next: 0, deferred: Vec::new(), again: 0 }
    }

    /// The next index to search and whether it may still be deferred.
    pub(super) fn next(&mut self) -> Option<(usize, bool)> {
        if self.next < self.len {
            self.next += 1;
            Some((self.next - 1, true))
        } else if self.again < self.deferred.len() {
            self.again += 1;
            Some((self.deferred[self.again - 1], false))
        } else {
            None
        }
    }

    /// Puts index `i` (just offered) after the others.
    pub(super) fn defer(&mut self, i: usize) {
        self.deferred.push(i);
    }
}

/// The Lazy SMP search of `main` (see the [module doc](self)): `threads - 1`
/// helpers search `pos` with the main thread's table until the main thread's
/// search within `limits` returns, or until a helper completes the last
/// iteration (`limits.depth`) first. The result is the deepest completed
/// iteration of any thread (the main thread's on a tie; with `multipv`
/// above 1, always the main thread's, as helpers score one line), with
/// every thread's nodes.
pub(super) fn search<P: Evaluate>(
    main: &mut Searcher<P>,
    pos: &P,
    limits: &Limits,
    mut on_info: impl FnMut(&SearchInfo<P::Move>),
) -> SearchResult<P::Move> {
    let threads = main.config().threads.max(1);
    let stop = Arc::new(AtomicBool::new(false));
    let signals = Arc::new(Signals::new());
    let single = limits.multipv <= 1;
    // One generation for the whole search, whoever stores first.
    main.start_generation();
    main.set_role(Some(Role::Main(Arc::clone(&signals))));
    let mut helpers: Vec<Searcher<P>> = (1..threads)
        .map(|i| {
            // With one line asked for, a helper may end the search by
            // completing the last iteration; otherwise it only feeds the table.
            let signals = if single { Arc::clone(&signals) } else { Arc::new(Signals::new()) };
            main.helper(Arc::clone(&stop), Role::Helper { signals, lead: (i % 2) as u32 })
        })
        .collect();
    let helper_limits =
        Limits { depth: if single { limits.depth } else { None }, time: None, nodes: None, multipv: 1 };
    let result = std::thread::scope(|scope| {
        let handles: Vec<_> = helpers
            .iter_mut()
            .map(|helper| {
                std::thread::Builder::new()
                    .stack_size(super::SEARCH_STACK_BYTES)
                    .spawn_scoped(scope, || helper.search_single(pos, &helper_limits, false, |_| {}))
            })
            .filter_map(Result::ok)
            .collect();
        let mut result = main.search_single(pos, limits, false, &mut on_info);
        stop.store(true, Ordering::Relaxed);
        let mut deepest: Option<SearchResult<P::Move>> = None;
        for handle in handles {
            // A helper that panicked contributed nothing; the main result stands.
            let Ok(helper) = handle.join() else { continue };
            result.nodes += helper.nodes;
            let deeper = deepest.as_ref().map_or(result.depth, |d| d.depth);
            if single && helper.depth > deeper && !helper.lines.is_empty() {
                deepest = Some(helper);
            }
        }
        if let Some(helper) = deepest {
            result.best = helper.best;
            result.score = helper.score;
            result.depth = helper.depth;
            result.seldepth = result.seldepth.max(helper.seldepth);
            result.lines = helper.lines;
            on_info(&SearchInfo {
                depth: result.depth,
                seldepth: result.seldepth,
                nodes: result.nodes,
                elapsed: result.elapsed,
                lines: result.lines.clone(),
            });
        }
        // A helper that completed the last iteration stopped the main
        // thread, but the search is complete: the result is of that depth.
        if signals.done.load(Ordering::Relaxed) {
            result.stopped = false;
        }
        result
    });
    main.set_role(None);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_is_busy_between_mark_and_unmark_and_a_taken_slot_is_not_stolen() {
        let s = Signals::new();
        let (a, b) = (busy_key(0x1234_5678_9abc_def0, 3), busy_key(0x1234_5678_9abc_def0, 4));
        assert_ne!(a, b, "another depth is another node");
        assert!(!s.is_busy(a));
        assert!(s.mark(a));
        assert!(s.is_busy(a) && !s.is_busy(b));
        // A key of the same slot cannot take it while `a` holds it.
        let same_slot = a ^ (1 << 40);
        assert!(!s.mark(same_slot) && !s.is_busy(same_slot));
        // Unmarking another key leaves `a` busy; unmarking `a` frees it.
        s.unmark(same_slot);
        assert!(s.is_busy(a));
        s.unmark(a);
        assert!(!s.is_busy(a));
        assert!(s.mark(same_slot));
        // Key 0 means a free slot: it is never marked.
        assert!(!s.mark(0) && !s.is_busy(0));
    }

    #[test]
    fn a_guarded_mark_holds_until_dropped_and_a_refused_one_frees_nothing() {
        let s = Signals::new();
        let a = busy_key(0xfeed_beef_0000_0001, 2);
        let guard = s.mark_while(a).expect("a free slot");
        assert!(s.is_busy(a));
        // The same node from another thread: refused, and dropping the
        // refusal leaves the first mark in place.
        drop(s.mark_while(a));
        assert!(s.is_busy(a));
        drop(guard);
        assert!(!s.is_busy(a));
    }

    #[test]
    fn deferred_indices_come_last_in_the_order_they_were_deferred() {
        let mut order = Deferring::new(5);
        let mut seen = Vec::new();
        while let Some((i, may_defer)) = order.next() {
            if may_defer && (i == 1 || i == 3) {
                order.defer(i);
                continue;
            }
            seen.push((i, may_defer));
        }
        assert_eq!(seen, [(0, true), (2, true), (4, true), (1, false), (3, false)]);
    }
}
