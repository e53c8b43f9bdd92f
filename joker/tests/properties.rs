//! Property tests: bad input never panics, what parses prints back
//! to itself, and positions reached by seeded random games keep every
//! invariant of the public API (hash, perft, move notation, end rules).

mod invariants;

use invariants::{check_position, random_game};
use motley_core::{Position, testing};
use motley_joker::{EndReason, Joker, Move, START_FEN, Setup};
use proptest::prelude::*;

/// A valid mid-game string to mutate (reserves, en passant, clocks all set).
const BASE: &str = "rnbkkbnr/pppp1ppp/8/4pP2/8/8/PPPPP1PP/RNBQQBNR[Nb] w kq e6 0 5 PPPPPNBppppppppnnnb";

/// Any byte string: the position and setup parsers return a value or a
/// typed error; a value prints to a string that parses to an equal one.
fn check_position_text(bytes: &[u8]) -> Result<(), TestCaseError> {
    testing::check_position_bytes::<Joker, _, _>(bytes, Setup::from_ascii)
}

/// Any byte string as a move: a value or a typed error, and a legal move
/// (from the start or from [`BASE`]) prints back to the token it was read from.
fn check_move_text(bytes: &[u8]) -> Result<(), TestCaseError> {
    testing::check_move_bytes(bytes, Move::from_ascii, &[Joker::start(), Joker::from_fen(BASE).unwrap()])
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(1500) })]

    #[test]
    fn any_bytes_to_position_parser(bytes in proptest::collection::vec(any::<u8>(), 0..120)) {
        check_position_text(&bytes)?;
    }

    #[test]
    fn grammar_like_position_strings(text in "[rnbqkpRNBQKP1-8/~\\[\\] wbkq\\-a-h0-9]{0,90}") {
        check_position_text(text.as_bytes())?;
    }

    #[test]
    fn mutated_valid_strings(cut in 0usize..100, len in 0usize..4, insert in "[a-zA-Z0-9/~\\[\\] -]{0,3}") {
        for base in [BASE, START_FEN] {
            check_position_text(testing::mutated(base, cut, len, &insert).as_bytes())?;
        }
    }

    #[test]
    fn any_bytes_to_move_parser(bytes in proptest::collection::vec(any::<u8>(), 0..12)) {
        check_move_text(&bytes)?;
    }

    #[test]
    fn move_like_tokens(token in "[a-hNBP@0-9qrbnk]{0,7}") {
        check_move_text(token.as_bytes())?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(64) })]

    #[test]
    fn seeded_random_games_keep_invariants(seed in any::<u64>()) {
        testing::check_seeded_game(seed, random_game(seed, 200))?;
    }
}

/// The same position reached by two move orders has one hash (and the
/// reparsed string the same hash).
#[test]
fn transpositions_hash_equal() {
    let line = |tokens: &[&str]| testing::play_tokens(Joker::start(), tokens);
    let a = line(&["g1f3", "b8c6", "b1c3", "g8f6"]);
    let b = line(&["b1c3", "g8f6", "g1f3", "b8c6"]);
    assert_eq!(a, b);
    assert_eq!(a.zobrist(), b.zobrist());
    assert_eq!(Joker::from_fen(&a.to_string()).unwrap().zobrist(), a.zobrist());
    // A different side to move or clock is a different position.
    let c = line(&["g1f3", "b8c6", "f3g1", "c6b8"]);
    assert_ne!(c.zobrist(), Joker::start().zobrist());
}

/// The 14-half-move rule ends the game exactly when the clock reaches 14,
/// and the 200-ply limit at ply 200, both as Black wins.
#[test]
fn clock_and_ply_limits_end_the_game() {
    let quiet = Joker::from_fen("3kk3/8/8/8/8/8/8/3Q4[] w - - 13 20 -").unwrap();
    assert_eq!(quiet.end_reason(), None);
    let mv = quiet.parse_move("d1d2").unwrap();
    let after = quiet.played(mv);
    assert_eq!(after.halfmove_clock(), 14);
    assert_eq!(after.end_reason(), Some(EndReason::FourteenMoveRule));
    assert!(after.legal_moves().is_empty());
    assert_eq!(Position::outcome(&after).unwrap().winner().map(|s| s.0), Some(1));

    let late = Joker::from_fen("3kk3/8/8/8/8/8/8/3Q4[] w - - 0 199 -").unwrap();
    let after = late.played(late.parse_move("d1d2").unwrap());
    assert_eq!(after.ply(), 200);
    assert_eq!(after.end_reason(), Some(EndReason::MoveLimit));
    assert!(check_position(&after).is_ok());
}
