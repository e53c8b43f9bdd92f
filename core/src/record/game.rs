//! The structure of a recorded game, the same for every variant: tags, the
//! main line of [`Node`]s (each a move token with its annotation marks,
//! comments and variations) and the termination marker.

use crate::game::{Outcome, SeatResult};

/// One tag pair: `[Name "value"]`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tag {
    /// The name (`Event`, `White`, `Variant`…).
    pub name: String,
    /// The value, unescaped.
    pub value: String,
}

/// A move of a line, with what is written about it.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Node {
    /// The move token, as the variant writes it (canonical after reading).
    pub token: String,
    /// Numeric annotation glyphs (`$1` is `!`, `$2` is `?`, … see [`nag_of_mark`]).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub nags: Vec<u8>,
    /// Comments written after the move, in order.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub comments: Vec<String>,
    /// Variations: alternatives to this move, each played from the position
    /// before it.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub variations: Vec<Line>,
    /// The seat that plays it (filled by the reader and the recorder).
    #[cfg_attr(feature = "serde", serde(default))]
    pub seat: u8,
    /// Its move number: 1 for the first round of turns, then one more each
    /// time the turn comes back to a lower seat (filled by the reader and the
    /// recorder).
    #[cfg_attr(feature = "serde", serde(default))]
    pub number: u32,
    /// Whether it is the first move of its round, written `N.` (filled by the
    /// reader and the recorder); the others are written `N...` after a
    /// comment or variation, and without a number otherwise.
    #[cfg_attr(feature = "serde", serde(default))]
    pub opens_round: bool,
}

/// A line of moves: the main line or a variation.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Line {
    /// Comments before the first move.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub comments: Vec<String>,
    /// The moves.
    pub nodes: Vec<Node>,
}

/// A recorded game.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Game {
    /// The tag pairs, in the canonical order after reading (see
    /// `docs/records.md`).
    pub tags: Vec<Tag>,
    /// The main line.
    pub main: Line,
    /// The termination marker: a result such as `1-0` or `1/2-1/2-1/2-1/2`,
    /// or `*` for a game that goes on.
    pub termination: String,
}

impl Game {
    /// The value of tag `name`, if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|t| t.name == name).map(|t| t.value.as_str())
    }

    /// Sets tag `name` (replacing its value, or adding it at the end).
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|t| t.name == name) {
            Some(t) => t.value = value,
            None => self.tags.push(Tag { name: name.to_owned(), value }),
        }
    }

    /// Removes tag `name`, if present.
    pub fn remove_tag(&mut self, name: &str) {
        self.tags.retain(|t| t.name != name);
    }

    /// The move tokens of the main line.
    #[must_use]
    pub fn main_tokens(&self) -> Vec<&str> {
        self.main.nodes.iter().map(|n| n.token.as_str()).collect()
    }
}

/// The `Result` text of an outcome: each seat's score, seat 0 first, joined
/// by `-`: `1` for a win, `1/2` for a draw, `0` for a loss (`1-0`,
/// `1/2-1/2`, `0-1-0-0`).
#[must_use]
pub fn result_text(outcome: &Outcome) -> String {
    outcome
        .results()
        .iter()
        .map(|r| match r {
            SeatResult::Win => "1",
            SeatResult::Draw => "1/2",
            SeatResult::Loss => "0",
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// The per-seat results of a `Result` text for `seats` seats (`None` if it is
/// not one: `*` is not a result). Two-seat results are the three of PGN
/// (`1-0`, `0-1`, `1/2-1/2`).
#[must_use]
pub fn parse_result(text: &str, seats: usize) -> Option<Vec<SeatResult>> {
    let results: Option<Vec<SeatResult>> = text
        .split('-')
        .map(|part| match part {
            "1" => Some(SeatResult::Win),
            "1/2" => Some(SeatResult::Draw),
            "0" => Some(SeatResult::Loss),
            _ => None,
        })
        .collect();
    let results = results.filter(|r| r.len() == seats)?;
    if seats == 2 && !matches!(text, "1-0" | "0-1" | "1/2-1/2") {
        return None;
    }
    Some(results)
}

/// Whether `text` could be a termination marker of some game: `*`, or scores
/// (`1`, `0`, `1/2`) of two to four seats joined by `-`.
#[must_use]
pub fn is_termination(text: &str) -> bool {
    text == "*" || (2..=crate::game::MAX_SEATS).any(|n| parse_result(text, n).is_some())
}

/// The NAG of a traditional suffix mark: `!` 1, `?` 2, `!!` 3, `??` 4,
/// `!?` 5, `?!` 6.
#[must_use]
pub fn nag_of_mark(mark: &str) -> Option<u8> {
    Some(match mark {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}
