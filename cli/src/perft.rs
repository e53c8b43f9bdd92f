//! Perft split across threads by root move, with an optional progress bar.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use motley_core::{PerftMode, Position};
use rayon::prelude::*;

use crate::error::CliError;

/// How long a run goes before its progress bar appears.
const PROGRESS_DELAY: Duration = Duration::from_millis(400);

/// The result of a perft run.
#[derive(Clone, Debug, PartialEq)]
pub struct PerftRun<M> {
    /// Leaves at the requested depth.
    pub nodes: u64,
    /// Each root input with [`Position::perft_after`], in the library's order.
    pub divide: Vec<(M, u64)>,
    /// Wall-clock time.
    pub seconds: f64,
}

impl<M> PerftRun<M> {
    /// Leaves per second, rounded (0 for a run too short to time).
    #[must_use]
    pub fn nodes_per_second(&self) -> u64 {
        if self.seconds > 0.0 { (self.nodes as f64 / self.seconds).round() as u64 } else { 0 }
    }
}

/// Counts `pos.perft(depth, mode)` by splitting the root inputs over
/// `threads` threads (rayon): the roots are [`Position::perft_roots`]
/// (not every legal input: Mage's Chess counts only an engagement's counted
/// resolutions), each counted by [`Position::perft_after`], so the divide sums to the total. Depth 0 counts
/// the root itself (1 node, empty divide). With `progress`, a bar on stderr
/// appears once the run has lasted a moment.
///
/// # Errors
/// If the thread pool cannot be built.
pub fn run<P: Position>(
    pos: &P,
    depth: u32,
    mode: PerftMode,
    threads: usize,
    progress: bool,
) -> Result<PerftRun<P::Move>, CliError> {
    let start = Instant::now();
    if depth == 0 {
        return Ok(PerftRun {
            nodes: pos.perft(0, mode),
            divide: Vec::new(),
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    let roots = pos.perft_roots(mode);
    let bar = ProgressBar::with_draw_target(Some(roots.len() as u64), ProgressDrawTarget::hidden());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| CliError::failure(format!("cannot start {threads} threads: {e}"), "--threads"))?;
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let divide = std::thread::scope(|scope| {
        if progress {
            let bar = bar.clone();
            scope.spawn(move || show_progress(&bar, &done_rx));
        }
        let divide: Vec<(P::Move, u64)> = pool.install(|| {
            roots
                .par_iter()
                .map(|&mv| {
                    let n = pos.perft_after(mv, depth, mode);
                    bar.inc(1);
                    (mv, n)
                })
                .collect()
        });
        let _ = done_tx.send(());
        divide
    });
    bar.finish_and_clear();
    let nodes = divide.iter().map(|&(_, n)| n).sum();
    Ok(PerftRun { nodes, divide, seconds: start.elapsed().as_secs_f64() })
}

/// Draws `bar` on stderr once the run has lasted [`PROGRESS_DELAY`] without
/// a message on `done`, and keeps it ticking until that message comes; a
/// shorter run shows nothing.
fn show_progress(bar: &ProgressBar, done: &mpsc::Receiver<()>) {
    if let Err(mpsc::RecvTimeoutError::Timeout) = done.recv_timeout(PROGRESS_DELAY) {
        bar.set_style(
            ProgressStyle::with_template("perft {pos}/{len} root moves {wide_bar} {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.enable_steady_tick(Duration::from_millis(200));
        let _ = done.recv();
    }
}
