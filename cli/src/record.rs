//! `record`, `replay` and `annotate`: game records (the format of
//! `motley_core::record`, documented in `docs/records.md`).
//!
//! These commands choose their variant themselves (`replay` and `annotate`
//! read it from each game's `Variant` tag), so [`run`] dispatches them before
//! the per-variant commands.

use core::fmt::Write as _;
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use motley_core::history::History;
use motley_core::record::eval::{EvalScore, Evaluation};
use motley_core::record::game::parse_result;
use motley_core::record::read::{is_tag_name, rule_options};
use motley_core::record::{
    Game, Notation, RawGame, ReadError, Recorder, StartError, main_line, parse, write,
};
use motley_core::search::{Evaluate, Limits, Score, SearchConfig, Searcher};
use motley_core::{BoardView, Position, Seat};

use crate::args::{Command, Common};
use crate::commands::{self, Output, Terminal};
use crate::document::{
    AnnotateDocument, AnnotatedGame, MoveAnalysis, RecordDocument, ReplayDocument, SeatName,
    SeatSummary as SeatSummaryDoc, ShowDocument, WorstMove, json_doc,
};
use crate::error::CliError;
use crate::variant::{RecordTask, Variant};

/// Declares a [`RecordTask`] that calls a function generic over the record
/// state with the given arguments (the fields of the task).
macro_rules! record_task {
    ($task:ident<$($lt:lifetime),*>, $f:ident($($field:ident: $ty:ty),*) -> $out:ty) => {
        struct $task<$($lt),*> {
            $($field: $ty,)*
        }

        impl<$($lt),*> RecordTask for $task<$($lt),*> {
            type Output = $out;
            fn run<N: AsHistory>(self) -> $out {
                $f::<N>($(self.$field),*)
            }
        }
    };
}

record_task!(Record<'a>, record(args: &'a RecordArgs) -> Result<String, CliError>);
record_task!(Replay<'a>, replay(raw: &'a RawGame, args: &'a ReplayArgs, term: Terminal) -> Result<String, CliError>);
record_task!(Validate<'a>, validate_game(raw: &'a RawGame) -> Result<Game, ReadError>);
record_task!(
    Annotate<'a>,
    annotate_game(game: &'a Game, index: usize, limits: &'a Limits, bar: &'a ProgressBar) -> Result<(Game, AnnotatedGame), ReadError>
);
record_task!(
    MatchGame<'a>,
    match_game(rec: &'a MatchRecorder, game: MatchGameRef<'a>) -> Result<String, CliError>
);

/// `record`'s options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct RecordArgs {
    /// The variant, start position (--fen), moves (--moves) and history rules.
    #[command(flatten)]
    pub common: Common,
    /// A tag of the record, `KEY=VALUE` (repeatable): `--tag White=Ann --tag Event=Club`.
    /// `Result=1-0` sets the result of a game the moves do not end.
    #[arg(long = "tag", value_name = "KEY=VALUE")]
    pub tags: Vec<String>,
}

/// `replay`'s options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct ReplayArgs {
    /// The record file (`-`: standard input).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Which game of the file (1-based).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub game: u32,
    /// The ply of the main line (0: the start; default: the end).
    #[arg(long, value_name = "K")]
    pub ply: Option<u32>,
    /// Print the main line's moves instead of the position.
    #[arg(long)]
    pub moves: bool,
    /// Print one JSON document (as `show --json`).
    #[arg(long)]
    pub json: bool,
    /// Not read from the command line (the variant is the game's).
    #[arg(skip)]
    pub common: Common,
}

/// `annotate`'s options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct AnnotateArgs {
    /// The record file (`-`: standard input).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Search every position this many plies (1 to 64).
    #[arg(long, value_name = "D", conflicts_with = "time", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Search every position this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub time: Option<u64>,
    /// Annotate only this game of the file (1-based; default: every game).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub game: Option<u32>,
    /// Print the evaluations as one JSON document (with the annotated record).
    #[arg(long)]
    pub json: bool,
    /// Not read from the command line (the variant is the game's).
    #[arg(skip)]
    pub common: Common,
}

/// Whether [`run`] handles `command`.
#[must_use]
pub fn handles(command: &Command) -> bool {
    matches!(command, Command::Record(_) | Command::Replay(_) | Command::Annotate(_))
}

/// Runs `record`, `replay` or `annotate`; `input` is standard input (for `-`).
///
/// # Errors
/// Input errors (exit 2) for bad arguments and bad records: one line naming
/// the game, line, column and token.
pub fn run<R: std::io::BufRead>(command: &Command, term: Terminal, input: R) -> Result<Output, CliError> {
    let stdout = match command {
        Command::Record(args) => {
            let variant = variant_arg(&args.common.variant)?;
            variant.with_record(Record { args })?
        }
        Command::Replay(args) => {
            let text = read_input(&args.file, input)?;
            let raw = pick_game(&text, args.game, &args.file)?;
            let variant = game_variant(&raw, &args.file)?;
            variant.with_record(Replay { raw: &raw, args, term })?
        }
        Command::Annotate(args) => annotate_file(args, term, input)?,
        _ => return Err(CliError::failure("not a record command", "command line")),
    };
    Ok(Output { stdout })
}

fn variant_arg(name: &str) -> Result<Variant, CliError> {
    name.parse().map_err(|e| CliError::input(e, "argument <VARIANT>"))
}

/// The text of `file`, or of standard input for `-`.
///
/// # Errors
/// A file that cannot be read, a record that is not UTF-8 (naming the
/// byte offset of the first bad byte), or one with no text at all.
fn read_input<R: std::io::BufRead>(file: &str, mut input: R) -> Result<String, CliError> {
    let mut bytes = Vec::new();
    let place = if file == "-" { "standard input".to_owned() } else { format!("`{file}`") };
    if file == "-" {
        input
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::failure(format!("cannot read standard input: {e}"), "argument <FILE>"))?;
    } else {
        bytes = std::fs::read(file)
            .map_err(|e| CliError::input(format!("cannot read `{file}`: {e}"), "argument <FILE>"))?;
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::input(format!("the record is not UTF-8 at byte {}", e.utf8_error().valid_up_to()), &place)
    })?;
    if text.trim().is_empty() {
        return Err(CliError::input("the record is empty (no game in it)", place));
    }
    Ok(text)
}

/// The one-line error of a bad game: what, then where (`game 2, line 14,
/// column 9, move 7, token `e2e5` of FILE`).
fn read_error(e: &ReadError, file: &str) -> CliError {
    let file = if file == "-" { "standard input" } else { file };
    CliError::input(&e.kind, format!("{} of {file}", e.place()))
}

fn pick_game(text: &str, n: u32, file: &str) -> Result<RawGame, CliError> {
    let mut games = parse(text);
    let count = games.len();
    let index = n as usize;
    if index == 0 || index > count {
        return Err(CliError::input(format!("there is no game {n}: the record has {count} games"), "--game"));
    }
    games.swap_remove(index - 1).map_err(|e| read_error(&e, file))
}

fn game_variant(raw: &RawGame, file: &str) -> Result<Variant, CliError> {
    let name = raw.variant().ok_or_else(|| read_error(&raw.missing_variant(), file))?;
    name.parse().map_err(|e| CliError::input(e, format!("tag Variant of game {} of {file}", raw.index)))
}

/// A record state's position with its history, for `show`'s output.
pub trait AsHistory: Notation {
    /// The position type `show` draws.
    type Shown: Position + BoardView + Evaluate;
    /// The current position with its history (Mage's Chess: the position
    /// alone, whose history adds no draw).
    fn history(&self) -> History<Self::Shown>;
    /// The current position, the one whose odds model reads its scores.
    fn shown(&self) -> &Self::Shown;
}

impl<P: motley_core::record::MoveText + BoardView + Evaluate> AsHistory for History<P> {
    type Shown = P;
    fn history(&self) -> History<P> {
        self.clone()
    }
    fn shown(&self) -> &P {
        self.position()
    }
}

impl AsHistory for motley_mages::MagesRecord {
    type Shown = motley_mages::Mages;
    fn history(&self) -> History<motley_mages::Mages> {
        History::with_default_rules(self.position().clone())
    }
    fn shown(&self) -> &motley_mages::Mages {
        self.position()
    }
}

/// `record`: the game `--moves` plays, as a record.
fn record<N: AsHistory>(args: &RecordArgs) -> Result<String, CliError> {
    let common = &args.common;
    let mut rules = Vec::new();
    if let Some(n) = common.repetition {
        rules.push(format!("repetition={n}"));
    }
    if let Some(n) = common.move_limit {
        rules.push(format!("move-limit={n}"));
    }
    let rules = rules.join(" ");
    let options = rule_options(&rules).map_err(|e| CliError::input(e, "--repetition/--move-limit"))?;
    let start = N::start(common.fen.as_deref(), &options).map_err(|e| match e {
        StartError::Fen(why) => CliError::input(format!("invalid position string: {why}"), "--fen"),
        StartError::Rules(why) => CliError::input(why, "--repetition/--move-limit"),
    })?;
    let mut rec = Recorder::new(start, common.fen.as_deref(), Some(&rules));
    for (i, token) in commands::move_tokens(&common.moves).into_iter().enumerate() {
        let entry = rec.state().read_entry(token).map_err(|why| {
            CliError::input(format!("invalid move `{token}`: {why}"), format!("move {} of --moves", i + 1))
        })?;
        rec.push(&entry);
    }
    let seats = rec.state().position().seat_count();
    for tag in &args.tags {
        let Some((key, value)) = tag.split_once('=') else {
            return Err(CliError::input(format!("`{tag}` is not KEY=VALUE"), "--tag"));
        };
        if !is_tag_name(key) {
            return Err(CliError::input(
                format!(
                    "unknown tag `{key}`: a tag name is a capital letter followed by letters, digits or `_`"
                ),
                "--tag",
            ));
        }
        match key {
            "Variant" | "FEN" | "Rules" | "SetUp" => {
                return Err(CliError::input(
                    format!("tag `{key}` comes from the variant, --fen and the rule options"),
                    "--tag",
                ));
            }
            "Result" => {
                if value != "*" && parse_result(value, seats).is_none() {
                    return Err(CliError::input(
                        format!("`{value}` is not a result of a {seats}-seat game"),
                        "--tag",
                    ));
                }
                if let Some(o) = rec.state().outcome()
                    && motley_core::record::result_text(&o) != value
                {
                    let actual = rec.state().outcome_text(&o);
                    return Err(CliError::input(
                        format!("result `{value}` contradicts the final position ({actual})"),
                        "--tag",
                    ));
                }
                rec.set_result(value);
            }
            _ => {
                rec.tag(key, value);
            }
        }
    }
    let game = rec.game();
    let text = write(&game);
    Ok(if common.json { json_doc(&RecordDocument::new(N::VARIANT, &game, text)) } else { text })
}

/// `replay`: the position at a ply of a game's main line, or its moves.
fn replay<N: AsHistory>(raw: &RawGame, args: &ReplayArgs, term: Terminal) -> Result<String, CliError> {
    let game = raw.validate::<N>().map_err(|e| read_error(&e, &args.file))?;
    if args.moves {
        let moves = game.main_tokens();
        return Ok(if args.json {
            json_doc(&ReplayDocument::moves(N::VARIANT, args.game, &game))
        } else {
            format!("{}\n", moves.join(" "))
        });
    }
    let (states, _) = main_line::<N>(&game).map_err(|e| read_error(&e, &args.file))?;
    let plies = states.len() - 1;
    let ply = args.ply.map_or(plies, |k| k as usize);
    let Some(state) = states.get(ply) else {
        return Err(CliError::input(
            format!("there is no ply {ply}: the main line has {plies} plies"),
            "--ply",
        ));
    };
    let history = state.history();
    if args.json {
        return Ok(json_doc(&ReplayDocument::Position(ShowDocument::new(&history))));
    }
    Ok(commands::show_output(&history, &Common::default(), term))
}

// ---- annotate ----------------------------------------------------------------

/// The expected result (0 to 1) of a score of `pos` for `seat` (the side
/// to move or not, `to_move`), under the variant's fitted odds for that
/// position ([`Evaluate::wdl_model`]): 1 for a forced win, 0 for a forced
/// loss, else the win chance plus the draw chance shared among the seats.
#[must_use]
pub fn expected_result<P: Evaluate>(pos: &P, score: Score, seat: Seat, to_move: bool) -> f64 {
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
fn eval_score<P: Evaluate>(pos: &P, score: Score, seat: Seat, to_move: bool) -> EvalScore {
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

fn annotate_file<R: std::io::BufRead>(
    args: &AnnotateArgs,
    term: Terminal,
    input: R,
) -> Result<String, CliError> {
    let text = read_input(&args.file, input)?;
    let mut raws = parse(&text);
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
    let total: usize = games.iter().map(|(_, _, g)| g.main.nodes.len() + 1).sum();
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
    for (variant, index, game) in &games {
        let limits = annotate_limits(*variant, args);
        let (annotated, doc) = variant
            .with_record(Annotate { game, index: *index, limits: &limits, bar: &bar })
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
) -> Result<(Game, AnnotatedGame), ReadError> {
    let (states, _) = main_line::<N>(game)?;
    let mut searcher = Searcher::<N::Shown>::new(SearchConfig::default());
    // Each position once: for the seat to move there.
    let mut scores: Vec<(Score, Option<String>)> = Vec::with_capacity(states.len());
    for state in &states {
        scores.push(score_for(state, state.mover(), &mut searcher, limits));
        bar.inc(1);
    }
    let mut evals = Vec::new();
    for (i, node) in game.main.nodes.iter().enumerate() {
        let before = &states[i];
        let seat = before.mover();
        let pos = before.position();
        let choice = pos.chance().is_none() && pos.legal_moves().iter().any(|m| m.to_string() == node.token);
        let (best_score, best) = scores[i].clone();
        let after = if states[i + 1].outcome().is_some() {
            score_for(&states[i + 1], seat, &mut searcher, limits).0
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
    let mut out = game.clone();
    out.set_tag("Annotator", "motley annotate");
    let seat_names: Vec<&'static str> = {
        let p = states[0].position();
        (0..p.seat_count()).map(|s| p.seat_name(Seat(s as u8))).collect()
    };
    for (node, e) in out.main.nodes.iter_mut().zip(&evals) {
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
    let summary = summary(&evals, &seat_names);
    if let Some(last) = out.main.nodes.last_mut() {
        last.comments.push(summary_text(&summary));
    }
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
    Ok((out, AnnotatedGame::new(index, N::VARIANT, moves, summary)))
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
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
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
                    .map(|e| {
                        (e.number, e.token.clone(), e.loss, e.best.clone().unwrap_or_else(|| "?".to_owned()))
                    })
                    .collect(),
            }
        })
        .collect()
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

// ---- match --record ------------------------------------------------------------

/// Appends every game `match` plays to a record file (`match --record FILE`).
#[derive(Debug)]
pub struct MatchRecorder {
    file: std::fs::File,
    path: String,
    variant: Variant,
    seed: u64,
}

/// One game of a match, as [`MatchRecorder::game`] records it.
#[derive(Clone, Copy, Debug)]
pub struct MatchGameRef<'a> {
    /// The game's index in the match (0-based; the `Round` tag is one more).
    pub index: usize,
    /// The players' names; seat `s` was played by `names[game.seating[s]]`.
    pub names: &'a [String],
    /// The root position string (`None`: the variant's start position).
    pub fen: Option<&'a str>,
    /// The inputs from the root to the game's start (`--moves`, an opening).
    pub opening: &'a [String],
    /// The game as the match played it from its start.
    pub game: &'a motley_core::search::GameRecord,
}

impl MatchRecorder {
    /// Opens `--record FILE` for appending (created if missing); `None` without `--record`.
    ///
    /// # Errors
    /// An input error for an unknown variant; a failure if the file cannot be opened.
    pub fn open(args: &crate::args::MatchArgs) -> Result<Option<MatchRecorder>, CliError> {
        let Some(path) = &args.record else { return Ok(None) };
        let variant = variant_arg(&args.common.variant)?;
        let file =
            std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(|e| {
                CliError::failure(format!("cannot open `{}`: {e}", path.display()), "--record")
            })?;
        Ok(Some(MatchRecorder { file, path: path.display().to_string(), variant, seed: args.seed }))
    }

    /// Appends one game of the match: from its root position, the opening's
    /// inputs, then the moves played.
    ///
    /// # Errors
    /// A failure if the game does not replay (a bug) or the file cannot be written.
    pub fn game(&mut self, game: MatchGameRef<'_>) -> Result<(), CliError> {
        use std::io::Write as _;
        let text = self.variant.with_record(MatchGame { rec: self, game })?;
        self.file
            .write_all(format!("{text}\n").as_bytes())
            .map_err(|e| CliError::failure(format!("cannot write `{}`: {e}", self.path), "--record"))
    }
}

/// One match game as a record. Matches apply no history draw, so the
/// two-player Sovereign records say so in `Rules`.
fn match_game<N: Notation>(rec: &MatchRecorder, played: MatchGameRef<'_>) -> Result<String, CliError> {
    let MatchGameRef { index, names, fen, opening, game } = played;
    // A variant with history draws (Sovereign) says in `Rules` that the
    // match applied none.
    let rules = (<N::Position as Position>::DRAW_RULES != motley_core::history::DrawRules::NONE)
        .then_some("repetition=0 move-limit=0");
    let options = rule_options(rules.unwrap_or("")).unwrap_or_default();
    let fail =
        |why: String| CliError::failure(format!("game {} does not replay: {why}", index + 1), "--record");
    let start = N::start(fen, &options).map_err(|e| fail(e.to_string()))?;
    let mut recorder = Recorder::new(start, fen, rules);
    recorder.tag("Event", "motley match").tag("Site", "motley").tag("Round", (index + 1).to_string());
    let seat_tags = recorder.state().seat_tags();
    for (tag, &player) in seat_tags.iter().zip(&game.seating) {
        recorder.tag(tag, names.get(player).map_or("?", String::as_str));
    }
    recorder.tag("Termination", game.reason.clone()).tag("Seed", rec.seed.to_string());
    for token in opening.iter().chain(&game.moves) {
        let entry = recorder.state().read_entry(token).map_err(|why| fail(format!("`{token}`: {why}")))?;
        recorder.push(&entry);
    }
    recorder.set_result(motley_core::record::result_text(&motley_core::Outcome::new(&game.results, "match")));
    Ok(write(&recorder.game()))
}
