//! The fit and the calibration on synthetic self-play samples of known
//! models.

use motley_core::search::{Score, WdlModel};
use motley_core::{Seat, SeatResult};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::calibration::{calibration, calibration_of};
use crate::fit::{FitOptions, Sample, cost, fit};

const SOV: WdlModel = WdlModel::two_seats(180.0, 120.0, 0.0, 0.0);
const ASYM: WdlModel = WdlModel::two_seats(250.0, 0.0, -1200.0, 90.0);

fn royale() -> WdlModel {
    WdlModel::four_seats(300.0, 330.0, 60.0).with_power(0.8).with_clamp(1e6)
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

/// A self-play game is a function of its seed and settings; each sample is
/// a searched ply after the random ones, read with its seat's result; a game
/// cut off reads as drawn, and `--cut drop` leaves its samples out.
#[test]
fn self_play_games_are_reproducible_and_cut_games_can_be_dropped() {
    use motley_core::search::selfplay::{SampleGameConfig, sample_game};
    use motley_joker::Joker;
    use motley_mages::Mages;

    let config = SampleGameConfig { depth: 1, nodes: Some(500), random_plies: 3, max_plies: 30 };
    for seed in 0..4 {
        let joker = sample_game::<Joker>(seed, &config);
        assert_eq!(joker, sample_game::<Joker>(seed, &config));
        let mages = sample_game::<Mages>(seed, &config);
        for game in [&joker, &mages] {
            assert!(game.plies <= 30);
            assert_eq!(game.cut, game.reason == "max-plies");
            assert_eq!(u64::from(game.searches), u64::from(game.plies.saturating_sub(3)));
            assert!(
                game.samples
                    .iter()
                    .all(|s| (3..30).contains(&s.ply) && s.result == game.results[s.seat.index()])
            );
            if game.cut {
                assert!(game.results.iter().all(|&r| r == SeatResult::Draw));
            }
        }
    }
    let cut = sample_game::<Joker>(1, &SampleGameConfig { max_plies: 8, ..config });
    assert!(cut.cut && !cut.samples.is_empty());
    let args = |drop_cut| crate::Args { drop_cut, ..crate::parse_args_from(["joker"]).expect("arguments") };
    assert_eq!(crate::samples_of(std::slice::from_ref(&cut), &args(false)).len(), cut.samples.len());
    assert!(crate::samples_of(std::slice::from_ref(&cut), &args(true)).is_empty());
}
