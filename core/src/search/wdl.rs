//! What a score means: win, draw and loss odds and a normalised score,
//! from a [`WdlModel`] each variant fits on self-play games of its own
//! engine ([`Evaluate::WDL`](super::Evaluate::WDL)).
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
//! [`fit`] finds the constants by maximum likelihood on [`Sample`]s (a raw
//! score, the seat it is seen from and that seat's result) with a damped
//! Newton method; [`calibration`] measures a model on other samples:
//! predicted against observed win rate per decile of predicted win chance,
//! and the Brier scores.

use core::fmt;

use super::{EVAL_LIMIT, Score};
use crate::game::{Seat, SeatResult};

/// A variant's fitted mapping from raw scores to odds (see the
/// [module doc](self)). All fields are in centipawns of the raw score.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct WdlModel {
    /// The number of seats (2, or 4 for Royale).
    pub seats: u8,
    /// `b`: the logistic's scale, centipawns per unit of log-odds (> 0).
    pub scale: f64,
    /// `a`: where the win chance is one half, relative to the offset score
    /// (`draw_width / 2` with two seats).
    pub win_offset: f64,
    /// `d ≥ 0`: how much the win and loss curves are apart; 0 in a game
    /// without draws.
    pub draw_width: f64,
    /// `c[i]`: the raw score seat `i` sees when it can expect its fair share
    /// (with two seats `c[1] = −c[0]`).
    pub seat_offsets: [f64; 4],
    /// `t`: what the side to move's raw score runs ahead of its chances
    /// (two seats; 0 with four, where the win offset absorbs it).
    pub tempo: f64,
    /// `p > 0`: the curve's shape; 1 is the logistic, below 1 steeper
    /// near an even game and flatter far from it.
    pub power: f64,
    /// Raw scores are clamped to ±`clamp` first: where the search averages
    /// chance outcomes, a mean of wins and evaluations (40% of a win is
    /// 400,000) is far beyond any evaluation, and reads as "very good".
    pub clamp: f64,
    /// `δ` in `[0, 1)`: the chance that a game is drawn whatever the score
    /// (in self-play, a won position the engine repeats instead of
    /// converting); the curves above share out the rest. Far from an even
    /// game it fades with [`WdlModel::draw_floor_width`].
    pub draw_floor: f64,
    /// `w > 0`: how far the draw floor reaches, in centipawns of the offset
    /// score `x`: the floor is `δ · exp(−(x / w)²)`, so a won position is
    /// drawn less often than an even one (Sovereign's self-play: a fifth of
    /// the games drawn near 0, a tenth beyond ±150 pawns).
    /// `f64::INFINITY`: the same floor at every score.
    pub draw_floor_width: f64,
    /// `Some((level, other))`: raw scores below `level` are read by `other`
    /// instead, for a variant whose scores below a level mean another kind
    /// of position (Royale: below −10,000 the seat has no king at the end of
    /// the searched line, whether or not it has one now; see
    /// [`WdlModel::reading_below`]). `None`: this model reads every score.
    pub below: Option<(f64, &'static WdlModel)>,
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

/// The logistic function, computed without overflow.
fn sigma(z: f64) -> f64 {
    if z >= 0.0 {
        1.0 / (1.0 + (-z).exp())
    } else {
        let e = z.exp();
        e / (1.0 + e)
    }
}

impl WdlModel {
    /// An unfitted two-seat model without draws whose normalised score is
    /// the raw score: an expected result of `1 / (1 + 10^(−cp/400))`. The
    /// default of [`Evaluate::WDL`](super::Evaluate::WDL).
    pub const ELO: WdlModel = WdlModel {
        seats: 2,
        scale: 400.0 / core::f64::consts::LN_10,
        win_offset: 0.0,
        draw_width: 0.0,
        seat_offsets: [0.0; 4],
        tempo: 0.0,
        power: 1.0,
        clamp: EVAL_LIMIT as f64,
        draw_floor: 0.0,
        draw_floor_width: f64::INFINITY,
        below: None,
    };

    /// A two-seat model: scale `b`, draw width `d`, seat 0's offset `c`
    /// (seat 1's is `−c`) and tempo `t`.
    #[must_use]
    pub const fn two_seats(scale: f64, draw_width: f64, offset: f64, tempo: f64) -> WdlModel {
        WdlModel {
            seats: 2,
            scale,
            win_offset: draw_width / 2.0,
            draw_width,
            seat_offsets: [offset, -offset, 0.0, 0.0],
            tempo,
            power: 1.0,
            clamp: EVAL_LIMIT as f64,
            draw_floor: 0.0,
            draw_floor_width: f64::INFINITY,
            below: None,
        }
    }

    /// The same model with raw scores clamped to ±`clamp` (see
    /// [`WdlModel::clamp`]).
    #[must_use]
    pub const fn with_clamp(self, clamp: f64) -> WdlModel {
        WdlModel { clamp, ..self }
    }

    /// The same model with a draw chance `δ` whatever the score (see
    /// [`WdlModel::draw_floor`]).
    #[must_use]
    pub const fn with_draw_floor(self, draw_floor: f64) -> WdlModel {
        WdlModel { draw_floor, ..self }
    }

    /// The same model with a draw floor that fades over `width` centipawns
    /// of the offset score (see [`WdlModel::draw_floor_width`]).
    #[must_use]
    pub const fn with_draw_floor_width(self, draw_floor_width: f64) -> WdlModel {
        WdlModel { draw_floor_width, ..self }
    }

    /// The same model, handing raw scores below `level` to `other` (see
    /// [`WdlModel::below`]): a piecewise reading, each piece fitted on the
    /// positions whose scores fall in it.
    #[must_use]
    pub const fn reading_below(self, level: f64, other: &'static WdlModel) -> WdlModel {
        WdlModel { below: Some((level, other)), ..self }
    }

    /// The model that reads raw score `raw`: `self`, or the one
    /// [`WdlModel::below`] hands it to. One hand-over at most: that model
    /// reads the score with its own curves, whatever its own `below` says,
    /// so no chain of models can loop.
    #[must_use]
    pub fn reader(&self, raw: f64) -> &WdlModel {
        match self.below {
            Some((level, other)) if raw < level => other,
            _ => self,
        }
    }

    /// The draw floor at offset score `x` (see [`WdlModel::draw_floor_width`]).
    fn floor_at(&self, x: f64) -> f64 {
        if self.draw_floor_width.is_finite() {
            let r = x / self.draw_floor_width;
            self.draw_floor * (-r * r).exp()
        } else {
            self.draw_floor
        }
    }

    /// The same model with the curve's shape `p` (see [`WdlModel::power`]).
    #[must_use]
    pub const fn with_power(self, power: f64) -> WdlModel {
        WdlModel { power, ..self }
    }

    /// Raw centipawns `y` in units of log-odds: `sign(y) · (|y| / b)^p`.
    fn unit(&self, y: f64) -> f64 {
        let u = (y.abs() / self.scale).powf(self.power);
        if y < 0.0 { -u } else { u }
    }

    /// The offset of `seat` when it is (or is not) `to_move`.
    fn offset(&self, seat: Seat, to_move: bool) -> f64 {
        let c = self.seat_offsets.get(seat.index()).copied().unwrap_or(0.0);
        if to_move { c + self.tempo } else { c - self.tempo }
    }

    /// Win, draw and loss probabilities of a raw, non-forced score `raw`
    /// seen from `seat`, the side to move.
    #[must_use]
    pub fn probabilities(&self, raw: f64, seat: Seat) -> [f64; 3] {
        self.probabilities_for(raw, seat, true)
    }

    /// [`WdlModel::probabilities`] for a `seat` that is, or is not, `to_move`.
    #[must_use]
    pub fn probabilities_for(&self, raw: f64, seat: Seat, to_move: bool) -> [f64; 3] {
        self.reader(raw).own_probabilities(raw, seat, to_move)
    }

    /// [`WdlModel::probabilities_for`] by this model's curves, whatever
    /// [`WdlModel::below`] says.
    fn own_probabilities(&self, raw: f64, seat: Seat, to_move: bool) -> [f64; 3] {
        let x = raw.clamp(-self.clamp, self.clamp) - self.offset(seat, to_move);
        let win = sigma(self.unit(x - self.win_offset));
        let loss = sigma(self.unit(-x - (self.draw_width - self.win_offset)));
        let draw = (1.0 - win - loss).max(0.0);
        let floor = self.floor_at(x);
        let keep = 1.0 - floor;
        [keep * win, keep * draw + floor, keep * loss]
    }

    /// The odds of `score` for `seat`, the side to move, in thousandths:
    /// 1000/0/0 for a forced win, 0/0/1000 for a forced loss.
    ///
    /// ```
    /// use motley_core::search::{Score, WdlModel, Wdl};
    /// use motley_core::Seat;
    /// let m = WdlModel::two_seats(200.0, 100.0, 0.0, 0.0);
    /// let even = m.wdl(Score(0), Seat(0));
    /// assert_eq!(even.win, even.loss);
    /// assert_eq!(even.win + even.draw + even.loss, 1000);
    /// assert_eq!(m.wdl(Score::win_in(3), Seat(1)), Wdl { win: 1000, draw: 0, loss: 0 });
    /// ```
    #[must_use]
    pub fn wdl(&self, score: Score, seat: Seat) -> Wdl {
        self.wdl_for(score, seat, true)
    }

    /// [`WdlModel::wdl`] for a `seat` that is, or is not, `to_move`.
    #[must_use]
    pub fn wdl_for(&self, score: Score, seat: Seat, to_move: bool) -> Wdl {
        if score.is_win() {
            return Wdl { win: 1000, draw: 0, loss: 0 };
        }
        if score.is_loss() {
            return Wdl { win: 0, draw: 0, loss: 1000 };
        }
        let [w, _, l] = self.probabilities_for(f64::from(score.0), seat, to_move);
        let win = (w * 1000.0).round().clamp(0.0, 1000.0) as u16;
        let loss = ((l * 1000.0).round().clamp(0.0, 1000.0) as u16).min(1000 - win);
        Wdl { win, draw: 1000 - win - loss, loss }
    }

    /// The expected result (0 to 1) of `score` for `seat`, the side to
    /// move: the win chance plus the draw chance shared among the seats (1
    /// for a forced win, 0 for a forced loss).
    #[must_use]
    pub fn expected(&self, score: Score, seat: Seat) -> f64 {
        self.expected_for(score, seat, true)
    }

    /// [`WdlModel::expected`] for a `seat` that is, or is not, `to_move`.
    #[must_use]
    pub fn expected_for(&self, score: Score, seat: Seat, to_move: bool) -> f64 {
        if score.is_win() {
            return 1.0;
        }
        if score.is_loss() {
            return 0.0;
        }
        let [w, d, _] = self.probabilities_for(f64::from(score.0), seat, to_move);
        w + d / f64::from(self.seats.max(1))
    }

    /// The normalised score of `score` for `seat`, the side to move (see the
    /// [module doc](self#the-normalised-score)): 0 for an even game, +100
    /// for a seat whose odds of scoring are 1.78 times the fair odds (64%
    /// with two seats). Forced results are kept as they are; the rest is
    /// clamped to ±[`EVAL_LIMIT`].
    ///
    /// ```
    /// use motley_core::search::{Score, WdlModel};
    /// use motley_core::Seat;
    /// // The default model leaves scores as they are.
    /// assert_eq!(WdlModel::ELO.normalise(Score(137), Seat(0)), Score(137));
    /// // A seat offset of -300: a raw -300 is an even game.
    /// let m = WdlModel::two_seats(150.0, 0.0, -300.0, 0.0);
    /// assert_eq!(m.normalise(Score(-300), Seat(0)), Score(0));
    /// assert_eq!(m.normalise(Score(300), Seat(1)), Score(0));
    /// ```
    #[must_use]
    pub fn normalise(&self, score: Score, seat: Seat) -> Score {
        self.normalise_for(score, seat, true)
    }

    /// [`WdlModel::normalise`] for a `seat` that is, or is not, `to_move`.
    #[must_use]
    pub fn normalise_for(&self, score: Score, seat: Seat, to_move: bool) -> Score {
        if score.centipawns().is_none() {
            return score;
        }
        self.reader(f64::from(score.0)).own_normalised(score, seat, to_move)
    }

    /// [`WdlModel::normalise_for`] of a non-forced `score` by this model's
    /// curves, whatever [`WdlModel::below`] says.
    fn own_normalised(&self, score: Score, seat: Seat, to_move: bool) -> Score {
        let x = f64::from(score.0).clamp(-self.clamp, self.clamp) - self.offset(seat, to_move);
        let n = f64::from(self.seats.max(2));
        // E = w(1 − 1/n) + (1 − l)/n and 1 − E = (1 − w)(1 − 1/n) + l/n,
        // each from logistics that do not lose precision in the tails.
        let w = sigma(self.unit(x - self.win_offset));
        let not_w = sigma(self.unit(self.win_offset - x));
        let l = sigma(self.unit(-x - (self.draw_width - self.win_offset)));
        let not_l = sigma(self.unit(x + (self.draw_width - self.win_offset)));
        // The draw floor δ: E' = (1 − δ) E + δ / n, 1 − E' = (1 − δ)(1 − E) + δ (1 − 1/n).
        let floor = self.floor_at(x);
        let keep = 1.0 - floor;
        let e = keep * (w * (1.0 - 1.0 / n) + not_l / n) + floor / n;
        let not_e = keep * (not_w * (1.0 - 1.0 / n) + l / n) + floor * (1.0 - 1.0 / n);
        let limit = f64::from(EVAL_LIMIT);
        let value = if e <= 0.0 {
            -limit
        } else if not_e <= 0.0 {
            limit
        } else {
            400.0 * ((e / not_e).log10() - (1.0 / (n - 1.0)).log10())
        };
        Score(value.clamp(-limit, limit).round() as i32)
    }
}

/// One position of a self-play game, for [`fit`] and [`calibration`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sample {
    /// The raw score (centipawns, not a forced result) for `seat`.
    pub score: f64,
    /// The seat the score is seen from (the side to move).
    pub seat: Seat,
    /// That seat's result in the game.
    pub result: SeatResult,
    /// The position's odds class for `seat`
    /// ([`Evaluate::wdl_class`](super::Evaluate::wdl_class); 0 in a variant
    /// with one model): [`calibration_of`] reads the sample with that
    /// class's model, and a fit of one class takes only its samples.
    pub class: usize,
}

/// What [`fit`] may adjust beyond the scale.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct FitOptions {
    /// The number of seats (2 or 4).
    pub seats: u8,
    /// Fit a draw width (otherwise 0: a game without draws).
    pub draws: bool,
    /// Fit seat 0's offset (two seats; seat 1's is its negative).
    pub seat_offset: bool,
    /// Fit the tempo (two seats).
    pub tempo: bool,
    /// Fit the curve's shape `p` (otherwise 1, the logistic).
    pub power: bool,
    /// Fit a draw floor `δ` (otherwise 0; see [`WdlModel::draw_floor`]).
    pub draw_floor: bool,
    /// With `draw_floor`, also fit how far it reaches (otherwise the same
    /// floor at every score; see [`WdlModel::draw_floor_width`]).
    pub draw_floor_width: bool,
    /// Clamp raw scores to ±this (not fitted; see [`WdlModel::clamp`]).
    pub clamp: f64,
}

/// The negative mean log-likelihood of `samples` under `m`.
fn cost(m: &WdlModel, samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = m.probabilities(s.score, s.seat);
            let k = match s.result {
                SeatResult::Win => 0,
                SeatResult::Draw => 1,
                SeatResult::Loss => 2,
            };
            -p[k].max(1e-12).ln()
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The model of parameter vector `v` under `opt`: `[ln b, c / 100, t / 100,
/// a / 100 (four seats), ln d (draws), ln p, logit δ, ln(w / 100)]`, each
/// only if `opt` asks.
fn model_of(v: &[f64], opt: FitOptions) -> WdlModel {
    let scale = v[0].exp();
    let mut k = 1;
    let offset = if opt.seat_offset && opt.seats == 2 {
        k += 1;
        v[k - 1] * 100.0
    } else {
        0.0
    };
    let tempo = if opt.tempo && opt.seats == 2 {
        k += 1;
        v[k - 1] * 100.0
    } else {
        0.0
    };
    let win = if opt.seats > 2 {
        k += 1;
        Some(v[k - 1] * 100.0)
    } else {
        None
    };
    let draw_width = if opt.draws {
        k += 1;
        v[k - 1].exp()
    } else {
        0.0
    };
    let power = if opt.power {
        k += 1;
        v[k - 1].exp()
    } else {
        1.0
    };
    let draw_floor = if opt.draw_floor {
        k += 1;
        sigma(v[k - 1])
    } else {
        0.0
    };
    let width = if opt.draw_floor && opt.draw_floor_width { v[k].exp() * 100.0 } else { f64::INFINITY };
    let mut m = WdlModel::two_seats(scale, draw_width, offset, tempo)
        .with_power(power)
        .with_clamp(opt.clamp)
        .with_draw_floor(draw_floor)
        .with_draw_floor_width(width);
    m.seats = opt.seats;
    if let Some(a) = win {
        m.win_offset = a;
        m.seat_offsets = [0.0; 4];
    }
    m
}

/// Solves `a x = b` (a small dense system) by Gaussian elimination with
/// partial pivoting; `None` if singular.
// Row and column indices are the algorithm here; iterators would hide them.
#[allow(clippy::needless_range_loop)]
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..n {
            let f = a[row][col] / a[col][col];
            for k in col..n {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    Some(x)
}

/// Fits a [`WdlModel`] to `samples` by maximum likelihood: a damped Newton
/// method (Levenberg–Marquardt) on the negative log-likelihood, with
/// derivatives by finite differences, over the scale's logarithm, the seat
/// offset, tempo and win offset (in pawns), the logarithms of the draw
/// width and the shape, the log-odds of the draw floor and the logarithm of
/// its width, as `options` asks. Deterministic.
///
/// With four seats the descent also starts from a second point read off
/// the samples (a scale of the scores' spread, the win offset that
/// predicts the observed win rate at their mean) and keeps the better end:
/// positions whose scores sit far from 0 (Royale with two kings left)
/// start the first point on a flat part of the curve, where the descent
/// stalls.
#[must_use]
pub fn fit(samples: &[Sample], options: FitOptions) -> WdlModel {
    let mut v = vec![200f64.ln()];
    if options.seat_offset && options.seats == 2 {
        // Start at the mean score seat 0 sees.
        let seat0: Vec<f64> =
            samples.iter().map(|s| if s.seat.index() == 0 { s.score } else { -s.score }).collect();
        v.push(seat0.iter().sum::<f64>() / seat0.len().max(1) as f64 / 100.0);
    }
    if options.tempo && options.seats == 2 {
        v.push(0.0);
    }
    if options.seats > 2 {
        v.push(2.0 * f64::from(options.seats - 1).ln());
    }
    if options.draws {
        v.push(100f64.ln());
    }
    if options.power {
        v.push(0.0);
    }
    if options.draw_floor {
        // Start at δ = 5%.
        v.push((0.05f64 / 0.95).ln());
        if options.draw_floor_width {
            // Start far out: 500 pawns.
            v.push(500f64.ln());
        }
    }
    let mut best = descend(samples, options, v.clone());
    if options.seats > 2 && !samples.is_empty() {
        let n = samples.len() as f64;
        let clamp = |x: f64| x.clamp(-options.clamp, options.clamp);
        let mean = samples.iter().map(|s| clamp(s.score)).sum::<f64>() / n;
        let spread =
            (samples.iter().map(|s| (clamp(s.score) - mean).powi(2)).sum::<f64>() / n).sqrt().max(100.0);
        let won = samples.iter().filter(|s| s.result == SeatResult::Win).count() as f64;
        let rate = ((won + 0.5) / (n + 1.0)).clamp(1e-3, 1.0 - 1e-3);
        let mut w = v;
        w[0] = spread.ln();
        // The win offset follows the scale (and the seat offsets, absent
        // with four seats).
        w[1] = (mean + spread * ((1.0 - rate) / rate).ln()) / 100.0;
        let other = descend(samples, options, w);
        if other.1 < best.1 {
            best = other;
        }
    }
    model_of(&best.0, options)
}

/// The damped Newton descent of [`fit`] from parameter vector `v`: the
/// parameters it ends at and their cost.
// The Hessian is filled by (row, column) index, symmetric.
#[allow(clippy::needless_range_loop)]
fn descend(samples: &[Sample], options: FitOptions, mut v: Vec<f64>) -> (Vec<f64>, f64) {
    let f = |v: &[f64]| cost(&model_of(v, options), samples);
    let n = v.len();
    let h = 1e-4;
    let mut fx = f(&v);
    let mut lambda = 1e-3;
    for _ in 0..200 {
        let at = |d: &[(usize, f64)]| {
            let mut w = v.clone();
            for &(i, s) in d {
                w[i] += s;
            }
            f(&w)
        };
        let grad: Vec<f64> = (0..n).map(|i| (at(&[(i, h)]) - at(&[(i, -h)])) / (2.0 * h)).collect();
        let mut hess = vec![vec![0.0; n]; n];
        for i in 0..n {
            for j in i..n {
                let value = if i == j {
                    (at(&[(i, h)]) - 2.0 * fx + at(&[(i, -h)])) / (h * h)
                } else {
                    (at(&[(i, h), (j, h)]) - at(&[(i, h), (j, -h)]) - at(&[(i, -h), (j, h)])
                        + at(&[(i, -h), (j, -h)]))
                        / (4.0 * h * h)
                };
                hess[i][j] = value;
                hess[j][i] = value;
            }
        }
        if grad.iter().map(|g| g * g).sum::<f64>().sqrt() < 1e-9 {
            break;
        }
        let mut improved = false;
        for _ in 0..30 {
            let mut a = hess.clone();
            for (i, row) in a.iter_mut().enumerate() {
                row[i] += lambda * (1.0 + row[i].abs());
            }
            let Some(step) = solve(a, grad.iter().map(|g| -g).collect()) else {
                lambda *= 10.0;
                continue;
            };
            let trial: Vec<f64> = v.iter().zip(&step).map(|(x, s)| x + s.clamp(-2.0, 2.0)).collect();
            let ft = f(&trial);
            if ft.is_finite() && ft < fx {
                v = trial;
                fx = ft;
                lambda = (lambda / 4.0).max(1e-9);
                improved = true;
                break;
            }
            lambda *= 4.0;
        }
        if !improved {
            break;
        }
    }
    (v, fx)
}

/// One group of [`Calibration::deciles`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Bin {
    /// Samples in the group.
    pub count: usize,
    /// The lowest and highest predicted win chance in the group.
    pub range: (f64, f64),
    /// The mean predicted win chance.
    pub predicted: f64,
    /// The observed win rate.
    pub observed: f64,
}

/// How well a model predicts results it was not fitted on.
#[derive(Clone, PartialEq, Debug)]
pub struct Calibration {
    /// Ten groups of equal size (±1), by predicted win chance: the deciles.
    pub deciles: Vec<Bin>,
    /// The Brier score of the win chance: the mean of (win chance − won)².
    pub brier_win: f64,
    /// The Brier score of the three odds: the mean of the sum over win,
    /// draw and loss of (chance − happened)².
    pub brier_wdl: f64,
    /// The largest gap between predicted and observed win rate over the
    /// deciles.
    pub max_gap: f64,
}

/// Calibration of `model` on `samples` (see [`Calibration`]), whatever
/// their class.
#[must_use]
pub fn calibration(model: &WdlModel, samples: &[Sample]) -> Calibration {
    // Every class beyond the one model falls back to it.
    calibration_of(core::slice::from_ref(model), samples)
}

/// Calibration of a variant's models on `samples`, each read by the model
/// of its class (`models[class]`; the last one for a class beyond them):
/// the deciles mix the classes, as a user's positions do.
#[must_use]
pub fn calibration_of(models: &[WdlModel], samples: &[Sample]) -> Calibration {
    let model_of = |s: &Sample| models.get(s.class).or(models.last()).copied().unwrap_or(WdlModel::ELO);
    let mut rows: Vec<([f64; 3], SeatResult)> =
        samples.iter().map(|s| (model_of(s).probabilities(s.score, s.seat), s.result)).collect();
    rows.sort_by(|a, b| a.0[0].total_cmp(&b.0[0]));
    let n = rows.len();
    let mut deciles = Vec::new();
    for k in 0..10 {
        let group = &rows[n * k / 10..n * (k + 1) / 10];
        if group.is_empty() {
            continue;
        }
        let count = group.len();
        let predicted = group.iter().map(|r| r.0[0]).sum::<f64>() / count as f64;
        let observed = group.iter().filter(|r| r.1 == SeatResult::Win).count() as f64 / count as f64;
        deciles.push(Bin { count, range: (group[0].0[0], group[count - 1].0[0]), predicted, observed });
    }
    let (mut bw, mut b3) = (0.0, 0.0);
    for (p, r) in &rows {
        let o = match r {
            SeatResult::Win => [1.0, 0.0, 0.0],
            SeatResult::Draw => [0.0, 1.0, 0.0],
            SeatResult::Loss => [0.0, 0.0, 1.0],
        };
        bw += (p[0] - o[0]).powi(2);
        b3 += (0..3).map(|k| (p[k] - o[k]).powi(2)).sum::<f64>();
    }
    let max_gap = deciles.iter().map(|b| (b.predicted - b.observed).abs()).fold(0.0, f64::max);
    let nf = n.max(1) as f64;
    Calibration { deciles, brier_win: bw / nf, brier_wdl: b3 / nf, max_gap }
}

impl fmt::Display for Calibration {
    /// A Markdown table: one row per decile, then the Brier scores.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "| decile | positions | predicted win range | predicted win | observed win | gap |")?;
        writeln!(f, "|---:|---:|---|---:|---:|---:|")?;
        for (k, b) in self.deciles.iter().enumerate() {
            writeln!(
                f,
                "| {} | {} | {:.1}–{:.1}% | {:.1}% | {:.1}% | {:+.1} |",
                k + 1,
                b.count,
                100.0 * b.range.0,
                100.0 * b.range.1,
                100.0 * b.predicted,
                100.0 * b.observed,
                100.0 * (b.predicted - b.observed)
            )?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "Brier score: {:.4} (win chance), {:.4} (win/draw/loss); largest gap {:.1} points",
            self.brier_win,
            self.brier_wdl,
            100.0 * self.max_gap
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    const SOV: WdlModel = WdlModel::two_seats(180.0, 120.0, 0.0, 0.0);
    const ASYM: WdlModel = WdlModel::two_seats(250.0, 0.0, -1200.0, 90.0);

    fn royale() -> WdlModel {
        WdlModel {
            seats: 4,
            scale: 300.0,
            win_offset: 330.0,
            draw_width: 60.0,
            seat_offsets: [0.0; 4],
            tempo: 0.0,
            power: 0.8,
            clamp: 1e6,
            draw_floor: 0.0,
            draw_floor_width: f64::INFINITY,
            below: None,
        }
    }

    #[test]
    fn a_model_hands_scores_below_its_level_to_the_other() {
        static LOW: WdlModel = WdlModel::two_seats(900.0, 0.0, -5000.0, 0.0);
        let m = SOV.reading_below(-2000.0, &LOW);
        for raw in [-1999, -1000, 0, 300, 4000] {
            let s = Score(raw);
            assert_eq!(m.wdl(s, Seat(0)), SOV.wdl(s, Seat(0)), "{raw} is read by the model itself");
            assert_eq!(m.normalise(s, Seat(1)), SOV.normalise(s, Seat(1)));
        }
        for raw in [-2001, -5000, -9000] {
            let s = Score(raw);
            assert_eq!(m.wdl(s, Seat(0)), LOW.wdl(s, Seat(0)), "{raw} is read by the lower model");
            assert_eq!(m.normalise(s, Seat(1)), LOW.normalise(s, Seat(1)));
            assert_ne!(m.wdl(s, Seat(0)), SOV.wdl(s, Seat(0)), "the two models differ at {raw}");
        }
        // Forced results stay forced.
        assert_eq!(m.wdl(Score::win_in(2), Seat(0)).win, 1000);
        assert_eq!(m.reader(-2001.0), &LOW);
        assert_eq!(m.reader(-2000.0), &m);
        // Two models that hand scores to each other read them once each.
        static A: WdlModel = SOV.reading_below(0.0, &B);
        static B: WdlModel = ASYM.reading_below(100.0, &A);
        assert_eq!(A.wdl(Score(-50), Seat(0)), ASYM.wdl(Score(-50), Seat(0)));
        assert_eq!(B.normalise(Score(50), Seat(0)), SOV.normalise(Score(50), Seat(0)));
    }

    #[test]
    fn odds_sum_to_1000_and_are_monotone() {
        let fading = ASYM.with_draw_floor(0.25).with_draw_floor_width(900.0);
        for m in [SOV, ASYM, royale(), WdlModel::ELO, SOV.with_draw_floor(0.25), fading] {
            for seat in [Seat(0), Seat(1)] {
                let mut last = Wdl { win: 0, draw: 0, loss: 1000 };
                for cp in (-5000..=5000).step_by(37) {
                    let w = m.wdl(Score(cp), seat);
                    assert_eq!(u32::from(w.win) + u32::from(w.draw) + u32::from(w.loss), 1000, "{m:?} {cp}");
                    assert!(w.win >= last.win && w.loss <= last.loss, "{m:?} {cp}: {w:?} after {last:?}");
                    last = w;
                    let n = m.normalise(Score(cp), seat);
                    assert!(n >= m.normalise(Score(cp - 37), seat));
                }
            }
        }
    }

    #[test]
    fn forced_results_are_certain() {
        for m in [SOV, ASYM, royale()] {
            assert_eq!(m.wdl(Score::win_in(5), Seat(1)).to_array(), [1000, 0, 0]);
            assert_eq!(m.wdl(Score::loss_in(0), Seat(0)).to_array(), [0, 0, 1000]);
            assert_eq!(m.normalise(Score::win_in(5), Seat(0)), Score::win_in(5));
            assert_eq!(m.expected(Score::loss_in(2), Seat(0)), 0.0);
        }
    }

    #[test]
    fn symmetric_models_are_even_at_zero() {
        let w = SOV.wdl(Score(0), Seat(0));
        assert_eq!(w.win, w.loss);
        assert!((SOV.expected(Score(0), Seat(1)) - 0.5).abs() < 1e-12);
        assert_eq!(SOV.normalise(Score(0), Seat(0)), Score(0));
        // The two seats agree: seat 0 to move at +s is seat 1, not to move, at −s.
        for cp in [-700, -90, 0, 45, 1300] {
            let a = ASYM.wdl(Score(cp), Seat(0));
            let b = ASYM.wdl_for(Score(-cp), Seat(1), false);
            assert_eq!((a.win, a.loss), (b.loss, b.win));
            let n = ASYM.normalise_for(Score(-cp), Seat(1), false);
            assert_eq!(ASYM.normalise(Score(cp), Seat(0)).0, -n.0);
        }
    }

    #[test]
    fn normalised_pawn_is_64_percent() {
        // Find the raw score with E = 1/(1+10^(-1/4)) and check it shows +1.00.
        for m in [SOV, ASYM] {
            let target = 1.0 / (1.0 + 10f64.powf(-0.25));
            let raw = (-3000..3000).min_by(|&a, &b| {
                let ea = (m.expected(Score(a), Seat(0)) - target).abs();
                let eb = (m.expected(Score(b), Seat(0)) - target).abs();
                ea.total_cmp(&eb)
            });
            let n = m.normalise(Score(raw.unwrap()), Seat(0)).0;
            assert!((n - 100).abs() <= 1, "{n}");
        }
        // Four seats: 0 at a quarter, whatever the offsets.
        let r = royale();
        let zero = (-3000..3000).min_by_key(|&s| r.normalise(Score(s), Seat(2)).0.abs()).unwrap();
        assert!((r.expected(Score(zero), Seat(2)) - 0.25).abs() < 0.002);
    }

    fn synthetic(m: &WdlModel, n: usize, seed: u64) -> Vec<Sample> {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..n)
            .map(|i| {
                let seat = Seat((i % usize::from(m.seats)) as u8);
                let score = rng.random_range(-1500.0..1500.0) + m.seat_offsets[seat.index()] + m.tempo;
                let [w, d, _] = m.probabilities(score, seat);
                let u: f64 = rng.random();
                let result = if u < w {
                    SeatResult::Win
                } else if u < w + d {
                    SeatResult::Draw
                } else {
                    SeatResult::Loss
                };
                Sample { score, seat, result, class: 0 }
            })
            .collect()
    }

    /// Fit options of a two-seat game with offset and tempo, clamping at ±1e6.
    fn two_seats_fit(draws: bool, power: bool, draw_floor: bool) -> FitOptions {
        FitOptions {
            seats: 2,
            draws,
            seat_offset: true,
            tempo: true,
            power,
            draw_floor,
            draw_floor_width: false,
            clamp: 1e6,
        }
    }

    #[test]
    fn fit_recovers_known_constants() {
        let data = synthetic(&SOV, 20_000, 1);
        let m = fit(&data, two_seats_fit(true, true, false));
        assert!((m.scale - 180.0).abs() < 12.0, "{m:?}");
        assert!((m.draw_width - 120.0).abs() < 15.0 && (m.power - 1.0).abs() < 0.08, "{m:?}");
        assert!(m.seat_offsets[0].abs() < 15.0 && m.tempo.abs() < 15.0, "{m:?}");

        let data = synthetic(&ASYM, 20_000, 2);
        let m = fit(&data, two_seats_fit(false, false, false));
        assert!((m.scale - 250.0).abs() < 15.0, "{m:?}");
        assert!((m.seat_offsets[0] + 1200.0).abs() < 20.0, "{m:?}");
        assert_eq!(m.seat_offsets[1], -m.seat_offsets[0]);
        assert!((m.tempo - 90.0).abs() < 20.0, "{m:?}");

        let truth = royale();
        let data = synthetic(&truth, 20_000, 3);
        let m = fit(
            &data,
            FitOptions {
                seats: 4,
                draws: true,
                seat_offset: false,
                tempo: false,
                power: true,
                draw_floor: false,
                draw_floor_width: false,
                clamp: 1e6,
            },
        );
        assert!((m.scale - 300.0).abs() < 25.0, "{m:?}");
        assert!((m.win_offset - 330.0).abs() < 30.0, "{m:?}");
        assert!((m.draw_width - 60.0).abs() < 25.0, "{m:?}");
        assert!((m.power - 0.8).abs() < 0.08, "{m:?}");
    }

    #[test]
    fn fit_recovers_a_draw_floor() {
        let truth = WdlModel::two_seats(400.0, 150.0, 200.0, 50.0).with_draw_floor(0.2);
        let data = synthetic(&truth, 30_000, 5);
        let m = fit(&data, two_seats_fit(true, false, true));
        assert!((m.draw_floor - 0.2).abs() < 0.03, "{m:?}");
        assert!((m.scale - 400.0).abs() < 50.0 && (m.seat_offsets[0] - 200.0).abs() < 40.0, "{m:?}");
        // Far ahead, a fifth of the games is still drawn, and the expected
        // result (and so the normalised score) stops short of a certain win.
        let far = truth.probabilities(100_000.0, Seat(0));
        assert!((far[1] - 0.2).abs() < 1e-6 && (far[0] - 0.8).abs() < 1e-6, "{far:?}");
        let e = truth.expected(Score(100_000), Seat(0));
        assert!((e - 0.9).abs() < 1e-6, "{e}");
        let n = truth.normalise(Score(100_000), Seat(0));
        assert!((n.0 - (400.0 * 9f64.log10()).round() as i32).abs() <= 1, "{n:?}");
        // Even stays even.
        assert_eq!(truth.normalise(Score(250), Seat(0)), Score(0));
    }

    #[test]
    fn fit_recovers_a_fading_draw_floor() {
        let truth = WdlModel::two_seats(300.0, 100.0, -150.0, 30.0)
            .with_draw_floor(0.2)
            .with_draw_floor_width(1500.0);
        let data = synthetic(&truth, 40_000, 6);
        let m = fit(&data, FitOptions { draw_floor_width: true, ..two_seats_fit(true, false, true) });
        assert!((m.draw_floor - 0.2).abs() < 0.03, "{m:?}");
        assert!((m.draw_floor_width - 1500.0).abs() < 300.0, "{m:?}");
        // A constant floor on the same games fits them worse: it keeps
        // drawing a fifth of the won positions.
        let constant = fit(&data, two_seats_fit(true, false, true));
        assert!(cost(&m, &data) < cost(&constant, &data), "{m:?} {constant:?}");
        // The floor fades: at the offset score it is δ, far out nearly 0,
        // so a far-ahead seat wins almost surely (the constant floor caps it).
        let at = |raw: f64| truth.probabilities(raw, Seat(0));
        // (x = raw − c − t = 0 at raw −120: the whole floor on top of the
        // curves' own draws.)
        let curves = truth.with_draw_floor(0.0).probabilities(-120.0, Seat(0));
        assert!((at(-120.0)[1] - (0.2 + 0.8 * curves[1])).abs() < 1e-9, "{:?}", at(-120.0));
        assert!(at(20_000.0)[0] > 0.99, "{:?}", at(20_000.0));
        assert!(truth.expected(Score(20_000), Seat(0)) > 0.99);
    }

    #[test]
    fn calibration_of_the_true_model_is_close() {
        let data = synthetic(&SOV, 20_000, 4);
        let c = calibration(&SOV, &data);
        assert_eq!(c.deciles.len(), 10);
        assert!(c.max_gap < 0.03, "{c}");
        assert!(c.brier_win < 0.25 && c.brier_wdl < c.brier_win * 3.0, "{c}");
        assert!(c.to_string().contains("| 10 |"));
    }

    #[test]
    fn calibration_of_reads_each_class_with_its_model() {
        // Two kinds of position whose scores mean different chances: a
        // class-1 score of 0 is worth what a class-0 score of +800 is.
        let shifted = WdlModel::two_seats(180.0, 120.0, -800.0, 0.0);
        let mut data = synthetic(&SOV, 10_000, 7);
        data.extend(synthetic(&shifted, 10_000, 8).into_iter().map(|s| Sample { class: 1, ..s }));
        let both = calibration_of(&[SOV, shifted], &data);
        assert!(both.max_gap < 0.03, "{both}");
        // One model for all misreads the second class.
        let one = calibration(&SOV, &data);
        assert!(one.max_gap > 0.05 && one.brier_win > both.brier_win, "{one}");
        // A class beyond the models falls back to the last one.
        assert_eq!(calibration_of(&[SOV], &data).max_gap, one.max_gap);
        // Each class fitted on its own samples finds its model.
        let own: Vec<Sample> = data.iter().filter(|s| s.class == 1).copied().collect();
        let m = fit(&own, two_seats_fit(true, false, false));
        assert!((m.seat_offsets[0] + 800.0).abs() < 80.0, "{m:?}");
    }
}
