//! Soak test (issue 9): seeded random games of Mage's Chess played to the
//! end through the public API, every invariant of `properties.rs` checked at
//! every ply, and a report of games, plies, end reasons and time (the
//! driver is [`motley_core::testing::Soak`]).
//!
//! The default suite plays a few hundred games. The full run is opt-in:
//! `MOTLEY_SOAK=1 cargo test --release -p motley-mages --test soak -- --nocapture`
//! (100,000 games; `MOTLEY_SOAK_GAMES=<n>` changes the number).

#[path = "properties.rs"]
mod properties;

use motley_core::testing::{Soak, Unfinished};
use motley_mages::Mages;

const SOAK: Soak<Mages> = Soak {
    // Default rules have no ply limit: a game still running after
    // 5,000 inputs is counted as "cap" (not a rule's end, not a violation).
    max_plies: 5000,
    unfinished: Unfinished::Reason("cap"),
    game: properties::random_game,
    plies: |end| u64::from(end.ply()),
};

#[test]
fn bounded_soak() {
    SOAK.check(1_000_000, 300);
}

#[test]
fn full_soak() {
    SOAK.check_full(100_000);
}
