//! `match`: games between built-in players and external engines, played
//! by [`crate::tournament`], streamed one line per game, and summed up with
//! the result table, the Elo difference and the SPRT (text or a document).

use core::fmt::Write as _;
use std::io::Write;
use std::time::Duration;

use motley_core::search::{Evaluate, GameRecord, MatchResult, Reading, game_rng};
use motley_core::{BoardView, Position, Seat, SeatResult};

use crate::args::MatchArgs;
use crate::document::{EloDoc, MatchDocument, MatchGameDoc, SprtDoc, json_doc};
use crate::engine::EngineError;
use crate::error::CliError;
use crate::game;
use crate::records::{MatchGameRef, MatchRecorder};
use crate::sprt::{Decision, Pentanomial, Sprt, Tally, Trinomial};
use crate::tournament::{
    Contestant, MoveLimits, Opening, Played, Rules, contestant, parse_openings, play_game, starts,
};
use crate::variant::{Variant, VariantTask};

/// Runs `match`, streaming one line per game to `stream` (nothing with
/// `--json`).
///
/// # Errors
/// As [`match_cmd`].
pub fn run(args: &MatchArgs, stream: &mut dyn Write) -> Result<String, CliError> {
    Variant::from_argument(&args.common.variant)?.with(Match { args, stream })
}

struct Match<'a> {
    args: &'a MatchArgs,
    stream: &'a mut dyn Write,
}

impl VariantTask for Match<'_> {
    type Output = Result<String, CliError>;
    fn run<P: Reading + BoardView>(self) -> Self::Output {
        match_cmd::<P>(self.args, self.stream)
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
    let openings = read_openings(args)?;
    let starts = starts::<P>(&args.common, openings.as_deref())?;
    // The match's own start (--fen, --moves), whatever the openings.
    let first = game::session::<P>(&args.common)?.position().clone();
    let seats = first.seat_count();
    let sprt = sprt_of::<P>(args, seats)?;
    let limits = MoveLimits::of(args);
    let mut players = players::<P>(args, seats, limits)?;
    let names: Vec<String> = players.iter().map(Contestant::name).collect();
    let rules = Rules { max_plies: args.max_plies, limits };
    let mut out = Output { stream, quiet: args.common.json, error: None };
    let mut state = sprt.map(|s| SprtState { sprt: s, llr: 0.0, decision: Decision::Continue });
    let mut recorder = MatchRecorder::open(args)?;
    let mut played: Vec<Played> = Vec::new();
    for g in 0..args.games {
        let start = &starts[(g as usize / seats) % starts.len()];
        let seating: Vec<usize> = (0..seats).map(|s| (s + g as usize) % seats).collect();
        let mut rng = game_rng(args.seed, g);
        let game = play_game(start, &mut players, &seating, &mut rng, &rules);
        if let Some(recorder) = recorder.as_mut() {
            recorder.game(MatchGameRef {
                index: g as usize,
                names: &names,
                fen: start.root.strip_prefix("fen "),
                opening: &start.tokens,
                game: &game.record,
            })?;
        }
        out.say(&game_line(&first, g as usize, &names, &game));
        played.push(game);
        if let Some(st) = state.as_mut()
            && played.len().is_multiple_of(2)
            && sprt_decides(st, &played, &mut out)
        {
            break;
        }
        if out.closed() {
            return Ok(String::new());
        }
    }
    if out.closed() {
        return Ok(String::new());
    }
    out.finish()?;
    let seat_names: Vec<String> = (0..seats).map(|s| first.seat_name(Seat(s as u8)).to_owned()).collect();
    let records: Vec<GameRecord> = played.iter().map(|p| p.record.clone()).collect();
    let result = MatchResult::from_games(names, seat_names, records);
    let stats = Stats::of(&played, seats, state);
    if args.common.json {
        let doc = match_json(&first, args, &result, &played, openings.as_deref(), &stats);
        return Ok(json_doc(&doc));
    }
    Ok(summary::<P>(args, played.len(), openings.as_deref(), &result, &stats))
}

/// The openings of `--openings`, if given.
fn read_openings(args: &MatchArgs) -> Result<Option<Vec<Opening>>, CliError> {
    let Some(path) = &args.openings else { return Ok(None) };
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::input(format!("cannot read `{}`: {e}", path.display()), "--openings"))?;
    parse_openings(&text).map(Some)
}

/// The SPRT of `--sprt`, if given (two seats only).
fn sprt_of<P: Position>(args: &MatchArgs, seats: usize) -> Result<Option<Sprt>, CliError> {
    let Some(text) = &args.sprt else { return Ok(None) };
    if seats != 2 {
        return Err(CliError::input(
            format!("--sprt needs a two-seat variant; {} has {seats}", P::VARIANT),
            "--sprt",
        ));
    }
    text.parse().map(Some).map_err(|e| CliError::input(e, "--sprt"))
}

/// `--a` at seat 0 and `--b` at every other, engines started: an engine
/// that cannot even be started is a bad argument, not a game.
fn players<P: Evaluate>(
    args: &MatchArgs,
    seats: usize,
    limits: MoveLimits,
) -> Result<Vec<Contestant<P>>, CliError> {
    let timeout = Duration::from_millis(args.timeout);
    let mut players: Vec<Contestant<P>> = Vec::with_capacity(seats);
    players.push(contestant::<P>(&args.a, "--a", limits, timeout)?);
    for _ in 1..seats {
        players.push(contestant::<P>(&args.b, "--b", limits, timeout)?);
    }
    for (i, player) in players.iter_mut().enumerate() {
        if let Contestant::Engine(e) = player
            && let Err(err @ EngineError::Spawn { .. }) = e.start()
        {
            return Err(CliError::input(err, if i == 0 { "--a" } else { "--b" }));
        }
    }
    Ok(players)
}

/// Updates the SPRT after a pair and streams its line; whether it decided.
fn sprt_decides(st: &mut SprtState, played: &[Played], out: &mut Output<'_>) -> bool {
    let penta = pentanomial(played);
    st.llr = penta.llr(st.sprt.elo0, st.sprt.elo1);
    st.decision = st.sprt.decide(st.llr);
    out.say(&sprt_line(st, penta.pairs()));
    st.decision != Decision::Continue
}

/// The streamed lines of a match (none with `--json`), and the first error
/// writing them.
struct Output<'a> {
    stream: &'a mut dyn Write,
    quiet: bool,
    error: Option<std::io::Error>,
}

impl Output<'_> {
    fn say(&mut self, text: &str) {
        if !self.quiet
            && self.error.is_none()
            && let Err(e) = self.stream.write_all(text.as_bytes()).and_then(|()| self.stream.flush())
        {
            self.error = Some(e);
        }
    }

    /// Whether the reader went away (`motley match … | head`).
    fn closed(&self) -> bool {
        self.error.as_ref().is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    }

    /// A write error other than a closed pipe is a failure.
    fn finish(&mut self) -> Result<(), CliError> {
        match self.error.take() {
            Some(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                Err(CliError::failure(format!("cannot write output: {e}"), "stdout"))
            }
            _ => Ok(()),
        }
    }
}

/// The text summary: the match, the result table, Elo and SPRT.
fn summary<P: Position>(
    args: &MatchArgs,
    games: usize,
    openings: Option<&[Opening]>,
    result: &MatchResult,
    stats: &Stats,
) -> String {
    let mut out = String::new();
    let count = if games == args.games as usize {
        format!("{} games", args.games)
    } else {
        format!("{games} games (of {}, stopped by the SPRT)", args.games)
    };
    let _ = writeln!(
        out,
        "variant {}, {count}, seed {}, at most {} plies a game",
        P::VARIANT,
        args.seed,
        args.max_plies
    );
    if let Some(list) = openings {
        let _ = writeln!(
            out,
            "openings: {} from {}",
            list.len(),
            args.openings.as_ref().map_or(String::new(), |p| p.display().to_string())
        );
    }
    out.push_str(&result.to_string());
    out.push_str(&stats.text(result));
    out
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
