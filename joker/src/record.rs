//! Game records of Joker's Chess (see `motley_core::record` and
//! `docs/records.md`): the move text is the inputs' own tokens (`e2e4`,
//! `e7e8q`, `N@e4`), the seat tags are `White` and `Black`, and the game is
//! a [`JokerRecord`], the position with its history.
//!
//! ```
//! use motley_core::record::{read, write, Notation, Recorder};
//! use motley_joker::JokerRecord;
//! let mut rec = Recorder::new(JokerRecord::start(None, &[]).unwrap(), None, None);
//! for token in ["e2e4", "e7e5"] {
//!     let mv = rec.state().read_entry(token).unwrap();
//!     rec.push(&mv);
//! }
//! let text = write(&rec.game());
//! assert!(text.contains("1. e2e4 e7e5 *"));
//! assert_eq!(read::<JokerRecord>(&text)[0].as_ref().unwrap(), &rec.game());
//! ```

use motley_core::history::History;
use motley_core::record::MoveText;

use crate::position::Joker;

impl MoveText for Joker {}

/// The state a Joker's Chess record is played on: the position and its history.
pub type JokerRecord = History<Joker>;

#[cfg(test)]
mod tests {
    use motley_core::record::testing::check_random_round_trips;

    use super::*;

    use motley_core::record::{Game, ReadError, ReadErrorKind, read, write};

    fn one(text: &str) -> Result<Game, ReadError> {
        let mut games = read::<JokerRecord>(text);
        assert_eq!(games.len(), 1, "{text}");
        games.remove(0)
    }

    fn kind(text: &str) -> (ReadErrorKind, u32, u32, String) {
        let e = one(text).expect_err(text);
        (*e.kind.clone(), e.pos.line, e.pos.column, e.token.clone())
    }

    const HEAD: &str = "[Event \"Club\"]\n[Variant \"joker\"]\n";

    #[test]
    fn a_game_with_everything_reads_and_writes_canonically() {
        let text = format!(
            "{HEAD}[White \"Ann\"]\n[Black \"Ben\"]\n[Annotator \"me\"]\n\n{{Intro}} 1. e2e4! {{[%eval +0.35]}} \
             (1. d2d4 d7d5 (1... g8f6)) 1... e7e5?! $14 2. g1f3 ; rest of line\n*"
        );
        let g = one(&text).unwrap();
        let names: Vec<&str> = g.tags.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["Event", "White", "Black", "Variant", "Annotator"]);
        assert_eq!(g.main.comments, ["Intro"]);
        assert_eq!(g.main.nodes[0].nags, [1]);
        assert_eq!(g.main.nodes[1].nags, [6, 14]);
        assert_eq!(g.main.nodes[0].variations[0].nodes[1].variations[0].nodes[0].token, "g8f6");
        assert_eq!(g.main.nodes[2].comments, ["rest of line"]);
        let written = write(&g);
        assert_eq!(
            written,
            "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Ben\"]\n[Variant \"joker\"]\n[Annotator \"me\"]\n\n\
             {Intro} 1. e2e4 $1 {[%eval +0.35]} (1. d2d4 d7d5 (1... g8f6)) 1... e7e5 $6 $14\n\
             2. g1f3 {rest of line} *\n"
        );
        assert_eq!(one(&written).unwrap(), g);
    }

    #[test]
    fn bom_and_crlf_are_accepted() {
        let g = one(&format!("\u{feff}{}1. e2e4 e7e5\r\n2. g1f3 *\r\n", HEAD.replace('\n', "\r\n"))).unwrap();
        assert_eq!(g.main_tokens(), ["e2e4", "e7e5", "g1f3"]);
    }

    #[test]
    fn errors_name_line_column_token_and_move() {
        let e = one(&format!("{HEAD}1. e2e4 e7e5\n2. e1e5 *")).unwrap_err();
        assert_eq!((e.pos.line, e.pos.column, e.move_number), (4, 4, Some(2)));
        assert_eq!(
            e.to_string(),
            format!("game 1 (Event \"Club\"), line 4, column 4, move 2, token `e1e5`: {}", e.kind)
        );
        assert!(matches!(*e.kind, ReadErrorKind::IllegalMove { .. }), "{e}");
        assert!(matches!(kind(&format!("{HEAD}1. e2e4 x9 *")).0, ReadErrorKind::IllegalMove { .. }));
    }

    #[test]
    fn bad_input_gives_each_error() {
        use ReadErrorKind as K;
        assert_eq!(kind(&format!("{HEAD}1. e2e4")).0, K::Truncated);
        assert_eq!(kind("[Variant \"joker\"").0, K::Truncated);
        assert_eq!(
            kind(&format!("{HEAD}1. e2e4 {{unclosed *")),
            (K::UnbalancedBraces("this `{` is never closed"), 3, 9, "{unclosed *".into())
        );
        assert_eq!(kind(&format!("{HEAD}1. e2e4 }} *")).0, K::UnbalancedBraces("`}` without `{`"));
        assert_eq!(
            kind(&format!("{HEAD}1. e2e4 (1. d2d4 *")).0,
            K::UnbalancedParentheses("the game ends inside a variation")
        );
        assert_eq!(
            kind(&format!("{HEAD}1. e2e4 (1. d2d4")).0,
            K::UnbalancedParentheses("a `(` is never closed")
        );
        assert_eq!(kind(&format!("{HEAD}1. e2e4 ) *")).0, K::UnbalancedParentheses("`)` without `(`"));
        assert_eq!(
            kind(&format!("{HEAD}[Event \"Again\"]\n*")),
            (K::DuplicatedTag("Event".into()), 3, 2, "Event".into())
        );
        assert_eq!(kind(&format!("{HEAD}[event \"x\"]\n*")).0, K::UnknownTag("event".into()));
        assert_eq!(kind("[Event \"x\"]\n*").0, K::MissingVariant);
        assert!(matches!(kind("[Variant \"mages\"]\n*").0, K::WrongVariant { .. }));
        assert!(matches!(kind(&format!("{HEAD}[FEN \"8/8 w\"]\n*")).0, K::BadFen(_)));
        assert!(matches!(kind(&format!("{HEAD}[Result \"1-0\"]\n*")).0, K::ResultMismatch { .. }));
        assert!(matches!(kind(&format!("{HEAD}1. e2e4 1-0-0 ")).0, K::Malformed(_)));
        let deep = format!("{HEAD}1. e2e4 {} *", "(1. d2d4 ".repeat(40));
        assert_eq!(kind(&deep).0, K::TooDeep(motley_core::record::MAX_DEPTH));
        // The start position comes back: drawn under `repetition=2`.
        let mate = format!("{HEAD}[Rules \"repetition=2\"]\n1. g1f3 g8f6 2. f3g1 f6g8 1-0");
        let (k, line, column, token) = kind(&mate);
        assert!(matches!(k, K::ContradictingResult { .. }), "{k}");
        assert_eq!((line, column, token.as_str()), (4, 27, "1-0"));
        assert_eq!(one(&mate.replace("1-0", "1/2-1/2")).unwrap().termination, "1/2-1/2");
        assert!(matches!(kind(&mate.replace("repetition=2", "repetition=x")).0, K::BadTag { .. }));
        assert!(matches!(kind(&mate.replace("1-0", "*")).0, K::ContradictingResult { .. }));
    }

    #[test]
    fn a_bad_game_does_not_stop_the_others() {
        let text = format!("{HEAD}1. e2e5 *\n\n{HEAD}1. e2e4 (\n\n{HEAD}1. d2d4 1/2-1/2\n");
        let games = read::<JokerRecord>(&text);
        assert_eq!(games.len(), 3);
        assert!(games[0].is_err() && games[1].is_err());
        assert_eq!(games[1].as_ref().unwrap_err().game, 2);
        assert_eq!(games[2].as_ref().unwrap().main_tokens(), ["d2d4"]);
    }

    #[test]
    fn random_bytes_never_panic() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(17);
        let mut bytes = vec![0u8; 10 << 20];
        rng.fill(&mut bytes[..]);
        // Sprinkle the format's own characters so that the reader goes deep.
        for i in (0..bytes.len()).step_by(7) {
            bytes[i] = b"[]{}()\"$*. \n1e"[rng.random_range(0..14)];
        }
        let text = String::from_utf8_lossy(&bytes);
        let games = read::<JokerRecord>(&text);
        assert!(!games.is_empty());
        assert!(games.iter().all(Result::is_err));
    }

    #[test]
    fn round_trips_of_random_games() {
        check_random_round_trips::<JokerRecord>(60);
    }
}
