//! The square aliases over motley-core's 8x8 geometry, and [`Board`]: the placement of the pieces, kept twice — as square sets per
//! colour and per role (for generation) and as a mailbox (for "what is on this
//! square") — plus the set of promoted pieces.

use crate::piece::{Color, Piece, Role};
use motley_core::{Bits, Board8x8};

/// A square of the 8x8 board (`a1` = 0, `h8` = 63).
pub type Square = motley_core::Square<Board8x8>;

/// A set of squares of the 8x8 board (bit `i` is the square with index `i`),
/// iterating [`Square`]s.
pub type SquareSet = motley_core::SquareSet<Board8x8, 1>;

/// The typed set of the raw bitboard `bits` (the generator works on `u64`
/// shifts; everything that walks a set walks typed squares).
#[inline]
#[must_use]
pub(crate) const fn squares(bits: u64) -> SquareSet {
    SquareSet::from_bits(Bits([bits]))
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
    pub(crate) by_color: [u64; 2],
    pub(crate) by_role: [u64; 6],
    pub(crate) promoted: u64,
    pub(crate) mailbox: [u8; 64],
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
        Board { by_color: [0; 2], by_role: [0; 6], promoted: 0, mailbox: [0; 64] }
    }

    /// The start placement: `RNBQQBNR` and pawns for White, `rnbkkbnr` and pawns for Black.
    #[must_use]
    pub fn start() -> Board {
        let mut b = Board::empty();
        let back = |c: Color| {
            let k = if c == Color::White { Role::Queen } else { Role::King };
            [Role::Rook, Role::Knight, Role::Bishop, k, k, Role::Bishop, Role::Knight, Role::Rook]
        };
        for (file, role) in back(Color::White).into_iter().enumerate() {
            b.put_raw(file as u8, Piece::new(Color::White, role));
            b.put_raw(8 + file as u8, Piece::new(Color::White, Role::Pawn));
        }
        for (file, role) in back(Color::Black).into_iter().enumerate() {
            b.put_raw(56 + file as u8, Piece::new(Color::Black, role));
            b.put_raw(48 + file as u8, Piece::new(Color::Black, Role::Pawn));
        }
        b
    }

    /// The piece on `sq`.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.piece_at_index(sq.bit())
    }

    #[inline]
    pub(crate) fn piece_at_index(&self, sq: u8) -> Option<Piece> {
        match self.mailbox[usize::from(sq)] {
            0 => None,
            code => Some(Piece::from_code(code)),
        }
    }

    /// Whether the piece on `sq` is a promoted pawn (printed with `~`).
    #[inline]
    #[must_use]
    pub fn is_promoted(&self, sq: Square) -> bool {
        self.promoted >> sq.bit() & 1 != 0
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub const fn occupied(&self) -> SquareSet {
        squares(self.by_color[0] | self.by_color[1])
    }

    /// The squares of `color`'s pieces.
    #[inline]
    #[must_use]
    pub const fn by_color(&self, color: Color) -> SquareSet {
        squares(self.by_color[color as usize])
    }

    /// The squares of pieces of `role`, either colour.
    #[inline]
    #[must_use]
    pub const fn by_role(&self, role: Role) -> SquareSet {
        squares(self.by_role[role as usize])
    }

    /// The squares of `piece`.
    #[inline]
    #[must_use]
    pub const fn by_piece(&self, piece: Piece) -> SquareSet {
        squares(self.by_color[piece.color as usize] & self.by_role[piece.role as usize])
    }

    /// The squares of promoted pieces.
    #[inline]
    #[must_use]
    pub const fn promoted(&self) -> SquareSet {
        squares(self.promoted)
    }

    /// Puts `piece` on `sq`, replacing what was there; `promoted` marks it as
    /// a promoted pawn.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>, promoted: bool) {
        let i = sq.bit();
        self.remove_raw(i);
        if let Some(p) = piece {
            self.put_raw(i, p);
            if promoted {
                self.promoted |= 1 << i;
            }
        }
    }

    /// Puts `piece` on the empty square `sq`.
    #[inline]
    pub(crate) fn put_raw(&mut self, sq: u8, piece: Piece) {
        let bit = 1u64 << sq;
        self.by_color[piece.color as usize] |= bit;
        self.by_role[piece.role as usize] |= bit;
        self.mailbox[usize::from(sq)] = piece.code();
    }

    /// Empties `sq`, returning the piece and whether it was promoted.
    #[inline]
    pub(crate) fn remove_raw(&mut self, sq: u8) -> Option<(Piece, bool)> {
        let code = self.mailbox[usize::from(sq)];
        if code == 0 {
            return None;
        }
        let piece = Piece::from_code(code);
        let bit = 1u64 << sq;
        self.by_color[piece.color as usize] &= !bit;
        self.by_role[piece.role as usize] &= !bit;
        self.mailbox[usize::from(sq)] = 0;
        let promoted = self.promoted & bit != 0;
        self.promoted &= !bit;
        Some((piece, promoted))
    }

    /// Every `(square, piece)`, `a1` first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied().iter().map(|sq| (sq, Piece::from_code(self.mailbox[sq.index()])))
    }
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let c = self.piece_at_index(rank * 8 + file).map_or('.', Piece::char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
