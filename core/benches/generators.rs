//! Generator benches: range-limited sliders and leapers on 8x8 and 16x16.
#![allow(missing_docs)] // criterion_group! generates an undocumented public function

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use motley_core::attacks::{self, UNLIMITED};
use motley_core::{Bits, Board8x8, Board16x16, SetGeometry, Square};

fn occupancies<G: SetGeometry<W>, const W: usize>(n: usize) -> Vec<Bits<W>> {
    // A fixed xorshift stream: about one square in four occupied.
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    (0..n)
        .map(|_| {
            Square::<G>::all()
                .filter(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x.is_multiple_of(4)
                })
                .map(|s| s.bit())
                .collect()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let occ16 = occupancies::<Board16x16, 4>(64);
    let occ8 = occupancies::<Board8x8, 1>(64);
    c.bench_function("16x16/queen range 8, all squares", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for (i, &occ) in occ16.iter().enumerate() {
                let sq = Square::<Board16x16>::new((i * 37 % 256) as u8).unwrap();
                acc += attacks::queen(black_box(sq), black_box(occ), 8).count();
            }
            acc
        })
    });
    c.bench_function("16x16/knight table", |b| {
        b.iter(|| Square::<Board16x16>::all().map(|s| Board16x16::knight(black_box(s)).count()).sum::<u32>())
    });
    c.bench_function("8x8/queen unlimited", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for (i, &occ) in occ8.iter().enumerate() {
                let sq = Square::<Board8x8>::new((i % 64) as u8).unwrap();
                acc += attacks::queen(black_box(sq), black_box(occ), UNLIMITED).count();
            }
            acc
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
