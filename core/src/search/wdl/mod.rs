//! What a score means: win, draw and loss odds and a normalised score,
//! from a [`WdlModel`] each variant fits on self-play games of its own
//! engine ([`Reading::WDL`](super::Reading::WDL)).
//!
//! # The model
//! The search's raw score `s` (centipawns, for the seat `i` it is seen from)
//! is first shifted by the seat's offset and the tempo, `x = s − c[i] − t`
//! when seat `i` is to move (`x = s − c[i] + t` when it is not): `c[i]` is
//! the raw score at which seat `i` can expect its fair share (in an
//! asymmetric game such as Joker's Chess the material count is not 0 when
//! the game is even), `t` how much the side to move's score runs ahead of
//! its chances (an evaluation that credits the move, a search that ends on
//! the mover's capture).
//! Then, with a scale `b`, a win offset `a` and a draw width `d ≥ 0`:
//!
//! - win = σ(g(x − a))
//! - loss = σ(g(−x − (d − a)))
//! - draw = 1 − win − loss (never negative, since `d ≥ 0`)
//!
//! and then, with a draw floor `δ` (0 unless fitted), a share `δ` of every
//! score's games is drawn whatever the score: win and loss are multiplied
//! by `1 − δ` and the draw chance is `(1 − δ) · draw + δ`. A game whose
//! self-play draws a steady fifth of its won positions (by repetition)
//! needs it: the curves alone only draw near an even score.
//!
//! where σ is the logistic function and `g(y) = sign(y) · (|y| / b)^p`, an
//! odd, increasing map (`p = 1`: the plain logistic `y / b`; `p < 1` a
//! curve steeper near an even game). Two seats: `a = d / 2`, so win and loss
//! mirror each other and `x = 0` is a 50% expected result; the offsets are
//! opposite (`c[1] = −c[0]`), so both seats' odds agree. Four seats
//! (Royale): "loss" is "another seat wins", `a` places the win chance at
//! `x = 0` where self-play puts it (about a quarter).
//!
//! A forced win is 1000/0/0, a forced loss 0/0/1000.
//!
//! A model may read only part of the scores and hand those below a level
//! to another model ([`WdlModel::below`]): a piecewise mapping, for a
//! variant whose scores below the level mean another kind of position.
//!
//! # The normalised score
//! The expected result of a seat is `E = win + draw / n` with `n` seats (a
//! game drawn, or cut off, shares the point). The displayed score is
//! `N = 400 · (log₁₀(E / (1 − E)) − log₁₀(f / (1 − f)))` centipawns, `f = 1/n`
//! the fair share: the Elo formula read backwards. So in **every** variant
//! `0.00` is an even game (a fair share expected), and `+1.00` means the seat's
//! odds of scoring are `10^(1/4) ≈ 1.78` times the fair odds: with two seats,
//! an expected result of 64% (an edge of 100 Elo points), `+2.00` 76%,
//! `+4.00` 91%; `−1.00` is 36%.
//!
//! # Fitting
//! Each variant's constants are fitted by maximum likelihood on its own
//! self-play games and measured on others by the `fit_wdl` example of
//! `motley-cli` (`cargo run --release -p motley-cli --example fit_wdl`),
//! which holds the fitter and the calibration table: the library only
//! reads models.

use core::fmt;

mod model;
#[cfg(test)]
mod tests;

pub use model::WdlModel;

/// The logistic function `1 / (1 + e^−z)`, computed without overflow.
#[must_use]
pub fn logistic(z: f64) -> f64 {
    if z >= 0.0 {
        1.0 / (1.0 + (-z).exp())
    } else {
        let e = z.exp();
        e / (1.0 + e)
    }
}

/// Win, draw and loss chances for one seat, in thousandths, summing to 1000.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Wdl {
    /// The seat wins.
    pub win: u16,
    /// A draw (or a game cut off by a ply limit).
    pub draw: u16,
    /// The seat loses (with four seats: another seat wins).
    pub loss: u16,
}

impl fmt::Display for Wdl {
    /// `W D L`, the form of UCI's `wdl` and the `[%wdl …]` comment.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.win, self.draw, self.loss)
    }
}

impl Wdl {
    /// The three numbers in order.
    #[must_use]
    pub const fn to_array(self) -> [u16; 3] {
        [self.win, self.draw, self.loss]
    }
}
