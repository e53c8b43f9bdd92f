//! The transposition table: a fixed-size array of two-entry buckets keyed by
//! the position's Zobrist hash.
//!
//! Replacement: a bucket is chosen by the low bits of the key. An entry with
//! the same key is overwritten in place (keeping its move if the new result
//! has none). Otherwise the first slot is *depth-preferred*: it is replaced
//! when it is empty, left from an earlier search (older generation) or no
//! deeper than the new result; else the second slot, *always-replace*, takes
//! it. Deep results survive while fresh shallow ones still find a place.
//!
//! Win and loss scores are stored relative to the node (distance from it, not
//! from the root) and converted back on probe.

use super::{MAX_PLY, WIN_BOUND};

/// What a stored or returned score says about the true value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Bound {
    /// The value.
    Exact,
    /// A lower bound: the value is at least this (a beta cutoff).
    Lower,
    /// An upper bound: the value is at most this (every input failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    key: u64,
    pub(crate) mv: Option<M>,
    pub(crate) score: i32,
    pub(crate) depth: u16,
    /// `None`: empty.
    pub(crate) bound: Option<Bound>,
    generation: u8,
}

impl<M> Entry<M> {
    const EMPTY: Self = Entry { key: 0, mv: None, score: 0, depth: 0, bound: None, generation: 0 };
}

/// Entries per bucket: a key may sit in either; the first keeps the deeper
/// or newer entry, the second takes the rest.
pub(crate) const BUCKET_ENTRIES: usize = 2;
/// A table size in MiB becomes bytes by this shift.
pub(crate) const MIB_SHIFT: u32 = 20;

/// One thread's transposition table: buckets of [`BUCKET_ENTRIES`] entries.
pub(crate) struct Table<M> {
    entries: Vec<Entry<M>>,
    generation: u8,
}

/// Converts a score seen from the root to one seen from a node `ply` deep.
pub(crate) fn to_tt(score: i32, ply: usize) -> i32 {
    let ply = ply.min(MAX_PLY) as i32;
    if score > WIN_BOUND {
        score + ply
    } else if score < -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

/// The inverse of [`to_tt`].
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    let ply = ply.min(MAX_PLY) as i32;
    if score > WIN_BOUND {
        score - ply
    } else if score < -WIN_BOUND {
        score + ply
    } else {
        score
    }
}

impl<M: Copy> Table<M> {
    /// A table of about `megabytes` MiB (at least one bucket; the bucket
    /// count is a power of two).
    pub(crate) fn new(megabytes: usize) -> Self {
        let bytes = megabytes.max(1) << MIB_SHIFT;
        let buckets = (bytes / (BUCKET_ENTRIES * size_of::<Entry<M>>())).max(1);
        let buckets = if buckets.is_power_of_two() { buckets } else { buckets.next_power_of_two() / 2 };
        Table { entries: vec![Entry::EMPTY; 2 * buckets], generation: 0 }
    }

    /// A table of `buckets` two-entry buckets (rounded down to a power of
    /// two, at least one): a stripe of [`super::smp::SharedTable`].
    pub(crate) fn with_buckets(buckets: usize) -> Self {
        let buckets = buckets.max(1);
        let buckets = if buckets.is_power_of_two() { buckets } else { buckets.next_power_of_two() / 2 };
        Table { entries: vec![Entry::EMPTY; 2 * buckets], generation: 0 }
    }

    /// The bytes one entry takes.
    pub(crate) const ENTRY_BYTES: usize = size_of::<Entry<M>>();

    /// Empties every entry.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::EMPTY);
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries become replaceable.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    fn bucket(&self, key: u64) -> usize {
        (key as usize & (self.entries.len() / 2 - 1)) * 2
    }

    pub(crate) fn probe(&self, key: u64) -> Option<&Entry<M>> {
        let b = self.bucket(key);
        self.entries[b..b + 2].iter().find(|e| e.bound.is_some() && e.key == key)
    }

    pub(crate) fn store(&mut self, key: u64, mv: Option<M>, score: i32, depth: u32, bound: Bound) {
        let b = self.bucket(key);
        let generation = self.generation;
        let depth = depth.min(u32::from(u16::MAX)) as u16;
        let slot = if let Some(i) =
            (b..b + 2).find(|&i| self.entries[i].bound.is_some() && self.entries[i].key == key)
        {
            i
        } else {
            let first = &self.entries[b];
            if first.bound.is_none() || first.generation != generation || depth >= first.depth {
                b
            } else {
                b + 1
            }
        };
        let entry = &mut self.entries[slot];
        let mv = if mv.is_none() && entry.key == key && entry.bound.is_some() { entry.mv } else { mv };
        *entry = Entry { key, mv, score, depth, bound: Some(bound), generation };
    }

    /// Number of entries.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::WIN;

    #[test]
    fn replacement_keeps_the_deeper_entry_and_finds_both() {
        let mut t = Table::<u16>::new(1);
        assert!(t.len().is_power_of_two());
        let buckets = (t.len() / 2) as u64;
        let (a, b, c) = (5, 5 + buckets, 5 + 2 * buckets); // one bucket
        t.store(a, Some(1), 10, 6, Bound::Exact);
        t.store(b, Some(2), 20, 2, Bound::Lower);
        assert_eq!(t.probe(a).map(|e| (e.mv, e.score, e.depth)), Some((Some(1), 10, 6)));
        assert_eq!(t.probe(b).map(|e| (e.mv, e.bound)), Some((Some(2), Some(Bound::Lower))));
        // A third shallow key takes the always-replace slot, not the deep one.
        t.store(c, None, 30, 1, Bound::Upper);
        assert!(t.probe(a).is_some());
        assert!(t.probe(b).is_none());
        assert_eq!(t.probe(c).map(|e| e.score), Some(30));
        // Same key: updated in place, keeping the move when none is given.
        t.store(a, None, 11, 7, Bound::Lower);
        assert_eq!(t.probe(a).map(|e| (e.mv, e.score, e.depth)), Some((Some(1), 11, 7)));
        // A new search makes the deep entry replaceable.
        t.new_search();
        t.store(b, Some(9), 0, 1, Bound::Exact);
        assert!(t.probe(a).is_none());
        assert_eq!(t.probe(b).and_then(|e| e.mv), Some(9));
        t.clear();
        assert!(t.probe(b).is_none());
    }

    #[test]
    fn win_scores_are_stored_relative_to_the_node() {
        let win_at_root = WIN - 7; // a win 7 inputs from the root…
        let stored = to_tt(win_at_root, 3); // …is 4 inputs from a node at ply 3
        assert_eq!(stored, WIN - 4);
        assert_eq!(from_tt(stored, 5), WIN - 9);
        assert_eq!(from_tt(to_tt(-WIN + 7, 3), 3), -WIN + 7);
        assert_eq!(to_tt(1234, 9), 1234);
    }
}
