//! Board geometry: the [`Geometry`] trait, the boards this project needs
//! ([`Board6x8`], [`Board8x8`], [`Board16x16`]) and the [`Square`], [`File`]
//! and [`Rank`] types that carry their board in their type, so that a square
//! of one board can never be used on another by mistake.
//!
//! Squares are indexed `file + FILES * rank` from `a1 = 0`. Square names are a
//! file letter (`a`..`p`) and a rank number without padding (`1`..`16`).

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::str::FromStr;

use crate::attacks::{Dir, leaper_table, ray_table, within_table};
use crate::bits::Bits;

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

/// A geometry whose square sets are [`Bits<W>`], with its precomputed tables.
///
/// Each implementation owns `static` tables built by `const fn` at compile
/// time: unlimited rays in the eight directions, Chebyshev balls for range
/// limits, and king and knight leaps.
pub trait SetGeometry<const W: usize>: Geometry {
    /// Every square of the board.
    const ALL: Bits<W>;
    /// The squares of each file, indexed by file (`a` = 0); entries past the
    /// last file are empty. Usable in `const` items:
    /// `const FILE_A: Bits<1> = <Board8x8 as SetGeometry<1>>::FILE_MASKS[0];`
    const FILE_MASKS: [Bits<W>; 16];
    /// The squares of each rank, indexed by rank (rank 1 = 0); entries past
    /// the last rank are empty.
    const RANK_MASKS: [Bits<W>; 16];
    /// The squares of `file`.
    #[inline]
    #[must_use]
    fn file_mask(file: File<Self>) -> Bits<W> {
        Self::FILE_MASKS[usize::from(file.index())]
    }
    /// The squares of `rank`.
    #[inline]
    #[must_use]
    fn rank_mask(rank: Rank<Self>) -> Bits<W> {
        Self::RANK_MASKS[usize::from(rank.index())]
    }
    /// The squares from `sq` (exclusive) to the board edge in direction `dir`.
    fn ray(dir: Dir, sq: Square<Self>) -> Bits<W>;
    /// The squares at Chebyshev distance `1..=radius` from `sq` (`radius` < 16).
    fn within(sq: Square<Self>, radius: u8) -> Bits<W>;
    /// King-step destinations from `sq`.
    fn king(sq: Square<Self>) -> Bits<W>;
    /// Knight-leap destinations from `sq`.
    fn knight(sq: Square<Self>) -> Bits<W>;
}

macro_rules! geometry {
    ($(#[$m:meta])* $name:ident, $files:literal, $ranks:literal, $w:literal, $label:literal,
     $rays:ident, $within:ident, $king:ident, $knight:ident) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
        pub struct $name;

        impl Geometry for $name {
            const FILES: u8 = $files;
            const RANKS: u8 = $ranks;
            const NAME: &'static str = $label;
        }

        static $rays: [[Bits<$w>; $files * $ranks]; 8] = ray_table::<$w, { $files * $ranks }>($files, $ranks);
        static $within: [[Bits<$w>; 16]; $files * $ranks] =
            within_table::<$w, { $files * $ranks }>($files);
        static $king: [Bits<$w>; $files * $ranks] = leaper_table::<$w, { $files * $ranks }>(
            $files, $ranks, &[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)],
        );
        static $knight: [Bits<$w>; $files * $ranks] = leaper_table::<$w, { $files * $ranks }>(
            $files, $ranks, &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)],
        );

        impl SetGeometry<$w> for $name {
            const ALL: Bits<$w> = crate::attacks::board_mask::<$w>($files, $ranks);
            const FILE_MASKS: [Bits<$w>; 16] = crate::attacks::file_masks::<$w>($files, $ranks);
            const RANK_MASKS: [Bits<$w>; 16] = crate::attacks::rank_masks::<$w>($files, $ranks);
            #[inline]
            fn ray(dir: Dir, sq: Square<Self>) -> Bits<$w> {
                $rays[dir as usize][sq.index()]
            }
            #[inline]
            fn within(sq: Square<Self>, radius: u8) -> Bits<$w> {
                $within[sq.index()][usize::from(radius & 15)]
            }
            #[inline]
            fn king(sq: Square<Self>) -> Bits<$w> {
                $king[sq.index()]
            }
            #[inline]
            fn knight(sq: Square<Self>) -> Bits<$w> {
                $knight[sq.index()]
            }
        }
    };
}

geometry!(
    /// The 6-file, 8-rank board of Mage's Chess (48 squares, sets are `Bits<1>`).
    Board6x8, 6, 8, 1, "6x8", RAYS_6X8, WITHIN_6X8, KING_6X8, KNIGHT_6X8
);
geometry!(
    /// The standard 8x8 board of Joker's Chess (64 squares, sets are `Bits<1>`).
    Board8x8, 8, 8, 1, "8x8", RAYS_8X8, WITHIN_8X8, KING_8X8, KNIGHT_8X8
);
geometry!(
    /// The 16x16 board of Sovereign Chess (256 squares, sets are `Bits<4>`).
    Board16x16, 16, 16, 4, "16x16", RAYS_16X16, WITHIN_16X16, KING_16X16, KNIGHT_16X16
);

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

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip<G: Geometry>() {
        for sq in Square::<G>::all() {
            let name = sq.to_string();
            assert_eq!(name.parse::<Square<G>>(), Ok(sq), "{name}");
            assert_eq!(Square::<G>::parse_prefix(format!("{name}x").as_bytes()), Some((sq, name.len())));
        }
    }

    #[test]
    fn names_roundtrip() {
        roundtrip::<Board6x8>();
        roundtrip::<Board8x8>();
        roundtrip::<Board16x16>();
    }

    #[test]
    fn names_rejected() {
        for bad in ["", "a", "a0", "a9", "g1", "a01", "A1", "1a", "a1x"] {
            assert!(bad.parse::<Square<Board6x8>>().is_err(), "{bad}");
        }
        for bad in ["a17", "q1", "a00", "p160"] {
            assert!(bad.parse::<Square<Board16x16>>().is_err(), "{bad}");
        }
        // a15a13 splits into a15 then a13.
        let (a, n) = Square::<Board16x16>::parse_prefix(b"a15a13").unwrap();
        assert_eq!((a.to_string().as_str(), n), ("a15", 3));
        // a1a2 on 16x16: "a1a" is not a square, "a1" is.
        let (a, n) = Square::<Board16x16>::parse_prefix(b"a1a2").unwrap();
        assert_eq!((a.to_string().as_str(), n), ("a1", 2));
    }

    #[test]
    fn coords() {
        let sq: Square<Board16x16> = "i8".parse().unwrap();
        assert_eq!((sq.file().index(), sq.rank().index()), (8, 7));
        assert_eq!(sq.rotate180().to_string(), "h9");
        assert_eq!(sq.offset(-8, 0).unwrap().to_string(), "a8");
        assert_eq!(sq.offset(8, 0), None);
        assert_eq!(Square::<Board8x8>::new(64), None);
        assert_eq!(<Board16x16 as SetGeometry<4>>::ALL.count(), 256);
        assert_eq!(<Board6x8 as SetGeometry<1>>::ALL.count(), 48);
    }

    fn masks_partition<G: SetGeometry<W>, const W: usize>() {
        let mut files = Bits::<W>::EMPTY;
        let mut ranks = Bits::<W>::EMPTY;
        for sq in Square::<G>::all() {
            assert!(G::file_mask(sq.file()).contains(sq.bit()), "{sq}");
            assert!(G::rank_mask(sq.rank()).contains(sq.bit()), "{sq}");
            assert_eq!(G::file_mask(sq.file()) & G::rank_mask(sq.rank()), Bits::from_index(sq.bit()));
        }
        for (i, (&f, &r)) in G::FILE_MASKS.iter().zip(&G::RANK_MASKS).enumerate() {
            assert_eq!(f.count(), if i < usize::from(G::FILES) { u32::from(G::RANKS) } else { 0 });
            assert_eq!(r.count(), if i < usize::from(G::RANKS) { u32::from(G::FILES) } else { 0 });
            files |= f;
            ranks |= r;
        }
        assert_eq!((files, ranks), (G::ALL, G::ALL));
    }

    #[test]
    fn file_and_rank_masks() {
        masks_partition::<Board6x8, 1>();
        masks_partition::<Board8x8, 1>();
        masks_partition::<Board16x16, 4>();
        assert_eq!(<Board8x8 as SetGeometry<1>>::FILE_MASKS[0], Bits([0x0101_0101_0101_0101]));
        assert_eq!(<Board6x8 as SetGeometry<1>>::RANK_MASKS[7], Bits([0x3f << 42]));
    }
}
