//! The values every document shares: the layout version, names of
//! variants, seats, squares and moves, and a game's outcome.

use std::borrow::Cow;
use std::collections::BTreeMap;

use motley_core::{Outcome, Position, Seat, SeatResult};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Serialize, Serializer};

use super::JSON_SCHEMA_VERSION;

/// The document layout version, [`JSON_SCHEMA_VERSION`]: every document's
/// `"schema"` key.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SchemaVersion;

impl Serialize for SchemaVersion {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(JSON_SCHEMA_VERSION)
    }
}

impl JsonSchema for SchemaVersion {
    fn schema_name() -> Cow<'static, str> {
        "version".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The document layout version; this is version 1.",
            "const": JSON_SCHEMA_VERSION,
        })
    }
}

/// A variant's name: `sovereign`, `royale`, `mages` or `joker`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(transparent)]
pub struct VariantName(pub(crate) &'static str);

impl JsonSchema for VariantName {
    fn schema_name() -> Cow<'static, str> {
        "variant".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The variant.",
            "enum": ["sovereign", "royale", "mages", "joker"],
        })
    }
}

impl VariantName {
    /// The name of variant `P` ([`Position::VARIANT`]).
    #[must_use]
    pub fn of<P: Position>() -> VariantName {
        VariantName(P::VARIANT)
    }
}

/// The variant's position string.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, JsonSchema)]
#[serde(transparent)]
#[schemars(rename = "fen")]
pub struct Fen(#[schemars(length(min = 1))] pub(crate) String);

impl Fen {
    /// The position string of `pos`.
    #[must_use]
    pub fn of<P: Position>(pos: &P) -> Fen {
        Fen(pos.fen())
    }
}

/// A seat as the game names it.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(transparent)]
pub struct SeatName(pub(crate) Cow<'static, str>);

impl JsonSchema for SeatName {
    fn schema_name() -> Cow<'static, str> {
        "seat".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A seat as the game names it.",
            "enum": ["white", "black", "ash", "slate", "green", "blue"],
        })
    }
}

impl SeatName {
    /// The name `pos` gives `seat`.
    #[must_use]
    pub fn of<P: Position>(pos: &P, seat: Seat) -> SeatName {
        SeatName(Cow::Borrowed(pos.seat_name(seat)))
    }

    /// Every seat of `pos`, first seat first.
    #[must_use]
    pub fn all<P: Position>(pos: &P) -> Vec<SeatName> {
        (0..pos.seat_count()).map(|i| SeatName::of(pos, Seat(i as u8))).collect()
    }

    /// A seat name the library gave as text (a match's seat names).
    #[must_use]
    pub fn named(name: &str) -> SeatName {
        SeatName(Cow::Owned(name.to_owned()))
    }
}

/// An input in the variant's notation.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, JsonSchema)]
#[serde(transparent)]
#[schemars(rename = "move")]
pub struct MoveText(#[schemars(length(min = 1))] pub(crate) String);

impl MoveText {
    /// An input as the variant writes it.
    #[must_use]
    pub fn of(mv: &impl core::fmt::Display) -> MoveText {
        MoveText(mv.to_string())
    }

    /// A line of inputs.
    #[must_use]
    pub fn line<M: core::fmt::Display>(moves: &[M]) -> Vec<MoveText> {
        moves.iter().map(MoveText::of).collect()
    }
}

/// A square name: file letter, rank number.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, JsonSchema)]
#[serde(transparent)]
#[schemars(rename = "square")]
pub struct SquareName(#[schemars(regex(pattern = r"^[a-p]([1-9]|1[0-6])$"))] pub(crate) String);

impl SquareName {
    /// The square at `file`, `rank` (0-based).
    #[must_use]
    pub fn at(file: u8, rank: u8) -> SquareName {
        SquareName(motley_core::render::square_name(file, rank))
    }
}

/// One seat's result.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
#[schemars(rename = "result")]
pub enum SeatResultName {
    /// The seat won.
    Win,
    /// A draw.
    Draw,
    /// The seat lost.
    Loss,
}

impl From<SeatResult> for SeatResultName {
    fn from(r: SeatResult) -> SeatResultName {
        match r {
            SeatResult::Win => SeatResultName::Win,
            SeatResult::Draw => SeatResultName::Draw,
            SeatResult::Loss => SeatResultName::Loss,
        }
    }
}

/// How a game ended.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
#[schemars(rename = "outcome")]
pub struct OutcomeDoc {
    /// The winning seat; `null` for a draw.
    winner: Option<SeatName>,
    /// Machine-readable reason in kebab case.
    #[schemars(regex(pattern = r"^[a-z0-9]+(-[a-z0-9]+)*$"))]
    reason: &'static str,
    /// Each seat's result, by seat name.
    results: BTreeMap<SeatName, SeatResultName>,
    /// For people, naming seats as the game does: `black wins (checkmate)`.
    text: String,
}

impl OutcomeDoc {
    /// The outcome of a game of `pos`'s variant, named as `pos` names its seats.
    #[must_use]
    pub fn new<P: Position>(pos: &P, outcome: &Outcome) -> OutcomeDoc {
        OutcomeDoc {
            winner: outcome.winner().map(|w| SeatName::of(pos, w)),
            reason: outcome.reason(),
            results: (0..pos.seat_count())
                .map(|i| {
                    let seat = Seat(i as u8);
                    (SeatName::of(pos, seat), outcome.result(seat).into())
                })
                .collect(),
            text: pos.outcome_text(outcome),
        }
    }
}

/// An input chance may pick at a chance node, with its probability.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct ChanceOdds {
    /// The input.
    #[serde(rename = "move")]
    mv: MoveText,
    /// Its probability under the outcome model.
    #[schemars(range(min = 0, max = 1))]
    probability: f64,
}

impl ChanceOdds {
    /// Each input of `pos`'s chance node; `None` at a decision node.
    #[must_use]
    pub fn of<P: Position>(pos: &P) -> Option<Vec<ChanceOdds>> {
        pos.chance()
            .map(|c| c.iter().map(|(mv, p)| ChanceOdds { mv: MoveText::of(mv), probability: *p }).collect())
    }
}
