//! `motley odds mages`: the markets of a match between lineups, before it,
//! in play and at its end, and the refusal of bad input.

mod common;

use std::path::Path;

use common::{json, motley};

const GREEN: &str = "a1 Ann, b1 Ben, c1 Cid, d1 Dee, e1 Eve, f1 Fay, a2 Gus, b2 Hal, c2 Ivy, d2 Jon, e2 Kim, f2 Lou, \
                     Luminary Max";
const BLUE: &str = "a8 Abe, b8 Bea, c8 Cal, d8 Dot, e8 Eli, f8 Flo, a7 Gil, b7 Hod, c7 Ira, d7 Jay, e7 Kai, f7 Liv, \
                    Luminary Moe";

fn seed() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/record/mages-lineups").display().to_string()
}

fn p(doc: &serde_json::Value, market: &str, key: &str) -> f64 {
    doc[market][key]["p"].as_f64().unwrap_or(f64::NAN)
}

#[test]
fn prices_before_the_match_repeat_with_the_seed() {
    let args = ["odds", "mages", "--green-lineup", GREEN, "--blue-lineup", BLUE, "--simulations", "6"];
    let a = json(&[&args[..], &["--cap", "120", "--seed", "4", "--json"]].concat());
    let b = json(&[&args[..], &["--cap", "120", "--seed", "4", "--json"]].concat());
    assert_eq!(a, b, "same seed, same prices");
    let total: f64 = ["green", "draw", "blue", "undecided"].iter().map(|k| p(&a, "result", k)).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    assert_eq!((&a["simulations"], &a["rated"], &a["entries"]), (&6.into(), &false.into(), &0.into()));
    assert_eq!(a["green_lineup"], GREEN);
    let line = a["total_engagements"]["line"].as_f64().unwrap();
    assert_eq!(line.fract(), 0.5, "a half-integer line");
}

#[test]
fn a_record_is_priced_at_its_end_with_its_lineups_and_what_happened() {
    // The seed game: a heresy, a first engagement won by its challenger,
    // a foul, then a sanction and a timeout; the match goes on.
    let doc = json(&["odds", "mages", "--record", &seed(), "--simulations", "4", "--cap", "60", "--json"]);
    assert_eq!(doc["green_lineup"], GREEN);
    assert_eq!(doc["entries"], 13);
    assert_eq!((p(&doc, "heresy", "yes"), &doc["heresy"]["settled"]), (1.0, &true.into()));
    let first = &doc["first_engagement"];
    assert_eq!((p(&doc, "first_engagement", "yes"), &first["settled"]), (1.0, &true.into()));
    assert_eq!(doc["total_engagements"]["so_far"], 2);
    assert_eq!(doc["result"]["settled"], false);
    // The people where they stand now (the web board names them on hover).
    let people = doc["people"].as_array().unwrap();
    assert!(people.contains(&serde_json::json!({"square": "a1", "name": "Ann", "team": "green"})));
    assert!(!people.iter().any(|p| p["name"] == "Jon"), "Jon fouled and was expelled: {people:?}");
}

#[test]
fn a_finished_match_is_priced_exactly_and_an_agreed_draw_is_a_draw() {
    let doc = json(&["odds", "mages", "--moves", "c2c3", "draw-agreed", "--simulations", "3", "--json"]);
    assert_eq!((p(&doc, "result", "draw"), p(&doc, "result", "undecided")), (1.0, 0.0));
    assert_eq!(doc["result"]["draw"]["se"], 0.0);
    assert_eq!(doc["result"]["settled"], true);
    assert_eq!(p(&doc, "first_engagement", "void"), 1.0);
    assert_eq!(p(&doc, "heresy", "no"), 1.0);
    // Cut off at once: every simulation is undecided, none a draw.
    let cut = json(&["odds", "mages", "--simulations", "3", "--cap", "1", "--json"]);
    assert_eq!((p(&cut, "result", "draw"), p(&cut, "result", "undecided")), (0.0, 1.0));
}

#[test]
fn ratings_files_of_both_kinds_are_read() {
    let dir = std::env::temp_dir().join(format!("motley-markets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ratings = dir.join("ratings.json");
    let (code, out, err) = motley(&["ratings", &seed(), "--json"]);
    assert_eq!(code, 0, "{err}");
    std::fs::write(&ratings, out).unwrap();
    let rated = ratings.display().to_string();
    let doc =
        json(&["odds", "mages", "--record", &seed(), "--ratings", &rated, "--simulations", "2", "--json"]);
    assert_eq!(doc["rated"], true);
    std::fs::write(&ratings, "{\"teams\": []}").unwrap();
    let (code, _, err) = motley(&["odds", "mages", "--record", &seed(), "--ratings", &rated]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: neither `motley ratings --json` output"), "{err}");
}

/// Each bad input exits 2 with one line naming the problem and its place.
#[test]
fn bad_input_exits_2_with_one_line() {
    let missing = GREEN.replace("f2 Lou, ", "");
    let cases: [(Vec<&str>, &str); 6] = [
        (
            vec!["--green-lineup", "a1 Ann, b1 Ann", "--blue-lineup", BLUE],
            "error: Ann is named twice (item 2, byte 8), --green-lineup",
        ),
        (
            vec!["--green-lineup", GREEN, "--blue-lineup", "a8 Abe, a3 Zed"],
            "error: Zed is named on a3, where no blue piece stands (item 2, byte 8), --blue-lineup",
        ),
        (
            vec!["--green-lineup", &missing, "--blue-lineup", BLUE],
            "error: missing player: nobody is named on f2",
        ),
        (vec!["--green-lineup", GREEN], "error: a green lineup without a blue one, --blue-lineup"),
        (vec!["--line", "12"], "error: invalid value '12' for '--line <X>'"),
        (vec!["--moves", "c2c9"], "input 1 of --moves (`c2c9`)"),
    ];
    for (extra, expected) in cases {
        let args = [&["odds", "mages"][..], &extra].concat();
        let (code, out, err) = motley(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(expected) || err.contains(expected), "{args:?}: {err}");
    }
    let (code, _, err) = motley(&["odds", "joker"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "error: odds are priced for Mage's Chess matches between lineups, not joker, argument <VARIANT>\n"
    );
}

/// `POST /api/odds` answers what `odds --json` prints for the same fields,
/// ratings given inline; a field out of the server's caps is named.
#[test]
fn the_api_answers_as_the_command_line() {
    use motley_cli::command::serve::answer;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (code, ratings, err) = motley(&["ratings", &seed(), "--json"]);
    assert_eq!(code, 0, "{err}");
    let record = std::fs::read_to_string(seed()).unwrap();
    let body = serde_json::json!({
        "variant": "mages", "record": record, "simulations": 3, "cap": 50, "seed": "2", "line": 4.5,
        "ratings": serde_json::from_str::<serde_json::Value>(&ratings).unwrap(),
    });
    let answered = answer("odds", body.to_string().as_bytes(), &stop).unwrap();
    let dir = std::env::temp_dir().join(format!("motley-markets-api-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("ratings.json");
    std::fs::write(&file, ratings).unwrap();
    let cli = json(&[
        "odds",
        "mages",
        "--record",
        &seed(),
        "--ratings",
        &file.display().to_string(),
        "--simulations",
        "3",
        "--cap",
        "50",
        "--seed",
        "2",
        "--line",
        "4.5",
        "--json",
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    let doc: serde_json::Value = serde_json::from_str(&answered).unwrap();
    assert_eq!(doc, cli);
    assert_eq!((&doc["schema"], &doc["rated"]), (&1.into(), &true.into()));
    let (status, e) = answer("odds", br#"{"variant": "mages", "simulations": 5000}"#, &stop).unwrap_err();
    assert_eq!(status.as_u16(), 400);
    assert!(e.to_string().contains("`simulations` is above the server's cap of 2000"), "{e}");
    let (_, e) = answer("odds", br#"{"variant": "mages", "line": 3}"#, &stop).unwrap_err();
    assert!(e.to_string().ends_with("request body field line"), "{e}");
}
