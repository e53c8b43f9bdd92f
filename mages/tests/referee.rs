//! Referee events on a [`Match`]: timeouts, sanctions, resignation, agreement.

use std::time::Duration;

use motley_core::{Position, SeatResult};
use motley_mages::{
    EndReason, Mages, Match, MatchError, MatchEvent, Move, RefereeEvent, Resolution, Rules, SanctionTiming,
    Team, TurnTimeout,
};

fn mv(m: &Match, token: &str) -> Move {
    m.position().parse_move(token).unwrap()
}

fn secs(s: u64) -> Duration {
    Duration::from_secs(s)
}

#[test]
fn turn_timeout_forfeits_the_turn_at_45_seconds() {
    let mut m = Match::new(Mages::start());
    assert_eq!(m.remaining(), secs(45));
    assert_eq!(m.advance(secs(44)), None);
    assert_eq!(m.position().side_to_move(), Team::Green);
    assert_eq!(m.advance(secs(1)), Some(RefereeEvent::TurnTimeout));
    assert_eq!(m.position().side_to_move(), Team::Blue);
    assert_eq!(m.position().ply(), 1);
    assert_eq!(m.position().passes(), 0, "a forfeited turn is not a pass");
    assert_eq!(m.elapsed(), Duration::ZERO);
    assert!(m.end().is_none());
    // The board did not change.
    assert_eq!(m.position().board(), Mages::start().board());
}

#[test]
fn turn_timeout_can_forfeit_the_match() {
    let rules = Rules { turn_timeout: TurnTimeout::ForfeitMatch, turn_limit: secs(10), ..Rules::default() };
    let mut m = Match::new(Mages::start_with(rules));
    assert_eq!(m.advance(secs(10)), Some(RefereeEvent::TurnTimeout));
    assert_eq!(m.end(), Some((EndReason::TurnTimeout, Some(Team::Blue))));
    assert_eq!(m.outcome().unwrap().reason(), "turn-timeout");
}

#[test]
fn engagement_timeout_is_a_draw_at_30_seconds() {
    let mut m = Match::new(Mages::from_fen("r5/6/6/S1p3/6/6/6/5R g").unwrap());
    assert_eq!(m.referee(RefereeEvent::EngagementTimeout), Err(MatchError::NoEngagement));
    m.advance(secs(20));
    m.play(mv(&m, "a5c5")).unwrap();
    assert_eq!(m.elapsed(), Duration::ZERO, "the engagement clock starts");
    assert_eq!(m.remaining(), secs(30));
    assert_eq!(m.referee(RefereeEvent::TurnTimeout), Err(MatchError::EngagementPending));
    assert_eq!(m.advance(secs(29)), None);
    assert_eq!(m.advance(secs(5)), Some(RefereeEvent::EngagementTimeout));
    let p = m.position();
    assert_eq!((p.pending(), p.side_to_move()), (None, Team::Blue));
    assert_eq!(p.to_string(), "r5/6/6/S1p3/6/6/6/5R b - - 0 1");
    assert_eq!(m.remaining(), secs(45));
}

#[test]
fn configurable_limits() {
    let rules = Rules { turn_limit: secs(60), engagement_limit: secs(10), ..Rules::default() };
    let mut m = Match::new(Mages::from_fen_with("r5/6/6/S1p3/6/6/6/5R g", rules).unwrap());
    assert_eq!(m.advance(secs(59)), None);
    m.play(mv(&m, "a5c5")).unwrap();
    assert_eq!(m.advance(secs(10)), Some(RefereeEvent::EngagementTimeout));
}

#[test]
fn sanction_forfeits_the_next_turn() {
    let mut m = Match::new(Mages::start());
    m.referee(RefereeEvent::ForfeitTurn(Team::Blue)).unwrap();
    assert_eq!(m.pending_sanctions(Team::Blue), 1);
    assert_eq!(m.position().side_to_move(), Team::Green, "green's current turn is not affected");
    m.play(mv(&m, "a2a3")).unwrap();
    // Blue's turn was forfeited: Green moves again.
    assert_eq!(m.position().side_to_move(), Team::Green);
    assert_eq!(m.position().ply(), 2);
    assert_eq!(m.pending_sanctions(Team::Blue), 0);
    assert_eq!(m.log().last(), Some(&MatchEvent::SanctionedTurn(Team::Blue)));
    m.play(mv(&m, "b2b3")).unwrap();
    assert_eq!(m.position().side_to_move(), Team::Blue);
}

#[test]
fn sanction_of_the_team_on_move_takes_its_following_turn() {
    let mut m = Match::new(Mages::start());
    m.referee(RefereeEvent::ForfeitTurn(Team::Green)).unwrap();
    m.play(mv(&m, "a2a3")).unwrap();
    assert_eq!(m.position().side_to_move(), Team::Blue);
    m.play(mv(&m, "a7a6")).unwrap();
    assert_eq!(m.position().side_to_move(), Team::Blue, "green's next turn was forfeited");
}

#[test]
fn sanction_waits_for_the_engagement_to_resolve() {
    let mut m = Match::new(Mages::from_fen("r5/6/6/S1p3/6/6/6/5R g").unwrap());
    m.play(mv(&m, "a5c5")).unwrap();
    m.referee(RefereeEvent::ForfeitTurn(Team::Blue)).unwrap();
    assert!(m.position().pending().is_some());
    m.play(Move::resolve(Resolution::Draw)).unwrap();
    assert_eq!(m.position().side_to_move(), Team::Green);
}

#[test]
fn sanction_can_forfeit_the_match() {
    let mut m = Match::new(Mages::start());
    m.referee(RefereeEvent::ForfeitMatch(Team::Green)).unwrap();
    let o = m.outcome().unwrap();
    assert_eq!((o.result(Team::Blue.seat()), o.reason()), (SeatResult::Win, "sanction"));
    assert_eq!(m.play(mv(&m, "a2a3")), Err(MatchError::GameOver));
    assert_eq!(m.referee(RefereeEvent::DrawByAgreement), Err(MatchError::GameOver));
    assert_eq!(m.advance(secs(100)), None);
}

#[test]
fn resignation_and_draw_by_agreement() {
    let mut m = Match::new(Mages::start());
    m.play(mv(&m, "a2a3")).unwrap();
    m.referee(RefereeEvent::Resign(Team::Blue)).unwrap();
    assert_eq!(m.end(), Some((EndReason::Resignation, Some(Team::Green))));
    assert_eq!(m.outcome().unwrap().reason(), "resignation");

    let mut d = Match::new(Mages::start());
    d.referee(RefereeEvent::DrawByAgreement).unwrap();
    assert!(d.outcome().unwrap().is_draw());
    assert_eq!(d.outcome().unwrap().reason(), "agreement");
}

#[test]
fn illegal_moves_and_game_end_through_play() {
    let mut m = Match::new(Mages::from_fen("5r/6/6/6/6/6/6/R4C g").unwrap());
    assert!(matches!(m.play(Move::Pass), Err(MatchError::Illegal(_))));
    m.play(mv(&m, "f1f8!")).unwrap();
    m.play(Move::resolve(Resolution::Challenger)).unwrap();
    assert_eq!(m.end(), Some((EndReason::RoyalDowned, Some(Team::Green))));
    assert_eq!(m.referee(RefereeEvent::Resign(Team::Green)), Err(MatchError::GameOver));
    assert_eq!(m.log().len(), 2);
}

#[test]
fn sanction_can_take_the_current_turn() {
    let rules = Rules { sanction_timing: SanctionTiming::CurrentTurn, ..Rules::default() };
    let mut m = Match::new(Mages::start_with(rules));
    m.advance(secs(10));
    m.referee(RefereeEvent::ForfeitTurn(Team::Green)).unwrap();
    assert_eq!(m.position().side_to_move(), Team::Blue);
    assert_eq!(m.pending_sanctions(Team::Green), 0);
    assert_eq!(m.elapsed(), Duration::ZERO);
    // Green is not on move now: this sanction waits for Green's next turn.
    m.referee(RefereeEvent::ForfeitTurn(Team::Green)).unwrap();
    assert_eq!(m.pending_sanctions(Team::Green), 1);
    m.play(mv(&m, "a7a6")).unwrap();
    assert_eq!(m.position().side_to_move(), Team::Blue);
}
