//! Soak test: seeded random games of Joker's Chess played to the
//! end through the public API, every invariant of `invariants/mod.rs` checked at
//! every ply, and a report of games, plies, end reasons and time (the
//! driver is [`motley_core::testing::Soak`]).
//!
//! The default suite plays a few hundred games. The full run is opt-in:
//! `MOTLEY_SOAK=1 cargo test --release -p motley-joker --test soak -- --nocapture`
//! (100,000 games from seed 0; `MOTLEY_SOAK_GAMES=<n>` changes the number,
//! `MOTLEY_SOAK_FIRST=<seed>` the first seed).

mod invariants;

use motley_core::testing::{Soak, Unfinished, no_note, outcome_reason};
use motley_joker::Joker;

const SOAK: Soak<Joker> = Soak {
    name: "joker",
    // 200 plies end every game; a larger cap only reports a broken limit.
    max_plies: 1000,
    unfinished: Unfinished::Violation,
    game: invariants::random_game,
    plies: |end| u64::from(end.ply()),
    reason: outcome_reason,
    note: no_note,
};

motley_core::soak_tests!(bounded_soak, full_soak: SOAK, 300);
