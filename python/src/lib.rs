//! The `motley` Python module (`motley._motley`): Motley's variants from
//! Python, through the same session layer as the command line, the UCI
//! engine and the HTTP API.
//!
//! Nothing here knows a rule. A variant name becomes a type in the CLI's
//! table ([`motley_cli::Variant::with`]); a game is a
//! [`motley_core::session::Session`] behind the object-safe `Play` trait;
//! analysis is `motley analyze --json`'s document, records are read and
//! written by the `record` and `replay` commands' code, and match games are
//! played by the CLI's tournament code with the match's seeded generator of
//! each game. Errors carry the library's message and where it applies
//! (`invalid move `x`: …, move`), as [`MotleyError`], a `ValueError`.
//!
//! Searches and perft counts release the GIL (`Python::allow_threads`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use motley_cli::args::{AnalyzeArgs, Common, ReplayArgs};
use motley_cli::command::analyze;
use motley_cli::tournament::{MoveLimits, Rules, contestant, play_game, starts};
use motley_cli::variant::{Variant, VariantTask};
use motley_cli::{CliError, Terminal};
use motley_core::search::selfplay::{SampleGame, SampleGameConfig, sample_game};
use motley_core::search::{LimitKind, Reading, game_rng};
use motley_core::session::Session;
use motley_core::{BoardView, PerftMode, Position, Seat};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;

create_exception!(
    _motley,
    MotleyError,
    PyValueError,
    "A bad variant, position string, input, limit, record or player: the library's message, then where."
);

/// The Python exception of a CLI error: `<what>, <where>`.
fn py_err(e: &CliError) -> PyErr {
    MotleyError::new_err(format!("{}, {}", e.what, e.location))
}

/// The variant `name` names (case-insensitive), as a Python error if none.
fn variant(name: &str) -> PyResult<Variant> {
    Variant::from_argument(name).map_err(|e| py_err(&e))
}

/// A limit read with the bounds and error text of every front end.
fn limit(kind: LimitKind, value: u64, place: &str) -> PyResult<u64> {
    kind.parse(&value.to_string()).map_err(|e| py_err(&CliError::input(e, place)))
}

/// The result of a finished game, as Python sees it.
struct OutcomeInfo {
    results: Vec<&'static str>,
    reason: String,
    text: String,
    winner: Option<String>,
}

/// A game of any variant: a [`Session`] behind an object-safe trait, made
/// for a variant by [`NewGame`].
trait Play: Send + Sync {
    fn variant(&self) -> &'static str;
    fn start_fen(&self) -> Option<&str>;
    fn fen(&self) -> String;
    fn legal_moves(&self) -> Vec<String>;
    fn play(&mut self, token: &str) -> Result<(), CliError>;
    fn moves(&self) -> Vec<String>;
    fn turn(&self) -> String;
    fn seats(&self) -> Vec<String>;
    fn outcome(&self) -> Option<OutcomeInfo>;
    fn status(&self) -> String;
    fn chance(&self) -> Option<Vec<(String, f64)>>;
    fn analyse(&self, args: &AnalyzeArgs) -> String;
    fn perft(&self, depth: u32) -> u64;
    fn perft_roots(&self) -> Vec<String>;
    fn perft_after(&self, root: &str, depth: u32) -> Result<u64, CliError>;
    fn boxed(&self) -> Box<dyn Play>;
}

/// The game a front end builds: `fen` (the start for `None`) under the
/// variant's history draws.
struct NewGame<'a> {
    fen: Option<&'a str>,
}

impl VariantTask for NewGame<'_> {
    type Output = Result<Box<dyn Play>, CliError>;
    fn run<P: Reading + BoardView>(self) -> Self::Output {
        let session = Session::<P>::from_fen(self.fen, P::DRAW_RULES)
            .map_err(|e| CliError::input(format!("invalid position string: {e}"), "fen"))?;
        Ok(Box::new(Game { session, fen: self.fen.map(str::to_owned) }))
    }
}

/// A session and the position string it started from.
#[derive(Clone)]
struct Game<P: Position> {
    session: Session<P>,
    fen: Option<String>,
}

impl<P: Reading + BoardView> Play for Game<P> {
    fn variant(&self) -> &'static str {
        P::VARIANT
    }

    fn start_fen(&self) -> Option<&str> {
        self.fen.as_deref()
    }

    fn fen(&self) -> String {
        self.session.position().fen()
    }

    fn legal_moves(&self) -> Vec<String> {
        motley_cli::game::sorted_moves(self.session.game())
    }

    fn play(&mut self, token: &str) -> Result<(), CliError> {
        self.session
            .play(token)
            .map(|_| ())
            .map_err(|e| CliError::input(motley_cli::game::bad_move(token, &e.to_string()), "move"))
    }

    fn moves(&self) -> Vec<String> {
        self.session.game().moves().iter().map(ToString::to_string).collect()
    }

    fn turn(&self) -> String {
        let pos = self.session.position();
        pos.seat_name(pos.turn()).to_owned()
    }

    fn seats(&self) -> Vec<String> {
        let pos = self.session.position();
        (0..pos.seat_count()).map(|s| pos.seat_name(Seat(s as u8)).to_owned()).collect()
    }

    fn outcome(&self) -> Option<OutcomeInfo> {
        let game = self.session.game();
        let outcome = game.outcome()?;
        let pos = game.position();
        Some(OutcomeInfo {
            results: (0..pos.seat_count()).map(|s| outcome.result(Seat(s as u8)).name()).collect(),
            reason: outcome.reason().to_owned(),
            text: pos.outcome_text(&outcome),
            winner: outcome.winner().map(|s| pos.seat_name(s).to_owned()),
        })
    }

    fn status(&self) -> String {
        self.session.game().status()
    }

    fn chance(&self) -> Option<Vec<(String, f64)>> {
        let pos = self.session.position();
        pos.chance().map(|list| list.into_iter().map(|(m, p)| (m.to_string(), p)).collect())
    }

    fn analyse(&self, args: &AnalyzeArgs) -> String {
        let doc = analyze::document(&self.session, args, Arc::new(AtomicBool::new(false)));
        serde_json::to_string(&doc).unwrap_or_default()
    }

    fn perft(&self, depth: u32) -> u64 {
        self.session.perft(depth, PerftMode::Decision, &AtomicBool::new(false), |_, _| {}).nodes
    }

    fn perft_roots(&self) -> Vec<String> {
        self.session.position().perft_roots(PerftMode::Decision).iter().map(ToString::to_string).collect()
    }

    fn perft_after(&self, root: &str, depth: u32) -> Result<u64, CliError> {
        let pos = self.session.position();
        let roots = pos.perft_roots(PerftMode::Decision);
        let mv =
            pos.parse_move(root).ok().filter(|mv| roots.contains(mv)).ok_or_else(|| {
                CliError::input(format!("`{root}` is not a root input of perft here"), "root")
            })?;
        Ok(pos.perft_after(mv, depth, PerftMode::Decision))
    }

    fn boxed(&self) -> Box<dyn Play> {
        Box::new(self.clone())
    }
}

/// The game `fen` names in `variant` (the start for `None`).
fn new_game(variant_name: &str, fen: Option<&str>) -> PyResult<Box<dyn Play>> {
    variant(variant_name)?.with(NewGame { fen }).map_err(|e| py_err(&e))
}

/// Parses a JSON document into Python objects (with the standard library's `json`).
fn json_to_py(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    let json = py.import("json")?;
    Ok(json.call_method1("loads", (text,))?.unbind())
}

/// What a search found: ``motley analyze``'s summary for the side to move.
///
/// ``score`` is the normalised score in pawns (``0.0`` an even game,
/// ``+1.0`` an expected result of 64%; ``None`` for a forced result, see
/// ``mate``), ``raw`` the search's own score in pawns, ``mate`` the inputs
/// to a forced win (negative: to a loss), ``odds`` the ``(win, draw,
/// loss)`` chances under the variant's fitted odds and ``expected`` the
/// expected result, ``pv`` the principal variation and ``best`` its first
/// input; ``depth``, ``seldepth``, ``nodes``, ``seconds`` and ``stopped``
/// what the search reached. ``document()`` is the whole ``motley analyze
/// --json`` document (at a Mage's Chess engagement it holds each
/// resolution's value).
#[pyclass(module = "motley._motley", frozen, get_all)]
struct Analysis {
    best: Option<String>,
    score: Option<f64>,
    score_text: String,
    raw: Option<f64>,
    mate: Option<i64>,
    odds: (f64, f64, f64),
    expected: f64,
    pv: Vec<String>,
    lines: Vec<(String, Vec<String>)>,
    depth: u64,
    seldepth: u64,
    nodes: u64,
    seconds: f64,
    stopped: bool,
    chance_node: bool,
    json: String,
}

impl Analysis {
    /// The summary of `analyze --json`'s document `text` (`None` without a search).
    fn of_document(text: String) -> Option<Analysis> {
        use serde_json::Value;
        let doc: Value = serde_json::from_str(&text).ok()?;
        let search = doc.get("search").filter(|s| !s.is_null())?;
        let int = |v: &Value, k: &str| v.get(k).and_then(Value::as_u64).unwrap_or(0);
        let strings = |v: Option<&Value>| -> Vec<String> {
            v.and_then(Value::as_array)
                .map(|a| a.iter().filter_map(|m| m.as_str().map(str::to_owned)).collect())
                .unwrap_or_default()
        };
        let score = search.get("score").cloned().unwrap_or(Value::Null);
        let pawns = |k: &str| score.get(k).and_then(Value::as_i64).map(|cp| cp as f64 / 100.0);
        let mate =
            match (score.get("win_in").and_then(Value::as_i64), score.get("loss_in").and_then(Value::as_i64))
            {
                (Some(n), _) => Some(n),
                (None, Some(n)) => Some(-n),
                _ => None,
            };
        let wdl = search.get("wdl").cloned().unwrap_or(Value::Null);
        let share = |k: &str| wdl.get(k).and_then(Value::as_f64).unwrap_or(0.0) / 1000.0;
        let lines = search
            .get("lines")
            .and_then(Value::as_array)
            .map(|ls| {
                ls.iter()
                    .map(|l| {
                        let text = l.pointer("/score/text").and_then(Value::as_str).unwrap_or("").to_owned();
                        (text, strings(l.get("pv")))
                    })
                    .collect()
            })
            .unwrap_or_default();
        Some(Analysis {
            best: search.get("best_move").and_then(Value::as_str).map(str::to_owned),
            score: pawns("cp"),
            score_text: score.get("text").and_then(Value::as_str).unwrap_or("").to_owned(),
            raw: pawns("raw_cp"),
            mate,
            odds: (share("win"), share("draw"), share("loss")),
            expected: search.get("expected").and_then(Value::as_f64).unwrap_or(0.0),
            pv: strings(search.get("pv")),
            lines,
            depth: int(search, "depth"),
            seldepth: int(search, "seldepth"),
            nodes: int(search, "nodes"),
            seconds: search.get("seconds").and_then(Value::as_f64).unwrap_or(0.0),
            stopped: search.get("stopped").and_then(Value::as_bool).unwrap_or(false),
            chance_node: search.get("chance_node").and_then(Value::as_bool).unwrap_or(false),
            json: text,
        })
    }
}

#[pymethods]
impl Analysis {
    /// The whole ``motley analyze --json`` document, as a dict.
    fn document(&self, py: Python<'_>) -> PyResult<PyObject> {
        json_to_py(py, &self.json)
    }

    fn __repr__(&self) -> String {
        format!(
            "Analysis(best={:?}, score={:?}, depth={}, nodes={}, pv={:?})",
            self.best, self.score_text, self.depth, self.nodes, self.pv
        )
    }
}

/// A game of one of Motley's variants: a position, the inputs played since
/// the start position it was made from, and the history draws in force.
///
/// ``Game("joker")`` starts at the variant's start position;
/// ``Game("mages", fen)`` at a position string. Inputs are the variant's
/// notation (``legal_moves()`` lists them); a Mage's Chess engagement is
/// resolved by playing one of ``chance()``'s resolutions.
#[pyclass(module = "motley._motley", name = "Game")]
struct PyGame {
    inner: Box<dyn Play>,
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (variant, fen=None))]
    fn new(variant: &str, fen: Option<&str>) -> PyResult<Self> {
        Ok(PyGame { inner: new_game(variant, fen)? })
    }

    /// The variant's name (``sovereign``, ``royale``, ``mages`` or ``joker``).
    #[getter]
    fn variant(&self) -> &'static str {
        self.inner.variant()
    }

    /// The position string of the current position.
    fn fen(&self) -> String {
        self.inner.fen()
    }

    /// Every legal input of the current position, sorted (none once the game is over).
    fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// Plays one input (a token of ``legal_moves()``); raises ``MotleyError``
    /// with the reason if it cannot be played, leaving the game unchanged.
    fn play(&mut self, r#move: &str) -> PyResult<()> {
        self.inner.play(r#move).map_err(|e| py_err(&e))
    }

    /// The inputs played since the start position, chance resolutions included.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner.moves()
    }

    /// The seat to move (``white``, ``black``, …).
    #[getter]
    fn turn(&self) -> String {
        self.inner.turn()
    }

    /// Every seat's name, in seat order.
    #[getter]
    fn seats(&self) -> Vec<String> {
        self.inner.seats()
    }

    /// The game's status line, as ``motley show`` prints it.
    fn status(&self) -> String {
        self.inner.status()
    }

    /// ``None`` while the game goes on; else a dict: ``results`` (per seat,
    /// ``win``/``draw``/``loss``), ``reason``, ``winner`` (a seat name or
    /// ``None``) and ``text`` (the result as the CLI words it).
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let Some(o) = self.inner.outcome() else { return Ok(None) };
        let d = PyDict::new(py);
        d.set_item("results", o.results)?;
        d.set_item("reason", o.reason)?;
        d.set_item("winner", o.winner)?;
        d.set_item("text", o.text)?;
        Ok(Some(d.into_any().unbind()))
    }

    /// At a chance node (a Mage's Chess engagement or referee event), each
    /// resolution with its probability under the outcome model; else ``None``.
    fn chance(&self) -> Option<Vec<(String, f64)>> {
        self.inner.chance()
    }

    /// Searches the current position with the GIL released: to ``depth``
    /// plies (1 to 64), for ``time`` milliseconds, or whichever ends first;
    /// neither: one second (``motley analyze``'s limits). ``multipv`` lines
    /// (1 to 64) on ``threads`` threads (1 to 256). ``None`` when the game
    /// is drawn by its history (there is nothing to search).
    #[pyo3(signature = (depth=None, time=None, multipv=1, threads=1))]
    fn analyse(
        &self,
        py: Python<'_>,
        depth: Option<u64>,
        time: Option<u64>,
        multipv: u64,
        threads: u64,
    ) -> PyResult<Option<Analysis>> {
        let depth = depth.map(|d| limit(LimitKind::Depth, d, "depth")).transpose()?;
        let time = time.map(|t| limit(LimitKind::Time, t, "time")).transpose()?;
        let multipv = limit(LimitKind::MultiPv, multipv, "multipv")?;
        let threads = limit(LimitKind::Threads, threads, "threads")?;
        let args = AnalyzeArgs {
            common: Common { variant: self.inner.variant().to_owned(), ..Common::default() },
            depth: depth.map(|d| u32::try_from(d).unwrap_or(u32::MAX)),
            time,
            multipv: usize::try_from(multipv).unwrap_or(usize::MAX),
            threads: usize::try_from(threads).unwrap_or(usize::MAX),
        };
        let inner = &self.inner;
        let text = py.allow_threads(|| inner.analyse(&args));
        Ok(Analysis::of_document(text))
    }

    /// The same as ``analyse``.
    #[pyo3(signature = (depth=None, time=None, multipv=1, threads=1))]
    fn analyze(
        &self,
        py: Python<'_>,
        depth: Option<u64>,
        time: Option<u64>,
        multipv: u64,
        threads: u64,
    ) -> PyResult<Option<Analysis>> {
        self.analyse(py, depth, time, multipv, threads)
    }

    /// Perft ``depth`` of the current position (decision plies; a Mage's
    /// Chess engagement counts its resolutions), the GIL released.
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let inner = &self.inner;
        py.allow_threads(|| inner.perft(depth))
    }

    /// The game as a game record (the text ``motley record`` writes), with
    /// extra ``tags`` (``{"White": "Ann"}``; ``Result`` sets the result of a
    /// game that is not over).
    #[pyo3(signature = (tags=None))]
    fn record(&self, tags: Option<Vec<(String, String)>>) -> PyResult<String> {
        let mut args: Vec<String> = vec!["motley".into(), "record".into(), self.inner.variant().into()];
        if let Some(fen) = self.inner.start_fen() {
            args.extend(["--fen".into(), fen.to_owned()]);
        }
        let moves = self.inner.moves();
        if !moves.is_empty() {
            args.extend(["--moves".into(), moves.join(" ")]);
        }
        for (k, v) in tags.unwrap_or_default() {
            args.extend(["--tag".into(), format!("{k}={v}")]);
        }
        match motley_cli::run(args, Terminal::default()) {
            motley_cli::Outcome::Success(text) => Ok(text),
            motley_cli::Outcome::Failure(e) => Err(py_err(&e)),
        }
    }

    /// Game ``game`` (1-based) of the record ``text``, at the end of its main line.
    #[staticmethod]
    #[pyo3(signature = (text, game=1))]
    fn from_record(text: &str, game: u32) -> PyResult<Self> {
        let file = "record";
        let raw = motley_cli::records::pick_game(text, game, file).map_err(|e| py_err(&e))?;
        let v = motley_cli::records::game_variant(&raw, file).map_err(|e| py_err(&e))?;
        let args = ReplayArgs {
            file: file.to_owned(),
            game,
            ply: None,
            moves: true,
            json: false,
            common: Common::default(),
        };
        let moves = motley_cli::command::replay::document_or_text(&args, Terminal::default(), text)
            .map_err(|e| py_err(&e))?;
        let mut inner = v.with(NewGame { fen: raw.tag("FEN") }).map_err(|e| py_err(&e))?;
        for (i, token) in moves.split_whitespace().enumerate() {
            inner
                .play(token)
                .map_err(|e| py_err(&CliError::input(e.what, format!("move {} of {file}", i + 1))))?;
        }
        Ok(PyGame { inner })
    }

    /// An independent copy of the game.
    fn copy(&self) -> Self {
        PyGame { inner: self.inner.boxed() }
    }

    fn __repr__(&self) -> String {
        format!("Game({:?}, {:?})", self.inner.variant(), self.inner.fen())
    }

    fn __str__(&self) -> String {
        self.inner.fen()
    }
}

/// Perft ``depth`` of ``fen`` (the variant's start for ``None``), the GIL released.
#[pyfunction]
#[pyo3(signature = (variant, depth, fen=None))]
fn perft(py: Python<'_>, variant: &str, depth: u32, fen: Option<&str>) -> PyResult<u64> {
    let game = new_game(variant, fen)?;
    Ok(py.allow_threads(|| game.perft(depth)))
}

/// The root inputs of a perft of ``fen`` (the start for ``None``), in the
/// library's order: every legal input, or at a Mage's Chess engagement the
/// resolutions perft counts. ``perft_after`` counts the tree below one; the
/// counts of every root sum to ``perft``.
#[pyfunction]
#[pyo3(signature = (variant, fen=None))]
fn perft_roots(variant: &str, fen: Option<&str>) -> PyResult<Vec<String>> {
    Ok(new_game(variant, fen)?.perft_roots())
}

/// Perft ``depth`` of ``fen`` (the start for ``None``) below the root input
/// ``root`` (one of ``perft_roots``), the GIL released: one piece of a
/// perft split by first input.
#[pyfunction]
#[pyo3(signature = (variant, depth, root, fen=None))]
fn perft_after(py: Python<'_>, variant: &str, depth: u32, root: &str, fen: Option<&str>) -> PyResult<u64> {
    let game = new_game(variant, fen)?;
    py.allow_threads(|| game.perft_after(root, depth)).map_err(|e| py_err(&e))
}

/// The games ``fens`` name (``None``: the start), built in parallel.
fn games(variant: Variant, fens: &[Option<String>]) -> Vec<Result<Box<dyn Play>, CliError>> {
    fens.par_iter().map(|fen| variant.with(NewGame { fen: fen.as_deref() })).collect()
}

/// The first error of `results`, naming the position's index.
fn first_error<T>(results: Vec<Result<T, CliError>>) -> PyResult<Vec<T>> {
    results
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            r.map_err(|e| py_err(&CliError::input(e.what, format!("{} of position {i}", e.location))))
        })
        .collect()
}

/// Perft ``depth`` of every position of ``fens`` (``None``: the start),
/// counted in parallel with the GIL released.
#[pyfunction]
fn perft_many(py: Python<'_>, variant: &str, fens: Vec<Option<String>>, depth: u32) -> PyResult<Vec<u64>> {
    let v = self::variant(variant)?;
    let counts = py.allow_threads(|| {
        games(v, &fens).into_par_iter().map(|g| g.map(|g| g.perft(depth))).collect::<Vec<_>>()
    });
    first_error(counts)
}

/// The sorted legal inputs of every position of ``fens`` (``None``: the
/// start), listed in parallel with the GIL released.
#[pyfunction]
fn legal_moves_many(py: Python<'_>, variant: &str, fens: Vec<Option<String>>) -> PyResult<Vec<Vec<String>>> {
    let v = self::variant(variant)?;
    let lists = py.allow_threads(|| {
        games(v, &fens).into_par_iter().map(|g| g.map(|g| g.legal_moves())).collect::<Vec<_>>()
    });
    first_error(lists)
}

/// Every variant's name, in the CLI's order.
#[pyfunction]
fn variants() -> Vec<&'static str> {
    Variant::ALL.map(Variant::name).to_vec()
}

/// A match game as the match plays it.
struct MatchGame<'a> {
    spec: &'a MatchSpec,
    index: u32,
}

/// The settings of a match.
struct MatchSpec {
    a: String,
    b: String,
    seed: u64,
    fen: Option<String>,
    max_plies: u32,
    limits: MoveLimits,
}

/// A played game: the library's record and an engine's forfeit message.
type GameOut = (Vec<usize>, Vec<&'static str>, String, u32, Vec<String>, Option<String>);

impl VariantTask for MatchGame<'_> {
    type Output = Result<GameOut, CliError>;
    fn run<P: Reading + BoardView>(self) -> Self::Output {
        let spec = self.spec;
        let common = Common { fen: spec.fen.clone(), ..Common::default() };
        let starts = starts::<P>(&common, None)?;
        let seats = starts[0].game.position().seat_count();
        let timeout = std::time::Duration::from_millis(10_000);
        let mut players = vec![contestant::<P>(&spec.a, "a", spec.limits, timeout)?];
        for _ in 1..seats {
            players.push(contestant::<P>(&spec.b, "b", spec.limits, timeout)?);
        }
        let g = self.index as usize;
        let start = &starts[(g / seats) % starts.len()];
        let seating: Vec<usize> = (0..seats).map(|s| (s + g) % seats).collect();
        let mut rng = game_rng(spec.seed, self.index);
        let rules = Rules { max_plies: spec.max_plies, limits: spec.limits };
        let played = play_game(start, &mut players, &seating, &mut rng, &rules);
        let r = played.record;
        Ok((
            r.seating,
            r.results.iter().map(|s| s.name()).collect(),
            r.reason,
            r.plies,
            r.moves,
            played.forfeit.map(|f| f.message),
        ))
    }
}

/// Plays game ``index`` of a match between players ``a`` (seat 0 in even
/// games) and ``b`` exactly as ``motley match --seed SEED`` plays it: the
/// same seating, start and seeded generator, so a match split into games
/// (``motley.distributed``) gives the games of the single-process match.
/// Players: ``random``, ``greedy``, ``search:depth=D,time=MS,nodes=N``,
/// ``search`` (with ``depth``/``movetime``/``nodes``) or ``uci:<command>``.
/// Returns a dict: ``index``, ``seating``, ``results`` (per seat),
/// ``reason``, ``plies``, ``moves``, ``forfeit``. The GIL is released.
#[pyfunction]
#[pyo3(signature = (variant, a, b, index, seed=0, fen=None, max_plies=400, depth=None, movetime=None, nodes=None))]
#[allow(clippy::too_many_arguments)]
fn play_match_game(
    py: Python<'_>,
    variant: &str,
    a: String,
    b: String,
    index: u32,
    seed: u64,
    fen: Option<String>,
    max_plies: u32,
    depth: Option<u64>,
    movetime: Option<u64>,
    nodes: Option<u64>,
) -> PyResult<PyObject> {
    let v = self::variant(variant)?;
    if max_plies == 0 {
        return Err(py_err(&CliError::input("0 is not in 1..", "max_plies")));
    }
    let depth = depth.map(|d| limit(LimitKind::Depth, d, "depth")).transpose()?;
    let movetime = movetime.map(|t| limit(LimitKind::Time, t, "movetime")).transpose()?;
    let nodes = nodes.map(|n| limit(LimitKind::Nodes, n, "nodes")).transpose()?;
    let limits = MoveLimits { depth: depth.map(|d| d as u32), movetime, nodes };
    let spec = MatchSpec { a, b, seed, fen, max_plies, limits };
    let out = py.allow_threads(|| v.with(MatchGame { spec: &spec, index }));
    let (seating, results, reason, plies, moves, forfeit) = out.map_err(|e| py_err(&e))?;
    let d = PyDict::new(py);
    d.set_item("index", index)?;
    d.set_item("seating", seating)?;
    d.set_item("results", results)?;
    d.set_item("reason", reason)?;
    d.set_item("plies", plies)?;
    d.set_item("moves", moves)?;
    d.set_item("forfeit", forfeit)?;
    Ok(d.into_any().unbind())
}

/// A self-play game for fitting the odds, as the game-playing half of the
/// ``fit_wdl`` example.
struct SampleTask<'a> {
    seed: u64,
    config: &'a SampleGameConfig,
}

impl VariantTask for SampleTask<'_> {
    type Output = SampleGame;
    fn run<P: Reading + BoardView>(self) -> SampleGame {
        sample_game::<P>(self.seed, self.config)
    }
}

/// Plays the self-play game of ``seed`` that the ``fit_wdl`` example plays
/// for fitting a variant's odds (the same game for the same arguments):
/// ``random_plies`` random inputs, then the best input of a search to
/// ``depth`` (and at most ``nodes`` nodes) at every seat, engagements
/// sampled from the outcome model, cut off after ``max_plies`` plies.
/// Returns a dict: ``samples`` (a list of ``(ply, seat, raw, result,
/// class)``: the search's raw score in centipawns for the seat to move, that
/// seat's result ``win``/``draw``/``loss`` and the odds class), ``results``
/// (per seat), ``reason``, ``cut`` (cut off at ``max_plies``), ``plies``,
/// ``nodes``, ``searches`` and ``depth_sum``. The GIL is released.
#[pyfunction]
#[pyo3(name = "sample_game", signature = (variant, seed, depth=2, nodes=None, random_plies=4, max_plies=300))]
fn sample_game_of(
    py: Python<'_>,
    variant: &str,
    seed: u64,
    depth: u64,
    nodes: Option<u64>,
    random_plies: u32,
    max_plies: u32,
) -> PyResult<PyObject> {
    let v = self::variant(variant)?;
    let depth = limit(LimitKind::Depth, depth, "depth")? as u32;
    let nodes = nodes.map(|n| limit(LimitKind::Nodes, n, "nodes")).transpose()?;
    let config = SampleGameConfig { depth, nodes, random_plies, max_plies };
    let game = py.allow_threads(|| v.with(SampleTask { seed, config: &config }));
    let samples: Vec<(u32, usize, f64, &str, usize)> =
        game.samples.iter().map(|s| (s.ply, s.seat.index(), s.raw, s.result.name(), s.class)).collect();
    let d = PyDict::new(py);
    d.set_item("seed", seed)?;
    d.set_item("samples", samples)?;
    d.set_item("results", game.results.iter().map(|r| r.name()).collect::<Vec<_>>())?;
    d.set_item("reason", game.reason)?;
    d.set_item("cut", game.cut)?;
    d.set_item("plies", game.plies)?;
    d.set_item("nodes", game.nodes)?;
    d.set_item("searches", game.searches)?;
    d.set_item("depth_sum", game.depth_sum)?;
    Ok(d.into_any().unbind())
}

/// The hidden truth of the synthetic Mage's Chess league of ``teams`` teams
/// and ``seed`` (as ``motley league`` writes it to ``truth.json``), as JSON
/// text.
#[pyfunction]
fn league_truth(teams: usize, seed: u64) -> PyResult<String> {
    let league = motley_mages::league::League::new(teams, seed);
    serde_json::to_string_pretty(league.truth())
        .map_err(|e| py_err(&CliError::failure(e.to_string(), "truth")))
}

/// The record of match ``round`` (from 0) of the league season of
/// ``teams`` teams and ``seed``: what ``motley league`` writes for that
/// match, played from the seed and round alone. The GIL is released.
#[pyfunction]
fn league_round(py: Python<'_>, teams: usize, seed: u64, round: usize) -> String {
    let league = motley_mages::league::League::new(teams, seed);
    py.allow_threads(|| league.play_round(round))
}

/// Runs the ``motley`` command line in this process on ``args`` (without
/// the program name) and returns its output; ``--json`` commands give
/// documents for ``json.loads``. Raises ``MotleyError`` with the command's
/// error. ``motley.match`` runs ``match`` this way.
#[pyfunction]
fn run_command(py: Python<'_>, args: Vec<String>) -> PyResult<String> {
    let all: Vec<String> = std::iter::once("motley".to_owned()).chain(args).collect();
    let out = py.allow_threads(|| motley_cli::run(all, Terminal::default()));
    match out {
        motley_cli::Outcome::Success(text) => Ok(text),
        motley_cli::Outcome::Failure(e) => Err(py_err(&e)),
    }
}

/// The log-likelihood ratio of the SPRT between Elo differences ``elo0`` and
/// ``elo1`` for player 0's points in each complete pair of games (0 to 2),
/// and its decision (``H0``, ``H1`` or ``continue``, with ``alpha`` and
/// ``beta`` 0.05): what ``motley match --sprt`` computes.
#[pyfunction]
fn sprt(pair_points: Vec<f64>, elo0: f64, elo1: f64) -> PyResult<(f64, String)> {
    use motley_cli::sprt::{Pentanomial, Sprt, Tally};
    let mut penta = Pentanomial::default();
    for p in pair_points {
        penta.add(p);
    }
    let llr = penta.llr(elo0, elo1);
    let test: Sprt = format!("{elo0},{elo1}").parse().map_err(|e| py_err(&CliError::input(e, "sprt")))?;
    Ok((llr, test.decide(llr).name().to_owned()))
}

/// The compiled part of the `motley` package.
#[pymodule]
fn _motley(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("MotleyError", m.py().get_type::<MotleyError>())?;
    m.add_class::<PyGame>()?;
    m.add_class::<Analysis>()?;
    m.add_function(wrap_pyfunction!(perft, m)?)?;
    m.add_function(wrap_pyfunction!(perft_roots, m)?)?;
    m.add_function(wrap_pyfunction!(perft_after, m)?)?;
    m.add_function(wrap_pyfunction!(perft_many, m)?)?;
    m.add_function(wrap_pyfunction!(legal_moves_many, m)?)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(play_match_game, m)?)?;
    m.add_function(wrap_pyfunction!(sample_game_of, m)?)?;
    m.add_function(wrap_pyfunction!(league_truth, m)?)?;
    m.add_function(wrap_pyfunction!(league_round, m)?)?;
    m.add_function(wrap_pyfunction!(run_command, m)?)?;
    m.add_function(wrap_pyfunction!(sprt, m)?)?;
    Ok(())
}
