//! `motley serve`: the HTTP API against a server on an ephemeral
//! loopback port, started as the binary is (`motley serve --port 0`).
//!
//! Every command's answer is compared with `motley <command> --json` for the
//! same arguments (byte for byte; the timing keys of perft, analyze and
//! annotate apart), errors with the CLI's error line, and the server is
//! pushed with malformed, oversize and concurrent requests, and clients
//! that go away mid-stream or read slowly.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A `motley serve --port 0` process, killed when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_motley"))
            .args(["serve", "--host", "127.0.0.1", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start motley serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("the URL line");
        let url =
            line.trim().strip_prefix("listening on http://").unwrap_or_else(|| panic!("URL line: {line:?}"));
        let addr: SocketAddr = url.trim_end_matches('/').parse().expect("a socket address");
        assert!(addr.ip().is_loopback(), "{addr}");
        Server { child, addr }
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(self.addr).expect("connect");
        stream.set_read_timeout(Some(Duration::from_secs(60))).expect("timeout");
        stream
    }

    /// One request on a fresh connection: (status, body).
    fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        http(self.addr, method, path, body)
    }

    fn post(&self, command: &str, body: &Value) -> (u16, String) {
        self.request("POST", &format!("/api/{command}"), body.to_string().as_bytes())
    }

    fn health(&self) -> Value {
        let (status, body) = self.request("GET", "/api/health", b"");
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).expect("health JSON")
    }

    fn searches(&self) -> u64 {
        self.health()["searches"].as_u64().expect("searches")
    }

    /// Waits until no search runs; the time it took.
    fn wait_idle(&self, within: Duration) -> Duration {
        let start = Instant::now();
        while self.searches() > 0 {
            assert!(start.elapsed() < within, "searches still running after {within:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
        start.elapsed()
    }

    /// Opens an analysis stream: the reader after the head, and the status.
    fn open_stream(&self, query: &str) -> (u16, BufReader<TcpStream>) {
        let mut stream = self.connect();
        let head = format!(
            "GET /api/analyze/stream?{query} HTTP/1.1\r\nHost: {}\r\nAccept: text/event-stream\r\nConnection: close\r\n\r\n",
            self.addr
        );
        stream.write_all(head.as_bytes()).expect("send");
        let mut reader = BufReader::new(stream);
        let (status, _) = read_head(&mut reader);
        (status, reader)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request to `addr` on a fresh connection: (status, body).
fn http(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(60))).expect("timeout");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(body));
    let mut reader = BufReader::new(stream);
    let (status, headers) = read_head(&mut reader);
    let mut raw = Vec::new();
    if headers.contains("transfer-encoding: chunked") {
        while let Some(chunk) = read_chunk(&mut reader) {
            raw.extend(chunk);
        }
    } else if let Some(n) = content_length(&headers) {
        raw.resize(n, 0);
        reader.read_exact(&mut raw).expect("body");
    } else {
        let _ = reader.read_to_end(&mut raw);
    }
    (status, String::from_utf8(raw).expect("UTF-8 body"))
}

/// The `content-length` among `headers` (lower case).
fn content_length(headers: &str) -> Option<usize> {
    headers.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|n| n.trim().parse().ok())
}

/// The status line and the headers (lower case), up to the blank line.
fn read_head(reader: &mut impl BufRead) -> (u16, String) {
    let mut status_line = String::new();
    reader.read_line(&mut status_line).expect("status line");
    let status = status_line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut headers = String::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).expect("header") == 0 || line == "\r\n" {
            break;
        }
        headers.push_str(&line.to_ascii_lowercase());
    }
    (status, headers)
}

/// One chunk of a chunked body (`None` at the end).
fn read_chunk(reader: &mut impl BufRead) -> Option<Vec<u8>> {
    let mut size = String::new();
    if reader.read_line(&mut size).ok()? == 0 {
        return None;
    }
    let n = usize::from_str_radix(size.trim(), 16).ok()?;
    let mut chunk = vec![0; n + 2];
    reader.read_exact(&mut chunk).ok()?;
    chunk.truncate(n);
    (n > 0).then_some(chunk)
}

/// The events of a stream (name, data) until it ends, or until `stop_after`
/// says so.
fn read_events(
    reader: &mut impl BufRead,
    mut stop_after: impl FnMut(&str, &Value) -> bool,
) -> Vec<(String, Value)> {
    let mut events = Vec::new();
    let mut pending = String::new();
    while let Some(chunk) = read_chunk(reader) {
        pending.push_str(&String::from_utf8(chunk).expect("UTF-8 events"));
        while let Some(end) = pending.find("\n\n") {
            let block: String = pending.drain(..end + 2).collect();
            let mut name = "message".to_owned();
            let mut data = String::new();
            for line in block.lines() {
                if let Some(n) = line.strip_prefix("event: ") {
                    name = n.to_owned();
                } else if let Some(d) = line.strip_prefix("data: ") {
                    data.push_str(d);
                }
            }
            if data.is_empty() {
                continue; // a keep-alive comment
            }
            let value: Value = serde_json::from_str(&data).expect("event JSON");
            let stop = stop_after(&name, &value);
            events.push((name, value));
            if stop {
                return events;
            }
        }
    }
    events
}

/// `doc` without the keys whose values are timings.
fn untimed(doc: &Value) -> Value {
    match doc {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| !matches!(k.as_str(), "seconds" | "nodes_per_second" | "time_ms" | "nps"))
                .map(|(k, v)| (k.clone(), untimed(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(untimed).collect()),
        other => other.clone(),
    }
}

/// `motley <args>`'s stderr line of a failing run.
fn cli_error(args: &[&str]) -> String {
    let (code, out, err) = common::motley(args);
    assert_eq!((code, out.as_str()), (2, ""), "motley {}", args.join(" "));
    err.trim_end().to_owned()
}

fn error_of(body: &str) -> String {
    let doc: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    doc["error"].as_str().unwrap_or_else(|| panic!("no error: {body}")).to_owned()
}

const PENDING: &str = "r5/6/6/S1p3/6/6/6/5R g a5c5 a5 0 7";

#[test]
fn every_command_answers_with_the_cli_document() {
    let server = Server::start();
    let record = common::ok(&["record", "joker", "--moves", "e2e4", "e7e5", "g1f3", "--tag", "White=Ann"]);
    let record_file = std::env::temp_dir().join(format!("motley-serve-{}.pgn", std::process::id()));
    std::fs::write(&record_file, &record).expect("record file");
    let file = record_file.to_str().expect("path");
    // (command, body, the same arguments on the command line, exact?)
    let cases: Vec<(&str, Value, Vec<&str>, bool)> = vec![
        ("show", json!({"variant": "sovereign"}), vec!["show", "sovereign"], true),
        ("show", json!({"variant": "royale"}), vec!["show", "royale"], true),
        (
            "show",
            json!({"variant": "joker", "moves": ["e2e4", "e7e5"]}),
            vec!["show", "joker", "--moves", "e2e4", "e7e5"],
            true,
        ),
        ("show", json!({"variant": "mages", "fen": PENDING}), vec!["show", "mages", "--fen", PENDING], true),
        (
            "moves",
            json!({"variant": "mages", "fen": PENDING}),
            vec!["moves", "mages", "--fen", PENDING],
            true,
        ),
        (
            "moves",
            json!({"variant": "sovereign", "moves": "e2e4"}),
            vec!["moves", "sovereign", "--moves", "e2e4"],
            true,
        ),
        (
            "play",
            json!({"variant": "joker", "moves": ["e2e4", "e7e5"], "repetition": 3}),
            vec!["play", "joker", "--moves", "e2e4,e7e5", "--repetition", "3"],
            true,
        ),
        (
            "render",
            json!({"variant": "joker", "moves": ["e2e4"], "highlight": "e7e5"}),
            vec!["render", "joker", "--moves", "e2e4", "--highlight", "e7e5"],
            true,
        ),
        (
            "perft",
            json!({"variant": "joker", "depth": 3, "divide": true, "moves": ["e2e4"]}),
            vec!["perft", "joker", "3", "--divide", "--moves", "e2e4"],
            false,
        ),
        (
            "perft",
            json!({"variant": "mages", "depth": 2, "mode": "full"}),
            vec!["perft", "mages", "2", "--mode", "full"],
            false,
        ),
        // `depth` without `time` gets the server's time cap (docs/api.md).
        (
            "analyze",
            json!({"variant": "joker", "depth": 3, "multipv": 2}),
            vec!["analyze", "joker", "--depth", "3", "--multipv", "2", "--time", "10000"],
            false,
        ),
        (
            "record",
            json!({"variant": "joker", "moves": ["e2e4", "e7e5", "g1f3"], "tag": ["White=Ann"]}),
            vec!["record", "joker", "--moves", "e2e4", "e7e5", "g1f3", "--tag", "White=Ann"],
            true,
        ),
        ("replay", json!({"record": record, "ply": 1}), vec!["replay", file, "--ply", "1"], true),
        ("replay", json!({"record": record, "moves": true}), vec!["replay", file, "--moves"], true),
        ("annotate", json!({"record": record, "depth": 2}), vec!["annotate", file, "--depth", "2"], false),
    ];
    for (command, body, args, exact) in &cases {
        let (status, answer) = server.post(command, body);
        assert_eq!(status, 200, "{command} {body}: {answer}");
        let mut cli_args = args.clone();
        cli_args.push("--json");
        let printed = common::ok(&cli_args);
        if *exact {
            assert_eq!(answer, printed, "POST /api/{command} {body}");
        } else {
            let answer: Value = serde_json::from_str(&answer).expect("JSON answer");
            assert_eq!(untimed(&answer), untimed(&common::json(&cli_args)), "POST /api/{command} {body}");
        }
    }
    let _ = std::fs::remove_file(&record_file);
}

#[test]
fn a_game_tree_is_written_with_the_base_records_notes() {
    let server = Server::start();
    let base = "[Variant \"joker\"]\n[White \"Ann\"]\n\n1. e2e4 {open} e7e5 $1 *\n";
    let (status, answer) = server.post("record", &json!({"variant": "joker", "base": base}));
    assert_eq!(status, 200, "{answer}");
    let doc: Value = serde_json::from_str(&answer).expect("JSON");
    assert_eq!(doc["tree"], "e2e4,e7e5");
    let tree = "e2e4,(d2d4,d7d5),e7e5,g1f3";
    let (status, answer) = server.post("record", &json!({"variant": "joker", "base": base, "tree": tree}));
    assert_eq!(status, 200, "{answer}");
    let doc: Value = serde_json::from_str(&answer).expect("JSON");
    assert_eq!(doc["tree"], tree);
    let record = doc["record"].as_str().expect("text");
    assert!(record.contains("[White \"Ann\"]"), "{record}");
    assert!(record.contains("1. e2e4 {open} (1. d2d4 d7d5) 1... e7e5 $1 2. g1f3 *"), "{record}");
}

#[test]
fn errors_are_the_cli_error_lines() {
    let server = Server::start();
    let cases: Vec<(&str, Value, Vec<&str>)> = vec![
        ("show", json!({"variant": "chess"}), vec!["show", "chess"]),
        (
            "play",
            json!({"variant": "joker", "moves": ["e2e4", "e2e4"]}),
            vec!["play", "joker", "--moves", "e2e4", "e2e4"],
        ),
        ("moves", json!({"variant": "joker", "fen": "8/8 w"}), vec!["moves", "joker", "--fen", "8/8 w"]),
        (
            "render",
            json!({"variant": "joker", "highlight": "a1a8"}),
            vec!["render", "joker", "--highlight", "a1a8"],
        ),
    ];
    // The position and its moves are read by the command line's own code.
    for (command, body, args) in &cases {
        let (status, answer) = server.post(command, body);
        assert_eq!(status, 400, "{command} {body}: {answer}");
        let mut cli_args = args.clone();
        cli_args.push("--json");
        assert_eq!(error_of(&answer), cli_error(&cli_args), "POST /api/{command} {body}");
    }
    // 26 games of 12 plies (the fourteen-move rule ends a shuffle at 14): more
    // than annotate's 300-ply cap.
    let shuffle: Vec<&str> = ["g1f3", "g8f6", "f3g1", "f6g8"].into_iter().cycle().take(12).collect();
    let mut args = vec!["record", "joker", "--moves"];
    args.extend(&shuffle);
    let game = common::ok(&args);
    let long_record = json!({ "record": vec![game; 26].join("\n"), "depth": 1 }).to_string();
    // The body's own fields are named as such, and limits are refused with
    // the command line's words (`LimitKind`).
    let fields: Vec<(&str, Value, &str)> = vec![
        ("perft", json!({"variant": "joker"}), "error: missing field `depth`, request body"),
        ("show", json!({"fen": "x"}), "error: missing field `variant`, request body"),
        (
            "analyze",
            json!({"variant": "joker", "multipv": 0}),
            "error: multipv must be a whole number from 1 to 64, not `0`, request body field multipv",
        ),
        ("replay", json!({}), "error: missing field `record`, request body"),
        (
            "record",
            json!({"variant": "joker", "tree": "e2e4,(d2d4"}),
            "error: a variation is not closed, request body field tree",
        ),
        (
            "record",
            json!({"variant": "joker", "base": "[Variant \"royale\"]\n*"}),
            "error: game 1, line 1, column 2, token `Variant`: the Variant tag says `royale`, this reader reads `joker`, \
             request body field base",
        ),
        (
            "replay",
            json!({"record": " "}),
            "error: the record is empty (no game in it), request body field record",
        ),
    ];
    for (command, body, line) in &fields {
        let (status, answer) = server.post(command, body);
        assert_eq!((status, error_of(&answer).as_str()), (400, *line), "POST /api/{command} {body}");
    }
    let cli = cli_error(&["analyze", "joker", "--multipv", "0", "--json"]);
    assert!(cli.contains("multipv must be a whole number from 1 to 64, not `0`"), "{cli}");
    // What only the server sees: the body and the path.
    let bad: Vec<(&str, &[u8], u16, &str)> = vec![
        ("/api/show", b"{\"variant\": ", 400, "error: malformed JSON: "),
        ("/api/show", b"[1, 2]", 400, "error: the body is not a JSON object, request body"),
        ("/api/show", b"{\"variant\": \"joker\", \"out\": \"/tmp/x\"}", 400, "error: unknown field `out`"),
        ("/api/show", b"{\"variant\": 3}", 400, "error: invalid type: integer `3`, expected a string"),
        ("/api/show", b"{\"variant\": \"joker\", \"moves\": [1]}", 400, "error: invalid type: integer `1`"),
        ("/api/show", b"{\"variant\": \"--help\"}", 400, "error: unknown variant `--help`"),
        ("/api/perft", b"{\"variant\": \"sovereign\", \"depth\": 6}", 400, "error: this perft is too large"),
        (
            "/api/perft",
            b"{\"variant\": \"joker\", \"depth\": 13}",
            400,
            "error: `depth` is above the server's cap",
        ),
        (
            "/api/analyze",
            b"{\"variant\": \"joker\", \"time\": 99999}",
            400,
            "error: `time` is above the server's cap",
        ),
        (
            "/api/analyze",
            b"{\"variant\": \"joker\", \"threads\": 64}",
            400,
            "error: `threads` is above the server's cap",
        ),
        ("/api/match", b"{\"variant\": \"joker\"}", 404, "error: unknown command `match`"),
        ("/api/uci", b"{}", 404, "error: unknown command `uci`"),
        (
            "/api/annotate",
            long_record.as_bytes(),
            400,
            "error: this record is too long for the server (312 plies",
        ),
        ("/nowhere", b"", 404, "error: no such page"),
        ("/api/show", b"", 405, "error: the API's commands take POST"),
        ("/api/analyze/stream?variant=joker&moves=%ZZ", b"", 400, "error: "),
    ];
    for (path, body, status, start) in bad {
        let method =
            if status == 405 || path.starts_with("/nowhere") || path.contains('?') { "GET" } else { "POST" };
        let (got, answer) = server.request(method, path, body);
        assert_eq!(got, status, "{path} {}: {answer}", String::from_utf8_lossy(body));
        let line = error_of(&answer);
        assert!(line.starts_with(start), "{path}: {line}");
    }
    // The unknown variant names the variants as the CLI does.
    let (_, answer) = server.post("show", &json!({"variant": "chess"}));
    assert_eq!(
        error_of(&answer),
        "error: unknown variant `chess` (expected sovereign, royale, mages or joker), argument <VARIANT>"
    );
}

#[test]
fn an_oversize_body_is_refused_with_413() {
    let server = Server::start();
    let limit = 1 << 20;
    let mut body = b"{\"variant\": \"joker\", \"fen\": \"".to_vec();
    body.resize(limit + 1, b' ');
    let (status, answer) = server.request("POST", "/api/show", &body);
    assert_eq!(status, 413, "{answer}");
    assert_eq!(error_of(&answer), format!("error: the body is larger than {limit} bytes, request body"));
    // Just at the limit: read, then refused as JSON, not for its size.
    body.truncate(limit);
    let (status, answer) = server.request("POST", "/api/show", &body);
    assert_eq!(status, 400, "{answer}");
    assert!(error_of(&answer).starts_with("error: malformed JSON"));
    // The server goes on serving.
    assert_eq!(server.post("show", &json!({"variant": "joker"})).0, 200);
}

#[test]
fn the_page_and_its_assets_are_served() {
    let server = Server::start();
    let (status, page) = server.request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(page.contains("<svg id=\"board\"") && page.contains("/app.js"), "{page}");
    for (path, needle) in [
        ("/app.js", "import"),
        ("/analysis.js", "EventSource"),
        ("/board.js", "data-square"),
        ("/style.css", "#board"),
        ("/index.html", "Motley"),
    ] {
        let (status, text) = server.request("GET", path, b"");
        assert_eq!(status, 200, "{path}");
        assert!(text.contains(needle), "{path}");
    }
    // Every module the page imports is served, as JavaScript.
    let modules = [
        "app.js",
        "api.js",
        "board.js",
        "tree.js",
        "panels.js",
        "analysis.js",
        "graph.js",
        "dom.js",
        "sport.js",
    ];
    for module in modules {
        let (status, text) = server.request("GET", &format!("/{module}"), b"");
        assert_eq!(status, 200, "{module}");
        for import in text.lines().filter(|l| l.starts_with("import ")) {
            let name = import.rsplit("\"./").next().unwrap_or("").trim_end_matches("\";");
            assert!(modules.contains(&name), "{module} imports {name}, which is not served");
        }
    }
    let (status, variants) = server.request("GET", "/api/variants", b"");
    assert_eq!(status, 200);
    let variants: Value = serde_json::from_str(&variants).expect("JSON");
    assert_eq!(variants["variants"], json!(["sovereign", "royale", "mages", "joker"]));
    // No asset comes from another host: the page works offline.
    for path in ["/", "/app.js", "/style.css"] {
        let text = server.request("GET", path, b"").1;
        for remote in ["https://", "src=\"http", "href=\"http", "url(http", "fetch(\"http", "//cdn"] {
            assert!(!text.contains(remote), "{path} loads from the network ({remote})");
        }
    }
}

/// The page holds no variant knowledge: every board size, colour, glyph and
/// variant comes from the server's view document, so that a new variant
/// needs no change in `cli/assets/`.
#[test]
fn the_page_holds_no_variant_table() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    let mut files: Vec<_> =
        std::fs::read_dir(dir).expect("assets").map(|e| e.expect("entry").path()).collect();
    files.sort();
    assert!(files.len() >= 8, "{files:?}");
    for path in files {
        let text = std::fs::read_to_string(&path).expect("asset");
        let lower = text.to_lowercase();
        let name = path.display();
        // No variant named (a branch, a table key or an option).
        for variant in ["sovereign", "royale", "mages", "mage's", "joker"] {
            assert!(!lower.contains(variant), "{name} names the variant {variant}");
        }
        // No army or team colour table (a colour name as a key).
        for army in [
            "white", "ash", "slate", "black", "pink", "red", "orange", "yellow", "green", "cyan", "navy",
            "violet", "blue",
        ] {
            for key in [format!("{army}:"), format!("{army} :"), format!("\"{army}\":"), format!("'{army}':")]
            {
                assert!(!lower.contains(&key), "{name} has a colour table ({key})");
            }
        }
        // No piece glyph table: the chess symbols come from the server.
        assert!(!text.chars().any(|c| ('\u{2654}'..='\u{265f}').contains(&c)), "{name} has chess glyphs");
        assert!(!lower.contains("\\u265") && !lower.contains("\\u2654"), "{name} has chess glyph escapes");
        // No board size: no `[8, 8]`-like pairs, no 16 or 6 × 8 in the scripts.
        if path.extension().is_some_and(|e| e == "js") {
            for size in ["[16, 16]", "[8, 8]", "[6, 8]", "16", "files: 8", "ranks: 8"] {
                let found = text.match_indices(size).any(|(i, _)| {
                    let before = text[..i].chars().next_back().unwrap_or(' ');
                    let after = text[i + size.len()..].chars().next().unwrap_or(' ');
                    !before.is_ascii_alphanumeric() && !after.is_ascii_alphanumeric() && before != '.'
                });
                assert!(!found, "{name} has a board size ({size})");
            }
            // No role or promotion letter table.
            for table in ["queen", "knight", "bishop", "counselor", "chariot", "shaman"] {
                assert!(!lower.contains(table), "{name} names a role ({table})");
            }
        }
    }
}

#[test]
fn the_view_document_draws_every_variant() {
    let server = Server::start();
    for (variant, files, ranks) in
        [("sovereign", 16, 16), ("royale", 16, 16), ("mages", 6, 8), ("joker", 8, 8)]
    {
        let (status, text) = server.post("view", &json!({"variant": variant}));
        assert_eq!(status, 200, "{text}");
        let view: Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(view["files"], files);
        assert_eq!(view["ranks"], ranks);
        assert_eq!(view["squares"].as_array().expect("squares").len(), files * ranks);
        // The view's inputs are `moves`' inputs; its facts are `show`'s.
        // Besides them, Mage's Chess offers each action as a heresy.
        let inputs = view["inputs"].as_array().expect("inputs");
        let marked: Vec<&str> = inputs
            .iter()
            .filter(|i| i["marked"] == true)
            .map(|i| i["token"].as_str().expect("token"))
            .collect();
        assert_eq!(!marked.is_empty(), variant == "mages", "{marked:?}");
        assert!(marked.iter().all(|t| t.ends_with('!')), "{marked:?}");
        let mut tokens: Vec<String> = inputs
            .iter()
            .filter(|i| i["marked"] != true)
            .map(|i| i["token"].as_str().expect("token").to_owned())
            .collect();
        tokens.sort();
        let moves = common::json(&["moves", variant, "--json"]);
        let expected: Vec<String> = serde_json::from_value(moves["moves"].clone()).expect("moves");
        assert_eq!(tokens, expected, "{variant}");
        assert_eq!(view["show"], common::json(&["show", variant, "--json"]), "{variant}");
        assert!(!view["pieces"].as_array().expect("pieces").is_empty());
        assert_eq!(view["side_to_move"], view["show"]["side_to_move"]);
        // The first seat sits at the bottom; every seat has a colour.
        assert_eq!(view["seats"][0]["turns"], 0);
        for seat in view["seats"].as_array().expect("seats") {
            assert!(seat["colour"].as_str().is_some_and(|c| c.starts_with('#') && c != "#888888"), "{seat}");
        }
    }
    // Sovereign's squares of colour carry their tags; its zones are outlined.
    let view: Value =
        serde_json::from_str(&server.post("view", &json!({"variant": "sovereign"})).1).expect("JSON");
    let tagged = view["squares"].as_array().expect("squares").iter().filter(|s| s["tag"].is_string()).count();
    assert_eq!(tagged, 24, "Sovereign Chess has 24 squares of colour");
    assert!(view["regions"].as_array().expect("regions").len() >= 2, "{}", view["regions"]);
    // Royale's seats sit round the board.
    let view: Value =
        serde_json::from_str(&server.post("view", &json!({"variant": "royale"})).1).expect("JSON");
    let turns: Vec<(String, u64)> = view["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|s| (s["name"].as_str().expect("name").to_owned(), s["turns"].as_u64().expect("turns")))
        .collect();
    assert_eq!(
        turns,
        [("white".into(), 0), ("ash".into(), 1), ("slate".into(), 3), ("black".into(), 2)],
        "{turns:?}"
    );
    // Mage's Chess names its letters; a line with referee events is played
    // as a record, and a game a referee event ended has no side to move.
    let view: Value = serde_json::from_str(
        &server
            .post("view", &json!({"variant": "mages", "moves": ["c2c3", "timeout", "d2d3", "resign:blue"]}))
            .1,
    )
    .expect("JSON");
    assert!(!view["roles"].as_array().expect("roles").is_empty());
    let referee: Vec<bool> = view["line"]
        .as_array()
        .expect("line")
        .iter()
        .map(|e| e["referee"].as_bool().expect("flag"))
        .collect();
    assert_eq!(referee, [false, true, false, true]);
    assert_eq!(view["side_to_move"], Value::Null);
    assert!(view["outcome"].is_object(), "{}", view["outcome"]);
    assert!(view["inputs"].as_array().expect("inputs").is_empty());
    assert!(view["search"]["fen"].is_string() && view["search"]["moves"] == json!([]));
    // A bad line is the CLI's error.
    let (status, text) = server.post("view", &json!({"variant": "joker", "moves": ["e2e5"]}));
    assert_eq!(status, 400, "{text}");
    assert!(error_of(&text).contains("e2e5"), "{text}");
}

/// A Sovereign position where White mates with `e4e12` (a control link taken).
const LINK_MATE: &str = "14brbk/13rnbbbp/16/16/4bb11/16/16/16/16/16/16/16/4wr11/16/16/wk15 1 w b - 0";

/// A Royale line whose last move checks Ash's king on a9.
const ROYALE_CHECK: &str = "g2g4,b9c9,p11n12,f16e14,h1d5,b7d7,p6n5,k16j14,d5c5,a10b9,o6n6,g15g13,h2h3,\
    b11c11,n5l6,k15k14,f1h2,d7d8,p7l3,h15h14,i2i3,a8g2,l3p7,j16n12,c5d5,d8e8,o11n11,n12h6,d5a8";

/// A Royale position of two kings side by side, White to move.
const ROYALE_LAST_KINGS: &str = "16/16/16/16/16/16/16/16/16/16/16/16/16/16/1bk14/wk15 1 w a s b - 0";

/// A Mage's position where Green's Shaman engages Blue's Royal.
const MAGES_ROYAL_ENGAGED: &str = "6/6/6/S1r3/6/6/6/5R g a5c5 a5 0 7";

/// A Joker's position where White's queen can take Black's last king.
const JOKER_LAST_KING: &str = "4k3/8/8/8/8/8/8/4Q3[] w - - 0 50 -";

/// A Joker's Chess middle game (`fixtures/joker/middle-games.txt`) where
/// `a3b4` is a mistake at the graph's depth.
const JOKER_MIDDLE_GAME: &str =
    "rnbk4/pp3p1p/3p1n2/pP2pPb1/P1p1P2N/B2P3P/P5P1/1R3BNR[] w - - 0 54 PNNpppnnbb";

/// The view of `body`'s position: its `marks` as `(square, kind)` pairs and
/// its last entry.
fn royal_marks(server: &Server, body: &Value) -> (Vec<(String, String)>, Value) {
    let (status, text) = server.post("view", body);
    assert_eq!(status, 200, "{text}");
    let view: Value = serde_json::from_str(&text).expect("JSON");
    let marks = view["marks"]
        .as_array()
        .expect("marks")
        .iter()
        .map(|m| {
            (m["square"].as_str().expect("square").to_owned(), m["kind"].as_str().expect("kind").to_owned())
        })
        .collect();
    (marks, view["line"].as_array().and_then(|l| l.last().cloned()).unwrap_or(Value::Null))
}

#[test]
fn the_view_marks_royal_pieces_in_every_variant() {
    let server = Server::start();
    let pair = |sq: &str, kind: &str| vec![(sq.to_owned(), kind.to_owned())];
    for variant in ["sovereign", "royale", "mages", "joker"] {
        assert_eq!(royal_marks(&server, &json!({"variant": variant})).0, vec![], "{variant} at the start");
    }
    // Sovereign: the mated king, and the entry marked `#`.
    let (marks, last) =
        royal_marks(&server, &json!({"variant": "sovereign", "fen": LINK_MATE, "moves": "e4e12"}));
    assert_eq!(marks, pair("p16", "mated"));
    let view: Value = serde_json::from_str(
        &server.post("view", &json!({"variant": "sovereign", "fen": LINK_MATE, "moves": "e4e12"})).1,
    )
    .expect("JSON");
    assert_eq!(view["marks"][0]["badge"], "#", "{}", view["marks"]);
    assert_eq!((last["marks"].as_str(), last["mate"].as_bool()), (Some("\u{d7}#"), Some(true)), "{last}");
    // Royale: a king in check, the square of the king, not the army's name.
    let (marks, last) = royal_marks(&server, &json!({"variant": "royale", "moves": ROYALE_CHECK}));
    assert_eq!(marks, pair("a9", "check"));
    assert_eq!(last["marks"], "+", "{last}");
    // Joker's Chess: a king attacked, then captured (where it stood).
    let (marks, _) = royal_marks(&server, &json!({"variant": "joker", "moves": "e2e4,e7e5,d1h5,a7a6,h5f7"}));
    assert_eq!(marks, pair("e8", "check"));
    let (marks, last) = royal_marks(
        &server,
        &json!({"variant": "joker", "fen": "4k3/8/8/8/8/8/8/4Q3[] w - - 0 50 -", "moves": "e1e8"}),
    );
    assert_eq!(marks, pair("e8", "captured"));
    assert_eq!(last["royal_captured"], true, "{last}");
    // Mage's Chess: an engagement declared (⚔); the docs' record ends with
    // Green's Royal downed on d1 by the outcome chance picked.
    let (_, last) = royal_marks(&server, &json!({"variant": "mages", "moves": "c2c3,d7d6,c3c4,d6d5,c4d5"}));
    assert_eq!((last["engages"].as_bool(), last["marks"].as_str()), (Some(true), Some("\u{2694}")), "{last}");
    let record = docs_record("mages");
    let moves = common::with_stdin(&["replay", "-", "--moves"], record.as_bytes()).1;
    let moves: Vec<&str> = moves.split_whitespace().collect();
    let (marks, last) = royal_marks(&server, &json!({"variant": "mages", "moves": moves}));
    assert_eq!(marks, pair("d1", "captured"));
    assert!(last["chance"].as_f64().is_some_and(|p| p > 0.0 && p < 1.0), "{last}");
    assert_eq!(last["royal_captured"], true, "{last}");
    // Sovereign: a defection is read as one.
    let forced = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/sovereign/positions/forced-defection.fen"
    ))
    .expect("fixture");
    let forced = forced.lines().find(|l| !l.starts_with('#') && !l.trim().is_empty()).expect("a position");
    let (_, last) = royal_marks(
        &server,
        &json!({"variant": "sovereign", "fen": forced.trim(), "moves": "defect:green:f6e5"}),
    );
    assert_eq!(last["defection"], true, "{last}");
    assert!(last["note"].as_str().is_some_and(|n| n.contains("green")), "{last}");
}

#[test]
fn a_stream_sends_each_depth_then_done() {
    let server = Server::start();
    let (status, mut reader) = server.open_stream("variant=joker&moves=e2e4,e7e5&depth=4&multipv=2");
    assert_eq!(status, 200);
    let events = read_events(&mut reader, |name, _| name == "done");
    let infos: Vec<&Value> = events.iter().filter(|(n, _)| n == "info").map(|(_, v)| v).collect();
    assert_eq!(infos.iter().map(|v| v["depth"].as_u64().unwrap_or(0)).collect::<Vec<_>>(), [1, 2, 3, 4]);
    assert!(infos.iter().all(|v| v["lines"].as_array().is_some_and(|l| l.len() == 2)), "{infos:?}");
    let (name, done) = events.last().expect("events");
    assert_eq!(name, "done");
    assert_eq!(done["depth"], 4);
    // The same position searched by `analyze` to the same depth finds the same move.
    let cli = common::json(&common::words("analyze joker --moves e2e4,e7e5 --depth 4 --multipv 2 --json"));
    assert_eq!(done["best_move"], cli["search"]["best_move"]);
    assert_eq!(done["score"], cli["search"]["score"]);
    // A bad query is the CLI's error, before any event.
    let (status, mut reader) = server.open_stream("variant=chess");
    assert_eq!(status, 400);
    let mut body = String::new();
    let _ = reader.read_to_string(&mut body);
    assert_eq!(
        error_of(&body),
        cli_error(&["analyze", "chess"]).replace("argument <VARIANT>", "query parameter variant")
    );
    let (status, mut reader) = server.open_stream("variant=joker&moves=e2e5");
    assert_eq!(status, 400);
    let mut body = String::new();
    let _ = reader.read_to_string(&mut body);
    assert_eq!(error_of(&body), cli_error(&["analyze", "joker", "--moves", "e2e5"]));
    assert_eq!(server.open_stream("variant=joker&depth=99").0, 400);
    assert_eq!(server.open_stream("variant=joker&colour=red").0, 400);
    server.wait_idle(Duration::from_secs(10));
}

#[test]
fn a_client_that_goes_away_has_its_search_stopped() {
    let server = Server::start();
    // Sovereign to depth 64 within the 60 s cap: only the stop flag ends it early.
    let (status, mut reader) = server.open_stream("variant=sovereign");
    assert_eq!(status, 200);
    let events = read_events(&mut reader, |name, _| name == "info");
    assert_eq!(events.len(), 1);
    assert_eq!(server.searches(), 1);
    drop(reader);
    let took = server.wait_idle(Duration::from_secs(5));
    eprintln!("search stopped {took:?} after the client went away");
    assert!(took < Duration::from_secs(1), "{took:?}");
}

#[test]
fn a_client_that_drops_a_post_has_its_search_stopped() {
    let server = Server::start();
    // A 10 s analysis: only the stop flag ends it early.
    let body = json!({"variant": "sovereign", "time": 10_000}).to_string();
    let mut stream = server.connect();
    let head = format!(
        "POST /api/analyze HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n{body}",
        server.addr,
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("send");
    let start = Instant::now();
    while server.searches() == 0 {
        assert!(start.elapsed() < Duration::from_secs(5), "the search did not start");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(200));
    drop(stream);
    let took = server.wait_idle(Duration::from_secs(5));
    eprintln!("POST search stopped {took:?} after the client went away");
    assert!(took < Duration::from_millis(500), "{took:?}");
}

#[test]
fn ctrl_c_stops_the_searches_and_shuts_the_server_down() {
    let mut server = Server::start();
    let (status, mut reader) = server.open_stream("variant=sovereign");
    assert_eq!(status, 200);
    assert_eq!(read_events(&mut reader, |name, _| name == "info").len(), 1);
    let pid = server.child.id().to_string();
    let sent = Command::new("kill").args(["-INT", &pid]).status().expect("kill");
    assert!(sent.success());
    // The stream's search stops: its `done` event comes, then the stream ends.
    let events = read_events(&mut reader, |name, _| name == "done");
    let done = &events.last().expect("a done event").1;
    assert_eq!(done["stopped"], true, "{done}");
    let start = Instant::now();
    let code = loop {
        if let Some(status) = server.child.try_wait().expect("wait") {
            break status.code();
        }
        assert!(start.elapsed() < Duration::from_secs(5), "the server did not shut down");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(code, Some(0));
}

#[test]
fn fifty_concurrent_streams_are_served_or_refused_cleanly() {
    let server = Server::start();
    let outcomes: Vec<(u16, bool)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..50)
            .map(|i| {
                let server = &server;
                scope.spawn(move || {
                    let depth = 2 + i % 3;
                    let (status, mut reader) = server.open_stream(&format!("variant=joker&depth={depth}"));
                    if status == 200 {
                        let events = read_events(&mut reader, |name, _| name == "done");
                        (status, events.last().is_some_and(|(n, v)| n == "done" && v["depth"] == depth))
                    } else {
                        let mut body = String::new();
                        let _ = reader.read_to_string(&mut body);
                        (status, error_of(&body).starts_with("error: the server is busy"))
                    }
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("client thread")).collect()
    });
    let served = outcomes.iter().filter(|(s, _)| *s == 200).count();
    let refused = outcomes.iter().filter(|(s, _)| *s == 503).count();
    eprintln!("50 streams: {served} served, {refused} refused");
    assert_eq!(served + refused, 50, "{outcomes:?}");
    assert!(outcomes.iter().all(|(_, ok)| *ok), "{outcomes:?}");
    assert!(served >= 1);
    server.wait_idle(Duration::from_secs(20));
    assert_eq!(server.post("show", &json!({"variant": "joker"})).0, 200);
}

#[test]
fn slow_and_broken_clients_do_not_stop_the_others() {
    let server = Server::start();
    // A stream nobody reads, a request that never finishes its body, and garbage.
    let (status, idle_stream) = server.open_stream("variant=joker&depth=5");
    assert_eq!(status, 200);
    let mut half = server.connect();
    half.write_all(b"POST /api/show HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"var").expect("send");
    let mut garbage = server.connect();
    let _ = garbage.write_all(b"\x00\x01 NOT HTTP AT ALL\r\n\r\n");
    let mut answer = Vec::new();
    let _ = garbage.read_to_end(&mut answer);
    assert!(answer.is_empty() || answer.starts_with(b"HTTP/1.1 400"), "{}", String::from_utf8_lossy(&answer));
    // Meanwhile everyone else is answered.
    for _ in 0..5 {
        let (status, body) = server.post("moves", &json!({"variant": "mages"}));
        assert_eq!(status, 200, "{body}");
    }
    drop(half);
    drop(idle_stream);
    server.wait_idle(Duration::from_secs(10));
    assert_eq!(server.health()["streams"], 0);
}

// ---- The page in headless Chromium, through chromedriver (WebDriver) ----

/// Whether to run the browser test: chromedriver is installed (`.ci/run`
/// installs it), or `MOTLEY_BROWSER=1` asks for it (then a missing one
/// fails the test); `MOTLEY_BROWSER=0` skips it.
fn browser_wanted() -> bool {
    match std::env::var("MOTLEY_BROWSER").as_deref() {
        Ok("0") => false,
        Ok("1") => true,
        _ => std::path::Path::new("/usr/bin/chromedriver").exists(),
    }
}

/// A chromedriver process and one browser session, ended when dropped.
struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    profile: std::path::PathBuf,
}

const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser {
    fn start() -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new("/usr/bin/chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver (apt-get install chromium chromium-driver)");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
        let start = Instant::now();
        while TcpStream::connect(addr).is_err() {
            assert!(start.elapsed() < Duration::from_secs(20), "chromedriver does not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        // One profile per browser: the browser tests of this process run at once.
        static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let profile = std::env::temp_dir().join(format!("motley-chromium-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        let mut browser = Browser { driver, addr, session: String::new(), profile };
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1300,1000",
        ]
        .map(String::from)
        .into_iter()
        .chain([format!("--user-data-dir={}", browser.profile.display())])
        .collect::<Vec<_>>();
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": "/usr/bin/chromium", "args": args},
        }}});
        let answer = browser.command("POST", "/session", &caps);
        browser.session =
            answer["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {answer}")).to_owned();
        browser
    }

    /// One WebDriver command: its `value`.
    fn command(&self, method: &str, path: &str, body: &Value) -> Value {
        // `null`: a command without a body (a GET).
        let body = if body.is_null() { String::new() } else { body.to_string() };
        let (status, text) = http(self.addr, method, path, body.as_bytes());
        let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"));
        assert_eq!(status, 200, "{method} {path}: {doc}");
        doc["value"].clone()
    }

    fn session(&self, method: &str, path: &str, body: &Value) -> Value {
        self.command(method, &format!("/session/{}{path}", self.session), body)
    }

    fn open(&self, url: &str) {
        self.session("POST", "/url", &json!({ "url": url }));
    }

    fn script(&self, script: &str) -> Value {
        self.session("POST", "/execute/sync", &json!({ "script": script, "args": [] }))
    }

    /// Waits until `script` returns something other than null/false/"".
    fn wait_for(&self, script: &str) -> Value {
        let start = Instant::now();
        loop {
            let value = self.script(script);
            if !matches!(&value, Value::Null | Value::Bool(false)) && value != "" {
                return value;
            }
            assert!(start.elapsed() < Duration::from_secs(15), "timed out waiting for: {script}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// A real click (WebDriver's pointer) on the element `css` selects.
    /// The page may draw the element again between finding and clicking it
    /// (the move list gains its marks as the graph fills): a stale element
    /// is found again.
    fn click(&self, css: &str) {
        for _ in 0..5 {
            self.wait_for(&format!("return document.querySelector({css:?}) !== null"));
            let found = self.session("POST", "/element", &json!({"using": "css selector", "value": css}));
            let id =
                found[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {css}: {found}")).to_owned();
            let path = format!("/session/{}/element/{id}/click", self.session);
            let (status, text) = http(self.addr, "POST", &path, b"{}");
            if status == 200 {
                return;
            }
            assert!(text.contains("stale element"), "click {css}: {status} {text}");
        }
        panic!("{css} went stale five times");
    }

    fn square(&self, name: &str) {
        self.click(&format!("#board g.sq[data-square=\"{name}\"]"));
    }

    /// The move list's tokens once it has `n` of them.
    fn moves_after(&self, n: usize) -> Vec<String> {
        let list = self.wait_for(&format!(
            "const items = [...document.querySelectorAll('#movelist li.move:not(.var)')]; \
             return items.length === {n} && items.map(li => li.textContent.replace(/^\\d+\\./, ''));"
        ));
        serde_json::from_value(list).expect("a list of moves")
    }

    /// The position string the page shows once it equals `fen`.
    fn wait_fen(&self, fen: &str) {
        self.wait_for(&format!("return document.getElementById('fen').value === {fen:?}"));
    }

    /// Makes the input `token` on the page as a player would: a drop is
    /// the Joker Reserve's piece then the square; a move is its two squares
    /// (a defection with its forced king move too), then the choice when the
    /// page offers several inputs between them (promotions, a heresy, a
    /// defection); an input without a square (a resolution, a pure
    /// defection, a referee event) is its button.
    fn input(&self, token: &str) {
        let squares = squares_of(token);
        if let Some((role, _)) = token.split_once('@') {
            self.click(&format!("button[data-drop={role:?}]:not([disabled])"));
            self.square(&squares[0]);
        } else if let [from, to, ..] = squares.as_slice() {
            self.square(from);
            self.square(to);
            if self.script("return !document.getElementById('choices').hidden") == true {
                self.click(&format!("#choices button[data-token={token:?}]"));
            }
        } else {
            self.click(&format!("#special button[data-token={token:?}]"));
        }
    }

    /// Plays `tokens` one by one with [`Browser::input`], the move list
    /// checked after each: `before` moves are already on it.
    fn play(&self, before: &[&str], tokens: &[&str]) {
        let mut line: Vec<&str> = before.to_vec();
        for token in tokens {
            self.input(token);
            line.push(token);
            assert_eq!(self.moves_after(line.len()), line, "after {token}");
        }
    }

    /// Drags the piece on square `from` to square `to` with the pointer
    /// (WebDriver actions: press, move, release).
    fn drag(&self, from: &str, to: &str) {
        let element = |name: &str| {
            let css = format!("#board g.sq[data-square=\"{name}\"] rect");
            self.wait_for(&format!("return document.querySelector({css:?}) !== null"));
            let found = self.session("POST", "/element", &json!({"using": "css selector", "value": css}));
            let mut origin = serde_json::Map::new();
            origin.insert(ELEMENT.to_owned(), found[ELEMENT].clone());
            Value::Object(origin)
        };
        let (start, end) = (element(from), element(to));
        let actions = json!({"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
        "actions": [
            {"type": "pointerMove", "origin": start, "x": 0, "y": 0, "duration": 0},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerMove", "origin": end, "x": 0, "y": 0, "duration": 100},
            {"type": "pointerUp", "button": 0},
        ]}]});
        self.session("POST", "/actions", &actions);
        self.session("DELETE", "/actions", &Value::Null);
    }

    /// Plays the move from square `from` to square `to` by two clicks and
    /// returns the milliseconds from the second click to the frame after
    /// the board shows the new position (measured in the page).
    fn timed_move(&self, from: &str, to: &str) -> f64 {
        let script = "const [from, to, done] = arguments; \
            const fen = document.getElementById('fen'); const before = fen.value; \
            const square = (n) => document.querySelector(`#board g.sq[data-square=\"${n}\"]`); \
            square(from).dispatchEvent(new MouseEvent('click', {bubbles: true})); \
            const start = performance.now(); \
            square(to).dispatchEvent(new MouseEvent('click', {bubbles: true})); \
            const wait = () => fen.value !== before \
              ? requestAnimationFrame(() => done(performance.now() - start)) : requestAnimationFrame(wait); \
            wait();";
        let ms = self.session("POST", "/execute/async", &json!({ "script": script, "args": [from, to] }));
        ms.as_f64().unwrap_or_else(|| panic!("a time: {ms}"))
    }

    /// Waits until the evaluation graph has a point for each of the `n + 1`
    /// positions of a line of `n` moves.
    fn graph_points(&self, n: usize) {
        self.wait_for(&format!("return document.querySelectorAll('#graph .point').length === {}", n + 1));
    }

    /// Saves the window, scrolled to the top, as
    /// `target/serve-screenshots/<name>.png`.
    fn screenshot(&self, name: &str) -> std::path::PathBuf {
        self.script("window.scrollTo(0, 0); return true");
        let data = self.session("GET", "/screenshot", &Value::Null);
        let png = base64_decode(data.as_str().expect("base64 PNG"));
        assert!(png.starts_with(b"\x89PNG"), "not a PNG");
        let target = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).parent().expect("target dir");
        let dir = target.join("serve-screenshots");
        std::fs::create_dir_all(&dir).expect("screenshot dir");
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, png).expect("write screenshot");
        path
    }

    /// Types `text` into the input `css` selects as a person would: the
    /// box emptied, the text typed, then Enter (which commits it: a
    /// `change` event).
    fn type_text(&self, css: &str, text: &str) {
        self.wait_for(&format!("return document.querySelector({css:?}) !== null"));
        let found = self.session("POST", "/element", &json!({"using": "css selector", "value": css}));
        let id = found[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {css}: {found}")).to_owned();
        self.session("POST", &format!("/element/{id}/clear"), &json!({}));
        self.session("POST", &format!("/element/{id}/value"), &json!({"text": format!("{text}\u{E007}")}));
    }

    /// The tooltip a pointer resting on the middle of `square` shows: the
    /// first `<title>` of the element under it or of its nearest ancestor
    /// with one ("" without any).
    fn tooltip(&self, square: &str) -> String {
        let script = format!(
            "const rect = document.querySelector('#board g.sq[data-square=\"{square}\"] rect'); \
             rect.scrollIntoView({{block: 'center'}}); \
             const box = rect.getBoundingClientRect(); \
             let el = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2); \
             for (; el; el = el.parentElement) {{ \
               const title = [...el.children].find((c) => c.tagName.toLowerCase() === 'title'); \
               if (title) return title.textContent; \
             }} \
             return '';"
        );
        self.script(&script).as_str().expect("a tooltip").to_owned()
    }

    /// Waits until the tooltip of `square` is `text`.
    fn wait_tooltip(&self, square: &str, text: &str) {
        let start = Instant::now();
        loop {
            let shown = self.tooltip(square);
            if shown == text {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(15),
                "the tooltip of {square} is {shown:?}, not {text:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Turns analysis on, waits for lines, an arrow (when the best input is
    /// a move between squares) and the evaluation bar's score; `arrow`: whether to expect one.
    fn analysis_shows_lines(&self, arrow: bool) {
        self.click("#analyze");
        self.wait_for(
            "return document.querySelectorAll('#lines li').length > 0 \
             && document.getElementById('evaltext').textContent !== ''",
        );
        if arrow {
            self.wait_for("return document.querySelector('.best-arrow') !== null");
        }
    }
}

/// The squares a move token names, as the page reads them: a file letter
/// not after another letter, then a rank 1 to 16 not followed by a digit.
fn squares_of(token: &str) -> Vec<String> {
    let b = token.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let after_letter = i > 0 && b[i - 1].is_ascii_lowercase();
        if (b'a'..=b'p').contains(&b[i]) && !after_letter {
            let digits = b[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            let rank: u32 = token[i + 1..i + 1 + digits].parse().unwrap_or(0);
            if (1..=16).contains(&rank) {
                out.push(token[i..i + 1 + digits].to_owned());
                i += 1 + digits;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// Standard base64 (WebDriver's screenshots) to bytes.
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> =
        text.bytes().filter(|c| !c.is_ascii_whitespace() && *c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        out.extend(n.to_be_bytes()[1..chunk.len()].iter());
    }
    out
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = http(self.addr, "DELETE", &format!("/session/{}", self.session), b"");
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The example record of `variant` in `docs/records.md`.
fn docs_record(variant: &str) -> String {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/records.md")).expect("docs");
    let start = docs.find(&format!("<!-- example {variant} -->")).expect("the example");
    let block = &docs[start..];
    let body = &block[block.find("```text\n").expect("its block") + 8..];
    body[..body.find("```").expect("its end")].to_owned()
}

/// The status the server gives the end of `record` (its outcome's text),
/// from the view of its main line.
fn at_end_status(record: &str) -> String {
    let moves = common::with_stdin(&["replay", "-", "--moves"], record.as_bytes()).1;
    let variant = common::with_stdin(&["replay", "-", "--json"], record.as_bytes()).1;
    let variant: Value = serde_json::from_str(&variant).expect("replay JSON");
    let server = Server::start();
    let moves: Vec<&str> = moves.split_whitespace().collect();
    let (status, text) = server.post("view", &json!({"variant": variant["variant"], "moves": moves}));
    assert_eq!(status, 200, "{text}");
    let view: Value = serde_json::from_str(&text).expect("view JSON");
    assert!(view["outcome"].is_object(), "the record's game is over: {view}");
    view["status"].as_str().expect("status").to_owned()
}

/// `text` for a URL's fragment.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b == b',' { (b as char).to_string() } else { format!("%{b:02X}") }
        })
        .collect()
}

/// The page of one variant in the browser test: the server, the browser,
/// the variant and the board's square count.
struct VariantPage<'a> {
    server: &'a Server,
    browser: &'a Browser,
    variant: &'a str,
    squares: usize,
}

impl VariantPage<'_> {
    /// Opens `hash` (a fragment after `variant=`) as load `n`, and waits
    /// for the board.
    fn open(&self, n: u32, hash: &str) {
        let more = if hash.is_empty() { String::new() } else { format!("&{hash}") };
        self.browser.open(&format!("http://{}/?load={n}#variant={}{more}", self.server.addr, self.variant));
        self.browser.wait_for(&format!(
            "return document.querySelectorAll('#board g.sq[data-square]').length === {}",
            self.squares
        ));
    }

    /// The view of the position after `moves` (from `fen`).
    fn view(&self, fen: Option<&str>, moves: &[&str]) -> Value {
        let mut body = json!({"variant": self.variant, "moves": moves});
        if let Some(fen) = fen {
            body["fen"] = json!(fen);
        }
        let (status, text) = self.server.post("view", &body);
        assert_eq!(status, 200, "{text}");
        serde_json::from_str(&text).expect("view JSON")
    }

    /// Waits until the page shows the position after `moves`.
    fn wait_at(&self, fen: Option<&str>, moves: &[&str]) {
        let view = self.view(fen, moves);
        self.browser.wait_fen(view["show"]["fen"].as_str().expect("fen"));
    }

    /// Records: a bad one's error is shown beside Import (not at the top);
    /// the docs' example imported then exported keeps its tags, comments,
    /// marks and variations. Returns the example's main line.
    fn records(&self) -> Vec<String> {
        let b = self.browser;
        let bad = format!("[Variant \"{}\"]\n\n1. a1a1 *\n", self.variant);
        b.script(&format!("document.getElementById('record').value = {bad:?}; return true"));
        b.click("#import");
        b.wait_for(
            "const e = document.getElementById('record-error'); \
             return !e.hidden && e.textContent.includes('a1a1') \
             && e.parentElement === document.getElementById('import').closest('.panel')",
        );
        assert_eq!(b.script("return document.getElementById('error').hidden"), true, "{}", self.variant);
        let example = docs_record(self.variant);
        let main = common::with_stdin(&["replay", "-", "--moves"], example.as_bytes()).1;
        let main: Vec<String> = main.split_whitespace().map(String::from).collect();
        b.script(&format!("document.getElementById('record').value = {example:?}; return true"));
        b.click("#import");
        b.wait_for("return document.getElementById('record-error').hidden");
        assert_eq!(b.moves_after(main.len()), main, "{}", self.variant);
        b.wait_for("return document.querySelectorAll('#movelist li.move.var').length > 0");
        b.script("document.getElementById('record').value = ''; return true");
        b.click("#export");
        let exported = b.wait_for("return document.getElementById('record').value");
        let exported = exported.as_str().expect("text");
        for kept in ["[Date \"2026.12.01\"]", "\"Ann\"]", "a common reply}", "$1", "(", "[%eval +0.20]"] {
            assert!(exported.contains(kept), "{}: the export lost {kept}: {exported}", self.variant);
        }
        assert!(!exported.contains("[FEN"), "{exported}");
        main
    }

    /// A game tree on the board: from the first move of `main`, a move
    /// dragged starts a variation; the address follows it through a
    /// reload; ↓ and ↑ go between it and the main line; Undo takes it back.
    fn branch(&self, main: &[String]) {
        let b = self.browser;
        let first = [main[0].as_str()];
        let variations = b.script("return document.querySelectorAll('#movelist li.move.var').length");
        let variations = variations.as_u64().expect("a count");
        b.script("document.querySelector('#movelist li.move[data-ply=\"1\"]').click(); return true");
        self.wait_at(None, &first);
        let view = self.view(None, &first);
        let inputs = view["inputs"].as_array().expect("inputs");
        let plain = |i: &&Value| i["kind"] == "move" && i["marked"] != true && i["from"] != i["to"];
        let token = inputs
            .iter()
            .filter(plain)
            .filter(|i| {
                i["chance_after"].is_null() && i["becomes"].is_null() && i["token"] != main[1].as_str()
            })
            .find(|i| {
                inputs.iter().filter(plain).filter(|j| j["from"] == i["from"] && j["to"] == i["to"]).count()
                    == 1
            })
            .expect("a plain move");
        let (from, to) = (token["from"].as_str().expect("from"), token["to"].as_str().expect("to"));
        let token = token["token"].as_str().expect("token");
        b.drag(from, to);
        if b.script("return !document.getElementById('choices').hidden") == true {
            b.click(&format!("#choices button[data-token={token:?}]"));
        }
        self.wait_at(None, &[first[0], token]);
        let count = format!(
            "return document.querySelectorAll('#movelist li.move.var').length === {}",
            variations + 1
        );
        b.wait_for(&count);
        b.wait_for(&format!("return location.hash.includes('({token}') && location.hash.includes('at=')"));
        b.script("location.reload(); return true");
        b.wait_for("return document.querySelector('#movelist li.move.var.current') !== null");
        self.wait_at(None, &[first[0], token]);
        b.wait_for(&count);
        // The main line beside the variation has the server's marks too.
        let line = self.view(None, &main.iter().map(String::as_str).collect::<Vec<_>>());
        let marks: Vec<Value> =
            line["line"].as_array().expect("line").iter().map(|e| e["marks"].clone()).collect();
        b.wait_for(&format!(
            "const items = [...document.querySelectorAll('#movelist li.move:not(.var)')]; \
             return JSON.stringify(items.map(li => (li.dataset.marks || '').replace(/ \\d+%$/, '').replace(/[?!]+$/, ''))) === {:?}",
            serde_json::to_string(&marks).expect("JSON")
        ));
        let key = |k: &str| {
            format!("document.dispatchEvent(new KeyboardEvent('keydown', {{key: '{k}'}})); return true")
        };
        b.script(&key("ArrowUp"));
        self.wait_at(None, &[first[0], main[1].as_str()]);
        b.script(&key("ArrowDown"));
        self.wait_at(None, &[first[0], token]);
        b.click("#undo");
        self.wait_at(None, &first);
        b.wait_for(&format!(
            "return document.querySelectorAll('#movelist li.move.var').length === {variations}"
        ));
        assert_eq!(b.moves_after(main.len()), main, "{}", self.variant);
    }

    /// Analysis belongs to the position shown: one step forward clears the
    /// lines, the bar and the arrow at once; stopped, nothing comes back.
    fn stale_analysis(&self) {
        let b = self.browser;
        b.analysis_shows_lines(false);
        let cleared = "return document.querySelectorAll('#lines li').length === 0 \
             && document.getElementById('evaltext').textContent === '' \
             && document.querySelector('.best-arrow') === null";
        assert_eq!(b.script(&format!("document.getElementById('forward').click(); {cleared}")), true);
        b.wait_for("return document.querySelectorAll('#lines li').length > 0");
        b.click("#analyze");
        b.click("#back");
        b.wait_for(cleared);
    }

    /// `annotate`'s mark on a move, in the move list once the graph is
    /// filled: the last of `moves` (from `fen`) is marked `class` (a
    /// blunder, a mistake).
    fn judged(&self, n: u32, fen: Option<&str>, moves: &[&str], class: &str) {
        let fen = fen.map_or_else(String::new, |f| format!("fen={}&", encode(f)));
        self.open(n, &format!("{fen}moves={}", encode(&moves.join(","))));
        self.browser.graph_points(moves.len());
        self.browser.wait_for(&format!(
            "const li = document.querySelector('#movelist li.move[data-ply=\"{}\"]'); \
             return li.classList.contains({class:?}) && li.title.includes({class:?})",
            moves.len()
        ));
    }

    /// A game finished on the board from `fen` by `token` (a click on each
    /// square): the status gives the real reason and no side to move, the
    /// move list marks the move with `marks`, and the board marks the royal
    /// piece's square with `kind`, over its own colour.
    fn finished(&self, n: u32, fen: &str, token: &str, (marks, square, kind): (&str, &str, &str)) {
        let b = self.browser;
        self.open(n, &format!("fen={}", encode(fen)));
        // Before the move: a royal piece in check is marked (as the view says).
        let before = self.view(Some(fen), &[])["marks"].as_array().expect("marks").len();
        b.wait_for(&format!("return document.querySelectorAll('#board .royal-mark').length === {before}"));
        b.play(&[], &[token]);
        self.wait_at(Some(fen), &[token]);
        let view = self.view(Some(fen), &[token]);
        let over = view["status"].as_str().expect("status");
        assert!(view["outcome"].is_object(), "{}: {over}", self.variant);
        b.wait_for(&format!(
            "const s = document.getElementById('status').textContent; \
             return s.includes('Game over: ' + {over:?}) && !s.includes(' to move')"
        ));
        b.wait_for(&format!(
            "return document.querySelector('#movelist li.move[data-ply=\"1\"]').dataset.marks.startsWith({marks:?})"
        ));
        let mark = format!("#board .royal-mark[data-square=\"{square}\"][data-kind=\"{kind}\"]");
        b.wait_for(&format!("return document.querySelector({mark:?}) !== null"));
        // The mark is rings and a badge: the square's fill still shows.
        assert_eq!(
            b.script(&format!(
                "return [...document.querySelectorAll({mark:?} + ' circle')].every(c => c.getAttribute('r') < 12 || c.getAttribute('fill') === 'none')"
            )),
            true
        );
    }
}

#[test]
fn the_page_plays_moves_by_clicking_in_chromium() {
    if !browser_wanted() {
        eprintln!("skipped: no /usr/bin/chromedriver (MOTLEY_BROWSER=1 runs it anyway)");
        return;
    }
    let started = Instant::now();
    let server = Server::start();
    let browser = Browser::start();
    let page = |n: u32, hash: &str| format!("http://{}/?load={n}#{hash}", server.addr);
    let fen_after = |args: &[&str]| common::json(args)["fen"].as_str().expect("fen").to_owned();
    let fixture = |path: &str| {
        let text = std::fs::read_to_string(format!("{}/../fixtures/{path}", env!("CARGO_MANIFEST_DIR")))
            .expect("fixture");
        text.lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty())
            .expect("a position")
            .trim()
            .to_owned()
    };
    let mut shots = Vec::new();

    // Joker's Chess: a game by clicking, back and forward, then a drop from
    // the Joker Reserve.
    browser.open(&page(1, "variant=joker"));
    browser.wait_for("return document.querySelectorAll('#board g.sq[data-square]').length === 64");
    shots.push(browser.screenshot("joker-start"));
    let joker = ["e2e4", "e7e5", "g1f3", "b8c6"];
    browser.play(&[], &joker);
    browser.wait_fen(&fen_after(&["play", "joker", "--moves", &joker.join(","), "--json"]));
    browser.click("#back");
    browser.wait_fen(&fen_after(&["play", "joker", "--moves", &joker[..3].join(","), "--json"]));
    browser.click("#last");
    browser.wait_fen(&fen_after(&["play", "joker", "--moves", &joker.join(","), "--json"]));
    // The evaluation graph: a point per position; a click on one goes there.
    browser.graph_points(joker.len());
    browser.click("#graph .point[data-ply=\"1\"]");
    browser.wait_fen(&fen_after(&["play", "joker", "--moves", "e2e4", "--json"]));
    browser.wait_for("return document.querySelector('#movelist li.current').dataset.ply === '1'");
    browser.click("#last");
    browser.wait_fen(&fen_after(&["play", "joker", "--moves", &joker.join(","), "--json"]));

    // The address follows the position shown: a reload comes back to it.
    let at_two = fen_after(&["play", "joker", "--moves", "e2e4,e7e5", "--json"]);
    browser.script("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft'})); return true");
    browser.click("#back");
    browser.wait_fen(&at_two);
    browser.wait_for(
        "return location.hash.includes('moves=e2e4,e7e5,g1f3,b8c6') && location.hash.includes('ply=2')",
    );
    browser.script("location.reload(); return true");
    browser.wait_for("return document.querySelector('#movelist li.current') !== null");
    browser.wait_fen(&at_two);
    assert_eq!(browser.moves_after(4), joker);
    assert_eq!(browser.script("return document.querySelector('#movelist li.current').dataset.ply"), "2");

    // A game tree: a move (dragged) from an earlier ply starts a variation
    // beside the main line, which stays; both are navigated; the variation
    // is promoted to the main line, then taken back.
    browser.drag("b1", "c3");
    let branch = fen_after(&["play", "joker", "--moves", "e2e4,e7e5,b1c3", "--json"]);
    browser.wait_fen(&branch);
    browser.wait_for("return document.querySelectorAll('#movelist li.move.var').length === 1");
    assert_eq!(browser.moves_after(4), joker);
    // The address holds the whole tree and the node shown: a reload keeps
    // the variation and comes back to it.
    browser.wait_for("return location.hash.includes('moves=e2e4,e7e5,g1f3,(b1c3),b8c6') && location.hash.includes('at=0.0.1')");
    browser.script("location.reload(); return true");
    browser.wait_for("return document.querySelector('#movelist li.move.var.current') !== null");
    browser.wait_fen(&branch);
    assert_eq!(browser.moves_after(4), joker);
    browser.click("#movelist li.move[data-ply=\"4\"]");
    browser.wait_fen(&fen_after(&["play", "joker", "--moves", &joker.join(","), "--json"]));
    browser.click("#movelist li.move.var");
    browser.wait_fen(&branch);
    browser.click("#promote");
    assert_eq!(browser.moves_after(3), ["e2e4", "e7e5", "b1c3"]);
    browser.wait_for("return document.querySelectorAll('#movelist li.move.var').length === 2");
    browser.click("#undo");
    browser.wait_fen(&at_two);
    assert_eq!(browser.moves_after(4), joker);
    assert_eq!(browser.script("return document.querySelectorAll('#movelist li.move.var').length"), 0);
    browser.click("#last");

    // Records: an error is shown beside Import; a record imported then
    // exported keeps its tags, comments and variations.
    browser.script("document.getElementById('record').value = '[Variant \"joker\"] 1. e2e5 *'; return true");
    browser.click("#import");
    browser.wait_for(
        "const e = document.getElementById('record-error'); \
         return !e.hidden && e.textContent.includes('e2e5') \
         && e.parentElement === document.getElementById('import').closest('.panel')",
    );
    assert_eq!(browser.script("return document.getElementById('error').hidden"), true);
    let example = docs_record("joker");
    browser.script(&format!("document.getElementById('record').value = {example:?}; return true"));
    browser.click("#import");
    browser.wait_for("return document.getElementById('record-error').hidden");
    browser.wait_for(&format!(
        "return document.querySelectorAll('#movelist li.move:not(.var)').length === {}",
        common::with_stdin(&["replay", "-", "--moves"], example.as_bytes()).1.split_whitespace().count()
    ));
    browser.script("document.getElementById('record').value = ''; return true");
    browser.click("#export");
    let exported = browser.wait_for("return document.getElementById('record').value");
    let exported = exported.as_str().expect("text");
    for kept in ["[White \"Ann\"]", "{the main line goes", "(2... a7a5 3. a2a4)", "[%eval +0.20]"] {
        assert!(exported.contains(kept), "the export lost {kept}: {exported}");
    }
    assert!(!exported.contains("[FEN"), "{exported}");
    // The tree changed (a variation made on the board from the first move):
    // Export writes the whole tree with the record's tags and comments.
    let imported_variations =
        browser.script("return document.querySelectorAll('#movelist li.move.var').length");
    // (clicked in one script: the list is redrawn while the graph fills)
    browser.script("document.querySelector('#movelist li.move[data-ply=\"1\"]').click(); return true");
    browser.wait_fen(&fen_after(&["play", "joker", "--moves", "f2f3", "--json"]));
    browser.input("e7e5");
    browser.wait_fen(&fen_after(&["play", "joker", "--moves", "f2f3,e7e5", "--json"]));
    browser.wait_for(&format!(
        "return document.querySelectorAll('#movelist li.move.var').length === {} + 1",
        imported_variations
    ));
    browser.script("document.getElementById('record').value = ''; return true");
    browser.click("#export");
    let exported = browser.wait_for("return document.getElementById('record').value");
    let exported = exported.as_str().expect("text");
    for kept in [
        "[White \"Ann\"]",
        "[Date \"2026.12.01\"]",
        "main line goes on}",
        "(2... a7a5 3. a2a4)",
        "[%eval +0.20]",
        "$1",
        "(1... e7e5)",
    ] {
        assert!(exported.contains(kept), "the export of the changed tree lost {kept}: {exported}");
    }
    assert!(!exported.contains("[FEN"), "{exported}");
    let with_reserve = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/joker/positions/drops-white.fen"
    ))
    .expect("fixture")
    .trim()
    .to_owned();
    assert!(
        common::ok(&["moves", "joker", "--fen", &with_reserve]).lines().any(|m| m == "N@e6"),
        "the fixture has a knight drop on e6"
    );
    browser.open(&page(2, &format!("variant=joker&fen={}", encode(&with_reserve))));
    let reply = common::ok(&["moves", "joker", "--fen", &with_reserve, "--moves", "N@e6"]);
    let reply = reply.lines().find(|m| squares_of(m).len() == 2 && !m.contains('@')).expect("a reply");
    browser.play(&[], &["N@e6", reply]);
    browser.wait_fen(&fen_after(&[
        "play",
        "joker",
        "--fen",
        &with_reserve,
        "--moves",
        &format!("N@e6,{reply}"),
        "--json",
    ]));
    browser.analysis_shows_lines(false);
    browser.graph_points(2);
    shots.push(browser.screenshot("joker-analysis"));
    // Analysis belongs to the position shown: a step back clears the
    // lines, the bar and the arrow at once (the search starts again there);
    // with analysis stopped, nothing comes back.
    let cleared = "return document.querySelectorAll('#lines li').length === 0 \
         && document.getElementById('evaltext').textContent === '' \
         && document.querySelector('.best-arrow') === null";
    let step_back = format!("document.getElementById('back').click(); {cleared}");
    assert_eq!(browser.script(&step_back), true);
    browser.wait_for("return document.querySelectorAll('#lines li').length > 0");
    browser.click("#analyze");
    browser.click("#first");
    browser.wait_fen(&with_reserve);
    assert_eq!(browser.script(cleared), true);

    // Mage's Chess: an engagement declared on the board and resolved with
    // its button, a referee's sanction from its button (a record entry: the
    // page replays the line as a record), and the sanctioned turn served.
    browser.open(&page(3, "variant=mages"));
    browser.wait_for("return document.querySelectorAll('#board g.sq[data-square]').length === 48");
    let mages =
        ["c2c3", "d7d6", "c3c4", "d6d5", "c4d5", "challenger", "sanction:blue", "e7e6", "b2b3", "a2a3"];
    browser.play(&[], &mages[..4]);
    // An engagement's odds show before it is declared: the piece selected.
    browser.square("c4");
    browser.wait_for(
        "const p = document.getElementById('preview'); \
         return !p.hidden && p.textContent.includes('c4d5') && p.textContent.includes('challenger')",
    );
    browser.square("c4");
    browser.play(&mages[..4], &mages[4..5]);
    browser.wait_for("return document.querySelector('#special button[data-token=\"challenger\"]') !== null");
    browser.play(&mages[..5], &mages[5..]);
    let record = common::ok(&[&["record", "mages", "--moves"][..], &mages[..]].concat());
    let replayed = common::with_stdin(&["replay", "-", "--json"], record.as_bytes());
    let replayed: Value = serde_json::from_str(&replayed.1).expect("replay JSON");
    browser.wait_fen(replayed["fen"].as_str().expect("fen"));
    // After b2b3 Blue's turn was the sanctioned one: Green moved again.
    assert_eq!(replayed["side_to_move"], "blue");
    browser.wait_for("return document.querySelectorAll('#movelist li.referee').length === 1");
    browser.analysis_shows_lines(true);
    browser.graph_points(mages.len());
    shots.push(browser.screenshot("mages-analysis"));
    browser.click("#analyze");
    // A heresy from the board: the move's squares, then its choice.
    browser.open(&page(11, "variant=mages"));
    browser.wait_for("return document.querySelectorAll('#board g.sq[data-square]').length === 48");
    shots.push(browser.screenshot("mages-start"));
    browser.play(&[], &["c2c3!"]);
    browser.wait_fen(&fen_after(&["play", "mages", "--moves", "c2c3!", "--json"]));
    // A pending engagement from a position string, resolved from the page.
    browser.open(&page(4, &format!("variant=mages&fen={}", encode(PENDING))));
    browser.wait_for("return document.querySelector('#special button[data-token=\"challenger\"]') !== null");
    shots.push(browser.screenshot("mages-engagement"));
    browser.play(&[], &["challenger"]);
    browser.wait_fen(&fen_after(&["play", "mages", "--fen", PENDING, "--moves", "challenger", "--json"]));
    // A record whose referee events end the game: imported, shown, over.
    let ended = common::ok(&["record", "mages", "--moves", "c2c3", "timeout", "d2d3", "resign:blue"]);
    browser.script(&format!("document.getElementById('record').value = {ended:?}; return true"));
    browser.click("#import");
    assert_eq!(browser.moves_after(4), ["c2c3", "timeout", "d2d3", "resign:blue"]);
    let at_end = common::with_stdin(&["replay", "-", "--json"], ended.as_bytes()).1;
    let at_end: Value = serde_json::from_str(&at_end).expect("replay JSON");
    browser.wait_fen(at_end["fen"].as_str().expect("fen"));
    let over = at_end_status(&ended);
    browser.wait_for(&format!(
        "const s = document.getElementById('status').textContent; \
         return s.includes('Game over: ' + {over:?}) && !s.includes(' to move')"
    ));
    assert_eq!(browser.script("return document.querySelectorAll('#referee button').length"), 0);
    assert_eq!(browser.script("return document.querySelectorAll('#movelist li.referee').length"), 2);
    browser.graph_points(4);
    // The record of docs/records.md: the game ends by its last move (a
    // royal downed), which the status names, not the referee's earlier
    // timeout.
    let example = docs_record("mages");
    browser.script(&format!("document.getElementById('record').value = {example:?}; return true"));
    browser.click("#import");
    let over = at_end_status(&example);
    assert!(!over.contains("timeout"), "{over}");
    browser.wait_for(&format!(
        "const s = document.getElementById('status').textContent; \
         return s.includes('Game over: ' + {over:?}) && !s.includes(' to move')"
    ));
    shots.push(browser.screenshot("mages-over"));
    assert_eq!(browser.script("return document.querySelectorAll('#referee button').length"), 0);

    // Sovereign Chess: a game from the start, a promotion chosen among the
    // pieces, a defection with its forced king move, a pure defection.
    browser.open(&page(5, "variant=sovereign"));
    browser.wait_for("return document.querySelectorAll('#board g.sq[data-square]').length === 256");
    shots.push(browser.screenshot("sovereign-start"));
    let sovereign = ["e2e4", "e15e13", "h2h4", "h15h13", "i2i4"];
    browser.play(&[], &sovereign);
    browser.wait_fen(&fen_after(&["play", "sovereign", "--moves", &sovereign.join(","), "--json"]));
    browser.analysis_shows_lines(true);
    // The bar is White's, from White's side: flipped, it fills from the top.
    assert_eq!(browser.script("return document.getElementById('evalfill').classList.contains('top')"), false);
    browser.click("#flip");
    browser.wait_for("return document.getElementById('evalfill').classList.contains('top')");
    browser.click("#flip");
    browser.graph_points(sovereign.len());
    shots.push(browser.screenshot("sovereign-analysis"));
    browser.click("#analyze");
    let figure4 = fixture("sovereign/positions/figure4.fen");
    browser.open(&page(6, &format!("variant=sovereign&fen={}", encode(&figure4))));
    browser.wait_for("return document.querySelectorAll('#board g.sq[data-square]').length === 256");
    browser.play(&[], &["i6i7q"]);
    let forced = fixture("sovereign/positions/forced-defection.fen");
    browser.open(&page(7, &format!("variant=sovereign&fen={}", encode(&forced))));
    browser.wait_for("return document.querySelectorAll('#board g.sq[data-square]').length === 256");
    let defection = ["defect:green:f6e5", "a16b16", "e5e4"];
    browser.play(&[], &defection);
    browser.wait_fen(&fen_after(&[
        "play",
        "sovereign",
        "--fen",
        &forced,
        "--moves",
        &defection.join(","),
        "--json",
    ]));
    browser.wait_for("return document.getElementById('details').textContent.includes('owned: white: green')");
    let red_king = fixture("sovereign/positions/mid-red-king.fen");
    browser.open(&page(8, &format!("variant=sovereign&fen={}", encode(&red_king))));
    browser.wait_for("return document.querySelectorAll('#board g.sq[data-square]').length === 256");
    browser.play(&[], &["defect:violet"]);
    browser.wait_fen(&fen_after(&[
        "play",
        "sovereign",
        "--fen",
        &red_king,
        "--moves",
        "defect:violet",
        "--json",
    ]));

    // How long a click takes to show the next position on a Sovereign
    // board: twenty moves, each two clicks, timed in the page.
    browser.open(&page(10, "variant=sovereign"));
    browser.wait_for("return document.querySelectorAll('#board g.sq[data-square]').length === 256");
    let mut line: Vec<String> = Vec::new();
    let mut times = Vec::new();
    for i in 0..20 {
        let played = line.join(",");
        let args = if line.is_empty() {
            vec!["moves", "sovereign"]
        } else {
            vec!["moves", "sovereign", "--moves", &played]
        };
        let legal = common::ok(&args);
        let legal: Vec<&str> = legal.lines().collect();
        let simple: Vec<&str> = legal
            .iter()
            .copied()
            .filter(|t| {
                let sq = squares_of(t);
                sq.len() == 2 && !t.contains(':') && legal.iter().filter(|u| squares_of(u) == sq).count() == 1
            })
            .collect();
        let token = simple[(i * 7) % simple.len()];
        let squares = squares_of(token);
        if !line.is_empty() {
            browser.wait_fen(&fen_after(&["play", "sovereign", "--moves", &played, "--json"]));
        }
        times.push(browser.timed_move(&squares[0], &squares[1]));
        line.push(token.to_owned());
    }
    browser.wait_fen(&fen_after(&["play", "sovereign", "--moves", &line.join(","), "--json"]));
    times.sort_by(f64::total_cmp);
    eprintln!(
        "a click on a Sovereign board shows the next position in {:.0} ms (median of {}, slowest {:.0} ms)",
        (times[9] + times[10]) / 2.0,
        times.len(),
        times[times.len() - 1]
    );

    // Sovereign Chess Royale, with Ash's seat at the bottom: a round of four
    // seats by clicking (the squares keep their names whatever the turn).
    browser.open(&page(9, "variant=royale"));
    browser.wait_for("return document.querySelectorAll('#board g.sq[data-square]').length === 256");
    shots.push(browser.screenshot("royale-start"));
    let a1 = "JSON.stringify(document.querySelector('#board g.sq[data-square=\"a1\"] rect').getBoundingClientRect())";
    browser.script(&format!("window.a1Before = {a1}; return true"));
    browser.click("#seat option[value=\"ash\"]");
    browser.wait_for(&format!("return {a1} !== window.a1Before"));
    let royale = ["e2e4", "b5d5", "o10m10", "l15l13", "f2f4"];
    browser.play(&[], &royale);
    browser.wait_fen(&fen_after(&["play", "royale", "--moves", &royale.join(","), "--json"]));
    assert_eq!(browser.script("return document.getElementById('seat').value"), "ash");
    browser.analysis_shows_lines(true);
    browser.graph_points(royale.len());
    shots.push(browser.screenshot("royale-analysis"));
    browser.click("#analyze");

    // Every variant: records in and out, a game tree, stale analysis,
    // annotate's marks, and a finished game with its royal piece marked.
    let mages_blunder = ["d2d3", "a7a6", "d3d4", "a6a5", "e1a5"];
    let rounds = [
        ("sovereign", 256, (Some(LINK_MATE), &["a1b1"][..], "blunder"), ("e4e12", "\u{d7}#", "p16", "mated")),
        (
            "royale",
            256,
            (Some(ROYALE_LAST_KINGS), &["a1a2"], "blunder"),
            ("a1b2", "\u{d7}", "b2", "captured"),
        ),
        ("mages", 48, (None, &mages_blunder, "blunder"), ("challenger", "\u{d7}", "c5", "captured")),
        ("joker", 64, (Some(JOKER_MIDDLE_GAME), &["a3b4"], "mistake"), ("e1e8", "\u{d7}", "e8", "captured")),
    ];
    let fens = [LINK_MATE, ROYALE_LAST_KINGS, MAGES_ROYAL_ENGAGED, JOKER_LAST_KING];
    for (n, ((variant, squares, (start, missed, class), (token, marks, square, kind)), fen)) in
        (20..).zip(rounds.into_iter().zip(fens))
    {
        let round = Instant::now();
        let page = VariantPage { server: &server, browser: &browser, variant, squares };
        page.open(n, "");
        let main = page.records();
        page.branch(&main);
        page.stale_analysis();
        page.judged(n + 10, start, missed, class);
        page.finished(n + 20, fen, token, (marks, square, kind));
        shots.push(browser.screenshot(&format!("{variant}-royal")));
        eprintln!("{variant}: the round took {:?}", round.elapsed());
    }

    browser.open("about:blank");
    server.wait_idle(Duration::from_secs(5));
    for shot in &shots {
        eprintln!("screenshot: {}", shot.display());
    }
    eprintln!("the browser test took {:?}", started.elapsed());
}

/// The lines of the web board's odds panel (`cli/assets/sport.js`) for the
/// `odds` document `doc`: its heading, then one line per market and the
/// simulations.
fn odds_panel(doc: &Value) -> Vec<String> {
    let percent = |share: &Value| format!("{:.1}%", 100.0 * share["p"].as_f64().expect("p"));
    let positive = |share: &Value| share["p"].as_f64().expect("p") > 0.0;
    let r = &doc["result"];
    let mut result = format!(
        "Result: green {} · draw {} · blue {}",
        percent(&r["green"]),
        percent(&r["draw"]),
        percent(&r["blue"])
    );
    if positive(&r["undecided"]) {
        result += &format!(" · undecided {}", percent(&r["undecided"]));
    }
    let first = &doc["first_engagement"];
    let mut engagement = format!("First engagement to the challenger: {}", percent(&first["yes"]));
    if positive(&first["void"]) {
        engagement += &format!(" (void {})", percent(&first["void"]));
    }
    let total = &doc["total_engagements"];
    vec![
        "Odds".to_owned(),
        result,
        format!("A heresy: {}", percent(&doc["heresy"]["yes"])),
        engagement,
        format!(
            "Engagements over {}: {} (so far {})",
            total["line"],
            percent(&total["over"]),
            total["so_far"]
        ),
        format!(
            "{} simulations, {}",
            doc["simulations"],
            if doc["rated"] == true { "ratings" } else { "roles only" }
        ),
    ]
}

/// A Mage's Chess match with lineups on the web board, in Chromium: the
/// lineups typed into the panel name each piece's player on hover, and the
/// odds panel follows the match. After an engagement's resolution (a
/// button) and after a referee's sanction (a button) the page asks
/// `POST /api/odds` again for the new position with the lineups, and the
/// panel shows exactly the server's markets for it: the first engagement
/// settled for the challenger, one engagement so far, then the prices
/// after the sanction (which leaves the position string as it was). A bad
/// lineup (a name given twice) shows the server's error in the panel and
/// takes the names off the board; mended, they come back; the board of
/// another variant (Royale, without markets) names no one.
#[test]
fn a_mages_match_with_lineups_shows_names_and_live_odds_in_chromium() {
    if !browser_wanted() {
        eprintln!("skipped: no /usr/bin/chromedriver (MOTLEY_BROWSER=1 runs it anyway)");
        return;
    }
    const GREEN: &str = "a1 Ann, b1 Ben, c1 Cid, d1 Dee, e1 Eve, f1 Fay, a2 Gus, b2 Hal, c2 Ivy, \
                         d2 Jon, e2 Kim, f2 Lou, Luminary Max";
    const BLUE: &str = "a8 Abe, b8 Bea, c8 Cal, d8 Dot, e8 Eli, f8 Flo, a7 Gil, b7 Hod, c7 Ira, \
                        d7 Jay, e7 Kai, f7 Liv, Luminary Moe";
    let started = Instant::now();
    let server = Server::start();
    let browser = Browser::start();
    browser.open(&format!("http://{}/?load=1#variant=mages", server.addr));
    browser.wait_for("return document.querySelectorAll('#board g.sq[data-square]').length === 48");
    // Without lineups the panel shows the odds of the roles alone.
    browser.wait_for(
        "return !document.getElementById('sport').hidden \
         && document.getElementById('odds').textContent.includes('simulations')",
    );
    assert_eq!(browser.script("return document.querySelectorAll('#board title.person').length"), 0);
    // Every request for odds the page makes, in order.
    browser.script(
        "window.oddsAsked = []; const fetch = window.fetch.bind(window); \
         window.fetch = (url, init) => { \
           if (String(url).endsWith('/api/odds')) window.oddsAsked.push(JSON.parse(init.body)); \
           return fetch(url, init); }; \
         return true",
    );
    let asked = || browser.script("return window.oddsAsked.length").as_u64().expect("a count");
    let rows =
        "return JSON.stringify([...document.querySelectorAll('#odds > div')].map((d) => d.textContent))";
    // Waits until the page has asked for the odds after `moves` (with the
    // lineups) since `before` requests and shows the server's answer to
    // that request: the answer.
    let odds_after = |before: u64, moves: &[&str]| -> Value {
        browser.wait_for(&format!(
            "const a = window.oddsAsked; const last = a[a.length - 1]; return a.length > {before} \
             && JSON.stringify(last.moves) === {:?} && last.green_lineup === {GREEN:?} \
             && last.blue_lineup === {BLUE:?}",
            serde_json::to_string(moves).expect("JSON")
        ));
        let body = browser.script("return window.oddsAsked[window.oddsAsked.length - 1]");
        assert_eq!(body["variant"], "mages");
        let (status, text) = server.post("odds", &body);
        assert_eq!(status, 200, "{text}");
        let doc: Value = serde_json::from_str(&text).expect("odds JSON");
        assert_eq!(doc["entries"], moves.len(), "{doc}");
        let expected = serde_json::to_string(&odds_panel(&doc)).expect("JSON");
        browser.wait_for(&format!("{rows} === {expected:?}"));
        doc
    };

    // The lineups, typed and committed: each piece names its player.
    let before = asked();
    browser.type_text("#lineup-green", GREEN);
    browser.type_text("#lineup-blue", BLUE);
    let start = odds_after(before, &[]);
    assert_eq!(start["people"].as_array().expect("people").len(), 24, "{start}");
    browser.wait_for("return document.querySelectorAll('#board title.person').length === 24");
    browser.wait_tooltip("c2", "Ivy (green)");
    browser.wait_tooltip("d7", "Jay (blue)");
    browser.wait_tooltip("c4", "");

    // Ivy's piece goes to c4 and declares an engagement against Jay's on d5.
    let line = ["c2c3", "d7d6", "c3c4", "d6d5", "c4d5", "challenger", "sanction:blue"];
    browser.play(&[], &line[..4]);
    odds_after(0, &line[..4]);
    browser.wait_tooltip("c4", "Ivy (green)");
    browser.wait_tooltip("d5", "Jay (blue)");
    let before = asked();
    browser.play(&line[..4], &line[4..5]);
    let pending = odds_after(before, &line[..5]);
    assert_eq!(pending["first_engagement"]["settled"], false, "{pending}");
    assert_eq!(pending["total_engagements"]["so_far"], 1, "{pending}");

    // The engagement resolved by its button: the challenger wins, and the
    // odds are the new position's, the first engagement settled.
    browser.wait_for("return document.querySelector('#special button[data-token=\"challenger\"]') !== null");
    let before = asked();
    browser.play(&line[..5], &line[5..6]);
    let resolved = odds_after(before, &line[..6]);
    assert_eq!(resolved["first_engagement"]["settled"], true, "{resolved}");
    assert_eq!(resolved["first_engagement"]["yes"]["p"], 1.0, "{resolved}");
    assert_eq!(resolved["total_engagements"]["so_far"], 1, "{resolved}");
    assert_ne!(odds_panel(&pending), odds_panel(&resolved), "the resolution changes what the panel shows");
    browser.wait_tooltip("d5", "Ivy (green)");
    browser.wait_tooltip("c4", "");

    // A referee's sanction from its button: the same position string, new odds.
    browser
        .wait_for("return document.querySelector('#referee button[data-token=\"sanction:blue\"]') !== null");
    let before = asked();
    browser.play(&line[..6], &line[6..]);
    let sanctioned = odds_after(before, &line);
    assert_eq!(sanctioned["fen"], resolved["fen"], "a sanction leaves the position string as it was");
    assert_ne!(odds_panel(&resolved), odds_panel(&sanctioned), "the sanction changes what the panel shows");
    browser.wait_tooltip("d5", "Ivy (green)");

    // A bad lineup: Ann twice. The panel says so and the board names no one.
    let twice = GREEN.replace("b1 Ben", "b1 Ann");
    let before = asked();
    browser.type_text("#lineup-green", &twice);
    browser.wait_for(&format!(
        "const a = window.oddsAsked; return a.length > {before} && a[a.length - 1].green_lineup === {twice:?}"
    ));
    let (status, text) =
        server.post("odds", &browser.script("return window.oddsAsked[window.oddsAsked.length - 1]"));
    assert_eq!(status, 400, "{text}");
    let error = error_of(&text);
    assert!(error.contains("Ann is named twice"), "{error}");
    browser.wait_for(&format!(
        "const e = document.querySelector('#odds .error'); \
         return !document.getElementById('sport').hidden && e !== null && e.textContent === {error:?}"
    ));
    browser.wait_for("return document.querySelectorAll('#board title.person').length === 0");
    assert_eq!(browser.tooltip("d5"), "");
    // Mended, the names come back; on another variant's board they go.
    browser.type_text("#lineup-green", GREEN);
    browser.wait_tooltip("d5", "Ivy (green)");
    browser.click("#variant option[value=\"royale\"]");
    browser.wait_for("return document.querySelectorAll('#board g.sq[data-square]').length === 256");
    browser.wait_for("return document.getElementById('sport').hidden");
    browser.wait_for("return document.querySelectorAll('#board title.person').length === 0");

    browser.open("about:blank");
    eprintln!("the lineups browser test took {:?}", started.elapsed());
}
