//! The move-generation interface every variant's fast generator implements,
//! and the one fast perft built on it ([`bulk_perft`]).
//!
//! A generator feeds its moves into a [`MoveSink`]: a move list, a counter, a
//! search for a first match, or perft's own recursion. A counting sink says so
//! with [`MoveSink::COUNTS`], and the generator may then hand it whole sets of
//! destinations ([`MoveSink::push_set`]) or plain numbers ([`MoveSink::add`])
//! without building a single move — so perft counts its last ply in bulk.
//!
//! ```
//! use motley_core::movegen::{Count, MoveSink};
//! use motley_core::Bits;
//! let targets = Bits::<1>([0b1011]);
//! let mut list = Vec::new();
//! list.push_set(targets, |to| (0u8, to));
//! let mut count = Count::default();
//! count.push_set(targets, |to| (0u8, to));
//! assert_eq!(list, vec![(0, 0), (0, 1), (0, 3)]);
//! assert_eq!(count.0, 3);
//! ```

use arrayvec::ArrayVec;

use crate::bits::Bits;

/// Where a generator puts its moves.
pub trait MoveSink<M> {
    /// Whether the sink only counts. Only then may a generator call
    /// [`MoveSink::add`] instead of listing moves.
    const COUNTS: bool = false;

    /// One move.
    fn push(&mut self, mv: M);

    /// One move to each member of `to`, made by `make` from the member's index.
    /// A counting sink adds the set's size and never calls `make`.
    #[inline]
    fn push_set<const W: usize>(&mut self, to: Bits<W>, mut make: impl FnMut(u8) -> M) {
        for t in to {
            self.push(make(t));
        }
    }

    /// `n` moves that are not listed. Generators call it only when
    /// [`MoveSink::COUNTS`] holds; other sinks ignore it.
    #[inline]
    fn add(&mut self, n: u64) {
        let _ = n;
    }

    /// Whether the sink wants no more moves. Generators may check it between
    /// pieces (so a few more moves can still arrive) or never.
    #[inline]
    fn done(&self) -> bool {
        false
    }
}

/// Counts moves: the last ply of perft.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count(pub u64);

impl<M> MoveSink<M> for Count {
    const COUNTS: bool = true;
    #[inline(always)]
    fn push(&mut self, _mv: M) {
        self.0 += 1;
    }
    #[inline(always)]
    fn push_set<const W: usize>(&mut self, to: Bits<W>, _make: impl FnMut(u8) -> M) {
        self.0 += u64::from(to.count());
    }
    #[inline(always)]
    fn add(&mut self, n: u64) {
        self.0 += n;
    }
}

impl<M> MoveSink<M> for Vec<M> {
    #[inline]
    fn push(&mut self, mv: M) {
        Vec::push(self, mv);
    }
}

impl<M, const N: usize> MoveSink<M> for ArrayVec<M, N> {
    /// # Panics
    /// If the buffer is full: size it for the variant's most moves.
    #[inline]
    fn push(&mut self, mv: M) {
        ArrayVec::push(self, mv);
    }
}

/// Calls a closure with each move.
pub struct ForEach<F>(pub F);

impl<M, F: FnMut(M)> MoveSink<M> for ForEach<F> {
    #[inline]
    fn push(&mut self, mv: M) {
        (self.0)(mv);
    }
}

/// Looks for a move the predicate accepts, and asks the generator to stop
/// once it has one ([`MoveSink::done`]).
///
/// ```
/// use motley_core::movegen::{FirstMatch, MoveSink};
/// let mut even = FirstMatch::new(|m: u8| m % 2 == 0);
/// for m in [1, 3, 4, 5] {
///     even.push(m);
/// }
/// assert!(even.found() && even.done());
/// ```
pub struct FirstMatch<F> {
    pred: F,
    found: bool,
}

impl<F> FirstMatch<F> {
    /// A search for a move satisfying `pred`.
    pub const fn new(pred: F) -> Self {
        FirstMatch { pred, found: false }
    }

    /// Whether a move satisfied the predicate.
    #[must_use]
    pub const fn found(&self) -> bool {
        self.found
    }
}

impl<M, F: FnMut(M) -> bool> MoveSink<M> for FirstMatch<F> {
    #[inline]
    fn push(&mut self, mv: M) {
        if !self.found && (self.pred)(mv) {
            self.found = true;
        }
    }
    #[inline]
    fn done(&self) -> bool {
        self.found
    }
}

/// A position with a fast generator: what [`bulk_perft`] needs.
pub trait MoveGen: Clone {
    /// What the generator yields and [`MoveGen::make`] plays: a move, or for a
    /// variant with chance, one resolved branch of the tree perft counts.
    type Move: Copy;

    /// Feeds every child of this node into `sink` (nothing once the game is over).
    fn generate<S: MoveSink<Self::Move>>(&self, sink: &mut S);

    /// Plays a move [`MoveGen::generate`] yielded here, without checking it.
    fn make(&mut self, mv: Self::Move);

    /// [`MoveGen::make`] for a child that is only generated from and then
    /// dropped, as [`bulk_perft`]'s are: it must leave every input of
    /// [`MoveGen::generate`] as `make` would, and may skip what only
    /// hashing and the search read (the stored Zobrist hash). Default:
    /// `make`.
    #[inline]
    fn make_for_count(&mut self, mv: Self::Move) {
        self.make(mv);
    }
}

/// Leaves of the tree `depth` plies below `pos` over a fast generator:
/// copy-make down the tree, and a [`Count`] at the last ply, so that
/// generators count it in bulk. The fast perft behind every variant's
/// [`Position::perft`](crate::Position::perft); its oracle is
/// [`listing_perft`](crate::perft::listing_perft), which lists every
/// position's legal inputs.
///
/// ```
/// use motley_core::movegen::{MoveGen, MoveSink, bulk_perft};
/// /// A pile of `n` stones; a move takes one or two.
/// #[derive(Clone)]
/// struct Nim(u8);
/// impl MoveGen for Nim {
///     type Move = u8;
///     fn generate<S: MoveSink<u8>>(&self, sink: &mut S) {
///         for take in 1..=self.0.min(2) {
///             sink.push(take);
///         }
///     }
///     fn make(&mut self, take: u8) {
///         self.0 -= take;
///     }
/// }
/// assert_eq!(bulk_perft(&Nim(4), 2), 4);
/// assert_eq!(bulk_perft(&Nim(4), 0), 1);
/// ```
#[inline]
pub fn bulk_perft<P: MoveGen>(pos: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut count = Count(0);
            pos.generate(&mut count);
            count.0
        }
        _ => {
            let mut below = Descend { pos, depth: depth - 1, nodes: 0 };
            pos.generate(&mut below);
            below.nodes
        }
    }
}

/// Perft's inner sink: each move is played on a copy and counted below.
struct Descend<'a, P> {
    pos: &'a P,
    depth: u32,
    nodes: u64,
}

impl<P: MoveGen> MoveSink<P::Move> for Descend<'_, P> {
    #[inline]
    fn push(&mut self, mv: P::Move) {
        let mut child = self.pos.clone();
        child.make_for_count(mv);
        self.nodes += bulk_perft(&child, self.depth);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sink sees the same moves from a generator that mixes single
    /// moves, sets, and (for counters) plain numbers.
    #[derive(Clone, Debug, PartialEq)]
    struct Toy(u64);

    impl MoveGen for Toy {
        type Move = u8;
        fn generate<S: MoveSink<u8>>(&self, sink: &mut S) {
            sink.push(200);
            if sink.done() {
                return;
            }
            sink.push_set(Bits::<1>([self.0]), |t| t);
            if S::COUNTS {
                sink.add(2);
            } else {
                sink.push(201);
                sink.push(202);
            }
        }
        fn make(&mut self, mv: u8) {
            self.0 = if mv < 64 { self.0 & !(1 << mv) } else { self.0 >> 1 };
        }
    }

    /// The same count by plain recursion over listed moves.
    fn slow(pos: &Toy, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut c = pos.clone();
                c.make(m);
                slow(&c, depth - 1)
            })
            .sum()
    }

    #[test]
    fn sinks_agree() {
        let pos = Toy(0b1011_0110);
        let mut list = Vec::new();
        pos.generate(&mut list);
        assert_eq!(list, vec![200, 1, 2, 4, 5, 7, 201, 202]);
        let mut buf = ArrayVec::<u8, 8>::new();
        pos.generate(&mut buf);
        assert_eq!(buf.as_slice(), list.as_slice());
        let mut count = Count::default();
        pos.generate(&mut count);
        assert_eq!(count.0, 8);
        let mut seen = Vec::new();
        pos.generate(&mut ForEach(|m| seen.push(m)));
        assert_eq!(seen, list);
        let mut first = FirstMatch::new(|m| m == 200);
        pos.generate(&mut first);
        assert!(first.found());
        let mut none = FirstMatch::new(|m| m == 3);
        pos.generate(&mut none);
        assert!(!none.found());
    }

    #[test]
    fn perft_equals_plain_recursion() {
        for bits in [0u64, 1, 0b1011_0110, 0xffff] {
            for depth in 0..4 {
                assert_eq!(bulk_perft(&Toy(bits), depth), slow(&Toy(bits), depth), "{bits:b} {depth}");
            }
        }
    }
}
