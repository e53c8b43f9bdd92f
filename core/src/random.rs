//! Random choices, behind the `rand` feature: the one chance sampler
//! ([`sample_outcome`]) that random playouts
//! ([`Position::play_random`](crate::Position::play_random)), the match
//! driver and the front ends share, and the uniform pick among legal inputs
//! ([`uniform`]).
//!
//! The generator is any [`rand::Rng`]; the crate re-exports the `rand` it is
//! built against as [`motley_core::rand`](crate::rand), so a dependent names
//! the same version (`use motley_core::rand::{SeedableRng, rngs::StdRng}`).
//!
//! ```
//! use motley_core::random::sample_outcome;
//! use motley_core::rand::{SeedableRng, rngs::StdRng};
//! let mut rng = StdRng::seed_from_u64(7);
//! // A sure outcome is always picked; one of probability 0 never is.
//! assert_eq!(sample_outcome(&[('a', 0.0), ('b', 1.0)], &mut rng), Some('b'));
//! assert_eq!(sample_outcome::<char, _>(&[], &mut rng), None);
//! ```

use rand::Rng;

/// Picks a chance node's outcome with its probability (negative
/// probabilities count as 0; the last outcome with a positive probability
/// on rounding; `None` if there is none). One draw of `rng.random::<f64>()`
/// per call, so a seeded generator replays the same outcomes.
pub fn sample_outcome<M: Copy, R: Rng + ?Sized>(outcomes: &[(M, f64)], rng: &mut R) -> Option<M> {
    let total: f64 = outcomes.iter().map(|&(_, p)| p.max(0.0)).sum();
    let mut x = rng.random::<f64>() * total;
    for &(mv, p) in outcomes {
        let p = p.max(0.0);
        if x < p {
            return Some(mv);
        }
        x -= p;
    }
    outcomes.iter().rev().find(|&&(_, p)| p > 0.0).map(|&(mv, _)| mv)
}

/// An input drawn uniformly from `inputs` (one `random_range` draw; `None`
/// if there is none): how
/// [`Position::play_random`](crate::Position::play_random) and the random
/// player pick among [`Position::legal_moves`](crate::Position::legal_moves).
pub fn uniform<M: Copy, R: Rng + ?Sized>(inputs: &[M], rng: &mut R) -> Option<M> {
    if inputs.is_empty() { None } else { Some(inputs[rng.random_range(0..inputs.len())]) }
}
