//! The board geometry and attack tables of `motley-core`: parse squares, build
//! a square set, ask for a slider's reach and draw it.
//!
//! `cargo run -p motley-core --example attacks -- [SQUARE] [BLOCKER ...]`
//! (defaults: a rook on d4 of an 8x8 board, blocked on d6 and f4).

use motley_core::{Bits, Board8x8, Board16x16, Square, attacks};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let from: Square<Board8x8> = args.next().as_deref().unwrap_or("d4").parse()?;
    let mut blockers: Vec<String> = args.collect();
    if blockers.is_empty() {
        blockers = vec!["d6".into(), "f4".into()];
    }
    let occupied: Bits<1> = blockers
        .iter()
        .map(|s| s.parse::<Square<Board8x8>>().map(|sq| sq.bit()))
        .collect::<Result<_, _>>()?;

    let rook = attacks::rook(from, occupied, attacks::UNLIMITED);
    println!("rook on {from}, blockers {}: {} squares", blockers.join(" "), rook.count());
    print!("{}", rook.diagram::<Board8x8>());

    // Sovereign Chess limits sliders to 8 squares on its 16x16 board.
    let a1: Square<Board16x16> = "a1".parse()?;
    let limited = attacks::queen(a1, Bits::EMPTY, 8);
    assert_eq!(limited.count(), 24, "8 squares along the rank, the file and the diagonal");
    println!("queen on a1 of 16x16, range 8: {} squares", limited.count());
    print!("{}", limited.diagram::<Board16x16>());
    Ok(())
}
