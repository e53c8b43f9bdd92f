//! Property tests: bad input never panics, what parses prints back
//! to itself, and positions reached by seeded random games keep every
//! invariant of the public API (hash, perft, pending engagements, end rules).

mod invariants;

use invariants::random_game;
use motley_core::{Position, testing};
use motley_mages::{Mages, Move, Setup};
use proptest::prelude::*;

/// A valid mid-game string with a pending engagement and halos, to mutate.
const BASE: &str = "s2rhs/ppcp2/2p1pp/6/3P2/P3PP/1PPh1S/SHCRH1 g d1d2 d2 0 16";

/// Any byte string: the position and setup parsers return a value or a
/// typed error; a value prints to a string that parses to an equal one.
fn check_position_text(bytes: &[u8]) -> Result<(), TestCaseError> {
    testing::check_position_bytes::<Mages, _, _>(bytes, Setup::from_ascii)
}

/// Any byte string as a move: a value or a typed error; a legal move (from
/// the start or from [`BASE`]) prints back to the token it was read from.
fn check_move_text(bytes: &[u8]) -> Result<(), TestCaseError> {
    testing::check_move_bytes(bytes, Move::from_ascii, &[Mages::start(), Mages::from_fen(BASE).unwrap()])
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(1500) })]

    #[test]
    fn any_bytes_to_position_parser(bytes in proptest::collection::vec(any::<u8>(), 0..90)) {
        check_position_text(&bytes)?;
    }

    #[test]
    fn grammar_like_position_strings(text in "[rchspRCHSP1-8/ gb\\-,a-f0-9]{0,70}") {
        check_position_text(text.as_bytes())?;
    }

    #[test]
    fn mutated_valid_strings(cut in 0usize..70, len in 0usize..4, insert in "[a-zA-Z0-9/!=, -]{0,3}") {
        for base in [BASE, "shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS g - - 0 0"] {
            check_position_text(testing::mutated(base, cut, len, &insert).as_bytes())?;
        }
    }

    #[test]
    fn any_bytes_to_move_parser(bytes in proptest::collection::vec(any::<u8>(), 0..14)) {
        check_move_text(&bytes)?;
    }

    #[test]
    fn move_like_tokens(token in "[a-h0-9=!chsdefalnoprtw]{0,11}") {
        check_move_text(token.as_bytes())?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(48) })]

    #[test]
    fn seeded_random_games_keep_invariants(seed in any::<u64>()) {
        testing::check_seeded_game(seed, random_game(seed, 300))?;
    }
}

/// The same position reached by two move orders has one hash.
#[test]
fn transpositions_hash_equal() {
    let line = |tokens: &[&str]| testing::play_tokens(Mages::start(), tokens);
    let a = line(&["a2a3", "a7a6", "f2f3", "f7f6"]);
    let b = line(&["f2f3", "f7f6", "a2a3", "a7a6"]);
    assert_eq!(a, b);
    assert_eq!(a.zobrist(), b.zobrist());
    assert_eq!(Mages::from_fen(&a.to_string()).unwrap().zobrist(), a.zobrist());
    assert_ne!(a.zobrist(), line(&["a2a3", "a7a6", "f2f3"]).zobrist());
}
