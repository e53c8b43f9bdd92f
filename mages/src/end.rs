//! [`EndReason`]: why a game of Mage's Chess ended, and its machine-readable
//! kebab-case name (the [`Outcome::reason`](motley_core::Outcome::reason)).

use core::fmt;

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum EndReason {
    /// A Royal was downed in an engagement, as challenger or defender: its team
    /// loses. `royal-downed`.
    RoyalDowned,
    /// A Royal was expelled for a foul: its team loses. `royal-expelled`.
    RoyalExpelled,
    /// A team had no action and [`NoAction::Lose`](crate::NoAction::Lose) is in
    /// force: it loses. `no-action`.
    NoAction,
    /// Both teams passed in a row: draw. `double-pass`.
    DoublePass,
    /// The optional ply limit was reached: draw. `ply-limit`.
    PlyLimit,
    /// A team's turn ran out under
    /// [`TurnTimeout::ForfeitMatch`](crate::TurnTimeout::ForfeitMatch): it loses. `turn-timeout`.
    TurnTimeout,
    /// The referee made a team forfeit the match: it loses. `sanction`.
    Sanction,
    /// A team resigned: it loses. `resignation`.
    Resignation,
    /// Both teams agreed to a draw. `agreement`.
    Agreement,
}

impl EndReason {
    /// Every reason.
    pub const ALL: [EndReason; 9] = [
        EndReason::RoyalDowned,
        EndReason::RoyalExpelled,
        EndReason::NoAction,
        EndReason::DoublePass,
        EndReason::PlyLimit,
        EndReason::TurnTimeout,
        EndReason::Sanction,
        EndReason::Resignation,
        EndReason::Agreement,
    ];

    /// The kebab-case name used as the outcome's reason.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::RoyalDowned => "royal-downed",
            EndReason::RoyalExpelled => "royal-expelled",
            EndReason::NoAction => "no-action",
            EndReason::DoublePass => "double-pass",
            EndReason::PlyLimit => "ply-limit",
            EndReason::TurnTimeout => "turn-timeout",
            EndReason::Sanction => "sanction",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
        }
    }

    /// The reason of a kebab-case name.
    #[must_use]
    pub fn from_name(name: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Whether the game ends drawn for this reason.
    #[must_use]
    pub const fn is_draw(self) -> bool {
        matches!(self, EndReason::DoublePass | EndReason::PlyLimit | EndReason::Agreement)
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_kebab_case_and_roundtrip() {
        for r in EndReason::ALL {
            assert!(r.name().bytes().all(|c| c.is_ascii_lowercase() || c == b'-'));
            assert_eq!(EndReason::from_name(r.name()), Some(r));
        }
    }
}
