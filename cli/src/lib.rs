#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod args;
pub mod command;
pub mod document;
pub mod engine;
pub mod error;
pub mod game;
pub mod perft;
pub mod records;
pub mod sprt;
pub mod tournament;
pub mod variant;

pub use args::{Cli, Command, Common, Terminal};
pub use error::{CliError, ErrorKind};
pub use variant::{Variant, VariantTask};

use clap::Parser;

/// What running the tool on some arguments ends in.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// Print this on stdout and exit 0 (a command's output, or `--help`/`--version`).
    Success(String),
    /// Print this error's one line on stderr and exit with its code.
    Failure(CliError),
}

/// Runs the tool on `args` (the first is the program name), without touching
/// the process: the caller prints and exits. Streamed lines (`analyze`'s
/// per-depth lines, `match`'s per-game lines) come first in the output; `uci`
/// reads an empty input.
pub fn run<I, T>(args: I, term: Terminal) -> Outcome
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let mut streamed: Vec<u8> = Vec::new();
    match run_io(args, term, std::io::empty(), &mut streamed) {
        Outcome::Success(text) => Outcome::Success(String::from_utf8_lossy(&streamed).into_owned() + &text),
        failure => failure,
    }
}

/// [`run`] with the process's streams: `stream` receives streamed lines as
/// they are produced (the binary passes stdout), `input` is what `uci` reads.
/// The returned [`Outcome::Success`] text is what remains to print.
pub fn run_io<I, T, R>(args: I, term: Terminal, input: R, stream: &mut (dyn std::io::Write + Send)) -> Outcome
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
    R: std::io::BufRead + Send,
{
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    let words: Vec<String> = args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    if let Some(help) = help_of_help(&words) {
        return Outcome::Success(help);
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind as K;
            return match e.kind() {
                K::DisplayHelp | K::DisplayVersion => Outcome::Success(e.to_string()),
                K::MissingRequiredArgument => {
                    Outcome::Failure(depth_after_moves(&words).unwrap_or_else(|| CliError::from_clap(&e)))
                }
                _ => Outcome::Failure(CliError::from_clap(&e)),
            };
        }
    };
    match dispatch(&cli.command, term, input, stream) {
        Ok(out) => Outcome::Success(out),
        Err(e) => Outcome::Failure(e),
    }
}

/// Runs a parsed command: the one `match` over commands. `uci` reads
/// `input` and writes `stream`; `analyze` and `match` stream their lines to
/// `stream`; `replay -` and `annotate -` read `input`. Returns what remains
/// to print.
///
/// # Errors
/// The command's error.
pub fn dispatch<R: std::io::BufRead + Send>(
    cmd: &Command,
    term: Terminal,
    input: R,
    stream: &mut (dyn std::io::Write + Send),
) -> Result<String, CliError> {
    use command as c;
    match cmd {
        Command::Show(common) => c::show::run(common, term),
        Command::Moves(common) => c::moves::run(common),
        Command::Play(common) => c::play::run(common),
        Command::Perft(args) => c::perft::run(args, term),
        Command::Render(args) => c::render::run(args),
        Command::Analyze(args) => c::analyze::run(args, term, stream),
        Command::Match(args) => c::matches::run(args, stream),
        Command::Uci(args) => c::uci::run(args, input, stream).map(|()| String::new()),
        Command::Record(args) => c::record::run(args),
        Command::Replay(args) => c::replay::run(args, term, input),
        Command::Annotate(args) => c::annotate::run(args, term, input),
        Command::Serve(args) => c::serve::run(args, stream).map(|()| String::new()),
        Command::Ratings(args) => c::ratings::run(args, input),
        Command::League(args) => c::league::run(args),
        Command::Odds(args) => c::odds::run(args, input),
    }
}

/// `motley help --help` (or `-h`): the help of clap's `help` subcommand, which
/// clap itself reads as a request for the help of a command named `--help`.
fn help_of_help(words: &[String]) -> Option<String> {
    match words.get(1..)? {
        [help, flag] if help == "help" && (flag == "--help" || flag == "-h") => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            cmd.build();
            cmd.find_subcommand_mut("help").map(|h| h.render_long_help().to_string())
        }
        _ => None,
    }
}

/// `motley perft joker --moves e2e4 2`: `--moves` took the depth as a move,
/// so clap misses `<DEPTH>`. Names the fix with the user's own arguments.
fn depth_after_moves(words: &[String]) -> Option<CliError> {
    if words.get(1).map(String::as_str) != Some("perft") {
        return None;
    }
    let moves_at = words.iter().position(|w| w == "--moves")?;
    let depth_at = words.iter().rposition(|w| w.parse::<u32>().is_ok())?;
    if depth_at <= moves_at {
        return None;
    }
    let variant_at = (2..moves_at).find(|&i| !words[i].starts_with('-'))?;
    let mut fixed: Vec<&str> = vec!["motley"];
    for (i, w) in words.iter().enumerate().skip(1) {
        if i != depth_at {
            fixed.push(w);
        }
        if i == variant_at {
            fixed.push(&words[depth_at]);
        }
    }
    Some(CliError::input(format!("the depth comes before --moves ({})", fixed.join(" ")), "argument <DEPTH>"))
}
