//! `motley uci`: a UCI engine over any line input and output.
//!
//! A reader thread forwards input lines; the session answers `uci`,
//! `isready`, `setoption name UCI_Variant value <variant>` (`sovereign`,
//! `royale`, `mages`, `joker`), `setoption name MultiPV value K`,
//! `setoption name Threads value N` (1 to 256: a Lazy SMP search),
//! `setoption name Hash value MB` (1 to 4096),
//! `setoption name UCI_ShowWDL value true|false` (default false: with true,
//! each `info` score is followed by `wdl W D L`, the side to move's win,
//! draw and loss chances in thousandths under the variant's fitted odds;
//! `score cp` is always the normalised score, see
//! [`motley_core::search::wdl`]),
//! `setoption name BestReply value auto|on|off` (Royale: search the
//! opponents' turns as best-reply layers, or a ply each as paranoid search
//! does; `auto`, the default, takes the variant's choice,
//! [`Evaluate::BEST_REPLY`]; two-seat games ignore it),
//! `ucinewgame`, `position startpos|fen <position string> [moves …]`,
//! `go depth N | movetime MS | nodes N | wtime MS btime MS [winc MS binc MS]
//! | infinite | perft N`, `stop`, `d` (prints the position string) and
//! `quit`. A search runs on its own thread, streaming `info` lines, so
//! `stop` and `isready` are answered while it runs; `go infinite` holds its
//! `bestmove` until `stop`. While a limited search runs, every command but
//! `stop`, `isready` and `quit` waits for its `bestmove` first; at the end of the input (without `quit`) a
//! limited search finishes and an infinite one is stopped. Errors never end
//! the session: they are reported as `info string error: <what>, <where>`,
//! a line that is not UTF-8 or longer than [`MAX_LINE`] included (input is
//! read as bytes, line by line). Selecting the variant already selected
//! keeps the position. A search stopped before depth 1 completes answers
//! with a depth-1 search's best move and `info` line.
//!
//! Move tokens are each variant's notation (Mage's Chess resolutions
//! included, so a GUI plays `challenger`, `defender`, `draw` after a
//! declaration). At a Mage's Chess chance node `bestmove` is the most
//! probable resolution; the caller resolves the engagement itself.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use motley_core::history::History;
use motley_core::search::{Evaluate, Limits, SearchConfig, Searcher};
use motley_core::{BoardView, PerftMode, Position};

use crate::error::CliError;
use crate::variant::{Variant, VariantTask};

/// The shared output of a session.
type Out<'a> = Mutex<&'a mut (dyn Write + Send)>;

fn say(out: &Out<'_>, text: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = w.write_all(text.as_bytes());
        let _ = w.write_all(b"\n");
        let _ = w.flush();
    }
}

/// The position a `position` command names: a position string (or the
/// start) and the moves after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct PositionSpec {
    fen: Option<String>,
    moves: Vec<String>,
}

/// What a `go` command asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Go {
    /// `wdl`: append `wdl W D L` to each `info` score (`UCI_ShowWDL`).
    Search {
        limits: Limits,
        infinite: bool,
        wdl: bool,
    },
    Perft(u32),
}

/// Plays the game of `spec` for variant `P`: its moves from the position
/// string (or the start), with the variant's history draws
/// ([`Position::DRAW_RULES`]: repetition, quiet-move limit).
fn build_game<P: Position>(spec: &PositionSpec) -> Result<History<P>, CliError> {
    let start = match &spec.fen {
        Some(text) => P::from_fen(text)
            .map_err(|e| CliError::input(format!("invalid position string: {e}"), "position fen"))?,
        None => P::start(),
    };
    let mut game = History::with_default_rules(start);
    for (i, token) in spec.moves.iter().enumerate() {
        let pos = game.position();
        let mv = pos.parse_move(token).ok().filter(|&mv| pos.is_legal(mv)).ok_or_else(|| {
            CliError::input(format!("illegal move `{token}`"), format!("move {} of position", i + 1))
        })?;
        game.play(mv);
    }
    Ok(game)
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

/// Parses `go …` for the side to move `seat_index` (0 uses `wtime`/`winc`, any other `btime`/`binc`).
fn parse_go(words: &[&str], seat_index: usize, multipv: usize) -> Result<Go, CliError> {
    let mut limits = Limits::default();
    let mut infinite = false;
    let (mut wtime, mut btime, mut winc, mut binc) = (None, None, 0u64, 0u64);
    let mut i = 0;
    let number = |i: usize, key: &str| -> Result<u64, CliError> {
        words.get(i + 1).and_then(|v| v.parse::<u64>().ok()).ok_or_else(|| {
            CliError::input(format!("`{key}` needs a non-negative number"), format!("go {key}"))
        })
    };
    while i < words.len() {
        match words[i] {
            "perft" => return Ok(Go::Perft(u32::try_from(number(i, "perft")?).unwrap_or(u32::MAX))),
            "depth" => limits.depth = Some(u32::try_from(number(i, "depth")?.max(1)).unwrap_or(u32::MAX)),
            "movetime" => limits.time = Some(Duration::from_millis(number(i, "movetime")?.max(1))),
            "nodes" => limits.nodes = Some(number(i, "nodes")?.max(1)),
            "wtime" => wtime = Some(number(i, "wtime")?),
            "btime" => btime = Some(number(i, "btime")?),
            "winc" => winc = number(i, "winc")?,
            "binc" => binc = number(i, "binc")?,
            "movestogo" | "mate" => {
                number(i, words[i])?;
            }
            "infinite" => {
                infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                i += 1;
                continue;
            }
            other => return Err(CliError::input(format!("unknown go option `{other}`"), "go")),
        }
        i += 2;
    }
    let (clock, inc) = if seat_index == 0 { (wtime, winc) } else { (btime, binc) };
    if let (Some(ms), None) = (clock, limits.time) {
        let budget = Limits::for_clock(Duration::from_millis(ms), Duration::from_millis(inc));
        limits.time = budget.time;
    }
    if infinite {
        limits = Limits { multipv: 1, ..Limits::default() };
    }
    Ok(Go::Search { limits: limits.with_multipv(multipv), infinite, wdl: false })
}

/// Runs a `go` on variant `P`: streams `info` lines and ends with `bestmove`.
fn go<P: Evaluate>(
    pos: &P,
    keys: &[u64],
    go: Go,
    config: SearchConfig,
    stop: &Arc<AtomicBool>,
    out: &Out<'_>,
) {
    match go {
        Go::Perft(depth) => {
            let mut total = 0;
            for (mv, n) in pos.divide(depth, PerftMode::Decision) {
                say(out, &format!("{mv}: {n}"));
                total += n;
            }
            say(out, &format!("\nnodes {total}"));
        }
        Go::Search { limits, infinite, wdl } => {
            let seat = pos.turn();
            let model = pos.wdl_model(seat);
            let mut searcher = Searcher::<P>::with_stop_flag(config, Arc::clone(stop));
            searcher.set_game_history(keys);
            let multipv = limits.multipv;
            // A `stop` before depth 1 completes still gets a depth-1 answer.
            let result = crate::analysis::search_at_least_depth_1(&mut searcher, pos, &limits, |info| {
                for (k, line) in info.lines.iter().enumerate() {
                    let mut text = format!("info depth {} seldepth {}", info.depth, info.seldepth);
                    if multipv > 1 {
                        text.push_str(&format!(" multipv {}", k + 1));
                    }
                    let pv: Vec<String> = line.moves.iter().map(ToString::to_string).collect();
                    text.push_str(&format!(" score {}", model.normalise(line.score, seat).uci()));
                    if wdl {
                        text.push_str(&format!(" wdl {}", model.wdl(line.score, seat)));
                    }
                    text.push_str(&format!(
                        " nodes {} nps {} time {} pv {}",
                        info.nodes,
                        info.nps(),
                        info.elapsed.as_millis(),
                        pv.join(" ")
                    ));
                    say(out, &text);
                }
            });
            if infinite {
                // UCI: after `go infinite` the bestmove waits for `stop`.
                while !stop.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
            match result.best {
                Some(mv) => say(out, &format!("bestmove {mv}")),
                None => say(out, "bestmove (none)"),
            }
        }
    }
}

/// The game a session holds, for any variant: the position the last
/// `position` command set, with its history (for the history draws).
/// Implemented by [`History<P>`]; a session holds a `Box<dyn Game>`, made
/// for the selected variant by [`NewGame`].
trait Game: Send {
    /// The game of `spec` in this variant, or why it cannot be played
    /// (this game is unchanged either way).
    fn with_position(&self, spec: &PositionSpec) -> Result<Box<dyn Game>, CliError>;
    /// The position string of the current position.
    fn fen(&self) -> String;
    /// The index of the side to move.
    fn turn_index(&self) -> usize;
    /// A copy to search on another thread.
    fn boxed_clone(&self) -> Box<dyn Game>;
    /// Runs `g` on the current position: streams `info` lines and ends with
    /// `bestmove` (or the perft divide and total).
    fn go(&self, g: Go, config: SearchConfig, stop: &Arc<AtomicBool>, out: &Out<'_>);
}

impl<P: Evaluate> Game for History<P> {
    fn with_position(&self, spec: &PositionSpec) -> Result<Box<dyn Game>, CliError> {
        Ok(Box::new(build_game::<P>(spec)?))
    }

    fn fen(&self) -> String {
        self.position().fen()
    }

    fn turn_index(&self) -> usize {
        self.position().turn().index()
    }

    fn boxed_clone(&self) -> Box<dyn Game> {
        Box::new(self.clone())
    }

    fn go(&self, g: Go, config: SearchConfig, stop: &Arc<AtomicBool>, out: &Out<'_>) {
        if self.is_history_draw() && matches!(g, Go::Search { .. }) {
            // A game drawn by its history (repetition, quiet-move limit) is
            // over: there is nothing to search.
            say(out, &format!("info string the game is over ({})", self.status()));
            say(out, "bestmove (none)");
        } else {
            go(self.position(), self.keys(), g, config, stop, out);
        }
    }
}

/// A new game at the variant's start position (the session's game after
/// `ucinewgame` or a change of `UCI_Variant`).
struct NewGame;

impl VariantTask for NewGame {
    type Output = Box<dyn Game>;
    fn run<P: Evaluate + BoardView>(self) -> Box<dyn Game> {
        Box::new(History::with_default_rules(P::start()))
    }
}

/// The longest input line the session reads; the rest of a longer line is
/// skipped (and reported).
pub const MAX_LINE: usize = 1 << 20;

/// Reads `input` line by line (any bytes, `\n`-terminated, the last line
/// possibly not), sending each line or its error (`<what>, line N`) to `tx`
/// until `quit`, the end of the input, a read error or a closed channel. A
/// line that is not UTF-8 or longer than [`MAX_LINE`] is an error, and
/// reading goes on.
fn read_lines<R: BufRead>(mut input: R, tx: &mpsc::Sender<Result<String, String>>) {
    let mut line: Vec<u8> = Vec::new();
    let mut number = 0usize;
    loop {
        line.clear();
        let mut too_long = false;
        let mut ended = false;
        // One line: up to and without its `\n`, keeping at most MAX_LINE bytes.
        loop {
            let chunk = match input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return,
            };
            if chunk.is_empty() {
                ended = true;
                break;
            }
            let newline = chunk.iter().position(|&b| b == b'\n');
            let take = newline.unwrap_or(chunk.len());
            let room = MAX_LINE.saturating_sub(line.len());
            too_long |= take > room;
            line.extend_from_slice(&chunk[..take.min(room)]);
            input.consume(newline.map_or(take, |n| n + 1));
            if newline.is_some() {
                break;
            }
        }
        if ended && line.is_empty() && !too_long {
            return;
        }
        number += 1;
        let item = if too_long {
            Err(format!("line longer than {MAX_LINE} bytes (skipped), line {number}"))
        } else {
            match String::from_utf8(std::mem::take(&mut line)) {
                Ok(text) => Ok(text),
                Err(e) => {
                    let at = e.utf8_error().valid_up_to();
                    let byte = e.as_bytes()[at];
                    Err(format!("input is not UTF-8 (byte 0x{byte:02x} at column {}), line {number}", at + 1))
                }
            }
        };
        let quit = item.as_ref().is_ok_and(|text| text.trim() == "quit");
        if tx.send(item).is_err() || quit || ended {
            return;
        }
    }
}

/// Stops the running search, if any, and waits for its `bestmove`.
fn finish(search: &mut Option<std::thread::ScopedJoinHandle<'_, ()>>, stop: &AtomicBool) {
    if let Some(handle) = search.take() {
        stop.store(true, Ordering::Relaxed);
        let _ = handle.join();
    }
}

/// Runs a UCI session reading `input` and writing `output` until `quit`
/// or the end of the input, starting with `variant`.
///
/// # Errors
/// Never for protocol errors (they are reported in-band); the `Result` is
/// for the caller's uniformity.
pub fn session<R: BufRead + Send>(
    input: R,
    output: &mut (dyn Write + Send),
    variant: Variant,
) -> Result<(), CliError> {
    let out: Out<'_> = Mutex::new(output);
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel::<Result<String, String>>();
    std::thread::scope(|scope| {
        scope.spawn(move || read_lines(input, &tx));
        let mut variant = variant;
        let mut game = variant.with(NewGame);
        let mut multipv = 1usize;
        let mut show_wdl = false;
        let mut config = SearchConfig::default();
        let mut search: Option<std::thread::ScopedJoinHandle<'_, ()>> = None;
        let mut infinite = false;
        for line in rx {
            let line = match line {
                Ok(line) => line,
                Err(e) => {
                    say(&out, &format!("info string error: {e}"));
                    continue;
                }
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some((&command, rest)) = words.split_first() else { continue };
            // While a limited search runs, every command but `stop`,
            // `isready` and `quit` waits for its bestmove (so a scripted
            // session's output comes in order).
            let waits = !matches!(command, "stop" | "isready" | "quit");
            if search.as_ref().is_some_and(std::thread::ScopedJoinHandle::is_finished) || (waits && !infinite)
            {
                let _ = search.take().map(std::thread::ScopedJoinHandle::join);
            }
            match command {
                "uci" => {
                    say(&out, &format!("id name Motley {}", env!("CARGO_PKG_VERSION")));
                    say(&out, "id author the Motley authors");
                    let vars: Vec<String> = Variant::ALL.iter().map(|v| format!("var {v}")).collect();
                    say(
                        &out,
                        &format!("option name UCI_Variant type combo default {variant} {}", vars.join(" ")),
                    );
                    say(&out, "option name MultiPV type spin default 1 min 1 max 64");
                    say(&out, "option name Threads type spin default 1 min 1 max 256");
                    say(&out, "option name Hash type spin default 16 min 1 max 4096");
                    say(&out, "option name UCI_ShowWDL type check default false");
                    say(&out, "option name BestReply type combo default auto var auto var on var off");
                    say(&out, "uciok");
                }
                "isready" => say(&out, "readyok"),
                "ucinewgame" => {
                    finish(&mut search, &stop);
                    game = variant.with(NewGame);
                }
                "setoption" => {
                    let name_at = rest.iter().position(|&w| w == "name");
                    let value_at = rest.iter().position(|&w| w == "value");
                    let (Some(n), Some(v)) = (name_at, value_at) else {
                        say(&out, "info string error: expected `setoption name <id> value <x>`, setoption");
                        continue;
                    };
                    let name = rest.get(n + 1..v).unwrap_or(&[]).join(" ");
                    let value = rest.get(v + 1..).unwrap_or(&[]).join(" ");
                    if name.eq_ignore_ascii_case("UCI_Variant") {
                        match value.parse::<Variant>() {
                            // Selecting the variant already selected changes nothing.
                            Ok(v) if v == variant => {}
                            Ok(v) => {
                                finish(&mut search, &stop);
                                variant = v;
                                game = variant.with(NewGame);
                            }
                            Err(e) => say(&out, &format!("info string error: {e}, setoption UCI_Variant")),
                        }
                    } else if name.eq_ignore_ascii_case("MultiPV") {
                        match value.parse::<usize>() {
                            Ok(k) if (1..=64).contains(&k) => multipv = k,
                            _ => say(
                                &out,
                                &format!("info string error: bad MultiPV `{value}`, setoption MultiPV"),
                            ),
                        }
                    } else if name.eq_ignore_ascii_case("UCI_ShowWDL") {
                        match value.to_ascii_lowercase().as_str() {
                            "true" => show_wdl = true,
                            "false" => show_wdl = false,
                            _ => say(
                                &out,
                                &format!(
                                    "info string error: bad UCI_ShowWDL `{value}` (true or false), setoption UCI_ShowWDL"
                                ),
                            ),
                        }
                    } else if name.eq_ignore_ascii_case("BestReply") {
                        match value.to_ascii_lowercase().as_str() {
                            "auto" => config.best_reply = None,
                            "on" => config.best_reply = Some(true),
                            "off" => config.best_reply = Some(false),
                            _ => say(
                                &out,
                                &format!(
                                    "info string error: bad BestReply `{value}` (auto, on or off), setoption BestReply"
                                ),
                            ),
                        }
                    } else if name.eq_ignore_ascii_case("Threads") || name.eq_ignore_ascii_case("Hash") {
                        let (max, field) = if name.eq_ignore_ascii_case("Threads") {
                            (256, &mut config.threads)
                        } else {
                            (4096, &mut config.hash_mb)
                        };
                        match value.parse::<usize>() {
                            Ok(n) if (1..=max).contains(&n) => *field = n,
                            _ => say(
                                &out,
                                &format!(
                                    "info string error: bad {name} `{value}` (1 to {max}), setoption {name}"
                                ),
                            ),
                        }
                    } else {
                        say(&out, &format!("info string error: unknown option `{name}`, setoption"));
                    }
                }
                "position" => match parse_position(rest).and_then(|spec| game.with_position(&spec)) {
                    Ok(new) => game = new,
                    Err(e) => say(&out, &format!("info string {e}")),
                },
                "d" => say(&out, &format!("info string variant {variant} fen {}", game.fen())),
                "go" => {
                    if search.is_some() && infinite {
                        say(&out, "info string error: an infinite search is running (send stop first), go");
                        continue;
                    }
                    match parse_go(rest, game.turn_index(), multipv) {
                        Ok(mut g) => {
                            if let Go::Search { wdl, .. } = &mut g {
                                *wdl = show_wdl;
                            }
                            infinite = matches!(g, Go::Search { infinite: true, .. });
                            stop.store(false, Ordering::Relaxed);
                            let game = game.boxed_clone();
                            let stop = Arc::clone(&stop);
                            let out = &out;
                            search = Some(scope.spawn(move || game.go(g, config, &stop, out)));
                        }
                        Err(e) => say(&out, &format!("info string {e}")),
                    }
                }
                "stop" => finish(&mut search, &stop),
                "quit" => {
                    finish(&mut search, &stop);
                    return;
                }
                other => say(&out, &format!("info string error: unknown command `{other}`, input")),
            }
        }
        // The input ended without `quit`: a limited search may finish (its
        // bestmove is still wanted); an infinite one is stopped.
        if infinite {
            finish(&mut search, &stop);
        } else if let Some(handle) = search.take() {
            let _ = handle.join();
        }
    });
    Ok(())
}
