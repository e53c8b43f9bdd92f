//! Players and the match driver on toy games: player specifications, the
//! greedy player's one-ply expectation, seating rotation, reproducibility,
//! chance sampling, the ply cutoff and the result table.
#![cfg(feature = "search")]

mod search_toys;

use motley_core::search::{
    GameRecord, GreedyPlayer, Limits, MatchConfig, MatchError, MatchResult, ParsePlayerError, Player,
    PlayerSpec, RandomPlayer, SearchConfig,
};
use motley_core::{Position, Seat, SeatResult};
use rand::SeedableRng;
use rand::rngs::StdRng;
use search_toys::{DUEL_HIGH, DUEL_LOW, Hashy, HashyRules, Label, Nim, Node, Take, Tree};

fn config() -> SearchConfig {
    SearchConfig { hash_mb: 1, ..SearchConfig::default() }
}

#[test]
fn player_specs_parse_print_and_report_offsets() {
    assert_eq!("random".parse::<PlayerSpec>(), Ok(PlayerSpec::Random));
    assert_eq!("greedy".parse::<PlayerSpec>(), Ok(PlayerSpec::Greedy));
    assert_eq!("search:time=250".parse::<PlayerSpec>(), Ok(PlayerSpec::Search(Limits::time_ms(250))));
    for text in ["search:depth=3", "search:time=100", "search:depth=6,time=1000,nodes=5000", "search:nodes=7"]
    {
        let spec: PlayerSpec = text.parse().expect(text);
        assert_eq!(spec.to_string(), text);
    }
    let err = |t: &str| t.parse::<PlayerSpec>().unwrap_err();
    assert!(matches!(err("minimax"), ParsePlayerError::UnknownKind { at: 0, .. }));
    assert!(
        matches!(err("search:depth=3,width=2"), ParsePlayerError::UnknownOption { at: 15, ref key, .. } if key == "width")
    );
    assert!(matches!(err("search:depth"), ParsePlayerError::UnknownOption { at: 7, .. }));
    assert!(matches!(err("search:depth=3,time=0"), ParsePlayerError::BadValue { at: 20, .. }));
    assert!(matches!(err("search:depth=-1"), ParsePlayerError::BadValue { at: 13, .. }));
    // The bounds every front end applies: depth 64 at most.
    assert!(matches!(err("search:depth=99999"), ParsePlayerError::BadValue { at: 13, .. }));
    assert_eq!(
        err("search:depth=65").to_string(),
        "player `search:depth=65`: depth must be a whole number from 1 to 64, not `65` (byte 13)"
    );
    assert!("search:depth=64".parse::<PlayerSpec>().is_ok());
    assert!(matches!(err("search:"), ParsePlayerError::UnknownOption { at: 7, .. }));
    assert_eq!(
        err("search:depth=3,width=2").to_string(),
        "player `search:depth=3,width=2`: unknown search option `width` (byte 15); expected depth=, time= or nodes="
    );
}

#[test]
fn random_player_plays_legal_inputs_reproducibly() {
    let pos = Hashy::start();
    let picks = |seed| {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..20).map(|_| RandomPlayer.choose(&pos, &mut rng).expect("a move")).collect::<Vec<_>>()
    };
    assert!(picks(1).iter().all(|&mv| pos.is_legal(mv)));
    assert_eq!(picks(1), picks(1));
    assert_ne!(picks(1), picks(2));
}

#[test]
fn greedy_takes_wins_and_weighs_chance_outcomes() {
    let mut rng = StdRng::seed_from_u64(0);
    for n in 1..=3 {
        assert_eq!(GreedyPlayer.choose(&Nim::new(n), &mut rng), Some(Take(n)));
    }
    // Expected material: −60 for the attack against 50 for the safe input.
    assert_eq!(GreedyPlayer.choose(&Tree::new(&DUEL_LOW, 2), &mut rng), Some(Label("safe")));
    assert_eq!(GreedyPlayer.choose(&Tree::new(&DUEL_HIGH, 2), &mut rng), Some(Label("attack")));
}

fn boxed<P: motley_core::Evaluate>(specs: &[&str]) -> Vec<Box<dyn Player<P>>> {
    specs.iter().map(|s| s.parse::<PlayerSpec>().expect(s).build(config())).collect()
}

#[test]
fn search_beats_random_at_nim_and_always_wins_from_the_winning_seat() {
    let mut players = boxed::<Nim>(&["search:depth=12", "random"]);
    let cfg = MatchConfig { games: 20, seed: 9, max_plies: 100 };
    let result = motley_core::search::play_match(&Nim::new(10), &mut players, &cfg, |_| {}).expect("match");
    assert_eq!(result.players[0].name, "search:depth=12");
    assert_eq!(result.players[0].games, 20);
    for game in &result.games {
        // 10 stones: the first seat wins with perfect play.
        if game.seating[0] == 0 {
            assert_eq!(game.results[0], SeatResult::Win, "{game:?}");
        }
        assert_eq!(game.reason, "last-stone");
    }
    assert_eq!(result.players[0].by_seat[0], [10, 0, 0]);
    assert!(result.players[0].score() >= 0.75, "{result}");
    assert_eq!(result.players[0].wins + result.players[1].wins, 20);
}

#[test]
fn seats_rotate_and_matches_are_reproducible() {
    let start = Hashy::new(HashyRules {
        seed: 5,
        seats: 4,
        chance: true,
        extra: true,
        max_ply: 30,
        width: 50,
        ..HashyRules::default()
    });
    let run = |seed| {
        let mut players = boxed::<Hashy>(&["search:depth=2", "greedy", "random", "random"]);
        let cfg = MatchConfig { games: 8, seed, max_plies: 100 };
        let mut seen = Vec::new();
        let result = motley_core::search::play_match(&start, &mut players, &cfg, |g| seen.push(g.clone()))
            .expect("match");
        assert_eq!(seen, result.games);
        result
    };
    let a = run(1);
    for (g, game) in a.games.iter().enumerate() {
        assert_eq!(game.seating, (0..4).map(|s| (s + g) % 4).collect::<Vec<_>>());
        assert_eq!(game.results.len(), 4);
    }
    assert_eq!(a.seat_names, ["north", "east", "south", "west"]);
    for p in &a.players {
        assert_eq!(p.games, 8);
        assert!(p.by_seat.iter().all(|row| row.iter().sum::<u32>() == 2), "{p:?}");
    }
    assert_eq!(a.games, run(1).games);
    assert_ne!(a.games, run(2).games);
}

#[test]
fn wrong_player_count_is_an_error() {
    let mut players = boxed::<Nim>(&["random"]);
    let err = motley_core::search::play_match(&Nim::new(5), &mut players, &MatchConfig::default(), |_| {});
    assert_eq!(err.unwrap_err(), MatchError::PlayerCount { variant: "nim", seats: 2, players: 1 });
}

#[test]
fn max_plies_ends_games_in_draws() {
    let start = Hashy::new(HashyRules {
        seed: 3,
        seats: 2,
        chance: true,
        extra: false,
        max_ply: 500,
        width: 1 << 30,
        ..HashyRules::default()
    });
    let mut players = boxed::<Hashy>(&["random", "random"]);
    let cfg = MatchConfig { games: 4, seed: 0, max_plies: 3 };
    let result = motley_core::search::play_match(&start, &mut players, &cfg, |_| {}).expect("match");
    for game in &result.games {
        if game.reason == "max-plies" {
            // Resolutions are inputs but not plies.
            assert_eq!(game.plies, 3);
            assert!(game.moves.len() >= 3);
            assert_eq!(game.results, [SeatResult::Draw, SeatResult::Draw]);
        } else {
            assert!(game.plies <= 3);
        }
    }
    assert!(result.games.iter().any(|g| g.reason == "max-plies"));
}

/// The root is a chance node: "hit" (30%) wins for seat 0, "miss" for seat 1.
static COIN: [Node; 3] = [
    Node::Chance { seat: 0, children: &[("hit", 1, 0.3), ("miss", 2, 0.7)] },
    Node::End { seat: 1, winner: Some(0) },
    Node::End { seat: 1, winner: Some(1) },
];

#[test]
fn chance_nodes_are_sampled_with_their_probabilities() {
    let mut players = boxed::<Tree>(&["random", "random"]);
    let cfg = MatchConfig { games: 2000, seed: 11, max_plies: 10 };
    let result =
        motley_core::search::play_match(&Tree::new(&COIN, 2), &mut players, &cfg, |_| {}).expect("match");
    let seat0_wins = result.games.iter().filter(|g| g.results[0] == SeatResult::Win).count();
    let rate = seat0_wins as f64 / 2000.0;
    assert!((0.26..=0.34).contains(&rate), "{rate}");
    // A resolution is an input, not a ply.
    assert!(result.games.iter().all(|g| g.plies == 0 && (g.moves == ["hit"] || g.moves == ["miss"])));
}

fn record(seating: [usize; 2], results: [SeatResult; 2]) -> GameRecord {
    GameRecord {
        seating: seating.to_vec(),
        results: results.to_vec(),
        reason: "test".to_owned(),
        plies: 1,
        moves: vec!["x".to_owned()],
    }
}

#[test]
fn tallies_and_confidence_intervals() {
    use SeatResult::{Draw, Loss, Win};
    let mut games = Vec::new();
    for g in 0..20 {
        let seating = if g % 2 == 0 { [0, 1] } else { [1, 0] };
        // Player 0 wins the games it starts, loses the others.
        games.push(record(seating, [Win, Loss]));
    }
    games.push(record([0, 1], [Draw, Draw]));
    let names = vec!["a".to_owned(), "b".to_owned()];
    let seats = vec!["white".to_owned(), "black".to_owned()];
    let r = MatchResult::from_games(names.clone(), seats.clone(), games);
    let a = &r.players[0];
    assert_eq!((a.games, a.wins, a.draws, a.losses), (21, 10, 1, 10));
    assert_eq!(a.by_seat, [[10, 1, 0], [0, 0, 10]]);
    assert!((a.score() - 0.5).abs() < 1e-12);
    let (lo, hi) = a.confidence_95();
    // Wilson at 10.5 points of 21: centre 0.5, half-width
    // z / (1 + z²/n) · √(¼/n + z²/4n²).
    let (z, n) = (1.96f64, 21.0f64);
    let half = z / (1.0 + z * z / n) * (0.25 / n + z * z / (4.0 * n * n)).sqrt();
    assert!((lo - (0.5 - half)).abs() < 1e-9 && (hi - (0.5 + half)).abs() < 1e-9, "{lo} {hi}");
    let table = r.to_string();
    assert!(
        table.lines().any(|l| l.starts_with("a ") && l.contains("  21     10      1     10  50.0%")),
        "{table}"
    );
    assert!(table.contains("10/1/0"), "{table}");

    let sweep = MatchResult::from_games(names, seats, vec![record([0, 1], [Win, Loss]); 5]);
    // All wins or all losses keep a width: 5 in 5 is 56.5%..100%.
    let (lo, hi) = sweep.players[0].confidence_95();
    assert!((lo - 0.565_51).abs() < 1e-5 && hi == 1.0, "{lo} {hi}");
    let (lo, hi) = sweep.players[1].confidence_95();
    assert!(lo == 0.0 && (hi - 0.434_49).abs() < 1e-5, "{lo} {hi}");
    assert_eq!(sweep.players[0].win_rate(), 1.0);

    // Players of the same name are told apart by their first seat.
    let twins = vec!["r".to_owned(), "r".to_owned()];
    let r = MatchResult::from_games(
        twins,
        vec!["white".into(), "black".into()],
        vec![record([1, 0], [Win, Loss])],
    );
    assert_eq!(
        (r.label(0), r.label(1)),
        ("r (black in game 1)".to_owned(), "r (white in game 1)".to_owned())
    );
    let table = r.to_string();
    assert!(table.lines().any(|l| l.starts_with("r (white in game 1)      1      1")), "{table}");
    assert_eq!(sweep.label(0), "a");
    let _ = Seat(0);
}

#[test]
fn play_random_samples_chance_plays_legal_inputs_and_stops_at_the_end() {
    // At the coin's chance node, `hit` comes up with its probability.
    let mut rng = StdRng::seed_from_u64(3);
    let mut hits = 0;
    for _ in 0..2000 {
        let mut pos = Tree::new(&COIN, 2);
        let mv = pos.play_random(&mut rng).expect("a resolution");
        hits += usize::from(mv.0 == "hit");
        assert!(pos.outcome().is_some());
        assert_eq!(pos.play_random(&mut rng), None, "the game is over");
    }
    assert!((540..=660).contains(&hits), "{hits}");
    // At decision nodes, legal inputs to the end of the game.
    let mut pos = Nim::new(10);
    let mut plies = 0;
    while let Some(Take(n)) = pos.play_random(&mut motley_core::rand::rngs::StdRng::seed_from_u64(plies)) {
        assert!((1..=3).contains(&n));
        plies += 1;
    }
    assert!(pos.outcome().is_some() && plies >= 4, "{plies}");
}
