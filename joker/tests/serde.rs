//! With the `serde` feature, positions and moves serialise through their text forms.
#![cfg(feature = "serde")]

use motley_joker::{Joker, Move, START_FEN};

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
