//! One or more tests per rule of §5–§11 of the contract (beyond T01–T19).

mod common;

use common::{fen, moves_from, play, pos};
use motley_core::{Position, SeatResult};
use motley_sovereign::{
    Color, EndReason, FenError, Game, GameError, Issue, ParseIssue, Role, Rules, Seat, Sovereign, StartChoice,
};

fn sq(s: &str) -> motley_sovereign::Square {
    s.parse().unwrap()
}

// §5 ownership and control -------------------------------------------------

#[test]
fn control_chain_and_neutral_pieces() {
    // White pawn e5 (navy) -> navy pawn i6 (pink) -> pink controlled by White.
    let p = pos(
        &[("a16", "bk"), ("i1", "wk"), ("e5", "wp"), ("i6", "np"), ("c1", "pr"), ("c5", "gn")],
        "1 w b - 0",
    );
    assert_eq!(p.controller(Color::Navy), Some(Seat(0)));
    assert_eq!(p.controller(Color::Pink), Some(Seat(0)));
    assert_eq!(p.controller(Color::Green), None);
    // The neutral green knight cannot move and cannot be captured.
    assert!(moves_from(&p, "c5").is_empty());
    assert!(!p.sorted_moves().iter().any(|m| m.ends_with("c5")));
}

#[test]
fn cycle_after_defection_is_neutral() {
    // White pawn on the red square l5, red rook on the white square i8; White
    // controls yellow through its pawn on k6... (k6 is the yellow square).
    let mut p = pos(
        &[("a16", "bk"), ("a1", "wk"), ("l5", "wp"), ("i8", "rr"), ("k6", "wn"), ("m3", "yn")],
        "1 w b - 0",
    );
    assert_eq!(p.controller(Color::Red), Some(Seat(0)));
    assert_eq!(p.controller(Color::Yellow), Some(Seat(0)));
    play(&mut p, "defect:yellow");
    // white and red now point at each other: a neutral cycle.
    assert_eq!(p.owned(Seat(0)), Color::Yellow);
    assert_eq!(p.controller(Color::White), None);
    assert_eq!(p.controller(Color::Red), None);
    assert!(p.to_string().contains(" 2 y b "));
}

#[test]
fn nobody_controls_the_opponents_owned_colour() {
    // Black bishop on h9 (white square) gives Black nothing.
    let p = pos(&[("a16", "bk"), ("a1", "wk"), ("h9", "bb")], "1 w b - 0");
    assert_eq!(p.controller(Color::White), Some(Seat(0)));
    assert_eq!(p.controller(Color::Black), Some(Seat(1)));
}

// §5.4 one square per colour -----------------------------------------------

#[test]
fn one_square_per_colour_and_twin_move() {
    // Rook on f6 (green) may go to its twin k11? Not on a line. Use the
    // white-square pair i8/h9 with a rook on the black square i9: twin h8.
    let p = pos(&[("a16", "bk"), ("a1", "wk"), ("i9", "wr"), ("e12", "np")], "1 w b - 0");
    let m = moves_from(&p, "i9");
    // i9 -> h9 is a white square (own colour): forbidden; i9 -> i8 own colour too.
    assert!(!m.contains(&"i9h9".to_owned()) && !m.contains(&"i9i8".to_owned()));
    // A knight on f6 (green) can jump to... its twin is k11, not reachable.
    // A king on h8 (black) may step to its twin i9 (T11). With the option off it may not.
    let k = "bk15/16/16/16/7bq8/16/16/16/7wk8/16/16/16/16/16/16/16 1 w b - 0";
    let strict = Rules { twin_move: false, ..Rules::default() };
    let p = Sovereign::from_fen_with(k, strict).unwrap();
    assert!(!p.sorted_moves().contains(&"h8i9".to_owned()));
    let p: Sovereign = k.parse().unwrap();
    assert!(p.sorted_moves().contains(&"h8i9".to_owned()));
    // The red pawn-blocked pair: a navy pawn on e12 (red square) blocks l5.
    let p = pos(&[("a16", "bk"), ("a1", "wk"), ("l1", "wr"), ("e12", "np")], "1 w b - 0");
    let m = moves_from(&p, "l1");
    assert!(
        m.contains(&"l1l4".to_owned()) && !m.contains(&"l1l5".to_owned()) && m.contains(&"l1l6".to_owned())
    );
}

#[test]
fn validation_rejects_both_squares_of_a_colour() {
    let f = fen(&[("a16", "bk"), ("a1", "wk"), ("e5", "wp"), ("l12", "bp")], "1 w b - 0");
    match f.parse::<Sovereign>() {
        Err(FenError::Invalid { error, .. }) => {
            assert_eq!(error.issues, [Issue::PairOccupied { color: Color::Navy }]);
        }
        other => panic!("{f}: {other:?}"),
    }
}

// §6 movement ---------------------------------------------------------------

#[test]
fn pawn_examples_of_section_six() {
    // (pawn, expected moves with enemy knights on every diagonal neighbour).
    let cases: [(&str, &[&str]); 8] = [
        ("k4", &["j4", "k5", "j5", "j3", "l5"]),
        ("l4", &["k4", "l5", "k5", "k3", "m5"]),
        ("l7", &["k7", "l8", "k8", "k6", "m8"]),
        ("d9", &["e9", "e8", "e10"]),
        ("i13", &["i12", "h12", "j12"]),
        ("o6", &["n6", "o7", "m6", "n7", "n5", "p7"]),
        ("d5", &["d6", "e5", "c6", "e6", "e4"]),
        ("h2", &["h3", "h4", "g3", "i3"]),
    ];
    for (from, want) in cases {
        let s = sq(from);
        let mut pieces = vec![("a16", "bk".to_owned()), ("p1", "wk".to_owned()), (from, "wp".to_owned())];
        let mut names = Vec::new();
        for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if let Some(t) = s.offset(df, dr) {
                names.push(t.to_string());
            }
        }
        for n in &names {
            pieces.push((n.as_str(), "bn".to_owned()));
        }
        let refs: Vec<(&str, &str)> = pieces.iter().map(|(a, b)| (*a, b.as_str())).collect();
        // Keep black knights off squares of black colour (own colour) and pairs valid.
        let f = fen(&refs, "1 w b - 0");
        let Ok(p) = f.parse::<Sovereign>() else { panic!("{f}") };
        let mut got = moves_from(&p, from);
        got.sort();
        let mut want: Vec<String> = want.iter().map(|t| format!("{from}{t}")).collect();
        want.sort();
        assert_eq!(got, want, "{from}");
    }
}

#[test]
fn corner_two_step_option() {
    // A pawn on b2 is equidistant from the bottom and left edges.
    let f = fen(&[("a16", "bk"), ("p8", "wk"), ("b2", "wp")], "1 w b - 0");
    let both: Sovereign = f.parse().unwrap();
    let mut m = moves_from(&both, "b2");
    m.sort();
    assert_eq!(m, vec!["b2b3", "b2b4", "b2c2", "b2d2"]);
    let horizontal =
        Sovereign::from_fen_with(&f, Rules { corner_two_step_both: false, ..Rules::default() }).unwrap();
    assert_eq!(moves_from(&horizontal, "b2"), vec!["b2b3", "b2c2", "b2d2"]);
}

#[test]
fn range_limit_applies_to_attacks() {
    // A rook eight squares away checks; nine squares away it does not.
    let near = pos(&[("p16", "bk"), ("a1", "wk"), ("a9", "br")], "1 w b - 0");
    assert!(near.is_check());
    let far = pos(&[("p16", "bk"), ("a1", "wk"), ("a10", "br")], "1 w b - 0");
    assert!(!far.is_check());
    // ...but it reaches a2, exactly eight squares away.
    assert!(!far.sorted_moves().contains(&"a1a2".to_owned()));
    assert!(far.sorted_moves().contains(&"a1b2".to_owned()));
}

// §7 check ------------------------------------------------------------------

#[test]
fn pinned_piece_and_checks_by_controlled_pieces() {
    // A classic pin: white rook e4 between king e1 and black rook e8.
    let p = pos(&[("a16", "bk"), ("e1", "wk"), ("e4", "wr"), ("e8", "br")], "1 w b - 0");
    let m = moves_from(&p, "e4");
    assert!(m.iter().all(|x| x.starts_with("e4e")), "{m:?}");
    // A piece whose departure makes a colour neutral is not pinned: the white
    // pawn on e12 (red) links the red rook; moving it is legal even though...
    // the red rook belongs to White here, so nothing changes for White's king.
    let p = pos(&[("a16", "bk"), ("i1", "wk"), ("e12", "wp"), ("i5", "rr")], "1 w b - 0");
    assert!(!p.is_check());
    assert!(moves_from(&p, "e12").contains(&"e12e11".to_owned()));
}

#[test]
fn status_says_check() {
    let p: Sovereign =
        "bk15/16/16/16/4bp11/16/3wn12/16/16/16/16/8rr7/16/16/16/8wk7 1 w b - 0".parse().unwrap();
    assert_eq!(p.status(), "check");
    assert_eq!(Sovereign::start().status(), "ongoing");
}

// §8 castling ------------------------------------------------------------------

#[test]
fn castling_with_rook_controlled_through_a_chain() {
    // White pawn e5 (navy) -> navy knight i6 (pink) -> pink rook c1 is White's.
    let p = pos(&[("a16", "bk"), ("i1", "wk"), ("e5", "wp"), ("i6", "nn"), ("c1", "pr")], "1 w b C 0");
    assert_eq!(p.controller(Color::Pink), Some(Seat(0)));
    let c: Vec<String> = p.sorted_moves().into_iter().filter(|m| m.starts_with("castle")).collect();
    assert_eq!(c.len(), 5, "{c:?}"); // king to h1 g1 f1 e1 d1
    // Without the chain's first link the rook is neutral: no castling.
    let p = pos(&[("a16", "bk"), ("i1", "wk"), ("i6", "nn"), ("c1", "pr")], "1 w b C 0");
    assert!(!p.sorted_moves().iter().any(|m| m.starts_with("castle")));
}

#[test]
fn castling_rights_lost_when_rook_captured_on_its_square() {
    let mut p = pos(&[("a16", "bk"), ("i1", "wk"), ("l1", "wr"), ("l8", "br"), ("e1", "wr")], "2 w b EL 0");
    play(&mut p, "l8l1");
    assert_eq!(p.to_string().split(' ').nth(4), Some("E"));
    // Rook moving away and back loses the right; king moving loses all.
    let mut p = pos(&[("a16", "bk"), ("i1", "wk"), ("l1", "wr"), ("e1", "wr")], "1 w b EL 0");
    play(&mut p, "l1l2");
    assert_eq!(p.to_string().split(' ').nth(4), Some("E"));
    let mut p = pos(&[("a16", "bk"), ("i1", "wk"), ("l1", "wr"), ("e1", "wr")], "1 w b EL 0");
    play(&mut p, "i1i2");
    assert_eq!(p.to_string().split(' ').nth(4), Some("-"));
}

#[test]
fn defection_keeps_castling_rights_but_needs_a_controlled_rook() {
    // King i1 defects to navy (pawn e5); the white rooks become neutral.
    let mut p = pos(&[("a16", "bk"), ("i1", "wk"), ("e5", "wp"), ("l1", "wr")], "1 w b L 0");
    play(&mut p, "defect:navy");
    assert_eq!(p.to_string().split(' ').nth(4), Some("L"));
    play(&mut p, "a16a15");
    assert!(!p.sorted_moves().iter().any(|m| m.starts_with("castle")));
}

// §9 promotion ------------------------------------------------------------------

#[test]
fn coup_keeps_owned_colour_and_removes_old_king() {
    let mut p = pos(&[("a16", "bk"), ("a1", "wk"), ("h6", "wp")], "1 w b - 0");
    play(&mut p, "h6h7k");
    assert_eq!(p.owned(Seat(0)), Color::White);
    assert_eq!(p.king(Seat(0)), Some(sq("h7")));
    assert!(p.piece_at(sq("a1")).is_none());
}

#[test]
fn promotion_is_mandatory_and_keeps_colour() {
    let p = pos(&[("a16", "bk"), ("a1", "wk"), ("e5", "wp"), ("j6", "np")], "1 w b - 0");
    assert!(p.parse_move("j6j7").is_err());
    let mut q = p.clone();
    play(&mut q, "j6j7q");
    assert_eq!(q.piece_at(sq("j7")).map(|x| (x.color, x.role)), Some((Color::Navy, Role::Queen)));
    assert_eq!(q.controller(Color::Navy), Some(Seat(0)));
}

// §10 defection --------------------------------------------------------------------

#[test]
fn pure_defection_never_escapes_check() {
    // T08 with a navy link: White in check by the red rook; defecting to navy is no escape.
    let p: Sovereign =
        "bk15/16/16/16/4bp11/16/3wn12/16/16/16/4wp11/8rr7/16/16/16/8wk7 1 w b - 0".parse().unwrap();
    assert!(p.is_check());
    assert!(!p.sorted_moves().iter().any(|m| m.starts_with("defect")));
}

// §11 game flow ------------------------------------------------------------------

#[test]
fn start_choice_pie_rule() {
    let mut g = Game::default();
    assert_eq!(g.choose_start(StartChoice::Accept), Err(GameError::NoStartChoice));
    g.play_token("e2e4").unwrap();
    assert!(g.start_choice_pending());
    assert!(matches!(g.play_token("e15e13"), Err(GameError::StartChoicePending)));
    g.choose_start(StartChoice::Accept).unwrap();
    assert_eq!(g.first_mover_seat(), Some(Seat(1)));
    g.play_token("e15e13").unwrap();
    let mut g = Game::default();
    g.play_token("e2e4").unwrap();
    g.choose_start(StartChoice::Reject).unwrap();
    assert_eq!(g.first_mover_seat(), Some(Seat(0)));
}

#[test]
fn checkmate_and_stalemate_outcomes() {
    // Mate: king a1, black rooks a8 (check) and b8; no coup available.
    let p = pos(&[("a1", "wk"), ("a8", "br"), ("b8", "br"), ("p16", "bk")], "1 w b - 0");
    let o = p.outcome().unwrap();
    assert_eq!(o.reason(), "checkmate");
    assert_eq!(o.result(Seat(1)), SeatResult::Win);
    assert_eq!(p.status(), "black wins (checkmate)", "the winner named as the game names it");
    assert_eq!(p.end_reason(), Some(EndReason::Checkmate));
    assert_eq!(p.winner(), Some(Seat(1)));
    // Stalemate: king a1, black rook b8 and queen... rooks b8 and h2 cover b1, b2, a2.
    let p = pos(&[("a1", "wk"), ("b8", "br"), ("h2", "br"), ("p16", "bk")], "1 w b - 0");
    assert!(!p.is_check());
    assert_eq!(p.outcome().unwrap().reason(), "stalemate");
    assert!(p.outcome().unwrap().is_draw());
    assert_eq!(p.winner(), None);
}

#[test]
fn repetition_and_move_rules() {
    let start = pos(&[("a1", "wk"), ("p16", "bk"), ("h1", "wn"), ("i16", "bn")], "1 w b - 0");
    let mut g = Game::from_position(start.clone(), Rules::default());
    assert_eq!(g.claimable_draw(), None);
    for _ in 0..2 {
        for t in ["h1g3", "i16j14", "g3h1", "j14i16"] {
            g.play_token(t).unwrap();
        }
    }
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.claimable_draw(), Some(EndReason::ThreefoldRepetition));
    for _ in 0..2 {
        for t in ["h1g3", "i16j14", "g3h1", "j14i16"] {
            g.play_token(t).unwrap();
        }
    }
    assert_eq!(g.end_reason(), Some(EndReason::FivefoldRepetition));
    assert_eq!(g.outcome().unwrap().reason(), "fivefold-repetition");
    assert!(matches!(g.play_token("h1g3"), Err(GameError::GameOver)));
    // Fifty-move claim from a halfmove clock of 99 in the 7th field.
    let f = fen(&[("a1", "wk"), ("p16", "bk"), ("h1", "wn"), ("i16", "bn")], "1 w b - 0 99");
    let p: Sovereign = f.parse().unwrap();
    assert_eq!(p.to_string(), f);
    let mut g = Game::from_position(p, Rules::default());
    g.play_token("h1g3").unwrap();
    assert_eq!(g.claimable_draw(), Some(EndReason::FiftyMoveRule));
    assert_eq!(g.claim_draw(), Ok(EndReason::FiftyMoveRule));
    let f = fen(&[("a1", "wk"), ("p16", "bk"), ("h1", "wn"), ("i16", "bn")], "1 w b - 0 149");
    let mut g = Game::from_position(f.parse().unwrap(), Rules::default());
    g.play_token("h1g3").unwrap();
    assert_eq!(g.end_reason(), Some(EndReason::SeventyFiveMoveRule));
    // Bare kings.
    let p = pos(&[("a1", "wk"), ("p16", "bk"), ("b2", "bn")], "1 w b - 0");
    let mut g = Game::from_position(p, Rules::default());
    g.play_token("a1b2").unwrap();
    assert_eq!(g.end_reason(), Some(EndReason::BareKings));
}

// §3.3 position strings -----------------------------------------------------------

#[test]
fn fen_errors_name_field_and_offset() {
    let start = motley_sovereign::START_FEN;
    let board_len = start.find(' ').unwrap();
    let e = |s: &str| match s.parse::<Sovereign>() {
        Err(FenError::Parse(p)) if p.issues.len() == 1 => p.issues[0].clone(),
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(e(&start.replace(" 1 w b", " 3 w b")), ParseIssue::Turn { seats: 2, at: board_len + 1 });
    assert_eq!(e(&start.replace(" w b ", " w x ")), ParseIssue::Owned { seat: 2, at: board_len + 5 });
    assert_eq!(
        e(&start.replace("CELNceln", "CELN!")),
        ParseIssue::Castling { what: "expected file letters a-p / A-P or `-`", at: board_len + 11 }
    );
    assert_eq!(e(&start.replace(" 0", " x")), ParseIssue::Ply { at: start.len() - 1 });
    assert_eq!(e(&format!("{start} y")), ParseIssue::Clock { at: start.len() + 1 });
    assert!(matches!(e(&start.replacen("aqab", "aqxb", 1)), ParseIssue::Board { at: 2 }));
    assert!(matches!(
        e(&start.replacen("nbnp12opob", "nbnp13opob", 1)),
        ParseIssue::RankWidth { rank: 14, .. }
    ));
    assert!(matches!(e("16/16 1 w b - 0"), ParseIssue::RankCount { got: 2, at: 0 }));
    assert!(matches!(e("x"), ParseIssue::FieldCount { want: 6, got: 1, .. }));
    // Validation errors.
    let v = |s: String| match s.parse::<Sovereign>() {
        Err(FenError::Invalid { error, .. }) => error.issues[0].clone(),
        other => panic!("{s}: {other:?}"),
    };
    assert_eq!(v(fen(&[("a1", "wk")], "1 w b - 0")), Issue::KingCount { seat: 2, count: 0 });
    assert_eq!(
        v(fen(&[("a1", "wk"), ("p16", "bk")], "1 w w - 0")),
        Issue::OwnedTwice { color: Color::White }
    );
    assert_eq!(
        v(fen(&[("a1", "wk"), ("p16", "bk"), ("h7", "wp")], "1 w b - 0")),
        Issue::PawnInCenter { square: sq("h7") }
    );
    assert_eq!(
        v(fen(&[("a1", "wk"), ("p16", "bk"), ("i8", "wn")], "1 w b - 0")),
        Issue::OwnColorSquare { square: sq("i8") }
    );
    assert_eq!(
        v(fen(&[("a1", "wk"), ("a16", "bk"), ("a10", "wr")], "1 w b - 0")),
        Issue::OpponentInCheck { seat: 2 }
    );
}

#[test]
fn every_problem_of_a_position_string_is_listed_at_its_offset() {
    let start = motley_sovereign::START_FEN;
    let board_len = start.find(' ').unwrap();
    // A bad piece letter in rank 16, a rank 14 one file too wide, and every
    // field after the board wrong.
    let text = start
        .replacen("aqab", "aqxb", 1)
        .replacen("nbnp12opob", "nbnp13opob", 1)
        .replace(" 1 w b CELNceln 0", " 3 w x CELN! z");
    let Err(FenError::Parse(e)) = text.parse::<Sovereign>() else { panic!("{text}") };
    assert_eq!(
        e.issues,
        [
            ParseIssue::Board { at: 2 },
            ParseIssue::RankWidth { rank: 14, got: 17, at: text.find("nbnp13opob").unwrap() },
            ParseIssue::Turn { seats: 2, at: board_len + 1 },
            ParseIssue::Owned { seat: 2, at: board_len + 5 },
            ParseIssue::Castling { what: "expected file letters a-p / A-P or `-`", at: board_len + 11 },
            ParseIssue::Ply { at: board_len + 13 },
        ]
    );
    let message = e.to_string();
    assert_eq!(message.split("; ").count(), 6, "{message}");
    assert!(
        message
            .starts_with("board: expected a piece (colour + role letter) or an empty count 1-16 (byte 2); ")
    );
    // A castling letter without its rook is found beside a bad clock.
    let text = start.replace(" CELNceln 0", " CELIceln 0 -1");
    let Err(FenError::Parse(e)) = text.parse::<Sovereign>() else { panic!("{text}") };
    assert!(
        matches!(&e.issues[..], [ParseIssue::CastlingNoRook { at: a, .. }, ParseIssue::Clock { at: b }]
            if *a == board_len + 10 && *b == text.len() - 2),
        "{e}"
    );

    // Validation: every issue, at its piece, or else at the start of its field.
    let text = fen(&[("a1", "wk"), ("c1", "wk"), ("h7", "wp"), ("i8", "wn"), ("c3", "rk")], "1 w b - 0");
    let Err(FenError::Invalid { error, at }) = text.parse::<Sovereign>() else { panic!("{text}") };
    assert_eq!(
        error.issues,
        [
            Issue::KingCount { seat: 1, count: 2 },
            Issue::KingCount { seat: 2, count: 0 },
            Issue::StrayKing { square: sq("c3") },
            Issue::OwnColorSquare { square: sq("i8") },
            Issue::PawnInCenter { square: sq("h7") },
        ]
    );
    assert_eq!(at[..2], [0, 0]);
    assert_eq!(
        [&text[at[2]..at[2] + 2], &text[at[3]..at[3] + 2], &text[at[4]..at[4] + 2]],
        ["rk", "wn", "wp"]
    );
    let message = FenError::Invalid { error, at: at.clone() }.to_string();
    assert_eq!(message.split("; ").count(), 5, "{message}");
    assert!(
        message
            .starts_with("board: seat 1 must have exactly one king of its owned colour, found 2 (byte 0); "),
        "{message}"
    );
    assert!(
        message.ends_with(&format!("board: pawn on h7 inside the promotion zone (byte {})", at[4])),
        "{message}"
    );
    // A colour owned twice is located at the second seat's field.
    let text = fen(&[("a1", "wk"), ("p16", "bk")], "1 w w - 0");
    let Err(FenError::Invalid { error, at }) = text.parse::<Sovereign>() else { panic!("{text}") };
    assert_eq!(
        error.issues,
        [Issue::OwnedTwice { color: Color::White }, Issue::StrayKing { square: sq("p16") }]
    );
    let board_len = text.find(' ').unwrap();
    assert_eq!(at, [board_len + 5, text.find("bk").unwrap()]);
    // A seat in check when not to move: the turn field.
    let text = fen(&[("a1", "wk"), ("a16", "bk"), ("a10", "wr")], "1 w b - 0");
    let Err(FenError::Invalid { error, at }) = text.parse::<Sovereign>() else { panic!("{text}") };
    assert_eq!(error.issues, [Issue::OpponentInCheck { seat: 2 }]);
    assert_eq!(at, [text.find(' ').unwrap() + 1]);
}

#[test]
fn game_and_history_draw_by_repetition_at_the_same_ply() {
    use motley_core::history::{DrawRules, History};
    let rules = Rules::default();
    assert_eq!(
        Sovereign::DRAW_RULES,
        DrawRules { repetitions: rules.auto_repetitions, quiet_plies: rules.auto_draw_plies }
    );
    let start = pos(&[("a1", "wk"), ("p16", "bk"), ("h1", "wn"), ("i16", "bn")], "1 w b - 0");
    let mut game = Game::from_position(start.clone(), rules);
    let mut history = History::with_default_rules(start);
    let shuttle = ["h1g3", "i16j14", "g3h1", "j14i16"];
    let (mut game_over, mut history_over) = (None, None);
    for (ply, token) in shuttle.iter().cycle().take(24).enumerate() {
        assert_eq!(game.repetitions(), history.repetitions(), "ply {ply}");
        if game_over.is_none() && game.outcome().is_some() {
            game_over = Some(ply);
        }
        if history_over.is_none() && history.outcome().is_some() {
            history_over = Some(ply);
        }
        if game_over.is_some() && history_over.is_some() {
            break;
        }
        let mv = history.position().parse_move(token).unwrap();
        history.play(mv);
        game.play(mv).unwrap();
    }
    // The start is the first occurrence; every 4 plies adds one, the fifth draws.
    assert_eq!(game_over, Some(16));
    assert_eq!(history_over, game_over);
    assert_eq!(game.end_reason(), Some(EndReason::FivefoldRepetition));
    assert_eq!(history.outcome().map(|o| o.reason()), Some(motley_core::history::REPETITION));
}

#[test]
fn moves_read_their_own_notation() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/sovereign/positions");
    let mut castles = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let p: Sovereign = text.trim().parse().unwrap();
        for mv in p.legal_moves() {
            let token = mv.to_string();
            match mv {
                motley_sovereign::Move::Castle { .. } => {
                    castles += 1;
                    assert_eq!(
                        token.parse::<motley_sovereign::Move>(),
                        Err(motley_sovereign::ParseMoveError::CastleNeedsPosition { token: token.clone() })
                    );
                }
                _ => assert_eq!(token.parse(), Ok(mv), "{token}"),
            }
            assert_eq!(p.parse_move(&token), Ok(mv), "{token}");
        }
    }
    assert!(castles > 0);
}

#[test]
fn setups_of_the_wrong_shape_are_errors_not_panics() {
    let royale = motley_sovereign::Setup::parse(motley_sovereign::ROYALE_START_FEN, 4).unwrap();
    assert_eq!(
        Sovereign::from_setup(&royale, Rules::default()),
        Err(Issue::SeatCount { want: 2, got: 4 }.into())
    );
    let mut two = Sovereign::start().to_setup();
    assert!(motley_sovereign::Royale::from_setup(&two, Rules::default()).is_err());
    two.turn = 5;
    assert_eq!(Sovereign::from_setup(&two, Rules::default()), Err(Issue::Turn { seat: 6 }.into()));
}

#[test]
fn move_notation_errors() {
    let p = Sovereign::start();
    assert!(p.parse_move("e2e4").is_ok());
    for bad in ["e2", "e2e4x", "z2e4", "castle:i1", "defect:mauve", "defect:navy:e5", "e2e5"] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    assert!(matches!(
        p.parse_move("defect:mauve"),
        Err(motley_sovereign::ParseMoveError::Color { at: 7, .. })
    ));
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_text_forms() {
    let p = Sovereign::start();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(json, format!("\"{}\"", motley_sovereign::START_FEN));
    let back: Sovereign = serde_json::from_str(&json).unwrap();
    assert_eq!(back, p);
    let mv = p.parse_move("e2e4").unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"e2e4\"");
    let rules: Rules = serde_json::from_str(&serde_json::to_string(&Rules::default()).unwrap()).unwrap();
    assert_eq!(rules, Rules::default());
    assert_eq!(serde_json::to_string(&EndReason::FiftyMoveRule).unwrap(), "\"fifty-move-rule\"");
    let r = motley_sovereign::Royale::start();
    let back: motley_sovereign::Royale = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(back.to_string(), r.to_string());
    let back: motley_sovereign::Move = serde_json::from_str("\"h6h7q\"").unwrap();
    assert_eq!(back.to_string(), "h6h7q");
    assert!(serde_json::from_str::<motley_sovereign::Move>("\"castle:i1k1\"").is_err());
    for setup in [p.to_setup(), r.to_setup()] {
        let json = serde_json::to_string(&setup).unwrap();
        assert_eq!(json, format!("\"{setup}\""));
        let back: motley_sovereign::Setup = serde_json::from_str(&json).unwrap();
        assert_eq!(back, setup);
    }
    let bad = serde_json::from_str::<Sovereign>("\"16/16 1 w b - 0\"").unwrap_err();
    assert!(bad.to_string().contains("expected 16 ranks"), "{bad}");
}
