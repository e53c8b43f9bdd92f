//! `BoardView` and the other `motley_core::Position` services.

use motley_core::{BoardView, Position, Rgb};
use motley_joker::{Joker, Move};

#[test]
fn board_view_cells_and_details() {
    let pos = Joker::from_fen("Q~2kk3/8/8/8/8/8/8/8[Nb] b - - 3 41 PPn").unwrap();
    assert_eq!(pos.dimensions(), (8, 8));
    let a8 = pos.cell(0, 7).piece.unwrap();
    assert_eq!((a8.letter, a8.symbol, a8.army, a8.mark), ('Q', '♛', "white", Some('~')));
    let d8 = pos.cell(3, 7).piece.unwrap();
    assert_eq!((d8.letter, d8.symbol, d8.army, d8.mark), ('K', '♚', "black", None));
    assert_ne!(a8.color, Rgb(0x22, 0x22, 0x22));
    assert!(pos.cell(0, 0).piece.is_none());
    assert!(pos.cell(0, 0).tint.is_none());
    let details = pos.details();
    let get = |k: &str| details.iter().find(|(key, _)| *key == k).map(|(_, v)| v.as_str());
    assert_eq!(get("side_to_move"), Some("black"));
    assert_eq!(get("joker_reserve_white"), Some("N"));
    assert_eq!(get("joker_reserve_black"), Some("b"));
    assert_eq!(get("bench_white"), Some("PP"));
    assert_eq!(get("bench_black"), Some("n"));
    assert_eq!(get("halfmove_clock"), Some("3/14"));
    assert_eq!(get("ply"), Some("41/200"));
    assert_eq!(get("castling"), Some("-"));
}

#[test]
fn played_leaves_the_parent_alone() {
    let start = Joker::start();
    let mv: Move = "g1f3".parse().unwrap();
    let child = start.played(mv);
    assert_eq!(start, Joker::start());
    assert_ne!(child, start);
    assert_eq!(child.ply(), 1);
    let mut in_place = start;
    Position::play_unchecked(&mut in_place, mv);
    assert_eq!(in_place, child);
}

#[test]
fn divide_lists_each_root_move() {
    let divide = Joker::start().divide(2, motley_joker::PerftMode::Decision);
    assert_eq!(divide.len(), 20);
    assert!(divide.iter().all(|&(_, n)| n == 20));
    assert!(Joker::start().divide(0, motley_joker::PerftMode::Decision).is_empty());
}
