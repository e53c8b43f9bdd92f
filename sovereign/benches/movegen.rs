//! Legal-move generation (list and count) from the start and from a busy middle game.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use motley_core::Position;
use motley_sovereign::Sovereign;

const FIGURE4: &str = "aqabvrvnbrbn2bkbbbnbrynyrsbsq/aranvpvp1bpbp1bpbpbpbpypyp1sr/nbnp12opob/nqnp11snopoq/crcp2bp2bp6rprr/cncp8rp4rn/gbgp12pppb/gqgp5bb2pp4pq/yqyp8vq5/ybyp12vpvb/onop6wp3bq1npnn/orop2wp7np2nr/rqrp12cpcq/rbrp12cpcb/sr1pppp1wpwpwp1wp1wp1gpanar/sqsbprpnwrwnwbwqwk1wngp2abaq 1 w b - 0";

fn movegen(c: &mut Criterion) {
    let start = Sovereign::start();
    let mid: Sovereign = FIGURE4.parse().unwrap();
    let mut g = c.benchmark_group("sovereign");
    g.bench_function("legal_moves_start", |b| b.iter(|| black_box(&start).legal_moves()));
    g.bench_function("legal_moves_figure4", |b| b.iter(|| black_box(&mid).legal_moves()));
    g.bench_function("count_legal_figure4", |b| b.iter(|| black_box(&mid).count_legal()));
    g.finish();
}

#[allow(missing_docs)] // reason: criterion_group! generates an undocumented function
mod group {
    use super::*;
    criterion_group!(benches, movegen);
}

criterion_main!(group::benches);
