//! `moves`: every legal input, sorted.

use motley_core::Position;

use crate::args::Common;
use crate::document::{MovesDocument, json_doc};
use crate::error::CliError;
use crate::game;
use crate::variant::{Variant, command_task};

/// Runs `moves`.
///
/// # Errors
/// An input error for a bad variant, position string or move.
pub fn run(common: &Common) -> Result<String, CliError> {
    Variant::from_argument(&common.variant)?.with(Moves { common })
}

command_task!(Moves<'a>(common: &'a Common) => on);

/// `moves` on variant `P` (any position).
///
/// # Errors
/// An input error for a bad position string or move.
pub fn on<P: Position>(common: &Common) -> Result<String, CliError> {
    let session = game::session::<P>(common)?;
    let game = session.game();
    Ok(if common.json {
        json_doc(&MovesDocument::new(game))
    } else {
        game::sorted_moves(game).iter().map(|m| format!("{m}\n")).collect()
    })
}
