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
//!   [`check_token_parses_back`];
//! - the soak driver: [`Soak`] plays seeded random games and reports games,
//!   plies, end reasons, violations and time; [`Soak::check_full`] runs the
//!   opt-in full soak that [`full_soak_games`] reads from the `MOTLEY_SOAK`
//!   and `MOTLEY_SOAK_GAMES` variables.
//!
//! The soak report reads
//! `<variant> soak: <n> games (seeds <a>..<b>), <p> plies, <x> plies/game,
//! end reasons: <reason> <n>, …; <v> invariant violations; <s> s`.

use std::collections::BTreeMap;
use std::fmt;
use std::time::Instant;

use proptest::test_runner::TestCaseError;
use proptest::{prop_assert, prop_assert_eq};

use crate::game::Position;

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

/// A soak test of `P`: seeded random games played to the end (or to a ply
/// cap) by a variant's own random-game driver, which checks its invariants
/// at every ply, and a one-line report of games, plies, end reasons,
/// violations and time.
#[derive(Clone, Copy, Debug)]
pub struct Soak<P> {
    /// The ply cap handed to [`Soak::game`].
    pub max_plies: u32,
    /// What a game still running at the cap counts as.
    pub unfinished: Unfinished,
    /// Plays the game of a seed for at most the given number of plies,
    /// checking every position; returns the final position or the first
    /// broken invariant.
    pub game: fn(u64, u32) -> Result<P, String>,
    /// The plies a final position counts (its ply number).
    pub plies: fn(&P) -> u64,
}

impl<P: Position> Soak<P> {
    /// Plays `games` games from seed `first_seed` on; returns the report
    /// (see the [module](self) documentation, which counts every violation)
    /// and the first 10 violations found. The end reason of a finished game is its
    /// [`Outcome::reason`](crate::Outcome::reason).
    #[must_use]
    pub fn run(&self, first_seed: u64, games: u64) -> (String, Vec<String>) {
        let started = Instant::now();
        let mut plies = 0u64;
        let mut reasons: BTreeMap<&'static str, u64> = BTreeMap::new();
        let mut violations = Vec::new();
        let mut violation_count = 0u64;
        for seed in first_seed..first_seed + games {
            match (self.game)(seed, self.max_plies) {
                Ok(end) => {
                    plies += (self.plies)(&end);
                    let cap = match self.unfinished {
                        Unfinished::Violation => "unfinished",
                        Unfinished::Reason(reason) => reason,
                    };
                    let reason = end.outcome().map_or(cap, |o| o.reason());
                    *reasons.entry(reason).or_default() += 1;
                    if self.unfinished == Unfinished::Violation && reason == "unfinished" {
                        violation_count += 1;
                        if violations.len() < 10 {
                            violations.push(format!("seed {seed}: not over after {} plies", self.max_plies));
                        }
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
            "{} soak: {games} games (seeds {first_seed}..{}), {plies} plies, {:.1} plies/game, \
             end reasons: {}; {violation_count} invariant violations; {secs:.1} s",
            P::VARIANT,
            first_seed + games,
            plies as f64 / games.max(1) as f64,
            reasons.join(", "),
        );
        (report, violations)
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

    /// The opt-in full soak: if [`full_soak_games`] asks for it, [`Soak::check`]
    /// on that many games from seed 0 (`default_games` unless
    /// `MOTLEY_SOAK_GAMES` says otherwise); else nothing.
    ///
    /// # Panics
    /// As [`Soak::check`].
    pub fn check_full(&self, default_games: u64) {
        if let Some(games) = full_soak_games(default_games) {
            self.check(0, games);
        }
    }
}

/// The number of games of the opt-in full soak: `None` unless `MOTLEY_SOAK`
/// is set; then `MOTLEY_SOAK_GAMES` if it is set to a number, else
/// `default`.
#[must_use]
pub fn full_soak_games(default: u64) -> Option<u64> {
    std::env::var_os("MOTLEY_SOAK")?;
    Some(std::env::var("MOTLEY_SOAK_GAMES").ok().and_then(|g| g.parse().ok()).unwrap_or(default))
}
