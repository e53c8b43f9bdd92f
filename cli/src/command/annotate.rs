//! `annotate`: every position of a record's games searched, each move
//! marked with its evaluation and, when it lost expected result, as an
//! inaccuracy, a mistake or a blunder; a summary per seat.

use core::fmt::Write as _;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use motley_core::record::eval::{EvalScore, Evaluation};
use motley_core::record::{Game, RawGame, ReadError, main_line, parse, write};
use motley_core::search::{Limits, Reading, Score, SearchConfig, Searcher};
use motley_core::{Position, Seat};

use crate::args::{AnnotateArgs, Terminal};
use crate::document::{
    AnnotateDocument, AnnotatedGame, MoveAnalysis, SeatName, SeatSummary as SeatSummaryDoc, WorstMove,
    json_doc,
};
use crate::error::CliError;
use crate::records::{game_variant, read_error, read_input, record_task};
use crate::variant::{AsHistory, RecordTask, Variant};

record_task!(Validate<'a>, validate_game(raw: &'a RawGame) -> Result<Game, ReadError>);
record_task!(
    Annotate<'a>,
    annotate_game(game: &'a Game, index: usize, limits: &'a Limits, bar: &'a ProgressBar, stop: &'a Arc<AtomicBool>) -> Result<(Game, AnnotatedGame), ReadError>
);

/// Runs `annotate` on the record `args.file` (`-`: `input`).
///
/// # Errors
/// An input error for an unreadable record or a bad game.
pub fn run<R: std::io::BufRead>(args: &AnnotateArgs, term: Terminal, input: R) -> Result<String, CliError> {
    let text = read_input(&args.file, input)?;
    let games = read_games(args, &text)?;
    annotate(args, term, &games, &Arc::new(AtomicBool::new(false)))
}

/// The expected result (0 to 1) of a score of `pos` for `seat` (the side
/// to move or not, `to_move`), under the variant's fitted odds for that
/// position ([`Reading::wdl_model`]): 1 for a forced win, 0 for a forced
/// loss, else the win chance plus the draw chance shared among the seats.
#[must_use]
pub fn expected_result<P: Reading>(pos: &P, score: Score, seat: Seat, to_move: bool) -> f64 {
    pos.wdl_model(seat).expected_for(score, seat, to_move)
}

/// Expected result lost by a move from which it is marked an inaccuracy (`?!`, `$6`).
pub const INACCURACY: f64 = 0.05;
/// … a mistake (`?`, `$2`).
pub const MISTAKE: f64 = 0.10;
/// … a blunder (`??`, `$4`).
pub const BLUNDER: f64 = 0.20;

/// The mark of a move that lost `loss` of expected result, judged on the
/// loss in thousandths as it is printed (`expected_loss`), so that a loss
/// shown as 0.100 is a mistake whatever its last bits.
fn mark(loss: f64) -> Option<(&'static str, u8)> {
    let loss = (loss * 1000.0).round() / 1000.0;
    if loss >= BLUNDER {
        Some(("blunder", 4))
    } else if loss >= MISTAKE {
        Some(("mistake", 2))
    } else if loss >= INACCURACY {
        Some(("inaccuracy", 6))
    } else {
        None
    }
}

/// The comment form of a score of `pos` for `seat` (to move or not): the
/// normalised score under the position's odds, or a forced result's
/// distance.
fn eval_score<P: Reading>(pos: &P, score: Score, seat: Seat, to_move: bool) -> EvalScore {
    let score = pos.wdl_model(seat).normalise_for(score, seat, to_move);
    match score.win_distance() {
        Some(d) => EvalScore::Mate(d),
        None => EvalScore::Centipawns(score.0),
    }
}

/// One move's analysis.
struct MoveEval {
    ply: usize,
    number: u32,
    seat: Seat,
    token: String,
    /// Whether the move was a choice of its seat (not a chance resolution
    /// nor a referee event).
    choice: bool,
    best: Option<String>,
    best_score: Option<Score>,
    after: Option<Score>,
    loss: f64,
}

/// The games of a record that `annotate` would search (every game, or
/// `--game`), each read and checked, with its variant and index.
pub struct Games(Vec<(Variant, usize, Game)>);

impl Games {
    /// The positions the games' main lines hold (what annotate searches).
    #[must_use]
    pub fn positions(&self) -> usize {
        self.0.iter().map(|(_, _, g)| g.main.nodes.len() + 1).sum()
    }

    /// The plies of the games' main lines.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.0.iter().map(|(_, _, g)| g.main.nodes.len()).sum()
    }
}

/// Reads the games of the record `text` that `annotate` searches.
///
/// # Errors
/// An input error for a bad game or game number: a bad game stops the
/// command before any search.
pub fn read_games(args: &AnnotateArgs, text: &str) -> Result<Games, CliError> {
    let mut raws = parse(text);
    if let Some(n) = args.game {
        let count = raws.len();
        if n as usize > count {
            return Err(CliError::input(
                format!("there is no game {n}: the record has {count} games"),
                "--game",
            ));
        }
        raws = vec![raws.swap_remove(n as usize - 1)];
    }
    if raws.is_empty() {
        return Err(CliError::input("the record has no game", "argument <FILE>"));
    }
    // Read every game first, so that a bad one stops the command before any search.
    let mut games = Vec::with_capacity(raws.len());
    for raw in raws {
        let raw = raw.map_err(|e| read_error(&e, &args.file))?;
        let variant = game_variant(&raw, &args.file)?;
        let game = variant.with_record(Validate { raw: &raw }).map_err(|e| read_error(&e, &args.file))?;
        games.push((variant, raw.index, game));
    }
    Ok(Games(games))
}

/// Annotates `games`; `stop` ends every search at once (the HTTP API sets
/// it when its client goes away or its time is up).
///
/// # Errors
/// An input error for a game that does not replay.
pub fn annotate(
    args: &AnnotateArgs,
    term: Terminal,
    games: &Games,
    stop: &Arc<AtomicBool>,
) -> Result<String, CliError> {
    let total = games.positions();
    let bar = if term.progress {
        let bar = ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("annotate {pos}/{len} positions {wide_bar} {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut out = String::new();
    let mut docs = Vec::new();
    for (variant, index, game) in &games.0 {
        let limits = annotate_limits(*variant, args);
        let (annotated, doc) = variant
            .with_record(Annotate { game, index: *index, limits: &limits, bar: &bar, stop })
            .map_err(|e| read_error(&e, &args.file))?;
        out.push_str(&write(&annotated));
        out.push('\n');
        docs.push(doc);
    }
    bar.finish_and_clear();
    Ok(if args.json { json_doc(&AnnotateDocument::new(docs, out)) } else { out })
}

fn validate_game<N: AsHistory>(raw: &RawGame) -> Result<Game, ReadError> {
    raw.validate::<N>()
}

/// `--depth`, `--time`, or the default: two plies less than `analyze`'s
/// default depth, at most 2 s a position.
fn annotate_limits(variant: Variant, args: &AnnotateArgs) -> Limits {
    match (args.depth, args.time) {
        (Some(d), _) => Limits::depth(d),
        (None, Some(ms)) => Limits::time_ms(ms),
        (None, None) => Limits {
            depth: Some(variant.analysis_depth().saturating_sub(2).max(1)),
            time: Some(Duration::from_secs(2)),
            ..Limits::default()
        },
    }
}

/// The score of `state` for `seat`: from the outcome once over, else by
/// search (for the seat to move, negated when `seat` is another: exact for
/// two seats; for Royale the paranoid score of the next seat).
fn score_for<N: AsHistory>(
    state: &N,
    seat: Seat,
    searcher: &mut Searcher<N::Shown>,
    limits: &Limits,
) -> (Score, Option<String>) {
    if let Some(o) = state.outcome() {
        let s = match o.result(seat) {
            motley_core::SeatResult::Win => Score::win_in(0),
            motley_core::SeatResult::Draw => Score::DRAW,
            motley_core::SeatResult::Loss => Score::loss_in(0),
        };
        return (s, None);
    }
    let pos = state.history().position().clone();
    let r = searcher.search(&pos, limits);
    let score = if state.mover() == seat { r.score } else { Score(-r.score.0) };
    (score, r.best.map(|m| m.to_string()))
}

fn annotate_game<N: AsHistory>(
    game: &Game,
    index: usize,
    limits: &Limits,
    bar: &ProgressBar,
    stop: &Arc<AtomicBool>,
) -> Result<(Game, AnnotatedGame), ReadError> {
    let (states, _) = main_line::<N>(game)?;
    let mut searcher = Searcher::<N::Shown>::with_stop_flag(SearchConfig::default(), Arc::clone(stop));
    // Each position once: for the seat to move there.
    let mut scores: Vec<(Score, Option<String>)> = Vec::with_capacity(states.len());
    for state in &states {
        scores.push(score_for(state, state.mover(), &mut searcher, limits));
        bar.inc(1);
    }
    let evals = move_evals(game, &states, &scores, &mut searcher, limits);
    let seat_names: Vec<&'static str> = {
        let p = states[0].position();
        (0..p.seat_count()).map(|s| p.seat_name(Seat(s as u8))).collect()
    };
    let out = marked(game, &states, &evals, &seat_names);
    Ok((out, analysis_doc::<N>(index, &states, &evals, &seat_names)))
}

/// Each move of the main line judged: its score after, the best input and
/// its score before, the expected result it lost.
fn move_evals<N: AsHistory>(
    game: &Game,
    states: &[N],
    scores: &[(Score, Option<String>)],
    searcher: &mut Searcher<N::Shown>,
    limits: &Limits,
) -> Vec<MoveEval> {
    let mut evals = Vec::new();
    for (i, node) in game.main.nodes.iter().enumerate() {
        let before = &states[i];
        let seat = before.mover();
        let pos = before.position();
        let choice = pos.chance().is_none() && pos.legal_moves().iter().any(|m| m.to_string() == node.token);
        let (best_score, best) = scores[i].clone();
        let after = if states[i + 1].outcome().is_some() {
            score_for(&states[i + 1], seat, searcher, limits).0
        } else if states[i + 1].mover() == seat {
            scores[i + 1].0
        } else {
            Score(-scores[i + 1].0.0)
        };
        let loss = if choice && best.as_deref() != Some(node.token.as_str()) {
            let after_to_move = states[i + 1].mover() == seat;
            (expected_result(before.shown(), best_score, seat, true)
                - expected_result(states[i + 1].shown(), after, seat, after_to_move))
            .max(0.0)
        } else {
            0.0
        };
        evals.push(MoveEval {
            ply: i + 1,
            number: node.number,
            seat,
            token: node.token.clone(),
            choice,
            best: if choice { best } else { None },
            best_score: choice.then_some(best_score),
            after: Some(after),
            loss,
        });
    }
    evals
}

/// The game with each move's evaluation, marks and the summary as comments.
fn marked<N: AsHistory>(game: &Game, states: &[N], evals: &[MoveEval], seat_names: &[&'static str]) -> Game {
    let mut out = game.clone();
    out.set_tag("Annotator", "motley annotate");
    for (node, e) in out.main.nodes.iter_mut().zip(evals) {
        let mut comment = String::new();
        if states[e.ply].outcome().is_none()
            && let Some(after) = e.after
        {
            let to_move = states[e.ply].mover() == e.seat;
            let shown = states[e.ply].shown();
            let wdl = shown.wdl_model(e.seat).wdl_for(after, e.seat, to_move).to_array();
            let score = eval_score(shown, after, e.seat, to_move);
            comment = Evaluation { score, wdl: Some(wdl) }.to_string();
        }
        if let Some((word, nag)) = mark(e.loss) {
            if !node.nags.contains(&nag) {
                node.nags.push(nag);
            }
            let _ = write!(comment, " {word} (-{:.2}); best {}", e.loss, e.best.as_deref().unwrap_or("?"));
        }
        let comment = comment.trim().to_owned();
        if !comment.is_empty() {
            node.comments.push(comment);
        }
    }
    if let Some(last) = out.main.nodes.last_mut() {
        last.comments.push(summary_text(&summary(evals, seat_names)));
    }
    out
}

/// The game's analysis document: every move and each seat's summary.
fn analysis_doc<N: AsHistory>(
    index: usize,
    states: &[N],
    evals: &[MoveEval],
    seat_names: &[&'static str],
) -> AnnotatedGame {
    let summary = summary(evals, seat_names);
    let after_to_move = |e: &MoveEval| states[e.ply].mover() == e.seat;
    let moves = evals
        .iter()
        .map(|e| {
            let after = states[e.ply].shown();
            let to_move = after_to_move(e);
            MoveAnalysis::new(
                e.ply,
                e.number,
                SeatName::named(seat_names.get(e.seat.index()).copied().unwrap_or("?")),
                e.token.clone(),
                e.choice,
                (
                    e.after.map(|s| eval_score(after, s, e.seat, to_move).to_string()),
                    e.after.map(|s| after.wdl_model(e.seat).wdl_for(s, e.seat, to_move)),
                ),
                (
                    e.best.clone(),
                    e.best_score.map(|s| eval_score(states[e.ply - 1].shown(), s, e.seat, true).to_string()),
                ),
                e.loss,
                mark(e.loss).map(|(w, _)| w),
            )
        })
        .collect();
    let summary = summary
        .iter()
        .map(|s| {
            let worst =
                s.worst.iter().map(|(n, t, l, b)| WorstMove::new(*n, t.clone(), *l, b.clone())).collect();
            SeatSummaryDoc::new(SeatName::named(s.name), s.moves, s.average, s.counts, worst)
        })
        .collect();
    AnnotatedGame::new(index, N::VARIANT, moves, summary)
}

/// One seat's summary.
struct SeatSummary {
    name: &'static str,
    moves: usize,
    average: f64,
    /// Inaccuracies, mistakes, blunders.
    counts: [usize; 3],
    /// Up to three worst moves: number, move, loss, best move.
    worst: Vec<(u32, String, f64, String)>,
}

fn summary(evals: &[MoveEval], names: &[&'static str]) -> Vec<SeatSummary> {
    names.iter().enumerate().map(|(i, name)| seat_summary(evals, i, name)).collect()
}

/// The summary of the chosen moves of seat `i`, called `name`: the count,
/// the average loss, the marks and the three worst moves.
fn seat_summary(evals: &[MoveEval], i: usize, name: &'static str) -> SeatSummary {
    let mine: Vec<&MoveEval> = evals.iter().filter(|e| e.seat.index() == i && e.choice).collect();
    let total: f64 = mine.iter().map(|e| e.loss).sum();
    let mut counts = [0; 3];
    for e in &mine {
        match mark(e.loss) {
            Some(("inaccuracy", _)) => counts[0] += 1,
            Some(("mistake", _)) => counts[1] += 1,
            Some(_) => counts[2] += 1,
            None => {}
        }
    }
    let mut worst: Vec<&MoveEval> = mine.iter().copied().filter(|e| e.loss >= 0.005).collect();
    worst.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.ply.cmp(&b.ply)));
    SeatSummary {
        name,
        moves: mine.len(),
        average: if mine.is_empty() { 0.0 } else { total / mine.len() as f64 },
        counts,
        worst: worst
            .iter()
            .take(3)
            .map(|e| (e.number, e.token.clone(), e.loss, e.best.clone().unwrap_or_else(|| "?".to_owned())))
            .collect(),
    }
}

/// `Summary. white: 30 moves, average loss 0.021, 1 inaccuracy, 0 mistakes,
/// 1 blunder; worst 12. e4e5 (-0.25, best d2d4) …`.
fn summary_text(summary: &[SeatSummary]) -> String {
    let parts: Vec<String> = summary
        .iter()
        .map(|s| {
            let mut t = format!(
                "{}: {} moves, average loss {:.3}, {} inaccuracies, {} mistakes, {} blunders",
                s.name, s.moves, s.average, s.counts[0], s.counts[1], s.counts[2]
            );
            if !s.worst.is_empty() {
                let worst: Vec<String> =
                    s.worst.iter().map(|(n, m, l, b)| format!("{n}. {m} (-{l:.2}, best {b})")).collect();
                let _ = write!(t, "; worst {}", worst.join(", "));
            }
            t
        })
        .collect();
    format!("Summary. {}", parts.join(". "))
}
