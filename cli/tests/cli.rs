//! The `motley` binary, run as a process, for every variant this build has:
//! every command in plain text and JSON (snapshots), JSON checked against the
//! library, threaded perft against single-threaded, SVG parsed as XML, and
//! the error cases (exit code and one `error:` line on stderr).

mod common;

use common::{json, motley, ok};
use motley_cli::Variant;
use motley_cli::variant::VariantTask;
use motley_core::search::Reading;
use motley_core::{BoardView, PerftMode, Position};
use serde_json::Value;

/// The one stderr line of a failing run, checked for its shape and exit code.
fn fails(code: i32, args: &[&str]) -> String {
    let (got, out, err) = motley(args);
    assert_eq!(got, code, "motley {}: exit code; stderr {err}", args.join(" "));
    assert_eq!(out, "", "motley {}: nothing on stdout", args.join(" "));
    assert!(err.starts_with("error: ") && err.ends_with('\n'), "one error line: {err:?}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(!err.contains("panicked") && !err.contains("backtrace"), "{err}");
    err.trim_end().to_owned()
}

fn without_timing(mut v: Value) -> Value {
    for key in ["seconds", "nodes_per_second"] {
        assert!(v[key].is_number(), "{key}");
        v[key] = Value::from(format!("[{key}]"));
    }
    v
}

/// `analyze`'s text with the numbers after `nps`, `time`, `nps:` and `time:` replaced.
fn search_without_timing(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut hide = false;
        let words: Vec<&str> = line
            .split(' ')
            .map(|w| {
                let shown = if hide { "[timing]" } else { w };
                hide = matches!(w, "nps" | "time" | "nps:" | "time:");
                shown
            })
            .collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

fn sorted_moves<P: Position>(pos: &P) -> Vec<String> {
    let mut list: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    list.sort();
    list
}

/// Two moves played from the start: the first sorted legal move, then the
/// first sorted legal reply.
fn two_moves<P: Position>() -> (Vec<String>, P) {
    let mut pos = P::start();
    let mut played = Vec::new();
    for _ in 0..2 {
        let token = sorted_moves(&pos)[0].clone();
        let mv = pos.parse_move(&token).unwrap();
        pos.play_unchecked(mv);
        played.push(token);
    }
    (played, pos)
}

/// Every command of one variant, checked and snapshotted.
fn check_variant<P: Position + BoardView>() {
    let v = P::VARIANT;
    let start = P::start();

    // show
    let text = ok(&["show", v]);
    assert!(text.contains(&format!("fen: {}\n", start.fen())));
    insta::assert_snapshot!(format!("{v}_show"), text);
    let doc = json(&["show", v, "--json"]);
    assert_eq!(doc["fen"], start.fen());
    assert_eq!(doc["side_to_move"], start.seat_name(start.turn()));
    assert_eq!(doc["status"], start.status());
    assert_eq!(doc["schema"], 1);
    for (key, fact) in start.facts() {
        assert_eq!(doc[key], motley_cli::document::fact_json(&fact), "fact {key}");
    }
    let board = doc["board"].as_array().expect("a board array");
    let (files, ranks) = start.dimensions();
    let occupied = (0..ranks).flat_map(|r| (0..files).map(move |f| (f, r)));
    let occupied: Vec<String> = occupied
        .filter(|&(f, r)| start.cell(f, r).piece.is_some())
        .map(|(f, r)| motley_core::render::square_name(f, r))
        .collect();
    assert_eq!(board.iter().map(|p| p["square"].as_str().unwrap().to_owned()).collect::<Vec<_>>(), occupied);
    insta::assert_json_snapshot!(format!("{v}_show_json"), doc);

    // moves
    let expected = sorted_moves(&start);
    let text = ok(&["moves", v]);
    assert_eq!(text.lines().collect::<Vec<_>>(), expected);
    insta::assert_snapshot!(format!("{v}_moves"), text);
    let doc = json(&["moves", v, "--json"]);
    assert_eq!(doc["moves"], serde_json::json!(expected));
    insta::assert_json_snapshot!(format!("{v}_moves_json"), doc);

    // perft
    let text = ok(&["perft", v, "2", "--divide"]);
    let nodes = start.perft(2, PerftMode::Decision);
    assert!(text.ends_with(&format!("\nnodes {nodes}\n")));
    insta::assert_snapshot!(format!("{v}_perft_divide"), text);
    for mode in ["decision", "full"] {
        let m = if mode == "full" { PerftMode::Full } else { PerftMode::Decision };
        let doc = json(&["perft", v, "2", "--json", "--mode", mode]);
        assert_eq!(doc["nodes"], start.perft(2, m), "{mode}");
        assert_eq!(doc["depth"], 2);
        let divide = doc["divide"].as_object().unwrap();
        let lib = start.divide(2, m);
        assert_eq!(divide.len(), lib.len());
        for (mv, n) in lib {
            assert_eq!(divide[&mv.to_string()], n, "{mode} {mv}");
        }
        insta::assert_json_snapshot!(format!("{v}_perft_{mode}_json"), without_timing(doc));
    }

    // play
    let (played, after) = two_moves::<P>();
    let moves = played.join(",");
    let text = ok(&["play", v, "--moves", &moves]);
    assert!(text.starts_with(&format!("fen: {}\nstatus: {}\n", after.fen(), after.status())));
    insta::assert_snapshot!(format!("{v}_play"), text);
    let doc = json(&["play", v, "--moves", &played[0], "--moves", &played[1], "--json"]);
    assert_eq!(doc["fen"], after.fen());
    assert_eq!(doc["moves"], serde_json::json!(played));
    assert_eq!(doc["game_over"], after.outcome().is_some());
    insta::assert_json_snapshot!(format!("{v}_play_json"), doc);
    // --fen round trip: the position string of the result starts the same position.
    assert_eq!(json(&["show", v, "--fen", &after.fen(), "--json"])["fen"], after.fen());

    // render
    let svg = ok(&["render", v, "--highlight", &played[0]]);
    check_svg::<P>(&svg, &start);
    insta::assert_snapshot!(format!("{v}_render"), svg);
    let doc = json(&["render", v, "--json"]);
    assert_eq!(doc["svg"], ok(&["render", v]));

    // analyze (its search is tested in search_commands.rs; here at depth 1)
    let text = ok(&["analyze", v, "--depth", "1"]);
    assert!(text.contains(&format!("legal_moves: {}\nperft 2: {nodes}\ndepth 1 ", expected.len())));
    insta::assert_snapshot!(format!("{v}_analyze"), search_without_timing(&text));
    let mut doc = json(&["analyze", v, "--depth", "1", "--json"]);
    assert_eq!(doc["legal_moves"], expected.len());
    assert_eq!(doc["perft"], serde_json::json!({"depth": 2, "nodes": nodes}));
    assert_eq!(doc["search"]["depth"], 1);
    for key in ["seconds", "nodes_per_second"] {
        assert!(doc["search"][key].is_number(), "{key}");
        doc["search"][key] = Value::from(format!("[{key}]"));
    }
    doc["search"]["iterations"][0]["time_ms"] = Value::from("[time_ms]");
    insta::assert_json_snapshot!(format!("{v}_analyze_json"), doc);

    // errors
    insta::assert_snapshot!(format!("{v}_errors"), error_cases::<P>(&played));
}

/// The SVG is XML with one square per board square, one piece per occupied
/// square in its army colour, every tint in its colour, distinct colours for
/// distinct armies.
fn check_svg<P: Position + BoardView>(svg: &str, pos: &P) {
    let doc = roxmltree::Document::parse(svg).expect("SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let (files, ranks) = pos.dimensions();
    let squares: Vec<_> = doc.descendants().filter(|n| n.attribute("class") == Some("square")).collect();
    assert_eq!(squares.len(), usize::from(files) * usize::from(ranks));
    let mut army_fill = std::collections::BTreeMap::new();
    let mut tint_fill = std::collections::BTreeMap::new();
    for rank in 0..ranks {
        for file in 0..files {
            let name = motley_core::render::square_name(file, rank);
            let cell = pos.cell(file, rank);
            let square = squares.iter().find(|n| n.attribute("data-square") == Some(name.as_str())).unwrap();
            if let Some((tint, rgb)) = cell.tint {
                assert_eq!(square.attribute("data-tint"), Some(tint));
                assert_eq!(square.attribute("fill"), Some(rgb.to_string().as_str()), "{name} in its colour");
                tint_fill.insert(tint, rgb.to_string());
            }
            let piece = doc.descendants().find(|n| {
                n.attribute("class") == Some("piece") && n.attribute("data-square") == Some(name.as_str())
            });
            assert_eq!(piece.is_some(), cell.piece.is_some(), "{name}");
            if let (Some(node), Some(glyph)) = (piece, cell.piece) {
                assert_eq!(node.attribute("data-army"), Some(glyph.army));
                let text = node.children().find(|c| c.has_tag_name("text")).unwrap();
                assert_eq!(text.text(), Some(motley_core::render::symbol_text(glyph.symbol).as_str()));
                assert_eq!(text.attribute("fill"), Some(glyph.color.to_string().as_str()));
                army_fill.insert(glyph.army, glyph.color.to_string());
            }
        }
    }
    let distinct = |m: &std::collections::BTreeMap<&str, String>| {
        m.values().collect::<std::collections::BTreeSet<_>>().len()
    };
    assert_eq!(distinct(&army_fill), army_fill.len(), "armies distinguishable: {army_fill:?}");
    assert_eq!(distinct(&tint_fill), tint_fill.len(), "tints distinguishable: {tint_fill:?}");
    assert!(doc.descendants().any(|n| n.attribute("class") == Some("highlight")), "highlight drawn");
}

/// Malformed position strings (each field in turn), illegal and unparsable
/// moves: each an exit-2 one-liner, collected for a snapshot.
fn error_cases<P: Position>(played: &[String]) -> String {
    let v = P::VARIANT;
    let fen = P::start().fen();
    let fields: Vec<&str> = fen.split(' ').collect();
    let mut cases: Vec<(String, Vec<String>)> = Vec::new();
    let args = |extra: &[&str]| -> Vec<String> { extra.iter().map(|s| (*s).to_owned()).collect() };
    for i in 0..fields.len() {
        let mut bad = fields.clone();
        bad[i] = "!";
        cases.push((format!("fen field {} replaced", i + 1), args(&["show", v, "--fen", &bad.join(" ")])));
    }
    let cut = fen.char_indices().map(|(i, _)| i).find(|&i| i >= fields[0].len() / 2).unwrap_or(0);
    cases.push(("fen cut inside the board".into(), args(&["show", v, "--fen", &fen[..cut]])));
    cases.push(("fen extra field".into(), args(&["show", v, "--fen", &format!("{fen} extra")])));
    cases.push(("fen empty".into(), args(&["show", v, "--fen", ""])));
    cases.push(("unparsable move".into(), args(&["play", v, "--moves", &format!("{},zz9", played[0])])));
    cases.push(("illegal move".into(), args(&["play", v, "--moves", &played[0], &played[0]])));
    cases.push((
        "illegal highlight".into(),
        args(&["render", v, "--moves", &played[0], "--highlight", &played[0]]),
    ));
    let mut out = String::new();
    for (what, argv) in cases {
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let line = fails(2, &argv);
        let shown: Vec<String> = argv
            .iter()
            .map(|a| if a.contains(' ') || a.is_empty() { format!("'{a}'") } else { (*a).to_owned() })
            .collect();
        out.push_str(&format!("# {what}\n$ motley {}\n{line}\n\n", shown.join(" ")));
    }
    out
}

/// [`check_variant`] on the variant [`Variant::with`] runs it on.
struct CheckVariant;

impl VariantTask for CheckVariant {
    type Output = ();
    fn run<P: Reading + BoardView>(self) {
        check_variant::<P>();
    }
}

#[test]
fn every_available_variant() {
    let mut checked = 0;
    for variant in Variant::ALL {
        variant.with(CheckVariant);
        checked += 1;
    }
    assert_eq!(checked, 4, "every variant is in this build");
}

#[test]
fn threaded_perft_equals_single_threaded() {
    for (variant, depth) in [("joker", "3"), ("mages", "4"), ("sovereign", "3"), ("royale", "3")] {
        for mode in ["decision", "full"] {
            let one = json(&["perft", variant, depth, "--json", "--mode", mode]);
            let two = json(&["perft", variant, depth, "--json", "--mode", mode, "--threads", "2"]);
            assert_eq!(one["nodes"], two["nodes"], "{variant} {mode}");
            assert_eq!(one["divide"], two["divide"], "{variant} {mode}");
            let sum: u64 = two["divide"].as_object().unwrap().values().map(|n| n.as_u64().unwrap()).sum();
            assert_eq!(two["nodes"], sum, "{variant} {mode}: divide sums to nodes");
        }
    }
}

#[test]
fn unknown_and_unavailable_variants_and_bad_flags() {
    let cases: &[(&str, &[&str])] = &[
        ("unknown variant", &["show", "chess"]),
        ("missing variant", &["moves"]),
        ("missing command", &[]),
        ("unknown command", &["solve", "joker"]),
        ("unknown flag", &["show", "joker", "--colour"]),
        ("bad depth", &["perft", "joker", "deep"]),
        ("missing depth", &["perft", "joker"]),
        ("bad mode", &["perft", "joker", "2", "--mode", "half"]),
        ("zero threads", &["perft", "joker", "2", "--threads", "0"]),
        ("flag without value", &["show", "joker", "--fen"]),
    ];
    let mut out = String::new();
    for (what, args) in cases {
        let line = fails(2, args);
        out.push_str(&format!("# {what}\n$ motley {}\n{line}\n\n", args.join(" ")));
    }
    insta::assert_snapshot!("usage_errors", out);
}

#[test]
fn help_and_version_succeed() {
    let help = ok(&["--help"]);
    for word in
        ["show", "moves", "perft", "play", "render", "analyze", "match", "uci", "Examples:", "Exit status"]
    {
        assert!(help.contains(word), "--help mentions {word}");
    }
    insta::assert_snapshot!("help", help);
    for command in [
        "show", "moves", "perft", "play", "render", "analyze", "match", "uci", "record", "replay", "annotate",
    ] {
        let text = ok(&[command, "--help"]);
        assert!(
            text.contains("Examples:") && (command == "uci" || text.contains("--json")),
            "{command} --help"
        );
        insta::assert_snapshot!(format!("help_{command}"), text);
    }
    assert!(ok(&["--version"]).starts_with("motley "));
}

#[test]
fn render_writes_the_file_given_by_out() {
    let dir = std::env::temp_dir().join(format!("motley-cli-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("sovereign.svg");
    assert_eq!(ok(&["render", "sovereign", "--out", path.to_str().unwrap()]), "");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), ok(&["render", "sovereign"]));
    std::fs::remove_dir_all(&dir).unwrap();
    let line = fails(1, &["render", "joker", "--out", "/nonexistent-motley-dir/x.svg"]);
    assert!(line.ends_with(", --out"), "{line}");
}

/// A finished game names its winner as the game does, in
/// `play`, `show`, `analyze` and the JSON `status`, never `seat N`.
#[test]
fn outcomes_name_the_winner_as_the_game_does() {
    // A Mage's Chess game from the start: Blue downs Green's Royal.
    let mages = "d2d3,d7d6,d3d4,b7b6,d4d5,a7a6,e2e3,c8e6,d5e6,defender,d5d1,challenger";
    // Sovereign: Black mates with the rook (a10-a8 checks a1, b8 covers b1 and b2).
    let sovereign = "15bk/16/16/16/16/16/br15/16/1br14/16/16/16/16/16/16/wk15 2 w b - 0";
    // Royale: Black takes White's king, the last but its own.
    let royale = "7bk8/16/16/16/16/16/16/16/8br7/16/16/16/16/16/16/ap7wk6sp 4 w a s b - 0";
    let cases: [(&str, Option<&str>, &str, &str); 3] = [
        ("mages", None, mages, "blue wins (royal-downed)"),
        ("sovereign", Some(sovereign), "a10a8", "black wins (checkmate)"),
        ("royale", Some(royale), "i8i1", "black wins (last-king)"),
    ];
    for (variant, fen, moves, text) in cases {
        let with = |command: &str, extra: &[&str]| -> Vec<String> {
            let mut args = vec![command.to_owned(), variant.to_owned()];
            if let Some(f) = fen {
                args.extend(["--fen".to_owned(), f.to_owned()]);
            }
            args.extend(["--moves".to_owned(), moves.to_owned()]);
            args.extend(extra.iter().map(|s| (*s).to_owned()));
            args
        };
        let run = |args: Vec<String>| ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
        let out = run(with("play", &[]));
        assert!(out.contains(&format!("\nstatus: {text}\ngame_over: {text}\n")), "{variant}: {out}");
        let out = run(with("show", &[]));
        assert!(out.contains(&format!("\nstatus: {text}\ngame_over: {text}\n")), "{variant}: {out}");
        let out = run(with("analyze", &["--depth", "1"]));
        assert!(out.contains(&format!("\nbestmove: (none, {text})\n")), "{variant}: {out}");
        for command in ["play", "show", "analyze"] {
            let out = run(with(command, &["--json"]));
            let doc: Value = serde_json::from_str(&out).unwrap();
            assert_eq!(doc["status"], text, "{variant} {command} --json");
            assert_eq!(doc["outcome"]["text"], text, "{variant} {command} --json");
            assert_eq!(
                doc["outcome"]["winner"],
                text.split(' ').next().unwrap(),
                "{variant} {command} --json"
            );
        }
        for args in [with("play", &[]), with("show", &[]), with("analyze", &["--depth", "1"])] {
            let out = run(args);
            assert!(
                !out.contains("seat 1") && !out.contains("seat 2") && !out.contains("seat 4"),
                "{variant}: {out}"
            );
        }
    }
}
