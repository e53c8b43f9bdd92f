//! The invariants every Joker's Chess position keeps, and the seeded random
//! games that check them at every ply: shared by `properties.rs` (a few
//! seeds under proptest) and `soak.rs` (many seeds), so that each suite's
//! own tests run once.

use motley_core::{Position, testing};
use motley_joker::{Color, EndReason, Joker, Move, Role};
use rand::Rng;

/// The black kings on the board.
fn black_kings(pos: &Joker) -> usize {
    pos.board().pieces().filter(|(_, p)| p.color == Color::Black && p.role == Role::King).count()
}

/// Every invariant of one position; `Err` names the first broken one.
pub fn check_position(pos: &Joker) -> Result<(), String> {
    let text = testing::check_reparse(pos)?;
    let moves = pos.legal_moves();
    testing::check_move_counts(pos, &text, moves.len())?;
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
    testing::random_walk(seed, Joker::start(), max_plies, check_position, |pos, moves, rng| {
        let mv = moves[rng.random_range(0..moves.len())];
        let hash_before = pos.zobrist();
        pos.play(mv).map_err(|e| format!("legal move rejected: {e}"))?;
        if pos.zobrist() == hash_before {
            return Err(format!("{pos}: hash unchanged by {mv}"));
        }
        Ok(())
    })
}
