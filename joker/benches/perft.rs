//! Perft speed: from the start and from a drop-rich middle game.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_main};
use motley_joker::{Joker, PerftMode, Position};

const MIDDLEGAME: &str =
    "r1bkk2r/ppp2ppp/2n5/3pp3/1b1PP3/2N2N2/PPP2PPP/R1BQQB1R[PNBpnb] w kq - 0 10 PPPNppppppnnb";

fn perft(c: &mut Criterion) {
    let start = Joker::start();
    let middle: Joker = MIDDLEGAME.parse().expect("valid");
    let mut group = c.benchmark_group("joker");
    group.sample_size(10);
    for (name, pos, depth) in
        [("start/perft4", start, 4), ("start/perft5", start, 5), ("middlegame/perft3", middle, 3)]
    {
        group.throughput(Throughput::Elements(pos.perft(depth, PerftMode::Decision)));
        group.bench_function(name, |b| {
            b.iter(|| black_box(&pos).perft(black_box(depth), PerftMode::Decision))
        });
    }
    group.finish();
    let mut group = c.benchmark_group("joker-moves");
    group.throughput(Throughput::Elements(1));
    group.bench_function("start/legal_moves", |b| b.iter(|| black_box(&start).legal_moves()));
    group.bench_function("middlegame/legal_moves", |b| b.iter(|| black_box(&middle).legal_moves()));
    group.bench_function("middlegame/count_legal", |b| b.iter(|| black_box(&middle).count_legal()));
    group.bench_function("middlegame/play", |b| {
        let moves = middle.legal_moves();
        b.iter(|| moves.iter().map(|&m| black_box(&middle).played(m).ply()).sum::<u16>());
    });
    group.finish();
}

#[allow(missing_docs, reason = "criterion_group! generates an undocumented function")]
mod group {
    criterion::criterion_group!(benches, super::perft);
}
criterion_main!(group::benches);
