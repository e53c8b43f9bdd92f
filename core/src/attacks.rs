//! Table-driven move generators: leapers (any offset list) and sliders along
//! given directions with an optional range limit, blocked by occupancy.
//!
//! Tables are built at compile time by the `const fn`s here. A slider's
//! attacks in one direction are the unlimited ray minus the ray behind the
//! nearest blocker; a range limit is one AND with a precomputed Chebyshev
//! ball (a ray's length equals the Chebyshev distance along it).
//!
//! ```
//! use motley_core::{attacks, Bits, Board16x16, Square};
//! let q: Square<Board16x16> = "a1".parse().unwrap();
//! // An unblocked queen on a1 limited to 8 squares reaches 3 * 8 squares.
//! assert_eq!(attacks::queen(q, Bits::EMPTY, 8).count(), 24);
//! // Unlimited, it reaches 3 * 15.
//! assert_eq!(attacks::queen(q, Bits::EMPTY, attacks::UNLIMITED).count(), 45);
//! ```

use crate::bits::Bits;
use crate::geometry::{SetGeometry, Square};

pub use crate::tables::{
    Dir, UNLIMITED, board_mask, file_masks, leaper_table, rank_masks, ray_table, reach_table, symmetric,
    within_table,
};

/// The squares a slider on `sq` reaches in direction `dir`, stopping at (and
/// including) the first member of `occupied`, and at most `range` squares far
/// ([`UNLIMITED`] for no limit).
#[inline]
#[must_use]
pub fn slide<G: SetGeometry<W>, const W: usize>(
    sq: Square<G>,
    dir: Dir,
    occupied: Bits<W>,
    range: u8,
) -> Bits<W> {
    let ray = G::ray(dir, sq);
    let blockers = ray & occupied;
    let nearest = if dir.increases() { blockers.first() } else { blockers.last() };
    let mut reach = match nearest {
        Some(b) => ray ^ G::ray(dir, Square::new_unchecked(b)),
        None => ray,
    };
    if range < 16 {
        reach &= G::within(sq, range);
    }
    reach
}

/// The union of [`slide`] over `dirs`.
#[inline]
#[must_use]
pub fn slides<G: SetGeometry<W>, const W: usize>(
    sq: Square<G>,
    dirs: &[Dir],
    occupied: Bits<W>,
    range: u8,
) -> Bits<W> {
    let mut reach = Bits::EMPTY;
    for &d in dirs {
        reach |= slide(sq, d, occupied, range);
    }
    reach
}

/// Rook reach (orthogonal slides) with a range limit.
#[inline]
#[must_use]
pub fn rook<G: SetGeometry<W>, const W: usize>(sq: Square<G>, occupied: Bits<W>, range: u8) -> Bits<W> {
    slides(sq, &Dir::ORTHOGONAL, occupied, range)
}

/// Bishop reach (diagonal slides) with a range limit.
#[inline]
#[must_use]
pub fn bishop<G: SetGeometry<W>, const W: usize>(sq: Square<G>, occupied: Bits<W>, range: u8) -> Bits<W> {
    slides(sq, &Dir::DIAGONAL, occupied, range)
}

/// Queen reach (all eight slides) with a range limit.
#[inline]
#[must_use]
pub fn queen<G: SetGeometry<W>, const W: usize>(sq: Square<G>, occupied: Bits<W>, range: u8) -> Bits<W> {
    slides(sq, &Dir::ALL, occupied, range)
}

/// The squares between `a` and `b` (exclusive) if they share a line, else empty.
#[must_use]
pub fn between<G: SetGeometry<W>, const W: usize>(a: Square<G>, b: Square<G>) -> Bits<W> {
    for d in Dir::ALL {
        let ray = G::ray(d, a);
        if ray.contains(b.bit()) {
            return ray & G::ray(d.opposite(), b);
        }
    }
    Bits::EMPTY
}

/// Leaper destinations computed without a table, for offset lists that are
/// only known at run time (and for reference implementations).
#[must_use]
pub fn leaps<G: SetGeometry<W>, const W: usize>(sq: Square<G>, offsets: &[(i8, i8)]) -> Bits<W> {
    offsets.iter().filter_map(|&(df, dr)| sq.offset(i32::from(df), i32::from(dr))).map(|s| s.bit()).collect()
}
