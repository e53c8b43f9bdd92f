//! The checks the fuzz targets run, one function per target, shared by the
//! AFL binaries (`src/bin/*.rs`) and the `replay` binary. Every function
//! panics exactly when the engines break a promise: a parser panics, a
//! parsed value does not print back to an equal value, or a played
//! position's invariants fail.
//!
//! The first input byte picks the variant: `b % 4` = joker, mages,
//! sovereign, royale.

use motley_core::{PerftMode, Position};
use motley_joker::Joker;
use motley_mages::Mages;
use motley_sovereign::{Royale, Sovereign};

/// Positions the move parser is tried on, per variant (beside the start).
const JOKER_EXTRA: &str =
    "rnbkkbnr/pppp1ppp/8/4pP2/8/8/PPPPP1PP/RNBQQBNR[Nb] w kq e6 0 5 PPPPPNBppppppppnnnb";
const MAGES_EXTRA: &str = "s2rhs/ppcp2/2p1pp/6/3P2/P3PP/1PPh1S/SHCRH1 g d1d2 d2 0 16";

fn split(data: &[u8]) -> Option<(u8, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((first % 4, rest))
}

/// Parses `text` as a `P` position; a value must print to a string that
/// parses to a position with the same string and hash.
fn position_of<P: Position>(text: &str) {
    if let Ok(pos) = P::from_fen(text) {
        let printed = pos.to_string();
        let again = P::from_fen(&printed)
            .unwrap_or_else(|e| panic!("{}: {printed:?} (from {text:?}) does not parse: {e}", P::VARIANT));
        assert_eq!(again.to_string(), printed, "{}: print/parse/print differs", P::VARIANT);
        assert_eq!(
            again.zobrist(),
            pos.zobrist(),
            "{}: hash differs after reparse of {printed:?}",
            P::VARIANT
        );
    }
}

/// Target `position`: any bytes to a position parser.
pub fn position(data: &[u8]) {
    let Some((variant, rest)) = split(data) else { return };
    let text = String::from_utf8_lossy(rest);
    match variant {
        0 => {
            let _ = motley_joker::Setup::from_ascii(rest);
            position_of::<Joker>(&text);
        }
        1 => {
            let _ = motley_mages::Setup::from_ascii(rest);
            position_of::<Mages>(&text);
        }
        2 => position_of::<Sovereign>(&text),
        _ => position_of::<Royale>(&text),
    }
}

fn move_of<P: Position>(pos: &P, token: &str) {
    if let Ok(mv) = pos.parse_move(token) {
        assert!(pos.is_legal(mv), "{}: parsed {token:?} is not legal in {pos}", P::VARIANT);
        assert_eq!(mv.to_string(), token, "{}: {token:?} prints as {mv}", P::VARIANT);
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let _ = child.legal_moves();
    }
}

/// Target `moves`: any bytes to a move parser, on the start position and
/// one mid-game position per variant.
pub fn moves(data: &[u8]) {
    let Some((variant, rest)) = split(data) else { return };
    let token = String::from_utf8_lossy(rest);
    match variant {
        0 => {
            if let Ok(mv) = motley_joker::Move::from_ascii(rest) {
                assert_eq!(motley_joker::Move::from_ascii(mv.to_string().as_bytes()), Ok(mv));
            }
            move_of(&Joker::start(), &token);
            move_of(&Joker::from_fen(JOKER_EXTRA).expect("valid"), &token);
        }
        1 => {
            if let Ok(mv) = motley_mages::Move::from_ascii(rest) {
                assert_eq!(motley_mages::Move::from_ascii(mv.to_string().as_bytes()), Ok(mv));
            }
            move_of(&Mages::start(), &token);
            move_of(&Mages::from_fen(MAGES_EXTRA).expect("valid"), &token);
        }
        2 => {
            let _ = token.parse::<motley_sovereign::MoveToken>();
            move_of(&Sovereign::start(), &token);
        }
        _ => {
            let _ = token.parse::<motley_sovereign::MoveToken>();
            move_of(&Royale::start(), &token);
        }
    }
}

/// The invariants checked after every input of the `play` target. For
/// Sovereign the reparse also checks that the player who just moved is not
/// in check: the validator recomputes control from scratch and rejects a
/// position whose player not to move is in check.
fn check<P: Position>(pos: &P) {
    let text = pos.to_string();
    let again =
        P::from_fen(&text).unwrap_or_else(|e| panic!("{}: own string {text:?} fails: {e}", P::VARIANT));
    assert_eq!(again.to_string(), text, "{}: reparse prints differently", P::VARIANT);
    assert_eq!(again.zobrist(), pos.zobrist(), "{}: hash of {text:?} differs after reparse", P::VARIANT);
    let moves = pos.legal_moves();
    assert_eq!(moves.is_empty(), pos.outcome().is_some(), "{}: {text:?} moves vs outcome", P::VARIANT);
    if P::VARIANT != "mages" {
        assert_eq!(
            pos.perft(1, PerftMode::Decision),
            moves.len() as u64,
            "{}: perft(1) of {text:?}",
            P::VARIANT
        );
    }
    for &mv in moves.iter() {
        assert_eq!(pos.parse_move(&mv.to_string()).ok(), Some(mv), "{}: {mv} in {text:?}", P::VARIANT);
    }
}

/// Plays the moves the bytes choose (`byte % number of legal moves`) from
/// the start position, checking every position on the way.
fn play_from<P: Position>(mut pos: P, bytes: &[u8]) {
    check(&pos);
    for &b in bytes {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(b) % moves.len()];
        pos.play_unchecked(mv);
        check(&pos);
    }
}

/// Target `play`: random inputs played through the public API.
pub fn play(data: &[u8]) {
    let Some((variant, rest)) = split(data) else { return };
    match variant {
        0 => play_from(Joker::start(), rest),
        1 => {
            // Mage's Chess: a byte with the top bit set marks the action heretical when it may be.
            let mut pos = Mages::start();
            check(&pos);
            for &b in rest {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut mv = moves[usize::from(b & 0x7f) % moves.len()];
                if b & 0x80 != 0 && pos.is_legal(mv.with_heresy()) {
                    mv = mv.with_heresy();
                }
                pos.play_unchecked(mv);
                check(&pos);
            }
        }
        2 => play_from(Sovereign::start(), rest),
        _ => play_from(Royale::start(), rest),
    }
}
