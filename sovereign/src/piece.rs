//! The nouns of the game: the twelve army [`Color`]s, the six [`Role`]s and a [`Piece`].

use core::fmt;

use motley_core::Rgb;

motley_core::key_enum! {
    /// One of the twelve army colours (§2). The declaration order is the index
    /// order used by every table; the letter is the one of the community FEN.
    #[repr(u8)]
    pub enum Color {
        /// White (`w`), achromatic.
        White,
        /// Ash, light grey (`a`), achromatic.
        Ash,
        /// Slate, dark grey (`s`), achromatic.
        Slate,
        /// Black (`b`), achromatic.
        Black,
        /// Pink (`p`).
        Pink,
        /// Red (`r`).
        Red,
        /// Orange (`o`).
        Orange,
        /// Yellow (`y`).
        Yellow,
        /// Green (`g`).
        Green,
        /// Cyan, light blue (`c`).
        Cyan,
        /// Navy, dark blue (`n`).
        Navy,
        /// Violet (`v`).
        Violet,
    }
}

impl Color {
    /// The FEN letter.
    #[must_use]
    pub const fn letter(self) -> char {
        ['w', 'a', 's', 'b', 'p', 'r', 'o', 'y', 'g', 'c', 'n', 'v'][self as usize]
    }

    /// The colour of a FEN letter.
    #[must_use]
    pub const fn from_letter(c: u8) -> Option<Color> {
        Some(match c {
            b'w' => Color::White,
            b'a' => Color::Ash,
            b's' => Color::Slate,
            b'b' => Color::Black,
            b'p' => Color::Pink,
            b'r' => Color::Red,
            b'o' => Color::Orange,
            b'y' => Color::Yellow,
            b'g' => Color::Green,
            b'c' => Color::Cyan,
            b'n' => Color::Navy,
            b'v' => Color::Violet,
            _ => return None,
        })
    }

    /// The lower-case name used in move notation (`defect:navy`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        [
            "white", "ash", "slate", "black", "pink", "red", "orange", "yellow", "green", "cyan", "navy",
            "violet",
        ][self as usize]
    }

    /// The colour with this name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == name)
    }

    /// A drawing colour for pieces and squares of this colour.
    #[must_use]
    pub const fn rgb(self) -> Rgb {
        match self {
            Color::White => Rgb(0xf4, 0xf4, 0xf4),
            Color::Ash => Rgb(0xb8, 0xb8, 0xb8),
            Color::Slate => Rgb(0x5a, 0x62, 0x6e),
            Color::Black => Rgb(0x1a, 0x1a, 0x1a),
            Color::Pink => Rgb(0xf2, 0x8c, 0xc0),
            Color::Red => Rgb(0xd6, 0x27, 0x28),
            Color::Orange => Rgb(0xf5, 0x8a, 0x1f),
            Color::Yellow => Rgb(0xf2, 0xd0, 0x24),
            Color::Green => Rgb(0x2c, 0xa0, 0x2c),
            Color::Cyan => Rgb(0x5b, 0xc8, 0xe8),
            Color::Navy => Rgb(0x1f, 0x3a, 0x93),
            Color::Violet => Rgb(0x94, 0x67, 0xbd),
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

motley_core::key_enum! {
    /// A piece kind.
    #[repr(u8)]
    pub enum Role {
        /// King.
        King,
        /// Queen (range 8).
        Queen,
        /// Rook (range 8).
        Rook,
        /// Bishop (range 8).
        Bishop,
        /// Knight.
        Knight,
        /// Pawn (moves toward the centre, §6.3).
        Pawn,
    }
}

impl Role {
    /// The pieces a pawn may promote to, in notation order (§9).
    pub const PROMOTIONS: [Role; 5] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::King];

    /// The lower-case letter (`k q r b n p`).
    #[must_use]
    pub const fn letter(self) -> char {
        ['k', 'q', 'r', 'b', 'n', 'p'][self as usize]
    }

    /// The role of a lower-case letter.
    #[must_use]
    pub const fn from_letter(c: u8) -> Option<Role> {
        Some(match c {
            b'k' => Role::King,
            b'q' => Role::Queen,
            b'r' => Role::Rook,
            b'b' => Role::Bishop,
            b'n' => Role::Knight,
            b'p' => Role::Pawn,
            _ => return None,
        })
    }

    /// The filled Unicode chess symbol.
    #[must_use]
    pub const fn symbol(self) -> char {
        ['♚', '♛', '♜', '♝', '♞', '♟'][self as usize]
    }

    /// The lower-case name (`"king"`, `"queen"`, …, `"pawn"`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        ["king", "queen", "rook", "bishop", "knight", "pawn"][self as usize]
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// The army colour.
    pub color: Color,
    /// The kind.
    pub role: Role,
}

impl fmt::Display for Piece {
    /// The two FEN letters, colour then role (`wk`, `nn`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.letter(), self.role.letter())
    }
}
