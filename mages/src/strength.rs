//! The engagement-strength fit behind [`Season::ratings`](crate::sport::Season::ratings):
//! Davidson's paired-comparison model with draws over both geometries at
//! once, each person's melee and ranged strengths sharing a bivariate
//! normal prior whose correlation is estimated from the data (empirical
//! Bayes).
//!
//! Why one fit for both geometries: a person's melee and ranged strengths
//! are two sides of one duellist, and most people have few engagements of
//! one of them. With a correlated prior, a person's ranged record informs
//! their melee estimate and the reverse, in proportion to how strongly the
//! two go together over everybody — which the fit measures rather than
//! assumes. With no correlation in the data it reduces to two separate fits.
//!
//! The spreads stay at 1 (log-odds): estimated by the same approximation
//! from a handful of engagements per person they come out too small (the
//! known downward bias of penalized quasi-likelihood on sparse outcomes),
//! which over-shrinks every strength; on a synthetic league's held-out
//! matches that made the match odds less calibrated than the fixed spread.

use crate::moves::{Combat, Resolution};
use crate::piece::Role;

/// A value with its uncertainty (one standard deviation).
#[derive(Clone, Copy, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Estimate {
    /// The estimate.
    pub mean: f64,
    /// Its standard deviation.
    pub sd: f64,
}

/// The fitted common parameters of one geometry.
#[derive(Clone, Copy, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Globals {
    /// The challenger's edge `γ`.
    pub challenger_edge: f64,
    /// Davidson's draw parameter `e^λ`.
    pub draw: f64,
    /// The tier effects `τ` of tiers 1 (0, fixed), 2 and 3.
    pub tiers: [f64; 3],
}

/// One engagement between two rated people, for the fit.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Duel {
    /// The challenger's index in [`Season::people`](crate::sport::Season::people).
    pub challenger: usize,
    /// The defender's index.
    pub defender: usize,
    /// The challenger's role when declaring.
    pub challenger_role: Role,
    /// The defender's role.
    pub defender_role: Role,
    /// Melee or ranged.
    pub combat: Combat,
    /// Challenger won, defender won or draw (fouls are not duels).
    pub resolution: Resolution,
}

/// The prior's standard deviation of a common parameter (`γ`, `λ`, `τ`).
const GLOBAL_PRIOR_SD: f64 = 3.0;
/// The weight, in people, of the hyperprior that pulls the correlation
/// toward 0: a season of few people cannot talk the prior into a perfect
/// correlation.
const HYPERPRIOR_PEOPLE: f64 = 4.0;
/// The most rounds of the empirical-Bayes loop.
const PRIOR_ROUNDS: usize = 30;

/// The strength prior of every person: `(θ melee, θ ranged) ~ N(0, Σ)`,
/// `Σ` with the given spreads and correlation.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct StrengthPrior {
    /// The standard deviation of melee and of ranged strength.
    pub sd: [f64; 2],
    /// The correlation between a person's melee and ranged strengths.
    pub correlation: f64,
}

impl StrengthPrior {
    /// `N(0, I)`: spread 1, no correlation.
    pub const UNIT: StrengthPrior = StrengthPrior { sd: [1.0, 1.0], correlation: 0.0 };

    fn covariance(self) -> [f64; 3] {
        let [a, b] = self.sd;
        [a * a, self.correlation * a * b, b * b]
    }

    /// `Σ⁻¹` as `[xx, xy, yy]`.
    fn precision(self) -> [f64; 3] {
        let [xx, xy, yy] = self.covariance();
        let det = xx * yy - xy * xy;
        [yy / det, -xy / det, xx / det]
    }
}

/// What [`fit`] finds.
#[derive(Clone, PartialEq, Debug)]
pub struct StrengthFit {
    /// Melee's common parameters.
    pub melee: Globals,
    /// Ranged's common parameters.
    pub ranged: Globals,
    /// Each person's (melee, ranged) strength with its uncertainty.
    pub people: Vec<[Estimate; 2]>,
    /// The estimated prior.
    pub prior: StrengthPrior,
}

/// Where each parameter lives in the fit's vector: `θ` of geometry `g`
/// of person `i` at `g·n + i`, then per geometry `γ, λ, τ2, τ3`.
#[derive(Clone, Copy)]
struct Layout {
    n: usize,
}

impl Layout {
    fn len(self) -> usize {
        2 * self.n + 8
    }
    fn geometry(combat: Combat) -> usize {
        match combat {
            Combat::Melee => 0,
            Combat::Ranged => 1,
        }
    }
    fn theta(self, g: usize, person: usize) -> usize {
        g * self.n + person
    }
    fn gamma(self, g: usize) -> usize {
        2 * self.n + 4 * g
    }
    fn lambda(self, g: usize) -> usize {
        self.gamma(g) + 1
    }
    fn tier(self, g: usize, role: Role) -> Option<usize> {
        match role.seniority() {
            1 => None,
            t => Some(self.gamma(g) + usize::from(t)),
        }
    }
    fn globals(self, g: usize, x: &[f64]) -> Globals {
        let b = self.gamma(g);
        Globals { challenger_edge: x[b], draw: x[b + 1].exp(), tiers: [0.0, x[b + 2], x[b + 3]] }
    }
}

/// The three probabilities (challenger, defender, draw) of Davidson's model.
pub(crate) fn davidson(u: f64, v: f64, lambda: f64) -> [f64; 3] {
    let w = lambda + (u + v) / 2.0;
    let m = u.max(v).max(w);
    let (a, b, c) = ((u - m).exp(), (v - m).exp(), (w - m).exp());
    let s = a + b + c;
    [a / s, b / s, c / s]
}

fn outcome_index(r: Resolution) -> usize {
    match r {
        Resolution::Challenger => 0,
        Resolution::Defender => 1,
        _ => 2,
    }
}

/// The fit of `n` people's `duels` (see the module documentation): for a
/// given prior, the maximum a posteriori estimate by Newton's method, each
/// strength's uncertainty from the inverse negative Hessian (a Laplace
/// approximation); the prior's correlation then re-estimated from the
/// people with an engagement (an EM step: the mean of `θm θr` plus each
/// posterior covariance, pulled toward 0 by [`HYPERPRIOR_PEOPLE`]), until
/// it settles.
pub(crate) fn fit(n: usize, duels: &[Duel]) -> StrengthFit {
    let layout = Layout { n };
    let k = layout.len();
    let mut engaged = vec![false; n];
    for d in duels {
        engaged[d.challenger] = true;
        engaged[d.defender] = true;
    }
    let rated = engaged.iter().filter(|e| **e).count() as f64;
    let mut prior = StrengthPrior::UNIT;
    let mut x = vec![0.0; k];
    let mut hessian;
    let mut round = 0;
    loop {
        hessian = maximise(layout, duels, prior, &mut x);
        round += 1;
        if rated == 0.0 || round >= PRIOR_ROUNDS {
            break;
        }
        let Some(cross) = cholesky(&hessian, k).map(|l| cross_covariances(&l, k, layout)) else { break };
        let mut sum = 0.0;
        for i in (0..n).filter(|&i| engaged[i]) {
            let (m, r) = (layout.theta(0, i), layout.theta(1, i));
            sum += x[m] * x[r] + cross[i];
        }
        let [sm, sr] = prior.sd;
        let correlation = (sum / (HYPERPRIOR_PEOPLE + rated) / (sm * sr)).clamp(-0.95, 0.95);
        let settled = (correlation - prior.correlation).abs() < 1e-4;
        prior.correlation = correlation;
        if settled {
            hessian = maximise(layout, duels, prior, &mut x);
            break;
        }
    }
    let variance = invert_diagonal(&hessian, k);
    let estimate = |p: usize| Estimate { mean: x[p], sd: variance[p].max(0.0).sqrt() };
    let people = (0..n).map(|i| [estimate(layout.theta(0, i)), estimate(layout.theta(1, i))]).collect();
    StrengthFit { melee: layout.globals(0, &x), ranged: layout.globals(1, &x), people, prior }
}

/// For each person `i`, the posterior covariance of their two strengths
/// (the off-diagonal entry of `H⁻¹`), from the Cholesky factor `l` of `H`.
fn cross_covariances(l: &[f64], k: usize, layout: Layout) -> Vec<f64> {
    (0..layout.n)
        .map(|i| {
            let mut e = vec![0.0; k];
            e[layout.theta(0, i)] = 1.0;
            cholesky_solve(l, &e, k)[layout.theta(1, i)]
        })
        .collect()
}

/// The log posterior at `x` under `prior`.
fn objective(layout: Layout, duels: &[Duel], prior: StrengthPrior, x: &[f64]) -> f64 {
    let [pxx, pxy, pyy] = prior.precision();
    let mut sum = 0.0;
    for i in 0..layout.n {
        let (m, r) = (x[layout.theta(0, i)], x[layout.theta(1, i)]);
        sum -= 0.5 * (pxx * m * m + 2.0 * pxy * m * r + pyy * r * r);
    }
    for xi in &x[2 * layout.n..] {
        sum -= xi * xi / (2.0 * GLOBAL_PRIOR_SD * GLOBAL_PRIOR_SD);
    }
    for d in duels {
        let (g, u, v) = predictors(layout, d, x);
        sum += davidson(u, v, x[layout.lambda(g)])[outcome_index(d.resolution)].ln();
    }
    sum
}

fn predictors(layout: Layout, d: &Duel, x: &[f64]) -> (usize, f64, f64) {
    let g = Layout::geometry(d.combat);
    let t = |role| layout.tier(g, role).map_or(0.0, |i| x[i]);
    let u = x[layout.theta(g, d.challenger)] + x[layout.gamma(g)] + t(d.challenger_role);
    (g, u, x[layout.theta(g, d.defender)] + t(d.defender_role))
}

/// Newton's method from `x` to the maximum of the log posterior; returns
/// the negative Hessian at the last point.
fn maximise(layout: Layout, duels: &[Duel], prior: StrengthPrior, x: &mut Vec<f64>) -> Vec<f64> {
    let k = layout.len();
    let [pxx, pxy, pyy] = prior.precision();
    let mut current = objective(layout, duels, prior, x);
    let mut hessian = vec![0.0; k * k];
    for _ in 0..100 {
        let mut grad = vec![0.0; k];
        hessian.iter_mut().for_each(|h| *h = 0.0);
        for i in 0..layout.n {
            let (m, r) = (layout.theta(0, i), layout.theta(1, i));
            grad[m] -= pxx * x[m] + pxy * x[r];
            grad[r] -= pxy * x[m] + pyy * x[r];
            hessian[m * k + m] += pxx;
            hessian[m * k + r] += pxy;
            hessian[r * k + m] += pxy;
            hessian[r * k + r] += pyy;
        }
        for i in 2 * layout.n..k {
            grad[i] -= x[i] / (GLOBAL_PRIOR_SD * GLOBAL_PRIOR_SD);
            hessian[i * k + i] += 1.0 / (GLOBAL_PRIOR_SD * GLOBAL_PRIOR_SD);
        }
        for d in duels {
            add_duel(layout, d, x, &mut grad, &mut hessian);
        }
        let Some(step) = solve(&hessian, &grad, k) else { break };
        let mut scale = 1.0;
        let mut improved = false;
        for _ in 0..30 {
            let trial: Vec<f64> = x.iter().zip(&step).map(|(a, s)| a + scale * s).collect();
            let value = objective(layout, duels, prior, &trial);
            if value >= current {
                *x = trial;
                current = value;
                improved = true;
                break;
            }
            scale /= 2.0;
        }
        if !improved || step.iter().all(|s| (scale * s).abs() < 1e-9) {
            break;
        }
    }
    hessian
}

/// Adds one duel's log-likelihood gradient and negative Hessian.
fn add_duel(layout: Layout, d: &Duel, x: &[f64], grad: &mut [f64], hessian: &mut [f64]) {
    let k = layout.len();
    let (g, u, v) = predictors(layout, d, x);
    let lambda = layout.lambda(g);
    let p = davidson(u, v, x[lambda]);
    let y = outcome_index(d.resolution);
    // Free variables (u, v, λ); logits z = (u, v, λ + u/2 + v/2) = A·(u, v, λ).
    let a = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.5, 0.5, 1.0]];
    let mut g3 = [0.0; 3];
    for (j, gj) in g3.iter_mut().enumerate() {
        for (z, row) in a.iter().enumerate() {
            let indicator = if z == y { 1.0 } else { 0.0 };
            *gj += row[j] * (indicator - p[z]);
        }
    }
    // −∂²ℓ = Aᵀ (diag p − p pᵀ) A.
    let mut h3 = [[0.0; 3]; 3];
    for (j, hj) in h3.iter_mut().enumerate() {
        for (l, h) in hj.iter_mut().enumerate() {
            for z in 0..3 {
                for w in 0..3 {
                    let cov = if z == w { p[z] } else { 0.0 } - p[z] * p[w];
                    *h += a[z][j] * cov * a[w][l];
                }
            }
        }
    }
    let vars: [Vec<usize>; 3] = [
        [Some(layout.theta(g, d.challenger)), Some(layout.gamma(g)), layout.tier(g, d.challenger_role)]
            .into_iter()
            .flatten()
            .collect(),
        [Some(layout.theta(g, d.defender)), layout.tier(g, d.defender_role)].into_iter().flatten().collect(),
        vec![lambda],
    ];
    for j in 0..3 {
        for &pj in &vars[j] {
            grad[pj] += g3[j];
            for l in 0..3 {
                for &pl in &vars[l] {
                    hessian[pj * k + pl] += h3[j][l];
                }
            }
        }
    }
}

/// The Cholesky factor of the symmetric positive definite `k`×`k` matrix
/// `m` (row-major), lower triangle; `None` if it is not positive definite.
fn cholesky(m: &[f64], k: usize) -> Option<Vec<f64>> {
    let mut l = vec![0.0; k * k];
    for i in 0..k {
        for j in 0..=i {
            let mut s = m[i * k + j];
            for p in 0..j {
                s -= l[i * k + p] * l[j * k + p];
            }
            if i == j {
                if s <= 0.0 {
                    return None;
                }
                l[i * k + i] = s.sqrt();
            } else {
                l[i * k + j] = s / l[j * k + j];
            }
        }
    }
    Some(l)
}

/// Solves `L Lᵀ x = b` for the Cholesky factor `l`.
fn cholesky_solve(l: &[f64], b: &[f64], k: usize) -> Vec<f64> {
    let mut y = b.to_vec();
    for i in 0..k {
        for p in 0..i {
            y[i] -= l[i * k + p] * y[p];
        }
        y[i] /= l[i * k + i];
    }
    for i in (0..k).rev() {
        for p in i + 1..k {
            y[i] -= l[p * k + i] * y[p];
        }
        y[i] /= l[i * k + i];
    }
    y
}

/// `m⁻¹ b` for the symmetric positive definite `m`.
fn solve(m: &[f64], b: &[f64], k: usize) -> Option<Vec<f64>> {
    Some(cholesky_solve(&cholesky(m, k)?, b, k))
}

/// The diagonal of `m⁻¹` (zeros if `m` is not positive definite).
fn invert_diagonal(m: &[f64], k: usize) -> Vec<f64> {
    let Some(l) = cholesky(m, k) else { return vec![0.0; k] };
    (0..k)
        .map(|i| {
            let mut e = vec![0.0; k];
            e[i] = 1.0;
            cholesky_solve(&l, &e, k)[i]
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn davidson_probabilities_sum_to_one_and_follow_strength() {
        let p = davidson(1.0, 0.0, 0.0);
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!(p[0] > p[1]);
        let even = davidson(0.0, 0.0, 0.0);
        assert!((even[0] - 1.0 / 3.0).abs() < 1e-12);
    }

    #[test]
    fn the_solver_inverts_a_small_matrix() {
        let m = [4.0, 1.0, 1.0, 3.0];
        let x = solve(&m, &[1.0, 2.0], 2).unwrap();
        assert!((4.0 * x[0] + x[1] - 1.0).abs() < 1e-12 && (x[0] + 3.0 * x[1] - 2.0).abs() < 1e-12);
        let d = invert_diagonal(&m, 2);
        assert!((d[0] - 3.0 / 11.0).abs() < 1e-12 && (d[1] - 4.0 / 11.0).abs() < 1e-12);
    }

    /// A resolution drawn with the probabilities `p` (challenger, defender,
    /// draw), for simulated duels.
    pub(crate) fn draw_resolution(p: [f64; 3], rng: &mut StdRng) -> Resolution {
        let r: f64 = rng.random();
        if r < p[0] {
            Resolution::Challenger
        } else if r < p[0] + p[1] {
            Resolution::Defender
        } else {
            Resolution::Draw
        }
    }

    /// Duels between `truth`'s people, `per_geometry` of each geometry,
    /// drawn from the model (challenger edge 0.2, draw 0.5, no tiers).
    fn duels(truth: &[[f64; 2]], per_geometry: [usize; 2], rng: &mut StdRng) -> Vec<Duel> {
        let n = truth.len();
        let mut out = Vec::new();
        for (g, combat) in [Combat::Melee, Combat::Ranged].into_iter().enumerate() {
            for _ in 0..per_geometry[g] {
                let c = rng.random_range(0..n);
                let d = (c + rng.random_range(1..n)) % n;
                let resolution = draw_resolution(davidson(truth[c][g] + 0.2, truth[d][g], 0.5f64.ln()), rng);
                let (challenger_role, defender_role) = (Role::Pawn, Role::Pawn);
                out.push(Duel {
                    challenger: c,
                    defender: d,
                    challenger_role,
                    defender_role,
                    combat,
                    resolution,
                });
            }
        }
        out
    }

    fn normal(rng: &mut StdRng) -> f64 {
        let (u, v): (f64, f64) = (rng.random_range(1e-12..1.0), rng.random());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    fn correlation(a: &[f64], b: &[f64]) -> f64 {
        let n = a.len() as f64;
        let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
        let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
        let va: f64 = a.iter().map(|x| (x - ma) * (x - ma)).sum();
        let vb: f64 = b.iter().map(|y| (y - mb) * (y - mb)).sum();
        cov / (va * vb).sqrt()
    }

    #[test]
    fn the_prior_learns_the_correlation_of_strengths() {
        let mut rng = StdRng::seed_from_u64(11);
        let truth: Vec<[f64; 2]> = (0..80)
            .map(|_| {
                let m = normal(&mut rng);
                [m, 0.9 * m + 0.44 * normal(&mut rng)]
            })
            .collect();
        let fit = fit(truth.len(), &duels(&truth, [4000, 4000], &mut rng));
        assert!(fit.prior.correlation > 0.65, "{:?}", fit.prior);
        assert_eq!(fit.prior.sd, [1.0, 1.0]);
        // Independent strengths: no correlation is invented.
        let truth: Vec<[f64; 2]> = (0..80).map(|_| [normal(&mut rng), normal(&mut rng)]).collect();
        let fit = super::fit(truth.len(), &duels(&truth, [4000, 4000], &mut rng));
        assert!(fit.prior.correlation.abs() < 0.3, "{:?}", fit.prior);
    }

    #[test]
    fn a_geometry_with_few_duels_borrows_from_the_other() {
        let mut rng = StdRng::seed_from_u64(5);
        let truth: Vec<[f64; 2]> = (0..60)
            .map(|_| {
                let m = normal(&mut rng);
                [m, 0.9 * m + 0.3 * normal(&mut rng)]
            })
            .collect();
        let all = duels(&truth, [3000, 300], &mut rng);
        let joint = fit(truth.len(), &all);
        let ranged_only: Vec<Duel> = all.iter().copied().filter(|d| d.combat == Combat::Ranged).collect();
        let alone = fit(truth.len(), &ranged_only);
        let hidden: Vec<f64> = truth.iter().map(|t| t[1]).collect();
        let of = |f: &StrengthFit| f.people.iter().map(|p| p[1].mean).collect::<Vec<_>>();
        let (r_joint, r_alone) = (correlation(&of(&joint), &hidden), correlation(&of(&alone), &hidden));
        assert!(r_joint > r_alone + 0.1, "joint {r_joint}, ranged alone {r_alone}");
        // The melee record also narrows the ranged uncertainty.
        let sd = |f: &StrengthFit| f.people.iter().map(|p| p[1].sd).sum::<f64>();
        assert!(sd(&joint) < sd(&alone));
    }

    #[test]
    fn without_duels_the_fit_is_the_unit_prior() {
        let fit = fit(3, &[]);
        assert_eq!(fit.prior, StrengthPrior::UNIT);
        assert!(fit.people.iter().flatten().all(|e| e.mean == 0.0 && (e.sd - 1.0).abs() < 1e-12));
    }
}
