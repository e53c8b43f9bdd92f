//! No input makes the tool panic: mutated position strings (every byte of each
//! start position replaced or deleted), random legal games replayed through
//! `--moves`, and garbage move tokens all end in output or a one-line error.
//! Runs in-process through [`motley_cli::run`] to stay fast.

use std::panic::{AssertUnwindSafe, catch_unwind};

use motley_cli::variant::VariantTask;
use motley_cli::{Outcome, Terminal, Variant};
use motley_core::search::Reading;
use motley_core::{BoardView, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Runs the tool; panics (failing the test) if it panicked, and checks that
/// an error is a bad-input error with one line.
fn run_checked(args: &[&str]) -> Result<String, String> {
    let argv: Vec<&str> = std::iter::once("motley").chain(args.iter().copied()).collect();
    let outcome = catch_unwind(AssertUnwindSafe(|| motley_cli::run(argv.clone(), Terminal::default())))
        .unwrap_or_else(|_| panic!("motley panicked on {argv:?}"));
    match outcome {
        Outcome::Success(out) => Ok(out),
        Outcome::Failure(e) => {
            assert_eq!(e.exit_code(), 2, "{argv:?}: {e}");
            let line = e.to_string();
            assert!(line.starts_with("error: ") && !line.contains('\n'), "{argv:?}: {line}");
            Err(line)
        }
    }
}

const REPLACEMENTS: [&str; 12] = ["", "x", "1", "9", "0", " ", "/", "-", "K", "k", "[", "@"];

fn mutated_fens<P: Position>() -> (usize, usize) {
    let fen = P::start().fen();
    let (mut accepted, mut rejected) = (0, 0);
    for (i, c) in fen.char_indices() {
        for rep in REPLACEMENTS {
            let bad = format!("{}{rep}{}", &fen[..i], &fen[i + c.len_utf8()..]);
            match run_checked(&["show", P::VARIANT, "--fen", &bad, "--json"]) {
                Ok(out) => {
                    // An accepted position string prints one that reads back the same.
                    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
                    let printed = doc["fen"].as_str().unwrap().to_owned();
                    let again = run_checked(&["show", P::VARIANT, "--fen", &printed, "--json"]).unwrap();
                    let again: serde_json::Value = serde_json::from_str(&again).unwrap();
                    assert_eq!(again["fen"], printed.as_str(), "{bad}");
                    run_checked(&["moves", P::VARIANT, "--fen", &bad]).unwrap();
                    accepted += 1;
                }
                Err(line) => {
                    assert!(line.ends_with(", --fen"), "{line}");
                    rejected += 1;
                }
            }
        }
    }
    (accepted, rejected)
}

/// Random legal games, replayed through `play --moves`, end where the library does.
fn random_games<P: Position>(games: usize, max_plies: usize, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..games {
        let mut pos = P::start();
        let mut tokens = Vec::new();
        for _ in 0..max_plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            tokens.push(mv.to_string());
            pos.play_unchecked(mv);
        }
        let joined = tokens.join(",");
        let out = run_checked(&["play", P::VARIANT, "--moves", &joined]).unwrap();
        assert!(out.starts_with(&format!("fen: {}\nstatus: {}\n", pos.fen(), pos.status())), "{joined}");
        // One more garbage token at the end is a bad-input error naming its index.
        let bad =
            format!("{joined},{}", ["zz", "a0a1", "@", "x@y", "pass:", "e2e4e4"][rng.random_range(0..6)]);
        let line = run_checked(&["play", P::VARIANT, "--moves", &bad]).unwrap_err();
        assert!(line.ends_with(&format!(", move {} of --moves", tokens.len() + 1)), "{line}");
    }
}

fn check<P: Position>() {
    let (accepted, rejected) = mutated_fens::<P>();
    assert!(rejected > accepted, "{}: most mutations are malformed ({accepted} accepted)", P::VARIANT);
    random_games::<P>(20, 60, 7);
}

/// [`check`] on the variant [`Variant::with`] runs it on.
struct Check;

impl VariantTask for Check {
    type Output = ();
    fn run<P: Reading + BoardView>(self) {
        check::<P>();
    }
}

#[test]
fn no_input_panics() {
    for variant in Variant::ALL {
        variant.with(Check);
    }
}
