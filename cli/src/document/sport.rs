//! `ratings --json`: the statistics and ratings of Mage's Chess people.

use motley_mages::sport::{Estimate, Globals, PersonStats, Rating, Ratings, Season, Tally, TeamStats};
use schemars::JsonSchema;
use serde::Serialize;

use super::SchemaVersion;

/// Engagement counts from one side's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct TallyDoc {
    /// Won.
    won: u32,
    /// Lost.
    lost: u32,
    /// Drawn (in time or by the engagement's timeout).
    drawn: u32,
    /// Ended by a foul (committed as challenger, suffered as defender).
    fouled: u32,
}

impl From<Tally> for TallyDoc {
    fn from(t: Tally) -> TallyDoc {
        TallyDoc { won: t.won, lost: t.lost, drawn: t.drawn, fouled: t.fouled }
    }
}

/// An estimate with its standard deviation.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, JsonSchema)]
pub struct EstimateDoc {
    /// The estimate.
    mean: f64,
    /// Its standard deviation.
    #[schemars(range(min = 0))]
    sd: f64,
}

impl From<Estimate> for EstimateDoc {
    fn from(e: Estimate) -> EstimateDoc {
        EstimateDoc { mean: e.mean, sd: e.sd }
    }
}

/// A person's statistics and, for a board player, ratings.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct MageDoc {
    /// The name.
    name: String,
    /// The team of the person's last game.
    team: String,
    /// The starting role in the last game: `royal`, `counselor`, `chariot`, `shaman`, `pawn` or `luminary`.
    role: String,
    /// Games played.
    games: u32,
    /// Matches in which the mage made at least one action (the chances to
    /// commit a heresy).
    active_games: u32,
    /// Engagements declared.
    challenger: TallyDoc,
    /// Engagements suffered.
    defender: TallyDoc,
    /// Melee engagements, either side.
    melee: TallyDoc,
    /// Ranged engagements, either side.
    ranged: TallyDoc,
    /// Heresies committed.
    heresies: u32,
    /// Referee decisions answered as the team's Luminary.
    referee_events: u32,
    /// Melee strength (log-odds; absent for a Luminary).
    #[serde(skip_serializing_if = "Option::is_none")]
    melee_strength: Option<EstimateDoc>,
    /// Ranged strength (log-odds; absent for a Luminary).
    #[serde(skip_serializing_if = "Option::is_none")]
    ranged_strength: Option<EstimateDoc>,
    /// The chance of a heresy in a match in which the mage acts (absent
    /// for a Luminary).
    #[serde(skip_serializing_if = "Option::is_none")]
    heresy_chance: Option<EstimateDoc>,
}

impl MageDoc {
    fn new(p: &PersonStats, rating: Option<&Rating>) -> MageDoc {
        MageDoc {
            name: p.name.clone(),
            team: p.team.clone(),
            role: p.role.map_or("luminary", |r| r.name()).to_owned(),
            games: p.games,
            active_games: p.active_games,
            challenger: p.as_challenger.into(),
            defender: p.as_defender.into(),
            melee: p.melee.into(),
            ranged: p.ranged.into(),
            heresies: p.heresies,
            referee_events: p.referee_events,
            melee_strength: rating.map(|r| r.melee.into()),
            ranged_strength: rating.map(|r| r.ranged.into()),
            heresy_chance: rating.map(|r| r.heresy.into()),
        }
    }
}

/// A team's statistics.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct TeamDoc {
    /// The name (the record's `Green`/`Blue` tag, or `green`/`blue`).
    name: String,
    /// Games played.
    games: u32,
    /// Games won.
    wins: u32,
    /// Games drawn by the rules.
    draws: u32,
    /// Games lost.
    losses: u32,
    /// Games the record leaves unfinished.
    undecided: u32,
    /// Engagements declared by the team's people.
    challenger: TallyDoc,
    /// Engagements suffered by the team's people.
    defender: TallyDoc,
    /// Heresies committed.
    heresies: u32,
    /// Referee decisions about the team.
    referee_events: u32,
}

impl From<&TeamStats> for TeamDoc {
    fn from(t: &TeamStats) -> TeamDoc {
        TeamDoc {
            name: t.name.clone(),
            games: t.games,
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            undecided: t.undecided,
            challenger: t.as_challenger.into(),
            defender: t.as_defender.into(),
            heresies: t.heresies,
            referee_events: t.referee_events,
        }
    }
}

/// A geometry's fitted common parameters.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, JsonSchema)]
pub struct GlobalsDoc {
    /// The challenger's edge (log-odds).
    challenger_edge: f64,
    /// Davidson's draw parameter.
    #[schemars(range(min = 0))]
    draw: f64,
    /// The seniority tiers' effects (log-odds): Pawns (0), Chariots and Shamans, Royal and Counselor.
    tiers: [f64; 3],
}

impl From<Globals> for GlobalsDoc {
    fn from(g: Globals) -> GlobalsDoc {
        GlobalsDoc { challenger_edge: g.challenger_edge, draw: g.draw, tiers: g.tiers }
    }
}

/// `motley ratings --json`: per team and per person, the counts of the
/// records' games with lineups and the fitted ratings.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct RatingsDocument {
    schema: SchemaVersion,
    /// Games read.
    games: u32,
    /// Games with two full lineups (the ones counted).
    games_with_lineups: u32,
    /// Counted games with at least one heresy.
    games_with_heresy: u32,
    /// The teams, by name.
    teams: Vec<TeamDoc>,
    /// The people, board players by melee strength (strongest first), then the Luminaries by name.
    mages: Vec<MageDoc>,
    /// The melee model's common parameters.
    melee: GlobalsDoc,
    /// The ranged model's common parameters.
    ranged: GlobalsDoc,
}

impl RatingsDocument {
    /// The document of `season` (of `games` games read) and its `ratings`.
    #[must_use]
    pub fn new(games: u32, season: &Season, ratings: &Ratings) -> RatingsDocument {
        let mut teams: Vec<TeamDoc> = season.teams().iter().map(TeamDoc::from).collect();
        teams.sort_by(|a, b| a.name.cmp(&b.name));
        RatingsDocument {
            schema: SchemaVersion,
            games,
            games_with_lineups: season.games(),
            games_with_heresy: season.games_with_heresy(),
            teams,
            mages: ordered(season, ratings).into_iter().map(|(p, r)| MageDoc::new(p, r)).collect(),
            melee: ratings.melee.into(),
            ranged: ratings.ranged.into(),
        }
    }
}

/// The people with their ratings: board players by melee strength
/// (strongest first, then by name), then the Luminaries by name.
#[must_use]
pub fn ordered<'a>(season: &'a Season, ratings: &'a Ratings) -> Vec<(&'a PersonStats, Option<&'a Rating>)> {
    let mut people: Vec<(&PersonStats, Option<&Rating>)> =
        season.people().iter().map(|p| (p, ratings.get(&p.name).filter(|_| p.role.is_some()))).collect();
    people.sort_by(|(a, ra), (b, rb)| {
        let key = |r: &Option<&Rating>| r.map_or(f64::NEG_INFINITY, |r| r.melee.mean);
        key(rb).total_cmp(&key(ra)).then_with(|| a.name.cmp(&b.name))
    });
    people
}
