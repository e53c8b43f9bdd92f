//! [`Technique`] and [`Techniques`]: the selective techniques a variant's
//! search opts in to, by name, so that a profile states them, a
//! configuration overrides them and a UCI option switches them one by one.

use core::fmt;
use core::str::FromStr;

#[cfg(doc)]
use super::{Evaluate, SearchConfig, SearchProfile};

/// One selective technique of the search (see the [module
/// doc](crate::search#selective-techniques)). Each trades the exact
/// depth-limited value for depth, and is kept in a variant's
/// [`SearchProfile::techniques`] only where matches show it gains.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Technique {
    /// Null-move pruning: outside the principal variation, a node whose
    /// static evaluation is at least beta first lets the side to move pass
    /// ([`Evaluate::null_move`]) and searches the reply shallower; if even
    /// then the side stays at or above beta, the node fails high.
    NullMove,
    /// Late-move reductions that grow with the depth left and the input's
    /// place in the order (`ln depth × ln number`), one ply less on the
    /// principal variation, instead of one or two plies; on even where
    /// the profile's plain reductions are off.
    GrowingReductions,
    /// Move-count pruning: outside the principal variation, not in check,
    /// a few plies from the horizon, the late quiet inputs after the first
    /// `3 + depth²` are not searched.
    MoveCountPruning,
    /// Aspiration windows: each iteration from depth 4 first searches the
    /// root in a narrow window around the previous iteration's score and
    /// widens it only on a fail.
    Aspiration,
    /// Check extensions: an input that gives check ([`Evaluate::in_check`]
    /// of the child) is searched one ply deeper, up to twice the
    /// iteration's depth from the root.
    CheckExtension,
    /// Internal iterative reductions: a node at least 4 plies from the
    /// horizon with no move from the transposition table is searched one
    /// ply shallower (its order is a guess; the next iteration, with the
    /// move stored, searches it fully).
    InternalReduction,
    /// History-based reductions: with growing reductions, a quiet input
    /// whose history is high (it cut often) is reduced one ply less, one
    /// that never cut one ply more, deep in the tree.
    HistoryReductions,
    /// Chance reductions: at a chance node of the main search at least 3
    /// plies from the horizon, an outcome of probability below 20% is
    /// searched one ply shallower; its error weighs in the node's mean
    /// only by that probability.
    ChanceReduction,
    /// Chance bounds: at a chance node of the main search, each outcome's
    /// value is assumed to lie within a margin of its best guess (its
    /// transposition-table score, else its static evaluation; an outcome
    /// that finishes the game: exactly its result), instead
    /// of anywhere between a loss and a win. Star1 then gives each outcome
    /// a window near the node's own, so the subtrees below an engagement
    /// keep alpha-beta's cutoffs; an outcome that swings further than the
    /// margin can make the node cut wrongly.
    ChanceBounds,
}

impl Technique {
    /// Every technique, in the order of their bits.
    pub const ALL: [Technique; 9] = [
        Technique::NullMove,
        Technique::GrowingReductions,
        Technique::MoveCountPruning,
        Technique::Aspiration,
        Technique::CheckExtension,
        Technique::InternalReduction,
        Technique::HistoryReductions,
        Technique::ChanceReduction,
        Technique::ChanceBounds,
    ];

    /// The technique's name, as [`Techniques`] parses and displays it
    /// (`null-move`, `growing-reductions`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Technique::NullMove => "null-move",
            Technique::GrowingReductions => "growing-reductions",
            Technique::MoveCountPruning => "move-count-pruning",
            Technique::Aspiration => "aspiration",
            Technique::CheckExtension => "check-extension",
            Technique::InternalReduction => "internal-reduction",
            Technique::HistoryReductions => "history-reductions",
            Technique::ChanceReduction => "chance-reduction",
            Technique::ChanceBounds => "chance-bounds",
        }
    }

    /// The technique's bit in a [`Techniques`].
    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word of a techniques list that names no technique, with its byte
/// offset in the list.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("techniques: unknown technique {word:?} at byte {offset} (known: {known})", known = known_names())]
pub struct ParseTechniqueError {
    /// The word, without its sign.
    pub word: String,
    /// Where the word starts in the parsed text.
    pub offset: usize,
}

/// The known names, comma-separated, for error messages.
fn known_names() -> String {
    Technique::ALL.map(Technique::name).join(", ")
}

impl FromStr for Technique {
    type Err = ParseTechniqueError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Technique::ALL
            .into_iter()
            .find(|t| t.name() == s)
            .ok_or_else(|| ParseTechniqueError { word: s.to_owned(), offset: 0 })
    }
}

/// A set of [`Technique`]s, a small `Copy` bit set built in `const`
/// context:
///
/// ```
/// use motley_core::search::{Technique, Techniques};
/// const SET: Techniques = Techniques::NONE.with(Technique::NullMove).with(Technique::Aspiration);
/// assert!(SET.contains(Technique::NullMove));
/// assert_eq!(SET.to_string(), "null-move,aspiration");
/// // A list of changes: `+name` adds, `-name` removes, a bare list replaces.
/// assert_eq!(SET.changed("-aspiration,+check-extension")?.to_string(), "null-move,check-extension");
/// assert_eq!(SET.changed("none")?, Techniques::NONE);
/// # Ok::<(), motley_core::search::ParseTechniqueError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Techniques(u16);

impl Techniques {
    /// No technique: the exact search.
    pub const NONE: Techniques = Techniques(0);

    /// Every technique.
    pub const ALL: Techniques = Techniques((1 << Technique::ALL.len()) - 1);

    /// The set with `t` added.
    #[must_use]
    pub const fn with(self, t: Technique) -> Techniques {
        Techniques(self.0 | t.bit())
    }

    /// The set with `t` removed.
    #[must_use]
    pub const fn without(self, t: Technique) -> Techniques {
        Techniques(self.0 & !t.bit())
    }

    /// Whether `t` is in the set.
    #[must_use]
    pub const fn contains(self, t: Technique) -> bool {
        self.0 & t.bit() != 0
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The techniques of the set, in [`Technique::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Technique> {
        Technique::ALL.into_iter().filter(move |&t| self.contains(t))
    }

    /// This set changed by `text`, a list of [`TechniqueChanges`].
    ///
    /// # Errors
    /// [`ParseTechniqueError`] for the first word that names no technique.
    pub fn changed(self, text: &str) -> Result<Techniques, ParseTechniqueError> {
        Ok(text.parse::<TechniqueChanges>()?.apply(self))
    }
}

/// Changes to a set of techniques, parsed from a list (UCI `Techniques`)
/// and applied to a variant's set later: `+name` adds a technique and
/// `-name` removes one; a list of bare names is the whole new set; `none`
/// is the empty set and `all` every technique; `default` or an empty text
/// leaves the set as it is. Words apply in order, separated by commas,
/// semicolons or spaces (a `uci:` engine spec of `motley match` takes
/// `;`, since its options are separated by commas).
///
/// ```
/// use motley_core::search::{Technique, TechniqueChanges, Techniques};
/// let changes: TechniqueChanges = "-null-move, +aspiration".parse()?;
/// let variant = Techniques::NONE.with(Technique::NullMove).with(Technique::CheckExtension);
/// assert_eq!(changes.apply(variant).to_string(), "aspiration,check-extension");
/// # Ok::<(), motley_core::search::ParseTechniqueError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct TechniqueChanges {
    /// The set the changes start from, if they replace the variant's.
    base: Option<Techniques>,
    /// Techniques added to the base.
    add: Techniques,
    /// Techniques removed from the base.
    remove: Techniques,
}

impl TechniqueChanges {
    /// No change: the variant's set.
    pub const NONE: TechniqueChanges =
        TechniqueChanges { base: None, add: Techniques::NONE, remove: Techniques::NONE };

    /// Whether the changes leave every set as it is.
    #[must_use]
    pub fn is_none(self) -> bool {
        self == TechniqueChanges::NONE
    }

    /// `set` with the changes made.
    #[must_use]
    pub const fn apply(self, set: Techniques) -> Techniques {
        let base = match self.base {
            Some(base) => base,
            None => set,
        };
        Techniques((base.0 | self.add.0) & !self.remove.0)
    }

    /// The changes then `t` added (`on`) or removed.
    const fn then(self, t: Technique, on: bool) -> TechniqueChanges {
        if on {
            TechniqueChanges { add: self.add.with(t), remove: self.remove.without(t), ..self }
        } else {
            TechniqueChanges { add: self.add.without(t), remove: self.remove.with(t), ..self }
        }
    }

    /// Changes that start from `base`.
    const fn from(base: Techniques) -> TechniqueChanges {
        TechniqueChanges { base: Some(base), ..TechniqueChanges::NONE }
    }
}

impl FromStr for TechniqueChanges {
    type Err = ParseTechniqueError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut changes = TechniqueChanges::NONE;
        let mut replaced = false;
        let mut offset = 0;
        for word in text.split(|c: char| c == ',' || c == ';' || c.is_whitespace()) {
            let start = offset;
            offset += word.len() + 1;
            let (sign, name, at) = match word.as_bytes().first() {
                Some(&b) if b == b'+' || b == b'-' => (Some(b == b'+'), &word[1..], start + 1),
                _ => (None, word, start),
            };
            changes = match (sign, name) {
                (None, "" | "default") => changes,
                (None, "none") => TechniqueChanges::from(Techniques::NONE),
                (None, "all") => TechniqueChanges::from(Techniques::ALL),
                _ => {
                    let t = name
                        .parse::<Technique>()
                        .map_err(|_| ParseTechniqueError { word: name.to_owned(), offset: at })?;
                    match sign {
                        Some(on) => changes.then(t, on),
                        None if !replaced => {
                            replaced = true;
                            TechniqueChanges::from(Techniques::NONE.with(t))
                        }
                        None => changes.then(t, true),
                    }
                }
            };
        }
        Ok(changes)
    }
}

impl fmt::Display for Techniques {
    /// The names joined by commas, or `none`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (i, t) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(t.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for t in Technique::ALL {
            assert_eq!(t.name().parse::<Technique>(), Ok(t));
        }
        assert_eq!(Techniques::ALL.iter().count(), Technique::ALL.len());
        assert_eq!(Techniques::ALL.changed(&Techniques::ALL.to_string()), Ok(Techniques::ALL));
    }

    #[test]
    fn changes_add_remove_and_replace() {
        let base = Techniques::NONE.with(Technique::NullMove);
        assert_eq!(base.changed(""), Ok(base));
        assert_eq!(base.changed("default"), Ok(base));
        assert_eq!(base.changed("+aspiration"), Ok(base.with(Technique::Aspiration)));
        assert_eq!(base.changed(" -null-move "), Ok(Techniques::NONE));
        assert_eq!(
            base.changed("aspiration, check-extension"),
            Ok(Techniques::NONE.with(Technique::Aspiration).with(Technique::CheckExtension))
        );
        assert_eq!(base.changed("all,-null-move"), Ok(Techniques::ALL.without(Technique::NullMove)));
        assert_eq!(base.changed("all;-null-move -aspiration"), base.changed("all,-null-move,-aspiration"));
    }

    #[test]
    fn unknown_words_name_their_offset() {
        let e = Techniques::NONE.changed("+aspiration, -nul").unwrap_err();
        assert_eq!((e.word.as_str(), e.offset), ("nul", 14));
        assert!(e.to_string().contains("unknown technique \"nul\" at byte 14"), "{e}");
        let e = Techniques::NONE.changed("bogus").unwrap_err();
        assert_eq!(e.offset, 0);
    }
}
