//! Bad input never panics: arbitrary position strings and move tokens give
//! a value or a typed error, and what parses prints back to itself.

use motley_core::Position;
use motley_mages::{Mages, Move};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_position_strings(text in "[rchspRCHSP1-8/ gb\\-,a-f0-9]{0,60}") {
        if let Ok(pos) = Mages::from_fen(&text) {
            let printed = pos.to_string();
            prop_assert_eq!(Mages::from_fen(&printed).unwrap(), pos);
        }
    }

    #[test]
    fn mutated_valid_strings(cut in 0usize..60, insert in "[a-z0-9/ !=-]{0,3}") {
        let base = "s2rhs/ppcp2/2p1pp/6/3P2/P3PP/1PPh1S/SHCRH1 g d1d2 d2 0 16";
        let cut = cut.min(base.len());
        let text = format!("{}{}{}", &base[..cut], insert, &base[cut..]);
        if let Ok(pos) = Mages::from_fen(&text) {
            prop_assert_eq!(Mages::from_fen(&pos.to_string()).unwrap(), pos);
        }
    }

    #[test]
    fn arbitrary_move_tokens(token in "[a-hx0-9=!cdefhlnorsw]{0,12}") {
        let pos = Mages::start();
        let pending = Mages::from_fen("r1h3/1P4/6/6/6/6/6/5R g b7c8").unwrap();
        if let Ok(m) = token.parse::<Move>() {
            prop_assert_eq!(m.to_string().parse::<Move>().unwrap(), m);
        }
        for p in [&pos, &pending] {
            if let Ok(m) = p.parse_move(&token) {
                prop_assert!(p.is_legal(m));
                prop_assert_eq!(m.to_string(), token.clone());
            }
        }
    }
}
