//! How well a [`WdlModel`] predicts results it was not fitted on.

use core::fmt;

use motley_core::SeatResult;
use motley_core::search::WdlModel;

use crate::fit::Sample;

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
/// their class (for the tests: the example reads each class with its model).
#[cfg(test)]
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
