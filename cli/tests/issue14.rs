//! Input handling, with the commands of a bug report: the halfmove clock
//! survives a round trip, a `--moves` list is a game with its history draws,
//! moves after the end say the game is over, position strings are checked
//! for impossible content, and the input errors say what to do.

mod common;

use common::{json, motley, ok};
use motley_core::Position;

/// The one stderr line of a run that must fail with exit code 2.
fn fails(args: &[&str]) -> String {
    let (code, out, err) = motley(args);
    assert_eq!(code, 2, "motley {}: exit code; stderr {err}", args.join(" "));
    assert_eq!(out, "", "motley {}: nothing on stdout", args.join(" "));
    assert!(err.starts_with("error: ") && err.ends_with('\n') && err.lines().count() == 1, "{err:?}");
    err.trim_end().to_owned()
}

/// The value of the `key: value` line of a text output.
fn field<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines().find_map(|l| l.strip_prefix(key)?.strip_prefix(": "))
}

/// Knights out and back for both sides: the start position again after 4 plies.
const SHUFFLE: &str = "k1l3,k16l14,l3k1,l14k16";

fn shuffles(n: usize) -> String {
    vec![SHUFFLE; n].join(",")
}

// ---------------------------------------------------------------- item 4

#[test]
fn the_halfmove_clock_survives_play_and_show() {
    let out = ok(&["play", "sovereign", "--moves", "k1l3"]);
    let fen = field(&out, "fen").unwrap();
    assert!(fen.ends_with(" CELNceln 1 1"), "{fen}");
    let shown = ok(&["show", "sovereign", "--fen", fen]);
    assert_eq!(field(&shown, "halfmove_clock"), Some("1"));
    assert_eq!(field(&shown, "fen"), Some(fen));
    // The start string is unchanged: no clock while it is 0.
    let start = ok(&["play", "sovereign"]);
    assert_eq!(field(&start, "fen"), Some(motley_sovereign::START_FEN));
}

// ---------------------------------------------------------------- item 5

#[test]
fn sovereign_fivefold_repetition_draws_in_every_command() {
    let four = shuffles(4);
    let out = ok(&["play", "sovereign", "--moves", &four]);
    assert_eq!(field(&out, "status"), Some("draw (repetition)"), "{out}");
    assert_eq!(field(&out, "game_over"), Some("draw (repetition)"), "{out}");
    let doc = json(&["play", "sovereign", "--moves", &four, "--json"]);
    assert_eq!(doc["game_over"], true);
    assert_eq!(doc["outcome"]["reason"], "repetition");
    let shown = ok(&["show", "sovereign", "--moves", &four]);
    assert_eq!(field(&shown, "status"), Some("draw (repetition)"));
    assert_eq!(ok(&["moves", "sovereign", "--moves", &four]), "");
    assert_eq!(json(&["moves", "sovereign", "--moves", &four, "--json"])["moves"], serde_json::json!([]));
    let analyzed = ok(&["analyze", "sovereign", "--moves", &four, "--depth", "1"]);
    assert_eq!(field(&analyzed, "status"), Some("draw (repetition)"), "{analyzed}");
    assert_eq!(field(&analyzed, "legal_moves"), Some("0"));
    assert_eq!(field(&analyzed, "bestmove"), Some("(none, draw (repetition))"));
    // The fourth occurrence is still a game.
    assert_eq!(field(&ok(&["play", "sovereign", "--moves", &shuffles(3)]), "status"), Some("ongoing"));
    // Five rounds: the 17th move comes after the end.
    assert_eq!(
        fails(&["play", "sovereign", "--moves", &shuffles(5)]),
        "error: invalid move `k1l3`: the game is over (draw (repetition)), move 17 of --moves"
    );
}

#[test]
fn the_history_rules_are_flags() {
    let out = ok(&["play", "sovereign", "--moves", &shuffles(5), "--repetition", "0"]);
    assert_eq!(field(&out, "status"), Some("ongoing"));
    let out = ok(&["play", "sovereign", "--moves", &shuffles(2), "--repetition", "3"]);
    assert_eq!(field(&out, "status"), Some("draw (repetition)"));
    // Joker's Chess has no repetition rule by default; the flag adds one.
    let joker = "g1f3,g8f6,f3g1,f6g8";
    let out = ok(&["play", "joker", "--moves", &format!("{joker},{joker}")]);
    assert_eq!(field(&out, "status"), Some("ongoing"));
    let out = ok(&["play", "joker", "--moves", &format!("{joker},{joker}"), "--repetition", "3"]);
    assert_eq!(field(&out, "status"), Some("draw (repetition)"));
    // Mage's Chess does not count plies without progress.
    let err = fails(&["play", "mages", "--move-limit", "10"]);
    assert!(err.ends_with(", --move-limit"), "{err}");
}

#[test]
fn sovereign_draws_after_150_quiet_plies() {
    // 37 rounds and two plies: 150 plies without pawn move or capture.
    let moves = format!("{},k1l3,k16l14", shuffles(37));
    let out = ok(&["play", "sovereign", "--moves", &moves, "--repetition", "0"]);
    assert_eq!(field(&out, "status"), Some("draw (quiet-move-limit)"), "{out}");
    let one_less = format!("{},k1l3", shuffles(37));
    let out = ok(&["play", "sovereign", "--moves", &one_less, "--repetition", "0"]);
    assert_eq!(field(&out, "status"), Some("ongoing"), "{out}");
    let out = ok(&["play", "sovereign", "--moves", "k1l3,k16l14", "--move-limit", "2"]);
    assert_eq!(field(&out, "status"), Some("draw (quiet-move-limit)"), "{out}");
}

// ---------------------------------------------------------------- item 6

/// Black rooks a8 and b8 mate the white king on a1 (White to move).
const MATED: &str = "15bk/16/16/16/16/16/16/16/brbr14/16/16/16/16/16/16/wk15 1 w b - 0";

#[test]
fn moves_after_the_end_say_the_game_is_over() {
    let status = field(&ok(&["play", "sovereign", "--fen", MATED]), "game_over").unwrap().to_owned();
    assert!(status.ends_with("(checkmate)"), "{status}");
    assert_eq!(
        fails(&["play", "sovereign", "--fen", MATED, "--moves", "e2e3"]),
        format!("error: invalid move `e2e3`: the game is over ({status}), move 1 of --moves")
    );
    // Joker's 14-half-move rule: 14 knight moves, then `f3g1`.
    let knights = "g1f3,g8f6,f3g1,f6g8";
    let moves = format!("{knights},{knights},{knights},g1f3,g8f6");
    let over = ok(&["play", "joker", "--moves", &moves]);
    let status = field(&over, "game_over").unwrap();
    assert!(status.ends_with("(fourteen-move-rule)"), "{over}");
    assert_eq!(
        fails(&["play", "joker", "--moves", &format!("{moves},f3g1")]),
        format!("error: invalid move `f3g1`: the game is over ({status}), move 15 of --moves")
    );
    // The libraries say it too.
    let mated = motley_sovereign::Sovereign::from_fen(MATED).unwrap();
    let e = mated.parse_move("a1a2").unwrap_err().to_string();
    assert!(e.starts_with("the game is over (") && e.ends_with("(checkmate))"), "{e}");
}

// ---------------------------------------------------------------- item 7

#[test]
fn impossible_position_strings_are_refused() {
    let start = motley_sovereign::START_FEN;
    for (castling, token, square) in [("CELIceln", "I", "i1"), ("CELNoeln", "o", "o16"), ("A", "A", "a1")] {
        let fen = start.replace(" CELNceln ", &format!(" {castling} "));
        let err = fails(&["show", "sovereign", "--fen", &fen]);
        assert!(err.contains(&format!("castling: `{token}` names {square}, which holds no rook")), "{err}");
        assert!(err.ends_with(", --fen"), "{err}");
    }
    let three_kings = "rnbkkbnr/pppppppp/8/8/8/3k4/PPPPPPPP/RNBQQBNR[] w kq - 0 0 PPPPPNNBppppppppnnnbb";
    let err = fails(&["show", "joker", "--fen", three_kings]);
    assert!(err.contains("black has 3 kings, the game can produce at most 2"), "{err}");
    let queen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR[] w kq - 0 0 PPPPPNNBppppppppnnnbb";
    let err = fails(&["show", "joker", "--fen", queen]);
    assert!(err.contains("black has 1 queens, the game can produce at most 0"), "{err}");
}

// ---------------------------------------------------------------- item 8

#[test]
fn a_missing_promotion_letter_is_named() {
    let to_h6 = "h2h4,k16l14,h4h5,l14k16,h5h6,k16l14";
    assert_eq!(
        fails(&["play", "sovereign", "--moves", &format!("{to_h6},h6h7")]),
        "error: invalid move `h6h7`: needs a promotion letter (q, r, b, n, k), move 7 of --moves"
    );
    ok(&["play", "sovereign", "--moves", &format!("{to_h6},h6h7q")]);
    let joker = "7k/P7/8/8/8/8/8/3Q4[] w - - 0 9 -";
    assert_eq!(
        fails(&["play", "joker", "--fen", joker, "--moves", "a7a8"]),
        "error: invalid move `a7a8`: needs a promotion letter (q, r, b, n, k), move 1 of --moves"
    );
}

#[test]
fn byte_offsets_point_at_the_offending_character() {
    let err = fails(&["play", "sovereign", "--moves", "h6h7=q"]);
    assert!(err.contains("move `h6h7=q`: unexpected text (byte 4)"), "{err}");
    let err = fails(&["play", "sovereign", "--moves", "e2e4e5"]);
    assert!(err.contains("move `e2e4e5`: unexpected text (byte 4)"), "{err}");
    let err = fails(&["play", "sovereign", "--moves", "h6h7qq"]);
    assert!(err.contains("(byte 5)"), "{err}");
    let err = fails(&["play", "joker", "--moves", "e2e4e5"]);
    assert!(err.contains("move `e2e4e5`: expected a promotion letter q, r, b, n or k (byte 4)"), "{err}");
}

#[test]
fn one_quoting_style_across_variants() {
    for (variant, first) in [("sovereign", "e2e3"), ("royale", "e2e3"), ("joker", "a2a3")] {
        let err = fails(&["play", variant, "--moves", &format!("{first},{first}")]);
        assert_eq!(err, format!("error: invalid move `{first}`: not legal here, move 2 of --moves"));
        assert!(!err.contains('"'), "{err}");
    }
    let err = fails(&["play", "joker", "--moves", "zz9"]);
    assert!(
        err.contains("invalid move `zz9`: ") && !err.contains("move `zz9`: move") && !err.contains('"'),
        "{err}"
    );
}

#[test]
fn spaces_inside_one_moves_value_separate_moves() {
    assert_eq!(
        ok(&["play", "joker", "--moves", "e2e4 e7e5"]),
        ok(&["play", "joker", "--moves", "e2e4,e7e5"])
    );
    assert_eq!(
        ok(&["play", "joker", "--moves", " e2e4  e7e5 , g1f3 "]),
        ok(&["play", "joker", "--moves", "e2e4,e7e5,g1f3"])
    );
    // An empty token between commas is still reported with its index.
    let err = fails(&["play", "joker", "--moves", "e2e4,,e7e5"]);
    assert!(err.ends_with("empty move, move 2 of --moves"), "{err}");
}

#[test]
fn the_depth_comes_before_moves() {
    assert_eq!(
        fails(&["perft", "joker", "--moves", "e2e4", "2"]),
        "error: the depth comes before --moves (motley perft joker 2 --moves e2e4), argument <DEPTH>"
    );
    // Other missing depths keep clap's message.
    let err = fails(&["perft", "joker"]);
    assert!(err.contains("<DEPTH>") && !err.contains("comes before"), "{err}");
}

#[test]
fn variant_names_are_case_insensitive() {
    assert_eq!(ok(&["show", "Sovereign"]), ok(&["show", "sovereign"]));
    assert_eq!(ok(&["moves", "JOKER"]), ok(&["moves", "joker"]));
}

#[test]
fn help_of_help_works() {
    let out = ok(&["help", "--help"]);
    assert!(out.contains("Usage: motley help"), "{out}");
    assert_eq!(ok(&["help", "-h"]), out);
}

#[test]
fn uci_games_are_drawn_by_their_history_too() {
    let moves = shuffles(4).replace(',', " ");
    let input = format!(
        "position startpos moves {moves}\ngo depth 2\nposition startpos moves {}\ngo depth 1\nquit\n",
        shuffles(3).replace(',', " ")
    );
    let out = common::uci_script(&input, motley_cli::Variant::Sovereign);
    let bestmoves: Vec<&str> = out.lines().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bestmoves.len(), 2, "{out}");
    // The fifth occurrence ends the game; the fourth does not.
    assert_eq!(bestmoves[0], "bestmove (none)", "{out}");
    assert!(out.contains("info string the game is over (draw (repetition))"), "{out}");
    assert_ne!(bestmoves[1], "bestmove (none)", "{out}");
}
