//! An external engine as a `motley match` player: a program speaking
//! Motley's UCI dialect (the one `motley uci` speaks, see [`crate::command::uci`]) on
//! its stdin and stdout.
//!
//! A player `uci:<command>[?<Name>=<value>,...]` runs `<command>` (a program
//! and its arguments, split at spaces); the program `motley` (any file whose
//! name starts with `motley`) given without arguments gets the argument
//! `uci`. After the handshake (`uci` … `uciok`) the engine gets
//! `setoption name UCI_Variant value <variant>`, then each option of the
//! spec as `setoption name <Name> value <value>`, then `isready` …
//! `readyok`. Before every game: `ucinewgame`, `isready` … `readyok`. At each
//! of its turns: `position startpos|fen <position string> moves <inputs>`
//! (every input from the game's start, opening and chance resolutions
//! included) and `go` with the match's limits, then the `bestmove` is read.
//!
//! Nothing the engine does can stop or hang the match: every reply is
//! awaited with a timeout, an engine that exits, stops answering, or
//! answers with an input that is not legal is an [`EngineError`] (the match
//! scores it as a loss for the engine's seat), and an engine in an unknown
//! state is killed and started afresh for the next game.

use core::fmt;
use core::str::FromStr;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// An engine as the command line names it: `uci:<command>[?Name=value,...]`.
///
/// ```
/// use motley_cli::engine::EngineSpec;
/// let spec: EngineSpec = "uci:/opt/motley?Hash=16,Threads=2".parse()?;
/// assert_eq!(spec.program.to_str(), Some("/opt/motley"));
/// assert_eq!(spec.args, ["uci"]);
/// assert_eq!(spec.options, [("Hash".to_owned(), "16".to_owned()), ("Threads".to_owned(), "2".to_owned())]);
/// let other: EngineSpec = "uci:./fairy-stockfish".parse()?;
/// assert!(other.args.is_empty());
/// # Ok::<(), motley_cli::engine::ParseEngineError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EngineSpec {
    /// The whole specification, as written (the player's name in tables).
    pub text: String,
    /// The program to run.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// `setoption` name and value pairs, in order.
    pub options: Vec<(String, String)>,
}

/// A malformed `uci:` player.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ParseEngineError {
    /// `uci:` with no program.
    #[error("player `{0}`: no program after `uci:` (byte 4)")]
    NoProgram(String),
    /// An option without `=` or without a name.
    #[error("player `{text}`: option `{option}` is not `Name=value` (byte {at})")]
    BadOption {
        /// The whole specification.
        text: String,
        /// The option as written.
        option: String,
        /// Its byte offset.
        at: usize,
    },
}

impl FromStr for EngineSpec {
    type Err = ParseEngineError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let rest = text.strip_prefix("uci:").unwrap_or(text);
        let prefix = text.len() - rest.len();
        let (command, options_text) = match rest.split_once('?') {
            Some((c, o)) => (c, Some(o)),
            None => (rest, None),
        };
        let mut words = command.split_whitespace();
        let program =
            PathBuf::from(words.next().ok_or_else(|| ParseEngineError::NoProgram(text.to_owned()))?);
        let mut args: Vec<String> = words.map(str::to_owned).collect();
        if args.is_empty() && is_motley(&program) {
            args.push("uci".to_owned());
        }
        let options = match options_text {
            Some(list) => parse_options(text, list, prefix + command.len() + 1)?,
            None => Vec::new(),
        };
        Ok(EngineSpec { text: text.to_owned(), program, args, options })
    }
}

/// Whether `program` is Motley itself (its file name starts with `motley`).
fn is_motley(program: &Path) -> bool {
    program.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with("motley"))
}

/// The `Name=value` options of the comma-separated `list`, which starts at
/// byte `at` of the player specification `text`; an option without `=` or
/// without a name is an error that gives its byte offset.
fn parse_options(text: &str, list: &str, mut at: usize) -> Result<Vec<(String, String)>, ParseEngineError> {
    let mut options = Vec::new();
    for option in list.split(',') {
        let Some((name, value)) = option.split_once('=').filter(|(name, _)| !name.trim().is_empty()) else {
            return Err(ParseEngineError::BadOption { text: text.to_owned(), option: option.to_owned(), at });
        };
        options.push((name.trim().to_owned(), value.trim().to_owned()));
        at += option.len() + 1;
    }
    Ok(options)
}

/// What went wrong with an engine; the match scores it as a loss for the engine.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start `{program}`: {error}")]
    Spawn {
        /// The program.
        program: String,
        /// The system's reason.
        error: String,
    },
    /// The engine's output ended (it exited or crashed) while a reply was awaited.
    #[error("the engine exited ({status}) while Motley waited for `{waiting_for}`")]
    Exited {
        /// The reply awaited.
        waiting_for: &'static str,
        /// Its exit status, as far as known.
        status: String,
    },
    /// No reply within the allowed time.
    #[error("no `{waiting_for}` within {ms} ms")]
    Timeout {
        /// The reply awaited.
        waiting_for: &'static str,
        /// The time allowed.
        ms: u128,
    },
    /// `bestmove` named no input, or one that is not legal.
    #[error("bestmove `{token}` is not legal here{why}")]
    IllegalMove {
        /// The token as sent.
        token: String,
        /// `: <reason>`, or the engine's last `info string`, if any.
        why: String,
    },
}

impl EngineError {
    /// The game's end reason for this error: `engine-exited`,
    /// `engine-timeout`, `engine-illegal-move` or `engine-failed`.
    #[must_use]
    pub const fn reason(&self) -> &'static str {
        match self {
            EngineError::Spawn { .. } => "engine-failed",
            EngineError::Exited { .. } => "engine-exited",
            EngineError::Timeout { .. } => "engine-timeout",
            EngineError::IllegalMove { .. } => "engine-illegal-move",
        }
    }
}

/// A running engine process.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// An engine player: the process is started on the first game and kept
/// between games (`ucinewgame`), restarted after an error.
pub struct UciEngine {
    spec: EngineSpec,
    variant: &'static str,
    timeout: Duration,
    process: Option<Process>,
    /// The last `info string` the engine sent (reported with an illegal move).
    last_info_string: Option<String>,
}

impl fmt::Debug for UciEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UciEngine")
            .field("spec", &self.spec)
            .field("running", &self.process.is_some())
            .finish()
    }
}

impl UciEngine {
    /// An engine for `variant`, waiting at most `timeout` for each reply
    /// (beyond the move time for `bestmove`). Not started yet.
    #[must_use]
    pub fn new(spec: EngineSpec, variant: &'static str, timeout: Duration) -> Self {
        UciEngine { spec, variant, timeout, process: None, last_info_string: None }
    }

    /// The specification.
    #[must_use]
    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// Starts the program and runs the handshake (if not running).
    ///
    /// # Errors
    /// If it cannot be started, exits, or does not answer in time.
    pub fn start(&mut self) -> Result<(), EngineError> {
        if self.process.is_some() {
            return Ok(());
        }
        let mut child = Command::new(&self.spec.program)
            .args(&self.spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| EngineError::Spawn {
                program: self.spec.program.display().to_string(),
                error: e.to_string(),
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Spawn {
                program: self.spec.program.display().to_string(),
                error: "no pipes".to_owned(),
            });
        };
        let (tx, rx) = mpsc::channel();
        // Detached: it ends when the engine's output closes (the process is
        // killed at the latest when this engine is dropped).
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        self.process = Some(Process { child, stdin, lines: rx });
        let handshake = (|| {
            self.send("uci")?;
            self.wait_for("uciok", self.timeout)?;
            let mut setup = vec![format!("setoption name UCI_Variant value {}", self.variant)];
            setup.extend(self.spec.options.iter().map(|(n, v)| format!("setoption name {n} value {v}")));
            for line in setup {
                self.send(&line)?;
            }
            self.ready()
        })();
        if handshake.is_err() {
            self.kill();
        }
        handshake
    }

    /// Prepares a new game: starts the engine if needed, then `ucinewgame`
    /// and `isready`.
    ///
    /// # Errors
    /// As [`UciEngine::start`]; the engine is killed on error.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.start()?;
        let result = self.send("ucinewgame").and_then(|()| self.ready());
        if result.is_err() {
            self.kill();
        }
        result
    }

    /// The engine's `bestmove` token at the position `position` (the words
    /// after `position`), searching with `go <go>`; `movetime` is the move
    /// time the engine was given (waited for on top of the timeout).
    ///
    /// # Errors
    /// If the engine exits or does not answer in time (it is then killed).
    pub fn best_move(&mut self, position: &str, go: &str, movetime: Duration) -> Result<String, EngineError> {
        self.last_info_string = None;
        let result = (|| {
            self.send(&format!("position {position}"))?;
            self.send(&format!("go {go}"))?;
            let line = self.wait_for("bestmove", movetime + self.timeout)?;
            Ok(line.split_whitespace().nth(1).unwrap_or("").to_owned())
        })();
        if result.is_err() {
            self.kill();
        }
        result
    }

    /// The last `info string` of the engine's latest search, if any.
    #[must_use]
    pub fn last_info_string(&self) -> Option<&str> {
        self.last_info_string.as_deref()
    }

    /// Kills the process (it is started afresh for the next game).
    pub fn kill(&mut self) {
        if let Some(mut p) = self.process.take() {
            let _ = p.child.kill();
            let _ = p.child.wait();
        }
    }

    fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        self.wait_for("readyok", self.timeout).map(|_| ())
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let Some(p) = self.process.as_mut() else {
            return Err(EngineError::Exited {
                waiting_for: "a running engine",
                status: "not running".to_owned(),
            });
        };
        let written = p.stdin.write_all(line.as_bytes()).and_then(|()| p.stdin.write_all(b"\n"));
        match written.and_then(|()| p.stdin.flush()) {
            Ok(()) => Ok(()),
            Err(_) => Err(EngineError::Exited { waiting_for: "its input to be read", status: self.status() }),
        }
    }

    /// Reads lines until one whose first word is `word`, within `limit`.
    fn wait_for(&mut self, word: &'static str, limit: Duration) -> Result<String, EngineError> {
        let deadline = Instant::now() + limit;
        loop {
            let Some(p) = self.process.as_ref() else {
                return Err(EngineError::Exited { waiting_for: word, status: "not running".to_owned() });
            };
            let left = deadline.saturating_duration_since(Instant::now());
            match p.lines.recv_timeout(left) {
                Ok(line) if line.split_whitespace().next() == Some(word) => return Ok(line),
                Ok(line) => self.note_info_string(&line),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout { waiting_for: word, ms: limit.as_millis() });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Exited { waiting_for: word, status: self.status() });
                }
            }
        }
    }

    /// Keeps the text of `line` when it is an `info string` line: the
    /// engine's last word, for an error that follows.
    fn note_info_string(&mut self, line: &str) {
        if line.split_whitespace().next() == Some("info") && line.trim_start().starts_with("info string") {
            let text = line.trim_start().trim_start_matches("info string").trim();
            self.last_info_string = Some(text.to_owned());
        }
    }

    /// The process's exit status, waiting briefly for it to end.
    fn status(&mut self) -> String {
        let Some(p) = self.process.as_mut() else { return "not running".to_owned() };
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match p.child.try_wait() {
                Ok(Some(status)) => return status.to_string(),
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                Ok(None) => return "still running, output closed".to_owned(),
                Err(e) => return e.to_string(),
            }
        }
    }
}

impl Drop for UciEngine {
    /// Asks the engine to quit, and kills it if it has not within 200 ms.
    fn drop(&mut self) {
        if let Some(p) = self.process.as_mut() {
            let _ = p.stdin.write_all(b"quit\n").and_then(|()| p.stdin.flush());
            let until = Instant::now() + Duration::from_millis(200);
            while Instant::now() < until {
                if matches!(p.child.try_wait(), Ok(Some(_))) {
                    self.process = None;
                    return;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        self.kill();
    }
}
