//! The optional `serde` feature: positions and moves go through their text forms.
#![cfg(feature = "serde")]

use motley_core::Position;
use motley_mages::{EndReason, Mages, Move, Rules};

#[test]
fn positions_and_moves_serialise_as_text() {
    let pos = Mages::from_fen("r5/6/6/S1p3/6/6/6/5R g a5c5 a5 0 7").unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, "\"r5/6/6/S1p3/6/6/6/5R g a5c5 a5 0 7\"");
    assert_eq!(serde_json::from_str::<Mages>(&json).unwrap(), pos);
    assert!(serde_json::from_str::<Mages>("\"r5/6 g\"").is_err());
    let moves: Vec<Move> = serde_json::from_str(r#"["b7b8c!", "challenger=h", "pass"]"#).unwrap();
    assert_eq!(serde_json::to_string(&moves).unwrap(), r#"["b7b8c!","challenger=h","pass"]"#);
    let reason = serde_json::to_string(&EndReason::RoyalExpelled).unwrap();
    assert_eq!(reason, "\"royal-expelled\"");
    let rules: Rules = serde_json::from_str(r#"{"ply_limit": 100}"#).unwrap();
    assert_eq!(rules, Rules { ply_limit: Some(100), ..Rules::default() });
}
