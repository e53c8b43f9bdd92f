//! Soak test (issue 9): seeded random games of Sovereign Chess (through
//! [`Game`](motley_sovereign::Game), so the automatic draws end them) and of
//! Royale, played to the end through the public API with every invariant of
//! `properties.rs` checked at every ply (for Sovereign: the king safety of
//! every legal move), and a report of games, plies, end reasons and time.
//!
//! The default suite plays a few games of each. The full run is opt-in:
//! `MOTLEY_SOAK=1 cargo test --release -p motley-sovereign --test soak -- --nocapture`
//! (100,000 Sovereign and 20,000 Royale games; `MOTLEY_SOAK_GAMES=<n>` plays
//! `n` Sovereign and `n / 5` Royale games).

#[path = "properties.rs"]
mod properties;

use std::collections::BTreeMap;
use std::time::Instant;

use motley_core::Position;

/// Royale has no move limit: a game still running after this many plies is
/// counted as "cap" (not a rule's end, not a violation).
const ROYALE_CAP: u32 = 3000;
/// The 75-move and fivefold rules end every two-player game well before this.
const SOVEREIGN_CAP: u32 = 100_000;

/// Plays `games` games of `variant` from seed `first_seed` on; returns the
/// report and the violations found (at most the first 10 are kept).
fn soak(variant: &str, first_seed: u64, games: u64) -> (String, Vec<String>) {
    let started = Instant::now();
    let mut plies = 0u64;
    let mut reasons: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut violations = Vec::new();
    let mut violation_count = 0u64;
    for seed in first_seed..first_seed + games {
        let result = if variant == "royale" {
            properties::random_royale(seed, ROYALE_CAP)
                .map(|p| (p.outcome().map_or("cap", |o| o.reason()), p.setup().ply))
        } else {
            properties::random_game(seed, SOVEREIGN_CAP, true)
                .map(|g| (g.end_reason().map_or("unfinished", |r| r.as_str()), g.position().ply()))
        };
        match result {
            Ok((reason, n)) => {
                plies += u64::from(n);
                *reasons.entry(reason).or_default() += 1;
                if reason == "unfinished" {
                    violation_count += 1;
                    violations.push(format!("seed {seed}: not over after {SOVEREIGN_CAP} plies"));
                }
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
        "{variant} soak: {games} games (seeds {first_seed}..{}), {plies} plies, {:.1} plies/game, \
         end reasons: {}; {violation_count} invariant violations; {secs:.1} s",
        first_seed + games,
        plies as f64 / games.max(1) as f64,
        reasons.join(", "),
    );
    (report, violations)
}

fn run(variant: &str, first_seed: u64, games: u64) {
    let (report, violations) = soak(variant, first_seed, games);
    println!("{report}");
    assert!(violations.is_empty(), "{report}\n{}", violations.join("\n"));
}

fn full_games() -> Option<u64> {
    std::env::var_os("MOTLEY_SOAK")?;
    Some(std::env::var("MOTLEY_SOAK_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(100_000))
}

#[test]
fn bounded_soak_sovereign() {
    run("sovereign", 1_000_000, 2);
}

#[test]
fn bounded_soak_royale() {
    run("royale", 1_000_000, 3);
}

#[test]
fn full_soak_sovereign() {
    if let Some(games) = full_games() {
        run("sovereign", 0, games);
    }
}

#[test]
fn full_soak_royale() {
    if let Some(games) = full_games() {
        run("royale", 0, (games / 5).max(1));
    }
}
