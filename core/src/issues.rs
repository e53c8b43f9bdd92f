//! [`IssueList`]: every problem a parser found, in text order — the error
//! the variants' position-string parsers return, so that a user fixing a
//! string sees all of it at once.

use core::fmt;

/// The problems found in one text or position, never empty: a parser's
/// sorted by byte offset (each `T` names its own), a validator's in the
/// order checked. Prints each problem's message, separated by `; ` (one
/// problem prints as itself).
///
/// ```
/// use motley_core::IssueList;
/// let list = IssueList { issues: vec!["turn: expected `w` (byte 9)", "ply: not a number (byte 14)"] };
/// assert_eq!(list.to_string(), "turn: expected `w` (byte 9); ply: not a number (byte 14)");
/// assert_eq!(IssueList::from("one").to_string(), "one");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IssueList<T> {
    /// The problems; never empty.
    pub issues: Vec<T>,
}

impl<T: fmt::Display> fmt::Display for IssueList<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, issue) in self.issues.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{issue}")?;
        }
        Ok(())
    }
}

impl<T: fmt::Display + fmt::Debug> std::error::Error for IssueList<T> {}

impl<T> From<T> for IssueList<T> {
    /// A list of one problem.
    fn from(issue: T) -> Self {
        IssueList { issues: vec![issue] }
    }
}
