//! The match driver behind `motley match`.
//!
//! [`play_game_in`] is the one game loop: a [`Contender`] at each seat (a
//! library [`Player`], or a front end's own, such as the CLI's external
//! engines, whose failure forfeits the game) picks an input at a decision
//! node; chance nodes are resolved by the driver, sampling
//! [`Position::chance`] with the game's seeded RNG ([`game_rng`]).
//! [`play_match`] seats the players in rotation (with two seats, they swap
//! sides every game), stops a game at its outcome or after
//! [`MatchConfig::max_plies`] plies (scored as a draw, reason
//! `"max-plies"`), and tallies wins, draws and losses per player and seat.
//! A ply is an input chosen at a decision node, as the variants count them:
//! a chance node's resolution (a Mage's Chess engagement's outcome) is an
//! input but not a ply.
//! A match is reproducible from its seed unless a player has a time limit.
use core::convert::Infallible;
use core::fmt;

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::Evaluate;
use super::players::Player;
use crate::game::{DrawRules, Position, Seat, SeatResult};
use crate::history::History;
use crate::random::sample_outcome;
use crate::zobrist::splitmix64;

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

/// A seat's player as the game driver ([`play_game_in`]) sees it: a
/// library [`Player`] (which never fails), or a front end's own kind, such
/// as the CLI's external engines, whose failure forfeits the game.
pub trait Contender<P: Position> {
    /// Why the contender could not go on; it loses the game by forfeit.
    type Error;

    /// Called before each game.
    ///
    /// # Errors
    /// The contender cannot play this game (it forfeits it).
    fn new_game(&mut self) -> Result<(), Self::Error>;

    /// The input to play in `game` (at a decision node of an ongoing game),
    /// drawing any randomness from `rng`, the game's seeded generator.
    /// `None` (or an input that is not legal, which the driver treats as
    /// `None`) ends the game as a draw, reason `"no-input"`.
    ///
    /// # Errors
    /// The contender failed (it forfeits the game).
    fn choose(&mut self, game: &History<P>, rng: &mut StdRng) -> Result<Option<P::Move>, Self::Error>;

    /// The [`Outcome::reason`](crate::Outcome::reason) of a game lost to
    /// `error`.
    fn forfeit_reason(error: &Self::Error) -> &'static str;
}

impl<P: Evaluate> Contender<P> for Box<dyn Player<P>> {
    type Error = Infallible;

    fn new_game(&mut self) -> Result<(), Infallible> {
        Player::new_game(self.as_mut());
        Ok(())
    }

    fn choose(&mut self, game: &History<P>, rng: &mut StdRng) -> Result<Option<P::Move>, Infallible> {
        Ok(self.choose_in_game(game.position(), game.keys(), rng))
    }

    fn forfeit_reason(error: &Infallible) -> &'static str {
        match *error {}
    }
}

/// A game lost by a contender's failure.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Forfeit<E> {
    /// The seat that lost (every other seat won).
    pub seat: usize,
    /// The index of the player sitting there.
    pub player: usize,
    /// What went wrong.
    pub error: E,
}

/// A game played by [`play_game_in`]: its record, and the forfeit that
/// ended it, if one did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayedGame<E> {
    /// The game.
    pub record: GameRecord,
    /// The contender's failure that ended it (its reason is the record's).
    pub forfeit: Option<Forfeit<E>>,
}

/// Plays one game from `start` under its history rules (the draws of
/// [`History`]), player `players[seating[s]]` sitting at seat `s`: the one
/// game loop behind [`play_match`] and `motley match`.
///
/// Each contender is told a new game first. Then, until the game's outcome:
/// a chance node is resolved by [`sample_outcome`] with `rng`; at a
/// decision node after `max_plies` plies (inputs at decision nodes; the
/// plies of `start`'s own history do not count) the game is a draw, reason
/// `"max-plies"`; otherwise the seat's contender chooses, and no input
/// (or an illegal one, or a seat without a player) is a draw, reason
/// `"no-input"`. A contender's failure loses the game for its seat, every
/// other seat winning, with [`Contender::forfeit_reason`] as the reason. The
/// record's moves are the inputs played from `start`.
pub fn play_game_in<P: Position, C: Contender<P>>(
    start: &History<P>,
    players: &mut [C],
    seating: &[usize],
    rng: &mut StdRng,
    max_plies: u32,
) -> PlayedGame<C::Error> {
    let mut game = start.clone();
    let mut moves = Vec::new();
    let mut plies = 0u32;
    let seats = game.position().seat_count();
    let end = |moves, plies, results, reason: &str, forfeit| PlayedGame {
        record: GameRecord { seating: seating.to_vec(), results, reason: reason.to_owned(), plies, moves },
        forfeit,
    };
    let forfeit = |moves, plies, seat: usize, player: usize, error: C::Error| {
        let results =
            (0..seats).map(|s| if s == seat { SeatResult::Loss } else { SeatResult::Win }).collect();
        end(moves, plies, results, C::forfeit_reason(&error), Some(Forfeit { seat, player, error }))
    };
    for (index, player) in players.iter_mut().enumerate() {
        if let Err(error) = player.new_game() {
            let seat = seating.iter().position(|&p| p == index).unwrap_or(0);
            return forfeit(moves, plies, seat, index, error);
        }
    }
    loop {
        if let Some(outcome) = game.outcome() {
            let results = (0..seats).map(|s| outcome.result(Seat(s as u8))).collect();
            return end(moves, plies, results, outcome.reason(), None);
        }
        let pos = game.position();
        let chance = pos.chance();
        let mv = if let Some(outcomes) = &chance {
            sample_outcome(outcomes, rng)
        } else if plies >= max_plies {
            None
        } else {
            let seat = pos.turn().index();
            let index = seating.get(seat).copied().unwrap_or(usize::MAX);
            match players.get_mut(index).map(|p| p.choose(&game, rng)) {
                Some(Ok(mv)) => mv.filter(|&mv| pos.is_legal(mv)),
                Some(Err(error)) => return forfeit(moves, plies, seat, index, error),
                None => None,
            }
        };
        let Some(mv) = mv else {
            let reason = if chance.is_none() && plies >= max_plies { "max-plies" } else { "no-input" };
            return end(moves, plies, vec![SeatResult::Draw; seats], reason, None);
        };
        if chance.is_none() {
            plies += 1;
        }
        moves.push(mv.to_string());
        game.play(mv);
    }
}

/// Plays one game from `start` with no history draws (only the position's
/// own rules end it), player `players[seating[s]]` sitting at seat `s`:
/// [`play_game_in`] for the library's players.
pub fn play_game<P: Evaluate>(
    start: &P,
    players: &mut [Box<dyn Player<P>>],
    seating: &[usize],
    rng: &mut StdRng,
    max_plies: u32,
) -> GameRecord {
    let start = History::new(start.clone(), DrawRules::NONE);
    play_game_in(&start, players, seating, rng, max_plies).record
}

/// The seeded generator of game `game` of a match with seed `seed`: each
/// game its own stream, derived from both with [`splitmix64`].
#[must_use]
pub fn game_rng(seed: u64, game: u32) -> StdRng {
    StdRng::seed_from_u64(splitmix64(seed ^ splitmix64(u64::from(game)).1).1)
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
        let mut rng = game_rng(config.seed, g);
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
    /// The normal quantile of a two-sided 95% interval.
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
