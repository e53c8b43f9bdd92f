//! Self-play games that sample the search's scores, for fitting a variant's
//! odds ([`WdlModel`]).
//!
//! [`sample_game`] plays one game of the engine against itself from the
//! variant's start position: the first [`SampleGameConfig::random_plies`]
//! plies are uniformly random legal inputs (drawn from the game's seed, so
//! games differ), the rest the best input of a search limited by
//! [`SampleGameConfig::depth`] and [`SampleGameConfig::nodes`] at every seat.
//! Chance nodes (Mage's Chess engagements) are resolved by sampling the
//! outcome model with the game's generator, so the samples include chance.
//! The variant's history draws (repetition, quiet-move limits) apply. Each
//! searched position whose score is not a forced result gives one
//! [`ScoreSample`]; once the game ends, every sample is paired with its
//! seat's result.
//!
//! A game is a function of its seed and configuration alone, so the games
//! of a fit can be played in any order, on any number of threads or
//! machines (the `fit_wdl` example, the Python package's Ray runner), with
//! the same samples.
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::{Limits, Reading, SearchConfig, Searcher, WdlModel};
use crate::game::{Seat, SeatResult};
use crate::history::History;
use crate::random::sample_outcome;
use crate::zobrist::splitmix64;

/// How [`sample_game`] plays.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SampleGameConfig {
    /// The search depth of every searched ply.
    pub depth: u32,
    /// At most this many nodes a search, if set (a deep `depth` with a node
    /// limit reaches deeper where the position is simple).
    pub nodes: Option<u64>,
    /// Plies played uniformly at random first.
    pub random_plies: u32,
    /// Plies after which a game still going is cut off
    /// ([`SampleGame::cut`]; its seats' results read as draws).
    pub max_plies: u32,
}

impl Default for SampleGameConfig {
    fn default() -> Self {
        SampleGameConfig { depth: 2, nodes: None, random_plies: 4, max_plies: 300 }
    }
}

/// One searched position of a [`SampleGame`].
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ScoreSample {
    /// The ply it was searched at (0 is the start position).
    pub ply: u32,
    /// The seat to move.
    pub seat: Seat,
    /// The search's raw score for that seat, in centipawns.
    pub raw: f64,
    /// That seat's result in the game.
    pub result: SeatResult,
    /// The odds class the score is read in (see [`odds_class`]).
    pub class: usize,
}

/// A self-play game of [`sample_game`]: its samples and how it ended.
#[derive(Clone, PartialEq, Debug)]
pub struct SampleGame {
    /// The searched positions' scores with their seat's result.
    pub samples: Vec<ScoreSample>,
    /// Each seat's result (draws for a game cut off).
    pub results: Vec<SeatResult>,
    /// Why the game ended: the outcome's reason, `max-plies` when it was
    /// cut off, `no-input` when a search found no input.
    pub reason: String,
    /// Whether the game was cut off at [`SampleGameConfig::max_plies`]
    /// rather than ended by the rules.
    pub cut: bool,
    /// Plies played.
    pub plies: u32,
    /// Nodes searched over the game.
    pub nodes: u64,
    /// Searches made (plies after the random ones).
    pub searches: u32,
    /// Sum of the searches' completed depths.
    pub depth_sum: u64,
}

/// The odds class a raw score of `pos` for `seat` is read in: the
/// position's class ([`Reading::wdl_class`]), or the class of the model that
/// class's model hands the score to ([`WdlModel::below`]).
pub fn odds_class<P: Reading>(pos: &P, seat: Seat, raw: f64) -> usize {
    let class = pos.wdl_class(seat);
    let Some(own) = P::WDL_MODELS.get(class) else { return class };
    let reader: &WdlModel = own.reader(raw);
    P::WDL_MODELS.iter().position(|m| m == reader).unwrap_or(class)
}

/// Plays the self-play game of `seed` (see the module documentation).
pub fn sample_game<P: Reading>(seed: u64, config: &SampleGameConfig) -> SampleGame {
    let mut rng = StdRng::seed_from_u64(splitmix64(seed).1);
    let mut searcher = Searcher::<P>::new(SearchConfig::default());
    let mut game = History::with_default_rules(P::start());
    let mut pending: Vec<(f64, Seat, u32, usize)> = Vec::new();
    let (mut plies, mut nodes, mut searches, mut depth_sum) = (0, 0, 0, 0);
    let limits = Limits { nodes: config.nodes, ..Limits::depth(config.depth) };
    let (results, reason) = loop {
        let pos = game.position().clone();
        if let Some(outcome) = game.outcome() {
            let seats = (0..pos.seat_count()).map(|s| outcome.result(Seat(s as u8))).collect();
            break (seats, outcome.reason().to_owned());
        }
        if let Some(outcomes) = pos.chance() {
            match sample_outcome(&outcomes, &mut rng) {
                Some(resolution) => {
                    game.play(resolution);
                    continue;
                }
                None => break (vec![SeatResult::Draw; pos.seat_count()], "no-input".to_owned()),
            }
        }
        if plies >= config.max_plies {
            break (vec![SeatResult::Draw; pos.seat_count()], "max-plies".to_owned());
        }
        let moves = pos.legal_moves();
        let chosen = if plies < config.random_plies && !moves.is_empty() {
            Some(moves[rng.random_range(0..moves.len())])
        } else {
            searcher.set_game_history(game.keys());
            let r = searcher.search(&pos, &limits);
            (nodes, searches, depth_sum) = (nodes + r.nodes, searches + 1, depth_sum + u64::from(r.depth));
            if let Some(cp) = r.score.centipawns() {
                let raw = f64::from(cp);
                pending.push((raw, pos.turn(), plies, odds_class(&pos, pos.turn(), raw)));
            }
            r.best
        };
        let Some(input) = chosen else {
            break (vec![SeatResult::Draw; pos.seat_count()], "no-input".to_owned());
        };
        game.play(input);
        plies += 1;
    };
    let samples = pending
        .into_iter()
        .map(|(raw, seat, ply, class)| ScoreSample { ply, seat, raw, result: results[seat.index()], class })
        .collect();
    let cut = reason == "max-plies";
    SampleGame { samples, results, reason, cut, plies, nodes, searches, depth_sum }
}
