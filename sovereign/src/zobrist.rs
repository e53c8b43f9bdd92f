//! Zobrist keys: piece × square, seat to move, owned colour per seat, castling rook squares.

use motley_core::zobrist::zobrist_keys;

use crate::movegen::State;

static PIECES: [u64; 72 * 256] = zobrist_keys::<{ 72 * 256 }>(0x534F_5645_5245_4947);
static MISC: [u64; 4 + 48 + 256] = zobrist_keys::<{ 4 + 48 + 256 }>(0x524F_5941_4C45);

/// The hash of everything that decides the legal moves: board, turn, owned
/// colours and castling rights (control is derived, clocks are not hashed).
pub(crate) fn hash(st: &State) -> u64 {
    let mut h = 0;
    for s in st.board.occupied {
        let code = st.board.mailbox[s as usize] as usize - 1;
        h ^= PIECES[code * 256 + s as usize];
    }
    h ^= MISC[st.turn as usize];
    for seat in 0..st.seats as usize {
        h ^= MISC[4 + seat * 12 + st.owned[seat] as usize];
    }
    for s in st.castling {
        h ^= MISC[52 + s as usize];
    }
    h
}
