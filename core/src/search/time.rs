//! Time management: when a search stops, from its [`Limits`].
//!
//! A search stops inside an iteration at its deadline or node limit (the
//! hard limits, checked as nodes are entered) and starts no new iteration
//! once [`SOFT_TIME_SHARE`] of its time has gone (the soft limit, checked
//! between iterations).

use std::time::{Duration, Instant};

use super::Limits;

/// The share of the time budget after which no new iteration starts: an
/// iteration takes a few times as long as the one before, so one started
/// later would rarely finish, and an unfinished one is mostly wasted.
const SOFT_TIME_SHARE: f64 = 0.6;

/// The search looks at the clock and the stop flag when the node count is
/// a multiple of this plus one (a mask): reading the clock costs far more
/// than a node, and 256 nodes take well under a millisecond.
const POLL_MASK: u64 = 255;

/// One search's clock and node budget.
#[derive(Clone, Copy, Debug)]
pub(super) struct Clock {
    /// When the search started.
    start: Instant,
    /// When the search must stop, inside an iteration or not.
    deadline: Option<Instant>,
    /// After how long no new iteration starts.
    soft: Option<Duration>,
    /// The nodes after which the search stops.
    node_limit: u64,
}

impl Clock {
    /// The clock of a search within `limits`, starting now.
    pub(super) fn start(limits: &Limits) -> Self {
        let start = Instant::now();
        Clock {
            start,
            deadline: limits.time.map(|t| start + t),
            soft: limits.time.map(|t| t.mul_f64(SOFT_TIME_SHARE)),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
        }
    }

    /// Time since the search started.
    pub(super) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether `nodes` reaches the node limit.
    pub(super) fn out_of_nodes(&self, nodes: u64) -> bool {
        nodes >= self.node_limit
    }

    /// Whether the search looks at the clock and the stop flag at node
    /// count `nodes`.
    pub(super) fn polls_at(nodes: u64) -> bool {
        nodes & POLL_MASK == 0
    }

    /// Whether the deadline has passed.
    pub(super) fn past_deadline(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the soft limit has passed: no new iteration starts.
    pub(super) fn past_soft_limit(&self) -> bool {
        self.soft.is_some_and(|t| self.start.elapsed() >= t)
    }
}
