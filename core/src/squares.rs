//! [`SquareSet`]: a set of squares of one board, typed by its geometry, that
//! iterates [`Square<G>`] — a [`Bits`] that cannot be mixed up with another
//! board's and needs no index conversions at the call site.
//!
//! ```
//! use motley_core::{Board8x8, Square, SquareSet};
//! type Set = SquareSet<Board8x8, 1>;
//! let e4: Square<Board8x8> = "e4".parse()?;
//! let set = Set::EMPTY.with(e4).with("a1".parse()?);
//! assert_eq!(set.iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["a1", "e4"]);
//! assert_eq!((!set).count(), 62); // the complement stays on the board
//! # Ok::<(), motley_core::ParseSquareError>(())
//! ```

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign};

use crate::bits::Bits;
use crate::geometry::{File, Geometry, Rank, SetGeometry, Square};

/// A set of squares of board `G`, stored as a [`Bits<W>`] (bit `i` is the
/// square with index `i`).
pub struct SquareSet<G, const W: usize>(Bits<W>, PhantomData<fn() -> G>);

impl<G, const W: usize> Clone for SquareSet<G, W> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G, const W: usize> Copy for SquareSet<G, W> {}
impl<G, const W: usize> PartialEq for SquareSet<G, W> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
impl<G, const W: usize> Eq for SquareSet<G, W> {}
impl<G, const W: usize> Hash for SquareSet<G, W> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}
impl<G, const W: usize> Default for SquareSet<G, W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<G, const W: usize> SquareSet<G, W> {
    /// The empty set.
    pub const EMPTY: Self = SquareSet(Bits::EMPTY, PhantomData);

    /// The set of the squares whose indices are in `bits` (the caller keeps
    /// them on the board).
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: Bits<W>) -> Self {
        SquareSet(bits, PhantomData)
    }

    /// The underlying index set.
    #[inline]
    #[must_use]
    pub const fn bits(self) -> Bits<W> {
        self.0
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// Whether the set is not empty.
    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0.any()
    }

    /// Number of squares.
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count()
    }

    /// Whether the set holds more than one square.
    #[inline]
    #[must_use]
    pub fn more_than_one(self) -> bool {
        self.0.more_than_one()
    }

    /// Whether the two sets share a square.
    #[inline]
    #[must_use]
    pub fn intersects(self, other: Self) -> bool {
        self.0.intersects(other.0)
    }

    /// Whether every square of `self` is in `other`.
    #[inline]
    #[must_use]
    pub fn is_subset(self, other: Self) -> bool {
        self.0.is_subset(other.0)
    }
}

impl<G: SetGeometry<W>, const W: usize> SquareSet<G, W> {
    /// Every square of the board.
    pub const ALL: Self = SquareSet(G::ALL, PhantomData);

    /// The set holding only `sq`.
    #[inline]
    #[must_use]
    pub const fn from_square(sq: Square<G>) -> Self {
        SquareSet(Bits::from_index(sq.bit()), PhantomData)
    }

    /// The squares of `file`.
    #[inline]
    #[must_use]
    pub fn file(file: File<G>) -> Self {
        SquareSet(G::file_mask(file), PhantomData)
    }

    /// The squares of `rank`.
    #[inline]
    #[must_use]
    pub fn rank(rank: Rank<G>) -> Self {
        SquareSet(G::rank_mask(rank), PhantomData)
    }

    /// A copy with `sq` added.
    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square<G>) -> Self {
        SquareSet(self.0.with(sq.bit()), PhantomData)
    }

    /// A copy with `sq` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square<G>) -> Self {
        SquareSet(self.0.without(sq.bit()), PhantomData)
    }

    /// Adds `sq`.
    #[inline]
    pub fn add(&mut self, sq: Square<G>) {
        self.0.add(sq.bit());
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square<G>) {
        self.0.remove(sq.bit());
    }

    /// Flips `sq`.
    #[inline]
    pub fn toggle(&mut self, sq: Square<G>) {
        self.0.toggle(sq.bit());
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square<G>) -> bool {
        self.0.contains(sq.bit())
    }

    /// The lowest square, if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square<G>> {
        square_at(self.0.first())
    }

    /// The highest square, if any.
    #[inline]
    #[must_use]
    pub const fn last(self) -> Option<Square<G>> {
        square_at(self.0.last())
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square<G>> {
        self.0.pop_first().map(Square::new_unchecked)
    }

    /// Iterates the squares, lowest index first.
    #[inline]
    pub fn iter(self) -> SquareIter<G, W> {
        SquareIter(self)
    }
}

/// The square of member index `i`, if any: `Option::map`, which a
/// `const fn` cannot call.
const fn square_at<G: Geometry>(i: Option<u8>) -> Option<Square<G>> {
    match i {
        Some(i) => Some(Square::new_unchecked(i)),
        None => None,
    }
}

/// Iterator over the squares of a [`SquareSet`], lowest index first.
pub struct SquareIter<G, const W: usize>(SquareSet<G, W>);

impl<G: SetGeometry<W>, const W: usize> Iterator for SquareIter<G, W> {
    type Item = Square<G>;
    #[inline]
    fn next(&mut self) -> Option<Square<G>> {
        self.0.pop_first()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<G: SetGeometry<W>, const W: usize> ExactSizeIterator for SquareIter<G, W> {}

impl<G: SetGeometry<W>, const W: usize> IntoIterator for SquareSet<G, W> {
    type Item = Square<G>;
    type IntoIter = SquareIter<G, W>;
    #[inline]
    fn into_iter(self) -> SquareIter<G, W> {
        self.iter()
    }
}

impl<G: SetGeometry<W>, const W: usize> FromIterator<Square<G>> for SquareSet<G, W> {
    fn from_iter<I: IntoIterator<Item = Square<G>>>(iter: I) -> Self {
        let mut s = Self::EMPTY;
        for sq in iter {
            s.add(sq);
        }
        s
    }
}

impl<G: SetGeometry<W>, const W: usize> fmt::Debug for SquareSet<G, W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident) => {
        impl<G, const W: usize> $tr for SquareSet<G, W> {
            type Output = Self;
            #[inline]
            fn $f(self, rhs: Self) -> Self {
                SquareSet(self.0.$f(rhs.0), PhantomData)
            }
        }
        impl<G, const W: usize> $atr for SquareSet<G, W> {
            #[inline]
            fn $af(&mut self, rhs: Self) {
                self.0.$af(rhs.0);
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign);
binop!(BitOr, bitor, BitOrAssign, bitor_assign);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign);
binop!(Sub, sub, SubAssign, sub_assign);

impl<G: SetGeometry<W>, const W: usize> Not for SquareSet<G, W> {
    type Output = Self;
    /// The complement on the board (squares past it stay out).
    #[inline]
    fn not(self) -> Self {
        SquareSet(G::ALL - self.0, PhantomData)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Board6x8, Board16x16};

    #[test]
    fn iterates_typed_squares_across_words() {
        let sqs: Vec<Square<Board16x16>> =
            ["a1", "p4", "a5", "p16"].iter().map(|s| s.parse().unwrap()).collect();
        let set: SquareSet<Board16x16, 4> = sqs.iter().copied().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), sqs);
        assert_eq!(set.first(), Some(sqs[0]));
        assert_eq!(set.last(), Some(sqs[3]));
        assert_eq!(set.iter().len(), 4);
        assert_eq!((!set).count(), 252);
        assert!(set.contains(sqs[2]) && !set.without(sqs[2]).contains(sqs[2]));
        assert_eq!(format!("{:?}", set), "{a1, p4, a5, p16}");
    }

    #[test]
    fn algebra_and_masks() {
        type Set = SquareSet<Board6x8, 1>;
        let a1: Square<Board6x8> = "a1".parse().unwrap();
        let file_a = Set::file(a1.file());
        let rank_1 = Set::rank(a1.rank());
        assert_eq!(file_a & rank_1, Set::from_square(a1));
        assert_eq!((file_a | rank_1).count(), 13);
        assert_eq!((file_a - rank_1).count(), 7);
        assert_eq!((file_a ^ rank_1).count(), 12);
        assert_eq!(!Set::EMPTY, Set::ALL);
        assert_eq!(Set::ALL.count(), 48);
        let mut s = Set::EMPTY;
        s.add(a1);
        s.toggle(a1);
        assert!(s.is_empty() && !s.any());
    }
}
