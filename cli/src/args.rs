//! The command line, as clap (derive) reads it: `motley <COMMAND> <VARIANT> [OPTIONS]`.

use clap::{Args, Parser, Subcommand, ValueEnum};
use motley_core::PerftMode;
use motley_core::search::{LimitError, LimitKind};

/// Examples shown under `motley --help`.
const EXAMPLES: &str = "\
Examples:
  motley analyze sovereign                     the start position, its moves and perft 2
  motley show joker --moves e2e4,e7e5          the board after two moves
  motley moves mages --json                    the legal inputs as JSON
  motley perft joker 4 --divide --threads 2    node count per root move, on two threads
  motley play joker --moves e2e4 e7e5 g1f3     the position string and status after the moves
  motley render sovereign --out start.svg      an SVG picture of the start position

Exit status: 0 on success, 2 for bad input (unknown variant, malformed position
string, illegal or unparsable move, bad flag) with one line `error: <what>, <where>`
on stderr, 1 for anything else.";

/// Motley: rules engines for Sovereign Chess, Mage's Chess and Joker's Chess.
///
/// Every command takes a VARIANT (sovereign, royale, mages, joker), starts from its start
/// position (or --fen), applies --moves, and prints plain text, or one JSON document with --json.
#[derive(Parser, Debug, Clone, PartialEq, Eq)]
#[command(name = "motley", version, after_help = EXAMPLES, arg_required_else_help = false)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Subcommand, Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// The board as a diagram, the position string, side to move, status and the variant's details.
    #[command(after_help = "\
Examples:
  motley show sovereign
  motley show joker --moves e2e4 --json
  motley show mages --fen '<position string>'

The diagram uses ANSI colours when stdout is a terminal (unless NO_COLOR is set).
Pieces are filled symbols followed by their army's tag letter (♛w: a white queen);
Mage's Chess draws each role's position-string letter instead (Rg: a green Royal).
A square of colour carries its colour's tag on the left (g·: an empty green square);
a legend under the board spells the tags (and Mage's roles) out.")]
    Show(Common),
    /// The legal moves (legal inputs: for Mage's Chess also engagement resolutions), sorted, one per line.
    #[command(after_help = "\
Examples:
  motley moves joker
  motley moves sovereign --moves e2e4 --json")]
    Moves(Common),
    /// Counts the leaves of the game tree DEPTH plies deep; the last line is `nodes <N>`.
    #[command(after_help = "\
Examples:
  motley perft joker 3
  motley perft sovereign 2 --divide --threads 2
  motley perft mages 3 --mode full --json

JSON: {\"depth\", \"nodes\", \"divide\": {move: count}, \"seconds\", \"nodes_per_second\", ...}.
A progress bar is drawn on stderr when stderr is a terminal and the run takes a while.")]
    Perft(PerftArgs),
    /// Applies --moves and prints the resulting position string and status (game over and why).
    #[command(after_help = "\
Examples:
  motley play joker --moves e2e4,e7e5
  motley play joker --moves e2e4 --moves e7e5 --json

An illegal move is an error naming the move, its 1-based index in --moves and the reason.")]
    Play(Common),
    /// An SVG picture of the position: board, coordinates, pieces in their army colours, side to move.
    #[command(after_help = "\
Examples:
  motley render sovereign --out sovereign.svg
  motley render joker --moves e2e4 --highlight e7e5 > board.svg

Squares of colour are drawn in their colour with their tag letter in a corner; Sovereign's
promotion zone and centre are outlined; Joker's benches and Joker Reserves are drawn beside
the board; a pending Mage's engagement has both squares outlined and its probabilities
listed. --highlight rings (in magenta) the squares a move changes or names.")]
    Render(RenderArgs),
    /// Searches the position: best move, evaluation, principal variation, depth, nodes, speed.
    #[command(after_help = "\
Prints the position's facts (as `show`, plus the number of legal moves and, on a start
position, perft 2), then one line per completed depth as the search deepens, then the
result. Without --depth or --time it searches for about a second (1000 ms: it starts
no new depth after 600 ms), as deep as that allows; a forced result it proves is shown
as `win in N` / `loss in N`.

Examples:
  motley analyze sovereign
  motley analyze joker --moves e2e4 --depth 6
  motley analyze mages --time 2000 --multipv 3
  motley analyze sovereign --depth 7 --threads 2   (two threads sharing one table)
  motley analyze royale --depth 3 --json

Per-depth lines: `depth D seldepth S score <score> nodes N nps N time <ms>ms pv <moves>`.
Scores are for the side to move: pawns (+1.25) or `win in N` / `loss in N` inputs.
For Mage's Chess an engagement is scored by expectation over the outcome model; at a
pending engagement --multipv K (K > 1) shows each resolution's probability and value.
Ctrl-C stops the search and prints the best move of the last completed depth (at least
depth 1) and the summary, ending `interrupted: ...`; exit status 0 (a second Ctrl-C: 130).")]
    Analyze(AnalyzeArgs),
    /// Plays games between two players and prints a result table with a 95% interval.
    #[command(after_help = "\
Examples:
  motley match joker --games 100 --seed 1 --a search:depth=3 --b random
  motley match royale --games 8 --a search:depth=2 --b greedy --json
  motley match sovereign --a uci:./new/motley --b uci:./old/motley?Hash=32 \\
      --movetime 100 --openings openings.txt --games 2000 --sprt 0,10

A player is `random`, `greedy` (best material one input ahead), `search:` with
`depth=D`, `time=MS` and/or `nodes=N` (e.g. `search:depth=3`, `search:time=200`),
`search` (limited by --depth/--movetime/--nodes), or an external engine speaking
Motley's UCI dialect: `uci:<command>[?Name=value,...]`. The command is a program and
its arguments (split at spaces; a program named motley* without arguments gets `uci`);
each `Name=value` is sent as `setoption name Name value value` after
`setoption name UCI_Variant value <variant>`. An engine searches each move with
`go` and --depth/--movetime/--nodes (at least one is needed); it is started once
per match (`ucinewgame` before every game). An engine that exits, sends an
input that is not legal, or does not answer within --timeout (plus the move
time) loses that game (reason engine-exited, engine-illegal-move or
engine-timeout, with a message) and is started afresh for the next one.

Players alternate seats every game; in Royale, --a takes one seat and --b the other three.
--openings FILE: one opening per line, each played once per seat rotation (two
games with the seats swapped; Royale: four games, the seats rotating), in file
order, cycling if --games asks for more. A line is a list of inputs from --fen
(or the start) in the variant's notation, separated by spaces or commas
(`e2e4 e7e5`), or `startpos [moves ...]`, or `fen <position string> [moves ...]`
as UCI's `position` takes them. Blank lines and lines starting with # are skipped.
--sprt elo0,elo1 (two seats only): a sequential probability ratio test of
--a against --b (alpha = beta = 0.05, pentanomial GSPRT on game pairs, logistic
Elo); the LLR and its bounds are printed after every pair and the match stops
once the LLR leaves them. The result ends with --a's Elo difference and its 95%
error bar (two seats).
Mage's Chess engagements are resolved by the outcome model with the game's seeded generator.
One line per finished game is printed as the match runs.")]
    Match(MatchArgs),
    /// A UCI engine on stdin/stdout (for GUIs and bots); see the README.
    #[command(after_help = "\
Examples:
  motley uci
  printf 'setoption name UCI_Variant value joker\\nposition startpos moves e2e4\\ngo depth 4\\n' | motley uci

Commands: uci, isready, setoption name UCI_Variant value sovereign|royale|mages|joker,
setoption name MultiPV value K, setoption name Threads value N (Lazy SMP),
setoption name Hash value MB, setoption name BestReply value auto|on|off (Royale's search),
setoption name Techniques value -null-move,+aspiration|none|default (selective search techniques),
ucinewgame, position startpos|fen <position string> [moves ...],
go depth N | movetime MS | nodes N | wtime MS btime MS [winc MS binc MS] | infinite | perft N,
stop, d, quit.")]
    Uci(UciArgs),
    /// A game record of the moves: tags, move text and result (see docs/records.md).
    #[command(after_help = "\
Examples:
  motley record joker --moves e2e4 e7e5 g1f3 --tag White=Ann --tag Black=Ben
  motley record mages --moves b2b3 b7b6 --tag Result=1/2-1/2 --json")]
    Record(RecordArgs),
    /// The position at a ply of a recorded game (as `show`), or its moves.
    #[command(after_help = "\
Examples:
  motley replay games.pgn                      the final position of the first game
  motley replay games.pgn --game 2 --ply 10    the position after ten plies of game 2
  motley replay games.pgn --moves              the main line's moves
  cat games.pgn | motley replay - --json       standard input; as `show --json`

A bad record is an error naming the game, line, column, move number and token.")]
    Replay(ReplayArgs),
    /// Analyses every position of each game's main line and writes the records back annotated.
    #[command(after_help = "\
Examples:
  motley annotate games.pgn --depth 4 > annotated.pgn
  motley annotate - --time 200 --json < games.pgn

Each move gets `{[%eval S] [%wdl W D L]}` (the normalised score, or #N, and the odds
per mille, for the seat that moved); a move that loses 0.05, 0.10 or 0.20 of expected
result (from the variant's odds fitted on self-play) is marked $6 (?!),
$2 (?) or $4 (??) with the best move; the last move's comment sums up each seat.
A progress bar is drawn on stderr when stderr is a terminal.")]
    Annotate(AnnotateArgs),
    /// A local web analysis board for every variant, and its JSON API (see docs/api.md).
    #[command(after_help = "\
Examples:
  motley serve                          http://127.0.0.1:8080/
  motley serve --port 0                 any free port (the URL printed names it)

Prints `listening on <URL>` and serves until Ctrl-C. Open the URL in a browser: the page
and its scripts are built into the binary and need no internet connection.
`POST /api/<command>` with a JSON body answers with `motley <command> --json`'s document
(show, moves, play, perft, render, analyze, record, replay, annotate);
`GET /api/analyze/stream` streams a search's depths as server-sent events.")]
    Serve(ServeArgs),
    /// Statistics and ratings of the Mage's Chess players named in records' lineups.
    #[command(after_help = "\
Examples:
  motley ratings season/*.pgn                  per team and per player, strongest first
  motley ratings season.pgn --json             one JSON document (schemas/ratings.schema.json)

Reads every game of every FILE (`-`: standard input). Games whose GreenLineup and
BlueLineup tags are full lineups (with a `Luminary <name>` item) are replayed with
their people; the others are counted and skipped. Strengths are log-odds of
Davidson's paired-comparison model with draws (melee and ranged), each with its
standard deviation; the heresy chance per match has the role's base rate as prior
(see motley_mages::sport).")]
    Ratings(RatingsArgs),
    /// A synthetic Mage's Chess league: a season played by the engine, its records and hidden truth.
    #[command(after_help = "\
Examples:
  motley league --teams 8 --matches 200 --seed 1 --out season
  motley ratings season/season.pgn

Writes DIR/season.pgn (every match, with Green, Blue, GreenLineup and BlueLineup tags)
and DIR/truth.json (the hidden strengths and heresy propensities; see docs/json.md).
How matches are played is in the motley_mages::league documentation.")]
    League(LeagueArgs),
    /// Markets of a Mage's Chess match between two lineups, priced by search-guided simulation.
    #[command(after_help = "\
Examples:
  motley odds mages                                      the start, role-only models
  motley odds mages --green-lineup 'a1 Ann, b1 Ben, …, Luminary Lea' \\
      --blue-lineup 'a8 Ada, …, Luminary Mo' --ratings ratings.json
  motley odds mages --record game.pgn --ratings ratings.json --json   at the record's end
  motley odds mages --moves c2c3 b7b6 timeout --simulations 2000 --line 12.5

Prices four markets: the match result (green, draw, blue, and apart the share of
simulations cut off by --cap before the end: undecided, never a draw), a heresy is
committed, the first engagement is won by the challenger (void without one), and
total engagements over/under --line (default: the half-integer nearest the
simulated median). Each probability comes with its Monte-Carlo standard error.
Each simulation plays on with the engine (a --depth search per input, one input
in ten at random), draws engagements from the people's ratings (or the role-only
table without ratings or lineups), heresies from each person's propensity and
fouls, timeouts and sanctions at the league's rates (see motley_mages::markets).
A lineup is written as the record tag's value; with --record the record's
GreenLineup/BlueLineup tags are used unless the options give lineups.
--ratings FILE: the output of `motley ratings --json`, or a league's truth.json.
--moves also takes referee event tokens (timeout, engagement-timeout,
sanction:green, forfeit:blue, resign:green, draw-agreed). Same seed, same prices.")]
    Odds(OddsArgs),
}

impl Command {
    /// The options every command has.
    #[must_use]
    pub fn common(&self) -> &Common {
        match self {
            Command::Show(c) | Command::Moves(c) | Command::Play(c) => c,
            Command::Perft(p) => &p.common,
            Command::Render(r) => &r.common,
            Command::Analyze(a) => &a.common,
            Command::Match(m) => &m.common,
            Command::Uci(u) => &u.common,
            Command::Record(r) => &r.common,
            Command::Replay(r) => &r.common,
            Command::Annotate(a) => &a.common,
            Command::Serve(s) => &s.common,
            Command::Ratings(r) => &r.common,
            Command::League(l) => &l.common,
            Command::Odds(o) => &o.common,
        }
    }
}

/// The variant and position options of every command.
#[derive(Args, Debug, Clone, PartialEq, Eq, Default)]
pub struct Common {
    /// The variant: sovereign, royale, mages or joker.
    #[arg(value_name = "VARIANT")]
    pub variant: String,
    /// Start from this position string instead of the variant's start position.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    pub fen: Option<String>,
    /// Moves to apply first, in the variant's notation: one or more values, and a value may
    /// hold several moves separated by commas or spaces (repeatable: --moves e2e4 --moves e7e5).
    /// It takes every value up to the next option, so put positional arguments (DEPTH) before it.
    #[arg(long, value_name = "MOVE", num_args = 1.., value_delimiter = ',', action = clap::ArgAction::Append)]
    pub moves: Vec<String>,
    /// Print one JSON document on stdout instead of text.
    #[arg(long)]
    pub json: bool,
    /// The game --moves plays is drawn when a position occurs N times (0: never).
    /// Default: the variant's rule (Sovereign 5, §11.3; the others never).
    #[arg(long, value_name = "N")]
    pub repetition: Option<u32>,
    /// The game --moves plays is drawn after N plies without pawn move or capture
    /// (0: never). Default: the variant's rule (Sovereign 150, §11.3; the others never).
    #[arg(long, value_name = "N")]
    pub move_limit: Option<u32>,
}

/// `perft`'s options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct PerftArgs {
    /// The variant and position.
    #[command(flatten)]
    pub common: Common,
    /// How many plies deep to count.
    #[arg(value_name = "DEPTH")]
    pub depth: u32,
    /// Also print the count below each root move.
    #[arg(long)]
    pub divide: bool,
    /// Which tree to count (only Mage's Chess, with chance events, tells them apart).
    #[arg(long, value_enum, default_value_t = Mode::Decision)]
    pub mode: Mode,
    /// Threads to split the root moves across.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = threads)]
    pub threads: usize,
}

/// `--mode`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Each engagement follows only its challenger-wins resolution.
    #[default]
    Decision,
    /// Each engagement branches into all its counted resolutions.
    Full,
}

impl From<Mode> for PerftMode {
    fn from(mode: Mode) -> Self {
        match mode {
            Mode::Decision => PerftMode::Decision,
            Mode::Full => PerftMode::Full,
        }
    }
}

impl Mode {
    /// The name as `--mode` spells it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Decision => "decision",
            Mode::Full => "full",
        }
    }
}

/// `render`'s options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct RenderArgs {
    /// The variant and position.
    #[command(flatten)]
    pub common: Common,
    /// Write the SVG to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<std::path::PathBuf>,
    /// Highlight the squares of this move (legal in the position after --moves).
    #[arg(long, value_name = "MOVE")]
    pub highlight: Option<String>,
}

/// `analyze`'s options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct AnalyzeArgs {
    /// The variant and position.
    #[command(flatten)]
    pub common: Common,
    /// Search this many plies (1 to 64).
    #[arg(long, value_name = "D", value_parser = depth)]
    pub depth: Option<u32>,
    /// Search for this many milliseconds (with --depth: whichever ends first).
    /// Default, without --depth: 1000.
    #[arg(long, value_name = "MS", value_parser = millis)]
    pub time: Option<u64>,
    /// Score the K best moves exactly and print a line for each (1 to 64).
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = multipv)]
    pub multipv: usize,
    /// Threads searching together, sharing the transposition table (Lazy SMP; 1 to 256).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = threads)]
    pub threads: usize,
}

/// `match`'s options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct MatchArgs {
    /// The variant and the start position of every game.
    #[command(flatten)]
    pub common: Common,
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Seed of the games' random generators (random players, Mage's Chess engagements).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// The first player: random, greedy, search:depth=D,time=MS,nodes=N, search,
    /// or `uci:<command>[?Name=value,...]`.
    #[arg(long, value_name = "PLAYER")]
    pub a: String,
    /// The second player (every other seat in Royale).
    #[arg(long, value_name = "PLAYER")]
    pub b: String,
    /// Plies after which a game is scored a draw (`max-plies`); a Mage's Chess resolution is not a ply.
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_plies: u32,
    /// Openings to play, one per line (see below).
    #[arg(long, value_name = "FILE")]
    pub openings: Option<std::path::PathBuf>,
    /// Per-move depth of `uci:` engines and of a plain `search` player.
    #[arg(long, value_name = "D", value_parser = depth)]
    pub depth: Option<u32>,
    /// Per-move time in milliseconds of `uci:` engines and of a plain `search` player.
    #[arg(long, value_name = "MS", value_parser = millis)]
    pub movetime: Option<u64>,
    /// Per-move node limit of `uci:` engines and of a plain `search` player.
    #[arg(long, value_name = "N", value_parser = nodes)]
    pub nodes: Option<u64>,
    /// Stop early by a sequential probability ratio test between Elo differences elo0 < elo1.
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    pub sprt: Option<String>,
    /// How long to wait for an engine's reply, in milliseconds (for `bestmove`, on top of --movetime).
    #[arg(long, value_name = "MS", default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub timeout: u64,
    /// Append every game to this record file (see docs/records.md).
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
}

/// `uci`'s options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct UciArgs {
    /// The variant to start with (UCI_Variant changes it): sovereign, royale, mages or joker.
    #[arg(value_name = "VARIANT", default_value = "sovereign")]
    pub variant: String,
    /// Not read from the command line (a UCI session has no --fen or --moves).
    #[arg(skip)]
    pub common: Common,
}

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

/// `ratings`' options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct RatingsArgs {
    /// The record files (`-`: standard input).
    #[arg(value_name = "FILE", required = true, num_args = 1..)]
    pub files: Vec<String>,
    /// Print one JSON document instead of text.
    #[arg(long)]
    pub json: bool,
    /// Not read from the command line (the variant is Mage's Chess).
    #[arg(skip)]
    pub common: Common,
}

/// `league`'s options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct LeagueArgs {
    /// Teams (at least 2).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=1000))]
    pub teams: u32,
    /// Matches in the season.
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub matches: u32,
    /// The seed of everything drawn.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// The folder to write season.pgn and truth.json into (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: String,
    /// Not read from the command line (the variant is Mage's Chess).
    #[arg(skip)]
    pub common: Common,
}

/// `odds`' options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct OddsArgs {
    /// The variant (only `mages` has markets) and position.
    #[command(flatten)]
    pub common: Common,
    /// Green's lineup, as the record tag's value (`a1 Ann, b1 Ben, …, Luminary Lea`).
    #[arg(long, value_name = "L")]
    pub green_lineup: Option<String>,
    /// Blue's lineup, as the record tag's value.
    #[arg(long, value_name = "L")]
    pub blue_lineup: Option<String>,
    /// The people's ratings: `motley ratings --json` output or a league's truth.json.
    #[arg(long, value_name = "FILE")]
    pub ratings: Option<String>,
    /// Price at the end of this record's main line (`-`: standard input).
    #[arg(long, value_name = "FILE")]
    pub record: Option<String>,
    /// Which game of --record (1-based).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub game: u32,
    /// Simulations.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub simulations: u32,
    /// The seed of the simulations.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// The line of the total engagements market, a half-integer (default: from the median).
    #[arg(long, value_name = "X", value_parser = half_integer)]
    pub line: Option<HalfInteger>,
    /// The engine's search depth per simulated input.
    #[arg(long, value_name = "D", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=8))]
    pub depth: u32,
    /// The most inputs and referee events a simulation plays before it is cut off (undecided).
    #[arg(long, value_name = "N", default_value_t = 400, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub cap: u32,
}

/// A non-negative half-integer, `whole + 0.5` (the line of a total market).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalfInteger {
    /// The whole number below it.
    pub whole: u32,
}

impl HalfInteger {
    /// The value.
    #[must_use]
    pub fn value(self) -> f64 {
        f64::from(self.whole) + 0.5
    }
}

/// Reads `--line`: `12.5`, not `12` or `-0.5`.
///
/// # Errors
/// What is wrong with the text.
pub fn half_integer(text: &str) -> Result<HalfInteger, String> {
    let bad = || format!("`{text}` is not a half-integer line such as 12.5");
    let whole = text.strip_suffix(".5").ok_or_else(bad)?;
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    whole.parse().map(|whole| HalfInteger { whole }).map_err(|_| bad())
}

/// `annotate`'s options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct AnnotateArgs {
    /// The record file (`-`: standard input).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Search every position this many plies (1 to 64).
    #[arg(long, value_name = "D", conflicts_with = "time", value_parser = depth)]
    pub depth: Option<u32>,
    /// Search every position this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = millis)]
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

/// `serve`'s options.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct ServeArgs {
    /// The address to listen on (a name or an IP address; loopback unless told otherwise).
    #[arg(long, value_name = "HOST", default_value = "127.0.0.1")]
    pub host: String,
    /// The port to listen on (0: any free port; the URL printed names it).
    #[arg(long, value_name = "PORT", default_value_t = 8080)]
    pub port: u16,
    /// Not read from the command line (every request names its variant).
    #[arg(skip)]
    pub common: Common,
}

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

/// `--depth`: [`LimitKind::Depth`], the bounds every front end applies.
fn depth(text: &str) -> Result<u32, LimitError> {
    LimitKind::Depth.parse(text).map(|d| u32::try_from(d).unwrap_or(u32::MAX))
}

/// `--time`, `--movetime`: [`LimitKind::Time`].
fn millis(text: &str) -> Result<u64, LimitError> {
    LimitKind::Time.parse(text)
}

/// `--nodes`: [`LimitKind::Nodes`].
fn nodes(text: &str) -> Result<u64, LimitError> {
    LimitKind::Nodes.parse(text)
}

/// `--multipv`: [`LimitKind::MultiPv`].
fn multipv(text: &str) -> Result<usize, LimitError> {
    LimitKind::MultiPv.parse_usize(text)
}

/// `--threads`: [`LimitKind::Threads`].
fn threads(text: &str) -> Result<usize, LimitError> {
    LimitKind::Threads.parse_usize(text)
}
