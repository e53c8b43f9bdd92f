//! [`Lineup`]: a team's thirteen named players — twelve on their starting
//! squares and the Luminary off the board.
//!
//! # The lineup text
//!
//! The value of a record's `GreenLineup` or `BlueLineup` tag, and of the
//! command line's lineup options: items separated by commas, each either
//! `<square> <name>` (the player standing on that square at the start) or
//! `Luminary <name>` (the team's Luminary, who has no square):
//!
//! ```text
//! a1 Ann, b1 Ben, c1 Cid, d1 Dee, e1 Eve, f1 Fay, a2 Gus, b2 Hal, c2 Ivy, d2 Jon, e2 Kim, f2 Lou, Luminary Max
//! ```
//!
//! A name is the rest of its item with the surrounding spaces removed: it is
//! not empty and holds no comma; `Luminary` is the only word that is not a
//! square. Names identify people: unique within a team, and the same name in
//! two records is the same person.
//!
//! Reading is in two steps: [`LineupText::parse`] checks the grammar only;
//! [`LineupText::validate`] checks the items against the team's pieces on a
//! board — every piece named once and nothing else, no more pieces of a role
//! than the seed's team has (six Pawns, one Royal, one Counselor, two
//! Chariots, two Shamans), one Luminary, no name twice. Every
//! [`LineupError`] names the problem, the item (1-based) and its byte offset.

use core::fmt;

use crate::board::{Board, Square};
use crate::piece::{Role, Team};

/// The word that names the Luminary's item in the lineup text.
pub const LUMINARY: &str = "Luminary";

/// How many players of each role a team has at the start, by
/// [`Role::ALL`] order (Royal, Counselor, Chariot, Shaman, Pawn).
pub const SEED_COUNTS: [u8; 5] = [1, 1, 2, 2, 6];

/// A team's players: twelve board players and the Luminary.
pub const TEAM_SIZE: usize = 13;

/// Where a player stands at the start: on a square, or off the board as the Luminary.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Post {
    /// A board player on its starting square.
    Square(Square),
    /// The team's Luminary.
    Luminary,
}

impl fmt::Display for Post {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Post::Square(sq) => write!(f, "{sq}"),
            Post::Luminary => f.write_str(LUMINARY),
        }
    }
}

/// One item of a lineup text, not yet checked against a board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineupItem {
    /// The player's post.
    pub post: Post,
    /// The player's name (trimmed, never empty).
    pub name: String,
    /// The byte offset of the item's first character in the text.
    pub offset: usize,
}

/// A lineup text that follows the grammar: its items, in the order written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LineupText {
    /// The items.
    pub items: Vec<LineupItem>,
    /// The text's length in bytes (where "missing" problems are placed).
    pub end: usize,
}

/// What is wrong with a lineup.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum LineupProblem {
    /// An item is empty (two commas in a row, or an empty text).
    #[error("an empty item")]
    EmptyItem,
    /// An item has a square or `Luminary` but no name.
    #[error("`{0}` names nobody: expected `<square> <name>` or `Luminary <name>`")]
    NoName(String),
    /// An item's first word is neither a square nor `Luminary`.
    #[error("`{0}` is neither a square of the 6x8 board nor `Luminary`")]
    NotAPost(String),
    /// A name on a square where the team has no piece.
    #[error("{name} is named on {square}, where no {team} piece stands")]
    EmptySquare {
        /// The square.
        square: Square,
        /// The name.
        name: String,
        /// The lineup's team.
        team: Team,
    },
    /// Two names on one square.
    #[error("{square} is named twice")]
    SquareTwice {
        /// The square.
        square: Square,
    },
    /// Two Luminaries.
    #[error("a second Luminary ({name})")]
    LuminaryTwice {
        /// The second Luminary's name.
        name: String,
    },
    /// More players of a role than the seed's team has (two Royals…).
    #[error("{name} would be {role} number {count}; a team has {limit}")]
    TooMany {
        /// The role.
        role: Role,
        /// The name of the player past the limit.
        name: String,
        /// How many players of the role this item makes.
        count: u8,
        /// The seed's count.
        limit: u8,
    },
    /// A name given twice in the team.
    #[error("{name} is named twice")]
    NameTwice {
        /// The name.
        name: String,
    },
    /// A piece of the team without a player.
    #[error("missing player: nobody is named on {square} (the {role})")]
    MissingPlayer {
        /// The piece's square.
        square: Square,
        /// The piece's role.
        role: Role,
    },
    /// No Luminary.
    #[error("missing player: no `Luminary <name>` item")]
    MissingLuminary,
}

/// A lineup is refused: the problem, the item (1-based; 0 for a problem of
/// the whole lineup, such as a missing player) and its byte offset.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{problem} (item {item}, byte {offset})")]
pub struct LineupError {
    /// What is wrong.
    pub problem: LineupProblem,
    /// The 1-based item, or 0 for the whole lineup.
    pub item: usize,
    /// The byte offset in the text (of the item, or the text's end).
    pub offset: usize,
}

impl LineupText {
    /// The items of `text`, checking the grammar only.
    ///
    /// # Errors
    /// [`LineupError`] for the first item that is empty, names nobody or
    /// whose first word is neither a square nor `Luminary`.
    pub fn parse(text: &str) -> Result<LineupText, LineupError> {
        let mut items = Vec::new();
        let mut start = 0;
        for (i, raw) in text.split(',').enumerate() {
            let lead = raw.len() - raw.trim_start().len();
            let item = raw.trim();
            let offset = start + lead;
            start += raw.len() + 1;
            let err = |problem| LineupError { problem, item: i + 1, offset };
            if item.is_empty() {
                return Err(err(LineupProblem::EmptyItem));
            }
            let (word, name) = item.split_once(char::is_whitespace).unwrap_or((item, ""));
            let name = name.trim();
            let post = if word == LUMINARY {
                Post::Luminary
            } else {
                Post::Square(word.parse().map_err(|_| err(LineupProblem::NotAPost(word.to_owned())))?)
            };
            if name.is_empty() {
                return Err(err(LineupProblem::NoName(item.to_owned())));
            }
            items.push(LineupItem { post, name: name.to_owned(), offset });
        }
        Ok(LineupText { items, end: text.len() })
    }

    /// The lineup of `team` on `board`: every piece of the team named once,
    /// nothing else named, one Luminary, no name twice, and no more players
    /// of a role than [`SEED_COUNTS`].
    ///
    /// # Errors
    /// [`LineupError`] for the first problem, in item order, then the
    /// missing players (by square) and the missing Luminary.
    pub fn validate(&self, team: Team, board: &Board) -> Result<Lineup, LineupError> {
        let mut names: Vec<String> = Vec::with_capacity(TEAM_SIZE);
        let mut starts: Vec<Post> = Vec::with_capacity(TEAM_SIZE);
        let mut counts = [0u8; 5];
        for (i, it) in self.items.iter().enumerate() {
            let err = |problem| LineupError { problem, item: i + 1, offset: it.offset };
            if let Post::Square(square) = it.post {
                let Some(role) = board.piece_at(square).filter(|p| p.team == team).map(|p| p.role) else {
                    return Err(err(LineupProblem::EmptySquare { square, name: it.name.clone(), team }));
                };
                if starts.contains(&it.post) {
                    return Err(err(LineupProblem::SquareTwice { square }));
                }
                let count = &mut counts[role as usize];
                *count += 1;
                if *count > SEED_COUNTS[role as usize] {
                    let (count, limit) = (*count, SEED_COUNTS[role as usize]);
                    return Err(err(LineupProblem::TooMany { role, name: it.name.clone(), count, limit }));
                }
            } else if starts.contains(&Post::Luminary) {
                return Err(err(LineupProblem::LuminaryTwice { name: it.name.clone() }));
            }
            if names.contains(&it.name) {
                return Err(err(LineupProblem::NameTwice { name: it.name.clone() }));
            }
            names.push(it.name.clone());
            starts.push(it.post);
        }
        let whole = |problem| LineupError { problem, item: 0, offset: self.end };
        for square in board.team(team) {
            if !starts.contains(&Post::Square(square)) {
                let role = board.role_at(square).unwrap_or(Role::Pawn);
                return Err(whole(LineupProblem::MissingPlayer { square, role }));
            }
        }
        if !starts.contains(&Post::Luminary) {
            return Err(whole(LineupProblem::MissingLuminary));
        }
        let mut players: Vec<Player> = names
            .into_iter()
            .zip(starts)
            .map(|(name, post)| {
                let role = match post {
                    Post::Square(sq) => board.role_at(sq),
                    Post::Luminary => None,
                };
                Player { name, post, role }
            })
            .collect();
        players.sort_by_key(|p| p.post);
        Ok(Lineup { team, players })
    }
}

/// One named player of a lineup.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Player {
    /// The player's name.
    pub name: String,
    /// Where the player starts.
    pub post: Post,
    /// The role at the start (`None` for the Luminary).
    pub role: Option<Role>,
}

/// A team's validated lineup (see the module documentation): its players
/// sorted by post, squares in board order (`a1`, `b1`, … `f8`) and the
/// Luminary last.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Lineup {
    team: Team,
    players: Vec<Player>,
}

impl Lineup {
    /// Parses and validates the lineup of `team` on `board` (the start of the
    /// game it is for).
    ///
    /// # Errors
    /// As [`LineupText::parse`] and [`LineupText::validate`].
    pub fn parse(text: &str, team: Team, board: &Board) -> Result<Lineup, LineupError> {
        LineupText::parse(text)?.validate(team, board)
    }

    /// A lineup on the standard start position.
    ///
    /// # Errors
    /// As [`Lineup::parse`].
    pub fn parse_start(text: &str, team: Team) -> Result<Lineup, LineupError> {
        Lineup::parse(text, team, &Board::start())
    }

    /// The team.
    #[must_use]
    pub fn team(&self) -> Team {
        self.team
    }

    /// The players, sorted by post (the Luminary last).
    #[must_use]
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The player starting on `square`, by index into [`Lineup::players`].
    #[must_use]
    pub fn index_at(&self, square: Square) -> Option<usize> {
        self.players.iter().position(|p| p.post == Post::Square(square))
    }

    /// The index of the Luminary in [`Lineup::players`].
    #[must_use]
    pub fn luminary_index(&self) -> usize {
        self.players.iter().position(|p| p.post == Post::Luminary).unwrap_or(self.players.len() - 1)
    }

    /// The player's name at `index`.
    #[must_use]
    pub fn name(&self, index: usize) -> &str {
        self.players.get(index).map_or("", |p| p.name.as_str())
    }
}

impl fmt::Display for Lineup {
    /// The canonical lineup text: the items in [`Lineup::players`] order,
    /// separated by `", "`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.players.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{} {}", p.post, p.name)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;

    pub(crate) const GREEN: &str = "a1 Ann, b1 Ben, c1 Cid, d1 Dee, e1 Eve, f1 Fay, a2 Gus, b2 Hal, c2 Ivy, d2 Jon, \
                                    e2 Kim, f2 Lou, Luminary Max";

    fn problem(text: &str) -> LineupError {
        Lineup::parse_start(text, Team::Green).expect_err(text)
    }

    #[test]
    fn a_full_lineup_reads_and_writes_canonically() {
        let l = Lineup::parse_start(GREEN, Team::Green).unwrap();
        assert_eq!(l.players().len(), TEAM_SIZE);
        assert_eq!(l.to_string(), GREEN);
        let royal = l.players().iter().find(|p| p.role == Some(Role::Royal)).unwrap();
        assert_eq!(Board::start().piece_at(royal.post_square()), Some(Piece::new(Team::Green, Role::Royal)));
        assert_eq!(l.name(l.luminary_index()), "Max");
        // Any order and spacing reads to the same lineup.
        let shuffled = "Luminary   Max,f2 Lou,e2 Kim, d2 Jon , c2 Ivy, b2 Hal, a2 Gus, f1 Fay, e1 Eve, d1 Dee, \
                        c1 Cid, b1 Ben, a1 Ann";
        assert_eq!(Lineup::parse_start(shuffled, Team::Green), Ok(l));
    }

    impl Player {
        fn post_square(&self) -> Square {
            match self.post {
                Post::Square(sq) => sq,
                Post::Luminary => panic!("the Luminary has no square"),
            }
        }
    }

    #[test]
    fn problems_are_named_with_their_place() {
        let missing = GREEN.replace("c2 Ivy, ", "");
        let e = problem(&missing);
        assert_eq!((e.item, e.offset), (0, missing.len()));
        assert!(matches!(e.problem, LineupProblem::MissingPlayer { role: Role::Pawn, .. }), "{e}");
        assert!(e.to_string().starts_with("missing player: nobody is named on c2"), "{e}");

        let e = problem(&GREEN.replace(", Luminary Max", ""));
        assert_eq!(e.problem, LineupProblem::MissingLuminary);

        let twice = GREEN.replace("Kim", "Ann");
        let e = problem(&twice);
        assert_eq!(e.problem, LineupProblem::NameTwice { name: "Ann".into() });
        assert_eq!((e.item, e.offset), (11, twice.find("e2 Ann").unwrap()));

        let e = problem(&GREEN.replace("a2 Gus", "a3 Gus"));
        assert!(matches!(e.problem, LineupProblem::EmptySquare { .. }), "{e}");
        assert_eq!(e.item, 7);
        assert!(e.to_string().contains("Gus is named on a3, where no green piece stands"), "{e}");

        let e = problem(&GREEN.replace("b2 Hal", "a2 Hal"));
        assert_eq!(e.problem, LineupProblem::SquareTwice { square: "a2".parse().unwrap() });

        let e = problem(&format!("{GREEN}, Luminary Ned"));
        assert_eq!(e.problem, LineupProblem::LuminaryTwice { name: "Ned".into() });
        assert_eq!(e.item, 14);

        let e = problem("a1 Ann,, b1 Ben");
        assert_eq!((e.problem, e.item, e.offset), (LineupProblem::EmptyItem, 2, 7));
        let e = problem("a1 Ann, z9 Zed");
        assert_eq!((e.problem, e.item, e.offset), (LineupProblem::NotAPost("z9".into()), 2, 8));
        let e = problem("a1 Ann, b1");
        assert_eq!((e.problem, e.item), (LineupProblem::NoName("b1".into()), 2));
        let e = problem("");
        assert_eq!(e.problem, LineupProblem::EmptyItem);
    }

    #[test]
    fn two_royals_are_refused_at_the_second() {
        // A board where Green has two Royals (a position string could hold it).
        let mut board = Board::start();
        let c2: Square = "c2".parse().unwrap();
        board.remove(c2);
        board.put(c2, Piece::new(Team::Green, Role::Royal));
        let e = Lineup::parse(GREEN, Team::Green, &board).unwrap_err();
        assert!(
            matches!(e.problem, LineupProblem::TooMany { role: Role::Royal, count: 2, limit: 1, .. }),
            "{e}"
        );
        assert_eq!(e.offset, GREEN.find("c2 Ivy").unwrap());
    }

    #[test]
    fn a_team_with_fewer_pieces_names_those_it_has() {
        let mut board = Board::start();
        board.remove("c2".parse().unwrap());
        let l = Lineup::parse(&GREEN.replace("c2 Ivy, ", ""), Team::Green, &board).unwrap();
        assert_eq!(l.players().len(), TEAM_SIZE - 1);
        assert!(Lineup::parse(GREEN, Team::Green, &board).is_err());
    }
}
