//! Replays every committed fuzz input in the ordinary test suite, without
//! AFL: the seeds (`fuzz/seeds/<target>/`) and the regression corpus
//! (`fuzz/regressions/<target>/`: every input that ever found a bug, and a
//! minimised corpus of a long run). A failing input panics with its path
//! and the broken promise.

use std::path::{Path, PathBuf};

/// The files under `fuzz/<folder>/<target>/`, sorted.
fn files(folder: &str, target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(folder).join(target);
    let Ok(entries) = std::fs::read_dir(&dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> =
        entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_file()).collect();
    files.sort();
    files
}

fn replay(folder: &str) -> usize {
    let mut n = 0;
    for &(target, run) in motley_fuzz_checks::TARGETS {
        for path in files(folder, target) {
            let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            if let Err(panic) = std::panic::catch_unwind(|| run(&data)) {
                let what = panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                    .unwrap_or_default();
                panic!("{target} input {} fails: {what}", path.display());
            }
            n += 1;
        }
    }
    n
}

#[test]
fn seeds_replay_cleanly() {
    let n = replay("seeds");
    // Every target has seeds: the replay must have run something.
    assert!(n >= motley_fuzz_checks::TARGETS.len(), "only {n} seed inputs found");
}

#[test]
fn regression_corpus_replays_cleanly() {
    let n = replay("regressions");
    assert!(n > 0, "the regression corpus is empty");
}
