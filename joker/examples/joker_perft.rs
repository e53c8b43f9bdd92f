//! Times perft from a position: `cargo run --release -p motley-joker --example joker_perft -- DEPTH [FEN]`.

use std::time::Instant;

use motley_joker::{Joker, PerftMode, Position, START_FEN};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().map_or(Ok(5), |d| d.parse())?;
    let fen = args.collect::<Vec<_>>().join(" ");
    let fen = if fen.is_empty() { START_FEN.to_owned() } else { fen };
    let pos: Joker = fen.parse()?;
    for d in 1..=depth {
        let t = Instant::now();
        let nodes = pos.perft(d, PerftMode::Decision);
        let secs = t.elapsed().as_secs_f64();
        println!("perft {d}: {nodes} nodes in {secs:.3} s ({:.1} M nodes/s)", nodes as f64 / secs / 1e6);
    }
    Ok(())
}
