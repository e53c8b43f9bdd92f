//! Printing a position and reading it back is the
//! identity at every ply of seeded random games (the halfmove clock included),
//! and castling fields name only rooks that can still castle.

use motley_core::Position;
use motley_sovereign::{FenError, ParseIssue, ROYALE_START_FEN, Royale, START_FEN, Sovereign};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const GAMES: u64 = 20;
const PLIES: usize = 60;

/// Plays `GAMES` seeded random games of `PLIES` plies from `P::start()` and
/// calls `check` on every position reached (the start included); returns how
/// many positions were checked.
fn random_games<P: Position>(mut check: impl FnMut(&P, u64, usize)) -> usize {
    let mut checked = 0;
    for seed in 0..GAMES {
        let mut rng = StdRng::seed_from_u64(0x14_0004 + seed);
        let mut pos = P::start();
        for ply in 0..=PLIES {
            check(&pos, seed, ply);
            checked += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play_unchecked(mv);
        }
    }
    checked
}

/// Prints every position of the random games and reads it back: it parses,
/// prints the same, has the same hash, and `check` (given the position, the
/// one read and where it was reached) finds it the same. A clock is written,
/// as field `fields + 1`, exactly when `has_clock`, and the games reach
/// positions with a clock.
fn check_read_back<P: Position>(fields: usize, has_clock: impl Fn(&P) -> bool, check: impl Fn(&P, &P, &str)) {
    let mut with_clock = 0;
    let n = random_games::<P>(|pos, seed, ply| {
        let fen = pos.fen();
        let again = P::from_fen(&fen).unwrap_or_else(|e| panic!("seed {seed} ply {ply}: {fen}: {e}"));
        assert_eq!(again.fen(), fen, "seed {seed} ply {ply}");
        assert_eq!(again.zobrist(), pos.zobrist(), "seed {seed} ply {ply}: {fen}");
        check(pos, &again, &format!("seed {seed} ply {ply}: {fen}"));
        let clock = has_clock(pos);
        assert_eq!(fen.split(' ').count(), if clock { fields + 1 } else { fields }, "{fen}");
        with_clock += usize::from(clock);
    });
    assert!(n > 1000, "{n} positions");
    assert!(with_clock > n / 4, "the games reach positions with a clock: {with_clock} of {n}");
}

#[test]
fn sovereign_prints_and_reads_back_every_reached_position() {
    check_read_back::<Sovereign>(
        6,
        |pos| pos.halfmove_clock() != 0,
        |pos, again, at| {
            assert_eq!(again.halfmove_clock(), pos.halfmove_clock(), "{at}");
            assert_eq!(again, pos, "{at}");
        },
    );
}

#[test]
fn royale_prints_and_reads_back_every_reached_position() {
    check_read_back::<Royale>(
        8,
        |pos| pos.quiet_plies().unwrap() != 0,
        |pos, again, at| {
            assert_eq!(again.to_setup(), pos.to_setup(), "{at}");
            assert_eq!(again.legal_moves(), pos.legal_moves(), "{at}");
            assert_eq!(again.outcome(), pos.outcome(), "{at}");
        },
    );
}

#[test]
fn the_clock_after_a_knight_move_survives_the_round_trip() {
    let mut pos = Sovereign::start();
    pos.play(pos.parse_move("k1l3").unwrap()).unwrap();
    assert_eq!(pos.halfmove_clock(), 1);
    let fen = pos.fen();
    assert!(fen.ends_with(" CELNceln 1 1"), "{fen}");
    assert_eq!(Sovereign::from_fen(&fen).unwrap().halfmove_clock(), 1);
    // An explicit zero clock is read and printed canonically (without it).
    let zero = format!("{START_FEN} 0");
    assert_eq!(Sovereign::from_fen(&zero).unwrap().fen(), START_FEN);
    assert_eq!(Sovereign::start().fen(), START_FEN);
    assert_eq!(Royale::start().fen(), ROYALE_START_FEN);
}

/// The start string with its castling field replaced.
fn with_castling(castling: &str) -> String {
    START_FEN.replace(" CELNceln ", &format!(" {castling} "))
}

fn castling_error(text: &str) -> ParseIssue {
    match Sovereign::from_fen(text) {
        Err(FenError::Parse(e)) => e.issues[0].clone(),
        other => panic!("{text}: expected a parse error, got {other:?}"),
    }
}

#[test]
fn castling_letters_must_name_unmoved_rooks() {
    let castling_at = START_FEN.find(" CELNceln ").unwrap() + 1;
    // i1 holds the white king, o16 a slate bishop, a1 a slate queen.
    for (field, token, offset) in [("CELIceln", "I", 3), ("CELNoeln", "o", 4), ("A", "A", 0)] {
        let text = with_castling(field);
        let e = castling_error(&text);
        let square = format!(
            "{}{}",
            token.to_ascii_lowercase(),
            if token == token.to_ascii_uppercase() { 1 } else { 16 }
        );
        assert_eq!(
            e,
            ParseIssue::CastlingNoRook {
                token: token.to_owned(),
                square: square.parse().unwrap(),
                at: castling_at + offset
            },
            "{field}"
        );
        let message = e.to_string();
        assert!(message.contains(&format!("`{token}`")) && message.contains(&square), "{message}");
    }
    for field in ["CELNceln", "CE", "ln", "-", "N"] {
        assert!(Sovereign::from_fen(&with_castling(field)).is_ok(), "{field}");
    }
}

#[test]
fn castling_rights_need_the_king_on_its_back_rank() {
    // The white king has left rank 1 (i1 to i4): no upper-case letter can remain.
    let board = START_FEN.split(' ').next().unwrap();
    let moved =
        board.replace("wqwkwbwnwrgngrabaq", "wq1wbwnwrgngrabaq").replacen("rqrp12cpcq", "rqrp6wk5cpcq", 1);
    let ok = format!("{moved} 1 w b celn 0");
    assert!(Sovereign::from_fen(&ok).is_ok(), "{:?}", Sovereign::from_fen(&ok).err());
    let bad = format!("{moved} 1 w b Eceln 0");
    assert!(matches!(castling_error(&bad), ParseIssue::CastlingNoKing { ref token, .. } if token == "E"));
}

#[test]
fn royale_castling_squares_must_name_rooks() {
    let bad = ROYALE_START_FEN.replace("c1,e1,", "c1,i1,");
    match Royale::from_fen(&bad) {
        Err(FenError::Parse(e)) if matches!(&e.issues[..], [ParseIssue::CastlingNoRook { token, .. }] if token == "i1") =>
            {}
        other => panic!("expected a castling error, got {other:?}"),
    }
    assert!(Royale::from_fen(&ROYALE_START_FEN.replace("c1,e1,", "c1,")).is_ok());
}
