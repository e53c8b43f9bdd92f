//! Lazy SMP (`SearchConfig::threads` above 1): several threads sharing the
//! transposition table still find the plain minimax/expectimax value of the
//! depth-limited tree and a legal best input, stop on time, on the stop flag
//! and on a node limit, and never deadlock.
#![cfg(feature = "search")]

mod search_toys;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use motley_core::Position;
use motley_core::search::{Evaluate, Limits, Score, SearchConfig, Searcher};
use rand::SeedableRng;
use rand::rngs::StdRng;
use search_toys::{
    Hashy, HashyRules, Nim, Take, random_rules, random_walk, reference_after, reference_for_mover,
};

fn threads(n: usize) -> SearchConfig {
    SearchConfig { hash_mb: 1, threads: n, ..SearchConfig::default() }
}

/// A position a few random inputs into a random game with transpositions
/// (the ply is part of a Hashy state, so a value never depends on where
/// a position recurs).
fn random_position(rng: &mut StdRng, seats: u8) -> Hashy {
    random_walk(Hashy::new(HashyRules { loss_aversion: 100, ..random_rules(rng, seats) }), rng)
}

/// The table only cuts on entries of exactly the remaining depth, whoever
/// stored them, so N threads score every depth as plain minimax does, and
/// the best input is worth that score.
#[test]
fn several_threads_equal_plain_minimax_and_play_a_legal_best_input() {
    let qmax = <Hashy as Evaluate>::PROFILE.quiescence_plies;
    let mut rng = StdRng::seed_from_u64(16);
    let mut compared = 0;
    for i in 0..40 {
        let seats = if i % 4 == 3 { 4 } else { 2 };
        let pos = random_position(&mut rng, seats);
        if pos.legal_moves().is_empty() {
            continue;
        }
        for n in [2, 3] {
            // One searcher over the depths: the table carries over, as in play.
            let mut searcher = Searcher::<Hashy>::new(threads(n));
            for depth in 1..=5 {
                let want = reference_for_mover(&pos, depth, qmax);
                let got = searcher.search(&pos, &Limits::depth(depth));
                assert_eq!(got.score, Score(want), "position {i} {pos} threads {n} depth {depth}");
                assert_eq!(got.depth, depth);
                let best = got.best.expect("a best input");
                assert!(pos.legal_moves().contains(&best), "position {i}: {best} is not legal");
                if pos.chance().is_none() {
                    let v = reference_after(&pos, best, depth, qmax);
                    assert_eq!(v, want, "best input of position {i}, threads {n}, depth {depth}");
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 100, "too few comparisons: {compared}");
}

#[test]
fn one_thread_is_the_single_threaded_search_bit_for_bit() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..10 {
        let pos = random_position(&mut rng, 2);
        let a = Searcher::<Hashy>::new(threads(1)).search(&pos, &Limits::depth(5));
        let b = Searcher::<Hashy>::new(SearchConfig { hash_mb: 1, ..SearchConfig::default() })
            .search(&pos, &Limits::depth(5));
        assert_eq!((a.best, a.score, a.nodes, a.lines), (b.best, b.score, b.nodes, b.lines));
    }
}

#[test]
fn forced_wins_are_found_with_threads() {
    let r = Searcher::<Nim>::new(threads(4)).search(&Nim::new(5), &Limits::depth(3));
    assert_eq!((r.best, r.score), (Some(Take(1)), Score::win_in(3)));
}

/// Time, node and stop-flag limits end the search of every thread: helpers
/// search without limits until the main thread is done, so a missed stop
/// would hang here.
#[test]
fn threads_stop_on_time_nodes_and_the_stop_flag() {
    let pos = Hashy::new(HashyRules { max_ply: 200, width: 1 << 40, branch: 6, ..HashyRules::default() });
    let t0 = Instant::now();
    let r = Searcher::<Hashy>::new(threads(3)).search(&pos, &Limits::time_ms(100));
    assert!(t0.elapsed() < Duration::from_secs(5), "{:?}", t0.elapsed());
    assert!(r.best.is_some_and(|m| pos.legal_moves().contains(&m)));

    let r = Searcher::<Hashy>::new(threads(2)).search(&pos, &Limits::nodes(20_000));
    assert!(r.best.is_some());
    assert!(r.nodes >= 20_000, "every thread's nodes count: {}", r.nodes);

    let stop = Arc::new(AtomicBool::new(false));
    let mut searcher = Searcher::<Hashy>::with_stop_flag(threads(2), Arc::clone(&stop));
    let flag = Arc::clone(&stop);
    let t0 = Instant::now();
    let r = std::thread::scope(|s| {
        s.spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            flag.store(true, Ordering::Relaxed);
        });
        searcher.search(&pos, &Limits::default())
    });
    assert!(t0.elapsed() < Duration::from_secs(5), "{:?}", t0.elapsed());
    assert!(r.stopped && r.best.is_some());
    // The searcher, cleared or not, searches again.
    stop.store(false, Ordering::Relaxed);
    searcher.clear();
    assert_eq!(searcher.search(&pos, &Limits::depth(2)).depth, 2);
}

/// A helper may complete the last iteration before the calling thread and
/// end the search with its result: whoever finishes, the result is of the
/// asked depth, and the last streamed iteration is the result's.
#[test]
fn the_last_streamed_iteration_is_the_result_whichever_thread_finished() {
    let qmax = <Hashy as Evaluate>::PROFILE.quiescence_plies;
    let mut rng = StdRng::seed_from_u64(19);
    for i in 0..30 {
        let pos = random_position(&mut rng, 2);
        if pos.legal_moves().is_empty() {
            continue;
        }
        let depth = 4 + i % 3;
        let mut last = None;
        let r = Searcher::<Hashy>::new(threads(2))
            .search_with(&pos, &Limits::depth(depth), |info| last = Some((info.depth, info.lines.clone())));
        assert_eq!(r.depth, depth, "position {i}");
        assert!(!r.stopped, "position {i}: a finished search is not stopped");
        assert_eq!(r.score, Score(reference_for_mover(&pos, depth, qmax)), "position {i}");
        assert_eq!(last, Some((depth, r.lines.clone())), "position {i}");
    }
}
