//! The statistics of `motley match`: the Elo difference with its 95% error
//! bar and the sequential probability ratio test of `--sprt elo0,elo1`.
//!
//! # Which test, and why
//! Games are played in *pairs*: the same opening twice, the players' seats
//! swapped (see [`crate::tournament`]). The two games of a pair are not
//! independent (an opening that favours one seat favours it in both), so the
//! test counts pairs, not games: a pair scores 0, ½, 1, 1½ or 2 points for
//! player A, the *pentanomial* model fastchess and OpenBench use. Counting
//! games one by one (the *trinomial* model, win/draw/loss, as cutechess
//! does) overstates the variance when openings are unbalanced and so needs
//! more games for the same decision; [`Trinomial`] is kept for reporting
//! unpaired games and for comparison.
//!
//! The LLR is the generalized SPRT (GSPRT) of Michel Van den Bergh, as used
//! by fastchess and fishtest: with `n` pairs whose per-pair score (in points
//! per game, 0 to 1) has mean `m` and variance `v`, and `s0`, `s1` the
//! expected scores of the hypotheses,
//!
//! ```text
//! LLR = n (s1 - s0) (2m - s0 - s1) / (2v)
//! ```
//!
//! the log-likelihood ratio of two normal approximations with the sample
//! variance. The hypotheses are *logistic* Elo differences (`s = 1 / (1 +
//! 10^(-elo/400))`), the scale of `--sprt elo0,elo1` and of the reported
//! Elo. The test stops when the LLR leaves `(ln(β/(1-α)), ln((1-β)/α))`:
//! above, H1 (A is at least `elo1` stronger) is accepted; below, H0 (at most
//! `elo0`). With α = β = 0.05 the bounds are ±2.94.
//!
//! A sample with zero variance (every pair scored the same) has no LLR; its
//! mean and variance are then taken with half a pair added at each extreme
//! (a pair lost and a pair won), a prior that vanishes as pairs come in: one
//! drawn pair decides nothing (LLR near 0), while a run of won pairs still
//! ends the test (after about ten pairs at `0,10`). fishtest's 0.001
//! pseudo-count would accept H0 after a single drawn pair.

/// The expected score (0 to 1) of a player `elo` logistic Elo stronger.
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference of an expected score (clamped to ±2000 near 0 and 1).
#[must_use]
pub fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-5, 1.0 - 1e-5);
    // `+ 0.0` turns -0 into 0 (an even score prints as +0.0).
    (-400.0 * (1.0 / s - 1.0).log10()).clamp(-2000.0, 2000.0) + 0.0
}

/// Mean and variance of a sample given as `(value, count)` pairs, with the
/// zero-variance regularization of the [module doc](self); `None` when empty.
fn moments(sample: &[(f64, f64)]) -> Option<(f64, f64, f64)> {
    let stats = |sample: &[(f64, f64)]| {
        let n: f64 = sample.iter().map(|&(_, c)| c).sum();
        let mean = sample.iter().map(|&(x, c)| x * c).sum::<f64>() / n;
        let var = sample.iter().map(|&(x, c)| c * (x - mean).powi(2)).sum::<f64>() / n;
        (n, mean, var)
    };
    let n: f64 = sample.iter().map(|&(_, c)| c).sum();
    if n <= 0.0 {
        return None;
    }
    let (n, mean, var) = stats(sample);
    if var > 0.0 {
        return Some((n, mean, var));
    }
    let mut regular = sample.to_vec();
    regular.extend([(0.0, 0.5), (1.0, 0.5)]);
    let (_, mean_r, var_r) = stats(&regular);
    Some((n, mean_r, var_r))
}

/// The GSPRT log-likelihood ratio of the [module doc](self) for a sample of
/// scores (0 to 1, with counts) between Elo `elo0` and `elo1`.
fn llr_of(sample: &[(f64, f64)], elo0: f64, elo1: f64) -> f64 {
    let Some((n, mean, var)) = moments(sample) else { return 0.0 };
    if var <= 0.0 {
        return 0.0;
    }
    let (s0, s1) = (expected_score(elo0), expected_score(elo1));
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
}

/// An Elo difference with its 95% error bar.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct EloEstimate {
    /// The Elo difference of the mean score.
    pub elo: f64,
    /// Half the width of the 95% interval (`elo ± error_95`, as fastchess prints it).
    pub error_95: f64,
    /// The interval's lower end (the Elo of mean − 1.96 standard errors).
    pub lower: f64,
    /// The interval's upper end.
    pub upper: f64,
}

impl EloEstimate {
    fn of(sample: &[(f64, f64)]) -> Option<Self> {
        let (n, mean, var) = moments(sample)?;
        let se = (var / n).sqrt();
        let (lower, upper) = (elo_of(mean - 1.96 * se), elo_of(mean + 1.96 * se));
        Some(EloEstimate { elo: elo_of(mean), error_95: (upper - lower) / 2.0, lower, upper })
    }
}

/// A tally of results for player A, pair by pair ([`Pentanomial`]) or
/// game by game ([`Trinomial`]): the scores it saw with their counts, from
/// which the LLR and the Elo estimate follow alike.
pub trait Tally {
    /// Each score A made (as a fraction of the points at stake) with how
    /// often it happened.
    fn sample(&self) -> Vec<(f64, f64)>;

    /// The GSPRT LLR between `elo0` and `elo1` (0 with nothing counted).
    #[must_use]
    fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        llr_of(&self.sample(), elo0, elo1)
    }

    /// A's Elo difference with its error bar (`None` with nothing counted).
    #[must_use]
    fn elo(&self) -> Option<EloEstimate> {
        EloEstimate::of(&self.sample())
    }
}

/// Pair results for player A: `counts[k]` pairs in which A scored `k / 2` points.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Pentanomial {
    /// Pairs scoring 0, ½, 1, 1½ and 2 points for A.
    pub counts: [u32; 5],
}

impl Pentanomial {
    /// Adds a pair in which A scored `points` (0, 0.5, …, 2).
    pub fn add(&mut self, points: f64) {
        let k = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// Pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.counts.iter().sum()
    }
}

impl Tally for Pentanomial {
    /// One point per pair and its share of the pairs: `k / 4` for `k` half points.
    fn sample(&self) -> Vec<(f64, f64)> {
        self.counts.iter().enumerate().map(|(k, &c)| (k as f64 / 4.0, f64::from(c))).collect()
    }
}

/// Game results for player A: wins, draws, losses.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Trinomial {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl Tally for Trinomial {
    /// One game's score (1, ½, 0) and its count.
    fn sample(&self) -> Vec<(f64, f64)> {
        vec![(1.0, f64::from(self.wins)), (0.5, f64::from(self.draws)), (0.0, f64::from(self.losses))]
    }
}

/// What an SPRT has decided so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Decision {
    /// The LLR is between the bounds: play on.
    Continue,
    /// The LLR reached the upper bound: A is at least `elo1` stronger (H1).
    AcceptH1,
    /// The LLR reached the lower bound: A is at most `elo0` stronger (H0).
    AcceptH0,
}

impl Decision {
    /// `"continue"`, `"H1"` or `"H0"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Decision::Continue => "continue",
            Decision::AcceptH1 => "H1",
            Decision::AcceptH0 => "H0",
        }
    }
}

/// A sequential probability ratio test: `--sprt elo0,elo1` with its error rates.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1 (above `elo0`).
    pub elo1: f64,
    /// The false-positive rate (accepting H1 when H0 holds).
    pub alpha: f64,
    /// The false-negative rate.
    pub beta: f64,
}

/// A malformed `--sprt`.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected `elo0,elo1` with elo0 < elo1 (for example `0,5`), got `{0}`")]
pub struct ParseSprtError(pub String);

impl core::str::FromStr for Sprt {
    type Err = ParseSprtError;

    /// `elo0,elo1`, α = β = 0.05.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || ParseSprtError(text.to_owned());
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(bad());
        }
        Ok(Sprt { elo0, elo1, alpha: 0.05, beta: 0.05 })
    }
}

impl Sprt {
    /// The lower bound `ln(β / (1 − α))`.
    #[must_use]
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound `ln((1 − β) / α)`.
    #[must_use]
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The decision at log-likelihood ratio `llr`.
    #[must_use]
    pub fn decide(&self, llr: f64) -> Decision {
        if llr >= self.upper() {
            Decision::AcceptH1
        } else if llr <= self.lower() {
            Decision::AcceptH0
        } else {
            Decision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn bounds_at_five_percent() {
        let sprt: Sprt = "0,5".parse().expect("valid");
        // ln(0.05 / 0.95) and ln(0.95 / 0.05) = ±ln 19.
        assert!(close(sprt.lower(), -(19f64.ln())));
        assert!(close(sprt.upper(), 19f64.ln()));
        assert!((sprt.upper() - 2.944_438_979).abs() < 1e-8);
        assert_eq!(sprt.decide(3.0), Decision::AcceptH1);
        assert_eq!(sprt.decide(-3.0), Decision::AcceptH0);
        assert_eq!(sprt.decide(0.0), Decision::Continue);
        assert!("5,0".parse::<Sprt>().is_err());
        assert!("5".parse::<Sprt>().is_err());
        assert!("a,b".parse::<Sprt>().is_err());
    }

    #[test]
    fn logistic_elo_and_score() {
        assert!(close(expected_score(0.0), 0.5));
        // 400 Elo: odds of 10 to 1.
        assert!(close(expected_score(400.0), 10.0 / 11.0));
        assert!(close(elo_of(10.0 / 11.0), 400.0));
        assert!(close(elo_of(0.75), 400.0 * 3f64.log10()));
    }

    /// Pentanomial counts [1, 4, 10, 6, 3] (24 pairs), worked by hand:
    /// points per game 0, ¼, ½, ¾, 1; sum = 0 + 1 + 5 + 4.5 + 3 = 13.5, so
    /// m = 13.5 / 24 = 0.5625; v = Σ c (x − m)² / 24 with deviations
    /// −0.5625, −0.3125, −0.0625, 0.1875, 0.4375:
    /// 0.31640625 + 4 × 0.09765625 + 10 × 0.00390625 + 6 × 0.03515625
    /// + 3 × 0.19140625 = 1.53125, v = 0.0638020833…
    #[test]
    fn pentanomial_llr_by_hand() {
        let mut p = Pentanomial::default();
        for (k, &c) in [1u32, 4, 10, 6, 3].iter().enumerate() {
            for _ in 0..c {
                p.add(k as f64 / 2.0);
            }
        }
        assert_eq!(p.counts, [1, 4, 10, 6, 3]);
        let (m, v) = (0.5625, 1.53125 / 24.0);
        let s0 = 0.5;
        let s1 = 1.0 / (1.0 + 10f64.powf(-10.0 / 400.0));
        let want = 24.0 * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v);
        assert!(close(p.llr(0.0, 10.0), want), "{} vs {want}", p.llr(0.0, 10.0));
        // The Elo of 0.5625 and its error bar: se = √(v / 24).
        let e = p.elo().expect("pairs");
        assert!(close(e.elo, -400.0 * (1.0 / m - 1.0f64).log10()));
        let se = (v / 24.0).sqrt();
        let lo = -400.0 * (1.0 / (m - 1.96 * se) - 1.0f64).log10();
        let hi = -400.0 * (1.0 / (m + 1.96 * se) - 1.0f64).log10();
        assert!(close(e.lower, lo) && close(e.upper, hi));
        assert!(close(e.error_95, (hi - lo) / 2.0));
    }

    /// 30 wins, 40 draws, 30 losses: m = 0.5, v = 0.3 × 0.25 × 2 = 0.15.
    #[test]
    fn trinomial_llr_by_hand() {
        let t = Trinomial { wins: 30, draws: 40, losses: 30 };
        let s1 = expected_score(5.0);
        let want = 100.0 * (s1 - 0.5) * (2.0 * 0.5 - 0.5 - s1) / (2.0 * 0.15);
        assert!(close(t.llr(0.0, 5.0), want));
        assert!(t.llr(0.0, 5.0) < 0.0, "an even score leans to H0");
        // Symmetric bounds around an even score give 0.
        assert!(close(t.llr(-5.0, 5.0), 0.0));
        assert!(close(t.elo().expect("games").elo, 0.0));
    }

    #[test]
    fn a_run_of_wins_ends_the_test_and_nothing_is_nothing() {
        let sprt: Sprt = "0,10".parse().expect("valid");
        let mut p = Pentanomial::default();
        assert_eq!(p.llr(0.0, 10.0), 0.0);
        assert!(p.elo().is_none());
        let mut decided = None;
        for pairs in 1..=200 {
            p.add(2.0);
            if sprt.decide(p.llr(sprt.elo0, sprt.elo1)) != Decision::Continue {
                decided = Some(pairs);
                break;
            }
        }
        assert!(decided.is_some_and(|n| n > 3), "all wins accept H1, not at once: {decided:?}");
        assert_eq!(sprt.decide(p.llr(sprt.elo0, sprt.elo1)), Decision::AcceptH1);
        // One drawn pair: with the prior, m = 0.5 and v = (0.5 × 0.25 × 2) / 2
        // = 0.125 over one pair.
        let mut drawn = Pentanomial::default();
        drawn.add(1.0);
        let s1 = expected_score(10.0);
        let want = (s1 - 0.5) * (1.0 - 0.5 - s1) / (2.0 * 0.125);
        assert!(close(drawn.llr(0.0, 10.0), want));
        assert_eq!(sprt.decide(drawn.llr(0.0, 10.0)), Decision::Continue);
    }
}
