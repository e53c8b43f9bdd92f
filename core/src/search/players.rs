//! The players of `motley match`: a [`Player`] picks an input at a decision
//! node (random, greedy on material, or a [`Searcher`]); [`PlayerSpec`] is
//! the command line's name for one.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use rand::Rng;
use rand::rngs::StdRng;

use super::{Evaluate, LimitKind, Limits, SearchConfig, Searcher, WIN};
use crate::game::{Seat, SeatResult};

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
        crate::random::uniform(&pos.legal_moves(), rng)
    }
}

/// How many chance nodes in a row the greedy player averages through before
/// it takes the material as it stands: enough for an engagement and its
/// follow-up, and a guard against a chain of chance nodes.
const GREEDY_CHANCE_NESTING: u32 = 4;
/// Values closer than this are a tie for the greedy player (chance means
/// are floating-point sums), broken at random.
const GREEDY_TIE: f64 = 1e-9;

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
            Some(outcomes) if nesting < GREEDY_CHANCE_NESTING => outcomes
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
            if v > best_value + GREEDY_TIE {
                best_value = v;
                best.clear();
                best.push(mv);
            } else if (v - best_value).abs() <= GREEDY_TIE {
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
    /// ([`LimitKind`]).
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
