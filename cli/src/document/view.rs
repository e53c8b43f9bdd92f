//! The view document of `POST /api/view`: everything the web board draws,
//! read from the position's [`BoardView`] and [`Position`] alone, so that
//! the page holds no variant knowledge (no board size, colour table, glyph
//! table or variant name).

use motley_core::game::Outcome;
use motley_core::history::History;
use motley_core::render::{self, HIGHLIGHT};
use motley_core::view::{Cell, Glyph, PieceRow, Rgb, Royal, RoyalState};
use motley_core::{BoardView, Position};
use serde::Serialize;

use super::{
    ChanceOdds, MoveText, OutcomeDoc, SchemaVersion, SeatName, ShowDocument, SquareName, VariantName,
};

/// The colour a picture outlines text and symbols with on `c`: dark on a
/// light colour, light on a dark one.
fn contrast(c: Rgb) -> String {
    let luminance = (0.2126 * f64::from(c.0) + 0.7152 * f64::from(c.1) + 0.0722 * f64::from(c.2)) / 255.0;
    if luminance > 0.45 { "#202020" } else { "#f8f8f8" }.to_owned()
}

/// One square of the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewSquare {
    /// Its name (`e4`).
    square: SquareName,
    /// Its 0-based file.
    file: u8,
    /// Its 0-based rank (rank 0 is drawn at the bottom).
    rank: u8,
    /// Its colour: light, dark, or its tint's colour.
    fill: String,
    /// The name of its tint (a Sovereign square of colour), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    tint: Option<&'static str>,
    /// The tint's one-letter tag (as `motley render` writes it), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    tag: Option<char>,
    /// A colour that stands out on `fill`, for the tag and marks.
    contrast: String,
}

/// How a piece looks.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewGlyph {
    /// The symbol to draw (a chess symbol with the text presentation
    /// selector, or a letter).
    symbol: String,
    /// Whether the symbol is a letter (drawn bold and smaller).
    letter_symbol: bool,
    /// The role letter as the position string writes it.
    letter: char,
    /// The army's name.
    army: &'static str,
    /// The army's one-letter tag (as `motley render` writes it).
    tag: char,
    /// The army's colour.
    colour: String,
    /// The outline colour that stands out on `colour`.
    outline: String,
    /// A mark shown beside the piece (a halo: `*`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    mark: Option<char>,
}

/// A piece on the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewPiece {
    /// Its square.
    square: SquareName,
    /// How it looks.
    #[serde(flatten)]
    glyph: ViewGlyph,
}

/// An entry of the board's legend: an army or a tint and its tag.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewKey {
    /// The name (`white`, `green`).
    name: String,
    /// Its one-letter tag.
    tag: char,
    /// Its colour.
    colour: String,
}

/// An outlined set of squares (a zone, an engagement's squares).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewRegion {
    /// What it marks.
    label: String,
    /// Its squares.
    squares: Vec<SquareName>,
    /// The outline's colour.
    colour: String,
    /// A wider outline under it that stands out on any square.
    contrast: String,
}

/// A role in the legend of a board whose symbols are letters.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewRole {
    /// The symbol drawn.
    symbol: char,
    /// The role's name.
    name: &'static str,
    /// The letter the position string writes.
    letter: char,
}

/// A row of pieces off the board (a bench, a reserve).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewRow {
    /// What the row is.
    label: String,
    /// Its pieces.
    pieces: Vec<ViewGlyph>,
}

/// A seat of the game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewSeat {
    /// Its name.
    name: SeatName,
    /// Its colour: that of the army or team of the same name, else grey.
    colour: String,
    /// Quarter turns of the board that put this seat at the bottom.
    turns: u8,
}

/// A legal input, as the board offers it.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct ViewInput {
    /// The input in the variant's notation.
    token: MoveText,
    /// `move` (from a square to a square), `place` (a piece put on an
    /// empty square, a drop) or `choice` (no square: a button).
    kind: &'static str,
    /// The square it starts from (`move`).
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<SquareName>,
    /// The square it ends on (`move`, `place`).
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<SquareName>,
    /// What stands on `to` afterwards, when it is not the piece that was
    /// on `from` (a promotion, a drop).
    #[serde(skip_serializing_if = "Option::is_none")]
    becomes: Option<ViewGlyph>,
    /// Its probability, at a chance node.
    #[serde(skip_serializing_if = "Option::is_none")]
    probability: Option<f64>,
    /// When it leads to a chance node (it declares a Mage's engagement):
    /// each input chance may then pick, with its probability.
    #[serde(skip_serializing_if = "Option::is_none")]
    chance_after: Option<Vec<ChanceOdds>>,
    /// Whether it is a marked input (`Position::marked_inputs`: a legal
    /// move with a mark, Mage's heresy); absent when not.
    #[serde(skip_serializing_if = "core::ops::Not::not")]
    marked: bool,
}

/// An entry of the line played to the position, with what a player reads
/// in it, all from the engine: the token is the variant's notation, the
/// flags come from the positions before and after it.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct ViewEntry {
    /// The entry as the request gave it.
    token: String,
    /// Whether it is a referee event (a record entry that is not an input
    /// of the position).
    referee: bool,
    /// Whether it left fewer pieces on the board (a capture, a piece downed).
    capture: bool,
    /// Whether a royal piece is in check (or checkmated) after it
    /// ([`BoardView::royals`]).
    check: bool,
    /// Whether a royal piece is checkmated after it.
    mate: bool,
    /// Whether it took a royal piece off the board (captured, downed).
    royal_captured: bool,
    /// Whether a royal piece changed army without leaving the board: its
    /// seat now plays another army (a Sovereign defection).
    defection: bool,
    /// Whether it leads to a chance node (it declares a Mage's engagement).
    engages: bool,
    /// When chance picked it (an engagement's outcome): its probability.
    #[serde(skip_serializing_if = "Option::is_none")]
    chance: Option<f64>,
    /// The marks drawn after the token: `×` a capture, `+` check, `#`
    /// checkmate, `⚔` an engagement declared.
    marks: String,
    /// What happened, in words, when the token alone does not say it (a
    /// defection, an engagement declared or decided, a royal captured, a
    /// referee event); empty otherwise.
    note: String,
}

/// The royals of `after` that left the board since `before`, as their
/// squares in `before`: for each army, those of its royals' squares that no
/// royal of that army holds afterwards, when the army has fewer royals.
fn royals_gone(before: &[Royal], after: &[Royal]) -> Vec<(u8, u8)> {
    let mut armies: Vec<&str> = before.iter().map(|r| r.army).collect();
    armies.dedup();
    let mut gone = Vec::new();
    for army in armies {
        let was: Vec<(u8, u8)> = before.iter().filter(|r| r.army == army).map(|r| r.square).collect();
        let now: Vec<(u8, u8)> = after.iter().filter(|r| r.army == army).map(|r| r.square).collect();
        if now.len() < was.len() {
            gone.extend(was.into_iter().filter(|sq| !now.contains(sq)));
        }
    }
    gone.sort_unstable();
    gone.dedup();
    gone
}

impl ViewEntry {
    /// Entry `token`, a referee event or an input, played from `before` to
    /// `after`.
    #[must_use]
    pub fn new<P: Position + BoardView>(token: &str, referee: bool, before: &P, after: &P) -> ViewEntry {
        let (was, now) = (before.royals(), after.royals());
        let mate = now.iter().any(|r| r.state == RoyalState::Mated);
        let check = mate || now.iter().any(|r| r.state == RoyalState::Check);
        let royal_captured = !royals_gone(&was, &now).is_empty();
        let armies = |royals: &[Royal]| {
            let mut a: Vec<&str> = royals.iter().map(|r| r.army).collect();
            a.sort_unstable();
            a
        };
        let defection = !referee && was.len() == now.len() && armies(&was) != armies(&now);
        let engages = !referee && before.chance().is_none() && after.chance().is_some();
        let chance = if referee {
            None
        } else {
            before
                .chance()
                .and_then(|odds| odds.iter().find(|(m, _)| m.to_string() == token).map(|(_, p)| *p))
        };
        let capture = piece_count(after) < piece_count(before);
        let marks = [(capture, "\u{d7}"), (check && !mate, "+"), (mate, "#"), (engages, "\u{2694}")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, m)| *m)
            .collect();
        let mut notes = Vec::new();
        if referee {
            notes.push("referee event".to_owned());
        }
        if defection {
            let new: Vec<&str> =
                now.iter().map(|r| r.army).filter(|a| !was.iter().any(|r| r.army == *a)).collect();
            notes.push(format!("defects to {}", new.join(", ")));
        }
        if engages {
            notes.push("engagement declared".to_owned());
        }
        if let Some(p) = chance {
            notes.push(format!("chance picked it ({:.0}%)", 100.0 * p));
        }
        if royal_captured {
            notes.push("royal piece off the board".to_owned());
        }
        if mate {
            notes.push("checkmate".to_owned());
        }
        ViewEntry {
            token: token.to_owned(),
            referee,
            capture,
            check,
            mate,
            royal_captured,
            defection,
            engages,
            chance,
            marks,
            note: notes.join("; "),
        }
    }

    /// The entry's token.
    #[must_use]
    pub fn token(&self) -> &str {
        &self.token
    }

    /// Whether it is a referee event.
    #[must_use]
    pub fn is_referee(&self) -> bool {
        self.referee
    }
}

/// A square the board marks for a royal piece: in check, checkmated, or
/// where one stood before the last entry took it off the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewMark {
    /// The square.
    square: SquareName,
    /// `check`, `mated` or `captured`.
    kind: &'static str,
    /// The badge drawn beside the mark: `#` (mated), `×` (captured), none
    /// for a check (the ring says it).
    #[serde(skip_serializing_if = "Option::is_none")]
    badge: Option<char>,
    /// The royal piece's army.
    army: &'static str,
}

/// The marks of the royal pieces of `pos`, and of those the last entry
/// (played from `before`) took off the board.
fn royal_marks<P: BoardView>(pos: &P, before: Option<&P>) -> Vec<ViewMark> {
    let now = pos.royals();
    let mut marks: Vec<ViewMark> = now
        .iter()
        .filter(|r| r.state != RoyalState::Safe)
        .map(|r| ViewMark {
            square: SquareName::at(r.square.0, r.square.1),
            kind: r.state.name(),
            badge: (r.state == RoyalState::Mated).then_some('#'),
            army: r.army,
        })
        .collect();
    if let Some(before) = before {
        let was = before.royals();
        for (f, r) in royals_gone(&was, &now) {
            let army = was.iter().find(|w| w.square == (f, r)).map_or("?", |w| w.army);
            marks.push(ViewMark {
                square: SquareName::at(f, r),
                kind: "captured",
                badge: Some('\u{d7}'),
                army,
            });
        }
    }
    marks
}

/// How to name the position to a search (`POST /api/analyze`, the
/// analysis stream): a start and inputs, or, after a referee event, the
/// position string alone.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ViewSearch {
    /// The start position string; absent for the variant's start.
    #[serde(skip_serializing_if = "Option::is_none")]
    fen: Option<String>,
    /// The inputs from it.
    moves: Vec<String>,
}

impl ViewSearch {
    /// The position after `moves` from `fen`.
    #[must_use]
    pub fn new(fen: Option<String>, moves: Vec<String>) -> ViewSearch {
        ViewSearch { fen, moves }
    }
}

/// `POST /api/view`: the position as the web board draws it.
#[derive(Clone, PartialEq, Debug, Serialize)]
pub struct ViewDocument {
    schema: SchemaVersion,
    variant: VariantName,
    /// Files and ranks.
    files: u8,
    /// Ranks.
    ranks: u8,
    /// Every square, rank 0 first.
    squares: Vec<ViewSquare>,
    /// Every piece on the board.
    pieces: Vec<ViewPiece>,
    /// The armies and tints on the board with their tags.
    legend: Vec<ViewKey>,
    /// Outlined regions.
    regions: Vec<ViewRegion>,
    /// The roles, for a board whose symbols need a legend.
    roles: Vec<ViewRole>,
    /// Rows of pieces off the board.
    rows: Vec<ViewRow>,
    /// Lines of text about the position (a pending engagement's odds).
    notes: Vec<String>,
    /// The facts a person reads, as `(key, value)` text pairs.
    details: Vec<(&'static str, String)>,
    /// The seats, first seat first.
    seats: Vec<ViewSeat>,
    /// The legal inputs, and the marked inputs the rules also accept
    /// (`Position::marked_inputs`: Mage's heresies).
    inputs: Vec<ViewInput>,
    /// The colour to ring highlighted squares with.
    highlight: String,
    /// The seat whose input comes next; `null` once the game is over.
    side_to_move: Option<SeatName>,
    /// One line for people: the outcome with its reason once the game is
    /// over, else the position's status.
    status: String,
    /// How the game ended (by the rules or a referee event); `null` while
    /// it goes on.
    outcome: Option<OutcomeDoc>,
    /// The line played to the position.
    line: Vec<ViewEntry>,
    /// The squares the last input changed or named (none after a referee
    /// event).
    last_move: Vec<SquareName>,
    /// The squares of royal pieces in check or checkmated, and where a
    /// royal piece stood that the last entry took off the board.
    marks: Vec<ViewMark>,
    /// The position as a search request names it.
    search: ViewSearch,
    /// The position as `motley show --json` gives it.
    show: ShowDocument,
}

/// Whether a glyph is a letter rather than a symbol.
fn glyph(g: &Glyph, table: &[(&str, char)]) -> ViewGlyph {
    ViewGlyph {
        symbol: render::symbol_text(g.symbol),
        letter_symbol: g.symbol.is_alphanumeric(),
        letter: g.letter,
        army: g.army,
        tag: table.iter().find(|(n, _)| *n == g.army).map_or('?', |&(_, t)| t),
        colour: g.color.to_string(),
        outline: contrast(g.color),
        mark: g.mark,
    }
}

/// The board's cells, rank by rank from the first, with their coordinates.
type Cells = Vec<(u8, u8, Cell)>;

/// The army and tint names of a board's cells and extra rows, each with
/// its colour, in the order met (names may repeat).
fn named_colours(cells: &Cells, rows: &[PieceRow]) -> Vec<(&'static str, Rgb)> {
    let mut colours: Vec<(&'static str, Rgb)> = Vec::new();
    for (_, _, cell) in cells {
        colours.extend(cell.piece.as_ref().map(|g| (g.army, g.color)));
        colours.extend(cell.tint);
    }
    for row in rows {
        colours.extend(row.pieces.iter().map(|g| (g.army, g.color)));
    }
    colours
}

/// The colour named `name` in `colours`, as CSS, or a neutral grey.
fn colour_named(colours: &[(&'static str, Rgb)], name: &str) -> String {
    colours.iter().find(|(n, _)| *n == name).map_or_else(|| "#888888".to_owned(), |(_, c)| c.to_string())
}

/// Every square of the board with its fill, tint and tag letter.
fn view_squares(cells: &Cells, table: &[(&str, char)]) -> Vec<ViewSquare> {
    let tag_of = |name: &str| table.iter().find(|(n, _)| *n == name).map(|&(_, t)| t);
    cells
        .iter()
        .map(|(f, r, cell)| {
            let fill = cell
                .tint
                .map_or(if render::is_light(*f, *r) { render::LIGHT } else { render::DARK }, |t| t.1);
            ViewSquare {
                square: SquareName::at(*f, *r),
                file: *f,
                rank: *r,
                fill: fill.to_string(),
                tint: cell.tint.map(|t| t.0),
                tag: cell.tint.and_then(|t| tag_of(t.0)),
                contrast: contrast(fill),
            }
        })
        .collect()
}

/// The seats of `pos`, each with its army's colour and the quarter turns
/// that put its home at the bottom.
fn view_seats<P: Position + BoardView>(pos: &P, colours: &[(&'static str, Rgb)]) -> Vec<ViewSeat> {
    SeatName::all(pos)
        .into_iter()
        .enumerate()
        .map(|(i, name)| {
            let colour = colour_named(colours, &name.0);
            let turns = home_turns(&P::start(), &name.0).unwrap_or(if i == 0 { 0 } else { 2 });
            ViewSeat { name, colour, turns }
        })
        .collect()
}

/// The inputs the board offers in `game` (none once it is over): the
/// legal ones, then the marked ones, sorted by token, each with its
/// probability at a chance node.
fn view_inputs<P: Position + BoardView>(
    game: &History<P>,
    over: bool,
    table: &[(&str, char)],
) -> Vec<ViewInput> {
    if over {
        return Vec::new();
    }
    let pos = game.position();
    let odds = pos.chance();
    let mut inputs: Vec<ViewInput> = game
        .legal_moves()
        .into_iter()
        .map(|mv| (mv, false))
        .chain(pos.marked_inputs().into_iter().map(|mv| (mv, true)))
        .map(|(mv, marked)| {
            let probability = odds.as_ref().and_then(|o| o.iter().find(|(m, _)| *m == mv).map(|(_, p)| *p));
            ViewInput { marked, ..input(pos, mv, table, probability) }
        })
        .collect();
    inputs.sort_by(|a, b| a.token.0.cmp(&b.token.0));
    inputs
}

impl ViewDocument {
    /// The current position of `game`, reached by `line` (whose last input
    /// changed or named the `last_move` squares, from the position
    /// `before`), with the game's `outcome` (which a referee event may have
    /// decided).
    #[must_use]
    pub fn new<P: Position + BoardView>(
        game: &History<P>,
        outcome: Option<Outcome>,
        line: Vec<ViewEntry>,
        (last_move, before): (&[(u8, u8)], Option<&P>),
        search: ViewSearch,
    ) -> ViewDocument {
        let pos = game.position();
        let (files, ranks) = pos.dimensions();
        let cells: Cells = (0..ranks)
            .flat_map(|r| (0..files).map(move |f| (f, r)))
            .map(|(f, r)| (f, r, pos.cell(f, r)))
            .collect();
        let extra = pos.annotations();
        let colours = named_colours(&cells, &extra.rows);
        // Tint names count for tags as army names do (the first colour of a
        // name is the one met first, an army's piece or a square's tint).
        let table = render::tags(colours.iter().map(|&(n, _)| n));
        let pieces = cells
            .iter()
            .filter_map(|(f, r, cell)| {
                cell.piece
                    .as_ref()
                    .map(|g| ViewPiece { square: SquareName::at(*f, *r), glyph: glyph(g, &table) })
            })
            .collect();
        let legend = table
            .iter()
            .map(|&(name, tag)| ViewKey { name: name.to_owned(), tag, colour: colour_named(&colours, name) })
            .collect();
        let regions = extra
            .regions
            .iter()
            .map(|r| ViewRegion {
                label: r.label.clone(),
                squares: r.squares.iter().map(|&(f, rank)| SquareName::at(f, rank)).collect(),
                colour: r.color.to_string(),
                contrast: contrast(r.color),
            })
            .collect();
        let roles = extra
            .roles
            .iter()
            .map(|k| ViewRole { symbol: k.symbol, name: k.name, letter: k.letter })
            .collect();
        let rows = extra
            .rows
            .iter()
            .map(|row| ViewRow {
                label: row.label.clone(),
                pieces: row.pieces.iter().map(|g| glyph(g, &table)).collect(),
            })
            .collect();
        let over = outcome.is_some() || game.outcome().is_some();
        ViewDocument {
            schema: SchemaVersion,
            variant: VariantName::of::<P>(),
            files,
            ranks,
            squares: view_squares(&cells, &table),
            pieces,
            legend,
            regions,
            roles,
            rows,
            notes: extra.notes,
            details: pos.details(),
            seats: view_seats(pos, &colours),
            inputs: view_inputs(game, over, &table),
            highlight: HIGHLIGHT.to_string(),
            side_to_move: outcome.is_none().then(|| SeatName::of(pos, pos.turn())),
            status: outcome.as_ref().map_or_else(|| game.status(), |o| pos.outcome_text(o)),
            outcome: outcome.map(|o| OutcomeDoc::new(pos, &o)),
            line,
            last_move: last_move.iter().map(|&(f, r)| SquareName::at(f, r)).collect(),
            marks: royal_marks(pos, before),
            search,
            show: ShowDocument::new(game),
        }
    }
}

/// Input `mv` of `pos` as the board offers it: the squares its notation
/// names (the first is where it starts, the last where it ends), and what
/// stands on its last square afterwards when that changes the piece.
fn input<P: Position + BoardView>(
    pos: &P,
    mv: P::Move,
    table: &[(&str, char)],
    probability: Option<f64>,
) -> ViewInput {
    let token = MoveText::of(&mv);
    let named = render::named_squares(&token.0, pos.dimensions());
    let (kind, from, to) = match named.as_slice() {
        [] => ("choice", None, None),
        [only] if pos.cell(only.0, only.1).piece.is_none() => ("place", None, Some(*only)),
        [only] => ("move", Some(*only), Some(*only)),
        [first, .., last] => ("move", Some(*first), Some(*last)),
    };
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let becomes = to.and_then(|(f, r)| {
        let now = after.cell(f, r).piece?;
        let before = from.and_then(|(ff, fr)| pos.cell(ff, fr).piece);
        let same = before.is_some_and(|b| b.letter == now.letter && b.army == now.army);
        (!same).then(|| glyph(&now, table))
    });
    ViewInput {
        token,
        kind,
        from: from.map(|(f, r)| SquareName::at(f, r)),
        to: to.map(|(f, r)| SquareName::at(f, r)),
        becomes,
        probability,
        chance_after: ChanceOdds::of(&after),
        marked: false,
    }
}

/// The quarter turns of the board that put the side of the board where the
/// army named `army` stands in `start` at the bottom: the edge nearest the
/// middle of its pieces. `None` when no piece of that army is on the board.
fn home_turns<P: BoardView>(start: &P, army: &str) -> Option<u8> {
    let (files, ranks) = start.dimensions();
    let (mut sx, mut sy, mut n) = (0.0, 0.0, 0.0);
    for r in 0..ranks {
        for f in 0..files {
            if start.cell(f, r).piece.is_some_and(|g| g.army == army) {
                sx += f64::from(f);
                sy += f64::from(r);
                n += 1.0;
            }
        }
    }
    if n == 0.0 {
        return None;
    }
    let dx = sx / n - (f64::from(files) - 1.0) / 2.0;
    let dy = sy / n - (f64::from(ranks) - 1.0) / 2.0;
    Some(if dy.abs() >= dx.abs() {
        if dy <= 0.0 { 0 } else { 2 }
    } else if dx < 0.0 {
        1
    } else {
        3
    })
}

/// The number of pieces on the board of `view`.
fn piece_count<V: BoardView>(view: &V) -> usize {
    let (files, ranks) = view.dimensions();
    (0..ranks)
        .flat_map(|r| (0..files).map(move |f| (f, r)))
        .filter(|&(f, r)| view.cell(f, r).piece.is_some())
        .count()
}
