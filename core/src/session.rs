//! [`Session`]: a game as a front end holds it, and the work it runs on it.
//!
//! Every front end of Motley — the command line, the UCI engine, the HTTP
//! API — does the same few things with a game: build it from a position
//! string and a list of input tokens, list and play inputs, count perft, and
//! search with limits, streaming what each completed depth found. A
//! `Session` does them once, for any variant, so the front ends only parse
//! their own syntax and print their own documents.
//!
//! Searches and perft counts run on a thread of their own through
//! [`Session::start`] and [`Session::start_perft`]: the caller gets a
//! [`Running`] handle that stops the work, answers a ponder hit, and stops
//! it when dropped, so no search outlives the client that asked for it.
//! [`Session::search`] is the same search on the calling thread.
//!
//! ```
//! use std::sync::Arc;
//! use std::sync::atomic::AtomicBool;
//! # use motley_core::search::{Evaluate, Limits};
//! # use motley_core::session::Session;
//! # use motley_core::{Outcome, Position, Seat};
//! # #[derive(Clone, Debug, PartialEq)]
//! # struct Nim { stones: u8, turn: u8 }
//! # impl core::fmt::Display for Nim {
//! #     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { write!(f, "{}", self.stones) }
//! # }
//! # impl Position for Nim {
//! #     type Move = u8;
//! #     type MoveList = Vec<u8>;
//! #     type ParseError = core::num::ParseIntError;
//! #     type MoveError = core::num::ParseIntError;
//! #     const VARIANT: &'static str = "nim";
//! #     fn start() -> Self { Nim { stones: 7, turn: 0 } }
//! #     fn from_fen(t: &str) -> Result<Self, Self::ParseError> { t.parse().map(|stones| Nim { stones, turn: 0 }) }
//! #     fn seat_count(&self) -> usize { 2 }
//! #     fn seat_name(&self, s: Seat) -> &'static str { ["one", "two"][s.index()] }
//! #     fn turn(&self) -> Seat { Seat(self.turn) }
//! #     fn legal_moves(&self) -> Vec<u8> { (1..=self.stones.min(2)).collect() }
//! #     fn play_unchecked(&mut self, m: u8) { self.stones -= m; self.turn ^= 1 }
//! #     fn parse_move(&self, t: &str) -> Result<u8, Self::MoveError> { t.parse() }
//! #     fn outcome(&self) -> Option<Outcome> {
//! #         (self.stones == 0).then(|| Outcome::win(Seat(self.turn ^ 1), 2, "last-stone"))
//! #     }
//! #     fn zobrist(&self) -> u64 { u64::from(self.stones) << 1 | u64::from(self.turn) }
//! # }
//! # impl Evaluate for Nim {
//! #     fn evaluate(&self, _: Seat) -> i32 { 0 }
//! # }
//! // Nim: take one or two stones; whoever takes the last one wins.
//! let mut session = Session::<Nim>::from_fen(Some("5"), Nim::DRAW_RULES)?;
//! session.play("1")?;
//! assert_eq!(session.position().fen(), "4");
//! assert!(session.play("3").is_err());
//!
//! let stop = Arc::new(AtomicBool::new(false));
//! let result = session.search(&Limits::depth(6), &[], stop, |_| {}).expect("a game to search");
//! assert_eq!(result.best, Some(1)); // leave three stones
//! assert!(result.score.is_win());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::game::{PerftMode, Position};
use crate::history::{DrawRules, History};
use crate::search::{Evaluate, Limits, SearchConfig, SearchInfo, SearchResult, Searcher};

/// Why an input token cannot be played.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum InputError {
    /// The game is over (by the position or by a history draw); the text
    /// names the result.
    #[error("the game is over ({0})")]
    GameOver(String),
    /// The token is empty.
    #[error("empty move")]
    Empty,
    /// The variant cannot read the token (its parser's message).
    #[error("{0}")]
    Unreadable(String),
    /// The token reads as an input that is not legal here.
    #[error("not legal here")]
    NotLegal,
}

/// An input of a list that cannot be played ([`Session::play_all`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("input {number} (`{token}`): {error}")]
pub struct PlayError {
    /// Its 1-based place in the list.
    pub number: usize,
    /// The token as given.
    pub token: String,
    /// Why it cannot be played.
    pub error: InputError,
}

/// A game for front ends: the start, the inputs played since, the history
/// draws in force, and the search configuration its searches use.
#[derive(Clone, Debug)]
pub struct Session<P: Position> {
    game: History<P>,
    config: SearchConfig,
}

impl<P: Position> Session<P> {
    /// A game from `start` under `rules`, searched with the default
    /// [`SearchConfig`].
    #[must_use]
    pub fn new(start: P, rules: DrawRules) -> Self {
        Session { game: History::new(start, rules), config: SearchConfig::default() }
    }

    /// A game from the position string `fen` (the variant's start position
    /// for `None`) under `rules`.
    ///
    /// # Errors
    /// The variant's error for a malformed or invalid position string.
    pub fn from_fen(fen: Option<&str>, rules: DrawRules) -> Result<Self, P::ParseError> {
        let start = match fen {
            Some(text) => P::from_fen(text)?,
            None => P::start(),
        };
        Ok(Session::new(start, rules))
    }

    /// The game: its current position, inputs, keys and result.
    #[must_use]
    pub fn game(&self) -> &History<P> {
        &self.game
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &P {
        self.game.position()
    }

    /// The search configuration (threads, table size, variant switches).
    #[must_use]
    pub fn config(&self) -> SearchConfig {
        self.config
    }

    /// Sets the search configuration of later searches.
    pub fn set_config(&mut self, config: SearchConfig) {
        self.config = config;
    }

    /// Reads `token` as a legal input of the current position. Once the game
    /// is over every token is refused with the result.
    ///
    /// # Errors
    /// [`InputError`] saying why the token cannot be played.
    pub fn parse_input(&self, token: &str) -> Result<P::Move, InputError> {
        let pos = self.game.position();
        if let Some(outcome) = self.game.outcome() {
            return Err(InputError::GameOver(pos.outcome_text(&outcome)));
        }
        if token.is_empty() {
            return Err(InputError::Empty);
        }
        let mv = pos.parse_move(token).map_err(|e| InputError::Unreadable(e.to_string()))?;
        if pos.is_legal(mv) { Ok(mv) } else { Err(InputError::NotLegal) }
    }

    /// Plays `token` (see [`Session::parse_input`]).
    ///
    /// # Errors
    /// As [`Session::parse_input`]; the game is unchanged.
    pub fn play(&mut self, token: &str) -> Result<P::Move, InputError> {
        let mv = self.parse_input(token)?;
        self.game.play(mv);
        Ok(mv)
    }

    /// Plays every token in order.
    ///
    /// # Errors
    /// [`PlayError`] for the first token that cannot be played; the tokens
    /// before it stay played.
    pub fn play_all<'a>(&mut self, tokens: impl IntoIterator<Item = &'a str>) -> Result<(), PlayError> {
        for (i, token) in tokens.into_iter().enumerate() {
            self.play(token).map_err(|error| PlayError { number: i + 1, token: token.to_owned(), error })?;
        }
        Ok(())
    }

    /// Counts perft `depth` of the current position root input by root input
    /// ([`Position::perft_roots`], each with [`Position::perft_after`]),
    /// calling `on_root` with each count, and checking `stop` between two
    /// root inputs. Depth 0 counts the position itself: 1 node.
    pub fn perft(
        &self,
        depth: u32,
        mode: PerftMode,
        stop: &AtomicBool,
        mut on_root: impl FnMut(P::Move, u64),
    ) -> PerftCount {
        let pos = self.game.position();
        if depth == 0 {
            return PerftCount { nodes: pos.perft(0, mode), complete: true };
        }
        let mut nodes = 0;
        for mv in pos.perft_roots(mode) {
            if stop.load(Ordering::Relaxed) {
                return PerftCount { nodes, complete: false };
            }
            let n = pos.perft_after(mv, depth, mode);
            on_root(mv, n);
            nodes += n;
        }
        PerftCount { nodes, complete: true }
    }

    /// [`Session::perft`] on a thread of its own; `on_done` gets the count
    /// (incomplete if stopped). The handle stops it between two root inputs.
    pub fn start_perft(
        &self,
        depth: u32,
        mode: PerftMode,
        on_root: impl FnMut(P::Move, u64) + Send + 'static,
        on_done: impl FnOnce(PerftCount) + Send + 'static,
    ) -> Running {
        let session = self.clone();
        Running::spawn(Hold::None, None, move |stop| {
            let count = session.perft(depth, mode, &stop, on_root);
            move || on_done(count)
        })
    }
}

/// What [`Session::perft`] counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PerftCount {
    /// Leaves counted (of the root inputs done, if stopped).
    pub nodes: u64,
    /// Whether every root input was counted.
    pub complete: bool,
}

/// How a search started by [`Session::start`] ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum GoMode {
    /// By its limits or [`Running::stop`]: `on_done` is called at once.
    #[default]
    Limited,
    /// Only by [`Running::stop`]: a search that ends sooner (all depths
    /// searched, a forced result) holds its result until then (UCI's `go
    /// infinite`).
    Infinite,
    /// Pondering (UCI's `go ponder`): the search runs without its time limit
    /// and holds its result until [`Running::ponderhit`] or
    /// [`Running::stop`]. After the ponder hit it goes on as a limited
    /// search whose time limit counts from the hit.
    Ponder,
}

/// A search request of [`Session::start`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Go<M> {
    /// The limits (see [`crate::search::LimitKind`] for their bounds).
    pub limits: Limits,
    /// The root inputs the search may play (UCI's `searchmoves`); empty:
    /// every legal input.
    pub root_moves: Vec<M>,
    /// How the search ends.
    pub mode: GoMode,
}

impl<M> Go<M> {
    /// A limited search of every root input.
    #[must_use]
    pub fn limited(limits: Limits) -> Self {
        Go { limits, root_moves: Vec::new(), mode: GoMode::Limited }
    }
}

impl<P: Evaluate> Session<P> {
    /// Searches the current position on this thread within `limits`, the
    /// root restricted to `root_moves` (empty: every input), calling
    /// `on_info` after every completed depth; `stop` ends it early (set from
    /// another thread). `None` when the game is drawn by its history (there
    /// is nothing to search); a position that is over by its own rules
    /// returns its result with no best input.
    ///
    /// Never answers with less than a depth-1 search: when a limit or `stop`
    /// ends the search before depth 1 completes, a depth-1 search (which
    /// ignores `stop`; it takes a moment) gives the result, marked
    /// `stopped`, with the nodes and time of both.
    ///
    /// The transposition table of [`Session::config`] is made for this
    /// search and freed when it returns.
    pub fn search(
        &self,
        limits: &Limits,
        root_moves: &[P::Move],
        stop: Arc<AtomicBool>,
        mut on_info: impl FnMut(&SearchInfo<P::Move>),
    ) -> Option<SearchResult<P::Move>> {
        if self.game.is_history_draw() {
            return None;
        }
        let pos = self.game.position();
        let searcher = |stop: Arc<AtomicBool>| {
            let mut searcher = Searcher::<P>::with_stop_flag(self.config, stop);
            searcher.set_game_history(self.game.keys());
            searcher.set_root_moves(root_moves);
            searcher
        };
        let result = searcher(stop).search_with(pos, limits, &mut on_info);
        if result.depth > 0 || result.best.is_none() {
            return Some(result);
        }
        let depth_1_limits = Limits::depth(1).with_multipv(limits.multipv);
        let mut depth_1 =
            searcher(Arc::new(AtomicBool::new(false))).search_with(pos, &depth_1_limits, |info| {
                on_info(&SearchInfo {
                    nodes: info.nodes + result.nodes,
                    elapsed: info.elapsed + result.elapsed,
                    lines: info.lines.clone(),
                    ..*info
                });
            });
        depth_1.nodes += result.nodes;
        depth_1.elapsed += result.elapsed;
        depth_1.seldepth = depth_1.seldepth.max(result.seldepth);
        depth_1.stopped = true;
        Some(depth_1)
    }

    /// Starts [`Session::search`] of the current position on a thread of
    /// its own: `on_info` after every completed depth, then `on_done` with
    /// the result (`None`: drawn by its history) once the search has ended
    /// as `go.mode` says. The game may change meanwhile: the search works on
    /// a copy.
    pub fn start(
        &self,
        go: Go<P::Move>,
        mut on_info: impl FnMut(&SearchInfo<P::Move>) + Send + 'static,
        on_done: impl FnOnce(Option<SearchResult<P::Move>>) + Send + 'static,
    ) -> Running {
        let session = self.clone();
        let hold = match go.mode {
            GoMode::Limited => Hold::None,
            GoMode::Infinite => Hold::UntilStop,
            GoMode::Ponder => Hold::UntilPonderHit,
        };
        let mut limits = go.limits;
        let after_hit = limits.time.filter(|_| go.mode == GoMode::Ponder);
        if go.mode == GoMode::Ponder {
            limits.time = None;
        }
        Running::spawn(hold, after_hit, move |stop| {
            let result = session.search(&limits, &go.root_moves, stop, &mut on_info);
            move || on_done(result)
        })
    }
}

/// What a [`Running`] job waits for after its work, before its `on_done`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Hold {
    /// Nothing.
    None,
    /// [`Running::stop`].
    UntilStop,
    /// [`Running::ponderhit`] or [`Running::stop`].
    UntilPonderHit,
}

/// The state a job and its handle share.
#[derive(Debug)]
struct Control {
    /// The work's stop flag.
    stop: Arc<AtomicBool>,
    state: Mutex<State>,
    changed: Condvar,
}

#[derive(Debug)]
struct State {
    hold: Hold,
    /// [`Running::stop`] was called.
    stopped: bool,
    /// The work is done and `on_done` has returned.
    finished: bool,
    /// With [`GoMode::Ponder`]: the time limit that starts at the ponder hit.
    after_hit: Option<Duration>,
}

impl Control {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.state().stopped = true;
        self.changed.notify_all();
    }
}

/// A search or perft count running on its own thread ([`Session::start`],
/// [`Session::start_perft`]). Dropping the handle stops the work and waits
/// for it (its `on_done` still runs).
#[derive(Debug)]
pub struct Running {
    control: Arc<Control>,
    thread: Option<JoinHandle<()>>,
}

impl Running {
    /// Runs `work` with a fresh stop flag on a new thread, waits as `hold`
    /// says, then runs the closure `work` returned.
    fn spawn<D: FnOnce() + Send + 'static>(
        hold: Hold,
        after_hit: Option<Duration>,
        work: impl FnOnce(Arc<AtomicBool>) -> D + Send + 'static,
    ) -> Running {
        let control = Arc::new(Control {
            stop: Arc::new(AtomicBool::new(false)),
            state: Mutex::new(State { hold, stopped: false, finished: false, after_hit }),
            changed: Condvar::new(),
        });
        let shared = Arc::clone(&control);
        let job = move || {
            let done = work(Arc::clone(&shared.stop));
            {
                let state = shared.state();
                let _held = shared
                    .changed
                    .wait_while(state, |s| !s.stopped && s.hold != Hold::None)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            done();
            shared.state().finished = true;
            shared.changed.notify_all();
        };
        let thread = std::thread::Builder::new()
            .name("motley-search".into())
            .stack_size(crate::search::SEARCH_STACK_BYTES)
            .spawn(job)
            .expect("the system refused to start a search thread");
        Running { control, thread: Some(thread) }
    }

    /// Stops the work: a search returns its last completed depth, a perft
    /// count stops after the root input it is counting; a held result is
    /// released. Returns at once (`on_done` runs on the job's thread).
    pub fn stop(&self) {
        self.control.stop();
    }

    /// The ponder hit: a pondering search becomes a limited one, its time
    /// limit counted from now; a ponder search that already ended gives its
    /// result now. Does nothing to a search that is not pondering.
    pub fn ponderhit(&self) {
        let mut state = self.control.state();
        if state.hold != Hold::UntilPonderHit {
            return;
        }
        state.hold = Hold::None;
        if let Some(budget) = state.after_hit.take()
            && !state.finished
        {
            let control = Arc::clone(&self.control);
            std::thread::spawn(move || {
                let state = control.state();
                let (_state, timeout) = control
                    .changed
                    .wait_timeout_while(state, budget, |s| !s.finished && !s.stopped)
                    .unwrap_or_else(PoisonError::into_inner);
                if timeout.timed_out() {
                    control.stop.store(true, Ordering::Relaxed);
                }
            });
        }
        drop(state);
        self.control.changed.notify_all();
    }

    /// Whether the job has ended and its `on_done` has returned.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.control.state().finished
    }

    /// Waits for the job to end by itself (its limits, or a ponder hit or
    /// stop another thread gives through [`Running::stopper`]).
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    /// A handle that can stop the job from elsewhere (a Ctrl-C handler, a
    /// server's watchdog) without owning it.
    #[must_use]
    pub fn stopper(&self) -> Stopper {
        Stopper(Arc::clone(&self.control))
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            self.stop();
            let _ = thread.join();
        }
    }
}

/// Stops a [`Running`] job from another place ([`Running::stopper`]).
#[derive(Clone, Debug)]
pub struct Stopper(Arc<Control>);

impl Stopper {
    /// As [`Running::stop`].
    pub fn stop(&self) {
        self.0.stop();
    }

    /// Whether [`Stopper::stop`] or [`Running::stop`] was called.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.0.state().stopped
    }
}
