//! [`Bits`], the square-set type: a fixed-width bitboard of `64 * W` bits.
//!
//! `Bits<1>` covers every board of at most 64 squares (6x8, 8x8); `Bits<4>`
//! covers 16x16. Bit `i` stands for the square with index `i` (`file + files * rank`).
//! The type knows nothing about a board's shape: [`Bits::diagram`] takes the
//! geometry as a type parameter, and [`SetGeometry::ALL`](crate::SetGeometry::ALL)
//! masks a complement down to the board.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign};

use crate::coords::Geometry;

/// A set of square indices `0 .. 64 * W`, stored as `W` little-endian 64-bit words.
///
/// Set algebra works through the operator traits (`&`, `|`, `^`, `!`, and `-`
/// for difference). Iteration yields indices in increasing order.
///
/// ```
/// use motley_core::Bits;
/// let a = Bits::<4>::EMPTY.with(3).with(200);
/// let b = Bits::<4>::from_index(200);
/// assert_eq!((a - b).iter().collect::<Vec<_>>(), vec![3]);
/// assert_eq!((a | b).count(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bits<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const EMPTY: Self = Bits([0; W]);
    /// Every bit set (all `64 * W` indices, including those past the board).
    pub const FULL: Self = Bits([u64::MAX; W]);
    /// Number of indices the set can hold.
    pub const CAPACITY: usize = 64 * W;

    /// The set holding only `index`.
    ///
    /// # Panics
    /// In const evaluation or debug builds, if `index >= 64 * W`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: u8) -> Self {
        Self::EMPTY.with(index)
    }

    /// A copy of the set with `index` added.
    #[inline]
    #[must_use]
    pub const fn with(mut self, index: u8) -> Self {
        let i = index as usize;
        self.0[i >> 6] |= 1 << (i & 63);
        self
    }

    /// A copy of the set with `index` removed.
    #[inline]
    #[must_use]
    pub const fn without(mut self, index: u8) -> Self {
        let i = index as usize;
        self.0[i >> 6] &= !(1 << (i & 63));
        self
    }

    /// Adds `index`.
    #[inline]
    pub fn add(&mut self, index: u8) {
        *self = self.with(index);
    }

    /// Removes `index`.
    #[inline]
    pub fn remove(&mut self, index: u8) {
        *self = self.without(index);
    }

    /// Flips `index`.
    #[inline]
    pub fn toggle(&mut self, index: u8) {
        let i = index as usize;
        self.0[i >> 6] ^= 1 << (i & 63);
    }

    /// Whether `index` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, index: u8) -> bool {
        let i = index as usize;
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        let mut i = 0;
        while i < W {
            if self.0[i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// Whether the set is not empty.
    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        !self.is_empty()
    }

    /// Whether the two sets share an index.
    #[inline]
    #[must_use]
    pub fn intersects(self, other: Self) -> bool {
        (self & other).any()
    }

    /// Whether every index of `self` is in `other`.
    #[inline]
    #[must_use]
    pub fn is_subset(self, other: Self) -> bool {
        (self - other).is_empty()
    }

    /// Number of indices in the set (popcount).
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        let mut n = 0;
        let mut i = 0;
        while i < W {
            n += self.0[i].count_ones();
            i += 1;
        }
        n
    }

    /// Whether the set holds more than one index.
    #[inline]
    #[must_use]
    pub fn more_than_one(self) -> bool {
        let mut seen = false;
        for w in self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return true;
                }
                seen = true;
            }
        }
        false
    }

    /// The lowest index, if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<u8> {
        let mut i = 0;
        while i < W {
            if self.0[i] != 0 {
                return Some((i * 64 + self.0[i].trailing_zeros() as usize) as u8);
            }
            i += 1;
        }
        None
    }

    /// The highest index, if any.
    #[inline]
    #[must_use]
    pub const fn last(self) -> Option<u8> {
        let mut i = W;
        while i > 0 {
            i -= 1;
            if self.0[i] != 0 {
                return Some((i * 64 + 63 - self.0[i].leading_zeros() as usize) as u8);
            }
        }
        None
    }

    /// Removes and returns the lowest index.
    #[inline]
    pub fn pop_first(&mut self) -> Option<u8> {
        for i in 0..W {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some((i * 64 + w.trailing_zeros() as usize) as u8);
            }
        }
        None
    }

    /// Iterates the indices in increasing order.
    #[inline]
    pub fn iter(self) -> BitsIter<W> {
        BitsIter(self)
    }

    /// Union, usable in const context.
    #[inline]
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        self.combine(other, WordOp::Or)
    }

    /// Intersection, usable in const context.
    #[inline]
    #[must_use]
    pub const fn intersection(self, other: Self) -> Self {
        self.combine(other, WordOp::And)
    }

    /// Difference (`self` without `other`), usable in const context.
    #[inline]
    #[must_use]
    pub const fn difference(self, other: Self) -> Self {
        self.combine(other, WordOp::AndNot)
    }

    /// Each word of `self` merged with the same word of `other` by `op`
    /// (a `const fn` cannot take a closure).
    #[inline]
    const fn combine(mut self, other: Self, op: WordOp) -> Self {
        let mut i = 0;
        while i < W {
            self.0[i] = match op {
                WordOp::Or => self.0[i] | other.0[i],
                WordOp::And => self.0[i] & other.0[i],
                WordOp::AndNot => self.0[i] & !other.0[i],
            };
            i += 1;
        }
        self
    }

    /// A value that prints the set as a board diagram of geometry `G`:
    /// rank `G::RANKS` first, `X` for a member and `.` otherwise.
    ///
    /// ```
    /// use motley_core::{Bits, Board6x8};
    /// let set = Bits::<1>::from_index(0).with(47);
    /// assert_eq!(
    ///     set.diagram::<Board6x8>().to_string(),
    ///     ".....X\n......\n......\n......\n......\n......\n......\nX.....\n"
    /// );
    /// ```
    #[must_use]
    pub fn diagram<G: Geometry>(self) -> Diagram<W, G> {
        Diagram(self, core::marker::PhantomData)
    }

    /// Parses a diagram as printed by [`Bits::diagram`] (whitespace between rows is
    /// free; `X`/`x`/`1` is a member, `.`/`0` is not). Returns `None` on a shape mismatch.
    #[must_use]
    pub fn from_diagram<G: Geometry>(text: &str) -> Option<Self> {
        let rows: Vec<&str> = text.split_whitespace().collect();
        if rows.len() != usize::from(G::RANKS) {
            return None;
        }
        let mut set = Self::EMPTY;
        for (i, row) in rows.iter().enumerate() {
            let rank = G::RANKS as usize - 1 - i;
            if row.len() != usize::from(G::FILES) {
                return None;
            }
            for (file, c) in row.bytes().enumerate() {
                match c {
                    b'X' | b'x' | b'1' => set.add((rank * G::FILES as usize + file) as u8),
                    b'.' | b'0' => {}
                    _ => return None,
                }
            }
        }
        Some(set)
    }
}

/// Iterator over the indices of a [`Bits`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct BitsIter<const W: usize>(Bits<W>);

impl<const W: usize> Iterator for BitsIter<W> {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        self.0.pop_first()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl<const W: usize> ExactSizeIterator for BitsIter<W> {}

impl<const W: usize> IntoIterator for Bits<W> {
    type Item = u8;
    type IntoIter = BitsIter<W>;
    fn into_iter(self) -> BitsIter<W> {
        self.iter()
    }
}

impl<const W: usize> FromIterator<u8> for Bits<W> {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        let mut s = Self::EMPTY;
        for i in iter {
            s.add(i);
        }
        s
    }
}

/// How [`Bits::combine`] merges two words.
#[derive(Clone, Copy)]
enum WordOp {
    /// Either's bits.
    Or,
    /// The bits of both.
    And,
    /// The first's bits that the second lacks.
    AndNot,
}

macro_rules! binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const W: usize> $tr for Bits<W> {
            type Output = Self;
            #[inline]
            fn $f(mut self, rhs: Self) -> Self {
                for i in 0..W {
                    self.0[i] $op rhs.0[i];
                }
                self
            }
        }
        impl<const W: usize> $atr for Bits<W> {
            #[inline]
            fn $af(&mut self, rhs: Self) {
                for i in 0..W {
                    self.0[i] $op rhs.0[i];
                }
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Sub for Bits<W> {
    type Output = Self;
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        self.difference(rhs)
    }
}

impl<const W: usize> SubAssign for Bits<W> {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        *self = self.difference(rhs);
    }
}

impl<const W: usize> Not for Bits<W> {
    type Output = Self;
    /// The complement over all `64 * W` bits; AND with `Geometry::ALL` to stay on the board.
    #[inline]
    fn not(mut self) -> Self {
        for w in &mut self.0 {
            *w = !*w;
        }
        self
    }
}

impl<const W: usize> fmt::Debug for Bits<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Prints a [`Bits`] as a board diagram; made by [`Bits::diagram`].
pub struct Diagram<const W: usize, G>(Bits<W>, core::marker::PhantomData<G>);

impl<const W: usize, G: Geometry> fmt::Display for Diagram<W, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..G::RANKS).rev() {
            for file in 0..G::FILES {
                let i = rank * G::FILES + file;
                f.write_str(if self.0.contains(i) { "X" } else { "." })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_last_pop_across_words() {
        let s = Bits::<4>::EMPTY.with(0).with(64).with(130).with(255);
        assert_eq!(s.first(), Some(0));
        assert_eq!(s.last(), Some(255));
        assert_eq!(s.count(), 4);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 64, 130, 255]);
        assert!(s.more_than_one());
        assert!(!Bits::<4>::from_index(190).more_than_one());
        assert!(!Bits::<4>::EMPTY.more_than_one());
        assert_eq!(Bits::<4>::EMPTY.first(), None);
        assert_eq!(Bits::<4>::EMPTY.last(), None);
    }

    #[test]
    fn algebra() {
        let a: Bits<1> = [1u8, 2, 3].into_iter().collect();
        let b: Bits<1> = [3u8, 4].into_iter().collect();
        assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![3]);
        assert_eq!((a | b).count(), 4);
        assert_eq!((a ^ b).iter().collect::<Vec<_>>(), vec![1, 2, 4]);
        assert_eq!((a - b).iter().collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!((!a).count(), 61);
        assert!(Bits::<1>::from_index(2).is_subset(a));
        assert!(a.intersects(b));
    }
}
