//! Game records from the command line: `record`, `replay` and
//! `annotate`, with exact commands; the reference page's examples.

mod common;

use common::{json, motley, ok, with_stdin, words};
use motley_core::Position;
use motley_core::record::{Game, Notation, Recorder, read, write};
use rand::{Rng, SeedableRng};

/// The one stderr line of a failing run, checked for its shape and exit code 2.
fn fails(args: &[&str]) -> String {
    let (code, out, err) = motley(args);
    assert_eq!(code, 2, "motley {}: exit code; stderr {err}", args.join(" "));
    assert_eq!(out, "", "motley {}: nothing on stdout", args.join(" "));
    assert!(err.starts_with("error: ") && err.ends_with('\n'), "one error line: {err:?}");
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(!err.contains("panicked"), "{err}");
    err.trim_end().to_owned()
}

fn temp_file(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("motley-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write temp file");
    path.to_string_lossy().into_owned()
}

#[test]
fn record_prints_a_record_of_each_variant() {
    let joker = ok(&words("record joker --moves e2e4 e7e5 g1f3 --tag White=Ann --tag Event=Club"));
    insta::assert_snapshot!("record_joker", joker);
    let mages = ok(&words("record mages --moves b2b3 b7b6 timeout b6b5 c2c3! draw-agreed --tag Green=Ann"));
    insta::assert_snapshot!("record_mages", mages);
    let royale = ok(&["record", "royale", "--tag", "Ash=Cai", "--tag", "Annotator=me"]);
    insta::assert_snapshot!("record_royale", royale);
    let doc = json(&["record", "sovereign", "--repetition", "3", "--json"]);
    assert_eq!(doc["variant"], "sovereign");
    assert_eq!(doc["game"]["termination"], "*");
    assert!(doc["record"].as_str().unwrap().contains("[Rules \"repetition=3\"]"));
}

#[test]
fn the_variant_s_own_start_has_no_fen_tag() {
    for variant in ["sovereign", "royale", "mages", "joker"] {
        let start = json(&["show", variant, "--json"])["fen"].as_str().expect("fen").to_owned();
        let given = ok(&["record", variant, "--fen", &start]);
        assert!(!given.contains("[FEN"), "{variant}: {given}");
        assert_eq!(given, ok(&["record", variant]), "{variant}");
    }
    // Another start keeps its tag.
    let other =
        json(&["play", "joker", "--moves", "e2e4", "--json"])["fen"].as_str().expect("fen").to_owned();
    assert!(ok(&["record", "joker", "--fen", &other]).contains("[FEN"));
}

#[test]
fn record_errors_are_one_line() {
    let e = fails(&["record", "joker", "--moves", "e2e4", "e2e4"]);
    assert!(e.starts_with("error: invalid move `e2e4`: ") && e.ends_with(", move 2 of --moves"), "{e}");
    assert!(fails(&["record", "joker", "--tag", "Variant=mages"]).ends_with("--tag"));
    assert!(fails(&["record", "joker", "--tag", "lower=x"]).contains("unknown tag `lower`"));
    assert!(fails(&["record", "joker", "--tag", "Result=1-0-0"]).contains("not a result of a 2-seat game"));
    assert!(fails(&["record", "mages", "--repetition", "3"]).contains("unknown rule `repetition`"));
    let resigned = ["record", "mages", "--moves", "b2b3", "resign:green", "--tag", "Result=1-0"];
    assert!(
        fails(&resigned).contains("result `1-0` contradicts the final position (blue wins (resignation))")
    );
}

/// A seeded random legal game of `plies` entries (fewer if it ends), as a
/// record with tags.
fn random_record<N: Notation>(seed: u64, plies: usize) -> Game {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut rec = Recorder::new(N::start(None, &[]).expect("start"), None, None);
    rec.tag("Event", format!("random {seed}"));
    for _ in 0..plies {
        let list = rec.state().legal_entries();
        if list.is_empty() {
            break;
        }
        let e = list[rng.random_range(0..list.len())].clone();
        rec.push(&e);
    }
    rec.game()
}

type Sov = motley_sovereign::SovereignRecord;
type Roy = motley_sovereign::RoyaleRecord;
type Mag = motley_mages::MagesRecord;
type Jok = motley_joker::JokerRecord;

/// Every ply of a recorded game replays to what `show --moves` prints.
fn replay_matches_show<N: Notation>(variant: &str, seed: u64) {
    let game = random_record::<N>(seed, 24);
    let file = temp_file(&format!("{variant}-{seed}.pgn"), &write(&game));
    let tokens = game.main_tokens();
    let line = ok(&["replay", &file, "--moves"]);
    assert_eq!(line, format!("{}\n", tokens.join(" ")));
    // Referee events are no `--moves` tokens: compare up to the first one.
    let plain = tokens.iter().take_while(|t| !t.contains(':') && !t.contains("timeout")).count();
    for k in [0, plain / 2, plain] {
        let ply = k.to_string();
        let mut show = vec!["show", variant];
        if k > 0 {
            show.push("--moves");
            show.extend(&tokens[..k]);
        }
        assert_eq!(ok(&["replay", &file, "--ply", &ply]), ok(&show), "{variant} seed {seed} ply {k}");
        show.push("--json");
        assert_eq!(json(&["replay", &file, "--ply", &ply, "--json"]), json(&show), "{variant} ply {k}");
    }
}

#[test]
fn replay_shows_each_ply_as_show_does() {
    replay_matches_show::<Jok>("joker", 1);
    replay_matches_show::<Mag>("mages", 2);
    replay_matches_show::<Sov>("sovereign", 3);
    replay_matches_show::<Roy>("royale", 4);
}

#[test]
fn replay_reads_standard_input_and_picks_a_game() {
    let a = ok(&["record", "joker", "--moves", "e2e4"]);
    let b = ok(&["record", "joker", "--moves", "d2d4", "d7d5"]);
    let both = format!("{a}\n{b}");
    let (code, out, err) = with_stdin(&["replay", "-", "--game", "2", "--moves"], both.as_bytes());
    assert_eq!((code, out.as_str(), err.as_str()), (0, "d2d4 d7d5\n", ""));
    // A byte order mark and Windows line endings are accepted.
    let crlf = format!("\u{feff}{}", both.replace('\n', "\r\n"));
    let (code, out, _) = with_stdin(&["replay", "-", "--moves"], crlf.as_bytes());
    assert_eq!((code, out.as_str()), (0, "e2e4\n"));
}

#[test]
fn replay_errors_name_line_column_and_token() {
    let bad = temp_file("bad.pgn", "[Variant \"joker\"]\n\n1. e2e4 e7e5\n2. e1e5 *\n");
    assert_eq!(
        fails(&["replay", &bad]),
        format!("error: illegal move `e1e5`: {}, game 1, line 4, column 4, move 2, token `e1e5` of {bad}", {
            let pos = motley_core::history::History::<motley_joker::Joker>::start(None, &[]).unwrap();
            let mut s = pos;
            for t in ["e2e4", "e7e5"] {
                let e = s.read_entry(t).unwrap();
                Notation::play(&mut s, &e);
            }
            s.read_entry("e1e5").unwrap_err()
        })
    );
    let truncated = temp_file("truncated.pgn", "[Variant \"joker\"]\n\n1. e2e4 {a comment");
    assert_eq!(
        fails(&["replay", &truncated]),
        format!(
            "error: unbalanced braces: this `{{` is never closed, game 1, line 3, column 9, token `{{a comment` of {truncated}"
        )
    );
    let unknown = temp_file("unknown.pgn", "[Variant \"chess\"]\n\n*\n");
    assert!(fails(&["replay", &unknown]).contains("unknown variant `chess`"));
    let none = temp_file("none.pgn", "[Event \"x\"]\n\n*\n");
    assert!(fails(&["replay", &none]).contains("missing tag `Variant`"));
    assert!(fails(&["replay", &none, "--game", "3"]).contains("there is no game 3"));
    let (code, _, err) = with_stdin(&["replay", "-"], b"\xff\xfe[[[ {{{ ((( \x00");
    assert_eq!(code, 2, "{err}");
    let ply = temp_file("ply.pgn", &ok(&["record", "joker", "--moves", "e2e4"]));
    assert!(fails(&["replay", &ply, "--ply", "2"]).contains("there is no ply 2: the main line has 1 plies"));
}

/// `annotate` on a 60-ply game: every move gets an evaluation, the summary
/// names every seat, the output reads back, `--json` has one entry a move.
fn annotate_60<N: Notation>(variant: &str) {
    let game = random_record::<N>(60 + variant.len() as u64, 60);
    let plies = game.main.nodes.len();
    let file = temp_file(&format!("annotate-{variant}.pgn"), &write(&game));
    let text = ok(&["annotate", &file, "--depth", "1"]);
    let back = read::<N>(&text);
    assert_eq!(back.len(), 1, "{text}");
    let back = back[0].as_ref().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.main_tokens(), game.main_tokens());
    assert_eq!(back.tag("Annotator"), Some("motley annotate"));
    for node in &back.main.nodes[..plies.saturating_sub(1)] {
        assert!(node.comments.iter().any(|c| c.starts_with("[%eval ")), "{variant}: {node:?}");
    }
    let summary = back.main.nodes.last().and_then(|n| n.comments.last()).expect("summary");
    let start = N::start(None, &[]).unwrap();
    let pos = start.position();
    for s in 0..pos.seat_count() {
        assert!(summary.contains(&format!("{}: ", pos.seat_name(motley_core::Seat(s as u8)))), "{summary}");
    }
    let doc = json(&["annotate", &file, "--depth", "1", "--json"]);
    assert_eq!(doc["games"][0]["moves"].as_array().map(Vec::len), Some(plies));
    assert_eq!(doc["games"][0]["summary"].as_array().map(Vec::len), Some(pos.seat_count()));
}

#[test]
fn annotate_every_variant() {
    annotate_60::<Jok>("joker");
    annotate_60::<Mag>("mages");
    annotate_60::<Sov>("sovereign");
    annotate_60::<Roy>("royale");
}

/// Checks the marks of an `annotate --json` game against the documented
/// thresholds; returns how many moves are marked.
fn marks_follow_thresholds(doc: &serde_json::Value) -> usize {
    let mut marked = 0;
    for m in doc["games"][0]["moves"].as_array().expect("moves") {
        let loss = m["expected_loss"].as_f64().expect("loss");
        let want = match loss {
            l if l >= 0.20 => Some("blunder"),
            l if l >= 0.10 => Some("mistake"),
            l if l >= 0.05 => Some("inaccuracy"),
            _ => None,
        };
        assert_eq!(m["mark"].as_str(), want, "{m}");
        if want.is_some() {
            marked += 1;
            assert!(m["best"].is_string() && m["best"] != m["move"], "{m}");
        }
    }
    marked
}

#[test]
fn annotate_marks_bad_moves_with_the_best_move() {
    // Random moves lose material: some are marked, each by its loss.
    let mut marked = 0;
    for (variant, text) in
        [("mages", write(&random_record::<Mag>(7, 30))), ("sovereign", write(&random_record::<Sov>(8, 30)))]
    {
        let file = temp_file(&format!("marks-{variant}.pgn"), &text);
        let doc = json(&["annotate", &file, "--depth", "2", "--json"]);
        marked += marks_follow_thresholds(&doc);
        let record = doc["record"].as_str().unwrap();
        // The summary comment opens with `{Summary.`; the record wraps at
        // 80 columns, so a space or a line break may follow.
        assert!(record.split_whitespace().any(|w| w == "{Summary."), "{record}");
    }
    assert!(marked > 0, "no move marked");
}

#[test]
fn annotate_errors() {
    let bad = temp_file("annotate-bad.pgn", "[Variant \"joker\"]\n\n1. e2e4 (\n");
    assert!(fails(&["annotate", &bad, "--depth", "1"]).contains("line 3"));
    assert!(fails(&["annotate", &bad, "--depth", "1", "--time", "5"]).contains("--depth"));
}

// ---- The reference page's examples ------------------------------------------

/// The example record of `variant` on `docs/records.md`: a seeded game of
/// 16 entries with tags, a comment with an evaluation, an annotation mark
/// and a variation (Mage's Chess: an engagement when one can be declared,
/// a turn timeout and a sanction).
fn doc_example<N: Notation>(seed: u64, names: &[&str]) -> String {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut rec = Recorder::new(N::start(None, &[]).expect("start"), None, None);
    rec.tag("Event", "Motley example")
        .tag("Site", "docs/records.md")
        .tag("Date", "2026.12.01")
        .tag("Round", "1");
    for (tag, name) in rec.state().seat_tags().into_iter().zip(names) {
        rec.tag(&tag, *name);
    }
    for ply in 0..16 {
        let forced = match ply {
            6 => rec.state().read_entry("timeout").ok(),
            9 => rec.state().read_entry("sanction:blue").ok(),
            _ => None,
        };
        let list = rec.state().legal_entries();
        if list.is_empty() {
            break;
        }
        // Prefer an engagement (a move after which chance decides).
        let engaging: Vec<_> = list
            .iter()
            .filter(|e| {
                let mut s = rec.state().clone();
                s.play(e);
                s.position().chance().is_some()
            })
            .cloned()
            .collect();
        // Referee events only where forced above.
        let plain: Vec<_> = list
            .iter()
            .filter(|e| {
                let token = rec.state().write_entry(e);
                !token.contains(':') && !token.contains("timeout")
            })
            .cloned()
            .collect();
        let entry = forced.unwrap_or_else(|| {
            if !engaging.is_empty() && rng.random_bool(0.5) {
                engaging[rng.random_range(0..engaging.len())].clone()
            } else if plain.is_empty() {
                list[rng.random_range(0..list.len())].clone()
            } else {
                plain[rng.random_range(0..plain.len())].clone()
            }
        });
        rec.push(&entry);
        match ply {
            1 => {
                rec.comment("[%eval +0.20] a common reply");
            }
            2 => {
                rec.nag(1);
            }
            3 => {
                let mut s = rec.before_last().expect("a move").clone();
                let mut line = Vec::new();
                for _ in 0..2 {
                    let l = s.legal_entries();
                    let Some(e) = l.first().cloned() else { break };
                    s.play(&e);
                    line.push(e);
                }
                rec.variation(&line);
                rec.comment("the main line goes on");
            }
            _ => {}
        }
    }
    write(&rec.game())
}

fn doc_examples() -> Vec<(&'static str, String)> {
    vec![
        ("sovereign", doc_example::<Sov>(1, &["Ann", "Ben"])),
        ("royale", doc_example::<Roy>(2, &["Ann", "Ben", "Cai", "Dee"])),
        ("mages", doc_example::<Mag>(3, &["Ann", "Ben"])),
        ("joker", doc_example::<Jok>(4, &["Ann", "Ben"])),
    ]
}

/// `docs/records.md` holds each example as generated (set
/// `MOTLEY_UPDATE_DOCS=1` to write them in), and each reads back through
/// `replay`.
#[test]
fn reference_page_examples_are_generated_and_read_back() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/records.md");
    let mut page = std::fs::read_to_string(path).expect("docs/records.md");
    for (variant, example) in doc_examples() {
        let open = format!("<!-- example {variant} -->\n```text\n");
        let start =
            page.find(&open).unwrap_or_else(|| panic!("no example marker for {variant}")) + open.len();
        let end = start + page[start..].find("```\n").expect("end of the example block");
        if std::env::var_os("MOTLEY_UPDATE_DOCS").is_some() {
            page.replace_range(start..end, &example);
        } else {
            assert_eq!(
                page[start..end],
                example,
                "docs/records.md example of {variant} (MOTLEY_UPDATE_DOCS=1 rewrites it)"
            );
        }
        let file = temp_file(&format!("doc-{variant}.pgn"), &example);
        assert!(!ok(&["replay", &file, "--moves"]).trim().is_empty());
    }
    if std::env::var_os("MOTLEY_UPDATE_DOCS").is_some() {
        std::fs::write(path, page).expect("write docs/records.md");
    }
}

/// `match --record FILE` appends every game as a record that reads back.
fn match_records<N: Notation>(variant: &str) {
    let path = temp_file(&format!("match-{variant}.pgn"), "");
    for _ in 0..2 {
        let args = [
            "match",
            variant,
            "--games",
            "2",
            "--seed",
            "5",
            "--a",
            "random",
            "--b",
            "greedy",
            "--max-plies",
            "30",
            "--record",
            &path,
        ];
        let (code, _, err) = motley(&args);
        assert_eq!((code, err.as_str()), (0, ""), "{args:?}");
    }
    let text = std::fs::read_to_string(&path).expect("record file");
    let games = read::<N>(&text);
    assert_eq!(games.len(), 4, "{text}");
    for (i, g) in games.iter().enumerate() {
        let g = g.as_ref().unwrap_or_else(|e| panic!("{variant} game {}: {e}\n{text}", i + 1));
        assert_eq!(g.tag("Round"), Some(["1", "2"][i % 2]));
        assert!(g.tag("Termination").is_some());
        assert_ne!(g.termination, "*", "a finished match game has a result");
        let seats = g.tags.iter().filter(|t| t.value == "random" || t.value == "greedy").count();
        assert_eq!(seats, N::start(None, &[]).unwrap().position().seat_count());
    }
}

#[test]
fn match_appends_records() {
    match_records::<Jok>("joker");
    match_records::<Mag>("mages");
    match_records::<Sov>("sovereign");
    match_records::<Roy>("royale");
}

#[test]
fn an_empty_or_non_utf8_record_is_named_as_such() {
    for input in [&b""[..], b"\n  \n"] {
        for command in ["replay", "annotate"] {
            let (code, out, err) = with_stdin(&[command, "-"], input);
            assert_eq!((code, out.as_str()), (2, ""), "{command}: {err}");
            assert_eq!(err, "error: the record is empty (no game in it), standard input\n", "{command}");
        }
    }
    let (code, _, err) = with_stdin(&["replay", "-"], b"[Variant \"joker\"]\n\n1. e2e4 \xff e7e5\n");
    assert_eq!(code, 2);
    assert_eq!(err, "error: the record is not UTF-8 at byte 27, standard input\n");
    let file = temp_file("latin1.pgn", "");
    std::fs::write(&file, b"[Event \"Caf\xe9\"]\n").expect("write");
    assert_eq!(fails(&["replay", &file]), format!("error: the record is not UTF-8 at byte 11, `{file}`"));
}
