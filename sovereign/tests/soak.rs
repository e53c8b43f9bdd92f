//! Soak test: seeded random games of Sovereign Chess (through
//! [`Game`](motley_sovereign::Game), so the automatic draws end them) and of
//! Royale, played to the end through the public API with every invariant of
//! `properties.rs` checked at every ply, and a report of games, plies, end
//! reasons and time. Every legal move is played at every ply; the costly
//! two-player check (the mover's king safety with control recomputed from a
//! fresh setup) covers every legal move in one game of [`FULL_EVERY`] and
//! [`SAMPLE`] seeded moves per ply in the others. The games are spread over
//! the machine's threads by the shared driver
//! ([`motley_core::testing::Soak`]); the seeds, and so the report, do not depend on
//! how many.
//!
//! The default suite plays a few games of each. The full run is opt-in:
//! `MOTLEY_SOAK=1 cargo test --release -p motley-sovereign --test soak -- --nocapture`
//! (100,000 Sovereign and 20,000 Royale games from seed 0;
//! `MOTLEY_SOAK_GAMES=<n>` plays `n` Sovereign and `n / 5` Royale games,
//! `MOTLEY_SOAK_FIRST=<seed>` starts at another seed).

mod invariants;

use motley_core::testing::{Soak, Unfinished, full_soak, no_note, outcome_reason};
use motley_sovereign::{Game, Royale};

/// One two-player game in this many gets the costly per-move checks (king
/// safety with control recomputed, token parse-back) for every legal move
/// at every ply; the others get them for [`SAMPLE`] moves per ply.
const FULL_EVERY: u64 = 100;
/// Legal moves per ply that get the costly checks in a sampled game.
const SAMPLE: usize = 2;

const SOVEREIGN: Soak<Game> = Soak {
    name: "sovereign",
    // The 75-move and fivefold rules end every two-player game well before this.
    max_plies: 100_000,
    unfinished: Unfinished::Violation,
    game: |seed, cap| invariants::random_game(seed, cap, (seed % FULL_EVERY != 0).then_some(SAMPLE)),
    plies: |g| u64::from(g.position().ply()),
    reason: |g| g.end_reason().map(|r| r.as_str()),
    note: |seeds| {
        let full = seeds.filter(|s| s % FULL_EVERY == 0).count();
        format!(" ({full} with every legal move's king safety re-checked, the rest {SAMPLE} moves per ply)")
    },
};

const ROYALE: Soak<Royale> = Soak {
    name: "royale",
    // Royale has no move limit: a game still running after this many plies
    // is counted as "cap" (not a rule's end, not a violation).
    max_plies: 3000,
    unfinished: Unfinished::Reason("cap"),
    game: invariants::random_royale,
    plies: |p| u64::from(p.to_setup().ply),
    reason: outcome_reason,
    note: no_note,
};

motley_core::soak_tests!(bounded_soak_sovereign, full_soak_sovereign: SOVEREIGN, 2);

#[test]
fn bounded_soak_royale() {
    ROYALE.check(1_000_000, 3);
}

#[test]
fn full_soak_royale() {
    if let Some((first, games)) = full_soak(100_000) {
        ROYALE.check(first, (games / 5).max(1));
    }
}
