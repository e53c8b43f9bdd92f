//! `motley uci` as a GUI or a tournament manager drives it: a process fed
//! through a pipe, with pauses, read line by line with bounded waits.
//! Commands sent during a search, `stop`, `ponderhit`, `go perft`,
//! `searchmoves`, the end of the game and the end of the input.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// A running `motley uci`.
struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_motley"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("run motley uci");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines, seen: Vec::new() }
    }

    fn send(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(format!("{text}\n").as_bytes()).expect("write to the engine");
        stdin.flush().expect("flush");
    }

    /// Reads lines until one satisfies `want`, within `limit`; returns it.
    fn expect(&mut self, want: impl Fn(&str) -> bool, limit: Duration) -> String {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if want(&line) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no such line within {limit:?}; seen:\n{:#?}", self.seen)
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the engine closed its output; seen:\n{:#?}", self.seen)
                }
            }
        }
    }

    fn bestmove(&mut self, limit: Duration) -> String {
        let line = self.expect(|l| l.starts_with("bestmove "), limit);
        line["bestmove ".len()..].to_owned()
    }

    /// Asserts no line satisfying `unwanted` comes within `wait`.
    fn quiet(&mut self, unwanted: impl Fn(&str) -> bool, wait: Duration) {
        let deadline = Instant::now() + wait;
        while let Ok(line) = self.lines.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            assert!(!unwanted(&line), "unexpected `{line}`; seen:\n{:#?}", self.seen);
            self.seen.push(line);
        }
    }

    /// Closes the input (end of input).
    fn close(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to exit within `limit`; returns its code.
    fn exits_within(&mut self, limit: Duration) -> i32 {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code().expect("an exit code");
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("motley uci still running after {limit:?}; seen:\n{:#?}", self.seen);
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const SHORT: Duration = Duration::from_secs(5);

#[test]
fn a_plain_go_searches_until_stop_and_queued_commands_wait_for_its_bestmove() {
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect(|l| l == "uciok", SHORT);
    engine.send("position startpos");
    engine.send("go");
    std::thread::sleep(Duration::from_millis(500));
    // Queued behind the search; `isready` and `stop` are answered at once.
    engine.send("ucinewgame");
    engine.send("isready");
    engine.expect(|l| l == "readyok", SHORT);
    engine.quiet(|l| l.starts_with("bestmove"), Duration::from_millis(300));
    engine.send("stop");
    let best = engine.bestmove(SHORT);
    assert_ne!(best, "(none)");
    engine.send("isready");
    engine.expect(|l| l == "readyok", SHORT);
    engine.send("quit");
    assert_eq!(engine.exits_within(SHORT), 0);
}

#[test]
fn the_end_of_the_input_stops_the_search_and_ends_the_process() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("ucinewgame");
    engine.close();
    engine.bestmove(SHORT);
    assert_eq!(engine.exits_within(SHORT), 0);

    // A long limited search, too.
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go movetime 60000");
    std::thread::sleep(Duration::from_millis(200));
    engine.close();
    engine.bestmove(SHORT);
    assert_eq!(engine.exits_within(SHORT), 0);
}

#[test]
fn quit_during_a_search_ends_the_process_at_once() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go nodes 500000000");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("position startpos moves k1l3");
    engine.send("quit");
    engine.bestmove(SHORT);
    assert_eq!(engine.exits_within(SHORT), 0);
}

#[test]
fn position_during_a_search_is_applied_after_its_bestmove() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value joker");
    engine.send("position startpos");
    engine.send("go movetime 60000");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("position startpos moves e2e4");
    engine.send("d");
    engine.send("isready");
    engine.expect(|l| l == "readyok", SHORT);
    engine.send("stop");
    engine.bestmove(SHORT);
    let shown = engine.expect(|l| l.starts_with("info string variant joker fen "), SHORT);
    assert!(shown.contains("/4P3/"), "{shown}");
    engine.send("quit");
    assert_eq!(engine.exits_within(SHORT), 0);
}

#[test]
fn ponder_holds_its_bestmove_until_ponderhit_then_keeps_the_time_limit() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value joker");
    engine.send("position startpos moves e2e4");
    engine.send("go ponder movetime 300");
    engine.send("isready");
    engine.expect(|l| l == "readyok", SHORT);
    // Pondering ignores the time limit.
    engine.quiet(|l| l.starts_with("bestmove"), Duration::from_millis(800));
    let hit = Instant::now();
    engine.send("ponderhit");
    engine.bestmove(SHORT);
    let after = hit.elapsed();
    assert!(after >= Duration::from_millis(250), "{after:?}");

    // Stop during ponder answers too.
    engine.send("go ponder wtime 60000 btime 60000");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("stop");
    engine.bestmove(SHORT);
    engine.send("quit");
    assert_eq!(engine.exits_within(SHORT), 0);
}

#[test]
fn go_perft_can_be_stopped_and_counts_depth_0_as_1() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value joker");
    engine.send("position startpos");
    engine.send("go perft 0");
    engine.expect(|l| l == "nodes 1", SHORT);
    engine.send("go perft 2");
    engine.expect(|l| l == "nodes 400", SHORT);
    engine.send("go perft 7");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("isready");
    engine.expect(|l| l == "readyok", SHORT);
    engine.send("stop");
    engine.expect(|l| l.starts_with("info string perft stopped"), Duration::from_secs(20));
    engine.send("go perft 7");
    std::thread::sleep(Duration::from_millis(300));
    engine.send("quit");
    assert_eq!(engine.exits_within(Duration::from_secs(20)), 0);
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut engine = Engine::start();
    engine.send("setoption name UCI_Variant value joker");
    engine.send("position startpos");
    engine.send("go depth 3 searchmoves h2h3");
    assert_eq!(engine.bestmove(SHORT), "h2h3");
    engine.send("go searchmoves a2a3 h2h3 depth 2");
    let best = engine.bestmove(SHORT);
    assert!(best == "a2a3" || best == "h2h3", "{best}");
    engine.send("go depth 2 searchmoves e2e5");
    engine.expect(
        |l| l.starts_with("info string error: invalid move `e2e5`") && l.ends_with(", go searchmoves"),
        SHORT,
    );
    engine.send("quit");
    assert_eq!(engine.exits_within(SHORT), 0);
}

#[test]
fn inputs_after_the_end_of_the_game_are_refused_as_the_command_line_refuses_them() {
    let shuffle = "k1l3 k16l14 l3k1 l14k16";
    let moves = [shuffle; 4].join(" ");
    let mut engine = Engine::start();
    engine.send(&format!("position startpos moves {moves} k1l3"));
    let error = engine.expect(|l| l.starts_with("info string error:"), SHORT);
    let list = [shuffle; 4].join(",") + ",k1l3";
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(["play", "sovereign", "--moves", &list])
        .output()
        .expect("run motley");
    let cli = String::from_utf8(out.stderr).expect("UTF-8");
    let why = cli.trim().strip_prefix("error: ").expect("an error").split(", move ").next().expect("what");
    assert!(error.contains(why), "UCI: {error}\nCLI: {cli}");
    assert!(error.contains("the game is over (draw (repetition))"), "{error}");
    assert!(error.ends_with(", move 17 of position"), "{error}");
    engine.send("quit");
    assert_eq!(engine.exits_within(SHORT), 0);
}

#[test]
fn limits_are_checked_as_every_front_end_checks_them() {
    let mut engine = Engine::start();
    engine.send("go depth 99999");
    let error = engine.expect(|l| l.starts_with("info string error:"), SHORT);
    assert_eq!(error, "info string error: depth must be a whole number from 1 to 64, not `99999`, go depth");
    engine.send("setoption name Threads value 0");
    let error = engine.expect(|l| l.starts_with("info string error:"), SHORT);
    assert_eq!(
        error,
        "info string error: threads must be a whole number from 1 to 256, not `0`, setoption Threads"
    );
    engine.send("quit");
    assert_eq!(engine.exits_within(SHORT), 0);
}
