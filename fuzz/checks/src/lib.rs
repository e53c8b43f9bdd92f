//! The checks the fuzz targets run, one function per target, shared by the
//! AFL binaries (`fuzz/src/bin/*.rs`), the `replay` binary and this crate's
//! `tests/replay.rs`, which replays the committed seeds and regression
//! inputs in the ordinary test suite. Every function
//! panics exactly when the engines break a promise: a parser panics, a
//! parsed value does not print back to an equal value, or a played
//! position's invariants fail.
//!
//! The first input byte picks the variant: `b % 4` = joker, mages,
//! sovereign, royale.

use motley_core::{PerftMode, Position};
use motley_joker::Joker;
use motley_mages::Mages;
use motley_sovereign::{Royale, Sovereign};

/// Positions the move parser is tried on, per variant (beside the start).
const JOKER_EXTRA: &str =
    "rnbkkbnr/pppp1ppp/8/4pP2/8/8/PPPPP1PP/RNBQQBNR[Nb] w kq e6 0 5 PPPPPNBppppppppnnnb";
const MAGES_EXTRA: &str = "s2rhs/ppcp2/2p1pp/6/3P2/P3PP/1PPh1S/SHCRH1 g d1d2 d2 0 16";

fn split(data: &[u8]) -> Option<(u8, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((first % 4, rest))
}

/// Parses `text` as a `P` position; a value must print to a string that
/// parses to a position with the same string and hash.
fn position_of<P: Position>(text: &str) {
    if let Ok(pos) = P::from_fen(text) {
        let printed = pos.to_string();
        let again = P::from_fen(&printed)
            .unwrap_or_else(|e| panic!("{}: {printed:?} (from {text:?}) does not parse: {e}", P::VARIANT));
        assert_eq!(again.to_string(), printed, "{}: print/parse/print differs", P::VARIANT);
        assert_eq!(
            again.zobrist(),
            pos.zobrist(),
            "{}: hash differs after reparse of {printed:?}",
            P::VARIANT
        );
    }
}

/// A target's checks: panics exactly when an engine breaks a promise.
pub type Target = fn(&[u8]);

/// The targets by name, as the AFL binaries, `replay` and the folders under
/// `fuzz/seeds/` and `fuzz/regressions/` name them.
pub const TARGETS: &[(&str, Target)] = &[
    ("position", position),
    ("moves", moves),
    ("play", play),
    ("uci", uci),
    ("record", record),
    ("api", api),
];

/// Target `position`: any bytes to a position parser.
pub fn position(data: &[u8]) {
    let Some((variant, rest)) = split(data) else { return };
    let text = String::from_utf8_lossy(rest);
    match variant {
        0 => {
            let _ = motley_joker::Setup::from_ascii(rest);
            position_of::<Joker>(&text);
        }
        1 => {
            let _ = motley_mages::Setup::from_ascii(rest);
            position_of::<Mages>(&text);
        }
        2 => position_of::<Sovereign>(&text),
        _ => position_of::<Royale>(&text),
    }
}

fn move_of<P: Position>(pos: &P, token: &str) {
    if let Ok(mv) = pos.parse_move(token) {
        assert!(pos.is_legal(mv), "{}: parsed {token:?} is not legal in {pos}", P::VARIANT);
        assert_eq!(mv.to_string(), token, "{}: {token:?} prints as {mv}", P::VARIANT);
        let mut child = pos.clone();
        child.play_unchecked(mv);
        let _ = child.legal_moves();
    }
}

/// Target `moves`: any bytes to a move parser, on the start position and
/// one mid-game position per variant.
pub fn moves(data: &[u8]) {
    let Some((variant, rest)) = split(data) else { return };
    let token = String::from_utf8_lossy(rest);
    match variant {
        0 => {
            if let Ok(mv) = motley_joker::Move::from_ascii(rest) {
                assert_eq!(motley_joker::Move::from_ascii(mv.to_string().as_bytes()), Ok(mv));
            }
            move_of(&Joker::start(), &token);
            move_of(&Joker::from_fen(JOKER_EXTRA).expect("valid"), &token);
        }
        1 => {
            if let Ok(mv) = motley_mages::Move::from_ascii(rest) {
                assert_eq!(motley_mages::Move::from_ascii(mv.to_string().as_bytes()), Ok(mv));
            }
            move_of(&Mages::start(), &token);
            move_of(&Mages::from_fen(MAGES_EXTRA).expect("valid"), &token);
        }
        2 => {
            let _ = token.parse::<motley_sovereign::MoveToken>();
            move_of(&Sovereign::start(), &token);
        }
        _ => {
            let _ = token.parse::<motley_sovereign::MoveToken>();
            move_of(&Royale::start(), &token);
        }
    }
}

/// Start positions of the `play` target per variant, picked by the second
/// input byte: the start position first, then mid-game positions from
/// `fixtures/` (Sovereign: controlled armies, chains, a forced defection;
/// Royale: chains; Mage's: pending engagements, halos; Joker: drops, en
/// passant, promotions). `tests/starts.rs` checks that they hold what they
/// promise and that `fuzz/seeds/play/` starts from each of them.
pub const JOKER_STARTS: &[&str] = &[
    "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR[] w kq - 0 0 PPPPPNNBppppppppnnnbb",
    JOKER_EXTRA,
    "r1bkkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQQB1R[NBpn] w kq - 2 6 PPPPPNpppppppnnbb",
    "r1bkkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQQB1R[PNBpnb] b kq - 3 7 PPPPNpppppppnnb",
    "r2kk1n1/1P2P3/8/8/8/8/8/3QQ3[] w - - 0 40 -",
    "rnbkkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQQBNR[] w kq d6 0 4 PPPPPNNBppppppppnnnbb",
];
/// See [`JOKER_STARTS`].
pub const MAGES_STARTS: &[&str] = &[
    include_str!("../../../fixtures/mages/positions/start.fen"),
    include_str!("../../../fixtures/mages/positions/pending-melee.fen"),
    include_str!("../../../fixtures/mages/positions/pending-middle.fen"),
    include_str!("../../../fixtures/mages/positions/pending-defender-promotes.fen"),
    include_str!("../../../fixtures/mages/positions/promotions.fen"),
    include_str!("../../../fixtures/mages/positions/middle-2.fen"),
    include_str!("../../../fixtures/mages/positions/middle-3.fen"),
];
/// See [`JOKER_STARTS`].
pub const SOVEREIGN_STARTS: &[&str] = &[
    include_str!("../../../fixtures/sovereign/positions/start.fen"),
    include_str!("../../../fixtures/sovereign/positions/mid-green-king-chains.fen"),
    include_str!("../../../fixtures/sovereign/positions/mid-red-king.fen"),
    include_str!("../../../fixtures/sovereign/positions/mid-yellow-king.fen"),
    include_str!("../../../fixtures/sovereign/positions/figure4.fen"),
    include_str!("../../../fixtures/sovereign/positions/forced-defection.fen"),
    include_str!("../../../fixtures/sovereign/positions/castling-controlled-rook.fen"),
];
/// See [`JOKER_STARTS`].
pub const ROYALE_STARTS: &[&str] = &[
    include_str!("../../../fixtures/royale/positions/start.fen"),
    include_str!("../../../fixtures/royale/positions/mid-chains.fen"),
    include_str!("../../../fixtures/royale/positions/edge-castling.fen"),
    include_str!("../../../fixtures/royale/positions/king-in-check.fen"),
];

/// The `play` target plays at most `MAX_PLIES` plies of one input and
/// ignores the bytes after them, so that one execution stays short (well
/// under a millisecond in Sovereign, where a ply's generation costs several
/// microseconds and a reparse tens): AFL favours and trims to short inputs
/// anyway, and the mid-game start positions give the depth.
pub const MAX_PLIES: usize = 32;

/// Every `SAMPLE_EVERY`-th ply the `play` target also parses the played
/// move's notation with the engine's own `parse_move` (which generates the
/// legal moves again) rather than against the list at hand.
pub const SAMPLE_EVERY: usize = 4;

/// After every `REPARSE_EVERY`-th ply, and at the last position, the `play`
/// target reparses the position (`reparse_check`; for Sovereign this is the
/// king-safety recheck, as the validator recomputes control from scratch).
pub const REPARSE_EVERY: usize = 8;

/// How a variant's notation is matched against a list of legal moves at
/// hand, as its `parse_move` matches it against the list it generates: the
/// `play` target checks every move's notation this way without one
/// generation per move (Sovereign's `parse_move` costs a full generation).
trait Notation: Position {
    /// The move `token` names among `moves`.
    fn find(&self, moves: &[Self::Move], token: &str) -> Option<Self::Move>;
}

/// Joker's and Mage's `parse_move` cost well under a microsecond: the real thing.
impl Notation for Joker {
    fn find(&self, _: &[Self::Move], token: &str) -> Option<Self::Move> {
        self.parse_move(token).ok()
    }
}

impl Notation for Mages {
    fn find(&self, _: &[Self::Move], token: &str) -> Option<Self::Move> {
        self.parse_move(token).ok()
    }
}

/// Sovereign's and Royale's `parse_move` parse a [`motley_sovereign::MoveToken`]
/// and take the first legal move it matches: the same, on the list at hand.
fn first_match(moves: &[motley_sovereign::Move], token: &str) -> Option<motley_sovereign::Move> {
    let t: motley_sovereign::MoveToken = token.parse().ok()?;
    moves.iter().copied().find(|m| t.matches(*m))
}

impl Notation for Sovereign {
    fn find(&self, moves: &[Self::Move], token: &str) -> Option<Self::Move> {
        first_match(moves, token)
    }
}

impl Notation for Royale {
    fn find(&self, moves: &[Self::Move], token: &str) -> Option<Self::Move> {
        first_match(moves, token)
    }
}

/// The position string parses back to the same string and hash (for
/// Sovereign this also means the player who just moved is not in check: the
/// validator recomputes control from scratch and rejects a position whose
/// player not to move is in check).
fn reparse_check<P: Position>(pos: &P) {
    let text = pos.to_string();
    let again =
        P::from_fen(&text).unwrap_or_else(|e| panic!("{}: own string {text:?} fails: {e}", P::VARIANT));
    assert_eq!(again.to_string(), text, "{}: reparse prints differently", P::VARIANT);
    assert_eq!(again.zobrist(), pos.zobrist(), "{}: hash of {text:?} differs after reparse", P::VARIANT);
}

/// The legal moves of a position of the `play` target, checked against its
/// outcome: there are no legal moves exactly when the game has an outcome.
fn cheap_check<P: Position>(pos: &P) -> P::MoveList {
    let moves = pos.legal_moves();
    assert_eq!(moves.is_empty(), pos.outcome().is_some(), "{}: {pos} moves vs outcome", P::VARIANT);
    moves
}

/// The costly invariants: perft(1) equals the number of legal moves (not for
/// Mage's Chess, whose perft counts resolutions); every legal move's
/// notation names it among the legal moves (`Notation::find`); and
/// `parse_move` itself takes back the first, the middle and the last move.
fn deep_check<P: Notation>(pos: &P, moves: &[P::Move]) {
    let text = pos.to_string();
    if P::VARIANT != "mages" {
        assert_eq!(
            pos.perft(1, PerftMode::Decision),
            moves.len() as u64,
            "{}: perft(1) of {text:?}",
            P::VARIANT
        );
    }
    for &mv in moves {
        assert_eq!(pos.find(moves, &mv.to_string()), Some(mv), "{}: {mv} in {text:?}", P::VARIANT);
    }
    if let (Some(&first), Some(&last)) = (moves.first(), moves.last()) {
        for mv in [first, moves[moves.len() / 2], last] {
            check_token(pos, mv);
        }
    }
}

/// The notation of `mv`, about to be played in `pos`, parses back to it.
fn check_token<P: Position>(pos: &P, mv: P::Move) {
    assert_eq!(pos.parse_move(&mv.to_string()).ok(), Some(mv), "{}: {mv} in {pos}", P::VARIANT);
}

/// Plays the inputs `pick` chooses from the legal moves and a byte, one byte
/// per ply, for at most [`MAX_PLIES`] plies, checking every position on the
/// way: at every ply `cheap_check` and the played move's notation among the
/// legal moves; every [`SAMPLE_EVERY`] plies the played move through
/// `parse_move`; after every [`REPARSE_EVERY`] plies `reparse_check`; at the
/// last position `reparse_check` and `deep_check`. Every input's last
/// position gets the costly checks, and AFL's corpus holds many prefixes of
/// one game, so the sample covers the positions the fuzzer reaches.
fn play_from<P: Notation>(mut pos: P, bytes: &[u8], pick: impl Fn(&P, &[P::Move], u8) -> P::Move) {
    let mut moves = cheap_check(&pos);
    let mut played = 0;
    for &b in bytes.iter().take(MAX_PLIES) {
        if moves.is_empty() {
            break;
        }
        let mv = pick(&pos, &moves, b);
        let token = mv.to_string();
        assert_eq!(pos.find(&moves, &token), Some(mv), "{}: {mv} in {pos}", P::VARIANT);
        if played % SAMPLE_EVERY == 0 {
            check_token(&pos, mv);
        }
        pos.play_unchecked(mv);
        played += 1;
        moves = cheap_check(&pos);
        let last = played == bytes.len().min(MAX_PLIES) || moves.is_empty();
        if played % REPARSE_EVERY == 0 && !last {
            reparse_check(&pos);
        }
    }
    reparse_check(&pos);
    deep_check(&pos, &moves);
}

/// The start position the second input byte picks.
fn start_of<P: Position>(list: &[&str], byte: u8) -> P {
    let text = list[usize::from(byte) % list.len()].trim();
    P::from_fen(text).unwrap_or_else(|e| panic!("{}: fixture {text:?} fails: {e}", P::VARIANT))
}

/// The plain choice: `byte % number of legal moves`.
fn nth<P: Position>(_: &P, moves: &[P::Move], b: u8) -> P::Move {
    moves[usize::from(b) % moves.len()]
}

/// Target `play`: random inputs played through the public API. The first
/// byte picks the variant, the second the start position (the start or a
/// mid-game fixture), then one byte per ply picks the input.
pub fn play(data: &[u8]) {
    let Some((variant, rest)) = split(data) else { return };
    let Some((&which, plies)) = rest.split_first() else { return };
    match variant {
        0 => play_from(start_of::<Joker>(JOKER_STARTS, which), plies, nth),
        1 => {
            // Mage's Chess: a byte with the top bit set marks the action heretical when it may be.
            let heretic = |pos: &Mages, moves: &[motley_mages::Move], b: u8| {
                let mv = moves[usize::from(b & 0x7f) % moves.len()];
                if b & 0x80 != 0 && pos.is_legal(mv.with_heresy()) { mv.with_heresy() } else { mv }
            };
            play_from(start_of::<Mages>(MAGES_STARTS, which), plies, heretic);
        }
        2 => play_from(start_of::<Sovereign>(SOVEREIGN_STARTS, which), plies, nth),
        _ => play_from(start_of::<Royale>(ROYALE_STARTS, which), plies, nth),
    }
}

/// The node budget the `uci` target gives every `go`, so that a search the
/// input asks for (`go depth 60`, `go movetime 999999`) ends quickly: the
/// target looks for failures of the session, not for slow searches.
pub const GO_NODES: u64 = 2_000;

/// The deepest `go perft` the `uci` target runs (Sovereign perft 3 is
/// millions of nodes).
pub const MAX_PERFT: u64 = 2;

/// `input` with every `go` line bounded: `nodes` [`GO_NODES`] appended (a
/// later `nodes` overrides an earlier one) and a `perft` depth capped at
/// [`MAX_PERFT`]. Lines that are not UTF-8 or not `go` pass unchanged.
fn bounded(input: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(input.len() + 64);
    for line in input.split_inclusive(|&b| b == b'\n') {
        let (body, newline) = match line.split_last() {
            Some((b'\n', body)) => (body, true),
            _ => (line, false),
        };
        match core::str::from_utf8(body) {
            Ok(text) if text.split_whitespace().next() == Some("go") => {
                let mut words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
                for i in 1..words.len() {
                    if words[i - 1] == "perft"
                        && let Ok(n) = words[i].parse::<u64>()
                    {
                        words[i] = n.min(MAX_PERFT).to_string();
                    }
                }
                words.extend(["nodes".to_owned(), GO_NODES.to_string()]);
                out.extend_from_slice(words.join(" ").as_bytes());
            }
            _ => out.extend_from_slice(body),
        }
        if newline {
            out.push(b'\n');
        }
    }
    out
}

/// Target `uci`: any bytes into a UCI session (the first byte picks the
/// variant it starts with), every search bounded ([`GO_NODES`],
/// [`MAX_PERFT`]). The session must not panic, must end at the end of the
/// input, and must not fail (it fails only when its output cannot be
/// written); every `bestmove` line names a move or `(none)`.
pub fn uci(data: &[u8]) {
    use motley_cli::Variant;
    let Some((variant, rest)) = split(data) else { return };
    let variant = [Variant::Joker, Variant::Mages, Variant::Sovereign, Variant::Royale][usize::from(variant)];
    let input = bounded(rest);
    let mut out: Vec<u8> = Vec::new();
    if let Err(e) = motley_cli::command::uci::session(&input[..], &mut out, variant) {
        panic!("uci: the session failed on its input: {e}");
    }
    let text = String::from_utf8(out).unwrap_or_else(|e| panic!("uci: output is not UTF-8: {e}"));
    for line in text.lines().filter(|l| l.starts_with("bestmove")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert!(words.len() == 2 || (words.len() == 4 && words[2] == "ponder"), "uci: malformed `{line}`");
    }
}

/// Target `record`: any bytes (as UTF-8, bad bytes replaced) to the game
/// record reader. Each game that reads under its `Variant` tag must write
/// to a text that reads back to the same game and writes the same text;
/// Mage's Chess lineup tags go through the lineup parser (see
/// `lineups_of`); nothing panics.
pub fn record(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for raw in motley_core::record::parse(&text).into_iter().flatten() {
        match raw.variant().map(str::to_ascii_lowercase).as_deref() {
            Some("joker") => record_of::<motley_joker::JokerRecord>(&raw),
            Some("mages") => {
                record_of::<motley_mages::MagesRecord>(&raw);
                lineups_of(&raw);
            }
            Some("sovereign") => record_of::<motley_sovereign::SovereignRecord>(&raw),
            Some("royale") => record_of::<motley_sovereign::RoyaleRecord>(&raw),
            _ => {}
        }
    }
}

/// The lineup tags of a Mage's Chess game: each lineup text that reads
/// writes a text that reads back to the same items, and each that validates
/// on the start position writes its canonical text, which validates to the
/// same lineup; a game that reads with full lineups replays with its people.
fn lineups_of(raw: &motley_core::record::RawGame) {
    use motley_mages::{Lineup, LineupText, Team};
    for (tag, team) in [("GreenLineup", Team::Green), ("BlueLineup", Team::Blue)] {
        let Some(value) = raw.tag(tag) else { continue };
        let Ok(text) = LineupText::parse(value) else { continue };
        let written: Vec<String> = text.items.iter().map(|i| format!("{} {}", i.post, i.name)).collect();
        let again = LineupText::parse(&written.join(", ")).unwrap_or_else(|e| panic!("record: lineup {e}"));
        let posts = |t: &LineupText| t.items.iter().map(|i| (i.post, i.name.clone())).collect::<Vec<_>>();
        assert_eq!(posts(&again), posts(&text), "record: the lineup reads back differently");
        if let Ok(lineup) = text.validate(team, &motley_mages::Board::start()) {
            let canonical = lineup.to_string();
            assert_eq!(Lineup::parse_start(&canonical, team).as_ref(), Ok(&lineup), "record: {canonical}");
        }
    }
    if let Ok(game) = raw.validate::<motley_mages::MagesRecord>() {
        let _ = motley_mages::lineup_match(&game);
    }
}

fn record_of<N: motley_core::record::Notation>(raw: &motley_core::record::RawGame) {
    use motley_core::record::{read, write};
    let Ok(game) = raw.validate::<N>() else { return };
    let text = write(&game);
    let back = read::<N>(&text);
    assert_eq!(back.len(), 1, "record: the written game reads as {} games:\n{text}", back.len());
    match &back[0] {
        Ok(again) => {
            assert_eq!(*again, game, "record: the written game reads back differently:\n{text}");
            assert_eq!(write(again), text, "record: writing is not canonical");
        }
        Err(e) => panic!("record: the written game does not read back: {e}\n{text}"),
    }
}

/// Target `api`: the first byte picks the command of `POST /api/<command>`
/// (`b % 12`: the server's commands, then one it does not know), the rest
/// is the request body, answered as the server answers it
/// ([`motley_cli::command::serve::answer`]: the typed request, the caps, the
/// command): no panic, an answer is one JSON object carrying `"schema"` and
/// a refusal is one error line (a client error unless the command failed).
/// So that an input runs in milliseconds, bodies that ask for more than a
/// tiny search (analyze and annotate without a depth of at most 2, a time
/// limit, threads), perft beyond depth 2 and odds beyond 4 simulations of
/// at most 100 inputs (or with a depth) are not answered.
pub fn api(data: &[u8]) {
    use motley_cli::command::serve::{COMMANDS, answer};
    let Some((&first, body)) = data.split_first() else { return };
    let command = COMMANDS.get(usize::from(first) % (COMMANDS.len() + 1)).copied().unwrap_or("nonsense");
    if !cheap(command, body) {
        return;
    }
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    match answer(command, body, &stop) {
        Ok(text) => {
            let doc: serde_json::Value = serde_json::from_str(&text)
                .unwrap_or_else(|e| panic!("api: {command} answered with no JSON document ({e}): {text}"));
            assert!(doc.get("schema").is_some(), "api: {command} document without `schema`: {text}");
        }
        Err((status, e)) => {
            let line = e.to_string();
            assert!(line.starts_with("error: ") && !line.contains('\n'), "api: error `{line}`");
            let failed = e.kind == motley_cli::ErrorKind::Failure;
            assert!(status.is_client_error() || failed, "api: refusal with status {status}: {line}");
        }
    }
}

/// Whether the body of `command` asks for a tiny piece of work (a body
/// that is not a JSON object is refused at once).
fn cheap(command: &str, body: &[u8]) -> bool {
    let Ok(serde_json::Value::Object(map)) = serde_json::from_slice::<serde_json::Value>(body) else {
        return true;
    };
    let number = |key: &str| match map.get(key) {
        Some(serde_json::Value::Number(n)) => n.as_u64(),
        Some(serde_json::Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    };
    let present = |key: &str| map.get(key).is_some_and(|v| !v.is_null());
    let small = |key: &str| number(key).is_some_and(|d| d <= 2);
    if present("threads") {
        return false;
    }
    match command {
        "analyze" | "annotate" => small("depth") && !present("time"),
        "perft" => small("depth"),
        "odds" => {
            number("simulations").is_some_and(|n| n <= 4)
                && number("cap").is_some_and(|n| n <= 100)
                && !present("depth")
        }
        _ => true,
    }
}
