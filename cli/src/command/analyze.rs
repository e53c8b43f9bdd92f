//! `analyze`: the position's facts, then a search of it through the
//! [`Session`], streaming one line per completed depth, and the best move
//! with its score, odds and principal variation.

use core::fmt::Write as _;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use motley_core::search::{
    Evaluate, Limits, Reading, Score, SearchConfig, SearchInfo, SearchResult, WdlModel,
};
use motley_core::session::Session;
use motley_core::{BoardView, Position, Seat};

use crate::args::{AnalyzeArgs, Terminal};
use crate::document::{
    AnalyzeDocument, AnalyzeFacts, IterationDoc, ResolutionDoc, ScoreDoc, SearchDoc, json_doc,
};
use crate::error::CliError;
use crate::game;
use crate::variant::{Variant, VariantTask};

/// The time `analyze` searches without `--depth` or `--time`: about a
/// second, long enough that a simple position is searched deep (a fixed
/// depth answered some in milliseconds with a verdict one more second
/// overturned), short enough for an interactive answer. The search starts
/// no new depth after 60% of it.
pub const DEFAULT_TIME: Duration = Duration::from_millis(1000);

/// The limits `analyze` searches with: `--depth`, `--time`, or the
/// default, [`DEFAULT_TIME`].
#[must_use]
pub fn limits(args: &AnalyzeArgs) -> Limits {
    let limits = match (args.depth, args.time) {
        (Some(d), Some(ms)) => {
            Limits { depth: Some(d), time: Some(Duration::from_millis(ms)), ..Limits::default() }
        }
        (Some(d), None) => Limits::depth(d),
        (None, Some(ms)) => Limits::time_ms(ms),
        (None, None) => Limits { time: Some(DEFAULT_TIME), ..Limits::default() },
    };
    limits.with_multipv(args.multipv)
}

/// What the binary runs when `analyze` starts searching, given the search's
/// stop flag (it installs a Ctrl-C handler that sets the flag).
pub type StopHook = fn(Arc<AtomicBool>);

static STOP_HOOK: OnceLock<StopHook> = OnceLock::new();

/// Sets the hook `analyze` calls with its stop flag when its search starts
/// (once per process; later calls are ignored). The binary uses it to make
/// Ctrl-C stop the search: `analyze` then prints the best move of the last
/// completed depth and the usual summary, and exits 0.
pub fn on_analyze_search(hook: StopHook) {
    let _ = STOP_HOOK.set(hook);
}

/// Runs `analyze`, streaming the facts and the per-depth lines to `stream`
/// (nothing with `--json`); returns the summary (or the JSON document).
///
/// # Errors
/// An input error for a bad variant, position string or move; a failure if
/// `stream` cannot be written.
pub fn run(args: &AnalyzeArgs, term: Terminal, stream: &mut dyn Write) -> Result<String, CliError> {
    Variant::from_argument(&args.common.variant)?.with(Analyze { args, term, stream })
}

struct Analyze<'a> {
    args: &'a AnalyzeArgs,
    term: Terminal,
    stream: &'a mut dyn Write,
}

impl VariantTask for Analyze<'_> {
    type Output = Result<String, CliError>;
    fn run<P: Reading + BoardView>(self) -> Self::Output {
        let session = game::session::<P>(&self.args.common)?;
        let stop = Arc::new(AtomicBool::new(false));
        if let Some(hook) = STOP_HOOK.get() {
            hook(Arc::clone(&stop));
        }
        if self.args.common.json {
            Ok(json_doc(&document(&session, self.args, stop)))
        } else {
            text(&session, self.args, self.term, stop, self.stream)
        }
    }
}

/// A search as `analyze` reports it.
struct Analysis<M> {
    /// `None`: the game is drawn by its history, there was nothing to search.
    result: Option<SearchResult<M>>,
    limits: Limits,
    /// The search was stopped from outside (Ctrl-C, a client gone).
    interrupted: bool,
    /// At a chance root with `--multipv` above 1, each resolution's value.
    resolutions: Vec<Resolution<M>>,
}

/// Searches `session`'s position as `analyze` does, calling `on_info` after
/// every completed depth; `stop` ends the search early.
fn search<P: Evaluate>(
    session: &Session<P>,
    args: &AnalyzeArgs,
    stop: Arc<AtomicBool>,
    on_info: impl FnMut(&SearchInfo<P::Move>),
) -> Analysis<P::Move> {
    let limits = limits(args);
    let mut session = session.clone();
    session.set_config(SearchConfig { threads: args.threads, ..SearchConfig::default() });
    let result = session.search(&limits, &[], Arc::clone(&stop), on_info);
    let pos = session.position();
    let resolutions = match &result {
        Some(r) if pos.chance().is_some() && limits.multipv > 1 && r.depth > 0 => {
            resolutions_of(pos, r.depth)
        }
        _ => Vec::new(),
    };
    Analysis { result, limits, interrupted: stop.load(Ordering::Relaxed), resolutions }
}

/// `analyze --json`'s output for the position of `args` (the HTTP API's
/// `analyze`, whose `stop` is set when its client goes away).
///
/// # Errors
/// An input error for a bad variant, position string or move.
pub fn json(args: &AnalyzeArgs, stop: Arc<AtomicBool>) -> Result<String, CliError> {
    Variant::from_argument(&args.common.variant)?.with(Json { args, stop })
}

struct Json<'a> {
    args: &'a AnalyzeArgs,
    stop: Arc<AtomicBool>,
}

impl VariantTask for Json<'_> {
    type Output = Result<String, CliError>;
    fn run<P: Reading + BoardView>(self) -> Self::Output {
        let session = game::session::<P>(&self.args.common)?;
        Ok(json_doc(&document(&session, self.args, self.stop)))
    }
}

/// `analyze --json`'s document for `session`'s position (also the HTTP
/// API's `analyze`, whose `stop` is set when its client goes away).
#[must_use]
pub fn document<P: Reading + BoardView>(
    session: &Session<P>,
    args: &AnalyzeArgs,
    stop: Arc<AtomicBool>,
) -> AnalyzeDocument {
    let pos = session.position();
    let (wdl, seat) = (pos.wdl_model(pos.turn()), pos.turn());
    let facts = AnalyzeFacts::new(session.game());
    let mut iterations = Vec::new();
    let analysis = search(session, args, stop, |info| iterations.push(IterationDoc::new(info, &wdl, seat)));
    let Some(result) = &analysis.result else { return AnalyzeDocument::new(facts, None) };
    let resolutions = &analysis.resolutions;
    let resolution_docs = resolutions
        .iter()
        .map(|r| ResolutionDoc::new(&r.mv, r.probability, r.score, &r.pv, &wdl, seat))
        .collect();
    let search = SearchDoc::new(pos, result, &analysis.limits, iterations)
        .interrupted(analysis.interrupted)
        .with_resolutions(resolution_docs, ScoreDoc::new(expectation(resolutions), &wdl, seat));
    AnalyzeDocument::new(facts, Some(search))
}

/// `analyze`'s text: the facts and each depth's line on `stream` as they
/// come, then the summary (returned).
fn text<P: Reading + BoardView>(
    session: &Session<P>,
    args: &AnalyzeArgs,
    term: Terminal,
    stop: Arc<AtomicBool>,
    stream: &mut dyn Write,
) -> Result<String, CliError> {
    let pos = session.position();
    let (wdl, seat) = (pos.wdl_model(pos.turn()), pos.turn());
    let mut written = write_all(stream, &facts_text(session.game(), term));
    if written.is_err() {
        return finish(written, String::new());
    }
    if session.game().is_history_draw() {
        return finish(written, format!("bestmove: (none, {})\n", session.game().status()));
    }
    let multipv = args.multipv;
    let analysis = search(session, args, stop, |info| {
        if written.is_ok() {
            written = write_all(stream, &info_line(info, multipv, &wdl, seat));
        }
    });
    let Some(result) = &analysis.result else { return finish(written, String::new()) };
    finish(written, summary(pos, result, &analysis, (&wdl, seat)))
}

/// Writes `text` to `stream` and flushes it.
fn write_all(stream: &mut dyn Write, text: &str) -> std::io::Result<()> {
    stream.write_all(text.as_bytes()).and_then(|()| stream.flush())
}

/// The summary, unless writing the stream failed: a closed pipe (`motley
/// analyze sovereign | head -3`) ends the command quietly, another error is
/// a failure.
fn finish(written: std::io::Result<()>, summary: String) -> Result<String, CliError> {
    match written {
        Ok(()) => Ok(summary),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(String::new()),
        Err(e) => Err(CliError::failure(format!("cannot write output: {e}"), "stdout")),
    }
}

/// The facts `analyze` prints before it searches, for variant `P` (any
/// position with a board view, searchable or not): `show`'s, the number of
/// legal inputs and, on a start position, perft 2 (text, or the JSON
/// object of the document).
///
/// # Errors
/// An input error for a bad position string or move.
pub fn facts<P: Position + BoardView>(
    common: &crate::args::Common,
    term: Terminal,
) -> Result<String, CliError> {
    let session = game::session::<P>(common)?;
    Ok(if common.json {
        json_doc(&AnalyzeFacts::new(session.game()))
    } else {
        facts_text(session.game(), term)
    })
}

/// `show`'s text, then `legal_moves: N` and, on a start position,
/// `perft 2: N`.
fn facts_text<P: Position + BoardView>(game: &motley_core::history::History<P>, term: Terminal) -> String {
    let (legal, perft) = game::analyze_counts(game);
    let mut out = super::show::text(game, term);
    let _ = writeln!(out, "legal_moves: {legal}");
    if let Some(n) = perft {
        let _ = writeln!(out, "perft {}: {n}", game::ANALYZE_PERFT_DEPTH);
    }
    out
}

/// The summary after the search: best move, score, odds, lines, counts.
fn summary<P: Reading>(
    pos: &P,
    result: &SearchResult<P::Move>,
    analysis: &Analysis<P::Move>,
    (wdl, seat): (&WdlModel, Seat),
) -> String {
    let chance = pos.chance().is_some();
    let mut out = String::new();
    let _ = match &result.best {
        Some(mv) if chance => writeln!(out, "bestmove: {mv} (a chance node: the most probable resolution)"),
        Some(mv) => writeln!(out, "bestmove: {mv}"),
        None => writeln!(out, "bestmove: (none, {})", pos.status()),
    };
    let shown = wdl.normalise(result.score, seat);
    let raw =
        if result.score.centipawns().is_some() { format!(", raw {}", result.score) } else { String::new() };
    let _ = writeln!(out, "score: {shown} ({}, for {}{raw})", shown.uci(), pos.seat_name(seat));
    let _ = writeln!(out, "{}", odds_text(result.score, wdl, seat, pos.seat_name(seat)));
    let seats = game::seat_wins(pos, result.score);
    if !seats.is_empty() {
        let list: Vec<String> = seats
            .iter()
            .map(|&(s, win)| format!("{} {:.1}%", pos.seat_name(s), f64::from(win) / 10.0))
            .collect();
        let _ = writeln!(out, "seat wins: {}", list.join(", "));
    }
    let _ = writeln!(out, "pv: {}", join(result.pv()));
    if analysis.limits.multipv > 1 && !chance {
        for (k, line) in result.lines.iter().enumerate() {
            let _ = writeln!(
                out,
                "multipv {}: {} pv {}",
                k + 1,
                wdl.normalise(line.score, seat),
                join(&line.moves)
            );
        }
    }
    out.push_str(&resolutions_text(&analysis.resolutions, result.score, (wdl, seat)));
    let _ = writeln!(out, "depth: {} (seldepth {})", result.depth, result.seldepth);
    let _ = writeln!(out, "nodes: {}", result.nodes);
    let _ = writeln!(out, "nps: {}", result.nps());
    let _ = writeln!(out, "time: {:.3} s", result.elapsed.as_secs_f64());
    if analysis.interrupted {
        let _ = writeln!(out, "interrupted: the result of the last completed depth");
    }
    out
}

/// Each resolution of a chance root with its value, and their expectation.
fn resolutions_text<M: core::fmt::Display>(
    resolutions: &[Resolution<M>],
    searched: Score,
    (wdl, seat): (&WdlModel, Seat),
) -> String {
    let mut out = String::new();
    if resolutions.is_empty() {
        return out;
    }
    let width = resolutions.iter().map(|r| r.mv.to_string().len()).max().unwrap_or(0);
    for r in resolutions {
        let _ = writeln!(
            out,
            "resolution {:<width$} {:>5.1}%  {} pv {}",
            r.mv.to_string(),
            100.0 * r.probability,
            wdl.normalise(r.score, seat),
            join(&r.pv)
        );
    }
    let mean = expectation(resolutions);
    if mean == searched {
        let _ = writeln!(out, "expectation: {}", wdl.normalise(mean, seat));
    } else {
        // Loss aversion: the search weighs an outcome that loses the game at
        // once above its probability.
        let _ = writeln!(
            out,
            "expectation: {} (the search's {} weighs an outcome that loses the game at once \
             above its probability)",
            wdl.normalise(mean, seat),
            wdl.normalise(searched, seat)
        );
    }
    out
}

/// One per-depth line: `depth 3 seldepth 7 score +0.25 nodes 1234 nps 56000
/// time 22ms pv e2e4 e7e5` (with `multipv K` after the depth when several
/// lines are searched); the score is the normalised one of `wdl` for `seat`,
/// the side to move.
#[must_use]
pub fn info_line<M: core::fmt::Display>(
    info: &SearchInfo<M>,
    multipv: usize,
    wdl: &WdlModel,
    seat: Seat,
) -> String {
    let mut out = String::new();
    for (k, line) in info.lines.iter().enumerate() {
        let _ = write!(out, "depth {} seldepth {}", info.depth, info.seldepth);
        if multipv > 1 {
            let _ = write!(out, " multipv {}", k + 1);
        }
        let _ = writeln!(
            out,
            " score {} nodes {} nps {} time {}ms pv {}",
            wdl.normalise(line.score, seat),
            info.nodes,
            info.nps(),
            info.elapsed.as_millis(),
            join(&line.moves)
        );
    }
    out
}

fn join<M: core::fmt::Display>(moves: &[M]) -> String {
    moves.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// The odds line of `analyze`'s summary: `odds: win 41.2%, draw 30.5%,
/// loss 28.3% (expected result 0.56, for white)`.
#[must_use]
pub fn odds_text(score: Score, wdl: &WdlModel, seat: Seat, seat_name: &str) -> String {
    let w = wdl.wdl(score, seat);
    let pct = |x: u16| f64::from(x) / 10.0;
    format!(
        "odds: win {:.1}%, draw {:.1}%, loss {:.1}% (expected result {:.2}, for {seat_name})",
        pct(w.win),
        pct(w.draw),
        pct(w.loss),
        wdl.expected(score, seat)
    )
}

/// One resolution of a chance root as `analyze` reports it.
struct Resolution<M> {
    mv: M,
    probability: f64,
    /// The value for the side to move at the root, from the root.
    score: Score,
    /// The line from the root: the resolution first.
    pv: Vec<M>,
}

/// At a chance root searched to `depth`, each resolution with its
/// probability under the outcome model and its value for the root's side to
/// move: the resolved position searched to the same `depth` (chance
/// resolutions use no depth, so this is the value the root's expectation
/// averages), a win or loss counted from the root. Assumes two seats (only
/// two-seat variants have chance nodes).
fn resolutions_of<P: Evaluate>(pos: &P, depth: u32) -> Vec<Resolution<P::Move>> {
    let Some(outcomes) = pos.chance() else { return Vec::new() };
    let mut searcher = motley_core::search::Searcher::<P>::new(SearchConfig::default());
    let total: f64 = outcomes.iter().map(|&(_, p)| p.max(0.0)).sum();
    outcomes
        .iter()
        .map(|&(mv, p)| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let r = searcher.search(&child, &Limits::depth(depth.max(1)));
            // One input further from the root than from the child.
            let from_root = match r.score.0 {
                s if r.score.is_win() => Score(s - 1),
                s if r.score.is_loss() => Score(s + 1),
                s => Score(s),
            };
            let score = if child.turn() == pos.turn() { from_root } else { Score(-from_root.0) };
            let pv = std::iter::once(mv).chain(r.pv().iter().copied()).collect();
            Resolution { mv, probability: if total > 0.0 { p.max(0.0) / total } else { 0.0 }, score, pv }
        })
        .collect()
}

/// The probability-weighted mean of the resolutions' values, rounded.
fn expectation<M>(resolutions: &[Resolution<M>]) -> Score {
    Score(resolutions.iter().map(|r| r.probability * f64::from(r.score.0)).sum::<f64>().round() as i32)
}
