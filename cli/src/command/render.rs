//! `render`: the position as an SVG picture.

use motley_core::render;
use motley_core::{BoardView, Position};

use crate::args::RenderArgs;
use crate::document::{RenderDocument, json_doc};
use crate::error::CliError;
use crate::game;
use crate::variant::{Variant, command_task};

/// Runs `render`.
///
/// # Errors
/// An input error for a bad variant, position string, move or `--highlight`;
/// a failure if `--out` cannot be written.
pub fn run(args: &RenderArgs) -> Result<String, CliError> {
    Variant::from_argument(&args.common.variant)?.with(Render { args })
}

command_task!(Render<'a>(args: &'a RenderArgs) => on);

/// `render` on variant `P` (any position with a board view).
///
/// # Errors
/// As [`run`].
pub fn on<P: Position + BoardView>(args: &RenderArgs) -> Result<String, CliError> {
    let session = game::session::<P>(&args.common)?;
    let pos = session.position();
    let highlight = match &args.highlight {
        Some(token) => render::move_squares(pos, game::input(&session, token, "--highlight")?),
        None => Vec::new(),
    };
    let picture = render::svg(pos, &highlight);
    if let Some(path) = &args.out {
        std::fs::write(path, &picture)
            .map_err(|e| CliError::failure(format!("cannot write `{}`: {e}", path.display()), "--out"))?;
    }
    Ok(match (args.common.json, &args.out) {
        (true, out) => json_doc(&RenderDocument::new(pos, &highlight, out.as_deref(), picture)),
        (false, Some(_)) => String::new(),
        (false, None) => picture,
    })
}
