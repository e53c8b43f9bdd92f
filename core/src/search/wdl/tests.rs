//! The model's odds and normalised scores (the fit and its calibration are
//! tested with the `fit_wdl` example of `motley-cli`, where they live).

use super::*;
use crate::game::Seat;
use crate::search::Score;

const SOV: WdlModel = WdlModel::two_seats(180.0, 120.0, 0.0, 0.0);
const ASYM: WdlModel = WdlModel::two_seats(250.0, 0.0, -1200.0, 90.0);

fn royale() -> WdlModel {
    WdlModel::four_seats(300.0, 330.0, 60.0).with_power(0.8).with_clamp(1e6)
}

#[test]
fn a_model_hands_scores_below_its_level_to_the_other() {
    static LOW: WdlModel = WdlModel::two_seats(900.0, 0.0, -5000.0, 0.0);
    let m = SOV.reading_below(-2000.0, &LOW);
    for raw in [-1999, -1000, 0, 300, 4000] {
        let s = Score(raw);
        assert_eq!(m.wdl(s, Seat(0)), SOV.wdl(s, Seat(0)), "{raw} is read by the model itself");
        assert_eq!(m.normalise(s, Seat(1)), SOV.normalise(s, Seat(1)));
    }
    for raw in [-2001, -5000, -9000] {
        let s = Score(raw);
        assert_eq!(m.wdl(s, Seat(0)), LOW.wdl(s, Seat(0)), "{raw} is read by the lower model");
        assert_eq!(m.normalise(s, Seat(1)), LOW.normalise(s, Seat(1)));
        assert_ne!(m.wdl(s, Seat(0)), SOV.wdl(s, Seat(0)), "the two models differ at {raw}");
    }
    // Forced results stay forced.
    assert_eq!(m.wdl(Score::win_in(2), Seat(0)).win, 1000);
    assert_eq!(m.reader(-2001.0), &LOW);
    assert_eq!(m.reader(-2000.0), &m);
    // Two models that hand scores to each other read them once each.
    static A: WdlModel = SOV.reading_below(0.0, &B);
    static B: WdlModel = ASYM.reading_below(100.0, &A);
    assert_eq!(A.wdl(Score(-50), Seat(0)), ASYM.wdl(Score(-50), Seat(0)));
    assert_eq!(B.normalise(Score(50), Seat(0)), SOV.normalise(Score(50), Seat(0)));
}

#[test]
fn odds_sum_to_1000_and_are_monotone() {
    let fading = ASYM.with_draw_floor(0.25).with_draw_floor_width(900.0);
    for m in [SOV, ASYM, royale(), WdlModel::ELO, SOV.with_draw_floor(0.25), fading] {
        for seat in [Seat(0), Seat(1)] {
            let mut last = Wdl { win: 0, draw: 0, loss: 1000 };
            for cp in (-5000..=5000).step_by(37) {
                let w = m.wdl(Score(cp), seat);
                assert_eq!(u32::from(w.win) + u32::from(w.draw) + u32::from(w.loss), 1000, "{m:?} {cp}");
                assert!(w.win >= last.win && w.loss <= last.loss, "{m:?} {cp}: {w:?} after {last:?}");
                last = w;
                let n = m.normalise(Score(cp), seat);
                assert!(n >= m.normalise(Score(cp - 37), seat));
            }
        }
    }
}

#[test]
fn forced_results_are_certain() {
    for m in [SOV, ASYM, royale()] {
        assert_eq!(m.wdl(Score::win_in(5), Seat(1)).to_array(), [1000, 0, 0]);
        assert_eq!(m.wdl(Score::loss_in(0), Seat(0)).to_array(), [0, 0, 1000]);
        assert_eq!(m.normalise(Score::win_in(5), Seat(0)), Score::win_in(5));
        assert_eq!(m.expected(Score::loss_in(2), Seat(0)), 0.0);
    }
}

#[test]
fn symmetric_models_are_even_at_zero() {
    let w = SOV.wdl(Score(0), Seat(0));
    assert_eq!(w.win, w.loss);
    assert!((SOV.expected(Score(0), Seat(1)) - 0.5).abs() < 1e-12);
    assert_eq!(SOV.normalise(Score(0), Seat(0)), Score(0));
    // The two seats agree: seat 0 to move at +s is seat 1, not to move, at −s.
    for cp in [-700, -90, 0, 45, 1300] {
        let a = ASYM.wdl(Score(cp), Seat(0));
        let b = ASYM.wdl_for(Score(-cp), Seat(1), false);
        assert_eq!((a.win, a.loss), (b.loss, b.win));
        let n = ASYM.normalise_for(Score(-cp), Seat(1), false);
        assert_eq!(ASYM.normalise(Score(cp), Seat(0)).0, -n.0);
    }
}

#[test]
fn normalised_pawn_is_64_percent() {
    // Find the raw score with E = 1/(1+10^(-1/4)) and check it shows +1.00.
    for m in [SOV, ASYM] {
        let target = 1.0 / (1.0 + 10f64.powf(-0.25));
        let raw = (-3000..3000).min_by(|&a, &b| {
            let ea = (m.expected(Score(a), Seat(0)) - target).abs();
            let eb = (m.expected(Score(b), Seat(0)) - target).abs();
            ea.total_cmp(&eb)
        });
        let n = m.normalise(Score(raw.unwrap()), Seat(0)).0;
        assert!((n - 100).abs() <= 1, "{n}");
    }
    // Four seats: 0 at a quarter, whatever the offsets.
    let r = royale();
    let zero = (-3000..3000).min_by_key(|&s| r.normalise(Score(s), Seat(2)).0.abs()).unwrap();
    assert!((r.expected(Score(zero), Seat(2)) - 0.25).abs() < 0.002);
}
