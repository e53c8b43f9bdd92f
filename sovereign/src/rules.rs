//! [`Rules`]: every decision of the rules contract marked \[I\] that a user
//! could want otherwise, with the documented default.

/// Rule options. `Rules::default()` is the contract's choice for each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// §5.4 / §14 #2: a piece on a square of colour may move straight to its
    /// twin (the only occupant of the pair is the mover). Default `true`.
    pub twin_move: bool,
    /// §14 #3: a pawn on a square equidistant from two edges (a1, b2 and their
    /// rotations) may two-step away from both edges; `false` allows only the
    /// horizontal two-step (as osc-ui). Default `true`.
    pub corner_two_step_both: bool,
    /// §11.1: the start choice (pie rule) after White's first move is asked
    /// for by [`Game`](crate::Game). Default `true`.
    pub start_choice: bool,
    /// §11.3: plies without pawn move or capture after which a draw may be
    /// claimed (`None`: never). Default `Some(100)` (50-move rule).
    pub claim_plies: Option<u32>,
    /// §11.3: plies without pawn move or capture after which the game is
    /// drawn automatically (`None`: never). Default `Some(150)` (75-move rule).
    pub auto_draw_plies: Option<u32>,
    /// §11.3: occurrences of a position that allow a draw claim. Default `Some(3)`.
    pub claim_repetitions: Option<u32>,
    /// §11.3: occurrences of a position that draw automatically. Default `Some(5)`.
    pub auto_repetitions: Option<u32>,
    /// §11.3: draw automatically when only the kings remain. Default `true`.
    pub bare_kings_draw: bool,
    /// Royale, §13.3 #4: regime changes (defections, king promotions) may
    /// leave the new king attacked, like every other Royale move. `false`
    /// keeps the two-player ban for regime changes. Default `true`.
    pub royale_regime_into_check: bool,
    /// Royale, §13.3 #8: a seat whose king was captured (and never replaced)
    /// loses; `false` scores it as a tie. Default `true`.
    pub royale_captured_loses: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            twin_move: true,
            corner_two_step_both: true,
            start_choice: true,
            claim_plies: Some(100),
            auto_draw_plies: Some(150),
            claim_repetitions: Some(3),
            auto_repetitions: Some(5),
            bare_kings_draw: true,
            royale_regime_into_check: true,
            royale_captured_loses: true,
        }
    }
}
