//! [`EndReason`]: why a game ended, in both the two- and four-seat games.

/// Why a game ended. [`EndReason::as_str`] gives the kebab-case reason used in
/// [`Outcome`](crate::Outcome).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum EndReason {
    /// The side to move is in check with no legal move (§11.2): it loses.
    Checkmate,
    /// The side to move is not in check and has no legal move: draw.
    Stalemate,
    /// Claimed draw: the position occurred the claim number of times (default 3).
    ThreefoldRepetition,
    /// Automatic draw: the position occurred the automatic number of times (default 5).
    FivefoldRepetition,
    /// Claimed draw: the claim number of plies without pawn move or capture (default 100).
    FiftyMoveRule,
    /// Automatic draw after the automatic number of plies (default 150).
    SeventyFiveMoveRule,
    /// Automatic draw: only the two kings remain.
    BareKings,
    /// Draw by agreement.
    Agreement,
    /// A seat resigned.
    Resignation,
    /// Royale: one king remains; its seat wins.
    LastKing,
    /// Royale: no king remains; every seat ties.
    NoKings,
}

impl EndReason {
    /// The kebab-case name (`"checkmate"`, `"threefold-repetition"`, …).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::ThreefoldRepetition => "threefold-repetition",
            EndReason::FivefoldRepetition => "fivefold-repetition",
            EndReason::FiftyMoveRule => "fifty-move-rule",
            EndReason::SeventyFiveMoveRule => "seventy-five-move-rule",
            EndReason::BareKings => "bare-kings",
            EndReason::Agreement => "agreement",
            EndReason::Resignation => "resignation",
            EndReason::LastKing => "last-king",
            EndReason::NoKings => "no-kings",
        }
    }
}

impl core::fmt::Display for EndReason {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}
