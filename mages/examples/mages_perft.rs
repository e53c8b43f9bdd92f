//! Release timing of perft: `cargo run --release -p motley-mages --example mages_perft -- [depth] [full] [fen]`.

use std::time::Instant;

use motley_mages::{Mages, PerftMode, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = args.first().and_then(|d| d.parse().ok()).unwrap_or(6);
    let mode = if args.get(1).is_some_and(|m| m == "full") { PerftMode::Full } else { PerftMode::Decision };
    let pos = match args.get(2) {
        Some(fen) => Mages::from_fen(fen).expect("valid position"),
        None => Mages::start(),
    };
    let t = Instant::now();
    let nodes = pos.perft(depth, mode);
    let secs = t.elapsed().as_secs_f64();
    println!(
        "perft {mode:?} {depth}: {nodes} nodes in {secs:.3} s = {:.1} M nodes/s",
        nodes as f64 / secs / 1e6
    );
}
