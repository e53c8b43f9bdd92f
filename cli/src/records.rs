//! What the record commands share: reading a record file or standard
//! input, picking and checking its games, and appending the games of a
//! `match --record` (the format of `motley_core::record`, documented in
//! `docs/records.md`).

use motley_core::Position;
use motley_core::record::read::rule_options;
use motley_core::record::{Notation, RawGame, ReadError, Recorder, parse, write};

use crate::error::CliError;
use crate::variant::{RecordTask, Variant};

/// Declares a [`RecordTask`] that calls a function generic over the record
/// state with the given arguments (the fields of the task).
macro_rules! record_task {
    ($task:ident<$($lt:lifetime),*>, $f:ident($($field:ident: $ty:ty),*) -> $out:ty) => {
        struct $task<$($lt),*> {
            $($field: $ty,)*
        }

        impl<$($lt),*> RecordTask for $task<$($lt),*> {
            type Output = $out;
            fn run<N: $crate::variant::AsHistory>(self) -> $out {
                $f::<N>($(self.$field),*)
            }
        }
    };
}

pub(crate) use record_task;

record_task!(
    MatchGame<'a>,
    match_game(rec: &'a MatchRecorder, game: MatchGameRef<'a>) -> Result<String, CliError>
);

/// The text of `file`, or of standard input for `-`.
///
/// # Errors
/// A file that cannot be read, a record that is not UTF-8 (naming the
/// byte offset of the first bad byte), or one with no text at all.
pub fn read_input<R: std::io::BufRead>(file: &str, mut input: R) -> Result<String, CliError> {
    let mut bytes = Vec::new();
    let place = if file == "-" { "standard input".to_owned() } else { format!("`{file}`") };
    if file == "-" {
        input
            .read_to_end(&mut bytes)
            .map_err(|e| CliError::failure(format!("cannot read standard input: {e}"), "argument <FILE>"))?;
    } else {
        bytes = std::fs::read(file)
            .map_err(|e| CliError::input(format!("cannot read `{file}`: {e}"), "argument <FILE>"))?;
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::input(format!("the record is not UTF-8 at byte {}", e.utf8_error().valid_up_to()), &place)
    })?;
    nonempty(&text, &place)?;
    Ok(text)
}

/// `text`, unless it holds no game at all (only white space).
///
/// # Errors
/// An input error at `place` saying the record is empty.
pub fn nonempty<'a>(text: &'a str, place: &str) -> Result<&'a str, CliError> {
    if text.trim().is_empty() {
        return Err(CliError::input("the record is empty (no game in it)", place));
    }
    Ok(text)
}

/// The one-line error of a bad game: what, then where (`game 2, line 14,
/// column 9, move 7, token `e2e5` of FILE`).
pub fn read_error(e: &ReadError, file: &str) -> CliError {
    let file = if file == "-" { "standard input" } else { file };
    CliError::input(&e.kind, format!("{} of {file}", e.place()))
}

/// Game `n` (1-based) of the record `text` read from `file`.
///
/// # Errors
/// An input error for a game number the record does not have, or a game
/// that does not read.
pub fn pick_game(text: &str, n: u32, file: &str) -> Result<RawGame, CliError> {
    let mut games = parse(text);
    let count = games.len();
    let index = n as usize;
    if index == 0 || index > count {
        return Err(CliError::input(format!("there is no game {n}: the record has {count} games"), "--game"));
    }
    games.swap_remove(index - 1).map_err(|e| read_error(&e, file))
}

/// The variant a game's `Variant` tag names.
///
/// # Errors
/// An input error for a missing tag or an unknown variant.
pub fn game_variant(raw: &RawGame, file: &str) -> Result<Variant, CliError> {
    let name = raw.variant().ok_or_else(|| read_error(&raw.missing_variant(), file))?;
    name.parse().map_err(|e| CliError::input(e, format!("tag Variant of game {} of {file}", raw.index)))
}

/// Appends every game `match` plays to a record file (`match --record FILE`).
#[derive(Debug)]
pub struct MatchRecorder {
    file: std::fs::File,
    path: String,
    variant: Variant,
    seed: u64,
}

/// One game of a match, as [`MatchRecorder::game`] records it.
#[derive(Clone, Copy, Debug)]
pub struct MatchGameRef<'a> {
    /// The game's index in the match (0-based; the `Round` tag is one more).
    pub index: usize,
    /// The players' names; seat `s` was played by `names[game.seating[s]]`.
    pub names: &'a [String],
    /// The root position string (`None`: the variant's start position).
    pub fen: Option<&'a str>,
    /// The inputs from the root to the game's start (`--moves`, an opening).
    pub opening: &'a [String],
    /// The game as the match played it from its start.
    pub game: &'a motley_core::search::GameRecord,
}

impl MatchRecorder {
    /// Opens `--record FILE` for appending (created if missing); `None` without `--record`.
    ///
    /// # Errors
    /// An input error for an unknown variant; a failure if the file cannot be opened.
    pub fn open(args: &crate::args::MatchArgs) -> Result<Option<MatchRecorder>, CliError> {
        let Some(path) = &args.record else { return Ok(None) };
        let variant = Variant::from_argument(&args.common.variant)?;
        let file =
            std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(|e| {
                CliError::failure(format!("cannot open `{}`: {e}", path.display()), "--record")
            })?;
        Ok(Some(MatchRecorder { file, path: path.display().to_string(), variant, seed: args.seed }))
    }

    /// Appends one game of the match: from its root position, the opening's
    /// inputs, then the moves played.
    ///
    /// # Errors
    /// A failure if the game does not replay (a bug) or the file cannot be written.
    pub fn game(&mut self, game: MatchGameRef<'_>) -> Result<(), CliError> {
        use std::io::Write as _;
        let text = self.variant.with_record(MatchGame { rec: self, game })?;
        self.file
            .write_all(format!("{text}\n").as_bytes())
            .map_err(|e| CliError::failure(format!("cannot write `{}`: {e}", self.path), "--record"))
    }
}

/// One match game as a record. Matches apply no history draw, so the
/// two-player Sovereign records say so in `Rules`.
fn match_game<N: Notation>(rec: &MatchRecorder, played: MatchGameRef<'_>) -> Result<String, CliError> {
    let MatchGameRef { index, names, fen, opening, game } = played;
    // A variant with history draws (Sovereign) says in `Rules` that the
    // match applied none.
    let rules = (<N::Position as Position>::DRAW_RULES != motley_core::history::DrawRules::NONE)
        .then_some("repetition=0 move-limit=0");
    let options = rule_options(rules.unwrap_or("")).unwrap_or_default();
    let fail =
        |why: String| CliError::failure(format!("game {} does not replay: {why}", index + 1), "--record");
    let start = N::start(fen, &options).map_err(|e| fail(e.to_string()))?;
    let mut recorder = Recorder::new(start, fen, rules);
    recorder.tag("Event", "motley match").tag("Site", "motley").tag("Round", (index + 1).to_string());
    let seat_tags = recorder.state().seat_tags();
    for (tag, &player) in seat_tags.iter().zip(&game.seating) {
        recorder.tag(tag, names.get(player).map_or("?", String::as_str));
    }
    recorder.tag("Termination", game.reason.clone()).tag("Seed", rec.seed.to_string());
    for token in opening.iter().chain(&game.moves) {
        let entry = recorder.state().read_entry(token).map_err(|why| fail(format!("`{token}`: {why}")))?;
        recorder.push(&entry);
    }
    recorder.set_result(motley_core::record::result_text(&motley_core::Outcome::new(&game.results, "match")));
    Ok(write(&recorder.game()))
}
