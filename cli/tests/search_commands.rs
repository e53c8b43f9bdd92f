//! `analyze`, `match` and `uci`: the binary as a process for every variant,
//! and UCI session transcripts run in-process (snapshots, with the timing
//! fields — nodes per second, milliseconds — replaced by `*`).

mod common;

use std::process::Command;

use common::{json, motley, ok};
use motley_cli::Variant;
use motley_core::Position;
use serde_json::Value;

fn fails(args: &[&str]) -> String {
    let (code, out, err) = motley(args);
    assert_eq!(code, 2, "motley {}: {err}", args.join(" "));
    assert_eq!(out, "");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    err.trim_end().to_owned()
}

/// Replaces the number after each timing word (`nps`, `time`, `nps:`,
/// `time:`) by `*`.
fn redact(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        let mut redacted = Vec::with_capacity(words.len());
        let mut hide = false;
        for w in words {
            if hide {
                redacted.push("*");
                hide = false;
                continue;
            }
            redacted.push(w);
            hide = matches!(w, "nps" | "time" | "nps:" | "time:");
        }
        out.push_str(&redacted.join(" "));
        out.push('\n');
    }
    out
}

fn redact_json(v: &mut Value) {
    match v {
        Value::Object(map) => {
            for (k, x) in map.iter_mut() {
                if matches!(k.as_str(), "seconds" | "nodes_per_second" | "time_ms") {
                    *x = Value::from("*");
                } else {
                    redact_json(x);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact_json),
        _ => {}
    }
}

fn legal(variant: &str, moves: &[&str]) -> Vec<String> {
    let mut args = vec!["moves", variant];
    if !moves.is_empty() {
        args.push("--moves");
        args.extend_from_slice(moves);
    }
    ok(&args).lines().map(str::to_owned).collect()
}

#[test]
fn analyze_streams_each_depth_then_the_result() {
    for v in Variant::ALL.map(Variant::name) {
        let text = ok(&["analyze", v, "--depth", "2"]);
        let depth_lines: Vec<&str> =
            text.lines().filter(|l| l.starts_with("depth ") && l.contains(" pv ")).collect();
        assert_eq!(depth_lines.len(), 2, "{v}: one line per depth\n{text}");
        assert!(depth_lines[0].starts_with("depth 1 ") && depth_lines[1].starts_with("depth 2 "), "{v}");
        let best = text.lines().find_map(|l| l.strip_prefix("bestmove: ")).expect("bestmove line");
        assert!(legal(v, &[]).contains(&best.to_owned()), "{v}: {best} is legal");
        // The last depth line's pv starts with the best move.
        assert!(depth_lines[1].contains(&format!(" pv {best}")), "{v}: {}", depth_lines[1]);
        assert!(text.contains("\ndepth: 2 (seldepth "), "{v}");
        insta::assert_snapshot!(format!("{v}_analyze_depth2"), redact(&text));
    }
}

#[test]
fn analyze_json_has_the_search_and_its_iterations() {
    let mut doc = json(&["analyze", "joker", "--moves", "e2e4", "--depth", "3", "--json"]);
    let search = &doc["search"];
    assert_eq!(search["depth"], 3);
    assert_eq!(search["iterations"].as_array().map(Vec::len), Some(3));
    let best = search["best_move"].as_str().expect("best move");
    assert!(legal("joker", &["e2e4"]).contains(&best.to_owned()));
    assert_eq!(search["pv"][0], best);
    assert!(search["score"]["cp"].is_i64() || search["score"]["win_in"].is_i64());
    assert_eq!(doc["side_to_move"], "black");
    redact_json(&mut doc);
    insta::assert_json_snapshot!("joker_analyze_search_json", doc);
}

#[test]
fn analyze_multipv_scores_several_moves_best_first() {
    let doc = json(&["analyze", "mages", "--depth", "2", "--multipv", "3", "--json"]);
    let lines = doc["search"]["lines"].as_array().expect("lines");
    assert_eq!(lines.len(), 3);
    let scores: Vec<i64> = lines.iter().map(|l| l["score"]["cp"].as_i64().expect("cp")).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    let firsts: Vec<&str> = lines.iter().map(|l| l["pv"][0].as_str().unwrap()).collect();
    assert_eq!(firsts.iter().collect::<std::collections::HashSet<_>>().len(), 3, "{firsts:?}");
    let text = ok(&["analyze", "mages", "--depth", "1", "--multipv", "2"]);
    assert!(text.contains("depth 1 seldepth") && text.contains(" multipv 2 "), "{text}");
}

#[test]
fn analyze_finds_a_win_and_reports_a_finished_game() {
    // Joker: Black's last king on h8, the queen on a1 takes it.
    let text = ok(&["analyze", "joker", "--fen", "7k/8/8/8/8/8/8/Q7[] w - - 0 10 -", "--depth", "2"]);
    assert!(
        text.contains("bestmove: a1h8\n") && text.contains("score: win in 1 (mate 1, for white)"),
        "{text}"
    );
    let doc =
        json(&["analyze", "joker", "--fen", "7k/8/8/8/8/8/8/Q7[] w - - 0 10 -", "--moves", "a1h8", "--json"]);
    assert_eq!(doc["search"]["best_move"], Value::Null);
    assert_eq!(doc["search"]["depth"], 0);
}

#[test]
fn analyze_sovereign_default_limit_finishes() {
    let doc = json(&["analyze", "sovereign", "--json"]);
    let depth = doc["search"]["depth"].as_u64().expect("depth");
    let stopped = doc["search"]["stopped"].as_bool().expect("stopped");
    assert!(depth == u64::from(motley_cli::analysis::default_depth("sovereign")) || stopped, "{depth}");
    assert!(doc["search"]["best_move"].is_string());
}

#[test]
fn analyze_errors_are_one_line() {
    let cases: &[&[&str]] = &[
        &["analyze", "joker", "--depth", "0"],
        &["analyze", "joker", "--depth", "65"],
        &["analyze", "joker", "--time", "soon"],
        &["analyze", "joker", "--multipv", "0"],
        &["analyze", "chess", "--depth", "2"],
        &["analyze", "mages", "--depth", "2", "--moves", "a2a5"],
    ];
    let mut out = String::new();
    for args in cases {
        out.push_str(&format!("$ motley {}\n{}\n", args.join(" "), fails(args)));
    }
    insta::assert_snapshot!("analyze_errors", out);
}

#[test]
fn match_prints_games_and_a_table() {
    let text = ok(&["match", "joker", "--games", "4", "--seed", "7", "--a", "greedy", "--b", "random"]);
    assert_eq!(text.lines().filter(|l| l.starts_with("game ")).count(), 4, "{text}");
    assert!(text.contains("player") && text.contains("95% interval"), "{text}");
    insta::assert_snapshot!("joker_match", text);
    // The same seed plays the same games.
    assert_eq!(
        text,
        ok(&["match", "joker", "--games", "4", "--seed", "7", "--a", "greedy", "--b", "random"])
    );
    let doc = json(&[
        "match",
        "mages",
        "--games",
        "2",
        "--seed",
        "3",
        "--a",
        "search:depth=1",
        "--b",
        "random",
        "--json",
    ]);
    assert_eq!(doc["games"], 2);
    for p in doc["players"].as_array().expect("players") {
        let sum = ["wins", "draws", "losses"].iter().map(|k| p[k].as_u64().unwrap()).sum::<u64>();
        assert_eq!(sum, 2, "{p}");
    }
    assert_eq!(doc["players"][0]["name"], "search:depth=1");
    assert_eq!(doc["game_list"].as_array().map(Vec::len), Some(2));
    // Each game lists its inputs (resolutions included): replayed from the
    // start they reach a position whose outcome is the game's.
    for g in doc["game_list"].as_array().expect("game_list") {
        let moves: Vec<&str> =
            g["moves"].as_array().expect("moves").iter().map(|m| m.as_str().unwrap()).collect();
        assert_eq!(moves.len() as u64, g["plies"].as_u64().unwrap(), "{g}");
        let mut pos = motley_mages::Mages::start();
        for m in &moves {
            let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
            pos.play_unchecked(mv);
        }
        if g["reason"] != "max-plies" {
            assert_eq!(pos.outcome().map(|o| o.reason().to_owned()).as_deref(), g["reason"].as_str(), "{g}");
        }
    }
}

#[test]
fn match_royale_seats_one_a_against_three_b() {
    let doc = json(&[
        "match",
        "royale",
        "--games",
        "4",
        "--seed",
        "1",
        "--a",
        "random",
        "--b",
        "greedy",
        "--max-plies",
        "30",
        "--json",
    ]);
    let players = doc["players"].as_array().expect("players");
    assert_eq!(players.len(), 4);
    assert_eq!(players[0]["name"], "random");
    assert!(players[1..].iter().all(|p| p["name"] == "greedy"));
    // Over four games the --a player sits at each of the four seats once.
    let seats: Vec<u64> = doc["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let row = &players[0]["by_seat"][s.as_str().unwrap()];
            row["wins"].as_u64().unwrap() + row["draws"].as_u64().unwrap() + row["losses"].as_u64().unwrap()
        })
        .collect();
    assert_eq!(seats, [1, 1, 1, 1]);
}

#[test]
fn match_errors_name_the_player() {
    let mut out = String::new();
    for args in [
        &["match", "joker", "--a", "search:depth=x", "--b", "random"][..],
        &["match", "joker", "--a", "random", "--b", "alphazero"],
        &["match", "joker", "--a", "random"],
        &["match", "joker", "--a", "random", "--b", "random", "--games", "0"],
    ] {
        out.push_str(&format!("$ motley {}\n{}\n", args.join(" "), fails(args)));
    }
    insta::assert_snapshot!("match_errors", out);
}

/// Runs a UCI session in-process on `input`.
fn uci(input: &str) -> String {
    let mut out: Vec<u8> = Vec::new();
    motley_cli::uci::session(input.as_bytes(), &mut out, Variant::Sovereign).expect("session");
    String::from_utf8(out).expect("UTF-8")
}

#[test]
fn uci_transcript_joker() {
    let input = "uci\nisready\nsetoption name UCI_Variant value joker\nucinewgame\n\
                 position startpos moves e2e4 e7e5\ngo depth 3\nd\ngo perft 1\nquit\n";
    let text = uci(input);
    assert!(text.starts_with("id name Motley"));
    let best = text.lines().find_map(|l| l.strip_prefix("bestmove ")).expect("bestmove");
    assert!(legal("joker", &["e2e4", "e7e5"]).contains(&best.to_owned()), "{best}");
    insta::assert_snapshot!("uci_joker", format!("{input}---\n{}", redact(&text)));
}

#[test]
fn uci_transcript_mages_fen_and_engagement() {
    // Green's Counselor d1 engages Blue's Royal d8; the engine then answers
    // the pending engagement with its most probable resolution.
    let input = "setoption name UCI_Variant value mages\n\
                 position fen 3r2/6/6/6/6/6/6/R2C2 g - - 0 0\ngo depth 2\n\
                 position fen 3r2/6/6/6/6/6/6/R2C2 g - - 0 0 moves d1d8\ngo depth 1\n\
                 setoption name MultiPV value 2\nposition startpos\ngo depth 1\n";
    let text = uci(input);
    let bests: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("bestmove ")).collect();
    assert_eq!(bests[..2], ["d1d8", "challenger"], "{text}");
    assert!(text.contains("score cp 4"), "an expected score, never a sure win: {text}");
    assert!(text.contains(" multipv 2 "));
    insta::assert_snapshot!("uci_mages", format!("{input}---\n{}", redact(&text)));
}

#[test]
fn uci_errors_stay_in_band() {
    let input = "position fen nonsense\nposition startpos moves e2e5\nsetoption name UCI_Variant value chess\n\
                 setoption name Hash value 1\nfly\ngo sideways\nposition startpos moves\ngo perft 1\nquit\ngo depth 1\n";
    let text = uci(input);
    insta::assert_snapshot!("uci_errors", format!("{input}---\n{text}"));
    // Nothing after `quit` is answered.
    assert!(!text.contains("bestmove"), "{text}");
}

#[test]
fn uci_infinite_waits_for_stop() {
    let text =
        uci("setoption name UCI_Variant value joker\nposition startpos\ngo infinite\nisready\nstop\nquit\n");
    let last = text.lines().last().expect("a line");
    let best = last.strip_prefix("bestmove ").expect("ends with bestmove");
    assert!(legal("joker", &[]).contains(&best.to_owned()), "{best}");
    assert_eq!(text.lines().filter(|l| l.starts_with("bestmove")).count(), 1);
    assert!(text.contains("readyok\n"));
}

#[test]
fn uci_process_reads_stdin() {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_motley"))
        .arg("uci")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"uci\nsetoption name UCI_Variant value royale\nposition startpos\ngo depth 1\nquit\n")
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(text.contains("uciok\n") && text.contains("bestmove "), "{text}");
}
