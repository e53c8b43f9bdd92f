//! The documents of a search: its score, odds and lines, each completed
//! depth, the result (`analyze --json`'s `search`), and the events of the
//! server's analysis stream, which are made of the same parts.

use core::fmt::Display;

use motley_core::Seat;
use motley_core::search::{Limits, Line, Reading, Score, SearchInfo, SearchResult, Wdl, WdlModel};
use schemars::JsonSchema;
use serde::Serialize;

use super::{MoveText, SeatName};

/// A score for the side to move: a normalised score in centipawns, or a
/// forced win or loss.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
#[schemars(rename = "score")]
pub enum ScoreDoc {
    /// `{"text": "+0.25", "cp": 25, "raw_cp": 140}`.
    Centipawns {
        /// For people: `+0.25`.
        text: String,
        /// The normalised score in centipawns: 0 an even game, 100 an
        /// expected result of 64% with two seats (odds 1.78 times the fair
        /// odds), from the variant's fitted model.
        cp: i32,
        /// The search's own (raw) score, centipawns of the variant's evaluation.
        raw_cp: i32,
    },
    /// `{"text": "win in 3", "win_in": 3}`.
    WinIn {
        /// For people: `win in 3`.
        text: String,
        /// Inputs to the win.
        #[schemars(range(min = 0))]
        win_in: i32,
    },
    /// `{"text": "loss in 2", "loss_in": 2}`.
    LossIn {
        /// For people: `loss in 2`.
        text: String,
        /// Inputs to the loss.
        #[schemars(range(min = 0))]
        loss_in: i32,
    },
}

impl ScoreDoc {
    /// The search's `score` for `seat`, normalised by `wdl` (a forced
    /// result keeps its distance).
    #[must_use]
    pub fn new(score: Score, wdl: &WdlModel, seat: Seat) -> ScoreDoc {
        match score.win_distance() {
            Some(d) if score.is_win() => ScoreDoc::WinIn { text: score.to_string(), win_in: d },
            Some(d) => ScoreDoc::LossIn { text: score.to_string(), loss_in: -d },
            None => {
                let shown = wdl.normalise(score, seat);
                ScoreDoc::Centipawns { text: shown.to_string(), cp: shown.0, raw_cp: score.0 }
            }
        }
    }
}

/// Win, draw and loss chances of one seat in thousandths, summing to 1000
/// (four seats: loss means another seat wins).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, JsonSchema)]
#[schemars(rename = "wdl")]
pub struct WdlDoc {
    /// The seat wins.
    #[schemars(range(max = 1000))]
    win: u16,
    /// A draw.
    #[schemars(range(max = 1000))]
    draw: u16,
    /// The seat loses.
    #[schemars(range(max = 1000))]
    loss: u16,
}

impl From<Wdl> for WdlDoc {
    fn from(w: Wdl) -> WdlDoc {
        WdlDoc { win: w.win, draw: w.draw, loss: w.loss }
    }
}

impl WdlDoc {
    /// The odds `wdl` gives `seat`, to move, with `score`.
    #[must_use]
    pub fn new(score: Score, wdl: &WdlModel, seat: Seat) -> WdlDoc {
        wdl.wdl(score, seat).into()
    }
}

/// One line of the search: its score, odds and moves.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct LineDoc {
    /// The line's score for the side to move.
    score: ScoreDoc,
    /// The side to move's odds.
    wdl: WdlDoc,
    /// The inputs, root first.
    pv: Vec<MoveText>,
}

impl LineDoc {
    /// `line`, scored for `seat` (the side to move) under `wdl`.
    #[must_use]
    pub fn new<M: Display>(line: &Line<M>, wdl: &WdlModel, seat: Seat) -> LineDoc {
        LineDoc {
            score: ScoreDoc::new(line.score, wdl, seat),
            wdl: WdlDoc::new(line.score, wdl, seat),
            pv: MoveText::line(&line.moves),
        }
    }

    /// Every line of `lines`.
    #[must_use]
    pub fn all<M: Display>(lines: &[Line<M>], wdl: &WdlModel, seat: Seat) -> Vec<LineDoc> {
        lines.iter().map(|l| LineDoc::new(l, wdl, seat)).collect()
    }
}

/// One completed depth of `analyze`'s search.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct IterationDoc {
    /// The depth.
    depth: u32,
    /// The deepest ply visited (quiescence included).
    seldepth: u32,
    /// Nodes searched so far.
    nodes: u64,
    /// Time spent so far (ms).
    time_ms: u64,
    /// The best line's score; `null` without a line.
    score: Option<ScoreDoc>,
    /// The best line.
    pv: Vec<MoveText>,
}

impl IterationDoc {
    /// A completed depth, scored for `seat` (the side to move) under `wdl`.
    #[must_use]
    pub fn new<M: Display>(info: &SearchInfo<M>, wdl: &WdlModel, seat: Seat) -> IterationDoc {
        let first = info.lines.first();
        IterationDoc {
            depth: info.depth,
            seldepth: info.seldepth,
            nodes: info.nodes,
            time_ms: info.elapsed.as_millis() as u64,
            score: first.map(|l| ScoreDoc::new(l.score, wdl, seat)),
            pv: first.map_or_else(Vec::new, |l| MoveText::line(&l.moves)),
        }
    }
}

/// The limits a search ran with.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct SearchLimitsDoc {
    /// The deepest depth, if limited.
    depth: Option<u32>,
    /// The time limit (ms), if any.
    time_ms: Option<u64>,
    /// The number of lines searched.
    #[schemars(range(min = 1))]
    multipv: usize,
}

impl From<&Limits> for SearchLimitsDoc {
    fn from(limits: &Limits) -> SearchLimitsDoc {
        SearchLimitsDoc {
            depth: limits.depth,
            time_ms: limits.time.map(|t| t.as_millis() as u64),
            multipv: limits.multipv,
        }
    }
}

/// A seat's chance to win, in thousandths.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct SeatWin {
    /// The seat.
    seat: SeatName,
    /// Its chance to win, in thousandths.
    #[schemars(range(max = 1000))]
    win: u16,
}

/// One resolution of a pending engagement, as `analyze --multipv` scores it.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct ResolutionDoc {
    /// The resolution's input.
    #[serde(rename = "move")]
    mv: MoveText,
    /// Its probability under the outcome model.
    #[schemars(range(min = 0, max = 1))]
    probability: f64,
    /// Its value for the side to move.
    score: ScoreDoc,
    /// Its line from the root, the resolution first.
    pv: Vec<MoveText>,
}

impl ResolutionDoc {
    /// Resolution `mv` with its `probability`, its value `score` for `seat`
    /// (the side to move at the root, normalised by `wdl`) and its line `pv`.
    #[must_use]
    pub fn new<M: Display>(
        mv: &M,
        probability: f64,
        score: Score,
        pv: &[M],
        wdl: &WdlModel,
        seat: Seat,
    ) -> Self {
        ResolutionDoc {
            mv: MoveText::of(mv),
            probability,
            score: ScoreDoc::new(score, wdl, seat),
            pv: MoveText::line(pv),
        }
    }
}

/// `analyze --json`'s search result.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct SearchDoc {
    /// The input to play; `null` when the game is over.
    best_move: Option<MoveText>,
    /// Whether the position is a chance node (a pending engagement): the
    /// best move is then the most probable resolution.
    chance_node: bool,
    /// The score for the side to move.
    score: ScoreDoc,
    /// The side to move's odds under the variant's fitted model.
    wdl: WdlDoc,
    /// The side to move's expected result (0 to 1): win chance plus the
    /// draw chance shared among the seats.
    #[schemars(range(min = 0, max = 1))]
    expected: f64,
    /// The principal variation.
    pv: Vec<MoveText>,
    /// One entry per `--multipv` line.
    lines: Vec<LineDoc>,
    /// The last completed depth.
    depth: u32,
    /// The deepest ply visited.
    seldepth: u32,
    /// Nodes searched.
    nodes: u64,
    /// Nodes per second.
    nodes_per_second: u64,
    /// Wall-clock time (s).
    #[schemars(range(min = 0))]
    seconds: f64,
    /// Whether a limit cut the search short.
    stopped: bool,
    /// The limits searched with.
    limits: SearchLimitsDoc,
    /// One entry per completed depth.
    iterations: Vec<IterationDoc>,
    /// More than two seats (Royale), an ongoing game at a decision node:
    /// each seat's chance to win in thousandths (the side to move's from
    /// its searched score, the others sharing its loss chance by their
    /// static evaluations). Absent otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    seat_wins: Vec<SeatWin>,
    /// Present (true) when Ctrl-C stopped the search: the result is the
    /// last completed depth's.
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    #[schemars(extend("const" = true))]
    interrupted: bool,
    /// At a pending engagement with `--multipv` above 1: each resolution,
    /// its probability under the outcome model, its value for the side to
    /// move and its line. Absent otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    resolutions: Vec<ResolutionDoc>,
    /// With `resolutions`: their probability-weighted mean value.
    #[serde(skip_serializing_if = "Option::is_none")]
    expectation: Option<ScoreDoc>,
}

impl SearchDoc {
    /// The `result` of searching `pos` within `limits`, with its completed
    /// depths `iterations`; scores are for the side to move, under its odds
    /// model.
    #[must_use]
    pub fn new<P: Reading>(
        pos: &P,
        result: &SearchResult<P::Move>,
        limits: &Limits,
        iterations: Vec<IterationDoc>,
    ) -> SearchDoc {
        let seat = pos.turn();
        let wdl = pos.wdl_model(seat);
        SearchDoc {
            best_move: result.best.as_ref().map(MoveText::of),
            chance_node: pos.chance().is_some(),
            score: ScoreDoc::new(result.score, &wdl, seat),
            wdl: WdlDoc::new(result.score, &wdl, seat),
            expected: (wdl.expected(result.score, seat) * 1000.0).round() / 1000.0,
            pv: MoveText::line(result.pv()),
            lines: LineDoc::all(&result.lines, &wdl, seat),
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes,
            nodes_per_second: result.nps(),
            seconds: result.elapsed.as_secs_f64(),
            stopped: result.stopped,
            limits: limits.into(),
            iterations,
            seat_wins: crate::game::seat_wins(pos, result.score)
                .into_iter()
                .map(|(s, win)| SeatWin { seat: SeatName::of(pos, s), win })
                .collect(),
            interrupted: false,
            resolutions: Vec::new(),
            expectation: None,
        }
    }

    /// Marks the search as stopped by Ctrl-C (when `interrupted`).
    #[must_use]
    pub fn interrupted(mut self, interrupted: bool) -> SearchDoc {
        self.interrupted = interrupted;
        self
    }

    /// Adds the resolutions of a chance root and their `expectation` (none
    /// when `resolutions` is empty).
    #[must_use]
    pub fn with_resolutions(mut self, resolutions: Vec<ResolutionDoc>, expectation: ScoreDoc) -> SearchDoc {
        if !resolutions.is_empty() {
            self.resolutions = resolutions;
            self.expectation = Some(expectation);
        }
        self
    }
}

/// The server's analysis stream: the `info` event of a completed depth.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct InfoEvent {
    /// The depth.
    depth: u32,
    /// The deepest ply visited.
    seldepth: u32,
    /// Nodes searched so far.
    nodes: u64,
    /// Nodes per second.
    nps: u64,
    /// Time spent so far (ms).
    time_ms: u64,
    /// Every line searched.
    lines: Vec<LineDoc>,
}

impl InfoEvent {
    /// A completed depth, scored for `seat` (the side to move) under `wdl`.
    #[must_use]
    pub fn new<M: Display>(info: &SearchInfo<M>, wdl: &WdlModel, seat: Seat) -> InfoEvent {
        InfoEvent {
            depth: info.depth,
            seldepth: info.seldepth,
            nodes: info.nodes,
            nps: info.nps(),
            time_ms: info.elapsed.as_millis() as u64,
            lines: LineDoc::all(&info.lines, wdl, seat),
        }
    }
}

/// The server's analysis stream: the `done` event, the search's result.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct DoneEvent {
    /// The input to play; `null` when the game is over.
    best_move: Option<MoveText>,
    /// The score for the side to move.
    score: ScoreDoc,
    /// The side to move's odds.
    wdl: WdlDoc,
    /// The principal variation.
    pv: Vec<MoveText>,
    /// Every line searched.
    lines: Vec<LineDoc>,
    /// The last completed depth.
    depth: u32,
    /// The deepest ply visited.
    seldepth: u32,
    /// Nodes searched.
    nodes: u64,
    /// Nodes per second.
    nps: u64,
    /// Time spent (ms).
    time_ms: u64,
    /// Whether a limit or the client cut the search short.
    stopped: bool,
    /// Whether the position is a chance node.
    chance_node: bool,
    /// The position's status line, as `show` prints it.
    status: String,
}

impl DoneEvent {
    /// The search's `result` at a position that is a chance node or not
    /// (`chance`) with `status`, scored for `seat` (the side to move) under `wdl`.
    #[must_use]
    pub fn new<M: Display>(
        result: &SearchResult<M>,
        chance: bool,
        status: &str,
        wdl: &WdlModel,
        seat: Seat,
    ) -> DoneEvent {
        DoneEvent {
            best_move: result.best.as_ref().map(MoveText::of),
            score: ScoreDoc::new(result.score, wdl, seat),
            wdl: WdlDoc::new(result.score, wdl, seat),
            pv: MoveText::line(result.pv()),
            lines: LineDoc::all(&result.lines, wdl, seat),
            depth: result.depth,
            seldepth: result.seldepth,
            nodes: result.nodes,
            nps: result.nps(),
            time_ms: result.elapsed.as_millis() as u64,
            stopped: result.stopped,
            chance_node: chance,
            status: status.to_owned(),
        }
    }
}
