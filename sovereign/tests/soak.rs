//! Soak test (issue 9): seeded random games of Sovereign Chess (through
//! [`Game`](motley_sovereign::Game), so the automatic draws end them) and of
//! Royale, played to the end through the public API with every invariant of
//! `properties.rs` checked at every ply, and a report of games, plies, end
//! reasons and time. Every legal move is played at every ply; the costly
//! two-player check (the mover's king safety with control recomputed from a
//! fresh setup) covers every legal move in one game of [`FULL_EVERY`] and
//! [`SAMPLE`] seeded moves per ply in the others. The games are spread over
//! the machine's threads; the seeds, and so the report, do not depend on
//! how many.
//!
//! The default suite plays a few games of each. The full run is opt-in:
//! `MOTLEY_SOAK=1 cargo test --release -p motley-sovereign --test soak -- --nocapture`
//! (100,000 Sovereign and 20,000 Royale games from seed 0;
//! `MOTLEY_SOAK_GAMES=<n>` plays `n` Sovereign and `n / 5` Royale games,
//! `MOTLEY_SOAK_FIRST=<seed>` starts at another seed).

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
/// One two-player game in this many gets the costly per-move checks (king
/// safety with control recomputed, token parse-back) for every legal move
/// at every ply; the others get them for [`SAMPLE`] moves per ply.
const FULL_EVERY: u64 = 100;
/// Legal moves per ply that get the costly checks in a sampled game.
const SAMPLE: usize = 2;

/// What one thread found.
#[derive(Default)]
struct Tally {
    plies: u64,
    full_games: u64,
    reasons: BTreeMap<&'static str, u64>,
    violations: Vec<String>,
    violation_count: u64,
}

/// Plays the games `seeds` of `variant`.
fn play(variant: &str, seeds: impl Iterator<Item = u64>) -> Tally {
    let mut t = Tally::default();
    for seed in seeds {
        let result = if variant == "royale" {
            properties::random_royale(seed, ROYALE_CAP)
                .map(|p| (p.outcome().map_or("cap", |o| o.reason()), p.setup().ply))
        } else {
            let full = seed % FULL_EVERY == 0;
            t.full_games += u64::from(full);
            let sample = if full { None } else { Some(SAMPLE) };
            properties::random_game(seed, SOVEREIGN_CAP, sample)
                .map(|g| (g.end_reason().map_or("unfinished", |r| r.as_str()), g.position().ply()))
        };
        let problem = match result {
            Ok((reason, n)) => {
                t.plies += u64::from(n);
                *t.reasons.entry(reason).or_default() += 1;
                (reason == "unfinished").then(|| format!("seed {seed}: not over after {SOVEREIGN_CAP} plies"))
            }
            Err(e) => Some(format!("seed {seed}: {e}")),
        };
        if let Some(p) = problem {
            t.violation_count += 1;
            if t.violations.len() < 10 {
                t.violations.push(p);
            }
        }
    }
    t
}

/// Plays `games` games of `variant` from seed `first_seed` on, spread over
/// the machine's threads; returns the report and the violations found (at
/// most the first 10 per thread are kept).
fn soak(variant: &str, first_seed: u64, games: u64) -> (String, Vec<String>) {
    let started = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get() as u64).min(games.max(1));
    // Threads take the next seed as they finish a game, so the costly
    // full-check games do not all land on one thread.
    let next = std::sync::atomic::AtomicU64::new(first_seed);
    let end = first_seed + games;
    let tallies: Vec<Tally> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let next = &next;
                let seeds = std::iter::from_fn(move || {
                    let seed = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    (seed < end).then_some(seed)
                });
                scope.spawn(move || play(variant, seeds))
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("soak thread panicked")).collect()
    });
    let mut all = Tally::default();
    for t in tallies {
        all.plies += t.plies;
        all.full_games += t.full_games;
        all.violation_count += t.violation_count;
        all.violations.extend(t.violations);
        for (r, n) in t.reasons {
            *all.reasons.entry(r).or_default() += n;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    let reasons: Vec<String> = all.reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
    let checks = if variant == "royale" {
        String::new()
    } else {
        format!(
            " ({} with every legal move's king safety re-checked, the rest {SAMPLE} moves per ply)",
            all.full_games
        )
    };
    let report = format!(
        "{variant} soak: {games} games{checks} (seeds {first_seed}..{}), {} plies, {:.1} plies/game, \
         end reasons: {}; {} invariant violations; {secs:.1} s on {threads} threads",
        first_seed + games,
        all.plies,
        all.plies as f64 / games.max(1) as f64,
        reasons.join(", "),
        all.violation_count,
    );
    (report, all.violations)
}

fn run(variant: &str, first_seed: u64, games: u64) {
    let (report, violations) = soak(variant, first_seed, games);
    println!("{report}");
    assert!(violations.is_empty(), "{report}\n{}", violations.join("\n"));
}

/// `(first seed, games)` of the full run, if `MOTLEY_SOAK` asks for it.
fn full_games() -> Option<(u64, u64)> {
    std::env::var_os("MOTLEY_SOAK")?;
    let var = |name: &str| std::env::var(name).ok().and_then(|g| g.parse().ok());
    Some((var("MOTLEY_SOAK_FIRST").unwrap_or(0), var("MOTLEY_SOAK_GAMES").unwrap_or(100_000)))
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
    if let Some((first, games)) = full_games() {
        run("sovereign", first, games);
    }
}

#[test]
fn full_soak_royale() {
    if let Some((first, games)) = full_games() {
        run("royale", first, (games / 5).max(1));
    }
}
