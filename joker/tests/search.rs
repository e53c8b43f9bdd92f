//! The generic search on Joker's Chess with this crate's evaluation:
//! composed king captures (one king and both), the 14-half-move rule and
//! properties of the evaluation.

use motley_core::search::{Evaluate, Limits, Score, Searcher};
use motley_core::{Position, Seat};
use motley_joker::Joker;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn pos(fen: &str) -> Joker {
    <Joker as Position>::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn search(p: &Joker, depth: u32) -> (String, Score, Vec<String>) {
    let r = Searcher::<Joker>::default().search(p, &Limits::depth(depth));
    (r.best.expect("a move").to_string(), r.score, r.pv().iter().map(ToString::to_string).collect())
}

#[test]
fn captures_the_last_king_in_one() {
    // Black has one king left, on h8, and the queen on a1 sees it.
    let p = pos("7k/8/8/8/8/8/8/Q7[] w - - 0 10 -");
    for depth in 1..=3 {
        let (mv, score, _) = search(&p, depth);
        assert_eq!((mv.as_str(), score), ("a1h8", Score::win_in(1)), "depth {depth}");
    }
}

#[test]
fn double_king_capture_in_three() {
    // Both black kings (a8, c8) are walled in by their own pieces; the
    // knights b6 and e7 take one each and nothing can stop the second.
    let p = pos("kbkn4/ppppN3/1N6/8/8/8/8/8[] w - - 0 10 -");
    let (mv, score, pv) = search(&p, 3);
    assert_eq!(score, Score::win_in(3), "{pv:?}");
    assert!(["b6a8", "e7c8"].contains(&mv.as_str()), "{mv}");
    assert_eq!(pv.len(), 3, "{pv:?}");
    // One ply (and quiescence, where Black stands pat) does not see it;
    // two plies do, quiescence finding the second capture.
    assert!(!search(&p, 1).1.is_win());
    assert_eq!(search(&p, 2).1, Score::win_in(3));
}

#[test]
fn the_fourteen_half_move_rule_forces_a_capture() {
    // The clock is at 13: any white move that neither captures nor moves a
    // pawn ends the game for Black, so White must take the a8 king.
    let p = pos("k6k/8/8/8/8/8/8/Q7[] w - - 13 20 -");
    for depth in 1..=3 {
        let (mv, score, _) = search(&p, depth);
        assert_eq!(mv, "a1a8", "depth {depth}");
        assert!(!score.is_loss(), "depth {depth}: {score:?}");
    }
    // With Black to move at 13 every black move ends the game in Black's favour.
    let p = pos("k6k/8/8/8/8/8/8/Q7[] b - - 13 21 -");
    assert_eq!(search(&p, 1).1, Score::win_in(1));
}

#[test]
fn evaluation_is_zero_sum_and_counts_kings_and_reserves() {
    let start = Joker::start();
    assert_eq!(start.evaluate(Seat(0)), -start.evaluate(Seat(1)));
    // One black king fewer is worth more to White than a queen.
    let two = pos("3kk3/8/8/8/8/8/8/Q7[] w - - 0 10 -");
    let one = pos("3k4/8/8/8/8/8/8/Q7[] w - - 0 10 -");
    assert!(one.evaluate(Seat(0)) - two.evaluate(Seat(0)) > 950);
    // A knight in the Joker Reserve counts as material.
    let reserve = pos("3kk3/8/8/8/8/8/8/Q7[N] w - - 0 10 -");
    assert!(reserve.material(Seat(0)) > two.material(Seat(0)) + 300);
    // The 14-half-move clock weighs against White as it runs.
    let late = pos("3kk3/8/8/8/8/8/8/Q7[] w - - 12 10 -");
    assert!(late.evaluate(Seat(0)) < two.evaluate(Seat(0)));
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..30 {
        let mut p = Joker::start();
        for _ in 0..80 {
            let moves = Position::legal_moves(&p);
            if moves.is_empty() {
                break;
            }
            assert_eq!(p.evaluate(Seat(0)), -p.evaluate(Seat(1)), "{p}");
            for &mv in moves.iter() {
                let mut after = p;
                Position::play_unchecked(&mut after, mv);
                let captured = after.board().occupied().count() < p.board().occupied().count()
                    || (p.board().piece_at(mv.to()).is_some());
                if captured {
                    assert!(p.is_tactical(mv), "{p} {mv}");
                }
            }
            let mv = moves[rng.random_range(0..moves.len())];
            Position::play_unchecked(&mut p, mv);
        }
    }
}

#[test]
fn search_is_deterministic_from_the_start() {
    let a = Searcher::<Joker>::default().search(&Joker::start(), &Limits::depth(4));
    let b = Searcher::<Joker>::default().search(&Joker::start(), &Limits::depth(4));
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
}
