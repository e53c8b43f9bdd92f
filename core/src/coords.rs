//! Coordinates: the [`Geometry`] trait and the [`Square`], [`File`] and
//! [`Rank`] types that carry their board in their type, so that a square of
//! one board can never be used on another by mistake. Re-exported by
//! [`crate::geometry`], which adds the boards and their square-set tables.
//!
//! Squares are indexed `file + FILES * rank` from `a1 = 0`. Square names are a
//! file letter (`a`..`p`) and a rank number without padding (`1`..`16`).

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::str::FromStr;

/// The shape of a board. Implemented by zero-sized marker types.
pub trait Geometry: Copy + Eq + Ord + Hash + fmt::Debug + Default + Send + Sync + 'static {
    /// Number of files (columns), at most 16.
    const FILES: u8;
    /// Number of ranks (rows), at most 16.
    const RANKS: u8;
    /// `FILES * RANKS`.
    const SQUARES: usize = Self::FILES as usize * Self::RANKS as usize;
    /// A short name such as `"8x8"` (files x ranks).
    const NAME: &'static str;
}

macro_rules! coord_common {
    ($ty:ident) => {
        impl<G> Clone for $ty<G> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<G> Copy for $ty<G> {}
        impl<G> PartialEq for $ty<G> {
            fn eq(&self, other: &Self) -> bool {
                self.0 == other.0
            }
        }
        impl<G> Eq for $ty<G> {}
        impl<G> PartialOrd for $ty<G> {
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
        impl<G> Ord for $ty<G> {
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.0.cmp(&other.0)
            }
        }
        impl<G> Hash for $ty<G> {
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.0.hash(state);
            }
        }
        impl<G: Geometry> fmt::Debug for $ty<G> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(self, f)
            }
        }
    };
}

/// A file (column) of board `G`, `a` = 0.
pub struct File<G>(u8, PhantomData<fn() -> G>);
/// A rank (row) of board `G`, rank `1` = 0.
pub struct Rank<G>(u8, PhantomData<fn() -> G>);
/// A square of board `G`, indexed `file + G::FILES * rank`.
///
/// ```
/// use motley_core::{Board16x16, Square};
/// let sq: Square<Board16x16> = "p16".parse().unwrap();
/// assert_eq!(sq.index(), 255);
/// assert_eq!(sq.to_string(), "p16");
/// assert!("q1".parse::<Square<Board16x16>>().is_err());
/// ```
pub struct Square<G>(u8, PhantomData<fn() -> G>);

coord_common!(File);
coord_common!(Rank);
coord_common!(Square);

impl<G: Geometry> File<G> {
    /// The file with index `i`, if on the board.
    #[must_use]
    pub const fn new(i: u8) -> Option<Self> {
        if i < G::FILES { Some(File(i, PhantomData)) } else { None }
    }
    /// The 0-based index.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The letter `a`..
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
    /// Every file, `a` first.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + Clone {
        (0..G::FILES).map(|i| File(i, PhantomData))
    }
}

impl<G: Geometry> Rank<G> {
    /// The rank with index `i` (rank 1 is 0), if on the board.
    #[must_use]
    pub const fn new(i: u8) -> Option<Self> {
        if i < G::RANKS { Some(Rank(i, PhantomData)) } else { None }
    }
    /// The 0-based index.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The rank's number as written (`index + 1`).
    #[must_use]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }
    /// Every rank, rank 1 first.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + Clone {
        (0..G::RANKS).map(|i| Rank(i, PhantomData))
    }
}

impl<G: Geometry> fmt::Display for File<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl<G: Geometry> fmt::Display for Rank<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl<G: Geometry> Square<G> {
    /// The square with index `i`, if on the board.
    #[inline]
    #[must_use]
    pub const fn new(i: u8) -> Option<Self> {
        if (i as usize) < G::SQUARES { Some(Square(i, PhantomData)) } else { None }
    }

    /// The square with index `i`, without a range check in release builds.
    ///
    /// # Panics
    /// In debug builds, if `i` is not on the board.
    #[inline]
    #[must_use]
    #[track_caller]
    pub const fn new_unchecked(i: u8) -> Self {
        debug_assert!((i as usize) < G::SQUARES);
        Square(i, PhantomData)
    }

    /// The square at `file`, `rank`.
    #[inline]
    #[must_use]
    pub const fn from_coords(file: File<G>, rank: Rank<G>) -> Self {
        Square(file.0 + rank.0 * G::FILES, PhantomData)
    }

    /// The square at 0-based `(file, rank)`, if on the board.
    #[inline]
    #[must_use]
    pub const fn at(file: i32, rank: i32) -> Option<Self> {
        if file >= 0 && rank >= 0 && file < G::FILES as i32 && rank < G::RANKS as i32 {
            Some(Square((file + rank * G::FILES as i32) as u8, PhantomData))
        } else {
            None
        }
    }

    /// The index `file + FILES * rank`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The index as a `u8` (the bit in a square set).
    #[inline]
    #[must_use]
    pub const fn bit(self) -> u8 {
        self.0
    }

    /// The file.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File<G> {
        File(self.0 % G::FILES, PhantomData)
    }

    /// The rank.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank<G> {
        Rank(self.0 / G::FILES, PhantomData)
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Self> {
        Self::at(self.file().0 as i32 + df, self.rank().0 as i32 + dr)
    }

    /// The square rotated 180° about the board centre.
    #[inline]
    #[must_use]
    pub const fn rotate180(self) -> Self {
        Square((G::SQUARES - 1 - self.0 as usize) as u8, PhantomData)
    }

    /// Chebyshev (king-move) distance.
    #[must_use]
    pub const fn distance(self, other: Self) -> u8 {
        let df = self.file().0.abs_diff(other.file().0);
        let dr = self.rank().0.abs_diff(other.rank().0);
        if df > dr { df } else { dr }
    }

    /// Every square, `a1` first, rank by rank.
    pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
        (0..G::SQUARES).map(|i| Square(i as u8, PhantomData))
    }

    /// Parses a square name (`a1`, `p16`): one file letter, then a rank number
    /// without leading zero.
    ///
    /// # Errors
    /// [`ParseSquareError`] if the text is not a square of this board.
    pub fn from_ascii(s: &[u8]) -> Result<Self, ParseSquareError> {
        let (&f, digits) = s.split_first().ok_or(ParseSquareError)?;
        if !f.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 || digits[0] == b'0' {
            return Err(ParseSquareError);
        }
        let mut rank = 0u32;
        for &d in digits {
            if !d.is_ascii_digit() {
                return Err(ParseSquareError);
            }
            rank = rank * 10 + u32::from(d - b'0');
        }
        Self::at(i32::from(f - b'a'), rank as i32 - 1).ok_or(ParseSquareError)
    }

    /// Parses the longest square name at the start of `s`, returning it and the
    /// number of bytes read. Useful for move tokens such as `a15a13`.
    #[must_use]
    pub fn parse_prefix(s: &[u8]) -> Option<(Self, usize)> {
        let two = s.len() >= 3 && s[1].is_ascii_digit() && s[2].is_ascii_digit();
        if two && let Ok(sq) = Self::from_ascii(&s[..3]) {
            return Some((sq, 3));
        }
        if s.len() >= 2
            && let Ok(sq) = Self::from_ascii(&s[..2])
        {
            return Some((sq, 2));
        }
        None
    }
}

impl<G: Geometry> fmt::Display for Square<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl<G: Geometry> FromStr for Square<G> {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::from_ascii(s.as_bytes())
    }
}

/// The text is not a square name of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("invalid square name")]
pub struct ParseSquareError;
