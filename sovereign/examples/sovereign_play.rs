//! Sovereign Chess through the crate's own API: parse a position string, list
//! the legal moves, play, read the outcome; then the four-player Royale.
//!
//! `cargo run -p motley-sovereign --example sovereign_play`

use motley_sovereign::{EndReason, Position, Royale, Seat, SeatResult, Sovereign};

/// Black's king p16 is walled in by its own pieces. Black controls red through
/// its bishop on the red square e12, so the red knight on n15 is Black's.
/// White's rook takes that link: red, and the knight, become White's, and the
/// knight gives mate.
const LINK_MATE: &str = "14brbk/13rnbbbp/16/16/4bb11/16/16/16/16/16/16/16/4wr11/16/16/wk15 1 w b - 0";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let start = Sovereign::start();
    println!("start: {} legal moves", start.legal_moves().len());

    let mut pos: Sovereign = LINK_MATE.parse()?;
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    println!("{LINK_MATE}\n{} legal moves: {}", moves.len(), moves.join(" "));

    let mv = pos.parse_move("e4e12")?;
    pos.play_unchecked(mv);
    println!("e4e12 -> {pos}  ({})", pos.status());

    let outcome = pos.outcome().ok_or("the game should be over")?;
    let winner = outcome.winner().ok_or("one side should have won")?;
    println!("result: {} wins ({})", pos.seat_name(winner), outcome.reason());
    assert_eq!(pos.end_reason(), Some(EndReason::Checkmate));
    assert_eq!(outcome.result(Seat(0)), SeatResult::Win);

    // Royale: four seats on the same board.
    let royale = Royale::start();
    let seats: Vec<&str> = (0..royale.seat_count()).map(|i| royale.seat_name(Seat(i as u8))).collect();
    println!("royale: seats {}, {} legal moves", seats.join(", "), royale.legal_moves().len());
    Ok(())
}

/// `cargo test` runs the example too (`test = true` in the manifest).
#[test]
fn example_runs() {
    main().expect("the example runs");
}
