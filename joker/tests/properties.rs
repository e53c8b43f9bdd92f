//! Property tests (issue 9): bad input never panics, what parses prints back
//! to itself, and positions reached by seeded random games keep every
//! invariant of the public API (hash, perft, move notation, end rules).

use motley_core::{Position, testing};
use motley_joker::{Color, EndReason, Joker, Move, PerftMode, Role, START_FEN, Setup};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

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

fn black_kings(pos: &Joker) -> usize {
    pos.board().pieces().filter(|(_, p)| p.color == Color::Black && p.role == Role::King).count()
}

/// Every invariant of one position; `Err` names the first broken one.
pub fn check_position(pos: &Joker) -> Result<(), String> {
    let text = testing::check_reparse(pos)?;
    let moves = pos.legal_moves();
    if pos.perft(1, PerftMode::Decision) != moves.len() as u64
        || pos.count_legal_moves() != moves.len() as u64
    {
        return Err(format!(
            "{text}: perft(1) {} != {} legal moves",
            pos.perft(1, PerftMode::Decision),
            moves.len()
        ));
    }
    let outcome = Position::outcome(pos);
    if moves.is_empty() != outcome.is_some() {
        return Err(format!("{text}: {} legal moves but outcome {outcome:?}", moves.len()));
    }
    // The end rules, in the rules' order (default rules).
    let expected = if black_kings(pos) == 0 {
        Some(EndReason::KingsCaptured)
    } else if pos.halfmove_clock() >= 14 {
        Some(EndReason::FourteenMoveRule)
    } else if pos.ply() >= 200 {
        Some(EndReason::MoveLimit)
    } else if pos.board().pieces().all(|(_, p)| p.color == Color::Black)
        && pos.joker_reserve().is_empty_for(Color::White)
    {
        Some(EndReason::InsufficientMaterial)
    } else if moves.is_empty() {
        Some(if pos.side_to_move() == Color::White { EndReason::Stalemate } else { EndReason::BlackNoMoves })
    } else {
        None
    };
    if pos.end_reason() != expected {
        return Err(format!("{text}: end reason {:?}, rules say {expected:?}", pos.end_reason()));
    }
    if let Some(o) = &outcome {
        let r = expected.expect("checked above");
        let winner = if r == EndReason::KingsCaptured || r == EndReason::BlackNoMoves { 0 } else { 1 };
        if o.reason() != r.as_str() || o.winner().map(|s| s.0) != Some(winner) {
            return Err(format!("{text}: outcome {o} disagrees with {r:?}"));
        }
    }
    for &mv in moves.iter() {
        let token = testing::check_token_parses_back(pos, &text, mv)?;
        let child = pos.played(mv);
        if child.side_to_move() == pos.side_to_move() || child.ply() != pos.ply() + 1 {
            return Err(format!("{text}: {token} did not pass the turn or count the ply"));
        }
        let resets = match mv {
            Move::Drop { role, .. } => role == Role::Pawn,
            Move::Normal { from, to, .. } => {
                pos.board().piece_at(from).is_some_and(|p| p.role == Role::Pawn)
                    || pos.board().piece_at(to).is_some()
            }
        };
        let clock = if resets { 0 } else { pos.halfmove_clock() + 1 };
        if child.halfmove_clock() != clock {
            return Err(format!("{text}: {token} left clock {}, expected {clock}", child.halfmove_clock()));
        }
    }
    Ok(())
}

/// Plays one seeded random game to its end (at most `max_plies`), checking
/// every position; returns the final position.
pub fn random_game(seed: u64, max_plies: u32) -> Result<Joker, String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut pos = Joker::start();
    for _ in 0..max_plies {
        check_position(&pos)?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        let hash_before = pos.zobrist();
        pos.play(mv).map_err(|e| format!("legal move rejected: {e}"))?;
        if pos.zobrist() == hash_before {
            return Err(format!("{pos}: hash unchanged by {mv}"));
        }
    }
    check_position(&pos)?;
    Ok(pos)
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
