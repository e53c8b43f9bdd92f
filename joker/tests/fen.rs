//! The position string: round trips and typed errors with field and byte offset.

mod fixtures;

use fixtures::fixture_positions;
use motley_core::Position;
use motley_joker::{FenError, Issue, Joker, ParseFenError, ParseIssue, START_FEN, Setup};

/// The fixture positions and the perft suite's positions.
fn fixture_fens() -> Vec<String> {
    let mut out: Vec<String> = fixture_positions().into_iter().map(|(_, fen)| fen).collect();
    let perft = include_str!("../../fixtures/joker/perft.perft");
    out.extend(perft.lines().filter_map(|l| l.trim().strip_prefix("fen ")).map(str::to_owned));
    out
}

#[test]
fn every_fixture_round_trips() {
    let fens = fixture_fens();
    assert!(fens.len() >= 30);
    for fen in fens {
        let pos = Joker::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.to_string(), fen);
        assert_eq!(pos.fen(), fen);
        let setup: Setup = fen.parse().unwrap();
        assert_eq!(setup.to_string(), fen);
        assert_eq!(pos.to_setup(), setup);
    }
}

#[test]
fn promoted_marks_and_pockets_round_trip() {
    for fen in [
        "Q~2kk3/8/8/8/8/8/8/k~N~6[PPNBpnnb] b - - 7 99 PNBpnb",
        "4k3/8/8/8/8/8/8/8[] w q - 0 0 -",
        "r3k3/8/8/8/8/8/8/8[b] w q - 65535 65535 b",
    ] {
        let setup: Setup = fen.parse().unwrap();
        assert_eq!(setup.to_string(), fen);
    }
    // Pocket letters may come in any order; they print in canonical order.
    let setup: Setup = "3kk3/8/8/8/8/8/8/3Q4[bPnN] w - - 0 0 pP".parse().unwrap();
    assert_eq!(setup.to_string(), "3kk3/8/8/8/8/8/8/3Q4[PNnb] w - - 0 0 Pp");
    // The brackets may be left out when the reserves are empty.
    let setup: Setup = "3kk3/8/8/8/8/8/8/3Q4 w - - 0 0 -".parse().unwrap();
    assert_eq!(setup.to_string(), "3kk3/8/8/8/8/8/8/3Q4[] w - - 0 0 -");
}

#[test]
fn parse_errors_name_field_and_byte() {
    let cases: &[(&str, ParseIssue)] = &[
        ("", ParseIssue::Missing { field: "side to move", at: 0 }),
        ("8/8/8/8/8/8/8/8[] w - - 0 0", ParseIssue::Missing { field: "bench", at: 27 }),
        ("8/8/8/8/8/8/8/8[] w - - 0 0 - x", ParseIssue::Trailing { at: 29 }),
        (
            "8/8/8/8/8/8/8/9[] w - - 0 0 -",
            ParseIssue::Board { at: 14, what: "an empty-square count must be 1 to 8" },
        ),
        (
            "8/8/8/8/8/8/8/44p[] w - - 0 0 -",
            ParseIssue::Board { at: 16, what: "a rank has more than 8 squares" },
        ),
        (
            "8/8/8/8/8/8/8/7[] w - - 0 0 -",
            ParseIssue::Board { at: 15, what: "a rank has fewer than 8 squares" },
        ),
        ("8/8/8/8/8/8/8[] w - - 0 0 -", ParseIssue::Board { at: 13, what: "fewer than 8 ranks" }),
        ("8/8/8/8/8/8/8/8/8[] w - - 0 0 -", ParseIssue::Board { at: 15, what: "more than 8 ranks" }),
        ("8/8/8/8/8/8/8/7X[] w - - 0 0 -", ParseIssue::Board { at: 15, what: "unknown piece letter" }),
        (
            "8/8/8/8/8/8/8/~7[] w - - 0 0 -",
            ParseIssue::Board { at: 14, what: "`~` must follow a piece letter" },
        ),
        (
            "8/8/8/8/8/8/8/8[Q] w - - 0 0 -",
            ParseIssue::Reserve { at: 16, what: "expected P, N, B, p, n or b" },
        ),
        ("8/8/8/8/8/8/8/8[N w - - 0 0 -", ParseIssue::Reserve { at: 17, what: "expected `]` at the end" }),
        ("8/8/8/8/8/8/8/8[] x - - 0 0 -", ParseIssue::Turn { at: 18 }),
        ("8/8/8/8/8/8/8/8[] w KQ - 0 0 -", ParseIssue::Castling { at: 20 }),
        ("8/8/8/8/8/8/8/8[] w - e9 0 0 -", ParseIssue::EnPassant { at: 22 }),
        ("8/8/8/8/8/8/8/8[] w - - -1 0 -", ParseIssue::Clock { at: 24 }),
        ("8/8/8/8/8/8/8/8[] w - - 0 65536 -", ParseIssue::Ply { at: 26 }),
        ("8/8/8/8/8/8/8/8[] w - - 0 0 PK", ParseIssue::Bench { at: 29, what: "expected P, N, B, p, n or b" }),
        ("8/8/8/8/8/8/8/8[] w - - 0 0 ", ParseIssue::Bench { at: 28, what: "expected `-` or piece letters" }),
    ];
    for (fen, want) in cases {
        assert_eq!(fen.parse::<Setup>().unwrap_err().issues, std::slice::from_ref(want), "{fen:?}");
        assert_eq!(Joker::from_fen(fen).unwrap_err(), FenError::Parse(want.clone().into()), "{fen:?}");
    }
    assert_eq!(
        ParseIssue::Clock { at: 24 }.to_string(),
        "half-move clock: expected a number up to 65535 (byte 24)"
    );
}

#[test]
fn every_parse_problem_is_listed_at_its_offset() {
    // Every field wrong: a bad letter in rank 1, a rook in the Joker Reserve,
    // and each field after the board.
    let fen = "8/8/8/8/8/8/8/7X[Q] x KQ e9 -1 65536 PK";
    let e: ParseFenError = fen.parse::<Setup>().unwrap_err();
    assert_eq!(
        e.issues,
        [
            ParseIssue::Board { at: 15, what: "unknown piece letter" },
            ParseIssue::Reserve { at: 17, what: "expected P, N, B, p, n or b" },
            ParseIssue::Turn { at: 20 },
            ParseIssue::Castling { at: 22 },
            ParseIssue::EnPassant { at: 25 },
            ParseIssue::Clock { at: 28 },
            ParseIssue::Ply { at: 31 },
            ParseIssue::Bench { at: 38, what: "expected P, N, B, p, n or b" },
        ]
    );
    let fields: Vec<&str> = e.issues.iter().map(ParseIssue::field).collect();
    assert_eq!(
        fields,
        ["board", "board", "side to move", "castling", "en passant", "half-move clock", "ply count", "bench"]
    );
    for issue in &e.issues {
        assert!(issue.to_string().ends_with(&format!("(byte {})", issue.at())), "{issue}");
    }
    let message = Joker::from_fen(fen).unwrap_err().to_string();
    assert_eq!(message, e.to_string());
    assert_eq!(message.split("; ").count(), 8, "{message}");
    assert!(
        message.starts_with(
            "board: unknown piece letter (byte 15); joker reserve: expected P, N, B, p, n or b (byte 17); "
        ),
        "{message}"
    );

    // Each rank is read on its own and stops at its first problem.
    let e = "8/9X/8/8/8/8/8/7X[] w - - 0 0 -".parse::<Setup>().unwrap_err();
    assert_eq!(
        e.issues,
        [
            ParseIssue::Board { at: 2, what: "an empty-square count must be 1 to 8" },
            ParseIssue::Board { at: 16, what: "unknown piece letter" },
        ]
    );
    // The rank count is checked only when the ranks read are well formed; a
    // short last rank of a short board is the missing ranks.
    let issues = |fen: &str| fen.parse::<Setup>().unwrap_err().issues;
    assert_eq!(issues("8/X/8[] w - - 0 0 -"), [ParseIssue::Board { at: 2, what: "unknown piece letter" }]);
    assert_eq!(issues("8/8/7[] w - - 0 0 -"), [ParseIssue::Board { at: 5, what: "fewer than 8 ranks" }]);
    assert_eq!(
        issues("8/8/8/8/8/8/8/8/X[] b - - 0 0 -"),
        [ParseIssue::Board { at: 15, what: "more than 8 ranks" }]
    );
    // A missing `]` leaves the reserve unread, beside the board's problems.
    assert_eq!(
        issues("8/8/8/8/8/8/8/7X[Q w - - 0 0 -"),
        [
            ParseIssue::Board { at: 15, what: "unknown piece letter" },
            ParseIssue::Reserve { at: 18, what: "expected `]` at the end" },
        ]
    );
    // A wrong number of fields is reported alone.
    assert_eq!(issues("8/X w - - 0 0"), [ParseIssue::Missing { field: "bench", at: 13 }]);
    assert_eq!(ParseIssue::Missing { field: "bench", at: 13 }.field(), "fields");
}

#[test]
fn a_single_parse_problem_prints_as_one_message() {
    for (fen, want) in [
        ("8/8/8/8/8/8/8/8[] x - - 0 0 -", "side to move: expected `w` or `b` (byte 18)"),
        ("! w kq - 0 0 -", "board: unknown piece letter (byte 0)"),
        ("8/8/8/8/8/8/8/8[] w - - 0 0 - x", "unexpected text after the bench field (byte 29)"),
        ("", "missing field side to move (byte 0)"),
    ] {
        let e = fen.parse::<Setup>().unwrap_err();
        assert_eq!(e.issues.len(), 1, "{fen:?}");
        assert_eq!(e.to_string(), want);
        assert_eq!(Joker::from_fen(fen).unwrap_err().to_string(), want);
    }
}

#[test]
fn invalid_positions_are_rejected_with_every_issue() {
    let err = |fen: &str| match Joker::from_fen(fen) {
        Err(FenError::Invalid { at, error }) => (at, error.issues),
        other => panic!("{fen}: {other:?}"),
    };
    let sq = |s: &str| s.parse().unwrap();
    assert_eq!(
        err("P2kk3/8/8/8/8/8/8/3QK3[] w - - 0 0 -"),
        (vec![0, 0], vec![Issue::PawnOnBackRank(sq("a8")), Issue::WhiteKing(sq("e1"))])
    );
    assert_eq!(err("3kk3/8/8/8/8/8/P~7/3Q4[] w - - 0 0 -"), (vec![0], vec![Issue::PromotedPawn(sq("a2"))]));
    assert_eq!(
        err("3kk3/8/8/8/8/8/8/3Q4[] b kq - 0 0 -"),
        (vec![25, 25], vec![Issue::Castling(sq("h8")), Issue::Castling(sq("a8"))])
    );
    assert_eq!(err("3kk3/8/8/8/8/8/8/3Q4[] b - e3 0 0 -"), (vec![27], vec![Issue::EnPassant(sq("e3"))]));
    let white = motley_joker::Color::White;
    let issues = err("QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/Q7/8/8/3k4[] w - - 0 0 -").1;
    assert_eq!(issues[0], Issue::TooManyPieces(white));
    assert!(issues.contains(&Issue::TooMany { color: white, what: "unpromoted queens", count: 33, max: 2 }));
    // Pieces in the Joker Reserve count: they can all be dropped.
    let issues = err("QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/8/8/8/8/3k4[NNNNNNNNN] w - - 0 0 -").1;
    assert_eq!(issues[0], Issue::TooManyPieces(white));
    let knights = "unpromoted knights on the board, in the Joker Reserve and on the bench";
    assert!(issues.contains(&Issue::TooMany { color: white, what: knights, count: 9, max: 4 }));
    let text = Joker::from_fen("3kk3/8/8/8/8/8/8/3Q4[] b k - 0 0 -").unwrap_err().to_string();
    assert_eq!(text, "castling: castling right without king on e8 and rook on h8 (byte 25)");
    // Several issues: each message with the offset of its own field.
    let (at, issues) = err("3kk3/8/8/8/8/8/P~7/3Q4[] b k - 0 0 -");
    assert_eq!(at, [0, 27]);
    assert_eq!(issues, [Issue::PromotedPawn(sq("a2")), Issue::Castling(sq("h8"))]);
    let text = Joker::from_fen("3kk3/8/8/8/8/8/P~7/3Q4[] b k - 0 0 -").unwrap_err().to_string();
    assert_eq!(text, format!("board: {} (byte 0); castling: {} (byte 27)", issues[0], issues[1]));
    // A valid en passant square.
    assert!(Joker::from_fen("3kk3/8/8/8/4P3/8/8/3Q4[] b - e3 0 0 -").is_ok());
    assert!(Joker::from_fen("3kk3/8/8/8/4P3/8/4P3/3Q4[] b - e3 0 0 -").is_err(), "origin occupied");
}

/// Piece counts are checked against what the game can produce.
#[test]
fn piece_counts_beyond_what_play_produces_are_rejected() {
    use motley_joker::Color::{Black, White};
    let issues = |fen: &str| match Joker::from_fen(fen) {
        Err(FenError::Invalid { error, .. }) => error.issues,
        other => panic!("{fen}: {other:?}"),
    };
    let too_many = |color, what, count, max| Issue::TooMany { color, what, count, max };
    // Three black kings (one more on d3).
    let three = "rnbkkbnr/pppppppp/8/8/8/3k4/PPPPPPPP/RNBQQBNR[] w kq - 0 0 PPPPPNNBppppppppnnnbb";
    assert_eq!(issues(three), vec![too_many(Black, "kings", 3, 2)]);
    assert_eq!(
        Joker::from_fen(three).unwrap_err().to_string(),
        "board: black has 3 kings, the game can produce at most 2 (byte 0)"
    );
    // A black queen, unpromoted or promoted: Black never gets one.
    let queen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR[] w kq - 0 0 PPPPPNNBppppppppnnnbb";
    assert_eq!(issues(queen), vec![too_many(Black, "queens", 1, 0)]);
    assert_eq!(issues("3kk3/8/8/8/8/8/8/q~2Q4[] w - - 0 9 -"), vec![too_many(Black, "queens", 1, 0)]);
    // ... unless the rules allow it.
    let rules = motley_joker::Rules { black_queen_promotion: true, ..motley_joker::Rules::default() };
    assert!(Joker::from_fen_with("3kk3/8/8/8/8/8/8/q~2Q4[] w - - 0 9 -", rules).is_ok());
    // A third queen needs the ~ of a promotion; a ninth pawn on the board
    // with a full bench is one pawn too many.
    assert_eq!(
        issues("rnbkkbnr/pppppppp/8/8/8/Q7/PPPPPPPP/RNBQQBNR[] w kq - 0 0 PPPPPNNBppppppppnnnbb"),
        vec![too_many(White, "unpromoted queens", 3, 2)]
    );
    assert!(
        Joker::from_fen("rnbkkbnr/pppppppp/8/8/8/Q~7/PPPPPPP1/RNBQQBNR[] w kq - 0 0 PPPPPNNBppppppppnnnbb")
            .is_ok()
    );
    assert_eq!(
        issues("rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR[PPPPPP] w kq - 0 0 -"),
        vec![too_many(White, "pawns (board, Joker Reserve and bench) and promoted pieces", 14, 13)]
    );
    assert_eq!(
        issues("rnbkkbnr/pppppppp/8/8/8/1NN5/PPPPPPPP/RNBQQBNR[N] w kq - 0 0 -"),
        vec![too_many(White, "unpromoted knights on the board, in the Joker Reserve and on the bench", 5, 4)]
    );
    // The bench counts with the board and the Joker Reserve: two bishops on
    // the board, one in the Joker Reserve and one on the bench is one bishop
    // more than the game has (a respawn would put the fourth on the board).
    assert_eq!(
        issues("r1bkkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQQB1R[NBpn] w kq - 2 6 PPPPPNBpppppppnnbb"),
        vec![too_many(White, "unpromoted bishops on the board, in the Joker Reserve and on the bench", 4, 3)]
    );
    // A bench never grows.
    assert_eq!(
        issues("rnbkkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQQBNR[] w kq - 0 0 PPPPPPNNBppppppppnnnbb"),
        vec![Issue::BenchTooMany { color: White, role: motley_joker::Role::Pawn, count: 6, max: 5 }]
    );
}

#[test]
fn start_fen_constant() {
    assert_eq!(Joker::start().to_string(), START_FEN);
    assert_eq!(START_FEN.parse::<Joker>().unwrap(), Joker::start());
    assert_eq!(Setup::default().to_string(), START_FEN);
}

/// The count check is closed under play (the fuzz `play` target relies on
/// it). Every position reached by legal moves from an accepted position
/// (each fixture position, and the start) prints a string that reads back.
/// The check counts the bench too: otherwise a bishop respawning from the
/// bench of a drop fixture would make a fourth bishop the check refuses.
#[test]
fn positions_reached_by_play_read_back() {
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let starts = fixture_positions().into_iter().map(|(id, fen)| {
        let pos = Joker::from_fen(&fen).unwrap_or_else(|e| panic!("{id}: {e}"));
        (id, pos)
    });
    let mut rng = StdRng::seed_from_u64(14);
    let mut checked = 0;
    for (id, start) in starts {
        for game in 0..40 {
            let mut pos = start;
            for ply in 0..150 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
                let fen = pos.to_string();
                let back = Joker::from_fen(&fen)
                    .unwrap_or_else(|e| panic!("{id} game {game} ply {ply}: {fen}: {e}"));
                assert_eq!(back.to_string(), fen);
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "only {checked} positions");
}
