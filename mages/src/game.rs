//! [`Match`]: a game under a referee — the position plus caller-driven
//! clocks, sanctions, resignation and draws by agreement.
//!
//! The library never reads a wall clock: the caller reports elapsed time with
//! [`Match::advance`], which applies a timeout when a limit is reached, or
//! reports the referee's decisions with [`Match::referee`].
//!
//! Decisions of this module:
//! - a turn timeout applies the [`TurnTimeout`] rule (default: the turn is
//!   forfeited and the move passes to the other team; this is not a pass);
//! - the engagement clock starts when an engagement is declared; when it runs
//!   out the engagement is drawn;
//! - a sanction "forfeit the next turn" applies, by default, to the next turn
//!   of the sanctioned team that *starts* after the sanction (if that team is
//!   on move now, the current turn is played and the following one is lost;
//!   [`SanctionTiming`] can make it the current turn); sanctions accumulate;
//! - after a timeout the new phase's clock starts at zero (time beyond the
//!   limit is not carried over).

use core::time::Duration;

use motley_core::{Outcome, Position};

use crate::end::EndReason;
use crate::moves::{Move, Resolution};
use crate::piece::Team;
use crate::position::Mages;
use crate::rules::{SanctionTiming, TurnTimeout};

/// A decision of the referee (or of the teams) outside the moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RefereeEvent {
    /// The side to move used up its turn time (no engagement pending).
    TurnTimeout,
    /// The pending engagement's time ran out: it is drawn.
    EngagementTimeout,
    /// The team's Luminary is sanctioned: the team forfeits its next turn.
    ForfeitTurn(Team),
    /// The team's Luminary is sanctioned: the team forfeits the match.
    ForfeitMatch(Team),
    /// The team resigns.
    Resign(Team),
    /// Both teams agree to a draw.
    DrawByAgreement,
}

impl RefereeEvent {
    /// Every referee event, in a fixed order (the order of
    /// [`RefereeEvent::accepted_at`]).
    pub const ALL: [RefereeEvent; 9] = [
        RefereeEvent::TurnTimeout,
        RefereeEvent::EngagementTimeout,
        RefereeEvent::ForfeitTurn(Team::Green),
        RefereeEvent::ForfeitTurn(Team::Blue),
        RefereeEvent::ForfeitMatch(Team::Green),
        RefereeEvent::ForfeitMatch(Team::Blue),
        RefereeEvent::Resign(Team::Green),
        RefereeEvent::Resign(Team::Blue),
        RefereeEvent::DrawByAgreement,
    ];

    /// The events [`Match::referee`] accepts on a match at `position`:
    /// none once the game is over; a turn timeout only with no engagement
    /// pending, an engagement timeout only with one; the sanctions, a
    /// resignation and a draw by agreement at any time. (A match's own end,
    /// by a resignation for example, is the match's: see [`Match::end`].)
    #[must_use]
    pub fn accepted_at(position: &Mages) -> Vec<RefereeEvent> {
        if position.end().is_some() {
            return Vec::new();
        }
        let pending = position.pending().is_some();
        RefereeEvent::ALL
            .into_iter()
            .filter(|e| match e {
                RefereeEvent::TurnTimeout => !pending,
                RefereeEvent::EngagementTimeout => pending,
                _ => true,
            })
            .collect()
    }
}

impl core::fmt::Display for RefereeEvent {
    /// The event's token, as game records write it (`timeout`,
    /// `sanction:green`, `draw-agreed`, …; the table of
    /// `motley_mages::record`).
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            RefereeEvent::TurnTimeout => f.write_str("timeout"),
            RefereeEvent::EngagementTimeout => f.write_str("engagement-timeout"),
            RefereeEvent::ForfeitTurn(t) => write!(f, "sanction:{}", t.name()),
            RefereeEvent::ForfeitMatch(t) => write!(f, "forfeit:{}", t.name()),
            RefereeEvent::Resign(t) => write!(f, "resign:{}", t.name()),
            RefereeEvent::DrawByAgreement => f.write_str("draw-agreed"),
        }
    }
}

/// An input or event the match cannot accept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The move is not legal here.
    #[error("illegal move {0}")]
    Illegal(Move),
    /// A turn timeout while an engagement is pending (its own clock runs).
    #[error("an engagement is pending: its timeout is an engagement timeout")]
    EngagementPending,
    /// An engagement timeout while no engagement is pending.
    #[error("no engagement is pending")]
    NoEngagement,
}

/// Something that happened in a match, in order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MatchEvent {
    /// A team's input.
    Move(Move),
    /// A referee decision.
    Referee(RefereeEvent),
    /// A turn lost to an earlier sanction.
    SanctionedTurn(Team),
}

/// A game under a referee, built on a [`Mages`] position.
#[derive(Clone, Debug)]
pub struct Match {
    position: Mages,
    elapsed: Duration,
    sanctions: [u32; 2],
    end: Option<(EndReason, Option<Team>)>,
    log: Vec<MatchEvent>,
}

impl Match {
    /// A match from `position` (its rules include the time limits).
    #[must_use]
    pub fn new(position: Mages) -> Match {
        Match { position, elapsed: Duration::ZERO, sanctions: [0; 2], end: None, log: Vec::new() }
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Mages {
        &self.position
    }

    /// Everything that happened, in order.
    #[must_use]
    pub fn log(&self) -> &[MatchEvent] {
        &self.log
    }

    /// Time used in the current phase (turn or engagement).
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// Time left in the current phase.
    #[must_use]
    pub fn remaining(&self) -> Duration {
        self.limit().saturating_sub(self.elapsed)
    }

    /// Turns `team` still has to forfeit for sanctions.
    #[must_use]
    pub fn pending_sanctions(&self, team: Team) -> u32 {
        self.sanctions[team.index()]
    }

    fn limit(&self) -> Duration {
        let rules = self.position.rules();
        if self.position.pending().is_some() { rules.engagement_limit } else { rules.turn_limit }
    }

    /// Why the match ended and who won (`None` for a draw).
    #[must_use]
    pub fn end(&self) -> Option<(EndReason, Option<Team>)> {
        self.end.or_else(|| self.position.end())
    }

    /// Why the match ended (the winner is in [`Match::end`]).
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        self.end().map(|(reason, _)| reason)
    }

    /// The result, once the match is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let (reason, winner) = self.end()?;
        Some(match winner {
            Some(team) => Outcome::win(team.seat(), 2, reason.name()),
            None => Outcome::draw(2, reason.name()),
        })
    }

    /// Plays a team's input and starts the next phase's clock.
    ///
    /// # Errors
    /// [`MatchError::GameOver`] or [`MatchError::Illegal`].
    pub fn play(&mut self, mv: Move) -> Result<(), MatchError> {
        if self.end().is_some() {
            return Err(MatchError::GameOver);
        }
        if !self.position.is_legal(mv) {
            return Err(MatchError::Illegal(mv));
        }
        let before = self.position.side_to_move();
        self.position.play_unchecked(mv);
        self.log.push(MatchEvent::Move(mv));
        self.phase_changed(before);
        Ok(())
    }

    /// Reports elapsed time of the current phase. When it reaches the phase's
    /// limit the timeout is applied (engagement drawn, or turn timeout) and
    /// returned.
    pub fn advance(&mut self, elapsed: Duration) -> Option<RefereeEvent> {
        if self.end().is_some() {
            return None;
        }
        self.elapsed += elapsed;
        if self.elapsed < self.limit() {
            return None;
        }
        let event = if self.position.pending().is_some() {
            RefereeEvent::EngagementTimeout
        } else {
            RefereeEvent::TurnTimeout
        };
        self.referee(event).ok().map(|()| event)
    }

    /// Applies a referee decision.
    ///
    /// # Errors
    /// [`MatchError::GameOver`] after the end; [`MatchError::EngagementPending`]
    /// for a turn timeout during an engagement; [`MatchError::NoEngagement`]
    /// for an engagement timeout without one.
    pub fn referee(&mut self, event: RefereeEvent) -> Result<(), MatchError> {
        if self.end().is_some() {
            return Err(MatchError::GameOver);
        }
        let before = self.position.side_to_move();
        match event {
            RefereeEvent::TurnTimeout => {
                if self.position.pending().is_some() {
                    return Err(MatchError::EngagementPending);
                }
                match self.position.rules().turn_timeout {
                    TurnTimeout::ForfeitTurn => {
                        self.position.forfeit_turn();
                    }
                    TurnTimeout::ForfeitMatch => {
                        self.end = Some((EndReason::TurnTimeout, Some(before.other())))
                    }
                }
            }
            RefereeEvent::EngagementTimeout => {
                if self.position.pending().is_none() {
                    return Err(MatchError::NoEngagement);
                }
                self.position.play_unchecked(Move::resolve(Resolution::Draw));
            }
            RefereeEvent::ForfeitTurn(team) => {
                let now = self.position.rules().sanction_timing == SanctionTiming::CurrentTurn
                    && team == before
                    && self.position.pending().is_none();
                if now {
                    self.position.forfeit_turn();
                    self.log.push(MatchEvent::Referee(event));
                    self.phase_changed(before);
                    return Ok(());
                }
                self.sanctions[team.index()] += 1;
            }
            RefereeEvent::ForfeitMatch(team) => self.end = Some((EndReason::Sanction, Some(team.other()))),
            RefereeEvent::Resign(team) => self.end = Some((EndReason::Resignation, Some(team.other()))),
            RefereeEvent::DrawByAgreement => self.end = Some((EndReason::Agreement, None)),
        }
        self.log.push(MatchEvent::Referee(event));
        if !matches!(event, RefereeEvent::ForfeitTurn(_)) {
            self.phase_changed(before);
        }
        Ok(())
    }

    /// Resets the clock after a phase change and serves sanctions at the
    /// start of a sanctioned team's turn.
    fn phase_changed(&mut self, before: Team) {
        self.elapsed = Duration::ZERO;
        let mut turn_started = self.position.side_to_move() != before;
        while turn_started && self.end().is_none() {
            let team = self.position.side_to_move();
            if self.sanctions[team.index()] == 0 {
                break;
            }
            self.sanctions[team.index()] -= 1;
            self.position.forfeit_turn();
            self.log.push(MatchEvent::SanctionedTurn(team));
            turn_started = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// `accepted_at` lists exactly the events `Match::referee` accepts: at
    /// the start, at a pending engagement, once the game is over, and under
    /// the rule that makes a turn timeout lose the match.
    #[test]
    fn accepted_events_are_those_the_match_accepts() {
        let forfeit_match = Rules { turn_timeout: TurnTimeout::ForfeitMatch, ..Rules::DEFAULT };
        let positions = [
            Mages::default(),
            Mages::from_fen_with("r5/6/6/S1p3/6/6/6/5R g a5c5 a5 0 7", Rules::DEFAULT).expect("pending"),
            Mages::from_fen_with("r5/6/6/6/6/6/6/6 g - - 0 7", Rules::DEFAULT).expect("over"),
            Mages::start_with(forfeit_match),
        ];
        let counts: Vec<usize> = positions
            .iter()
            .map(|pos| {
                let accepted = RefereeEvent::accepted_at(pos);
                for event in RefereeEvent::ALL {
                    let ok = Match::new(pos.clone()).referee(event).is_ok();
                    assert_eq!(accepted.contains(&event), ok, "{event:?} at {}", pos.fen());
                }
                accepted.len()
            })
            .collect();
        assert_eq!(counts, [8, 8, 0, 8]);
    }
}
