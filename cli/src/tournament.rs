//! `motley match`: games between built-in players and external engines, from
//! openings, with per-move limits, an SPRT and Elo error bars.
//!
//! The driver follows the library's [`motley_core::search::play_match`]
//! exactly where both apply (seats `(s + g) % n` in game `g`, the same seeded
//! generator per game, the same end reasons), so a match of built-in
//! players without openings plays the same games as before. What it adds:
//! - players `uci:<command>[?Name=value,...]` ([`crate::engine`]), and a
//!   plain `search` limited by `--depth`/`--movetime`/`--nodes`;
//! - openings (`--openings FILE`, [`parse_openings`]): game `g` plays
//!   opening `(g / n) % count`, so each opening is played once in each of
//!   the `n` seat rotations (two seats: a pair of games, seats swapped);
//! - the game's history draws (the variant's repetition and quiet-move
//!   rules, changed by `--repetition` and `--move-limit`), as `play` and
//!   `uci` apply them;
//! - an engine's failure (exit, timeout, illegal input) loses the game for
//!   its seat (every other seat wins), with the reason and a message;
//! - `--sprt elo0,elo1` ([`crate::sprt`]) over the pairs, stopping early,
//!   and the Elo difference of `--a` with its 95% error bar.

use core::fmt::Write as _;
use std::io::Write;
use std::time::Duration;

use motley_core::history::History;
use motley_core::search::{Evaluate, GameRecord, Limits, MatchResult, Player, PlayerSpec, SearchConfig};
use motley_core::zobrist::splitmix64;
use motley_core::{Position, Seat, SeatResult};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::args::{Common, MatchArgs};
use crate::commands::{self, move_tokens};
use crate::document::{EloDoc, MatchDocument, MatchGameDoc, SprtDoc, json_doc};
use crate::engine::{EngineError, EngineSpec, UciEngine};
use crate::error::CliError;
use crate::sprt::{Decision, Pentanomial, Sprt, Trinomial};

/// One line of an openings file, parsed but not yet played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Opening {
    /// The 1-based line number in the file.
    pub line: usize,
    /// The line as written (trimmed).
    pub text: String,
    /// Where the inputs start: `None` for `--fen` (or the start), `Some(None)`
    /// for `startpos`, `Some(Some(fen))` for `fen <position string>`.
    pub root: Option<Option<String>>,
    /// The inputs, in the variant's notation.
    pub moves: Vec<String>,
}

/// Parses an openings file: one opening per line; blank lines and lines
/// starting with `#` are skipped. A line is `startpos [moves …]`,
/// `fen <position string> [moves …]`, or a list of inputs from `--fen` (or
/// the start), separated by spaces or commas.
///
/// ```
/// use motley_cli::tournament::parse_openings;
/// let list = parse_openings("# two openings\ne2e4 e7e5\n\nfen 8/8/8/8/8/8/8/8 w - - 0 1 moves a2a3\n")?;
/// assert_eq!(list.len(), 2);
/// assert_eq!((list[0].line, list[0].root.clone(), list[0].moves.clone()), (2, None, vec!["e2e4".to_owned(), "e7e5".to_owned()]));
/// assert_eq!(list[1].root, Some(Some("8/8/8/8/8/8/8/8 w - - 0 1".to_owned())));
/// # Ok::<(), motley_cli::CliError>(())
/// ```
///
/// # Errors
/// An input error naming the line for `fen` without a position string, or
/// a file without any opening.
pub fn parse_openings(text: &str) -> Result<Vec<Opening>, CliError> {
    let mut openings = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let moves_at = words.iter().position(|&w| w == "moves").unwrap_or(words.len());
        let after_moves = || words.get(moves_at + 1..).unwrap_or(&[]).iter().map(|&w| w.to_owned()).collect();
        let (root, moves) = match words.first() {
            Some(&"startpos") if moves_at == 1 => (Some(None), after_moves()),
            Some(&"fen") if moves_at > 1 => (Some(Some(words[1..moves_at].join(" "))), after_moves()),
            Some(&"fen") | Some(&"startpos") => {
                return Err(CliError::input(
                    format!(
                        "expected `startpos [moves …]` or `fen <position string> [moves …]`, got `{line}`"
                    ),
                    format!("line {} of --openings", i + 1),
                ));
            }
            _ => (None, move_tokens(&[line.to_owned()]).into_iter().map(str::to_owned).collect()),
        };
        openings.push(Opening { line: i + 1, text: line.to_owned(), root, moves });
    }
    if openings.is_empty() {
        return Err(CliError::input("no opening in the file", "--openings"));
    }
    Ok(openings)
}

/// A game's start: the position after the opening, and how an engine is
/// told about it.
#[derive(Clone, Debug)]
struct Start<P: Position> {
    /// The game so far (the opening's inputs played).
    game: History<P>,
    /// `startpos` or `fen <position string>`: the root of `tokens`.
    root: String,
    /// The inputs from the root.
    tokens: Vec<String>,
    /// The opening's index in the file, if any.
    opening: Option<usize>,
}

/// The start of each opening (or the one start of `--fen`/`--moves`),
/// validated: an illegal input or a finished game is an input error naming
/// the line.
fn starts<P: Position>(common: &Common, openings: Option<&[Opening]>) -> Result<Vec<Start<P>>, CliError> {
    let base_tokens: Vec<String> = move_tokens(&common.moves).into_iter().map(str::to_owned).collect();
    let build = |fen: Option<String>, tokens: Vec<String>, opening: Option<&Opening>| {
        let synthetic = Common { fen: fen.clone(), moves: tokens.clone(), ..common.clone() };
        let game = commands::setup::<P>(&synthetic).map_err(|e| match opening {
            Some(o) => CliError::input(
                format!("opening `{}`: {}", o.text, e.what),
                format!("line {} of --openings", o.line),
            ),
            None => e,
        })?;
        if let (Some(o), Some(outcome)) = (opening, game.outcome()) {
            return Err(CliError::input(
                format!("the game is over after the opening ({})", game.position().outcome_text(&outcome)),
                format!("line {} of --openings", o.line),
            ));
        }
        let root = match &fen {
            Some(f) => format!("fen {f}"),
            None => "startpos".to_owned(),
        };
        Ok(Start { game, root, tokens, opening: opening.map(|o| o.line) })
    };
    let Some(openings) = openings else {
        return Ok(vec![build(common.fen.clone(), base_tokens, None)?]);
    };
    openings
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let (fen, tokens) = match &o.root {
                None => (common.fen.clone(), base_tokens.iter().chain(&o.moves).cloned().collect()),
                Some(root) => (root.clone(), o.moves.clone()),
            };
            build(fen, tokens, Some(o)).map(|mut s| {
                s.opening = Some(i);
                s
            })
        })
        .collect()
}

/// The per-move limits of `--depth`, `--movetime`, `--nodes`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct MoveLimits {
    /// `--depth`.
    pub depth: Option<u32>,
    /// `--movetime`, in milliseconds.
    pub movetime: Option<u64>,
    /// `--nodes`.
    pub nodes: Option<u64>,
}

impl MoveLimits {
    /// The limits of `args`.
    #[must_use]
    pub fn of(args: &MatchArgs) -> Self {
        MoveLimits { depth: args.depth, movetime: args.movetime, nodes: args.nodes }
    }

    /// Whether no limit is set.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.depth.is_none() && self.movetime.is_none() && self.nodes.is_none()
    }

    /// The words after `go`: `depth D movetime MS nodes N` (those set).
    #[must_use]
    pub fn go(&self) -> String {
        let mut words = Vec::new();
        if let Some(d) = self.depth {
            words.push(format!("depth {d}"));
        }
        if let Some(ms) = self.movetime {
            words.push(format!("movetime {ms}"));
        }
        if let Some(n) = self.nodes {
            words.push(format!("nodes {n}"));
        }
        words.join(" ")
    }

    /// The search limits.
    #[must_use]
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            time: self.movetime.map(Duration::from_millis),
            nodes: self.nodes,
            ..Limits::default()
        }
    }
}

/// A seat's player: built in, or an external engine.
enum Contestant<P: Evaluate> {
    Builtin(Box<dyn Player<P>>),
    Engine(Box<UciEngine>),
}

impl<P: Evaluate> Contestant<P> {
    fn name(&self) -> String {
        match self {
            Contestant::Builtin(p) => p.name(),
            Contestant::Engine(e) => e.spec().text.clone(),
        }
    }
}

/// The player of `text` (`--a` or `--b`, named by `flag`).
fn contestant<P: Evaluate>(
    text: &str,
    flag: &str,
    limits: MoveLimits,
    timeout: Duration,
) -> Result<Contestant<P>, CliError> {
    let need_limit = |what: &str| {
        CliError::input(format!("player `{text}`: {what} needs --depth, --movetime or --nodes"), flag)
    };
    if text.starts_with("uci:") {
        let spec: EngineSpec = text.parse().map_err(|e| CliError::input(e, flag))?;
        if limits.is_empty() {
            return Err(need_limit("an engine"));
        }
        return Ok(Contestant::Engine(Box::new(UciEngine::new(spec, P::VARIANT, timeout))));
    }
    let spec = if text == "search" {
        if limits.is_empty() {
            return Err(need_limit("a plain `search`"));
        }
        PlayerSpec::Search(limits.limits())
    } else {
        text.parse().map_err(|e| CliError::input(e, flag))?
    };
    Ok(Contestant::Builtin(spec.build::<P>(SearchConfig::default())))
}

/// An engine's loss: which seat, who, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Forfeit {
    /// The seat that lost.
    pub seat: usize,
    /// The player's name.
    pub player: String,
    /// What happened.
    pub message: String,
}

/// One finished game with what the library's record does not hold.
struct Played {
    record: GameRecord,
    opening: Option<usize>,
    forfeit: Option<Forfeit>,
}

/// Picks an outcome with its probability (the last one on rounding), as
/// the library's driver does.
fn sample<M: Copy>(outcomes: &[(M, f64)], rng: &mut StdRng) -> Option<M> {
    let total: f64 = outcomes.iter().map(|&(_, p)| p.max(0.0)).sum();
    let mut x = rng.random::<f64>() * total;
    for &(mv, p) in outcomes {
        let p = p.max(0.0);
        if x < p {
            return Some(mv);
        }
        x -= p;
    }
    outcomes.iter().rev().find(|&&(_, p)| p > 0.0).map(|&(mv, _)| mv)
}

/// The settings a game needs.
struct Rules {
    max_plies: u32,
    limits: MoveLimits,
}

/// Plays one game from `start`, player `players[seating[s]]` at seat `s`.
fn play_game<P: Evaluate>(
    start: &Start<P>,
    players: &mut [Contestant<P>],
    seating: &[usize],
    rng: &mut StdRng,
    rules: &Rules,
) -> Played {
    let mut game = start.game.clone();
    let mut tokens = start.tokens.clone();
    let mut moves: Vec<String> = Vec::new();
    let mut plies = 0u32;
    let seats = game.position().seat_count();
    let forfeit = |seat: usize, player: String, error: &EngineError, plies: u32, moves: Vec<String>| Played {
        record: GameRecord {
            seating: seating.to_vec(),
            results: (0..seats).map(|s| if s == seat { SeatResult::Loss } else { SeatResult::Win }).collect(),
            reason: error.reason().to_owned(),
            plies,
            moves,
        },
        opening: start.opening,
        forfeit: Some(Forfeit { seat, player, message: error.to_string() }),
    };
    for (index, player) in players.iter_mut().enumerate() {
        match player {
            Contestant::Builtin(p) => p.new_game(),
            Contestant::Engine(e) => {
                if let Err(err) = e.new_game() {
                    let seat = seating.iter().position(|&p| p == index).unwrap_or(0);
                    return forfeit(seat, e.spec().text.clone(), &err, 0, moves);
                }
            }
        }
    }
    let go = rules.limits.go();
    let movetime = Duration::from_millis(rules.limits.movetime.unwrap_or(0));
    loop {
        let pos = game.position();
        if let Some(outcome) = game.outcome() {
            return Played {
                record: GameRecord {
                    seating: seating.to_vec(),
                    results: (0..seats).map(|s| outcome.result(Seat(s as u8))).collect(),
                    reason: outcome.reason().to_owned(),
                    plies,
                    moves,
                },
                opening: start.opening,
                forfeit: None,
            };
        }
        let chance = pos.chance();
        let mv = if let Some(outcomes) = &chance {
            sample(outcomes, rng)
        } else if plies >= rules.max_plies {
            None
        } else {
            let seat = pos.turn().index();
            match players.get_mut(seating.get(seat).copied().unwrap_or(usize::MAX)) {
                Some(Contestant::Builtin(p)) => {
                    p.choose_in_game(pos, game.keys(), rng).filter(|&mv| pos.is_legal(mv))
                }
                Some(Contestant::Engine(e)) => {
                    let position = if tokens.is_empty() {
                        start.root.clone()
                    } else {
                        format!("{} moves {}", start.root, tokens.join(" "))
                    };
                    let answer = e.best_move(&position, &go, movetime).and_then(|token| {
                        let mv = pos.parse_move(&token).ok().filter(|&mv| pos.is_legal(mv));
                        mv.ok_or_else(|| EngineError::IllegalMove {
                            why: match (pos.parse_move(&token), e.last_info_string()) {
                                (Err(why), _) => format!(": {why}"),
                                (Ok(_), Some(info)) => format!(" (the engine said: {info})"),
                                (Ok(_), None) => String::new(),
                            },
                            token,
                        })
                    });
                    match answer {
                        Ok(mv) => Some(mv),
                        Err(err) => return forfeit(seat, e.spec().text.clone(), &err, plies, moves),
                    }
                }
                None => None,
            }
        };
        let Some(mv) = mv else {
            let reason = if chance.is_none() && plies >= rules.max_plies { "max-plies" } else { "no-input" };
            return Played {
                record: GameRecord {
                    seating: seating.to_vec(),
                    results: vec![SeatResult::Draw; seats],
                    reason: reason.to_owned(),
                    plies,
                    moves,
                },
                opening: start.opening,
                forfeit: None,
            };
        };
        if chance.is_none() {
            plies += 1;
        }
        let token = mv.to_string();
        tokens.push(token.clone());
        moves.push(token);
        game.play(mv);
    }
}

/// The SPRT's state after some pairs.
#[derive(Clone, Copy, Debug)]
struct SprtState {
    sprt: Sprt,
    llr: f64,
    decision: Decision,
}

/// The game pairs (same opening, seats swapped) of a two-seat match, for
/// player 0: the points it scored in each complete pair.
fn pentanomial(games: &[Played]) -> Pentanomial {
    let mut penta = Pentanomial::default();
    for pair in games.chunks_exact(2) {
        let points: f64 = pair.iter().map(|g| points_of(&g.record, 0)).sum();
        penta.add(points);
    }
    penta
}

/// Player `player`'s points in `game`.
fn points_of(game: &GameRecord, player: usize) -> f64 {
    game.seating.iter().zip(&game.results).filter(|&(&p, _)| p == player).map(|(_, r)| r.score()).sum()
}

/// Player 0's wins, draws and losses.
fn trinomial(games: &[Played]) -> Trinomial {
    let mut t = Trinomial::default();
    for g in games {
        let p = points_of(&g.record, 0);
        if p >= 1.0 {
            t.wins += 1;
        } else if p > 0.0 {
            t.draws += 1;
        } else {
            t.losses += 1;
        }
    }
    t
}

/// One streamed line per finished game (as before, with an engine's loss explained).
fn game_line<P: Position>(start: &P, index: usize, names: &[String], played: &Played) -> String {
    let game = &played.record;
    let seats: Vec<String> = game
        .seating
        .iter()
        .enumerate()
        .map(|(s, &p)| {
            format!("{}={}", start.seat_name(Seat(s as u8)), names.get(p).map_or("?", String::as_str))
        })
        .collect();
    let results: Vec<&str> = game
        .results
        .iter()
        .map(|r| match r {
            SeatResult::Win => "1",
            SeatResult::Draw => "½",
            SeatResult::Loss => "0",
        })
        .collect();
    let resolutions = match resolutions(game) {
        0 => String::new(),
        1 => ", 1 resolution".to_owned(),
        n => format!(", {n} resolutions"),
    };
    let opening = played.opening.map_or_else(String::new, |i| format!(" [opening {}]", i + 1));
    let forfeit = played.forfeit.as_ref().map_or_else(String::new, |f| {
        format!(": {} ({}) {}", start.seat_name(Seat(f.seat as u8)), f.player, f.message)
    });
    format!(
        "game {}{opening}: {} -> {} ({}, {} plies{resolutions}){forfeit}\n",
        index + 1,
        seats.join(" "),
        results.join("-"),
        game.reason,
        game.plies
    )
}

/// The chance resolutions among a game's inputs.
fn resolutions(game: &GameRecord) -> usize {
    game.moves.len().saturating_sub(game.plies as usize)
}

/// `sprt: llr 1.23 (-2.94, 2.94) [0, 5], 10 pairs` and the decision when made.
fn sprt_line(state: &SprtState, pairs: u32) -> String {
    let s = &state.sprt;
    let decided = match state.decision {
        Decision::Continue => String::new(),
        Decision::AcceptH1 => " - H1 accepted".to_owned(),
        Decision::AcceptH0 => " - H0 accepted".to_owned(),
    };
    format!(
        "sprt: llr {:.2} ({:.2}, {:.2}) [{}, {}], {pairs} pairs{decided}\n",
        state.llr,
        s.lower(),
        s.upper(),
        s.elo0,
        s.elo1
    )
}

/// `match`: plays up to `--games` games (fewer if the SPRT decides) and
/// returns the result table (or one JSON document), streaming one line per
/// game (and the SPRT's state after each pair) to `stream`.
///
/// # Errors
/// Input errors for malformed players, openings, limits or `--sprt`, an
/// engine that cannot be started; a failure if `stream` cannot be written
/// or the openings file cannot be read.
pub fn match_cmd<P: Evaluate>(args: &MatchArgs, stream: &mut dyn Write) -> Result<String, CliError> {
    let openings = match &args.openings {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| {
                CliError::input(format!("cannot read `{}`: {e}", path.display()), "--openings")
            })?;
            Some(parse_openings(&text)?)
        }
        None => None,
    };
    let starts = starts::<P>(&args.common, openings.as_deref())?;
    // The match's own start (--fen, --moves), whatever the openings.
    let first = commands::setup::<P>(&args.common)?.position().clone();
    let seats = first.seat_count();
    let sprt: Option<Sprt> = match &args.sprt {
        Some(text) => {
            if seats != 2 {
                return Err(CliError::input(
                    format!("--sprt needs a two-seat variant; {} has {seats}", P::VARIANT),
                    "--sprt",
                ));
            }
            Some(text.parse().map_err(|e| CliError::input(e, "--sprt"))?)
        }
        None => None,
    };
    let limits = MoveLimits::of(args);
    let timeout = Duration::from_millis(args.timeout);
    let mut players: Vec<Contestant<P>> = Vec::with_capacity(seats);
    players.push(contestant::<P>(&args.a, "--a", limits, timeout)?);
    for _ in 1..seats {
        players.push(contestant::<P>(&args.b, "--b", limits, timeout)?);
    }
    // An engine that cannot even be started is a bad argument, not a game.
    for (i, player) in players.iter_mut().enumerate() {
        if let Contestant::Engine(e) = player
            && let Err(err @ EngineError::Spawn { .. }) = e.start()
        {
            return Err(CliError::input(err, if i == 0 { "--a" } else { "--b" }));
        }
    }
    let names: Vec<String> = players.iter().map(Contestant::name).collect();
    let rules = Rules { max_plies: args.max_plies, limits };
    let json_out = args.common.json;
    let mut played: Vec<Played> = Vec::new();
    let mut state = sprt.map(|s| SprtState { sprt: s, llr: 0.0, decision: Decision::Continue });
    let mut recorder = crate::record::MatchRecorder::open(args)?;
    let mut io_error = None;
    let mut say = |text: &str, io_error: &mut Option<std::io::Error>| {
        if !json_out
            && io_error.is_none()
            && let Err(e) = stream.write_all(text.as_bytes()).and_then(|()| stream.flush())
        {
            *io_error = Some(e);
        }
    };
    for g in 0..args.games {
        let n = seats;
        let start = &starts[(g as usize / n) % starts.len()];
        let seating: Vec<usize> = (0..n).map(|s| (s + g as usize) % n).collect();
        let mut rng = StdRng::seed_from_u64(splitmix64(args.seed ^ splitmix64(u64::from(g)).1).1);
        let game = play_game(start, &mut players, &seating, &mut rng, &rules);
        if let Some(recorder) = recorder.as_mut() {
            recorder.game(crate::record::MatchGameRef {
                index: g as usize,
                names: &names,
                fen: start.root.strip_prefix("fen "),
                opening: &start.tokens,
                game: &game.record,
            })?;
        }
        say(&game_line(&first, g as usize, &names, &game), &mut io_error);
        played.push(game);
        if let Some(st) = state.as_mut()
            && played.len().is_multiple_of(2)
        {
            let penta = pentanomial(&played);
            st.llr = penta.llr(st.sprt.elo0, st.sprt.elo1);
            st.decision = st.sprt.decide(st.llr);
            say(&sprt_line(st, penta.pairs()), &mut io_error);
            if st.decision != Decision::Continue {
                break;
            }
        }
        if io_error.as_ref().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe) {
            return Ok(String::new());
        }
    }
    if let Some(e) = io_error {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            return Ok(String::new());
        }
        return Err(CliError::failure(format!("cannot write output: {e}"), "stdout"));
    }
    let seat_names: Vec<String> = (0..seats).map(|s| first.seat_name(Seat(s as u8)).to_owned()).collect();
    let records: Vec<GameRecord> = played.iter().map(|p| p.record.clone()).collect();
    let result = MatchResult::from_games(names, seat_names, records);
    let stats = Stats::of(&played, seats, state);
    if json_out {
        let doc = match_json(&first, args, &result, &played, openings.as_deref(), &stats);
        return Ok(json_doc(&doc));
    }
    let mut out = String::new();
    let count = if played.len() == args.games as usize {
        format!("{} games", args.games)
    } else {
        format!("{} games (of {}, stopped by the SPRT)", played.len(), args.games)
    };
    let _ = writeln!(
        out,
        "variant {}, {count}, seed {}, at most {} plies a game",
        P::VARIANT,
        args.seed,
        args.max_plies
    );
    if let Some(list) = &openings {
        let _ = writeln!(
            out,
            "openings: {} from {}",
            list.len(),
            args.openings.as_ref().map_or(String::new(), |p| p.display().to_string())
        );
    }
    out.push_str(&result.to_string());
    out.push_str(&stats.text(&result));
    Ok(out)
}

/// The Elo and SPRT summary of a match.
struct Stats {
    penta: Option<Pentanomial>,
    tri: Trinomial,
    sprt: Option<SprtState>,
}

impl Stats {
    fn of(played: &[Played], seats: usize, sprt: Option<SprtState>) -> Self {
        let penta = (seats == 2).then(|| pentanomial(played));
        Stats { penta, tri: trinomial(played), sprt }
    }

    /// The Elo estimate: pentanomial over pairs when there is one, else
    /// trinomial over games; `None` unless two seats.
    fn elo(&self) -> Option<(crate::sprt::EloEstimate, &'static str)> {
        let penta = self.penta?;
        match penta.elo() {
            Some(e) if penta.pairs() > 0 => Some((e, "pentanomial")),
            _ => self.tri.elo().map(|e| (e, "trinomial")),
        }
    }

    fn text(&self, result: &MatchResult) -> String {
        let mut out = String::new();
        if let Some((e, model)) = self.elo() {
            let a = result.label(0);
            let b = result.label(1);
            let counts = self.penta.map_or_else(String::new, |p| {
                format!(", pairs {}", p.counts.iter().map(ToString::to_string).collect::<Vec<_>>().join(" "))
            });
            let _ = writeln!(
                out,
                "elo: {a} vs {b}: {:+.1} ± {:.1} (95%: {:+.1}..{:+.1}; {model}{counts})",
                e.elo, e.error_95, e.lower, e.upper
            );
        }
        if let (Some(st), Some(p)) = (&self.sprt, self.penta) {
            out.push_str(&sprt_line(st, p.pairs()));
        }
        out
    }
}

/// The match as its document: the keys the library-driven match had, plus
/// the openings, limits, games played, forfeits, Elo and SPRT.
fn match_json<P: Position>(
    start: &P,
    args: &MatchArgs,
    result: &MatchResult,
    played: &[Played],
    openings: Option<&[Opening]>,
    stats: &Stats,
) -> MatchDocument {
    let games = played
        .iter()
        .map(|pg| MatchGameDoc::new(start, result, &pg.record, pg.opening, pg.forfeit.as_ref()))
        .collect();
    let elo = stats.elo().map(|(e, model)| EloDoc::new(&e, model == "pentanomial"));
    let sprt = stats.sprt.map(|st| SprtDoc::new(&st.sprt, st.llr, st.decision));
    MatchDocument::new(start, args, result, games, openings, stats.penta.map(|p| p.counts), elo, sprt)
}
