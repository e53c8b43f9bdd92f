//! The tables of the attack generators, built at compile time by `const fn`s
//! over square sets alone: the eight line directions, board, file and rank
//! masks, rays, Chebyshev balls (range limits) and leaper destinations. The
//! board types ([`crate::geometry`]) keep them in `static`s; the generators
//! ([`crate::attacks`], which re-exports them) read them.

use crate::bits::Bits;

/// A range that never limits a slider.
pub const UNLIMITED: u8 = u8::MAX;

/// One of the eight line directions.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Dir {
    /// Towards higher ranks.
    N = 0,
    /// Higher rank and file.
    NE = 1,
    /// Towards higher files.
    E = 2,
    /// Lower rank, higher file.
    SE = 3,
    /// Towards lower ranks.
    S = 4,
    /// Lower rank and file.
    SW = 5,
    /// Towards lower files.
    W = 6,
    /// Higher rank, lower file.
    NW = 7,
}

impl Dir {
    /// All eight directions.
    pub const ALL: [Dir; 8] = [Dir::N, Dir::NE, Dir::E, Dir::SE, Dir::S, Dir::SW, Dir::W, Dir::NW];
    /// The rook directions.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    /// The bishop directions.
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];

    /// The `(file, rank)` step.
    #[must_use]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    /// Whether square indices increase along this direction (so the nearest
    /// blocker on a ray is its lowest member).
    #[must_use]
    pub const fn increases(self) -> bool {
        matches!(self, Dir::N | Dir::NE | Dir::E | Dir::NW)
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Dir {
        Dir::ALL[(self as usize + 4) % 8]
    }
}

/// The set of every square of a `files` x `ranks` board.
#[must_use]
pub const fn board_mask<const W: usize>(files: u8, ranks: u8) -> Bits<W> {
    let mut set = Bits::<W>::EMPTY;
    let mut i = 0;
    while i < files as usize * ranks as usize {
        set = set.with(i as u8);
        i += 1;
    }
    set
}

/// For each file index `0..16`, the set of its squares on a `files` x `ranks`
/// board (empty past the last file).
#[must_use]
pub const fn file_masks<const W: usize>(files: u8, ranks: u8) -> [Bits<W>; 16] {
    line_masks(files, ranks, false)
}

/// For each rank index `0..16`, the set of its squares on a `files` x `ranks`
/// board (empty past the last rank).
#[must_use]
pub const fn rank_masks<const W: usize>(files: u8, ranks: u8) -> [Bits<W>; 16] {
    line_masks(files, ranks, true)
}

/// Each square of a `files` x `ranks` board in the mask of its rank
/// (`by_rank`) or of its file.
const fn line_masks<const W: usize>(files: u8, ranks: u8, by_rank: bool) -> [Bits<W>; 16] {
    let mut t = [Bits::<W>::EMPTY; 16];
    let mut i = 0;
    while i < files as usize * ranks as usize {
        let line = if by_rank { i / files as usize } else { i % files as usize };
        t[line] = t[line].with(i as u8);
        i += 1;
    }
    t
}

/// For each direction and square, the unlimited ray to the board edge.
#[must_use]
pub const fn ray_table<const W: usize, const N: usize>(files: u8, ranks: u8) -> [[Bits<W>; N]; 8] {
    let mut t = [[Bits::<W>::EMPTY; N]; 8];
    let mut d = 0;
    while d < 8 {
        t[d] = reach_table::<W, N>(files, ranks, &[Dir::ALL[d]], UNLIMITED);
        d += 1;
    }
    t
}

/// For each square, the squares a slider along `dirs` reaches on an empty
/// board within `range` steps: the set [`slides`](crate::attacks::slides) returns without blockers,
/// as a table. A prefilter for attack tests: a slider outside it cannot
/// reach the square whatever stands between.
///
/// ```
/// use motley_core::attacks::{Dir, reach_table};
/// use motley_core::Bits;
/// static ROOK8: [Bits<4>; 256] = reach_table::<4, 256>(16, 16, &Dir::ORTHOGONAL, 8);
/// assert_eq!(ROOK8[0].count(), 16); // a1: eight squares up, eight right
/// ```
#[must_use]
pub const fn reach_table<const W: usize, const N: usize>(
    files: u8,
    ranks: u8,
    dirs: &[Dir],
    range: u8,
) -> [Bits<W>; N] {
    let mut t = [Bits::<W>::EMPTY; N];
    let mut sq = 0;
    while sq < N {
        let mut d = 0;
        while d < dirs.len() {
            let (df, dr) = dirs[d].delta();
            let mut f = (sq % files as usize) as i32 + df as i32;
            let mut r = (sq / files as usize) as i32 + dr as i32;
            let mut steps = 1;
            while steps <= range as u32 && f >= 0 && r >= 0 && f < files as i32 && r < ranks as i32 {
                t[sq] = t[sq].with((f + r * files as i32) as u8);
                f += df as i32;
                r += dr as i32;
                steps += 1;
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// For each square and radius `0..16`, the squares at Chebyshev distance `1..=radius`.
#[must_use]
pub const fn within_table<const W: usize, const N: usize>(files: u8) -> [[Bits<W>; 16]; N] {
    let mut t = [[Bits::<W>::EMPTY; 16]; N];
    let mut sq = 0;
    while sq < N {
        let (f0, r0) = ((sq % files as usize) as i32, (sq / files as usize) as i32);
        let mut other = 0;
        while other < N {
            let (f1, r1) = ((other % files as usize) as i32, (other / files as usize) as i32);
            let df = (f1 - f0).abs();
            let dr = (r1 - r0).abs();
            let dist = if df > dr { df } else { dr };
            let mut radius = dist;
            while radius < 16 {
                if dist >= 1 {
                    t[sq][radius as usize] = t[sq][radius as usize].with(other as u8);
                }
                radius += 1;
            }
            other += 1;
        }
        sq += 1;
    }
    t
}

/// For each square, the destinations of a leaper with the given `(file, rank)`
/// offsets (taken as listed: include every symmetric offset you want).
#[must_use]
pub const fn leaper_table<const W: usize, const N: usize>(
    files: u8,
    ranks: u8,
    offsets: &[(i8, i8)],
) -> [Bits<W>; N] {
    let mut t = [Bits::<W>::EMPTY; N];
    let mut sq = 0;
    while sq < N {
        let mut k = 0;
        while k < offsets.len() {
            let f = (sq % files as usize) as i32 + offsets[k].0 as i32;
            let r = (sq / files as usize) as i32 + offsets[k].1 as i32;
            if f >= 0 && r >= 0 && f < files as i32 && r < ranks as i32 {
                t[sq] = t[sq].with((f + r * files as i32) as u8);
            }
            k += 1;
        }
        sq += 1;
    }
    t
}

/// The eight offsets `(±a, ±b)` and `(±b, ±a)` of an `(a, b)` leaper, with
/// duplicates kept (harmless in a set).
#[must_use]
pub const fn symmetric(a: i8, b: i8) -> [(i8, i8); 8] {
    [(a, b), (b, a), (b, -a), (a, -b), (-a, -b), (-b, -a), (-b, a), (-a, b)]
}
