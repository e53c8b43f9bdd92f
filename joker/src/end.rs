//! [`EndReason`]: why a game of Joker's Chess ended.

use core::fmt;

use crate::piece::Color;
use crate::rules::Rules;

/// Why a game of Joker's Chess ended (§5). There are no draws.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// White captured Black's last king (`"kings-captured"`): White wins.
    KingsCaptured,
    /// 14 consecutive half-moves without capture or pawn move
    /// (`"fourteen-move-rule"`): Black wins.
    FourteenMoveRule,
    /// 200 half-moves were played and Black still has a king (`"move-limit"`): Black wins.
    MoveLimit,
    /// White has no piece on the board and none in its Joker Reserve
    /// (`"insufficient-material"`): Black wins.
    InsufficientMaterial,
    /// White has no legal move on its turn (`"stalemate"`): Black wins.
    Stalemate,
    /// Black has no legal move on its turn (`"black-no-moves"`): White wins
    /// (Black, if [`Rules::black_no_moves_loses`] is off).
    BlackNoMoves,
}

impl EndReason {
    /// The kebab-case reason used in [`Outcome::reason`](crate::Outcome::reason).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::KingsCaptured => "kings-captured",
            EndReason::FourteenMoveRule => "fourteen-move-rule",
            EndReason::MoveLimit => "move-limit",
            EndReason::InsufficientMaterial => "insufficient-material",
            EndReason::Stalemate => "stalemate",
            EndReason::BlackNoMoves => "black-no-moves",
        }
    }

    /// Who wins under `rules`.
    #[must_use]
    pub const fn winner(self, rules: &Rules) -> Color {
        match self {
            EndReason::KingsCaptured => Color::White,
            EndReason::BlackNoMoves if rules.black_no_moves_loses => Color::White,
            _ => Color::Black,
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
