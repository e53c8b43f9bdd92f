//! `motley uci`: a UCI engine over any line input and output, a protocol
//! shell over [`motley_core::session::Session`].
//!
//! Commands: `uci`, `isready`, `setoption name <id> value <x>` for
//! `UCI_Variant` (`sovereign`, `royale`, `mages`, `joker`), `MultiPV`
//! (1 to 64), `Threads` (1 to 256: a Lazy SMP search), `Hash` (MiB, 1 to
//! 4096), `UCI_ShowWDL` (`true|false`, default false: each `info` score is
//! followed by `wdl W D L`, the side to move's win, draw and loss chances in
//! thousandths under the variant's fitted odds; `score cp` is always the
//! normalised score, see [`motley_core::search::wdl`]) and `BestReply`
//! (`auto|on|off`: Royale's opponents searched as best-reply layers, or a
//! ply each; `auto` takes the variant's choice, [`SearchProfile::best_reply`](motley_core::search::SearchProfile::best_reply))
//! and `Techniques` (changes to the variant's selective techniques, such as
//! `-null-move,+aspiration`, `none` or `default`: [`TechniqueChanges`],
//! applied at each `go` to the variant then selected);
//! `ucinewgame`; `position startpos|fen <position string> [moves …]`;
//! `go [searchmoves <inputs…>] [ponder] [wtime MS] [btime MS] [winc MS]
//! [binc MS] [movestogo N] [depth N] [nodes N] [movetime MS] [infinite]`
//! and `go perft N`; `stop`; `ponderhit`; `d` (prints the position
//! string); `quit`. The limits' bounds and error texts are those of every
//! front end ([`motley_core::search::LimitKind`]).
//!
//! The input is read on a thread of its own, so the session answers while
//! a search runs:
//! - `stop`, `isready`, `ponderhit` and `quit` are answered at once;
//! - every other command sent during a search (`position`, `ucinewgame`,
//!   `setoption`, another `go` …) waits for the search's `bestmove` and is
//!   then applied, in order;
//! - a plain `go` (no limit) and `go infinite` search until `stop`: their
//!   `bestmove` waits for it; `go ponder` searches without its time limit
//!   until `ponderhit` (then the time counts from the hit) or `stop`;
//! - `go perft N` lists each root input's count and `nodes <total>`; `stop`
//!   ends it after the root input being counted; depth 0 counts 1;
//! - the end of the input, like `quit`, stops any search (its `bestmove` is
//!   still written) and ends the session; so does an output that can no
//!   longer be written. No search outlives its client.
//!
//! Errors never end the session: they are reported as `info string error:
//! <what>, <where>`, a line that is not UTF-8 or longer than [`MAX_LINE`]
//! included (input is read as bytes, line by line). A `position` whose
//! moves cannot be played (after the end of the game among them) is
//! refused with the reason the command line gives, and the game is kept.
//! Selecting the variant already selected keeps the position. A search
//! stopped before depth 1 completes answers with a depth-1 search's best
//! move and `info` line.
//!
//! Move tokens are each variant's notation (Mage's Chess resolutions
//! included, so a GUI plays `challenger`, `defender`, `draw` after a
//! declaration). At a Mage's Chess chance node `bestmove` is the most
//! probable resolution; the caller resolves the engagement itself.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::mpsc;
use std::time::Duration;

use motley_core::search::{LimitKind, Limits, Reading, SearchConfig, SearchInfo, TechniqueChanges, WdlModel};
use motley_core::session::{Go, GoMode, PerftCount, Running, Session};
use motley_core::{BoardView, PerftMode, Position, Seat};

use crate::args::UciArgs;
use crate::error::CliError;
use crate::game::bad_move;
use crate::variant::{Variant, VariantTask};

/// The longest input line the session reads; the rest of a longer line is
/// skipped (and reported).
pub const MAX_LINE: usize = 1 << 20;

/// What the session loop handles, in the order it happened.
enum Event {
    /// An input line, or why it could not be read (`<what>, line N`).
    Line(Result<String, String>),
    /// The input ended.
    End,
    /// A line written by the running job.
    Say(String),
    /// The running job has ended; its last line came before.
    Done,
}

type Tx = mpsc::Sender<Event>;

/// The session's options, as `setoption` set them.
#[derive(Clone, Copy, Debug)]
struct Options {
    multipv: usize,
    show_wdl: bool,
    config: SearchConfig,
    /// `Techniques`: changes to the variant's selective techniques, applied
    /// at `go` to the variant then selected.
    techniques: TechniqueChanges,
}

/// The game of a session, for any variant: a [`Session<P>`] behind a trait
/// object, made for the selected variant by [`NewGame`].
trait Game: Send {
    /// The game a `position` command names (this one is kept on error).
    fn with_position(&self, spec: &PositionSpec) -> Result<Box<dyn Game>, CliError>;
    /// The position string of the current position.
    fn fen(&self) -> String;
    /// Starts what `go <words>` asks for; its lines and end go to `tx`.
    fn go(&self, words: &[&str], options: Options, tx: &Tx) -> Result<Running, CliError>;
}

/// A new game at the variant's start position.
struct NewGame;

impl VariantTask for NewGame {
    type Output = Box<dyn Game>;
    fn run<P: Reading + BoardView>(self) -> Box<dyn Game> {
        Box::new(Session::new(P::start(), P::DRAW_RULES))
    }
}

impl<P: Reading> Game for Session<P> {
    fn with_position(&self, spec: &PositionSpec) -> Result<Box<dyn Game>, CliError> {
        let mut game = Session::<P>::from_fen(spec.fen.as_deref(), P::DRAW_RULES)
            .map_err(|e| CliError::input(format!("invalid position string: {e}"), "position fen"))?;
        game.play_all(spec.moves.iter().map(String::as_str)).map_err(|e| {
            CliError::input(
                bad_move(&e.token, &e.error.to_string()),
                format!("move {} of position", e.number),
            )
        })?;
        Ok(Box::new(game))
    }

    fn fen(&self) -> String {
        self.position().fen()
    }

    fn go(&self, words: &[&str], options: Options, tx: &Tx) -> Result<Running, CliError> {
        let mut session = self.clone();
        let mut config = options.config;
        if !options.techniques.is_none() {
            config.techniques = Some(options.techniques.apply(P::PROFILE.techniques));
        }
        session.set_config(config);
        Ok(match parse_go(words, &session, options.multipv)? {
            GoCommand::Perft(depth) => start_perft(&session, depth, tx),
            GoCommand::Search(go) => start_search(&session, go, options.show_wdl, tx),
        })
    }
}

/// The position a `position` command names: a position string (or the
/// start) and the moves after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct PositionSpec {
    fen: Option<String>,
    moves: Vec<String>,
}

/// Parses `position …` (the words after `position`).
fn parse_position(words: &[&str]) -> Result<PositionSpec, CliError> {
    let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
    let moves = words.get(moves_at + 1..).unwrap_or(&[]).iter().map(|&s| s.to_owned()).collect();
    match words.first() {
        Some(&"startpos") if moves_at == 1 => Ok(PositionSpec { fen: None, moves }),
        Some(&"fen") if moves_at > 1 => Ok(PositionSpec { fen: Some(words[1..moves_at].join(" ")), moves }),
        _ => Err(CliError::input("expected `position startpos|fen <position string> [moves …]`", "position")),
    }
}

/// What a `go` command asks for.
enum GoCommand<M> {
    Search(Go<M>),
    Perft(u32),
}

/// The words that start a `go` parameter (they end a `searchmoves` list).
const GO_WORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

/// The clocks of a `go` command.
#[derive(Default)]
struct Clocks {
    time: [Option<u64>; 2],
    increment: [u64; 2],
}

/// Parses `go …` (the words after `go`) for `session`'s position.
fn parse_go<P: Position>(
    words: &[&str],
    session: &Session<P>,
    multipv: usize,
) -> Result<GoCommand<P::Move>, CliError> {
    let mut go = Go::limited(Limits::default());
    let mut clocks = Clocks::default();
    let mut i = 0;
    while i < words.len() {
        let key = words[i];
        i += 1;
        match key {
            "infinite" => go.mode = GoMode::Infinite,
            "ponder" => go.mode = GoMode::Ponder,
            "searchmoves" => {
                while let Some(&token) = words.get(i).filter(|w| !GO_WORDS.contains(w)) {
                    go.root_moves.push(search_move(session, token)?);
                    i += 1;
                }
            }
            _ => {
                let value = words.get(i).copied().unwrap_or("");
                i += 1;
                if key == "perft" {
                    return Ok(GoCommand::Perft(perft_depth(value)?));
                }
                go_value(key, value, &mut go.limits, &mut clocks)?;
            }
        }
    }
    let seat = session.position().turn().index().min(1);
    if let (None, Some(ms)) = (go.limits.time, clocks.time[seat]) {
        let budget =
            Limits::for_clock(Duration::from_millis(ms), Duration::from_millis(clocks.increment[seat]));
        go.limits.time = budget.time;
    }
    let limited = go.limits.depth.is_some() || go.limits.time.is_some() || go.limits.nodes.is_some();
    if go.mode == GoMode::Infinite || (go.mode == GoMode::Limited && !limited) {
        go.mode = GoMode::Infinite;
        go.limits = Limits::default();
    }
    go.limits = go.limits.with_multipv(multipv);
    Ok(GoCommand::Search(go))
}

/// Reads one move of `go searchmoves` in `session`'s position.
fn search_move<P: Position>(session: &Session<P>, token: &str) -> Result<P::Move, CliError> {
    session.parse_input(token).map_err(|e| CliError::input(bad_move(token, &e.to_string()), "go searchmoves"))
}

/// Reads the depth of `go perft`, a non-negative number.
fn perft_depth(value: &str) -> Result<u32, CliError> {
    value.parse::<u32>().map_err(|_| CliError::input("`perft` needs a non-negative number", "go perft"))
}

/// Reads the value of the `go` parameter `key` into `limits` or `clocks`.
fn go_value(key: &str, value: &str, limits: &mut Limits, clocks: &mut Clocks) -> Result<(), CliError> {
    let limit = |kind: LimitKind| kind.parse(value).map_err(|e| CliError::input(e, format!("go {key}")));
    let number = || {
        value
            .parse::<u64>()
            .map_err(|_| CliError::input(format!("`{key}` needs a non-negative number"), format!("go {key}")))
    };
    match key {
        "depth" => limits.depth = Some(u32::try_from(limit(LimitKind::Depth)?).unwrap_or(u32::MAX)),
        "movetime" => limits.time = Some(Duration::from_millis(limit(LimitKind::Time)?)),
        "nodes" => limits.nodes = Some(limit(LimitKind::Nodes)?),
        "wtime" => clocks.time[0] = Some(number()?),
        "btime" => clocks.time[1] = Some(number()?),
        "winc" => clocks.increment[0] = number()?,
        "binc" => clocks.increment[1] = number()?,
        "movestogo" | "mate" => {
            number()?;
        }
        other => return Err(CliError::input(format!("unknown go option `{other}`"), "go")),
    }
    Ok(())
}

/// The `info` lines of a completed depth: one per principal variation.
fn info_lines<M: core::fmt::Display>(
    info: &SearchInfo<M>,
    multipv: usize,
    (model, seat): (&WdlModel, Seat),
    show_wdl: bool,
) -> Vec<String> {
    info.lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let mut text = format!("info depth {} seldepth {}", info.depth, info.seldepth);
            if multipv > 1 {
                text.push_str(&format!(" multipv {}", k + 1));
            }
            text.push_str(&format!(" score {}", model.normalise(line.score, seat).uci()));
            if show_wdl {
                text.push_str(&format!(" wdl {}", model.wdl(line.score, seat)));
            }
            let pv: Vec<String> = line.moves.iter().map(ToString::to_string).collect();
            text.push_str(&format!(
                " nodes {} nps {} time {} pv {}",
                info.nodes,
                info.nps(),
                info.elapsed.as_millis(),
                pv.join(" ")
            ));
            text
        })
        .collect()
}

/// Starts a search: `info` lines per completed depth, then `bestmove`.
fn start_search<P: Reading>(session: &Session<P>, go: Go<P::Move>, show_wdl: bool, tx: &Tx) -> Running {
    let pos = session.position();
    let (seat, model) = (pos.turn(), pos.wdl_model(pos.turn()));
    let multipv = go.limits.multipv;
    let over = format!("info string the game is over ({})", session.game().status());
    let (info_tx, done_tx) = (tx.clone(), tx.clone());
    session.start(
        go,
        move |info| {
            for line in info_lines(info, multipv, (&model, seat), show_wdl) {
                let _ = info_tx.send(Event::Say(line));
            }
        },
        move |result| {
            let best = match result {
                // Drawn by its history: there was nothing to search.
                None => {
                    let _ = done_tx.send(Event::Say(over));
                    None
                }
                Some(result) => result.best,
            };
            let line = best.map_or_else(|| "bestmove (none)".to_owned(), |mv| format!("bestmove {mv}"));
            let _ = done_tx.send(Event::Say(line));
            let _ = done_tx.send(Event::Done);
        },
    )
}

/// Starts `go perft`: each root input's count, then `nodes <total>` (or
/// why it stopped).
fn start_perft<P: Position>(session: &Session<P>, depth: u32, tx: &Tx) -> Running {
    let (root_tx, done_tx) = (tx.clone(), tx.clone());
    session.start_perft(
        depth,
        PerftMode::Decision,
        move |mv, n| {
            let _ = root_tx.send(Event::Say(format!("{mv}: {n}")));
        },
        move |count: PerftCount| {
            let line = if count.complete {
                format!("\nnodes {}", count.nodes)
            } else {
                format!("info string perft stopped: {} nodes in the root inputs counted", count.nodes)
            };
            let _ = done_tx.send(Event::Say(line));
            let _ = done_tx.send(Event::Done);
        },
    )
}

/// Reads `input` line by line (any bytes, `\n`-terminated, the last line
/// possibly not), sending each line or its error (`<what>, line N`) to `tx`,
/// then [`Event::End`] at the end of the input or a read error; stops after
/// `quit` or when the session has gone. A line that is not UTF-8 or longer
/// than [`MAX_LINE`] is an error, and reading goes on.
fn read_lines<R: BufRead>(mut input: R, tx: &Tx) {
    let mut number = 0usize;
    loop {
        let Some((bytes, too_long)) = read_line(&mut input) else {
            let _ = tx.send(Event::End);
            return;
        };
        number += 1;
        let item = if too_long {
            Err(format!("line longer than {MAX_LINE} bytes (skipped), line {number}"))
        } else {
            String::from_utf8(bytes).map_err(|e| {
                let at = e.utf8_error().valid_up_to();
                let byte = e.as_bytes()[at];
                format!("input is not UTF-8 (byte 0x{byte:02x} at column {}), line {number}", at + 1)
            })
        };
        let quit = item.as_ref().is_ok_and(|text| text.trim() == "quit");
        if tx.send(Event::Line(item)).is_err() || quit {
            return;
        }
    }
}

/// One line of `input` without its `\n`, at most [`MAX_LINE`] bytes of it,
/// and whether it was longer; `None` at the end of the input (or on a read
/// error) with nothing read.
fn read_line<R: BufRead>(input: &mut R) -> Option<(Vec<u8>, bool)> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => &[],
        };
        if chunk.is_empty() {
            return (!line.is_empty() || too_long).then_some((line, too_long));
        }
        let newline = chunk.iter().position(|&b| b == b'\n');
        let take = newline.unwrap_or(chunk.len());
        let room = MAX_LINE.saturating_sub(line.len());
        too_long |= take > room;
        line.extend_from_slice(&chunk[..take.min(room)]);
        input.consume(newline.map_or(take, |n| n + 1));
        if newline.is_some() {
            return Some((line, too_long));
        }
    }
}

/// Whether the session goes on after an event.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Flow {
    Continue,
    Quit,
}

/// The engine's state between events.
struct Engine<'a> {
    out: &'a mut (dyn Write + Send),
    tx: Tx,
    variant: Variant,
    game: Box<dyn Game>,
    options: Options,
    /// The search or perft count running now.
    running: Option<Running>,
    /// Commands that came during the running job, applied after it.
    pending: VecDeque<String>,
    /// The session ends once the running job has ended.
    ending: bool,
}

impl Engine<'_> {
    /// Writes a line; an output that cannot be written ends the session.
    fn say(&mut self, line: &str) {
        let written = writeln!(self.out, "{line}").and_then(|()| self.out.flush());
        if written.is_err() {
            self.end();
        }
    }

    /// Ends the session: at once when idle, after the running job otherwise.
    fn end(&mut self) {
        self.ending = true;
        self.pending.clear();
        if let Some(running) = &self.running {
            running.stop();
        }
    }

    fn handle(&mut self, event: Event) -> Flow {
        match event {
            Event::Say(line) => self.say(&line),
            Event::Done => {
                self.running = None;
                while self.running.is_none()
                    && !self.ending
                    && let Some(line) = self.pending.pop_front()
                {
                    self.command(&line);
                }
            }
            Event::End => self.end(),
            Event::Line(Err(e)) => self.say(&format!("info string error: {e}")),
            Event::Line(Ok(line)) => {
                let word = line.split_whitespace().next().unwrap_or("");
                let at_once = matches!(word, "stop" | "isready" | "quit" | "ponderhit");
                if self.running.is_some() && !at_once {
                    self.pending.push_back(line);
                } else {
                    self.command(&line);
                }
            }
        }
        if self.ending && self.running.is_none() { Flow::Quit } else { Flow::Continue }
    }

    /// Applies one command.
    fn command(&mut self, line: &str) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else { return };
        match command {
            "uci" => self.identify(),
            "isready" => self.say("readyok"),
            "ucinewgame" => self.game = self.variant.with(NewGame),
            "setoption" => {
                if let Err(e) = self.set_option(rest) {
                    self.say(&format!("info string {e}"));
                }
            }
            "position" => match parse_position(rest).and_then(|spec| self.game.with_position(&spec)) {
                Ok(game) => self.game = game,
                Err(e) => self.say(&format!("info string {e}")),
            },
            "d" => {
                let line = format!("info string variant {} fen {}", self.variant, self.game.fen());
                self.say(&line);
            }
            "go" => match self.game.go(rest, self.options, &self.tx) {
                Ok(running) => self.running = Some(running),
                Err(e) => self.say(&format!("info string {e}")),
            },
            "stop" => {
                if let Some(running) = &self.running {
                    running.stop();
                }
            }
            "ponderhit" => {
                if let Some(running) = &self.running {
                    running.ponderhit();
                }
            }
            "quit" => self.end(),
            other => self.say(&format!("info string error: unknown command `{other}`, input")),
        }
    }

    /// The answer to `uci`: the engine's name and options, then `uciok`.
    fn identify(&mut self) {
        let vars: Vec<String> = Variant::ALL.iter().map(|v| format!("var {v}")).collect();
        let spin = |name: &str, kind: LimitKind, default: usize| {
            let (min, max) = kind.range();
            format!("option name {name} type spin default {default} min {min} max {max}")
        };
        let lines = [
            format!("id name Motley {}", env!("CARGO_PKG_VERSION")),
            "id author the Motley authors".to_owned(),
            format!("option name UCI_Variant type combo default {} {}", self.variant, vars.join(" ")),
            spin("MultiPV", LimitKind::MultiPv, 1),
            spin("Threads", LimitKind::Threads, 1),
            spin("Hash", LimitKind::Hash, SearchConfig::default().hash_mb),
            "option name UCI_ShowWDL type check default false".to_owned(),
            "option name BestReply type combo default auto var auto var on var off".to_owned(),
            "option name Techniques type string default default".to_owned(),
            "uciok".to_owned(),
        ];
        for line in lines {
            self.say(&line);
        }
    }

    /// `setoption name <id> value <x>` (the words after `setoption`).
    fn set_option(&mut self, words: &[&str]) -> Result<(), CliError> {
        let name_at = words.iter().position(|&w| w == "name");
        let value_at = words.iter().position(|&w| w == "value");
        let (Some(n), Some(v)) = (name_at, value_at) else {
            return Err(CliError::input("expected `setoption name <id> value <x>`", "setoption"));
        };
        let name = words.get(n + 1..v).unwrap_or(&[]).join(" ");
        let value = words.get(v + 1..).unwrap_or(&[]).join(" ");
        let place = format!("setoption {name}");
        let limit = |kind: LimitKind| kind.parse_usize(&value).map_err(|e| CliError::input(e, &place));
        // The index of the value among `choices` (any letter case).
        let choice = |choices: &[&str], listed: &str| {
            let lower = value.to_ascii_lowercase();
            choices
                .iter()
                .position(|&c| c == lower)
                .ok_or_else(|| CliError::input(format!("bad {name} `{value}` ({listed})"), &place))
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let variant: Variant = value.parse().map_err(|e| CliError::input(e, &place))?;
                // Selecting the variant already selected changes nothing.
                if variant != self.variant {
                    self.variant = variant;
                    self.game = variant.with(NewGame);
                }
            }
            "multipv" => self.options.multipv = limit(LimitKind::MultiPv)?,
            "threads" => self.options.config.threads = limit(LimitKind::Threads)?,
            "hash" => self.options.config.hash_mb = limit(LimitKind::Hash)?,
            "uci_showwdl" => self.options.show_wdl = choice(&["true", "false"], "true or false")? == 0,
            "bestreply" => {
                self.options.config.best_reply =
                    [None, Some(true), Some(false)][choice(&["auto", "on", "off"], "auto, on or off")?];
            }
            "techniques" => {
                self.options.techniques = value.parse().map_err(|e| CliError::input(e, &place))?
            }
            _ => return Err(CliError::input(format!("unknown option `{name}`"), "setoption")),
        }
        Ok(())
    }
}

/// Runs `uci`: a session on the process's streams, starting with the
/// variant `args` names.
///
/// # Errors
/// An input error for an unknown variant.
pub fn run<R: BufRead + Send>(
    args: &UciArgs,
    input: R,
    output: &mut (dyn Write + Send),
) -> Result<(), CliError> {
    session(input, output, Variant::from_argument(&args.variant)?)
}

/// Runs a UCI session reading `input` and writing `output` until `quit`,
/// the end of the input, or an output that can no longer be written,
/// starting with `variant`.
///
/// # Errors
/// Never for protocol errors (they are reported in-band); the `Result` is
/// for the caller's uniformity.
pub fn session<R: BufRead + Send>(
    input: R,
    output: &mut (dyn Write + Send),
    variant: Variant,
) -> Result<(), CliError> {
    let (tx, rx) = mpsc::channel::<Event>();
    std::thread::scope(|scope| {
        let reader_tx = tx.clone();
        scope.spawn(move || read_lines(input, &reader_tx));
        let mut engine = Engine {
            out: output,
            tx,
            variant,
            game: variant.with(NewGame),
            options: Options {
                multipv: 1,
                show_wdl: false,
                config: SearchConfig::default(),
                techniques: TechniqueChanges::NONE,
            },
            running: None,
            pending: VecDeque::new(),
            ending: false,
        };
        for event in &rx {
            if engine.handle(event) == Flow::Quit {
                break;
            }
        }
    });
    Ok(())
}
