//! `show`: the board and the position's facts.

use core::fmt::Write as _;

use motley_core::history::History;
use motley_core::render::{self, TextStyle};
use motley_core::{BoardView, Position};

use crate::args::{Common, Terminal};
use crate::document::{ShowDocument, json_doc};
use crate::error::CliError;
use crate::game;
use crate::variant::{Variant, command_task};

/// Runs `show`.
///
/// # Errors
/// An input error for a bad variant, position string or move.
pub fn run(common: &Common, term: Terminal) -> Result<String, CliError> {
    Variant::from_argument(&common.variant)?.with(Show { common, term })
}

command_task!(Show<'a>(common: &'a Common, term: Terminal) => on);

/// `show` on variant `P` (any position with a board view).
///
/// # Errors
/// An input error for a bad position string or move.
pub fn on<P: Position + BoardView>(common: &Common, term: Terminal) -> Result<String, CliError> {
    let session = game::session::<P>(common)?;
    Ok(output(session.game(), common.json, term))
}

/// `show`'s output for `game`: text, or the JSON document with `json`.
#[must_use]
pub fn output<P: Position + BoardView>(game: &History<P>, json: bool, term: Terminal) -> String {
    if json { json_doc(&ShowDocument::new(game)) } else { text(game, term) }
}

/// `show`'s text: the diagram, then `key: value` lines.
#[must_use]
pub fn text<P: Position + BoardView>(game: &History<P>, term: Terminal) -> String {
    let pos = game.position();
    let style = if term.color { TextStyle::Ansi } else { TextStyle::Plain };
    let mut out = render::diagram(pos, style);
    out.push('\n');
    let _ = writeln!(out, "fen: {}", pos.fen());
    let _ = writeln!(out, "side_to_move: {}", pos.seat_name(pos.turn()));
    let _ = writeln!(out, "status: {}", game.status());
    if let Some(o) = game.outcome() {
        let _ = writeln!(out, "game_over: {}", pos.outcome_text(&o));
    }
    if let Some(chance) = pos.chance() {
        let odds: Vec<String> = chance.iter().map(|(mv, p)| format!("{mv} {p}")).collect();
        let _ = writeln!(out, "chance: {}", odds.join(", "));
    }
    for (key, value) in pos.details() {
        if !matches!(key, "fen" | "side_to_move" | "status" | "game_over" | "chance") {
            let _ = writeln!(out, "{key}: {value}");
        }
    }
    out
}
