//! Runs one fuzz target's checks on inputs without AFL, with the panic
//! message of the first input that fails:
//!
//! ```sh
//! cargo run --release -p motley-fuzz-checks --bin replay -- <position|moves|play> <file or folder>...
//! ```
//!
//! A folder stands for every file in it (AFL's `crashes/` holds a
//! `README.txt`, which is skipped). Paths that do not exist are skipped, so a
//! `crashes/` folder AFL never created reads as "no inputs".

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The files `path` names: itself, or a folder's files sorted by name
/// (without AFL's `README.txt`).
fn inputs(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_owned()];
    }
    let Ok(entries) = std::fs::read_dir(path) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file() && p.file_name().is_some_and(|n| n != "README.txt"))
        .collect();
    files.sort();
    files
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let names: Vec<&str> = motley_fuzz_checks::TARGETS.iter().map(|(n, _)| *n).collect();
    let Some(target) = args.next() else {
        eprintln!("usage: replay <{}> <file or folder>...", names.join("|"));
        return ExitCode::from(2);
    };
    let Some(&(_, run)) = motley_fuzz_checks::TARGETS.iter().find(|(n, _)| *n == target) else {
        eprintln!("unknown target `{target}` (expected one of {})", names.join(", "));
        return ExitCode::from(2);
    };
    let files: Vec<PathBuf> = args.flat_map(|a| inputs(Path::new(&a))).collect();
    if files.is_empty() {
        println!("no inputs: nothing to replay (no crashes)");
        return ExitCode::SUCCESS;
    }
    for path in &files {
        let data = match std::fs::read(path) {
            Ok(data) => data,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        eprintln!("{}", path.display());
        run(&data);
    }
    println!("{} inputs ran without a failure", files.len());
    ExitCode::SUCCESS
}
