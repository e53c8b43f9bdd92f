//! Fitting a [`WdlModel`] to self-play results by maximum likelihood: the
//! constants of the model `motley_core::search::wdl` describes, found with
//! a damped Newton method (Levenberg–Marquardt) on the log-likelihood of
//! [`Sample`]s.

use motley_core::search::WdlModel;
use motley_core::search::wdl::logistic;
use motley_core::{Seat, SeatResult};

/// Offsets, widths and the win offset are fitted in pawns (this many
/// centipawns), so that every parameter is of order 1 for the descent.
const PAWN: f64 = 100.0;
/// The smallest probability the log-likelihood reads, so that one sample
/// the model calls impossible costs much but not infinitely much.
const MIN_PROBABILITY: f64 = 1e-12;
/// A pivot below this makes the Newton system singular.
const SINGULAR_PIVOT: f64 = 1e-300;
/// The scale the descent starts from, in centipawns per unit of log-odds:
/// about what the variants' fits end at.
const START_SCALE: f64 = 200.0;
/// The draw width the descent starts from, in centipawns.
const START_DRAW_WIDTH: f64 = 100.0;
/// The draw floor the descent starts from: 5% of the games drawn.
const START_DRAW_FLOOR: f64 = 0.05;
/// How far the draw floor reaches at the start, in pawns: far out, close
/// to a constant floor.
const START_FLOOR_WIDTH: f64 = 500.0;
/// The least spread of scores the second start of a four-seat fit takes
/// as its scale, in centipawns.
const MIN_START_SPREAD: f64 = 100.0;
/// The least and (one minus) the most win rate the second start of a
/// four-seat fit reads, so that its log-odds stay finite.
const MIN_RATE: f64 = 1e-3;
/// The step of the central differences for the gradient and the Hessian.
const DIFF_STEP: f64 = 1e-4;
/// The damping the descent starts with (Levenberg–Marquardt).
const START_DAMPING: f64 = 1e-3;
/// The least damping: the step never becomes a pure Newton step that
/// ignores how far the quadratic model can be trusted.
const MIN_DAMPING: f64 = 1e-9;
/// How much the damping grows after a step that did not lower the cost,
/// and shrinks after one that did.
const DAMPING_FACTOR: f64 = 4.0;
/// How much the damping grows when the damped system is singular.
const SINGULAR_DAMPING_GROWTH: f64 = 10.0;
/// At most this many Newton steps.
const MAX_STEPS: usize = 200;
/// At most this many tries at more damping per step before the descent
/// stops where it is.
const MAX_DAMPING_TRIES: usize = 30;
/// The descent stops once the gradient is shorter than this.
const GRADIENT_TOLERANCE: f64 = 1e-9;
/// The most one parameter moves in one step.
const MAX_PARAM_STEP: f64 = 2.0;

/// One position of a self-play game, for [`fit()`] and [`calibration()`](crate::calibration::calibration).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sample {
    /// The raw score (centipawns, not a forced result) for `seat`.
    pub score: f64,
    /// The seat the score is seen from (the side to move).
    pub seat: Seat,
    /// That seat's result in the game.
    pub result: SeatResult,
    /// The position's odds class for `seat`
    /// ([`Reading::wdl_class`](motley_core::search::Reading::wdl_class); 0 in a variant
    /// with one model): [`calibration_of`](crate::calibration::calibration_of) reads the sample with that
    /// class's model, and a fit of one class takes only its samples.
    pub class: usize,
}

/// What [`fit()`] may adjust beyond the scale.
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
pub(crate) fn cost(m: &WdlModel, samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = m.probabilities(s.score, s.seat);
            let k = match s.result {
                SeatResult::Win => 0,
                SeatResult::Draw => 1,
                SeatResult::Loss => 2,
            };
            -p[k].max(MIN_PROBABILITY).ln()
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
        v[k - 1] * PAWN
    } else {
        0.0
    };
    let tempo = if opt.tempo && opt.seats == 2 {
        k += 1;
        v[k - 1] * PAWN
    } else {
        0.0
    };
    let win = if opt.seats > 2 {
        k += 1;
        Some(v[k - 1] * PAWN)
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
        logistic(v[k - 1])
    } else {
        0.0
    };
    let width = if opt.draw_floor && opt.draw_floor_width { v[k].exp() * PAWN } else { f64::INFINITY };
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
        if a[pivot][col].abs() < SINGULAR_PIVOT {
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
    let mut v = vec![START_SCALE.ln()];
    if options.seat_offset && options.seats == 2 {
        // Start at the mean score seat 0 sees.
        let seat0: Vec<f64> =
            samples.iter().map(|s| if s.seat.index() == 0 { s.score } else { -s.score }).collect();
        v.push(seat0.iter().sum::<f64>() / seat0.len().max(1) as f64 / PAWN);
    }
    if options.tempo && options.seats == 2 {
        v.push(0.0);
    }
    if options.seats > 2 {
        v.push(2.0 * f64::from(options.seats - 1).ln());
    }
    if options.draws {
        v.push(START_DRAW_WIDTH.ln());
    }
    if options.power {
        v.push(0.0);
    }
    if options.draw_floor {
        v.push((START_DRAW_FLOOR / (1.0 - START_DRAW_FLOOR)).ln());
        if options.draw_floor_width {
            v.push(START_FLOOR_WIDTH.ln());
        }
    }
    let mut best = descend(samples, options, v.clone());
    if options.seats > 2 && !samples.is_empty() {
        let n = samples.len() as f64;
        let clamp = |x: f64| x.clamp(-options.clamp, options.clamp);
        let mean = samples.iter().map(|s| clamp(s.score)).sum::<f64>() / n;
        let spread = (samples.iter().map(|s| (clamp(s.score) - mean).powi(2)).sum::<f64>() / n)
            .sqrt()
            .max(MIN_START_SPREAD);
        let won = samples.iter().filter(|s| s.result == SeatResult::Win).count() as f64;
        let rate = ((won + 0.5) / (n + 1.0)).clamp(MIN_RATE, 1.0 - MIN_RATE);
        let mut w = v;
        w[0] = spread.ln();
        // The win offset follows the scale (and the seat offsets, absent
        // with four seats).
        w[1] = (mean + spread * ((1.0 - rate) / rate).ln()) / PAWN;
        let other = descend(samples, options, w);
        if other.1 < best.1 {
            best = other;
        }
    }
    model_of(&best.0, options)
}

/// The damped Newton descent of [`fit()`] from parameter vector `v`: the
/// parameters it ends at and their cost.
fn descend(samples: &[Sample], options: FitOptions, mut v: Vec<f64>) -> (Vec<f64>, f64) {
    let f = |v: &[f64]| cost(&model_of(v, options), samples);
    let mut fx = f(&v);
    let mut lambda = START_DAMPING;
    for _ in 0..MAX_STEPS {
        let (grad, hess) = derivatives(&f, &v, fx);
        if grad.iter().map(|g| g * g).sum::<f64>().sqrt() < GRADIENT_TOLERANCE {
            break;
        }
        let Some((trial, ft)) = damped_step(&f, (&v, fx), &grad, &hess, &mut lambda) else {
            break;
        };
        v = trial;
        fx = ft;
    }
    (v, fx)
}

/// The gradient and Hessian of `f` at `v` (where it is `fx`), by central
/// differences.
// The Hessian is filled by (row, column) index, symmetric.
#[allow(clippy::needless_range_loop)]
fn derivatives(f: &impl Fn(&[f64]) -> f64, v: &[f64], fx: f64) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = v.len();
    let h = DIFF_STEP;
    let at = |d: &[(usize, f64)]| {
        let mut w = v.to_vec();
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
    (grad, hess)
}

/// One damped Newton step from `v` (where `f` is `fx`): the damping
/// `lambda` grows until a step lowers the cost (then shrinks again); the
/// point it reaches and its cost, or `None` if no damping helps.
fn damped_step(
    f: &impl Fn(&[f64]) -> f64,
    (v, fx): (&[f64], f64),
    grad: &[f64],
    hess: &[Vec<f64>],
    lambda: &mut f64,
) -> Option<(Vec<f64>, f64)> {
    for _ in 0..MAX_DAMPING_TRIES {
        let mut a = hess.to_vec();
        for (i, row) in a.iter_mut().enumerate() {
            row[i] += *lambda * (1.0 + row[i].abs());
        }
        let Some(step) = solve(a, grad.iter().map(|g| -g).collect()) else {
            *lambda *= SINGULAR_DAMPING_GROWTH;
            continue;
        };
        let trial: Vec<f64> =
            v.iter().zip(&step).map(|(x, s)| x + s.clamp(-MAX_PARAM_STEP, MAX_PARAM_STEP)).collect();
        let ft = f(&trial);
        if ft.is_finite() && ft < fx {
            *lambda = (*lambda / DAMPING_FACTOR).max(MIN_DAMPING);
            return Some((trial, ft));
        }
        *lambda *= DAMPING_FACTOR;
    }
    None
}
