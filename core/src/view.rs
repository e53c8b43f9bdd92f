//! What a renderer needs to draw a position: [`BoardView`] and the drawing
//! types it returns ([`Cell`], [`Glyph`], [`Rgb`], [`Annotations`] …).
//! Implemented by every variant's position; drawn by [`crate::render`] and
//! the CLI.

use core::fmt;

use crate::facts::Fact;

/// An sRGB colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl fmt::Display for Rgb {
    /// `#rrggbb`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// How one piece looks in a diagram or picture.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Glyph {
    /// The role letter as the position string writes it, upper case (`K`, `Q`, `H`…).
    pub letter: char,
    /// The symbol drawn for the role, the same for every army: a filled
    /// Unicode chess symbol (`♚`, `♛`, …) where the role is that chess piece,
    /// or the role's letter (Mage's Chess, whose roles are not chess pieces).
    pub symbol: char,
    /// The army (colour or team) name, lower case (`"white"`, `"navy"`, `"green"`).
    pub army: &'static str,
    /// The army's drawing colour.
    pub color: Rgb,
    /// A one-character mark shown beside the piece, if any (Mage's Chess halo: `*`).
    pub mark: Option<char>,
}

/// One square as a diagram shows it.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Cell {
    /// The piece on it.
    pub piece: Option<Glyph>,
    /// A special colour of the square itself (Sovereign's squares of colour), if any.
    pub tint: Option<(&'static str, Rgb)>,
}

/// One role in a diagram's legend.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RoleKey {
    /// The symbol the diagram draws ([`Glyph::symbol`]).
    pub symbol: char,
    /// The role's name for people (`"Royal"`).
    pub name: &'static str,
    /// The letter the position string writes for it, upper case.
    pub letter: char,
}

/// A row of pieces kept off the board (a bench, a reserve), drawn beside it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PieceRow {
    /// What the row is (`"white bench"`).
    pub label: String,
    /// Its pieces, in display order (may be empty).
    pub pieces: Vec<Glyph>,
}

/// Squares a picture outlines as one shape (a zone, the squares of an
/// engagement).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Region {
    /// What the outline marks (`"promotion zone"`, `"challenger"`).
    pub label: String,
    /// The squares, as 0-based `(file, rank)`.
    pub squares: Vec<(u8, u8)>,
    /// The outline's colour.
    pub color: Rgb,
}

/// How a royal piece stands, for the mark a board draws on its square.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RoyalState {
    /// Not threatened.
    Safe,
    /// Threatened now: attacked by another side (in check), or the defender
    /// of a pending engagement.
    Check,
    /// Checkmated: the game ended with it in check and no way out.
    Mated,
}

impl RoyalState {
    /// The state's name for machine readers (`safe`, `check`, `mated`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            RoyalState::Safe => "safe",
            RoyalState::Check => "check",
            RoyalState::Mated => "mated",
        }
    }
}

/// A royal piece on the board (a king, a Mage's Royal), from
/// [`BoardView::royals`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Royal {
    /// Its square, as 0-based `(file, rank)`.
    pub square: (u8, u8),
    /// Its army's name ([`Glyph::army`]).
    pub army: &'static str,
    /// Whether it is threatened or checkmated.
    pub state: RoyalState,
}

/// What a picture shows besides the squares and pieces, from
/// [`BoardView::annotations`]. Every field is empty by default.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Annotations {
    /// The roles to spell out under a text diagram, if its symbols need a
    /// legend (Mage's Chess).
    pub roles: Vec<RoleKey>,
    /// Rows of off-board pieces (Joker's benches and Joker Reserves).
    pub rows: Vec<PieceRow>,
    /// Outlined regions (Sovereign's promotion zone and centre, a pending
    /// engagement's two squares).
    pub regions: Vec<Region>,
    /// Lines of text under a picture (a pending engagement's probabilities).
    pub notes: Vec<String>,
}

/// What a renderer needs to draw a position: its board shape and each cell.
/// Implemented by every variant's position; the renderers in the CLI and in
/// `motley_core::render` use nothing else.
pub trait BoardView {
    /// `(files, ranks)`.
    fn dimensions(&self) -> (u8, u8);
    /// The cell at 0-based `file`, `rank` (rank 0 is rank 1, drawn at the bottom).
    fn cell(&self, file: u8, rank: u8) -> Cell;
    /// Facts about the position a person reading a diagram wants, as
    /// `(key, value)` pairs in display order: side to move, check, reserves,
    /// owners and controllers of colours, pending engagement… Keys are
    /// lower-case snake case; `show` prints them as `key: value` lines.
    fn details(&self) -> Vec<(&'static str, String)>;

    /// The position for machine readers (the CLI's `--json` documents): the
    /// facts of [`BoardView::details`] (minus side to move and status) as
    /// structured values — numbers as [`Fact::Int`], lists as
    /// [`Fact::List`], maps as [`Fact::Map`], [`Fact::Null`] for none — plus
    /// a `board` list of [`Fact::piece`] entries, one per occupied square,
    /// and whatever else the variant has (squares of colour, reserves,
    /// clocks, a pending engagement…). Keys are lower-case snake case and
    /// become the JSON keys, documented per variant in `docs/json.md`.
    ///
    /// The default gives each detail as a string; every variant overrides it.
    fn facts(&self) -> Vec<(&'static str, Fact)> {
        self.details().into_iter().map(|(k, v)| (k, Fact::from(v))).collect()
    }

    /// What pictures show besides the board's cells: a role legend,
    /// off-board pieces, outlined regions, notes. None by default.
    fn annotations(&self) -> Annotations {
        Annotations::default()
    }

    /// Every royal piece on the board (whose loss loses the game or the
    /// seat), with whether it is in check or checkmated. None by default:
    /// a variant without royal pieces.
    fn royals(&self) -> Vec<Royal> {
        Vec::new()
    }
}
