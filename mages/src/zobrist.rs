//! Zobrist keys of Mage's Chess positions.

use motley_core::zobrist::zobrist_keys;

use crate::piece::{Role, Team};

const PIECE_KEYS: usize = 2 * 5 * 48;
const HALO_KEYS: usize = PIECE_KEYS;
const TURN_KEY: usize = HALO_KEYS + 48;
const CHALLENGER_KEYS: usize = TURN_KEY + 1;
const DEFENDER_KEYS: usize = CHALLENGER_KEYS + 48;
const PASS_KEYS: usize = DEFENDER_KEYS + 48;
const PLY_KEY: usize = PASS_KEYS + 2;
static KEYS: [u64; PLY_KEY + 1] = zobrist_keys::<{ PLY_KEY + 1 }>(0x4d41_4745_5321);

/// The key of a `team` `role` piece on square index `sq`.
pub(crate) fn piece(team: Team, role: Role, sq: usize) -> u64 {
    KEYS[(team.index() * 5 + role as usize) * 48 + sq]
}

/// The key of a halo on square index `sq`.
pub(crate) fn halo(sq: usize) -> u64 {
    KEYS[HALO_KEYS + sq]
}

/// The key of Blue to move.
pub(crate) fn blue_to_move() -> u64 {
    KEYS[TURN_KEY]
}

/// The key of a pending engagement between two square indices.
pub(crate) fn engagement(challenger: usize, defender: usize) -> u64 {
    KEYS[CHALLENGER_KEYS + challenger] ^ KEYS[DEFENDER_KEYS + defender]
}

/// The key of `passes` consecutive passes (one or two or more).
pub(crate) fn passes(passes: u8) -> u64 {
    KEYS[PASS_KEYS + usize::from(passes.min(2)) - 1]
}

/// The key of the ply count `ply` (only where a ply limit makes it matter).
pub(crate) fn ply(ply: u32) -> u64 {
    KEYS[PLY_KEY].wrapping_mul(u64::from(ply) + 1)
}
