//! Zobrist keys of Joker's Chess positions, as named tables. A position
//! stores its hash and every move updates it by xoring keys out and in;
//! [`Joker::from_setup`](crate::Joker::from_setup) computes it from scratch.
//!
//! The pocket counts (benches, Joker Reserves) and the two counters (half-move
//! clock, ply) are hashed through a per-slot seed: the term for a count `n` is
//! `splitmix64(seed ^ n)`, so any count has a key without a table per value.

use motley_core::zobrist::{splitmix64, zobrist_keys};

use crate::board::{Board, Square};
use crate::piece::{Color, Piece, Role};

/// How many raw keys the tables take from the seeded stream: 12 x 64 piece
/// keys, 64 promoted marks, side, 4 castling, 8 en passant files, 12 pocket
/// seeds (2 pockets x 2 colours x 3 kinds), clock and ply.
const RAW: usize = 13 * 64 + 13 + 14;

/// The named key tables (see the module docs).
pub(crate) struct Keys {
    /// Piece `p` on square `sq`: `piece[p.index()][sq]`.
    pub(crate) piece: [[u64; 64]; 12],
    /// The promoted mark on square `sq`.
    pub(crate) promoted: [u64; 64],
    /// Black to move.
    pub(crate) black_to_move: u64,
    /// Black's castling rights, by their bits (bit 0 king side, bit 1 queen side).
    pub(crate) castling: [u64; 4],
    /// The en passant square's file.
    pub(crate) ep_file: [u64; 8],
    /// Seeds of the bench counts, `[colour][kind]` (pawn, knight, bishop).
    pub(crate) bench: [[u64; 3]; 2],
    /// Seeds of the Joker Reserve counts, `[colour][kind]`.
    pub(crate) reserve: [[u64; 3]; 2],
    /// Seed of the half-move clock.
    pub(crate) clock: u64,
    /// Seed of the ply count.
    pub(crate) ply: u64,
    /// The half-move clock's terms of the values below [`COUNTER_TABLE`].
    clock_terms: [u64; COUNTER_TABLE],
    /// The ply count's terms of the values below [`COUNTER_TABLE`].
    ply_terms: [u64; COUNTER_TABLE],
    /// `ply_steps[n]`: the change of the ply count's term from `n` to `n + 1`.
    ply_steps: [u64; COUNTER_TABLE - 1],
}

impl Keys {
    /// The tables cut, in the order of the fields, from the stream of
    /// `zobrist_keys` seeded with `seed`.
    const fn new(seed: u64) -> Keys {
        let raw: [u64; RAW] = zobrist_keys::<RAW>(seed);
        let mut k = Keys {
            piece: [[0; 64]; 12],
            promoted: [0; 64],
            black_to_move: raw[13 * 64],
            castling: [0; 4],
            ep_file: [0; 8],
            bench: [[0; 3]; 2],
            reserve: [[0; 3]; 2],
            clock: raw[RAW - 2],
            ply: raw[RAW - 1],
            clock_terms: counter_terms(raw[RAW - 2]),
            ply_terms: counter_terms(raw[RAW - 1]),
            ply_steps: [0; COUNTER_TABLE - 1],
        };
        let mut n = 0;
        while n < COUNTER_TABLE - 1 {
            k.ply_steps[n] = k.ply_terms[n] ^ k.ply_terms[n + 1];
            n += 1;
        }
        let mut i = 0;
        while i < 64 {
            let mut p = 0;
            while p < 12 {
                k.piece[p][i] = raw[p * 64 + i];
                p += 1;
            }
            k.promoted[i] = raw[12 * 64 + i];
            i += 1;
        }
        let mut i = 0;
        while i < 4 {
            k.castling[i] = raw[13 * 64 + 1 + i];
            i += 1;
        }
        let mut i = 0;
        while i < 8 {
            k.ep_file[i] = raw[13 * 64 + 5 + i];
            i += 1;
        }
        let mut i = 0;
        while i < 6 {
            k.bench[i / 3][i % 3] = raw[13 * 64 + 13 + i];
            k.reserve[i / 3][i % 3] = raw[13 * 64 + 13 + 6 + i];
            i += 1;
        }
        k
    }

    /// The key of `piece` on `sq`.
    #[inline(always)]
    pub(crate) fn piece(&self, piece: Piece, sq: Square) -> u64 {
        self.piece[piece.index()][sq.index()]
    }

    /// The term of `color`'s bench holding `n` pieces of `role` (a respawning kind).
    #[inline(always)]
    pub(crate) fn bench(&self, color: Color, role: Role, n: u8) -> u64 {
        count_term(self.bench[color as usize][role as usize], n)
    }

    /// The term of `color`'s Joker Reserve holding `n` pieces of `role` (a respawning kind).
    #[inline(always)]
    pub(crate) fn reserve(&self, color: Color, role: Role, n: u8) -> u64 {
        count_term(self.reserve[color as usize][role as usize], n)
    }

    /// The term of the half-move clock and the ply count.
    #[inline(always)]
    pub(crate) fn counters(&self, clock: u16, ply: u16) -> u64 {
        counter_term(&self.clock_terms, self.clock, clock) ^ counter_term(&self.ply_terms, self.ply, ply)
    }

    /// The change of the counters' terms when a move takes the clock from
    /// `clock` to `new_clock` and the ply count from `ply` to `ply + 1`
    /// (saturating).
    #[inline(always)]
    pub(crate) fn counters_step(&self, clock: u16, new_clock: u16, ply: u16) -> u64 {
        let new_ply = ply.saturating_add(1);
        let ply_step = match self.ply_steps.get(usize::from(ply)) {
            Some(&step) => step,
            None => {
                counter_term(&self.ply_terms, self.ply, ply)
                    ^ counter_term(&self.ply_terms, self.ply, new_ply)
            }
        };
        ply_step
            ^ counter_term(&self.clock_terms, self.clock, clock)
            ^ counter_term(&self.clock_terms, self.clock, new_clock)
    }

    /// The term of the en passant square, if any.
    #[inline(always)]
    pub(crate) fn ep(&self, ep: Option<Square>) -> u64 {
        match ep {
            Some(sq) => self.ep_file[usize::from(sq.file().index())],
            None => 0,
        }
    }

    /// The terms of every piece and promoted mark of `board`.
    pub(crate) fn board(&self, board: &Board) -> u64 {
        let mut h = 0;
        for (sq, piece) in board.pieces() {
            h ^= self.piece(piece, sq);
        }
        for sq in board.promoted() {
            h ^= self.promoted[sq.index()];
        }
        h
    }
}

/// The term of count `n` under `seed`.
#[inline(always)]
fn count_term(seed: u64, n: impl Into<u64>) -> u64 {
    splitmix64(seed ^ n.into()).1
}

/// How many values of the half-move clock and the ply count have their
/// terms in a table (every move changes both, so make looks them up).
const COUNTER_TABLE: usize = 256;

/// The terms of counter values below [`COUNTER_TABLE`] under `seed`.
const fn counter_terms(seed: u64) -> [u64; COUNTER_TABLE] {
    let mut t = [0; COUNTER_TABLE];
    let mut n = 0;
    while n < COUNTER_TABLE {
        t[n] = splitmix64(seed ^ n as u64).1;
        n += 1;
    }
    t
}

/// The term of counter value `n` under `seed`, its entry in `table` (the
/// terms of `seed`) when it has one.
#[inline(always)]
fn counter_term(table: &[u64; COUNTER_TABLE], seed: u64, n: u16) -> u64 {
    match table.get(usize::from(n)) {
        Some(&term) => term,
        None => count_term(seed, n),
    }
}

/// The keys of every Joker's Chess position.
pub(crate) static KEYS: Keys = Keys::new(0x004A_4F4B_4552);
