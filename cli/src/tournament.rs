//! The match driver behind `motley match`: games between built-in players
//! and external engines, from openings, with per-move limits (the command,
//! its output and the SPRT are [`crate::command::matches`]).
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

use std::time::Duration;

use motley_core::history::History;
use motley_core::search::{Evaluate, GameRecord, Limits, Player, PlayerSpec, SearchConfig};
use motley_core::{Position, Seat, SeatResult};
use rand::Rng;
use rand::rngs::StdRng;

use crate::args::{Common, MatchArgs};
use crate::engine::{EngineError, EngineSpec, UciEngine};
use crate::error::CliError;
use crate::game::{self, move_tokens};

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
            Some(&"fen") | Some(&"startpos") => return Err(bad_opening(line, i + 1)),
            _ => (None, move_tokens(&[line.to_owned()]).into_iter().map(str::to_owned).collect()),
        };
        openings.push(Opening { line: i + 1, text: line.to_owned(), root, moves });
    }
    if openings.is_empty() {
        return Err(CliError::input("no opening in the file", "--openings"));
    }
    Ok(openings)
}

/// The error for the `startpos` or `fen` opening `line`, line `number` of the
/// file, that does not read as `startpos [moves …]` or
/// `fen <position string> [moves …]`.
fn bad_opening(line: &str, number: usize) -> CliError {
    CliError::input(
        format!("expected `startpos [moves …]` or `fen <position string> [moves …]`, got `{line}`"),
        format!("line {number} of --openings"),
    )
}

/// A game's start: the position after the opening, and how an engine is
/// told about it.
#[derive(Clone, Debug)]
pub struct Start<P: Position> {
    /// The game so far (the opening's inputs played).
    pub game: History<P>,
    /// `startpos` or `fen <position string>`: the root of `tokens`.
    pub root: String,
    /// The inputs from the root.
    pub tokens: Vec<String>,
    /// The opening's index in the file, if any.
    pub opening: Option<usize>,
}

/// The start of each opening (or the one start of `--fen`/`--moves`),
/// validated: an illegal input or a finished game is an input error naming
/// the line.
pub fn starts<P: Position>(common: &Common, openings: Option<&[Opening]>) -> Result<Vec<Start<P>>, CliError> {
    let base_tokens: Vec<String> = move_tokens(&common.moves).into_iter().map(str::to_owned).collect();
    let build = |fen: Option<String>, tokens: Vec<String>, opening: Option<&Opening>| {
        let synthetic = Common { fen: fen.clone(), moves: tokens.clone(), ..common.clone() };
        let game = game::session::<P>(&synthetic).map(|s| s.game().clone()).map_err(|e| match opening {
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
pub enum Contestant<P: Evaluate> {
    /// A player of the library.
    Builtin(Box<dyn Player<P>>),
    /// An external engine.
    Engine(Box<UciEngine>),
}

impl<P: Evaluate> Contestant<P> {
    /// The player's name in tables.
    pub fn name(&self) -> String {
        match self {
            Contestant::Builtin(p) => p.name(),
            Contestant::Engine(e) => e.spec().text.clone(),
        }
    }
}

/// The player of `text` (`--a` or `--b`, named by `flag`).
pub fn contestant<P: Evaluate>(
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
pub struct Played {
    /// The game as the library records it.
    pub record: GameRecord,
    /// The opening's index, if any.
    pub opening: Option<usize>,
    /// An engine's loss, if one lost the game.
    pub forfeit: Option<Forfeit>,
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
pub struct Rules {
    /// Plies after which a game is scored a draw.
    pub max_plies: u32,
    /// The per-move limits of engines and a plain `search`.
    pub limits: MoveLimits,
}

/// Plays one game from `start`, player `players[seating[s]]` at seat `s`.
pub fn play_game<P: Evaluate>(
    start: &Start<P>,
    players: &mut [Contestant<P>],
    seating: &[usize],
    rng: &mut StdRng,
    rules: &Rules,
) -> Played {
    let mut game = start.game.clone();
    let mut so_far = SoFar { tokens: start.tokens.clone(), moves: Vec::new(), plies: 0 };
    let seats = game.position().seat_count();
    let end = |so_far: SoFar, results: Vec<SeatResult>, reason: &str, forfeit: Option<Forfeit>| Played {
        record: GameRecord {
            seating: seating.to_vec(),
            results,
            reason: reason.to_owned(),
            plies: so_far.plies,
            moves: so_far.moves,
        },
        opening: start.opening,
        forfeit,
    };
    // An engine's failure loses the game for its seat; every other seat wins.
    let forfeit = |so_far: SoFar, seat: usize, player: String, error: &EngineError| {
        let results =
            (0..seats).map(|s| if s == seat { SeatResult::Loss } else { SeatResult::Win }).collect();
        let forfeit = Forfeit { seat, player, message: error.to_string() };
        end(so_far, results, error.reason(), Some(forfeit))
    };
    for (index, player) in players.iter_mut().enumerate() {
        if let Err((name, err)) = player.new_game() {
            let seat = seating.iter().position(|&p| p == index).unwrap_or(0);
            return forfeit(so_far, seat, name, &err);
        }
    }
    loop {
        let pos = game.position();
        if let Some(outcome) = game.outcome() {
            let results = (0..seats).map(|s| outcome.result(Seat(s as u8))).collect();
            return end(so_far, results, outcome.reason(), None);
        }
        let chance = pos.chance();
        let mv = if let Some(outcomes) = &chance {
            sample(outcomes, rng)
        } else if so_far.plies >= rules.max_plies {
            None
        } else {
            let seat = pos.turn().index();
            let player = players.get_mut(seating.get(seat).copied().unwrap_or(usize::MAX));
            match player.map(|p| p.choose(&game, start, &so_far.tokens, rules, rng)) {
                Some(Ok(mv)) => mv,
                Some(Err((name, err))) => return forfeit(so_far, seat, name, &err),
                None => None,
            }
        };
        let Some(mv) = mv else {
            let capped = chance.is_none() && so_far.plies >= rules.max_plies;
            return end(
                so_far,
                vec![SeatResult::Draw; seats],
                if capped { "max-plies" } else { "no-input" },
                None,
            );
        };
        if chance.is_none() {
            so_far.plies += 1;
        }
        let token = mv.to_string();
        so_far.tokens.push(token.clone());
        so_far.moves.push(token);
        game.play(mv);
    }
}

/// A game in progress: the inputs from the start's root (what an engine
/// is told), the inputs played in the game, and its plies.
struct SoFar {
    tokens: Vec<String>,
    moves: Vec<String>,
    plies: u32,
}

impl<P: Evaluate> Contestant<P> {
    /// Tells the player a game starts; an engine that fails says who it was.
    fn new_game(&mut self) -> Result<(), (String, EngineError)> {
        match self {
            Contestant::Builtin(p) => {
                p.new_game();
                Ok(())
            }
            Contestant::Engine(e) => e.new_game().map_err(|err| (e.spec().text.clone(), err)),
        }
    }

    /// The player's input in `game` (a built-in player's input is `None` if
    /// it has none or an illegal one); an engine that fails or answers with
    /// an input that is not legal says who it was and why.
    fn choose(
        &mut self,
        game: &History<P>,
        start: &Start<P>,
        tokens: &[String],
        rules: &Rules,
        rng: &mut StdRng,
    ) -> Result<Option<P::Move>, (String, EngineError)> {
        let pos = game.position();
        let e = match self {
            Contestant::Builtin(p) => {
                return Ok(p.choose_in_game(pos, game.keys(), rng).filter(|&mv| pos.is_legal(mv)));
            }
            Contestant::Engine(e) => e,
        };
        let position = if tokens.is_empty() {
            start.root.clone()
        } else {
            format!("{} moves {}", start.root, tokens.join(" "))
        };
        let movetime = Duration::from_millis(rules.limits.movetime.unwrap_or(0));
        let answer = e.best_move(&position, &rules.limits.go(), movetime).and_then(|token| {
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
        answer.map(Some).map_err(|err| (e.spec().text.clone(), err))
    }
}
