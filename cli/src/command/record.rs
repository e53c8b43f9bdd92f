//! `record`: the game `--moves` plays, as a game record.

use motley_core::Position;
use motley_core::record::game::parse_result;
use motley_core::record::read::{is_tag_name, rule_options};
use motley_core::record::{Recorder, StartError, write};

use crate::args::RecordArgs;
use crate::document::{RecordDocument, json_doc};
use crate::error::CliError;
use crate::game;
use crate::records::record_task;
use crate::variant::{AsHistory, RecordTask, Variant};

record_task!(Record<'a>, record(args: &'a RecordArgs) -> Result<String, CliError>);

/// Runs `record`.
///
/// # Errors
/// An input error for a bad variant, position string, move, rule option or tag.
pub fn run(args: &RecordArgs) -> Result<String, CliError> {
    Variant::from_argument(&args.common.variant)?.with_record(Record { args })
}

/// `record`: the game `--moves` plays, as a record.
fn record<N: AsHistory>(args: &RecordArgs) -> Result<String, CliError> {
    let common = &args.common;
    let mut rules = Vec::new();
    if let Some(n) = common.repetition {
        rules.push(format!("repetition={n}"));
    }
    if let Some(n) = common.move_limit {
        rules.push(format!("move-limit={n}"));
    }
    let rules = rules.join(" ");
    let options = rule_options(&rules).map_err(|e| CliError::input(e, "--repetition/--move-limit"))?;
    let start = N::start(common.fen.as_deref(), &options).map_err(|e| match e {
        StartError::Fen(why) => CliError::input(format!("invalid position string: {why}"), "--fen"),
        StartError::Rules(why) => CliError::input(why, "--repetition/--move-limit"),
    })?;
    // The variant's own start is written without a FEN tag, however given.
    let own_start = N::start(None, &options).is_ok_and(|own| own.position().fen() == start.position().fen());
    let fen = common.fen.as_deref().filter(|_| !own_start);
    let mut rec = Recorder::new(start, fen, Some(&rules));
    for (i, token) in game::move_tokens(&common.moves).into_iter().enumerate() {
        let entry = rec.state().read_entry(token).map_err(|why| {
            CliError::input(format!("invalid move `{token}`: {why}"), format!("move {} of --moves", i + 1))
        })?;
        rec.push(&entry);
    }
    let seats = rec.state().position().seat_count();
    for tag in &args.tags {
        add_tag(&mut rec, tag, seats)?;
    }
    let game = rec.game();
    let text = write(&game);
    Ok(if common.json { json_doc(&RecordDocument::new(N::VARIANT, &game, text)) } else { text })
}

/// Adds one `--tag KEY=VALUE` to the record, refusing a malformed tag, a tag
/// the variant and rule options already decide, and a `Result` that is not a
/// result of a `seats`-seat game or that contradicts the final position.
fn add_tag<N: AsHistory>(rec: &mut Recorder<N>, tag: &str, seats: usize) -> Result<(), CliError> {
    let Some((key, value)) = tag.split_once('=') else {
        return Err(CliError::input(format!("`{tag}` is not KEY=VALUE"), "--tag"));
    };
    if !is_tag_name(key) {
        return Err(CliError::input(
            format!("unknown tag `{key}`: a tag name is a capital letter followed by letters, digits or `_`"),
            "--tag",
        ));
    }
    match key {
        "Variant" | "FEN" | "Rules" | "SetUp" => {
            return Err(CliError::input(
                format!("tag `{key}` comes from the variant, --fen and the rule options"),
                "--tag",
            ));
        }
        "Result" => {
            if value != "*" && parse_result(value, seats).is_none() {
                return Err(CliError::input(
                    format!("`{value}` is not a result of a {seats}-seat game"),
                    "--tag",
                ));
            }
            if let Some(o) = rec.state().outcome()
                && motley_core::record::result_text(&o) != value
            {
                let actual = rec.state().outcome_text(&o);
                return Err(CliError::input(
                    format!("result `{value}` contradicts the final position ({actual})"),
                    "--tag",
                ));
            }
            rec.set_result(value);
        }
        _ => {
            rec.tag(key, value);
        }
    }
    Ok(())
}
