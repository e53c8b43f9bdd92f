//! The match driver behind `motley match`: games between built-in players
//! and external engines, from openings, with per-move limits (the command,
//! its output and the SPRT are [`crate::command::matches`]).
//!
//! Each game is played by the library's game loop,
//! [`motley_core::search::play_game_in`], the one behind
//! [`motley_core::search::play_match`] too: seats `(s + g) % n` in game `g`,
//! the same seeded generator per game ([`motley_core::search::game_rng`]),
//! the same end reasons. What this front end adds:
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

use motley_core::Position;
use motley_core::history::History;
use motley_core::search::{
    Contender, Evaluate, GameRecord, Limits, Player, PlayerSpec, SearchConfig, play_game_in,
};
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

/// The settings a game needs.
pub struct Rules {
    /// Plies after which a game is scored a draw.
    pub max_plies: u32,
    /// The per-move limits of engines and a plain `search`.
    pub limits: MoveLimits,
}

/// Plays one game from `start`, player `players[seating[s]]` at seat `s`:
/// the library's game loop ([`play_game_in`]) with each contestant seated
/// for this start and these rules.
pub fn play_game<P: Evaluate>(
    start: &Start<P>,
    players: &mut [Contestant<P>],
    seating: &[usize],
    rng: &mut StdRng,
    rules: &Rules,
) -> Played {
    let mut seated: Vec<Seated<'_, P>> =
        players.iter_mut().map(|player| Seated { player, start, rules }).collect();
    let game = play_game_in(&start.game, &mut seated, seating, rng, rules.max_plies);
    let forfeit = game.forfeit.map(|f| Forfeit {
        seat: f.seat,
        player: seated.get(f.player).map(|s| s.player.name()).unwrap_or_default(),
        message: f.error.to_string(),
    });
    Played { record: game.record, opening: start.opening, forfeit }
}

/// A contestant playing games from one start under one set of rules.
struct Seated<'a, P: Evaluate> {
    player: &'a mut Contestant<P>,
    start: &'a Start<P>,
    rules: &'a Rules,
}

impl<P: Evaluate> Contender<P> for Seated<'_, P> {
    type Error = EngineError;

    fn new_game(&mut self) -> Result<(), EngineError> {
        match &mut *self.player {
            Contestant::Builtin(p) => {
                p.new_game();
                Ok(())
            }
            Contestant::Engine(e) => e.new_game(),
        }
    }

    /// A built-in player's input; an engine's, which must be legal (it is
    /// told the start's root and every input since, the opening's as
    /// written).
    fn choose(&mut self, game: &History<P>, rng: &mut StdRng) -> Result<Option<P::Move>, EngineError> {
        let pos = game.position();
        let e = match &mut *self.player {
            Contestant::Builtin(p) => return Ok(p.choose_in_game(pos, game.keys(), rng)),
            Contestant::Engine(e) => e,
        };
        let played = game.moves().get(self.start.game.moves().len()..).unwrap_or_default();
        let tokens: Vec<String> =
            self.start.tokens.iter().cloned().chain(played.iter().map(ToString::to_string)).collect();
        let position = if tokens.is_empty() {
            self.start.root.clone()
        } else {
            format!("{} moves {}", self.start.root, tokens.join(" "))
        };
        let limits = &self.rules.limits;
        let movetime = Duration::from_millis(limits.movetime.unwrap_or(0));
        let token = e.best_move(&position, &limits.go(), movetime)?;
        let mv = pos.parse_move(&token).ok().filter(|&mv| pos.is_legal(mv));
        mv.map(Some).ok_or_else(|| EngineError::IllegalMove {
            why: match (pos.parse_move(&token), e.last_info_string()) {
                (Err(why), _) => format!(": {why}"),
                (Ok(_), Some(info)) => format!(" (the engine said: {info})"),
                (Ok(_), None) => String::new(),
            },
            token,
        })
    }

    fn forfeit_reason(error: &EngineError) -> &'static str {
        error.reason()
    }
}
