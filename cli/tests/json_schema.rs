//! Every `--json` document of every command, for every variant (start
//! positions and fixture positions: middle games, pending engagements,
//! finished games), validated against the JSON Schema files in `schemas/`;
//! and the examples of `docs/json.md` validated too.
//!
//! The schema files allow keys they do not list (`"unevaluatedProperties":
//! true`), so that adding a key stays compatible for readers. Here they are
//! loaded strictly (each such `true` read as `false`), so a document with a
//! key the schema does not describe fails: every key is documented.

mod common;

use std::path::{Path, PathBuf};

use boon::{Compiler, Schemas};
use common::json;
use serde_json::Value;

/// The documents, each a file `schemas/<name>.schema.json`.
const DOCUMENTS: [&str; 7] = ["show", "moves", "perft", "play", "render", "analyze", "match"];

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
                out.push(fixture(&format!("mages/{f}.fen")));
            }
        }
        "joker" => {
            let text = std::fs::read_to_string(root().join("fixtures/joker/positions.fen")).expect("fixture");
            out.extend(
                text.lines()
                    .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                    .filter_map(|l| l.split_once(' ').map(|(_, fen)| Some(fen.trim().to_owned()))),
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
            if let Some(mv) = moves["moves"][0].as_str().filter(|_| !over) {
                let (doc, what) = run("play", &["--moves", mv]);
                v.assert_valid("play", &doc, &what);
                let (doc, what) = run("render", &["--highlight", mv]);
                v.assert_valid("render", &doc, &what);
            }
        }
        let doc = json(&[
            "match",
            variant,
            "--games",
            "2",
            "--a",
            "random",
            "--b",
            "greedy",
            "--max-plies",
            "30",
            "--json",
        ]);
        v.assert_valid("match", &doc, &format!("motley match {variant}"));
    }
    assert!(checked >= 4 * 6 * 4, "{checked} documents");
}

#[test]
fn marks_and_pending_engagements_are_structured() {
    let doc = json(&["show", "joker", "--fen", JOKER_PROMOTED, "--json"]);
    let b8 = doc["board"].as_array().unwrap().iter().find(|p| p["square"] == "b8").unwrap();
    assert_eq!(
        *b8,
        serde_json::json!({"square": "b8", "role": "queen", "colour": "white", "marks": ["promoted"]})
    );
    let pending = std::fs::read_to_string(root().join("fixtures/mages/pending-melee.fen")).unwrap();
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
}

/// The examples of `docs/json.md`: each ```` ```json <document> ```` block is
/// a valid document, and every document has an example per variant.
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
        seen.insert((document.to_owned(), doc["variant"].as_str().unwrap_or_default().to_owned()));
    }
    for document in DOCUMENTS {
        for variant in ["sovereign", "royale", "mages", "joker"] {
            assert!(
                seen.contains(&(document.to_owned(), variant.to_owned())),
                "docs/json.md has no `{document}` example for {variant}"
            );
        }
    }
}
