//! `motley match` with external engines: the built binary plays itself as
//! `uci:` from an openings file with seats swapped, the SPRT's bookkeeping
//! matches the pentanomial formula worked from the games, and engines that
//! crash, stay silent or play nonsense lose their games without stopping
//! or hanging the match.
#![cfg(unix)]

mod common;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::{json, motley, words};
use motley_core::Position;
use serde_json::Value;

const MOTLEY: &str = env!("CARGO_BIN_EXE_motley");

/// A fresh file `name` in a directory of this test run.
fn scratch(name: &str, contents: &str, executable: bool) -> PathBuf {
    use std::os::unix::fs::PermissionsExt as _;
    let dir = std::env::temp_dir().join(format!("motley-engine-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("write");
    if executable {
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    path
}

fn engine() -> String {
    format!("uci:{MOTLEY}?Hash=1,Threads=1")
}

/// The points of the player named by `--a` (`a_name`) in a game of the JSON list.
fn points_of_a(game: &Value, a_name: &str, seats: &[&str], a_first_seat: usize, index: usize) -> f64 {
    // Players rotate: in game g, player 0 (--a) sits at seat g % 2.
    let _ = a_name;
    let seat = (a_first_seat + index) % seats.len();
    match game["results"][seats[seat]].as_str() {
        Some("win") => 1.0,
        Some("draw") => 0.5,
        _ => 0.0,
    }
}

#[test]
fn motley_plays_itself_from_openings_with_seats_swapped() {
    let openings = scratch("joker-openings.txt", "# two openings\ne2e4 e7e5\n\nstartpos moves d2d4\n", false);
    let openings = openings.to_str().expect("UTF-8 path");
    let args = [
        "match",
        "joker",
        "--a",
        &engine(),
        "--b",
        "search:depth=1",
        "--depth",
        "1",
        "--openings",
        openings,
        "--games",
        "4",
        "--max-plies",
        "12",
        "--json",
    ];
    let doc = json(&args);
    assert_eq!(doc["games_played"], 4);
    assert_eq!(doc["openings"], serde_json::json!(["e2e4 e7e5", "startpos moves d2d4"]));
    assert_eq!(doc["limits"]["depth"], 1);
    let games = doc["game_list"].as_array().expect("games");
    let a = engine();
    for (g, game) in games.iter().enumerate() {
        // Each opening twice in a row, the engine first white, then black.
        assert_eq!(game["opening"], g / 2, "{game}");
        let seating: Vec<&str> =
            game["seating"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
        let want = if g % 2 == 0 { [a.as_str(), "search:depth=1"] } else { ["search:depth=1", a.as_str()] };
        assert_eq!(seating, want, "game {g}");
        assert!(game["forfeit"].is_null(), "the engine played properly: {game}");
        // The moves replay legally from the opening.
        let mut pos = motley_joker::Joker::start();
        let opening: &[&str] = if g < 2 { &["e2e4", "e7e5"] } else { &["d2d4"] };
        for m in opening
            .iter()
            .copied()
            .chain(game["moves"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()))
        {
            let mv = pos.parse_move(m).expect("a move");
            assert!(pos.is_legal(mv), "game {g}: {m}");
            pos.play_unchecked(mv);
        }
        assert!(game["plies"].as_u64().unwrap() <= 12);
    }
    // Both players score what the games say.
    let a_points: f64 =
        doc["players"][0]["wins"].as_f64().unwrap() + doc["players"][0]["draws"].as_f64().unwrap() / 2.0;
    let by_games: f64 =
        games.iter().enumerate().map(|(g, game)| points_of_a(game, "", &["white", "black"], 0, g)).sum();
    assert_eq!(a_points, by_games);
    assert_eq!(doc["pentanomial"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).sum::<u64>(), 2);
    assert!(doc["elo"]["elo"].is_number() && doc["elo"]["error_95"].is_number(), "{doc}");
}

/// The LLR the match reports is the GSPRT formula worked here from its own
/// games: pairs of games, per-pair points of --a in {0, ½, 1, 1½, 2}.
#[test]
fn sprt_bookkeeping_matches_the_pentanomial_formula() {
    let args = [
        "match",
        "joker",
        "--a",
        "search:depth=2",
        "--b",
        "random",
        "--games",
        "12",
        "--seed",
        "3",
        "--max-plies",
        "40",
        "--sprt",
        "-20,20",
    ];
    let (code, text, err) = motley(&args);
    assert_eq!((code, err.as_str()), (0, ""));
    // One sprt line per finished pair, with the bounds ±ln 19.
    let sprt_lines: Vec<&str> = text.lines().filter(|l| l.starts_with("sprt: ")).collect();
    assert!(!sprt_lines.is_empty(), "{text}");
    assert!(sprt_lines[0].contains("(-2.94, 2.94) [-20, 20], 1 pairs"), "{text}");

    let mut json_args = args.to_vec();
    json_args.push("--json");
    let doc = json(&json_args);
    let games = doc["game_list"].as_array().expect("games");
    let played = games.len();
    assert_eq!(doc["games_played"], played);
    let mut counts = [0.0f64; 5];
    for pair in 0..played / 2 {
        let points = points_of_a(&games[2 * pair], "", &["white", "black"], 0, 2 * pair)
            + points_of_a(&games[2 * pair + 1], "", &["white", "black"], 0, 2 * pair + 1);
        counts[(points * 2.0) as usize] += 1.0;
    }
    let reported: Vec<f64> =
        doc["pentanomial"].as_array().unwrap().iter().map(|v| v.as_f64().unwrap()).collect();
    assert_eq!(reported, counts);
    let n: f64 = counts.iter().sum();
    let mean = counts.iter().enumerate().map(|(k, c)| c * k as f64 / 4.0).sum::<f64>() / n;
    let var = counts.iter().enumerate().map(|(k, c)| c * (k as f64 / 4.0 - mean).powi(2)).sum::<f64>() / n;
    let score = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
    let sprt = &doc["sprt"];
    if var > 0.0 {
        let (s0, s1) = (score(-20.0), score(20.0));
        let want = n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var);
        let got = sprt["llr"].as_f64().unwrap();
        assert!((got - want).abs() < 1e-9, "llr {got}, formula {want}");
    }
    assert!((sprt["upper"].as_f64().unwrap() - 19f64.ln()).abs() < 1e-12);
    let decided = sprt["result"].as_str().unwrap();
    let llr = sprt["llr"].as_f64().unwrap();
    match decided {
        "H1" => assert!(llr >= 19f64.ln()),
        "H0" => assert!(llr <= -(19f64.ln())),
        _ => assert_eq!(played, 12, "the match stops only when the test decides"),
    }
    // depth 2 against random: H1 is accepted well before 12 games, or the
    // match would not have stopped early.
    if played < 12 {
        assert_eq!(decided, "H1", "{doc}");
        assert!(text.contains("stopped by the SPRT"), "{text}");
    }
}

/// Runs a joker match of `engine_text` (as --a) against random; the match
/// must finish quickly with exit 0.
fn against_random(engine_text: &str, games: &str) -> Value {
    let t0 = Instant::now();
    let doc = json(&words(&format!(
        "match joker --a {engine_text} --b random --games {games} --movetime 50 --timeout 400 --json"
    )));
    assert!(t0.elapsed() < Duration::from_secs(30), "took {:?}", t0.elapsed());
    doc
}

fn assert_engine_lost_every_game(doc: &Value, reason: &str, message: &str) {
    assert_eq!(doc["players"][0]["losses"], doc["games_played"], "{doc}");
    for game in doc["game_list"].as_array().unwrap() {
        assert_eq!(game["reason"], reason, "{game}");
        let said = game["forfeit"]["message"].as_str().unwrap_or("");
        assert!(said.contains(message), "{said}");
    }
}

#[test]
fn a_silent_engine_loses_on_time() {
    let silent = scratch("silent.sh", "#!/bin/sh\nexec sleep 30\n", true);
    let doc = against_random(&format!("uci:{}", silent.display()), "2");
    assert_engine_lost_every_game(&doc, "engine-timeout", "no `uciok` within 400 ms");
}

#[test]
fn an_engine_that_crashes_on_go_loses_and_is_restarted() {
    let crash = scratch(
        "crash.sh",
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo 'id name crash'; echo uciok;;\n    \
         isready) echo readyok;;\n    go*) exit 3;;\n  esac\ndone\n",
        true,
    );
    let doc = against_random(&format!("uci:{}", crash.display()), "2");
    // The engine is white in game 1, black in game 2: it loses both, each
    // after a fresh start.
    assert_engine_lost_every_game(&doc, "engine-exited", "the engine exited (exit status: 3)");
}

#[test]
fn an_engine_playing_nonsense_loses_with_the_move_named() {
    let nonsense = scratch(
        "nonsense.sh",
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    uci) echo uciok;;\n    \
         isready) echo readyok;;\n    go*) echo 'info string thinking hard'; echo 'bestmove z9z9';;\n    quit) exit 0;;\n  esac\ndone\n",
        true,
    );
    let doc = against_random(&format!("uci:{}", nonsense.display()), "2");
    assert_engine_lost_every_game(&doc, "engine-illegal-move", "bestmove `z9z9` is not legal here");
}

#[test]
fn bad_engine_and_opening_arguments_are_input_errors() {
    let (code, _, err) =
        motley(&["match", "joker", "--a", "uci:/nonexistent/engine", "--b", "random", "--depth", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with("error: cannot start `/nonexistent/engine`") && err.trim_end().ends_with(", --a"),
        "{err}"
    );
    let (code, _, err) = motley(&["match", "joker", "--a", &format!("uci:{MOTLEY}"), "--b", "random"]);
    assert_eq!(code, 2);
    assert!(err.contains("needs --depth, --movetime or --nodes"), "{err}");
    let bad = scratch("bad-openings.txt", "e2e4\ne2e4 e2e4\n", false);
    let (code, _, err) =
        motley(&["match", "joker", "--a", "random", "--b", "random", "--openings", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("line 2 of --openings") && err.contains("opening `e2e4 e2e4`"), "{err}");
    let (code, _, err) = motley(&["match", "royale", "--a", "random", "--b", "random", "--sprt", "0,5"]);
    assert_eq!(code, 2);
    assert!(err.contains("--sprt needs a two-seat variant"), "{err}");
    let (code, _, err) = motley(&["match", "joker", "--a", "random", "--b", "random", "--sprt", "5,0"]);
    assert_eq!(code, 2);
    assert!(err.contains("elo0 < elo1"), "{err}");
}

/// Royale: each opening is played four times, the seats rotating.
#[test]
fn royale_openings_rotate_the_seats() {
    let openings = scratch("royale-openings.txt", "e2e4\nf2f4\n", false);
    let doc = json(&[
        "match",
        "royale",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "8",
        "--max-plies",
        "8",
        "--openings",
        openings.to_str().unwrap(),
        "--json",
    ]);
    let games = doc["game_list"].as_array().unwrap();
    assert_eq!(games.len(), 8);
    for (g, game) in games.iter().enumerate() {
        assert_eq!(game["opening"], g / 4);
        let greedy_at = game["seating"].as_array().unwrap().iter().position(|p| p == "greedy");
        assert_eq!(greedy_at, Some((4 - g % 4) % 4), "game {g}: {game}");
    }
    assert!(doc["elo"].is_null() && doc["sprt"].is_null() && doc["pentanomial"].is_null());
}
