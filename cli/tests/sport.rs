//! `motley ratings`: statistics and ratings of the people in records with
//! lineups, and the refusal of bad lineups.

mod common;

use std::path::Path;

use common::{json, motley};

fn seed() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/record/mages-lineups").display().to_string()
}

#[test]
fn ratings_attribute_each_engagement_and_heresy() {
    let file = seed();
    let doc = json(&["ratings", &file, "--json"]);
    let mage = |name: &str| {
        doc["mages"].as_array().unwrap().iter().find(|m| m["name"] == name).cloned().unwrap_or_default()
    };
    let jon = mage("Jon");
    assert_eq!((&jon["role"], &jon["heresies"], &jon["team"]), (&"pawn".into(), &1.into(), &"green".into()));
    assert_eq!(jon["challenger"], serde_json::json!({"won": 1, "lost": 0, "drawn": 0, "fouled": 1}));
    assert_eq!(mage("Ira")["defender"]["lost"], 1);
    assert_eq!(mage("Moe")["role"], "luminary");
    assert_eq!(mage("Moe")["referee_events"], 1);
    assert!(mage("Moe").get("melee_strength").is_none());
    assert!(
        jon["ranged_strength"]["mean"].as_f64().unwrap()
            > mage("Ira")["ranged_strength"]["mean"].as_f64().unwrap()
    );
    let (code, out, _) = motley(&["ratings", &file]);
    assert_eq!(code, 0);
    assert!(out.starts_with("games 1, with lineups 1, with a heresy 1\n"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("Jon  green  pawn  1  1-0-0-1  0-0-0-0  1  ")), "{out}");
}

#[test]
fn a_bad_lineup_exits_2_with_one_line() {
    let text = std::fs::read_to_string(seed()).unwrap().replace("e7 Kai", "e7 Abe");
    let file = std::env::temp_dir().join(format!("motley-sport-{}.pgn", std::process::id()));
    std::fs::write(&file, text).unwrap();
    let (code, out, err) = motley(&["ratings", &file.display().to_string()]);
    let _ = std::fs::remove_file(&file);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("Abe is named twice (item 11"), "{err}");
}

#[test]
fn a_league_writes_records_the_ratings_read_and_its_truth() {
    let dir = std::env::temp_dir().join(format!("motley-league-{}", std::process::id()));
    let out = dir.display().to_string();
    let (code, text, err) =
        motley(&["league", "--teams", "3", "--matches", "2", "--seed", "5", "--out", &out]);
    assert_eq!(code, 0, "{err}");
    assert!(text.starts_with("2 matches between 3 teams written to"), "{text}");
    let records = dir.join("season.pgn").display().to_string();
    let doc = json(&["ratings", &records, "--json"]);
    assert_eq!((&doc["games"], &doc["games_with_lineups"]), (&2.into(), &2.into()));
    let truth: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("truth.json")).unwrap()).unwrap();
    assert_eq!(truth["seed"], 5);
    assert_eq!(truth["ratings"]["people"].as_array().map(Vec::len), Some(36));
    let _ = std::fs::remove_dir_all(&dir);
}
