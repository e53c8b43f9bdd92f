//! Zobrist keys of Mage's Chess positions.

use motley_core::zobrist::zobrist_keys;

use crate::piece::{Piece, Role, Team};
use crate::position::Mages;

const PIECE_KEYS: usize = 2 * 5 * 48;
const HALO_KEYS: usize = PIECE_KEYS;
const TURN_KEY: usize = HALO_KEYS + 48;
const CHALLENGER_KEYS: usize = TURN_KEY + 1;
const DEFENDER_KEYS: usize = CHALLENGER_KEYS + 48;
const PASS_KEYS: usize = DEFENDER_KEYS + 48;
pub(crate) const PLY_KEY: usize = PASS_KEYS + 2;
pub(crate) static KEYS: [u64; PLY_KEY + 1] = zobrist_keys::<{ PLY_KEY + 1 }>(0x4d41_4745_5321);

/// The Zobrist hash of a position (see [`motley_core::Position::zobrist`]).
pub(crate) fn hash(pos: &Mages) -> u64 {
    let mut h = 0;
    for team in Team::ALL {
        for role in Role::ALL {
            for sq in pos.board.pieces(Piece::new(team, role)) {
                h ^= KEYS[(team.index() * 5 + role as usize) * 48 + usize::from(sq)];
            }
        }
    }
    for sq in pos.board.halos() {
        h ^= KEYS[HALO_KEYS + usize::from(sq)];
    }
    if pos.turn == Team::Blue {
        h ^= KEYS[TURN_KEY];
    }
    if let Some(e) = pos.pending {
        h ^= KEYS[CHALLENGER_KEYS + e.challenger.index()] ^ KEYS[DEFENDER_KEYS + e.defender.index()];
    }
    if pos.passes > 0 {
        h ^= KEYS[PASS_KEYS + usize::from(pos.passes.min(2)) - 1];
    }
    if pos.rules.ply_limit.is_some() {
        h ^= KEYS[PLY_KEY].wrapping_mul(u64::from(pos.ply) + 1);
    }
    h
}
