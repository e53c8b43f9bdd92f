//! The nouns of Joker's Chess: [`Color`], [`Role`], [`Piece`].

use core::fmt;

motley_core::key_enum! {
    /// A side: White (seat 0, moves first) or Black (seat 1).
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub enum Color {
        /// White: two queens, no king.
        White,
        /// Black: two kings, no queen.
        Black,
    }
}

impl Color {
    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `"white"` or `"black"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// The side-to-move letter of the position string: `w` or `b`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

motley_core::key_enum! {
    /// A kind of piece. The first three ([`Role::Pawn`], [`Role::Knight`],
    /// [`Role::Bishop`]) are the kinds that respawn and can sit on a bench or in a
    /// Joker Reserve.
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub enum Role {
        /// Pawn.
        Pawn,
        /// Knight.
        Knight,
        /// Bishop.
        Bishop,
        /// Rook.
        Rook,
        /// Queen.
        Queen,
        /// King (not royal in this variant).
        King,
    }
}

impl Role {
    /// The kinds that respawn and that benches and Joker Reserves hold.
    pub const RESPAWNING: [Role; 3] = [Role::Pawn, Role::Knight, Role::Bishop];

    /// The lower-case name (`"pawn"`, `"knight"`, …, `"king"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        ["pawn", "knight", "bishop", "rook", "queen", "king"][self as usize]
    }

    /// The lower-case letter (`p n b r q k`).
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'p',
            Role::Knight => 'n',
            Role::Bishop => 'b',
            Role::Rook => 'r',
            Role::Queen => 'q',
            Role::King => 'k',
        }
    }

    /// The upper-case letter (`P N B R Q K`).
    #[must_use]
    pub const fn upper_char(self) -> char {
        self.char().to_ascii_uppercase()
    }

    /// The role of a letter of either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_lowercase() {
            'p' => Some(Role::Pawn),
            'n' => Some(Role::Knight),
            'b' => Some(Role::Bishop),
            'r' => Some(Role::Rook),
            'q' => Some(Role::Queen),
            'k' => Some(Role::King),
            _ => None,
        }
    }

    /// Whether pieces of this kind respawn (pawn, knight, bishop).
    #[inline]
    #[must_use]
    pub const fn respawns(self) -> bool {
        (self as u8) < 3
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A coloured piece.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The FEN letter: upper case for White, lower case for Black.
    #[must_use]
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper_char(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece of a FEN letter.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => {
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                Some(Piece { color, role })
            }
            None => None,
        }
    }

    /// The index of the piece among the 12: `role + 6 * color` (White's first).
    #[inline]
    #[must_use]
    pub(crate) const fn index(self) -> usize {
        self.role as usize + 6 * self.color as usize
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_and_chars_roundtrip() {
        let mut seen = [false; 12];
        for color in Color::ALL {
            for role in Role::ALL {
                let p = Piece::new(color, role);
                assert!(!core::mem::replace(&mut seen[p.index()], true));
                assert_eq!(Piece::from_char(p.char()), Some(p));
            }
        }
        assert_eq!(Piece::from_char('x'), None);
        assert!(Role::Bishop.respawns() && !Role::Rook.respawns());
    }
}
