//! The invariants every Mage's Chess position keeps, and the seeded random
//! games that check them at every input: shared by `properties.rs` (a few
//! seeds under proptest) and `soak.rs` (many seeds), so that each suite's
//! own tests run once.

use motley_core::{PerftMode, Position, testing};
use motley_mages::{DEFAULT_MODEL, EndReason, Mages, Move, Resolution, Team};
use rand::Rng;

/// The perft(1) counts the crate documents, computed from the legal inputs:
/// a declaration counts its challenger resolutions (decision) or its
/// challenger, defender and draw resolutions (full).
fn expected_perft1(pos: &Mages, mode: PerftMode) -> u64 {
    if pos.is_over() {
        return 0;
    }
    let counted = |p: &Mages| {
        let mut n = p.resolution_moves(Resolution::Challenger).len();
        if mode == PerftMode::Full {
            n += p.resolution_moves(Resolution::Defender).len() + p.resolution_moves(Resolution::Draw).len();
        }
        n as u64
    };
    if pos.pending().is_some() {
        return counted(pos);
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            if child.pending().is_some() { counted(&child) } else { 1 }
        })
        .sum()
}

/// Every invariant of one position; `Err` names the first broken one.
pub fn check_position(pos: &Mages) -> Result<(), String> {
    let text = testing::check_reparse(pos)?;
    let moves = pos.legal_moves();
    if pos.count_legal() != moves.len() as u64 || pos.has_legal_moves() == moves.is_empty() {
        return Err(format!(
            "{text}: count_legal {} or has_legal_moves disagree with {} inputs",
            pos.count_legal(),
            moves.len()
        ));
    }
    for mode in [PerftMode::Decision, PerftMode::Full] {
        let (got, want) = (pos.perft(1, mode), expected_perft1(pos, mode));
        if got != want {
            return Err(format!("{text}: perft(1, {mode:?}) {got}, the legal inputs give {want}"));
        }
    }
    let outcome = pos.outcome();
    if moves.is_empty() != outcome.is_some() || pos.is_over() != outcome.is_some() {
        return Err(format!("{text}: {} legal inputs but outcome {outcome:?}", moves.len()));
    }
    // The end rules (default rules: double pass draws, no ply limit, a team
    // without action passes).
    match pos.end() {
        Some((EndReason::RoyalDowned | EndReason::RoyalExpelled, winner)) => {
            let loser = Team::ALL.into_iter().find(|&t| pos.board().royal(t).is_none());
            if loser.is_none() || winner != loser.map(Team::other) {
                return Err(format!("{text}: royal end but royals {loser:?}, winner {winner:?}"));
            }
        }
        Some((EndReason::DoublePass, None)) if pos.passes() >= 2 => {}
        None if Team::ALL.into_iter().all(|t| pos.board().royal(t).is_some()) && pos.passes() < 2 => {}
        end => return Err(format!("{text}: end {end:?} disagrees with the rules")),
    }
    if let Some(o) = &outcome {
        let (reason, winner) = pos.end().expect("over");
        if o.reason() != reason.name() || o.winner() != winner.map(Team::seat) {
            return Err(format!("{text}: outcome {o} disagrees with {reason:?}"));
        }
        return Ok(());
    }
    if let Some(e) = pos.pending() {
        // A pending engagement accepts only its resolutions.
        let all: Vec<Move> = Resolution::ALL.into_iter().flat_map(|r| pos.resolution_moves(r)).collect();
        if moves.to_vec() != all || moves.iter().any(|m| !matches!(m, Move::Resolve { .. })) {
            return Err(format!("{text}: pending inputs {moves:?}, resolutions {all:?}"));
        }
        if pos.parse_move("pass").is_ok() || pos.is_legal(Move::action(e.challenger, e.defender)) {
            return Err(format!("{text}: a pending engagement accepted an action"));
        }
        if pos.status() != "engagement pending"
            || pos.board().team_at(e.challenger) != Some(pos.side_to_move())
        {
            return Err(format!("{text}: status {} or challenger's team wrong", pos.status()));
        }
        let odds = pos.chance().ok_or_else(|| format!("{text}: pending without chance"))?;
        let sum: f64 = odds.iter().map(|(_, p)| p).sum();
        if (sum - 1.0).abs() > 1e-9 || odds.iter().any(|(m, _)| !pos.is_legal(*m)) {
            return Err(format!("{text}: chance {odds:?} does not sum to 1 over legal inputs"));
        }
    } else {
        if moves.iter().any(|m| matches!(m, Move::Resolve { .. })) || pos.chance().is_some() {
            return Err(format!("{text}: resolution or chance without an engagement"));
        }
        if pos.parse_move("challenger").is_ok() {
            return Err(format!("{text}: a resolution accepted without an engagement"));
        }
        if moves.contains(&Move::Pass) && moves.len() != 1 {
            return Err(format!("{text}: pass offered beside actions"));
        }
    }
    for &mv in moves.iter() {
        let token = testing::check_token_parses_back(pos, &text, mv)?;
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let declared = child.pending().is_some();
        let turn_kept = child.side_to_move() == pos.side_to_move();
        if declared != turn_kept && !child.is_over() {
            return Err(format!("{text}: {token} declared {declared} but turn kept {turn_kept}"));
        }
        if declared {
            // The declaring team keeps the move and may only resolve.
            for &other in moves.iter() {
                if child.parse_move(&other.to_string()).is_ok() {
                    return Err(format!("{text}: after declaring {token}, action {other} accepted"));
                }
            }
        }
    }
    Ok(())
}

/// Plays one seeded random game (uniform over the legal actions, sometimes
/// heretical) for at most `max_plies` inputs, checking every position.
pub fn random_game(seed: u64, max_plies: u32) -> Result<Mages, String> {
    testing::random_walk(seed, Mages::start(), max_plies, check_position, |pos, moves, rng| {
        // Odd seeds resolve engagements with the outcome model (no fouls),
        // even seeds uniformly over every legal input (fouls included).
        let mut mv = if seed % 2 == 1 && pos.pending().is_some() {
            pos.random_move(&DEFAULT_MODEL, rng).ok_or_else(|| format!("{pos}: no random input"))?
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        if rng.random_range(0..8) == 0 && pos.is_legal(mv.with_heresy()) {
            mv = mv.with_heresy();
        }
        let token = mv.to_string();
        if pos.parse_move(&token) != Ok(mv) {
            return Err(format!("{pos}: {token} does not parse"));
        }
        pos.play_unchecked(mv);
        Ok(())
    })
}
