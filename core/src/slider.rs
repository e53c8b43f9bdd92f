//! The fast slider for boards of at most 64 squares: unlimited rook, bishop
//! and queen reach in one machine word, by obstruction difference.
//!
//! Each line through a square (its file, rank, diagonal and anti-diagonal) is
//! split into the part below the square (by index) and the part above it. The
//! nearest blocker above is the lowest set bit of `occupied & upper`, the
//! nearest below the highest set bit of `occupied & lower`; the reach is the
//! line between them, both included. Two table reads per line, no
//! multiplication, and one table shape for every board width.
//!
//! It was chosen over the kindergarten lookups Joker's Chess used before by
//! the `sliders` benchmark in `core/benches/` (both on 8x8; the kindergarten
//! tables also only fit 8 files). [`attacks::slides`](crate::attacks::slides)
//! stays the generic reference: the tests check this module against it.
//!
//! ```
//! use motley_core::{Bits, Board6x8, Square, slider};
//! let c1: Square<Board6x8> = "c1".parse()?;
//! let blocker = Bits::from_index("c4".parse::<Square<Board6x8>>()?.bit());
//! // Up the c-file to the blocker (3), along rank 1 (5).
//! assert_eq!(slider::rook(c1, blocker).count(), 8);
//! # Ok::<(), motley_core::ParseSquareError>(())
//! ```

use crate::attacks::{Dir, ray_table};
use crate::bits::Bits;
use crate::geometry::{Board6x8, Board8x8, SetGeometry, Square};

/// One line through a square, split at the square: the members with a lower
/// index and those with a higher one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    lower: u64,
    upper: u64,
}

/// The four lines through a square: file, rank, diagonal (a1-h8 direction),
/// anti-diagonal.
pub type Lines = [Line; 4];

/// The lines' order in [`Lines`]: the (decreasing, increasing) direction pairs.
const PAIRS: [(Dir, Dir); 4] = [(Dir::S, Dir::N), (Dir::W, Dir::E), (Dir::SW, Dir::NE), (Dir::SE, Dir::NW)];

/// A board of at most 64 squares with the line tables of this module.
pub trait WordGeometry: SetGeometry<1> {
    /// The lines through `sq`.
    fn lines(sq: Square<Self>) -> &'static Lines;
}

/// Builds the line table of a `files` x `ranks` board of `N <= 64` squares.
#[must_use]
pub const fn line_table<const N: usize>(files: u8, ranks: u8) -> [Lines; N] {
    let rays = ray_table::<1, N>(files, ranks);
    let mut t = [[Line { lower: 0, upper: 0 }; 4]; N];
    let mut sq = 0;
    while sq < N {
        let mut k = 0;
        while k < 4 {
            t[sq][k] =
                Line { lower: rays[PAIRS[k].0 as usize][sq].0[0], upper: rays[PAIRS[k].1 as usize][sq].0[0] };
            k += 1;
        }
        sq += 1;
    }
    t
}

macro_rules! word_geometry {
    ($geo:ident, $table:ident, $files:literal, $ranks:literal) => {
        static $table: [Lines; $files * $ranks] = line_table::<{ $files * $ranks }>($files, $ranks);
        impl WordGeometry for $geo {
            #[inline]
            fn lines(sq: Square<Self>) -> &'static Lines {
                &$table[sq.index()]
            }
        }
    };
}

word_geometry!(Board6x8, LINES_6X8, 6, 8);
word_geometry!(Board8x8, LINES_8X8, 8, 8);

/// The squares a slider reaches along `line` through `occupied`, the nearest
/// blocker on each side included.
#[inline]
#[must_use]
pub fn line(occupied: u64, line: &Line) -> u64 {
    let lower = occupied & line.lower;
    let upper = occupied & line.upper;
    // All bits from the highest blocker below upwards (bit 0 if none).
    let below = u64::MAX << (63 - (lower | 1).leading_zeros());
    // The lowest blocker above, times two: everything up to it stays below
    // after the addition.
    let ls1b = upper & upper.wrapping_neg();
    (line.lower | line.upper) & ls1b.wrapping_mul(2).wrapping_add(below)
}

/// Rook reach from `sq` (files and ranks), first blockers included.
#[inline]
#[must_use]
pub fn rook<G: WordGeometry>(sq: Square<G>, occupied: Bits<1>) -> Bits<1> {
    let l = G::lines(sq);
    Bits([line(occupied.0[0], &l[0]) | line(occupied.0[0], &l[1])])
}

/// Bishop reach from `sq` (both diagonals), first blockers included.
#[inline]
#[must_use]
pub fn bishop<G: WordGeometry>(sq: Square<G>, occupied: Bits<1>) -> Bits<1> {
    let l = G::lines(sq);
    Bits([line(occupied.0[0], &l[2]) | line(occupied.0[0], &l[3])])
}

/// Queen reach from `sq` (all four lines), first blockers included.
#[inline]
#[must_use]
pub fn queen<G: WordGeometry>(sq: Square<G>, occupied: Bits<1>) -> Bits<1> {
    let l = G::lines(sq);
    let o = occupied.0[0];
    Bits([line(o, &l[0]) | line(o, &l[1]) | line(o, &l[2]) | line(o, &l[3])])
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
