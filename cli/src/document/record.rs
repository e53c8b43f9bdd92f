//! The documents of game records: `record --json` (the record and its
//! structure), `replay --json` (a position of the game, or its moves) and
//! `annotate --json` (each move's evaluation and each seat's summary).

use motley_core::record::{Game, Line, Node, Tag};
use motley_core::search::Wdl;
use schemars::JsonSchema;
use serde::Serialize;

use super::{SchemaVersion, SeatName, ShowDocument, VariantName, WdlDoc};

/// A tag pair of a record: `[Name "value"]`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct RecordedTag {
    /// The name (`Event`, `White`, `Variant`…).
    name: String,
    /// The value, unescaped.
    value: String,
}

/// A move of a recorded line, with what is written about it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct RecordedMove {
    /// The move token, as the variant writes it.
    token: String,
    /// Numeric annotation glyphs (`$1` is `!`, `$2` is `?`, …); absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    nags: Vec<u8>,
    /// Comments written after the move, in order; absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    comments: Vec<String>,
    /// Variations: alternatives to this move, each played from the position
    /// before it; absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    variations: Vec<RecordedLine>,
    /// The seat that plays it (its index, first seat 0).
    seat: u8,
    /// Its move number: 1 for the first round of turns.
    number: u32,
    /// Whether it is the first move of its round, written `N.`.
    opens_round: bool,
}

/// A line of moves: the main line or a variation.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct RecordedLine {
    /// Comments before the first move; absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    comments: Vec<String>,
    /// The moves.
    nodes: Vec<RecordedMove>,
}

/// A recorded game: its tags, main line and termination marker.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct RecordedGame {
    /// The tag pairs, in the canonical order.
    tags: Vec<RecordedTag>,
    /// The main line.
    main: RecordedLine,
    /// The termination marker: a result such as `1-0`, or `*` for a game
    /// that goes on.
    termination: String,
}

impl From<&Tag> for RecordedTag {
    fn from(t: &Tag) -> RecordedTag {
        RecordedTag { name: t.name.clone(), value: t.value.clone() }
    }
}

impl From<&Node> for RecordedMove {
    fn from(n: &Node) -> RecordedMove {
        RecordedMove {
            token: n.token.clone(),
            nags: n.nags.clone(),
            comments: n.comments.clone(),
            variations: n.variations.iter().map(RecordedLine::from).collect(),
            seat: n.seat,
            number: n.number,
            opens_round: n.opens_round,
        }
    }
}

impl From<&Line> for RecordedLine {
    fn from(l: &Line) -> RecordedLine {
        RecordedLine { comments: l.comments.clone(), nodes: l.nodes.iter().map(RecordedMove::from).collect() }
    }
}

impl From<&Game> for RecordedGame {
    fn from(g: &Game) -> RecordedGame {
        RecordedGame {
            tags: g.tags.iter().map(RecordedTag::from).collect(),
            main: (&g.main).into(),
            termination: g.termination.clone(),
        }
    }
}

/// `motley record --json`: a game written as a record, and its structure.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct RecordDocument {
    schema: SchemaVersion,
    variant: VariantName,
    /// The record, as `record` writes it without `--json`.
    record: String,
    /// The game the record holds.
    game: RecordedGame,
}

impl RecordDocument {
    /// `game` of variant `variant` ([`Position::VARIANT`](motley_core::Position::VARIANT)),
    /// written as `record`.
    #[must_use]
    pub fn new(variant: &'static str, game: &Game, record: String) -> RecordDocument {
        RecordDocument { schema: SchemaVersion, variant: VariantName(variant), record, game: game.into() }
    }
}

/// `motley replay --moves --json`: the main line's moves of a game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct ReplayMovesDocument {
    schema: SchemaVersion,
    variant: VariantName,
    /// Which game of the file (1-based).
    #[schemars(range(min = 1))]
    game: u32,
    /// The main line's move tokens.
    moves: Vec<String>,
    /// The game's termination marker (`1-0`, `*`, …).
    result: String,
}

/// `motley replay --json`: the position at a ply of a game's main line (as
/// `show --json`), or with `--moves` the main line's moves.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ReplayDocument {
    /// The position at `--ply` (the end by default).
    Position(ShowDocument),
    /// With `--moves`: the main line.
    Moves(ReplayMovesDocument),
}

impl ReplayDocument {
    /// The main line of `game`, game number `number` of a file of variant `variant`.
    #[must_use]
    pub fn moves(variant: &'static str, number: u32, game: &Game) -> ReplayDocument {
        ReplayDocument::Moves(ReplayMovesDocument {
            schema: SchemaVersion,
            variant: VariantName(variant),
            game: number,
            moves: game.main_tokens().into_iter().map(str::to_owned).collect(),
            result: game.termination.clone(),
        })
    }
}

/// How much expected result a move lost, as a word.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum LossMark {
    /// Lost at least 0.05 (`?!`).
    Inaccuracy,
    /// Lost at least 0.10 (`?`).
    Mistake,
    /// Lost at least 0.20 (`??`).
    Blunder,
}

impl LossMark {
    /// The mark named `word` (`inaccuracy`, `mistake`, `blunder`).
    #[must_use]
    pub fn named(word: &str) -> Option<LossMark> {
        match word {
            "inaccuracy" => Some(LossMark::Inaccuracy),
            "mistake" => Some(LossMark::Mistake),
            "blunder" => Some(LossMark::Blunder),
            _ => None,
        }
    }
}

/// Expected result in thousandths, as `annotate` prints it.
fn thousandths(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// One move of an annotated game.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct MoveAnalysis {
    /// Its ply in the main line (1 for the first input).
    ply: usize,
    /// Its move number.
    number: u32,
    /// The seat that played it.
    seat: SeatName,
    /// The input.
    #[serde(rename = "move")]
    mv: String,
    /// Whether the seat chose it (not a chance resolution nor a referee event).
    choice: bool,
    /// The evaluation after it for its seat, as the record's comment writes
    /// it (`+0.25`, `#3`); `null` when the position was not searched.
    eval: Option<String>,
    /// The seat's odds after it; `null` when the position was not searched.
    wdl: Option<WdlDoc>,
    /// The best input by the search, for a choice; else `null`.
    best: Option<String>,
    /// The evaluation of the best input, for a choice; else `null`.
    best_eval: Option<String>,
    /// Expected result (0 to 1) lost against the best input.
    #[schemars(range(min = 0, max = 1))]
    expected_loss: f64,
    /// `inaccuracy`, `mistake` or `blunder` by that loss; else `null`.
    mark: Option<LossMark>,
}

impl MoveAnalysis {
    /// Input `mv`, at `ply` and move `number`, played by `seat` (a `choice`
    /// of its or not), evaluated `eval` with odds `wdl` after it, against
    /// the `best` input evaluated `best_eval`, having lost `loss` of
    /// expected result and marked `mark`.
    #[must_use]
    #[allow(clippy::too_many_arguments)] // the columns of one analysed move
    pub fn new(
        ply: usize,
        number: u32,
        seat: SeatName,
        mv: String,
        choice: bool,
        (eval, wdl): (Option<String>, Option<Wdl>),
        (best, best_eval): (Option<String>, Option<String>),
        loss: f64,
        mark: Option<&str>,
    ) -> MoveAnalysis {
        MoveAnalysis {
            ply,
            number,
            seat,
            mv,
            choice,
            eval,
            wdl: wdl.map(WdlDoc::from),
            best,
            best_eval,
            expected_loss: thousandths(loss),
            mark: mark.and_then(LossMark::named),
        }
    }
}

/// One of a seat's worst moves.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct WorstMove {
    /// Its move number.
    number: u32,
    /// The input.
    #[serde(rename = "move")]
    mv: String,
    /// Expected result lost.
    #[schemars(range(min = 0, max = 1))]
    expected_loss: f64,
    /// The best input by the search (`?` if unknown).
    best: String,
}

impl WorstMove {
    /// Input `mv` of move `number`, which lost `loss` against `best`.
    #[must_use]
    pub fn new(number: u32, mv: String, loss: f64, best: String) -> WorstMove {
        WorstMove { number, mv, expected_loss: thousandths(loss), best }
    }
}

/// A seat's summary of an annotated game.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct SeatSummary {
    /// The seat.
    seat: SeatName,
    /// The moves it chose.
    moves: usize,
    /// Their average loss of expected result.
    #[schemars(range(min = 0, max = 1))]
    average_loss: f64,
    /// Moves marked inaccuracies.
    inaccuracies: usize,
    /// Moves marked mistakes.
    mistakes: usize,
    /// Moves marked blunders.
    blunders: usize,
    /// Up to three worst moves, worst first.
    worst: Vec<WorstMove>,
}

impl SeatSummary {
    /// `seat`'s `moves` choices, losing `average` on average, with `counts`
    /// inaccuracies, mistakes and blunders, and its `worst` moves.
    #[must_use]
    pub fn new(
        seat: SeatName,
        moves: usize,
        average: f64,
        counts: [usize; 3],
        worst: Vec<WorstMove>,
    ) -> SeatSummary {
        SeatSummary {
            seat,
            moves,
            average_loss: thousandths(average),
            inaccuracies: counts[0],
            mistakes: counts[1],
            blunders: counts[2],
            worst,
        }
    }
}

/// One annotated game.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct AnnotatedGame {
    /// The game's number in the file (1-based).
    game: usize,
    variant: VariantName,
    /// Each input of the main line.
    moves: Vec<MoveAnalysis>,
    /// Each seat's summary, first seat first.
    summary: Vec<SeatSummary>,
}

impl AnnotatedGame {
    /// Game number `game` of variant `variant`, its `moves` and `summary`.
    #[must_use]
    pub fn new(
        game: usize,
        variant: &'static str,
        moves: Vec<MoveAnalysis>,
        summary: Vec<SeatSummary>,
    ) -> Self {
        AnnotatedGame { game, variant: VariantName(variant), moves, summary }
    }
}

/// `motley annotate --json`: the annotated record and each game's analysis.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct AnnotateDocument {
    schema: SchemaVersion,
    /// Each game annotated.
    games: Vec<AnnotatedGame>,
    /// The annotated record, as `annotate` writes it without `--json`.
    record: String,
}

impl AnnotateDocument {
    /// The annotated `games` and their `record`.
    #[must_use]
    pub fn new(games: Vec<AnnotatedGame>, record: String) -> AnnotateDocument {
        AnnotateDocument { schema: SchemaVersion, games, record }
    }
}
