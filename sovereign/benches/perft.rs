//! Perft from the start and from a busy middle game (Figure 4).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use motley_core::{PerftMode, Position};
use motley_sovereign::Sovereign;

const FIGURE4: &str = "aqabvrvnbrbn2bkbbbnbrynyrsbsq/aranvpvp1bpbp1bpbpbpbpypyp1sr/nbnp12opob/nqnp11snopoq/crcp2bp2bp6rprr/cncp8rp4rn/gbgp12pppb/gqgp5bb2pp4pq/yqyp8vq5/ybyp12vpvb/onop6wp3bq1npnn/orop2wp7np2nr/rqrp12cpcq/rbrp12cpcb/sr1pppp1wpwpwp1wp1wp1gpanar/sqsbprpnwrwnwbwqwk1wngp2abaq 1 w b - 0";

fn perft(c: &mut Criterion) {
    let start = Sovereign::start();
    let mid: Sovereign = FIGURE4.parse().unwrap();
    let mut g = c.benchmark_group("sovereign");
    g.sample_size(10);
    g.bench_function("perft3_start", |b| b.iter(|| black_box(&start).perft(3, PerftMode::Decision)));
    g.bench_function("perft4_start", |b| b.iter(|| black_box(&start).perft(4, PerftMode::Decision)));
    g.bench_function("perft2_figure4", |b| b.iter(|| black_box(&mid).perft(2, PerftMode::Decision)));
    let royale = motley_sovereign::Royale::start();
    g.bench_function("royale_perft3_start", |b| b.iter(|| black_box(&royale).perft(3, PerftMode::Decision)));
    g.finish();
}

#[allow(missing_docs)] // reason: criterion_group! generates an undocumented function
mod group {
    use super::*;
    criterion_group!(benches, perft);
}

criterion_main!(group::benches);
