//! [`ReadError`]: what is wrong with one game of a record, and where.

use core::fmt;

use crate::record::token::Pos;

/// What is wrong (the kind of a [`ReadError`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ReadErrorKind {
    /// Text that is no token of the format, or a token where it cannot stand.
    #[error("malformed record: {0}")]
    Malformed(String),
    /// A `{` never closed, or a `}` never opened.
    #[error("unbalanced braces: {0}")]
    UnbalancedBraces(&'static str),
    /// A `(` never closed, or a `)` never opened.
    #[error("unbalanced parentheses: {0}")]
    UnbalancedParentheses(&'static str),
    /// Variations nested deeper than [`MAX_DEPTH`](crate::record::MAX_DEPTH).
    #[error("variations nested deeper than {0}")]
    TooDeep(usize),
    /// The text ends inside a game (no termination marker).
    #[error("truncated: the text ends before the game's result (or `*`)")]
    Truncated,
    /// A tag that this format does not accept.
    #[error("unknown tag `{0}`: a tag name is a capital letter followed by letters, digits or `_`")]
    UnknownTag(String),
    /// A tag given twice.
    #[error("duplicated tag `{0}`")]
    DuplicatedTag(String),
    /// The `Variant` tag is missing.
    #[error("missing tag `Variant`")]
    MissingVariant,
    /// The `Variant` tag names another variant (or none).
    #[error("the Variant tag says `{found}`, this reader reads `{expected}`")]
    WrongVariant {
        /// The tag's value.
        found: String,
        /// The variant read.
        expected: String,
    },
    /// A tag whose value this variant does not accept.
    #[error("tag `{tag}`: {why}")]
    BadTag {
        /// The tag.
        tag: String,
        /// Why.
        why: String,
    },
    /// The `FEN` tag does not parse.
    #[error("FEN tag does not parse: {0}")]
    BadFen(String),
    /// A move token that is malformed or not legal, with the rules' reason.
    #[error("illegal move `{token}`: {why}")]
    IllegalMove {
        /// The token.
        token: String,
        /// The rules' reason.
        why: String,
    },
    /// The `Result` tag, or the termination marker, contradicts the position.
    #[error("result `{written}` contradicts the final position ({actual})")]
    ContradictingResult {
        /// What the record says.
        written: String,
        /// What the position says.
        actual: String,
    },
    /// The `Result` tag and the termination marker differ.
    #[error("the Result tag says `{tag}` but the move text ends with `{marker}`")]
    ResultMismatch {
        /// The tag's value.
        tag: String,
        /// The marker.
        marker: String,
    },
}

/// One game of a record could not be read: which game, where, which token and
/// what is wrong.
///
/// `Display`: `game 2 (Event "Club"), line 14, column 9, move 7, token `e2e5`: illegal move …`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub struct ReadError {
    /// The 1-based index of the game in the text.
    pub game: usize,
    /// `Event` and `Round`, if the game's tags were read before the error.
    pub label: Option<String>,
    /// The move number at the error, if it is in the move text.
    pub move_number: Option<u32>,
    /// Where the token starts.
    pub pos: Pos,
    /// The token (cut to 40 characters; empty at the end of the text).
    pub token: String,
    /// What is wrong (boxed: the error stays small on the happy path).
    #[source]
    pub kind: Box<ReadErrorKind>,
}

impl ReadError {
    /// Where, for one-line messages: `game 2 (Event "Club"), line 14, column 9, move 7, token `e2e5``.
    #[must_use]
    pub fn place(&self) -> String {
        let mut s = format!("game {}", self.game);
        if let Some(label) = &self.label {
            s.push_str(&format!(" ({label})"));
        }
        s.push_str(&format!(", line {}, column {}", self.pos.line, self.pos.column));
        if let Some(n) = self.move_number {
            s.push_str(&format!(", move {n}"));
        }
        if self.token.is_empty() {
            s.push_str(", at the end of the text");
        } else {
            s.push_str(&format!(", token `{}`", self.token));
        }
        s
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.place(), self.kind)
    }
}
