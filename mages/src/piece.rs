//! The nouns of the game: [`Team`] (Green, Blue), [`Role`] (the five kinds of
//! board player) and [`Piece`] (a role of a team).

use core::fmt;

use motley_core::Seat;

motley_core::key_enum! {
    /// One of the two teams. Green moves first and is seat 0; Blue is seat 1.
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
    pub enum Team {
        /// Starts on ranks 1–2, moves first, upper-case letters.
        Green,
        /// Starts on ranks 7–8, lower-case letters.
        Blue,
    }
}

impl Team {
    /// The other team.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Team {
        match self {
            Team::Green => Team::Blue,
            Team::Blue => Team::Green,
        }
    }

    /// The seat playing this team (Green is seat 0).
    #[must_use]
    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }

    /// The team of a seat (`None` past seat 1).
    #[must_use]
    pub const fn from_seat(seat: Seat) -> Option<Team> {
        match seat.0 {
            0 => Some(Team::Green),
            1 => Some(Team::Blue),
            _ => None,
        }
    }

    /// The side-to-move letter of the position string: `g` or `b`.
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Team::Green => 'g',
            Team::Blue => 'b',
        }
    }

    /// The team name in lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Team::Green => "green",
            Team::Blue => "blue",
        }
    }

    /// The 0-based rank on which this team's pawns promote (rank 8 for Green, 1 for Blue).
    #[inline]
    #[must_use]
    pub const fn far_rank(self) -> u8 {
        match self {
            Team::Green => 7,
            Team::Blue => 0,
        }
    }

    /// The rank step of a forward pawn move: `+1` for Green, `-1` for Blue.
    #[inline]
    #[must_use]
    pub const fn forward(self) -> i32 {
        match self {
            Team::Green => 1,
            Team::Blue => -1,
        }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

motley_core::key_enum! {
    /// The kind of a board player.
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
    pub enum Role {
        /// `R`: one square in any direction; losing it loses the game.
        Royal,
        /// `C`: any distance along a rank, file or diagonal (a chess queen).
        Counselor,
        /// `H`: any distance diagonally (a chess bishop).
        Chariot,
        /// `S`: any distance along a rank or file (a chess rook).
        Shaman,
        /// `P`: one square forward; engages the two forward diagonals.
        Pawn,
    }
}

impl Role {
    /// What a pawn may promote to, in the order move lists use.
    pub const PROMOTIONS: [Role; 3] = [Role::Counselor, Role::Chariot, Role::Shaman];

    /// The upper-case letter (`R C H S P`).
    #[must_use]
    pub const fn upper(self) -> char {
        match self {
            Role::Royal => 'R',
            Role::Counselor => 'C',
            Role::Chariot => 'H',
            Role::Shaman => 'S',
            Role::Pawn => 'P',
        }
    }

    /// The lower-case letter, as move tokens write promotions (`c h s`).
    #[must_use]
    pub const fn lower(self) -> char {
        self.upper().to_ascii_lowercase()
    }

    /// The role of a letter of either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'R' => Some(Role::Royal),
            'C' => Some(Role::Counselor),
            'H' => Some(Role::Chariot),
            'S' => Some(Role::Shaman),
            'P' => Some(Role::Pawn),
            _ => None,
        }
    }

    /// A promotion role from its lower-case letter (`c`, `h` or `s`).
    #[must_use]
    pub const fn promotion_from_char(c: u8) -> Option<Role> {
        match c {
            b'c' => Some(Role::Counselor),
            b'h' => Some(Role::Chariot),
            b's' => Some(Role::Shaman),
            _ => None,
        }
    }

    /// The seed's seniority tier: 3 for the Royal and the Counselor ("the
    /// strongest casters"), 2 for Chariots and Shamans, 1 for Pawns.
    #[must_use]
    pub const fn seniority(self) -> u8 {
        match self {
            Role::Royal | Role::Counselor => 3,
            Role::Chariot | Role::Shaman => 2,
            Role::Pawn => 1,
        }
    }

    /// The role's name in lower case.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::Royal => "royal",
            Role::Counselor => "counselor",
            Role::Chariot => "chariot",
            Role::Shaman => "shaman",
            Role::Pawn => "pawn",
        }
    }

    /// The symbol diagrams draw for the role: its upper-case letter, as the
    /// position string writes it. Chess symbols would mislead: `♜` (a chess
    /// rook, `R`) would be the Shaman while `R` is the Royal.
    #[must_use]
    pub const fn symbol(self) -> char {
        self.upper()
    }

    /// The role's name for people, capitalised (`"Royal"`), as diagram
    /// legends print it.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Role::Royal => "Royal",
            Role::Counselor => "Counselor",
            Role::Chariot => "Chariot",
            Role::Shaman => "Shaman",
            Role::Pawn => "Pawn",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A role of a team.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece.
    pub team: Team,
    /// What kind.
    pub role: Role,
}

impl Piece {
    /// A piece.
    #[must_use]
    pub const fn new(team: Team, role: Role) -> Piece {
        Piece { team, role }
    }

    /// The position-string letter: upper case Green, lower case Blue.
    #[must_use]
    pub const fn char(self) -> char {
        match self.team {
            Team::Green => self.role.upper(),
            Team::Blue => self.role.lower(),
        }
    }

    /// The piece of a position-string letter.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => {
                Some(Piece { team: if c.is_ascii_uppercase() { Team::Green } else { Team::Blue }, role })
            }
            None => None,
        }
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
    fn letters_roundtrip() {
        for team in Team::ALL {
            for role in Role::ALL {
                let p = Piece::new(team, role);
                assert_eq!(Piece::from_char(p.char()), Some(p));
            }
        }
        assert_eq!(Piece::from_char('x'), None);
        assert_eq!(Role::promotion_from_char(b'r'), None);
        assert_eq!(Role::promotion_from_char(b'h'), Some(Role::Chariot));
    }

    #[test]
    fn seniority_order_follows_the_seed() {
        assert!(Role::Royal.seniority() == Role::Counselor.seniority());
        assert!(Role::Counselor.seniority() > Role::Chariot.seniority());
        assert!(Role::Chariot.seniority() == Role::Shaman.seniority());
        assert!(Role::Shaman.seniority() > Role::Pawn.seniority());
    }
}
