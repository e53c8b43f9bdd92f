//! Zobrist keys of Joker's Chess positions (the hash itself is
//! [`Joker::zobrist`](crate::Joker::zobrist)).

use motley_core::zobrist::zobrist_keys;

/// Piece-square keys (12 x 64), promoted marks (64), side, castling (4), en
/// passant files (8), then one seed per pocket slot (12), clock and ply.
pub(crate) static ZOBRIST: [u64; 13 * 64 + 13 + 14] = zobrist_keys::<{ 13 * 64 + 13 + 14 }>(0x004A_4F4B_4552);
