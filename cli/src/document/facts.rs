//! The variant's own facts in the position documents (`show`, `analyze`,
//! `replay`): [`Facts`], the map of [`BoardView::facts`] that the document
//! flattens among its own keys, and the schema of each variant's facts.
//!
//! The facts are the library's ([`motley_core::Fact`]): the CLI passes them
//! through without looking at them. The types below that describe them
//! ([`SovereignFacts`], [`RoyaleFacts`], [`MagesFacts`], [`JokerFacts`] and
//! their parts) are therefore only schemas, never built: the tests validate
//! every variant's documents against them, so they follow the libraries.

use std::borrow::Cow;
use std::collections::BTreeMap;

use motley_core::BoardView;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::Serialize;
use serde_json::Value;

use super::{MoveText, SeatName, SquareName};

/// The variant's facts about a position, by key, as JSON values.
#[derive(Clone, PartialEq, Debug, Default, Serialize)]
#[serde(transparent)]
pub struct Facts(BTreeMap<String, Value>);

impl Facts {
    /// The facts of `pos`, except those under a key in `reserved` (the keys
    /// of the document the facts are flattened into, which keep their
    /// meaning); of two facts under one key, the first.
    #[must_use]
    pub fn of<P: BoardView>(pos: &P, reserved: &[&str]) -> Facts {
        let mut map = BTreeMap::new();
        for (key, fact) in pos.facts() {
            if !reserved.contains(&key) {
                map.entry(key.to_owned()).or_insert_with(|| fact_json(&fact));
            }
        }
        Facts(map)
    }
}

impl JsonSchema for Facts {
    fn schema_name() -> Cow<'static, str> {
        "variant_facts".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut cases = Vec::new();
        for (variant, schema) in [
            ("sovereign", generator.subschema_for::<SovereignFacts>()),
            ("royale", generator.subschema_for::<RoyaleFacts>()),
            ("mages", generator.subschema_for::<MagesFacts>()),
            ("joker", generator.subschema_for::<JokerFacts>()),
        ] {
            cases.push(json_schema!({
                "if": { "properties": { "variant": { "const": variant } }, "required": ["variant"] },
                "then": schema,
            }));
        }
        json_schema!({ "allOf": cases })
    }
}

/// The marks of a piece: `halo` (Mage's Chess), `promoted` (Joker's Chess).
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// A Mage's Chess piece with a halo.
    Halo,
    /// A promoted piece (Joker's Chess).
    Promoted,
}

/// The twelve colours of Sovereign Chess.
#[derive(JsonSchema, PartialEq, Eq, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)] // the colours' names are their meaning
pub enum Colour {
    White,
    Ash,
    Slate,
    Black,
    Pink,
    Red,
    Orange,
    Yellow,
    Green,
    Cyan,
    Navy,
    Violet,
}

/// A Sovereign Chess role.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)] // the roles' names are their meaning
pub enum SovereignRole {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
    Pawn,
}

/// A piece on a Sovereign Chess board.
#[derive(JsonSchema)]
pub struct SovereignPiece {
    /// Its square.
    pub square: SquareName,
    /// Its role.
    pub role: SovereignRole,
    /// Its army's colour.
    pub colour: Colour,
    /// Extra states (none in Sovereign Chess).
    pub marks: Vec<Mark>,
}

/// The piece on a square of colour.
#[derive(JsonSchema)]
pub struct Occupant {
    /// Its role.
    pub role: SovereignRole,
    /// Its army's colour.
    pub colour: Colour,
}

/// A square of colour.
#[derive(JsonSchema)]
pub struct SquareOfColour {
    /// The square.
    pub square: SquareName,
    /// Its colour: who occupies it controls that colour's army.
    pub colour: Colour,
    /// The piece on it, if any.
    pub occupant: Option<Occupant>,
}

/// Who owns and who controls an army.
#[derive(JsonSchema)]
pub struct Army {
    /// The seat that owns it, if any.
    pub owner: Option<SeatName>,
    /// The seat that controls it, if any.
    pub controller: Option<SeatName>,
}

/// Sovereign Chess's facts.
#[derive(JsonSchema)]
pub struct SovereignFacts {
    /// One entry per occupied square, in square order.
    pub board: Vec<SovereignPiece>,
    /// The 24 squares of colour in square order.
    pub squares_of_colour: Vec<SquareOfColour>,
    /// Each colour's owner and controller seat (null for none).
    pub armies: BTreeMap<Colour, Army>,
    /// Seat → the colour it owns.
    pub owned: BTreeMap<SeatName, Colour>,
    /// Seat → the colours it controls besides its own.
    pub controlled: BTreeMap<SeatName, Vec<Colour>>,
    /// Colours with pieces on the board that nobody controls.
    pub neutral: Vec<Colour>,
    /// The seats in check.
    pub check: Vec<SeatName>,
    /// Squares of the rooks that keep castling rights.
    pub castling: Vec<SquareName>,
    /// Half-moves played.
    pub ply: u32,
    /// Half-moves since the last pawn move or capture.
    pub halfmove_clock: u32,
}

/// Sovereign Chess Royale's facts: Sovereign Chess's and the interregnum.
#[derive(JsonSchema)]
pub struct RoyaleFacts {
    /// As in Sovereign Chess.
    #[serde(flatten)]
    pub sovereign: SovereignFacts,
    /// Seats without a king.
    pub interregnum: Vec<SeatName>,
}

/// A Mage's Chess role.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)] // the roles' names are their meaning
pub enum MagesRole {
    Royal,
    Counselor,
    Chariot,
    Shaman,
    Pawn,
}

/// A Mage's Chess team.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)] // the teams' names are their meaning
pub enum Team {
    Green,
    Blue,
}

/// A piece on a Mage's Chess board.
#[derive(JsonSchema)]
pub struct MagesPiece {
    /// Its square.
    pub square: SquareName,
    /// Its role.
    pub role: MagesRole,
    /// Its team.
    pub team: Team,
    /// `halo` for a piece with a halo.
    pub marks: Vec<Mark>,
}

/// How an engagement is fought.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)] // the kinds' names are their meaning
pub enum Combat {
    Melee,
    Ranged,
}

/// How an engagement resolves.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)] // the resolutions' names are their meaning
pub enum Resolution {
    Challenger,
    Defender,
    Draw,
    Foul,
}

/// One resolution chance may pick, with its input and probability.
#[derive(JsonSchema)]
pub struct EngagementResolution {
    /// The resolution.
    pub resolution: Resolution,
    /// Its input.
    #[serde(rename = "move")]
    pub mv: MoveText,
    /// Its probability under the outcome model.
    #[schemars(range(min = 0, max = 1))]
    pub probability: f64,
}

/// A pending engagement.
#[derive(JsonSchema)]
pub struct Engagement {
    /// The challenger's square.
    pub challenger: SquareName,
    /// The defender's square.
    pub defender: SquareName,
    /// How it is fought.
    pub combat: Combat,
    /// Each resolution chance may pick.
    pub resolutions: Vec<EngagementResolution>,
}

/// A referee event the rules accept, as its record token.
#[derive(JsonSchema)]
#[allow(missing_docs)] // each variant is its token
pub enum RefereeEvent {
    #[serde(rename = "timeout")]
    Timeout,
    #[serde(rename = "engagement-timeout")]
    EngagementTimeout,
    #[serde(rename = "sanction:green")]
    SanctionGreen,
    #[serde(rename = "sanction:blue")]
    SanctionBlue,
    #[serde(rename = "forfeit:green")]
    ForfeitGreen,
    #[serde(rename = "forfeit:blue")]
    ForfeitBlue,
    #[serde(rename = "resign:green")]
    ResignGreen,
    #[serde(rename = "resign:blue")]
    ResignBlue,
    #[serde(rename = "draw-agreed")]
    DrawAgreed,
}

/// Mage's Chess's facts.
#[derive(JsonSchema)]
pub struct MagesFacts {
    /// One entry per occupied square, in square order.
    pub board: Vec<MagesPiece>,
    /// The pending engagement; `null` when none is pending.
    pub pending_engagement: Option<Engagement>,
    /// Squares of the pieces with a halo.
    pub halos: Vec<SquareName>,
    /// Consecutive passes.
    pub passes: u32,
    /// Turns completed.
    pub ply: u32,
    /// The turn count that draws the game, `null` without one.
    pub ply_limit: Option<u32>,
    /// The referee events the rules accept here, as record tokens; empty
    /// once the game is over.
    pub referee_events: Vec<RefereeEvent>,
}

/// A Joker's Chess role.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)] // the roles' names are their meaning
pub enum JokerRole {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
}

/// A Joker's Chess side.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)] // the sides' names are their meaning
pub enum JokerColour {
    White,
    Black,
}

/// A piece on a Joker's Chess board.
#[derive(JsonSchema)]
pub struct JokerPiece {
    /// Its square.
    pub square: SquareName,
    /// Its role.
    pub role: JokerRole,
    /// Its side.
    pub colour: JokerColour,
    /// `promoted` for a promoted piece.
    pub marks: Vec<Mark>,
}

/// A Black castling right.
#[derive(JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(missing_docs)] // the sides' names are their meaning
pub enum CastlingSide {
    KingSide,
    QueenSide,
}

/// A role on a bench or in a Joker Reserve.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(missing_docs)] // the roles' names are their meaning
pub enum PocketRole {
    Pawn,
    Knight,
    Bishop,
}

/// The roles each side holds off the board.
#[derive(JsonSchema)]
pub struct Pocket {
    /// White's.
    pub white: Vec<PocketRole>,
    /// Black's.
    pub black: Vec<PocketRole>,
}

/// The fourteen-move clock.
#[derive(JsonSchema)]
pub struct HalfmoveClock {
    /// Half-moves without capture or pawn move.
    pub halfmove: u32,
    /// The limit (`null` when the rule is off).
    pub limit: Option<u32>,
}

/// Joker's Chess's facts.
#[derive(JsonSchema)]
pub struct JokerFacts {
    /// One entry per occupied square, in square order.
    pub board: Vec<JokerPiece>,
    /// Black's castling rights.
    pub castling: Vec<CastlingSide>,
    /// The en-passant square, if any.
    pub en_passant: Option<SquareName>,
    /// The roles on each side's bench.
    pub bench: Pocket,
    /// The roles in each side's Joker Reserve.
    pub joker_reserve: Pocket,
    /// The fourteen-move clock.
    pub halfmove_clock: HalfmoveClock,
    /// Half-moves played.
    pub ply: u32,
    /// The half-move count at which Black wins, `null` when off.
    pub ply_limit: Option<u32>,
}

/// A library [`Fact`](motley_core::Fact) as JSON.
#[must_use]
pub fn fact_json(fact: &motley_core::Fact) -> serde_json::Value {
    serde_json::to_value(fact).unwrap_or(serde_json::Value::Null)
}
