//! Move generation, the hot path. Kings are not royal, so every pseudo-legal
//! move is legal; only castling looks at attacked squares. One generic
//! generator feeds either a move list or a counter, so that perft counts the
//! last ply with popcounts instead of listing moves.

use motley_core::movegen::MoveSink;
use motley_core::{Bits, Board8x8, SetGeometry, slider};

use crate::board::{Square, squares};
use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::Joker;
use crate::rules::KingPromotion;

const RANKS: [Bits<1>; 16] = <Board8x8 as SetGeometry<1>>::RANK_MASKS;
const FILES: [Bits<1>; 16] = <Board8x8 as SetGeometry<1>>::FILE_MASKS;
pub(crate) const RANK_1: u64 = RANKS[0].0[0];
pub(crate) const RANK_8: u64 = RANKS[7].0[0];
const RANK_3: u64 = RANKS[2].0[0];
const RANK_4: u64 = RANKS[3].0[0];
const RANK_5: u64 = RANKS[4].0[0];
const RANK_6: u64 = RANKS[5].0[0];
const FILE_A: u64 = FILES[0].0[0];
const FILE_H: u64 = FILES[7].0[0];
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

/// Rook reach from `sq` (including the first blocker of each line): core's
/// single-word slider.
#[inline(always)]
pub(crate) fn rook_attacks(sq: u32, occ: u64) -> u64 {
    slider::rook(Square::new_unchecked(sq as u8), Bits([occ])).0[0]
}

/// Bishop reach from `sq`.
#[inline(always)]
pub(crate) fn bishop_attacks(sq: u32, occ: u64) -> u64 {
    slider::bishop(Square::new_unchecked(sq as u8), Bits([occ])).0[0]
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

/// One move from `from` to each member of `to`.
#[inline(always)]
fn moves_from<S: MoveSink<Move>>(sink: &mut S, from: u8, to: u64) {
    sink.push_set(Bits([to]), |t| Move::normal(from, t));
}

/// One pawn move to each member of `to`, each from `to - delta`.
#[inline(always)]
fn pawn_moves<S: MoveSink<Move>>(sink: &mut S, to: u64, delta: i8) {
    sink.push_set(Bits([to]), |t| Move::normal(t.wrapping_sub(delta as u8), t));
}

/// Promotions to each member of `to` (from `to - delta`) to each of `roles`.
#[inline(always)]
fn promotions<S: MoveSink<Move>>(sink: &mut S, to: u64, delta: i8, roles: &[Role]) {
    if S::COUNTS {
        sink.add(u64::from(to.count_ones()) * roles.len() as u64);
        return;
    }
    for t in Bits([to]) {
        for &r in roles {
            sink.push(Move::promote(t.wrapping_sub(delta as u8), t, r));
        }
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
pub(crate) fn generate<S: MoveSink<Move>>(pos: &Joker, sink: &mut S) {
    let b = &pos.board;
    let us = pos.turn;
    let own = b.by_color[us as usize];
    let them = b.by_color[us.other() as usize];
    let occ = own | them;
    generate_pawns(pos, sink, own, them);
    generate_pieces(pos, sink, own, occ);
    generate_castling(pos, sink, own, occ);
    generate_drops(pos, sink, !occ);
}

/// Feeds the pawn moves of the side to move (`own` its men, `them` the
/// other side's): pushes, double steps, captures, promotions, en passant.
/// Inlined into [`generate`], the hot path, so that the split costs nothing.
#[inline(always)]
fn generate_pawns<S: MoveSink<Move>>(pos: &Joker, sink: &mut S, own: u64, them: u64) {
    let pawns = pos.board.by_role[Role::Pawn as usize] & own;
    if pawns == 0 {
        return;
    }
    let us = pos.turn;
    let empty = !(own | them);
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
            pawn_moves(sink, double, 16);
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
            pawn_moves(sink, double, -16);
            (single, left, right, RANK_1, [-8, -9, -7])
        }
    };
    pawn_moves(sink, push & !last, deltas[0]);
    pawn_moves(sink, left & !last, deltas[1]);
    pawn_moves(sink, right & !last, deltas[2]);
    if (push | left | right) & last != 0 {
        let mut roles = [Role::Pawn; 5];
        let n = promotion_roles(pos, &mut roles);
        let roles = &roles[..n];
        promotions(sink, push & last, deltas[0], roles);
        promotions(sink, left & last, deltas[1], roles);
        promotions(sink, right & last, deltas[2], roles);
    }
    if pos.ep < 64 {
        let from = pawn_attacks(us.other(), u32::from(pos.ep)) & pawns;
        sink.push_set(Bits([from]), |f| Move::normal(f, pos.ep));
    }
}

/// Feeds the moves of the side to move's knights, bishops, rooks, queens and
/// kings (`own` its men, `occ` every man), each piece's reach iterated as
/// typed squares of the 8x8 board. Inlined into [`generate`], the hot path.
#[inline(always)]
fn generate_pieces<S: MoveSink<Move>>(pos: &Joker, sink: &mut S, own: u64, occ: u64) {
    let targets = !own;
    let set = |r: Role| squares(pos.board.by_role[r as usize] & own);
    for sq in set(Role::Knight) {
        moves_from(sink, sq.bit(), Board8x8::knight(sq).0[0] & targets);
    }
    for sq in set(Role::Bishop) {
        moves_from(sink, sq.bit(), slider::bishop(sq, Bits([occ])).0[0] & targets);
    }
    for sq in set(Role::Rook) {
        moves_from(sink, sq.bit(), slider::rook(sq, Bits([occ])).0[0] & targets);
    }
    // A queen's two reaches are disjoint: one set, one count.
    for sq in set(Role::Queen) {
        moves_from(sink, sq.bit(), slider::queen(sq, Bits([occ])).0[0] & targets);
    }
    for sq in set(Role::King) {
        moves_from(sink, sq.bit(), Board8x8::king(sq).0[0] & targets);
    }
}

/// Feeds the castling moves (Black only; the rights imply king on e8 and
/// rook on its corner), `own` being Black's men and `occ` every man.
/// Inlined into [`generate`], the hot path.
#[inline(always)]
fn generate_castling<S: MoveSink<Move>>(pos: &Joker, sink: &mut S, own: u64, occ: u64) {
    let mine = |r: Role| pos.board.by_role[r as usize] & own;
    if pos.castling == 0 || pos.turn != Color::Black || mine(Role::King) & (1 << E8) == 0 {
        return;
    }
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
        sink.push(Move::normal(E8, G8));
    }
    if pos.castling & 2 != 0
        && rooks & (1 << A8) != 0
        && occ & (1 << B8 | 1 << C8 | 1 << D8) == 0
        && safe(&[E8, D8, C8])
    {
        sink.push(Move::normal(E8, C8));
    }
}

/// Feeds the drops from the side to move's Joker Reserve onto the `empty`
/// squares (pawns on ranks 3 to 6 only). Inlined into [`generate`], the hot
/// path.
#[inline(always)]
fn generate_drops<S: MoveSink<Move>>(pos: &Joker, sink: &mut S, empty: u64) {
    let reserve = pos.reserve[pos.turn as usize];
    if reserve == [0; 3] {
        return;
    }
    if reserve[0] != 0 {
        sink.push_set(Bits([empty & PAWN_DROP_RANKS]), |t| Move::drop(Role::Pawn, t));
    }
    if reserve[1] != 0 {
        sink.push_set(Bits([empty]), |t| Move::drop(Role::Knight, t));
    }
    if reserve[2] != 0 {
        sink.push_set(Bits([empty]), |t| Move::drop(Role::Bishop, t));
    }
}
