//! Test scaffolding shared by the variant crates' test suites, written once
//! over [`Position`]. Behind the `testing` feature (off by default); a
//! variant crate turns it on for its tests only, through its
//! `[dev-dependencies]`:
//!
//! ```toml
//! [dev-dependencies]
//! motley-core = { workspace = true, features = ["testing"] }
//! ```
//!
//! What it holds (each variant keeps its own rules checks in its own tests):
//! - composing positions in audits: [`position`], [`after`], [`play_tokens`],
//!   [`legal_tokens`];
//! - proptest helpers that feed arbitrary text to the parsers (a value or a
//!   typed error, never a panic; what parses prints back to itself):
//!   [`check_position_bytes`], [`check_move_bytes`], [`mutated`],
//!   [`check_seeded_game`];
//! - invariants every [`Position`] keeps: [`check_reparse`],
//!   [`check_move_counts`], [`check_token_parses_back`], checked along
//!   the seeded random games of [`random_walk`];
//! - deep runs: [`deep_runs`] reads `MOTLEY_DEEP`, the one switch to the
//!   longer variants of the suites (more positions, deeper perft);
//! - the soak driver: [`Soak`] plays seeded random games over the machine's
//!   threads and reports games, plies, end reasons, violations and time;
//!   [`Soak::check_full`] runs the opt-in full soak that [`full_soak`] reads
//!   from the `MOTLEY_SOAK`, `MOTLEY_SOAK_GAMES` and `MOTLEY_SOAK_FIRST`
//!   variables.
//!
//! The soak report reads
//! `<variant> soak: <n> games<note> (seeds <a>..<b>), <p> plies, <x> plies/game,
//! end reasons: <reason> <n>, …; <v> invariant violations; <s> s on <t> threads`.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use proptest::test_runner::TestCaseError;
use proptest::{prop_assert, prop_assert_eq};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::game::Position;

// ---- Deep runs --------------------------------------------------------------

/// Whether the suites run their deep variants (more positions, deeper
/// perft, more games): the environment variable `MOTLEY_DEEP` is set to
/// anything but the empty string or `0`, as in
/// `MOTLEY_DEEP=1 cargo test --release --workspace`. Every suite reads the
/// variable through this function, so one setting means the same in all.
#[must_use]
pub fn deep_runs() -> bool {
    std::env::var_os("MOTLEY_DEEP").is_some_and(|v| !v.is_empty() && v != "0")
}

// ---- Composing positions ----------------------------------------------------

/// Parses `fen` as a `P`.
///
/// # Panics
/// With the string and the error, if it does not parse.
#[must_use]
pub fn position<P: Position>(fen: &str) -> P {
    P::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Plays each token on `pos` after checking it is legal; returns the
/// position reached.
///
/// # Panics
/// With the position, the token and the error, if a token is not legal.
#[must_use]
pub fn play_tokens<P: Position>(mut pos: P, tokens: &[&str]) -> P {
    for m in tokens {
        let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{pos}: {m}: {e}"));
        pos.play_unchecked(mv);
    }
    pos
}

/// The position `fen` after `moves`.
///
/// # Panics
/// As [`position`] and [`play_tokens`].
#[must_use]
pub fn after<P: Position>(fen: &str, moves: &[&str]) -> P {
    play_tokens(position(fen), moves)
}

/// The tokens of every legal input of `pos`, sorted.
#[must_use]
pub fn legal_tokens<P: Position>(pos: &P) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    v.sort();
    v
}

// ---- Parsers under arbitrary input ------------------------------------------

/// `base` with the bytes from `cut` on (at most `len` of them) replaced by
/// `insert`; `cut` and `cut + len` are clamped to the end of `base`, which
/// must be ASCII.
#[must_use]
pub fn mutated(base: &str, cut: usize, len: usize, insert: &str) -> String {
    let cut = cut.min(base.len());
    let end = (cut + len).min(base.len());
    format!("{}{}{}", &base[..cut], insert, &base[end..])
}

/// Any byte string: the variant's setup parser `parse_setup` and
/// [`Position::from_fen`] (on the bytes read as lossy UTF-8) return a value
/// or a typed error; a setup prints to a string that parses to an equal
/// setup, and a position prints to a string that parses to an equal
/// position with the same hash that prints the same.
///
/// # Errors
/// The first property that fails.
pub fn check_position_bytes<P, S, E>(
    bytes: &[u8],
    parse_setup: fn(&[u8]) -> Result<S, E>,
) -> Result<(), TestCaseError>
where
    P: Position + PartialEq,
    S: fmt::Display + fmt::Debug + PartialEq,
{
    if let Ok(setup) = parse_setup(bytes) {
        let printed = setup.to_string();
        prop_assert_eq!(parse_setup(printed.as_bytes()).ok(), Some(setup));
    }
    let text = String::from_utf8_lossy(bytes);
    if let Ok(pos) = P::from_fen(&text) {
        let printed = pos.to_string();
        let again = P::from_fen(&printed);
        prop_assert!(again.is_ok(), "{printed:?} does not parse: {again:?}");
        let again = again.expect("checked above");
        prop_assert_eq!(&again, &pos);
        prop_assert_eq!(again.zobrist(), pos.zobrist());
        prop_assert_eq!(again.to_string(), printed);
    }
    Ok(())
}

/// Any byte string as a move: the variant's token reader `parse_move` returns
/// a value or a typed error, and a value prints to a token it reads back;
/// in each of `positions`, [`Position::parse_move`] (on the bytes read as
/// lossy UTF-8) gives a legal move that prints back to the token, or a typed
/// error.
///
/// # Errors
/// The first property that fails.
pub fn check_move_bytes<P, E>(
    bytes: &[u8],
    parse_move: fn(&[u8]) -> Result<P::Move, E>,
    positions: &[P],
) -> Result<(), TestCaseError>
where
    P: Position,
    E: fmt::Debug + PartialEq,
{
    if let Ok(mv) = parse_move(bytes) {
        prop_assert_eq!(parse_move(mv.to_string().as_bytes()), Ok(mv));
    }
    let token = String::from_utf8_lossy(bytes);
    for pos in positions {
        if let Ok(mv) = pos.parse_move(&token) {
            prop_assert!(pos.is_legal(mv));
            prop_assert_eq!(mv.to_string(), token.to_string());
        }
    }
    Ok(())
}

/// The result of one seeded game (a random-game driver's `Err` names the
/// broken invariant) as a proptest result naming the seed.
///
/// # Errors
/// `seed <seed>: <error>` when `game` is an error.
pub fn check_seeded_game<P>(seed: u64, game: Result<P, String>) -> Result<(), TestCaseError> {
    match game {
        Ok(_) => Ok(()),
        Err(e) => Err(TestCaseError::fail(format!("seed {seed}: {e}"))),
    }
}

// ---- Invariants of any position ---------------------------------------------

/// `pos` prints to a string that parses back to an equal position with the
/// same hash; returns that string, which the other checks quote.
///
/// # Errors
/// `<string>: own string does not parse: <error>` or
/// `<string>: reparsed position or its hash differs`.
pub fn check_reparse<P: Position + PartialEq>(pos: &P) -> Result<String, String> {
    let text = pos.to_string();
    let again = P::from_fen(&text).map_err(|e| format!("{text}: own string does not parse: {e}"))?;
    if again != *pos || again.zobrist() != pos.zobrist() {
        return Err(format!("{text}: reparsed position or its hash differs"));
    }
    Ok(text)
}

/// [`Position::perft`] to depth 1 and [`Position::count_legal`] of `pos`
/// (printed as `text`) both count its `legal` inputs.
///
/// # Errors
/// `<text>: perft(1) <n> or count_legal <n> != <legal> legal moves`.
pub fn check_move_counts<P: Position>(pos: &P, text: &str, legal: usize) -> Result<(), String> {
    let (perft, count) = (pos.perft(1, crate::PerftMode::Decision), pos.count_legal());
    if perft != legal as u64 || count != legal as u64 {
        return Err(format!("{text}: perft(1) {perft} or count_legal {count} != {legal} legal moves"));
    }
    Ok(())
}

/// The legal input `mv` of `pos` (printed as `text`) prints to a token that
/// [`Position::parse_move`] reads back to `mv`; returns the token.
///
/// # Errors
/// `<text>: legal <token> does not parse back`.
pub fn check_token_parses_back<P: Position>(pos: &P, text: &str, mv: P::Move) -> Result<String, String> {
    let token = mv.to_string();
    if !matches!(pos.parse_move(&token), Ok(m) if m == mv) {
        return Err(format!("{text}: legal {token} does not parse back"));
    }
    Ok(token)
}

/// Plays a game from `start` for at most `max_plies` inputs, each chosen
/// and played by `step` (given the legal inputs, never none, and the
/// generator seeded by `seed`), and checks every position reached with
/// `check`; stops early when no input is legal. Returns the last position.
///
/// # Errors
/// The first error of `check` or `step`.
pub fn random_walk<P: Position>(
    seed: u64,
    start: P,
    max_plies: u32,
    check: impl Fn(&P) -> Result<(), String>,
    mut step: impl FnMut(&mut P, &[P::Move], &mut StdRng) -> Result<(), String>,
) -> Result<P, String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = start;
    for _ in 0..max_plies {
        check(&pos)?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        step(&mut pos, &moves, &mut rng)?;
    }
    check(&pos)?;
    Ok(pos)
}

// ---- Soak ---------------------------------------------------------------------

/// What a [`Soak`] makes of a game still running after its ply cap.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unfinished {
    /// The rules end every game before the cap: the game is counted under
    /// the end reason `unfinished` and is an invariant violation
    /// (`seed <seed>: not over after <cap> plies`).
    Violation,
    /// The rules may run past the cap: the game is counted under this end
    /// reason and is not a violation.
    Reason(&'static str),
}

/// A soak test: seeded random games played to the end (or to a ply cap) by
/// a variant's own random-game driver, which checks its invariants at every
/// ply, spread over the machine's threads, and a one-line report of games,
/// plies, end reasons, violations and time.
///
/// `R` is what a game leaves: the final position, or a game record that
/// knows its end (Sovereign's `Game`, whose history draws the position
/// alone does not see).
#[derive(Clone, Copy, Debug)]
pub struct Soak<R> {
    /// The name the report starts with (the variant).
    pub name: &'static str,
    /// The ply cap handed to [`Soak::game`].
    pub max_plies: u32,
    /// What a game still running at the cap counts as.
    pub unfinished: Unfinished,
    /// Plays the game of a seed for at most the given number of plies,
    /// checking every position; returns what the game left or the first
    /// broken invariant.
    pub game: fn(u64, u32) -> Result<R, String>,
    /// The plies a finished game counts (its ply number).
    pub plies: fn(&R) -> u64,
    /// Why the game ended (`None`: it did not).
    pub reason: fn(&R) -> Option<&'static str>,
    /// A note the report adds after the game count, given the seeds played
    /// (say, how many games got a costlier check); empty for none.
    pub note: fn(core::ops::Range<u64>) -> String,
}

/// What the games of one thread found.
#[derive(Default)]
struct Tally {
    plies: u64,
    reasons: BTreeMap<&'static str, u64>,
    /// The first 10 violations of the thread, with their seeds.
    violations: Vec<(u64, String)>,
    violation_count: u64,
}

impl<R> Soak<R> {
    /// Plays the seeds `next` hands out.
    fn play(&self, mut next: impl FnMut() -> Option<u64>) -> Tally {
        let mut t = Tally::default();
        let cap = match self.unfinished {
            Unfinished::Violation => "unfinished",
            Unfinished::Reason(reason) => reason,
        };
        while let Some(seed) = next() {
            let problem = match (self.game)(seed, self.max_plies) {
                Ok(end) => {
                    t.plies += (self.plies)(&end);
                    let reason = (self.reason)(&end);
                    *t.reasons.entry(reason.unwrap_or(cap)).or_default() += 1;
                    (reason.is_none() && self.unfinished == Unfinished::Violation)
                        .then(|| format!("not over after {} plies", self.max_plies))
                }
                Err(e) => Some(e),
            };
            if let Some(p) = problem {
                t.violation_count += 1;
                if t.violations.len() < 10 {
                    t.violations.push((seed, p));
                }
            }
        }
        t
    }

    /// Plays `games` games from seed `first_seed` on, spread over the
    /// machine's threads (each takes the next seed as it finishes a game, so
    /// the games played and the report, but for the time, do not depend on
    /// the thread count); returns the report (see the [module](self)
    /// documentation, which counts every violation) and the first 10
    /// violations by seed, each `seed <seed>: <what broke>`.
    #[must_use]
    pub fn run(&self, first_seed: u64, games: u64) -> (String, Vec<String>) {
        let started = Instant::now();
        let end = first_seed + games;
        let threads =
            std::thread::available_parallelism().map_or(1, |n| n.get() as u64).clamp(1, games.max(1));
        let next = AtomicU64::new(first_seed);
        let take = || {
            let seed = next.fetch_add(1, Ordering::Relaxed);
            (seed < end).then_some(seed)
        };
        let tallies: Vec<Tally> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads).map(|_| scope.spawn(|| self.play(take))).collect();
            handles.into_iter().map(|h| h.join().expect("soak thread panicked")).collect()
        });
        let mut all = Tally::default();
        for t in tallies {
            all.plies += t.plies;
            all.violation_count += t.violation_count;
            all.violations.extend(t.violations);
            for (r, n) in t.reasons {
                *all.reasons.entry(r).or_default() += n;
            }
        }
        all.violations.sort_by_key(|v| v.0);
        all.violations.truncate(10);
        let secs = started.elapsed().as_secs_f64();
        let reasons: Vec<String> = all.reasons.iter().map(|(r, n)| format!("{r} {n}")).collect();
        let report = format!(
            "{} soak: {games} games{} (seeds {first_seed}..{end}), {} plies, {:.1} plies/game, \
             end reasons: {}; {} invariant violations; {secs:.1} s on {threads} threads",
            self.name,
            (self.note)(first_seed..end),
            all.plies,
            all.plies as f64 / games.max(1) as f64,
            reasons.join(", "),
            all.violation_count,
        );
        (report, all.violations.into_iter().map(|(seed, v)| format!("seed {seed}: {v}")).collect())
    }

    /// [`Soak::run`], then prints the report and asserts that no violation
    /// was found.
    ///
    /// # Panics
    /// With the report and the violations, if any was found.
    pub fn check(&self, first_seed: u64, games: u64) {
        let (report, violations) = self.run(first_seed, games);
        println!("{report}");
        assert!(violations.is_empty(), "{report}\n{}", violations.join("\n"));
    }

    /// The opt-in full soak: if [`full_soak`] asks for it, [`Soak::check`]
    /// on the games it names (`default_games` from seed 0 unless the
    /// variables say otherwise); else nothing.
    ///
    /// # Panics
    /// As [`Soak::check`].
    pub fn check_full(&self, default_games: u64) {
        if let Some((first, games)) = full_soak(default_games) {
            self.check(first, games);
        }
    }
}

/// Why a soak game ended, as its outcome's reason (`None` while it goes on):
/// the [`Soak::reason`] of a position whose outcome says it all.
#[must_use]
pub fn outcome_reason<P: Position>(end: &P) -> Option<&'static str> {
    end.outcome().map(|o| o.reason())
}

/// The two tests of a soak suite: `bounded` plays `games` games from seed
/// 1,000,000 in the default suite, `full` the opt-in full run
/// ([`Soak::check_full`], 100,000 games unless `MOTLEY_SOAK_GAMES` says).
///
/// ```ignore
/// motley_core::soak_tests!(bounded_soak, full_soak: SOAK, 300);
/// ```
#[macro_export]
macro_rules! soak_tests {
    ($bounded:ident, $full:ident: $soak:expr, $games:expr) => {
        #[test]
        fn $bounded() {
            $soak.check(1_000_000, $games);
        }

        #[test]
        fn $full() {
            $soak.check_full(100_000);
        }
    };
}

/// No note in a soak report.
#[must_use]
pub fn no_note(_seeds: core::ops::Range<u64>) -> String {
    String::new()
}

/// The first seed and the number of games of the opt-in full soak: `None`
/// unless `MOTLEY_SOAK` is set; then `MOTLEY_SOAK_FIRST` (else 0) and
/// `MOTLEY_SOAK_GAMES` (else `default`), each if it is a number.
#[must_use]
pub fn full_soak(default: u64) -> Option<(u64, u64)> {
    std::env::var_os("MOTLEY_SOAK")?;
    let var = |name: &str| std::env::var(name).ok().and_then(|g| g.parse().ok());
    Some((var("MOTLEY_SOAK_FIRST").unwrap_or(0), var("MOTLEY_SOAK_GAMES").unwrap_or(default)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of seed `s` "ends" after `s % 7` plies with reason `odd` or
    /// `even`, does not end for a multiple of 5, and breaks for a multiple
    /// of 11.
    const TOY: Soak<u64> = Soak {
        name: "toy",
        max_plies: 100,
        unfinished: Unfinished::Violation,
        game: |seed, _| if seed % 11 == 0 { Err("broken".to_owned()) } else { Ok(seed) },
        plies: |&s| s % 7,
        reason: |&s| match s {
            s if s % 5 == 0 => None,
            s if s % 2 == 1 => Some("odd"),
            _ => Some("even"),
        },
        note: |seeds| format!(" [{}]", seeds.count()),
    };

    #[test]
    fn soak_tallies_every_seed_once_and_keeps_the_first_ten_violations() {
        let (report, violations) = TOY.run(1, 100);
        let plies: u64 = (1..101).filter(|s| s % 11 != 0).map(|s| s % 7).sum();
        let broken = (1..101).filter(|s| s % 11 == 0).count();
        let open = (1..101).filter(|s| s % 11 != 0 && s % 5 == 0).count();
        let odd = (1..101).filter(|s| s % 11 != 0 && s % 5 != 0 && s % 2 == 1).count();
        let even = 100 - broken - open - odd;
        assert!(
            report.starts_with(&format!(
                "toy soak: 100 games [100] (seeds 1..101), {plies} plies, {:.1} plies/game, \
                 end reasons: even {even}, odd {odd}, unfinished {open}; {} invariant violations;",
                plies as f64 / 100.0,
                broken + open,
            )),
            "{report}"
        );
        // The first ten by seed, whatever thread found them.
        let mut expected: Vec<String> = (1..101)
            .filter_map(|s| match s {
                s if s % 11 == 0 => Some(format!("seed {s}: broken")),
                s if s % 5 == 0 => Some(format!("seed {s}: not over after 100 plies")),
                _ => None,
            })
            .collect();
        expected.truncate(10);
        assert_eq!(violations, expected);
    }

    #[test]
    fn a_capped_reason_is_no_violation() {
        let soak = Soak { unfinished: Unfinished::Reason("cap"), game: |s, _| Ok(s * 5), ..TOY };
        let (report, violations) = soak.run(0, 10);
        assert!(report.contains("end reasons: cap 10; 0 invariant violations"), "{report}");
        assert!(violations.is_empty());
    }
}
