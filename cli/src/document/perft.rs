//! `perft --json`: a leaf count with its divide and speed.

use std::collections::BTreeMap;

use motley_core::{PerftMode, Position};
use schemars::JsonSchema;
use serde::Serialize;

use super::{Fen, SchemaVersion, VariantName};
use crate::perft::PerftRun;

/// How perft counts chance nodes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PerftModeName {
    /// Each engagement follows only its challenger-wins resolution.
    Decision,
    /// Each engagement branches into all its counted resolutions.
    Full,
}

impl From<PerftMode> for PerftModeName {
    fn from(mode: PerftMode) -> PerftModeName {
        match mode {
            PerftMode::Decision => PerftModeName::Decision,
            PerftMode::Full => PerftModeName::Full,
        }
    }
}

/// `motley perft --json`: the leaves at a depth, per root input, and the speed.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct PerftDocument {
    schema: SchemaVersion,
    variant: VariantName,
    fen: Fen,
    /// `decision` or `full`.
    mode: PerftModeName,
    /// Worker threads.
    #[schemars(range(min = 1, max = 256))]
    threads: usize,
    /// The depth counted.
    depth: u32,
    /// Leaves at that depth.
    nodes: u64,
    /// Root input → its count (the counts sum to `nodes`).
    divide: BTreeMap<String, u64>,
    /// Wall-clock time.
    #[schemars(range(min = 0))]
    seconds: f64,
    /// `nodes / seconds`, rounded.
    nodes_per_second: u64,
}

impl PerftDocument {
    /// The `run` of perft `depth` in `mode` on `threads` threads from `pos`.
    #[must_use]
    pub fn new<P: Position>(
        pos: &P,
        mode: PerftMode,
        threads: usize,
        depth: u32,
        run: &PerftRun<P::Move>,
    ) -> Self {
        PerftDocument {
            schema: SchemaVersion,
            variant: VariantName::of::<P>(),
            fen: Fen::of(pos),
            mode: mode.into(),
            threads,
            depth,
            nodes: run.nodes,
            divide: run.divide.iter().map(|(m, n)| (m.to_string(), *n)).collect(),
            seconds: run.seconds,
            nodes_per_second: run.nodes_per_second(),
        }
    }
}
