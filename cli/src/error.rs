//! The one error type of the CLI: what went wrong, where, and which exit code it means.

use core::fmt;

/// Whether an error is the user's input (exit 2) or anything else (exit 1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ErrorKind {
    /// Bad input: unknown variant, malformed position string, illegal or
    /// unparsable move, bad flag. Exit code 2.
    Input,
    /// Anything else (a file that cannot be written, an internal failure). Exit code 1.
    Failure,
}

/// An error of the `motley` tool. `Display` is the one line printed on stderr:
/// `error: <what>, <where>`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub struct CliError {
    /// Input or failure.
    pub kind: ErrorKind,
    /// What is wrong (one line).
    pub what: String,
    /// Where: the argument or option (`--fen`, `move 2 of --moves`, `command line`).
    pub location: String,
}

/// Joins the lines of a message into one.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl CliError {
    /// A bad-input error (exit 2).
    pub fn input(what: impl fmt::Display, location: impl fmt::Display) -> Self {
        CliError {
            kind: ErrorKind::Input,
            what: one_line(&what.to_string()),
            location: one_line(&location.to_string()),
        }
    }

    /// Any other error (exit 1).
    pub fn failure(what: impl fmt::Display, location: impl fmt::Display) -> Self {
        CliError {
            kind: ErrorKind::Failure,
            what: one_line(&what.to_string()),
            location: one_line(&location.to_string()),
        }
    }

    /// The process exit code: 2 for input errors, 1 otherwise.
    #[must_use]
    pub const fn exit_code(&self) -> i32 {
        match self.kind {
            ErrorKind::Input => 2,
            ErrorKind::Failure => 1,
        }
    }

    /// Converts a clap error (other than `--help`/`--version`) to one line.
    /// The message is clap's text up to its first blank line, and the place is
    /// the argument clap names, or `command line`.
    #[must_use]
    pub fn from_clap(err: &clap::Error) -> Self {
        let rendered = err.to_string();
        let message: Vec<&str> = rendered.lines().take_while(|l| !l.trim().is_empty()).collect();
        let message = message.join(" ");
        let message = message.strip_prefix("error:").unwrap_or(&message).trim();
        let location = match err.get(clap::error::ContextKind::InvalidArg) {
            Some(clap::error::ContextValue::String(arg)) => format!("argument {arg}"),
            Some(clap::error::ContextValue::Strings(args)) => format!("argument {}", args.join(" ")),
            _ => "command line".to_owned(),
        };
        let what = match err.kind() {
            clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            | clap::error::ErrorKind::MissingSubcommand => {
                format!("missing command ({}; see --help)", command_list())
            }
            _ if message.is_empty() => format!("{:?}", err.kind()),
            _ => message.to_owned(),
        };
        CliError::input(what, location)
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "error: {}, {}", self.what, self.location)
    }
}

/// The commands, in `--help`'s order: `show, moves, …, league or odds`.
fn command_list() -> String {
    let cmd = <crate::args::Cli as clap::CommandFactory>::command();
    let names: Vec<&str> =
        cmd.get_subcommands().map(clap::Command::get_name).filter(|n| *n != "help").collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}
