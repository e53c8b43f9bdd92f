//! Move generation, the hot path. Kings are not royal, so every pseudo-legal
//! move is legal; only castling looks at attacked squares. One generic
//! generator feeds either a move list or a counter, so that perft counts the
//! last ply with popcounts instead of listing moves.

use motley_core::{Board8x8, SetGeometry};

use crate::board::Square;
use crate::moves::{Move, MoveBuf};
use crate::piece::{Color, Role};
use crate::position::Joker;
use crate::rules::KingPromotion;

pub(crate) const RANK_1: u64 = 0xFF;
pub(crate) const RANK_3: u64 = RANK_1 << 16;
pub(crate) const RANK_4: u64 = RANK_1 << 24;
pub(crate) const RANK_5: u64 = RANK_1 << 32;
pub(crate) const RANK_6: u64 = RANK_1 << 40;
pub(crate) const RANK_8: u64 = RANK_1 << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
/// Where pawns may be dropped: ranks 3 to 6.
pub(crate) const PAWN_DROP_RANKS: u64 = RANK_3 | RANK_4 | RANK_5 | RANK_6;

pub(crate) const A8: u8 = 56;
pub(crate) const B8: u8 = 57;
pub(crate) const C8: u8 = 58;
pub(crate) const D8: u8 = 59;
pub(crate) const E8: u8 = 60;
pub(crate) const F8: u8 = 61;
pub(crate) const G8: u8 = 62;
pub(crate) const H8: u8 = 63;

// Sliders use "kindergarten" line lookups: the occupancy of a line's six
// inner squares is gathered into 6 bits (a shift, or one multiplication that
// projects a diagonal or a file onto the top rank), and a table built at
// compile time gives the reach along the line.

const FILE_A_BITS: u64 = 0x0101_0101_0101_0101;
/// The a8-h1 anti-diagonal: multiplying the a-file by it puts rank `r` of the
/// a-file on file `r` of the top rank, with no two partial products colliding.
const ANTI_DIAGONAL: u64 = 0x0102_0408_1020_4080;

/// `FIRST_RANK[f][inner]`: the reach along an 8-square line of a slider on
/// square `f`, when bits 0..6 of `inner` say which of squares 1..=6 are
/// occupied (the end squares never block anything beyond them).
const FIRST_RANK: [[u8; 64]; 8] = {
    let mut t = [[0u8; 64]; 8];
    let mut f = 0;
    while f < 8 {
        let mut inner = 0;
        while inner < 64 {
            let occ = (inner << 1) as u8;
            let mut reach = 0u8;
            let mut x = f as i32 + 1;
            while x < 8 {
                reach |= 1 << x;
                if occ & (1 << x) != 0 {
                    break;
                }
                x += 1;
            }
            let mut x = f as i32 - 1;
            while x >= 0 {
                reach |= 1 << x;
                if occ & (1 << x) != 0 {
                    break;
                }
                x -= 1;
            }
            t[f][inner] = reach;
            inner += 1;
        }
        f += 1;
    }
    t
};

/// `FIRST_RANK` copied to every rank: ANDed with a diagonal, it keeps the
/// diagonal's squares on the reached files.
const FILLED: [[u64; 64]; 8] = {
    let mut t = [[0u64; 64]; 8];
    let mut f = 0;
    while f < 8 {
        let mut i = 0;
        while i < 64 {
            t[f][i] = (FIRST_RANK[f][i] as u64).wrapping_mul(FILE_A_BITS);
            i += 1;
        }
        f += 1;
    }
    t
};

/// `A_FILE[r][inner]`: the reach along the a-file of a slider on rank `r`.
const A_FILE: [[u64; 64]; 8] = {
    let mut t = [[0u64; 64]; 8];
    let mut r = 0;
    while r < 8 {
        let mut i = 0;
        while i < 64 {
            let line = FIRST_RANK[r][i];
            let mut set = 0u64;
            let mut k = 0;
            while k < 8 {
                if line & (1 << k) != 0 {
                    set |= 1 << (8 * k);
                }
                k += 1;
            }
            t[r][i] = set;
            i += 1;
        }
        r += 1;
    }
    t
};

/// The two diagonals through each square, without the square: `[a1-h8 direction, a8-h1 direction]`.
const DIAGONALS: [[u64; 2]; 64] = {
    let mut t = [[0u64; 2]; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (g, s) = ((other % 8) as i32, (other / 8) as i32);
            if other != sq && g - f == s - r {
                t[sq][0] |= 1 << other;
            }
            if other != sq && g - f == r - s {
                t[sq][1] |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    t
};

#[inline(always)]
fn diagonal_reach(sq: u32, occ: u64, mask: u64) -> u64 {
    let inner = ((occ & mask).wrapping_mul(FILE_A_BITS) >> 57) & 63;
    FILLED[(sq & 7) as usize][inner as usize] & mask
}

/// Rook reach from `sq` (including the first blocker of each line).
#[inline]
pub(crate) fn rook_attacks(sq: u32, occ: u64) -> u64 {
    let file = sq & 7;
    let rank_shift = sq & 56;
    let rank_inner = (occ >> (rank_shift + 1)) & 63;
    let rank = u64::from(FIRST_RANK[file as usize][rank_inner as usize]) << rank_shift;
    let file_inner = (((occ >> file) & FILE_A_BITS).wrapping_mul(ANTI_DIAGONAL) >> 57) & 63;
    let on_file = A_FILE[(sq >> 3) as usize][file_inner as usize] << file;
    rank | on_file
}

/// Bishop reach from `sq`.
#[inline]
pub(crate) fn bishop_attacks(sq: u32, occ: u64) -> u64 {
    let d = &DIAGONALS[sq as usize & 63];
    diagonal_reach(sq, occ, d[0]) | diagonal_reach(sq, occ, d[1])
}

#[inline(always)]
pub(crate) fn knight_attacks(sq: u32) -> u64 {
    <Board8x8 as SetGeometry<1>>::knight(Square::new_unchecked(sq as u8)).0[0]
}

#[inline(always)]
pub(crate) fn king_attacks(sq: u32) -> u64 {
    <Board8x8 as SetGeometry<1>>::king(Square::new_unchecked(sq as u8)).0[0]
}

/// The squares a pawn of `color` on `sq` attacks.
#[inline(always)]
pub(crate) fn pawn_attacks(color: Color, sq: u32) -> u64 {
    let b = 1u64 << sq;
    match color {
        Color::White => ((b & !FILE_A) << 7) | ((b & !FILE_H) << 9),
        Color::Black => ((b & !FILE_A) >> 9) | ((b & !FILE_H) >> 7),
    }
}

/// Whether a piece of `by` attacks `sq` with the given occupancy.
pub(crate) fn attacked_by(pos: &Joker, by: Color, sq: u32, occ: u64) -> bool {
    let b = &pos.board;
    let them = b.by_color[by as usize];
    let r = |role: Role| b.by_role[role as usize] & them;
    let queens = r(Role::Queen);
    (knight_attacks(sq) & r(Role::Knight)) != 0
        || (king_attacks(sq) & r(Role::King)) != 0
        || (pawn_attacks(by.other(), sq) & r(Role::Pawn)) != 0
        || (bishop_attacks(sq, occ) & (r(Role::Bishop) | queens)) != 0
        || (rook_attacks(sq, occ) & (r(Role::Rook) | queens)) != 0
}

/// Where generated moves go.
pub(crate) trait Sink {
    /// Moves from `from` to each member of `to`.
    fn targets(&mut self, from: u8, to: u64);
    /// Pawn moves to each member of `to`, each from `to - delta`.
    fn pawns(&mut self, to: u64, delta: i8);
    /// Promotions to each member of `to` (from `to - delta`) to each of `roles`.
    fn promotions(&mut self, to: u64, delta: i8, roles: &[Role]);
    /// Drops of `role` on each member of `to`.
    fn drops(&mut self, role: Role, to: u64);
    /// One move.
    fn one(&mut self, mv: Move);
}

/// Counts moves.
pub(crate) struct Counter(pub u64);

impl Sink for Counter {
    #[inline(always)]
    fn targets(&mut self, _from: u8, to: u64) {
        self.0 += u64::from(to.count_ones());
    }
    #[inline(always)]
    fn pawns(&mut self, to: u64, _delta: i8) {
        self.0 += u64::from(to.count_ones());
    }
    #[inline(always)]
    fn promotions(&mut self, to: u64, _delta: i8, roles: &[Role]) {
        self.0 += u64::from(to.count_ones()) * roles.len() as u64;
    }
    #[inline(always)]
    fn drops(&mut self, _role: Role, to: u64) {
        self.0 += u64::from(to.count_ones());
    }
    #[inline(always)]
    fn one(&mut self, _mv: Move) {
        self.0 += 1;
    }
}

/// Whether any move exists (stops adding after the first).
pub(crate) struct Any(pub bool);

impl Sink for Any {
    fn targets(&mut self, _from: u8, to: u64) {
        self.0 |= to != 0;
    }
    fn pawns(&mut self, to: u64, _delta: i8) {
        self.0 |= to != 0;
    }
    fn promotions(&mut self, to: u64, _delta: i8, roles: &[Role]) {
        self.0 |= to != 0 && !roles.is_empty();
    }
    fn drops(&mut self, _role: Role, to: u64) {
        self.0 |= to != 0;
    }
    fn one(&mut self, _mv: Move) {
        self.0 = true;
    }
}

impl Sink for MoveBuf {
    #[inline]
    fn targets(&mut self, from: u8, mut to: u64) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            self.push(Move::normal(from, t));
        }
    }
    #[inline]
    fn pawns(&mut self, mut to: u64, delta: i8) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            self.push(Move::normal(t.wrapping_sub(delta as u8), t));
        }
    }
    #[inline]
    fn promotions(&mut self, mut to: u64, delta: i8, roles: &[Role]) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            for &r in roles {
                self.push(Move::promote(t.wrapping_sub(delta as u8), t, r));
            }
        }
    }
    #[inline]
    fn drops(&mut self, role: Role, mut to: u64) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            self.push(Move::drop(role, t));
        }
    }
    #[inline]
    fn one(&mut self, mv: Move) {
        self.push(mv);
    }
}

const WHITE_PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
const BLACK_PROMOTIONS: [Role; 5] = [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King];

/// The promotion choices of the side to move (a prefix-free selection of a table).
#[inline]
fn promotion_roles(pos: &Joker, buf: &mut [Role; 5]) -> usize {
    match pos.turn {
        Color::White => {
            buf[..4].copy_from_slice(&WHITE_PROMOTIONS);
            4
        }
        Color::Black => {
            let mut n = 3;
            buf[..3].copy_from_slice(&BLACK_PROMOTIONS[..3]);
            if pos.rules.black_queen_promotion {
                buf[n] = Role::Queen;
                n += 1;
            }
            let king = match pos.rules.black_king_promotion {
                KingPromotion::WhileOneKing => {
                    (pos.board.by_color[1] & pos.board.by_role[Role::King as usize]).count_ones() == 1
                }
                KingPromotion::Never => false,
                KingPromotion::Always => true,
            };
            if king {
                buf[n] = Role::King;
                n += 1;
            }
            n
        }
    }
}

/// Feeds every legal move of a position that is not over by its state
/// (callers check [`Joker::end_by_state`] first) into `sink`.
#[inline]
pub(crate) fn generate<S: Sink>(pos: &Joker, sink: &mut S) {
    let b = &pos.board;
    let us = pos.turn;
    let own = b.by_color[us as usize];
    let them = b.by_color[us.other() as usize];
    let occ = own | them;
    let empty = !occ;
    let targets = !own;
    let mine = |r: Role| b.by_role[r as usize] & own;

    // Pawns.
    let pawns = mine(Role::Pawn);
    if pawns != 0 {
        let third = pos.rules.third_rank_double_step;
        // Promotion targets, then the promotion choices only if there are any.
        let (push, left, right, last, deltas) = match us {
            Color::White => {
                let single = (pawns << 8) & empty;
                let mut from2 = single & RANK_3;
                if third {
                    from2 |= single & RANK_4;
                }
                let double = (from2 << 8) & empty;
                let left = ((pawns & !FILE_A) << 7) & them;
                let right = ((pawns & !FILE_H) << 9) & them;
                sink.pawns(double, 16);
                (single, left, right, RANK_8, [8, 7, 9])
            }
            Color::Black => {
                let single = (pawns >> 8) & empty;
                let mut from2 = single & RANK_6;
                if third {
                    from2 |= single & RANK_5;
                }
                let double = (from2 >> 8) & empty;
                let left = ((pawns & !FILE_A) >> 9) & them;
                let right = ((pawns & !FILE_H) >> 7) & them;
                sink.pawns(double, -16);
                (single, left, right, RANK_1, [-8, -9, -7])
            }
        };
        sink.pawns(push & !last, deltas[0]);
        sink.pawns(left & !last, deltas[1]);
        sink.pawns(right & !last, deltas[2]);
        if (push | left | right) & last != 0 {
            let mut roles = [Role::Pawn; 5];
            let n = promotion_roles(pos, &mut roles);
            let roles = &roles[..n];
            sink.promotions(push & last, deltas[0], roles);
            sink.promotions(left & last, deltas[1], roles);
            sink.promotions(right & last, deltas[2], roles);
        }
        if pos.ep < 64 {
            let mut from = pawn_attacks(us.other(), u32::from(pos.ep)) & pawns;
            while from != 0 {
                let f = from.trailing_zeros() as u8;
                from &= from - 1;
                sink.one(Move::normal(f, pos.ep));
            }
        }
    }

    let mut knights = mine(Role::Knight);
    while knights != 0 {
        let sq = knights.trailing_zeros();
        knights &= knights - 1;
        sink.targets(sq as u8, knight_attacks(sq) & targets);
    }
    let mut bishops = mine(Role::Bishop);
    while bishops != 0 {
        let sq = bishops.trailing_zeros();
        bishops &= bishops - 1;
        sink.targets(sq as u8, bishop_attacks(sq, occ) & targets);
    }
    let mut rooks = mine(Role::Rook);
    while rooks != 0 {
        let sq = rooks.trailing_zeros();
        rooks &= rooks - 1;
        sink.targets(sq as u8, rook_attacks(sq, occ) & targets);
    }
    // A queen's two reaches are disjoint: one set, one count.
    let mut queens = mine(Role::Queen);
    while queens != 0 {
        let sq = queens.trailing_zeros();
        queens &= queens - 1;
        sink.targets(sq as u8, (bishop_attacks(sq, occ) | rook_attacks(sq, occ)) & targets);
    }
    let kings = mine(Role::King);
    let mut k = kings;
    while k != 0 {
        let sq = k.trailing_zeros();
        k &= k - 1;
        sink.targets(sq as u8, king_attacks(sq) & targets);
    }

    // Castling (Black only; the rights imply king on e8 and rook on its corner).
    if pos.castling != 0 && us == Color::Black && kings & (1 << E8) != 0 {
        let rooks = mine(Role::Rook);
        let safe = |sqs: &[u8]| {
            !pos.rules.castling_needs_safe_squares
                || sqs.iter().all(|&s| !attacked_by(pos, Color::White, u32::from(s), occ))
        };
        if pos.castling & 1 != 0
            && rooks & (1 << H8) != 0
            && occ & (1 << F8 | 1 << G8) == 0
            && safe(&[E8, F8, G8])
        {
            sink.one(Move::normal(E8, G8));
        }
        if pos.castling & 2 != 0
            && rooks & (1 << A8) != 0
            && occ & (1 << B8 | 1 << C8 | 1 << D8) == 0
            && safe(&[E8, D8, C8])
        {
            sink.one(Move::normal(E8, C8));
        }
    }

    // Drops from the Joker Reserve.
    let reserve = pos.reserve[us as usize];
    if reserve != [0; 3] {
        if reserve[0] != 0 {
            sink.drops(Role::Pawn, empty & PAWN_DROP_RANKS);
        }
        if reserve[1] != 0 {
            sink.drops(Role::Knight, empty);
        }
        if reserve[2] != 0 {
            sink.drops(Role::Bishop, empty);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use motley_core::{Bits, attacks};

    /// The line lookups agree with motley-core's ray walk on many occupancies.
    #[test]
    fn sliders_match_core_rays() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = x & x.rotate_left(23); // about a quarter of the squares
            for sq in 0..64u8 {
                let s = Square::new_unchecked(sq);
                let rook = attacks::rook(s, Bits([occ]), attacks::UNLIMITED).0[0];
                let bishop = attacks::bishop(s, Bits([occ]), attacks::UNLIMITED).0[0];
                assert_eq!(rook_attacks(u32::from(sq), occ), rook, "rook {sq} {occ:x}");
                assert_eq!(bishop_attacks(u32::from(sq), occ), bishop, "bishop {sq} {occ:x}");
            }
        }
        for sq in 0..64u32 {
            assert_eq!(rook_attacks(sq, 0).count_ones(), 14);
            assert_eq!(
                rook_attacks(sq, !0).count_ones(),
                4 - u32::from(sq % 8 == 0 || sq % 8 == 7) - u32::from(sq / 8 == 0 || sq / 8 == 7)
            );
        }
    }
}
