//! The `motley` binary: runs [`motley_cli::run`], prints, and exits with its code.
//! No input makes it panic; should a library panic anyway, the panic becomes
//! one `error:` line and exit code 1, without a backtrace.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use motley_cli::{CliError, Outcome, Terminal};

/// Set in the environment of a `motley serve` started again by
/// [`serve_with_fixed_mmap_threshold`], so that it is not started a third time.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const REEXEC_MARK: &str = "MOTLEY_SERVE_MALLOC";

/// `motley serve` runs many searches, one after another and side by side,
/// each with a transposition table of several MiB. glibc's malloc raises its
/// mmap threshold to the size of the first such block freed, so later
/// tables come from arenas that are never given back: a server idled at
/// ~370 MB after four bursts of 32 analysis streams. With the threshold
/// fixed (`glibc.malloc.mmap_threshold`, read only at process start, hence
/// the `exec`), every table is mapped and unmapped on its own and an idle
/// server returns to its fresh size. Returns only if the `exec` failed (the
/// server then runs as it is). Other C libraries ignore the variable.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn serve_with_fixed_mmap_threshold() {
    use std::os::unix::process::CommandExt;
    let serving = std::env::args_os().nth(1).is_some_and(|a| a == "serve");
    if !serving || std::env::var_os(REEXEC_MARK).is_some() {
        return;
    }
    let Ok(exe) = std::env::current_exe() else { return };
    let mut tunables = std::env::var("GLIBC_TUNABLES").unwrap_or_default();
    if !tunables.is_empty() {
        tunables.push(':');
    }
    tunables.push_str("glibc.malloc.mmap_threshold=131072");
    let _failed = std::process::Command::new(exe)
        .args(std::env::args_os().skip(1))
        .env("GLIBC_TUNABLES", tunables)
        .env(REEXEC_MARK, "1")
        .exec();
}

fn main() -> ExitCode {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    serve_with_fixed_mmap_threshold();
    let term = Terminal {
        color: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        progress: std::io::stderr().is_terminal(),
    };
    // Capture a panic's message and place instead of printing them.
    let panic_note: Arc<Mutex<Option<(String, String)>>> = Arc::default();
    let note = Arc::clone(&panic_note);
    std::panic::set_hook(Box::new(move |info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_owned());
        let place = info.location().map_or_else(|| "unknown place".to_owned(), ToString::to_string);
        if let Ok(mut slot) = note.lock() {
            slot.get_or_insert((what, place));
        }
    }));
    // Ctrl-C during `analyze` stops its search: the best move of the last
    // completed depth and the summary are printed, exit 0. A second Ctrl-C
    // ends the process at once (exit 130). Installed only when `analyze`
    // starts searching, so Ctrl-C ends every other command as usual.
    motley_cli::command::analyze::on_analyze_search(|stop| {
        let _ = ctrlc::set_handler(move || {
            if stop.swap(true, std::sync::atomic::Ordering::Relaxed) {
                std::process::exit(130);
            }
        });
    });
    let outcome = std::panic::catch_unwind(|| {
        // `analyze` and `match` stream their lines to stdout as they come;
        // `uci` reads stdin.
        let input = std::io::BufReader::new(std::io::stdin());
        let mut stream = std::io::stdout();
        motley_cli::run_io(std::env::args_os(), term, input, &mut stream)
    })
    .unwrap_or_else(|_| {
        let (what, place) = panic_note
            .lock()
            .ok()
            .and_then(|mut s| s.take())
            .unwrap_or_else(|| ("panic".to_owned(), "unknown place".to_owned()));
        Outcome::Failure(CliError::failure(format!("internal error: {what}"), place))
    });
    match outcome {
        Outcome::Success(text) => {
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
                Ok(()) => ExitCode::SUCCESS,
                // A closed pipe (`motley moves sovereign | head -1`) is not a failure.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{}", CliError::failure(format!("cannot write output: {e}"), "stdout"));
                    ExitCode::FAILURE
                }
            }
        }
        Outcome::Failure(err) => {
            eprintln!("{err}");
            ExitCode::from(u8::try_from(err.exit_code()).unwrap_or(1))
        }
    }
}
