//! The game a command works on: a [`Session`] built from the position
//! options every command shares (`--fen`, `--moves`, `--repetition`,
//! `--move-limit`, or the same fields of an API request), and the small
//! readings of it that several commands print.

use motley_core::history::{DrawRules, History};
use motley_core::search::{Reading, Score};
use motley_core::session::{InputError, Session};
use motley_core::{PerftMode, Position, Seat};

use crate::args::Common;
use crate::error::CliError;

/// The depth of the perft that `analyze` runs on a start position.
pub const ANALYZE_PERFT_DEPTH: u32 = 2;

/// The move tokens of `--moves`: every value, split at commas and at
/// whitespace (`--moves 'e2e4 e7e5'` is two moves). An empty token between
/// commas (`--moves ""`, `e2e4,,e7e5`) stays in the list, so that it is
/// reported as a bad move with its index.
#[must_use]
pub fn move_tokens(moves: &[String]) -> Vec<&str> {
    moves
        .iter()
        .flat_map(|v| v.split(','))
        .flat_map(|part| {
            let words: Vec<&str> = part.split_whitespace().collect();
            if words.is_empty() { vec![""] } else { words }
        })
        .collect()
}

/// The history draws of the game `--moves` plays: the variant's
/// [`Position::DRAW_RULES`], changed by `--repetition` and `--move-limit`
/// (0 turns a rule off).
///
/// # Errors
/// An input error for `--move-limit` on a variant that does not count plies
/// without progress.
pub fn draw_rules<P: Position>(common: &Common, start: &P) -> Result<DrawRules, CliError> {
    let mut rules = P::DRAW_RULES;
    if let Some(n) = common.repetition {
        rules.repetitions = (n > 0).then_some(n);
    }
    if let Some(n) = common.move_limit {
        if n > 0 && start.quiet_plies().is_none() {
            return Err(CliError::input(
                format!("{} does not count plies without pawn move or capture", P::VARIANT),
                "--move-limit",
            ));
        }
        rules.quiet_plies = (n > 0).then_some(n);
    }
    Ok(rules)
}

/// The game `--moves` plays from `--fen` (or the start position), as a
/// [`Session`]: the current position, the moves played, and the result
/// including the history draws of [`draw_rules`].
///
/// # Errors
/// Input errors for a malformed position string (passing the library's
/// message with its field and byte offset through) or a bad move (naming the
/// move and its 1-based index), including a move after the end of the game.
pub fn session<P: Position>(common: &Common) -> Result<Session<P>, CliError> {
    let start = match &common.fen {
        Some(text) => P::from_fen(text)
            .map_err(|e| CliError::input(format!("invalid position string: {e}"), "--fen"))?,
        None => P::start(),
    };
    let rules = draw_rules(common, &start)?;
    let mut session = Session::new(start, rules);
    session.play_all(move_tokens(&common.moves)).map_err(|e| {
        CliError::input(bad_move(&e.token, &e.error.to_string()), format!("move {} of --moves", e.number))
    })?;
    Ok(session)
}

/// Reads `token` as a legal input of `session`'s position; an error names
/// the move and `place`.
///
/// # Errors
/// As [`Session::parse_input`], as an input error.
pub fn input<P: Position>(session: &Session<P>, token: &str, place: &str) -> Result<P::Move, CliError> {
    session
        .parse_input(token)
        .map_err(|e: InputError| CliError::input(bad_move(token, &e.to_string()), place))
}

/// What is wrong with move `token`: ``invalid move `TOKEN`: WHY``, with the
/// token named once (a library message that names it again, ``move `TOKEN`:
/// …`` or ``move `TOKEN` is …``, loses that prefix).
#[must_use]
pub fn bad_move(token: &str, why: &str) -> String {
    if token.is_empty() {
        return "empty move".to_owned();
    }
    let named = format!("move `{token}`");
    let why = why.strip_prefix(named.as_str()).map_or(why, |rest| {
        let rest = rest.trim_start_matches(':').trim_start();
        rest.strip_prefix("is ").unwrap_or(rest)
    });
    format!("invalid move `{token}`: {why}")
}

/// The sorted notation of every legal input (none once the game is over).
#[must_use]
pub fn sorted_moves<P: Position>(game: &History<P>) -> Vec<String> {
    let mut list: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
    list.sort_unstable();
    list
}

/// The number of legal inputs and, on a start position, perft
/// [`ANALYZE_PERFT_DEPTH`].
#[must_use]
pub fn analyze_counts<P: Position>(game: &History<P>) -> (usize, Option<u64>) {
    let pos = game.position();
    let legal = game.legal_moves().len();
    let at_start = pos.fen() == P::start().fen();
    (legal, at_start.then(|| pos.perft(ANALYZE_PERFT_DEPTH, PerftMode::Decision)))
}

/// With more than two seats (Royale), each seat's chance to win, in
/// thousandths: the side to move's from its searched `score`, the others
/// sharing its loss chance (another seat wins) in proportion to the chance
/// the model gives each on its static evaluation. Empty with two seats.
#[must_use]
pub fn seat_wins<P: Reading>(pos: &P, score: Score) -> Vec<(Seat, u16)> {
    let n = pos.seat_count();
    if n <= 2 || pos.outcome().is_some() || pos.chance().is_some() {
        return Vec::new();
    }
    let mover = pos.turn();
    let own = pos.wdl_model(mover).wdl(score, mover);
    let others: Vec<(Seat, f64)> = (0..n)
        .map(|i| Seat(i as u8))
        .filter(|&s| s != mover)
        .map(|s| (s, pos.wdl_model(s).probabilities(f64::from(pos.evaluate(s)), s)[0]))
        .collect();
    let total: f64 = others.iter().map(|o| o.1).sum();
    let mut left = own.loss;
    let mut out = vec![(mover, own.win)];
    for (k, &(s, p)) in others.iter().enumerate() {
        let share = if k + 1 == others.len() {
            left
        } else if total > 0.0 {
            ((f64::from(own.loss) * p / total).round() as u16).min(left)
        } else {
            own.loss / (n as u16 - 1)
        };
        left -= share;
        out.push((s, share));
    }
    out.sort_by_key(|o| o.0.index());
    out
}
