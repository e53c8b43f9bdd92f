//! The model's odds and normalised scores, and the fit and calibration on
//! synthetic self-play samples.

use super::fit::cost;
use super::*;
use crate::game::{Seat, SeatResult};
use crate::search::Score;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const SOV: WdlModel = WdlModel::two_seats(180.0, 120.0, 0.0, 0.0);
const ASYM: WdlModel = WdlModel::two_seats(250.0, 0.0, -1200.0, 90.0);

fn royale() -> WdlModel {
    WdlModel {
        seats: 4,
        scale: 300.0,
        win_offset: 330.0,
        draw_width: 60.0,
        seat_offsets: [0.0; 4],
        tempo: 0.0,
        power: 0.8,
        clamp: 1e6,
        draw_floor: 0.0,
        draw_floor_width: f64::INFINITY,
        below: None,
    }
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

fn synthetic(m: &WdlModel, n: usize, seed: u64) -> Vec<Sample> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..n)
        .map(|i| {
            let seat = Seat((i % usize::from(m.seats)) as u8);
            let score = rng.random_range(-1500.0..1500.0) + m.seat_offsets[seat.index()] + m.tempo;
            let [w, d, _] = m.probabilities(score, seat);
            let u: f64 = rng.random();
            let result = if u < w {
                SeatResult::Win
            } else if u < w + d {
                SeatResult::Draw
            } else {
                SeatResult::Loss
            };
            Sample { score, seat, result, class: 0 }
        })
        .collect()
}

/// Fit options of a two-seat game with offset and tempo, clamping at ±1e6.
fn two_seats_fit(draws: bool, power: bool, draw_floor: bool) -> FitOptions {
    FitOptions {
        seats: 2,
        draws,
        seat_offset: true,
        tempo: true,
        power,
        draw_floor,
        draw_floor_width: false,
        clamp: 1e6,
    }
}

#[test]
fn fit_recovers_known_constants() {
    let data = synthetic(&SOV, 20_000, 1);
    let m = fit(&data, two_seats_fit(true, true, false));
    assert!((m.scale - 180.0).abs() < 12.0, "{m:?}");
    assert!((m.draw_width - 120.0).abs() < 15.0 && (m.power - 1.0).abs() < 0.08, "{m:?}");
    assert!(m.seat_offsets[0].abs() < 15.0 && m.tempo.abs() < 15.0, "{m:?}");

    let data = synthetic(&ASYM, 20_000, 2);
    let m = fit(&data, two_seats_fit(false, false, false));
    assert!((m.scale - 250.0).abs() < 15.0, "{m:?}");
    assert!((m.seat_offsets[0] + 1200.0).abs() < 20.0, "{m:?}");
    assert_eq!(m.seat_offsets[1], -m.seat_offsets[0]);
    assert!((m.tempo - 90.0).abs() < 20.0, "{m:?}");

    let truth = royale();
    let data = synthetic(&truth, 20_000, 3);
    let m = fit(
        &data,
        FitOptions {
            seats: 4,
            draws: true,
            seat_offset: false,
            tempo: false,
            power: true,
            draw_floor: false,
            draw_floor_width: false,
            clamp: 1e6,
        },
    );
    assert!((m.scale - 300.0).abs() < 25.0, "{m:?}");
    assert!((m.win_offset - 330.0).abs() < 30.0, "{m:?}");
    assert!((m.draw_width - 60.0).abs() < 25.0, "{m:?}");
    assert!((m.power - 0.8).abs() < 0.08, "{m:?}");
}

#[test]
fn fit_recovers_a_draw_floor() {
    let truth = WdlModel::two_seats(400.0, 150.0, 200.0, 50.0).with_draw_floor(0.2);
    let data = synthetic(&truth, 30_000, 5);
    let m = fit(&data, two_seats_fit(true, false, true));
    assert!((m.draw_floor - 0.2).abs() < 0.03, "{m:?}");
    assert!((m.scale - 400.0).abs() < 50.0 && (m.seat_offsets[0] - 200.0).abs() < 40.0, "{m:?}");
    // Far ahead, a fifth of the games is still drawn, and the expected
    // result (and so the normalised score) stops short of a certain win.
    let far = truth.probabilities(100_000.0, Seat(0));
    assert!((far[1] - 0.2).abs() < 1e-6 && (far[0] - 0.8).abs() < 1e-6, "{far:?}");
    let e = truth.expected(Score(100_000), Seat(0));
    assert!((e - 0.9).abs() < 1e-6, "{e}");
    let n = truth.normalise(Score(100_000), Seat(0));
    assert!((n.0 - (400.0 * 9f64.log10()).round() as i32).abs() <= 1, "{n:?}");
    // Even stays even.
    assert_eq!(truth.normalise(Score(250), Seat(0)), Score(0));
}

#[test]
fn fit_recovers_a_fading_draw_floor() {
    let truth =
        WdlModel::two_seats(300.0, 100.0, -150.0, 30.0).with_draw_floor(0.2).with_draw_floor_width(1500.0);
    let data = synthetic(&truth, 40_000, 6);
    let m = fit(&data, FitOptions { draw_floor_width: true, ..two_seats_fit(true, false, true) });
    assert!((m.draw_floor - 0.2).abs() < 0.03, "{m:?}");
    assert!((m.draw_floor_width - 1500.0).abs() < 300.0, "{m:?}");
    // A constant floor on the same games fits them worse: it keeps
    // drawing a fifth of the won positions.
    let constant = fit(&data, two_seats_fit(true, false, true));
    assert!(cost(&m, &data) < cost(&constant, &data), "{m:?} {constant:?}");
    // The floor fades: at the offset score it is δ, far out nearly 0,
    // so a far-ahead seat wins almost surely (the constant floor caps it).
    let at = |raw: f64| truth.probabilities(raw, Seat(0));
    // (x = raw − c − t = 0 at raw −120: the whole floor on top of the
    // curves' own draws.)
    let curves = truth.with_draw_floor(0.0).probabilities(-120.0, Seat(0));
    assert!((at(-120.0)[1] - (0.2 + 0.8 * curves[1])).abs() < 1e-9, "{:?}", at(-120.0));
    assert!(at(20_000.0)[0] > 0.99, "{:?}", at(20_000.0));
    assert!(truth.expected(Score(20_000), Seat(0)) > 0.99);
}

#[test]
fn calibration_of_the_true_model_is_close() {
    let data = synthetic(&SOV, 20_000, 4);
    let c = calibration(&SOV, &data);
    assert_eq!(c.deciles.len(), 10);
    assert!(c.max_gap < 0.03, "{c}");
    assert!(c.brier_win < 0.25 && c.brier_wdl < c.brier_win * 3.0, "{c}");
    assert!(c.to_string().contains("| 10 |"));
}

#[test]
fn calibration_of_reads_each_class_with_its_model() {
    // Two kinds of position whose scores mean different chances: a
    // class-1 score of 0 is worth what a class-0 score of +800 is.
    let shifted = WdlModel::two_seats(180.0, 120.0, -800.0, 0.0);
    let mut data = synthetic(&SOV, 10_000, 7);
    data.extend(synthetic(&shifted, 10_000, 8).into_iter().map(|s| Sample { class: 1, ..s }));
    let both = calibration_of(&[SOV, shifted], &data);
    assert!(both.max_gap < 0.03, "{both}");
    // One model for all misreads the second class.
    let one = calibration(&SOV, &data);
    assert!(one.max_gap > 0.05 && one.brier_win > both.brier_win, "{one}");
    // A class beyond the models falls back to the last one.
    assert_eq!(calibration_of(&[SOV], &data).max_gap, one.max_gap);
    // Each class fitted on its own samples finds its model.
    let own: Vec<Sample> = data.iter().filter(|s| s.class == 1).copied().collect();
    let m = fit(&own, two_seats_fit(true, false, false));
    assert!((m.seat_offsets[0] + 800.0).abs() < 80.0, "{m:?}");
}
