//! The `motley` tool as a library: run a command in the process and read its
//! output or its error, as the binary would print them.
//!
//! `cargo run -p motley-cli --example run -- [ARGS ...]` (default: `perft joker 3`)

use motley_cli::{Outcome, Terminal, run};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        args = ["perft", "joker", "3"].map(String::from).to_vec();
    }
    let argv = std::iter::once("motley".to_owned()).chain(args);
    match run(argv, Terminal::default()) {
        Outcome::Success(stdout) => print!("{stdout}"),
        Outcome::Failure(e) => {
            eprintln!("{e}");
            std::process::exit(e.exit_code());
        }
    }
}
