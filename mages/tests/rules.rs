//! Unit tests of the rules: each piece, each resolution, heresies, passes,
//! game ends and errors.

use motley_core::{Bits, Board6x8, BoardView, PerftMode, Position, SeatResult};
use motley_mages::{
    Combat, EndReason, FoulDefender, Mages, Move, NoAction, ParseMoveError, Piece, Resolution, Role, Rules,
    Square, Team,
};

fn pos(fen: &str) -> Mages {
    Mages::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn tokens(p: &Mages) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(ToString::to_string).collect();
    v.sort();
    v
}

fn play(p: &mut Mages, moves: &[&str]) {
    for t in moves {
        let mv = p.parse_move(t).unwrap_or_else(|e| panic!("{p} {t}: {e}"));
        p.play_unchecked(mv);
    }
}

fn targets(p: &Mages, s: &str) -> String {
    p.board().targets(sq(s)).bits().diagram::<Board6x8>().to_string()
}

fn diagram(rows: &str) -> String {
    Bits::<1>::from_diagram::<Board6x8>(rows).unwrap().diagram::<Board6x8>().to_string()
}

// ---------------------------------------------------------------- pieces

#[test]
fn royal_steps_one_square_and_engages_adjacent_enemies() {
    let p = pos("5r/6/6/3p2/2R3/1P4/6/6 g");
    assert_eq!(
        tokens(&p),
        ["b3b4", "c4b4", "c4b5", "c4c3", "c4c5", "c4d3", "c4d4", "c4d5"].map(String::from).to_vec()
    );
    let corner = pos("5r/6/6/6/6/6/6/R5 g");
    assert_eq!(tokens(&corner), ["a1a2", "a1b1", "a1b2"].map(String::from).to_vec());
    // No check: the Royal may step next to the enemy Royal.
    let near = pos("6/6/6/6/6/2r3/6/2R3 g");
    assert!(near.legal_moves().contains(&Move::action(sq("c1"), sq("c2"))));
}

#[test]
fn counselor_rides_all_eight_lines_without_jumping() {
    let p = pos("r5/6/2p1P1/6/2C3/6/6/5R g");
    let want = diagram("...... ...... X.X... .XXX.. XX.XXX .XXX.. X.X.X. ..X...");
    assert_eq!(targets(&p, "c4"), want);
}

#[test]
fn chariot_rides_diagonals() {
    let p = pos("r5/6/2p1P1/6/2H3/6/6/5R g");
    assert_eq!(targets(&p, "c4"), diagram("...... ...... X..... .X.X.. ...... .X.X.. X...X. ......"));
}

#[test]
fn shaman_rides_ranks_and_files() {
    let p = pos("r5/6/2p1P1/6/2S3/6/6/5R g");
    assert_eq!(targets(&p, "c4"), diagram("...... ...... ..X... ..X... XX.XXX ..X... ..X... ..X..."));
}

#[test]
fn pawn_steps_forward_and_engages_forward_diagonals_only() {
    // Green pawn c4 is blocked straight ahead (no straight engagement), engages b5 and d5.
    let p = pos("r5/6/6/1ppp2/2P3/6/6/5R g");
    assert_eq!(targets(&p, "c4"), diagram("...... ...... ...... .X.X.. ...... ...... ...... ......"));
    // Blue pawns move down; c5 is blocked by c4 and engages nothing sideways or backwards.
    let blue = pos("r5/6/6/1ppp2/2P3/6/6/5R b");
    assert_eq!(targets(&blue, "c5"), diagram("...... ...... ...... ...... ...... ...... ...... ......"));
    assert_eq!(targets(&blue, "b5"), diagram("...... ...... ...... ...... .XX... ...... ...... ......"));
    // No double step from the start rank.
    let start = Mages::start();
    assert_eq!(targets(&start, "a2"), diagram("...... ...... ...... ...... ...... X..... ...... ......"));
    assert_eq!(start.perft(1, PerftMode::Decision), 6);
}

#[test]
fn pawn_promotes_on_its_far_rank_by_moving() {
    let mut p = pos("r1h3/1P4/6/6/6/6/6/5R g");
    assert_eq!(
        tokens(&p),
        ["b7a8", "b7b8c", "b7b8h", "b7b8s", "b7c8", "f1e1", "f1e2", "f1f2"].map(String::from).to_vec()
    );
    assert!(matches!(p.parse_move("b7b8"), Err(ParseMoveError::MissingPromotion { at: 4, .. })));
    assert!(matches!(p.parse_move("b7c8c"), Err(ParseMoveError::UnexpectedPromotion { at: 4 })));
    assert!(matches!(p.parse_move("f1f2s"), Err(ParseMoveError::UnexpectedPromotion { at: 4 })));
    play(&mut p, &["b7b8h"]);
    assert_eq!(p.board().piece_at(sq("b8")), Some(Piece::new(Team::Green, Role::Chariot)));
    // Decision perft counts the three choices of the quiet promotion, and of
    // each declaration onto the far rank (the challenger-wins resolution).
    let fresh = pos("r1h3/1P4/6/6/6/6/6/5R g");
    assert_eq!(fresh.perft(1, PerftMode::Decision), 3 + 3 + 3 + 3);
}

// ----------------------------------------------------------- resolutions

#[test]
fn pending_engagement_accepts_only_resolutions_and_keeps_the_turn() {
    let mut p = pos("5r/6/6/6/6/6/6/R4C g");
    play(&mut p, &["f1f8"]);
    let e = p.pending().unwrap();
    assert_eq!((e.challenger, e.defender, e.combat), (sq("f1"), sq("f8"), Combat::Melee));
    assert_eq!(p.status(), "engagement pending");
    assert_eq!(p.turn(), Team::Green.seat());
    assert_eq!(p.ply(), 0);
    assert_eq!(tokens(&p), ["challenger", "defender", "draw", "foul"].map(String::from).to_vec());
    assert_eq!(p.parse_move("a1a2"), Err(ParseMoveError::Pending));
    assert_eq!(p.parse_move("pass"), Err(ParseMoveError::Pending));
    assert_eq!(p.to_string(), "5r/6/6/6/6/6/6/R4C g f1f8 - 0 0");
    assert_eq!(pos(&p.to_string()), p);
    let details = p.details();
    assert!(details.contains(&("pending_engagement", "f1f8 (melee)".to_owned())));
    // Not pending: resolutions are rejected.
    assert_eq!(Mages::start().parse_move("draw"), Err(ParseMoveError::NotPending));
}

#[test]
fn challenger_wins_and_a_royal_is_lost_as_defender() {
    let mut p = pos("5r/6/6/6/6/6/6/R4C g");
    play(&mut p, &["f1f8", "challenger"]);
    assert_eq!(p.board().piece_at(sq("f8")), Some(Piece::new(Team::Green, Role::Counselor)));
    assert_eq!(p.board().piece_at(sq("f1")), None);
    assert_eq!(p.end(), Some((EndReason::RoyalDowned, Some(Team::Green))));
    let o = p.outcome().unwrap();
    assert_eq!((o.result(Team::Green.seat()), o.reason()), (SeatResult::Win, "royal-downed"));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.perft(1, PerftMode::Decision), 0);
    assert_eq!(p.perft(3, PerftMode::Full), 0);
    let err = p.parse_move("a1a2").unwrap_err();
    assert_eq!(err, ParseMoveError::GameOver { status: p.status() });
    assert!(
        err.to_string().starts_with("the game is over (") && err.to_string().ends_with("(royal-downed))")
    );
    assert_eq!(p.to_string(), "5C/6/6/6/6/6/6/R5 b - - 0 1 royal-downed");
    assert_eq!(pos(&p.to_string()), p);
}

#[test]
fn defender_wins_and_moves_into_the_challengers_square() {
    let mut p = pos("5r/6/6/6/6/6/6/R4C g");
    play(&mut p, &["f1f8", "defender"]);
    assert_eq!(p.board().piece_at(sq("f1")), Some(Piece::new(Team::Blue, Role::Royal)));
    assert_eq!(p.board().piece_at(sq("f8")), None);
    assert!(!p.is_over());
    assert_eq!(p.to_string(), "6/6/6/6/6/6/6/R4r b - - 0 1");
}

#[test]
fn royal_lost_as_challenger_to_a_pawn_that_promotes_as_defender() {
    let mut p = pos("5r/6/6/6/6/6/1p4/R5 g");
    play(&mut p, &["a1b2"]);
    assert_eq!(p.pending().unwrap().combat, Combat::Ranged);
    assert_eq!(
        tokens(&p),
        ["challenger", "defender=c", "defender=h", "defender=s", "draw", "foul"].map(String::from).to_vec()
    );
    assert!(matches!(p.parse_move("defender"), Err(ParseMoveError::MissingPromotion { at: 8, .. })));
    assert!(matches!(p.parse_move("draw=c"), Err(ParseMoveError::UnexpectedPromotion { at: 4 })));
    play(&mut p, &["defender=h"]);
    assert_eq!(p.board().piece_at(sq("a1")), Some(Piece::new(Team::Blue, Role::Chariot)));
    assert_eq!(p.end(), Some((EndReason::RoyalDowned, Some(Team::Blue))));
    assert_eq!(p.outcome().unwrap().winner(), Some(Team::Blue.seat()));
}

#[test]
fn foul_by_a_royal_expels_it_and_the_defender_stays() {
    let mut p = pos("5r/6/6/6/6/6/1p4/R5 g");
    play(&mut p, &["a1b2", "foul"]);
    assert_eq!(p.board().piece_at(sq("a1")), None);
    assert_eq!(p.board().piece_at(sq("b2")), Some(Piece::new(Team::Blue, Role::Pawn)));
    assert_eq!(p.end(), Some((EndReason::RoyalExpelled, Some(Team::Blue))));
    assert_eq!(p.outcome().unwrap().reason(), "royal-expelled");
    assert_eq!(p.to_string(), "5r/6/6/6/6/6/1p4/6 b - - 0 1 royal-expelled");
    assert_eq!(pos(&p.to_string()), p);
}

#[test]
fn foul_with_the_defender_taking_the_square_is_an_option() {
    let rules = Rules { foul_defender: FoulDefender::TakesSquare, ..Rules::default() };
    let mut p = Mages::from_fen_with("5r/6/6/6/6/6/1p4/R5 g a1b2", rules).unwrap();
    assert!(
        p.legal_moves()
            .contains(&Move::Resolve { resolution: Resolution::Foul, promotion: Some(Role::Shaman) })
    );
    play(&mut p, &["foul=s"]);
    assert_eq!(p.board().piece_at(sq("a1")), Some(Piece::new(Team::Blue, Role::Shaman)));
    assert_eq!(p.end().unwrap().0, EndReason::RoyalExpelled);
}

#[test]
fn pawn_defender_moves_backwards_and_stays_a_pawn_on_its_first_rank() {
    let mut p = pos("r1S3/6/6/2p3/6/6/6/5R g");
    play(&mut p, &["c8c5"]);
    assert_eq!(p.pending().unwrap().combat, Combat::Melee);
    assert!(matches!(p.parse_move("defender=c"), Err(ParseMoveError::UnexpectedPromotion { .. })));
    play(&mut p, &["defender"]);
    assert_eq!(p.board().piece_at(sq("c8")), Some(Piece::new(Team::Blue, Role::Pawn)));
    assert_eq!(p.board().piece_at(sq("c5")), None);
    assert_eq!(p.to_string(), "r1p3/6/6/6/6/6/6/5R b - - 0 1");
    assert_eq!(pos(&p.to_string()), p);
    // The green mirror image: a green pawn pushed back onto rank 1 stays a pawn.
    let mut g = pos("R5/6/6/6/2P3/6/6/2s2r b");
    play(&mut g, &["c1c4", "defender"]);
    assert_eq!(g.board().piece_at(sq("c1")), Some(Piece::new(Team::Green, Role::Pawn)));
    // …and moves forward from there.
    assert_eq!(g.side_to_move(), Team::Green);
    play(&mut g, &["a8a7", "f1e1", "c1c2"]);
}

#[test]
fn pawn_defender_moves_sideways() {
    let mut p = pos("r5/6/6/S1p3/6/6/6/5R g");
    play(&mut p, &["a5c5", "defender"]);
    assert_eq!(p.board().piece_at(sq("a5")), Some(Piece::new(Team::Blue, Role::Pawn)));
    assert_eq!(p.board().piece_at(sq("c5")), None);
}

#[test]
fn draw_leaves_both_in_place_and_passes_the_turn() {
    let mut p = pos("r5/6/6/S1p3/6/6/6/5R g");
    play(&mut p, &["a5c5!", "draw"]);
    assert_eq!(p.board().piece_at(sq("a5")), Some(Piece::new(Team::Green, Role::Shaman)));
    assert_eq!(p.board().piece_at(sq("c5")), Some(Piece::new(Team::Blue, Role::Pawn)));
    assert!(p.board().has_halo(sq("a5")), "the heresy of the declaration stands");
    assert_eq!((p.side_to_move(), p.ply(), p.pending()), (Team::Blue, 1, None));
}

#[test]
fn pawn_challenger_promotion_is_named_by_the_resolution() {
    let mut p = pos("r1h3/1P4/6/6/6/6/6/5R g");
    play(&mut p, &["b7c8"]);
    assert_eq!(
        tokens(&p),
        ["challenger=c", "challenger=h", "challenger=s", "defender", "draw", "foul"]
            .map(String::from)
            .to_vec()
    );
    assert!(matches!(p.parse_move("challenger"), Err(ParseMoveError::MissingPromotion { .. })));
    // Decision perft: the three choices; full: three + defender + draw.
    assert_eq!(p.perft(1, PerftMode::Decision), 3);
    assert_eq!(p.perft(1, PerftMode::Full), 5);
    // Chance picks the resolution; the promoting team picks its best
    // promotion (a Counselor), so chance lists one promoting input.
    let chance = p.chance().unwrap();
    assert_eq!(chance.len(), 3);
    let odds = motley_mages::DEFAULT_MODEL.odds(Role::Pawn, Role::Chariot, Combat::Ranged);
    assert_eq!(chance[0].0.to_string(), "challenger=c");
    assert!((chance[0].1 - odds.challenger).abs() < 1e-12);
    assert!((chance.iter().map(|c| c.1).sum::<f64>() - 1.0).abs() < 1e-12);
    play(&mut p, &["challenger=s"]);
    assert_eq!(p.board().piece_at(sq("c8")), Some(Piece::new(Team::Green, Role::Shaman)));
}

// --------------------------------------------------------------- heresy

#[test]
fn heresy_gives_a_halo_once_and_is_not_a_separate_action() {
    let mut p = pos("r5/6/6/6/6/6/6/2C2R g");
    let listed = p.legal_moves();
    assert!(listed.iter().all(|m| !m.is_heresy()));
    assert_eq!(p.perft(1, PerftMode::Decision), listed.len() as u64);
    let marked = p.parse_move("c1c4!").unwrap();
    assert!(marked.is_heresy() && p.is_legal(marked) && !listed.contains(&marked));
    p.play_unchecked(marked);
    assert!(p.board().has_halo(sq("c4")));
    assert_eq!(p.to_string(), "r5/6/6/6/2C3/6/6/5R b - c4 0 1");
    assert_eq!(pos(&p.to_string()), p);
    play(&mut p, &["a8a7"]);
    assert_eq!(p.parse_move("c4c5!"), Err(ParseMoveError::HaloedHeresy { square: sq("c4"), at: 4 }));
    assert!(!p.is_legal(Move::action(sq("c4"), sq("c5")).with_heresy()));
    assert!(p.is_legal(Move::action(sq("c4"), sq("c5"))));
    // Another piece may still commit its own heresy.
    assert!(p.parse_move("f1f2!").is_ok());
    assert!(matches!(p.parse_move("pass!"), Err(ParseMoveError::Word { .. })));
}

#[test]
fn promoted_pawn_keeps_its_halo() {
    let mut p = pos("r5/1P4/6/6/6/6/6/5R g");
    play(&mut p, &["b7b8c!"]);
    assert!(p.board().has_halo(sq("b8")));
    assert_eq!(p.board().role_at(sq("b8")), Some(Role::Counselor));
    let mut q = pos("r5/1P4/6/6/6/6/6/5R g - b7");
    assert!(matches!(q.parse_move("b7b8s!"), Err(ParseMoveError::HaloedHeresy { at: 5, .. })));
    play(&mut q, &["b7b8s"]);
    assert!(q.board().has_halo(sq("b8")));
}

#[test]
fn heretical_declaration_and_halo_through_resolutions() {
    let mut p = pos("r5/6/6/S1p3/6/6/6/5R g - c5");
    play(&mut p, &["a5c5!"]);
    assert_eq!(p.to_string(), "r5/6/6/S1p3/6/6/6/5R g a5c5 a5,c5 0 0");
    let mut defended = p.clone();
    play(&mut defended, &["defender"]);
    // The challenger's halo leaves with it; the defender carries its own halo.
    assert_eq!(defended.board().halos().count(), 1);
    assert!(defended.board().has_halo(sq("a5")));
    play(&mut p, &["challenger"]);
    assert_eq!(p.board().halos().count(), 1);
    assert!(p.board().has_halo(sq("c5")));
}

// ---------------------------------------------------- passes and ends

const STUCK: &str = "5r/6/6/6/1p4/pPp3/PSP3/RH4 g - - 0 10";

#[test]
fn a_team_without_actions_passes() {
    let mut p = pos(STUCK);
    assert_eq!(tokens(&p), ["pass"]);
    assert_eq!(p.status(), "ongoing (must pass)");
    assert_eq!(p.perft(1, PerftMode::Decision), 1);
    assert_eq!(p.perft(1, PerftMode::Full), 1);
    play(&mut p, &["pass"]);
    assert_eq!((p.side_to_move(), p.passes(), p.ply(), p.is_over()), (Team::Blue, 1, 11, false));
    play(&mut p, &["f8f7"]);
    assert_eq!(p.passes(), 0);
    assert_eq!(Mages::start().parse_move("pass"), Err(ParseMoveError::PassNotAllowed));
}

#[test]
fn two_passes_in_a_row_draw() {
    let mut p = pos("5r/6/6/6/1p4/pPp3/PSP3/RH4 g - - 1 10");
    assert_eq!(p.perft(1, PerftMode::Decision), 1);
    assert_eq!(p.perft(2, PerftMode::Decision), 0);
    play(&mut p, &["pass"]);
    assert_eq!(p.end(), Some((EndReason::DoublePass, None)));
    assert!(p.outcome().unwrap().is_draw());
    assert_eq!(p.outcome().unwrap().reason(), "double-pass");
    assert_eq!(p.to_string(), "5r/6/6/6/1p4/pPp3/PSP3/RH4 b - - 2 11");
    assert_eq!(pos(&p.to_string()), p);
}

#[test]
fn double_pass_draw_can_be_switched_off() {
    let rules = Rules { double_pass_draw: false, ..Rules::default() };
    let mut p = Mages::from_fen_with("5r/6/6/6/1p4/pPp3/PSP3/RH4 g - - 1 10", rules).unwrap();
    play(&mut p, &["pass"]);
    assert!(!p.is_over());
    assert_eq!(p.passes(), 2);
    assert_eq!(Mages::from_fen_with(&p.to_string(), rules).unwrap(), p);
}

#[test]
fn no_action_can_lose_instead() {
    let rules = Rules { no_action: NoAction::Lose, ..Rules::default() };
    let p = Mages::from_fen_with(STUCK, rules).unwrap();
    assert_eq!(p.end(), Some((EndReason::NoAction, Some(Team::Blue))));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.perft(1, PerftMode::Decision), 0);
}

#[test]
fn optional_ply_limit_draws() {
    let rules = Rules { ply_limit: Some(2), ..Rules::default() };
    let mut p = Mages::start_with(rules);
    assert_eq!(p.perft(2, PerftMode::Decision), 36);
    assert_eq!(p.perft(3, PerftMode::Decision), 0, "nothing below the limit");
    play(&mut p, &["a2a3", "a7a6"]);
    assert_eq!(p.end(), Some((EndReason::PlyLimit, None)));
    assert_eq!(p.outcome().unwrap().reason(), "ply-limit");
}

#[test]
fn syntax_errors_list_every_problem() {
    use motley_mages::{ParseIssue as I, ParseMagesError as E};
    let syntax = |f: &str| match Mages::from_fen(f) {
        Err(E::Syntax(e)) => e,
        other => panic!("{f}: {other:?}"),
    };
    // A problem in the board, turn, halos and ply fields, in text order.
    let text = "shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHQ x - a1,k3 0 -4";
    let err = syntax(text);
    assert_eq!(
        err.issues,
        [I::Piece { ch: 'Q', at: 34 }, I::Turn { at: 36 }, I::Halos { at: 43 }, I::Ply { at: 48 }]
    );
    for issue in &err.issues {
        assert!(text[issue.at()..].starts_with(['Q', 'x', 'k', '-']), "{issue:?}");
    }
    assert_eq!(
        Mages::from_fen(text).unwrap_err().to_string(),
        "board: 'Q' is not a piece letter (R C H S P, either case) or a digit 1-6 (byte 34); \
         turn: expected `g` or `b` (byte 36); \
         halos: expected `-` or squares separated by commas (byte 43); \
         ply: expected a decimal number (byte 48)"
    );
    // A syntax problem stops validation: the pawn on its far rank is not reported.
    assert_eq!(syntax("rP4/6/6/6/6/6/6/R5 g - - 7").issues, [I::Passes { at: 25 }]);
    // A single problem prints as its own message.
    assert_eq!(
        Mages::from_fen("shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS g - - 0 0 extra").unwrap_err().to_string(),
        "end: expected `royal-downed` or `royal-expelled` (byte 46)"
    );
    assert_eq!(
        Mages::from_fen("shcrhs/pppppp/6/6").unwrap_err().to_string(),
        "board: 4 ranks, the board has 8 (byte 0)"
    );
}

#[test]
fn invalid_positions_are_typed_errors() {
    use motley_mages::{Issue as P, ParseMagesError as E, Problem};
    let problems = |f: &str| match Mages::from_fen(f) {
        Err(E::Invalid { issues }) => issues,
        other => panic!("{f}: {other:?}"),
    };
    let inv = |f: &str| problems(f)[0].issue;
    let at = |f: &str| problems(f)[0].at;
    // Every problem is reported, each at its own offset.
    assert_eq!(
        problems("rP4/6/6/6/6/1P4/P5/R5 g a2b3 a1,c8"),
        [
            Problem { issue: P::PawnOnFarRank { square: sq("b8") }, at: 1 },
            Problem { issue: P::HaloOnEmptySquare { square: sq("c8") }, at: 32 },
            Problem { issue: P::BadEngagement { challenger: sq("a2"), defender: sq("b3") }, at: 24 },
        ]
    );
    assert_eq!(
        Mages::from_fen("rP4/6/6/6/6/6/6/R5 g - b2").unwrap_err().to_string(),
        "board: unpromoted pawn on its far rank at b8 (byte 1); halos: no piece on b2 (byte 23)"
    );
    assert_eq!(at("rP4/6/6/6/6/6/6/R5 g"), 1);
    assert_eq!(at("r5/6/6/6/6/6/2P1p1/R5 g - a1,b2"), 29);
    assert_eq!(at("r5/6/6/6/6/6/6/R5 g a1a8"), 20);
    assert_eq!(at("r5/6/6/6/6/6/6/R5 g - - 0 3 royal-downed"), 28);
    assert_eq!(at("r5/6/6/6/6/6/6/R5 g - b2"), 22);
    assert_eq!(
        Mages::from_fen("r5/6/6/6/6/6/6/R5 g - b2").unwrap_err().to_string(),
        "halos: no piece on b2 (byte 22)"
    );
    assert_eq!(inv("rr4/6/6/6/6/6/6/R5 g"), P::RoyalCount { team: Team::Blue, count: 2 });
    assert_eq!(inv("6/6/6/6/6/6/6/6 g"), P::NoRoyal);
    assert_eq!(inv("rP4/6/6/6/6/6/6/R5 g"), P::PawnOnFarRank { square: sq("b8") });
    assert_eq!(inv("r5/6/6/6/6/6/6/R5 g - b2"), P::HaloOnEmptySquare { square: sq("b2") });
    assert_eq!(
        inv("r5/6/6/6/6/6/6/R5 g a1a8"),
        P::BadEngagement { challenger: sq("a1"), defender: sq("a8") }
    );
    assert_eq!(inv("r5/6/6/6/6/6/6/S4R g a1a8 - 1"), P::PendingOutOfPlace);
    assert_eq!(inv("r5/6/6/6/6/6/6/R5 g - - 0 3 royal-downed"), P::EndWithoutMissingRoyal);
    assert_eq!(inv("r5/pppppp/p5/6/6/6/6/R5 g"), P::TooManyPieces { team: Team::Blue, pieces: 8, pawns: 7 });
    assert!(matches!(Mages::from_fen("r5/6/6 g"), Err(E::Syntax(_))));
}

#[test]
fn move_errors_name_the_problem() {
    let p = Mages::start();
    assert_eq!(p.parse_move("a3a4"), Err(ParseMoveError::NoPiece { square: sq("a3") }));
    assert_eq!(p.parse_move("a7a6"), Err(ParseMoveError::NoPiece { square: sq("a7") }));
    assert_eq!(
        p.parse_move("a2a4"),
        Err(ParseMoveError::Unreachable { from: sq("a2"), to: sq("a4"), at: 2 })
    );
    assert_eq!(
        p.parse_move("c1c3"),
        Err(ParseMoveError::Unreachable { from: sq("c1"), to: sq("c3"), at: 2 })
    );
    assert_eq!(p.parse_move("a2"), Err(ParseMoveError::To { at: 2 }));
    assert!(p.parse_move("a2a3").is_ok());
}

#[test]
fn board_view_and_details() {
    let p = pos("r5/6/6/6/2C3/6/6/5R b - c4 0 3");
    assert_eq!(p.dimensions(), (6, 8));
    let c = p.cell(2, 3).piece.unwrap();
    // Each role is drawn as its position-string letter (a chess symbol would
    // mislead: the rook's would be the Shaman while `R` is the Royal).
    assert_eq!((c.letter, c.symbol, c.army, c.mark), ('C', 'C', "green", Some('*')));
    assert_eq!(p.cell(0, 7).piece.unwrap().symbol, 'R');
    assert!(p.cell(0, 0).piece.is_none());
    let notes = p.annotations();
    let legend: Vec<(char, &str, char)> = notes.roles.iter().map(|k| (k.symbol, k.name, k.letter)).collect();
    assert_eq!(
        legend,
        [
            ('R', "Royal", 'R'),
            ('C', "Counselor", 'C'),
            ('H', "Chariot", 'H'),
            ('S', "Shaman", 'S'),
            ('P', "Pawn", 'P')
        ]
    );
    assert!(notes.regions.is_empty() && notes.notes.is_empty() && notes.rows.is_empty());
    // A pending engagement: both squares outlined, one note per modelled resolution.
    let pending = pos("r5/6/6/S1p3/6/6/6/5R g a5c5");
    let notes = pending.annotations();
    let regions: Vec<(&str, &[(u8, u8)])> =
        notes.regions.iter().map(|r| (r.label.as_str(), r.squares.as_slice())).collect();
    assert_eq!(regions, [("challenger", &[(0, 4)][..]), ("defender", &[(2, 4)][..])]);
    assert_eq!(notes.notes.len(), 4, "{:?}", notes.notes);
    let d = p.details();
    assert_eq!(d[0], ("side_to_move", "blue".to_owned()));
    assert!(d.contains(&("halos", "c4".to_owned())));
    assert_eq!(p.seat_name(Team::Blue.seat()), "blue");
    assert_eq!(<Mages as Position>::VARIANT, "mages");
}

#[test]
fn zobrist_tells_apart_what_matters() {
    let a = pos("r5/6/6/6/2C3/6/6/5R g");
    let halo = pos("r5/6/6/6/2C3/6/6/5R g - c4");
    let blue = pos("r5/6/6/6/2C3/6/6/5R b");
    let pending_fen = pos("r5/6/6/6/2C3/6/p5/5R g c4a2");
    let hashes = [a.zobrist(), halo.zobrist(), blue.zobrist(), pending_fen.zobrist()];
    for i in 0..hashes.len() {
        for j in i + 1..hashes.len() {
            assert_ne!(hashes[i], hashes[j]);
        }
    }
}

#[test]
fn move_list_bound() {
    use motley_mages::reach;
    let widest = Square::all()
        .map(|s| reach(Role::Counselor, Team::Green, s, motley_mages::SquareSet::EMPTY).count())
        .max()
        .unwrap();
    assert_eq!(widest, 22, "the bound documented on MoveList");
    // 12 non-pawn pieces (all pawns promoted) x 22 is the list's capacity.
    let bound = 12 * widest as usize;
    assert_eq!(bound, motley_mages::MoveList::new().capacity());
}
