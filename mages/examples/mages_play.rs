//! Mage's Chess through the crate's own API: parse a position string, list
//! the legal inputs, declare an engagement, resolve it, then finish the game
//! with seeded random play and read the outcome.
//!
//! `cargo run -p motley-mages --example mages_play`

use motley_mages::{DEFAULT_MODEL, Mages, Move, Position, Resolution, Rules};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut pos = Mages::from_fen("shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS g - - 0 0")?;
    let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    println!("start: {} legal inputs: {}", moves.len(), moves.join(" "));

    for token in ["c2c3", "b7b6", "c1c2!", "b6b5", "c2e4", "a7a6", "e4e7"] {
        let mv = pos.parse_move(token)?;
        pos.play_unchecked(mv);
    }
    // The Counselor engaged the pawn on e7: the outcome is chance.
    println!("{pos}  ({})", pos.status());
    for (mv, p) in pos.chance().ok_or("an engagement should be pending")? {
        println!("  {mv}: {:.1}%", p * 100.0);
    }
    pos.play_unchecked(Move::resolve(Resolution::Challenger));
    println!("challenger -> {pos}");
    // The Counselor took e7 and carries the halo of its heresy.
    assert_eq!(pos.to_string(), "shcrhs/2ppCp/p5/1p4/6/2P3/PP1PPP/SH1RHS b - e7 0 7");

    // Seeded random play to the end; the outcome model resolves engagements.
    let mut pos = Mages::from_setup(&pos.to_setup(), Rules { ply_limit: Some(300), ..Rules::default() })?;
    let mut rng = StdRng::seed_from_u64(7);
    while pos.play_random_with(&DEFAULT_MODEL, &mut rng).is_some() {}
    let outcome = pos.outcome().ok_or("the game should be over")?;
    match outcome.winner() {
        Some(seat) => println!("result: {} wins ({})", pos.seat_name(seat), outcome.reason()),
        None => println!("result: draw ({})", outcome.reason()),
    }
    Ok(())
}

/// `cargo test` runs the example too (`test = true` in the manifest).
#[test]
fn example_runs() {
    main().expect("the example runs");
}
