//! `odds`: the markets of a Mage's Chess match between two lineups, before
//! the match or at the end of a record's moves (`motley_mages::markets`).

use std::fmt::Write as _;

use motley_core::Position;
use motley_core::record::main_line;
use motley_mages::markets::{MarketMatch, Markets, Settings, Share, YesNoMarket, price};
use motley_mages::record::{Entry, parse_event};
use motley_mages::sport::{Estimate, Globals, Rating, Ratings};
use motley_mages::{Lineup, LineupText, Mages, MagesRecord, Post, Rules, Square, Team};
use serde_json::Value;

use crate::args::OddsArgs;
use crate::document::{OddsDocument, OddsSetting, PersonDoc, json_doc};
use crate::error::CliError;
use crate::records::{pick_game, read_error, read_input};
use crate::variant::Variant;

/// The match to price: its start, the entries played and the lineup texts.
struct Setup {
    start: Mages,
    entries: Vec<Entry>,
    green: Option<(String, &'static str)>,
    blue: Option<(String, &'static str)>,
}

/// Runs `odds` (`input` is read for `--record -`).
///
/// # Errors
/// An input error for a variant other than Mage's Chess, a bad lineup,
/// ratings file, record, position, input or setting.
pub fn run<R: std::io::BufRead>(args: &OddsArgs, input: R) -> Result<String, CliError> {
    let record = match &args.record {
        Some(file) => Some(read_input(file, input)?),
        None => None,
    };
    let ratings = match &args.ratings {
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| CliError::input(format!("cannot read `{file}`: {e}"), "--ratings"))?;
            Some(read_ratings(&text).map_err(|what| CliError::input(what, format!("--ratings `{file}`")))?)
        }
        None => None,
    };
    output(args, record.as_deref(), ratings.as_ref())
}

/// `odds` of the record text `record` (when `--record`) with `ratings`
/// (the HTTP API passes the body's record and ratings).
///
/// # Errors
/// As [`run`].
pub fn output(args: &OddsArgs, record: Option<&str>, ratings: Option<&Ratings>) -> Result<String, CliError> {
    let variant = Variant::from_argument(&args.common.variant)?;
    if variant != Variant::Mages {
        return Err(CliError::input(
            format!("odds are priced for Mage's Chess matches between lineups, not {variant}"),
            "argument <VARIANT>",
        ));
    }
    let setup = match record {
        Some(text) => from_record(args, text)?,
        None => from_moves(args)?,
    };
    let lineup = |given: &Option<(String, &'static str)>, team: Team| {
        given
            .as_ref()
            .map(|(text, place)| {
                Lineup::parse(text, team, setup.start.board()).map_err(|e| CliError::input(e, *place))
            })
            .transpose()
    };
    let lineups = match (lineup(&setup.green, Team::Green)?, lineup(&setup.blue, Team::Blue)?) {
        (Some(g), Some(b)) => Some((g, b)),
        (None, None) => None,
        (Some(_), None) => return Err(CliError::input("a green lineup without a blue one", "--blue-lineup")),
        (None, Some(_)) => {
            return Err(CliError::input("a blue lineup without a green one", "--green-lineup"));
        }
    };
    let texts = lineups.as_ref().map(|(g, b)| (g.to_string(), b.to_string()));
    let mut game = MarketMatch::new(setup.start, lineups).map_err(|e| CliError::input(e, "the position"))?;
    for (i, entry) in setup.entries.iter().enumerate() {
        let played = match *entry {
            Entry::Move(m) => game.play(m),
            Entry::Event(e) => game.referee(e),
        };
        played.map_err(|e| CliError::input(e, format!("input {} of --moves", i + 1)))?;
    }
    let settings = Settings {
        simulations: args.simulations,
        seed: args.seed,
        depth: args.depth,
        cap: args.cap,
        line: args.line.map(crate::args::HalfInteger::value),
        ..Settings::default()
    };
    let markets = price(&game, ratings, &settings).map_err(|e| CliError::input(e, "--line"))?;
    let setting = OddsSetting {
        fen: game.people().position().to_string(),
        entries: setup.entries.len() as u32,
        lineups: texts,
        seed: args.seed,
        depth: args.depth,
        cap: args.cap,
        people: people(&game),
    };
    if args.common.json {
        return Ok(json_doc(&OddsDocument::new(&setting, &markets)));
    }
    Ok(text(&setting, &markets))
}

/// The named people on the board, by square (none with placeholder names).
fn people(game: &MarketMatch) -> Vec<PersonDoc> {
    if !game.is_named() {
        return Vec::new();
    }
    let people = game.people();
    Square::all()
        .filter_map(|sq| {
            let p = people.person_at(sq)?;
            Some(PersonDoc::new(sq.to_string(), people.name(p).to_owned(), p.team.name()))
        })
        .collect()
}

/// The start and entries of `--fen` and `--moves` (referee event tokens
/// such as `timeout` or `sanction:blue` among them).
fn from_moves(args: &OddsArgs) -> Result<Setup, CliError> {
    let start = match &args.common.fen {
        Some(fen) => Mages::from_fen_with(fen, Rules::default()).map_err(|e| CliError::input(e, "--fen"))?,
        None => Mages::start(),
    };
    let mut pos = motley_mages::Match::new(start.clone());
    let mut entries = Vec::new();
    let tokens = args.common.moves.iter().flat_map(|m| m.split_whitespace());
    for (i, token) in tokens.enumerate() {
        let place = || format!("input {} of --moves (`{token}`)", i + 1);
        let entry = match parse_event(token) {
            Some(e) => Entry::Event(e),
            None => Entry::Move(pos.position().parse_move(token).map_err(|e| CliError::input(e, place()))?),
        };
        let played = match entry {
            Entry::Move(m) => pos.play(m),
            Entry::Event(e) => pos.referee(e),
        };
        played.map_err(|e| CliError::input(e, place()))?;
        entries.push(entry);
    }
    Ok(Setup {
        start,
        entries,
        green: given(&args.green_lineup, "--green-lineup"),
        blue: given(&args.blue_lineup, "--blue-lineup"),
    })
}

fn given(text: &Option<String>, place: &'static str) -> Option<(String, &'static str)> {
    text.as_ref().map(|t| (t.clone(), place))
}

/// The start and main line of game `--game` of the record `text`; its
/// lineup tags unless the options give lineups.
fn from_record(args: &OddsArgs, text: &str) -> Result<Setup, CliError> {
    if args.common.fen.is_some() || !args.common.moves.is_empty() {
        return Err(CliError::input("--fen and --moves do not go with --record", "--record"));
    }
    let file = args.record.as_deref().unwrap_or("-");
    let raw = pick_game(text, args.game, file)?;
    if raw.variant().map(str::to_ascii_lowercase).as_deref() != Some("mages") {
        return Err(CliError::input(
            "not a Mage's Chess game (tag Variant is not `mages`)",
            format!("game {} of {file}", args.game),
        ));
    }
    let game = raw.validate::<MagesRecord>().map_err(|e| read_error(&e, file))?;
    let (states, entries) = main_line::<MagesRecord>(&game).map_err(|e| read_error(&e, file))?;
    let start = states[0].game().position().clone();
    // A tag naming some players only (no Luminary) is not a lineup to price with.
    let full =
        |text: &str| LineupText::parse(text).is_ok_and(|t| t.items.iter().any(|i| i.post == Post::Luminary));
    let tag = |name: &'static str| game.tag(name).filter(|t| full(t)).map(|t| (t.to_owned(), name));
    let (green, blue) = if args.green_lineup.is_some() || args.blue_lineup.is_some() {
        (given(&args.green_lineup, "--green-lineup"), given(&args.blue_lineup, "--blue-lineup"))
    } else {
        (tag("GreenLineup"), tag("BlueLineup"))
    };
    Ok(Setup { start, entries, green, blue })
}

/// The ratings of a ratings file: `motley ratings --json`'s document, or
/// a league's `truth.json`.
///
/// # Errors
/// What is wrong with the text, in one line.
pub fn read_ratings(text: &str) -> Result<Ratings, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    ratings_of(&v)
}

/// The ratings of a ratings document already read as JSON (see [`read_ratings`]).
///
/// # Errors
/// What is wrong with the value, in one line.
pub fn ratings_of(v: &Value) -> Result<Ratings, String> {
    if let Some(truth) = v.get("ratings") {
        return serde_json::from_value(truth.clone())
            .map_err(|e| format!("`ratings` is not a league's ratings: {e}"));
    }
    let Some(mages) = v.get("mages").and_then(Value::as_array) else {
        return Err("neither `motley ratings --json` output (no `mages` array) nor a league's truth.json (no `ratings`)".into());
    };
    let estimate = |m: &Value, key: &str| -> Option<Estimate> {
        let e = m.get(key)?;
        Some(Estimate { mean: e.get("mean")?.as_f64()?, sd: e.get("sd")?.as_f64()? })
    };
    let mut people = Vec::new();
    for (i, m) in mages.iter().enumerate() {
        let name = m.get("name").and_then(Value::as_str).ok_or(format!("mage {} has no name", i + 1))?;
        let (Some(melee), Some(ranged), Some(heresy)) =
            (estimate(m, "melee_strength"), estimate(m, "ranged_strength"), estimate(m, "heresy_chance"))
        else {
            continue; // a Luminary: no ratings
        };
        people.push(Rating { name: name.to_owned(), melee, ranged, heresy });
    }
    let globals = |key: &str| -> Result<Globals, String> {
        let g = v.get(key).ok_or(format!("no `{key}` parameters"))?;
        let number = |k: &str| g.get(k).and_then(Value::as_f64).ok_or(format!("`{key}.{k}` is not a number"));
        let tiers: Vec<f64> = g
            .get("tiers")
            .and_then(Value::as_array)
            .map_or(Vec::new(), |t| t.iter().filter_map(Value::as_f64).collect());
        let tiers: [f64; 3] = tiers.try_into().map_err(|_| format!("`{key}.tiers` is not three numbers"))?;
        Ok(Globals { challenger_edge: number("challenger_edge")?, draw: number("draw")?, tiers })
    };
    Ok(Ratings { people, melee: globals("melee")?, ranged: globals("ranged")? })
}

fn percent(s: Share) -> String {
    format!("{:.1}% ± {:.1}", 100.0 * s.p, 100.0 * s.se)
}

fn yes_no(m: &YesNoMarket, void: bool) -> String {
    let mut line = format!("yes {}  no {}", percent(m.yes), percent(m.no));
    if void {
        let _ = write!(line, "  void {}", percent(m.void));
    }
    let _ =
        write!(line, "  undecided {}{}", percent(m.undecided), if m.settled { "  (settled)" } else { "" });
    line
}

/// The text output.
fn text(setting: &OddsSetting, m: &Markets) -> String {
    let mut out = String::new();
    let model = if m.rated { "the people's ratings" } else { "the role-only models" };
    let _ = writeln!(out, "position {} after {} inputs and events", setting.fen, setting.entries);
    let _ = writeln!(
        out,
        "{} simulations (seed {}, depth {}, cap {}), engagements and heresies from {model}",
        m.simulations, setting.seed, setting.depth, setting.cap
    );
    let r = &m.result;
    let _ = writeln!(
        out,
        "match result: green {}  draw {}  blue {}  undecided {}{}",
        percent(r.green),
        percent(r.draw),
        percent(r.blue),
        percent(r.undecided),
        if r.settled { "  (settled)" } else { "" }
    );
    let _ = writeln!(out, "a heresy is committed: {}", yes_no(&m.heresy, false));
    let _ =
        writeln!(out, "the first engagement is won by the challenger: {}", yes_no(&m.first_engagement, true));
    let t = &m.total_engagements;
    let _ = writeln!(
        out,
        "total engagements (so far {}): over {} {}  under {}  undecided {}{}",
        t.so_far,
        t.line,
        percent(t.over),
        percent(t.under),
        percent(t.undecided),
        if t.settled { "  (settled)" } else { "" }
    );
    out
}
