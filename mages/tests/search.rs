//! The generic search on Mage's Chess with this crate's evaluation:
//! composed positions where the expectimax answer is known, and properties
//! of the evaluation.

use motley_core::search::{Evaluate, Limits, Searcher, WIN};
use motley_core::{Position, Seat};
use motley_mages::eval::{ROYAL_STAKE, value};
use motley_mages::{DEFAULT_MODEL, Mages, Move, Resolution, Role};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn pos(fen: &str) -> Mages {
    Mages::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn best(p: &Mages, depth: u32) -> (String, motley_core::search::Score) {
    let r = Searcher::<Mages>::default().search(p, &Limits::depth(depth));
    (r.best.expect("a move").to_string(), r.score)
}

/// The choice a "captures always succeed" engine makes: the input whose
/// challenger-wins result has the best material for the mover.
fn always_succeeds_choice(p: &Mages) -> Vec<String> {
    let me = p.turn();
    let mut scored: Vec<(i32, String)> = p
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut c = p.clone();
            c.play_unchecked(mv);
            if c.pending().is_some() {
                c.play_unchecked(c.resolution_moves(Resolution::Challenger)[0]);
            }
            (c.material(me), mv.to_string())
        })
        .collect();
    let top = scored.iter().map(|s| s.0).max().unwrap();
    scored.retain(|s| s.0 == top);
    scored.into_iter().map(|s| s.1).collect()
}

#[test]
fn engaging_the_enemy_royal_is_worth_its_probability_of_winning() {
    // Green's Counselor d1 may engage Blue's Royal d8 along the file (melee):
    // the challenger wins with p = 0.42 under the default model.
    let p = pos("3r2/6/6/6/6/6/6/R2C2 g - - 0 0");
    let odds = DEFAULT_MODEL.odds(Role::Counselor, Role::Royal, motley_mages::Combat::Melee);
    for depth in 1..=3 {
        let (mv, score) = best(&p, depth);
        assert_eq!(mv, "d1d8", "depth {depth}");
        // About p × WIN: the win is certain only with probability p.
        let expected = odds.challenger * f64::from(WIN);
        assert!((f64::from(score.0) - expected).abs() < 0.05 * f64::from(WIN), "depth {depth}: {score:?}");
        assert!(!score.is_win(), "an engagement is never a sure win");
    }
}

#[test]
fn expectimax_declines_the_capture_that_would_win_if_captures_always_succeeded() {
    // Green's Royal c4 could engage the Blue pawn c5: with certain captures
    // it wins a pawn and is the only gain, but under the model the Royal
    // loses the engagement (and the game) with probability 0.10.
    let p = pos("5r/6/6/2p3/2R3/6/6/S5 g - - 0 0");
    assert_eq!(always_succeeds_choice(&p), ["c4c5"]);
    for depth in 1..=3 {
        let (mv, score) = best(&p, depth);
        assert_ne!(mv, "c4c5", "depth {depth}");
        assert!(score.0 > -1000, "depth {depth}: {score:?}");
    }
    // The engagement's own value is dominated by the 10% chance of losing.
    let mut searcher = Searcher::<Mages>::default();
    let r = searcher.search(&p, &Limits::depth(2).with_multipv(32));
    let engage = r.lines.iter().find(|l| l.moves[0].to_string() == "c4c5").expect("c4c5 scored");
    assert!(engage.score.0 < -WIN / 20, "{:?}", engage.score);
}

#[test]
fn a_promoting_resolution_is_the_promoting_teams_best_choice() {
    let p = pos("r1h3/1P4/6/6/6/6/6/5R g - - 0 0");
    let mut after = p.clone();
    after.play_unchecked(p.parse_move("b7c8").unwrap());
    let chance = after.chance().unwrap();
    assert_eq!(chance.iter().filter(|c| c.0.promotion().is_some()).count(), 1);
    assert_eq!(
        chance[0].0,
        Move::Resolve { resolution: Resolution::Challenger, promotion: Some(Role::Counselor) }
    );
    // The search follows the engagement and its most probable line.
    let r = Searcher::<Mages>::default().search(&p, &Limits::depth(2));
    assert!(r.best.is_some());
}

#[test]
fn evaluation_is_zero_sum_and_symmetric_at_the_start() {
    let start = Mages::start();
    assert_eq!(start.evaluate(Seat(0)), 0);
    let mut rng = StdRng::seed_from_u64(8);
    for _ in 0..40 {
        let mut p = Mages::start();
        for _ in 0..60 {
            if p.pending().is_none() && p.outcome().is_none() {
                assert_eq!(p.evaluate(Seat(0)), -p.evaluate(Seat(1)), "{p}");
                assert_eq!(p.material(Seat(0)), -p.material(Seat(1)), "{p}");
                for &mv in p.legal_moves().iter() {
                    let gain = match mv {
                        Move::Action { from, to, .. }
                            if p.board().team_at(to) == Some(p.side_to_move().other()) =>
                        {
                            let (c, d) = (p.board().role_at(from).unwrap(), p.board().role_at(to).unwrap());
                            let odds = DEFAULT_MODEL.odds(c, d, motley_mages::Combat::between(from, to));
                            let stake = |r: Role| if r == Role::Royal { ROYAL_STAKE } else { value(r) };
                            odds.challenger * f64::from(stake(d)) - odds.defender * f64::from(stake(c))
                        }
                        _ => 0.0,
                    };
                    assert_eq!(p.is_tactical(mv), gain.round() > 0.0 || mv.promotion().is_some(), "{p} {mv}");
                }
            }
            if p.play_random_with(&DEFAULT_MODEL, &mut rng).is_none() {
                break;
            }
        }
    }
}

#[test]
fn search_is_deterministic_and_finds_a_move_from_the_start() {
    let a = Searcher::<Mages>::default().search(&Mages::start(), &Limits::depth(4));
    let b = Searcher::<Mages>::default().search(&Mages::start(), &Limits::depth(4));
    assert_eq!(a.best, b.best);
    assert_eq!(a.score, b.score);
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.depth, 4);
}
