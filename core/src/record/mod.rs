//! Game records: a text format for games of every variant in the spirit of
//! PGN — tag pairs, move text with move numbers, comments `{…}`, annotation
//! marks, variations `(…)` and a result — with a reader that checks every
//! move against the rules and a canonical writer. The grammar and an example
//! per variant are in `docs/records.md`.
//!
//! - [`token`]: the tokenizer (line and column of each token).
//! - [`game`]: the generic [`Game`] structure (serde behind `serde`).
//! - [`notation`]: the traits through which each variant supplies its move
//!   text ([`Notation`], and [`MoveText`] for plain input sequences).
//! - [`read`](mod@read): text to games, one `Result` per game ([`read::read`]).
//! - [`write`](mod@write): the canonical writer ([`write::write`]).
//! - [`recorder`]: [`Recorder`] builds a game while it is played.
//! - [`eval`]: evaluation comments (`[%eval +0.35] [%wdl 420 310 270]`).
//! - [`ReadError`]: what is wrong with a game, and where.

pub mod error;
pub mod eval;
pub mod game;
pub mod notation;
pub mod read;
pub mod recorder;
#[cfg(feature = "testing")]
pub mod testing;
pub mod token;
pub mod write;

pub use error::{ReadError, ReadErrorKind};
pub use game::{Game, Line, Node, Tag, result_text};
pub use notation::{MoveText, Notation, StartError};
pub use read::{MAX_DEPTH, RawGame, main_line, parse, read};
pub use recorder::Recorder;
pub use write::{write, write_all};
