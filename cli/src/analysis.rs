//! `analyze` and `match`: the generic search of `motley_core::search` on
//! any variant whose position implements
//! [`motley_core::search::Evaluate`]. Written once; the variant is
//! chosen in [`crate::variant`].
//!
//! `match` itself is [`crate::tournament`]; [`execute`] dispatches to it.
//!
//! Both commands stream: `analyze` writes one line per completed depth and
//! `match` one line per finished game to the `stream` they are given (the
//! process's stdout in the binary, a buffer in [`crate::run`]) and return
//! the closing summary. With `--json` nothing is streamed and the summary is
//! one JSON document.

use core::fmt::Write as _;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use motley_core::BoardView;
use motley_core::Seat;
use motley_core::history::History;
use motley_core::search::{
    Evaluate, Limits, Score, SearchConfig, SearchInfo, SearchResult, Searcher, WdlModel,
};

use crate::args::AnalyzeArgs;
use crate::commands::{self, Terminal};
use crate::document::{
    AnalyzeDocument, AnalyzeFacts, IterationDoc, ResolutionDoc, ScoreDoc, SearchDoc, json_doc,
};
use crate::error::CliError;

/// The wall-clock cap of `analyze` without `--depth` or `--time`.
pub const DEFAULT_TIME_CAP: Duration = Duration::from_secs(5);

/// The limits `analyze` searches with on variant `P`: `--depth`, `--time`,
/// or the default, the variant's [`Evaluate::ANALYSIS_DEPTH`] capped by
/// [`DEFAULT_TIME_CAP`] (so the result is deterministic unless the cap is
/// hit).
#[must_use]
pub fn analyze_limits<P: Evaluate>(args: &AnalyzeArgs) -> Limits {
    let limits = match (args.depth, args.time) {
        (Some(d), Some(ms)) => {
            Limits { depth: Some(d), time: Some(Duration::from_millis(ms)), ..Limits::default() }
        }
        (Some(d), None) => Limits::depth(d),
        (None, Some(ms)) => Limits::time_ms(ms),
        (None, None) => {
            Limits { depth: Some(P::ANALYSIS_DEPTH), time: Some(DEFAULT_TIME_CAP), ..Limits::default() }
        }
    };
    limits.with_multipv(args.multipv)
}

/// Searches `pos` within `limits` like [`Searcher::search_with`], but never
/// answers with less than a depth-1 search: if a limit or the stop flag ends
/// the search before depth 1 completes (and the game is not over), a fresh
/// searcher with its own stop flag searches depth 1 (calling `on_info` for
/// it) and its result is returned, marked `stopped`, with the nodes and
/// time of both searches.
pub fn search_at_least_depth_1<P: Evaluate>(
    searcher: &mut Searcher<P>,
    pos: &P,
    limits: &Limits,
    mut on_info: impl FnMut(&SearchInfo<P::Move>),
) -> SearchResult<P::Move> {
    let result = searcher.search_with(pos, limits, &mut on_info);
    if result.depth > 0 || result.best.is_none() {
        return result;
    }
    let mut fresh = Searcher::<P>::new(searcher.config());
    fresh.set_game_history(searcher.game_history());
    let mut depth_1 = fresh.search_with(pos, &Limits::depth(1).with_multipv(limits.multipv), |info| {
        on_info(&SearchInfo {
            nodes: info.nodes + result.nodes,
            elapsed: info.elapsed + result.elapsed,
            lines: info.lines.clone(),
            ..*info
        });
    });
    depth_1.nodes += result.nodes;
    depth_1.elapsed += result.elapsed;
    depth_1.seldepth = depth_1.seldepth.max(result.seldepth);
    depth_1.stopped = true;
    depth_1
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
        let _ = write!(
            out,
            " score {} nodes {} nps {} time {}ms pv {}",
            wdl.normalise(line.score, seat),
            info.nodes,
            info.nps(),
            info.elapsed.as_millis(),
            join(&line.moves)
        );
        out.push('\n');
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

/// With more than two seats (Royale), each seat's chance to win, in
/// thousandths: the side to move's from its searched `score`, the others
/// sharing its loss chance (another seat wins) in proportion to the chance
/// the model gives each on its static evaluation. Empty with two seats.
#[must_use]
pub fn seat_wins<P: Evaluate>(pos: &P, score: Score) -> Vec<(Seat, u16)> {
    let n = pos.seat_count();
    if n <= 2 || pos.outcome().is_some() || pos.chance().is_some() {
        return Vec::new();
    }
    let mover = pos.turn();
    let own = pos.wdl_model(mover).wdl(score, mover);
    let others: Vec<(Seat, f64)> = (0..n)
        .map(|i| Seat(i as u8))
        .filter(|&s| s != mover)
        .map(|s| (s, pos.wdl_model(s).probabilities(f64::from(pos.evaluate(s)), s)[0]))
        .collect();
    let total: f64 = others.iter().map(|o| o.1).sum();
    let mut left = own.loss;
    let mut out = vec![(mover, own.win)];
    for (k, &(s, p)) in others.iter().enumerate() {
        let share = if k + 1 == others.len() {
            left
        } else if total > 0.0 {
            ((f64::from(own.loss) * p / total).round() as u16).min(left)
        } else {
            own.loss / (n as u16 - 1)
        };
        left -= share;
        out.push((s, share));
    }
    out.sort_by_key(|o| o.0.index());
    out
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
fn resolutions_of<P: Evaluate>(pos: &P, depth: u32, searcher: &mut Searcher<P>) -> Vec<Resolution<P::Move>> {
    let Some(outcomes) = pos.chance() else { return Vec::new() };
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

/// `analyze`: the position's facts (as `show` prints them, plus the number
/// of legal inputs), then a search: per-depth lines on `stream`, and the
/// best move, evaluation, principal variation, depth, nodes and speed.
///
/// # Errors
/// A failure (exit 1) if `stream` cannot be written.
pub fn analyze<P: Evaluate + BoardView>(
    game: &History<P>,
    args: &AnalyzeArgs,
    term: Terminal,
    stream: &mut dyn Write,
) -> Result<String, CliError> {
    let limits = analyze_limits::<P>(args);
    let multipv = limits.multipv;
    let json_out = args.common.json;
    let pos = game.position();
    let (wdl, seat) = (pos.wdl_model(pos.turn()), pos.turn());
    let write_err = |e: std::io::Error| CliError::failure(format!("cannot write output: {e}"), "stdout");
    let mut iterations = Vec::new();
    // With --json the facts are part of the document; otherwise they are
    // streamed before the search starts.
    let facts = if json_out {
        Some(AnalyzeFacts::new(game))
    } else {
        let facts = commands::analyze_facts_text(game, term);
        match stream.write_all(facts.as_bytes()).and_then(|()| stream.flush()) {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return Ok(String::new()),
            other => other.map_err(write_err)?,
        }
        None
    };
    if game.is_history_draw() {
        // The game is over by a history draw: nothing to search.
        return Ok(if let Some(facts) = facts {
            json_doc(&AnalyzeDocument::new(facts, None))
        } else {
            format!("bestmove: (none, {})\n", game.status())
        });
    }
    let mut io_error = None;
    let stop = Arc::new(AtomicBool::new(false));
    let config = SearchConfig { threads: args.threads, ..SearchConfig::default() };
    let mut searcher = Searcher::<P>::with_stop_flag(config, Arc::clone(&stop));
    searcher.set_game_history(game.keys());
    if let Some(hook) = STOP_HOOK.get() {
        hook(Arc::clone(&stop));
    }
    let result = search_at_least_depth_1(&mut searcher, pos, &limits, |info| {
        if json_out {
            iterations.push(IterationDoc::new(info, &wdl, seat));
        } else if io_error.is_none()
            && let Err(e) = stream
                .write_all(info_line(info, multipv, &wdl, seat).as_bytes())
                .and_then(|()| stream.flush())
        {
            io_error = Some(e);
        }
    });
    if let Some(e) = io_error {
        // A closed pipe (`motley analyze sovereign | head -3`) is not a failure.
        return if e.kind() == std::io::ErrorKind::BrokenPipe {
            Ok(String::new())
        } else {
            Err(write_err(e))
        };
    }
    let interrupted = stop.load(Ordering::Relaxed);
    let chance = pos.chance().is_some();
    // At a chance root with --multipv above 1: each resolution's value.
    let resolutions = if chance && multipv > 1 && result.depth > 0 {
        let mut fresh = Searcher::<P>::new(SearchConfig::default());
        resolutions_of(pos, result.depth, &mut fresh)
    } else {
        Vec::new()
    };
    let best = result.best.map(|m| m.to_string());
    if let Some(facts) = facts {
        let resolution_docs = resolutions
            .iter()
            .map(|r| ResolutionDoc::new(&r.mv, r.probability, r.score, &r.pv, &wdl, seat))
            .collect();
        let search = SearchDoc::new(pos, &result, &limits, iterations)
            .interrupted(interrupted)
            .with_resolutions(resolution_docs, ScoreDoc::new(expectation(&resolutions), &wdl, seat));
        return Ok(json_doc(&AnalyzeDocument::new(facts, Some(search))));
    }
    let mut out = String::new();
    match &best {
        Some(mv) if chance => {
            let _ = writeln!(out, "bestmove: {mv} (a chance node: the most probable resolution)");
        }
        Some(mv) => {
            let _ = writeln!(out, "bestmove: {mv}");
        }
        None => {
            let _ = writeln!(out, "bestmove: (none, {})", pos.status());
        }
    }
    let shown = wdl.normalise(result.score, seat);
    let raw =
        if result.score.centipawns().is_some() { format!(", raw {}", result.score) } else { String::new() };
    let _ = writeln!(out, "score: {shown} ({}, for {}{raw})", shown.uci(), pos.seat_name(seat));
    let _ = writeln!(out, "{}", odds_text(result.score, &wdl, seat, pos.seat_name(seat)));
    let seats = seat_wins(pos, result.score);
    if !seats.is_empty() {
        let list: Vec<String> = seats
            .iter()
            .map(|&(s, win)| format!("{} {:.1}%", pos.seat_name(s), f64::from(win) / 10.0))
            .collect();
        let _ = writeln!(out, "seat wins: {}", list.join(", "));
    }
    let _ = writeln!(out, "pv: {}", join(result.pv()));
    if multipv > 1 && !chance {
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
    if !resolutions.is_empty() {
        let width = resolutions.iter().map(|r| r.mv.to_string().len()).max().unwrap_or(0);
        for r in &resolutions {
            let _ = writeln!(
                out,
                "resolution {:<width$} {:>5.1}%  {} pv {}",
                r.mv.to_string(),
                100.0 * r.probability,
                wdl.normalise(r.score, seat),
                join(&r.pv)
            );
        }
        let mean = expectation(&resolutions);
        if mean == result.score {
            let _ = writeln!(out, "expectation: {}", wdl.normalise(mean, seat));
        } else {
            // Loss aversion: the search weighs an outcome that loses the game
            // at once above its probability.
            let _ = writeln!(
                out,
                "expectation: {} (the search's {} weighs an outcome that loses the game at once \
                 above its probability)",
                wdl.normalise(mean, seat),
                wdl.normalise(result.score, seat)
            );
        }
    }
    let _ = writeln!(out, "depth: {} (seldepth {})", result.depth, result.seldepth);
    let _ = writeln!(out, "nodes: {}", result.nodes);
    let _ = writeln!(out, "nps: {}", result.nps());
    let _ = writeln!(out, "time: {:.3} s", result.elapsed.as_secs_f64());
    if interrupted {
        let _ = writeln!(out, "interrupted: the result of the last completed depth");
    }
    Ok(out)
}

/// Runs `command` on variant `P`: `analyze` and `match` here (streaming to
/// `stream`), every other command as [`commands::execute`].
///
/// # Errors
/// A [`CliError`] for bad input (exit 2) or another failure (exit 1).
pub fn execute<P: Evaluate + BoardView>(
    command: &crate::args::Command,
    term: Terminal,
    stream: &mut dyn Write,
) -> Result<commands::Output, CliError> {
    use crate::args::Command;
    let stdout = match command {
        Command::Analyze(args) => {
            let game = commands::setup::<P>(&args.common)?;
            analyze(&game, args, term, stream)?
        }
        Command::Match(args) => crate::tournament::match_cmd::<P>(args, stream)?,
        other => return commands::execute::<P>(other, term),
    };
    Ok(commands::Output { stdout })
}
