//! `odds --json`: the markets of a Mage's Chess match (`motley_mages::markets`).

use motley_mages::markets::{Markets, ResultMarket, Share, TotalMarket, YesNoMarket};
use schemars::JsonSchema;
use serde::Serialize;

use super::{Fen, SchemaVersion};

/// A probability from the simulations.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, JsonSchema)]
pub struct ShareDoc {
    /// The share of simulations.
    #[schemars(range(min = 0, max = 1))]
    p: f64,
    /// Its Monte-Carlo standard error.
    #[schemars(range(min = 0))]
    se: f64,
}

impl From<Share> for ShareDoc {
    fn from(s: Share) -> ShareDoc {
        ShareDoc { p: s.p, se: s.se }
    }
}

/// The match result market.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, JsonSchema)]
pub struct ResultMarketDoc {
    /// Green wins.
    green: ShareDoc,
    /// A draw by the rules (a double pass, an agreement, the rules' ply limit).
    draw: ShareDoc,
    /// Blue wins.
    blue: ShareDoc,
    /// Simulations cut off by the cap before the end (never counted as a draw).
    undecided: ShareDoc,
    /// Whether the match is over.
    settled: bool,
}

impl From<ResultMarket> for ResultMarketDoc {
    fn from(m: ResultMarket) -> ResultMarketDoc {
        ResultMarketDoc {
            green: m.green.into(),
            draw: m.draw.into(),
            blue: m.blue.into(),
            undecided: m.undecided.into(),
            settled: m.settled,
        }
    }
}

/// A yes-or-no market.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, JsonSchema)]
pub struct YesNoMarketDoc {
    /// Yes.
    yes: ShareDoc,
    /// No.
    no: ShareDoc,
    /// Void: the match ended without the event the market is about (always 0 for the heresy market).
    void: ShareDoc,
    /// Cut off by the cap before the market settled.
    undecided: ShareDoc,
    /// Whether the market is already settled.
    settled: bool,
}

impl From<YesNoMarket> for YesNoMarketDoc {
    fn from(m: YesNoMarket) -> YesNoMarketDoc {
        YesNoMarketDoc {
            yes: m.yes.into(),
            no: m.no.into(),
            void: m.void.into(),
            undecided: m.undecided.into(),
            settled: m.settled,
        }
    }
}

/// The total engagements market.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct TotalMarketDoc {
    /// The line (a half-integer).
    line: f64,
    /// More engagements than the line.
    over: ShareDoc,
    /// Fewer.
    under: ShareDoc,
    /// Cut off below the line.
    undecided: ShareDoc,
    /// Engagements declared so far.
    so_far: u32,
    /// `counts[k]`: simulations that reached the end with exactly `k` engagements.
    counts: Vec<u32>,
    /// Whether the market is already settled.
    settled: bool,
}

impl From<&TotalMarket> for TotalMarketDoc {
    fn from(m: &TotalMarket) -> TotalMarketDoc {
        TotalMarketDoc {
            line: m.line,
            over: m.over.into(),
            under: m.under.into(),
            undecided: m.undecided.into(),
            so_far: m.so_far,
            counts: m.counts.clone(),
            settled: m.settled,
        }
    }
}

/// A named person standing on the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct PersonDoc {
    /// The square.
    square: String,
    /// The person's name.
    name: String,
    /// The team: `green` or `blue`.
    team: &'static str,
}

impl PersonDoc {
    /// The person called `name` of `team` on `square`.
    #[must_use]
    pub fn new(square: String, name: String, team: &'static str) -> PersonDoc {
        PersonDoc { square, name, team }
    }
}

/// `motley odds mages --json` (and `POST /api/odds`): the markets of a match
/// between two lineups, priced by search-guided simulation.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct OddsDocument {
    schema: SchemaVersion,
    /// Always `mages`.
    variant: &'static str,
    /// The position priced.
    fen: Fen,
    /// Inputs and referee events played from the match's start.
    entries: u32,
    /// Green's lineup, as the record tag writes it (absent: placeholder names).
    #[serde(skip_serializing_if = "Option::is_none")]
    green_lineup: Option<String>,
    /// Blue's lineup (absent: placeholder names).
    #[serde(skip_serializing_if = "Option::is_none")]
    blue_lineup: Option<String>,
    /// Whether the people's ratings priced engagements and heresies (else the role-only models).
    rated: bool,
    /// The named people on the board now, by square (absent without lineups).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    people: Vec<PersonDoc>,
    /// Simulations played.
    simulations: u32,
    /// The seed.
    seed: u64,
    /// The searcher's depth per simulated input.
    depth: u32,
    /// The most inputs and referee events a simulation plays.
    cap: u32,
    /// Green wins, draw, blue wins, undecided.
    result: ResultMarketDoc,
    /// A heresy is committed in the match.
    heresy: YesNoMarketDoc,
    /// The first engagement is won by the challenger.
    first_engagement: YesNoMarketDoc,
    /// Total engagements over or under the line.
    total_engagements: TotalMarketDoc,
}

/// What an [`OddsDocument`] is made of besides the markets.
#[derive(Clone, Debug)]
pub struct OddsSetting {
    /// The position string priced.
    pub fen: String,
    /// Entries played.
    pub entries: u32,
    /// The lineups (green, blue), when named.
    pub lineups: Option<(String, String)>,
    /// The seed.
    pub seed: u64,
    /// The depth.
    pub depth: u32,
    /// The cap.
    pub cap: u32,
    /// The named people on the board.
    pub people: Vec<PersonDoc>,
}

impl OddsDocument {
    /// The document of `markets` priced as `setting` says.
    #[must_use]
    pub fn new(setting: &OddsSetting, markets: &Markets) -> OddsDocument {
        let (green_lineup, blue_lineup) = match &setting.lineups {
            Some((g, b)) => (Some(g.clone()), Some(b.clone())),
            None => (None, None),
        };
        OddsDocument {
            schema: SchemaVersion,
            variant: "mages",
            fen: Fen(setting.fen.clone()),
            entries: setting.entries,
            green_lineup,
            blue_lineup,
            rated: markets.rated,
            people: setting.people.clone(),
            simulations: markets.simulations,
            seed: setting.seed,
            depth: setting.depth,
            cap: setting.cap,
            result: markets.result.into(),
            heresy: markets.heresy.into(),
            first_engagement: markets.first_engagement.into(),
            total_engagements: (&markets.total_engagements).into(),
        }
    }
}
