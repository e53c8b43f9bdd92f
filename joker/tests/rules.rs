//! One test (or more) per rule of `docs/rules/joker.md`.

use motley_core::{Position, Seat, SeatResult, testing};
use motley_joker::{
    Color, EndReason, Joker, KingPromotion, Move, Piece, PromotedRespawn, Role, Rules, Square,
};

fn pos(fen: &str) -> Joker {
    testing::position(fen)
}

fn with(fen: &str, rules: Rules) -> Joker {
    Joker::from_fen_with(fen, rules).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

/// Plays moves, each checked for legality.
fn play(p: Joker, moves: &[&str]) -> Joker {
    testing::play_tokens(p, moves)
}

/// The position `fen` after `moves`, each checked for legality.
fn after(fen: &str, moves: &[&str]) -> Joker {
    testing::after(fen, moves)
}

fn legal(p: &Joker, token: &str) -> bool {
    p.parse_move(token).is_ok()
}

fn at(p: &Joker, name: &str) -> Option<Piece> {
    p.board().piece_at(sq(name))
}

const W: Color = Color::White;
const B: Color = Color::Black;

fn piece(color: Color, role: Role) -> Option<Piece> {
    Some(Piece::new(color, role))
}

// ---------------------------------------------------------------- set-up

#[test]
fn start_position() {
    let p = Joker::start();
    assert_eq!(p.to_string(), motley_joker::START_FEN);
    assert_eq!(at(&p, "d1"), piece(W, Role::Queen));
    assert_eq!(at(&p, "e1"), piece(W, Role::Queen));
    assert_eq!(at(&p, "d8"), piece(B, Role::King));
    assert_eq!(at(&p, "e8"), piece(B, Role::King));
    assert_eq!(p.bench().letters(W), "PPPPPNNB");
    assert_eq!(p.bench().letters(B), "ppppppppnnnbb");
    assert!(p.joker_reserve().is_empty());
    assert_eq!(Position::turn(&p), Seat(0));
    assert_eq!(p.seat_name(Seat(0)), "white");
    assert_eq!(p.seat_name(Seat(1)), "black");
    assert_eq!(Joker::VARIANT, "joker");
    assert_eq!(p.castling().to_string(), "kq");
    assert_eq!(p.legal_moves().len(), 20);
    assert_eq!(p.status(), "ongoing");
}

// ---------------------------------------------------------------- kings are not royal

#[test]
fn kings_may_move_onto_attacked_squares_and_be_captured() {
    // The e8 king may step to e7, attacked by the queen on e1.
    let p = pos("3kk3/8/8/8/8/8/8/4Q3[] b - - 0 10 -");
    assert!(legal(&p, "e8e7"));
    let p = play(p, &["e8e7", "e1e7"]);
    assert_eq!(at(&p, "e7"), piece(W, Role::Queen));
    assert_eq!(p.end_reason(), None, "one king left: the game goes on");
    let p = play(p, &["d8c8", "e7c7", "c8b8", "c7b8"]);
    assert_eq!(p.end_reason(), Some(EndReason::KingsCaptured));
    let outcome = p.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Seat(0)));
    assert_eq!(outcome.reason(), "kings-captured");
    assert!(p.legal_moves().is_empty());
}

#[test]
fn option_capturing_one_king_wins() {
    let rules = Rules { black_kings_floor: 1, ..Rules::default() };
    let p = with("3kk3/8/8/8/8/8/8/4Q3[] b - - 0 10 -", rules);
    let p = play(p, &["e8e7", "e1e7"]);
    assert_eq!(p.end_reason(), Some(EndReason::KingsCaptured));
}

// ---------------------------------------------------------------- respawn

/// A white queen on d4 captures a black knight on e5: Black's bench has knights.
const KNIGHT_CAPTURE: &str =
    "r1bkkb1r/pppppppp/8/4n3/3Q4/8/PPPPPPPP/RNB1QBNR[] w kq - 3 4 PPPPPNNBppppppppnnnbb";

#[test]
fn respawn_on_first_free_home_square() {
    let p = after(KNIGHT_CAPTURE, &["d4e5"]);
    assert_eq!(at(&p, "b8"), piece(B, Role::Knight));
    assert_eq!(at(&p, "g8"), None);
    assert_eq!(p.bench().get(B, Role::Knight), 2);
    assert!(p.joker_reserve().is_empty());
    assert_eq!(p.halfmove_clock(), 0);
}

#[test]
fn respawn_on_second_home_square_when_first_is_taken() {
    let p = after(
        "rnbkkb1r/pppppppp/8/4n3/3Q4/8/PPPPPPPP/RNB1QBNR[] w kq - 3 4 PPPPPNNBppppppppnnnbb",
        &["d4e5"],
    );
    assert_eq!(at(&p, "g8"), piece(B, Role::Knight));
    assert_eq!(p.bench().get(B, Role::Knight), 2);
}

#[test]
fn respawn_into_joker_reserve_when_every_home_square_is_taken() {
    // Three black knights on the board and two on the bench: all five the
    // game has.
    let p =
        after("rnbkkbnr/pppppppp/8/4n3/3Q4/8/PPPPPPPP/RNB1QBNR[] w kq - 3 4 PPPPPNNBppppppppnnbb", &["d4e5"]);
    assert_eq!(p.joker_reserve().get(B, Role::Knight), 1);
    assert_eq!(p.bench().get(B, Role::Knight), 1);
    assert_eq!(
        p.to_string(),
        "rnbkkbnr/pppppppp/8/4Q3/8/8/PPPPPPPP/RNB1QBNR[n] b kq - 0 5 PPPPPNNBppppppppnbb"
    );
}

#[test]
fn nothing_respawns_from_an_empty_bench() {
    let p =
        after("r1bkkb1r/pppppppp/8/4n3/3Q4/8/PPPPPPPP/RNB1QBNR[] w kq - 3 4 PPPPPNNBppppppppbb", &["d4e5"]);
    assert_eq!(p.board().by_piece(Piece::new(B, Role::Knight)).count(), 0);
    assert!(p.joker_reserve().is_empty());
    assert_eq!(p.bench().letters(B), "ppppppppbb");
}

#[test]
fn bishops_respawn_c8_then_f8() {
    let p = after(
        "rn1kk1nr/pppppppp/8/4b3/3Q4/8/PPPPPPPP/RNB1QBNR[] w kq - 0 4 PPPPPNNBppppppppnnnbb",
        &["d4e5"],
    );
    assert_eq!(at(&p, "c8"), piece(B, Role::Bishop));
    let p = after(
        "rnbkk1nr/pppppppp/8/4b3/3Q4/8/PPPPPPPP/RNB1QBNR[] w kq - 0 4 PPPPPNNBppppppppnnnbb",
        &["d4e5"],
    );
    assert_eq!(at(&p, "f8"), piece(B, Role::Bishop));
    let p =
        after("rnbkkbnr/pppppppp/8/4b3/3Q4/8/PPPPPPPP/RNB1QBNR[] w kq - 0 4 PPPPPNNBppppppppnnnb", &["d4e5"]);
    assert_eq!(p.joker_reserve().letters(B), "b");
}

#[test]
fn pawns_respawn_on_the_capture_file_only() {
    // Black pawn on d5 captured: d7 is free.
    let p = after(
        "rnbkkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQQBNR[] w kq - 0 2 PPPPPNNBppppppppnnnbb",
        &["e4d5"],
    );
    assert_eq!(at(&p, "d7"), piece(B, Role::Pawn));
    assert_eq!(p.bench().get(B, Role::Pawn), 7);
    // Black pawn on d5 captured, d7 taken: into the reserve, even though c7 is free.
    let p = after(
        "rnbkkbnr/pp1ppppp/8/3p4/4P3/8/PPPP1PPP/RNBQQBNR[] w kq - 0 2 PPPPPNNBppppppppnnnbb",
        &["e4d5"],
    );
    assert_eq!(at(&p, "c7"), None);
    assert_eq!(p.joker_reserve().letters(B), "p");
}

#[test]
fn home_squares_are_examined_after_the_capturer_moved() {
    // The capturer lands on the pawn's home square: the pawn goes to the reserve.
    let p =
        after("rnbkkbnr/pppppppp/8/8/4Q3/8/PPPP1PPP/RNB2BNR[] w kq - 0 2 PPPPPNNBppppppppnnnbb", &["e4e7"]);
    assert_eq!(at(&p, "e7"), piece(W, Role::Queen));
    assert_eq!(p.joker_reserve().letters(B), "p");
    // The capturer leaves a home square: a white knight on b8 takes a black
    // knight on c6, and the black knight respawns on the b8 it left.
    let p =
        after("rN1kkb1r/pppppppp/2n5/8/8/8/PPPPPPPP/R1BQQBNR[] w kq - 0 4 PPPPPNBppppppppnnnbb", &["b8c6"]);
    assert_eq!(at(&p, "b8"), piece(B, Role::Knight));
    assert_eq!(at(&p, "c6"), piece(W, Role::Knight));
}

#[test]
fn white_pieces_respawn_too() {
    // A black knight takes the g1 knight: it respawns on b1.
    let p =
        after("rnbkkbnr/pppppppp/8/8/8/5n2/PPPPPPPP/R1BQQBNR[] b kq - 0 4 PPPPPNNBppppppppnnbb", &["f3g1"]);
    assert_eq!(p.to_string(), "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBnR[] w kq - 0 5 PPPPPNBppppppppnnbb");
    // A black knight takes the f1 bishop: c1 holds the other bishop and the
    // capturer stands on f1, so the bishop goes to White's Joker Reserve.
    let p = after(
        "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQB1R[] b kq - 0 4 PPPPPNNBppppppppnnnbb",
        &["g8f6", "a2a3", "f6g4", "a3a4", "g4e3", "a4a5", "e3f1"],
    );
    assert_eq!(p.joker_reserve().letters(W), "B");
    assert_eq!(p.bench().get(W, Role::Bishop), 0);
    assert!(legal(&p, "B@e4"));
}

#[test]
fn en_passant_captures_respawn() {
    let p = after(
        "rnbkkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQQBNR[] w kq d6 0 4 PPPPPNNBppppppppnnnbb",
        &["e5d6"],
    );
    assert_eq!(at(&p, "d5"), None, "the passed pawn is removed");
    assert_eq!(at(&p, "d6"), piece(W, Role::Pawn));
    assert_eq!(at(&p, "d7"), piece(B, Role::Pawn), "and respawns on its file");
    assert_eq!(p.bench().get(B, Role::Pawn), 7);
    // Black takes en passant: the white pawn respawns on d2 (free).
    let p =
        after("rnbkkbnr/pppp1ppp/8/8/3Pp3/8/PPP2PPP/RNBQQBNR[] b kq d3 0 3 PPPPPNNBppppppppnnnbb", &["e4d3"]);
    assert_eq!(at(&p, "d4"), None);
    assert_eq!(at(&p, "d2"), piece(W, Role::Pawn));
    assert_eq!(p.bench().get(W, Role::Pawn), 4);
}

#[test]
fn promoted_pieces_respawn_as_their_current_kind() {
    // A promoted white knight on c3 (N~) is taken: it respawns as a knight on b1.
    let fen = "3kk3/8/8/8/8/2N~5/3b4/8[] b - - 0 30 PNN";
    let p = after(fen, &["d2c3"]);
    assert_eq!(at(&p, "b1"), piece(W, Role::Knight));
    assert!(!p.board().is_promoted(sq("b1")));
    assert_eq!(p.bench().letters(W), "PN");
    // A promoted queen does not respawn.
    let p = after("3kk3/8/8/8/8/2Q~5/3b4/8[] b - - 0 30 PNN", &["d2c3"]);
    assert_eq!(p.bench().letters(W), "PNN");
    assert!(p.board().by_color(W).is_empty());
    // Option: as a pawn (crazyhouse), on the capture file.
    let rules = Rules { promoted_respawn: PromotedRespawn::AsPawn, ..Rules::default() };
    let p = play(with("3kk3/8/8/8/8/2Q~5/3b4/8[] b - - 0 30 PNN", rules), &["d2c3"]);
    assert_eq!(at(&p, "c2"), piece(W, Role::Pawn));
    assert_eq!(p.bench().letters(W), "NN");
}

#[test]
fn queens_rooks_and_kings_never_respawn() {
    let p = after("3kk3/8/8/8/8/8/2r5/2Q5[] w - - 0 30 PPPPPNNBppppppppnnnbb", &["c1c2"]);
    assert_eq!(p.bench().to_string(), "PPPPPNNBppppppppnnnbb");
    assert!(p.joker_reserve().is_empty());
    assert_eq!(p.board().occupied().count(), 3);
}

// ---------------------------------------------------------------- drops

#[test]
fn pawn_drops_only_on_ranks_3_to_6() {
    for (color_fen, letter) in [("w", 'P'), ("b", 'p')] {
        let fen = format!("3kk3/8/8/8/8/8/8/3Q4[{letter}] {color_fen} - - 0 30 -");
        let p = pos(&fen);
        for rank in 1..=8 {
            for file in ['a', 'c', 'h'] {
                let token = format!("P@{file}{rank}");
                assert_eq!(legal(&p, &token), (3..=6).contains(&rank), "{fen} {token}");
            }
        }
    }
}

#[test]
fn pieces_drop_anywhere_empty() {
    let p = pos("3kk3/8/8/8/8/8/8/3Q4[NB] w - - 0 30 -");
    for name in ["a1", "h8", "e2", "c8"] {
        assert!(legal(&p, &format!("N@{name}")), "{name}");
        assert!(legal(&p, &format!("B@{name}")), "{name}");
    }
    assert!(!legal(&p, "N@d1"), "occupied");
    assert!(!legal(&p, "N@d8"), "occupied");
    assert!(!legal(&p, "R@a1"));
    assert_eq!(p.legal_moves().iter().filter(|m| m.is_drop()).count(), 2 * 61);
    // Black cannot drop White's pieces.
    let p = pos("3kk3/8/8/8/8/8/8/3Q4[N] b - - 0 30 -");
    assert!(!legal(&p, "N@a1"));
}

#[test]
fn a_drop_is_a_whole_turn() {
    let p = after("3kk3/8/8/8/8/8/8/3Q4[PN] w - - 5 30 -", &["N@c3"]);
    assert_eq!(at(&p, "c3"), piece(W, Role::Knight));
    assert_eq!(p.joker_reserve().letters(W), "P");
    assert_eq!(p.side_to_move(), B);
    assert_eq!(p.halfmove_clock(), 6, "a piece drop is a quiet move");
    assert_eq!(p.ply(), 31);
    let p = play(p, &["d8d7", "P@c4"]);
    assert_eq!(p.halfmove_clock(), 0, "a pawn drop counts as a pawn move");
    let rules = Rules { pawn_drop_resets_clock: false, ..Rules::default() };
    let p = play(with("3kk3/8/8/8/8/8/8/3Q4[P] w - - 5 30 -", rules), &["P@c4"]);
    assert_eq!(p.halfmove_clock(), 6);
}

#[test]
fn dropped_pawns_on_their_third_rank_have_no_double_step() {
    let p = after("3kk3/8/8/8/8/8/8/3Q4[P] w - - 0 30 -", &["P@c3", "d8d7"]);
    assert!(legal(&p, "c3c4"));
    assert!(!legal(&p, "c3c5"));
    let rules = Rules { third_rank_double_step: true, ..Rules::default() };
    let p = play(with("3kk3/8/8/8/8/8/8/3Q4[p] b - - 0 30 -", rules), &["P@c6", "d1d2"]);
    assert!(legal(&p, "c6c4"));
}

// ---------------------------------------------------------------- promotion

fn promotions(p: &Joker, from: &str, to: &str) -> Vec<Role> {
    let mut v: Vec<Role> = p
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Some(sq(from)) && m.to() == sq(to))
        .filter_map(|m| m.promotion())
        .collect();
    v.sort();
    v
}

#[test]
fn white_promotes_as_in_chess() {
    let p = pos("3kk3/P7/8/8/8/8/8/8[] w - - 0 30 -");
    assert_eq!(promotions(&p, "a7", "a8"), vec![Role::Knight, Role::Bishop, Role::Rook, Role::Queen]);
    let p = play(p, &["a7a8q"]);
    assert_eq!(at(&p, "a8"), piece(W, Role::Queen));
    assert!(p.board().is_promoted(sq("a8")));
    assert!(p.to_string().starts_with("Q~2kk3/"));
    assert!(!legal(&pos("3kk3/P7/8/8/8/8/8/8[] w - - 0 30 -"), "a7a8k"));
}

#[test]
fn black_promotes_without_queen_and_to_king_only_with_one_king() {
    let two = pos("3kk3/8/8/8/8/8/p7/7Q[] b - - 0 30 -");
    assert_eq!(promotions(&two, "a2", "a1"), vec![Role::Knight, Role::Bishop, Role::Rook]);
    assert!(!legal(&two, "a2a1q"));
    assert!(!legal(&two, "a2a1k"));
    let one = pos("4k3/8/8/8/8/8/p7/7Q[] b - - 0 30 -");
    assert_eq!(promotions(&one, "a2", "a1"), vec![Role::Knight, Role::Bishop, Role::Rook, Role::King]);
    let p = play(one, &["a2a1k"]);
    assert_eq!(p.board().by_piece(Piece::new(B, Role::King)).count(), 2);
    assert_eq!(p.to_string(), "4k3/8/8/8/8/8/8/k~6Q[] w - - 0 31 -");
    // With two kings again, no further king promotion.
    let p = after("4k3/8/8/8/8/8/pp6/7Q[] b - - 0 30 -", &["a2a1k", "h1h2"]);
    assert_eq!(promotions(&p, "b2", "b1"), vec![Role::Knight, Role::Bishop, Role::Rook]);
}

#[test]
fn black_promotion_options() {
    let rules = Rules {
        black_queen_promotion: true,
        black_king_promotion: KingPromotion::Always,
        ..Rules::default()
    };
    let p = with("3kk3/8/8/8/8/8/p7/7Q[] b - - 0 30 -", rules);
    assert_eq!(
        promotions(&p, "a2", "a1"),
        vec![Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King]
    );
    let rules = Rules { black_king_promotion: KingPromotion::Never, ..Rules::default() };
    let p = with("4k3/8/8/8/8/8/p7/7Q[] b - - 0 30 -", rules);
    assert_eq!(promotions(&p, "a2", "a1"), vec![Role::Knight, Role::Bishop, Role::Rook]);
}

// ---------------------------------------------------------------- castling

const CASTLE: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/1NB1QB1R[] b kq - 0 20 -";

#[test]
fn black_castles_both_ways() {
    let p = after(CASTLE, &["e8g8"]);
    assert_eq!(at(&p, "g8"), piece(B, Role::King));
    assert_eq!(at(&p, "f8"), piece(B, Role::Rook));
    assert_eq!(at(&p, "h8"), None);
    assert_eq!(p.castling().to_string(), "-");
    let p = after(CASTLE, &["e8c8"]);
    assert_eq!(at(&p, "c8"), piece(B, Role::King));
    assert_eq!(at(&p, "d8"), piece(B, Role::Rook));
    assert_eq!(at(&p, "a8"), None);
    assert_eq!(p.halfmove_clock(), 1);
}

#[test]
fn castling_needs_empty_squares_and_rights() {
    // The start: d8 holds the other king, f8 and g8 are occupied.
    let p = play(Joker::start(), &["e2e4"]);
    assert!(!legal(&p, "e8g8") && !legal(&p, "e8c8"));
    // b8 occupied blocks the queen side.
    let p = pos("rn2k2r/pppppppp/8/8/8/8/PPPPPPPP/1NB1QB1R[] b kq - 0 20 -");
    assert!(!legal(&p, "e8c8") && legal(&p, "e8g8"));
    // Rights lost by rook and king moves.
    let p = after(CASTLE, &["h8g8", "a2a3", "g8h8", "a3a4"]);
    assert_eq!(p.castling().to_string(), "q");
    assert!(!legal(&p, "e8g8") && legal(&p, "e8c8"));
    let p = after(CASTLE, &["e8f8", "a2a3", "f8e8", "a3a4"]);
    assert_eq!(p.castling().to_string(), "-");
    // Right lost when the rook is captured.
    let p = play(
        pos("r3k2r/pppppp1p/8/8/8/8/PPPPPPP1/1NB1QB1R[] b kq - 0 20 -"),
        &["a7a6", "h1h7", "a6a5", "h7h8"],
    );
    assert_eq!(p.castling().to_string(), "q");
}

#[test]
fn castling_squares_must_not_be_attacked() {
    // f8 attacked through the f-file.
    let p = pos("r3k2r/ppppp1pp/8/8/8/8/8/5Q2[] b kq - 0 20 -");
    assert!(!legal(&p, "e8g8") && legal(&p, "e8c8"));
    // e8 attacked: neither.
    let p = pos("r3k2r/pppp1ppp/8/8/8/8/8/4Q3[] b kq - 0 20 -");
    assert!(!legal(&p, "e8g8") && !legal(&p, "e8c8"));
    // c8 attacked by a knight on b6? (b6 knight attacks c8 and a8, d7...)
    let p = pos("r3k2r/pppppppp/1N6/8/8/8/8/8[] b kq - 0 20 -");
    assert!(legal(&p, "e8g8") && !legal(&p, "e8c8"));
    // b8 attacked only (by a knight on a6): queen side still allowed.
    let p = pos("r3k2r/1ppppppp/N7/8/8/8/8/8[] b kq - 0 20 -");
    assert!(p.attacked_by_white(sq("b8")));
    assert!(legal(&p, "e8c8"));
    // Option: attacks do not matter.
    let rules = Rules { castling_needs_safe_squares: false, ..Rules::default() };
    let p = with("r3k2r/pppp1ppp/8/8/8/8/8/4Q3[] b kq - 0 20 -", rules);
    assert!(legal(&p, "e8g8") && legal(&p, "e8c8"));
}

// ---------------------------------------------------------------- en passant

#[test]
fn en_passant_square_is_set_only_when_a_pawn_can_take() {
    let p = play(Joker::start(), &["e2e4"]);
    assert_eq!(p.ep_square(), None);
    let p = play(
        pos("rnbkkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQQBNR[] b kq - 0 3 PPPPPNNBppppppppnnnbb"),
        &["d7d5"],
    );
    assert_eq!(p.ep_square(), Some(sq("d6")));
    assert!(legal(&p, "e5d6"));
    // Gone after another move.
    let p = play(p, &["a2a3", "a7a6"]);
    assert!(!legal(&p, "e5d6"));
}

// ---------------------------------------------------------------- game end

#[test]
fn fourteen_half_move_rule() {
    let p = pos("3kk3/8/8/8/8/8/P7/3Q4[] w - - 13 20 -");
    assert_eq!(p.end_reason(), None);
    let quiet = play(p, &["d1d2"]);
    assert_eq!(quiet.halfmove_clock(), 14);
    assert_eq!(quiet.end_reason(), Some(EndReason::FourteenMoveRule));
    assert_eq!(quiet.winner(), Some(B));
    assert_eq!(quiet.outcome().unwrap().reason(), "fourteen-move-rule");
    assert!(quiet.legal_moves().is_empty());
    // A pawn move resets the clock.
    let pawn = play(p, &["a2a3"]);
    assert_eq!((pawn.halfmove_clock(), pawn.end_reason()), (0, None));
    // So does a capture.
    let capture = after("3kk3/8/8/8/8/8/P7/3Q4[] w - - 13 20 -", &["d1d8"]);
    assert_eq!((capture.halfmove_clock(), capture.end_reason()), (0, None));
    // Option: a longer limit, or none.
    let long = with("3kk3/8/8/8/8/8/P7/3Q4[] w - - 14 20 -", Rules { quiet_limit: 20, ..Rules::default() });
    assert_eq!(long.end_reason(), None);
}

#[test]
fn move_limit() {
    let p = pos("3kk3/8/8/8/8/8/P7/3Q4[] w - - 0 199 -");
    assert_eq!(p.end_reason(), None);
    let p = play(p, &["a2a3"]);
    assert_eq!(p.ply(), 200);
    assert_eq!(p.end_reason(), Some(EndReason::MoveLimit));
    assert_eq!(p.outcome().unwrap().result(Seat(1)), SeatResult::Win);
    assert_eq!(p.status(), "black wins (move-limit)");
}

#[test]
fn capturing_the_last_king_on_the_last_ply_wins_for_white() {
    let p = after("3k4/8/8/8/8/8/8/3Q4[] w - - 13 199 -", &["d1d8"]);
    assert_eq!(p.end_reason(), Some(EndReason::KingsCaptured));
}

#[test]
fn insufficient_material() {
    let p = pos("3kk3/8/8/8/8/8/8/8[] w - - 0 20 -");
    assert_eq!(p.end_reason(), Some(EndReason::InsufficientMaterial));
    assert_eq!(p.winner(), Some(B));
    // A piece in the Joker Reserve is material.
    let p = pos("3kk3/8/8/8/8/8/8/8[N] w - - 0 20 -");
    assert_eq!(p.end_reason(), None);
    // Black captures White's last piece.
    let p = after("3kk3/8/8/8/8/8/8/3Q4[] b - - 0 20 -", &["d8d7", "d1d7", "e8d7"]);
    assert_eq!(p.end_reason(), Some(EndReason::InsufficientMaterial));
    // Reported before stalemate even with Black to move.
    let p = pos("3kk3/8/8/8/8/8/8/8[] b - - 0 20 -");
    assert_eq!(p.end_reason(), Some(EndReason::InsufficientMaterial));
}

#[test]
fn white_stalemate_loses() {
    let p = pos("7k/8/8/8/p7/P7/8/8[] w - - 0 30 -");
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.end_reason(), Some(EndReason::Stalemate));
    assert_eq!(p.winner(), Some(B));
    assert_eq!(p.outcome().unwrap().reason(), "stalemate");
}

const BLACK_STUCK: &str = "7Q/8/8/8/8/8/pppppppp/kbbbbb~b~b~[] b - - 0 30 -";

#[test]
fn black_without_moves_loses() {
    let p = pos(BLACK_STUCK);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.end_reason(), Some(EndReason::BlackNoMoves));
    assert_eq!(p.outcome().unwrap().winner(), Some(Seat(0)));
    assert_eq!(p.outcome().unwrap().reason(), "black-no-moves");
    let rules = Rules { black_no_moves_loses: false, ..Rules::default() };
    assert_eq!(with(BLACK_STUCK, rules).winner(), Some(B));
    // With White to move the same board is an ongoing game.
    assert_eq!(pos("7Q/8/8/8/8/8/pppppppp/kbbbbb~b~b~[] w - - 0 30 -").end_reason(), None);
}

#[test]
fn end_reasons_are_checked_in_order() {
    // No black king, clock 14, ply 200, White without material: kings captured first.
    assert_eq!(pos("8/8/8/8/8/8/8/8[] w - - 14 200 -").end_reason(), Some(EndReason::KingsCaptured));
    // Clock 14 and ply 200: the 14-half-move rule.
    assert_eq!(pos("3k4/8/8/8/8/8/8/8[] w - - 14 200 -").end_reason(), Some(EndReason::FourteenMoveRule));
    // Ply 200 and no white material: the move limit.
    assert_eq!(pos("3k4/8/8/8/8/8/8/8[] w - - 3 200 -").end_reason(), Some(EndReason::MoveLimit));
    // No white material and no white move: insufficient material.
    assert_eq!(pos("3k4/8/8/8/8/8/8/8[] w - - 3 20 -").end_reason(), Some(EndReason::InsufficientMaterial));
    // Stalemate at the limit: the limit.
    assert_eq!(pos("7k/8/8/8/p7/P7/8/8[] w - - 0 200 -").end_reason(), Some(EndReason::MoveLimit));
    assert_eq!(pos("7k/8/8/8/p7/P7/8/8[] w - - 14 2 -").end_reason(), Some(EndReason::FourteenMoveRule));
}

#[test]
fn limits_can_be_switched_off() {
    let rules = Rules { quiet_limit: 0, ply_limit: 0, ..Rules::default() };
    let p = with("3kk3/8/8/8/8/8/P7/3Q4[] w - - 500 9000 -", rules);
    assert_eq!(p.end_reason(), None);
}

// ---------------------------------------------------------------- moves and errors

#[test]
fn move_notation() {
    let p = Joker::start();
    assert_eq!(p.parse_move("e2e4").unwrap(), Move::Normal { from: sq("e2"), to: sq("e4"), promotion: None });
    for bad in ["e2e5", "e7e5", "N@e4", "e2e4q"] {
        assert!(matches!(p.parse_move(bad), Err(motley_joker::ParseMoveError::Illegal { .. })), "{bad}");
    }
    for (bad, at) in [
        ("", 0),
        ("e2", 2),
        ("e2e", 2),
        ("i2e4", 0),
        ("e2e4x", 4),
        ("e2e4qq", 5),
        ("Q@e4", 0),
        ("n@e4", 0),
        ("N@e", 2),
    ] {
        match p.parse_move(bad) {
            Err(motley_joker::ParseMoveError::Syntax { at: got, .. }) => assert_eq!(got, at, "{bad}"),
            other => panic!("{bad}: {other:?}"),
        }
    }
    let mut q = p;
    assert!(q.play("e2e5".parse().unwrap()).is_err());
    assert_eq!(q, p, "a rejected move changes nothing");
}

#[test]
fn zobrist_tracks_state() {
    let a = Joker::start();
    let b = play(a, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(a.board(), b.board());
    assert_ne!(a.zobrist(), b.zobrist(), "clock and ply differ");
    let c = Joker::from_fen(&b.to_string()).unwrap();
    assert_eq!(b.zobrist(), c.zobrist());
    let d = pos("rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR[] w kq - 0 0 PPPPPNNBppppppppnnb");
    assert_ne!(a.zobrist(), d.zobrist(), "benches differ");
}

#[test]
fn crowded_positions_fit_the_move_list() {
    // The most pieces validation lets White have: 13 promoted
    // queens (every pawn, bench pawns included), 2 queens, 2 rooks, 4 knights
    // and 3 bishops, spread out.
    let fen = "Q~1Q~1Q~1Q~1/1Q~1Q~1Q~1Q~/Q~1Q~1Q~1Q~1/1Q~1Q1Q1R/R1N1N1N1/1N1B1B1B/8/3k4[] w - - 0 0 -";
    let p = pos(fen);
    assert_eq!(p.board().occupied().count(), 25);
    let n = p.legal_moves().len();
    assert_eq!(n as u64, p.count_legal());
    assert!(n > 3 * 32 && n <= motley_joker::MAX_MOVES, "{n}");
}
