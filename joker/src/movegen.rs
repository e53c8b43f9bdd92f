//! Move generation, the hot path. Kings are not royal, so every pseudo-legal
//! move is legal; only castling looks at attacked squares. One generic
//! generator feeds either a move list or a counter, so that perft counts the
//! last ply with popcounts instead of listing moves.

use motley_core::{Board8x8, Dir, SetGeometry};

use crate::moves::{Move, MoveBuf};
use crate::piece::{Color, Role, Square};
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

#[inline(always)]
fn ray(d: Dir, sq: u32) -> u64 {
    <Board8x8 as SetGeometry<1>>::ray(d, Square::new_unchecked(sq as u8)).0[0]
}

/// Reach along a direction where indices increase: the nearest blocker is
/// the lowest member; a sentinel on h8 (whose rays in these directions are
/// empty) removes the branch.
#[inline(always)]
fn up(d: Dir, sq: u32, occ: u64) -> u64 {
    let r = ray(d, sq);
    let b = (r & occ) | 1 << 63;
    r ^ ray(d, b.trailing_zeros())
}

/// Reach along a direction where indices decrease, with a sentinel on a1.
#[inline(always)]
fn down(d: Dir, sq: u32, occ: u64) -> u64 {
    let r = ray(d, sq);
    let b = (r & occ) | 1;
    r ^ ray(d, 63 - b.leading_zeros())
}

/// Rook reach from `sq` (including the first blocker of each line).
#[inline]
pub(crate) fn rook_attacks(sq: u32, occ: u64) -> u64 {
    up(Dir::N, sq, occ) | up(Dir::E, sq, occ) | down(Dir::S, sq, occ) | down(Dir::W, sq, occ)
}

/// Bishop reach from `sq`.
#[inline]
pub(crate) fn bishop_attacks(sq: u32, occ: u64) -> u64 {
    up(Dir::NE, sq, occ) | up(Dir::NW, sq, occ) | down(Dir::SE, sq, occ) | down(Dir::SW, sq, occ)
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
