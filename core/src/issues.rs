//! The errors of the variants' position-string readers, which list every
//! problem so that a user fixing a string sees all of it at once:
//! [`IssueList`], every problem a parser found; [`FieldIssueList`], every
//! [`FieldIssue`] that makes a setup not a playable position; and
//! [`FenError`], either of the two.

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

/// A problem that names the field of the position string it is about.
pub trait FieldIssue: fmt::Display {
    /// The field's name, as the position string's grammar names it.
    fn field(&self) -> &'static str;
}

/// The issues that make a well-formed setup not a playable position, in
/// the order checked; never empty. Prints each issue as `field: message`,
/// separated by `; `.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldIssueList<T> {
    /// The issues; never empty.
    pub issues: Vec<T>,
}

impl<T: FieldIssue> fmt::Display for FieldIssueList<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_field_issues(f, self.issues.iter().map(|issue| (issue, None)))
    }
}

impl<T: FieldIssue + fmt::Debug> std::error::Error for FieldIssueList<T> {}

impl<T> From<T> for FieldIssueList<T> {
    /// A list of one issue.
    fn from(issue: T) -> Self {
        FieldIssueList { issues: vec![issue] }
    }
}

/// A position string could not be read as a playable position: the text
/// is malformed (`P`, every problem with its field and byte offset), or it
/// is well formed but not a valid position (every issue `T`, with where the
/// text states it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError<P, T> {
    /// Malformed text: every problem, each with its field and byte offset.
    Parse(P),
    /// Well formed, but not a valid position: every issue, and where the
    /// text states each.
    Invalid {
        /// The issues.
        error: FieldIssueList<T>,
        /// The byte offset where the text states each issue, in the same
        /// order as the issues.
        at: Vec<usize>,
    },
}

impl<P: fmt::Display, T: FieldIssue> fmt::Display for FenError<P, T> {
    /// A parse error as `P` says it; the issues as `field: message (byte N)`,
    /// separated by `; `.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Invalid { error, at } => {
                write_field_issues(f, error.issues.iter().zip(at).map(|(issue, &at)| (issue, Some(at))))
            }
        }
    }
}

impl<P, T> std::error::Error for FenError<P, T>
where
    P: std::error::Error + 'static,
    T: FieldIssue + fmt::Debug + 'static,
{
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FenError::Parse(e) => Some(e),
            FenError::Invalid { error, .. } => Some(error),
        }
    }
}

impl<P, T> From<P> for FenError<P, T> {
    fn from(e: P) -> Self {
        FenError::Parse(e)
    }
}

/// Writes each issue as `field: message`, followed by ` (byte N)` when its
/// offset is given, separated by `; `.
fn write_field_issues<'a, T: FieldIssue + 'a>(
    f: &mut fmt::Formatter<'_>,
    issues: impl Iterator<Item = (&'a T, Option<usize>)>,
) -> fmt::Result {
    for (i, (issue, at)) in issues.enumerate() {
        if i > 0 {
            f.write_str("; ")?;
        }
        write!(f, "{}: {issue}", issue.field())?;
        if let Some(at) = at {
            write!(f, " (byte {at})")?;
        }
    }
    Ok(())
}
