//! With the `serde` feature, positions and moves serialise through their text forms.
#![cfg(feature = "serde")]

use motley_joker::{Joker, Move, Position, START_FEN};

#[test]
fn serialises_through_text() {
    let pos = Joker::start();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{START_FEN}\""));
    assert_eq!(serde_json::from_str::<Joker>(&json).unwrap(), pos);
    let mv: Move = "N@e4".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"N@e4\"");
    assert_eq!(serde_json::from_str::<Move>("\"e7e8q\"").unwrap(), "e7e8q".parse().unwrap());
    assert!(serde_json::from_str::<Move>("\"e7e9\"").is_err());
}

#[test]
fn plain_types_serialise_with_serde_derive() {
    use motley_joker::{Color, EndReason, Piece, Role, Rules};
    let piece = Piece::new(Color::Black, Role::King);
    assert_eq!(serde_json::from_str::<Piece>(&serde_json::to_string(&piece).unwrap()).unwrap(), piece);
    let rules = Rules { quiet_limit: 0, ..Rules::default() };
    assert_eq!(serde_json::from_str::<Rules>(&serde_json::to_string(&rules).unwrap()).unwrap(), rules);
    assert_eq!(serde_json::to_string(&EndReason::KingsCaptured).unwrap(), "\"kings-captured\"");
}
