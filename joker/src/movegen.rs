//! Move generation and make, the hot path. Kings are not royal (§2), so
//! every pseudo-legal move is legal; only castling looks at attacked squares.
//! One generic walk of the movement rules ([`Joker::walk`]) feeds any
//! [`MoveSink`]: the move list, a counter (perft's last ply,
//! [`Position::count_legal`](motley_core::Position::count_legal)), or a
//! search for a first match. [`MoveGen::make`] plays a move and updates the
//! stored Zobrist hash by xoring keys out and in.

use motley_core::movegen::{MoveGen, MoveSink};

use crate::board::{
    A8, B8, C8, D8, E8, F8, FILE_A, FILE_H, G8, H8, PAWN_DROP_RANKS, RANK_1, RANK_3, RANK_4, RANK_5, RANK_6,
    RANK_8, Square, SquareSet, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks,
    rook_attacks, shift,
};
use crate::moves::Move;
use crate::piece::{Color, Piece, Role};
use crate::position::Joker;
use crate::rules::{KingPromotion, PromotedRespawn};
use crate::zobrist::KEYS;

/// One move from `from` to each member of `to`.
#[inline(always)]
fn moves_from<S: MoveSink<Move>>(sink: &mut S, from: Square, to: SquareSet) {
    sink.push_set(to.bits(), |t| Move::normal(from, Square::new_unchecked(t)));
}

/// One pawn move to each member of `to`, each from `delta` ranks behind
/// (`delta` in square indices: 8 a rank up, -8 a rank down, ±1 a file).
#[inline(always)]
fn pawn_moves<S: MoveSink<Move>>(sink: &mut S, to: SquareSet, delta: i8) {
    sink.push_set(to.bits(), |t| {
        Move::normal(Square::new_unchecked(t.wrapping_sub(delta as u8)), Square::new_unchecked(t))
    });
}

/// Promotions to each member of `to` (from `delta` behind) to each of `roles` (§4).
#[inline(always)]
fn promotions<S: MoveSink<Move>>(sink: &mut S, to: SquareSet, delta: i8, roles: &[Role]) {
    if S::COUNTS {
        sink.add(u64::from(to.count()) * roles.len() as u64);
        return;
    }
    for t in to {
        let from = Square::new_unchecked(t.bit().wrapping_sub(delta as u8));
        for &r in roles {
            sink.push(Move::promote(from, t, r));
        }
    }
}

const WHITE_PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
const BLACK_PROMOTIONS: [Role; 5] = [Role::Rook, Role::Knight, Role::Bishop, Role::Queen, Role::King];

/// The squares castling needs empty, king side and queen side (§2).
const KING_SIDE_PATH: SquareSet = SquareSet::EMPTY.with(F8).with(G8);
const QUEEN_SIDE_PATH: SquareSet = SquareSet::EMPTY.with(B8).with(C8).with(D8);

/// Castling rights kept when a move touches `sq` (§2).
const fn castle_mask(sq: Square) -> u8 {
    let i = sq.bit();
    if i == E8.bit() {
        0
    } else if i == H8.bit() {
        !1
    } else if i == A8.bit() {
        !2
    } else {
        !0
    }
}

impl Joker {
    /// The promotion choices of the side to move (§4), a prefix of `buf`.
    #[inline]
    fn promotion_roles(&self, buf: &mut [Role; 5]) -> usize {
        match self.turn {
            Color::White => {
                buf[..4].copy_from_slice(&WHITE_PROMOTIONS);
                4
            }
            Color::Black => {
                let mut n = 3;
                buf[..3].copy_from_slice(&BLACK_PROMOTIONS[..3]);
                if self.rules.black_queen_promotion {
                    buf[n] = Role::Queen;
                    n += 1;
                }
                let king = match self.rules.black_king_promotion {
                    KingPromotion::WhileOneKing => {
                        self.board.by_piece(Piece::new(Color::Black, Role::King)).count() == 1
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
    /// (callers check [`Joker::end_by_state`] first) into `sink`: the one walk
    /// of the movement rules.
    #[inline]
    pub(crate) fn walk<S: MoveSink<Move>>(&self, sink: &mut S) {
        let b = &self.board;
        let us = self.turn;
        let own = b.by_color[us as usize];
        let them = b.by_color[us.other() as usize];
        let occ = own | them;
        // (`done` is a constant `false` for every sink but a first-match search.)
        self.walk_pawns(sink, own, them);
        if sink.done() {
            return;
        }
        self.walk_pieces(sink, own, occ);
        if sink.done() {
            return;
        }
        self.walk_castling(sink, own, occ);
        self.walk_drops(sink, !occ);
    }

    /// Feeds the pawn moves of the side to move (`own` its men, `them` the
    /// other side's): pushes, double steps, captures, promotions, en passant
    /// (§1, §4). Inlined into [`Joker::walk`], the hot path.
    #[inline(always)]
    fn walk_pawns<S: MoveSink<Move>>(&self, sink: &mut S, own: SquareSet, them: SquareSet) {
        let pawns = self.board.by_role[Role::Pawn as usize] & own;
        if pawns.is_empty() {
            return;
        }
        let us = self.turn;
        let empty = !(own | them);
        let third = self.rules.third_rank_double_step;
        let (not_a, not_h) = (pawns - FILE_A, pawns - FILE_H);
        let (push, left, right, last, deltas) = match us {
            Color::White => {
                let single = shift(pawns, 8) & empty;
                let mut from2 = single & RANK_3;
                if third {
                    from2 |= single & RANK_4;
                }
                let double = shift(from2, 8) & empty;
                let left = shift(not_a, 7) & them;
                let right = shift(not_h, 9) & them;
                pawn_moves(sink, double, 16);
                (single, left, right, RANK_8, [8, 7, 9])
            }
            Color::Black => {
                let single = shift(pawns, -8) & empty;
                let mut from2 = single & RANK_6;
                if third {
                    from2 |= single & RANK_5;
                }
                let double = shift(from2, -8) & empty;
                let left = shift(not_a, -9) & them;
                let right = shift(not_h, -7) & them;
                pawn_moves(sink, double, -16);
                (single, left, right, RANK_1, [-8, -9, -7])
            }
        };
        pawn_moves(sink, push - last, deltas[0]);
        pawn_moves(sink, left - last, deltas[1]);
        pawn_moves(sink, right - last, deltas[2]);
        if (push | left | right).intersects(last) {
            let mut roles = [Role::Pawn; 5];
            let n = self.promotion_roles(&mut roles);
            let roles = &roles[..n];
            promotions(sink, push & last, deltas[0], roles);
            promotions(sink, left & last, deltas[1], roles);
            promotions(sink, right & last, deltas[2], roles);
        }
        if let Some(ep) = self.ep {
            let from = pawn_attacks(us.other(), SquareSet::from_square(ep)) & pawns;
            moves_to(sink, from, ep);
        }
    }

    /// Feeds the moves of the side to move's knights, bishops, rooks, queens and
    /// kings (`own` its men, `occ` every man; §1). Inlined into
    /// [`Joker::walk`], the hot path.
    #[inline(always)]
    fn walk_pieces<S: MoveSink<Move>>(&self, sink: &mut S, own: SquareSet, occ: SquareSet) {
        let targets = !own;
        let set = |r: Role| self.board.by_role[r as usize] & own;
        for sq in set(Role::Knight) {
            moves_from(sink, sq, knight_attacks(sq) & targets);
        }
        for sq in set(Role::Bishop) {
            moves_from(sink, sq, bishop_attacks(sq, occ) & targets);
        }
        for sq in set(Role::Rook) {
            moves_from(sink, sq, rook_attacks(sq, occ) & targets);
        }
        // A queen's two reaches are disjoint: one set, one count.
        for sq in set(Role::Queen) {
            moves_from(sink, sq, queen_attacks(sq, occ) & targets);
        }
        for sq in set(Role::King) {
            moves_from(sink, sq, king_attacks(sq) & targets);
        }
    }

    /// Feeds the castling moves (Black only; the rights imply king on e8 and
    /// rook on its corner; §2), `own` being Black's men and `occ` every man.
    /// Inlined into [`Joker::walk`], the hot path.
    #[inline(always)]
    fn walk_castling<S: MoveSink<Move>>(&self, sink: &mut S, own: SquareSet, occ: SquareSet) {
        let mine = |r: Role| self.board.by_role[r as usize] & own;
        if self.castling == 0 || self.turn != Color::Black || !mine(Role::King).contains(E8) {
            return;
        }
        let rooks = mine(Role::Rook);
        let safe = |sqs: &[Square]| {
            !self.rules.castling_needs_safe_squares
                || sqs.iter().all(|&s| !self.board.is_attacked(Color::White, s, occ))
        };
        if self.castling & 1 != 0
            && rooks.contains(H8)
            && !occ.intersects(KING_SIDE_PATH)
            && safe(&[E8, F8, G8])
        {
            sink.push(Move::normal(E8, G8));
        }
        if self.castling & 2 != 0
            && rooks.contains(A8)
            && !occ.intersects(QUEEN_SIDE_PATH)
            && safe(&[E8, D8, C8])
        {
            sink.push(Move::normal(E8, C8));
        }
    }

    /// Feeds the drops from the side to move's Joker Reserve onto the `empty`
    /// squares (pawns on ranks 3 to 6 only; §3). Inlined into
    /// [`Joker::walk`], the hot path.
    #[inline(always)]
    fn walk_drops<S: MoveSink<Move>>(&self, sink: &mut S, empty: SquareSet) {
        let reserve = self.reserve[self.turn as usize];
        if reserve == [0; 3] {
            return;
        }
        let drops = |sink: &mut S, role: Role, to: SquareSet| {
            sink.push_set(to.bits(), |t| Move::drop(role, Square::new_unchecked(t)));
        };
        if reserve[0] != 0 {
            drops(sink, Role::Pawn, empty & PAWN_DROP_RANKS);
        }
        if reserve[1] != 0 {
            drops(sink, Role::Knight, empty);
        }
        if reserve[2] != 0 {
            drops(sink, Role::Bishop, empty);
        }
    }

    /// Empties `sq`, xoring its piece and mark out of the hash if `HASH`;
    /// returns the piece and whether it was promoted.
    #[inline(always)]
    fn lift<const HASH: bool>(&mut self, sq: Square) -> Option<(Piece, bool)> {
        let (piece, promoted) = self.board.remove(sq)?;
        if HASH {
            self.hash ^= KEYS.piece(piece, sq);
            if promoted {
                self.hash ^= KEYS.promoted[sq.index()];
            }
        }
        Some((piece, promoted))
    }

    /// Puts `piece` on the empty square `sq` (marked promoted if
    /// `promoted`), xoring it into the hash if `HASH`.
    #[inline(always)]
    fn place<const HASH: bool>(&mut self, sq: Square, piece: Piece, promoted: bool) {
        self.board.put(sq, piece);
        if HASH {
            self.hash ^= KEYS.piece(piece, sq);
        }
        if promoted {
            self.board.promoted.add(sq);
            if HASH {
                self.hash ^= KEYS.promoted[sq.index()];
            }
        }
    }

    /// Plays a drop of `role` on `to` for the side to move (§3).
    #[inline(always)]
    fn make_drop<const HASH: bool>(&mut self, role: Role, to: Square) {
        let us = self.turn;
        if let Some(n) = self.reserve[us as usize].get_mut(role as usize) {
            let before = *n;
            *n = before.saturating_sub(1);
            let after = *n;
            if HASH {
                self.hash ^= KEYS.reserve(us, role, before) ^ KEYS.reserve(us, role, after);
            }
        }
        self.lift::<HASH>(to);
        self.place::<HASH>(to, Piece::new(us, role), false);
        self.clock = if role == Role::Pawn && self.rules.pawn_drop_resets_clock {
            0
        } else {
            self.clock.saturating_add(1)
        };
        self.ep = None;
    }

    /// Plays the move `from`–`to` (promoting to `promotion`) for the side to
    /// move: captures (en passant too) respawn at once, castling moves the
    /// rook (§1, §2, §3). Returns `false`, changing nothing, if `from` is empty.
    #[inline(always)]
    fn make_normal<const HASH: bool>(&mut self, from: Square, to: Square, promotion: Option<Role>) -> bool {
        let us = self.turn;
        let Some((piece, promoted)) = self.lift::<HASH>(from) else {
            return false;
        };
        let pawn = piece.role == Role::Pawn;
        let mut capture_sq = to;
        if pawn && self.ep == Some(to) {
            // The pawn passed by en passant stands one rank behind `to` (§1).
            capture_sq = Square::new_unchecked(if us == Color::White { to.bit() - 8 } else { to.bit() + 8 });
        }
        let captured = self.lift::<HASH>(capture_sq);
        match promotion {
            Some(role) => self.place::<HASH>(to, Piece::new(us, role), true),
            None => self.place::<HASH>(to, piece, promoted),
        }
        if piece.role == Role::King && from == E8 && (to == G8 || to == C8) {
            let (rf, rt) = if to == G8 { (H8, F8) } else { (A8, D8) };
            if let Some((rook, _)) = self.lift::<HASH>(rf) {
                self.place::<HASH>(rt, rook, false);
            }
        }
        self.castling &= castle_mask(from) & castle_mask(to);
        self.ep = None;
        if pawn && from.bit().abs_diff(to.bit()) == 16 {
            let passed = Square::new_unchecked((from.bit() + to.bit()) / 2);
            let their_pawns = self.board.by_piece(Piece::new(us.other(), Role::Pawn));
            if pawn_attacks(us, SquareSet::from_square(passed)).intersects(their_pawns) {
                self.ep = Some(passed);
            }
        }
        self.clock = if pawn || captured.is_some() { 0 } else { self.clock.saturating_add(1) };
        if let Some((victim, was_promoted)) = captured {
            self.respawn::<HASH>(victim, was_promoted, capture_sq);
        }
        true
    }

    /// Brings a captured piece back from its owner's bench: onto the first
    /// free home square, else into the Joker Reserve (§3).
    #[inline]
    fn respawn<const HASH: bool>(&mut self, victim: Piece, promoted: bool, capture_sq: Square) {
        let role = if promoted && self.rules.promoted_respawn == PromotedRespawn::AsPawn {
            Role::Pawn
        } else {
            victim.role
        };
        if !role.respawns() {
            return;
        }
        let color = victim.color;
        let (c, k) = (color as usize, role as usize);
        let bench = self.bench[c][k];
        if bench == 0 {
            return;
        }
        self.bench[c][k] = bench - 1;
        if HASH {
            self.hash ^= KEYS.bench(color, role, bench) ^ KEYS.bench(color, role, bench - 1);
        }
        let occ = self.board.occupied();
        let file = capture_sq.bit() & 7;
        let homes: [u8; 2] = match (color, role) {
            (Color::White, Role::Pawn) => [8 + file, 8 + file],
            (Color::Black, Role::Pawn) => [48 + file, 48 + file],
            (Color::White, Role::Knight) => [1, 6],
            (Color::Black, Role::Knight) => [57, 62],
            (Color::White, _) => [2, 5],
            (Color::Black, _) => [58, 61],
        };
        for home in homes.map(Square::new_unchecked) {
            if !occ.contains(home) {
                self.place::<HASH>(home, Piece::new(color, role), false);
                return;
            }
        }
        let n = self.reserve[c][k];
        self.reserve[c][k] = n + 1;
        if HASH {
            self.hash ^= KEYS.reserve(color, role, n) ^ KEYS.reserve(color, role, n + 1);
        }
    }
}

/// One move to `to` from each member of `from`.
#[inline(always)]
fn moves_to<S: MoveSink<Move>>(sink: &mut S, from: SquareSet, to: Square) {
    sink.push_set(from.bits(), |f| Move::normal(Square::new_unchecked(f), to));
}

/// The generator behind every listing, counting and perft: legal moves (none
/// once the game is over by its state), and make.
impl MoveGen for Joker {
    type Move = Move;

    #[inline]
    fn generate<S: MoveSink<Move>>(&self, sink: &mut S) {
        if self.end_by_state().is_none() {
            self.walk(sink);
        }
    }

    /// Plays `mv`, which must be legal (anything else leaves an unspecified
    /// but memory-safe position), updating the stored hash.
    #[inline]
    fn make(&mut self, mv: Move) {
        self.play_move::<true>(mv);
    }

    /// `make` without the hash: perft's children are generated from and
    /// dropped, and nothing in generation reads it.
    #[inline]
    fn make_for_count(&mut self, mv: Move) {
        self.play_move::<false>(mv);
    }
}

impl Joker {
    /// The position after the side to move passes, the search's null move
    /// (see `motley_core::search::Evaluate::null_move`): the other side to
    /// move, the en passant right lapsed, the clock and ply count advanced
    /// as by a quiet move, the hash updated to match.
    #[cfg(feature = "search")]
    pub(crate) fn passed(&self) -> Joker {
        let mut next = *self;
        next.ep = None;
        next.clock = self.clock.saturating_add(1);
        next.ply = self.ply.saturating_add(1);
        next.turn = self.turn.other();
        next.hash ^=
            KEYS.black_to_move ^ KEYS.counters_step(self.clock, next.clock, self.ply) ^ KEYS.ep(self.ep);
        next
    }

    /// Plays `mv` (see [`MoveGen::make`]), updating the stored hash only if
    /// `HASH`.
    #[inline(always)]
    fn play_move<const HASH: bool>(&mut self, mv: Move) {
        let (castling, ep, clock, ply) = (self.castling, self.ep, self.clock, self.ply);
        match mv {
            Move::Drop { role, to } => self.make_drop::<HASH>(role, to),
            Move::Normal { from, to, promotion } => {
                if !self.make_normal::<HASH>(from, to, promotion) {
                    return;
                }
            }
        }
        self.ply = self.ply.saturating_add(1);
        self.turn = self.turn.other();
        if HASH {
            let mut delta = KEYS.black_to_move ^ KEYS.counters_step(clock, self.clock, ply);
            if castling != self.castling {
                delta ^= KEYS.castling[usize::from(castling)] ^ KEYS.castling[usize::from(self.castling)];
            }
            if ep.is_some() || self.ep.is_some() {
                delta ^= KEYS.ep(ep) ^ KEYS.ep(self.ep);
            }
            self.hash ^= delta;
        }
    }
}
