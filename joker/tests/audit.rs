//! Independent rules audit of motley-joker: each test composes a position and
//! asserts what `docs/rules/joker.md` says should happen.

use motley_core::testing::legal_tokens as tokens;
use motley_core::{Position, testing};
use motley_joker::{
    Color, EndReason, FenError, Joker, ParseIssue, ParseMoveError, PerftMode, Piece, Role, Square,
};

const W: Color = Color::White;
const B: Color = Color::Black;

fn pos(fen: &str) -> Joker {
    testing::position(fen)
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn at(p: &Joker, name: &str) -> Option<Piece> {
    p.board().piece_at(sq(name))
}

fn some(color: Color, role: Role) -> Option<Piece> {
    Some(Piece::new(color, role))
}

/// Plays each token after checking it is legal.
fn after(fen: &str, moves: &[&str]) -> Joker {
    testing::after(fen, moves)
}

// ---- Respawn ------------------------------------------------------------

#[test]
fn capturer_landing_on_b1_sends_the_knight_to_g1() {
    // The black knight lands on b1 (the first home square): the white knight
    // captured there respawns on g1.
    let p = after("3k4/8/8/8/8/2n5/8/1N6[] b - - 0 9 N", &["c3b1"]);
    assert_eq!(at(&p, "b1"), some(B, Role::Knight));
    assert_eq!(at(&p, "g1"), some(W, Role::Knight));
    assert_eq!(p.bench().get(W, Role::Knight), 0);
    assert_eq!(p.joker_reserve().get(W, Role::Knight), 0);
}

#[test]
fn capturer_leaving_b8_frees_it_for_the_respawn() {
    // A white knight on b8 captures the black knight on c6: b8 is free after
    // the move, so the black knight respawns there (not on g8, not in reserve).
    let p = after("3k4/8/2n5/8/8/8/8/8[N] w - - 0 0 n", &["N@b8"]);
    let p = after(&p.to_string(), &["d8d7", "b8c6"]);
    assert_eq!(at(&p, "c6"), some(W, Role::Knight));
    assert_eq!(at(&p, "b8"), some(B, Role::Knight));
    assert_eq!(at(&p, "g8"), None);
    assert_eq!(p.bench().get(B, Role::Knight), 0);
    assert_eq!(p.joker_reserve().get(B, Role::Knight), 0);
}

#[test]
fn bishop_captured_by_a_piece_landing_on_c8_goes_to_f8() {
    let p = after("2b1k3/8/8/8/8/8/8/2R5[] w - - 0 0 b", &["c1c8"]);
    assert_eq!(at(&p, "c8"), some(W, Role::Rook));
    assert_eq!(at(&p, "f8"), some(B, Role::Bishop));
}

#[test]
fn bishop_with_both_homes_taken_goes_to_the_joker_reserve() {
    // c8 is taken by the capturer, f8 by a black rook.
    let p = after("2b1kr2/8/8/8/8/8/8/2R5[] w - - 0 0 b", &["c1c8"]);
    assert_eq!(at(&p, "f8"), some(B, Role::Rook));
    assert_eq!(p.joker_reserve().get(B, Role::Bishop), 1);
    assert_eq!(p.bench().get(B, Role::Bishop), 0);
    // Black may now drop it, even on rank 1 or 8 squares.
    assert!(p.parse_move("B@a1").is_ok());
    assert!(p.parse_move("B@h8").is_ok());
}

#[test]
fn pawn_with_its_one_home_taken_goes_to_the_joker_reserve() {
    // The black pawn is captured on e5; e7 is occupied by a black knight.
    let p = after("3k4/4n3/8/4p3/3P4/8/8/8[] w - - 0 0 p", &["d4e5"]);
    assert_eq!(at(&p, "e5"), some(W, Role::Pawn));
    assert_eq!(at(&p, "e7"), some(B, Role::Knight));
    assert_eq!(p.joker_reserve().get(B, Role::Pawn), 1);
    assert_eq!(p.bench().get(B, Role::Pawn), 0);
    // And on a free file the pawn goes home to its own file on rank 7.
    let q = after("3k4/8/8/4p3/3P4/8/8/8[] w - - 0 0 p", &["d4e5"]);
    assert_eq!(at(&q, "e7"), some(B, Role::Pawn));
    assert_eq!(at(&q, "d7"), None);
}

#[test]
fn empty_bench_brings_nothing_back() {
    // White's bench holds no knight (only a pawn): the captured knight is gone.
    let p = after("3k4/8/8/8/8/2n5/8/1N6[] b - - 0 9 P", &["c3b1"]);
    assert_eq!(p.board().by_piece(Piece::new(W, Role::Knight)).count(), 0);
    assert_eq!(p.joker_reserve().get(W, Role::Knight), 0);
    assert_eq!(p.bench().get(W, Role::Pawn), 1);
}

#[test]
fn en_passant_capture_respawns_on_the_captured_pawns_file() {
    // White captures d5 en passant; the black pawn respawns on d7.
    let p = after("3k4/3p4/8/4P3/8/8/8/8[] b - - 0 1 p", &["d7d5"]);
    assert_eq!(p.ep_square(), Some(sq("d6")));
    let p = after(&p.to_string(), &["e5d6"]);
    assert_eq!(at(&p, "d6"), some(W, Role::Pawn));
    assert_eq!(at(&p, "d5"), None);
    assert_eq!(at(&p, "d7"), some(B, Role::Pawn));
    assert_eq!(p.bench().get(B, Role::Pawn), 0);
    assert_eq!(p.halfmove_clock(), 0);

    // Black captures f4 en passant; the white pawn respawns on f2.
    let p = after("3k4/8/8/8/4p3/8/5P2/Q7[] w - - 5 2 P", &["f2f4"]);
    assert_eq!(p.ep_square(), Some(sq("f3")));
    let p = after(&p.to_string(), &["e4f3"]);
    assert_eq!(at(&p, "f3"), some(B, Role::Pawn));
    assert_eq!(at(&p, "f4"), None);
    assert_eq!(at(&p, "f2"), some(W, Role::Pawn));
    assert_eq!(p.bench().get(W, Role::Pawn), 0);
}

#[test]
fn promoted_pieces_respawn_as_their_current_kind() {
    // A black pawn promoted to a knight (n~) captured: a knight respawns on b8.
    let p = after("3k4/8/8/8/8/8/8/R1n~5[] w - - 0 0 np", &["a1c1"]);
    assert_eq!(at(&p, "b8"), some(B, Role::Knight));
    assert!(!p.board().is_promoted(sq("b8")));
    assert_eq!(p.bench().get(B, Role::Knight), 0);
    assert_eq!(p.bench().get(B, Role::Pawn), 1);
    // A white pawn promoted to a queen (Q~) captured: nothing respawns.
    let p = after("3k4/8/8/8/8/8/8/2Q~1r3[] b - - 0 1 PNB", &["e1c1"]);
    assert_eq!(p.board().by_color(W).count(), 0);
    assert_eq!(p.bench().to_string(), "PNB");
    assert_eq!(p.joker_reserve().to_string(), "");
    // And then White has nothing at all: insufficient material.
    assert_eq!(p.end_reason(), Some(EndReason::InsufficientMaterial));
}

#[test]
fn queens_rooks_and_kings_never_respawn() {
    let p = after("3k4/8/8/8/8/8/8/Q2r4[] b - - 0 1 PPNNB", &["d1a1"]);
    assert_eq!(p.board().by_piece(Piece::new(W, Role::Queen)).count(), 0);
    assert_eq!(p.bench().get(W, Role::Pawn), 2);
    let p = after("r2k3k/8/8/8/8/8/8/R7[] w - - 0 0 ppnnbb", &["a1a8"]);
    assert_eq!(p.board().by_piece(Piece::new(B, Role::Rook)).count(), 0);
    assert_eq!(p.bench().to_string(), "ppnnbb");
    let p = after("3k3k/8/8/8/8/8/8/3R4[] w - - 0 0 ppnnbb", &["d1d8"]);
    assert_eq!(p.board().by_piece(Piece::new(B, Role::King)).count(), 1);
    assert_eq!(p.bench().to_string(), "ppnnbb");
}

// ---- Drops --------------------------------------------------------------

#[test]
fn pawn_drops_on_ranks_3_to_6_only_and_pieces_anywhere() {
    let p = pos("7k/8/8/8/8/8/8/7Q[PNB] w - - 0 0 -");
    let moves = tokens(&p);
    for file in 'a'..='h' {
        for rank in 1..=8 {
            let square = format!("{file}{rank}");
            let empty = square != "h8" && square != "h1";
            let pawn = format!("P@{square}");
            assert_eq!(moves.contains(&pawn), empty && (3..=6).contains(&rank), "{pawn}");
            for letter in ['N', 'B'] {
                let drop = format!("{letter}@{square}");
                assert_eq!(moves.contains(&drop), empty, "{drop}");
            }
        }
    }
    // Black's pawn drop ranks are the same 3 to 6.
    let p = pos("7k/8/8/8/8/8/8/7Q[p] b - - 0 1 -");
    let drops: Vec<String> = tokens(&p).into_iter().filter(|t| t.starts_with("P@")).collect();
    assert_eq!(drops.len(), 32);
    assert!(drops.iter().all(|t| (b'3'..=b'6').contains(&t.as_bytes()[3])));
    // A drop uses the reserve and is a whole turn.
    let q = after(&p.to_string(), &["P@c6"]);
    assert_eq!(q.joker_reserve().get(B, Role::Pawn), 0);
    assert_eq!(q.side_to_move(), W);
    // The dropped pawn on its 3rd rank (c6 for Black) has no double step.
    let q = after(&q.to_string(), &["h1h2"]);
    assert!(q.parse_move("c6c5").is_ok());
    assert!(q.parse_move("c6c4").is_err());
}

#[test]
fn a_drop_on_an_occupied_square_or_from_an_empty_reserve_is_illegal() {
    let p = pos("7k/8/8/8/8/8/8/7Q[N] w - - 0 0 -");
    assert!(p.parse_move("N@h1").is_err());
    assert!(p.parse_move("N@h8").is_err());
    assert!(p.parse_move("B@e4").is_err());
    assert!(p.parse_move("P@e4").is_err());
    assert!(p.parse_move("N@e4").is_ok());
}

// ---- Castling -----------------------------------------------------------

const CASTLE: &str = "r3k2r/8/8/8/8/8/8/8[N] b kq - 0 1 -";

#[test]
fn castling_both_sides_moves_king_and_rook() {
    let p = after(CASTLE, &["e8g8"]);
    assert_eq!(at(&p, "g8"), some(B, Role::King));
    assert_eq!(at(&p, "f8"), some(B, Role::Rook));
    assert_eq!(at(&p, "h8"), None);
    assert_eq!(p.castling().to_string(), "-");
    let p = after(CASTLE, &["e8c8"]);
    assert_eq!(at(&p, "c8"), some(B, Role::King));
    assert_eq!(at(&p, "d8"), some(B, Role::Rook));
    assert_eq!(at(&p, "a8"), None);
}

#[test]
fn castling_is_refused_through_squares_white_attacks() {
    // White knight dropped on e6 attacks f8 and d8: neither castle is legal.
    let p = after("r3k2r/8/8/8/8/8/8/8[N] w kq - 0 0 -", &["N@e6"]);
    assert!(p.parse_move("e8g8").is_err());
    assert!(p.parse_move("e8c8").is_err());
    // A knight on h6 attacks g8 only: queen side stays legal.
    let p = after("r3k2r/8/8/8/8/8/8/8[N] w kq - 0 0 -", &["N@h6"]);
    assert!(p.parse_move("e8g8").is_err());
    assert!(p.parse_move("e8c8").is_ok());
    // A knight on d6 attacks e8 (the start square): no castling at all.
    let p = after("r3k2r/8/8/8/8/8/8/8[N] w kq - 0 0 -", &["N@d6"]);
    assert!(p.parse_move("e8g8").is_err());
    assert!(p.parse_move("e8c8").is_err());
    // b8 attacked (knight on a6) does not matter: the king does not pass b8.
    let p = after("r3k2r/8/8/8/8/8/8/8[N] w kq - 0 0 -", &["N@a6"]);
    assert!(p.parse_move("e8c8").is_ok());
}

#[test]
fn castling_rights_are_lost_by_rook_or_king_moves_and_rook_captures() {
    let p = after("r3k2r/8/8/8/8/8/8/7Q[] b kq - 0 1 -", &["h8h7", "h1h2", "h7h8", "h2h1"]);
    assert!(p.parse_move("e8g8").is_err());
    assert!(p.parse_move("e8c8").is_ok());
    let p = after("r3k2r/8/8/8/8/8/8/7Q[] b kq - 0 1 -", &["e8e7", "h1h2", "e7e8", "h2h1"]);
    assert!(p.parse_move("e8g8").is_err());
    assert!(p.parse_move("e8c8").is_err());
    // White captures the a8 rook: queen side gone.
    let p = after("r3k2r/8/8/8/8/8/8/Q7[] w kq - 0 0 -", &["a1a8"]);
    assert_eq!(p.castling().to_string(), "k");
}

#[test]
fn the_d8_king_blocks_queen_side_castling() {
    // Start-like back rank with b8 and c8 emptied: the d8 king is in the way.
    let p = pos("r2kk2r/8/8/8/8/8/8/7Q[] b kq - 0 1 -");
    assert!(p.parse_move("e8c8").is_err());
    assert!(p.parse_move("e8g8").is_ok());
    // b8 occupied blocks too, although the king does not pass it.
    let p = pos("rn2k2r/8/8/8/8/8/8/7Q[] b kq - 0 1 -");
    assert!(p.parse_move("e8c8").is_err());
}

#[test]
fn the_safe_squares_condition_is_an_option() {
    let rules = motley_joker::Rules { castling_needs_safe_squares: false, ..Default::default() };
    let p = Joker::from_fen_with("r3k2r/8/8/8/8/8/8/8[N] w kq - 0 0 -", rules).unwrap();
    let p = p.played("N@e6".parse().unwrap());
    assert!(p.is_legal("e8g8".parse().unwrap()));
    assert!(p.is_legal("e8c8".parse().unwrap()));
}

// ---- Promotion ----------------------------------------------------------

fn promotion_letters(p: &Joker, from: &str, to: &str) -> String {
    let mut s: Vec<char> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Some(sq(from)) && m.to() == sq(to))
        .filter_map(|m| m.promotion())
        .map(|r| Piece::new(W, r).char().to_ascii_lowercase())
        .collect();
    s.sort_unstable();
    s.into_iter().collect()
}

#[test]
fn black_promotes_to_king_only_with_exactly_one_king_and_never_to_queen() {
    let two = pos("3kk3/8/8/8/8/8/p7/7Q[] b - - 0 1 -");
    assert_eq!(promotion_letters(&two, "a2", "a1"), "bnr");
    let one = pos("4k3/8/8/8/8/8/p7/7Q[] b - - 0 1 -");
    assert_eq!(promotion_letters(&one, "a2", "a1"), "bknr");
    assert!(one.parse_move("a2a1q").is_err());
    // The promoted king is a real king: Black now has two.
    let p = after(&one.to_string(), &["a2a1k"]);
    assert_eq!(p.board().by_piece(Piece::new(B, Role::King)).count(), 2);
    assert!(p.board().is_promoted(sq("a1")));
    // Capture promotions have the same choices.
    let cap = pos("4k3/8/8/8/8/8/p7/1R5Q[] b - - 0 1 -");
    assert_eq!(promotion_letters(&cap, "a2", "b1"), "bknr");
    // White promotes as in chess (no king).
    let w = pos("4k3/P7/8/8/8/8/8/8[] w - - 0 0 -");
    assert_eq!(promotion_letters(&w, "a7", "a8"), "bnqr");
    assert!(w.parse_move("a7a8k").is_err());
    assert!(w.parse_move("a7a8").is_err());
}

// ---- End of the game ----------------------------------------------------

#[test]
fn capturing_the_last_king_wins_for_white() {
    let p = after("4k3/8/8/8/8/8/8/4R3[] w - - 0 0 -", &["e1e8"]);
    assert_eq!(p.end_reason(), Some(EndReason::KingsCaptured));
    assert_eq!(p.winner(), Some(W));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.perft(1, PerftMode::Decision), 0);
    assert_eq!(p.perft(3, PerftMode::Decision), 0);
    // Capturing one of two kings does not.
    let p = after("4k2k/8/8/8/8/8/8/4R3[] w - - 0 0 -", &["e1e8"]);
    assert_eq!(p.end_reason(), None);
}

#[test]
fn last_king_captured_on_the_move_limit_ply_is_a_white_win() {
    // Ply 199 → 200 and the last king falls on the same half-move.
    let p = after("4k3/8/8/8/8/8/8/4R3[] w - - 13 199 -", &["e1e8"]);
    assert_eq!(p.ply(), 200);
    assert_eq!(p.end_reason(), Some(EndReason::KingsCaptured));
    assert_eq!(p.winner(), Some(W));
}

#[test]
fn fourteen_rule_beats_move_limit_on_the_same_ply() {
    let p = after("4k3/8/8/8/8/8/8/4R3[] w - - 13 199 -", &["e1e2"]);
    assert_eq!((p.halfmove_clock(), p.ply()), (14, 200));
    assert_eq!(p.end_reason(), Some(EndReason::FourteenMoveRule));
    assert_eq!(p.winner(), Some(B));
}

#[test]
fn move_limit_beats_no_legal_move_and_insufficient_material() {
    // White to move with no pieces at ply 200: the move limit is reported.
    let p = pos("4k3/8/8/8/8/8/8/8[] w - - 0 200 -");
    assert_eq!(p.end_reason(), Some(EndReason::MoveLimit));
    // At ply 199 the same position is insufficient material, not stalemate.
    let p = pos("4k3/8/8/8/8/8/8/8[] w - - 0 199 -");
    assert_eq!(p.end_reason(), Some(EndReason::InsufficientMaterial));
    assert_eq!(p.winner(), Some(B));
    // With a reserve piece White still has material and moves.
    let p = pos("4k3/8/8/8/8/8/8/8[N] w - - 0 199 -");
    assert_eq!(p.end_reason(), None);
}

#[test]
fn white_without_a_legal_move_loses_and_black_without_one_loses() {
    // The white pawn a2 is blocked by a black pawn on a3 (White has material).
    let p = pos("7k/8/8/8/8/p7/P7/8[] w - - 0 0 -");
    assert_eq!(p.end_reason(), Some(EndReason::Stalemate));
    assert_eq!(p.winner(), Some(B));
    // Black's pieces are all wedged on ranks 1-2 by each other.
    let p = pos("Q7/8/8/8/8/8/pppppppp/bbbbkb~b~b~[] b - - 0 1 -");
    assert_eq!(p.end_reason(), Some(EndReason::BlackNoMoves));
    assert_eq!(p.winner(), Some(W));
}

#[test]
fn fourteen_half_move_clock_resets_on_pawn_moves_drops_and_captures() {
    let base = "4k3/8/8/8/8/8/P7/R7[NP] w - - 13 10 -";
    assert_eq!(after(base, &["a2a3"]).halfmove_clock(), 0);
    assert_eq!(after(base, &["P@e4"]).halfmove_clock(), 0);
    // A knight drop is not a pawn move.
    let p = after(base, &["N@e4"]);
    assert_eq!(p.halfmove_clock(), 14);
    assert_eq!(p.end_reason(), Some(EndReason::FourteenMoveRule));
    // A capture resets it.
    let p = after("4k3/8/8/8/8/8/8/R3r3[] w - - 13 10 -", &["a1e1"]);
    assert_eq!(p.halfmove_clock(), 0);
    assert_eq!(p.end_reason(), None);
    // Castling is not a pawn move.
    let p = after("r3k2r/8/8/8/8/8/8/7Q[] b kq - 3 11 -", &["e8g8"]);
    assert_eq!(p.halfmove_clock(), 4);
    // Below 14 the rule does not apply.
    let p = after("4k3/8/8/8/8/8/8/R7[] w - - 12 10 -", &["a1a2"]);
    assert_eq!(p.end_reason(), None);
}

// ---- Text forms ---------------------------------------------------------

#[test]
fn fen_round_trips_every_field() {
    for fen in [
        motley_joker::START_FEN,
        "r3k2r/8/8/3pP3/8/8/8/N~7[PNBpb] w k d6 7 33 PNnb",
        "8/8/8/8/8/8/8/4k3[] b - - 0 0 -",
        "r~n~b~k~4/8/8/8/8/8/8/Q~R~B~N~4[PPPP] b - - 13 199 PPPPPNNBppppppppnnnbb",
    ] {
        let p = pos(fen);
        assert_eq!(p.to_string(), fen);
        assert_eq!(pos(&p.to_string()), p);
    }
}

#[test]
fn fen_errors_name_field_and_byte_offset() {
    let cases: [(&str, ParseIssue); 8] = [
        (
            "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNX[] w kq - 0 0 -",
            ParseIssue::Board { at: 42, what: "unknown piece letter" },
        ),
        (
            "8/8/8/8/8/8/8/4k3[Q] w - - 0 0 -",
            ParseIssue::Reserve { at: 18, what: "expected P, N, B, p, n or b" },
        ),
        ("8/8/8/8/8/8/8/4k3[] x - - 0 0 -", ParseIssue::Turn { at: 20 }),
        ("8/8/8/8/8/8/8/4k3[] w K - 0 0 -", ParseIssue::Castling { at: 22 }),
        ("8/8/8/8/8/8/8/4k3[] w - e9 0 0 -", ParseIssue::EnPassant { at: 24 }),
        ("8/8/8/8/8/8/8/4k3[] w - - x 0 -", ParseIssue::Clock { at: 26 }),
        ("8/8/8/8/8/8/8/4k3[] w - - 0 70000 -", ParseIssue::Ply { at: 28 }),
        (
            "8/8/8/8/8/8/8/4k3[] w - - 0 0 Q",
            ParseIssue::Bench { at: 30, what: "expected P, N, B, p, n or b" },
        ),
    ];
    for (fen, want) in cases {
        match Joker::from_fen(fen) {
            Err(FenError::Parse(e)) => assert_eq!(e.issues, [want], "{fen}"),
            other => panic!("{fen}: {other:?}"),
        }
    }
    assert!(matches!(
        Joker::from_fen("8/8/8/8/8/8/8/4k3[] w - - 0 0"),
        Err(FenError::Parse(e)) if matches!(e.issues[..], [ParseIssue::Missing { field: "bench", .. }])
    ));
    // A well-formed but invalid position names the field's byte offset.
    match Joker::from_fen("8/8/8/8/8/8/8/4k3[] w kq - 0 0 -") {
        Err(FenError::Invalid { at, error }) => {
            assert_eq!(at, vec![22; error.issues.len()]);
            assert!(error.to_string().starts_with("castling"), "{error}");
        }
        other => panic!("{other:?}"),
    }
    match Joker::from_fen("8/8/8/8/8/8/8/4K3[] b - - 0 0 -") {
        Err(FenError::Invalid { at, .. }) => assert_eq!(at[0], 0),
        other => panic!("{other:?}"),
    }
}

#[test]
fn uci_notation() {
    for t in ["e2e4", "e7e8q", "a2a1k", "e8g8", "e8c8", "N@e4", "P@d5", "B@h8"] {
        let m: motley_joker::Move = t.parse().unwrap();
        assert_eq!(m.to_string(), t);
    }
    for (t, at) in [("e2e9", 2), ("i2e4", 0), ("e7e8x", 4), ("e2e4q1", 5), ("Q@e4", 0), ("N@e4x", 4)] {
        match t.parse::<motley_joker::Move>() {
            Err(ParseMoveError::Syntax { at: got, .. }) => assert_eq!(got, at, "{t}"),
            other => panic!("{t}: {other:?}"),
        }
    }
    // The position's parser rejects a well-formed illegal move with a typed error.
    assert!(matches!(Joker::start().parse_move("e2e5"), Err(ParseMoveError::Illegal { .. })));
}

#[test]
fn en_passant_field_is_validated_and_needs_the_passed_pawn() {
    // d6 with a black pawn on d5 and d6, d7 empty: valid (White to move).
    assert!(Joker::from_fen("3k4/8/8/3pP3/8/8/8/8[] w - d6 0 1 -").is_ok());
    // No pawn on d5, or the wrong side to move: invalid, at the en passant field.
    for fen in ["3k4/8/8/4P3/8/8/8/8[] w - d6 0 1 -", "3k4/8/8/3pP3/8/8/8/8[] b - d6 0 1 -"] {
        match Joker::from_fen(fen) {
            Err(FenError::Invalid { at, error }) => {
                assert_eq!(at[0], fen.find(" d6").unwrap() + 1, "{fen}");
                assert!(error.to_string().starts_with("en passant"), "{error}");
            }
            other => panic!("{fen}: {other:?}"),
        }
    }
    // The en passant capture itself is a legal move only right after the step.
    let p = after("3k4/3p4/8/4P3/8/8/8/Q7[] b - - 0 1 -", &["d7d5", "a1a2", "d8c8"]);
    assert!(p.parse_move("e5d6").is_err());
}

#[test]
fn more_respawn_corners() {
    // A pawn captured on its own home square: the capturer stands there, so
    // the pawn goes to the Joker Reserve.
    let p = after("3k4/8/8/8/8/2n5/4P3/Q7[] b - - 0 1 P", &["c3e2"]);
    assert_eq!(at(&p, "e2"), some(B, Role::Knight));
    assert_eq!(p.joker_reserve().get(W, Role::Pawn), 1);
    // A rook leaving b1 to capture the knight on g1 frees b1 for it.
    let p = after("3k4/8/8/8/8/8/8/1r4N1[] b - - 0 1 N", &["b1g1"]);
    assert_eq!(at(&p, "g1"), some(B, Role::Rook));
    assert_eq!(at(&p, "b1"), some(W, Role::Knight));
    // A capturing promotion onto b1: the knight goes to g1.
    let p = after("4k3/8/8/8/8/8/p7/1N5Q[] b - - 0 1 N", &["a2b1r"]);
    assert_eq!(at(&p, "b1"), some(B, Role::Rook));
    assert!(p.board().is_promoted(sq("b1")));
    assert_eq!(at(&p, "g1"), some(W, Role::Knight));
    // A white capturing promotion onto c8: the bishop goes to f8.
    let p = after("2b1k3/1P6/8/8/8/8/8/8[] w - - 0 0 b", &["b7c8q"]);
    assert_eq!(at(&p, "c8"), some(W, Role::Queen));
    assert_eq!(at(&p, "f8"), some(B, Role::Bishop));
}

#[test]
fn drop_perft_by_hand() {
    // White has only a knight in reserve: 63 drops; Black's king on h8 then
    // has 3 moves (capturing the knight if it landed on g8, g7 or h7).
    let p = pos("7k/8/8/8/8/8/8/8[N] w - - 0 0 -");
    assert_eq!(p.perft(1, PerftMode::Decision), 63);
    assert_eq!(p.perft(2, PerftMode::Decision), 63 * 3);
    // After the king takes the knight White has nothing left: those three
    // lines end (insufficient material), the other 60 go on.
    let ended = p
        .divide(2, motley_joker::PerftMode::Decision)
        .iter()
        .filter(|(m, _)| ["N@g8", "N@g7", "N@h7"].contains(&m.to_string().as_str()))
        .count();
    assert_eq!(ended, 3);
    let after_take = after("7k/8/8/8/8/8/8/8[N] w - - 0 0 -", &["N@g7", "h8g7"]);
    assert_eq!(after_take.end_reason(), Some(EndReason::InsufficientMaterial));
    assert_eq!(after_take.perft(1, PerftMode::Decision), 0);
    // With a knight on the bench it respawns on b1 instead and play goes on.
    let after_take = after("7k/8/8/8/8/8/8/8[N] w - - 0 0 N", &["N@g7", "h8g7"]);
    assert_eq!(at(&after_take, "b1"), some(W, Role::Knight));
    assert_eq!(after_take.perft(1, PerftMode::Decision), 3);
}

#[test]
fn start_perft_by_hand() {
    // White: 16 pawn moves + 4 knight moves; Black the same (no castling yet).
    let p = Joker::start();
    assert_eq!(p.perft(1, PerftMode::Decision), 20);
    assert_eq!(p.perft(2, PerftMode::Decision), 400);
}
