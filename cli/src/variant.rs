//! The variants by name: the one place where the run-time choice of variant
//! meets the generic commands (one match arm per variant crate).

use core::fmt;
use core::str::FromStr;

use crate::analysis;
use crate::args::Command;
use crate::commands::{self, Output, Terminal};
use crate::error::CliError;

/// A variant the command line can name.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Variant {
    /// Sovereign Chess, two players (`motley_sovereign::Sovereign`).
    Sovereign,
    /// Sovereign Chess Royale, four players (`motley_sovereign::Royale`).
    Royale,
    /// Mage's Chess (`motley_mages::Mages`).
    Mages,
    /// Joker's Chess (`motley_joker::Joker`).
    Joker,
}

impl Variant {
    /// Every variant, in the order `--help` lists them.
    pub const ALL: [Variant; 4] = [Variant::Sovereign, Variant::Royale, Variant::Mages, Variant::Joker];

    /// The name on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Sovereign => "sovereign",
            Variant::Royale => "royale",
            Variant::Mages => "mages",
            Variant::Joker => "joker",
        }
    }

    /// Whether this build has the variant's rules engine.
    #[must_use]
    pub const fn is_available(self) -> bool {
        match self {
            Variant::Sovereign | Variant::Royale | Variant::Mages | Variant::Joker => true,
        }
    }

    /// Runs `command` on this variant: the one place a variant name becomes a type.
    ///
    /// # Errors
    /// As [`commands::execute`]. (While a variant's crate is not in the build,
    /// its arm returns an input error "variant not available".)
    pub fn execute(self, command: &Command, term: Terminal) -> Result<Output, CliError> {
        match self {
            Variant::Sovereign => commands::execute::<motley_sovereign::Sovereign>(command, term),
            Variant::Mages => commands::execute::<motley_mages::Mages>(command, term),
            Variant::Royale => commands::execute::<motley_sovereign::Royale>(command, term),
            Variant::Joker => commands::execute::<motley_joker::Joker>(command, term),
        }
    }

    /// [`Variant::execute`] with the search commands (`analyze`, `match`)
    /// too, streaming their lines to `stream`.
    ///
    /// # Errors
    /// As [`Variant::execute`], plus the search commands' errors.
    pub fn execute_streaming(
        self,
        command: &Command,
        term: Terminal,
        stream: &mut dyn std::io::Write,
    ) -> Result<Output, CliError> {
        match self {
            Variant::Sovereign => analysis::execute::<motley_sovereign::Sovereign>(command, term, stream),
            Variant::Mages => analysis::execute::<motley_mages::Mages>(command, term, stream),
            Variant::Royale => analysis::execute::<motley_sovereign::Royale>(command, term, stream),
            Variant::Joker => analysis::execute::<motley_joker::Joker>(command, term, stream),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The `<VARIANT>` argument names no variant (names are case-insensitive).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown variant `{0}` (expected sovereign, royale, mages or joker)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}

/// Runs a parsed command line: resolves the variant, then the command.
///
/// # Errors
/// An input error for an unknown variant, or any error of the command.
pub fn run(command: &Command, term: Terminal) -> Result<Output, CliError> {
    let name = &command.common().variant;
    let variant: Variant = name.parse().map_err(|e| CliError::input(e, "argument <VARIANT>"))?;
    variant.execute(command, term)
}

/// [`run`] with the process's streams: `uci` reads `input` and writes
/// `stream`; `analyze` and `match` stream their lines to `stream`.
///
/// # Errors
/// As [`run`].
pub fn run_io<R: std::io::BufRead + Send>(
    command: &Command,
    term: Terminal,
    input: R,
    stream: &mut (dyn std::io::Write + Send),
) -> Result<Output, CliError> {
    if let Command::Uci(args) = command {
        let variant: Variant = args.variant.parse().map_err(|e| CliError::input(e, "argument <VARIANT>"))?;
        crate::uci::session(input, stream, variant)?;
        return Ok(Output::default());
    }
    let name = &command.common().variant;
    let variant: Variant = name.parse().map_err(|e| CliError::input(e, "argument <VARIANT>"))?;
    variant.execute_streaming(command, term, stream)
}
