//! Statistics and ratings of people over a set of matches with lineups.
//!
//! [`Season`] gathers, from [`LineupMatch`]es, each person's and each team's
//! counts; [`Season::ratings`] fits each board player's engagement strength
//! (melee and ranged) and heresy propensity.
//!
//! # Identity
//!
//! A person is their name: the same name in two matches is the same person
//! (whatever the team). A team is the name its record gives it (the `Green`
//! and `Blue` tags), or `green`/`blue` without one.
//!
//! # The engagement strength model
//!
//! Engagement outcomes follow Davidson's paired-comparison model with draws,
//! with common parameters of its own for melee and for ranged engagements.
//! For a challenger `c` and a defender `d` of one geometry:
//!
//! ```text
//! u = θc + γ + τ(tier of c)      v = θd + τ(tier of d)      w = λ + (u + v) / 2
//! P(challenger wins) = e^u / D,  P(defender wins) = e^v / D,  P(draw) = e^w / D,  D = e^u + e^v + e^w
//! ```
//!
//! `θ` is the person's strength in that geometry (log-odds scale), `γ` the
//! challenger's edge, `τ` the seniority tier's effect (tier 1, the Pawns,
//! is 0; tiers 2 and 3 are fitted) and `e^λ` Davidson's draw parameter.
//!
//! Both geometries are fitted together. Each person's pair of strengths
//! `(θ melee, θ ranged)` has a bivariate normal prior with spreads 1 and a
//! correlation `ρ` — how strongly a good duellist in one geometry is good
//! in the other — estimated from the data (empirical Bayes, pulled toward
//! 0 by the weight of four people so that a small season cannot drive it
//! to ±1); the common parameters have `N(0, 3²)` priors. For a given `ρ`
//! the fit is the maximum a posteriori estimate by Newton's method, and
//! the uncertainty of each strength the square root of the diagonal of the
//! inverse negative Hessian of the log posterior at the estimate (a
//! Laplace approximation); `ρ` is then re-estimated by an EM step, until
//! it settles. So a person with many melee engagements and few ranged
//! ones gets a ranged estimate that leans on their melee record, as much
//! as the season shows the two go together. Fouls are not strength
//! outcomes and are left out; an engagement timeout is a draw. A person
//! with no engagement keeps the prior mean, 0. The cost grows with the
//! cube of the number of people (a dense Newton step over all their
//! strengths): about a second for a few hundred people.
//!
//! # Heresy propensity
//!
//! Each board player may commit one heresy per match, in one of their
//! actions. A person's chance of committing one in a match in which they
//! act has a Beta prior whose mean is the base rate of their starting role
//! ([`HERESY_BASE_RATES`]) and whose weight is [`HERESY_PRIOR_GAMES`]
//! matches; the estimate is the posterior mean and standard deviation
//! after their heresies in the matches in which they acted
//! ([`PersonStats::active_games`]). A match in which a person never acts
//! says nothing of their propensity, so it is not counted against it.

use crate::board::Square;
use crate::game::RefereeEvent;
use crate::moves::{Combat, Move, Resolution};
use crate::people::{LineupMatch, PersonEvent, PersonId};
use crate::piece::{Role, Team};
use crate::strength::{self, davidson};
pub use crate::strength::{Duel, Estimate, Globals};

/// The chance that a board player of each role commits a heresy in a match
/// in which they act, by [`Role::ALL`] order (Royal, Counselor, Chariot,
/// Shaman, Pawn), after the seed: "approximately 40% of games … most commonly
/// committed by royals and counselors … chariots and shamans … somewhat less
/// common … pawns … exceptionally rare". A heresy is committed in an action,
/// and many players never act in a match (in the engine's league play a
/// Shaman acts in about a third of matches, a Counselor in nearly all), so
/// these are the rates per match played *with an action*; with them about
/// 40% of the league's matches have a heresy (if every board player acted,
/// `1 - Π(1 - rate)` over the 24 would be about 0.55).
pub const HERESY_BASE_RATES: [f64; 5] = [0.085, 0.085, 0.042, 0.042, 0.007];

/// The weight of the heresy prior, in matches.
pub const HERESY_PRIOR_GAMES: f64 = 20.0;

/// Engagement counts from one side's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Tally {
    /// Won (the other side downed or conceded).
    pub won: u32,
    /// Lost.
    pub lost: u32,
    /// Drawn (in time or by the engagement's timeout).
    pub drawn: u32,
    /// Ended by a foul (committed by the challenger; suffered by the defender).
    pub fouled: u32,
}

impl Tally {
    /// All engagements counted.
    #[must_use]
    pub fn total(self) -> u32 {
        self.won + self.lost + self.drawn + self.fouled
    }

    fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Won => self.won += 1,
            Outcome::Lost => self.lost += 1,
            Outcome::Drawn => self.drawn += 1,
            Outcome::Fouled => self.fouled += 1,
        }
    }
}

#[derive(Clone, Copy)]
enum Outcome {
    Won,
    Lost,
    Drawn,
    Fouled,
}

/// A person's counts over a season.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PersonStats {
    /// The name.
    pub name: String,
    /// The team of the person's last match.
    pub team: String,
    /// The starting role in the last match (`None`: the Luminary).
    pub role: Option<Role>,
    /// Matches played.
    pub games: u32,
    /// Matches in which the person made at least one action: the chances
    /// to commit a heresy.
    pub active_games: u32,
    /// Engagements declared.
    pub as_challenger: Tally,
    /// Engagements suffered.
    pub as_defender: Tally,
    /// Melee engagements, either side.
    pub melee: Tally,
    /// Ranged engagements, either side.
    pub ranged: Tally,
    /// Heresies committed.
    pub heresies: u32,
    /// Referee decisions answered as Luminary (timeouts, sanctions, forfeits, resignations).
    pub referee_events: u32,
}

/// A team's counts over a season.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TeamStats {
    /// The name.
    pub name: String,
    /// Matches played.
    pub games: u32,
    /// Matches won.
    pub wins: u32,
    /// Matches drawn (by the rules: agreement, double pass…).
    pub draws: u32,
    /// Matches lost.
    pub losses: u32,
    /// Matches not finished in the record.
    pub undecided: u32,
    /// Engagements declared by the team's people.
    pub as_challenger: Tally,
    /// Engagements suffered by the team's people.
    pub as_defender: Tally,
    /// Heresies committed by the team's people.
    pub heresies: u32,
    /// Referee decisions about the team.
    pub referee_events: u32,
}

impl TeamStats {
    fn new(name: &str) -> TeamStats {
        TeamStats {
            name: name.to_owned(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            undecided: 0,
            as_challenger: Tally::default(),
            as_defender: Tally::default(),
            heresies: 0,
            referee_events: 0,
        }
    }
}

/// The counts and engagements of a set of matches (see the module documentation).
#[derive(Clone, Default, Debug)]
pub struct Season {
    people: Vec<PersonStats>,
    teams: Vec<TeamStats>,
    duels: Vec<Duel>,
    games: u32,
    games_with_heresy: u32,
}

/// A board player's ratings.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rating {
    /// The name.
    pub name: String,
    /// Melee strength `θ` (log-odds scale).
    pub melee: Estimate,
    /// Ranged strength `θ`.
    pub ranged: Estimate,
    /// The chance of committing a heresy in a match in which they act.
    pub heresy: Estimate,
}

/// Everything [`Season::ratings`] fits.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ratings {
    /// The board players, in [`Season::people`] order (Luminaries left out).
    pub people: Vec<Rating>,
    /// Melee's common parameters.
    pub melee: Globals,
    /// Ranged's common parameters.
    pub ranged: Globals,
}

/// Pricing an engagement between known people lives here, beside the
/// ratings it reads, so that following people needs no ratings.
impl LineupMatch {
    /// The resolutions of the pending engagement with the odds of its two
    /// people's `ratings` and its geometry ([`Ratings::odds`]),
    /// listed as [`Mages::chance_with`](crate::Mages::chance_with) lists them. Without lineups the
    /// role-only model ([`Mages::chance_with`](crate::Mages::chance_with)) stays the default. `None`
    /// without a pending engagement.
    #[must_use]
    pub fn chance(&self, ratings: &Ratings) -> Option<Vec<(Move, f64)>> {
        let pos = self.position();
        let e = pos.pending()?;
        let side = |sq: Square| -> Option<(&str, Role)> {
            Some((self.person_at(sq).map_or("", |p| self.name(p)), pos.board().role_at(sq)?))
        };
        pos.chance_of(ratings.odds(side(e.challenger)?, side(e.defender)?, e.combat))
    }
}

impl Ratings {
    /// The rating of the person called `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Rating> {
        self.people.iter().find(|r| r.name == name)
    }

    /// The odds of an engagement between two rated people (a person not
    /// rated has strength 0), by the model of the module documentation.
    #[must_use]
    pub fn odds(
        &self,
        challenger: (&str, Role),
        defender: (&str, Role),
        combat: Combat,
    ) -> crate::model::Odds {
        let (globals, pick): (&Globals, fn(&Rating) -> Estimate) = match combat {
            Combat::Melee => (&self.melee, |r| r.melee),
            Combat::Ranged => (&self.ranged, |r| r.ranged),
        };
        let theta = |name: &str| self.get(name).map_or(0.0, |r| pick(r).mean);
        let tier = |role: Role| globals.tiers[usize::from(role.seniority()) - 1];
        let u = theta(challenger.0) + globals.challenger_edge + tier(challenger.1);
        let v = theta(defender.0) + tier(defender.1);
        let [c, d, draw] = davidson(u, v, globals.draw.ln());
        crate::model::Odds::new(c, d, draw)
    }
}

impl Season {
    /// An empty season.
    #[must_use]
    pub fn new() -> Season {
        Season::default()
    }

    /// The people, in order of first appearance.
    #[must_use]
    pub fn people(&self) -> &[PersonStats] {
        &self.people
    }

    /// The teams, in order of first appearance.
    #[must_use]
    pub fn teams(&self) -> &[TeamStats] {
        &self.teams
    }

    /// The engagements with a counted outcome, for the fit.
    #[must_use]
    pub fn duels(&self) -> &[Duel] {
        &self.duels
    }

    /// Matches added.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Matches with at least one heresy.
    #[must_use]
    pub fn games_with_heresy(&self) -> u32 {
        self.games_with_heresy
    }

    fn person(&mut self, name: &str, team: &str, role: Option<Role>) -> usize {
        let i = match self.people.iter().position(|p| p.name == name) {
            Some(i) => i,
            None => {
                self.people.push(PersonStats {
                    name: name.to_owned(),
                    team: String::new(),
                    role,
                    games: 0,
                    active_games: 0,
                    as_challenger: Tally::default(),
                    as_defender: Tally::default(),
                    melee: Tally::default(),
                    ranged: Tally::default(),
                    heresies: 0,
                    referee_events: 0,
                });
                self.people.len() - 1
            }
        };
        team.clone_into(&mut self.people[i].team);
        self.people[i].role = role;
        i
    }

    fn team(&mut self, name: &str) -> usize {
        self.teams.iter().position(|t| t.name == name).unwrap_or_else(|| {
            self.teams.push(TeamStats::new(name));
            self.teams.len() - 1
        })
    }

    /// Adds a match played by the teams named `green` and `blue`.
    pub fn add(&mut self, game: &LineupMatch, green: &str, blue: &str) {
        self.games += 1;
        let names = [green, blue];
        let teams = [self.team(green), self.team(blue)];
        let mut index = [Vec::new(), Vec::new()];
        for team in Team::ALL {
            for (k, p) in game.lineup(team).players().iter().enumerate() {
                let i = self.person(&p.name, names[team.index()], p.role);
                self.people[i].games += 1;
                if game.has_acted(PersonId { team, index: k as u8 }) {
                    self.people[i].active_games += 1;
                }
                index[team.index()].push(i);
            }
            let t = &mut self.teams[teams[team.index()]];
            t.games += 1;
            match game.game().end() {
                None => t.undecided += 1,
                Some((_, None)) => t.draws += 1,
                Some((_, Some(w))) if w == team => t.wins += 1,
                Some(_) => t.losses += 1,
            }
        }
        let of = |p: PersonId| index[p.team.index()][usize::from(p.index)];
        let mut heresy = false;
        for a in game.events() {
            match a.event {
                PersonEvent::Engagement {
                    challenger,
                    defender,
                    challenger_role,
                    defender_role,
                    combat,
                    end,
                } => {
                    let resolution = end.resolution();
                    let (c_out, d_out) = match resolution {
                        Resolution::Challenger => (Outcome::Won, Outcome::Lost),
                        Resolution::Defender => (Outcome::Lost, Outcome::Won),
                        Resolution::Draw => (Outcome::Drawn, Outcome::Drawn),
                        Resolution::Foul => (Outcome::Fouled, Outcome::Fouled),
                    };
                    let (c, d) = (of(challenger), of(defender));
                    for (i, out, challenging) in [(c, c_out, true), (d, d_out, false)] {
                        let p = &mut self.people[i];
                        if challenging {
                            p.as_challenger.add(out)
                        } else {
                            p.as_defender.add(out)
                        }
                        match combat {
                            Combat::Melee => p.melee.add(out),
                            Combat::Ranged => p.ranged.add(out),
                        }
                    }
                    self.teams[teams[challenger.team.index()]].as_challenger.add(c_out);
                    self.teams[teams[defender.team.index()]].as_defender.add(d_out);
                    if resolution != Resolution::Foul {
                        let duel = Duel {
                            challenger: c,
                            defender: d,
                            challenger_role,
                            defender_role,
                            combat,
                            resolution,
                        };
                        self.duels.push(duel);
                    }
                }
                PersonEvent::Heresy { person, .. } => {
                    heresy = true;
                    self.people[of(person)].heresies += 1;
                    self.teams[teams[person.team.index()]].heresies += 1;
                }
                PersonEvent::Referee { luminary, event } => {
                    if !matches!(event, RefereeEvent::EngagementTimeout | RefereeEvent::DrawByAgreement) {
                        self.people[of(luminary)].referee_events += 1;
                        self.teams[teams[luminary.team.index()]].referee_events += 1;
                    }
                }
                PersonEvent::Foul { .. }
                | PersonEvent::Promotion { .. }
                | PersonEvent::SanctionServed { .. } => {}
            }
        }
        if heresy {
            self.games_with_heresy += 1;
        }
    }

    /// The ratings of the board players (see the module documentation).
    #[must_use]
    pub fn ratings(&self) -> Ratings {
        let fit = strength::fit(self.people.len(), &self.duels);
        let people = self
            .people
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let role = p.role?;
                let rate = HERESY_BASE_RATES[role as usize];
                let a = rate * HERESY_PRIOR_GAMES + f64::from(p.heresies);
                let b =
                    (1.0 - rate) * HERESY_PRIOR_GAMES + f64::from(p.active_games.saturating_sub(p.heresies));
                let mean = a / (a + b);
                let sd = (a * b / ((a + b) * (a + b) * (a + b + 1.0))).sqrt();
                Some(Rating {
                    name: p.name.clone(),
                    melee: fit.people[i][0],
                    ranged: fit.people[i][1],
                    heresy: Estimate { mean, sd },
                })
            })
            .collect();
        Ratings { people, melee: fit.melee, ranged: fit.ranged }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_rates_order_the_roles_as_the_seed_and_exceed_forty_percent_if_all_act() {
        let counts = crate::lineup::SEED_COUNTS;
        let none: f64 = Role::ALL
            .iter()
            .map(|&r| (1.0 - HERESY_BASE_RATES[r as usize]).powi(2 * i32::from(counts[r as usize])))
            .product();
        assert!((0.5..0.6).contains(&(1.0 - none)), "{}", 1.0 - none);
        let [royal, counselor, chariot, shaman, pawn] = HERESY_BASE_RATES;
        assert!(royal == counselor && counselor > chariot && chariot == shaman && shaman > 4.0 * pawn);
    }

    /// Strengths drawn at random, duels simulated under the model: the fit
    /// ranks the people as their true strengths do, and the truth lies
    /// within two standard deviations of most estimates.
    #[test]
    fn the_fit_recovers_simulated_strengths() {
        use rand::{Rng, SeedableRng, rngs::StdRng};
        let mut rng = StdRng::seed_from_u64(7);
        let n = 30;
        let truth: Vec<f64> = (0..n).map(|_| rng.random_range(-1.5..1.5)).collect();
        let roles = [Role::Royal, Role::Chariot, Role::Pawn];
        let tiers = [0.0, 0.5, 1.0];
        let mut season = Season::new();
        for i in 0..n {
            season.person(&format!("p{i}"), "t", Some(roles[i % 3]));
        }
        for _ in 0..3000 {
            let c = rng.random_range(0..n);
            let d = (c + rng.random_range(1..n)) % n;
            let (cr, dr) = (roles[c % 3], roles[d % 3]);
            let u = truth[c] + 0.2 + tiers[usize::from(cr.seniority()) - 1];
            let v = truth[d] + tiers[usize::from(dr.seniority()) - 1];
            let resolution = crate::strength::tests::draw_resolution(davidson(u, v, (0.5f64).ln()), &mut rng);
            let duel = Duel {
                challenger: c,
                defender: d,
                challenger_role: cr,
                defender_role: dr,
                combat: Combat::Melee,
                resolution,
            };
            season.duels.push(duel);
        }
        let fit = season.ratings();
        let fitted: Vec<f64> = fit.people.iter().map(|r| r.melee.mean).collect();
        let rho = spearman(&fitted, &truth);
        assert!(rho > 0.9, "rank correlation {rho}");
        let covered = fit
            .people
            .iter()
            .zip(&truth)
            .filter(|(r, t)| (r.melee.mean - **t).abs() < 2.0 * r.melee.sd)
            .count();
        assert!(covered >= n * 8 / 10, "{covered} of {n} within 2 sd");
        assert!((fit.melee.draw - 0.5).abs() < 0.1, "{:?}", fit.melee);
        assert!(
            fit.people.iter().all(|r| r.ranged == Estimate { mean: 0.0, sd: 1.0 }),
            "no ranged duel: the prior"
        );
    }

    fn spearman(a: &[f64], b: &[f64]) -> f64 {
        let rank = |v: &[f64]| {
            let mut idx: Vec<usize> = (0..v.len()).collect();
            idx.sort_by(|&i, &j| v[i].total_cmp(&v[j]));
            let mut r = vec![0.0; v.len()];
            for (k, &i) in idx.iter().enumerate() {
                r[i] = k as f64;
            }
            r
        };
        let (ra, rb) = (rank(a), rank(b));
        let n = a.len() as f64;
        let d2: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - y) * (x - y)).sum();
        1.0 - 6.0 * d2 / (n * (n * n - 1.0))
    }
}
