//! [`Rules`]: every decision of the rules contract (`RULES.md` in this
//! package, `docs/rules/mages.md` in the repository) that an organiser could reasonably want otherwise, with its default.

use core::time::Duration;

/// What happens to a team whose turn clock runs out.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum TurnTimeout {
    /// The turn is forfeited: the move passes to the other team **\[decision\]** (default).
    #[default]
    ForfeitTurn,
    /// The team forfeits the match.
    ForfeitMatch,
}

/// What a team with no legal action on its turn does.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum NoAction {
    /// It passes (`pass`, one node in perft) **\[decision\]** (default).
    #[default]
    Pass,
    /// It loses (reason `no-action`).
    Lose,
}

/// Where the defender ends after a foul.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum FoulDefender {
    /// It stays on its own square **\[decision\]** (default).
    #[default]
    Stays,
    /// It moves into the expelled challenger's square, as when it wins.
    TakesSquare,
}

/// When a sanction "forfeit the next turn" takes effect.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum SanctionTiming {
    /// The sanctioned team's next turn that starts after the sanction; if it
    /// is on move, it plays this turn and loses the following one
    /// **\[decision\]** (default).
    #[default]
    NextTurn,
    /// If the sanctioned team is on move (no engagement pending), the current
    /// turn is forfeited at once; otherwise as [`SanctionTiming::NextTurn`].
    CurrentTurn,
}

/// The rule options of Mage's Chess. `Rules::default()` is the documented
/// ruleset; each field says where its default comes from.
///
/// Fixed, not options: directions are absolute (dawnward = toward file `f`
/// for both teams), there is no check (a Royal may stand on an attacked square;
/// captures can fail), a promotion is chosen by the promoting pawn's team and a
/// pawn pushed back onto its own first rank by winning as defender stays a pawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Rules {
    /// Time allowed per turn: 45 s, "the most common ruling" (seed); organisations differ.
    pub turn_limit: Duration,
    /// Time allowed per engagement: 30 s (seed); at its expiry the engagement is a draw.
    pub engagement_limit: Duration,
    /// What a turn timeout does (default: the turn is forfeited **\[decision\]**).
    pub turn_timeout: TurnTimeout,
    /// What a team without a legal action does (default: passes **\[decision\]**).
    pub no_action: NoAction,
    /// Whether two passes in a row end the game drawn (default `true` **\[decision\]**).
    pub double_pass_draw: bool,
    /// Where the defender stands after a foul (default: stays **\[decision\]**).
    pub foul_defender: FoulDefender,
    /// When a turn-forfeiting sanction applies (default: the team's next turn **\[decision\]**).
    pub sanction_timing: SanctionTiming,
    /// If set, the game is drawn (reason `ply-limit`) once this many turns
    /// have been completed. Default: no limit (the rules have no move-count rule).
    pub ply_limit: Option<u32>,
}

impl Rules {
    /// The documented defaults.
    pub const DEFAULT: Rules = Rules {
        turn_limit: Duration::from_secs(45),
        engagement_limit: Duration::from_secs(30),
        turn_timeout: TurnTimeout::ForfeitTurn,
        no_action: NoAction::Pass,
        double_pass_draw: true,
        foul_defender: FoulDefender::Stays,
        sanction_timing: SanctionTiming::NextTurn,
        ply_limit: None,
    };
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::DEFAULT
    }
}
