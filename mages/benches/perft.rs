//! Decision and full perft from the start position.
#![allow(missing_docs)] // criterion_group! generates an undocumented public function

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use motley_mages::{Mages, PerftMode, Position};

fn perft(c: &mut Criterion) {
    let start = Mages::start();
    let mut group = c.benchmark_group("mages");
    group.sample_size(10);
    for (name, depth, mode) in [
        ("decision_perft_5", 5, PerftMode::Decision),
        ("decision_perft_6", 6, PerftMode::Decision),
        ("decision_perft_7", 7, PerftMode::Decision),
        ("full_perft_5", 5, PerftMode::Full),
    ] {
        group.throughput(Throughput::Elements(start.perft(depth, mode)));
        group.bench_function(name, |b| b.iter(|| black_box(&start).perft(black_box(depth), mode)));
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
