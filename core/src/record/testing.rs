//! Round-trip checks of the record format for the variant crates' tests
//! (behind the `testing` feature): seeded random legal games with random
//! comments, annotation glyphs and variations, written and read back.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::game::Position as _;
use crate::record::game::Game;
use crate::record::notation::Notation;
use crate::record::read::read;
use crate::record::recorder::Recorder;
use crate::record::write::write;

const WORDS: [&str; 10] =
    ["a", "quiet", "move", "[%eval +0.35]", "[%wdl 420 310 270]", "threat:", "(see", "below)", "é", "100%"];

/// A seeded random legal game of at most `max_plies` entries from the
/// variant's start, with random comments, glyphs and variations.
#[must_use]
pub fn random_game<N: Notation>(seed: u64, max_plies: usize) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let start = N::start(None, &[]).unwrap_or_else(|e| panic!("{}: start: {e}", N::VARIANT));
    let mut rec = Recorder::new(start, None, None);
    rec.tag("Event", format!("random game {seed}"));
    if rng.random_bool(0.2) {
        rec.comment("start of the game");
    }
    let plies = rng.random_range(0..=max_plies);
    for _ in 0..plies {
        let moves = rec.state().legal_entries();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())].clone();
        rec.push(&mv);
        if rng.random_bool(0.1) {
            rec.nag(rng.random_range(1..=20));
        }
        if rng.random_bool(0.1) {
            let n = rng.random_range(1..=4);
            let words: Vec<&str> = (0..n).map(|_| WORDS[rng.random_range(0..WORDS.len())]).collect();
            rec.comment(words.join(" "));
        }
        if rng.random_bool(0.08)
            && let Some(before) = rec.before_last().cloned()
        {
            let mut state = before;
            let mut line = Vec::new();
            for _ in 0..rng.random_range(1..=3) {
                let list = state.legal_entries();
                if list.is_empty() {
                    break;
                }
                let e = list[rng.random_range(0..list.len())].clone();
                state.play(&e);
                line.push(e);
            }
            rec.variation(&line);
        }
    }
    if rec.state().outcome().is_none() && rng.random_bool(0.3) {
        let seats = rec.state().position().seat_count();
        let r = match seats {
            2 => ["1-0", "0-1", "1/2-1/2"][rng.random_range(0..3)].to_owned(),
            n => (0..n).map(|i| if i == 0 { "1" } else { "0" }).collect::<Vec<_>>().join("-"),
        };
        rec.set_result(r);
    }
    rec.game()
}

/// Writes `games` random games (seeds `first..first + games`) of at most
/// `max_plies` entries, reads each back and checks it is the same game and
/// that writing it again gives the same text. Returns the plies checked.
///
/// # Panics
/// With the seed, the text and the difference, on the first mismatch.
pub fn check_round_trips<N: Notation>(first: u64, games: u64, max_plies: usize) -> usize {
    let mut plies = 0;
    for seed in first..first + games {
        let game = random_game::<N>(seed, max_plies);
        plies += game.main.nodes.len();
        let text = write(&game);
        let back = read::<N>(&text);
        assert_eq!(back.len(), 1, "{} seed {seed}: one game expected in\n{text}", N::VARIANT);
        let back = match &back[0] {
            Ok(g) => g,
            Err(e) => panic!("{} seed {seed}: {e}\n{text}", N::VARIANT),
        };
        assert_eq!(*back, game, "{} seed {seed}:\n{text}", N::VARIANT);
        assert_eq!(write(back), text, "{} seed {seed}", N::VARIANT);
    }
    plies
}

/// The number of round-trip games a test runs: `default`, or
/// `MOTLEY_SOAK_GAMES` when `MOTLEY_SOAK` is set (see
/// [`full_soak`](crate::testing::full_soak)).
#[must_use]
pub fn round_trip_games(default: u64) -> (u64, u64) {
    crate::testing::full_soak(default).unwrap_or((0, default))
}

/// [`check_round_trips`] over the [`round_trip_games`] (1000 by default)
/// of at most `max_plies` entries, which must average more than ten plies
/// a game so that the check reads real games.
///
/// # Panics
/// As [`check_round_trips`], or with the plies checked if there are too few.
pub fn check_random_round_trips<N: Notation>(max_plies: usize) {
    let (first, games) = round_trip_games(1000);
    let plies = check_round_trips::<N>(first, games, max_plies);
    assert!(plies > games as usize * 10, "{plies} plies");
}
