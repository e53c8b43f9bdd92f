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
