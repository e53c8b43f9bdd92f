//! `record`: the game `--moves` plays, as a game record.

use std::collections::HashMap;

use motley_core::Position;
use motley_core::record::game::parse_result;
use motley_core::record::read::{is_tag_name, rule_options};
use motley_core::record::{Game, Line, Recorder, StartError, read, result_text, write};

use crate::args::RecordArgs;
use crate::document::{RecordDocument, json_doc, json_value};
use crate::error::CliError;
use crate::game;
use crate::records::record_task;
use crate::variant::{AsHistory, RecordTask, Variant};

record_task!(Record<'a>, record(args: &'a RecordArgs) -> Result<String, CliError>);
record_task!(
    TreeRecord<'a>,
    tree_record(args: &'a RecordArgs, tree: Option<&'a str>, base: Option<&'a str>) -> Result<String, CliError>
);

/// Runs `record`.
///
/// # Errors
/// An input error for a bad variant, position string, move, rule option or tag.
pub fn run(args: &RecordArgs) -> Result<String, CliError> {
    Variant::from_argument(&args.common.variant)?.with_record(Record { args })
}

/// `record`: the game `--moves` plays, as a record.
fn record<N: AsHistory>(args: &RecordArgs) -> Result<String, CliError> {
    let game = recorder::<N>(args)?.game();
    let text = write(&game);
    Ok(if args.common.json { json_doc(&RecordDocument::new(N::VARIANT, &game, text)) } else { text })
}

/// The recorder of the game `--moves` plays, with its tags.
fn recorder<N: AsHistory>(args: &RecordArgs) -> Result<Recorder<N>, CliError> {
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
    Ok(rec)
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

/// The server's `record` of a game tree: the record `record` writes, with the
/// variations of `tree` (the page's address text: entries separated by
/// commas, each variation in brackets after the entry it replaces,
/// `e2e4,e7e5,(d2d4,d7d5),g1f3`) and, from the record `base`, the tags and
/// the comments and annotation marks of the moves the tree still holds.
/// Without `tree`, the tree is `base`'s own. The answer is `record`'s
/// document with one more key, `tree`: the record's tree as address text.
///
/// # Errors
/// An input error for a bad variant, position string, move, tag, tree text
/// or base record, or a base record of another variant.
pub fn tree_json(args: &RecordArgs, tree: Option<&str>, base: Option<&str>) -> Result<String, CliError> {
    Variant::from_argument(&args.common.variant)?.with_record(TreeRecord { args, tree, base })
}

/// A move of a game tree and the variations that replace it.
#[derive(Debug, Default)]
struct TreeNode {
    token: String,
    variations: Vec<Vec<TreeNode>>,
}

/// Where the tree text comes from, for errors.
const TREE_FIELD: &str = "request body field tree";
/// Where the base record comes from, for errors.
const BASE_FIELD: &str = "request body field base";

/// The lines of a tree text (see [`tree_json`]).
fn parse_tree(text: &str) -> Result<Vec<TreeNode>, CliError> {
    fn line<'a>(words: &mut impl Iterator<Item = &'a str>, depth: usize) -> Result<Vec<TreeNode>, CliError> {
        let mut nodes: Vec<TreeNode> = Vec::new();
        while let Some(w) = words.next() {
            match w {
                ")" if depth > 0 => return Ok(nodes),
                ")" => return Err(CliError::input("a `)` closes no variation", TREE_FIELD)),
                "(" => {
                    if depth >= motley_core::record::MAX_DEPTH {
                        return Err(CliError::input("variations nested too deep", TREE_FIELD));
                    }
                    let variation = line(words, depth + 1)?;
                    let Some(last) = nodes.last_mut() else {
                        return Err(CliError::input("a variation before any entry", TREE_FIELD));
                    };
                    if !variation.is_empty() {
                        last.variations.push(variation);
                    }
                }
                token => nodes.push(TreeNode { token: token.to_owned(), variations: Vec::new() }),
            }
        }
        if depth > 0 {
            return Err(CliError::input("a variation is not closed", TREE_FIELD));
        }
        Ok(nodes)
    }
    let spaced = text.replace('(', " ( ").replace(')', " ) ").replace(',', " ");
    line(&mut spaced.split_whitespace(), 0)
}

/// `line` as tree text.
fn tree_text(line: &Line) -> String {
    let mut items = Vec::new();
    for node in &line.nodes {
        items.push(node.token.clone());
        for v in &node.variations {
            items.push(format!("({})", tree_text(v)));
        }
    }
    items.join(",")
}

/// `line` as a tree.
fn line_tree(line: &Line) -> Vec<TreeNode> {
    line.nodes
        .iter()
        .map(|n| TreeNode {
            token: n.token.clone(),
            variations: n.variations.iter().map(line_tree).collect(),
        })
        .collect()
}

/// What a record writes about its moves, by the tokens from the start to
/// the move: its annotation marks and comments, and the comments before a
/// line that starts with it (the main line's under the empty path).
#[derive(Default)]
struct Notes {
    after: HashMap<Vec<String>, (Vec<u8>, Vec<String>)>,
    before: HashMap<Vec<String>, Vec<String>>,
}

impl Notes {
    fn of(game: &Game) -> Notes {
        fn walk(line: &Line, path: &mut Vec<String>, notes: &mut Notes, main: bool) {
            let depth = path.len();
            if let Some(first) = line.nodes.first().filter(|_| !line.comments.is_empty()) {
                let mut key = path.clone();
                if !main {
                    key.push(first.token.clone());
                }
                notes.before.insert(key, line.comments.clone());
            }
            for node in &line.nodes {
                for v in &node.variations {
                    walk(v, path, notes, false);
                }
                path.push(node.token.clone());
                notes.after.insert(path.clone(), (node.nags.clone(), node.comments.clone()));
            }
            path.truncate(depth);
        }
        let mut notes = Notes::default();
        if game.main.nodes.is_empty() && !game.main.comments.is_empty() {
            notes.before.insert(Vec::new(), game.main.comments.clone());
        }
        walk(&game.main, &mut Vec::new(), &mut notes, true);
        notes
    }
}

/// The move text of `line` (played after `path`) with `notes`, as atoms.
fn move_text(line: &[TreeNode], path: &mut Vec<String>, notes: &Notes, main: bool, out: &mut Vec<String>) {
    let comment = |c: &String| format!("{{{}}}", c.replace('}', ")"));
    let depth = path.len();
    let key = match (main, line.first()) {
        (true, _) | (false, None) => path.clone(),
        (false, Some(first)) => [path.clone(), vec![first.token.clone()]].concat(),
    };
    if let Some(before) = notes.before.get(&key) {
        out.extend(before.iter().map(comment));
    }
    for node in line {
        path.push(node.token.clone());
        out.push(node.token.clone());
        if let Some((nags, comments)) = notes.after.get(path.as_slice()) {
            out.extend(nags.iter().map(|n| format!("${n}")));
            out.extend(comments.iter().map(comment));
        }
        path.pop();
        for v in &node.variations {
            out.push("(".to_owned());
            move_text(v, path, notes, false, out);
            out.push(")".to_owned());
        }
        path.push(node.token.clone());
    }
    path.truncate(depth);
}

/// The outcome text of the main line `tokens` played from `game`'s start,
/// if it ends the game.
fn main_outcome<N: AsHistory>(game: &Game, tokens: &[String]) -> Option<String> {
    let options = rule_options(game.tag("Rules").unwrap_or("")).ok()?;
    let mut state = N::start(game.tag("FEN"), &options).ok()?;
    for t in tokens {
        let entry = state.read_entry(t).ok()?;
        state.play(&entry);
    }
    state.outcome().map(|o| result_text(&o))
}

/// [`tree_json`] for variant `N`.
fn tree_record<N: AsHistory>(
    args: &RecordArgs,
    tree: Option<&str>,
    base: Option<&str>,
) -> Result<String, CliError> {
    let base = match base {
        Some(text) => match read::<N>(text).into_iter().next() {
            Some(Ok(game)) => Some(game),
            Some(Err(e)) => return Err(CliError::input(e.to_string(), BASE_FIELD)),
            None => return Err(CliError::input("the base record holds no game", BASE_FIELD)),
        },
        None => None,
    };
    let lines = match (tree, &base) {
        (Some(text), _) => parse_tree(text)?,
        (None, Some(game)) => line_tree(&game.main),
        (None, None) => game::move_tokens(&args.common.moves)
            .into_iter()
            .map(|t| TreeNode { token: t.to_owned(), variations: Vec::new() })
            .collect(),
    };
    let main: Vec<String> = lines.iter().map(|n| n.token.clone()).collect();
    let (mut game, notes) = match base {
        Some(game) => {
            let notes = Notes::of(&game);
            (game, notes)
        }
        None => {
            let mut args = args.clone();
            args.common.moves.clone_from(&main);
            (recorder::<N>(&args)?.game(), Notes::default())
        }
    };
    let same_main = game.main_tokens() == main.iter().map(String::as_str).collect::<Vec<_>>();
    let termination = match main_outcome::<N>(&game, &main) {
        Some(result) => result,
        None if same_main => game.termination.clone(),
        None => "*".to_owned(),
    };
    game.set_tag("Result", termination.clone());
    let mut atoms = Vec::new();
    move_text(&lines, &mut Vec::new(), &notes, true, &mut atoms);
    atoms.push(termination);
    let shell = Game { tags: game.tags.clone(), main: Line::default(), termination: String::new() };
    let text = write(&shell).trim_end().to_owned() + "\n" + &atoms.join(" ") + "\n";
    let game = match read::<N>(&text).into_iter().next() {
        Some(Ok(game)) => game,
        Some(Err(e)) => return Err(CliError::input(e.to_string(), TREE_FIELD)),
        None => return Err(CliError::input("the tree holds no game", TREE_FIELD)),
    };
    let record = write(&game);
    let mut doc = json_value(&RecordDocument::new(N::VARIANT, &game, record));
    if let serde_json::Value::Object(map) = &mut doc {
        map.insert("tree".to_owned(), serde_json::Value::String(tree_text(&game.main)));
    }
    let mut out = serde_json::to_string_pretty(&doc).unwrap_or_else(|_| "null".to_owned());
    out.push('\n');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_text_reads_back_as_written() {
        let text = "e2e4,(d2d4,d7d5,(g8f6)),e7e5,g1f3";
        let lines = parse_tree(text).expect("a tree");
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0].variations.len(), 1);
        assert_eq!(lines[0].variations[0][1].variations[0][0].token, "g8f6");
        // Spaces and an empty variation are allowed.
        assert_eq!(parse_tree(" e2e4 , () ").expect("a tree")[0].variations.len(), 0);
        assert!(parse_tree("").expect("empty").is_empty());
    }

    #[test]
    fn a_malformed_tree_text_is_refused() {
        for (text, why) in [
            ("e2e4,(d2d4", "not closed"),
            ("e2e4),e7e5", "closes no variation"),
            ("(d2d4),e2e4", "before any entry"),
        ] {
            let err = parse_tree(text).expect_err(text).to_string();
            assert!(err.contains(why) && err.contains(TREE_FIELD), "{text}: {err}");
        }
    }
}
