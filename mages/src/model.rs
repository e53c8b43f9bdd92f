//! [`OutcomeModel`]: the probabilities of an engagement's outcomes (§8).

#[cfg(feature = "rand")]
use rand::Rng;

use crate::moves::Combat;
use crate::piece::Role;

/// The probabilities of an engagement's three counted outcomes.
#[derive(Clone, Copy, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Odds {
    /// The challenger wins.
    pub challenger: f64,
    /// The defender wins.
    pub defender: f64,
    /// Nobody is downed in time.
    pub draw: f64,
}

impl Odds {
    /// Odds from the three probabilities.
    #[must_use]
    pub const fn new(challenger: f64, defender: f64, draw: f64) -> Odds {
        Odds { challenger, defender, draw }
    }

    /// Whether each probability is in `[0, 1]` and they sum to 1 (within 1e-9).
    #[must_use]
    pub fn is_valid(self) -> bool {
        let all = [self.challenger, self.defender, self.draw];
        all.iter().all(|p| (0.0..=1.0).contains(p)) && (all.iter().sum::<f64>() - 1.0).abs() < 1e-9
    }
}

/// The default odds by seniority difference `Δ + 2` (index 0 is Δ = −2), melee then ranged.
const DEFAULT_ODDS: [[Odds; 5]; 2] = [
    [
        Odds::new(0.14, 0.66, 0.20),
        Odds::new(0.26, 0.54, 0.20),
        Odds::new(0.42, 0.38, 0.20),
        Odds::new(0.58, 0.22, 0.20),
        Odds::new(0.70, 0.10, 0.20),
    ],
    [
        Odds::new(0.11, 0.54, 0.35),
        Odds::new(0.21, 0.44, 0.35),
        Odds::new(0.34, 0.31, 0.35),
        Odds::new(0.47, 0.18, 0.35),
        Odds::new(0.57, 0.08, 0.35),
    ],
];

const fn default_table() -> [[[Odds; 2]; 5]; 5] {
    let mut t = [[[Odds::new(0.0, 0.0, 1.0); 2]; 5]; 5];
    let mut c = 0;
    while c < 5 {
        let mut d = 0;
        while d < 5 {
            let delta = Role::ALL[c].seniority() as usize + 2 - Role::ALL[d].seniority() as usize;
            t[c][d] = [DEFAULT_ODDS[0][delta], DEFAULT_ODDS[1][delta]];
            d += 1;
        }
        c += 1;
    }
    t
}

/// A table of [`Odds`] by challenger role, defender role and geometry.
///
/// For a challenger role, a defender role and the engagement's [`Combat`]
/// geometry, the model gives the probability that the challenger wins, that
/// the defender wins, and of a draw. Fouls are not modelled (probability 0).
///
/// # The default model
///
/// The seed ranks the board players by seniority — Royal and Counselor ("the
/// strongest casters"), then Chariots and Shamans, then Pawns — and says that
/// diagonal engagements are "limited to ranged attacks" while rank and file
/// engagements "permit melee assaults". The default model follows both: it
/// depends only on the seniority difference `Δ = tier(challenger) -
/// tier(defender)` (tiers 3, 2, 1) and on the geometry. A ranged engagement is
/// drawn more often (fighters kept apart); the challenger has a small edge
/// between equals (it chose the fight).
///
/// | Δ | melee: challenger | defender | draw | ranged: challenger | defender | draw |
/// |---|---|---|---|---|---|---|
/// | +2 | 0.70 | 0.10 | 0.20 | 0.57 | 0.08 | 0.35 |
/// | +1 | 0.58 | 0.22 | 0.20 | 0.47 | 0.18 | 0.35 |
/// |  0 | 0.42 | 0.38 | 0.20 | 0.34 | 0.31 | 0.35 |
/// | −1 | 0.26 | 0.54 | 0.20 | 0.21 | 0.44 | 0.35 |
/// | −2 | 0.14 | 0.66 | 0.20 | 0.11 | 0.54 | 0.35 |
///
/// Every row sums to 1. Users can supply their own table with
/// [`OutcomeModel::set`] or [`OutcomeModel::from_fn`].
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct OutcomeModel {
    table: [[[Odds; 2]; 5]; 5],
}

/// The default model (see the module documentation).
pub static DEFAULT_MODEL: OutcomeModel = OutcomeModel { table: default_table() };

impl Default for OutcomeModel {
    fn default() -> OutcomeModel {
        DEFAULT_MODEL.clone()
    }
}

/// A user-supplied row of an outcome model is not a probability distribution.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("outcome model row {challenger} vs {defender} ({}): {odds:?} is not three probabilities summing to 1", combat.name())]
pub struct ModelError {
    /// The challenger role of the row.
    pub challenger: Role,
    /// The defender role of the row.
    pub defender: Role,
    /// The geometry of the row.
    pub combat: Combat,
    /// The rejected odds.
    pub odds: Odds,
}

impl OutcomeModel {
    /// A model from a function of (challenger, defender, geometry).
    ///
    /// # Errors
    /// [`ModelError`] for the first row that is not a distribution.
    pub fn from_fn(mut f: impl FnMut(Role, Role, Combat) -> Odds) -> Result<OutcomeModel, ModelError> {
        let mut m = DEFAULT_MODEL.clone();
        for c in Role::ALL {
            for d in Role::ALL {
                for g in [Combat::Melee, Combat::Ranged] {
                    m.set(c, d, g, f(c, d, g))?;
                }
            }
        }
        Ok(m)
    }

    /// Replaces one row.
    ///
    /// # Errors
    /// [`ModelError`] if `odds` is not a distribution (the model is unchanged).
    pub fn set(
        &mut self,
        challenger: Role,
        defender: Role,
        combat: Combat,
        odds: Odds,
    ) -> Result<(), ModelError> {
        if !odds.is_valid() {
            return Err(ModelError { challenger, defender, combat, odds });
        }
        self.table[challenger as usize][defender as usize][combat as usize] = odds;
        Ok(())
    }

    /// The odds of an engagement.
    #[must_use]
    pub fn odds(&self, challenger: Role, defender: Role, combat: Combat) -> Odds {
        self.table[challenger as usize][defender as usize][combat as usize]
    }

    /// Draws an outcome: 0 challenger, 1 defender, 2 draw.
    #[cfg(feature = "rand")]
    pub(crate) fn sample_index<R: Rng + ?Sized>(odds: Odds, rng: &mut R) -> usize {
        let u: f64 = rng.random();
        if u < odds.challenger {
            0
        } else if u < odds.challenger + odds.defender {
            1
        } else {
            2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_rows_are_distributions_following_seniority() {
        for c in Role::ALL {
            for d in Role::ALL {
                for g in [Combat::Melee, Combat::Ranged] {
                    let o = DEFAULT_MODEL.odds(c, d, g);
                    assert!(o.is_valid(), "{c} {d} {g:?}");
                    if c.seniority() > d.seniority() {
                        assert!(o.challenger > o.defender);
                    }
                    if c.seniority() < d.seniority() {
                        assert!(o.challenger < o.defender);
                    }
                }
                assert!(
                    DEFAULT_MODEL.odds(c, d, Combat::Ranged).draw
                        > DEFAULT_MODEL.odds(c, d, Combat::Melee).draw
                );
            }
        }
        let royal_vs_pawn = DEFAULT_MODEL.odds(Role::Royal, Role::Pawn, Combat::Melee);
        assert_eq!(royal_vs_pawn, Odds::new(0.70, 0.10, 0.20));
    }

    #[test]
    fn user_rows_are_validated() {
        let mut m = OutcomeModel::default();
        let bad = Odds::new(0.5, 0.5, 0.5);
        assert!(m.set(Role::Pawn, Role::Pawn, Combat::Ranged, bad).is_err());
        assert_eq!(m, OutcomeModel::default());
        let even = OutcomeModel::from_fn(|_, _, _| Odds::new(0.5, 0.5, 0.0)).unwrap();
        assert_eq!(even.odds(Role::Royal, Role::Pawn, Combat::Melee).challenger, 0.5);
        assert!(OutcomeModel::from_fn(|_, _, _| Odds::new(-0.1, 1.1, 0.0)).is_err());
    }
}
