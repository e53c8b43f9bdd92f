//! The documents of a position: `show`, `moves`, `play`, `render`, and
//! `analyze` (the position's facts and the search).

use motley_core::history::History;
use motley_core::{BoardView, Position};
use schemars::JsonSchema;
use serde::Serialize;

use super::{
    ChanceOdds, Facts, Fen, MoveText, OutcomeDoc, SchemaVersion, SearchDoc, SeatName, SquareName, VariantName,
};
use crate::game::ANALYZE_PERFT_DEPTH;

/// The keys of [`ShowDocument`] and of [`AnalyzeDocument`]: a variant fact
/// under one of them is left out (the document's own value stands).
const RESERVED: [&str; 11] = [
    "schema",
    "variant",
    "fen",
    "side_to_move",
    "status",
    "outcome",
    "seats",
    "chance",
    "legal_moves",
    "perft",
    "search",
];

/// `motley show --json`: a position, the shared keys and the variant's facts.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct ShowDocument {
    schema: SchemaVersion,
    variant: VariantName,
    fen: Fen,
    /// The seat whose input comes next.
    side_to_move: SeatName,
    /// One line for people: ongoing, check, engagement pending, or the outcome text.
    status: String,
    /// `null` while the game goes on.
    outcome: Option<OutcomeDoc>,
    /// Every seat, first seat first.
    seats: Vec<SeatName>,
    /// At a chance node (a pending Mage's Chess engagement), each input
    /// chance may pick; else `null`.
    chance: Option<Vec<ChanceOdds>>,
    /// The variant's own facts.
    #[serde(flatten)]
    facts: Facts,
}

impl ShowDocument {
    /// The current position of `game`, with the result of its history.
    #[must_use]
    pub fn new<P: Position + BoardView>(game: &History<P>) -> ShowDocument {
        let pos = game.position();
        ShowDocument {
            schema: SchemaVersion,
            variant: VariantName::of::<P>(),
            fen: Fen::of(pos),
            side_to_move: SeatName::of(pos, pos.turn()),
            status: game.status(),
            outcome: game.outcome().map(|o| OutcomeDoc::new(pos, &o)),
            seats: SeatName::all(pos),
            chance: ChanceOdds::of(pos),
            facts: Facts::of(pos, &RESERVED),
        }
    }
}

/// `motley moves --json`: every legal input, sorted.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct MovesDocument {
    schema: SchemaVersion,
    variant: VariantName,
    fen: Fen,
    /// Every legal input, sorted (none once the game is over).
    moves: Vec<MoveText>,
}

impl MovesDocument {
    /// The legal inputs of `game`'s position.
    #[must_use]
    pub fn new<P: Position>(game: &History<P>) -> MovesDocument {
        MovesDocument {
            schema: SchemaVersion,
            variant: VariantName::of::<P>(),
            fen: Fen::of(game.position()),
            moves: crate::game::sorted_moves(game).into_iter().map(MoveText).collect(),
        }
    }
}

/// `motley play --json`: the position after `--moves`.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct PlayDocument {
    schema: SchemaVersion,
    variant: VariantName,
    /// The inputs of `--moves` as played.
    moves: Vec<MoveText>,
    fen: Fen,
    /// The seat whose input comes next.
    side_to_move: SeatName,
    /// One line for people, as in `show`.
    status: String,
    /// Whether the game is over.
    game_over: bool,
    /// `null` while the game goes on.
    outcome: Option<OutcomeDoc>,
}

impl PlayDocument {
    /// `game` after its moves.
    #[must_use]
    pub fn new<P: Position>(game: &History<P>) -> PlayDocument {
        let pos = game.position();
        let outcome = game.outcome();
        PlayDocument {
            schema: SchemaVersion,
            variant: VariantName::of::<P>(),
            moves: MoveText::line(game.moves()),
            fen: Fen::of(pos),
            side_to_move: SeatName::of(pos, pos.turn()),
            status: game.status(),
            game_over: outcome.is_some(),
            outcome: outcome.map(|o| OutcomeDoc::new(pos, &o)),
        }
    }
}

/// `motley render --json`: the SVG picture, or where it was written.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct RenderDocument {
    schema: SchemaVersion,
    variant: VariantName,
    fen: Fen,
    /// The squares of the `--highlight` move.
    highlight: Vec<SquareName>,
    /// The file written (`--out`), else `null`.
    out: Option<String>,
    /// The picture, when not written to a file; else `null`.
    svg: Option<String>,
}

impl RenderDocument {
    /// The picture `svg` of `pos` with the `highlight` squares (file, rank),
    /// written to `out` or, without a file, carried in the document.
    #[must_use]
    pub fn new<P: Position>(
        pos: &P,
        highlight: &[(u8, u8)],
        out: Option<&std::path::Path>,
        svg: String,
    ) -> RenderDocument {
        RenderDocument {
            schema: SchemaVersion,
            variant: VariantName::of::<P>(),
            fen: Fen::of(pos),
            highlight: highlight.iter().map(|&(f, r)| SquareName::at(f, r)).collect(),
            out: out.map(|p| p.display().to_string()),
            svg: if out.is_some() { None } else { Some(svg) },
        }
    }
}

/// A perft count of `analyze` on a start position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, JsonSchema)]
pub struct PerftCount {
    /// The depth counted.
    depth: u32,
    /// Leaves at that depth.
    nodes: u64,
}

/// The facts `analyze` reports before it searches: `show`'s document, the
/// number of legal inputs and, on a start position, perft 2. A variant
/// without a search evaluation prints this document alone.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct AnalyzeFacts {
    /// `show`'s keys.
    #[serde(flatten)]
    position: ShowDocument,
    /// The number of legal inputs.
    legal_moves: usize,
    /// Perft 2 on a start position (`{"depth": 2, "nodes"}`), else `null`.
    perft: Option<PerftCount>,
}

impl AnalyzeFacts {
    /// The facts of `game`'s position (counting perft
    /// [`ANALYZE_PERFT_DEPTH`] on a start position).
    #[must_use]
    pub fn new<P: Position + BoardView>(game: &History<P>) -> AnalyzeFacts {
        let (legal_moves, perft) = crate::game::analyze_counts(game);
        AnalyzeFacts {
            position: ShowDocument::new(game),
            legal_moves,
            perft: perft.map(|nodes| PerftCount { depth: ANALYZE_PERFT_DEPTH, nodes }),
        }
    }
}

/// `motley analyze --json`: `show`'s document plus the number of legal
/// inputs, perft 2 on a start position, and the search.
#[derive(Clone, PartialEq, Debug, Serialize, JsonSchema)]
pub struct AnalyzeDocument {
    /// The position's facts.
    #[serde(flatten)]
    facts: AnalyzeFacts,
    /// The search; `null` when the game is over by a history draw.
    search: Option<SearchDoc>,
}

impl AnalyzeDocument {
    /// The position's `facts` and the `search` of it (`None`: nothing to
    /// search, the game being drawn by its history).
    #[must_use]
    pub fn new(facts: AnalyzeFacts, search: Option<SearchDoc>) -> AnalyzeDocument {
        AnalyzeDocument { facts, search }
    }
}
