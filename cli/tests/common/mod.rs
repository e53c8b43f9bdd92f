//! Helpers shared by the tests that run the `motley` binary as a process.

use std::process::Command;

use serde_json::Value;

/// The words of a test's command line, split on blanks (its arguments
/// hold none).
#[allow(dead_code)] // not every test binary builds its command from a line
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

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

/// A UCI session's output, shared between the session and the script.
#[derive(Clone, Default)]
#[allow(dead_code)] // not every test binary runs UCI sessions
pub struct Transcript(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

#[allow(dead_code)]
impl Transcript {
    /// The output so far, read lossily.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().expect("transcript")).into_owned()
    }
}

impl std::io::Write for Transcript {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().expect("transcript").extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// UCI input played as a GUI plays it: each line after a `go` waits until
/// that `go` has answered (`bestmove`, perft's `nodes`, or an error), so a
/// script's output does not depend on timing. The end of the input comes
/// the same way.
#[allow(dead_code)]
pub struct Script {
    lines: std::collections::VecDeque<String>,
    current: Vec<u8>,
    at: usize,
    out: Transcript,
    /// The output's length when the last `go` was sent, if it has not answered.
    waiting_from: Option<usize>,
}

#[allow(dead_code)]
impl Script {
    fn wait(&mut self) {
        let Some(from) = self.waiting_from.take() else { return };
        let start = std::time::Instant::now();
        loop {
            let text = self.out.text();
            let answered = text.get(from..).unwrap_or("").lines().any(|l| {
                l.starts_with("bestmove ") || l.starts_with("nodes ") || l.starts_with("info string error")
            });
            if answered {
                return;
            }
            assert!(start.elapsed() < std::time::Duration::from_secs(120), "no answer to `go`:\n{text}");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
}

impl std::io::Read for Script {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = std::io::BufRead::fill_buf(self)?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.current[self.at..self.at + n]);
        std::io::BufRead::consume(self, n);
        Ok(n)
    }
}

impl std::io::BufRead for Script {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.at == self.current.len() {
            self.wait();
            if let Some(line) = self.lines.pop_front() {
                if line.split_whitespace().next() == Some("go") {
                    self.waiting_from = Some(self.out.text().len());
                }
                self.current = format!("{line}\n").into_bytes();
                self.at = 0;
            }
        }
        Ok(&self.current[self.at..])
    }
    fn consume(&mut self, amount: usize) {
        self.at += amount;
    }
}

/// Runs a UCI session in-process on the lines of `input`, played as a GUI
/// plays them ([`Script`]), starting with `variant`; returns its output.
#[allow(dead_code)]
pub fn uci_script(input: &str, variant: motley_cli::Variant) -> String {
    let out = Transcript::default();
    let script = Script {
        lines: input.lines().map(str::to_owned).collect(),
        current: Vec::new(),
        at: 0,
        out: out.clone(),
        waiting_from: None,
    };
    let mut writer = out.clone();
    motley_cli::command::uci::session(script, &mut writer, variant).expect("session");
    out.text()
}
