//! Release perft timing:
//! `cargo run --release -p motley-sovereign --example sovereign_perft -- [depth] [fen]`.
//!
//! Prints nodes per second by wall clock and, on Linux, by the CPU time the
//! thread actually got (`/proc/thread-self/schedstat`), which is the fairer
//! figure on a shared machine.

use std::time::Instant;

use motley_core::{PerftMode, Position};
use motley_sovereign::Sovereign;

/// Nanoseconds this thread has run on a CPU, if the kernel reports it.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(4);
    let pos: Sovereign = match args.next() {
        Some(fen) => fen.parse().expect("valid position"),
        None => Sovereign::start(),
    };
    for d in 1..=depth {
        let (t, c) = (Instant::now(), cpu_ns());
        let n = pos.perft(d, PerftMode::Decision);
        let wall = t.elapsed().as_secs_f64();
        let cpu = c.zip(cpu_ns()).map(|(a, b)| (b - a) as f64 / 1e9);
        print!("perft {d}: {n} nodes, wall {wall:.3} s ({:.2} M nodes/s)", n as f64 / wall / 1e6);
        if let Some(cpu) = cpu.filter(|&c| c > 0.0) {
            print!(", cpu {cpu:.3} s ({:.2} M nodes/s)", n as f64 / cpu / 1e6);
        }
        println!();
    }
}
