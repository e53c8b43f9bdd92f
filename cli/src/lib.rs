#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod analysis;
pub mod args;
pub mod commands;
pub mod error;
pub mod perft;
pub mod uci;
pub mod variant;

pub use args::{Cli, Command, Common};
pub use commands::{Output, Terminal, execute};
pub use error::{CliError, ErrorKind};
pub use variant::Variant;

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
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind as K;
            return match e.kind() {
                K::DisplayHelp | K::DisplayVersion => Outcome::Success(e.to_string()),
                _ => Outcome::Failure(CliError::from_clap(&e)),
            };
        }
    };
    match variant::run_io(&cli.command, term, input, stream) {
        Ok(out) => Outcome::Success(out.stdout),
        Err(e) => Outcome::Failure(e),
    }
}
