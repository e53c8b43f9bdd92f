//! `motley serve`: a local web analysis board for every variant, and its
//! HTTP API (documented in `docs/api.md`).
//!
//! The API is the command line: `POST /api/<command>` turns its JSON body
//! into the argument vector of `motley <command> … --json` ([`api_args`])
//! and runs it through [`crate::run_io`], the entry point of the binary, so
//! the answer is byte for byte the document the CLI prints, and an error is
//! the CLI's error line. `GET /api/analyze/stream` streams one server-sent
//! event per completed depth of a search, stopped when the client goes away.
//! The server keeps no state between requests: the position travels with
//! each one.
//!
//! Blocking work (every command, and the searches) runs on tokio's blocking
//! threads; the caps below keep one request from holding the server.

use std::collections::HashMap;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::StreamExt as _;
use motley_core::BoardView;
use motley_core::Seat;
use motley_core::search::{Evaluate, Limits, SearchConfig, SearchInfo, SearchResult, Searcher, WdlModel};
use serde_json::Value;
use tokio::sync::{Semaphore, mpsc};

use crate::args::Common;
use crate::commands::{self, Terminal};
use crate::document::{DoneEvent, ErrorDocument, HealthDocument, InfoEvent, json_doc, json_value};
use crate::error::{CliError, ErrorKind};
use crate::variant::{Variant, VariantTask};

pub mod request;

/// The largest request body accepted (1 MiB); a larger one is answered 413.
pub const BODY_LIMIT: usize = 1 << 20;
/// How much of an oversize body is read (and dropped) before answering 413,
/// so that the client sees the answer instead of a reset connection.
const DRAIN_LIMIT: usize = 16 << 20;
/// Analysis streams that may search at once; one more is answered 503.
pub const MAX_STREAMS: usize = 32;
/// `POST` commands that may run at once; one more is answered 503.
pub const MAX_JOBS: usize = 16;
/// The longest search of `POST /api/analyze` (ms): `time` above it is refused,
/// and `depth` without `time` searches at most this long.
pub const ANALYZE_TIME_CAP_MS: u64 = 10_000;
/// The longest search of an analysis stream (ms), and its default.
pub const STREAM_TIME_CAP_MS: u64 = 60_000;
/// The most search threads a request may ask for (`analyze`'s `threads`).
pub const THREADS_CAP: u64 = 2;
/// The deepest `perft` the API runs.
pub const PERFT_DEPTH_CAP: u64 = 12;
/// The largest estimated `perft` tree (legal moves to the power `depth`).
pub const PERFT_NODE_CAP: f64 = 2e7;
/// `annotate`'s caps: plies a position, milliseconds a position, and plies
/// (positions to search) in the whole record.
pub const ANNOTATE_DEPTH_CAP: u64 = 6;
/// See [`ANNOTATE_DEPTH_CAP`].
pub const ANNOTATE_PLY_CAP: usize = 300;
/// See [`ANNOTATE_DEPTH_CAP`].
pub const ANNOTATE_TIME_CAP_MS: u64 = 1_000;
/// How often an idle stream sends a comment; a write that fails tells the
/// server the client went away, so its search stops within a second.
const KEEP_ALIVE: Duration = Duration::from_millis(250);

/// The commands of `POST /api/<command>`.
pub const COMMANDS: [&str; 9] =
    ["show", "moves", "play", "perft", "render", "analyze", "record", "replay", "annotate"];

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const STYLE_CSS: &str = include_str!("../assets/style.css");

/// `serve`'s options.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct ServeArgs {
    /// The address to listen on (a name or an IP address; loopback unless told otherwise).
    #[arg(long, value_name = "HOST", default_value = "127.0.0.1")]
    pub host: String,
    /// The port to listen on (0: any free port; the URL printed names it).
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// Not read from the command line (every request names its variant).
    #[arg(skip)]
    pub common: Common,
}

/// How one body field becomes arguments.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    /// A positional argument (string or number).
    Positional,
    /// `--name=value` (string).
    Text,
    /// `--name=value` (number, or a string clap reads).
    Number,
    /// `--name` when true.
    Flag,
    /// `--name=value` once per value (a string or an array of strings).
    Values,
    /// The record text, read by the command as standard input (`-`).
    Input,
}

const COMMON_FIELDS: [(&str, Field); 5] = [
    ("variant", Field::Positional),
    ("fen", Field::Text),
    ("moves", Field::Values),
    ("repetition", Field::Number),
    ("move_limit", Field::Number),
];

/// The body fields of `command` beyond the common ones (`None` for an
/// unknown command), and whether it takes the common fields.
fn fields(command: &str) -> Option<(bool, &'static [(&'static str, Field)])> {
    Some(match command {
        "show" | "moves" | "play" => (true, &[]),
        "perft" => (
            true,
            &[
                ("depth", Field::Positional),
                ("divide", Field::Flag),
                ("mode", Field::Text),
                ("threads", Field::Number),
            ],
        ),
        "render" => (true, &[("highlight", Field::Text)]),
        "analyze" => (
            true,
            &[
                ("depth", Field::Number),
                ("time", Field::Number),
                ("multipv", Field::Number),
                ("threads", Field::Number),
            ],
        ),
        "record" => (true, &[("tag", Field::Values)]),
        "replay" => (
            false,
            &[
                ("record", Field::Input),
                ("game", Field::Number),
                ("ply", Field::Number),
                ("moves", Field::Flag),
            ],
        ),
        "annotate" => (
            false,
            &[
                ("record", Field::Input),
                ("depth", Field::Number),
                ("time", Field::Number),
                ("game", Field::Number),
            ],
        ),
        _ => return None,
    })
}

/// The command line a request runs: `motley <command> [options] --json --
/// <positionals>`, and the text its standard input reads.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ApiCall {
    /// The arguments, the program name first.
    pub args: Vec<String>,
    /// Standard input (`replay` and `annotate`: the record).
    pub input: String,
}

fn body_error(what: impl std::fmt::Display) -> CliError {
    CliError::input(what, "request body")
}

/// A whole number in `value` (a number or a string of digits), if any.
fn number_of(value: &Value) -> Option<u64> {
    match value {
        Value::Number(n) => n.as_u64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Translates the JSON body of `POST /api/<command>` into the command line
/// `motley <command> … --json` that answers it, with the server's caps
/// applied (see `docs/api.md`): `{"variant": "joker", "moves": ["e2e4"],
/// "depth": 3}` for `perft` is `motley perft --moves=e2e4 --json -- joker 3`.
///
/// ```
/// use motley_cli::serve::api_args;
///
/// let body = serde_json::json!({"variant": "joker", "moves": ["e2e4"], "depth": 3});
/// let call = api_args("perft", &body).expect("a good body");
/// assert_eq!(call.args, ["motley", "perft", "--moves=e2e4", "--json", "--", "joker", "3"]);
/// ```
///
/// # Errors
/// An input error for an unknown command, a body that is not an object, an
/// unknown field, a value of the wrong type, or a value above a cap.
pub fn api_args(command: &str, body: &Value) -> Result<ApiCall, CliError> {
    let Some((common, extra)) = fields(command) else {
        return Err(CliError::input(
            format!("unknown command `{command}` (expected {})", COMMANDS.join(", ")),
            format!("POST /api/{command}"),
        ));
    };
    let Value::Object(map) = body else {
        return Err(body_error("the body is not a JSON object"));
    };
    let allowed: Vec<(&str, Field)> =
        if common { COMMON_FIELDS.iter().chain(extra).copied().collect() } else { extra.to_vec() };
    let mut options: Vec<String> = Vec::new();
    let mut positionals: Vec<String> = Vec::new();
    let mut input = String::new();
    // Fields in the command's order, so the command line does not depend on
    // the order of the body's keys.
    for (key, _) in map {
        if !allowed.iter().any(|(name, _)| name == key) {
            let names: Vec<&str> = allowed.iter().map(|(n, _)| *n).collect();
            return Err(body_error(format!("unknown field `{key}` (expected {})", names.join(", "))));
        }
    }
    for &(key, field) in &allowed {
        let Some(value) = map.get(key).filter(|v| !v.is_null()) else { continue };
        let flag = format!("--{}", key.replace('_', "-"));
        match field {
            Field::Positional => match value {
                Value::String(s) => positionals.push(s.clone()),
                Value::Number(n) => positionals.push(n.to_string()),
                _ => return Err(body_error(format!("`{key}` must be a string or a number"))),
            },
            Field::Text => match value {
                Value::String(s) => options.push(format!("{flag}={s}")),
                _ => return Err(body_error(format!("`{key}` must be a string"))),
            },
            Field::Number => match value {
                Value::String(s) => options.push(format!("{flag}={s}")),
                Value::Number(n) => options.push(format!("{flag}={n}")),
                _ => return Err(body_error(format!("`{key}` must be a number"))),
            },
            Field::Flag => match value {
                Value::Bool(true) => options.push(flag),
                Value::Bool(false) => {}
                _ => return Err(body_error(format!("`{key}` must be true or false"))),
            },
            Field::Values => match value {
                Value::String(s) => options.push(format!("{flag}={s}")),
                Value::Array(items) => {
                    for item in items {
                        match item {
                            Value::String(s) => options.push(format!("{flag}={s}")),
                            _ => {
                                return Err(body_error(format!(
                                    "`{key}` must be a string or an array of strings"
                                )));
                            }
                        }
                    }
                }
                _ => return Err(body_error(format!("`{key}` must be a string or an array of strings"))),
            },
            Field::Input => match value {
                Value::String(s) => input.clone_from(s),
                _ => return Err(body_error(format!("`{key}` must be a string (the record text)"))),
            },
        }
    }
    caps(command, map, &mut options)?;
    if !common {
        positionals.push("-".to_owned());
    }
    let mut args = vec!["motley".to_owned(), command.to_owned()];
    args.extend(options);
    args.push("--json".to_owned());
    args.push("--".to_owned());
    args.extend(positionals);
    Ok(ApiCall { args, input })
}

/// The server's caps on a request's work (see the constants).
fn caps(
    command: &str,
    map: &serde_json::Map<String, Value>,
    options: &mut Vec<String>,
) -> Result<(), CliError> {
    let get = |key: &str| map.get(key).and_then(number_of);
    let over = |key: &str, cap: u64| {
        body_error(format!("`{key}` is above the server's cap of {cap} (see docs/api.md)"))
    };
    if get("threads").is_some_and(|n| n > THREADS_CAP) {
        return Err(over("threads", THREADS_CAP));
    }
    match command {
        "perft" if get("depth").is_some_and(|d| d > PERFT_DEPTH_CAP) => Err(over("depth", PERFT_DEPTH_CAP)),
        "analyze" if get("time").is_some_and(|t| t > ANALYZE_TIME_CAP_MS) => {
            Err(over("time", ANALYZE_TIME_CAP_MS))
        }
        "analyze" => {
            if map.get("depth").is_some_and(|v| !v.is_null()) && map.get("time").is_none_or(Value::is_null) {
                options.push(format!("--time={ANALYZE_TIME_CAP_MS}"));
            }
            Ok(())
        }
        "annotate" if get("depth").is_some_and(|d| d > ANNOTATE_DEPTH_CAP) => {
            Err(over("depth", ANNOTATE_DEPTH_CAP))
        }
        "annotate" if get("time").is_some_and(|t| t > ANNOTATE_TIME_CAP_MS) => {
            Err(over("time", ANNOTATE_TIME_CAP_MS))
        }
        _ => Ok(()),
    }
}

/// Runs `call` as the binary runs a command line (without a terminal), on
/// the calling thread.
#[must_use]
pub fn run_call(call: &ApiCall) -> crate::Outcome {
    let mut streamed: Vec<u8> = Vec::new();
    let input = std::io::Cursor::new(call.input.as_bytes());
    match crate::run_io(&call.args, Terminal::default(), input, &mut streamed) {
        crate::Outcome::Success(text) => {
            crate::Outcome::Success(String::from_utf8_lossy(&streamed).into_owned() + &text)
        }
        failure => failure,
    }
}

/// The estimated size of a `perft` call's tree: the legal moves of its
/// position (from `moves`, through the same entry point) to the power of
/// its depth. `None` when the position is bad (`perft` reports it).
fn perft_estimate(call: &ApiCall) -> Option<f64> {
    let at = call.args.iter().position(|a| a == "--")?;
    let (options, positionals) = call.args.split_at(at);
    let depth: i32 = positionals.get(2)?.parse().ok()?;
    let mut args = vec!["motley".to_owned(), "moves".to_owned()];
    args.extend(
        options[2..].iter().filter(|o| o.starts_with("--fen=") || o.starts_with("--moves=")).cloned(),
    );
    args.extend(["--json".to_owned(), "--".to_owned(), positionals.get(1)?.clone()]);
    let crate::Outcome::Success(text) = run_call(&ApiCall { args, input: String::new() }) else {
        return None;
    };
    let doc: Value = serde_json::from_str(&text).ok()?;
    let legal = doc["moves"].as_array()?.len().max(1);
    Some((legal as f64).powi(depth))
}

/// The plies an `annotate` call would search: each game's main line (or
/// the `game` asked for), counted by `replay --moves` through the same entry
/// point. `None` when a game is bad (`annotate` reports it).
fn annotate_plies(call: &ApiCall) -> Option<usize> {
    let games = motley_core::record::parse(&call.input).len();
    let only = call.args.iter().find_map(|a| a.strip_prefix("--game=")).map(str::to_owned);
    let list: Vec<String> = match only {
        Some(g) => vec![g],
        None => (1..=games).map(|g| g.to_string()).collect(),
    };
    let mut total = 0;
    for game in list {
        let args = ["motley", "replay", "--moves", "--json", &format!("--game={game}"), "--", "-"];
        let replay = ApiCall { args: args.map(str::to_owned).to_vec(), input: call.input.clone() };
        let crate::Outcome::Success(text) = run_call(&replay) else { return None };
        let doc: Value = serde_json::from_str(&text).ok()?;
        total += doc["moves"].as_array()?.len();
    }
    Some(total)
}

/// What every request shares: the counters and the caps' semaphores.
#[derive(Debug)]
struct Shared {
    /// Searches running now (analysis streams and `analyze` / `annotate` calls).
    searches: AtomicUsize,
    streams: Arc<Semaphore>,
    jobs: Arc<Semaphore>,
}

/// Decrements the running-search counter when dropped (even by a panic).
struct Running(Arc<Shared>);

impl Running {
    fn start(shared: &Arc<Shared>) -> Running {
        shared.searches.fetch_add(1, Ordering::SeqCst);
        Running(Arc::clone(shared))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.searches.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Sets a search's stop flag when dropped: held by the event stream, so a
/// client that goes away stops its search.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The application: every route of the page and the API.
pub fn router() -> Router {
    let shared = Arc::new(Shared {
        searches: AtomicUsize::new(0),
        streams: Arc::new(Semaphore::new(MAX_STREAMS)),
        jobs: Arc::new(Semaphore::new(MAX_JOBS)),
    });
    Router::new()
        .route("/", get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }))
        .route("/index.html", get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }))
        .route("/app.js", get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }))
        .route("/style.css", get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }))
        .route("/api/health", get(health))
        .route("/api/analyze/stream", get(stream))
        .route(
            "/api/{command}",
            post(api).fallback(|| async {
                error_response(
                    StatusCode::METHOD_NOT_ALLOWED,
                    "error: the API's commands take POST, request method",
                )
            }),
        )
        .fallback(|| async { error_response(StatusCode::NOT_FOUND, "error: no such page, path") })
        .with_state(shared)
}

fn asset(kind: &'static str, text: &'static str) -> Response {
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

fn json_response(status: StatusCode, text: String) -> Response {
    let mut response = (status, text).into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    response
}

/// `{"error": "<line>"}` with `status`.
fn error_response(status: StatusCode, line: &str) -> Response {
    json_response(status, json_doc(&ErrorDocument::new(line)))
}

fn cli_error_response(e: &CliError) -> Response {
    let status = match e.kind {
        ErrorKind::Input => StatusCode::BAD_REQUEST,
        ErrorKind::Failure => StatusCode::INTERNAL_SERVER_ERROR,
    };
    error_response(status, &e.to_string())
}

fn busy(what: &str, cap: usize) -> Response {
    error_response(
        StatusCode::SERVICE_UNAVAILABLE,
        &format!("error: the server is busy ({cap} {what} already running; try again), request"),
    )
}

async fn health(State(shared): State<Arc<Shared>>) -> Response {
    json_response(
        StatusCode::OK,
        json_doc(&HealthDocument::new(
            shared.searches.load(Ordering::SeqCst),
            MAX_STREAMS - shared.streams.available_permits(),
            MAX_JOBS - shared.jobs.available_permits(),
        )),
    )
}

/// Reads at most [`BODY_LIMIT`] bytes of `body`; a longer body is answered
/// 413 once read (up to [`DRAIN_LIMIT`]).
async fn read_body(body: Body) -> Result<Vec<u8>, Response> {
    let too_large = || {
        error_response(
            StatusCode::PAYLOAD_TOO_LARGE,
            &format!("error: the body is larger than {BODY_LIMIT} bytes, request body"),
        )
    };
    let mut data = body.into_data_stream();
    let mut bytes = Vec::new();
    let mut seen = 0usize;
    while let Some(chunk) = data.next().await {
        let chunk = chunk
            .map_err(|e| error_response(StatusCode::BAD_REQUEST, &format!("error: {e}, request body")))?;
        seen = seen.saturating_add(chunk.len());
        if seen > DRAIN_LIMIT {
            return Err(too_large());
        }
        if seen <= BODY_LIMIT {
            bytes.extend_from_slice(&chunk);
        }
    }
    if seen > BODY_LIMIT { Err(too_large()) } else { Ok(bytes) }
}

/// Reads the body of `POST /api/<command>` into the command line that
/// answers it, as the server does before it runs anything: the JSON, then
/// [`api_args`]. `Err` carries the HTTP status of the refusal (404 for an
/// unknown command, 400 for a bad body) and the CLI's error.
///
/// # Errors
/// As above; never a panic, whatever the bytes (the `api` fuzz target).
pub fn request(command: &str, body: &[u8]) -> Result<ApiCall, (StatusCode, CliError)> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| (StatusCode::BAD_REQUEST, body_error(format!("malformed JSON: {e}"))))?;
    api_args(command, &value).map_err(|e| {
        let status =
            if COMMANDS.contains(&command) { StatusCode::BAD_REQUEST } else { StatusCode::NOT_FOUND };
        (status, e)
    })
}

/// Runs a call that [`request`] made, as the server does on its blocking
/// pool: refused when a `perft` tree or an `annotate` record is above the
/// server's caps, else [`run_call`].
#[must_use]
pub fn answer(command: &str, call: &ApiCall) -> crate::Outcome {
    if command == "perft"
        && let Some(nodes) = perft_estimate(call).filter(|&n| n > PERFT_NODE_CAP)
    {
        return crate::Outcome::Failure(body_error(format!(
            "this perft is too large for the server (about {} nodes estimated, cap {PERFT_NODE_CAP}; \
             run `motley perft` instead)",
            nodes as u64
        )));
    }
    if command == "annotate"
        && let Some(plies) = annotate_plies(call).filter(|&n| n > ANNOTATE_PLY_CAP)
    {
        return crate::Outcome::Failure(body_error(format!(
            "this record is too long for the server ({plies} plies to annotate, cap {ANNOTATE_PLY_CAP}; \
             run `motley annotate` instead)"
        )));
    }
    run_call(call)
}

/// `POST /api/<command>`.
async fn api(State(shared): State<Arc<Shared>>, Path(command): Path<String>, body: Body) -> Response {
    let bytes = match read_body(body).await {
        Ok(bytes) => bytes,
        Err(response) => return response,
    };
    let call = match request(&command, &bytes) {
        Ok(call) => call,
        Err((status, e)) => return error_response(status, &e.to_string()),
    };
    let Ok(permit) = Arc::clone(&shared.jobs).try_acquire_owned() else {
        return busy("commands", MAX_JOBS);
    };
    let searching = matches!(command.as_str(), "analyze" | "annotate");
    let result = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let _running = searching.then(|| Running::start(&shared));
        answer(&command, &call)
    })
    .await;
    match result {
        Ok(crate::Outcome::Success(text)) => json_response(StatusCode::OK, text),
        Ok(crate::Outcome::Failure(e)) => cli_error_response(&e),
        Err(e) => {
            error_response(StatusCode::INTERNAL_SERVER_ERROR, &format!("error: internal error: {e}, request"))
        }
    }
}

/// What a stream's search thread sends.
enum Message {
    /// The position is good: the search starts.
    Started,
    /// The position is bad.
    Failed(CliError),
    /// An event: its name and data.
    Event(&'static str, Value),
}

/// The stream's search, run on variant `P`.
struct StreamSearch {
    common: Common,
    limits: Limits,
    stop: Arc<AtomicBool>,
    tx: mpsc::UnboundedSender<Message>,
}

/// The odds model of the searched variant and the seat to move, which
/// scores are shown for (as `analyze --json` shows them).
type Odds<'a> = (&'a WdlModel, Seat);

fn info_json<M: std::fmt::Display>(info: &SearchInfo<M>, (wdl, seat): Odds<'_>) -> Value {
    json_value(&InfoEvent::new(info, wdl, seat))
}

fn done_json<M: std::fmt::Display>(
    result: &SearchResult<M>,
    chance: bool,
    status: &str,
    (wdl, seat): Odds<'_>,
) -> Value {
    json_value(&DoneEvent::new(result, chance, status, wdl, seat))
}

impl VariantTask for StreamSearch {
    type Output = ();
    fn run<P: Evaluate + BoardView>(self) {
        let StreamSearch { common, limits, stop, tx } = self;
        let game = match commands::setup::<P>(&common) {
            Ok(game) => game,
            Err(e) => {
                let _ = tx.send(Message::Failed(e));
                return;
            }
        };
        if tx.send(Message::Started).is_err() {
            return;
        }
        let pos = game.position();
        // The odds model of the searched position, for every event.
        let odds = pos.wdl_model(pos.turn());
        if game.is_history_draw() {
            let none = SearchResult::<P::Move> {
                best: None,
                score: motley_core::search::Score(0),
                lines: Vec::new(),
                depth: 0,
                seldepth: 0,
                nodes: 0,
                elapsed: Duration::ZERO,
                stopped: false,
            };
            let _ =
                tx.send(Message::Event("done", done_json(&none, false, &game.status(), (&odds, pos.turn()))));
            return;
        }
        let mut searcher = Searcher::<P>::with_stop_flag(SearchConfig::default(), Arc::clone(&stop));
        searcher.set_game_history(game.keys());
        let result = crate::analysis::search_at_least_depth_1(&mut searcher, pos, &limits, |info| {
            if tx.send(Message::Event("info", info_json(info, (&odds, pos.turn())))).is_err() {
                stop.store(true, Ordering::Relaxed);
            }
        });
        let _ = tx.send(Message::Event(
            "done",
            done_json(&result, pos.chance().is_some(), &game.status(), (&odds, pos.turn())),
        ));
    }
}

/// A query parameter as a whole number in `range`.
fn query_number(
    query: &HashMap<String, String>,
    key: &str,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Option<u64>, CliError> {
    let Some(text) = query.get(key) else { return Ok(None) };
    match text.trim().parse::<u64>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(CliError::input(
            format!(
                "invalid value `{text}`: expected a whole number from {} to {}",
                range.start(),
                range.end()
            ),
            format!("query parameter {key}"),
        )),
    }
}

/// The position and limits of a stream's query.
fn stream_query(query: &HashMap<String, String>) -> Result<(Variant, Common, Limits), CliError> {
    const KEYS: [&str; 6] = ["variant", "fen", "moves", "multipv", "depth", "time"];
    if let Some(key) = query.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return Err(CliError::input(
            format!("unknown query parameter `{key}` (expected {})", KEYS.join(", ")),
            "GET /api/analyze/stream",
        ));
    }
    let name = query.get("variant").cloned().unwrap_or_default();
    let variant: Variant = name.parse().map_err(|e| CliError::input(e, "query parameter variant"))?;
    let common = Common {
        variant: name,
        fen: query.get("fen").filter(|f| !f.is_empty()).cloned(),
        moves: query.get("moves").filter(|m| !m.trim().is_empty()).cloned().into_iter().collect(),
        ..Common::default()
    };
    let multipv = query_number(query, "multipv", 1..=64)?.unwrap_or(1);
    let depth = query_number(query, "depth", 1..=64)?.unwrap_or(64);
    let time = query_number(query, "time", 1..=STREAM_TIME_CAP_MS)?.unwrap_or(STREAM_TIME_CAP_MS);
    let limits = Limits {
        depth: Some(u32::try_from(depth).unwrap_or(64)),
        time: Some(Duration::from_millis(time)),
        ..Limits::default()
    }
    .with_multipv(usize::try_from(multipv).unwrap_or(1));
    Ok((variant, common, limits))
}

/// `GET /api/analyze/stream`: one `info` event per completed depth, then `done`.
async fn stream(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Response {
    let query = match query {
        Ok(Query(query)) => query,
        Err(e) => {
            return error_response(StatusCode::BAD_REQUEST, &format!("error: {}, query", e.body_text()));
        }
    };
    let (variant, common, limits) = match stream_query(&query) {
        Ok(q) => q,
        Err(e) => return cli_error_response(&e),
    };
    let Ok(permit) = Arc::clone(&shared.streams).try_acquire_owned() else {
        return busy("analysis streams", MAX_STREAMS);
    };
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, mut rx) = mpsc::unbounded_channel();
    let task = StreamSearch { common, limits, stop: Arc::clone(&stop), tx };
    let running = Running::start(&shared);
    // The search ends by its limits, or by the stop flag once the client
    // has gone; its thread holds the permit and the counter until then.
    let search = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let _running = running;
        variant.with(task);
    });
    drop(search);
    match rx.recv().await {
        Some(Message::Started) => {}
        Some(Message::Failed(e)) => return cli_error_response(&e),
        _ => {
            return error_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                "error: the search ended early, request",
            );
        }
    }
    let guard = StopOnDrop(stop);
    let events = futures_util::stream::unfold((rx, guard), |(mut rx, guard)| async move {
        match rx.recv().await {
            Some(Message::Event(name, data)) => {
                let event = Event::default().event(name).data(data.to_string());
                Some((Ok::<Event, std::convert::Infallible>(event), (rx, guard)))
            }
            _ => None,
        }
    });
    Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE).text("keep-alive")).into_response()
}

/// Serves the page and the API on `listener` until the process ends.
///
/// # Errors
/// An I/O error of the listener.
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    axum::serve(listener, router()).await
}

/// `motley serve`: binds `--host`:`--port`, writes `listening on <URL>` to
/// `stream` and serves until the process ends (Ctrl-C ends it).
///
/// # Errors
/// A failure if the runtime cannot start or the address cannot be bound.
pub fn run(args: &ServeArgs, stream: &mut dyn Write) -> Result<(), CliError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::failure(format!("cannot start the server: {e}"), "serve"))?;
    let place = format!("{}:{}", args.host, args.port);
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(place.as_str()))
        .map_err(|e| CliError::failure(format!("cannot listen on {place}: {e}"), "--host/--port"))?;
    let addr: SocketAddr = listener
        .local_addr()
        .map_err(|e| CliError::failure(format!("cannot listen on {place}: {e}"), "--port"))?;
    // Ctrl-C ends the server (before `analyze` could claim the signal for a
    // request's search).
    let _ = ctrlc::set_handler(|| std::process::exit(0));
    let _ = writeln!(stream, "listening on http://{addr}/").and_then(|()| stream.flush());
    runtime
        .block_on(serve(listener))
        .map_err(|e| CliError::failure(format!("the server stopped: {e}"), "serve"))
}
