//! The typed bodies of `POST /api/<command>` and the query of the analysis
//! stream, read with serde: an unknown field is refused, a missing required
//! one is named, and each value is checked as the command line checks it
//! (the limits through [`LimitKind`]). Each request becomes the command's
//! own argument type (`Common`, `PerftArgs`, …), which the command runs as
//! the CLI does; the server's caps are applied on the way.

use std::time::Duration;

use motley_core::search::{LimitKind, Limits};
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};

use motley_mages::sport::Ratings;

use crate::args::{
    AnalyzeArgs, AnnotateArgs, Common, Mode, OddsArgs, PerftArgs, RecordArgs, RenderArgs, ReplayArgs,
};
use crate::error::CliError;

/// The longest search of `POST /api/analyze` (ms): `time` above it is refused,
/// and `depth` without `time` searches at most this long.
pub const ANALYZE_TIME_CAP_MS: u64 = 10_000;
/// The longest search of an analysis stream (ms), and its default.
pub const STREAM_TIME_CAP_MS: u64 = 60_000;
/// The most search threads a request may ask for (`analyze`'s and `perft`'s `threads`).
pub const THREADS_CAP: u64 = 2;
/// The deepest `perft` the API runs.
pub const PERFT_DEPTH_CAP: u64 = 12;
/// The largest estimated `perft` tree (legal moves to the power `depth`).
pub const PERFT_NODE_CAP: f64 = 2e7;
/// `annotate`'s cap on the plies a position is searched.
pub const ANNOTATE_DEPTH_CAP: u64 = 6;
/// `annotate`'s cap on the positions (plies of the games' main lines) of a record.
pub const ANNOTATE_PLY_CAP: usize = 300;
/// `annotate`'s cap on the milliseconds a position is searched.
pub const ANNOTATE_TIME_CAP_MS: u64 = 1_000;
/// The longest any request may run: past it, its work is stopped and the
/// request is answered 503. Above every cap a single request's work can
/// reach by its own limits except `annotate` of a long record.
pub const REQUEST_TIME_CAP: Duration = Duration::from_secs(60);

/// Where a request's errors are: `request body field depth`.
fn field(name: &str) -> String {
    format!("request body field {name}")
}

/// An error naming a field of the body.
fn bad(name: &str, what: impl std::fmt::Display) -> CliError {
    CliError::input(what, field(name))
}

/// `what` above a cap of the server.
fn over(name: &str, cap: impl std::fmt::Display) -> CliError {
    bad(name, format!("`{name}` is above the server's cap of {cap} (see docs/api.md)"))
}

/// Reads a request body: the JSON, then the command's fields.
///
/// # Errors
/// An input error for malformed JSON, a body that is not an object, an
/// unknown field, a missing required field or a value of the wrong type,
/// naming the field (serde's message).
pub fn read<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, CliError> {
    let value: serde_json::Value = serde_json::from_slice(body)
        .map_err(|e| CliError::input(format!("malformed JSON: {e}"), "request body"))?;
    if !value.is_object() {
        return Err(CliError::input("the body is not a JSON object", "request body"));
    }
    serde_json::from_value(value).map_err(|e| CliError::input(e, "request body"))
}

/// `moves`: a list of tokens, or one string of tokens (split as on the
/// command line: commas and spaces).
fn moves<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct Tokens;
    impl<'de> Visitor<'de> for Tokens {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a string or an array of strings")
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok(vec![v.to_owned()])
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(Vec::new())
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut all = Vec::new();
            while let Some(token) = seq.next_element::<String>()? {
                all.push(token);
            }
            Ok(all)
        }
    }
    d.deserialize_any(Tokens)
}

/// A whole number: a JSON number or a string of digits (null: none).
fn number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    struct Whole;
    impl Visitor<'_> for Whole {
        type Value = Option<u64>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a whole number (a JSON number or a string of digits)")
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok(Some(v))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            u64::try_from(v).map(Some).map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            v.trim().parse().map(Some).map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
    }
    d.deserialize_any(Whole)
}

/// A flag: `true` or `false` (null: false).
fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(Option::<bool>::deserialize(d)?.unwrap_or(false))
}

/// Declares a request body with the position fields every game command
/// takes (`variant`, `fen`, `moves`, `repetition`, `move_limit`) and the
/// command's own.
macro_rules! game_request {
    ($(#[$doc:meta])* $name:ident { $($(#[$fdoc:meta])* $field:ident: $ty:ty $(=> $with:literal)?,)* }) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            /// The variant (required).
            pub variant: String,
            /// The start position string (the variant's start if absent).
            #[serde(default)]
            pub fen: Option<String>,
            /// The inputs played from it.
            #[serde(default, deserialize_with = "moves")]
            pub moves: Vec<String>,
            /// `--repetition`.
            #[serde(default, deserialize_with = "number")]
            pub repetition: Option<u64>,
            /// `--move-limit`.
            #[serde(default, deserialize_with = "number")]
            pub move_limit: Option<u64>,
            $($(#[$fdoc])* #[serde(default $(, deserialize_with = $with)?)] pub $field: $ty,)*
        }

        impl $name {
            /// The command line's position options for this body.
            ///
            /// # Errors
            /// A counter that does not fit.
            pub fn common(&self) -> Result<Common, CliError> {
                let counter = |name: &str, v: Option<u64>| {
                    v.map(|n| u32::try_from(n).map_err(|_| bad(name, format!("`{name}` is too large"))))
                        .transpose()
                };
                Ok(Common {
                    variant: self.variant.clone(),
                    fen: self.fen.clone(),
                    moves: self.moves.clone(),
                    json: true,
                    repetition: counter("repetition", self.repetition)?,
                    move_limit: counter("move_limit", self.move_limit)?,
                })
            }
        }
    };
}

game_request! {
    /// The body of `show`, `moves` and `play`.
    GameRequest {}
}

game_request! {
    /// The body of `perft`.
    PerftRequest {
        /// The depth (required).
        depth: Option<u64> => "number",
        /// List each root input's count.
        divide: bool => "flag",
        /// `decision` or `full`.
        mode: Option<String>,
        /// Threads to split the root inputs across.
        threads: Option<u64> => "number",
    }
}

game_request! {
    /// The body of `render`.
    RenderRequest {
        /// The input whose squares to highlight.
        highlight: Option<String>,
    }
}

game_request! {
    /// The body of `analyze`.
    AnalyzeRequest {
        /// The depth.
        depth: Option<u64> => "number",
        /// The time in milliseconds.
        time: Option<u64> => "number",
        /// Principal variations.
        multipv: Option<u64> => "number",
        /// Search threads.
        threads: Option<u64> => "number",
    }
}

game_request! {
    /// The body of `record`.
    RecordRequest {
        /// Tags, `Key=value`.
        #[serde(rename = "tag")]
        tags: Vec<String> => "moves",
        /// The game tree to write, as the page's address holds it (the
        /// main line with its variations in brackets).
        tree: Option<String>,
        /// A record whose tags, comments and marks the answer keeps.
        base: Option<String>,
    }
}

game_request! {
    /// The body of `odds`.
    OddsRequest {
        /// Green's lineup text.
        green_lineup: Option<String>,
        /// Blue's lineup text.
        blue_lineup: Option<String>,
        /// The people's ratings: `motley ratings --json`'s document or a league's truth (a JSON object).
        ratings: Option<serde_json::Value>,
        /// A record whose main line's end is priced (instead of `fen` and `moves`).
        record: Option<String>,
        /// Which game of `record` (1 first).
        game: Option<u64> => "number",
        /// Simulations.
        simulations: Option<u64> => "number",
        /// The seed.
        seed: Option<u64> => "number",
        /// The total engagements line (a half-integer, as a number or a string).
        line: Option<serde_json::Value>,
        /// The engine's depth per simulated input.
        depth: Option<u64> => "number",
        /// The most inputs and events a simulation plays.
        cap: Option<u64> => "number",
    }
}

/// The most simulations `POST /api/odds` plays.
pub const ODDS_SIMULATIONS_CAP: u64 = 2_000;
/// The deepest search per simulated input of `POST /api/odds`.
pub const ODDS_DEPTH_CAP: u64 = 2;
/// The longest simulation of `POST /api/odds` (inputs and events).
pub const ODDS_CAP_CAP: u64 = 1_000;

impl OddsRequest {
    /// `odds`' arguments within the server's caps, and the ratings.
    ///
    /// # Errors
    /// A value out of range or above a cap, a line that is not a
    /// half-integer, ratings that are not a ratings document.
    pub fn args(&self) -> Result<(OddsArgs, Option<Ratings>), CliError> {
        let capped = |name: &str, value: Option<u64>, cap: u64, default: u32| -> Result<u32, CliError> {
            match value {
                None => Ok(default),
                Some(0) => Err(bad(name, format!("`{name}` is at least 1"))),
                Some(v) if v > cap => Err(over(name, cap)),
                Some(v) => Ok(u32::try_from(v).unwrap_or(u32::MAX)),
            }
        };
        let line = match &self.line {
            None => None,
            Some(v) => {
                let text = v.as_str().map_or_else(|| v.to_string(), str::to_owned);
                Some(crate::args::half_integer(&text).map_err(|e| bad("line", e))?)
            }
        };
        let ratings = match &self.ratings {
            None => None,
            Some(v) => Some(crate::command::odds::ratings_of(v).map_err(|e| bad("ratings", e))?),
        };
        let args = OddsArgs {
            common: self.common()?,
            green_lineup: self.green_lineup.clone(),
            blue_lineup: self.blue_lineup.clone(),
            ratings: None,
            record: self.record.as_ref().map(|_| "-".to_owned()),
            game: count("game", self.game)?.unwrap_or(1),
            simulations: capped("simulations", self.simulations, ODDS_SIMULATIONS_CAP, 1000)?,
            seed: self.seed.unwrap_or(0),
            line,
            depth: capped("depth", self.depth, ODDS_DEPTH_CAP, 1)?,
            cap: capped("cap", self.cap, ODDS_CAP_CAP, 400)?,
        };
        Ok((args, ratings))
    }
}

/// The body of `replay`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct ReplayRequest {
    /// The record text (required).
    pub record: String,
    /// Which game (1 first).
    #[serde(default, deserialize_with = "number")]
    pub game: Option<u64>,
    /// The position after this many plies.
    #[serde(default, deserialize_with = "number")]
    pub ply: Option<u64>,
    /// List the main line's inputs.
    #[serde(default, deserialize_with = "flag")]
    pub moves: bool,
}

/// The body of `annotate`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct AnnotateRequest {
    /// The record text (required).
    pub record: String,
    /// The depth of each position's search.
    #[serde(default, deserialize_with = "number")]
    pub depth: Option<u64>,
    /// The time of each position's search (ms).
    #[serde(default, deserialize_with = "number")]
    pub time: Option<u64>,
    /// Only this game (1 first).
    #[serde(default, deserialize_with = "number")]
    pub game: Option<u64>,
}

/// A limit of a body, checked as every front end checks it.
fn limit(name: &str, kind: LimitKind, value: Option<u64>) -> Result<Option<u64>, CliError> {
    value.map(|v| kind.check(v).map_err(|e| bad(name, e))).transpose()
}

/// A count of a body (1 or more, fitting a `u32`).
fn count(name: &str, value: Option<u64>) -> Result<Option<u32>, CliError> {
    value
        .map(|v| {
            u32::try_from(v)
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| bad(name, format!("`{name}` must be a whole number from 1 to {}", u32::MAX)))
        })
        .transpose()
}

impl PerftRequest {
    /// `perft`'s arguments, within the server's caps on depth and threads
    /// (the cap on the tree's size needs the position: the handler checks it).
    ///
    /// # Errors
    /// A missing or bad depth, mode or thread count, or one above a cap.
    pub fn args(&self) -> Result<PerftArgs, CliError> {
        let depth = self.depth.ok_or_else(|| CliError::input("missing field `depth`", "request body"))?;
        if depth > PERFT_DEPTH_CAP {
            return Err(over("depth", PERFT_DEPTH_CAP));
        }
        let threads = limit("threads", LimitKind::Threads, self.threads)?.unwrap_or(1);
        if threads > THREADS_CAP {
            return Err(over("threads", THREADS_CAP));
        }
        let mode = match self.mode.as_deref() {
            None | Some("decision") => Mode::Decision,
            Some("full") => Mode::Full,
            Some(other) => {
                return Err(bad("mode", format!("unknown mode `{other}` (expected decision or full)")));
            }
        };
        Ok(PerftArgs {
            common: self.common()?,
            depth: u32::try_from(depth).unwrap_or(u32::MAX),
            divide: self.divide,
            mode,
            threads: usize::try_from(threads).unwrap_or(1),
        })
    }
}

impl RenderRequest {
    /// `render`'s arguments (the SVG comes in the document).
    ///
    /// # Errors
    /// A counter that does not fit.
    pub fn args(&self) -> Result<RenderArgs, CliError> {
        Ok(RenderArgs { common: self.common()?, out: None, highlight: self.highlight.clone() })
    }
}

impl AnalyzeRequest {
    /// `analyze`'s arguments within the server's caps: `time` at most
    /// [`ANALYZE_TIME_CAP_MS`], which also bounds a search by `depth` alone.
    ///
    /// # Errors
    /// A bad limit, or one above a cap.
    pub fn args(&self) -> Result<AnalyzeArgs, CliError> {
        let depth = limit("depth", LimitKind::Depth, self.depth)?;
        let mut time = limit("time", LimitKind::Time, self.time)?;
        if time.is_some_and(|t| t > ANALYZE_TIME_CAP_MS) {
            return Err(over("time", ANALYZE_TIME_CAP_MS));
        }
        if depth.is_some() && time.is_none() {
            time = Some(ANALYZE_TIME_CAP_MS);
        }
        let threads = limit("threads", LimitKind::Threads, self.threads)?.unwrap_or(1);
        if threads > THREADS_CAP {
            return Err(over("threads", THREADS_CAP));
        }
        let multipv = limit("multipv", LimitKind::MultiPv, self.multipv)?.unwrap_or(1);
        Ok(AnalyzeArgs {
            common: self.common()?,
            depth: depth.map(|d| u32::try_from(d).unwrap_or(Limits::MAX_DEPTH)),
            time,
            multipv: usize::try_from(multipv).unwrap_or(1),
            threads: usize::try_from(threads).unwrap_or(1),
        })
    }
}

impl RecordRequest {
    /// `record`'s arguments.
    ///
    /// # Errors
    /// A counter that does not fit.
    pub fn args(&self) -> Result<RecordArgs, CliError> {
        Ok(RecordArgs { common: self.common()?, tags: self.tags.clone() })
    }
}

impl ReplayRequest {
    /// `replay`'s arguments, reading the record from the body (`-`).
    ///
    /// # Errors
    /// A game or ply number that does not fit.
    pub fn args(&self) -> Result<ReplayArgs, CliError> {
        Ok(ReplayArgs {
            file: "-".to_owned(),
            game: count("game", self.game)?.unwrap_or(1),
            ply: self
                .ply
                .map(|p| u32::try_from(p).map_err(|_| bad("ply", "`ply` is too large")))
                .transpose()?,
            moves: self.moves,
            json: true,
            common: Common::default(),
        })
    }
}

impl AnnotateRequest {
    /// `annotate`'s arguments within the server's caps on depth and time
    /// (the cap on the record's plies needs the record: the handler checks it).
    ///
    /// # Errors
    /// A bad limit, both `depth` and `time`, or one above a cap.
    pub fn args(&self) -> Result<AnnotateArgs, CliError> {
        let depth = limit("depth", LimitKind::Depth, self.depth)?;
        let time = limit("time", LimitKind::Time, self.time)?;
        if depth.is_some_and(|d| d > ANNOTATE_DEPTH_CAP) {
            return Err(over("depth", ANNOTATE_DEPTH_CAP));
        }
        if time.is_some_and(|t| t > ANNOTATE_TIME_CAP_MS) {
            return Err(over("time", ANNOTATE_TIME_CAP_MS));
        }
        if depth.is_some() && time.is_some() {
            return Err(bad("time", "`depth` and `time` cannot be used together"));
        }
        Ok(AnnotateArgs {
            file: "-".to_owned(),
            depth: depth.map(|d| u32::try_from(d).unwrap_or(Limits::MAX_DEPTH)),
            time,
            game: count("game", self.game)?,
            json: true,
            common: Common::default(),
        })
    }
}

/// The query of `GET /api/analyze/stream`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct StreamQuery {
    /// The variant (required).
    pub variant: String,
    /// The start position string.
    #[serde(default)]
    pub fen: Option<String>,
    /// The inputs, separated by commas or spaces.
    #[serde(default)]
    pub moves: Option<String>,
    /// Principal variations (1–64, default 1).
    #[serde(default)]
    pub multipv: Option<String>,
    /// The depth (1–64, default 64).
    #[serde(default)]
    pub depth: Option<String>,
    /// The time in ms (at most and by default [`STREAM_TIME_CAP_MS`]).
    #[serde(default)]
    pub time: Option<String>,
}

impl StreamQuery {
    /// The position options and the search limits of the stream.
    ///
    /// # Errors
    /// A bad limit, named as its query parameter.
    pub fn read(&self) -> Result<(Common, Limits), CliError> {
        let parameter = |name: &str, kind: LimitKind, text: &Option<String>| {
            text.as_deref()
                .map(|t| kind.parse(t).map_err(|e| CliError::input(e, format!("query parameter {name}"))))
                .transpose()
        };
        let multipv = parameter("multipv", LimitKind::MultiPv, &self.multipv)?.unwrap_or(1);
        let depth =
            parameter("depth", LimitKind::Depth, &self.depth)?.unwrap_or(u64::from(Limits::MAX_DEPTH));
        let time = parameter("time", LimitKind::Time, &self.time)?.unwrap_or(STREAM_TIME_CAP_MS);
        if time > STREAM_TIME_CAP_MS {
            return Err(CliError::input(
                format!("`time` is above the server's cap of {STREAM_TIME_CAP_MS} (see docs/api.md)"),
                "query parameter time",
            ));
        }
        let common = Common {
            variant: self.variant.clone(),
            fen: self.fen.clone().filter(|f| !f.is_empty()),
            moves: self.moves.clone().filter(|m| !m.trim().is_empty()).into_iter().collect(),
            ..Common::default()
        };
        let limits = Limits {
            depth: Some(u32::try_from(depth).unwrap_or(Limits::MAX_DEPTH)),
            time: Some(Duration::from_millis(time)),
            ..Limits::default()
        }
        .with_multipv(usize::try_from(multipv).unwrap_or(1));
        Ok((common, limits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_read_numbers_as_numbers_or_strings_and_refuse_unknown_fields() {
        let body: PerftRequest =
            read(br#"{"variant": "joker", "moves": "e2e4,e7e5", "depth": "3"}"#).unwrap();
        let args = body.args().unwrap();
        assert_eq!((args.depth, args.common.moves.len()), (3, 1));
        assert_eq!(crate::game::move_tokens(&args.common.moves), ["e2e4", "e7e5"]);
        let err = read::<GameRequest>(br#"{"variant": "joker", "depth": 3}"#).unwrap_err();
        assert!(err.to_string().starts_with("error: unknown field `depth`, expected one of"), "{err}");
        let err = read::<ReplayRequest>(b"{}").unwrap_err();
        assert!(err.to_string().starts_with("error: missing field `record`"), "{err}");
        let err = read::<AnalyzeRequest>(br#"{"variant": "joker", "depth": true}"#).unwrap_err();
        assert!(err.to_string().contains("expected a whole number"), "{err}");
        let err = read::<GameRequest>(b"{\"variant\": ").unwrap_err();
        assert!(err.to_string().starts_with("error: malformed JSON: "), "{err}");
        let err = read::<GameRequest>(b"[1, 2]").unwrap_err();
        assert_eq!(err.to_string(), "error: the body is not a JSON object, request body");
    }

    #[test]
    fn limits_and_caps_name_their_field() {
        let analyze = |body: &[u8]| read::<AnalyzeRequest>(body).unwrap().args();
        assert_eq!(
            analyze(br#"{"variant": "joker", "depth": 65}"#).unwrap_err().to_string(),
            "error: depth must be a whole number from 1 to 64, not `65`, request body field depth"
        );
        assert_eq!(
            analyze(br#"{"variant": "joker", "time": 10001}"#).unwrap_err().to_string(),
            "error: `time` is above the server's cap of 10000 (see docs/api.md), request body field time"
        );
        let capped = analyze(br#"{"variant": "joker", "depth": 3}"#).unwrap();
        assert_eq!((capped.depth, capped.time), (Some(3), Some(ANALYZE_TIME_CAP_MS)));
        let perft = read::<PerftRequest>(br#"{"variant": "joker", "depth": 13}"#).unwrap();
        assert!(perft.args().unwrap_err().to_string().contains("cap of 12"));
    }
}
