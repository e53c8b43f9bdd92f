//! Helpers shared by the tests that run the `motley` binary as a process.

use std::process::Command;

use serde_json::Value;

/// Runs the binary; returns (exit code, stdout, stderr).
pub fn motley(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env("NO_COLOR", "1")
        .output()
        .expect("run motley");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("UTF-8 output");
    (out.status.code().expect("exit code, not a signal"), text(out.stdout), text(out.stderr))
}

/// Stdout of a run that must succeed with nothing on stderr.
pub fn ok(args: &[&str]) -> String {
    let (code, out, err) = motley(args);
    assert_eq!((code, err.as_str()), (0, ""), "motley {}", args.join(" "));
    out
}

/// The one JSON document a `--json` run prints.
pub fn json(args: &[&str]) -> Value {
    let text = ok(args);
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("motley {}: not one JSON document ({e})", args.join(" ")))
}

/// Runs the binary with `stdin` as its standard input; returns (exit code,
/// stdout, stderr), the output read lossily (a test may feed bad bytes).
/// The input is written from a thread, so a full stdout pipe cannot block
/// the writer.
#[allow(dead_code)] // not every test binary feeds standard input
pub fn with_stdin(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    use std::io::Write as _;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_motley"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run motley");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("output");
    writer.join().expect("writer");
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (out.status.code().expect("exit code, not a signal"), text(out.stdout), text(out.stderr))
}
