//! `play`: the position after the moves, and whether the game is over.

use core::fmt::Write as _;

use motley_core::Position;

use crate::args::Common;
use crate::document::{PlayDocument, json_doc};
use crate::error::CliError;
use crate::game;
use crate::variant::{Variant, command_task};

/// Runs `play`.
///
/// # Errors
/// An input error for a bad variant, position string or move.
pub fn run(common: &Common) -> Result<String, CliError> {
    Variant::from_argument(&common.variant)?.with(Play { common })
}

command_task!(Play<'a>(common: &'a Common) => on);

/// `play` on variant `P` (any position).
///
/// # Errors
/// An input error for a bad position string or move.
pub fn on<P: Position>(common: &Common) -> Result<String, CliError> {
    let session = game::session::<P>(common)?;
    let game = session.game();
    if common.json {
        return Ok(json_doc(&PlayDocument::new(game)));
    }
    let pos = game.position();
    let mut out = String::new();
    let _ = writeln!(out, "fen: {}", pos.fen());
    let _ = writeln!(out, "status: {}", game.status());
    match game.outcome() {
        Some(o) => {
            let _ = writeln!(out, "game_over: {}", pos.outcome_text(&o));
        }
        None => {
            let _ = writeln!(out, "side_to_move: {}", pos.seat_name(pos.turn()));
        }
    }
    Ok(out)
}
