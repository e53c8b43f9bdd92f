//! The test positions T01–T19 of the rules contract (§15), each asserting the
//! exact legal moves listed there.

use motley_core::Position;
use motley_sovereign::{Color, Seat, Sovereign};

fn pos(fen: &str) -> Sovereign {
    fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn all(fen: &str) -> Vec<String> {
    pos(fen).sorted_moves()
}

/// Moves of the piece on `from` (normal moves only; castles and defections
/// start with a keyword).
fn of(fen: &str, from: &str) -> Vec<String> {
    all(fen)
        .into_iter()
        .filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}

fn promos(from_to: &str) -> Vec<String> {
    ["q", "r", "b", "n", "k"].iter().map(|r| format!("{from_to}{r}")).collect()
}

#[test]
fn t01_pawn_interior() {
    let f = "8bk7/16/16/16/16/16/16/16/16/16/16/16/2bp1bp11/3wp12/2bp1bp11/8wk7 1 w b - 0";
    assert_eq!(of(f, "d3"), sorted(&["d3d4", "d3e3", "d3c4", "d3e4", "d3e2"]));
}

#[test]
fn t02_pawn_beside_vertical_line() {
    let f = "15bk/16/16/16/16/16/16/16/16/16/16/16/6bn1bn7/7wp8/6bn1bn7/wk15 1 w b - 0";
    assert_eq!(of(f, "h3"), sorted(&["h3h4", "h3g4", "h3i4"]));
}

#[test]
fn t03_pawn_on_ring_one() {
    let f = "15bk/16/16/16/16/16/16/16/wk15/16/16/16/16/16/3bn1bn10/4wp11 1 w b - 0";
    assert_eq!(of(f, "e1"), sorted(&["e1e2", "e1e3", "e1f1", "e1d2", "e1f2"]));
}

#[test]
fn t04_pawn_on_ring_two_side_edge() {
    let f = "8bk7/16/16/16/16/16/16/16/16/16/bn1bn13/1wp14/bn1bn13/16/16/8wk7 1 w b - 0";
    assert_eq!(of(f, "b5"), sorted(&["b5c5", "b5b6", "b5d5", "b5c6", "b5c4", "b5a6"]));
}

#[test]
fn t05_promotion() {
    let f = "15bk/16/16/16/16/16/16/16/16/6bn1bn7/7wp8/16/16/16/16/wk15 1 w b - 0";
    let mut want: Vec<String> = ["h6h7", "h6g7", "h6i7"].iter().flat_map(|m| promos(m)).collect();
    want.sort();
    assert_eq!(of(f, "h6"), want);
    // h6xg7 hands White ash.
    let mut p = pos(f);
    p.play(p.parse_move("h6g7q").unwrap()).unwrap();
    assert_eq!(p.controller(Color::Ash), Some(Seat(0)));
}

#[test]
fn t06_colored_squares_for_a_slider() {
    let f = "15bk/16/16/16/16/7np8/16/16/16/16/7np8/16/16/7wpwrwp6/8wk7/16 1 w b - 0";
    assert_eq!(of(f, "i3"), sorted(&["i3i4", "i3i5", "i3i7", "i3i9", "i3i10"]));
}

const T07: &str = "aqabvrvnbrbn2bkbbbnbrynyrsbsq/aranvpvp1bpbp1bpbpbpbpypyp1sr/nbnp12opob/nqnp11snopoq/crcp2bp2bp6rprr/cncp8rp4rn/gbgp12pppb/gqgp5bb2pp4pq/yqyp8vq5/ybyp12vpvb/onop6wp3bq1npnn/orop2wp7np2nr/rqrp12cpcq/rbrp12cpcb/sr1pppp1wpwpwp1wp1wp1gpanar/sqsbprpnwrwnwbwqwk1wngp2abaq 1 w b - 0";

#[test]
fn t07_figure_four() {
    let p = pos(T07);
    for (c, s) in [(Color::Navy, Some(0)), (Color::Pink, Some(0)), (Color::Cyan, Some(0))] {
        assert_eq!(p.controller(c), s.map(Seat), "{c}");
    }
    for c in [Color::Red, Color::Green] {
        assert_eq!(p.controller(c), Some(Seat(1)), "{c}");
    }
    for c in [Color::Ash, Color::Slate, Color::Yellow, Color::Violet, Color::Orange] {
        assert_eq!(p.controller(c), None, "{c}");
    }
    assert_eq!(p.controller(Color::White), Some(Seat(0)));
    let moves = p.sorted_moves();
    // The violet queen k8 is neutral: nothing captures it; the pink queen p9
    // may capture the black queen m6 but not the neutral violet bishop p7.
    assert!(!moves.iter().any(|m| m.ends_with("k8") && !m.starts_with("defect")));
    assert!(moves.contains(&"p9m6".to_owned()));
    assert!(!moves.contains(&"p9p7".to_owned()));
    let mut want = promos("k9j9");
    want.sort();
    assert_eq!(of(T07, "k9"), want);
    let mut want = promos("i6i7");
    want.sort();
    assert_eq!(of(T07, "i6"), want);
    assert_eq!(of(T07, "i1"), sorted(&["i1j1"]));
    assert!(!moves.iter().any(|m| m.starts_with("defect")), "no legal defection for White");
    assert!(!moves.iter().any(|m| m.starts_with("castle")));
    let black = T07.replace(" 1 w b - 0", " 2 w b - 0");
    let defections: Vec<String> = all(&black).into_iter().filter(|m| m.starts_with("defect")).collect();
    assert_eq!(defections, sorted(&["defect:green", "defect:red"]));
}

#[test]
fn t07_blocked_squares() {
    // f6, f8, f9, h11, i8, l5, l12 may not be entered by anyone.
    let p = pos(T07);
    let moves = p.sorted_moves();
    for sq in ["f6", "f8", "f9", "h11", "i8", "l5", "l12"] {
        assert!(!moves.iter().any(|m| m.ends_with(sq)), "{sq}");
    }
}

#[test]
fn t08_check_by_controlled_piece() {
    let f = "bk15/16/16/16/4bp11/16/3wn12/16/16/16/16/8rr7/16/16/16/8wk7 1 w b - 0";
    assert!(pos(f).is_check());
    assert_eq!(all(f), sorted(&["i1h1", "i1h2", "i1j1", "i1j2", "d10e12"]));
}

#[test]
fn t09_double_check_answered_by_one_capture() {
    let f = "bk15/16/16/16/4bp11/16/3wn12/16/16/16/16/8rr7/5rb10/16/16/8wk7 1 w b - 0";
    assert_eq!(all(f), sorted(&["i1h1", "i1j1", "i1j2", "d10e12"]));
}

#[test]
fn t10_king_captures_link_converting_defender() {
    let f = "bk15/16/16/16/16/16/10yr5/16/16/16/10bp5/10wk5/16/16/16/16 1 w b - 0";
    assert_eq!(all(f), sorted(&["k5j4", "k5k4", "k5l4", "k5l5", "k5j6", "k5l6", "k5k6"]));
}

#[test]
fn t11_king_on_opponent_colour_and_twin() {
    let f = "bk15/16/16/16/7bq8/16/16/16/7wk8/16/16/16/16/16/16/16 1 w b - 0";
    assert!(!pos(f).is_check());
    assert_eq!(all(f), sorted(&["h8g7", "h8g8", "h8g9", "h8i7", "h8i9"]));
}

#[test]
fn t12_neutral_pieces() {
    let f = "bk15/16/16/16/16/16/16/16/16/16/16/16/16/16/8rq7/8wk7 1 w b - 0";
    assert!(!pos(f).is_check());
    assert_eq!(all(f), sorted(&["i1h1", "i1h2", "i1j1", "i1j2"]));
}

fn castles(f: &str) -> Vec<String> {
    all(f).into_iter().filter(|m| m.starts_with("castle")).collect()
}

#[test]
fn t13_castling_with_controlled_rook() {
    let a = "8bk7/16/16/16/16/16/16/16/16/16/8wp7/16/16/16/16/2pr5wk2wr4 1 w b CL 0";
    let king: Vec<String> =
        all(a).into_iter().filter(|m| m.starts_with("i1") || m.starts_with("castle")).collect();
    assert_eq!(
        king,
        sorted(&[
            "i1h1",
            "i1h2",
            "i1i2",
            "i1j1",
            "i1j2",
            "castle:i1d1",
            "castle:i1e1",
            "castle:i1f1",
            "castle:i1g1",
            "castle:i1h1",
            "castle:i1j1",
            "castle:i1k1",
        ])
    );
    // Rook placement.
    let mut p = pos(a);
    p.play(p.parse_move("castle:i1d1").unwrap()).unwrap();
    assert_eq!(p.piece_at("e1".parse().unwrap()).map(|x| x.to_string()), Some("pr".into()));
    assert_eq!(p.piece_at("d1".parse().unwrap()).map(|x| x.to_string()), Some("wk".into()));
    let mut p = pos(a);
    p.play(p.parse_move("castle:i1j1").unwrap()).unwrap();
    assert_eq!(p.piece_at("i1".parse().unwrap()).map(|x| x.to_string()), Some("wr".into()));
    let b = "8bk7/16/16/16/16/16/16/16/16/16/16/16/16/16/16/2pr5wk2wr4 1 w b CL 0";
    assert_eq!(castles(b), sorted(&["castle:i1j1", "castle:i1k1"]));
}

#[test]
fn t14_castling_through_check_and_reach() {
    let a = "8bk7/16/16/16/16/16/16/6br9/16/16/8wp7/16/16/16/16/2pr5wk2wr4 1 w b CL 0";
    assert_eq!(castles(a), sorted(&["castle:i1h1", "castle:i1j1", "castle:i1k1"]));
    let b = "8bk7/16/16/16/16/16/6br9/16/16/16/8wp7/16/16/16/16/2pr5wk2wr4 1 w b CL 0";
    assert_eq!(castles(b).len(), 7);
    let king: Vec<String> = all(b).into_iter().filter(|m| m.starts_with("i1")).collect();
    assert_eq!(king.len(), 5);
}

#[test]
fn t15_coup_as_only_escape() {
    let f = "15bk/16/16/16/16/16/16/16/brbr14/16/7wp8/16/16/16/16/wk15 1 w b - 0";
    assert_eq!(all(f), sorted(&["h6h7k"]));
}

#[test]
fn t16_capture_promotion_answers_check() {
    let f = "bk15/16/16/16/16/16/16/16/16/6bb9/5wp10/16/16/16/16/12wk3 1 w b - 0";
    let mut want = promos("f6g7");
    want.extend(["m1l1", "m1m2", "m1n1", "m1n2"].map(String::from));
    want.sort();
    assert_eq!(all(f), want);
}

#[test]
fn t17_overthrow() {
    let a = "15bk/16/16/16/16/16/16/16/16/16/9np6/4wp11/16/16/16/wk8wr6 1 w b - 0";
    let mut want = promos("j6j7");
    want.push("j6i6".into());
    want.sort();
    assert_eq!(of(a, "j6"), want);
    let mut p = pos(a);
    p.play(p.parse_move("j6j7k").unwrap()).unwrap();
    assert_eq!(p.to_string(), "15bk/16/16/16/16/16/16/16/16/9nk6/16/4wp11/16/16/16/9wr6 2 n b - 1");
    assert_eq!(p.controller(Color::White), None);
    assert_eq!(p.controller(Color::Slate), Some(Seat(0)));
    let b = "15bk/16/16/16/16/16/16/7bn8/16/16/9np6/4wp11/16/16/16/wk8wr6 1 w b - 0";
    let mut want = promos("j6j7");
    want.retain(|m| !m.ends_with('k'));
    want.push("j6i6".into());
    want.sort();
    assert_eq!(of(b, "j6"), want);
}

#[test]
fn t18_defection_with_forced_king_move() {
    let f = "bk15/16/16/16/16/16/16/16/16/br15/5wk10/16/16/16/16/16 1 w b - 0";
    assert_eq!(
        all(f),
        sorted(&[
            "f6e5",
            "f6e6",
            "f6f5",
            "f6g5",
            "f6g6",
            "defect:green:f6e5",
            "defect:green:f6e6",
            "defect:green:f6f5",
            "defect:green:f6g5",
            "defect:green:f6g6",
        ])
    );
    assert!(pos(f).parse_move("defect:green").is_err());
}

#[test]
fn t19_defection_blocked_by_old_colour() {
    let a = "bk15/16/16/16/16/16/16/7bb8/16/16/16/4wp11/8wr7/16/16/8wk7 1 w b - 0";
    assert!(!pos(a).is_check());
    assert!(!all(a).iter().any(|m| m.starts_with("defect")));
    let b = "bk15/16/16/16/16/16/16/16/16/16/16/4wp11/8wr7/16/16/8wk7 1 w b - 0";
    let d: Vec<String> = all(b).into_iter().filter(|m| m.starts_with("defect")).collect();
    assert_eq!(d, sorted(&["defect:navy"]));
    let mut p = pos(b);
    p.play(p.parse_move("defect:navy").unwrap()).unwrap();
    assert_eq!(p.to_string(), "bk15/16/16/16/16/16/16/16/16/16/16/4wp11/8wr7/16/16/8nk7 2 n b - 1 1");
    assert_eq!(p.controller(Color::White), None);
}
