#![doc = include_str!("../README.md")]
#![warn(missing_docs)]

pub mod args;
pub mod commands;
pub mod error;
pub mod perft;
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
/// the process: the caller prints and exits.
pub fn run<I, T>(args: I, term: Terminal) -> Outcome
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
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
    match variant::run(&cli.command, term) {
        Ok(out) => Outcome::Success(out.stdout),
        Err(e) => Outcome::Failure(e),
    }
}
