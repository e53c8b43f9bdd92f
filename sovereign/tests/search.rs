//! The generic search on Sovereign Chess and Royale with this crate's
//! evaluation: a checkmate by capturing a control link, properties of the
//! evaluation, and Interregnum in Royale.

use motley_core::search::{Evaluate, Limits, Reading, Score, SearchConfig, Searcher, WdlModel};
use motley_core::{Position, Seat};
use motley_sovereign::eval::INTERREGNUM;
use motley_sovereign::{Royale, Sovereign};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn pos(fen: &str) -> Sovereign {
    <Sovereign as Position>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Black's king p16 is walled in by its own rook, bishop and pawn. Black
/// controls red through its bishop on the red square e12, so the red knight
/// on n15 is Black's. White's rook takes the link (e4xe12): red, and the
/// knight, become White's, and the knight checkmates.
const LINK_MATE: &str = "14brbk/13rnbbbp/16/16/4bb11/16/16/16/16/16/16/16/4wr11/16/16/wk15 1 w b - 0";

#[test]
fn checkmate_by_capturing_a_control_link() {
    let p = pos(LINK_MATE);
    for depth in 1..=3 {
        let r = Searcher::<Sovereign>::default().search(&p, &Limits::depth(depth));
        assert_eq!(r.best.map(|m| m.to_string()).as_deref(), Some("e4e12"), "depth {depth}");
        assert_eq!(r.score, Score::win_in(1), "depth {depth}");
    }
    let mut after = p.clone();
    after.play_unchecked(p.parse_move("e4e12").unwrap());
    assert_eq!(after.outcome().map(|o| o.reason()), Some("checkmate"));
}

#[test]
fn evaluation_is_zero_sum_and_counts_controlled_armies() {
    let start = Sovereign::start();
    assert_eq!(start.evaluate(Seat(0)), 0, "the start is symmetric");
    // Controlling red (bishop on e12) puts the red knight on Black's side.
    let p = pos(LINK_MATE);
    let without_link = pos(&LINK_MATE.replace("4bb11", "5bb10"));
    assert!(p.material(Seat(1)) > without_link.material(Seat(1)), "the red knight counts for Black");
    let mut rng = StdRng::seed_from_u64(10);
    for _ in 0..10 {
        let mut p = Sovereign::start();
        for _ in 0..40 {
            let moves = Position::legal_moves(&p);
            if moves.is_empty() {
                break;
            }
            assert_eq!(p.evaluate(Seat(0)), -p.evaluate(Seat(1)), "{p}");
            assert_eq!(p.material(Seat(0)), -p.material(Seat(1)), "{p}");
            let mv = moves[rng.random_range(0..moves.len())];
            Position::play_unchecked(&mut p, mv);
        }
    }
}

#[test]
fn search_is_deterministic_from_the_start() {
    let a = Searcher::<Sovereign>::default().search(&Sovereign::start(), &Limits::depth(2));
    let b = Searcher::<Sovereign>::default().search(&Sovereign::start(), &Limits::depth(2));
    assert!(a.best.is_some());
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
}

#[test]
fn royale_scores_interregnum_very_low() {
    let start = Royale::start();
    let mut rng = StdRng::seed_from_u64(11);
    let mut seen = false;
    for _ in 0..200 {
        let mut p = start.clone();
        for _ in 0..300 {
            let moves = Position::legal_moves(&p);
            if moves.is_empty() {
                break;
            }
            for s in 0..4u8 {
                if p.in_interregnum(Seat(s)) {
                    seen = true;
                    assert!(p.evaluate(Seat(s)) < -INTERREGNUM / 2, "{p}");
                }
            }
            let mv = moves[rng.random_range(0..moves.len())];
            Position::play_unchecked(&mut p, mv);
        }
        if seen {
            break;
        }
    }
    assert!(seen, "random games reach an Interregnum");
    let r = Searcher::<Royale>::default().search(&start, &Limits::depth(2));
    assert!(r.best.is_some());
}

/// Royale: White's queen on c3 attacks Ash's king on c9; Black, with two
/// queens, is the strongest other seat. Taking Ash's king wins no material
/// (a king counts 0) and leaves the strongest rival as it was, but it is a
/// step toward owning the last king: the hunt terms make the search take it
/// (before them it played c3h8 at every depth from 1 to 4).
const RIVAL_KING: &str = "7bk8/16/1bq1bq12/16/16/16/16/2ak13/15sk/16/16/16/16/2wq13/16/8wk7 1 w a s b - 0";

#[test]
fn royale_takes_a_rivals_king() {
    let p = <Royale as Position>::from_fen(RIVAL_KING).unwrap_or_else(|e| panic!("{e}"));
    // Paranoid search (Royale's default) and best-reply layers alike.
    for best_reply in [None, Some(true)] {
        let config = SearchConfig { best_reply, ..SearchConfig::default() };
        for depth in 1..=3 {
            let r = Searcher::<Royale>::new(config).search(&p, &Limits::depth(depth));
            assert_eq!(
                r.best.map(|m| m.to_string()).as_deref(),
                Some("c3c9"),
                "depth {depth} {best_reply:?}"
            );
        }
    }
    let mut after = p.clone();
    after.play_unchecked(p.parse_move("c3c9").unwrap());
    assert!(after.in_interregnum(Seat(1)), "Ash has lost its king");
    let gain = after.evaluate(Seat(0)) - p.evaluate(Seat(0));
    assert!(gain >= motley_sovereign::eval::KING_TAKEN / 2, "taking a rival's king gains {gain}");
}

/// Royale's odds are read by the model of the position's class: how many
/// kings are left, the seat's own counted whether it has one or not
/// (`royale_wdl_class`); below `INTERREGNUM_LEVEL` a score is read by the
/// model of a seat without a king, class 0.
#[test]
fn royale_odds_follow_the_kings_left() {
    use motley_sovereign::eval::{INTERREGNUM_LEVEL, ROYALE_INTERREGNUM_WDL, ROYALE_WDL_BY_KINGS};
    let p = <Royale as Position>::from_fen(RIVAL_KING).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Royale::WDL_MODELS.len(), 4);
    assert_eq!(ROYALE_WDL_BY_KINGS[0], ROYALE_INTERREGNUM_WDL);
    for s in 0..4 {
        assert_eq!(p.wdl_class(Seat(s)), 3, "four kings, seat {s}");
    }
    let start = Royale::start();
    assert_eq!(start.wdl_class(start.turn()), 3);
    let mut after = p.clone();
    after.play_unchecked(p.parse_move("c3c9").unwrap());
    assert!(after.in_interregnum(Seat(1)));
    assert_eq!(after.wdl_class(Seat(1)), 3, "Ash has no king: read as the fourth, should it crown one");
    for s in [0, 2, 3] {
        assert_eq!(after.wdl_class(Seat(s)), 2, "three kings, seat {s}");
    }
    // The model a front end reads is that class's, above the level.
    let high = Score(500);
    assert_eq!(after.wdl_model(Seat(0)).wdl(high, Seat(0)), ROYALE_WDL_BY_KINGS[2].wdl(high, Seat(0)));
    assert_eq!(after.wdl_model(Seat(1)).wdl(high, Seat(1)), ROYALE_WDL_BY_KINGS[3].wdl(high, Seat(1)));
    // Below it, whether the seat has a king now or not, class 0's.
    let three_kings = WdlModel { below: None, ..ROYALE_WDL_BY_KINGS[2] };
    let low = Score(INTERREGNUM_LEVEL as i32 - 1);
    for s in 0..4 {
        let (seat, model) = (Seat(s), after.wdl_model(Seat(s)));
        assert_eq!(model.wdl(low, seat), ROYALE_INTERREGNUM_WDL.wdl(low, seat), "seat {s}");
        assert_eq!(model.normalise(low, seat), ROYALE_INTERREGNUM_WDL.normalise(low, seat), "seat {s}");
        assert_ne!(model.wdl(low, seat), three_kings.wdl(low, seat), "seat {s}: not the kings' curves");
    }
    let at = Score(INTERREGNUM_LEVEL as i32);
    assert_eq!(
        after.wdl_model(Seat(0)).wdl(at, Seat(0)),
        three_kings.wdl(at, Seat(0)),
        "the level itself is above"
    );
}

/// Royale: White's queen on c3 can take an Ash pawn on f3, which nobody
/// guards, or one on c6, which Slate's rook on h6 guards. Both squares are
/// plain (no army changes hands), so the guarded capture loses the queen
/// for a pawn, and Royale's quiescence does not follow it.
const QUEEN_TAKES: &str =
    "7bk8/16/1bq1bq12/16/16/16/16/2ak13/15sk/16/2ap4sr8/16/16/2wq2ap10/16/8wk7 1 w a s b - 0";

#[test]
fn royale_quiescence_skips_a_capture_that_loses_material_at_once() {
    let p = <Royale as Position>::from_fen(QUEEN_TAKES).unwrap_or_else(|e| panic!("{e}"));
    for s in ["c6", "f3"] {
        let sq = s.parse().unwrap_or_else(|e| panic!("{s}: {e:?}"));
        assert_eq!(motley_sovereign::square_color(sq), None, "{s} is a plain square");
    }
    let free = p.parse_move("c3f3").unwrap();
    let guarded = p.parse_move("c3c6").unwrap();
    assert!(p.is_tactical(free) && p.is_tactical(guarded), "both are captures");
    assert!(p.is_quiescence_input(free, 0));
    assert!(!p.is_quiescence_input(guarded, 0), "the rook retakes: the queen for a pawn");
    // Without the rook, the same capture wins a pawn and is followed.
    let unguarded = <Royale as Position>::from_fen(&QUEEN_TAKES.replace("2ap4sr8", "2ap13")).unwrap();
    assert!(unguarded.is_quiescence_input(unguarded.parse_move("c3c6").unwrap(), 0));
}

/// Royale: Ash has a lone king on a16; White has its king, a queen on e8
/// and a rook; Slate and Black each a queen, a rook and a bishop. With
/// White's rook on c10, which the queen guards, Ash's king has 11 squares
/// of room (a11 to b16); with it on i3, 27 (the queen alone walls off a9
/// to d16 along the e-file, its diagonal to a12 and rank 8, and a11 to c9
/// lie below that diagonal). A seat gains [`CONFINE`] per square of room a
/// weak rival's king has lost, and nothing when the rival is not weak.
///
/// [`CONFINE`]: motley_sovereign::eval::CONFINE
const BOXED: &str =
    "ak6bk8/16/12bqbrbb1/16/16/16/2wr13/16/4wq10sk/16/15sq/15sr/15sb/16/16/8wk7 1 w a s b - 0";
const FREE: &str = "ak6bk8/16/12bqbrbb1/16/16/16/16/16/4wq10sk/16/15sq/15sr/15sb/8wr7/16/8wk7 1 w a s b - 0";

#[test]
fn royale_counts_the_room_of_a_weak_rivals_king() {
    use motley_sovereign::eval::{CONFINE, CONFINE_CAP};
    let royale = |fen: &str| <Royale as Position>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for s in ["c10", "i3"] {
        let sq = s.parse().unwrap_or_else(|e| panic!("{s}: {e:?}"));
        assert_eq!(motley_sovereign::square_color(sq), None, "{s} is a plain square");
    }
    let gain = royale(BOXED).evaluate(Seat(0)) - royale(FREE).evaluate(Seat(0));
    const { assert!(CONFINE_CAP > 27) };
    assert_eq!(gain, CONFINE * (27 - 11), "the rook takes 16 squares of 27");
    // With a queen, a rook and a bishop on a13 to a11 Ash is not weak: the
    // rook's place changes nothing.
    let armed = |fen: &str| royale(&fen.replacen("/16/16/16/", "/aq15/ar15/ab15/", 1));
    let (boxed, free) = (armed(BOXED), armed(FREE));
    let armament = boxed.material(Seat(1)) - royale(BOXED).material(Seat(1));
    assert!(armament > motley_sovereign::eval::CONFINE_WEAK, "Ash is armed: {armament}");
    assert_eq!(boxed.evaluate(Seat(0)), free.evaluate(Seat(0)), "Ash is not weak");
}

/// Royale: White's bishop on e12, a red square, holds red; on f12 it holds
/// nothing. Red has one knight, or two. No piece stands near a king and
/// every rival is armed, so the link changes only what White is credited
/// with for red: the second knight adds [`HELD_SHARE`] of its value in the
/// two-player game, and [`ROYALE_HELD`]/256 of that in Royale.
///
/// [`HELD_SHARE`]: motley_sovereign::eval::HELD_SHARE
/// [`ROYALE_HELD`]: motley_sovereign::eval::ROYALE_HELD
const RED_HELD: &str =
    "8bk7/13rn2/12bqbrbb1/16/4wb11/16/16/16/15sk/16/15sq/ak14sr/15sb/ar15/16/8wk7 1 w a s b - 0";

#[test]
fn royale_counts_an_army_held_through_a_link_below_the_two_player_share() {
    use motley_sovereign::eval::{HELD_SHARE, ROYALE_HELD, value};
    use motley_sovereign::{Color, Role};
    let royale = |fen: &str| <Royale as Position>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let e12 = "e12".parse().unwrap_or_else(|e| panic!("e12: {e:?}"));
    assert_eq!(motley_sovereign::square_color(e12), Some(Color::Red));
    for s in ["f12", "m15", "n15", "a5", "a3"] {
        let sq = s.parse().unwrap_or_else(|e| panic!("{s}: {e:?}"));
        assert_eq!(motley_sovereign::square_color(sq), None, "{s} is a plain square");
    }
    let link_gain = |fen: &str| {
        let unlinked = fen.replace("/4wb11/", "/5wb10/");
        royale(fen).evaluate(Seat(0)) - royale(&unlinked).evaluate(Seat(0))
    };
    let two = RED_HELD.replace("/13rn2/", "/12rnrn2/");
    let knight = value(Role::Knight);
    assert_eq!(link_gain(&two) - link_gain(RED_HELD), knight * HELD_SHARE * ROYALE_HELD / (256 * 256));
    const { assert!(ROYALE_HELD < 256, "below the two-player share") };
}
