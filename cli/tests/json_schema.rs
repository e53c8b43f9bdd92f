//! Every `--json` document of every command, for every variant (start
//! positions and fixture positions: middle games, pending engagements,
//! finished games, and records of them), validated against the JSON Schema
//! files in `schemas/`; the schema files compared with what the document
//! types generate; and the examples of `docs/json.md` validated and compared
//! with the output of their commands. `MOTLEY_BLESS=1` rewrites the schema
//! files and the examples instead of failing on a difference.
//!
//! The schema files allow keys they do not list (`"unevaluatedProperties":
//! true`), so that adding a key stays compatible for readers. Here they are
//! loaded strictly (each such `true` read as `false`), so a document with a
//! key the schema does not describe fails: every key is documented.

mod common;

use std::path::{Path, PathBuf};

use boon::{Compiler, Schemas};
use common::{json, ok, words};
use serde_json::Value;

/// The documents, each a file `schemas/<name>.schema.json`.
const DOCUMENTS: [&str; 12] = [
    "show", "moves", "perft", "play", "render", "analyze", "match", "record", "replay", "annotate",
    "ratings", "odds",
];

/// The documents of Mage's Chess only: no example per variant.
const MAGES_ONLY: [&str; 2] = ["ratings", "odds"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace root").to_path_buf()
}

/// The schema files, compiled strictly: `(document name, index)`.
struct Validator {
    schemas: Schemas,
    compiled: Vec<(&'static str, boon::SchemaIndex)>,
}

impl Validator {
    fn new() -> Validator {
        let dir = root().join("schemas");
        let mut compiler = Compiler::new();
        let mut schemas = Schemas::new();
        let url = |name: &str| format!("file://{}/{name}.schema.json", dir.display());
        let strict = |name: &str| -> Value {
            let text = std::fs::read_to_string(dir.join(format!("{name}.schema.json"))).expect("schema file");
            assert!(text.contains("\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""), "{name}");
            let text = text.replace("\"unevaluatedProperties\": true", "\"unevaluatedProperties\": false");
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}.schema.json: {e}"))
        };
        compiler.add_resource(&url("common"), strict("common")).expect("common schema");
        for name in DOCUMENTS {
            compiler.add_resource(&url(name), strict(name)).expect("schema");
        }
        let compiled = DOCUMENTS
            .into_iter()
            .map(|name| {
                let index = compiler
                    .compile(&url(name), &mut schemas)
                    .unwrap_or_else(|e| panic!("{name}.schema.json does not compile: {e:#}"));
                (name, index)
            })
            .collect();
        Validator { schemas, compiled }
    }

    /// Whether `doc` is a valid `document`; the error text if not.
    fn check(&self, document: &str, doc: &Value) -> Result<(), String> {
        let (_, index) = self.compiled.iter().find(|(n, _)| *n == document).expect("a known document");
        self.schemas.validate(doc, *index).map_err(|e| format!("{e}"))
    }

    fn assert_valid(&self, document: &str, doc: &Value, what: &str) {
        if let Err(e) = self.check(document, doc) {
            panic!("{what}: not a valid `{document}` document:\n{e}\n{doc:#}");
        }
        assert_eq!(doc["schema"], 1, "{what}: schema version");
    }
}

/// Writes `text` to a fresh file in the temporary directory; its path.
fn temp_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("motley-json-schema-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("write a temporary file");
    path.display().to_string()
}

/// Position strings of `variant` to run every command on: the start, and
/// fixture positions of every kind the variant has.
fn positions(variant: &str) -> Vec<Option<String>> {
    let fixture = |path: &str| {
        let text = std::fs::read_to_string(root().join("fixtures").join(path)).expect("fixture");
        Some(
            text.lines()
                .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .expect("a line")
                .trim()
                .to_owned(),
        )
    };
    let mut out = vec![None];
    match variant {
        "sovereign" => {
            out.push(fixture("sovereign/positions/mid-red-king.fen"));
            out.push(fixture("sovereign/positions/forced-defection.fen"));
            out.push(Some(SOVEREIGN_MATE.to_owned()));
        }
        "royale" => {
            out.push(fixture("royale/positions/king-in-check.fen"));
            out.push(fixture("royale/positions/mid-chains.fen"));
            out.push(Some(ROYALE_LAST_KING.to_owned()));
        }
        "mages" => {
            for f in ["middle-1", "pending-melee", "pending-pawn-challenger", "must-pass", "finished"] {
                out.push(fixture(&format!("mages/positions/{f}.fen")));
            }
        }
        "joker" => {
            let mut files: Vec<_> = std::fs::read_dir(root().join("fixtures/joker/positions"))
                .expect("fixture folder")
                .map(|e| e.expect("fixture entry").path())
                .collect();
            files.sort();
            out.extend(
                files.iter().map(|f| Some(std::fs::read_to_string(f).expect("fixture").trim().to_owned())),
            );
            out.push(Some(JOKER_PROMOTED.to_owned()));
        }
        _ => unreachable!("{variant}"),
    }
    out
}

/// White has just promoted on b8 (`b7b8q`): a queen with the promoted mark.
const JOKER_PROMOTED: &str = "rQ~1kk1n1/4P3/8/8/8/8/8/3QQ3[] b - - 0 41 -";
/// Black has just mated White (played with `a10a8`).
const SOVEREIGN_MATE: &str = "15bk/16/16/16/16/16/16/16/brbr14/16/16/16/16/16/16/wk15 1 w b - 1";
/// Black's king is the last one (after `i8i1` from the position in cli.rs's outcome test).
const ROYALE_LAST_KING: &str = "7bk8/16/16/16/16/16/16/16/16/16/16/16/16/16/16/ap7br6sp 1 w a s b - 1";

#[test]
fn every_document_of_every_command_matches_its_schema() {
    let v = Validator::new();
    let mut checked = 0;
    for variant in ["sovereign", "royale", "mages", "joker"] {
        for fen in positions(variant) {
            let mut base = vec![variant];
            if let Some(f) = &fen {
                base.extend(["--fen", f.as_str()]);
            }
            let run = |command: &str, extra: &[&str]| {
                let mut args = vec![command];
                args.extend(&base);
                args.extend(extra);
                args.push("--json");
                let doc = json(&args);
                (doc, format!("motley {}", args.join(" ")))
            };
            let (show, what) = run("show", &[]);
            v.assert_valid("show", &show, &what);
            let over = show["outcome"].is_object();
            for (document, extra) in [
                ("moves", &[][..]),
                ("perft", &["2"][..]),
                ("perft", &["1", "--mode", "full"][..]),
                ("play", &[][..]),
                ("render", &[][..]),
                ("analyze", &["--depth", "2"][..]),
                // Several lines; at a pending engagement, each resolution and the expectation.
                ("analyze", &["--depth", "2", "--multipv", "3"][..]),
            ] {
                let (doc, what) = run(document, extra);
                v.assert_valid(document, &doc, &what);
                checked += 1;
            }
            // A move played, and highlighted, while the game goes on.
            let (moves, _) = run("moves", &[]);
            let first = moves["moves"][0].as_str().filter(|_| !over);
            if let Some(mv) = first {
                let (doc, what) = run("play", &["--moves", mv]);
                v.assert_valid("play", &doc, &what);
                let (doc, what) = run("render", &["--highlight", mv]);
                v.assert_valid("render", &doc, &what);
            }
            // The game as a record (with its first move, if any), replayed and annotated.
            let played: &[&str] = match first {
                Some(mv) => &["--moves", mv],
                None => &[],
            };
            let (doc, what) = run("record", played);
            v.assert_valid("record", &doc, &what);
            let file =
                temp_file(&format!("{variant}-{checked}.pgn"), doc["record"].as_str().expect("record"));
            for extra in [&[][..], &["--moves"][..], &["--ply", "0"][..]] {
                let mut args = vec!["replay", file.as_str()];
                args.extend(extra);
                args.push("--json");
                let doc = json(&args);
                let what = format!("motley {}", args.join(" "));
                v.assert_valid("replay", &doc, &what);
                if extra != ["--moves"] {
                    v.assert_valid("show", &doc, &what);
                }
            }
            let doc = json(&["annotate", &file, "--depth", "1", "--json"]);
            v.assert_valid("annotate", &doc, &format!("motley annotate {variant} {fen:?}"));
            let _ = std::fs::remove_file(&file);
        }
        let doc =
            json(&words(&format!("match {variant} --games 2 --a random --b greedy --max-plies 30 --json")));
        v.assert_valid("match", &doc, &format!("motley match {variant}"));
        // Several games of a match, as records: replayed and annotated.
        let file =
            std::env::temp_dir().join(format!("motley-json-schema-{}-{variant}.pgn", std::process::id()));
        let _ = std::fs::remove_file(&file);
        let file = file.display().to_string();
        ok(&words(&format!(
            "match {variant} --games 2 --a random --b greedy --max-plies 12 --record {file}"
        )));
        let doc = json(&["annotate", &file, "--depth", "1", "--json"]);
        v.assert_valid("annotate", &doc, &format!("motley annotate (a {variant} match)"));
        assert_eq!(doc["games"].as_array().map(Vec::len), Some(2), "{variant}: two games annotated");
        let doc = json(&["replay", &file, "--game", "2", "--moves", "--json"]);
        v.assert_valid("replay", &doc, &format!("motley replay --moves (a {variant} match)"));
        let _ = std::fs::remove_file(&file);
    }
    assert!(checked >= 4 * 6 * 4, "{checked} documents");
}

/// `ratings --json` of the lineup records of the fuzz seeds (board
/// players with ratings, Luminaries without) matches its schema.
#[test]
fn the_ratings_document_matches_its_schema() {
    let v = Validator::new();
    let seed = root().join("fuzz/seeds/record/mages-lineups").display().to_string();
    let doc = json(&["ratings", &seed, &seed, "--json"]);
    v.assert_valid("ratings", &doc, "motley ratings --json");
    assert_eq!(doc["games_with_lineups"], 2);
    assert_eq!(doc["mages"].as_array().map(Vec::len), Some(26));
}

#[test]
fn marks_and_pending_engagements_are_structured() {
    let doc = json(&["show", "joker", "--fen", JOKER_PROMOTED, "--json"]);
    let b8 = doc["board"].as_array().unwrap().iter().find(|p| p["square"] == "b8").unwrap();
    assert_eq!(
        *b8,
        serde_json::json!({"square": "b8", "role": "queen", "colour": "white", "marks": ["promoted"]})
    );
    let pending = std::fs::read_to_string(root().join("fixtures/mages/positions/pending-melee.fen")).unwrap();
    let doc = json(&["show", "mages", "--fen", pending.trim(), "--json"]);
    let e = &doc["pending_engagement"];
    assert_eq!(
        (&e["challenger"], &e["defender"], &e["combat"]),
        (&"a5".into(), &"c5".into(), &"melee".into())
    );
    let total: f64 =
        e["resolutions"].as_array().unwrap().iter().map(|r| r["probability"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "the resolutions' probabilities sum to 1: {total}");
    assert_eq!(doc["halos"], serde_json::json!(["a5"]));
    let a5 = doc["board"].as_array().unwrap().iter().find(|p| p["square"] == "a5").unwrap();
    assert_eq!(a5["marks"], serde_json::json!(["halo"]));
}

#[test]
fn the_schemas_reject_what_they_do_not_describe() {
    let v = Validator::new();
    let doc = json(&["show", "joker", "--json"]);
    v.assert_valid("show", &doc, "show joker");
    let bad = |f: &dyn Fn(&mut Value)| {
        let mut d = doc.clone();
        f(&mut d);
        v.check("show", &d).is_err()
    };
    assert!(bad(&|d| d["ply"] = Value::from("0")), "a number as a string");
    assert!(bad(&|d| d["extra"] = Value::from(1)), "an undocumented key");
    assert!(bad(&|d| d["board"][0]["square"] = Value::from("z9")), "a bad square");
    assert!(bad(&|d| d["board"][0]["role"] = Value::from("dragon")), "an unknown role");
    assert!(bad(&|d| d["schema"] = Value::from(2)), "another schema version");
    assert!(
        bad(&|d| {
            d.as_object_mut().and_then(|m| m.remove("bench"));
        }),
        "a missing key"
    );
    // Each variant's facts are checked against that variant's: a Joker board under `mages`.
    assert!(bad(&|d| d["variant"] = Value::from("mages")), "another variant's facts");

    // The other documents are as strict, down to their nested objects.
    let rejects = |document: &str, doc: &Value, f: &dyn Fn(&mut Value)| {
        v.assert_valid(document, doc, document);
        let mut d = doc.clone();
        f(&mut d);
        v.check(document, &d).is_err()
    };
    let analyze = json(&["analyze", "joker", "--depth", "1", "--json"]);
    assert!(rejects("analyze", &analyze, &|d| d["search"]["extra"] = Value::from(1)), "a key in `search`");
    assert!(
        rejects("analyze", &analyze, &|d| d["search"]["wdl"]["win"] = Value::from(1001)),
        "odds above 1000"
    );
    assert!(
        rejects("analyze", &analyze, &|d| d["search"]["score"]["win_in"] = Value::from(2)),
        "a score both in centipawns and a win"
    );
    let record = json(&["record", "joker", "--moves", "e2e4", "--json"]);
    assert!(
        rejects("record", &record, &|d| d["game"]["main"]["nodes"][0]["seat"] = Value::from("white")),
        "a seat index as a name"
    );
    let file = temp_file("reject.pgn", record["record"].as_str().expect("record"));
    let annotate = json(&["annotate", &file, "--depth", "1", "--json"]);
    assert!(
        rejects("annotate", &annotate, &|d| d["games"][0]["moves"][0]["mark"] = Value::from("brilliant")),
        "an unknown mark"
    );
    assert!(
        rejects("annotate", &annotate, &|d| {
            d["games"][0]["summary"][0].as_object_mut().and_then(|m| m.remove("worst"));
        }),
        "a missing key in a summary"
    );
    let replay = json(&["replay", &file, "--moves", "--json"]);
    assert!(rejects("replay", &replay, &|d| d["game"] = Value::from(0)), "game 0 of a file");
    assert!(rejects("replay", &replay, &|d| d["fen"] = Value::from("8/8")), "a position key in the moves");
    let _ = std::fs::remove_file(&file);
}

/// The examples of `docs/json.md`: each ```` ```json <document> ```` block is
/// a valid document, and every document but `ratings` has an example per variant.
#[test]
fn the_reference_page_examples_are_valid() {
    let v = Validator::new();
    let page = std::fs::read_to_string(root().join("docs/json.md")).expect("docs/json.md");
    let mut seen = std::collections::BTreeSet::new();
    let mut lines = page.lines();
    while let Some(line) = lines.next() {
        let Some(document) = line.strip_prefix("```json ") else { continue };
        let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
        let doc: Value = serde_json::from_str(&body.join("\n"))
            .unwrap_or_else(|e| panic!("docs/json.md: a `{document}` example is not JSON: {e}"));
        v.assert_valid(document, &doc, &format!("docs/json.md `{document}` example"));
        // `annotate` names the variant in each game.
        let variant = doc["variant"].as_str().or_else(|| doc["games"][0]["variant"].as_str());
        seen.insert((document.to_owned(), variant.unwrap_or_default().to_owned()));
    }
    // `ratings` reads Mage's Chess records only: its keys are in the page's
    // table, and its document is checked by `the_ratings_document_matches_its_schema`.
    for document in DOCUMENTS.into_iter().filter(|d| !MAGES_ONLY.contains(d)) {
        for variant in ["sovereign", "royale", "mages", "joker"] {
            assert!(
                seen.contains(&(document.to_owned(), variant.to_owned())),
                "docs/json.md has no `{document}` example for {variant}"
            );
        }
    }
}

/// The schema files are what the document types generate
/// (`motley_cli::document::schemas`): a change to a document's type that
/// is not in `schemas/` fails here. `MOTLEY_BLESS=1` rewrites the files.
#[test]
fn the_schema_files_are_generated_from_the_document_types() {
    let dir = root().join("schemas");
    let bless = std::env::var_os("MOTLEY_BLESS").is_some_and(|v| v == "1");
    let generated = motley_cli::document::schemas();
    let mut stale = Vec::new();
    for (name, text) in &generated {
        let path = dir.join(format!("{name}.schema.json"));
        if std::fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
            continue;
        }
        if bless {
            // Written aside, then renamed: the other tests read these files.
            let aside = dir.join(format!(".{name}.schema.json.new"));
            std::fs::write(&aside, text).expect("write a schema file");
            std::fs::rename(&aside, &path).expect("replace a schema file");
        } else {
            stale.push(format!("{name}.schema.json"));
        }
    }
    assert!(
        stale.is_empty(),
        "schemas/{stale:?} differ from what the document types generate; run \
         `MOTLEY_BLESS=1 cargo test -p motley-cli --test json_schema` and commit the files"
    );
    let names: Vec<String> = generated.iter().map(|(name, _)| format!("{name}.schema.json")).collect();
    for entry in std::fs::read_dir(&dir).expect("schemas/") {
        let file = entry.expect("an entry").file_name().to_string_lossy().into_owned();
        assert!(names.contains(&file), "schemas/{file} is not generated from a document type");
    }
    for document in DOCUMENTS {
        assert!(names.contains(&format!("{document}.schema.json")), "no schema for `{document}`");
    }
}

/// The keys whose values change from run to run (times and speeds): left
/// out when an example is compared with a command's output.
const VOLATILE: [&str; 4] = ["seconds", "nodes_per_second", "time_ms", "nps"];

/// `value` with every [`VOLATILE`] key's value replaced by `null`.
fn masked(mut value: Value) -> Value {
    fn mask(value: &mut Value) {
        match value {
            Value::Object(map) => {
                for (key, child) in map.iter_mut() {
                    if VOLATILE.contains(&key.as_str()) {
                        *child = Value::Null;
                    } else {
                        mask(child);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(mask),
            _ => {}
        }
    }
    mask(&mut value);
    value
}

/// The words of a command line as a POSIX shell splits them: blanks
/// separate words, single quotes keep what they enclose.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            c if c.is_whitespace() && !quoted => words.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(!quoted, "unbalanced quote in `{line}`");
    words.extend(word);
    words
}

/// Runs `line`, one `motley …` command or a pipeline of them (`motley
/// record … | motley replay - …`), in `dir`; the last command's output.
fn run_line(line: &str, dir: &Path) -> String {
    let mut input = Vec::new();
    for command in line.split(" | ") {
        let words = shell_words(command);
        assert_eq!(words.first().map(String::as_str), Some("motley"), "`{line}`: a motley command");
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_motley"))
            .args(&words[1..])
            .current_dir(dir)
            .env("NO_COLOR", "1")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run motley");
        let mut stdin = child.stdin.take().expect("stdin");
        let writer = std::thread::spawn(move || {
            use std::io::Write as _;
            let _ = stdin.write_all(&input);
        });
        let out = child.wait_with_output().expect("motley's output");
        writer.join().expect("the input writer");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success() && err.is_empty(), "`{command}` failed: {err}");
        input = out.stdout;
    }
    String::from_utf8(input).expect("UTF-8 output")
}

/// `value` as the reference page writes it: an object or list on one line
/// when it fits in 100 columns, else one entry per line (a list of plain
/// values packed into lines of 100 columns); keys in the document's order.
fn page_json(value: &Value, indent: usize) -> String {
    fn inline(value: &Value) -> String {
        match value {
            Value::Object(map) => {
                let entries: Vec<String> =
                    map.iter().map(|(k, v)| format!("{}: {}", Value::from(k.as_str()), inline(v))).collect();
                format!("{{{}}}", entries.join(", "))
            }
            Value::Array(items) => format!("[{}]", items.iter().map(inline).collect::<Vec<_>>().join(", ")),
            other => other.to_string(),
        }
    }
    const WIDTH: usize = 100;
    let one_line = inline(value);
    if indent > 0 && indent + one_line.len() <= WIDTH {
        return one_line;
    }
    let pad = " ".repeat(indent + 2);
    match value {
        Value::Object(map) if !map.is_empty() => {
            let entries: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{pad}{}: {}", Value::from(k.as_str()), page_json(v, indent + 2)))
                .collect();
            format!("{{\n{}\n{}}}", entries.join(",\n"), " ".repeat(indent))
        }
        Value::Array(items) if items.iter().all(|v| !v.is_object() && !v.is_array()) && !items.is_empty() => {
            let mut lines = Vec::new();
            let mut line = String::new();
            for item in items {
                let text = format!("{item},");
                if !line.is_empty() && pad.len() + line.len() + 1 + text.len() > WIDTH {
                    lines.push(std::mem::take(&mut line));
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(&text);
            }
            lines.push(line);
            let body: Vec<String> = lines.iter().map(|l| format!("{pad}{l}")).collect();
            let body = body.join("\n");
            format!("[\n{}\n{}]", body.strip_suffix(',').unwrap_or(&body), " ".repeat(indent))
        }
        Value::Array(items) if !items.is_empty() => {
            let entries: Vec<String> =
                items.iter().map(|v| format!("{pad}{}", page_json(v, indent + 2))).collect();
            format!("[\n{}\n{}]", entries.join(",\n"), " ".repeat(indent))
        }
        _ => one_line,
    }
}

/// Each example of `docs/json.md` is the output of the command written in
/// backquotes on the line before it (times and speeds aside): an example
/// cannot drift from what the command prints. `MOTLEY_BLESS=1` rewrites the
/// examples from the commands' output.
#[test]
fn the_reference_page_examples_are_the_commands_output() {
    let path = root().join("docs/json.md");
    let page = std::fs::read_to_string(&path).expect("docs/json.md");
    let bless = std::env::var_os("MOTLEY_BLESS").is_some_and(|v| v == "1");
    let dir = std::env::temp_dir().join(format!("motley-json-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let lines: Vec<&str> = page.lines().collect();
    let mut out: Vec<String> = Vec::new();
    let mut drifted = Vec::new();
    let mut examples = 0;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        out.push(line.to_owned());
        i += 1;
        let Some(document) = line.strip_prefix("```json ") else { continue };
        let command = out[..out.len() - 1]
            .iter()
            .rev()
            .find(|l| !l.trim().is_empty())
            .and_then(|l| l.strip_prefix('`')?.strip_suffix('`'))
            .unwrap_or_else(|| {
                panic!("docs/json.md line {i}: the `{document}` example has no command before it")
            })
            .to_owned();
        let end = i + lines[i..].iter().position(|l| *l == "```").expect("the example's end");
        let example: Value = serde_json::from_str(&lines[i..end].join("\n")).expect("an example is JSON");
        let actual: Value = serde_json::from_str(&run_line(&command, &dir))
            .unwrap_or_else(|e| panic!("`{command}`: not one JSON document ({e})"));
        examples += 1;
        if masked(example.clone()) == masked(actual.clone()) {
            out.extend(lines[i..end].iter().map(|l| (*l).to_owned()));
        } else {
            drifted.push(command);
            out.push(page_json(&actual, 0));
        }
        i = end;
    }
    let _ = std::fs::remove_dir_all(&dir);
    if bless && !drifted.is_empty() {
        std::fs::write(&path, out.join("\n") + "\n").expect("rewrite docs/json.md");
    } else {
        assert!(
            drifted.is_empty(),
            "docs/json.md: these examples differ from the commands' output (run \
             `MOTLEY_BLESS=1 cargo test -p motley-cli --test json_schema` to regenerate them):\n{}",
            drifted.join("\n")
        );
    }
    // Every document but the Mage's Chess ones has an example per variant.
    assert!(examples >= 4 * (DOCUMENTS.len() - MAGES_ONLY.len()), "{examples} examples");
}
