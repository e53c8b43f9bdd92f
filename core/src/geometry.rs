//! Board geometry: the [`Geometry`] trait, the boards this project needs
//! ([`Board6x8`], [`Board8x8`], [`Board16x16`]) and the [`Square`], [`File`]
//! and [`Rank`] types that carry their board in their type, so that a square
//! of one board can never be used on another by mistake.
//!
//! Squares are indexed `file + FILES * rank` from `a1 = 0`. Square names are a
//! file letter (`a`..`p`) and a rank number without padding (`1`..`16`).

use crate::bits::Bits;
pub use crate::coords::{File, Geometry, ParseSquareError, Rank, Square};
use crate::tables::{Dir, board_mask, file_masks, leaper_table, rank_masks, ray_table, within_table};

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
            const ALL: Bits<$w> = board_mask::<$w>($files, $ranks);
            const FILE_MASKS: [Bits<$w>; 16] = file_masks::<$w>($files, $ranks);
            const RANK_MASKS: [Bits<$w>; 16] = rank_masks::<$w>($files, $ranks);
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
