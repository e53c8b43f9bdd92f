//! The `--json` documents: one Rust type per document and per object in
//! one, serialised with serde and described with schemars. The files in
//! `schemas/` are generated from these types ([`schemas`]) and the tests
//! check that the committed files are what the types generate.
//!
//! A document is made only by its constructor, from library values (a
//! [`History`](motley_core::history::History), a
//! [`SearchResult`](motley_core::search::SearchResult), a
//! [`WdlModel`](motley_core::search::WdlModel), …), and printed by
//! [`json_doc`].
//!
//! Key order: [`json_doc`] turns a document into a [`serde_json::Value`]
//! first and prints that. serde_json's map (built without its
//! `preserve_order` feature) sorts its keys, so every object is printed
//! with its keys in alphabetical order whatever the order of the fields
//! here; this is also what places a variant's facts, a map flattened into
//! the position documents, among the fixed keys. The fields are declared in
//! the order that reads best.

/// The version of every `--json` document's layout, written as its
/// `"schema"` key (see `docs/json.md`): adding a key keeps it; renaming or
/// removing a key or changing a value's type increments it.
pub const JSON_SCHEMA_VERSION: u32 = 1;

mod common;
mod facts;
mod odds;
mod perft;
mod position;
mod record;
mod schema;
mod search;
mod server;
mod sport;
mod tournament;
mod view;

pub use common::{
    ChanceOdds, Fen, MoveText, OutcomeDoc, SchemaVersion, SeatName, SeatResultName, SquareName, VariantName,
};
pub use facts::{
    Army, CastlingSide, Colour, Combat, Engagement, EngagementResolution, Facts, HalfmoveClock, JokerColour,
    JokerFacts, JokerPiece, JokerRole, MagesFacts, MagesPiece, MagesRole, Mark, Occupant, Pocket, PocketRole,
    RefereeEvent, Resolution, RoyaleFacts, SovereignFacts, SovereignPiece, SovereignRole, SquareOfColour,
    Team, fact_json,
};
pub use odds::{
    OddsDocument, OddsSetting, PersonDoc, ResultMarketDoc, ShareDoc, TotalMarketDoc, YesNoMarketDoc,
};
pub use perft::{PerftDocument, PerftModeName};
pub use position::{
    AnalyzeDocument, AnalyzeFacts, MovesDocument, PerftCount, PlayDocument, RenderDocument, ShowDocument,
};
pub use record::{
    AnnotateDocument, AnnotatedGame, MoveAnalysis, RecordDocument, RecordedGame, RecordedLine, RecordedMove,
    RecordedTag, ReplayDocument, ReplayMovesDocument, SeatSummary, WorstMove,
};
pub use schema::{SCHEMA_FILES, schemas};
pub use search::{
    DoneEvent, InfoEvent, IterationDoc, LineDoc, ResolutionDoc, ScoreDoc, SearchDoc, SearchLimitsDoc,
    SeatWin, WdlDoc,
};
pub use server::{ErrorDocument, HealthDocument};
pub use sport::{EstimateDoc, GlobalsDoc, MageDoc, RatingsDocument, TallyDoc, TeamDoc, ordered};
pub use tournament::{
    EloDoc, ForfeitDoc, MatchDocument, MatchGameDoc, MatchLimitsDoc, PlayerDoc, SeatTally, SprtDoc,
};
pub use view::{
    ViewDocument, ViewEntry, ViewGlyph, ViewInput, ViewKey, ViewMark, ViewPiece, ViewRegion, ViewRole,
    ViewRow, ViewSearch, ViewSeat, ViewSquare,
};

use serde::Serialize;

/// A document as a [`serde_json::Value`]: its objects' keys sorted (see the
/// module documentation). A document that cannot be serialised (none can
/// fail: every map has string keys) is `null`.
pub fn json_value<T: Serialize>(doc: &T) -> serde_json::Value {
    serde_json::to_value(doc).unwrap_or(serde_json::Value::Null)
}

/// A document as `--json` prints it: pretty-printed, keys sorted, with a
/// final newline.
pub fn json_doc<T: Serialize>(doc: &T) -> String {
    let mut text = serde_json::to_string_pretty(&json_value(doc)).unwrap_or_else(|_| "null".to_owned());
    text.push('\n');
    text
}
