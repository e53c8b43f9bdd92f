//! Markets a bookmaker quotes on a match, priced by search-guided
//! simulation.
//!
//! [`MarketMatch`] is a match with its people (the lineups given, or one
//! placeholder name per piece) and the counts the markets settle on;
//! [`price`] plays it on to the end many times and reads four markets off
//! the simulated endings:
//!
//! - **the match result**: green wins, a draw, blue wins — and, apart, the
//!   share of simulations cut off by the cap ([`Settings::cap`]) before the
//!   match ended, **undecided**. A draw is only what the rules make a draw
//!   (a double pass, an agreement, the rules' own ply limit when the match
//!   has one); a simulation cut off is never counted as a draw;
//! - **a heresy is committed** in the match: yes, no, or undecided (cut off
//!   before the end without one);
//! - **the first engagement is won by the challenger**: yes, no (the
//!   defender won, a draw, a foul or the engagement's timeout), void (the
//!   match ended without an engagement) or undecided;
//! - **total engagements over or under a line** (a half-integer): every
//!   engagement declared in the match counts, whatever its end; the
//!   distribution of totals over the simulations that reached the end is
//!   reported too. A simulation cut off with more engagements than the line
//!   counts as over; one cut off below it is undecided.
//!
//! In play every market counts what already happened: a heresy committed
//! settles "a heresy" at yes, a first engagement resolved settles its
//! market, engagements declared count toward the total. Counts start at the
//! position the match was built from (a halo on that board is a heresy
//! already committed, a pending engagement one declared). A finished match
//! is priced exactly: every simulation is the match as it stands.
//!
//! # The simulation
//!
//! Each simulation plays from the current state until the match ends or
//! [`Settings::cap`] inputs and referee events have been simulated:
//!
//! - **inputs**: the side to move's input is Motley's searcher's best at a
//!   fixed depth ([`Settings::depth`], one ply by default), except that with
//!   probability [`Settings::exploration`] it is a legal input drawn at
//!   random — the players of the synthetic league (module `league`),
//!   whose matches the default reproduces. One searcher serves every simulation of a pricing, in
//!   order, so the same seed gives the same prices;
//! - **engagements**: a pending engagement is resolved by drawing from the
//!   outcome model of its two people ([`LineupMatch::chance`] with the
//!   ratings: Davidson's model of [`crate::sport`]) or, without ratings or
//!   without lineups, the role-only [`DEFAULT_MODEL`]; with probability
//!   [`Rates::foul`] the challenger fouls instead;
//! - **heresies**: at the start of a simulation, every board player who has
//!   not acted yet in the match and wears no halo means to commit a heresy
//!   with their propensity (the rating's heresy chance, or the base rate of
//!   their starting role, [`HERESY_BASE_RATES`]); their first action is then
//!   heretical when the rules allow. A player who already acted without one
//!   had none in mind — the league's model of heresies, in which the intent
//!   is drawn before the match and acted upon at the first action;
//! - **referee events**: before each turn the side to move times out with
//!   probability [`Rates::turn_timeout`] and its Luminary is sanctioned
//!   (forfeits the next turn) with probability [`Rates::sanction`]
//!   ([`Rates::LEAGUE`], the league's rates, by default; [`Rates::NONE`]
//!   for none).
//!
//! Every probability is the share of simulations, with its Monte-Carlo
//! standard error `√(p(1 − p)/n)` over the `n` simulations ([`Share`]).
//!
//! # How well the prices hold
//!
//! On a synthetic league (`motley league --teams 8 --matches 800 --seed 5
//! --out league`), with ratings fitted on matches 1–200 (`motley ratings`)
//! and each of matches 201–800 priced with 400 simulations (seed: the
//! match's index) before its first input and again after half of its
//! recorded entries (`motley odds mages --record … --ratings …`):
//!
//! | stage | Brier, fitted ratings | Brier, role-only | calibration slope | largest decile gap |
//! |---|---:|---:|---:|---:|
//! | before the match | 0.423 | 0.508 | 1.29 | 9.5 points |
//! | half-way | 0.391 | 0.460 | 1.25 | 9.4 points |
//!
//! The Brier score is the three-way (green, draw, blue) squared error; the
//! deciles sort the 1,200 win forecasts (green's and blue's of each match)
//! by price, 120 to a decile, whose observed rate has a standard error of
//! about 4.5 points; the calibration slope is the logistic regression of
//! the result on the forecast's log-odds (1 when calibrated). So the
//! people's ratings beat the role-only prices clearly, and the prices are
//! somewhat too modest at both ends: a side priced at 76% won 83%, one
//! priced at 23% won 13%. The heresy market priced 41% on average against
//! 44.5% observed (Brier 0.249; a constant at the observed rate scores
//! 0.247).
//!
//! # Example
//!
//! ```
//! use motley_mages::markets::{MarketMatch, Settings, price};
//! use motley_mages::{Mages, Position};
//!
//! let game = MarketMatch::new(Mages::start(), None)?;
//! let settings = Settings { simulations: 4, cap: 60, ..Settings::default() };
//! let markets = price(&game, None, &settings)?;
//! let r = &markets.result;
//! let total = r.green.p + r.draw.p + r.blue.p + r.undecided.p;
//! assert!((total - 1.0).abs() < 1e-9);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use motley_core::Position;
use motley_core::random::sample_outcome;
use motley_core::search::{Limits, Searcher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::game::{MatchError, RefereeEvent};
use crate::lineup::{Lineup, LineupError, Post};
use crate::model::DEFAULT_MODEL;
use crate::moves::{Move, Resolution};
use crate::people::{LineupMatch, PersonId};
use crate::piece::{Role, Team};
use crate::position::Mages;
use crate::sport::{HERESY_BASE_RATES, Ratings};

/// The chances of the events the simulation draws besides inputs and
/// engagement outcomes.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Rates {
    /// The chance that an engagement ends in the challenger's foul.
    pub foul: f64,
    /// The chance that the side to move times out, per turn.
    pub turn_timeout: f64,
    /// The chance that the side to move's Luminary is sanctioned, per turn.
    pub sanction: f64,
}

impl Rates {
    /// The rates of the synthetic league (module `league`).
    pub const LEAGUE: Rates = Rates { foul: 0.01, turn_timeout: 0.005, sanction: 0.002 };
    /// No fouls, timeouts or sanctions.
    pub const NONE: Rates = Rates { foul: 0.0, turn_timeout: 0.0, sanction: 0.0 };
}

/// How markets are priced.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Settings {
    /// Simulations (at least one).
    pub simulations: u32,
    /// The seed of everything drawn.
    pub seed: u64,
    /// The searcher's depth, in plies, for each simulated input (at least one).
    pub depth: u32,
    /// The chance that a simulated input is a random legal one.
    pub exploration: f64,
    /// The most inputs and referee events a simulation plays before it is
    /// cut off (its match undecided).
    pub cap: u32,
    /// The line of the total engagements market (a half-integer); `None`:
    /// the half-integer nearest the simulated median that splits the
    /// simulations most evenly.
    pub line: Option<f64>,
    /// The rates of fouls, timeouts and sanctions.
    pub rates: Rates,
}

impl Default for Settings {
    /// 1000 simulations from seed 0, depth 1, one random input in ten, a cap
    /// of 400 inputs and events, the line from the median, the league's rates.
    fn default() -> Settings {
        Settings {
            simulations: 1000,
            seed: 0,
            depth: 1,
            exploration: 0.1,
            cap: 400,
            line: None,
            rates: Rates::LEAGUE,
        }
    }
}

/// Why markets cannot be priced.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum MarketError {
    /// Without lineups, a team's pieces cannot be given placeholder names
    /// (more pieces of a role than a team has).
    #[error("the {team} pieces cannot be named: {error}")]
    Unnamed {
        /// The team.
        team: Team,
        /// What is wrong.
        error: LineupError,
    },
    /// A lineup is not one of its team on the match's board.
    #[error(transparent)]
    Lineup(#[from] LineupError),
    /// The line is not a non-negative half-integer.
    #[error("the line {0} is not a half-integer such as 20.5")]
    Line(f64),
    /// A setting is out of its range.
    #[error("{0}")]
    Setting(&'static str),
}

/// A match priced by the markets: the match with its people and what the
/// markets have seen so far (see the module documentation).
#[derive(Clone, Debug)]
pub struct MarketMatch {
    game: LineupMatch,
    named: bool,
    engagements: u32,
    heresy: bool,
    first: Option<bool>,
    acted: Vec<PersonId>,
}

impl MarketMatch {
    /// A match from `position` with the teams' lineups (green, blue), or
    /// without: each piece then has a placeholder name (`green a1`…) and
    /// the markets use the role-only models.
    ///
    /// # Errors
    /// [`MarketError::Lineup`] if a lineup is not one of its team on the
    /// board; [`MarketError::Unnamed`] without lineups, if a team has more
    /// pieces of a role than a team has players of it.
    pub fn new(position: Mages, lineups: Option<(Lineup, Lineup)>) -> Result<MarketMatch, MarketError> {
        let named = lineups.is_some();
        let (green, blue) = match lineups {
            Some(pair) => pair,
            None => (placeholder(&position, Team::Green)?, placeholder(&position, Team::Blue)?),
        };
        let heresy = !position.board().halos().is_empty();
        let engagements = u32::from(position.pending().is_some());
        let game = LineupMatch::new(position, green, blue)?;
        Ok(MarketMatch { game, named, engagements, heresy, first: None, acted: Vec::new() })
    }

    /// The match with its people.
    #[must_use]
    pub fn people(&self) -> &LineupMatch {
        &self.game
    }

    /// Whether the people are the lineups given (not placeholders).
    #[must_use]
    pub fn is_named(&self) -> bool {
        self.named
    }

    /// Engagements declared so far.
    #[must_use]
    pub fn engagements(&self) -> u32 {
        self.engagements
    }

    /// Whether a heresy was committed so far.
    #[must_use]
    pub fn heresy(&self) -> bool {
        self.heresy
    }

    /// Whether the first engagement was won by its challenger, once it ended.
    #[must_use]
    pub fn first_engagement(&self) -> Option<bool> {
        self.first
    }

    /// Whether the match is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.game.game().end().is_some()
    }

    /// Plays a team's input.
    ///
    /// # Errors
    /// As [`LineupMatch::play`]; nothing changes then.
    pub fn play(&mut self, mv: Move) -> Result<(), MatchError> {
        let pending = self.game.position().pending().is_some();
        let actor = match mv {
            Move::Action { from, .. } => self.game.person_at(from),
            _ => None,
        };
        self.game.play(mv)?;
        if let Some(person) = actor
            && !self.acted.contains(&person)
        {
            self.acted.push(person);
        }
        if let Move::Action { heresy: true, .. } = mv {
            self.heresy = true;
        }
        if !pending && self.game.position().pending().is_some() {
            self.engagements += 1;
        }
        if pending && let Move::Resolve { resolution, .. } = mv {
            self.first.get_or_insert(resolution == Resolution::Challenger);
        }
        Ok(())
    }

    /// Applies a referee decision.
    ///
    /// # Errors
    /// As [`LineupMatch::referee`]; nothing changes then.
    pub fn referee(&mut self, event: RefereeEvent) -> Result<(), MatchError> {
        self.game.referee(event)?;
        if event == RefereeEvent::EngagementTimeout {
            self.first.get_or_insert(false);
        }
        Ok(())
    }
}

/// A team's placeholder lineup: each piece named by its team and square,
/// the Luminary `<team> luminary`.
fn placeholder(position: &Mages, team: Team) -> Result<Lineup, MarketError> {
    let mut items: Vec<String> =
        position.board().team(team).into_iter().map(|sq| format!("{sq} {} {sq}", team.name())).collect();
    items.push(format!("Luminary {} luminary", team.name()));
    Lineup::parse(&items.join(", "), team, position.board())
        .map_err(|error| MarketError::Unnamed { team, error })
}

/// A probability estimated from the simulations.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Share {
    /// The share of simulations.
    pub p: f64,
    /// Its Monte-Carlo standard error, `√(p(1 − p)/n)`.
    pub se: f64,
}

impl Share {
    fn of(count: u32, n: u32) -> Share {
        let n = f64::from(n.max(1));
        let p = f64::from(count) / n;
        Share { p, se: (p * (1.0 - p) / n).sqrt() }
    }
}

/// The match result market.
#[derive(Clone, Copy, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ResultMarket {
    /// Green wins.
    pub green: Share,
    /// A draw by the rules.
    pub draw: Share,
    /// Blue wins.
    pub blue: Share,
    /// Cut off by the cap before the end (never a draw).
    pub undecided: Share,
    /// Whether the match is over (the market is settled).
    pub settled: bool,
}

/// A yes-or-no market.
#[derive(Clone, Copy, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct YesNoMarket {
    /// Yes.
    pub yes: Share,
    /// No.
    pub no: Share,
    /// Void: the match ended without the event the market is about (no engagement).
    pub void: Share,
    /// Cut off by the cap before the market settled.
    pub undecided: Share,
    /// Whether the market is already settled.
    pub settled: bool,
}

/// The total engagements market.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TotalMarket {
    /// The line (a half-integer).
    pub line: f64,
    /// More engagements than the line.
    pub over: Share,
    /// Fewer.
    pub under: Share,
    /// Cut off below the line.
    pub undecided: Share,
    /// Engagements declared so far.
    pub so_far: u32,
    /// `counts[k]`: the simulations that reached the end with exactly `k`
    /// engagements.
    pub counts: Vec<u32>,
    /// Whether the market is already settled.
    pub settled: bool,
}

/// The prices of the four markets (see the module documentation).
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Markets {
    /// Simulations played.
    pub simulations: u32,
    /// Whether the people's ratings priced engagements and heresies (else the role-only models).
    pub rated: bool,
    /// The match result.
    pub result: ResultMarket,
    /// A heresy is committed.
    pub heresy: YesNoMarket,
    /// The first engagement is won by the challenger.
    pub first_engagement: YesNoMarket,
    /// Total engagements over or under the line.
    pub total_engagements: TotalMarket,
}

/// How one simulation ended.
struct Ending {
    /// `None`: cut off; `Some(None)`: a draw.
    result: Option<Option<Team>>,
    heresy: bool,
    first: Option<bool>,
    engagements: u32,
}

/// Prices the markets of `game` (see the module documentation), with the
/// people's `ratings` when given and the lineups are named.
///
/// # Errors
/// [`MarketError::Line`] for a line that is not a non-negative
/// half-integer; [`MarketError::Setting`] for no simulation or depth 0.
pub fn price(
    game: &MarketMatch,
    ratings: Option<&Ratings>,
    settings: &Settings,
) -> Result<Markets, MarketError> {
    if settings.simulations == 0 {
        return Err(MarketError::Setting("at least one simulation is needed"));
    }
    if settings.depth == 0 {
        return Err(MarketError::Setting("the search depth is at least 1"));
    }
    if let Some(line) = settings.line
        && !(line >= 0.0 && line.fract() == 0.5)
    {
        return Err(MarketError::Line(line));
    }
    let ratings = ratings.filter(|_| game.named);
    let mut rng = StdRng::seed_from_u64(settings.seed);
    let mut engine = Searcher::<Mages>::new(Default::default());
    let endings: Vec<Ending> =
        (0..settings.simulations).map(|_| simulate(game, ratings, settings, &mut engine, &mut rng)).collect();
    Ok(tally(game, &endings, ratings.is_some(), settings))
}

/// Reads the markets off the simulations' endings.
fn tally(game: &MarketMatch, endings: &[Ending], rated: bool, settings: &Settings) -> Markets {
    let n = endings.len() as u32;
    let count = |f: &dyn Fn(&Ending) -> bool| Share::of(endings.iter().filter(|e| f(e)).count() as u32, n);
    let over = game.is_over();
    let result = ResultMarket {
        green: count(&|e| e.result == Some(Some(Team::Green))),
        draw: count(&|e| e.result == Some(None)),
        blue: count(&|e| e.result == Some(Some(Team::Blue))),
        undecided: count(&|e| e.result.is_none()),
        settled: over,
    };
    let heresy = YesNoMarket {
        yes: count(&|e| e.heresy),
        no: count(&|e| !e.heresy && e.result.is_some()),
        void: Share::default(),
        undecided: count(&|e| !e.heresy && e.result.is_none()),
        settled: over || game.heresy,
    };
    let first_engagement = YesNoMarket {
        yes: count(&|e| e.first == Some(true)),
        no: count(&|e| e.first == Some(false)),
        void: count(&|e| e.first.is_none() && e.result.is_some()),
        undecided: count(&|e| e.first.is_none() && e.result.is_none()),
        settled: over || game.first.is_some(),
    };
    let mut counts = Vec::new();
    for e in endings.iter().filter(|e| e.result.is_some()) {
        let k = e.engagements as usize;
        if counts.len() <= k {
            counts.resize(k + 1, 0);
        }
        counts[k] += 1;
    }
    let line = settings.line.unwrap_or_else(|| median_line(endings));
    let total_engagements = TotalMarket {
        line,
        over: count(&|e| f64::from(e.engagements) > line),
        under: count(&|e| f64::from(e.engagements) < line && e.result.is_some()),
        undecided: count(&|e| f64::from(e.engagements) < line && e.result.is_none()),
        so_far: game.engagements,
        counts,
        settled: over || f64::from(game.engagements) > line,
    };
    Markets { simulations: n, rated, result, heresy, first_engagement, total_engagements }
}

/// The half-integer next to the simulations' median total (a cut-off
/// simulation counts what it reached) that splits them most evenly.
fn median_line(endings: &[Ending]) -> f64 {
    let mut totals: Vec<u32> = endings.iter().map(|e| e.engagements).collect();
    totals.sort_unstable();
    let median = f64::from(totals.get(totals.len() / 2).copied().unwrap_or(0));
    let over =
        |line: f64| totals.iter().filter(|&&t| f64::from(t) > line).count() as f64 / totals.len() as f64;
    let below = (median - 0.5).max(0.5);
    let above = median + 0.5;
    if (over(below) - 0.5).abs() < (over(above) - 0.5).abs() { below } else { above }
}

/// Plays one simulation from `start` (see the module documentation).
fn simulate(
    start: &MarketMatch,
    ratings: Option<&Ratings>,
    settings: &Settings,
    engine: &mut Searcher<Mages>,
    rng: &mut StdRng,
) -> Ending {
    let mut game = start.clone();
    let mut intents = intents(&game, ratings, rng);
    for _ in 0..settings.cap {
        if game.is_over() {
            break;
        }
        let played = match next_input(&game, ratings, settings, engine, &mut intents, rng) {
            Some(Input::Move(m)) => game.play(m),
            Some(Input::Event(e)) => game.referee(e),
            None => break,
        };
        if played.is_err() {
            break;
        }
    }
    Ending {
        result: game.game.game().end().map(|(_, winner)| winner),
        heresy: game.heresy,
        first: game.first,
        engagements: game.engagements,
    }
}

/// Who of the game's board players mean to commit a heresy: those who
/// have not acted and wear no halo, each with their propensity.
fn intents(game: &MarketMatch, ratings: Option<&Ratings>, rng: &mut StdRng) -> Vec<PersonId> {
    let people = &game.game;
    let mut means = Vec::new();
    for team in Team::ALL {
        for (i, p) in people.lineup(team).players().iter().enumerate() {
            let person = PersonId { team, index: i as u8 };
            if p.post == Post::Luminary
                || game.acted.contains(&person)
                || people.is_heretic(person)
                || people.square_of(person).is_none()
            {
                continue;
            }
            let base = HERESY_BASE_RATES[p.role.unwrap_or(Role::Pawn) as usize];
            let q = ratings.and_then(|r| r.get(&p.name)).map_or(base, |r| r.heresy.mean);
            if rng.random_bool(q.clamp(0.0, 1.0)) {
                means.push(person);
            }
        }
    }
    means
}

/// A simulated input or referee event.
enum Input {
    Move(Move),
    Event(RefereeEvent),
}

/// The next simulated input: a resolution drawn from the outcome model (or
/// a foul), a referee event at its rate, or the searcher's input (one at
/// random at the exploration rate), heretical when its mover means one.
fn next_input(
    game: &MarketMatch,
    ratings: Option<&Ratings>,
    settings: &Settings,
    engine: &mut Searcher<Mages>,
    intents: &mut Vec<PersonId>,
    rng: &mut StdRng,
) -> Option<Input> {
    let pos = game.game.position();
    if pos.pending().is_some() {
        if rng.random_bool(settings.rates.foul.clamp(0.0, 1.0)) {
            return pos.resolution_moves(Resolution::Foul).first().copied().map(Input::Move);
        }
        let chance = match ratings {
            Some(r) => game.game.chance(r),
            None => pos.chance_with(&DEFAULT_MODEL),
        }?;
        return sample_outcome(&chance, rng).map(Input::Move);
    }
    if rng.random_bool(settings.rates.turn_timeout.clamp(0.0, 1.0)) {
        return Some(Input::Event(RefereeEvent::TurnTimeout));
    }
    if rng.random_bool(settings.rates.sanction.clamp(0.0, 1.0)) {
        return Some(Input::Event(RefereeEvent::ForfeitTurn(pos.side_to_move())));
    }
    let legal = pos.legal_moves();
    let first = *legal.first()?;
    let mut mv = if rng.random_bool(settings.exploration.clamp(0.0, 1.0)) {
        legal[rng.random_range(0..legal.len())]
    } else {
        engine.search(pos, &Limits::depth(settings.depth)).best.unwrap_or(first)
    };
    if let Move::Action { from, .. } = mv
        && let Some(person) = game.game.person_at(from)
        && let Some(k) = intents.iter().position(|p| *p == person)
        && pos.is_legal(mv.with_heresy())
    {
        intents.swap_remove(k);
        mv = mv.with_heresy();
    }
    Some(Input::Move(mv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lineup::LineupText;

    const GREEN: &str = "a1 Ann, b1 Ben, c1 Cid, d1 Dee, e1 Eve, f1 Fay, a2 Gus, b2 Hal, c2 Ivy, d2 Jon, e2 Kim, \
                         f2 Lou, Luminary Max";
    const BLUE: &str = "a8 Ada, b8 Bo, c8 Cy, d8 Di, e8 Ed, f8 Flo, a7 Gil, b7 Hu, c7 Ike, d7 Jo, e7 Kai, \
                        f7 Lu, Luminary Mo";

    fn few(seed: u64) -> Settings {
        Settings { simulations: 6, seed, cap: 80, ..Settings::default() }
    }

    fn named() -> MarketMatch {
        let start = Mages::start();
        let green = Lineup::parse(GREEN, Team::Green, start.board()).unwrap();
        let blue = Lineup::parse(BLUE, Team::Blue, start.board()).unwrap();
        MarketMatch::new(start, Some((green, blue))).unwrap()
    }

    fn play(game: &mut MarketMatch, tokens: &[&str]) {
        for t in tokens {
            let mv = game.people().position().parse_move(t).unwrap();
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_prices() {
        let game = named();
        let a = price(&game, None, &few(3)).unwrap();
        let b = price(&game, None, &few(3)).unwrap();
        assert_eq!(a, b);
        let r = a.result;
        let sum = r.green.p + r.draw.p + r.blue.p + r.undecided.p;
        assert!((sum - 1.0).abs() < 1e-12);
    }

    #[test]
    fn a_finished_match_is_priced_exactly() {
        let mut game = named();
        play(&mut game, &["c2c3", "b7b6", "c1c2!"]);
        game.referee(RefereeEvent::Resign(Team::Blue)).unwrap();
        let m = price(&game, None, &few(1)).unwrap();
        assert_eq!((m.result.green.p, m.result.green.se, m.result.undecided.p), (1.0, 0.0, 0.0));
        assert!(m.result.settled && m.heresy.settled && m.first_engagement.settled);
        assert_eq!((m.heresy.yes.p, m.first_engagement.void.p), (1.0, 1.0));
        assert_eq!((m.total_engagements.so_far, m.total_engagements.counts.clone()), (0, vec![6]));
        assert_eq!(m.total_engagements.line, 0.5);
        assert_eq!(m.total_engagements.under.p, 1.0);
    }

    #[test]
    fn a_draw_by_agreement_is_a_draw_and_a_cut_off_is_undecided() {
        let mut game = named();
        game.referee(RefereeEvent::DrawByAgreement).unwrap();
        let m = price(&game, None, &few(1)).unwrap();
        assert_eq!((m.result.draw.p, m.result.undecided.p), (1.0, 0.0));
        let cut = price(&named(), None, &Settings { cap: 1, ..few(1) }).unwrap();
        assert_eq!((cut.result.draw.p, cut.result.undecided.p), (0.0, 1.0));
        assert_eq!(cut.heresy.yes.p + cut.heresy.undecided.p, 1.0);
    }

    #[test]
    fn the_first_engagement_settles_when_it_ends() {
        let mut game = named();
        // The Counselor engages the pawn on e7 along the file.
        play(&mut game, &["c2c3", "b7b6", "c1c2", "b6b5", "c2e4", "a7a6", "e4e7"]);
        assert_eq!((game.engagements(), game.first_engagement()), (1, None));
        let open = price(&game, None, &few(2)).unwrap();
        assert!(!open.first_engagement.settled);
        play(&mut game, &["defender"]);
        let m = price(&game, None, &few(2)).unwrap();
        assert!(m.first_engagement.settled);
        assert_eq!((m.first_engagement.no.p, m.first_engagement.yes.p), (1.0, 0.0));
        assert!(m.total_engagements.counts.iter().take(1).all(|&c| c == 0), "one engagement at least");
    }

    #[test]
    fn ratings_move_the_result_toward_the_stronger_team() {
        use crate::sport::{Estimate, Globals, Rating};
        let game = named();
        let text = |t: &str| LineupText::parse(t).unwrap();
        let strong = |name: &str, mean: f64| Rating {
            name: name.to_owned(),
            melee: Estimate { mean, sd: 0.0 },
            ranged: Estimate { mean, sd: 0.0 },
            heresy: Estimate { mean: 0.0, sd: 0.0 },
        };
        let mut people: Vec<Rating> = text(GREEN).items.iter().map(|i| strong(&i.name, 3.0)).collect();
        people.extend(text(BLUE).items.iter().map(|i| strong(&i.name, -3.0)));
        let globals = Globals { challenger_edge: 0.0, draw: 0.5, tiers: [0.0, 0.5, 1.0] };
        let ratings = Ratings { people, melee: globals, ranged: globals };
        let settings = Settings { simulations: 8, cap: 300, rates: Rates::NONE, ..Settings::default() };
        let m = price(&game, Some(&ratings), &settings).unwrap();
        assert!(m.rated);
        assert!(m.result.green.p > m.result.blue.p, "{:?}", m.result);
        assert_eq!(m.heresy.yes.p, 0.0, "nobody means a heresy");
    }

    #[test]
    fn a_line_must_be_a_half_integer() {
        let settings = Settings { line: Some(3.0), ..few(0) };
        assert_eq!(price(&named(), None, &settings), Err(MarketError::Line(3.0)));
        let unnamed = MarketMatch::new(Mages::start(), None).unwrap();
        assert!(!unnamed.is_named());
        assert_eq!(unnamed.people().name(PersonId { team: Team::Blue, index: 0 }), "blue a7");
    }
}
