//! Runs one target on files (crash inputs, a corpus) without AFL:
//! `cargo run --release --bin replay -- <position|moves|play> <file>...`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(target) = args.next() else {
        eprintln!("usage: replay <position|moves|play> <file>...");
        return ExitCode::from(2);
    };
    let run: fn(&[u8]) = match target.as_str() {
        "position" => motley_fuzz::position,
        "moves" => motley_fuzz::moves,
        "play" => motley_fuzz::play,
        other => {
            eprintln!("unknown target {other}");
            return ExitCode::from(2);
        }
    };
    let mut n = 0;
    for path in args {
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        run(&data);
        n += 1;
    }
    println!("{n} inputs ran without a failure");
    ExitCode::SUCCESS
}
