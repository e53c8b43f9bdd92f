//! Joker's Chess through the crate's own API: parse a position string, list
//! the legal moves, play, read the outcome.
//!
//! `cargo run -p motley-joker --example joker_play`

use motley_joker::{Color, EndReason, Joker, Position, START_FEN};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The start position: 20 legal moves, as in chess.
    let start: Joker = START_FEN.parse()?;
    let moves: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    println!("start: {} legal moves: {}", moves.len(), moves.join(" "));

    // White's queen against Black's two kings: White wins by taking both.
    let mut pos: Joker = "3kk3/8/8/8/8/8/8/3Q4[] w - - 0 20 -".parse()?;
    for token in ["d1d8", "e8e7", "d8e7"] {
        let mv = pos.parse_move(token)?;
        pos.play(mv)?;
        println!("{token:>5} -> {pos}  ({})", pos.status());
    }

    let outcome = pos.outcome().ok_or("the game should be over")?;
    let winner = outcome.winner().ok_or("one side should have won")?;
    println!("result: {} wins ({})", pos.seat_name(winner), outcome.reason());
    assert_eq!(pos.end_reason(), Some(EndReason::KingsCaptured));
    assert_eq!(pos.winner(), Some(Color::White));
    Ok(())
}

/// `cargo test` runs the example too (`test = true` in the manifest).
#[test]
fn example_runs() {
    main().expect("the example runs");
}
