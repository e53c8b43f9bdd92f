//! The CLI's perft path (`motley perft mages …`, threaded split over root
//! inputs) against the data of `fixtures/mages/perft.perft`, run as a
//! process: every position and every count up to a node cap, in both modes,
//! plain text with `--divide` and JSON, one and two threads, and UCI
//! `go perft`. At a pending engagement the divide lists only the counted
//! resolutions (decision: `challenger`; full: never `foul`).

mod common;

use common::{json, ok};
use motley_core::PerftMode;
use motley_core::perft::parse_perft_file;
use serde_json::Value;

const SUITE: &str = include_str!("../../fixtures/mages/perft.perft");

/// The largest expected count run through the binary (each count is one
/// process; the largest of these take well under a second at opt-level 2).
const NODE_CAP: u64 = 600_000;

/// The counts of one divide document, in the binary's (sorted) order.
fn divide_of(doc: &Value) -> Vec<(String, u64)> {
    doc["divide"]
        .as_object()
        .expect("divide object")
        .iter()
        .map(|(m, n)| (m.clone(), n.as_u64().expect("count")))
        .collect()
}

/// The `move: count` lines and the total of `perft --divide` text output.
fn parse_divide_text(text: &str) -> (Vec<(String, u64)>, u64) {
    let (lines, total) = text.rsplit_once("\nnodes ").unwrap_or(("", text.trim_start_matches("nodes ")));
    let divide = lines
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (m, n) = l.split_once(": ").unwrap_or_else(|| panic!("divide line {l:?}"));
            (m.to_owned(), n.parse().unwrap_or_else(|_| panic!("count in {l:?}")))
        })
        .collect();
    (divide, total.trim().parse().unwrap_or_else(|_| panic!("total in {text:?}")))
}

#[test]
fn cli_perft_matches_every_cheap_fixture_count() {
    let mut checked = 0;
    let mut pending_cases = 0;
    for case in parse_perft_file(SUITE).expect("valid fixture") {
        let pending = case.fen.split_whitespace().nth(2).is_some_and(|f| f != "-");
        pending_cases += usize::from(pending);
        for &(mode, depth, nodes) in &case.counts {
            if nodes > NODE_CAP {
                continue;
            }
            let what = format!("{} {mode:?} {depth}", case.id);
            let d = depth.to_string();
            let mut args = vec!["perft", "mages", &d, "--fen", &case.fen, "--divide"];
            if mode == PerftMode::Full {
                args.extend(["--mode", "full"]);
            }

            // Plain text with --divide: the lines sum to the total, which is the fixture's.
            let (divide, total) = parse_divide_text(&ok(&args));
            assert_eq!(total, nodes, "{what}: text total");
            assert_eq!(divide.iter().map(|d| d.1).sum::<u64>(), nodes, "{what}: text divide sum");

            // JSON, one thread and two: the same counts and the same divide.
            args.push("--json");
            let one = json(&args);
            assert_eq!(one["nodes"], nodes, "{what}: json");
            assert_eq!(divide_of(&one), divide, "{what}: json divide is the text divide");
            args.extend(["--threads", "2"]);
            let two = json(&args);
            assert_eq!(two["nodes"], nodes, "{what}: --threads 2");
            assert_eq!(two["divide"], one["divide"], "{what}: --threads 2 divide");

            if pending {
                // The root's inputs are the counted resolutions, never `foul`.
                assert!(divide.iter().all(|(m, _)| !m.starts_with("foul")), "{what}: {divide:?}");
                if mode == PerftMode::Decision {
                    assert!(divide.iter().all(|(m, _)| m.starts_with("challenger")), "{what}: {divide:?}");
                }
            }
            checked += 1;
        }
    }
    assert_eq!(pending_cases, 4, "the four pending fixtures");
    assert!(checked >= 80, "only {checked} counts checked");
}

#[test]
fn cli_perft_at_a_pending_melee_is_the_fixtures_and_lists_counted_resolutions() {
    // A pending melee at the root, as a user would type it.
    let fen = "r5/6/6/S1p3/6/6/6/5R g a5c5 a5 0 7";
    let text = ok(&["perft", "mages", "1", "--fen", fen, "--divide"]);
    assert_eq!(text, "challenger: 1\n\nnodes 1\n");
    let full = ok(&["perft", "mages", "1", "--fen", fen, "--divide", "--mode", "full"]);
    assert_eq!(full, "challenger: 1\ndefender: 1\ndraw: 1\n\nnodes 3\n");
    for (depth, decision, full) in [(2, 3, 11), (3, 45, 117), (4, 270, 726)] {
        let d = depth.to_string();
        assert_eq!(json(&["perft", "mages", &d, "--fen", fen, "--json"])["nodes"], decision, "{depth}");
        let doc = json(&["perft", "mages", &d, "--fen", fen, "--json", "--mode", "full"]);
        assert_eq!(doc["nodes"], full, "{depth}");
    }
}

#[test]
fn uci_go_perft_matches_the_fixture_at_pending_engagements() {
    for case in parse_perft_file(SUITE).expect("valid fixture") {
        if case.fen.split_whitespace().nth(2).is_none_or(|f| f == "-") {
            continue;
        }
        for &(mode, depth, nodes) in &case.counts {
            if mode != PerftMode::Decision || depth > 3 {
                continue;
            }
            let input = format!(
                "setoption name UCI_Variant value mages\nposition fen {}\ngo perft {depth}\nquit\n",
                case.fen
            );
            let text = common::uci_script(&input, motley_cli::Variant::Mages);
            assert!(text.contains(&format!("\nnodes {nodes}\n")), "{} {depth}: {text}", case.id);
            assert!(!text.contains("foul:") && !text.contains("defender:"), "{} {depth}: {text}", case.id);
        }
    }
}
