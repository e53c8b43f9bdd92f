//! The bounds of a search request, checked once for every front end.
//!
//! The command line (`analyze`, `match` players, `perft --threads`), the
//! UCI engine and the HTTP API read the same limits from people and
//! scripts. Each value goes through [`LimitKind::check`] (or
//! [`LimitKind::parse`] for text), so every front end accepts the same
//! range and refuses a value with the same words:
//!
//! ```
//! use motley_core::search::LimitKind;
//!
//! assert_eq!(LimitKind::Depth.check(12), Ok(12));
//! let err = LimitKind::Depth.check(99_999).unwrap_err();
//! assert_eq!(err.to_string(), "depth must be a whole number from 1 to 64, not `99999`");
//! assert_eq!(LimitKind::Threads.parse("2"), Ok(2));
//! assert!(LimitKind::MultiPv.parse("zero").is_err());
//! ```

use core::fmt;

use super::Limits;

/// A limit of a search request.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum LimitKind {
    /// The last iteration's depth, in plies: 1 to [`Limits::MAX_DEPTH`].
    Depth,
    /// The wall-clock budget in milliseconds: 1 ms to a day.
    Time,
    /// The nodes a search may visit: 1 to 10¹² (days at the engine's speed).
    Nodes,
    /// The principal variations to score exactly: 1 to 64.
    MultiPv,
    /// The threads searching together (Lazy SMP), or counting perft: 1 to 256.
    Threads,
    /// The transposition table in MiB: 1 to 4096.
    Hash,
}

impl LimitKind {
    /// Every limit, in the order front ends list them.
    pub const ALL: [LimitKind; 6] = [
        LimitKind::Depth,
        LimitKind::Time,
        LimitKind::Nodes,
        LimitKind::MultiPv,
        LimitKind::Threads,
        LimitKind::Hash,
    ];

    /// The name used in error messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            LimitKind::Depth => "depth",
            LimitKind::Time => "time (ms)",
            LimitKind::Nodes => "nodes",
            LimitKind::MultiPv => "multipv",
            LimitKind::Threads => "threads",
            LimitKind::Hash => "hash (MiB)",
        }
    }

    /// The smallest and the largest accepted value.
    #[must_use]
    pub const fn range(self) -> (u64, u64) {
        match self {
            LimitKind::Depth => (1, Limits::MAX_DEPTH as u64),
            LimitKind::Time => (1, 86_400_000),
            LimitKind::Nodes => (1, 1_000_000_000_000),
            LimitKind::MultiPv => (1, 64),
            LimitKind::Threads => (1, 256),
            LimitKind::Hash => (1, 4096),
        }
    }

    /// `value` if it is within [`LimitKind::range`].
    ///
    /// # Errors
    /// [`LimitError`] naming the limit, its range and the value.
    pub fn check(self, value: u64) -> Result<u64, LimitError> {
        let (min, max) = self.range();
        if (min..=max).contains(&value) {
            Ok(value)
        } else {
            Err(LimitError { kind: self, value: value.to_string() })
        }
    }

    /// Reads a whole number (surrounding spaces allowed) and checks it.
    ///
    /// # Errors
    /// [`LimitError`] for text that is not a whole number in range.
    pub fn parse(self, text: &str) -> Result<u64, LimitError> {
        match text.trim().parse::<u64>() {
            Ok(value) => self.check(value),
            Err(_) => Err(LimitError { kind: self, value: text.to_owned() }),
        }
    }

    /// [`LimitKind::parse`] as a `usize` (threads, multipv, hash).
    ///
    /// # Errors
    /// As [`LimitKind::parse`].
    pub fn parse_usize(self, text: &str) -> Result<usize, LimitError> {
        let value = self.parse(text)?;
        usize::try_from(value).map_err(|_| LimitError { kind: self, value: text.to_owned() })
    }
}

impl fmt::Display for LimitKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A limit outside its range, or not a whole number.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LimitError {
    /// Which limit.
    pub kind: LimitKind,
    /// The value as given.
    pub value: String,
}

impl fmt::Display for LimitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (min, max) = self.kind.range();
        write!(f, "{} must be a whole number from {min} to {max}, not `{}`", self.kind.name(), self.value)
    }
}

impl std::error::Error for LimitError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_limit_accepts_its_range_and_refuses_what_is_outside() {
        for kind in LimitKind::ALL {
            let (min, max) = kind.range();
            assert_eq!(kind.check(min), Ok(min));
            assert_eq!(kind.check(max), Ok(max));
            assert!(kind.check(min - 1).is_err(), "{kind}");
            assert!(kind.check(max + 1).is_err(), "{kind}");
            assert_eq!(kind.parse(&format!(" {max} ")), Ok(max));
            let err = kind.parse("-1").unwrap_err();
            assert_eq!(err.value, "-1");
            assert!(err.to_string().starts_with(kind.name()), "{err}");
        }
    }
}
