//! Sovereign Chess Royale (§13): start position (T20), turn order, king
//! capture, Interregnum, escaped kings, passing, castling on the edge files,
//! results.

use motley_core::{PerftMode, Position, Seat, SeatResult};
use motley_sovereign::{Color, Fate, ROYALE_START_FEN, Role, Royale, Rules};

/// Builds a Royale position string from `(square, piece)` pairs.
fn fen(pieces: &[(&str, &str)], rest: &str) -> String {
    let mut grid = vec![vec![""; 16]; 16];
    for (sq, p) in pieces {
        let f = (sq.as_bytes()[0] - b'a') as usize;
        let r: usize = sq[1..].parse::<usize>().unwrap() - 1;
        grid[r][f] = p;
    }
    let rows: Vec<String> = (0..16)
        .rev()
        .map(|r| {
            let mut s = String::new();
            let mut run = 0;
            for cell in &grid[r] {
                if cell.is_empty() {
                    run += 1;
                } else {
                    if run > 0 {
                        s += &run.to_string();
                        run = 0;
                    }
                    s += cell;
                }
            }
            if run > 0 {
                s += &run.to_string();
            }
            s
        })
        .collect();
    format!("{} {rest}", rows.join("/"))
}

fn pos(pieces: &[(&str, &str)], rest: &str) -> Royale {
    let f = fen(pieces, rest);
    f.parse().unwrap_or_else(|e| panic!("{f}: {e}"))
}

fn play(p: &mut Royale, token: &str) {
    let mv = p.parse_move(token).unwrap_or_else(|e| panic!("{token}: {e}\n{p}"));
    p.play(mv).unwrap();
}

#[test]
fn t20_start_position() {
    let mut p = Royale::start();
    assert_eq!(p.to_string(), ROYALE_START_FEN);
    let mut counts = std::collections::HashMap::new();
    for sq in 0..=255u8 {
        if let Some(pc) = p.piece_at(motley_sovereign::Square::new(sq).unwrap()) {
            *counts.entry(pc.color).or_insert(0) += 1;
        }
    }
    assert_eq!(counts.values().sum::<i32>(), 112);
    for c in [Color::White, Color::Ash, Color::Slate, Color::Black] {
        assert_eq!(counts[&c], 16, "{c}");
    }
    for c in &Color::ALL[4..] {
        assert_eq!(counts[c], 6, "{c}");
    }
    // Each seat's first turn: exactly 20 moves; seats move White, Ash, Slate, Black.
    let firsts = ["i2i3", "b9c9", "o8n8", "h15h14"];
    for (seat, first) in firsts.iter().enumerate() {
        assert_eq!(p.turn(), Seat(seat as u8));
        assert_eq!(p.legal_moves().len(), 20, "seat {seat}: {:?}", p.sorted_moves());
        play(&mut p, first);
    }
    assert_eq!(p.turn(), Seat(0));
    let ash: Vec<String> = Royale::start().sorted_moves();
    assert!(ash.contains(&"k1j3".to_owned()));
}

#[test]
fn turn_order_follows_seats_after_defection() {
    // White controls navy through its pawn e5 and defects; the turn still
    // passes White -> Ash -> Slate -> Black.
    let mut p =
        pos(&[("i1", "wk"), ("e5", "wp"), ("a9", "ak"), ("p8", "sk"), ("h16", "bk")], "1 w a s b - 0");
    play(&mut p, "defect:navy");
    assert_eq!(p.owned(Seat(0)), Color::Navy);
    assert_eq!(p.turn(), Seat(1));
    play(&mut p, "a9a10");
    assert_eq!(p.turn(), Seat(2));
    play(&mut p, "p8p7");
    assert_eq!(p.turn(), Seat(3));
    play(&mut p, "h16h15");
    assert_eq!(p.turn(), Seat(0));
}

#[test]
fn moving_into_check_is_allowed_and_announced() {
    // White king i1 may step next to Black's rook file; the check is announced.
    let mut p =
        pos(&[("i1", "wk"), ("a9", "ak"), ("p8", "sk"), ("h16", "bk"), ("j9", "br")], "1 w a s b - 0");
    assert!(p.sorted_moves().contains(&"i1j2".to_owned()));
    play(&mut p, "i1j2");
    assert_eq!(p.checks(), vec![Seat(0)]);
    assert_eq!(p.status(), "check");
}

#[test]
fn king_in_check_captured_by_a_later_seat_then_interregnum_and_new_king() {
    // White's king i1 is attacked by Black's rook i8 (7 squares); Ash and
    // Slate move first; then Black captures the king.
    let mut p = pos(
        &[("i1", "wk"), ("h6", "wp"), ("a9", "ak"), ("p12", "sk"), ("h16", "bk"), ("i8", "br")],
        "2 w a s b - 0",
    );
    assert_eq!(p.checks(), vec![Seat(0)]);
    play(&mut p, "a9a10");
    play(&mut p, "p12p11");
    play(&mut p, "i8i1");
    assert!(p.in_interregnum(Seat(0)));
    assert_eq!(p.fate(Seat(0)), Fate::Captured);
    assert_eq!(p.turn(), Seat(0), "a seat in Interregnum still moves");
    // It cannot defect (no king), but it can crown a new king by promotion.
    assert!(!p.sorted_moves().iter().any(|m| m.starts_with("defect")));
    play(&mut p, "h6h7k");
    assert!(!p.in_interregnum(Seat(0)));
    assert_eq!(p.fate(Seat(0)), Fate::Reigning);
    assert_eq!(p.piece_at("h7".parse().unwrap()).map(|x| x.role), Some(Role::King));
}

#[test]
fn escaped_king_and_passing_seat() {
    // Ash's king a9 is not in check, but every move leaves it attacked:
    // black rooks on b-file cover b8-b10 and ... a8/a10 are covered by
    // black rooks on rank 8 and rank 10. Ash has only its king.
    let mut p = pos(
        &[
            ("i1", "wk"),
            ("a9", "ak"),
            ("p8", "sk"),
            ("h16", "bk"),
            ("b16", "br"),
            ("c10", "br"),
            ("c8", "br"),
        ],
        "1 w a s b - 0",
    );
    assert!(!p.checks().contains(&Seat(1)));
    play(&mut p, "i1i2");
    // Ash's king escaped: removed, Interregnum, turn passes to Slate.
    assert_eq!(p.escaped_last(), vec![Seat(1)]);
    assert_eq!(p.fate(Seat(1)), Fate::Escaped);
    assert!(p.in_interregnum(Seat(1)));
    assert_eq!(p.turn(), Seat(2));
}

#[test]
fn four_seat_control_conflicts() {
    // Nobody controls a colour another seat owns, even through its square.
    let p = pos(
        &[("i1", "wk"), ("a9", "ak"), ("p8", "sk"), ("h16", "bk"), ("g10", "wn"), ("e5", "sp")],
        "1 w a s b - 0",
    );
    // White knight on g10 (slate square): slate is owned by seat 3, so White gains nothing.
    assert_eq!(p.controller(Color::Slate), Some(Seat(2)));
    // Slate's pawn on e5 (navy) gives Slate navy.
    assert_eq!(p.controller(Color::Navy), Some(Seat(2)));
    // White may capture the slate pawn (a piece another seat controls).
    let p = pos(
        &[("i1", "wk"), ("a9", "ak"), ("p8", "sk"), ("h16", "bk"), ("d3", "wn"), ("e5", "sp")],
        "1 w a s b - 0",
    );
    assert!(p.sorted_moves().contains(&"d3e5".to_owned()));
}

#[test]
fn edge_file_castling_for_ash_and_slate() {
    let p = pos(
        &[("i1", "wk"), ("a9", "ak"), ("a5", "ar"), ("a12", "ar"), ("p8", "sk"), ("p5", "sr"), ("h16", "bk")],
        "2 w a s b a5,a12,p5 0",
    );
    let c: Vec<String> = p.sorted_moves().into_iter().filter(|m| m.starts_with("castle")).collect();
    assert_eq!(c, vec!["castle:a9a10", "castle:a9a11", "castle:a9a6", "castle:a9a7", "castle:a9a8"]);
    let mut q = p.clone();
    play(&mut q, "castle:a9a7");
    assert_eq!(q.piece_at("a8".parse().unwrap()).map(|x| x.to_string()), Some("ar".into()));
    assert_eq!(q.piece_at("a7".parse().unwrap()).map(|x| x.to_string()), Some("ak".into()));
    assert_eq!(q.turn(), Seat(2));
    let c: Vec<String> = q.sorted_moves().into_iter().filter(|m| m.starts_with("castle")).collect();
    assert_eq!(c, vec!["castle:p8p6", "castle:p8p7"]);
}

#[test]
fn end_of_game_results() {
    // Black captures the second-to-last... set up: only White and Black kings
    // remain; Ash was captured, Slate escaped earlier (read as captured).
    let mut p =
        pos(&[("i1", "wk"), ("h16", "bk"), ("i8", "br"), ("a1", "ap"), ("p1", "sp")], "4 w a s b - 0");
    play(&mut p, "i8i1");
    let o = p.outcome().expect("one king left");
    assert_eq!(o.reason(), "last-king");
    assert_eq!(o.result(Seat(3)), SeatResult::Win);
    assert_eq!(p.status(), "black wins (last-king)", "the winner named as the game names it");
    assert_eq!(p.winner(), Some(Seat(3)));
    assert_eq!(o.result(Seat(0)), SeatResult::Loss);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.perft(2, PerftMode::Decision), 0);
    // With captured seats scored as ties.
    let rules = Rules { royale_captured_loses: false, ..Rules::default() };
    let f = fen(&[("i1", "wk"), ("h16", "bk"), ("i8", "br"), ("a1", "ap"), ("p1", "sp")], "4 w a s b - 0");
    let mut p = Royale::from_fen_with(&f, rules).unwrap();
    play(&mut p, "i8i1");
    assert_eq!(p.outcome().unwrap().result(Seat(0)), SeatResult::Draw);
}

#[test]
fn regime_change_into_check_option() {
    // White controls navy (e5); a black rook on i8 attacks i1... defecting
    // keeps the king on i1 in check: allowed by default, banned by the option.
    let f = fen(
        &[("i1", "wk"), ("e5", "wp"), ("a9", "ak"), ("p8", "sk"), ("h16", "bk"), ("i8", "br")],
        "1 w a s b - 0",
    );
    let p: Royale = f.parse().unwrap();
    assert!(p.sorted_moves().contains(&"defect:navy".to_owned()));
    let strict = Rules { royale_regime_into_check: false, ..Rules::default() };
    let p = Royale::from_fen_with(&f, strict).unwrap();
    assert!(!p.sorted_moves().contains(&"defect:navy".to_owned()));
}

#[test]
fn royale_fen_round_trip_and_errors() {
    let p = Royale::start();
    let back: Royale = p.to_string().parse().unwrap();
    assert_eq!(back.to_string(), ROYALE_START_FEN);
    let bad = ROYALE_START_FEN.replace(",p3,", ",q3,");
    let e = bad.parse::<Royale>().unwrap_err();
    assert!(e.to_string().contains("castling"), "{e}");
    // Every problem of the castling field, and the ply, each at its offset.
    let castling_at = ROYALE_START_FEN.find(" c1,").unwrap() + 1;
    let bad = ROYALE_START_FEN.replace(" c1,e1,", " c1,zz,i1,e1,").replace(" 0", " x");
    match bad.parse::<Royale>() {
        Err(motley_sovereign::FenError::Parse(e)) => assert_eq!(
            e.issues,
            [
                motley_sovereign::ParseIssue::Castling {
                    what: "expected a square name",
                    at: castling_at + 3
                },
                motley_sovereign::ParseIssue::CastlingNoRook {
                    token: "i1".to_owned(),
                    square: "i1".parse().unwrap(),
                    at: castling_at + 6
                },
                motley_sovereign::ParseIssue::Ply { at: bad.len() - 1 },
            ]
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn seat_without_any_move_passes_and_keeps_its_king() {
    // Slate's king p8 is boxed in by neutral red pieces: no move at all.
    let mut p = pos(
        &[
            ("i1", "wk"),
            ("a9", "ak"),
            ("p8", "sk"),
            ("h16", "bk"),
            ("p7", "rn"),
            ("p9", "rn"),
            ("o7", "rp"),
            ("o8", "rp"),
            ("o9", "rp"),
        ],
        "2 w a s b - 0",
    );
    assert_eq!(p.controller(Color::Red), None);
    play(&mut p, "a9a10");
    assert_eq!(p.turn(), Seat(3), "Slate passes");
    assert!(!p.in_interregnum(Seat(2)));
    assert!(p.escaped_last().is_empty());
}

#[test]
fn captured_king_drops_its_seats_castling_rights() {
    let mut p = pos(
        &[
            ("i1", "wk"),
            ("e1", "wr"),
            ("a9", "ak"),
            ("p12", "sk"),
            ("h16", "bk"),
            ("i8", "br"),
            ("l16", "br"),
        ],
        "4 w a s b e1,l16 0",
    );
    play(&mut p, "i8i1");
    assert!(p.in_interregnum(Seat(0)));
    assert!(p.to_string().ends_with(" l16 1"), "{p}");
}

#[test]
fn castling_out_of_and_through_check_is_allowed() {
    // Black's rook on g8 attacks g1 (7 squares) and the rook on i5 checks i1.
    let p = pos(
        &[("i1", "wk"), ("e1", "wr"), ("a9", "ak"), ("p12", "sk"), ("h16", "bk"), ("g8", "br"), ("i5", "br")],
        "1 w a s b e1 0",
    );
    assert_eq!(p.checks(), vec![Seat(0)]);
    let c: Vec<String> = p.sorted_moves().into_iter().filter(|m| m.starts_with("castle")).collect();
    assert_eq!(c, vec!["castle:i1f1", "castle:i1g1", "castle:i1h1"]);
}

#[test]
fn no_kings_left_is_an_all_tie() {
    // Read with no king at all: the game is over; seats read without a king
    // count as captured (a loss by default, a tie with the option).
    let f = fen(&[("a1", "wp"), ("p16", "bp")], "1 w a s b - 0");
    let p: Royale = f.parse().unwrap();
    assert_eq!(p.outcome().unwrap().reason(), "no-kings");
    assert!(p.legal_moves().is_empty());
    let tie = Royale::from_fen_with(&f, Rules { royale_captured_loses: false, ..Rules::default() }).unwrap();
    assert!(tie.outcome().unwrap().is_draw());
}
