//! [`Session`]: searches whose lifetime the caller controls (stop, ponder,
//! ponder hit, drop), the root restricted to some inputs, and perft counts
//! that can be stopped.
#![cfg(feature = "search")]

mod search_toys;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use motley_core::history::DrawRules;
use motley_core::search::{Limits, SearchResult};
use motley_core::session::{Go, GoMode, Running, Session};
use motley_core::{PerftMode, Position};
use search_toys::{Hashy, HashyRules, Nim, Take};

/// A deep game: no search of it ends by itself within a test.
fn deep() -> Session<Hashy> {
    let rules = HashyRules {
        max_ply: 400,
        width: 1 << 40,
        end_one_in: 1 << 40,
        chance: false,
        extra: false,
        ..HashyRules::default()
    };
    Session::new(Hashy::new(rules), DrawRules::NONE)
}

/// Where a started search's result arrives.
type Done<M> = Receiver<Option<SearchResult<M>>>;

/// Starts `go` on `session`; returns the handle, the number of `info`
/// calls so far and the channel of its result.
fn start<P: motley_core::search::Evaluate>(
    session: &Session<P>,
    go: Go<P::Move>,
) -> (Running, Receiver<u32>, Done<P::Move>) {
    let (info_tx, infos) = channel();
    let (done_tx, done) = channel();
    let running = session.start(
        go,
        move |info| {
            let _ = info_tx.send(info.depth);
        },
        move |result| {
            let _ = done_tx.send(result);
        },
    );
    (running, infos, done)
}

const LONG: Duration = Duration::from_secs(10);

#[test]
fn an_infinite_search_runs_until_stop_and_reports_every_depth() {
    let session = deep();
    let go = Go { limits: Limits::default(), root_moves: Vec::new(), mode: GoMode::Infinite };
    let (running, infos, done) = start(&session, go);
    assert_eq!(infos.recv_timeout(LONG), Ok(1));
    assert!(done.recv_timeout(Duration::from_millis(300)).is_err(), "ended before stop");
    running.stop();
    let result = done.recv_timeout(LONG).expect("a result after stop").expect("a game to search");
    assert!(result.stopped && result.best.is_some());
    let depths: Vec<u32> = infos.try_iter().collect();
    assert_eq!(depths.last().copied().unwrap_or(1), result.depth, "{depths:?}");
    running.wait();
}

#[test]
fn an_infinite_search_that_ends_by_itself_holds_its_result_until_stop() {
    let session = Session::new(Nim::new(5), DrawRules::NONE);
    let go = Go { limits: Limits::default(), root_moves: Vec::new(), mode: GoMode::Infinite };
    let (running, _, done) = start(&session, go);
    assert!(done.recv_timeout(Duration::from_millis(300)).is_err(), "gave its result before stop");
    running.stop();
    let result = done.recv_timeout(LONG).expect("a result").expect("a game");
    assert_eq!(result.best, Some(Take(1)), "five stones: take one, leave four");
    assert!(result.score.is_win());
}

#[test]
fn ponder_ignores_the_time_limit_until_the_hit_then_keeps_it() {
    let session = deep();
    let go = Go { limits: Limits::time_ms(200), root_moves: Vec::new(), mode: GoMode::Ponder };
    let (running, _, done) = start(&session, go);
    assert!(done.recv_timeout(Duration::from_millis(600)).is_err(), "the ponder search stopped by its time");
    let hit = Instant::now();
    running.ponderhit();
    let result = done.recv_timeout(LONG).expect("a result after the time limit").expect("a game");
    let after = hit.elapsed();
    assert!(after >= Duration::from_millis(150) && after < Duration::from_secs(5), "{after:?}");
    assert!(result.best.is_some());
}

#[test]
fn a_ponder_search_that_ended_gives_its_result_at_the_hit() {
    let session = Session::new(Nim::new(6), DrawRules::NONE);
    let go = Go { limits: Limits::depth(4), root_moves: Vec::new(), mode: GoMode::Ponder };
    let (running, _, done) = start(&session, go);
    assert!(done.recv_timeout(Duration::from_millis(300)).is_err(), "gave its result while pondering");
    running.ponderhit();
    let result = done.recv_timeout(LONG).expect("a result at the hit").expect("a game");
    assert_eq!(result.depth, 4);
    // Stop releases a ponder search too.
    let go = Go { limits: Limits::depth(4), root_moves: Vec::new(), mode: GoMode::Ponder };
    let (running, _, done) = start(&session, go);
    running.stop();
    assert!(done.recv_timeout(LONG).is_ok());
}

#[test]
fn dropping_the_handle_stops_the_search_and_still_reports_it() {
    let session = deep();
    let (running, infos, done) = start(&session, Go::limited(Limits::time_ms(60_000)));
    assert_eq!(infos.recv_timeout(LONG), Ok(1));
    let dropped = Instant::now();
    drop(running);
    assert!(dropped.elapsed() < Duration::from_secs(2), "{:?}", dropped.elapsed());
    let result = done.try_recv().expect("on_done ran before the drop returned").expect("a game");
    assert!(result.stopped);
}

#[test]
fn the_root_can_be_restricted_to_some_inputs() {
    let session = Session::new(Nim::new(7), DrawRules::NONE);
    let stop = Arc::new(AtomicBool::new(false));
    let free = session.search(&Limits::depth(8), &[], Arc::clone(&stop), |_| {}).expect("a game");
    assert_eq!(free.best, Some(Take(3)), "seven stones: leave four");
    for only in [Take(1), Take(2)] {
        let r = session.search(&Limits::depth(8), &[only], Arc::clone(&stop), |_| {}).expect("a game");
        assert_eq!(r.best, Some(only));
        assert!(r.score.is_loss(), "every other input loses: {:?}", r.score);
    }
    // An input that is not legal there restricts nothing.
    let r = session.search(&Limits::depth(8), &[Take(9)], stop, |_| {}).expect("a game");
    assert_eq!(r.best, Some(Take(3)));
}

#[test]
fn a_search_stopped_before_depth_1_answers_with_depth_1() {
    let session = deep();
    let stop = Arc::new(AtomicBool::new(true));
    let mut infos = Vec::new();
    let r = session.search(&Limits::default(), &[], stop, |i| infos.push(i.depth)).expect("a game");
    assert_eq!((r.depth, r.stopped), (1, true));
    assert_eq!(infos, [1]);
}

#[test]
fn perft_counts_root_by_root_and_can_be_stopped() {
    let session = Session::new(Nim::new(10), DrawRules::NONE);
    let pos = session.position().clone();
    let go_on = AtomicBool::new(false);
    assert_eq!(session.perft(0, PerftMode::Decision, &go_on, |_, _| unreachable!()).nodes, 1);
    for depth in 1..=6 {
        let mut roots = Vec::new();
        let count = session.perft(depth, PerftMode::Decision, &go_on, |mv, n| roots.push((mv, n)));
        assert!(count.complete);
        assert_eq!(count.nodes, pos.perft(depth, PerftMode::Decision), "depth {depth}");
        assert_eq!(roots, pos.divide(depth, PerftMode::Decision), "depth {depth}");
    }
    let stopped = AtomicBool::new(true);
    let count = session.perft(5, PerftMode::Decision, &stopped, |_, _| unreachable!());
    assert_eq!((count.nodes, count.complete), (0, false));

    let (done_tx, done) = channel();
    let running = session.start_perft(
        4,
        PerftMode::Decision,
        |_, _| {},
        move |c| {
            let _ = done_tx.send(c);
        },
    );
    let count = done.recv_timeout(LONG).expect("a count");
    assert_eq!(count.nodes, pos.perft(4, PerftMode::Decision));
    running.wait();
}
