//! Every command, run in-process on the test-only toy variant (`tests/toy`),
//! so the generic command code is checked independently of any real variant.

mod toy;

use motley_cli::{Cli, CliError, Command, Terminal};
use motley_core::{PerftMode, Position};
use serde_json::Value;
use toy::Toy;

fn command(args: &[&str]) -> Command {
    use clap::Parser;
    let argv = std::iter::once("motley").chain(args.iter().copied());
    Cli::try_parse_from(argv).unwrap_or_else(|e| panic!("{args:?}: {e}")).command
}

/// Runs a command on the toy variant through each command's generic entry
/// point (the toy is in no variant table and cannot be searched: `analyze`
/// prints its facts).
fn run_with(args: &[&str], term: Terminal) -> Result<String, CliError> {
    use motley_cli::command as c;
    match command(args) {
        Command::Show(common) => c::show::on::<Toy>(&common, term),
        Command::Moves(common) => c::moves::on::<Toy>(&common),
        Command::Play(common) => c::play::on::<Toy>(&common),
        Command::Perft(args) => c::perft::on::<Toy>(&args, term),
        Command::Render(args) => c::render::on::<Toy>(&args),
        Command::Analyze(args) => c::analyze::facts::<Toy>(&args.common, term),
        other => panic!("not a position command: {other:?}"),
    }
}

fn run(args: &[&str]) -> Result<String, CliError> {
    run_with(args, Terminal::default())
}

fn ok(args: &[&str]) -> String {
    run(args).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn json(args: &[&str]) -> Value {
    let text = ok(args);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}):\n{text}"))
}

fn err(args: &[&str]) -> CliError {
    match run(args) {
        Ok(out) => panic!("{args:?} succeeded:\n{out}"),
        Err(e) => e,
    }
}

/// The JSON with its timing fields replaced, for snapshots.
fn without_timing(mut v: Value) -> Value {
    for key in ["seconds", "nodes_per_second"] {
        if let Some(slot) = v.get_mut(key) {
            assert!(slot.is_number(), "{key} is a number");
            *slot = Value::from(format!("[{key}]"));
        }
    }
    v
}

fn after(moves: &[&str]) -> Toy {
    let mut pos = Toy::start();
    for m in moves {
        let mv = pos.parse_move(m).unwrap();
        pos.play_unchecked(mv);
    }
    pos
}

#[test]
fn show_plain_and_json() {
    insta::assert_snapshot!("toy_show", ok(&["show", "toy"]));
    insta::assert_snapshot!("toy_show_after_moves", ok(&["show", "toy", "--moves", "d1d2,a4b3"]));
    let v = json(&["show", "toy", "--moves", "d1d2", "--moves", "a4b3", "--json"]);
    let pos = after(&["d1d2", "a4b3"]);
    assert_eq!(v["fen"], pos.fen());
    assert_eq!(v["side_to_move"], "white");
    assert_eq!(v["status"], pos.status());
    assert_eq!(v["ply"], 2, "the variant's facts become keys, numbers as numbers");
    assert_eq!(v["schema"], 1);
    assert_eq!(
        v["board"][0],
        serde_json::json!({"square": "d2", "role": "king", "colour": "white", "marks": []})
    );
    assert_eq!(v["status"], "black wins (green-square)", "the winner named, not its seat number");
    assert_eq!(v["outcome"]["winner"], "black", "black reached the green square");
    insta::assert_json_snapshot!("toy_show_json", v);
    let v = json(&["show", "toy", "--json"]);
    assert_eq!(v["outcome"], Value::Null);
    assert_eq!(v["status"], "ongoing");
}

#[test]
fn show_paints_with_ansi_on_a_terminal() {
    let out = run_with(&["show", "toy"], Terminal { color: true, progress: false }).unwrap();
    assert!(out.contains("\x1b[48;2;"), "ANSI background colours");
    assert!(!ok(&["show", "toy"]).contains('\x1b'), "plain otherwise");
}

#[test]
fn moves_are_the_sorted_legal_moves() {
    let text = ok(&["moves", "toy", "--moves", "d1c2"]);
    insta::assert_snapshot!("toy_moves", text);
    let pos = after(&["d1c2"]);
    let mut expected: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    expected.sort();
    assert_eq!(text.lines().collect::<Vec<_>>(), expected);
    let v = json(&["moves", "toy", "--moves", "d1c2", "--json"]);
    assert_eq!(v["moves"], serde_json::json!(expected));
    assert_eq!(v["fen"], pos.fen());
    insta::assert_json_snapshot!("toy_moves_json", v);
}

#[test]
fn perft_plain_divide_and_json_match_the_library() {
    let pos = Toy::start();
    for depth in 0..=6 {
        let d = depth.to_string();
        let text = ok(&["perft", "toy", &d]);
        assert_eq!(text, format!("nodes {}\n", pos.perft(depth, PerftMode::Decision)), "depth {depth}");
    }
    let text = ok(&["perft", "toy", "4", "--divide"]);
    insta::assert_snapshot!("toy_perft_divide", text);
    assert!(text.ends_with(&format!("\nnodes {}\n", pos.perft(4, PerftMode::Decision))));

    let v = json(&["perft", "toy", "4", "--divide", "--json", "--mode", "full"]);
    assert_eq!(v["depth"], 4);
    assert_eq!(v["nodes"], pos.perft(4, PerftMode::Full));
    assert_eq!(v["mode"], "full");
    let divide = v["divide"].as_object().unwrap();
    assert_eq!(divide.len(), pos.legal_moves().len());
    for (mv, n) in pos.divide(4, PerftMode::Full) {
        assert_eq!(divide[&mv.to_string()], n, "{mv}");
    }
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    assert!(v["nodes_per_second"].is_u64());
    insta::assert_json_snapshot!("toy_perft_json", without_timing(v));
}

#[test]
fn perft_on_two_threads_equals_one_thread() {
    for depth in 1..=7 {
        let d = depth.to_string();
        let one = json(&["perft", "toy", &d, "--divide", "--json"]);
        let two = json(&["perft", "toy", &d, "--divide", "--json", "--threads", "2"]);
        assert_eq!(one["nodes"], two["nodes"], "depth {depth}");
        assert_eq!(one["divide"], two["divide"], "depth {depth}");
        assert_eq!(two["threads"], 2);
        assert_eq!(one["nodes"], Toy::start().perft(depth, PerftMode::Decision));
    }
}

#[test]
fn perft_of_a_finished_game_is_zero() {
    let fen = "k3/4/4/3K w 12";
    assert_eq!(ok(&["perft", "toy", "3", "--fen", fen]), "nodes 0\n");
    assert_eq!(ok(&["perft", "toy", "0", "--fen", fen]), "nodes 1\n");
}

#[test]
fn play_reports_position_status_and_game_over() {
    insta::assert_snapshot!("toy_play", ok(&["play", "toy", "--moves", "d1c2", "a4b4"]));
    let v = json(&["play", "toy", "--moves", "d1c2,a4b4", "--json"]);
    let pos = after(&["d1c2", "a4b4"]);
    assert_eq!(v["fen"], pos.fen());
    assert_eq!(v["moves"], serde_json::json!(["d1c2", "a4b4"]));
    assert_eq!(v["game_over"], false);
    insta::assert_json_snapshot!("toy_play_json", v);

    // White reaches the green square and wins.
    let fen = "3k/4/2K1/4 w 0";
    let text = ok(&["play", "toy", "--fen", fen, "--moves", "c2b3"]);
    insta::assert_snapshot!("toy_play_game_over", text);
    let v = json(&["play", "toy", "--fen", fen, "--moves", "c2b3", "--json"]);
    assert_eq!(v["game_over"], true);
    assert_eq!(v["outcome"]["winner"], "white");
    assert_eq!(v["outcome"]["reason"], "green-square");
    assert_eq!(v["outcome"]["results"], serde_json::json!({"white": "win", "black": "loss"}));
}

#[test]
fn render_svg_is_xml_with_every_square_and_piece() {
    let svg = ok(&["render", "toy", "--moves", "d1c2", "--highlight", "a4b4"]);
    insta::assert_snapshot!("toy_render", svg);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    let class = |c: &str| doc.descendants().filter(|n| n.attribute("class") == Some(c)).count();
    assert_eq!(class("square"), 16);
    assert_eq!(class("piece"), 2);
    let lit: Vec<&str> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("highlight"))
        .filter_map(|n| n.attribute("data-square"))
        .collect();
    assert_eq!(lit, ["a4", "b4"], "the move's squares, rank by rank");
    let tinted: Vec<_> = doc.descendants().filter(|n| n.attribute("data-tint").is_some()).collect();
    assert_eq!(tinted.len(), 1);
    assert_eq!(tinted[0].attribute("data-square"), Some("b3"));
    assert_eq!(tinted[0].attribute("fill"), Some("#2e9e44"), "a square of colour drawn in its colour");
    let armies: Vec<&str> = doc.descendants().filter_map(|n| n.attribute("data-army")).collect();
    assert_eq!(armies, ["black", "white"]);
}

#[test]
fn render_writes_a_file_and_json() {
    let dir = std::env::temp_dir().join(format!("motley-cli-toy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("toy.svg");
    let p = path.to_str().unwrap();
    assert_eq!(ok(&["render", "toy", "--out", p]), "");
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(written, ok(&["render", "toy"]));
    let v = json(&["render", "toy", "--out", p, "--json", "--highlight", "d1d2"]);
    assert_eq!(v["out"], p);
    assert_eq!(v["svg"], Value::Null);
    assert_eq!(v["highlight"], serde_json::json!(["d1", "d2"]));
    let v = json(&["render", "toy", "--json"]);
    assert_eq!(v["svg"], ok(&["render", "toy"]));
    std::fs::remove_dir_all(&dir).unwrap();

    let e = err(&["render", "toy", "--out", "/nonexistent-dir/x.svg"]);
    assert_eq!(e.exit_code(), 1);
    insta::assert_snapshot!("toy_render_unwritable", e.to_string());
}

#[test]
fn analyze_adds_move_count_and_perft_two_at_the_start() {
    let text = ok(&["analyze", "toy"]);
    insta::assert_snapshot!("toy_analyze", text);
    let start = Toy::start();
    assert!(text.ends_with(&format!(
        "legal_moves: {}\nperft 2: {}\n",
        start.legal_moves().len(),
        start.perft(2, PerftMode::Decision)
    )));
    let v = json(&["analyze", "toy", "--json"]);
    assert_eq!(v["legal_moves"], start.legal_moves().len());
    assert_eq!(v["perft"]["nodes"], start.perft(2, PerftMode::Decision));
    insta::assert_json_snapshot!("toy_analyze_json", v);
    let v = json(&["analyze", "toy", "--json", "--moves", "d1d2"]);
    assert_eq!(v["perft"], Value::Null, "perft 2 only for the start position");
    assert_eq!(v["legal_moves"], after(&["d1d2"]).legal_moves().len());
}

#[test]
fn errors_name_what_and_where() {
    let cases: &[(&str, &[&str])] = &[
        ("fen_board", &["show", "toy", "--fen", "k3/4/4/3X w 0"]),
        ("fen_board_short", &["show", "toy", "--fen", "k3/4/3K w 0"]),
        ("fen_side", &["show", "toy", "--fen", "k3/4/4/3K x 0"]),
        ("fen_ply", &["show", "toy", "--fen", "k3/4/4/3K w 99"]),
        ("fen_missing", &["show", "toy", "--fen", "k3/4/4/3K w"]),
        ("fen_trailing", &["show", "toy", "--fen", "k3/4/4/3K w 0 x"]),
        ("move_malformed", &["play", "toy", "--moves", "d1c2,zz"]),
        ("move_illegal", &["play", "toy", "--moves", "d1c2", "a4a3", "c2b2"]),
        ("move_empty", &["play", "toy", "--moves", "d1c2,,a4a3"]),
        ("move_empty_value", &["show", "toy", "--moves", ""]),
        ("move_after_game_over", &["play", "toy", "--fen", "3k/4/2K1/4 w 0", "--moves", "c2b3,d4d3"]),
        ("highlight_illegal", &["render", "toy", "--highlight", "d1d4"]),
    ];
    let mut all = String::new();
    for (name, args) in cases {
        let e = err(args);
        assert_eq!(e.exit_code(), 2, "{name}: input error");
        let line = e.to_string();
        assert!(line.starts_with("error: ") && !line.contains('\n'), "{name}: {line}");
        all.push_str(&format!("{name}: {line}\n"));
    }
    insta::assert_snapshot!("toy_errors", all);
}
