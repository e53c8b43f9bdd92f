//! Players for `motley match` and the match driver.
//!
//! A [`Player`] picks an input at a decision node; chance nodes are resolved
//! by the driver, sampling [`Position::chance`] with the game's seeded RNG.
//! [`play_match`] seats the players in rotation (with two seats, they swap
//! sides every game), stops a game at its outcome or after
//! [`MatchConfig::max_plies`] plies (scored as a draw, reason
//! `"max-plies"`), and tallies wins, draws and losses per player and seat.
//! A ply is an input chosen at a decision node, as the variants count them:
//! a chance node's resolution (a Mage's Chess engagement's outcome) is an
//! input but not a ply.
//! A match is reproducible from its seed unless a player has a time limit.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::{Evaluate, LimitKind, Limits, SearchConfig, Searcher, WIN};
use crate::game::{Seat, SeatResult};
use crate::zobrist::splitmix64;

/// Something that plays a variant: picks an input at a decision node.
pub trait Player<P: Evaluate>: Send {
    /// A short name for tables, such as `"greedy"` or `"search:depth=3"`.
    fn name(&self) -> String;

    /// Called before each game (a searcher forgets its tables here, so that
    /// games are reproducible).
    fn new_game(&mut self) {}

    /// The input to play at `pos`, a decision node of an ongoing game; `rng`
    /// is the game's seeded generator. `None` only if `pos` has no input.
    fn choose(&mut self, pos: &P, rng: &mut StdRng) -> Option<P::Move>;

    /// As [`Player::choose`], knowing the positions of the game so far:
    /// `keys` holds their [`Position::repetition_key`](crate::Position::repetition_key)s,
    /// the start first and `pos` last. The default ignores them;
    /// [`SearchPlayer`] gives them to its searcher
    /// ([`Searcher::set_game_history`]).
    fn choose_in_game(&mut self, pos: &P, keys: &[u64], rng: &mut StdRng) -> Option<P::Move> {
        let _ = keys;
        self.choose(pos, rng)
    }
}

/// Plays a uniformly random legal input.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomPlayer;

impl<P: Evaluate> Player<P> for RandomPlayer {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, pos: &P, rng: &mut StdRng) -> Option<P::Move> {
        let moves = pos.legal_moves();
        if moves.is_empty() { None } else { Some(moves[rng.random_range(0..moves.len())]) }
    }
}

/// Plays the input with the best [`Evaluate::material`] one input ahead, for
/// the seat that moves: a win beats everything, a loss is avoided, and an
/// input leading to a chance node is worth the probability-weighted mean over
/// its outcomes. Ties are broken at random.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyPlayer;

impl GreedyPlayer {
    /// The one-ply value of `pos` for `seat` (chance nodes averaged, with a
    /// nesting guard).
    fn value<P: Evaluate>(pos: &P, seat: Seat, nesting: u32) -> f64 {
        if let Some(outcome) = pos.outcome() {
            return match outcome.result(seat) {
                SeatResult::Win => f64::from(WIN),
                SeatResult::Draw => 0.0,
                SeatResult::Loss => -f64::from(WIN),
            };
        }
        match pos.chance() {
            Some(outcomes) if nesting < 4 => outcomes
                .iter()
                .map(|&(mv, p)| {
                    let mut child = pos.clone();
                    child.play_unchecked(mv);
                    p * Self::value(&child, seat, nesting + 1)
                })
                .sum(),
            _ => f64::from(pos.material(seat)),
        }
    }
}

impl<P: Evaluate> Player<P> for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn choose(&mut self, pos: &P, rng: &mut StdRng) -> Option<P::Move> {
        let seat = pos.turn();
        let mut best: Vec<P::Move> = Vec::new();
        let mut best_value = f64::NEG_INFINITY;
        for mv in pos.legal_moves() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let v = Self::value(&child, seat, 0);
            if v > best_value + 1e-9 {
                best_value = v;
                best.clear();
                best.push(mv);
            } else if (v - best_value).abs() <= 1e-9 {
                best.push(mv);
            }
        }
        if best.is_empty() { None } else { Some(best[rng.random_range(0..best.len())]) }
    }
}

/// Plays the best input of a [`Searcher`] within fixed [`Limits`].
pub struct SearchPlayer<P: Evaluate> {
    searcher: Searcher<P>,
    limits: Limits,
}

impl<P: Evaluate> SearchPlayer<P> {
    /// A player searching within `limits`.
    #[must_use]
    pub fn new(config: SearchConfig, limits: Limits) -> Self {
        SearchPlayer { searcher: Searcher::new(config), limits }
    }
}

impl<P: Evaluate> fmt::Debug for SearchPlayer<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchPlayer").field("limits", &self.limits).finish_non_exhaustive()
    }
}

impl<P: Evaluate> Player<P> for SearchPlayer<P> {
    fn name(&self) -> String {
        PlayerSpec::Search(self.limits).to_string()
    }

    fn new_game(&mut self) {
        self.searcher.clear();
    }

    fn choose(&mut self, pos: &P, _rng: &mut StdRng) -> Option<P::Move> {
        self.searcher.set_game_history(&[]);
        self.searcher.search(pos, &self.limits).best
    }

    fn choose_in_game(&mut self, pos: &P, keys: &[u64], _rng: &mut StdRng) -> Option<P::Move> {
        self.searcher.set_game_history(keys);
        self.searcher.search(pos, &self.limits).best
    }
}

/// A player as the command line names it: `random`, `greedy`, or
/// `search:` followed by comma-separated `depth=D`, `time=MS`, `nodes=N`
/// (e.g. `search:depth=3`, `search:time=200`, `search:depth=6,time=1000`).
///
/// ```
/// use motley_core::search::{Limits, PlayerSpec};
/// let spec: PlayerSpec = "search:depth=3".parse()?;
/// assert_eq!(spec, PlayerSpec::Search(Limits::depth(3)));
/// assert_eq!(spec.to_string(), "search:depth=3");
/// assert_eq!("greedy".parse::<PlayerSpec>()?, PlayerSpec::Greedy);
/// let err = "search:depth=x".parse::<PlayerSpec>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "player `search:depth=x`: depth must be a whole number from 1 to 64, not `x` (byte 13)"
/// );
/// # Ok::<(), motley_core::search::ParsePlayerError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayerSpec {
    /// [`RandomPlayer`].
    Random,
    /// [`GreedyPlayer`].
    Greedy,
    /// [`SearchPlayer`] with these limits (multipv 1).
    Search(Limits),
}

/// A malformed player specification.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParsePlayerError {
    /// Not `random`, `greedy` or `search:…`.
    #[error("player `{text}`: unknown player kind (byte {at}); expected random, greedy or search:…")]
    UnknownKind {
        /// The whole specification.
        text: String,
        /// Byte offset of the kind.
        at: usize,
    },
    /// A `search` option other than `depth`, `time`, `nodes`, or without `=`.
    #[error("player `{text}`: unknown search option `{key}` (byte {at}); expected depth=, time= or nodes=")]
    UnknownOption {
        /// The whole specification.
        text: String,
        /// The option as written.
        key: String,
        /// Byte offset of the option.
        at: usize,
    },
    /// An option's value is not a whole number within the limit's range
    /// ([`LimitKind`](super::LimitKind)).
    #[error("player `{text}`: {error} (byte {at})")]
    BadValue {
        /// The whole specification.
        text: String,
        /// What is wrong with the value.
        error: super::LimitError,
        /// Byte offset of the value.
        at: usize,
    },
    /// `search:` with no limit at all.
    #[error("player `{text}`: a search player needs depth=, time= or nodes= (byte {at})")]
    NoLimit {
        /// The whole specification.
        text: String,
        /// Byte offset where an option was expected.
        at: usize,
    },
}

impl FromStr for PlayerSpec {
    type Err = ParsePlayerError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let owned = || text.to_owned();
        match text {
            "random" => return Ok(PlayerSpec::Random),
            "greedy" => return Ok(PlayerSpec::Greedy),
            _ => {}
        }
        let Some(options) = text.strip_prefix("search:") else {
            return Err(ParsePlayerError::UnknownKind { text: owned(), at: 0 });
        };
        let mut limits = Limits::default();
        let mut at = "search:".len();
        for option in options.split(',') {
            let Some((key, value)) = option.split_once('=') else {
                return Err(ParsePlayerError::UnknownOption { text: owned(), key: option.to_owned(), at });
            };
            let value_at = at + key.len() + 1;
            let kind = match key {
                "depth" => LimitKind::Depth,
                "time" => LimitKind::Time,
                "nodes" => LimitKind::Nodes,
                _ => {
                    return Err(ParsePlayerError::UnknownOption { text: owned(), key: key.to_owned(), at });
                }
            };
            let n = kind.parse(value).map_err(|error| ParsePlayerError::BadValue {
                text: owned(),
                error,
                at: value_at,
            })?;
            match kind {
                LimitKind::Depth => limits.depth = Some(u32::try_from(n).unwrap_or(Limits::MAX_DEPTH)),
                LimitKind::Time => limits.time = Some(Duration::from_millis(n)),
                _ => limits.nodes = Some(n),
            }
            at += option.len() + 1;
        }
        if limits.depth.is_none() && limits.time.is_none() && limits.nodes.is_none() {
            return Err(ParsePlayerError::NoLimit { text: owned(), at: "search:".len() });
        }
        Ok(PlayerSpec::Search(limits))
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::Search(limits) => {
                let mut parts = Vec::new();
                if let Some(d) = limits.depth {
                    parts.push(format!("depth={d}"));
                }
                if let Some(t) = limits.time {
                    parts.push(format!("time={}", t.as_millis()));
                }
                if let Some(n) = limits.nodes {
                    parts.push(format!("nodes={n}"));
                }
                write!(f, "search:{}", parts.join(","))
            }
        }
    }
}

impl PlayerSpec {
    /// The player, with `config` for a search player.
    #[must_use]
    pub fn build<P: Evaluate>(&self, config: SearchConfig) -> Box<dyn Player<P>> {
        match *self {
            PlayerSpec::Random => Box::new(RandomPlayer),
            PlayerSpec::Greedy => Box::new(GreedyPlayer),
            PlayerSpec::Search(limits) => Box::new(SearchPlayer::new(config, limits)),
        }
    }
}

/// The settings of [`play_match`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MatchConfig {
    /// Number of games.
    pub games: u32,
    /// Seed: game `g` uses its own generator derived from `seed` and `g`.
    pub seed: u64,
    /// Plies (decision inputs; chance resolutions are not plies) after
    /// which a game is a draw. A pending chance node is resolved first.
    pub max_plies: u32,
}

impl Default for MatchConfig {
    /// 100 games, seed 0, 400 plies.
    fn default() -> Self {
        MatchConfig { games: 100, seed: 0, max_plies: 400 }
    }
}

/// One finished game.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct GameRecord {
    /// For each seat, the index of the player who sat there.
    pub seating: Vec<usize>,
    /// Each seat's result.
    pub results: Vec<SeatResult>,
    /// The outcome's reason; `"max-plies"` if the ply cutoff ended the game,
    /// `"no-input"` if a player returned no legal input (both scored as draws).
    pub reason: String,
    /// Plies played: inputs chosen at decision nodes, as the variant counts
    /// them (chance resolutions are not plies).
    pub plies: u32,
    /// The inputs in the variant's notation, chance resolutions included
    /// (so `moves.len() - plies` resolutions).
    pub moves: Vec<String>,
}

/// A match cannot start.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum MatchError {
    /// One player is needed per seat.
    #[error("{variant} has {seats} seats but {players} players were given")]
    PlayerCount {
        /// The variant.
        variant: &'static str,
        /// Its seat count.
        seats: usize,
        /// Players given.
        players: usize,
    },
}

/// Plays one game from `start`, player `players[seating[s]]` sitting at
/// seat `s`; chance nodes are resolved by sampling with `rng`.
///
/// # Panics
/// If `seating` has fewer entries than `start` has seats, or names a player
/// out of range.
pub fn play_game<P: Evaluate>(
    start: &P,
    players: &mut [Box<dyn Player<P>>],
    seating: &[usize],
    rng: &mut StdRng,
    max_plies: u32,
) -> GameRecord {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut keys = vec![pos.repetition_key()];
    let mut plies = 0u32;
    for p in players.iter_mut() {
        p.new_game();
    }
    loop {
        if let Some(outcome) = pos.outcome() {
            return GameRecord {
                seating: seating.to_vec(),
                results: (0..pos.seat_count()).map(|s| outcome.result(Seat(s as u8))).collect(),
                reason: outcome.reason().to_owned(),
                plies,
                moves,
            };
        }
        let chance = pos.chance();
        let mv = if let Some(outcomes) = &chance {
            sample_outcome(outcomes, rng)
        } else if plies >= max_plies {
            None
        } else {
            players[seating[pos.turn().index()]]
                .choose_in_game(&pos, &keys, rng)
                .filter(|&mv| pos.is_legal(mv))
        };
        let Some(mv) = mv else {
            let reason = if chance.is_none() && plies >= max_plies { "max-plies" } else { "no-input" };
            return GameRecord {
                seating: seating.to_vec(),
                results: vec![SeatResult::Draw; pos.seat_count()],
                reason: reason.to_owned(),
                plies,
                moves,
            };
        };
        if chance.is_none() {
            plies += 1;
        }
        moves.push(mv.to_string());
        pos.play_unchecked(mv);
        keys.push(pos.repetition_key());
    }
}

/// Picks a chance node's outcome with its probability (the last one with a
/// positive probability on rounding; `None` if there is none): how
/// [`play_match`] resolves Mage's Chess engagements, for self-play drivers.
pub fn sample_outcome<M: Copy>(outcomes: &[(M, f64)], rng: &mut StdRng) -> Option<M> {
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

/// Plays `config.games` games from `start`. In game `g`, seat `s` is taken by
/// player `(s + g) % n`, so with two seats the players swap sides every game
/// and with four each player sits at every seat in turn.
///
/// # Errors
/// [`MatchError::PlayerCount`] unless there is one player per seat.
pub fn play_match<P: Evaluate>(
    start: &P,
    players: &mut [Box<dyn Player<P>>],
    config: &MatchConfig,
    mut on_game: impl FnMut(&GameRecord),
) -> Result<MatchResult, MatchError> {
    let n = start.seat_count();
    if players.len() != n {
        return Err(MatchError::PlayerCount { variant: P::VARIANT, seats: n, players: players.len() });
    }
    let names = players.iter().map(|p| p.name()).collect();
    let seat_names = (0..n).map(|s| start.seat_name(Seat(s as u8)).to_owned()).collect();
    let mut games = Vec::with_capacity(config.games as usize);
    for g in 0..config.games {
        let seating: Vec<usize> = (0..n).map(|s| (s + g as usize) % n).collect();
        let mut rng = StdRng::seed_from_u64(splitmix64(config.seed ^ splitmix64(u64::from(g)).1).1);
        let record = play_game(start, players, &seating, &mut rng, config.max_plies);
        on_game(&record);
        games.push(record);
    }
    Ok(MatchResult::from_games(names, seat_names, games))
}

/// One player's tally over a match.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PlayerStats {
    /// The player's name.
    pub name: String,
    /// Games played.
    pub games: u32,
    /// Games won.
    pub wins: u32,
    /// Games drawn (or tied).
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
    /// `[wins, draws, losses]` for each seat.
    pub by_seat: Vec<[u32; 3]>,
    /// Points: 1 per win, ½ per draw.
    pub points: f64,
}

impl PlayerStats {
    /// Points per game, 0 to 1 (0 with no games).
    #[must_use]
    pub fn score(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.points / f64::from(self.games) }
    }

    /// Wins per game.
    #[must_use]
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 { 0.0 } else { f64::from(self.wins) / f64::from(self.games) }
    }

    /// A 95% confidence interval of [`PlayerStats::score`]: the Wilson
    /// score interval of the points (a draw counts half) over the games, so
    /// it stays inside [0, 1] and keeps a width at all wins or all losses
    /// (4 wins in 4: 51.0%..100%); `(0, 1)` with no games.
    #[must_use]
    pub fn confidence_95(&self) -> (f64, f64) {
        wilson_95(self.points, self.games)
    }
}

/// The Wilson score interval at 95% (z = 1.96) of `points` successes in
/// `games` trials (`(0, 1)` with no trials).
fn wilson_95(points: f64, games: u32) -> (f64, f64) {
    const Z: f64 = 1.96;
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = f64::from(games);
    let p = (points / n).clamp(0.0, 1.0);
    let z2n = Z * Z / n;
    let center = (p + z2n / 2.0) / (1.0 + z2n);
    let half = Z / (1.0 + z2n) * (p * (1.0 - p) / n + z2n / (4.0 * n)).sqrt();
    // At p = 0 (p = 1) the lower (upper) end is exactly 0 (1).
    let lo = if p <= 0.0 { 0.0 } else { (center - half).max(0.0) };
    let hi = if p >= 1.0 { 1.0 } else { (center + half).min(1.0) };
    (lo, hi)
}

/// The result of [`play_match`]: a tally per player and every game.
#[derive(Clone, PartialEq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MatchResult {
    /// Seat names (`"white"`, …), seat 0 first.
    pub seat_names: Vec<String>,
    /// One tally per player, in the order the players were given.
    pub players: Vec<PlayerStats>,
    /// Every game, in order.
    pub games: Vec<GameRecord>,
}

impl MatchResult {
    /// Tallies `games` for players named `names`.
    #[must_use]
    pub fn from_games(names: Vec<String>, seat_names: Vec<String>, games: Vec<GameRecord>) -> Self {
        let mut players: Vec<PlayerStats> = names
            .into_iter()
            .map(|name| PlayerStats {
                name,
                games: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                by_seat: vec![[0; 3]; seat_names.len()],
                points: 0.0,
            })
            .collect();
        for game in &games {
            for (seat, (&player, &result)) in game.seating.iter().zip(&game.results).enumerate() {
                let Some(stats) = players.get_mut(player) else { continue };
                stats.games += 1;
                let column = match result {
                    SeatResult::Win => 0,
                    SeatResult::Draw => 1,
                    SeatResult::Loss => 2,
                };
                match result {
                    SeatResult::Win => stats.wins += 1,
                    SeatResult::Draw => stats.draws += 1,
                    SeatResult::Loss => stats.losses += 1,
                }
                if let Some(row) = stats.by_seat.get_mut(seat) {
                    row[column] += 1;
                }
                stats.points += result.score();
            }
        }
        MatchResult { seat_names, players, games }
    }
}

impl MatchResult {
    /// The seat `player` took in the first game (players rotate from there),
    /// if it played.
    #[must_use]
    pub fn first_seat(&self, player: usize) -> Option<&str> {
        let game = self.games.first()?;
        let seat = game.seating.iter().position(|&p| p == player)?;
        self.seat_names.get(seat).map(String::as_str)
    }

    /// The name of `player` in tables: its name, followed by the seat it
    /// took in the first game when another player has the same name (three
    /// `random` players in Royale: `random (ash in game 1)`, …).
    #[must_use]
    pub fn label(&self, player: usize) -> String {
        let Some(p) = self.players.get(player) else { return String::new() };
        let shared = self.players.iter().filter(|q| q.name == p.name).count() > 1;
        match self.first_seat(player) {
            Some(seat) if shared => format!("{} ({seat} in game 1)", p.name),
            _ => p.name.clone(),
        }
    }
}

impl fmt::Display for MatchResult {
    /// A table: one row per player (games, W/D/L, score, 95% interval), then
    /// W/D/L per seat; players of the same name are told apart by their
    /// [seat in the first game](MatchResult::label).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const BY_SEAT: &str = "w/d/l by seat";
        let labels: Vec<String> = (0..self.players.len()).map(|i| self.label(i)).collect();
        let width = labels.iter().map(String::len).max().unwrap_or(0).max(BY_SEAT.len());
        writeln!(f, "{:<width$}  games   wins  draws losses  score  95% interval", "player")?;
        for (p, label) in self.players.iter().zip(&labels) {
            let (lo, hi) = p.confidence_95();
            writeln!(
                f,
                "{:<width$}  {:>5}  {:>5}  {:>5}  {:>5}  {:>4.1}%  {:>4.1}%..{:.1}%",
                label,
                p.games,
                p.wins,
                p.draws,
                p.losses,
                100.0 * p.score(),
                100.0 * lo,
                100.0 * hi
            )?;
        }
        write!(f, "{BY_SEAT:<width$}")?;
        for name in &self.seat_names {
            write!(f, "  {name:>12}")?;
        }
        writeln!(f)?;
        for (p, label) in self.players.iter().zip(&labels) {
            write!(f, "{label:<width$}")?;
            for row in &p.by_seat {
                write!(f, "  {:>12}", format!("{}/{}/{}", row[0], row[1], row[2]))?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::wilson_95;

    fn percent((lo, hi): (f64, f64)) -> (f64, f64) {
        ((lo * 1e4).round() / 100.0, (hi * 1e4).round() / 100.0)
    }

    /// Worked by hand with z² = 3.8416, n = 4: z²/n = 0.9604, centre
    /// (p + 0.4802) / 1.9604, half-width 0.99980 × √(p(1−p)/4 + 0.060025).
    #[test]
    fn wilson_interval_at_the_edges_and_in_the_middle() {
        // 0/4: centre = half = 0.24495.
        assert_eq!(percent(wilson_95(0.0, 4)), (0.0, 48.99));
        // 1/4: centre 0.37248, half 0.32689.
        assert_eq!(percent(wilson_95(1.0, 4)), (4.56, 69.94));
        // 2/4 (or four draws): centre 0.5, half 0.34996.
        assert_eq!(percent(wilson_95(2.0, 4)), (15.0, 85.0));
        // 4/4: the mirror of 0/4.
        assert_eq!(percent(wilson_95(4.0, 4)), (51.01, 100.0));
        assert_eq!(wilson_95(0.0, 0), (0.0, 1.0));
        // 50 of 100: 0.5 ± 1.96 × 0.05 / (1 + 0.038416) ⋯ ≈ 40.4%..59.6%.
        assert_eq!(percent(wilson_95(50.0, 100)), (40.38, 59.62));
    }
}
