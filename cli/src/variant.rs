//! The variants by name: the one place where the run-time choice of variant
//! meets the generic code. The table knows no command: commands are
//! [`VariantTask`]s and [`RecordTask`]s that it runs.
//!
//! The table in this file (the `variants!` invocation) is the only list of
//! variants in the CLI. From it come the [`Variant`] enum, [`Variant::ALL`],
//! and [`Variant::with`], the one `match` on a variant: it runs a
//! [`VariantTask`] (a piece of work written once, generic over the
//! position type) on the variant's position type. Every command, the UCI
//! session and the HTTP API go through it. The name of a variant
//! is its position type's
//! [`Position::VARIANT`], parsing is
//! case-insensitive over those names, and the unknown-variant message
//! lists them in table order.
//!
//! Adding a fifth variant, say `motley_foo::Foo`:
//! 1. in the variant crate, implement [`motley_core::Position`] (its
//!    `VARIANT` is the command-line name), [`motley_core::BoardView`] and
//!    [`motley_core::search::Evaluate`] (its evaluation and search
//!    profile) and [`Reading`]
//!    (overriding [`Reading::ANALYSIS_DEPTH`] with a depth that finishes
//!    well within a second, and [`Reading::WDL`] with the odds `cargo run
//!    --release -p motley-cli --example fit_wdl -- foo` fits on self-play);
//! 2. add the crate to the workspace (`members` and
//!    `[workspace.dependencies]` in the root `Cargo.toml`) and to
//!    `[dependencies]` in `cli/Cargo.toml`
//!    (`motley-foo = { workspace = true, features = ["serde"] }`);
//! 3. add one line to the table below: a doc comment and
//!    `Foo => motley_foo::Foo, record motley_foo::FooRecord,` (the record
//!    state reads and writes game records; its place in the table is its place in
//!    [`Variant::ALL`], the UCI `UCI_Variant` option and the error
//!    message).
//!
//! No other code in the CLI names a variant. What remains is text and
//! tests: the prose that lists the variants for people (the help texts in
//! `args.rs`, the READMEs) is not generated, so update it; the tests that
//! loop over [`Variant::ALL`] write the new variant's snapshots (review
//! them with `cargo insta review`), and `tests/cli.rs` pins the number of
//! variants (raise it).

use core::fmt;
use core::str::FromStr;

use motley_core::history::History;
use motley_core::record::{MoveText, Notation};
use motley_core::search::Reading;
use motley_core::{BoardView, Position};

use crate::error::CliError;

/// A piece of work written once for every variant: [`Variant::with`] runs
/// it on the variant's position type `P`.
///
/// ```
/// use motley_cli::variant::{Variant, VariantTask};
/// use motley_core::search::Reading;
/// use motley_core::BoardView;
///
/// /// The number of seats at the start.
/// struct Seats;
///
/// impl VariantTask for Seats {
///     type Output = usize;
///     fn run<P: Reading + BoardView>(self) -> usize {
///         P::start().seat_count()
///     }
/// }
///
/// assert_eq!(Variant::Joker.with(Seats), 2);
/// assert_eq!(Variant::Royale.with(Seats), 4);
/// ```
pub trait VariantTask {
    /// What the work produces.
    type Output;

    /// Does the work on variant `P`.
    fn run<P: Reading + BoardView>(self) -> Self::Output;
}

/// Declares the [`VariantTask`] of a command: a struct of the command's
/// arguments whose `run` calls the command's generic entry point `$on::<P>`
/// with them.
macro_rules! command_task {
    ($task:ident<$lt:lifetime>($($field:ident: $ty:ty),*) => $on:ident) => {
        struct $task<$lt> {
            $($field: $ty,)*
        }

        impl $crate::variant::VariantTask for $task<'_> {
            type Output = Result<String, $crate::error::CliError>;
            fn run<P: motley_core::search::Evaluate + motley_core::BoardView>(self) -> Self::Output {
                $on::<P>($(self.$field),*)
            }
        }
    };
}

pub(crate) use command_task;

/// A piece of work on a variant's game records: [`Variant::with_record`]
/// runs it on the variant's record state `N` (the [`Notation`] that reads
/// and writes its move text; `N::Shown` is the position type).
///
/// [`Notation`]: motley_core::record::Notation
pub trait RecordTask {
    /// What the work produces.
    type Output;

    /// Does the work on the record state `N`.
    fn run<N: AsHistory>(self) -> Self::Output;
}

/// Declares [`Variant`] from the table of variants: its variants, `ALL` in
/// table order, [`Variant::with`] and [`Variant::with_record`], the only
/// `match`es on a variant.
macro_rules! variants {
    ($($(#[$doc:meta])* $name:ident => $position:ty, record $record:ty,)+) => {
        /// A variant the command line can name.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum Variant {
            $($(#[$doc])* $name,)+
        }

        impl Variant {
            /// Every variant, in the order `--help` lists them.
            pub const ALL: [Variant; [$(Variant::$name),+].len()] = [$(Variant::$name),+];

            /// Runs `task` on this variant's position type: the one place a
            /// variant becomes a type.
            pub fn with<T: VariantTask>(self, task: T) -> T::Output {
                match self {
                    $(Variant::$name => task.run::<$position>(),)+
                }
            }

            /// Runs `task` on this variant's record state (its position
            /// with the move text of game records).
            pub fn with_record<T: RecordTask>(self, task: T) -> T::Output {
                match self {
                    $(Variant::$name => task.run::<$record>(),)+
                }
            }
        }
    };
}

variants! {
    /// Sovereign Chess, two players (`motley_sovereign::Sovereign`).
    Sovereign => motley_sovereign::Sovereign, record motley_sovereign::SovereignRecord,
    /// Sovereign Chess Royale, four players (`motley_sovereign::Royale`).
    Royale => motley_sovereign::Royale, record motley_sovereign::RoyaleRecord,
    /// Mage's Chess (`motley_mages::Mages`).
    Mages => motley_mages::Mages, record motley_mages::MagesRecord,
    /// Joker's Chess (`motley_joker::Joker`).
    Joker => motley_joker::Joker, record motley_joker::JokerRecord,
}

/// The variant's name ([`Position::VARIANT`](motley_core::Position::VARIANT)).
struct Name;

impl VariantTask for Name {
    type Output = &'static str;
    fn run<P: Reading + BoardView>(self) -> &'static str {
        P::VARIANT
    }
}

/// The variant's [`Reading::ANALYSIS_DEPTH`].
struct AnalysisDepth;

impl VariantTask for AnalysisDepth {
    type Output = u32;
    fn run<P: Reading + BoardView>(self) -> u32 {
        P::ANALYSIS_DEPTH
    }
}

impl Variant {
    /// The name on the command line: the position type's
    /// [`Position::VARIANT`].
    #[must_use]
    pub fn name(self) -> &'static str {
        self.with(Name)
    }

    /// The depth `motley analyze` searches without `--depth` or `--time`:
    /// the variant's [`Reading::ANALYSIS_DEPTH`].
    #[must_use]
    pub fn analysis_depth(self) -> u32 {
        self.with(AnalysisDepth)
    }

    /// The variant a command-line or request argument names.
    ///
    /// # Errors
    /// An input error at `argument <VARIANT>` listing the variants.
    pub fn from_argument(name: &str) -> Result<Variant, CliError> {
        name.parse().map_err(|e| CliError::input(e, "argument <VARIANT>"))
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The `<VARIANT>` argument names no variant (names are case-insensitive).
/// The message lists every variant:
/// `unknown variant `chess` (expected sovereign, royale, mages or joker)`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown variant `{0}` (expected {names})", names = expected_names())]
pub struct UnknownVariant(pub String);

/// Every variant's name in table order: `a, b, c or d`.
fn expected_names() -> String {
    let names = Variant::ALL.map(Variant::name);
    match names.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownVariant(s.to_owned()))
    }
}

/// A record state's position with its history, for `show`'s output.
pub trait AsHistory: Notation {
    /// The position type `show` draws.
    type Shown: Position + BoardView + Reading;
    /// The current position with its history (Mage's Chess: the position
    /// alone, whose history adds no draw).
    fn history(&self) -> History<Self::Shown>;
    /// The current position, the one whose odds model reads its scores.
    fn shown(&self) -> &Self::Shown;
}

impl<P: MoveText + BoardView + Reading> AsHistory for History<P> {
    type Shown = P;
    fn history(&self) -> History<P> {
        self.clone()
    }
    fn shown(&self) -> &P {
        self.position()
    }
}

impl AsHistory for motley_mages::MagesRecord {
    type Shown = motley_mages::Mages;
    fn history(&self) -> History<motley_mages::Mages> {
        History::with_default_rules(self.position().clone())
    }
    fn shown(&self) -> &motley_mages::Mages {
        self.position()
    }
}
