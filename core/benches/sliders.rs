//! The single-word slider contest that chose `motley_core::slider`:
//! kindergarten line lookups (the method of `motley_core::slider`) against
//! obstruction difference, on 8x8,
//! over the same squares and occupancies. Run with
//! `cargo bench -p motley-core --bench sliders`.
#![allow(missing_docs)] // criterion_group! generates an undocumented public function

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use motley_core::{Bits, Board8x8, Square, slider};

/// Obstruction difference on 8x8, kept here only
/// as the benchmark's rival: per line, the nearest blocker below the square
/// (highest set bit) and above it (lowest set bit) bound the reach.
mod obstruction {
    use motley_core::attacks::{Dir, ray_table};

    #[derive(Clone, Copy)]
    struct Line {
        lower: u64,
        upper: u64,
    }

    static LINES: [[Line; 4]; 64] = {
        let rays = ray_table::<1, 64>(8, 8);
        let pairs = [(Dir::S, Dir::N), (Dir::W, Dir::E), (Dir::SW, Dir::NE), (Dir::SE, Dir::NW)];
        let mut t = [[Line { lower: 0, upper: 0 }; 4]; 64];
        let mut sq = 0;
        while sq < 64 {
            let mut k = 0;
            while k < 4 {
                t[sq][k] = Line {
                    lower: rays[pairs[k].0 as usize][sq].0[0],
                    upper: rays[pairs[k].1 as usize][sq].0[0],
                };
                k += 1;
            }
            sq += 1;
        }
        t
    };

    #[inline]
    fn line(occupied: u64, l: &Line) -> u64 {
        let lower = occupied & l.lower;
        let upper = occupied & l.upper;
        let below = u64::MAX << (63 - (lower | 1).leading_zeros());
        let ls1b = upper & upper.wrapping_neg();
        (l.lower | l.upper) & ls1b.wrapping_mul(2).wrapping_add(below)
    }

    #[inline]
    pub fn rook(sq: u8, occ: u64) -> u64 {
        let l = &LINES[usize::from(sq)];
        line(occ, &l[0]) | line(occ, &l[1])
    }

    #[inline]
    pub fn bishop(sq: u8, occ: u64) -> u64 {
        let l = &LINES[usize::from(sq)];
        line(occ, &l[2]) | line(occ, &l[3])
    }

    #[inline]
    pub fn queen(sq: u8, occ: u64) -> u64 {
        let l = &LINES[usize::from(sq)];
        line(occ, &l[0]) | line(occ, &l[1]) | line(occ, &l[2]) | line(occ, &l[3])
    }
}

/// 256 (square, occupancy) pairs from a fixed xorshift stream, about one
/// square in four occupied.
fn cases() -> Vec<(u8, u64)> {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..256).map(|_| ((next() % 64) as u8, next() & next())).collect()
}

fn bench(c: &mut Criterion) {
    let cases = cases();
    // Both answer the same before they race.
    for &(s, occ) in &cases {
        let sq = Square::<Board8x8>::new_unchecked(s);
        assert_eq!(slider::rook(sq, Bits([occ])).0[0], obstruction::rook(s, occ));
        assert_eq!(slider::bishop(sq, Bits([occ])).0[0], obstruction::bishop(s, occ));
    }
    let mut g = c.benchmark_group("8x8 queen, 256 squares and occupancies");
    g.bench_function("kindergarten (motley_core::slider)", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(s, occ) in black_box(&cases) {
                acc ^= slider::queen(Square::<Board8x8>::new_unchecked(s), Bits([occ])).0[0];
            }
            acc
        })
    });
    g.bench_function("obstruction difference", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(s, occ) in black_box(&cases) {
                acc ^= obstruction::queen(s, occ);
            }
            acc
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
