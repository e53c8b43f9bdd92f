//! Seeded statistical tests of engagement sampling and random play.

use motley_core::Position;
use motley_mages::{Combat, DEFAULT_MODEL, Mages, Move, Odds, OutcomeModel, Resolution, Role, Rules};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn frequencies(pos: &Mages, model: &OutcomeModel, n: usize, seed: u64) -> [f64; 3] {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut counts = [0usize; 3];
    for _ in 0..n {
        match pos.random_move(model, &mut rng) {
            Some(Move::Resolve { resolution: Resolution::Challenger, .. }) => counts[0] += 1,
            Some(Move::Resolve { resolution: Resolution::Defender, .. }) => counts[1] += 1,
            Some(Move::Resolve { resolution: Resolution::Draw, .. }) => counts[2] += 1,
            other => panic!("not a counted resolution: {other:?}"),
        }
    }
    counts.map(|c| c as f64 / n as f64)
}

/// 20,000 draws: the standard error of a frequency is at most 0.0036, so a
/// tolerance of 0.015 is more than four standard errors.
#[test]
fn sampled_frequencies_match_the_table() {
    let n = 20_000;
    for (fen, challenger, defender, combat) in [
        ("r5/6/6/S1p3/6/6/6/5R g a5c5", Role::Shaman, Role::Pawn, Combat::Melee),
        ("r5/6/6/6/2C3/6/p5/5R g c4a2", Role::Counselor, Role::Pawn, Combat::Ranged),
        ("5r/6/6/6/6/6/1p4/R5 g a1b2", Role::Royal, Role::Pawn, Combat::Ranged),
        ("5r/6/6/6/1p4/2P3/6/R5 b b4c3", Role::Pawn, Role::Pawn, Combat::Ranged),
        ("5r/6/6/6/6/6/6/R4C g f1f8", Role::Counselor, Role::Royal, Combat::Melee),
    ] {
        let pos = Mages::from_fen(fen).unwrap();
        let odds = DEFAULT_MODEL.odds(challenger, defender, combat);
        let f = frequencies(&pos, &DEFAULT_MODEL, n, 42);
        let want = [odds.challenger, odds.defender, odds.draw];
        for k in 0..3 {
            assert!((f[k] - want[k]).abs() < 0.015, "{fen}: {f:?} vs {want:?}");
        }
        // chance() reports the same table.
        let chance = pos.chance().unwrap();
        let total: f64 = chance.iter().map(|c| c.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}

#[test]
fn promotion_choices_are_sampled_evenly() {
    let pos = Mages::from_fen("5r/6/6/6/6/6/1p4/R5 g a1b2").unwrap();
    let mut rng = StdRng::seed_from_u64(9);
    let model = OutcomeModel::from_fn(|_, _, _| Odds::new(0.0, 1.0, 0.0)).unwrap();
    let mut counts = [0usize; 3];
    for _ in 0..9000 {
        match pos.random_move(&model, &mut rng) {
            Some(Move::Resolve { resolution: Resolution::Defender, promotion: Some(p) }) => {
                counts[Role::PROMOTIONS.iter().position(|&r| r == p).unwrap()] += 1;
            }
            other => panic!("{other:?}"),
        }
    }
    for c in counts {
        assert!((c as f64 / 9000.0 - 1.0 / 3.0).abs() < 0.025, "{counts:?}");
    }
}

#[test]
fn user_model_is_used() {
    let pos = Mages::from_fen("r5/6/6/S1p3/6/6/6/5R g a5c5").unwrap();
    let always = OutcomeModel::from_fn(|_, _, _| Odds::new(1.0, 0.0, 0.0)).unwrap();
    assert_eq!(frequencies(&pos, &always, 500, 1), [1.0, 0.0, 0.0]);
    let chance = pos.chance_with(&always).unwrap();
    assert_eq!(chance[0], (Move::resolve(Resolution::Challenger), 1.0));
}

#[test]
fn seeded_random_games_finish_and_replay_identically() {
    let rules = Rules { ply_limit: Some(400), ..Rules::default() };
    let mut reasons = std::collections::BTreeMap::new();
    for seed in 0..200 {
        let run = |seed| {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = Mages::start_with(rules);
            let mut moves = Vec::new();
            while let Some(m) = pos.play_random_with(&DEFAULT_MODEL, &mut rng) {
                moves.push(m);
            }
            (pos, moves)
        };
        let (pos, moves) = run(seed);
        assert_eq!(run(seed).1, moves, "seeded play is reproducible");
        let o = pos.outcome().expect("finished");
        *reasons.entry(o.reason()).or_insert(0) += 1;
        assert!(moves.iter().all(|m| !m.is_heresy()));
        // Replaying through parse_move accepts every token.
        let mut replay = Mages::start_with(rules);
        for m in &moves {
            let parsed = replay.parse_move(&m.to_string()).unwrap();
            replay.play_unchecked(parsed);
        }
        assert_eq!(replay, pos);
    }
    assert!(reasons.get("royal-downed").copied().unwrap_or(0) > 100, "{reasons:?}");
}
