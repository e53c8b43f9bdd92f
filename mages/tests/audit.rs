//! Independent rules audit of motley-mages: each test composes a position and
//! asserts what `docs/rules/mages.md` says should happen,
//! including perft counts worked out by hand.

use std::time::Duration;

use motley_core::testing::legal_tokens as tokens;
use motley_core::{PerftMode, Position, testing};
use motley_mages::{
    Combat, DEFAULT_MODEL, EndReason, Mages, Match, MatchError, Move, ParseMoveError, Piece, RefereeEvent,
    Role, Square, Team,
};

const G: Team = Team::Green;
const B: Team = Team::Blue;

fn pos(fen: &str) -> Mages {
    testing::position(fen)
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn at(p: &Mages, s: &str) -> Option<Piece> {
    p.board().piece_at(sq(s))
}

fn some(team: Team, role: Role) -> Option<Piece> {
    Some(Piece::new(team, role))
}

fn after(fen: &str, moves: &[&str]) -> Mages {
    testing::after(fen, moves)
}

// ---- Resolutions --------------------------------------------------------

#[test]
fn declaration_is_pending_and_records_melee_or_ranged() {
    // Shaman a1 engages the Counselor a5 along the file: melee.
    let p = after("r5/6/6/c5/6/6/6/S2R2 g", &["a1a5"]);
    let e = p.pending().unwrap();
    assert_eq!((e.challenger, e.defender, e.combat), (sq("a1"), sq("a5"), Combat::Melee));
    assert_eq!(p.side_to_move(), G);
    assert_eq!(at(&p, "a1"), some(G, Role::Shaman));
    assert_eq!(at(&p, "a5"), some(B, Role::Counselor));
    assert_eq!(tokens(&p), ["challenger", "defender", "draw", "foul"]);
    assert!(matches!(p.parse_move("d1d2"), Err(ParseMoveError::Pending)));
    // A pawn engages diagonally: ranged; a Royal's orthogonal neighbour: melee.
    let p = after("r5/6/6/6/6/1p4/P5/3R2 g", &["a2b3"]);
    assert_eq!(p.pending().unwrap().combat, Combat::Ranged);
    let p = after("r5/6/6/6/6/6/6/2sR2 g", &["d1c1"]);
    assert_eq!(p.pending().unwrap().combat, Combat::Melee);
    let p = after("r5/6/6/6/6/6/1p4/R5 g", &["a1b2"]);
    assert_eq!(p.pending().unwrap().combat, Combat::Ranged);
    // The position string carries the pending engagement.
    assert_eq!(pos(&p.to_string()), p);
}

#[test]
fn challenger_wins_takes_the_square_and_the_turn_passes() {
    let p = after("r5/6/6/c5/6/6/6/S2R2 g", &["a1a5", "challenger"]);
    assert_eq!(at(&p, "a5"), some(G, Role::Shaman));
    assert_eq!(at(&p, "a1"), None);
    assert_eq!(p.side_to_move(), B);
    assert!(p.pending().is_none());
    assert_eq!(p.ply(), 1);
}

#[test]
fn defender_wins_moves_into_the_challengers_square() {
    let p = after("r5/6/6/c5/6/6/6/S2R2 g", &["a1a5", "defender"]);
    assert_eq!(at(&p, "a1"), some(B, Role::Counselor));
    assert_eq!(at(&p, "a5"), None);
    assert_eq!(p.board().team(G).count(), 1);
    assert_eq!(p.side_to_move(), B);
}

#[test]
fn pawn_defender_moves_backwards_and_sideways() {
    // A Blue pawn (moving down the board) wins against a Shaman above it: it
    // moves up, backwards, and stays a pawn.
    let p = after("r5/6/2S3/6/6/2p3/6/3R2 g", &["c6c3", "defender"]);
    assert_eq!(at(&p, "c6"), some(B, Role::Pawn));
    assert_eq!(at(&p, "c3"), None);
    // Sideways along the rank.
    let p = after("r5/6/6/6/6/S2p2/6/3R2 g", &["a3d3", "defender"]);
    assert_eq!(at(&p, "a3"), some(B, Role::Pawn));
    assert_eq!(at(&p, "d3"), None);
}

#[test]
fn pawn_defender_reaching_its_far_rank_promotes_with_a_compulsory_suffix() {
    // The Green Shaman on c1 engages the Blue pawn c5; if the pawn wins it
    // moves to c1, Blue's far rank, and promotes by Blue's choice.
    let p = after("4r1/6/6/2p3/6/6/6/2SR2 g", &["c1c5"]);
    assert!(matches!(p.parse_move("defender"), Err(ParseMoveError::MissingPromotion { .. })));
    assert!(matches!(p.parse_move("challenger=c"), Err(ParseMoveError::UnexpectedPromotion { .. })));
    assert_eq!(tokens(&p), ["challenger", "defender=c", "defender=h", "defender=s", "draw", "foul"]);
    let q = after(&p.to_string(), &["defender=h"]);
    assert_eq!(at(&q, "c1"), some(B, Role::Chariot));
    assert_eq!(at(&q, "c5"), None);
    // A Blue pawn moved back onto rank 8 (its own first rank) stays a pawn,
    // and steps down again on Blue's next turn.
    let p = after("2S2r/2p3/6/6/6/6/6/3R2 g", &["c8c7"]);
    assert_eq!(p.parse_move("defender").unwrap().promotion(), None);
    let p = after(&p.to_string(), &["defender"]);
    assert_eq!(at(&p, "c8"), some(B, Role::Pawn));
    assert_eq!(p.side_to_move(), B);
    assert!(p.parse_move("c8c7").is_ok());
}

#[test]
fn pawn_challenger_promotes_by_resolution_and_never_by_declaration() {
    let p = pos("r1h3/1P4/6/6/6/6/6/3R2 g");
    // b7 engages c8 (a Chariot): a declaration carries no promotion letter.
    assert!(matches!(p.parse_move("b7c8c"), Err(ParseMoveError::UnexpectedPromotion { .. })));
    let p = after(&p.to_string(), &["b7c8"]);
    assert!(matches!(p.parse_move("challenger"), Err(ParseMoveError::MissingPromotion { .. })));
    assert_eq!(tokens(&p), ["challenger=c", "challenger=h", "challenger=s", "defender", "draw", "foul"]);
    let q = after(&p.to_string(), &["challenger=s"]);
    assert_eq!(at(&q, "c8"), some(G, Role::Shaman));
    assert_eq!(at(&q, "b7"), None);
    // The push onto the far rank needs its letter; never a Royal.
    let p = pos("r1h3/1P4/6/6/6/6/6/3R2 g");
    assert!(matches!(p.parse_move("b7b8"), Err(ParseMoveError::MissingPromotion { .. })));
    assert!(p.parse_move("b7b8r").is_err());
    assert!(p.parse_move("b7b8p").is_err());
    assert_eq!(
        after("r1h3/1P4/6/6/6/6/6/3R2 g", &["b7b8c"]).board().role_at(sq("b8")),
        Some(Role::Counselor)
    );
}

#[test]
fn foul_expels_the_challenger_and_the_defender_stays() {
    let p = after("r5/6/6/c5/6/6/6/S2R2 g", &["a1a5", "foul"]);
    assert_eq!(at(&p, "a1"), None);
    assert_eq!(at(&p, "a5"), some(B, Role::Counselor));
    assert_eq!(p.side_to_move(), B);
    assert!(p.end().is_none());
    // A pawn challenger about to promote: foul needs no suffix (nobody moves).
    let p = after("r1h3/1P4/6/6/6/6/6/3R2 g", &["b7c8", "foul"]);
    assert_eq!(at(&p, "b7"), None);
    assert_eq!(at(&p, "c8"), some(B, Role::Chariot));
}

#[test]
fn a_royal_lost_as_challenger_defender_or_by_foul_loses() {
    // The Royal d1 engages the Shaman d2 and loses.
    let fen = "3r2/6/6/6/6/6/3s2/3R2 g";
    let p = after(fen, &["d1d2", "defender"]);
    assert_eq!(p.end(), Some((EndReason::RoyalDowned, Some(B))));
    assert_eq!(at(&p, "d1"), some(B, Role::Shaman));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.perft(1, PerftMode::Full), 0);
    // As defender: the Blue Royal d8 is engaged by a Shaman and loses.
    let p = after("3r2/6/6/6/6/6/6/3S1R g", &["d1d8", "challenger"]);
    assert_eq!(p.end(), Some((EndReason::RoyalDowned, Some(G))));
    assert_eq!(at(&p, "d8"), some(G, Role::Shaman));
    // Expelled for a foul.
    let p = after(fen, &["d1d2", "foul"]);
    assert_eq!(p.end(), Some((EndReason::RoyalExpelled, Some(B))));
    assert_eq!(at(&p, "d2"), some(B, Role::Shaman));
    assert_eq!(at(&p, "d1"), None);
    let text = p.to_string();
    assert_eq!(pos(&text).end(), p.end(), "{text}");
    // A draw keeps both.
    let p = after(fen, &["d1d2", "draw"]);
    assert!(p.end().is_none());
    assert_eq!(at(&p, "d1"), some(G, Role::Royal));
}

#[test]
fn the_defender_wins_into_the_square_of_a_royal_challenger() {
    // Blue pawn c2 (moving down) defends against the Royal d1 and wins: it
    // moves to d1, Blue's far rank, so it promotes, and Blue wins.
    let p = after("3r2/6/6/6/6/6/2p3/3R2 g", &["d1c2"]);
    assert!(p.parse_move("defender").is_err());
    let p = after(&p.to_string(), &["defender=c"]);
    assert_eq!(at(&p, "d1"), some(B, Role::Counselor));
    assert_eq!(p.end(), Some((EndReason::RoyalDowned, Some(B))));
}

// ---- Heresies -----------------------------------------------------------

#[test]
fn heresy_marks_and_halo_rules() {
    let start = Mages::start();
    // Legal-move lists never show the mark; it is accepted as an annotation.
    assert!(tokens(&start).iter().all(|t| !t.ends_with('!')));
    let p = after(&start.to_string(), &["b2b3!"]);
    assert!(p.board().has_halo(sq("b3")));
    assert!(!p.board().has_halo(sq("b2")));
    // The halo survives the position string.
    assert_eq!(pos(&p.to_string()).board().halos(), p.board().halos());
    // A haloed piece can never act heretically again, but may act normally.
    let p = after(&p.to_string(), &["a7a6"]);
    assert!(matches!(p.parse_move("b3b4!"), Err(ParseMoveError::HaloedHeresy { .. })));
    assert!(p.parse_move("b3b4").is_ok());
    // Perft does not count the mark.
    assert_eq!(p.perft(1, PerftMode::Decision), p.legal_moves().len() as u64);
}

#[test]
fn promoted_pawn_keeps_its_halo_by_move_and_by_resolution() {
    let p = after("r1h3/1P4/6/6/6/6/6/3R2 g", &["b7b8c!"]);
    assert!(p.board().has_halo(sq("b8")));
    assert_eq!(p.board().role_at(sq("b8")), Some(Role::Counselor));
    // Heretical declaration by the pawn, then it wins and promotes.
    let p = after("r1h3/1P4/6/6/6/6/6/3R2 g", &["b7c8!", "challenger=h"]);
    assert!(p.board().has_halo(sq("c8")));
    assert!(!p.board().has_halo(sq("b7")));
    // A haloed defender that wins carries its halo into the challenger's square.
    let p = after("r1h3/1P4/6/6/6/6/6/3R2 g - b7,c8", &["b7c8"]);
    assert!(p.parse_move("challenger=c").is_ok());
    let q = after(&p.to_string(), &["defender"]);
    assert!(q.board().has_halo(sq("b7")));
    assert!(!q.board().has_halo(sq("c8")));
    assert_eq!(q.board().halos().count(), 1, "the downed challenger's halo left with it");
}

// ---- Pass ---------------------------------------------------------------

/// Green cannot act: pawns on rank 7 under its own Chariots, Royal boxed in.
const GREEN_STUCK: &str = "RHHHHH/PPPPPP/6/6/6/6/6/r5 g";
/// Neither team can act.
const BOTH_STUCK: &str = "RHHHHH/PPPPPP/6/6/6/6/pppppp/rhhhhh g";

#[test]
fn pass_is_legal_only_without_another_action() {
    assert!(matches!(Mages::start().parse_move("pass"), Err(ParseMoveError::PassNotAllowed)));
    let p = pos(GREEN_STUCK);
    assert_eq!(tokens(&p), ["pass"]);
    let p = after(GREEN_STUCK, &["pass"]);
    assert_eq!((p.side_to_move(), p.passes()), (B, 1));
    assert!(p.end().is_none());
    // A Blue move in between resets the count: Green passes again, no draw.
    let p = after(&p.to_string(), &["a1a2", "pass"]);
    assert!(p.end().is_none());
    assert_eq!(p.passes(), 1);
}

#[test]
fn two_passes_in_a_row_draw() {
    let p = after(BOTH_STUCK, &["pass", "pass"]);
    assert_eq!(p.end(), Some((EndReason::DoublePass, None)));
    assert!(p.legal_moves().is_empty());
    assert_eq!(pos(&p.to_string()).end(), p.end());
}

// ---- Perft by hand ------------------------------------------------------

#[test]
fn perft_counts_by_hand() {
    use PerftMode::{Decision, Full};
    // Green Royal a1 next to a Blue Shaman b2; Blue Royal f8.
    // Depth 1: a1a2, a1b1 and the declaration a1b2 (decision: 3; full: the
    // declaration times challenger, defender, draw: 2 + 3 = 5).
    // Depth 2 (decision): after a1a2 or a1b1 Blue has 12 Shaman actions
    // (one of them engages the Royal) and 3 Royal moves: 15 each; after
    // a1b2/challenger only the Blue Royal's 3: 33.
    // Depth 2 (full): 17 + 17 (the Royal engagement counts 3) + 3
    // (challenger won) + 0 (defender won: Green's Royal is gone) + 15 (draw).
    let p = pos("5r/6/6/6/6/6/1s4/R5 g");
    assert_eq!(p.perft(1, Decision), 3);
    assert_eq!(p.perft(1, Full), 5);
    assert_eq!(p.perft(2, Decision), 33);
    assert_eq!(p.perft(2, Full), 52);
    // From the pending engagement the root's inputs are its counted resolutions.
    let q = after("5r/6/6/6/6/6/1s4/R5 g", &["a1b2"]);
    assert_eq!(q.perft(1, Decision), 1);
    assert_eq!(q.perft(1, Full), 3);
    assert_eq!(q.perft(2, Decision), 3);
    assert_eq!(q.perft(2, Full), 18);
    let div: Vec<(String, u64)> = q.divide(2, Full).into_iter().map(|(m, n)| (m.to_string(), n)).collect();
    assert_eq!(div, [("challenger".to_owned(), 3), ("defender".to_owned(), 0), ("draw".to_owned(), 15)]);

    // A pawn challenger reaching its far rank: each promotion is a branch.
    // Pawn b7: push (3), engage a8 (3 challenger choices), engage c8 (3);
    // Royal d1: 5 moves. Full adds defender and draw per declaration.
    let p = pos("r1h3/1P4/6/6/6/6/6/3R2 g");
    assert_eq!(p.perft(1, Decision), 14);
    assert_eq!(p.perft(1, Full), 18);

    // A pawn defender that would promote on winning: three defender branches.
    // Royal d1: c1, e1, d2, e2 and the declaration on c2.
    let p = pos("3r2/6/6/6/6/6/2p3/3R2 g");
    assert_eq!(p.perft(1, Decision), 5);
    assert_eq!(p.perft(1, Full), 4 + 1 + 3 + 1);

    // Passing is one node; two passes end the game.
    let p = pos(BOTH_STUCK);
    for mode in [Decision, Full] {
        assert_eq!(p.perft(1, mode), 1);
        assert_eq!(p.perft(2, mode), 1);
        assert_eq!(p.perft(3, mode), 0);
    }
    let p = pos(GREEN_STUCK);
    assert_eq!(p.perft(2, Decision), 3);
}

// ---- Referee events -----------------------------------------------------

#[test]
fn referee_events() {
    let secs = Duration::from_secs;
    // Turn timeout: the turn passes, the board is unchanged.
    let mut m = Match::new(Mages::start());
    assert_eq!(m.advance(secs(45)), Some(RefereeEvent::TurnTimeout));
    assert_eq!(m.position().side_to_move(), B);
    assert_eq!(m.position().board(), Mages::start().board());
    // Engagement timeout: a draw; both stay, the turn passes.
    let mut m = Match::new(pos("5r/6/6/6/6/6/1s4/R5 g"));
    m.play("a1b2".parse().unwrap()).unwrap();
    assert!(matches!(m.referee(RefereeEvent::TurnTimeout), Err(MatchError::EngagementPending)));
    assert_eq!(m.advance(secs(29)), None);
    assert_eq!(m.advance(secs(1)), Some(RefereeEvent::EngagementTimeout));
    assert!(m.position().pending().is_none());
    assert_eq!(m.position().side_to_move(), B);
    assert_eq!(m.position().board().role_at(sq("b2")), Some(Role::Shaman));
    assert_eq!(m.position().board().role_at(sq("a1")), Some(Role::Royal));
    assert!(m.end().is_none());
    // Sanction: Blue forfeits its next turn.
    let mut m = Match::new(Mages::start());
    m.referee(RefereeEvent::ForfeitTurn(B)).unwrap();
    m.play("a2a3".parse().unwrap()).unwrap();
    assert_eq!(m.position().side_to_move(), G);
    m.play("b2b3".parse().unwrap()).unwrap();
    assert_eq!(m.position().side_to_move(), B);
    // Match-ending events.
    for (event, end) in [
        (RefereeEvent::ForfeitMatch(G), (EndReason::Sanction, Some(B))),
        (RefereeEvent::Resign(B), (EndReason::Resignation, Some(G))),
        (RefereeEvent::DrawByAgreement, (EndReason::Agreement, None)),
    ] {
        let mut m = Match::new(Mages::start());
        m.referee(event).unwrap();
        assert_eq!(m.end(), Some(end));
        assert!(matches!(m.play("a2a3".parse::<Move>().unwrap()), Err(MatchError::GameOver)));
    }
}

// ---- Outcome model ------------------------------------------------------

fn tier(role: Role) -> u8 {
    match role {
        Role::Royal | Role::Counselor => 3,
        Role::Chariot | Role::Shaman => 2,
        Role::Pawn => 1,
    }
}

#[test]
fn default_model_rows_sum_to_one_and_follow_seniority() {
    let roles = [Role::Royal, Role::Counselor, Role::Chariot, Role::Shaman, Role::Pawn];
    for combat in [Combat::Melee, Combat::Ranged] {
        for c in roles {
            for d in roles {
                let o = DEFAULT_MODEL.odds(c, d, combat);
                assert!(o.is_valid(), "{c:?} {d:?} {combat:?}");
                assert!((o.challenger + o.defender + o.draw - 1.0).abs() < 1e-9);
                for c2 in roles {
                    let o2 = DEFAULT_MODEL.odds(c2, d, combat);
                    if tier(c2) > tier(c) {
                        assert!(o2.challenger > o.challenger, "{c2:?} vs {c:?} against {d:?}");
                    }
                    if tier(c2) == tier(c) {
                        assert_eq!(o2, o);
                    }
                }
                for d2 in roles {
                    let o2 = DEFAULT_MODEL.odds(c, d2, combat);
                    if tier(d2) > tier(d) {
                        assert!(o2.defender > o.defender, "{d2:?} vs {d:?} against {c:?}");
                    }
                }
            }
        }
    }
}

// ---- Text forms ---------------------------------------------------------

#[test]
fn position_string_round_trips_and_errors_name_field_and_offset() {
    use motley_mages::{ParseIssue, ParseMagesError};
    for fen in [
        "shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS g - - 0 0",
        "r1h3/1P4/6/6/6/6/6/3R2 g b7c8 b7,c8 0 17",
        "RHHHHH/PPPPPP/6/6/6/6/pppppp/rhhhhh b - a8 1 9",
    ] {
        let p = pos(fen);
        assert_eq!(p.to_string(), fen);
    }
    let bad = |fen: &str| match Mages::from_fen(fen) {
        Err(ParseMagesError::Syntax(e)) => e.issues,
        other => panic!("{fen}: {other:?}"),
    };
    assert_eq!(bad("shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHX g"), [ParseIssue::Piece { ch: 'X', at: 34 }]);
    assert_eq!(bad("shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS x"), [ParseIssue::Turn { at: 36 }]);
    assert_eq!(bad("shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS g a9a8"), [ParseIssue::Pending { at: 38 }]);
    assert_eq!(bad("shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS g - g1"), [ParseIssue::Halos { at: 40 }]);
    assert_eq!(bad("shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS g - - 3"), [ParseIssue::Passes { at: 42 }]);
    // A well-formed impossible position: the offending square's byte.
    match Mages::from_fen("shcrhP/pppppp/6/6/6/6/PPPPP1/SHCRHS g") {
        Err(ParseMagesError::Invalid { issues }) => assert_eq!(issues[0].at, 5),
        other => panic!("{other:?}"),
    }
    // A halo on an empty square names the halos field.
    match Mages::from_fen("shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS g - c4") {
        Err(ParseMagesError::Invalid { issues }) => assert_eq!(issues[0].at, 40),
        other => panic!("{other:?}"),
    }
    // Move tokens: exact forms and typed errors with offsets.
    let p = pos("r1h3/1P4/6/6/6/6/6/3R2 g");
    for t in ["b7b8c", "b7b8h", "b7b8s", "b7b8c!", "d1d2!", "b7a8", "b7c8!"] {
        let m = p.parse_move(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        assert_eq!(m.to_string(), t);
    }
    assert!(matches!(p.parse_move("b7b8c?"), Err(ParseMoveError::Trailing { at: 5 })));
    assert!(matches!(p.parse_move("d1d3"), Err(ParseMoveError::Unreachable { at: 2, .. })));
    assert!(matches!(p.parse_move("a8a7"), Err(ParseMoveError::NoPiece { .. })));
    assert!(matches!(p.parse_move("challenger"), Err(ParseMoveError::NotPending)));
}

#[test]
fn more_piece_and_engagement_corners() {
    // A Blue pawn pushing onto rank 1 promotes by Blue's choice.
    let p = pos("5r/6/6/6/6/6/1p4/4R1 b");
    assert!(matches!(p.parse_move("b2b1"), Err(ParseMoveError::MissingPromotion { .. })));
    let q = after(&p.to_string(), &["b2b1h"]);
    assert_eq!(at(&q, "b1"), some(B, Role::Chariot));
    // A pawn never engages straight ahead and never steps twice.
    let p = pos("5r/6/6/6/6/1s4/1P4/4R1 g");
    assert!(p.parse_move("b2b3").is_err());
    let p = pos("5r/6/6/6/6/6/1P4/4R1 g");
    assert!(p.parse_move("b2b4").is_err());
    assert!(p.parse_move("b2b3").is_ok());
    // Chariot on a diagonal: ranged; Counselor on a file: melee; no jumping.
    let p = after("5r/6/6/4s1/6/6/1H4/4R1 g", &["b2e5"]);
    assert_eq!(p.pending().unwrap().combat, Combat::Ranged);
    let p = after("2s2r/6/6/6/6/6/6/2C1R1 g", &["c1c8"]);
    assert_eq!(p.pending().unwrap().combat, Combat::Melee);
    let p = pos("2s2r/6/6/2P3/6/6/6/2C1R1 g");
    assert!(p.parse_move("c1c8").is_err());
    // A Royal may step next to (onto a square attacked by) an enemy: no check.
    let p = pos("6/6/6/6/3r2/6/6/3R2 g");
    assert!(p.parse_move("d1d2").is_ok());
    let p = after("6/6/6/6/3r2/6/6/3R2 g", &["d1d2", "d4d3", "d2d3"]);
    assert!(p.pending().is_some());
}

#[test]
fn start_perft_by_hand() {
    // Only the six pawns can move at the start, for either team; no
    // engagement is reachable in two plies, so both counts agree.
    let p = Mages::start();
    for mode in [PerftMode::Decision, PerftMode::Full] {
        assert_eq!(p.perft(1, mode), 6);
        assert_eq!(p.perft(2, mode), 36);
    }
}
