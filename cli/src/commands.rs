//! The commands, written once for any `P: Position + BoardView`. Everything
//! printed comes from library calls: the CLI never inspects a piece.

use core::fmt::Write as _;

use motley_core::history::{DrawRules, History};
use motley_core::render::{self, TextStyle};
use motley_core::{BoardView, Fact, Outcome, PerftMode, Position};
use serde_json::Value;

use crate::args::{Command, Common, PerftArgs, RenderArgs};
use crate::document::{
    AnalyzeFacts, MovesDocument, PerftDocument, PlayDocument, RenderDocument, ShowDocument, json_doc,
};
use crate::error::CliError;
use crate::perft;

/// What the process may do with its terminal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Terminal {
    /// Paint diagrams with ANSI colours (stdout is a terminal and `NO_COLOR` is unset).
    pub color: bool,
    /// Draw progress bars and timings on stderr (stderr is a terminal).
    pub progress: bool,
}

/// What a successful command produced: the text for stdout.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Output {
    /// Everything for stdout (for `--json`, exactly one JSON document and a newline).
    pub stdout: String,
}

/// The depth of the perft that `analyze` runs on a start position.
pub const ANALYZE_PERFT_DEPTH: u32 = 2;

/// The move tokens of `--moves`: every value, split at commas and at
/// whitespace (`--moves 'e2e4 e7e5'` is two moves). An empty token between
/// commas (`--moves ""`, `e2e4,,e7e5`) stays in the list, so that it is
/// reported as a bad move with its index.
#[must_use]
pub fn move_tokens(moves: &[String]) -> Vec<&str> {
    moves
        .iter()
        .flat_map(|v| v.split(','))
        .flat_map(|part| {
            let words: Vec<&str> = part.split_whitespace().collect();
            if words.is_empty() { vec![""] } else { words }
        })
        .collect()
}

/// The history draws of the game `--moves` plays: the variant's
/// [`Position::DRAW_RULES`], changed by `--repetition` and `--move-limit`
/// (0 turns a rule off).
///
/// # Errors
/// An input error for `--move-limit` on a variant that does not count plies
/// without progress.
pub fn draw_rules<P: Position>(common: &Common, start: &P) -> Result<DrawRules, CliError> {
    let mut rules = P::DRAW_RULES;
    if let Some(n) = common.repetition {
        rules.repetitions = (n > 0).then_some(n);
    }
    if let Some(n) = common.move_limit {
        if n > 0 && start.quiet_plies().is_none() {
            return Err(CliError::input(
                format!("{} does not count plies without pawn move or capture", P::VARIANT),
                "--move-limit",
            ));
        }
        rules.quiet_plies = (n > 0).then_some(n);
    }
    Ok(rules)
}

/// The game `--moves` plays from `--fen` (or the start position), with its
/// history: the current position, the moves played, and the result including
/// the history draws of [`draw_rules`].
///
/// # Errors
/// Input errors for a malformed position string (passing the library's
/// message with its field and byte offset through) or a bad move (naming the
/// move and its 1-based index), including a move after the end of the game.
pub fn setup<P: Position>(common: &Common) -> Result<History<P>, CliError> {
    let pos = match &common.fen {
        Some(text) => P::from_fen(text)
            .map_err(|e| CliError::input(format!("invalid position string: {e}"), "--fen"))?,
        None => P::start(),
    };
    let mut game = History::new(pos.clone(), draw_rules(common, &pos)?);
    for (i, token) in move_tokens(&common.moves).into_iter().enumerate() {
        let mv = parse_legal(&game, token)
            .map_err(|why| CliError::input(bad_move(token, &why), format!("move {} of --moves", i + 1)))?;
        game.play(mv);
    }
    Ok(game)
}

/// What is wrong with move `token`: `invalid move `<token>`: <why>`, with the
/// token named once (a library message that names it again, `move `<token>`:
/// …` or `move `<token>` is …`, loses that prefix).
pub(crate) fn bad_move(token: &str, why: &str) -> String {
    if token.is_empty() {
        return "empty move".to_owned();
    }
    let named = format!("move `{token}`");
    let why = why.strip_prefix(named.as_str()).map_or(why, |rest| {
        let rest = rest.trim_start_matches(':').trim_start();
        rest.strip_prefix("is ").unwrap_or(rest)
    });
    format!("invalid move `{token}`: {why}")
}

/// Parses `token` with [`Position::parse_move`] and double-checks it is one of
/// the legal inputs, so `play_unchecked` only ever gets legal ones. Once the
/// game is over (by the position or by a history draw) every token is
/// refused with the result.
fn parse_legal<P: Position>(game: &History<P>, token: &str) -> Result<P::Move, String> {
    let pos = game.position();
    if let Some(o) = game.outcome() {
        return Err(format!("the game is over ({})", outcome_text(pos, &o)));
    }
    if token.is_empty() {
        return Err("empty move".to_owned());
    }
    let mv = pos.parse_move(token).map_err(|e| e.to_string())?;
    if pos.is_legal(mv) { Ok(mv) } else { Err("not legal here".to_owned()) }
}

/// Runs `command` on variant `P`.
///
/// # Errors
/// A [`CliError`] for bad input (exit 2) or another failure (exit 1).
pub fn execute<P: Position + BoardView>(command: &Command, term: Terminal) -> Result<Output, CliError> {
    let common = command.common();
    let game = setup::<P>(common)?;
    let pos = game.position();
    let stdout = match command {
        Command::Show(c) => show(&game, c, term),
        Command::Moves(c) => moves(&game, c),
        Command::Perft(p) => perft_cmd(pos, p, term)?,
        Command::Play(c) => play(&game, c),
        Command::Render(r) => render_cmd(&game, r)?,
        Command::Analyze(a) => analyze_facts(&game, &a.common, term),
        Command::Match(_)
        | Command::Uci(_)
        | Command::Record(_)
        | Command::Replay(_)
        | Command::Annotate(_)
        | Command::Serve(_) => {
            return Err(CliError::input(
                format!("`{}` needs a variant with a search evaluation", P::VARIANT),
                "argument <VARIANT>",
            ));
        }
    };
    Ok(Output { stdout })
}

/// The version of every `--json` document's layout, written as its
/// `"schema"` key (see `docs/json.md`): adding a key keeps it; renaming or
/// removing a key or changing a value's type increments it.
pub const JSON_SCHEMA_VERSION: u32 = 1;

/// The outcome with seat names: `white wins (checkmate)`, `draw (stalemate)`
/// (the library's [`Position::outcome_text`]).
#[must_use]
pub fn outcome_text<P: Position>(pos: &P, outcome: &Outcome) -> String {
    pos.outcome_text(outcome)
}

/// The sorted notation of every legal input (none once the game is over).
pub(crate) fn sorted_moves<P: Position>(game: &History<P>) -> Vec<String> {
    let mut list: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
    list.sort_unstable();
    list
}

/// A library [`Fact`] as JSON.
#[must_use]
pub fn fact_json(fact: &Fact) -> Value {
    serde_json::to_value(fact).unwrap_or(Value::Null)
}

/// `show`'s text: the diagram, then `key: value` lines.
fn show_text<P: Position + BoardView>(game: &History<P>, term: Terminal) -> String {
    let pos = game.position();
    let style = if term.color { TextStyle::Ansi } else { TextStyle::Plain };
    let mut out = render::diagram(pos, style);
    out.push('\n');
    let _ = writeln!(out, "fen: {}", pos.fen());
    let _ = writeln!(out, "side_to_move: {}", pos.seat_name(pos.turn()));
    let _ = writeln!(out, "status: {}", game.status());
    if let Some(o) = game.outcome() {
        let _ = writeln!(out, "game_over: {}", outcome_text(pos, &o));
    }
    if let Some(chance) = pos.chance() {
        let odds: Vec<String> = chance.iter().map(|(mv, p)| format!("{mv} {p}")).collect();
        let _ = writeln!(out, "chance: {}", odds.join(", "));
    }
    for (key, value) in pos.details() {
        if !matches!(key, "fen" | "side_to_move" | "status" | "game_over" | "chance") {
            let _ = writeln!(out, "{key}: {value}");
        }
    }
    out
}

fn show<P: Position + BoardView>(game: &History<P>, common: &Common, term: Terminal) -> String {
    show_output(game, common, term)
}

/// `show`'s output for `game`: text, or the JSON document with `common.json`.
#[must_use]
pub fn show_output<P: Position + BoardView>(game: &History<P>, common: &Common, term: Terminal) -> String {
    if common.json { json_doc(&ShowDocument::new(game)) } else { show_text(game, term) }
}

fn moves<P: Position>(game: &History<P>, common: &Common) -> String {
    let list = sorted_moves(game);
    if common.json {
        json_doc(&MovesDocument::new(game))
    } else {
        list.iter().map(|m| format!("{m}\n")).collect()
    }
}

fn perft_cmd<P: Position>(pos: &P, args: &PerftArgs, term: Terminal) -> Result<String, CliError> {
    let mode: PerftMode = args.mode.into();
    let run = perft::run(pos, args.depth, mode, args.threads, term.progress)?;
    let mut divide: Vec<(String, u64)> = run.divide.iter().map(|(m, n)| (m.to_string(), *n)).collect();
    divide.sort_unstable();
    let nps = run.nodes_per_second();
    if term.progress {
        eprintln!("perft {}: {} nodes in {:.3} s ({nps} nodes/s)", args.depth, run.nodes, run.seconds);
    }
    Ok(if args.common.json {
        json_doc(&PerftDocument::new(pos, mode, args.threads, args.depth, &run))
    } else {
        let mut out = String::new();
        if args.divide {
            for (m, n) in &divide {
                let _ = writeln!(out, "{m}: {n}");
            }
            out.push('\n');
        }
        let _ = writeln!(out, "nodes {}", run.nodes);
        out
    })
}

fn play<P: Position>(game: &History<P>, common: &Common) -> String {
    let pos = game.position();
    let outcome = game.outcome();
    if common.json {
        json_doc(&PlayDocument::new(game))
    } else {
        let mut out = String::new();
        let _ = writeln!(out, "fen: {}", pos.fen());
        let _ = writeln!(out, "status: {}", game.status());
        match outcome {
            Some(o) => {
                let _ = writeln!(out, "game_over: {}", outcome_text(pos, &o));
            }
            None => {
                let _ = writeln!(out, "side_to_move: {}", pos.seat_name(pos.turn()));
            }
        }
        out
    }
}

fn render_cmd<P: Position + BoardView>(game: &History<P>, args: &RenderArgs) -> Result<String, CliError> {
    let pos = game.position();
    let highlight = match &args.highlight {
        Some(token) => {
            let mv = parse_legal(game, token)
                .map_err(|why| CliError::input(bad_move(token, &why), "--highlight"))?;
            render::move_squares(pos, mv)
        }
        None => Vec::new(),
    };
    let picture = render::svg(pos, &highlight);
    if let Some(path) = &args.out {
        std::fs::write(path, &picture)
            .map_err(|e| CliError::failure(format!("cannot write `{}`: {e}", path.display()), "--out"))?;
    }
    Ok(match (args.common.json, &args.out) {
        (true, out) => json_doc(&RenderDocument::new(pos, &highlight, out.as_deref(), picture)),
        (false, Some(_)) => String::new(),
        (false, None) => picture,
    })
}

/// The facts `analyze` prints before searching: `show`'s, plus the number of
/// legal inputs and, on a start position, perft 2 (text, or a JSON object
/// with `--json`).
#[must_use]
pub fn analyze_facts<P: Position + BoardView>(game: &History<P>, common: &Common, term: Terminal) -> String {
    if common.json { json_doc(&AnalyzeFacts::new(game)) } else { analyze_facts_text(game, term) }
}

/// The number of legal inputs and, on a start position, perft
/// [`ANALYZE_PERFT_DEPTH`].
pub(crate) fn analyze_counts<P: Position>(game: &History<P>) -> (usize, Option<u64>) {
    let pos = game.position();
    let legal = game.legal_moves().len();
    let at_start = pos.fen() == P::start().fen();
    (legal, at_start.then(|| pos.perft(ANALYZE_PERFT_DEPTH, PerftMode::Decision)))
}

/// [`analyze_facts`] without `--json`: `show`'s text, then `legal_moves: N`
/// and, on a start position, `perft 2: N`.
#[must_use]
pub fn analyze_facts_text<P: Position + BoardView>(game: &History<P>, term: Terminal) -> String {
    let (legal, perft) = analyze_counts(game);
    let mut out = show_text(game, term);
    let _ = writeln!(out, "legal_moves: {legal}");
    if let Some(n) = perft {
        let _ = writeln!(out, "perft {ANALYZE_PERFT_DEPTH}: {n}");
    }
    out
}
