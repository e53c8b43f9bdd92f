//! Soak test (issue 9): seeded random games of Mage's Chess played to the
//! end through the public API, every invariant of `properties.rs` checked at
//! every ply, and a report of games, plies, end reasons and time.
//!
//! The default suite plays a few hundred games. The full run is opt-in:
//! `MOTLEY_SOAK=1 cargo test --release -p motley-mages --test soak -- --nocapture`
//! (100,000 games; `MOTLEY_SOAK_GAMES=<n>` changes the number).

#[path = "properties.rs"]
mod properties;

use std::collections::BTreeMap;
use std::time::Instant;

use motley_core::Position;

/// Plays `games` games from seed `first_seed` on; returns the report and
/// the violations found (at most the first 10 are kept).
fn soak(first_seed: u64, games: u64) -> (String, Vec<String>) {
    let started = Instant::now();
    let mut plies = 0u64;
    let mut reasons: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut violations = Vec::new();
    let mut violation_count = 0u64;
    for seed in first_seed..first_seed + games {
        // Default rules have no ply limit: a game still running after
        // 5,000 inputs is counted as "cap" (not a rule's end, not a violation).
        match properties::random_game(seed, 5000) {
            Ok(end) => {
                plies += u64::from(end.ply());
                let reason = end.outcome().map_or("cap", |o| o.reason());
                *reasons.entry(reason).or_default() += 1;
            }
            Err(e) => {
                violation_count += 1;
                if violations.len() < 10 {
                    violations.push(format!("seed {seed}: {e}"));
                }
            }
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let reasons: Vec<String> = reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
    let report = format!(
        "mages soak: {games} games (seeds {first_seed}..{}), {plies} plies, {:.1} plies/game, \
         end reasons: {}; {violation_count} invariant violations; {secs:.1} s",
        first_seed + games,
        plies as f64 / games.max(1) as f64,
        reasons.join(", "),
    );
    (report, violations)
}

#[test]
fn bounded_soak() {
    let (report, violations) = soak(1_000_000, 300);
    println!("{report}");
    assert!(violations.is_empty(), "{report}\n{}", violations.join("\n"));
}

#[test]
fn full_soak() {
    if std::env::var_os("MOTLEY_SOAK").is_none() {
        return;
    }
    let games = std::env::var("MOTLEY_SOAK_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(100_000);
    let (report, violations) = soak(0, games);
    println!("{report}");
    assert!(violations.is_empty(), "{report}\n{}", violations.join("\n"));
}
