//! The square aliases over motley-core's 8x8 geometry, and [`Board`]: the placement of the pieces, kept twice — as square sets per
//! colour and per role (for generation) and as a mailbox (for "what is on this
//! square") — plus the set of promoted pieces.

use crate::piece::{Color, Piece, Role};
use motley_core::{Bits, Board8x8, SetGeometry, slider};

/// A square of the 8x8 board (`a1` = 0, `h8` = 63).
pub type Square = motley_core::Square<Board8x8>;

/// A set of squares of the 8x8 board (bit `i` is the square with index `i`),
/// iterating [`Square`]s.
pub type SquareSet = motley_core::SquareSet<Board8x8, 1>;

/// The square with index `i` (`a1` = 0), for the named squares below.
const fn sq(i: u8) -> Square {
    Square::new_unchecked(i)
}

pub(crate) const A8: Square = sq(56);
pub(crate) const B8: Square = sq(57);
pub(crate) const C8: Square = sq(58);
pub(crate) const D8: Square = sq(59);
pub(crate) const E8: Square = sq(60);
pub(crate) const F8: Square = sq(61);
pub(crate) const G8: Square = sq(62);
pub(crate) const H8: Square = sq(63);

const RANKS: [Bits<1>; 16] = <Board8x8 as SetGeometry<1>>::RANK_MASKS;
const FILES: [Bits<1>; 16] = <Board8x8 as SetGeometry<1>>::FILE_MASKS;
/// Rank `r` (0 = rank 1) as a set.
const fn rank(r: usize) -> SquareSet {
    SquareSet::from_bits(RANKS[r])
}
pub(crate) const RANK_1: SquareSet = rank(0);
pub(crate) const RANK_3: SquareSet = rank(2);
pub(crate) const RANK_4: SquareSet = rank(3);
pub(crate) const RANK_5: SquareSet = rank(4);
pub(crate) const RANK_6: SquareSet = rank(5);
pub(crate) const RANK_8: SquareSet = rank(7);
pub(crate) const FILE_A: SquareSet = SquareSet::from_bits(FILES[0]);
pub(crate) const FILE_H: SquareSet = SquareSet::from_bits(FILES[7]);
/// Where pawns may be dropped: ranks 3 to 6 (§3).
pub(crate) const PAWN_DROP_RANKS: SquareSet = SquareSet::from_bits(Bits([RANK_3.bits().0[0]
    | RANK_4.bits().0[0]
    | RANK_5.bits().0[0]
    | RANK_6.bits().0[0]]));

/// `set` moved `n` ranks up (`n > 0`, towards rank 8) or down; squares
/// pushed off the board are dropped. Pawn pushes shift whole sets.
#[inline(always)]
pub(crate) const fn shift(set: SquareSet, n: i8) -> SquareSet {
    let b = set.bits().0[0];
    SquareSet::from_bits(Bits([if n >= 0 { b << n as u32 } else { b >> (-n) as u32 }]))
}

/// Rook reach from `sq` (including the first blocker of each line).
#[inline(always)]
pub(crate) fn rook_attacks(sq: Square, occ: SquareSet) -> SquareSet {
    SquareSet::from_bits(slider::rook(sq, occ.bits()))
}

/// Bishop reach from `sq` (including the first blocker of each line).
#[inline(always)]
pub(crate) fn bishop_attacks(sq: Square, occ: SquareSet) -> SquareSet {
    SquareSet::from_bits(slider::bishop(sq, occ.bits()))
}

/// Queen reach from `sq` (including the first blocker of each line).
#[inline(always)]
pub(crate) fn queen_attacks(sq: Square, occ: SquareSet) -> SquareSet {
    SquareSet::from_bits(slider::queen(sq, occ.bits()))
}

/// Knight reach from `sq`.
#[inline(always)]
pub(crate) fn knight_attacks(sq: Square) -> SquareSet {
    SquareSet::from_bits(<Board8x8 as SetGeometry<1>>::knight(sq))
}

/// King reach from `sq`.
#[inline(always)]
pub(crate) fn king_attacks(sq: Square) -> SquareSet {
    SquareSet::from_bits(<Board8x8 as SetGeometry<1>>::king(sq))
}

/// The squares the pawns of `color` in `pawns` attack (§1).
#[inline(always)]
pub(crate) const fn pawn_attacks(color: Color, pawns: SquareSet) -> SquareSet {
    let left = pawns.bits().0[0] & !FILE_A.bits().0[0];
    let right = pawns.bits().0[0] & !FILE_H.bits().0[0];
    SquareSet::from_bits(Bits([match color {
        Color::White => (left << 7) | (right << 9),
        Color::Black => (left >> 9) | (right >> 7),
    }]))
}

/// The pieces on the 8x8 board.
///
/// ```
/// use motley_joker::{Board, Color, Piece, Role};
/// let board = Board::start();
/// assert_eq!(board.piece_at("e8".parse()?), Some(Piece::new(Color::Black, Role::King)));
/// assert_eq!(board.by_piece(Piece::new(Color::White, Role::Queen)).count(), 2);
/// assert_eq!(board.occupied().count(), 32);
/// # Ok::<(), motley_core::ParseSquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) by_color: [SquareSet; 2],
    pub(crate) by_role: [SquareSet; 6],
    pub(crate) promoted: SquareSet,
    /// The role on each square (the colour is the square's member of
    /// `by_color`): one byte a square keeps the position small to copy.
    pub(crate) mailbox: [Option<Role>; 64],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// The empty board.
    #[must_use]
    pub const fn empty() -> Board {
        Board {
            by_color: [SquareSet::EMPTY; 2],
            by_role: [SquareSet::EMPTY; 6],
            promoted: SquareSet::EMPTY,
            mailbox: [None; 64],
        }
    }

    /// The start placement: `RNBQQBNR` and pawns for White, `rnbkkbnr` and pawns for Black (§1).
    #[must_use]
    pub fn start() -> Board {
        let mut b = Board::empty();
        let back = |c: Color| {
            let k = if c == Color::White { Role::Queen } else { Role::King };
            [Role::Rook, Role::Knight, Role::Bishop, k, k, Role::Bishop, Role::Knight, Role::Rook]
        };
        for (file, role) in (0u8..).zip(back(Color::White)) {
            b.put(sq(file), Piece::new(Color::White, role));
            b.put(sq(8 + file), Piece::new(Color::White, Role::Pawn));
        }
        for (file, role) in (0u8..).zip(back(Color::Black)) {
            b.put(sq(56 + file), Piece::new(Color::Black, role));
            b.put(sq(48 + file), Piece::new(Color::Black, Role::Pawn));
        }
        b
    }

    /// The piece on `sq`.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = self.mailbox[sq.index()]?;
        Some(Piece::new(self.color_at(sq), role))
    }

    /// The colour of the piece on the occupied square `sq`.
    #[inline(always)]
    fn color_at(&self, sq: Square) -> Color {
        if self.by_color[0].contains(sq) { Color::White } else { Color::Black }
    }

    /// Whether the piece on `sq` is a promoted pawn (printed with `~`).
    #[inline]
    #[must_use]
    pub fn is_promoted(&self, sq: Square) -> bool {
        self.promoted.contains(sq)
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> SquareSet {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    #[must_use]
    pub const fn by_color(&self, color: Color) -> SquareSet {
        self.by_color[color as usize]
    }

    /// The squares of pieces of `role`, either colour.
    #[inline]
    #[must_use]
    pub const fn by_role(&self, role: Role) -> SquareSet {
        self.by_role[role as usize]
    }

    /// The squares of `piece`.
    #[inline]
    #[must_use]
    pub fn by_piece(&self, piece: Piece) -> SquareSet {
        self.by_color[piece.color as usize] & self.by_role[piece.role as usize]
    }

    /// The squares of promoted pieces.
    #[inline]
    #[must_use]
    pub const fn promoted(&self) -> SquareSet {
        self.promoted
    }

    /// Puts `piece` on `sq`, replacing what was there; `promoted` marks it as
    /// a promoted pawn.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>, promoted: bool) {
        self.remove(sq);
        if let Some(p) = piece {
            self.put(sq, p);
            if promoted {
                self.promoted.add(sq);
            }
        }
    }

    /// Puts `piece` on the empty square `sq` (unpromoted).
    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.by_color[piece.color as usize].add(sq);
        self.by_role[piece.role as usize].add(sq);
        self.mailbox[sq.index()] = Some(piece.role);
    }

    /// Empties `sq`, returning the piece and whether it was promoted.
    #[inline]
    pub(crate) fn remove(&mut self, sq: Square) -> Option<(Piece, bool)> {
        let piece = Piece::new(self.color_at(sq), self.mailbox[sq.index()].take()?);
        self.by_color[piece.color as usize].remove(sq);
        self.by_role[piece.role as usize].remove(sq);
        let promoted = self.promoted.contains(sq);
        self.promoted.remove(sq);
        Some((piece, promoted))
    }

    /// Whether a piece of `by` attacks `sq` when `occ` is occupied (castling's
    /// safe squares, §2).
    pub(crate) fn is_attacked(&self, by: Color, sq: Square, occ: SquareSet) -> bool {
        let them = self.by_color[by as usize];
        let r = |role: Role| self.by_role[role as usize] & them;
        let queens = r(Role::Queen);
        knight_attacks(sq).intersects(r(Role::Knight))
            || king_attacks(sq).intersects(r(Role::King))
            || pawn_attacks(by.other(), SquareSet::from_square(sq)).intersects(r(Role::Pawn))
            || bishop_attacks(sq, occ).intersects(r(Role::Bishop) | queens)
            || rook_attacks(sq, occ).intersects(r(Role::Rook) | queens)
    }

    /// Every `(square, piece)`, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().iter().filter_map(|sq| Some((sq, self.piece_at(sq)?)))
    }
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let c = self.piece_at(sq(rank * 8 + file)).map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
