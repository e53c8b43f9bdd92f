//! The generic search on toy games: forced wins at the right depth and
//! distance, equality with plain minimax/expectimax on many random positions
//! (two and four seats, chance nodes, extra moves, quiescence), hand-computed
//! expectimax trees, multipv, determinism, limits and the stop flag.
#![cfg(feature = "search")]

mod search_toys;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use motley_core::search::{Evaluate, Limits, Score, SearchConfig, Searcher, Technique, Techniques, WIN};
use motley_core::testing::deep_runs;
use motley_core::{Position, Seat};
use rand::SeedableRng;
use rand::rngs::StdRng;
use search_toys::{
    DRAWN, DUEL_HIGH, DUEL_LOW, HMove, Hashy, HashyRules, Label, Nim, Node, Take, Tree, leaf, random_rules,
    random_walk, reference_after, reference_at, reference_best_reply, reference_for_mover,
};

fn small() -> SearchConfig {
    SearchConfig { hash_mb: 1, ..SearchConfig::default() }
}

fn searcher<P: motley_core::Evaluate>() -> Searcher<P> {
    Searcher::new(small())
}

/// The best input and the score of a depth-`depth` search of `tree`.
fn best(tree: &Tree, depth: u32) -> (Option<Label>, Score) {
    let r = searcher::<Tree>().search(tree, &Limits::depth(depth));
    (r.best, r.score)
}

// ------------------------------------------------------------ forced wins

#[test]
fn nim_wins_are_found_at_their_depth_and_distance() {
    // 5 stones: take 1 (leaving 4) wins on the third input.
    let r = searcher::<Nim>().search(&Nim::new(5), &Limits::depth(3));
    assert_eq!((r.best, r.score, r.depth), (Some(Take(1)), Score::win_in(3), 3));
    assert_eq!(r.pv().len(), 3);
    assert_eq!(r.pv()[0], Take(1));
    // Two plies are not enough to see it, but enough to avoid the losing takes.
    let r = searcher::<Nim>().search(&Nim::new(5), &Limits::depth(2));
    assert_eq!((r.best, r.score), (Some(Take(1)), Score::DRAW));
    // 1–3 stones: win in one.
    for n in 1..=3 {
        let r = searcher::<Nim>().search(&Nim::new(n), &Limits::depth(1));
        assert_eq!((r.best, r.score), (Some(Take(n)), Score::win_in(1)), "{n} stones");
    }
    // Multiples of four are lost; the loser delays as long as it can.
    let r = searcher::<Nim>().search(&Nim::new(4), &Limits::depth(2));
    assert_eq!(r.score, Score::loss_in(2));
    let r = searcher::<Nim>().search(&Nim::new(8), &Limits::depth(6));
    assert_eq!(r.score, Score::loss_in(4));
    assert_eq!(r.score.win_distance(), Some(-4));
    // 9 stones: win in 5, invisible at depth 4.
    let r = searcher::<Nim>().search(&Nim::new(9), &Limits::depth(4));
    assert!(!r.score.is_win(), "{:?}", r.score);
    let r = searcher::<Nim>().search(&Nim::new(9), &Limits::depth(5));
    assert_eq!((r.best, r.score), (Some(Take(1)), Score::win_in(5)));
    // The seat to move at the root need not be seat 0.
    let r = searcher::<Nim>().search(&Nim { stones: 6, turn: 1, ply: 3 }, &Limits::depth(3));
    assert_eq!((r.best, r.score), (Some(Take(2)), Score::win_in(3)));
}

#[test]
fn finished_game_has_no_best_move() {
    let r = searcher::<Nim>().search(&Nim { stones: 0, turn: 1, ply: 7 }, &Limits::depth(3));
    assert_eq!((r.best, r.score, r.depth), (None, Score::loss_in(0), 0));
    assert!(r.pv().is_empty());
}

#[test]
fn score_display_and_distance() {
    assert_eq!(Score(125).to_string(), "+1.25");
    assert_eq!(Score(-7).to_string(), "-0.07");
    assert_eq!(Score::DRAW.to_string(), "0.00");
    assert_eq!(Score::win_in(3).to_string(), "win in 3");
    assert_eq!(Score::loss_in(4).to_string(), "loss in 4");
    assert_eq!(Score::win_in(3).win_distance(), Some(3));
    assert_eq!(Score(300).win_distance(), None);
    assert_eq!(Score(300).centipawns(), Some(300));
    assert_eq!(Score::win_in(1).centipawns(), None);
    assert!(Score::win_in(1) > Score::win_in(2));
    assert!(Score::loss_in(2) > Score::loss_in(1));
}

// ------------------------------------------------------------ vs plain minimax

/// A position a few random inputs into a random game.
fn random_position(rng: &mut StdRng, seats: u8) -> Hashy {
    random_walk(Hashy::new(random_rules(rng, seats)), rng)
}

fn check_against_reference(seats: u8, positions: usize, max_depth: u32, seed: u64) {
    check_config_against_reference(small(), seats, positions, max_depth, seed);
}

/// [`check_against_reference`] with searchers of `config`.
fn check_config_against_reference(
    config: SearchConfig,
    seats: u8,
    positions: usize,
    max_depth: u32,
    seed: u64,
) {
    let mut rng = StdRng::seed_from_u64(seed);
    let qmax = <Hashy as Evaluate>::PROFILE.quiescence_plies;
    let mut compared = 0;
    for i in 0..positions {
        let pos = random_position(&mut rng, seats);
        if pos.legal_moves().is_empty() {
            continue;
        }
        for depth in 1..=max_depth {
            let want = reference_for_mover(&pos, depth, qmax);
            let got = Searcher::<Hashy>::new(config).search(&pos, &Limits::depth(depth));
            assert_eq!(got.score, Score(want), "position {i} {pos} depth {depth}");
            assert_eq!(got.depth, depth);
            compared += 1;
            // The best input's own reference value is the root value.
            if pos.chance().is_none() {
                let best = got.best.expect("a move");
                let v = reference_after(&pos, best, depth, qmax);
                assert_eq!(v, want, "best move of position {i} depth {depth}");
            }
        }
    }
    assert!(compared > positions, "too few comparisons: {compared}");
}

// With `MOTLEY_DEEP=1` (`deep_runs`) the two tests below check many more
// positions, one ply deeper.
#[test]
fn two_seats_equal_plain_minimax_expectimax() {
    if deep_runs() {
        check_against_reference(2, 3_000, 6, 11);
    }
    check_against_reference(2, 300, 5, 1);
}

/// Aspiration windows re-search until the root's value falls inside the
/// window, so they change how many nodes a search takes, never its value.
#[test]
fn aspiration_windows_keep_the_plain_value() {
    let config = SearchConfig { techniques: Some(Techniques::NONE.with(Technique::Aspiration)), ..small() };
    check_config_against_reference(config, 2, 300, 6, 3);
}

/// Chance bounds assume each outcome of a chance node scores within a
/// margin of its table score or static evaluation. In Hashy games that
/// never end early every score lies within ±200, so the assumption always
/// holds: the
/// value is the plain search's, in fewer nodes.
#[test]
fn chance_bounds_keep_the_value_when_outcomes_stay_within_the_margin() {
    let plain = SearchConfig { techniques: Some(Techniques::NONE), ..small() };
    let bounded = SearchConfig { techniques: Some(Techniques::NONE.with(Technique::ChanceBounds)), ..plain };
    let mut rng = StdRng::seed_from_u64(12);
    let (mut nodes_plain, mut nodes_bounded, mut searched) = (0u64, 0u64, 0);
    for _ in 0..150 {
        let rules =
            HashyRules { chance: true, end_one_in: u64::MAX, max_ply: 40, ..random_rules(&mut rng, 2) };
        let pos = random_walk(Hashy::new(rules), &mut rng);
        if pos.legal_moves().is_empty() {
            continue;
        }
        for depth in [3, 5] {
            let a = Searcher::<Hashy>::new(plain).search(&pos, &Limits::depth(depth));
            let b = Searcher::<Hashy>::new(bounded).search(&pos, &Limits::depth(depth));
            assert_eq!(a.score, b.score, "depth {depth}: {pos}");
            nodes_plain += a.nodes;
            nodes_bounded += b.nodes;
            searched += 1;
        }
    }
    assert!(searched > 200, "{searched} searches");
    assert!(nodes_bounded < nodes_plain, "{nodes_bounded} nodes with the bounds, {nodes_plain} without");
}

/// The selective techniques trade exactness for depth, but a search with
/// all of them still plays a legal input, never reports more depth than
/// asked, and keeps forced results (Nim is won or lost from every
/// position) exact.
#[test]
fn every_technique_keeps_forced_results() {
    let config = SearchConfig { techniques: Some(Techniques::ALL), reductions: Some(true), ..small() };
    for stones in 1..=12u8 {
        let pos = Nim::new(stones);
        let r = Searcher::<Nim>::new(config).search(&pos, &Limits::depth(14));
        let plain = searcher::<Nim>().search(&pos, &Limits::depth(14));
        assert_eq!((r.best, r.score), (plain.best, plain.score), "{stones} stones");
    }
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..200 {
        let pos = random_position(&mut rng, 2);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            continue;
        }
        let r = Searcher::<Hashy>::new(config).search(&pos, &Limits::depth(5));
        assert!(r.depth <= 5);
        if pos.chance().is_none() {
            assert!(moves.contains(&r.best.expect("a move")), "{pos}");
        }
    }
}

#[test]
fn four_seats_equal_plain_paranoid_minimax() {
    if deep_runs() {
        check_against_reference(4, 2_000, 6, 12);
    }
    check_against_reference(4, 200, 5, 2);
}

/// The searcher with best-reply search on equals the plain best-reply
/// reference on random four-seat games (chance nodes and extra moves
/// included), and differs from paranoid search often enough to show it is on.
fn check_best_reply(positions: usize, max_depth: u32, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let qmax = <Hashy as Evaluate>::PROFILE.quiescence_plies;
    let config = SearchConfig { best_reply: Some(true), ..small() };
    let (mut compared, mut differ) = (0, 0);
    for i in 0..positions {
        let rules = HashyRules { loss_aversion: 100, ..random_rules(&mut rng, 4) };
        let pos = random_walk(Hashy::new(rules), &mut rng);
        if pos.legal_moves().is_empty() {
            continue;
        }
        for depth in 1..=max_depth {
            let want = reference_best_reply(&pos, depth, qmax);
            let got = Searcher::<Hashy>::new(config).search(&pos, &Limits::depth(depth));
            assert_eq!(got.score, Score(want), "position {i} {pos} depth {depth}");
            compared += 1;
            differ += usize::from(want != reference_for_mover(&pos, depth, qmax));
        }
    }
    assert!(compared > positions, "too few comparisons: {compared}");
    assert!(differ * 5 > compared, "best reply equals paranoid too often: {differ} of {compared}");
}

#[test]
fn four_seats_best_reply_equals_plain_best_reply_search() {
    if deep_runs() {
        check_best_reply(2_000, 6, 14);
    }
    check_best_reply(200, 5, 4);
}

#[test]
fn reused_searcher_after_clear_equals_fresh_and_reference() {
    let mut rng = StdRng::seed_from_u64(3);
    let qmax = <Hashy as Evaluate>::PROFILE.quiescence_plies;
    let mut cleared = searcher::<Hashy>();
    // Table entries only cut at exactly their depth, so even a table full of
    // earlier searches (of other positions, other depths, other root seats)
    // leaves the value exact.
    let mut kept = searcher::<Hashy>();
    for i in 0..80 {
        let pos = random_position(&mut rng, if i % 2 == 0 { 2 } else { 4 });
        if pos.legal_moves().is_empty() {
            continue;
        }
        let depth = 1 + i % 5;
        let want = Score(reference_for_mover(&pos, depth, qmax));
        cleared.clear();
        let a = cleared.search(&pos, &Limits::depth(depth));
        let b = searcher::<Hashy>().search(&pos, &Limits::depth(depth));
        assert_eq!((a.best, a.score, a.nodes, &a.lines), (b.best, b.score, b.nodes, &b.lines));
        assert_eq!(a.score, want, "position {i}");
        assert_eq!(kept.search(&pos, &Limits::depth(depth)).score, want, "kept table, position {i}");
    }
}

#[test]
fn searcher_can_move_to_another_thread() {
    fn assert_send<T: Send>() {}
    assert_send::<Searcher<Hashy>>();
    assert_send::<motley_core::search::SearchResult<HMove>>();
    let mut s = searcher::<Nim>();
    let r = std::thread::spawn(move || s.search(&Nim::new(7), &Limits::depth(3))).join().expect("thread");
    assert_eq!((r.best, r.score), (Some(Take(3)), Score::win_in(3)));
}

#[test]
fn quiescence_off_is_plain_depth_limited_search() {
    let mut rng = StdRng::seed_from_u64(4);
    let config = SearchConfig { hash_mb: 1, quiescence_plies: Some(0), ..SearchConfig::default() };
    for i in 0..100 {
        let pos = random_position(&mut rng, 2);
        if pos.legal_moves().is_empty() {
            continue;
        }
        for depth in 1..=3 {
            let got = Searcher::<Hashy>::new(config).search(&pos, &Limits::depth(depth));
            assert_eq!(got.score, Score(reference_for_mover(&pos, depth, 0)), "position {i} depth {depth}");
        }
    }
}

#[test]
fn multipv_lines_are_the_exact_best_children() {
    let mut rng = StdRng::seed_from_u64(5);
    let qmax = <Hashy as Evaluate>::PROFILE.quiescence_plies;
    let mut checked = 0;
    for i in 0..150 {
        let pos = random_position(&mut rng, 2);
        if pos.legal_moves().len() < 2 || pos.chance().is_some() {
            continue;
        }
        let depth = 3;
        let k = 3;
        let r = searcher::<Hashy>().search(&pos, &Limits::depth(depth).with_multipv(k));
        let mut children: Vec<(i32, HMove)> = pos
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                let v = reference_at(&child, depth - 1, Seat(0), qmax, 1);
                (if pos.turn() == Seat(0) { v } else { -v }, mv)
            })
            .collect();
        children.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        assert_eq!(r.lines.len(), k.min(children.len()), "position {i}");
        for (line, want) in r.lines.iter().zip(&children) {
            assert_eq!(line.score, Score(want.0), "position {i}");
            let mv = line.moves[0];
            let own = children.iter().find(|c| c.1 == mv).expect("a root move").0;
            assert_eq!(line.score, Score(own), "position {i}: line {mv} scored as its own value");
        }
        assert!(r.lines.windows(2).all(|w| w[0].score >= w[1].score));
        assert_eq!(r.lines[0].score, r.score);
        checked += 1;
    }
    assert!(checked > 30);
}

// ------------------------------------------------------------ hand trees

/// Quiet (−20) or a duel deciding the game: win 0.42, loss 0.38, nothing 0.20.
static COIN_FLIP: [Node; 6] = [
    Node::Decide { seat: 0, children: &[("quiet", 2, false), ("duel", 3, true)], eval: [0; 4] },
    DRAWN,
    leaf(1, -20),
    Node::Chance { seat: 0, children: &[("won", 4, 0.42), ("lost", 5, 0.38), ("nothing", 2, 0.20)] },
    Node::End { seat: 1, winner: Some(0) },
    Node::End { seat: 1, winner: Some(1) },
];

#[test]
fn loss_aversion_weighs_outcomes_that_lose_the_game() {
    let tree = Tree::new(&COIN_FLIP, 2);
    // Plain expectimax: 0.42·(WIN − 2) − 0.38·(WIN − 2) + 0.20·(−20) ≈ +40,000.
    let r = searcher::<Tree>().search(&tree, &Limits::depth(1));
    assert_eq!(r.best, Some(Label("duel")));
    assert_eq!(
        r.score,
        Score((0.42 * f64::from(WIN - 2) - 0.38 * f64::from(WIN - 2) - 0.2 * 20.0).round() as i32)
    );
    // Loss aversion 200: the loss weighs 0.76 of 1.38, so the duel is worth
    // less than the quiet line's −20.
    let averse = SearchConfig { loss_aversion: Some(200), ..small() };
    let r = Searcher::<Tree>::new(averse).search(&tree, &Limits::depth(1));
    assert_eq!((r.best, r.score), (Some(Label("quiet")), Score(-20)));
    // The duel's own value under aversion, from the chance node (the seat to
    // move there took the chance). Resolutions use no depth, so at depth 1
    // "nothing" is followed by "pass" to the drawn end (0):
    // (0.42·(WIN − 1) − 0.76·(WIN − 1) + 0.2·0) / 1.38.
    let at_duel = Tree { at: 3, ..tree.clone() };
    let r = Searcher::<Tree>::new(averse).search(&at_duel, &Limits::depth(1));
    let expected = (0.42 * f64::from(WIN - 1) - 0.76 * f64::from(WIN - 1)) / 1.38;
    assert!((f64::from(r.score.0) - expected).abs() <= 1.0, "{} vs {expected}", r.score.0);
    // 100 percent is plain expectimax.
    let plain = SearchConfig { loss_aversion: Some(100), ..small() };
    let r = Searcher::<Tree>::new(plain).search(&tree, &Limits::depth(1));
    assert_eq!(r.best, Some(Label("duel")));
}

#[test]
fn expectimax_never_assumes_captures_succeed() {
    // 0.3·500 + 0.7·(−300) = −60 < 50: play safe, although a sure capture
    // would be worth 500.
    assert_eq!(best(&Tree::new(&DUEL_LOW, 2), 1), (Some(Label("safe")), Score(50)));
    // 0.6·500 + 0.4·(−300) = 180 > 50: attack.
    let r = searcher::<Tree>().search(&Tree::new(&DUEL_HIGH, 2), &Limits::depth(1));
    assert_eq!((r.best, r.score), (Some(Label("attack")), Score(180)));
    // The principal variation goes through the most probable outcome.
    assert_eq!(r.pv()[..2], [Label("attack"), Label("hit")]);
    // At depth 2 every line ends in the drawn end after "pass".
    let r = searcher::<Tree>().search(&Tree::new(&DUEL_HIGH, 2), &Limits::depth(2));
    assert_eq!(r.score, Score::DRAW);
    // Resolutions use no depth: from the chance node, depth 1 sees the draw.
    let chance_root = Tree { at: 3, ..Tree::new(&DUEL_HIGH, 2) };
    let r = searcher::<Tree>().search(&chance_root, &Limits::depth(1));
    assert_eq!((r.best, r.score), (Some(Label("hit")), Score::DRAW));
    assert_eq!(r.pv(), [Label("hit"), Label("pass")]);
}

/// a → chance {½ → D1, ½ → D2}; b → D3; the D nodes are seat 1's choice
/// between leaves: D1 {100, 300}, D2 {−200, 40}, D3 {10, −20}.
/// Value: max(½·100 + ½·(−200), −20) = max(−50, −20) = −20 (b).
static MIXED: [Node; 13] = [
    Node::Decide { seat: 0, children: &[("a", 2, true), ("b", 5, false)], eval: [0; 4] },
    Node::End { seat: 0, winner: None },
    Node::Chance { seat: 0, children: &[("up", 3, 0.5), ("down", 4, 0.5)] },
    Node::Decide { seat: 1, children: &[("x", 6, false), ("y", 7, false)], eval: [0; 4] },
    Node::Decide { seat: 1, children: &[("x", 8, false), ("y", 9, false)], eval: [0; 4] },
    Node::Decide { seat: 1, children: &[("x", 10, false), ("y", 11, false)], eval: [0; 4] },
    leaf(0, 100),
    leaf(0, 300),
    leaf(0, -200),
    leaf(0, 40),
    leaf(0, 10),
    leaf(0, -20),
    Node::End { seat: 0, winner: Some(0) },
];

#[test]
fn expectimax_over_replies_is_exact() {
    assert_eq!(best(&Tree::new(&MIXED, 2), 2), (Some(Label("b")), Score(-20)));
    let r = searcher::<Tree>().search(&Tree::new(&MIXED, 2), &Limits::depth(2).with_multipv(2));
    let scores: Vec<(Label, Score)> = r.lines.iter().map(|l| (l.moves[0], l.score)).collect();
    assert_eq!(scores, [(Label("b"), Score(-20)), (Label("a"), Score(-50))]);
    // A chance root reports the expectation of the replies (first outcome on
    // equal probabilities).
    let chance_root = Tree { at: 2, ..Tree::new(&MIXED, 2) };
    let r = searcher::<Tree>().search(&chance_root, &Limits::depth(1));
    assert_eq!((r.best, r.score), (Some(Label("up")), Score(-50)));
    assert_eq!(r.pv(), [Label("up"), Label("x")]);
    // From seat 1's side (it is to move at D1): the minimum, negated.
    let d1 = Tree { at: 3, ..Tree::new(&MIXED, 2) };
    assert_eq!(best(&d1, 1), (Some(Label("x")), Score(-100)));
}

/// Grab a piece (+300) into a recapture (−200), or a quiet +10.
static GRAB: [Node; 5] = [
    Node::Decide { seat: 0, children: &[("grab", 2, true), ("quiet", 4, false)], eval: [0; 4] },
    Node::End { seat: 0, winner: None },
    Node::Decide {
        seat: 1,
        children: &[("recapture", 3, true), ("pass", 1, false)],
        eval: [300, -300, 0, 0],
    },
    leaf(0, -200),
    leaf(1, 10),
];

#[test]
fn quiescence_sees_the_recapture_beyond_the_horizon() {
    assert_eq!(best(&Tree::new(&GRAB, 2), 1), (Some(Label("quiet")), Score(10)));
    let blind = SearchConfig { hash_mb: 1, quiescence_plies: Some(0), ..SearchConfig::default() };
    let r = Searcher::<Tree>::new(blind).search(&Tree::new(&GRAB, 2), &Limits::depth(1));
    assert_eq!((r.best, r.score), (Some(Label("grab")), Score(300)));
    // With one quiescence input the recapture is seen, and so on.
    let one = SearchConfig { hash_mb: 1, quiescence_plies: Some(1), ..SearchConfig::default() };
    let r = Searcher::<Tree>::new(one).search(&Tree::new(&GRAB, 2), &Limits::depth(1));
    assert_eq!((r.best, r.score), (Some(Label("quiet")), Score(10)));
}

/// Seat 1 answers `go` at the horizon with one of two captures, worth +20
/// and +200 to it.
static TWO_CAPTURES: [Node; 5] = [
    Node::Decide { seat: 0, children: &[("go", 2, false)], eval: [0; 4] },
    Node::End { seat: 0, winner: None },
    Node::Decide { seat: 1, children: &[("small", 3, true), ("big", 4, true)], eval: [0; 4] },
    leaf(0, -20),
    leaf(0, -200),
];

#[test]
fn quiescence_width_caps_the_inputs_followed_per_node() {
    let r = searcher::<Tree>().search(&Tree::new(&TWO_CAPTURES, 2), &Limits::depth(1));
    assert_eq!(r.score, Score(-200));
    // With a width of one, only the first-ordered capture is followed.
    let narrow = Tree { width: Some(1), ..Tree::new(&TWO_CAPTURES, 2) };
    let r = searcher::<Tree>().search(&narrow, &Limits::depth(1));
    assert_eq!(r.score, Score(-20));
}

/// Depth 3. `A` is worth +10 to seat 0. After `B`, seat 0 stands at −500
/// one ply from the horizon, and only its second, quiet move `m2` (+50)
/// would make `B` the better line.
static FUTILE: [Node; 9] = [
    Node::Decide { seat: 0, children: &[("A", 2, false), ("B", 3, false)], eval: [0; 4] },
    Node::End { seat: 0, winner: None },
    Node::Decide { seat: 1, children: &[("a", 4, false)], eval: [0; 4] },
    Node::Decide { seat: 1, children: &[("b", 6, false)], eval: [0; 4] },
    Node::Decide { seat: 0, children: &[("a2", 5, false)], eval: [0; 4] },
    leaf(1, 10),
    Node::Decide { seat: 0, children: &[("m1", 7, false), ("m2", 8, false)], eval: [-500, 500, 0, 0] },
    leaf(1, -500),
    leaf(1, 50),
];

#[test]
fn futility_prunes_late_quiet_moves_one_ply_from_the_horizon() {
    assert_eq!(best(&Tree::new(&FUTILE, 2), 3), (Some(Label("B")), Score(50)));
    // −500 + 300 cannot reach alpha (+10, from `A`): `m2` is not searched,
    // `B` fails low and `A` stays. A margin of 600 could reach it.
    let pruning = Tree { margin: Some(300), ..Tree::new(&FUTILE, 2) };
    assert_eq!(best(&pruning, 3), (Some(Label("A")), Score(10)));
    let wide = Tree { margin: Some(600), ..Tree::new(&FUTILE, 2) };
    assert_eq!(best(&wide, 3), (Some(Label("B")), Score(50)));
}

/// Four seats. X → seat 1 picks {+100, −50} for seat 0; Y → seat 1 has
/// only +10; W → seat 0 wins at once… but only in the second table.
const PARANOID_TAIL: [Node; 7] = [
    Node::End { seat: 2, winner: None },
    Node::Decide { seat: 1, children: &[("p", 4, false), ("q", 5, false)], eval: [0; 4] },
    Node::Decide { seat: 1, children: &[("r", 6, false)], eval: [0; 4] },
    Node::Decide { seat: 2, children: &[("pass", 1, false)], eval: [100, 0, 0, 0] },
    Node::Decide { seat: 2, children: &[("pass", 1, false)], eval: [-50, 0, 0, 0] },
    Node::Decide { seat: 2, children: &[("pass", 1, false)], eval: [10, 0, 0, 0] },
    Node::End { seat: 1, winner: Some(0) },
];

/// `root` (its inputs leading to nodes 1 to 7) and then [`PARANOID_TAIL`].
const fn paranoid(root: Node) -> [Node; 8] {
    let mut t = [root; 8];
    let mut i = 0;
    while i < PARANOID_TAIL.len() {
        t[i + 1] = PARANOID_TAIL[i];
        i += 1;
    }
    t
}

static PARANOID: [Node; 8] =
    paranoid(Node::Decide { seat: 0, children: &[("X", 2, false), ("Y", 3, false)], eval: [0; 4] });

static PARANOID_WIN: [Node; 8] = paranoid(Node::Decide {
    seat: 0,
    children: &[("X", 2, false), ("Y", 3, false), ("W", 7, true)],
    eval: [0; 4],
});

#[test]
fn four_seats_search_is_paranoid() {
    // Max-n would let seat 1 pick by its own (here indifferent) score; the
    // paranoid search assumes it hurts seat 0: X is worth −50, Y 10.
    assert_eq!(best(&Tree::new(&PARANOID, 4), 2), (Some(Label("Y")), Score(10)));
    assert_eq!(best(&Tree::new(&PARANOID_WIN, 4), 2), (Some(Label("W")), Score::win_in(1)));
    // Seat 1 to move, coalition of seats 0, 2, 3 against it.
    let at2 = Tree { at: 2, ..Tree::new(&PARANOID, 4) };
    let r = searcher::<Tree>().search(&at2, &Limits::depth(1));
    // Seat 1's evaluation is 0 everywhere: both replies are worth 0 to it.
    assert_eq!((r.best, r.score), (Some(Label("p")), Score(0)));
}

// ------------------------------------------------------------ determinism, limits

fn long_game() -> Hashy {
    Hashy::new(HashyRules {
        seed: 77,
        seats: 2,
        chance: true,
        extra: true,
        max_ply: 200,
        width: 1 << 20,
        ..HashyRules::default()
    })
}

#[test]
fn results_are_deterministic_for_fixed_limits() {
    for limits in [Limits::depth(5), Limits::nodes(20_000), Limits::depth(4).with_multipv(2)] {
        let a = searcher::<Hashy>().search(&long_game(), &limits);
        let b = searcher::<Hashy>().search(&long_game(), &limits);
        assert_eq!(
            (a.best, a.score, a.depth, a.nodes, &a.lines),
            (b.best, b.score, b.depth, b.nodes, &b.lines)
        );
        assert!(a.nodes > 0);
    }
    let mut rng = StdRng::seed_from_u64(6);
    for _ in 0..30 {
        let pos = random_position(&mut rng, 4);
        let a = searcher::<Hashy>().search(&pos, &Limits::depth(4));
        let b = searcher::<Hashy>().search(&pos, &Limits::depth(4));
        assert_eq!((a.best, a.score, a.nodes, &a.lines), (b.best, b.score, b.nodes, &b.lines));
    }
}

#[test]
fn node_limit_is_honoured() {
    let r = searcher::<Hashy>().search(&long_game(), &Limits::nodes(5_000));
    assert!(r.nodes <= 5_000, "{}", r.nodes);
    assert!(r.stopped);
    assert!(r.depth >= 1);
    assert!(r.best.is_some());
}

#[test]
fn stop_flag_set_before_the_search_returns_a_legal_move_at_once() {
    let s = searcher::<Hashy>();
    let flag = s.stop_flag();
    let mut s = s;
    flag.store(true, Ordering::Relaxed);
    let pos = long_game();
    let r = s.search(&pos, &Limits::default());
    assert!(r.stopped);
    assert_eq!(r.depth, 0);
    assert!(r.best.is_some_and(|mv| pos.is_legal(mv)));
    assert!(r.nodes < 1_000);
}

#[test]
fn stop_flag_from_another_thread_ends_an_infinite_search() {
    let flag = Arc::new(AtomicBool::new(false));
    let mut s = Searcher::<Hashy>::with_stop_flag(small(), Arc::clone(&flag));
    let stopper = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(150));
            flag.store(true, Ordering::Relaxed);
        })
    };
    let start = Instant::now();
    let mut depths = Vec::new();
    let r = s.search_with(&long_game(), &Limits::default(), |info| depths.push(info.depth));
    stopper.join().expect("stopper thread");
    assert!(start.elapsed() < Duration::from_secs(20), "stopped late: {:?}", start.elapsed());
    assert!(r.depth >= 1 && r.depth < Limits::MAX_DEPTH);
    assert_eq!(depths, (1..=r.depth).collect::<Vec<_>>());
    assert!(r.best.is_some());
}

#[test]
fn time_limit_is_honoured() {
    let start = Instant::now();
    let r = searcher::<Hashy>().search(&long_game(), &Limits::time_ms(100));
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    assert!(r.depth >= 1);
    assert!(r.best.is_some());
}

#[test]
fn info_callback_streams_every_depth() {
    let mut infos = Vec::new();
    let r = searcher::<Hashy>().search_with(&long_game(), &Limits::depth(5).with_multipv(2), |i| {
        infos.push(i.clone());
    });
    assert_eq!(infos.iter().map(|i| i.depth).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    assert!(infos.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    let last = infos.last().expect("infos");
    assert_eq!(last.lines, r.lines);
    assert!(last.lines.iter().all(|l| !l.moves.is_empty()));
    assert!(r.lines.len() == 2);
    assert!(r.seldepth >= 5);
    assert!(r.score.0.abs() < WIN);
}

/// Seat 1 answers `go` with an `attack` whose engagement (a chance node met
/// in quiescence) leaves seat 0 at +200 or +300 by its stand pat either way,
/// with captures still to follow; standing pat, seat 1 is at −100.
static DECIDED_ENGAGEMENT: [Node; 8] = [
    Node::Decide { seat: 0, children: &[("safe", 2, false), ("go", 3, false)], eval: [0; 4] },
    Node::End { seat: 0, winner: None },
    leaf(1, 50),
    Node::Decide { seat: 1, children: &[("attack", 4, true)], eval: [100, -100, 0, 0] },
    Node::Chance { seat: 1, children: &[("hit", 5, 0.5), ("miss", 6, 0.5)] },
    Node::Decide { seat: 0, children: &[("grab", 7, true)], eval: [200, -200, 0, 0] },
    Node::Decide { seat: 0, children: &[("grab", 7, true)], eval: [300, -300, 0, 0] },
    leaf(1, 1000),
];

#[test]
fn quiescence_chance_nodes_cut_on_their_resolutions_stand_pats() {
    // Quiescence never returns less than a node's stand pat, so the
    // engagement is worth at most −250 to seat 1, below the −100 it has by
    // standing pat: the chance node is decided without entering either
    // resolution (ply 3), and the value is the plain one.
    let r = searcher::<Tree>().search(&Tree::new(&DECIDED_ENGAGEMENT, 2), &Limits::depth(1));
    assert_eq!((r.best, r.score), (Some(Label("go")), Score(100)));
    assert_eq!(r.seldepth, 2, "a resolution was searched");
    // Where they matter, the resolutions are searched: from the engagement
    // itself, seat 0 grabs after either outcome (+1000 for it).
    let at_engagement = Tree { at: 4, ..Tree::new(&DECIDED_ENGAGEMENT, 2) };
    let r = searcher::<Tree>().search(&at_engagement, &Limits::depth(1));
    assert_eq!(r.score, Score(-1000));
}
