//! Scores with a meaning: `analyze` and UCI give each variant's fitted
//! win/draw/loss odds and a normalised score (0 an even game).

mod common;

use common::{json, ok};
use motley_cli::Variant;
use motley_core::Seat;
use motley_core::search::{Reading, Score};
use motley_joker::Joker;
use motley_mages::Mages;
use motley_sovereign::{Royale, Sovereign};

fn sum(w: &serde_json::Value) -> u64 {
    ["win", "draw", "loss"].iter().map(|k| w[k].as_u64().expect("per mille")).sum()
}

#[test]
fn analyze_json_has_odds_summing_to_1000() {
    for variant in ["sovereign", "royale", "mages", "joker"] {
        let doc = json(&["analyze", variant, "--depth", "2", "--json"]);
        let search = &doc["search"];
        assert_eq!(sum(&search["wdl"]), 1000, "{variant}: {search}");
        let expected = search["expected"].as_f64().expect("expected");
        assert!((0.0..=1.0).contains(&expected), "{variant}: {expected}");
        for line in search["lines"].as_array().expect("lines") {
            assert_eq!(sum(&line["wdl"]), 1000, "{variant}: {line}");
        }
        assert!(search["score"]["raw_cp"].is_i64(), "{variant}: {search}");
    }
}

#[test]
fn analyze_text_prints_the_odds() {
    let text = ok(&["analyze", "joker", "--depth", "2"]);
    let odds = text.lines().find(|l| l.starts_with("odds: win ")).expect("an odds line");
    assert!(odds.ends_with(", for white)"), "{odds}");
    let score = text.lines().find(|l| l.starts_with("score: ")).expect("a score line");
    assert!(score.contains(", raw -"), "{score}");
}

#[test]
fn joker_start_no_longer_reads_as_lost() {
    // The raw material count is about -13 for White at the start; the
    // normalised score is what self-play says the start is worth.
    let doc = json(&["analyze", "joker", "--depth", "3", "--json"]);
    let cp = doc["search"]["score"]["cp"].as_i64().expect("cp");
    let raw = doc["search"]["score"]["raw_cp"].as_i64().expect("raw");
    assert!(raw < -1000, "{raw}");
    assert!(cp.abs() < 300, "the start reads {cp}");
    let win = doc["search"]["wdl"]["win"].as_u64().unwrap();
    assert!((350..=800).contains(&win), "{win}");
}

#[test]
fn sovereign_start_is_near_even() {
    let w = Sovereign::WDL.wdl(Score(0), Seat(0));
    assert!(w.win.abs_diff(w.loss) < 200, "{w:?}");
}

#[test]
fn fitted_models_are_sound() {
    fn check<P: Reading>() {
        P::WDL_MODELS.iter().chain([&P::WDL]).for_each(sound::<P>);
    }
    fn sound<P: Reading>(m: &motley_core::search::WdlModel) {
        assert!(m.scale > 0.0 && m.draw_width >= 0.0 && m.power > 0.0, "{}: {m:?}", P::VARIANT);
        let mut last = 0;
        for cp in (-3000..=3000).step_by(50) {
            for seat in [Seat(0), Seat(1)] {
                let w = m.wdl(Score(cp), seat);
                assert_eq!(w.win + w.draw + w.loss, 1000);
            }
            let win = m.wdl(Score(cp), Seat(0)).win;
            assert!(win >= last, "{}: not monotone at {cp}", P::VARIANT);
            last = win;
        }
        assert_eq!(m.wdl(Score::win_in(1), Seat(0)).win, 1000);
        assert_eq!(m.wdl(Score::loss_in(2), Seat(1)).loss, 1000);
    }
    check::<Sovereign>();
    check::<Royale>();
    check::<Mages>();
    check::<Joker>();
}

/// Runs a UCI session in-process on `input`, as a GUI sends it.
fn uci(input: &str) -> String {
    common::uci_script(input, Variant::Sovereign)
}

#[test]
fn uci_show_wdl_adds_wdl_to_info_lines() {
    let text = uci("uci\nsetoption name UCI_Variant value joker\nposition startpos\ngo depth 2\nd\nquit\n");
    assert!(text.contains("option name UCI_ShowWDL type check default false"), "{text}");
    assert!(text.lines().filter(|l| l.starts_with("info depth")).all(|l| !l.contains(" wdl ")), "{text}");

    let text = uci(
        "setoption name UCI_Variant value joker\nsetoption name UCI_ShowWDL value true\nposition startpos\n\
         go depth 2\nd\nquit\n",
    );
    let infos: Vec<&str> = text.lines().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 2, "{text}");
    for line in infos {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|&w| w == "wdl").expect("wdl");
        assert_eq!(words[at - 3], "score", "{line}");
        let n: Vec<u32> = words[at + 1..at + 4].iter().map(|w| w.parse().expect("a number")).collect();
        assert_eq!(n.iter().sum::<u32>(), 1000, "{line}");
    }
    let bad = uci("setoption name UCI_ShowWDL value maybe\nquit\n");
    assert!(bad.contains("info string error: bad UCI_ShowWDL `maybe`"), "{bad}");
}

#[test]
fn royale_gives_each_seat_its_chance_to_win() {
    let doc = json(&["analyze", "royale", "--depth", "1", "--json"]);
    let search = &doc["search"];
    let seats = search["seat_wins"].as_array().expect("seat_wins");
    assert_eq!(seats.len(), 4, "{search}");
    let wins: u64 = seats.iter().map(|s| s["win"].as_u64().unwrap()).sum();
    assert_eq!(wins + search["wdl"]["draw"].as_u64().unwrap(), 1000, "{search}");
    assert_eq!(seats[0]["win"], search["wdl"]["win"], "white moves first: {search}");
    let text = ok(&["analyze", "royale", "--depth", "1"]);
    assert!(text.lines().any(|l| l.starts_with("seat wins: white ")), "{text}");
    let two = json(&["analyze", "joker", "--depth", "1", "--json"]);
    assert!(two["search"].get("seat_wins").is_none());
}
