//! The single-word slider contest: obstruction difference (the one in
//! `motley_core::slider`, from Mage's Chess) against kindergarten line lookups
//! (the one Joker's Chess used), on 8x8, over the same squares and
//! occupancies. Run with `cargo bench -p motley-core --bench sliders`.
#![allow(missing_docs)] // criterion_group! generates an undocumented public function

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use motley_core::{Bits, Board8x8, Square, slider};

/// Kindergarten lookups for 8x8, kept here only as the benchmark's rival: the
/// six inner squares of a line are gathered into 6 bits by a shift or one
/// multiplication, and a table gives the reach along the line.
mod kindergarten {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    const ANTI_DIAGONAL: u64 = 0x0102_0408_1020_4080;

    const FIRST_RANK: [[u8; 64]; 8] = {
        let mut t = [[0u8; 64]; 8];
        let mut f = 0;
        while f < 8 {
            let mut inner = 0;
            while inner < 64 {
                let occ = (inner << 1) as u8;
                let mut reach = 0u8;
                let mut x = f as i32 + 1;
                while x < 8 {
                    reach |= 1 << x;
                    if occ & (1 << x) != 0 {
                        break;
                    }
                    x += 1;
                }
                let mut x = f as i32 - 1;
                while x >= 0 {
                    reach |= 1 << x;
                    if occ & (1 << x) != 0 {
                        break;
                    }
                    x -= 1;
                }
                t[f][inner] = reach;
                inner += 1;
            }
            f += 1;
        }
        t
    };

    const FILLED: [[u64; 64]; 8] = {
        let mut t = [[0u64; 64]; 8];
        let mut f = 0;
        while f < 8 {
            let mut i = 0;
            while i < 64 {
                t[f][i] = (FIRST_RANK[f][i] as u64).wrapping_mul(FILE_A);
                i += 1;
            }
            f += 1;
        }
        t
    };

    const A_FILE: [[u64; 64]; 8] = {
        let mut t = [[0u64; 64]; 8];
        let mut r = 0;
        while r < 8 {
            let mut i = 0;
            while i < 64 {
                let line = FIRST_RANK[r][i];
                let mut set = 0u64;
                let mut k = 0;
                while k < 8 {
                    if line & (1 << k) != 0 {
                        set |= 1 << (8 * k);
                    }
                    k += 1;
                }
                t[r][i] = set;
                i += 1;
            }
            r += 1;
        }
        t
    };

    const DIAGONALS: [[u64; 2]; 64] = {
        let mut t = [[0u64; 2]; 64];
        let mut sq = 0;
        while sq < 64 {
            let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
            let mut other = 0;
            while other < 64 {
                let (g, s) = ((other % 8) as i32, (other / 8) as i32);
                if other != sq && g - f == s - r {
                    t[sq][0] |= 1 << other;
                }
                if other != sq && g - f == r - s {
                    t[sq][1] |= 1 << other;
                }
                other += 1;
            }
            sq += 1;
        }
        t
    };

    #[inline(always)]
    fn diagonal(sq: u32, occ: u64, mask: u64) -> u64 {
        let inner = ((occ & mask).wrapping_mul(FILE_A) >> 57) & 63;
        FILLED[(sq & 7) as usize][inner as usize] & mask
    }

    #[inline]
    pub fn rook(sq: u32, occ: u64) -> u64 {
        let file = sq & 7;
        let rank_shift = sq & 56;
        let rank_inner = (occ >> (rank_shift + 1)) & 63;
        let rank = u64::from(FIRST_RANK[file as usize][rank_inner as usize]) << rank_shift;
        let file_inner = (((occ >> file) & FILE_A).wrapping_mul(ANTI_DIAGONAL) >> 57) & 63;
        rank | A_FILE[(sq >> 3) as usize][file_inner as usize] << file
    }

    #[inline]
    pub fn bishop(sq: u32, occ: u64) -> u64 {
        let d = &DIAGONALS[sq as usize & 63];
        diagonal(sq, occ, d[0]) | diagonal(sq, occ, d[1])
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
        assert_eq!(slider::rook(sq, Bits([occ])).0[0], kindergarten::rook(u32::from(s), occ));
        assert_eq!(slider::bishop(sq, Bits([occ])).0[0], kindergarten::bishop(u32::from(s), occ));
    }
    let mut g = c.benchmark_group("8x8 queen, 256 squares and occupancies");
    g.bench_function("obstruction difference", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(s, occ) in black_box(&cases) {
                acc ^= slider::queen(Square::<Board8x8>::new_unchecked(s), Bits([occ])).0[0];
            }
            acc
        })
    });
    g.bench_function("kindergarten", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(s, occ) in black_box(&cases) {
                acc ^= kindergarten::rook(u32::from(s), occ) | kindergarten::bishop(u32::from(s), occ);
            }
            acc
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
