//! Zobrist keys: piece × square, seat to move, owned colour per seat, castling
//! rook squares. The position stores its hash and make updates it by xoring
//! keys out and in; [`hash`] computes the same value from scratch.

use motley_core::zobrist::zobrist_keys;

use crate::board::{Board, SquareSet};

/// The key tables. Their values come from two SplitMix64 streams: the piece
/// keys in colour, role, square order from one seed; the turn, owned-colour
/// and castling keys, in that order, from the other.
pub(crate) struct Keys {
    /// By colour, role and square index.
    pub piece: [[[u64; 256]; 6]; 12],
    /// By seat to move.
    pub turn: [u64; 4],
    /// By seat and the index of the colour it owns.
    pub owned: [[u64; 12]; 4],
    /// By the square index of a rook that keeps castling rights.
    pub castling: [u64; 256],
}

const PIECE_SEED: u64 = 0x534F_5645_5245_4947;
const MISC_SEED: u64 = 0x524F_5941_4C45;

const fn build() -> Keys {
    let pieces = zobrist_keys::<{ 72 * 256 }>(PIECE_SEED);
    let misc = zobrist_keys::<{ 4 + 48 + 256 }>(MISC_SEED);
    let mut keys = Keys { piece: [[[0; 256]; 6]; 12], turn: [0; 4], owned: [[0; 12]; 4], castling: [0; 256] };
    let mut code = 0;
    while code < 72 {
        let mut sq = 0;
        while sq < 256 {
            keys.piece[code / 6][code % 6][sq] = pieces[code * 256 + sq];
            sq += 1;
        }
        code += 1;
    }
    let mut i = 0;
    while i < 4 {
        keys.turn[i] = misc[i];
        let mut c = 0;
        while c < 12 {
            keys.owned[i][c] = misc[4 + i * 12 + c];
            c += 1;
        }
        i += 1;
    }
    let mut sq = 0;
    while sq < 256 {
        keys.castling[sq] = misc[52 + sq];
        sq += 1;
    }
    keys
}

/// The keys, built at compile time.
pub(crate) static KEYS: Keys = build();

/// The hash of everything that decides the legal moves, from scratch: the
/// board, the seat to move, the colour index each seat owns (`owned` has one
/// entry per seat) and the castling rights (control is derived, clocks are
/// not hashed). Make keeps the state's stored hash equal to it.
pub(crate) fn hash(board: &Board, turn: u8, owned: &[u8], castling: SquareSet) -> u64 {
    let mut h = 0;
    for s in board.occupied {
        if let Some(p) = board.piece(s) {
            h ^= KEYS.piece[p.color.index()][p.role.index()][s.index()];
        }
    }
    h ^= KEYS.turn[usize::from(turn)];
    for (seat, &color) in owned.iter().enumerate() {
        h ^= KEYS.owned[seat][usize::from(color)];
    }
    for s in castling {
        h ^= KEYS.castling[s.index()];
    }
    h
}

#[cfg(test)]
mod tests {
    use motley_core::Position;

    use crate::{Royale, Sovereign};

    /// The fixture positions of a game: every `fen` line of the perft suite,
    /// every line of the middle games, every position file.
    fn fixtures(dir: &str) -> Vec<String> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures").join(dir);
        let mut out = Vec::new();
        let read = |p: std::path::PathBuf| std::fs::read_to_string(&p).expect("fixture readable");
        for line in read(root.join("perft.perft")).lines() {
            if let Some(fen) = line.strip_prefix("fen ") {
                out.push(fen.to_owned());
            }
        }
        for line in read(root.join("middle-games.txt")).lines() {
            if !line.trim().is_empty() && !line.starts_with('#') {
                out.push(line.trim().to_owned());
            }
        }
        for entry in std::fs::read_dir(root.join("positions")).expect("positions folder") {
            out.push(read(entry.expect("entry").path()).trim().to_owned());
        }
        out
    }

    /// Plays random games from `start`, checking the stored hash against the
    /// from-scratch one at every position.
    fn random_games<P: Position>(start: &P, games: u64, plies: usize, stored: impl Fn(&P) -> (u64, u64)) {
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        for _ in 0..games {
            let mut pos = start.clone();
            for _ in 0..plies {
                let (kept, fresh) = stored(&pos);
                assert_eq!(kept, fresh, "{pos}");
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                let pick = usize::try_from(seed >> 33).expect("31 bits") % moves.len();
                pos.play_unchecked(moves[pick]);
            }
        }
    }

    /// Incremental hashing equals hashing from scratch after every move of
    /// random games from every fixture position, in both games.
    #[test]
    fn incremental_equals_from_scratch() {
        let mut positions = 0;
        for fen in fixtures("sovereign") {
            let p: Sovereign = fen.parse().expect("fixture parses");
            random_games(&p, 4, 60, |p| (p.st.hash, p.st.fresh_hash()));
            positions += 1;
        }
        for fen in fixtures("royale") {
            let p: Royale = fen.parse().expect("fixture parses");
            random_games(&p, 4, 60, |p| (p.st.hash, p.st.fresh_hash()));
            positions += 1;
        }
        assert!(positions > 40, "{positions} fixture positions");
    }

    /// The keys are the two SplitMix64 streams read as flat tables, so every
    /// hash is the one the transposition table has always seen.
    #[test]
    fn keys_are_the_flat_streams() {
        use motley_core::zobrist::zobrist_keys;
        let pieces = zobrist_keys::<{ 72 * 256 }>(super::PIECE_SEED);
        let misc = zobrist_keys::<{ 4 + 48 + 256 }>(super::MISC_SEED);
        let flat = |st: &crate::movegen::State| {
            let mut h = 0;
            for s in st.board.occupied {
                let p = st.board.piece(s).expect("occupied");
                h ^= pieces[(p.color.index() * 6 + p.role.index()) * 256 + s.index()];
            }
            h ^= misc[usize::from(st.turn)];
            for seat in 0..usize::from(st.seats) {
                h ^= misc[4 + seat * 12 + usize::from(st.owned[seat])];
            }
            for s in st.castling {
                h ^= misc[52 + s.index()];
            }
            h
        };
        for fen in fixtures("sovereign") {
            let p: Sovereign = fen.parse().expect("fixture parses");
            assert_eq!(p.zobrist(), flat(&p.st), "{fen}");
        }
        for fen in fixtures("royale") {
            let p: Royale = fen.parse().expect("fixture parses");
            assert_eq!(p.zobrist(), flat(&p.st), "{fen}");
        }
        assert_eq!(Sovereign::start().zobrist(), flat(&Sovereign::start().st));
    }
}
