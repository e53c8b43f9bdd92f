//! The fast slider for boards of at most 8 files and 8 ranks (so at most
//! 64 squares): unlimited rook, bishop and queen reach in one machine word,
//! by "kindergarten" line lookups.
//!
//! The occupancy of a line's inner squares (the end squares never block
//! anything beyond them) is gathered into consecutive bits — a shift for a
//! rank, one multiplication for a file or a diagonal — and a table built at
//! compile time gives the reach along the line. The tables and multipliers
//! are derived from the board's width and height, so 6x8 and 8x8 share the code.
//!
//! It was chosen over obstruction difference by the
//! `sliders` benchmark in `core/benches/`, on 8x8 with the same squares and
//! occupancies. [`attacks::slides`](crate::attacks::slides) stays the
//! generic reference: the tests check this module against it on both boards.
//!
//! ```
//! use motley_core::{Bits, Board6x8, Square, slider};
//! let c1: Square<Board6x8> = "c1".parse()?;
//! let blocker = Bits::from_index("c4".parse::<Square<Board6x8>>()?.bit());
//! // Up the c-file to the blocker (3), along rank 1 (5).
//! assert_eq!(slider::rook(c1, blocker).count(), 8);
//! # Ok::<(), motley_core::ParseSquareError>(())
//! ```

use crate::bits::Bits;
use crate::geometry::{Board6x8, Board8x8, SetGeometry, Square};

/// The lookup tables of one board shape (at most 8 files and 8 ranks).
pub struct LineTables {
    /// `rank[f][inner]`: the reach along a rank from file `f`, when bit `j`
    /// of `inner` says whether file `j + 1` is occupied.
    rank: [[u8; 64]; 8],
    /// `rank` copied to every rank: ANDed with a diagonal, it keeps the
    /// diagonal's squares on the reached files.
    filled: [[u64; 64]; 8],
    /// `file[r][inner]`: the reach along file `a` from rank `r`, when bit `j`
    /// of `inner` says whether rank `j + 1` is occupied.
    file: [[u64; 64]; 8],
    /// The two diagonals through each square, without it: `[a1-h8, a8-h1]`.
    diagonals: [[u64; 2]; 64],
    /// `[file, rank]` of each square (read when the width is not a power of two).
    coords: [[u8; 2]; 64],
}

/// The numbers that shape the lookups of a board: its width, the masks and
/// the multipliers. A `const` of each [`WordGeometry`], so that they are
/// immediates in the generated code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    files: u32,
    /// Every square of file `a`.
    file_a: u64,
    /// File `a` without its two end squares.
    file_inner: u64,
    /// Multiplier gathering the inner squares of file `a` into consecutive bits.
    file_magic: u64,
    /// Where the gathered file bits start.
    file_shift: u32,
    /// Where the gathered diagonal bits start (the top rank, second file).
    diagonal_shift: u32,
    /// Masks of the `FILES - 2` and `RANKS - 2` inner bits.
    rank_inner_mask: u64,
    file_inner_mask: u64,
}

impl Shape {
    /// The shape of a `files` x `ranks` board.
    ///
    /// # Panics
    /// In const evaluation, unless `3 <= files, ranks <= 8`.
    #[must_use]
    pub const fn new(files: u8, ranks: u8) -> Shape {
        assert!(files >= 3 && files <= 8 && ranks >= 3 && ranks <= 8);
        let (w, h) = (files as usize, ranks as usize);
        let mut file_a = 0u64;
        let mut file_inner = 0u64;
        let mut r = 0;
        while r < h {
            file_a |= 1 << (w * r);
            if r > 0 && r + 1 < h {
                file_inner |= 1 << (w * r);
            }
            r += 1;
        }
        // Rank r of file a (bit w*r) times term k (bit (w-1)*k) lands on
        // r + (w-1)*(r+k); with k = (h-2) - r the inner ranks land on
        // consecutive bits, and no two products ever share a bit (w*dr =
        // (w-1)*dk has no solution with |dk| <= h-3 < w), so no carries.
        let mut file_magic = 0u64;
        let mut k = 0;
        while k + 2 < h {
            file_magic |= 1 << ((w - 1) * k);
            k += 1;
        }
        Shape {
            files: w as u32,
            file_a,
            file_inner,
            file_magic,
            file_shift: ((w - 1) * (h - 2) + 1) as u32,
            diagonal_shift: (w * (h - 1) + 1) as u32,
            rank_inner_mask: (1 << (w - 2)) - 1,
            file_inner_mask: (1 << (h - 2)) - 1,
        }
    }
}

/// The reach along a line of `len` squares from position `pos`, when bit `j`
/// of `inner` says whether position `j + 1` is occupied (the end squares
/// never block anything beyond them).
const fn line_reach(len: u8, pos: usize, inner: usize) -> u8 {
    let occ = inner << 1;
    let mut reach = 0u8;
    let mut x = pos as i32 + 1;
    while x < len as i32 {
        reach |= 1 << x;
        if occ & (1 << x) != 0 {
            break;
        }
        x += 1;
    }
    let mut x = pos as i32 - 1;
    while x >= 0 {
        reach |= 1 << x;
        if occ & (1 << x) != 0 {
            break;
        }
        x -= 1;
    }
    reach
}

impl LineTables {
    /// Builds the tables of a `files` x `ranks` board.
    ///
    /// # Panics
    /// In const evaluation, unless `3 <= files, ranks <= 8`.
    #[must_use]
    pub const fn new(files: u8, ranks: u8) -> LineTables {
        let shape = Shape::new(files, ranks);
        let file_a = shape.file_a;
        let (w, h) = (files as usize, ranks as usize);
        let mut t = LineTables {
            rank: [[0; 64]; 8],
            filled: [[0; 64]; 8],
            file: [[0; 64]; 8],
            diagonals: [[0; 2]; 64],
            coords: [[0; 2]; 64],
        };
        let mut f = 0;
        while f < w {
            let mut i = 0;
            while i < 1 << (w - 2) {
                t.rank[f][i] = line_reach(files, f, i);
                t.filled[f][i] = (t.rank[f][i] as u64).wrapping_mul(file_a);
                i += 1;
            }
            f += 1;
        }
        let mut r = 0;
        while r < h {
            let mut i = 0;
            while i < 1 << (h - 2) {
                let line = line_reach(ranks, r, i);
                let mut k = 0;
                while k < h {
                    if line & (1 << k) != 0 {
                        t.file[r][i] |= 1 << (w * k);
                    }
                    k += 1;
                }
                i += 1;
            }
            r += 1;
        }
        let mut sq = 0;
        while sq < w * h {
            let (f, r) = ((sq % w) as i32, (sq / w) as i32);
            t.coords[sq] = [f as u8, r as u8];
            let mut other = 0;
            while other < w * h {
                let (g, s) = ((other % w) as i32, (other / w) as i32);
                if other != sq && g - f == s - r {
                    t.diagonals[sq][0] |= 1 << other;
                }
                if other != sq && g - f == r - s {
                    t.diagonals[sq][1] |= 1 << other;
                }
                other += 1;
            }
            sq += 1;
        }
        t
    }

    // The shape is a parameter, not a field, so that after inlining its
    // numbers are constants of the board.

    /// `(file, rank)` of square index `sq`.
    #[inline(always)]
    fn coords(&self, sq: u32, s: Shape) -> (u32, u32) {
        if s.files.is_power_of_two() {
            (sq & (s.files - 1), sq >> s.files.trailing_zeros())
        } else {
            let c = self.coords[sq as usize & 63];
            (u32::from(c[0]), u32::from(c[1]))
        }
    }

    /// The reach along one diagonal `mask` through a square on `file`.
    #[inline(always)]
    fn diagonal(&self, file: u32, occ: u64, mask: u64, s: Shape) -> u64 {
        let inner = ((occ & mask).wrapping_mul(s.file_a) >> s.diagonal_shift) & s.rank_inner_mask;
        self.filled[file as usize & 7][inner as usize & 63] & mask
    }

    /// Rook reach from square index `sq`.
    #[inline(always)]
    fn rook(&self, sq: u32, occ: u64, s: Shape) -> u64 {
        let (file, rank) = self.coords(sq, s);
        let rank_shift = rank * s.files;
        let rank_inner = (occ >> (rank_shift + 1)) & s.rank_inner_mask;
        let on_rank = u64::from(self.rank[file as usize & 7][rank_inner as usize & 63]) << rank_shift;
        let file_inner =
            (((occ >> file) & s.file_inner).wrapping_mul(s.file_magic) >> s.file_shift) & s.file_inner_mask;
        on_rank | self.file[rank as usize & 7][file_inner as usize & 63] << file
    }

    /// Bishop reach from square index `sq`.
    #[inline(always)]
    fn bishop(&self, sq: u32, occ: u64, s: Shape) -> u64 {
        let d = &self.diagonals[sq as usize & 63];
        let (file, _) = self.coords(sq, s);
        self.diagonal(file, occ, d[0], s) | self.diagonal(file, occ, d[1], s)
    }
}

/// A board of at most 8 files and 8 ranks with the tables of this module.
pub trait WordGeometry: SetGeometry<1> {
    /// The board's shape numbers.
    const SHAPE: Shape = Shape::new(Self::FILES, Self::RANKS);
    /// The board's lookup tables.
    fn tables() -> &'static LineTables;
}

macro_rules! word_geometry {
    ($geo:ident, $table:ident, $files:literal, $ranks:literal) => {
        static $table: LineTables = LineTables::new($files, $ranks);
        impl WordGeometry for $geo {
            #[inline(always)]
            fn tables() -> &'static LineTables {
                &$table
            }
        }
    };
}

word_geometry!(Board6x8, TABLES_6X8, 6, 8);
word_geometry!(Board8x8, TABLES_8X8, 8, 8);

/// Rook reach from `sq` (files and ranks), first blockers included.
#[inline]
#[must_use]
pub fn rook<G: WordGeometry>(sq: Square<G>, occupied: Bits<1>) -> Bits<1> {
    Bits([G::tables().rook(u32::from(sq.bit()), occupied.0[0], G::SHAPE)])
}

/// Bishop reach from `sq` (both diagonals), first blockers included.
#[inline]
#[must_use]
pub fn bishop<G: WordGeometry>(sq: Square<G>, occupied: Bits<1>) -> Bits<1> {
    Bits([G::tables().bishop(u32::from(sq.bit()), occupied.0[0], G::SHAPE)])
}

/// Queen reach from `sq` (all four lines), first blockers included.
#[inline]
#[must_use]
pub fn queen<G: WordGeometry>(sq: Square<G>, occupied: Bits<1>) -> Bits<1> {
    let (t, s, o) = (G::tables(), u32::from(sq.bit()), occupied.0[0]);
    Bits([t.rook(s, o, G::SHAPE) | t.bishop(s, o, G::SHAPE)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::{self, UNLIMITED};
    use crate::zobrist::splitmix64;

    /// Equal to the generic ray slider on many occupancies, every square.
    fn equals_generic<G: WordGeometry>() {
        let mut state = 0x1234_5678_u64;
        for round in 0..1500 {
            let (s, r) = splitmix64(state);
            state = s;
            // Sparse, dense, empty and full boards.
            let occ = match round % 4 {
                0 => r & (r >> 7),
                1 => r,
                2 => r | (r >> 3),
                _ => [0, u64::MAX][round / 4 % 2],
            };
            let occ = Bits([occ]) & G::ALL;
            for sq in Square::<G>::all() {
                let occ = occ.without(sq.bit());
                assert_eq!(rook(sq, occ), attacks::rook(sq, occ, UNLIMITED), "rook {sq} {occ:?}");
                assert_eq!(bishop(sq, occ), attacks::bishop(sq, occ, UNLIMITED), "bishop {sq} {occ:?}");
                assert_eq!(queen(sq, occ), attacks::queen(sq, occ, UNLIMITED), "queen {sq} {occ:?}");
                // The slider's own square does not matter.
                assert_eq!(queen(sq, occ.with(sq.bit())), queen(sq, occ));
            }
        }
    }

    #[test]
    fn equals_generic_slider_6x8() {
        equals_generic::<Board6x8>();
    }

    #[test]
    fn equals_generic_slider_8x8() {
        equals_generic::<Board8x8>();
    }
}
