//! Zobrist keys of Mage's Chess positions: the named key tables [`KEYS`],
//! built at compile time, and [`from_scratch`], the hash of a whole state.
//! A position stores its hash; [`make`](crate::movegen) keeps it up to date
//! by xoring keys out and in.

use motley_core::zobrist::zobrist_keys;

use crate::board::{Board, Square};
use crate::moves::Engagement;
use crate::piece::{Piece, Role, Team};

/// Squares of the board.
const SQUARES: usize = 48;
/// How many keys the tables hold, drawn in this order from one stream.
const COUNT: usize = 2 * 5 * SQUARES + SQUARES + 1 + 2 * SQUARES + 2 + 1;
/// The seed of the key stream ("MAGES").
const SEED: u64 = 0x4d41_4745_5321;

/// The key tables of a position's hash.
pub(crate) struct Keys {
    /// A piece on a square: `piece[team][role][square]`.
    pub piece: [[[u64; SQUARES]; 5]; 2],
    /// A halo on a square.
    pub halo: [u64; SQUARES],
    /// Blue to move.
    pub blue_to_move: u64,
    /// The challenger's square of a pending engagement.
    pub challenger: [u64; SQUARES],
    /// The defender's square of a pending engagement.
    pub defender: [u64; SQUARES],
    /// One pass in a row (`[0]`), two or more (`[1]`).
    pub passes: [u64; 2],
    /// The ply-count multiplier (only where a ply limit makes it matter).
    pub ply: u64,
}

/// The keys: one stream of [`zobrist_keys`] dealt out to the tables in
/// field order (pieces team-major, then role, then square).
pub(crate) static KEYS: Keys = Keys::deal(&zobrist_keys::<COUNT>(SEED));

impl Keys {
    /// Deals the stream `k` out to the tables.
    const fn deal(k: &[u64; COUNT]) -> Keys {
        let mut keys = Keys {
            piece: [[[0; SQUARES]; 5]; 2],
            halo: [0; SQUARES],
            blue_to_move: 0,
            challenger: [0; SQUARES],
            defender: [0; SQUARES],
            passes: [0; 2],
            ply: 0,
        };
        let mut i = 0;
        while i < 2 * 5 * SQUARES {
            keys.piece[i / (5 * SQUARES)][i / SQUARES % 5][i % SQUARES] = k[i];
            i += 1;
        }
        let mut sq = 0;
        while sq < SQUARES {
            keys.halo[sq] = k[i + sq];
            keys.challenger[sq] = k[i + SQUARES + 1 + sq];
            keys.defender[sq] = k[i + 2 * SQUARES + 1 + sq];
            sq += 1;
        }
        keys.blue_to_move = k[i + SQUARES];
        i += 3 * SQUARES + 1;
        keys.passes = [k[i], k[i + 1]];
        keys.ply = k[i + 2];
        keys
    }

    /// The key of `piece` on `sq`.
    #[inline(always)]
    pub(crate) fn piece(&self, piece: Piece, sq: Square) -> u64 {
        self.piece[piece.team.index()][piece.role as usize][sq.index()]
    }

    /// The key of a halo on `sq`.
    #[inline(always)]
    pub(crate) fn halo(&self, sq: Square) -> u64 {
        self.halo[sq.index()]
    }

    /// The key of the pending engagement `e`.
    #[inline(always)]
    pub(crate) fn engagement(&self, e: Engagement) -> u64 {
        self.challenger[e.challenger.index()] ^ self.defender[e.defender.index()]
    }

    /// The key of `passes` passes in a row (none: 0).
    #[inline(always)]
    pub(crate) fn passes(&self, passes: u8) -> u64 {
        match passes {
            0 => 0,
            1 => self.passes[0],
            _ => self.passes[1],
        }
    }

    /// The key of the side to move.
    #[inline(always)]
    pub(crate) fn turn(&self, turn: Team) -> u64 {
        match turn {
            Team::Green => 0,
            Team::Blue => self.blue_to_move,
        }
    }

    /// The key of the ply count `ply`, under a ply limit (`counted`); 0 otherwise.
    #[inline(always)]
    pub(crate) fn ply(&self, ply: u32, counted: bool) -> u64 {
        if counted { self.ply.wrapping_mul(u64::from(ply) + 1) } else { 0 }
    }
}

/// The hash of a whole state: pieces, halos, side to move, pending
/// engagement, passes and, under a ply limit (`ply_counted`), the ply count.
pub(crate) fn from_scratch(
    board: &Board,
    turn: Team,
    pending: Option<Engagement>,
    passes: u8,
    (ply, ply_counted): (u32, bool),
) -> u64 {
    let mut h = 0;
    for team in Team::ALL {
        for role in Role::ALL {
            let piece = Piece::new(team, role);
            for sq in board.pieces(piece) {
                h ^= KEYS.piece(piece, sq);
            }
        }
    }
    for sq in board.halos() {
        h ^= KEYS.halo(sq);
    }
    h ^= KEYS.turn(turn);
    if let Some(e) = pending {
        h ^= KEYS.engagement(e);
    }
    h ^ KEYS.passes(passes) ^ KEYS.ply(ply, ply_counted)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables deal the stream in its documented order (the hash values
    /// are part of the search's behaviour).
    #[test]
    fn tables_follow_the_stream() {
        let k = zobrist_keys::<COUNT>(SEED);
        assert_eq!(KEYS.piece[0][0][0], k[0]);
        assert_eq!(KEYS.piece[1][4][47], k[479]);
        assert_eq!(KEYS.piece[1][2][5], k[(5 + 2) * 48 + 5]);
        assert_eq!(KEYS.halo, k[480..528]);
        assert_eq!(KEYS.blue_to_move, k[528]);
        assert_eq!(KEYS.challenger, k[529..577]);
        assert_eq!(KEYS.defender, k[577..625]);
        assert_eq!(KEYS.passes, [k[625], k[626]]);
        assert_eq!(KEYS.ply, k[627]);
        assert_eq!(COUNT, 628);
    }
}
