//! Search speed on toy games (nodes per second through criterion's
//! throughput): a seeded random game with chance nodes and transpositions,
//! two and four seats.
#![allow(missing_docs)] // criterion_group! generates an undocumented public function

#[path = "../tests/search_toys/mod.rs"]
mod search_toys;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use motley_core::search::{Limits, SearchConfig, Searcher};
use search_toys::{Hashy, HashyRules};

fn game(seats: u8) -> Hashy {
    Hashy::new(HashyRules {
        seed: 42,
        seats,
        chance: true,
        extra: true,
        max_ply: 200,
        width: 1 << 16,
        branch: 8,
        end_one_in: 50,
        loss_aversion: 100,
    })
}

fn bench(c: &mut Criterion) {
    let config = SearchConfig { hash_mb: 4, ..SearchConfig::default() };
    let mut group = c.benchmark_group("search");
    for (name, seats, depth) in [("hashy 2 seats depth 5", 2, 5), ("hashy 4 seats depth 5", 4, 5)] {
        let pos = game(seats);
        let nodes = Searcher::<Hashy>::new(config).search(&pos, &Limits::depth(depth)).nodes;
        group.throughput(Throughput::Elements(nodes));
        let mut searcher = Searcher::<Hashy>::new(config);
        group.bench_function(name, |b| {
            b.iter(|| {
                searcher.clear();
                searcher.search(black_box(&pos), &Limits::depth(depth)).nodes
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
