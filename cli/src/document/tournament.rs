//! `match --json`: the settings, each player's tally, every game, and the
//! Elo and SPRT estimates.

use std::collections::BTreeMap;

use motley_core::search::{GameRecord, MatchResult};
use motley_core::{Position, Seat};
use schemars::JsonSchema;
use serde::Serialize;

use super::{Fen, MoveText, SchemaVersion, SeatName, SeatResultName, VariantName};
use crate::args::MatchArgs;
use crate::sprt::{Decision, EloEstimate, Sprt};
use crate::tournament::{Forfeit, Opening};

/// One player's wins, draws and losses in one seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct SeatTally {
    /// Games won.
    wins: u32,
    /// Games drawn.
    draws: u32,
    /// Games lost.
    losses: u32,
}

/// One player of a match, with its tally.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct PlayerDoc {
    /// The player as given (`random`, `search:depth=3`, `uci:…`).
    name: String,
    /// The name in tables: with the seat taken in game 1 when two players
    /// share a name.
    label: String,
    /// The seat it took in game 1; `null` if it played no game.
    first_seat: Option<SeatName>,
    /// Games played.
    games: u32,
    /// Games won.
    wins: u32,
    /// Games drawn.
    draws: u32,
    /// Games lost.
    losses: u32,
    /// Its score, 0 to 1 (draws count half).
    #[schemars(range(min = 0, max = 1))]
    score: f64,
    /// The 95% Wilson interval of the score: `[low, high]`.
    interval_95: [f64; 2],
    /// Seat → its tally in that seat.
    by_seat: BTreeMap<SeatName, SeatTally>,
}

impl PlayerDoc {
    /// Player `i` of the match `result`.
    #[must_use]
    pub fn new(result: &MatchResult, i: usize) -> PlayerDoc {
        let p = &result.players[i];
        let (lo, hi) = p.confidence_95();
        PlayerDoc {
            name: p.name.clone(),
            label: result.label(i),
            first_seat: result.first_seat(i).map(SeatName::named),
            games: p.games,
            wins: p.wins,
            draws: p.draws,
            losses: p.losses,
            score: p.score(),
            interval_95: [lo, hi],
            by_seat: result
                .seat_names
                .iter()
                .zip(&p.by_seat)
                .map(|(name, row)| {
                    (SeatName::named(name), SeatTally { wins: row[0], draws: row[1], losses: row[2] })
                })
                .collect(),
        }
    }
}

/// A game lost by an engine's failure.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct ForfeitDoc {
    /// The seat that lost.
    seat: SeatName,
    /// The player.
    player: String,
    /// What happened.
    message: String,
}

/// One game of a match.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct MatchGameDoc {
    /// The player's name in each seat.
    seating: Vec<String>,
    /// Seat → its result.
    results: BTreeMap<SeatName, SeatResultName>,
    /// Why the game ended, in kebab case.
    reason: String,
    /// Plies as the game counts them.
    plies: u32,
    /// Mage's Chess engagement resolutions (inputs but not plies); 0 elsewhere.
    resolutions: usize,
    /// Every input after the opening, resolutions included.
    moves: Vec<MoveText>,
    /// The opening's index in `openings`, or `null`.
    opening: Option<usize>,
    /// An engine's loss, or `null`.
    forfeit: Option<ForfeitDoc>,
}

impl MatchGameDoc {
    /// The game `record` of the match `result`, played from `start` (its
    /// variant names the seats) after opening number `opening`, lost by
    /// `forfeit` if an engine failed.
    #[must_use]
    pub fn new<P: Position>(
        start: &P,
        result: &MatchResult,
        record: &GameRecord,
        opening: Option<usize>,
        forfeit: Option<&Forfeit>,
    ) -> MatchGameDoc {
        MatchGameDoc {
            seating: record
                .seating
                .iter()
                .map(|&p| result.players.get(p).map_or("?", |x| x.name.as_str()).to_owned())
                .collect(),
            results: record
                .results
                .iter()
                .enumerate()
                .map(|(s, r)| (SeatName::of(start, Seat(s as u8)), (*r).into()))
                .collect(),
            reason: record.reason.clone(),
            plies: record.plies,
            resolutions: record.moves.len().saturating_sub(record.plies as usize),
            moves: record.moves.iter().cloned().map(MoveText).collect(),
            opening,
            forfeit: forfeit.map(|f| ForfeitDoc {
                seat: SeatName::of(start, Seat(f.seat as u8)),
                player: f.player.clone(),
                message: f.message.clone(),
            }),
        }
    }
}

/// Which games an Elo estimate comes from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum EloModel {
    /// The game pairs (same opening, seats swapped).
    Pentanomial,
    /// The games one by one (no complete pair).
    Trinomial,
}

/// `--a`'s logistic Elo difference with its 95% error bar.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, JsonSchema)]
pub struct EloDoc {
    /// The Elo difference of the mean score.
    elo: f64,
    /// Half the width of the 95% interval.
    error_95: f64,
    /// The interval's lower end.
    lower: f64,
    /// The interval's upper end.
    upper: f64,
    /// The model it comes from.
    model: EloModel,
}

impl EloDoc {
    /// The estimate `e` from the pairs (`pentanomial`) or the games.
    #[must_use]
    pub fn new(e: &EloEstimate, pentanomial: bool) -> EloDoc {
        EloDoc {
            elo: e.elo,
            error_95: e.error_95,
            lower: e.lower,
            upper: e.upper,
            model: if pentanomial { EloModel::Pentanomial } else { EloModel::Trinomial },
        }
    }
}

/// What an SPRT decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub enum SprtResult {
    /// The LLR is between the bounds.
    #[serde(rename = "continue")]
    Continue,
    /// Accepted H1: `--a` is at least `elo1` stronger.
    H1,
    /// Accepted H0: `--a` is at most `elo0` stronger.
    H0,
}

impl From<Decision> for SprtResult {
    fn from(d: Decision) -> SprtResult {
        match d {
            Decision::Continue => SprtResult::Continue,
            Decision::AcceptH1 => SprtResult::H1,
            Decision::AcceptH0 => SprtResult::H0,
        }
    }
}

/// A sequential probability ratio test and where it stands.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, JsonSchema)]
pub struct SprtDoc {
    /// The Elo difference of H0.
    elo0: f64,
    /// The Elo difference of H1.
    elo1: f64,
    /// The false-positive rate.
    alpha: f64,
    /// The false-negative rate.
    beta: f64,
    /// The log-likelihood ratio after the last complete pair.
    llr: f64,
    /// The LLR's lower bound.
    lower: f64,
    /// The LLR's upper bound.
    upper: f64,
    /// The decision.
    result: SprtResult,
}

impl SprtDoc {
    /// The test `sprt` at log-likelihood ratio `llr`, having decided `decision`.
    #[must_use]
    pub fn new(sprt: &Sprt, llr: f64, decision: Decision) -> SprtDoc {
        SprtDoc {
            elo0: sprt.elo0,
            elo1: sprt.elo1,
            alpha: sprt.alpha,
            beta: sprt.beta,
            llr,
            lower: sprt.lower(),
            upper: sprt.upper(),
            result: decision.into(),
        }
    }
}

/// The per-move limits of a match.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct MatchLimitsDoc {
    /// `--depth`, or `null`.
    depth: Option<u32>,
    /// `--movetime` (ms), or `null`.
    movetime_ms: Option<u64>,
    /// `--nodes`, or `null`.
    nodes: Option<u64>,
    /// The engine reply timeout (ms).
    timeout_ms: u64,
}

/// `motley match --json`: the settings, the players, every game, and the
/// Elo and SPRT estimates.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct MatchDocument {
    schema: SchemaVersion,
    variant: VariantName,
    /// The start position string.
    start: Fen,
    /// Games asked for with `--games`.
    games: u32,
    /// The seed.
    seed: u64,
    /// The ply cutoff of a game.
    max_plies: u32,
    /// The seats, first seat first.
    seats: Vec<SeatName>,
    /// One entry per player, `--a` first.
    players: Vec<PlayerDoc>,
    /// Every game played, in order.
    game_list: Vec<MatchGameDoc>,
    /// Games played: `games`, or fewer when the SPRT decided first.
    games_played: usize,
    /// The lines of `--openings` (comments and blank lines dropped), or `null`.
    openings: Option<Vec<String>>,
    /// The per-move limits.
    limits: MatchLimitsDoc,
    /// Two seats: the complete game pairs in which `--a` scored 0, ½, 1,
    /// 1½, 2 points; `null` in Royale.
    pentanomial: Option<[u32; 5]>,
    /// Two seats: `--a`'s Elo difference; else `null`.
    elo: Option<EloDoc>,
    /// With `--sprt`: the test; else `null`.
    sprt: Option<SprtDoc>,
}

impl MatchDocument {
    /// The match `result` played from `start` with `args`: its `games`
    /// (each made by [`MatchGameDoc::new`]), the `openings` used, the
    /// `pentanomial` counts, and the `elo` and `sprt` estimates.
    #[must_use]
    #[allow(clippy::too_many_arguments)] // the parts of a match the library does not tally
    pub fn new<P: Position>(
        start: &P,
        args: &MatchArgs,
        result: &MatchResult,
        games: Vec<MatchGameDoc>,
        openings: Option<&[Opening]>,
        pentanomial: Option<[u32; 5]>,
        elo: Option<EloDoc>,
        sprt: Option<SprtDoc>,
    ) -> MatchDocument {
        MatchDocument {
            schema: SchemaVersion,
            variant: VariantName::of::<P>(),
            start: Fen::of(start),
            games: args.games,
            seed: args.seed,
            max_plies: args.max_plies,
            seats: result.seat_names.iter().map(|s| SeatName::named(s)).collect(),
            players: (0..result.players.len()).map(|i| PlayerDoc::new(result, i)).collect(),
            games_played: games.len(),
            game_list: games,
            openings: openings.map(|list| list.iter().map(|o| o.text.clone()).collect()),
            limits: MatchLimitsDoc {
                depth: args.depth,
                movetime_ms: args.movetime,
                nodes: args.nodes,
                timeout_ms: args.timeout,
            },
            pentanomial,
            elo,
            sprt,
        }
    }
}
