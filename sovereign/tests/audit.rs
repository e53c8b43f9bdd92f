//! Independent rules audit: composed positions checking the rules contract
//! (`docs/rules/sovereign.md`) where an implementation could plausibly
//! differ from it. Each test names the section it checks.

mod common;

use common::{fen, moves_from, play, pos};
use motley_core::{Position, SeatResult};
use motley_sovereign::{
    Color, EndReason, FenError, Game, GameError, Issue, ParseIssue, Role, Royale, Rules, Seat, Sovereign,
    StartChoice,
};

fn royale(pieces: &[(&str, &str)], rest: &str) -> Royale {
    let f = fen(pieces, rest);
    f.parse().unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}

fn has(p: &Sovereign, token: &str) -> bool {
    p.sorted_moves().iter().any(|m| m == token)
}

fn sq(s: &str) -> motley_sovereign::Square {
    s.parse().unwrap()
}

/// Plays each legal move in turn, given in notation.
fn play_all(p: &mut Sovereign, tokens: &[&str]) {
    for token in tokens {
        play(p, token);
    }
}

// §6.3 pawns ----------------------------------------------------------------

#[test]
fn s6_3_two_step_again_after_capturing_onto_ring_two_and_ring_one() {
    // d3 x e2 (file closer) lands on ring 2: the pawn may two-step again.
    let mut p = pos(&[("a8", "wk"), ("p9", "bk"), ("d3", "wp"), ("e2", "bn"), ("a13", "bn")], "1 w b - 0");
    assert!(has(&p, "d3e2"));
    play_all(&mut p, &["d3e2", "a13c12"]);
    assert_eq!(moves_from(&p, "e2"), sorted(&["e2e3", "e2e4", "e2f2"]));
    // e2 x f1 (file closer, rank further) lands on ring 1: f2, f3 (two-step), g1.
    let mut p = pos(&[("a8", "wk"), ("p9", "bk"), ("e2", "wp"), ("f1", "bn"), ("a13", "bn")], "1 w b - 0");
    play_all(&mut p, &["e2f1", "a13c12"]);
    assert_eq!(moves_from(&p, "f1"), sorted(&["f1f2", "f1f3", "f1g1"]));
}

#[test]
fn s6_3_s14_3_equidistant_corner_squares_two_step_both_ways() {
    let cases: [(&str, [&str; 4]); 8] = [
        ("a1", ["a1a2", "a1a3", "a1b1", "a1c1"]),
        ("b2", ["b2b3", "b2b4", "b2c2", "b2d2"]),
        ("a16", ["a16a15", "a16a14", "a16b16", "a16c16"]),
        ("b15", ["b15b14", "b15b13", "b15c15", "b15d15"]),
        ("p1", ["p1p2", "p1p3", "p1o1", "p1n1"]),
        ("o2", ["o2o3", "o2o4", "o2n2", "o2m2"]),
        ("p16", ["p16p15", "p16p14", "p16o16", "p16n16"]),
        ("o15", ["o15o14", "o15o13", "o15n15", "o15m15"]),
    ];
    let horizontal_rules = Rules { corner_two_step_both: false, ..Rules::default() };
    for (square, want) in cases {
        let f = fen(&[("h13", "wk"), ("i4", "bk"), (square, "wp")], "1 w b - 0");
        let p: Sovereign = f.parse().unwrap();
        assert_eq!(moves_from(&p, square), sorted(&want), "{square}");
        // Option off (osc-ui): only the horizontal two-step remains.
        let p = Sovereign::from_fen_with(&f, horizontal_rules).unwrap();
        let m = moves_from(&p, square);
        assert_eq!(m.len(), 3, "{square}: {m:?}");
        let vertical_double = want[1];
        assert!(!m.iter().any(|x| x == vertical_double), "{square}: {m:?}");
    }
}

#[test]
fn s6_3_s14_12_pawn_captures_approaching_neither_line_are_illegal() {
    // b8: a9 crosses the horizontal line (rank distance unchanged) and goes
    // further from the vertical one; a7 goes further from both.
    let p = pos(
        &[("a1", "wk"), ("p16", "bk"), ("b8", "wp"), ("a9", "bn"), ("c9", "bn"), ("c7", "bn"), ("a7", "bn")],
        "1 w b - 0",
    );
    assert_eq!(moves_from(&p, "b8"), sorted(&["b8c8", "b8d8", "b8c7", "b8c9"]));
    // h12: no sideways step; g13/i13 approach neither line.
    let p = pos(
        &[
            ("a1", "wk"),
            ("p16", "bk"),
            ("h12", "wp"),
            ("g11", "bn"),
            ("i11", "bn"),
            ("g13", "bn"),
            ("i13", "bn"),
        ],
        "1 w b - 0",
    );
    assert_eq!(moves_from(&p, "h12"), sorted(&["h12h11", "h12g11", "h12i11"]));
}

// §6.1 rule 2: own-colour destinations --------------------------------------

#[test]
fn s6_1_own_colour_square_is_no_capture_destination() {
    // A black knight on the white square i8 cannot be captured by White pieces.
    let p = pos(&[("a1", "wk"), ("p16", "bk"), ("i4", "wq"), ("i8", "bn")], "1 w b - 0");
    let m = moves_from(&p, "i4");
    assert!(m.contains(&"i4i7".to_owned()) && m.contains(&"i4i6".to_owned()), "{m:?}");
    assert!(!m.contains(&"i4i8".to_owned()), "{m:?}");
}

#[test]
fn s6_1_s9_own_colour_ban_for_promotions_and_capture_promotions() {
    // Seat 1 owns ash (its king is ash). An ash pawn may not promote on the
    // ash square g7, neither by a step nor by a capture.
    let p = pos(&[("a1", "ak"), ("p16", "bk"), ("f7", "ap")], "1 a b - 0");
    assert_eq!(moves_from(&p, "f7"), sorted(&["f7f8"]));
    let p = pos(&[("a1", "ak"), ("p16", "bk"), ("f6", "ap"), ("g7", "bn")], "1 a b - 0");
    assert_eq!(moves_from(&p, "f6"), sorted(&["f6f7", "f6g6"]));
    // The same pawn captures onto other zone squares with promotion.
    let p = pos(
        &[("a1", "ak"), ("p16", "bk"), ("f7", "ap"), ("g8", "bn"), ("e8", "bn"), ("g6", "bn")],
        "1 a b - 0",
    );
    assert_eq!(
        moves_from(&p, "f7"),
        sorted(&["f7f8", "f7e8", "f7g6", "f7g8q", "f7g8r", "f7g8b", "f7g8n", "f7g8k"])
    );
}

#[test]
fn s9_promotion_entering_the_zone_by_capture_is_mandatory() {
    let p = pos(&[("a1", "wk"), ("p16", "bk"), ("f7", "wp"), ("g8", "bn")], "1 w b - 0");
    let mut want = vec!["f7f8"];
    want.extend(["f7g7q", "f7g7r", "f7g7b", "f7g7n", "f7g7k", "f7g8q", "f7g8r", "f7g8b", "f7g8n", "f7g8k"]);
    assert_eq!(moves_from(&p, "f7"), sorted(&want));
    assert!(p.parse_move("f7g8").is_err());
    let mut p = p;
    play(&mut p, "f7g8n");
    assert_eq!(p.piece_at(sq("g8")).map(|x| (x.color, x.role)), Some((Color::White, Role::Knight)));
}

// §5.4 one square per colour, twin moves ----------------------------------------

#[test]
fn s5_4_slider_moves_to_its_twin_seven_squares_away() {
    // Bishop on e5 (navy); its twin l12 lies on the same diagonal.
    let f = fen(&[("a1", "wk"), ("p16", "bk"), ("e5", "wb")], "1 w b - 0");
    let p: Sovereign = f.parse().unwrap();
    let m = moves_from(&p, "e5");
    for t in ["e5f6", "e5g7", "e5h8", "e5i9", "e5j10", "e5k11", "e5l12", "e5m13"] {
        assert!(m.contains(&t.to_owned()), "{t} missing from {m:?}");
    }
    assert!(!m.contains(&"e5n14".to_owned()));
    let strict = Sovereign::from_fen_with(&f, Rules { twin_move: false, ..Rules::default() }).unwrap();
    let m = moves_from(&strict, "e5");
    assert!(!m.contains(&"e5l12".to_owned()) && m.contains(&"e5m13".to_owned()), "{m:?}");
    // A piece elsewhere cannot land on l12 while e5 is occupied.
    let p = pos(&[("a1", "wk"), ("p16", "bk"), ("e5", "wb"), ("l8", "wr")], "1 w b - 0");
    assert!(!has(&p, "l8l12") && has(&p, "l8l11") && has(&p, "l8l13"));
}

// §5.1–§5.2 control --------------------------------------------------------------

#[test]
fn s5_2_neutral_cycle_after_overthrow() {
    // White pawn l5 (red square) gives White red; red rook i8 (white square)
    // is harmless while White owns white; red knight e5 (navy) gives White navy.
    let mut p = pos(
        &[("a1", "wk"), ("p16", "bk"), ("l5", "wp"), ("i8", "rr"), ("e5", "rn"), ("j6", "np")],
        "1 w b - 0",
    );
    assert_eq!(p.controller(Color::Red), Some(Seat(0)));
    assert_eq!(p.controller(Color::Navy), Some(Seat(0)));
    assert!(has(&p, "j6j7k"));
    play(&mut p, "j6j7k");
    // Overthrow: seat 1 owns navy; white and red now point at each other.
    assert_eq!(p.owned(Seat(0)), Color::Navy);
    assert_eq!(p.piece_at(sq("a1")), None);
    assert_eq!(p.controller(Color::White), None);
    assert_eq!(p.controller(Color::Red), None);
    assert_eq!(p.controller(Color::Navy), Some(Seat(0)));
    assert_eq!(p.controller(Color::Slate), Some(Seat(0)));
    play(&mut p, "p16p15");
    assert!(moves_from(&p, "i8").is_empty());
    assert!(moves_from(&p, "l5").is_empty());
}

#[test]
fn s5_1_chains_through_white_and_black_squares_when_not_owned() {
    // Seat 1 owns navy: a navy knight on the white square i8 gives it white,
    // the white rook on l5 (red) gives it red, the red bishop on f6 green.
    let p = pos(
        &[("a1", "nk"), ("p16", "bk"), ("i8", "nn"), ("l5", "wr"), ("f6", "rb"), ("c3", "gn")],
        "1 n b - 0",
    );
    assert_eq!(p.controller(Color::White), Some(Seat(0)));
    assert_eq!(p.controller(Color::Red), Some(Seat(0)));
    assert_eq!(p.controller(Color::Green), Some(Seat(0)));
    assert!(!moves_from(&p, "c3").is_empty());
    assert!(!moves_from(&p, "l5").is_empty());
    // The exception: a seat-1 piece on the black square h8 gives nothing; a
    // black pawn on l5 still gives Black red.
    let p = pos(&[("a1", "nk"), ("p16", "bk"), ("h8", "nn"), ("l5", "bp"), ("c3", "rn")], "1 n b - 0");
    assert_eq!(p.controller(Color::Black), Some(Seat(1)));
    assert_eq!(p.controller(Color::Red), Some(Seat(1)));
    assert!(moves_from(&p, "c3").is_empty());
    // ... and i9 (black twin) is blocked for everyone.
    let p = pos(&[("a1", "nk"), ("p16", "bk"), ("h8", "nn"), ("i4", "nr")], "1 n b - 0");
    assert!(!has(&p, "i4i9") && has(&p, "i4i10"));
}

// §7.1 check -----------------------------------------------------------------------

#[test]
fn s7_1_check_by_controlled_pieces_at_eight_and_nine_squares() {
    // Black pawn e12 (red square): Black controls red.
    let base = [("a1", "wk"), ("p16", "bk"), ("e12", "bp")];
    let with = |extra: (&'static str, &'static str)| {
        let mut v = base.to_vec();
        v.push(extra);
        pos(&v, "1 w b - 0")
    };
    assert!(with(("a9", "rr")).is_check());
    assert!(!with(("a10", "rr")).is_check());
    assert!(with(("i9", "rq")).is_check()); // diagonal, 8 squares
    assert!(!with(("j10", "rq")).is_check()); // 9 squares
    // Without the link the red pieces are neutral and never check.
    assert!(!pos(&[("a1", "wk"), ("p16", "bk"), ("a9", "rr")], "1 w b - 0").is_check());
}

#[test]
fn s7_1_king_on_opponent_owned_colour_square_is_checked_by_other_colours() {
    // White king on h8 (black): a black queen cannot check it (T11), a red
    // rook Black controls through e12 can.
    let p = pos(&[("h8", "wk"), ("p16", "bk"), ("e12", "bp"), ("h12", "rr")], "1 w b - 0");
    assert!(p.is_check());
    let p = pos(&[("h8", "wk"), ("p16", "bk"), ("h12", "bq")], "1 w b - 0");
    assert!(!p.is_check());
}

// §10 defection ----------------------------------------------------------------

#[test]
fn s10_forced_king_move_after_defection_may_capture() {
    // White king on f6 (green square). Black knight g5 covers e6 and f7.
    let mut p = pos(&[("f6", "wk"), ("a16", "bk"), ("g5", "bn")], "1 w b - 0 10");
    let defections: Vec<String> = p.sorted_moves().into_iter().filter(|m| m.starts_with("defect")).collect();
    assert_eq!(
        defections,
        sorted(&[
            "defect:green:f6e5",
            "defect:green:f6e7",
            "defect:green:f6f5",
            "defect:green:f6g5",
            "defect:green:f6g6",
            "defect:green:f6g7",
        ])
    );
    assert!(p.parse_move("defect:green").is_err());
    play(&mut p, "defect:green:f6g5");
    assert_eq!(p.owned(Seat(0)), Color::Green);
    assert_eq!(p.piece_at(sq("g5")).map(|x| (x.color, x.role)), Some((Color::Green, Role::King)));
    assert_eq!(p.piece_at(sq("f6")), None);
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(p.controller(Color::Green), Some(Seat(0)));
}

#[test]
fn s10_defection_refused_when_every_forced_king_move_is_attacked() {
    // King f6 (green); black rooks on rank 5 and rank 7 and on files e and g.
    let p = pos(
        &[("f6", "wk"), ("a16", "bk"), ("a5", "br"), ("a7", "br"), ("e14", "br"), ("g14", "br")],
        "1 w b - 0",
    );
    assert!(!p.sorted_moves().iter().any(|m| m.starts_with("defect")), "{:?}", p.sorted_moves());
}

#[test]
fn s10_s11_3_defection_does_not_reset_the_halfmove_clock() {
    let mut p = pos(&[("a1", "wk"), ("p16", "bk"), ("e5", "wp")], "1 w b - 0 7");
    play(&mut p, "defect:navy");
    assert_eq!(p.halfmove_clock(), 8);
    assert_eq!(p.to_string(), fen(&[("a1", "nk"), ("p16", "bk"), ("e5", "wp")], "2 n b - 1 8"));
}

// §9 coup and overthrow --------------------------------------------------------

#[test]
fn s9_coup_removes_a_king_that_stood_on_a_coloured_square() {
    // White king on e5 (navy) controls navy; the coup removes it and navy
    // becomes neutral; l12 is free again.
    let mut p = pos(&[("e5", "wk"), ("p16", "bk"), ("h6", "wp"), ("a3", "nr")], "1 w b - 0");
    assert_eq!(p.controller(Color::Navy), Some(Seat(0)));
    play(&mut p, "h6h7k");
    assert_eq!(p.piece_at(sq("e5")), None);
    assert_eq!(p.king(Seat(0)), Some(sq("h7")));
    assert_eq!(p.owned(Seat(0)), Color::White);
    assert_eq!(p.controller(Color::Navy), None);
    assert_eq!(p.controller(Color::Violet), None);
    play(&mut p, "p16p15");
    assert!(moves_from(&p, "a3").is_empty());
}

// §8 castling -------------------------------------------------------------------

const T13A: &str = "8bk7/16/16/16/16/16/16/16/16/16/8wp7/16/16/16/16/2pr5wk2wr4 1 w b CL 0";

fn castles(p: &Sovereign) -> Vec<String> {
    p.sorted_moves().into_iter().filter(|m| m.starts_with("castle")).collect()
}

#[test]
fn s8_rights_lost_when_the_rook_leaves_and_returns() {
    let mut p: Sovereign = T13A.parse().unwrap();
    play_all(&mut p, &["l1l2", "i16i15", "l2l1", "i15i16"]);
    assert_eq!(
        castles(&p),
        sorted(&["castle:i1d1", "castle:i1e1", "castle:i1f1", "castle:i1g1", "castle:i1h1"])
    );
    assert!(!p.castling_rights().contains(sq("l1")));
}

#[test]
fn s8_rights_lost_when_anything_moves_onto_the_rook_square() {
    // A right needs a rook on its square: one recorded for an
    // empty l1 is refused.
    assert!(Sovereign::from_fen(&fen(&[("i1", "wk"), ("i16", "bk"), ("l3", "wr")], "1 w b L 0")).is_err());
    // The rook leaves l1 and another arrives there: the right is not regained.
    let mut p = pos(&[("i1", "wk"), ("i16", "bk"), ("l1", "wr"), ("l3", "wr")], "1 w b L 0");
    play(&mut p, "l1k1");
    assert!(p.castling_rights().is_empty());
    play_all(&mut p, &["i16i15", "l3l1", "i15i16"]);
    assert!(p.castling_rights().is_empty());
    assert!(castles(&p).is_empty());
}

#[test]
fn s8_rights_lost_when_the_king_moves_and_returns() {
    let mut p: Sovereign = T13A.parse().unwrap();
    play_all(&mut p, &["i1i2", "i16i15", "i2i1", "i15i16"]);
    assert!(castles(&p).is_empty());
    assert!(p.castling_rights().is_empty());
}

#[test]
fn s8_s9_rights_lost_by_coup() {
    let mut p: Sovereign = T13A.parse().unwrap();
    play(&mut p, "i6i7k");
    assert!(p.castling_rights().is_empty(), "{p}");
    assert!(p.to_string().contains(" - "), "{p}");
}

#[test]
fn s8_landing_square_attacked_once_the_rook_has_left() {
    // A black rook on a1 is masked by the pink rook c1; after any c1 castle it
    // sees the king's destination.
    let f = T13A.replace("/2pr5wk2wr4", "/br1pr5wk2wr4");
    let p: Sovereign = f.parse().unwrap();
    assert!(!p.is_check());
    assert_eq!(castles(&p), sorted(&["castle:i1j1", "castle:i1k1"]));
}

#[test]
fn s8_squares_beyond_the_destination_may_be_attacked() {
    // A black rook on d9 attacks d1 (8 squares): castles to e1..h1 stay legal.
    let f = T13A.replacen("8bk7/16/16/16/16/16/16/16", "8bk7/16/16/16/16/16/16/3br12", 1);
    let p: Sovereign = f.parse().unwrap();
    assert_eq!(
        castles(&p),
        sorted(&["castle:i1e1", "castle:i1f1", "castle:i1g1", "castle:i1h1", "castle:i1j1", "castle:i1k1"])
    );
}

#[test]
fn s8_castling_with_a_rook_controlled_through_a_chain_and_losing_it() {
    // White pawn l5 (red) -> red knight on i6 (pink) -> pink rook c1.
    let mut p = pos(&[("i1", "wk"), ("i16", "bk"), ("c1", "pr"), ("l5", "wp"), ("i6", "rn")], "1 w b C 0");
    assert_eq!(
        castles(&p),
        sorted(&["castle:i1d1", "castle:i1e1", "castle:i1f1", "castle:i1g1", "castle:i1h1"])
    );
    // Moving the red knight off the pink square breaks the chain.
    play_all(&mut p, &["i6g5", "i16i15"]);
    assert!(castles(&p).is_empty());
    // The right itself survives (control changes do not affect rights).
    assert!(p.castling_rights().contains(sq("c1")));
}

// §11.1 start choice ----------------------------------------------------------------

#[test]
fn s11_1_pie_rule() {
    let mut g = Game::default();
    assert!(!g.start_choice_pending());
    assert_eq!(g.choose_start(StartChoice::Accept), Err(GameError::NoStartChoice));
    g.play_token("h2h4").unwrap();
    assert!(g.start_choice_pending());
    assert!(matches!(g.play_token("h15h13"), Err(GameError::StartChoicePending)));
    g.choose_start(StartChoice::Reject).unwrap();
    assert_eq!(g.first_mover_seat(), Some(Seat(0)));
    assert_eq!(g.choose_start(StartChoice::Accept), Err(GameError::NoStartChoice));
    g.play_token("h15h13").unwrap();
    // A game from a composed position never asks.
    let p = pos(&[("i1", "wk"), ("i16", "bk"), ("e2", "wp")], "1 w b - 0");
    let mut g = Game::from_position(p, Rules::default());
    g.play_token("e2e4").unwrap();
    assert!(!g.start_choice_pending());
}

// §11.3 draws ----------------------------------------------------------------------

#[test]
fn s11_3_claims_are_not_automatic_and_resets_work() {
    let f = fen(&[("a1", "wk"), ("p16", "bk"), ("h1", "wn"), ("e5", "wp"), ("i16", "bn")], "1 w b - 0 99");
    let mut g = Game::from_position(f.parse().unwrap(), Rules::default());
    g.play_token("h1g3").unwrap();
    assert_eq!(g.claimable_draw(), Some(EndReason::FiftyMoveRule));
    assert_eq!(g.end_reason(), None);
    // The claim lapses after a pawn move (the count restarts).
    g.play_token("i16j14").unwrap();
    g.play_token("e5e6").unwrap();
    assert_eq!(g.position().halfmove_clock(), 0);
    assert_eq!(g.claimable_draw(), None);
    // With the automatic draw switched off, 150 plies do not end the game.
    let f = fen(&[("a1", "wk"), ("p16", "bk"), ("h1", "wn"), ("i16", "bn")], "1 w b - 0 149");
    let rules = Rules { auto_draw_plies: None, ..Rules::default() };
    let mut g = Game::from_position(Sovereign::from_fen_with(&f, rules).unwrap(), rules);
    g.play_token("h1g3").unwrap();
    assert_eq!(g.end_reason(), None);
    assert_eq!(g.claimable_draw(), Some(EndReason::FiftyMoveRule));
    // Threefold needs the same owned colours: a defection makes a new position.
    let p = pos(&[("a1", "wk"), ("p16", "bk"), ("h1", "wn"), ("i16", "bn"), ("e5", "wp")], "1 w b - 0");
    let mut g = Game::from_position(p, Rules::default());
    for t in ["h1g3", "i16j14", "g3h1", "j14i16", "h1g3", "i16j14", "g3h1", "j14i16"] {
        g.play_token(t).unwrap();
    }
    assert_eq!(g.claimable_draw(), Some(EndReason::ThreefoldRepetition));
    g.play_token("defect:navy").unwrap();
    assert_eq!(g.repetitions(), 1);
}

// §3.3 position strings ---------------------------------------------------------

#[test]
fn s3_3_ambiguous_letters_are_read_positionally() {
    let p = pos(
        &[("a1", "wk"), ("p16", "bk"), ("c3", "bb"), ("d4", "nn"), ("e3", "pp"), ("f4", "rr")],
        "1 w b - 0",
    );
    let get = |s: &str| p.piece_at(sq(s)).map(|x| (x.color, x.role));
    assert_eq!(get("c3"), Some((Color::Black, Role::Bishop)));
    assert_eq!(get("d4"), Some((Color::Navy, Role::Knight)));
    assert_eq!(get("e3"), Some((Color::Pink, Role::Pawn)));
    assert_eq!(get("f4"), Some((Color::Red, Role::Rook)));
    assert!(p.to_string().contains("bb") && p.to_string().contains("nn"));
}

#[test]
fn s3_3_two_digit_empties_and_the_seventh_field() {
    let six = fen(&[("p1", "wk"), ("a16", "bk")], "2 w b - 41");
    assert!(six.starts_with("bk15/16/16/"), "{six}");
    let p: Sovereign = six.parse().unwrap();
    assert_eq!(p.to_string(), six);
    assert_eq!(p.halfmove_clock(), 0);
    let seven = format!("{six} 12");
    let p: Sovereign = seven.parse().unwrap();
    assert_eq!(p.to_string(), seven);
    assert_eq!(p.halfmove_clock(), 12);
    let parse = |s: &str| {
        s.parse::<Sovereign>().map(|_| ()).map_err(|e| match e {
            FenError::Parse(p) => p.issues[0].clone(),
            e @ FenError::Invalid { .. } => panic!("{s}: {e}"),
        })
    };
    // "17" is one run too wide; "016" and "0" are not counts.
    assert!(matches!(parse(&six.replacen("bk15", "bk17", 1)), Err(ParseIssue::Board { at: 2 })));
    assert!(matches!(parse(&six.replacen("bk15", "bk015", 1)), Err(ParseIssue::Board { at: 2 })));
    assert!(matches!(parse(&six.replacen("/16/", "/0/", 1)), Err(ParseIssue::Board { .. })));
    // "8" + "8" written as "88" is an 88-square run, not two runs.
    assert!(matches!(parse(&six.replacen("/16/", "/88/", 1)), Err(ParseIssue::Board { .. })));
    // An 8th field is an error naming its offset.
    assert_eq!(
        parse(&format!("{seven} 3")),
        Err(ParseIssue::FieldCount { want: 6, got: 8, at: seven.len() + 1 })
    );
    // Negative or signed numbers are rejected.
    assert!(matches!(parse(&six.replace(" 41", " -1")), Err(ParseIssue::Ply { .. })));
    assert!(matches!(parse(&format!("{six} +3")), Err(ParseIssue::Clock { .. })));
}

#[test]
fn s3_3_validation_of_each_rule() {
    let v = |s: String| match s.parse::<Sovereign>() {
        Err(FenError::Invalid { error, .. }) => error.issues[0].clone(),
        other => panic!("{s}: {other:?}"),
    };
    // Two kings of the owned colour.
    assert_eq!(
        v(fen(&[("a1", "wk"), ("c1", "wk"), ("p16", "bk")], "1 w b - 0")),
        Issue::KingCount { seat: 1, count: 2 }
    );
    // The king is not of the owned colour.
    assert!(matches!(
        v(fen(&[("a1", "wk"), ("p16", "bk")], "1 n b - 0")),
        Issue::KingCount { seat: 1, count: 0 } | Issue::StrayKing { .. }
    ));
    // A king of a colour nobody owns.
    assert_eq!(
        v(fen(&[("a1", "wk"), ("p16", "bk"), ("c3", "rk")], "1 w b - 0")),
        Issue::StrayKing { square: sq("c3") }
    );
    // Pawns anywhere in the 4x4, including the inner 2x2 and coloured squares.
    for s in ["g7", "j10", "h8", "i9", "g10", "j7"] {
        let err = v(fen(&[("a1", "wk"), ("p16", "bk"), (s, "cp")], "1 w b - 0"));
        assert_eq!(err, Issue::PawnInCenter { square: sq(s) }, "{s}");
    }
    // A king on its own colour's square.
    assert_eq!(
        v(fen(&[("h9", "wk"), ("p16", "bk")], "1 w b - 0")),
        Issue::OwnColorSquare { square: sq("h9") }
    );
}

// §13 Royale ------------------------------------------------------------------------

const R4: &str = "1 w a s b - 0";

#[test]
fn s13_2_turn_order_by_seat_after_defection_and_interregnum() {
    // Ash has no king (Interregnum) but still moves in its turn.
    let mut p = royale(&[("i1", "wk"), ("b5", "ap"), ("p8", "sk"), ("h16", "bk"), ("e5", "wp")], R4);
    assert_eq!(p.turn(), Seat(0));
    let mv = p.parse_move("defect:navy").unwrap();
    p.play(mv).unwrap();
    assert_eq!(p.owned(Seat(0)), Color::Navy);
    assert_eq!(p.turn(), Seat(1));
    assert!(p.in_interregnum(Seat(1)));
    // Interregnum: no defection possible.
    assert!(!p.sorted_moves().iter().any(|m| m.starts_with("defect")));
    let mv = p.parse_move("b5c5").unwrap();
    p.play(mv).unwrap();
    assert_eq!(p.turn(), Seat(2));
}

#[test]
fn s13_3_nobody_controls_a_colour_owned_by_an_interregnum_seat() {
    // Ash is in Interregnum; a white knight on the ash square j10 gives White
    // nothing: the ash rook stays Ash's, and White may capture it.
    let p =
        royale(&[("i1", "wk"), ("a3", "ar"), ("a8", "wr"), ("p8", "sk"), ("h16", "bk"), ("j10", "wn")], R4);
    assert!(p.in_interregnum(Seat(1)));
    assert_eq!(p.controller(Color::Ash), Some(Seat(1)));
    let m = p.sorted_moves();
    assert!(!m.iter().any(|x| x.starts_with("a3")), "{m:?}");
    assert!(m.contains(&"a8a3".to_owned()), "{m:?}");
}

#[test]
fn s13_2_king_captured_by_later_seat_then_seat_passes() {
    // Black's rook e9 checks White's king e1 from exactly 8 squares.
    let mut p = royale(&[("e1", "wk"), ("a7", "ak"), ("p8", "sk"), ("h16", "bk"), ("e9", "br")], R4);
    assert_eq!(p.checks(), vec![Seat(0)]);
    // White ignores the check (allowed in Royale); Ash and Slate move; Black captures.
    for t in ["e1e2", "a7a6", "p8p7"] {
        let mv = p.parse_move(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        p.play(mv).unwrap();
    }
    assert_eq!(p.turn(), Seat(3));
    let mv = p.parse_move("e9e2").unwrap();
    p.play(mv).unwrap();
    assert!(p.in_interregnum(Seat(0)));
    // White has no pieces left: it passes; Ash moves next.
    assert_eq!(p.turn(), Seat(1));
    assert_eq!(p.kings(), 3);
    assert!(p.outcome().is_none());
}

#[test]
fn s13_2_interregnum_ends_by_promotion() {
    let mut p = royale(&[("h6", "wp"), ("a9", "ak"), ("p8", "sk"), ("h16", "bk")], R4);
    assert!(p.in_interregnum(Seat(0)));
    let mv = p.parse_move("h6h7k").unwrap();
    p.play(mv).unwrap();
    assert!(!p.in_interregnum(Seat(0)));
    assert_eq!(p.king(Seat(0)), Some(sq("h7")));
}

#[test]
fn s13_3_game_end_results() {
    // Two kings left: White captures Black's king and wins; Ash (captured) loses.
    let mut p = royale(&[("i1", "wk"), ("i2", "wq"), ("i10", "bk")], R4);
    let mv = p.parse_move("i2i10").unwrap();
    p.play(mv).unwrap();
    let o = p.outcome().expect("one king left");
    assert_eq!(o.reason(), "last-king");
    assert_eq!(o.result(Seat(0)), SeatResult::Win);
    for s in 1..4 {
        assert_eq!(o.result(Seat(s)), SeatResult::Loss, "seat {s}");
    }
    assert!(p.legal_moves().is_empty());
}

#[test]
fn s13_4_escaped_seat_moves_again_when_every_other_seat_must_pass() {
    // White's king i7 has no move (neutral red knights and its own colour
    // i8); every move of the White knight h8 uncovers the black bishop g9
    // (which cannot capture on the black square h8). Ash's and Black's kings
    // and the bishop are boxed in by neutral red knights; Slate has nothing.
    let mut pieces = vec![("i7", "wk"), ("h8", "wn"), ("a9", "ak"), ("p16", "bk"), ("g9", "bb")];
    for s in [
        "h6", "h7", "i6", "j6", "j7", "j8", "f10", "h10", "f8", "o16", "o15", "p15", "a8", "a10", "b8", "b9",
        "b10",
    ] {
        pieces.push((s, "rn"));
    }
    let p = royale(&pieces, R4);
    // White's king escaped (§13.2); Ash, Slate and Black cannot move, so the
    // turn comes back to White, whose army (in Interregnum) can move (§13.4).
    assert_eq!(p.fate(Seat(0)), motley_sovereign::Fate::Escaped);
    assert_eq!(p.kings(), 2);
    assert_eq!(p.end_reason(), None);
    assert_eq!(p.turn(), Seat(0));
    assert_eq!(p.sorted_moves(), sorted(&["h8f7", "h8f9", "h8g6", "h8i10", "h8j9"]));
}

#[test]
fn s7_4_escape_three_king_steps_onto_a_square_of_the_checkers_colour() {
    // Black queen h12 checks the White king h7 down the h-file; h8 is a black
    // square, where a black queen cannot capture: the king may step there.
    let p = pos(&[("h7", "wk"), ("p16", "bk"), ("h12", "bq")], "1 w b - 0");
    assert!(p.is_check());
    assert_eq!(moves_from(&p, "h7"), sorted(&["h7g6", "h7g7", "h7g8", "h7h8", "h7i6", "h7i7"]));
}

#[test]
fn s7_4_escape_six_capturing_the_first_link_of_a_two_link_chain() {
    // Black pawn e12 (red square) -> red knight k11 (green square) -> green
    // rook i4 checks i1. Nd10xe12 takes red, and green through it.
    let mut p = pos(
        &[("i1", "wk"), ("p16", "bk"), ("e12", "bp"), ("k11", "rn"), ("i4", "gr"), ("d10", "wn")],
        "1 w b - 0",
    );
    assert!(p.is_check());
    assert_eq!(p.controller(Color::Green), Some(Seat(1)));
    assert!(has(&p, "d10e12"));
    play(&mut p, "d10e12");
    assert_eq!(p.controller(Color::Red), Some(Seat(0)));
    assert_eq!(p.controller(Color::Green), Some(Seat(0)));
}

#[test]
fn s7_1_s14_16_adjacent_kings_on_each_others_colour() {
    // White king on the black square h8, Black king on the white square i8.
    let p = pos(&[("h8", "wk"), ("i8", "bk")], "1 w b - 0");
    assert!(!p.is_check());
    assert!(!has(&p, "h8i8"));
    let p = pos(&[("h8", "wk"), ("i8", "bk")], "2 w b - 0");
    assert!(!p.is_check());
    assert!(!has(&p, "i8h8"));
}

#[test]
fn s11_2_a_defection_is_a_move_so_no_stalemate() {
    // King a1 boxed in by black rooks (b-file and rank 2), not in check; the
    // white pawn e5 (navy) is blocked by neutral red pieces. Only defect:navy.
    let p = pos(
        &[("a1", "wk"), ("p16", "bk"), ("b9", "br"), ("h2", "br"), ("e5", "wp"), ("e6", "rn"), ("f5", "rn")],
        "1 w b - 0",
    );
    assert!(!p.is_check());
    assert_eq!(p.sorted_moves(), sorted(&["defect:navy"]));
    assert_eq!(p.end_reason(), None);
}

#[test]
fn s5_4_pawn_may_not_step_onto_a_blocked_square_but_may_capture_onto_a_coloured_one() {
    // d5 -> e5 (navy) is blocked while l12 is occupied; d6 stays open.
    let p = pos(&[("a1", "wk"), ("p16", "bk"), ("d5", "wp"), ("l12", "bn")], "1 w b - 0");
    assert_eq!(moves_from(&p, "d5"), sorted(&["d5d6"]));
    // Capturing onto the occupied square of a pair is fine (e5 with l12 empty).
    let p = pos(&[("a1", "wk"), ("p16", "bk"), ("d4", "wp"), ("e5", "bn")], "1 w b - 0");
    assert!(has(&p, "d4e5"));
}

#[test]
fn s13_3_6_ash_castles_along_file_a_with_a_controlled_red_rook() {
    // Ash's pawn on l5 (red square) gives Ash red; the red rook a2 keeps its right.
    let rest = "2 w a s b a2 0";
    let with =
        royale(&[("a9", "ak"), ("a2", "rr"), ("l5", "ap"), ("i1", "wk"), ("p8", "sk"), ("h16", "bk")], rest);
    assert_eq!(with.turn(), Seat(1));
    let castles: Vec<String> = with.sorted_moves().into_iter().filter(|m| m.starts_with("castle")).collect();
    assert_eq!(
        castles,
        sorted(&["castle:a9a3", "castle:a9a4", "castle:a9a5", "castle:a9a6", "castle:a9a7", "castle:a9a8"])
    );
    let mut after = with.clone();
    let mv = after.parse_move("castle:a9a4").unwrap();
    after.play(mv).unwrap();
    assert_eq!(after.king(Seat(1)), Some(sq("a4")));
    assert_eq!(after.piece_at(sq("a5")).map(|x| (x.color, x.role)), Some((Color::Red, Role::Rook)));
    assert!(after.castling_rights().is_empty());
    let without = royale(&[("a9", "ak"), ("a2", "rr"), ("i1", "wk"), ("p8", "sk"), ("h16", "bk")], rest);
    assert!(!without.sorted_moves().iter().any(|m| m.starts_with("castle")));
}
