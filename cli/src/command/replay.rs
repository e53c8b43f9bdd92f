//! `replay`: the position at a ply of a recorded game's main line, or
//! its moves.

use motley_core::record::{RawGame, main_line};

use crate::args::{ReplayArgs, Terminal};
use crate::document::{ReplayDocument, ShowDocument, json_doc};
use crate::error::CliError;
use crate::records::{game_variant, pick_game, read_error, read_input, record_task};
use crate::variant::{AsHistory, RecordTask};

record_task!(Replay<'a>, replay(raw: &'a RawGame, args: &'a ReplayArgs, term: Terminal) -> Result<String, CliError>);

/// Runs `replay` on the record `args.file` (`-`: `input`).
///
/// # Errors
/// An input error for an unreadable record, a bad game, game number or ply.
pub fn run<R: std::io::BufRead>(args: &ReplayArgs, term: Terminal, input: R) -> Result<String, CliError> {
    let text = read_input(&args.file, input)?;
    document_or_text(args, term, &text)
}

/// `replay` of the record `text` (the HTTP API passes the body's record).
///
/// # Errors
/// As [`run`].
pub fn document_or_text(args: &ReplayArgs, term: Terminal, text: &str) -> Result<String, CliError> {
    let raw = pick_game(text, args.game, &args.file)?;
    let variant = game_variant(&raw, &args.file)?;
    variant.with_record(Replay { raw: &raw, args, term })
}

/// `replay`: the position at a ply of a game's main line, or its moves.
fn replay<N: AsHistory>(raw: &RawGame, args: &ReplayArgs, term: Terminal) -> Result<String, CliError> {
    let game = raw.validate::<N>().map_err(|e| read_error(&e, &args.file))?;
    if args.moves {
        let moves = game.main_tokens();
        return Ok(if args.json {
            json_doc(&ReplayDocument::moves(N::VARIANT, args.game, &game))
        } else {
            format!("{}\n", moves.join(" "))
        });
    }
    let (states, _) = main_line::<N>(&game).map_err(|e| read_error(&e, &args.file))?;
    let plies = states.len() - 1;
    let ply = args.ply.map_or(plies, |k| k as usize);
    let Some(state) = states.get(ply) else {
        return Err(CliError::input(
            format!("there is no ply {ply}: the main line has {plies} plies"),
            "--ply",
        ));
    };
    let history = state.history();
    if args.json {
        return Ok(json_doc(&ReplayDocument::Position(ShowDocument::new(&history))));
    }
    Ok(super::show::output(&history, false, term))
}
