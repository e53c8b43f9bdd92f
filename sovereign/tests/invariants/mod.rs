//! The invariants every Sovereign and Royale position keeps, and the seeded
//! random games that check them at every ply: shared by `properties.rs`
//! (a few seeds under proptest) and `soak.rs` (many seeds), so that each
//! suite's own tests run once.

use motley_core::{BoardView, Position, Seat, testing};
use motley_sovereign::{EndReason, Game, Issue, PositionError, Royale, Rules, Sovereign, StartChoice};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Whether `seat`'s king is attacked in `pos`, with control recomputed from
/// scratch: the position is rebuilt from its setup with `seat` to move.
/// `Err` if the position is not a valid position at all.
pub fn king_attacked(pos: &Sovereign, seat: Seat) -> Result<bool, String> {
    let mut setup = pos.to_setup();
    setup.turn = seat.0;
    match Sovereign::from_setup(&setup, Rules::default()) {
        Ok(p) => Ok(p.is_check()),
        // The other seat is in check too: not a question about `seat`.
        Err(PositionError { issues }) if matches!(issues[..], [Issue::OpponentInCheck { .. }]) => {
            let mut other = setup.clone();
            other.turn = seat.0 ^ 1;
            Ok(Sovereign::from_setup(&other, Rules::default()).is_err())
        }
        Err(e) => Err(format!("{pos}: not a valid position: {e}")),
    }
}

/// Which legal moves of a position get the costly per-move checks: the
/// king safety of the mover with control recomputed from a fresh setup,
/// and the parse-back of the move's token through [`Position::parse_move`]
/// (for a sample, of its first move only).
/// With [`Deep::All`] the tokens of all legal moves are also checked to be
/// distinct. (Every legal move is always played; the move actually played
/// is always covered, because the next
/// position is reparsed, and a reparse rejects a position whose side not to
/// move is attacked.)
#[derive(Clone, Copy, Debug)]
pub enum Deep {
    /// Every legal move.
    All,
    /// At most this many legal moves, chosen with the seed.
    Sample(usize, u64),
}

impl Deep {
    /// The indices of `n` legal moves that get the costly checks.
    fn indices(self, n: usize) -> Vec<usize> {
        match self {
            Deep::All => (0..n).collect(),
            Deep::Sample(k, seed) => {
                let mut rng = StdRng::seed_from_u64(seed);
                let mut all: Vec<usize> = (0..n).collect();
                for i in 0..k.min(n) {
                    let j = rng.random_range(i..n);
                    all.swap(i, j);
                }
                all.truncate(k.min(n));
                all
            }
        }
    }
}

/// Every invariant of one two-player position; `Err` names the first broken one.
pub fn check_sovereign(pos: &Sovereign, deep: Deep) -> Result<(), String> {
    let text = pos.to_string();
    let again = Sovereign::from_fen(&text).map_err(|e| format!("{text}: own string does not parse: {e}"))?;
    if again.zobrist() != pos.zobrist() {
        return Err(format!("{text}: hash {:#x}, reparsed {:#x}", pos.zobrist(), again.zobrist()));
    }
    // The position string has no halfmove clock unless the position was
    // read with one (rules contract §3.3 [I]: "read and write exactly these
    // six fields; accept an optional 7th"), so a played position's clock
    // reads back as 0; everything else must be equal.
    let clock_lost = again.halfmove_clock() == 0 && pos.halfmove_clock() > 0;
    if again != *pos && !clock_lost {
        return Err(format!("{text}: reparsed position differs: {:?}", again.details()));
    }
    if clock_lost && (again.to_string() != text || again.legal_moves() != pos.legal_moves()) {
        return Err(format!("{text}: reparsed position differs beyond the halfmove clock"));
    }
    let moves = pos.legal_moves();
    testing::check_move_counts(pos, &text, moves.len())?;
    let outcome = pos.outcome();
    let expected = match (moves.is_empty(), pos.is_check()) {
        (false, _) => None,
        (true, true) => Some(EndReason::Checkmate),
        (true, false) => Some(EndReason::Stalemate),
    };
    if pos.end_reason() != expected || outcome.as_ref().map(|o| o.reason()) != expected.map(EndReason::as_str)
    {
        return Err(format!(
            "{text}: end {:?}, outcome {outcome:?}, rules say {expected:?}",
            pos.end_reason()
        ));
    }
    if expected == Some(EndReason::Checkmate)
        && outcome.and_then(|o| o.winner()) != Some(Seat(pos.turn().0 ^ 1))
    {
        return Err(format!("{text}: checkmate without the other seat winning"));
    }
    let status = pos.status();
    if expected.is_none() && (status == "check") != pos.is_check() {
        return Err(format!("{text}: status {status:?} but is_check {}", pos.is_check()));
    }
    let mover = pos.turn();
    let name = pos.seat_name(mover);
    let mut tokens = std::collections::HashSet::with_capacity(moves.len());
    for &mv in &moves {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        if child.turn() == mover || child.ply() != pos.ply() + 1 {
            return Err(format!("{text}: {mv} did not pass the turn or count the ply"));
        }
        if matches!(deep, Deep::All) && !tokens.insert(mv.to_string()) {
            return Err(format!("{text}: two legal moves print as {mv}"));
        }
    }
    for (n, i) in deep.indices(moves.len()).into_iter().enumerate() {
        let mv = moves[i];
        let token = mv.to_string();
        // Parsing regenerates the legal moves: a sample checks one token.
        if (matches!(deep, Deep::All) || n == 0) && pos.parse_move(&token) != Ok(mv) {
            return Err(format!("{text}: legal {token} does not parse back"));
        }
        let mut child = pos.clone();
        child.play_unchecked(mv);
        // No legal move leaves the mover's king attacked once control is recomputed.
        if king_attacked(&child, mover).map_err(|e| format!("{text}: after legal {token}: {e}"))? {
            return Err(format!("{text}: legal {token} leaves {name}'s king attacked"));
        }
        let checked = child.details().into_iter().find(|(k, _)| *k == "check").map(|(_, v)| v);
        if checked.as_deref().is_some_and(|v| v.split(' ').any(|s| s == name)) {
            return Err(format!("{text}: after {token} the details say {name} is in check"));
        }
    }
    Ok(())
}

/// Every invariant of one Royale position; `Err` names the first broken one.
pub fn check_royale(pos: &Royale) -> Result<(), String> {
    let text = pos.to_string();
    let again = Royale::from_fen(&text).map_err(|e| format!("{text}: own string does not parse: {e}"))?;
    if again.to_string() != text || again.zobrist() != pos.zobrist() || again.turn() != pos.turn() {
        return Err(format!("{text}: reparsed position or its hash differs"));
    }
    let moves = pos.legal_moves();
    testing::check_move_counts(pos, &text, moves.len())?;
    let outcome = pos.outcome();
    if moves.is_empty() != outcome.is_some() {
        return Err(format!("{text}: {} legal moves but outcome {outcome:?}", moves.len()));
    }
    let kings = (0..4).filter(|&s| pos.king(Seat(s)).is_some()).count();
    if kings as u32 != pos.kings() {
        return Err(format!("{text}: {kings} seats with a king but {} kings", pos.kings()));
    }
    let expected = match kings {
        0 => Some(EndReason::NoKings),
        1 => Some(EndReason::LastKing),
        _ if moves.is_empty() => Some(EndReason::Stalemate),
        _ => None,
    };
    if pos.end_reason() != expected {
        return Err(format!("{text}: end {:?}, rules say {expected:?}", pos.end_reason()));
    }
    if let Some(o) = &outcome {
        let last = (0..4).map(Seat).find(|&s| pos.king(s).is_some());
        if expected == Some(EndReason::LastKing) && o.winner() != last {
            return Err(format!("{text}: last king {last:?} but outcome {o}"));
        }
        return Ok(());
    }
    if pos.king(pos.turn()).is_none() && pos.kings() > 1 && !pos.in_interregnum(pos.turn()) {
        return Err(format!("{text}: seat to move has no king yet is not in interregnum"));
    }
    for &mv in &moves {
        let token = mv.to_string();
        if pos.parse_move(&token) != Ok(mv) {
            return Err(format!("{text}: legal {token} does not parse back"));
        }
    }
    Ok(())
}

/// The end rules of a two-player [`Game`] at its current position.
pub fn check_game(game: &Game) -> Result<(), String> {
    let pos = game.position();
    let rules = Rules::default();
    let expected = if let Some(r) = pos.end_reason() {
        Some(r)
    } else if rules.auto_repetitions.is_some_and(|n| game.repetitions() >= n) {
        Some(EndReason::FivefoldRepetition)
    } else if rules.auto_draw_plies.is_some_and(|n| pos.halfmove_clock() >= n) {
        Some(EndReason::SeventyFiveMoveRule)
    } else if rules.bare_kings_draw && pos.bare_kings() {
        Some(EndReason::BareKings)
    } else {
        None
    };
    if game.end_reason() != expected {
        return Err(format!("{pos}: game end {:?}, rules say {expected:?}", game.end_reason()));
    }
    if game.outcome().map(|o| o.reason()) != expected.map(EndReason::as_str) {
        return Err(format!("{pos}: outcome {:?} disagrees with {expected:?}", game.outcome()));
    }
    Ok(())
}

/// Plays a seeded random two-player game through [`Game`] for at most
/// `max_plies` plies, checking every position. `sample`: `None` gives every
/// legal move the costly checks (see [`Deep`]), `Some(k)` gives them to `k`
/// moves per ply chosen with a second generator, so the game played is the
/// same either way.
pub fn random_game(seed: u64, max_plies: u32, sample: Option<usize>) -> Result<Game, String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut sampler = StdRng::seed_from_u64(seed ^ 0x5eed_5a3b_1e00_0000);
    let mut deep = || sample.map_or(Deep::All, |k| Deep::Sample(k, sampler.random()));
    let mut game = Game::new(Rules::default());
    for _ in 0..max_plies {
        check_sovereign(game.position(), deep())?;
        check_game(&game)?;
        if game.end_reason().is_some() {
            return Ok(game);
        }
        if game.start_choice_pending() {
            let choice = if rng.random_range(0..2) == 0 { StartChoice::Accept } else { StartChoice::Reject };
            game.choose_start(choice).map_err(|e| e.to_string())?;
        }
        let moves = game.position().legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        game.play(mv).map_err(|e| format!("{}: legal {mv} rejected: {e}", game.position()))?;
    }
    check_sovereign(game.position(), deep())?;
    check_game(&game)?;
    Ok(game)
}

/// Plays a seeded random Royale game for at most `max_plies` plies.
pub fn random_royale(seed: u64, max_plies: u32) -> Result<Royale, String> {
    testing::random_walk(seed, Royale::start(), max_plies, check_royale, |pos, moves, rng| {
        let mv = moves[rng.random_range(0..moves.len())];
        pos.play(mv).map_err(|e| format!("{pos}: legal {mv} rejected: {e}"))
    })
}
