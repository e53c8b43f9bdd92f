//! `motley serve`: a local web analysis board for every variant, and its
//! HTTP API (documented in `docs/api.md`).
//!
//! `POST /api/<command>` reads its body as the command's typed request
//! ([`request`]), applies the server's caps, and runs the command's own
//! function (the one the command line runs, on a
//! [`Session`](motley_core::session::Session)), so the answer is the
//! document `motley <command> … --json` prints. `GET /api/analyze/stream`
//! streams one server-sent event per completed depth of a session's search.
//! The server keeps no game between requests: the position travels with
//! each one.
//!
//! Every search (a stream's, and `analyze` / `annotate` calls') has a stop
//! flag that is set when its client goes away (the request's future is
//! dropped), when the request has run [`REQUEST_TIME_CAP`], and when the
//! server shuts down on Ctrl-C (it then stops accepting connections and ends
//! once the running requests have answered). Blocking work runs on tokio's
//! blocking threads; the caps keep one request from holding the server.

use std::io::Write;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
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
use motley_core::record::StartError;
use motley_core::render;
use motley_core::search::{Limits, Reading, Score, SearchConfig, SearchInfo, SearchResult};
use motley_core::{BoardView, Position as _};
use tokio::sync::{Semaphore, mpsc};

use crate::args::{Common, ServeArgs, Terminal};
use crate::document::{
    DoneEvent, ErrorDocument, HealthDocument, InfoEvent, ViewDocument, ViewEntry, ViewSearch, json_doc,
    json_value,
};
use crate::error::{CliError, ErrorKind};
use crate::game;
use crate::variant::{AsHistory, RecordTask, Variant, VariantTask};
use request::{
    ANNOTATE_PLY_CAP, AnalyzeRequest, AnnotateRequest, GameRequest, OddsRequest, PERFT_NODE_CAP,
    PerftRequest, REQUEST_TIME_CAP, RecordRequest, RenderRequest, ReplayRequest, StreamQuery, read,
};

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
/// How often an idle stream sends a comment; a write that fails tells the
/// server the client went away, so its search stops within a second.
const KEEP_ALIVE: Duration = Duration::from_millis(250);
/// A search's transposition table: a MiB for every [`TABLE_MS_PER_MIB`] ms
/// of its time limit, at most the default table, so a short search does not
/// hold (nor clear) a table it cannot fill.
const TABLE_MS_PER_MIB: u64 = 250;

/// The commands of `POST /api/<command>`: the CLI's, and `view`, the
/// position as the web board draws it.
pub const COMMANDS: [&str; 11] =
    ["show", "moves", "play", "perft", "render", "analyze", "record", "replay", "annotate", "view", "odds"];

/// The page's files, served at `/<name>`: the HTML page, its style sheet and
/// its ES modules (no build step: the browser loads them as they are).
pub const ASSETS: [(&str, &str, &str); 11] = [
    ("index.html", "text/html; charset=utf-8", include_str!("../../assets/index.html")),
    ("style.css", "text/css; charset=utf-8", include_str!("../../assets/style.css")),
    ("app.js", "text/javascript; charset=utf-8", include_str!("../../assets/app.js")),
    ("api.js", "text/javascript; charset=utf-8", include_str!("../../assets/api.js")),
    ("board.js", "text/javascript; charset=utf-8", include_str!("../../assets/board.js")),
    ("tree.js", "text/javascript; charset=utf-8", include_str!("../../assets/tree.js")),
    ("panels.js", "text/javascript; charset=utf-8", include_str!("../../assets/panels.js")),
    ("analysis.js", "text/javascript; charset=utf-8", include_str!("../../assets/analysis.js")),
    ("graph.js", "text/javascript; charset=utf-8", include_str!("../../assets/graph.js")),
    ("dom.js", "text/javascript; charset=utf-8", include_str!("../../assets/dom.js")),
    ("sport.js", "text/javascript; charset=utf-8", include_str!("../../assets/sport.js")),
];

/// Answers `POST /api/<command>` with `body` on the calling thread, as the
/// server does on a blocking thread: the document, or the status and error
/// of the refusal (404 for an unknown command, 400 for a bad request or one
/// above a cap). `stop` ends a search at once (analyze, annotate).
///
/// # Errors
/// As above; never a panic, whatever the bytes (the `api` fuzz target).
pub fn answer(command: &str, body: &[u8], stop: &Arc<AtomicBool>) -> Result<String, (StatusCode, CliError)> {
    let status = |e: CliError| {
        let status = match e.kind {
            ErrorKind::Input => StatusCode::BAD_REQUEST,
            ErrorKind::Failure => StatusCode::INTERNAL_SERVER_ERROR,
        };
        (status, e)
    };
    let term = Terminal::default();
    match command {
        "show" => {
            super::show::run(&read::<GameRequest>(body).map_err(status)?.common().map_err(status)?, term)
        }
        "moves" => super::moves::run(&read::<GameRequest>(body).map_err(status)?.common().map_err(status)?),
        "play" => super::play::run(&read::<GameRequest>(body).map_err(status)?.common().map_err(status)?),
        "perft" => perft(&read::<PerftRequest>(body).map_err(status)?),
        "render" => super::render::run(&read::<RenderRequest>(body).map_err(status)?.args().map_err(status)?),
        "analyze" => {
            let args = read::<AnalyzeRequest>(body).map_err(status)?.args().map_err(status)?;
            super::analyze::json(&args, Arc::clone(stop))
        }
        "record" => {
            let request = read::<RecordRequest>(body).map_err(status)?;
            let args = request.args().map_err(status)?;
            if request.tree.is_some() || request.base.is_some() {
                super::record::tree_json(&args, request.tree.as_deref(), request.base.as_deref())
            } else {
                super::record::run(&args)
            }
        }
        "replay" => {
            let request = read::<ReplayRequest>(body).map_err(status)?;
            let text =
                crate::records::nonempty(&request.record, "request body field record").map_err(status)?;
            super::replay::document_or_text(&request.args().map_err(status)?, term, text)
        }
        "annotate" => annotate(&read::<AnnotateRequest>(body).map_err(status)?, stop),
        "odds" => {
            let request = read::<OddsRequest>(body).map_err(status)?;
            let (args, ratings) = request.args().map_err(status)?;
            let record = match request.record.as_deref() {
                Some(text) => {
                    Some(crate::records::nonempty(text, "request body field record").map_err(status)?)
                }
                None => None,
            };
            super::odds::output(&args, record, ratings.as_ref())
        }
        "view" => view(&read::<GameRequest>(body).map_err(status)?.common().map_err(status)?),
        _ => {
            let what = format!("unknown command `{command}` (expected {})", COMMANDS.join(", "));
            return Err((StatusCode::NOT_FOUND, CliError::input(what, format!("POST /api/{command}"))));
        }
    }
    .map_err(status)
}

/// `view`: the position as the web board draws it ([`ViewDocument`]). The
/// line is played as a game record's entries, so that it may hold referee
/// events.
fn view(common: &Common) -> Result<String, CliError> {
    Variant::from_argument(&common.variant)?.with_record(View(common))
}

/// The view document of a request's position.
struct View<'a>(&'a Common);

impl RecordTask for View<'_> {
    type Output = Result<String, CliError>;
    fn run<N: AsHistory>(self) -> Self::Output {
        let common = self.0;
        let mut rules = Vec::new();
        if let Some(n) = common.repetition {
            rules.push(("repetition".to_owned(), n.to_string()));
        }
        if let Some(n) = common.move_limit {
            rules.push(("move-limit".to_owned(), n.to_string()));
        }
        let mut state = N::start(common.fen.as_deref(), &rules).map_err(|e| match e {
            StartError::Fen(e) => CliError::input(format!("invalid position string: {e}"), "--fen"),
            StartError::Rules(e) => CliError::input(e, "request body field repetition/move_limit"),
        })?;
        let mut line = Vec::new();
        let mut last_move = Vec::new();
        let mut previous = None;
        for (i, token) in game::move_tokens(&common.moves).into_iter().enumerate() {
            let entry = state.read_entry(token).map_err(|e| {
                CliError::input(game::bad_move(token, &e), format!("move {} of --moves", i + 1))
            })?;
            let input = state.shown().parse_move(token);
            last_move =
                input.as_ref().map_or_else(|_| Vec::new(), |&mv| render::move_squares(state.shown(), mv));
            let before = state.shown().clone();
            state.play(&entry);
            line.push(ViewEntry::new(token, input.is_err(), &before, state.shown()));
            previous = Some(before);
        }
        let history = state.history();
        let search = if line.iter().any(ViewEntry::is_referee) {
            ViewSearch::new(Some(history.position().fen()), Vec::new())
        } else {
            ViewSearch::new(common.fen.clone(), line.iter().map(|e| e.token().to_owned()).collect())
        };
        Ok(json_doc(&ViewDocument::new(
            &history,
            state.outcome(),
            line,
            (&last_move, previous.as_ref()),
            search,
        )))
    }
}

/// `perft`, refused when its tree is estimated above [`PERFT_NODE_CAP`].
fn perft(request: &PerftRequest) -> Result<String, CliError> {
    let args = request.args()?;
    let legal = Variant::from_argument(&args.common.variant)?.with(LegalCount(&args.common))?;
    let nodes = (legal.max(1) as f64).powi(i32::try_from(args.depth).unwrap_or(i32::MAX));
    if nodes > PERFT_NODE_CAP {
        return Err(CliError::input(
            format!(
                "this perft is too large for the server (about {} nodes estimated, cap {PERFT_NODE_CAP}; \
                 run `motley perft` instead)",
                nodes as u64
            ),
            "request body",
        ));
    }
    super::perft::run(&args, Terminal::default())
}

/// The number of legal inputs of a request's position.
struct LegalCount<'a>(&'a Common);

impl VariantTask for LegalCount<'_> {
    type Output = Result<usize, CliError>;
    fn run<P: Reading + BoardView>(self) -> Self::Output {
        Ok(game::session::<P>(self.0)?.game().legal_moves().len())
    }
}

/// `annotate`, refused when the record has more than [`ANNOTATE_PLY_CAP`] plies.
fn annotate(request: &AnnotateRequest, stop: &Arc<AtomicBool>) -> Result<String, CliError> {
    let args = request.args()?;
    let text = crate::records::nonempty(&request.record, "request body field record")?;
    let games = super::annotate::read_games(&args, text)?;
    let plies = games.plies();
    if plies > ANNOTATE_PLY_CAP {
        return Err(CliError::input(
            format!(
                "this record is too long for the server ({plies} plies to annotate, cap {ANNOTATE_PLY_CAP}; \
                 run `motley annotate` instead)"
            ),
            "request body",
        ));
    }
    super::annotate::annotate(&args, Terminal::default(), &games, stop)
}

/// What every request shares: the counters, the caps' semaphores, and the
/// stop flags of the searches running, for the shutdown.
#[derive(Debug)]
struct Shared {
    /// Searches running now (analysis streams and `analyze` / `annotate` calls).
    searches: AtomicUsize,
    streams: Arc<Semaphore>,
    jobs: Arc<Semaphore>,
    stops: Mutex<Vec<Weak<AtomicBool>>>,
    /// Set once the server shuts down: every new search stops at once.
    closing: AtomicBool,
}

impl Shared {
    /// A stop flag for a new search, set when the server shuts down.
    fn stop_flag(&self) -> Arc<AtomicBool> {
        let stop = Arc::new(AtomicBool::new(self.closing.load(Ordering::SeqCst)));
        let mut stops = self.stops.lock().unwrap_or_else(PoisonError::into_inner);
        stops.retain(|w| w.strong_count() > 0);
        stops.push(Arc::downgrade(&stop));
        stop
    }

    /// Stops every running search (the server is shutting down).
    fn stop_all(&self) {
        self.closing.store(true, Ordering::SeqCst);
        let stops = self.stops.lock().unwrap_or_else(PoisonError::into_inner);
        for stop in stops.iter().filter_map(Weak::upgrade) {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

/// Counts a running search while it lives (even through a panic).
struct Searching(Arc<Shared>);

impl Searching {
    fn start(shared: &Arc<Shared>) -> Searching {
        shared.searches.fetch_add(1, Ordering::SeqCst);
        Searching(Arc::clone(shared))
    }
}

impl Drop for Searching {
    fn drop(&mut self) {
        self.0.searches.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Sets a search's stop flag when dropped: held by the request's future
/// (or the event stream), so a client that goes away stops its search.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The application: every route of the page and the API.
pub fn router() -> Router {
    router_with(shared())
}

fn shared() -> Arc<Shared> {
    Arc::new(Shared {
        searches: AtomicUsize::new(0),
        streams: Arc::new(Semaphore::new(MAX_STREAMS)),
        jobs: Arc::new(Semaphore::new(MAX_JOBS)),
        stops: Mutex::new(Vec::new()),
        closing: AtomicBool::new(false),
    })
}

fn router_with(shared: Arc<Shared>) -> Router {
    let (_, html_kind, html) = ASSETS[0];
    let mut router = Router::new().route("/", get(move || async move { asset(html_kind, html) }));
    for (name, kind, text) in ASSETS {
        router = router.route(&format!("/{name}"), get(move || async move { asset(kind, text) }));
    }
    router
        .route("/api/health", get(health))
        .route("/api/variants", get(variants))
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

/// `GET /api/variants`: the variants the server plays, in the CLI's order.
async fn variants() -> Response {
    let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    json_response(StatusCode::OK, serde_json::json!({ "variants": names }).to_string())
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

/// `POST /api/<command>`.
async fn api(State(shared): State<Arc<Shared>>, Path(command): Path<String>, body: Body) -> Response {
    let bytes = match read_body(body).await {
        Ok(bytes) => bytes,
        Err(response) => return response,
    };
    let Ok(permit) = Arc::clone(&shared.jobs).try_acquire_owned() else {
        return busy("commands", MAX_JOBS);
    };
    let stop = shared.stop_flag();
    // Dropped with this future when the client goes away: the search stops.
    let guard = StopOnDrop(Arc::clone(&stop));
    let searching = matches!(command.as_str(), "analyze" | "annotate").then(|| Searching::start(&shared));
    let job = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let _searching = searching;
        answer(&command, &bytes, &stop)
    });
    let answered = tokio::time::timeout(REQUEST_TIME_CAP, job).await;
    drop(guard);
    match answered {
        Ok(Ok(Ok(text))) => json_response(StatusCode::OK, text),
        Ok(Ok(Err((status, e)))) => error_response(status, &e.to_string()),
        Ok(Err(e)) => {
            error_response(StatusCode::INTERNAL_SERVER_ERROR, &format!("error: internal error: {e}, request"))
        }
        Err(_) => error_response(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!(
                "error: the request ran longer than the server's cap of {} s and was stopped, request",
                REQUEST_TIME_CAP.as_secs()
            ),
        ),
    }
}

/// What a stream's search thread sends.
enum Message {
    /// The position is good: the search starts.
    Started,
    /// The position is bad.
    Failed(CliError),
    /// An event: its name and data.
    Event(&'static str, serde_json::Value),
}

/// The stream's search, run on variant `P`.
struct StreamSearch {
    common: Common,
    limits: Limits,
    stop: Arc<AtomicBool>,
    tx: mpsc::UnboundedSender<Message>,
}

impl VariantTask for StreamSearch {
    type Output = ();
    fn run<P: Reading + BoardView>(self) {
        let StreamSearch { common, limits, stop, tx } = self;
        let mut session = match game::session::<P>(&common) {
            Ok(session) => session,
            Err(e) => {
                let _ = tx.send(Message::Failed(e));
                return;
            }
        };
        if tx.send(Message::Started).is_err() {
            return;
        }
        session.set_config(SearchConfig { hash_mb: table_mb(&limits), ..SearchConfig::default() });
        let pos = session.position();
        let (wdl, seat) = (pos.wdl_model(pos.turn()), pos.turn());
        let status = session.game().status();
        let info = |info: &SearchInfo<P::Move>| {
            if tx.send(Message::Event("info", json_value(&InfoEvent::new(info, &wdl, seat)))).is_err() {
                stop.store(true, Ordering::Relaxed);
            }
        };
        // `None`: drawn by its history, nothing to search.
        let result = session.search(&limits, &[], Arc::clone(&stop), info).unwrap_or_else(nothing_searched);
        let done = DoneEvent::new(&result, pos.chance().is_some(), &status, &wdl, seat);
        let _ = tx.send(Message::Event("done", json_value(&done)));
    }
}

/// The result of a game with nothing to search.
fn nothing_searched<M>() -> SearchResult<M> {
    SearchResult {
        best: None,
        score: Score(0),
        lines: Vec::new(),
        depth: 0,
        seldepth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        stopped: false,
    }
}

/// The transposition table of a search with `limits` (see [`TABLE_MS_PER_MIB`]).
fn table_mb(limits: &Limits) -> usize {
    let default = SearchConfig::default().hash_mb;
    limits.time.map_or(default, |t| {
        let mib = usize::try_from(t.as_millis() as u64 / TABLE_MS_PER_MIB).unwrap_or(default);
        mib.clamp(1, default)
    })
}

/// `GET /api/analyze/stream`: one `info` event per completed depth, then `done`.
async fn stream(
    State(shared): State<Arc<Shared>>,
    query: Result<Query<StreamQuery>, QueryRejection>,
) -> Response {
    let query = match query {
        Ok(Query(query)) => query,
        Err(e) => {
            return error_response(StatusCode::BAD_REQUEST, &format!("error: {}, query", e.body_text()));
        }
    };
    let read = query.read().and_then(|(common, limits)| {
        let variant = Variant::from_argument(&common.variant)
            .map_err(|e| CliError::input(e.what, "query parameter variant"))?;
        Ok((variant, common, limits))
    });
    let (variant, common, limits) = match read {
        Ok(read) => read,
        Err(e) => return cli_error_response(&e),
    };
    let Ok(permit) = Arc::clone(&shared.streams).try_acquire_owned() else {
        return busy("analysis streams", MAX_STREAMS);
    };
    let stop = shared.stop_flag();
    let (tx, mut rx) = mpsc::unbounded_channel();
    let task = StreamSearch { common, limits, stop: Arc::clone(&stop), tx };
    let searching = Searching::start(&shared);
    // The search ends by its limits, or by the stop flag once the client
    // has gone; its thread holds the permit and the counter until then.
    drop(tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let _searching = searching;
        variant.with(task);
    }));
    let guard = StopOnDrop(stop);
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

/// Serves the page and the API on `listener` until `shutdown` completes;
/// then stops every search, answers the requests in flight and returns.
///
/// # Errors
/// An I/O error of the listener.
pub async fn serve(
    listener: tokio::net::TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let shared = shared();
    let closing = Arc::clone(&shared);
    axum::serve(listener, router_with(shared))
        .with_graceful_shutdown(async move {
            shutdown.await;
            closing.stop_all();
        })
        .await
}

/// `motley serve`: binds `--host`:`--port`, writes `listening on <URL>` to
/// `stream` and serves until Ctrl-C, which shuts it down gracefully (a
/// second Ctrl-C ends it at once).
///
/// # Errors
/// A failure if the runtime cannot start or the address cannot be bound.
pub fn run(args: &ServeArgs, stream: &mut dyn Write) -> Result<(), CliError> {
    // Searches run on the runtime's blocking threads: give them a search's stack.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(motley_core::search::SEARCH_STACK_BYTES)
        .build()
        .map_err(|e| CliError::failure(format!("cannot start the server: {e}"), "serve"))?;
    let place = format!("{}:{}", args.host, args.port);
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind(place.as_str()))
        .map_err(|e| CliError::failure(format!("cannot listen on {place}: {e}"), "--host/--port"))?;
    let addr: SocketAddr = listener
        .local_addr()
        .map_err(|e| CliError::failure(format!("cannot listen on {place}: {e}"), "--port"))?;
    let _ = writeln!(stream, "listening on http://{addr}/").and_then(|()| stream.flush());
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            // No signal handling: serve until the process is killed.
            std::future::pending::<()>().await;
        }
        tokio::spawn(async {
            if tokio::signal::ctrl_c().await.is_ok() {
                std::process::exit(130);
            }
        });
    };
    runtime
        .block_on(serve(listener, ctrl_c))
        .map_err(|e| CliError::failure(format!("the server stopped: {e}"), "serve"))
}
