//! [`LineupMatch`]: a [`Match`] whose pieces are people — each team's
//! [`Lineup`] followed through the game, with a log of what each person did.
//!
//! How people follow the inputs:
//! - a move takes the person to the destination (a promotion keeps the
//!   person, in a new role);
//! - an engagement won by the challenger removes the defender and takes the
//!   challenger onto the defender's square; won by the defender, it removes
//!   the challenger and takes the defender onto the challenger's square; a
//!   draw (or an engagement timeout) moves nobody;
//! - a foul expels the challenger; under [`FoulDefender::TakesSquare`] the
//!   defender takes the challenger's square;
//! - a heresy is the acting person's: the halo stays with that person;
//! - a referee's sanction, forfeit or timeout is the team's Luminary's: the
//!   Luminary answers to the referee for the team.

use core::time::Duration;

use crate::board::Square;
use crate::game::{Match, MatchError, MatchEvent, RefereeEvent};
use crate::lineup::Lineup;
use crate::lineup::{LineupError, Post};
use crate::moves::{Combat, Move, Resolution};
use crate::piece::{Role, Team};
use crate::position::Mages;
use crate::rules::FoulDefender;

/// A person of a match: a team and an index into that team's
/// [`Lineup::players`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct PersonId {
    /// The person's team.
    pub team: Team,
    /// The index into the team's lineup.
    pub index: u8,
}

/// How a declared engagement ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EngagementEnd {
    /// Resolved by the teams' input (`challenger`, `defender`, `draw` or `foul`).
    Resolved(Resolution),
    /// The engagement's time ran out: a draw.
    Timeout,
}

impl EngagementEnd {
    /// The resolution the end counts as (a timeout is a draw).
    #[must_use]
    pub fn resolution(self) -> Resolution {
        match self {
            EngagementEnd::Resolved(r) => r,
            EngagementEnd::Timeout => Resolution::Draw,
        }
    }
}

/// Something a person did, or had done to them, in a [`LineupMatch`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PersonEvent {
    /// An engagement from declaration to end.
    Engagement {
        /// Who declared it.
        challenger: PersonId,
        /// Who was engaged.
        defender: PersonId,
        /// The challenger's role when declaring.
        challenger_role: Role,
        /// The defender's role.
        defender_role: Role,
        /// Melee or ranged.
        combat: Combat,
        /// How it ended.
        end: EngagementEnd,
    },
    /// A heretical action.
    Heresy {
        /// Who committed it.
        person: PersonId,
        /// Their role when committing it.
        role: Role,
        /// The action.
        action: Move,
    },
    /// A challenger's foul: the challenger is expelled.
    Foul {
        /// The expelled challenger.
        person: PersonId,
        /// The downed defender.
        victim: PersonId,
    },
    /// A pawn's promotion: the same person in a new role.
    Promotion {
        /// The person.
        person: PersonId,
        /// The new role.
        role: Role,
    },
    /// A referee decision about a team, answered by its Luminary: a turn
    /// timeout, a sanction, a forfeit of the match or a resignation.
    Referee {
        /// The team's Luminary.
        luminary: PersonId,
        /// The decision.
        event: RefereeEvent,
    },
    /// A turn lost to an earlier sanction of the Luminary.
    SanctionServed {
        /// The team's Luminary.
        luminary: PersonId,
    },
}

/// A [`PersonEvent`] with where it happened: the index into
/// [`Match::log`] of the input or referee event that completed it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Attributed {
    /// The index into the match log.
    pub at: usize,
    /// What happened.
    pub event: PersonEvent,
}

/// A declared engagement's people, until it ends.
#[derive(Clone, Copy, Debug)]
struct Declared {
    challenger: PersonId,
    defender: PersonId,
    challenger_role: Role,
    defender_role: Role,
}

/// A match with lineups (see the module documentation).
#[derive(Clone, Debug)]
pub struct LineupMatch {
    game: Match,
    lineups: [Lineup; 2],
    at: [Option<PersonId>; 48],
    heretics: Vec<PersonId>,
    expelled: Vec<PersonId>,
    acted: Vec<PersonId>,
    declared: Option<Declared>,
    log: Vec<Attributed>,
}

impl LineupMatch {
    /// A match from `position` with the two lineups, validated against its
    /// board (green first).
    ///
    /// # Errors
    /// [`LineupError`] if a lineup does not name the pieces of its team on
    /// the position's board (see [`crate::LineupText::validate`]), or is the
    /// other team's.
    pub fn new(position: Mages, green: Lineup, blue: Lineup) -> Result<LineupMatch, LineupError> {
        // Re-validating the canonical text checks each lineup against this board.
        let lineups = [
            Lineup::parse(&green.to_string(), Team::Green, position.board())?,
            Lineup::parse(&blue.to_string(), Team::Blue, position.board())?,
        ];
        let mut at = [None; 48];
        for (team, lineup) in Team::ALL.into_iter().zip(&lineups) {
            for (i, p) in lineup.players().iter().enumerate() {
                if let Post::Square(sq) = p.post {
                    at[sq.index()] = Some(PersonId { team, index: i as u8 });
                }
            }
        }
        let heretics = position.board().halos().into_iter().filter_map(|sq| at[sq.index()]).collect();
        let declared = position.pending().and_then(|e| {
            Some(Declared {
                challenger: at[e.challenger.index()]?,
                defender: at[e.defender.index()]?,
                challenger_role: position.board().role_at(e.challenger)?,
                defender_role: position.board().role_at(e.defender)?,
            })
        });
        let game = Match::new(position);
        Ok(LineupMatch {
            game,
            lineups,
            at,
            heretics,
            expelled: Vec::new(),
            acted: Vec::new(),
            declared,
            log: Vec::new(),
        })
    }

    /// The match.
    #[must_use]
    pub fn game(&self) -> &Match {
        &self.game
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Mages {
        self.game.position()
    }

    /// The lineup of `team`.
    #[must_use]
    pub fn lineup(&self, team: Team) -> &Lineup {
        &self.lineups[team.index()]
    }

    /// The person's name.
    #[must_use]
    pub fn name(&self, person: PersonId) -> &str {
        self.lineups[person.team.index()].name(usize::from(person.index))
    }

    /// The team's Luminary.
    #[must_use]
    pub fn luminary(&self, team: Team) -> PersonId {
        PersonId { team, index: self.lineups[team.index()].luminary_index() as u8 }
    }

    /// The person on `square`, if a piece stands there.
    #[must_use]
    pub fn person_at(&self, square: Square) -> Option<PersonId> {
        self.at[square.index()]
    }

    /// Where the person stands now (`None` off the board: the Luminary, or
    /// a captured or expelled player).
    #[must_use]
    pub fn square_of(&self, person: PersonId) -> Option<Square> {
        Square::all().find(|sq| self.at[sq.index()] == Some(person))
    }

    /// Whether the person has committed a heresy (wears a halo).
    #[must_use]
    pub fn is_heretic(&self, person: PersonId) -> bool {
        self.heretics.contains(&person)
    }

    /// Whether the person has made an action (moved or declared an
    /// engagement) in this match.
    #[must_use]
    pub fn has_acted(&self, person: PersonId) -> bool {
        self.acted.contains(&person)
    }

    /// Whether the person was expelled for a foul.
    #[must_use]
    pub fn is_expelled(&self, person: PersonId) -> bool {
        self.expelled.contains(&person)
    }

    /// The people's events, in order.
    #[must_use]
    pub fn events(&self) -> &[Attributed] {
        &self.log
    }

    /// Plays a team's input (as [`Match::play`]) and follows the people.
    ///
    /// # Errors
    /// As [`Match::play`]; nothing changes then.
    pub fn play(&mut self, mv: Move) -> Result<(), MatchError> {
        let before = self.game.position().clone();
        let log_len = self.game.log().len();
        self.game.play(mv)?;
        let at = log_len;
        let board = before.board();
        match mv {
            Move::Action { from, to, promotion, heresy } => {
                let Some(person) = self.at[from.index()] else {
                    self.served(log_len + 1);
                    return Ok(());
                };
                if !self.acted.contains(&person) {
                    self.acted.push(person);
                }
                if heresy {
                    let role = board.role_at(from).unwrap_or(Role::Pawn);
                    self.heretics.push(person);
                    self.push(at, PersonEvent::Heresy { person, role, action: mv });
                }
                if before.pending().is_none() && board.team_at(to) == Some(person.team.other()) {
                    self.declared = self.at[to.index()].map(|defender| Declared {
                        challenger: person,
                        defender,
                        challenger_role: board.role_at(from).unwrap_or(Role::Pawn),
                        defender_role: board.role_at(to).unwrap_or(Role::Pawn),
                    });
                } else {
                    self.at[to.index()] = Some(person);
                    self.at[from.index()] = None;
                    if let Some(role) = promotion {
                        self.push(at, PersonEvent::Promotion { person, role });
                    }
                }
            }
            Move::Resolve { resolution, promotion } => {
                self.resolve(&before, EngagementEnd::Resolved(resolution), promotion, at);
            }
            Move::Pass => {}
        }
        self.served(log_len + 1);
        Ok(())
    }

    /// Applies a referee decision (as [`Match::referee`]) and attributes it.
    ///
    /// # Errors
    /// As [`Match::referee`]; nothing changes then.
    pub fn referee(&mut self, event: RefereeEvent) -> Result<(), MatchError> {
        let before = self.game.position().clone();
        let log_len = self.game.log().len();
        self.game.referee(event)?;
        let team = match event {
            RefereeEvent::TurnTimeout => Some(before.side_to_move()),
            RefereeEvent::EngagementTimeout => None,
            RefereeEvent::ForfeitTurn(t) | RefereeEvent::ForfeitMatch(t) | RefereeEvent::Resign(t) => Some(t),
            RefereeEvent::DrawByAgreement => None,
        };
        if let Some(team) = team {
            self.push(log_len, PersonEvent::Referee { luminary: self.luminary(team), event });
        }
        if event == RefereeEvent::EngagementTimeout {
            self.resolve(&before, EngagementEnd::Timeout, None, log_len);
        }
        self.served(log_len + 1);
        Ok(())
    }

    /// Reports elapsed time (as [`Match::advance`]); a timeout it applies
    /// is attributed as [`LineupMatch::referee`] attributes it.
    pub fn advance(&mut self, elapsed: Duration) -> Option<RefereeEvent> {
        let mut probe = self.game.clone();
        let event = probe.advance(elapsed)?;
        // Replay the timeout through `referee` so that it is attributed.
        match self.referee(event) {
            Ok(()) => Some(event),
            Err(_) => None,
        }
    }

    /// Ends the declared engagement: moves the people and logs it.
    fn resolve(&mut self, before: &Mages, end: EngagementEnd, promotion: Option<Role>, at: usize) {
        let (Some(e), Some(d)) = (before.pending(), self.declared.take()) else { return };
        let (c, t) = (e.challenger.index(), e.defender.index());
        let mut promoted = None;
        match end.resolution() {
            Resolution::Challenger => {
                self.at[t] = self.at[c].take();
                promoted = Some(d.challenger);
            }
            Resolution::Defender => {
                self.at[c] = self.at[t].take();
                promoted = Some(d.defender);
            }
            Resolution::Draw => {}
            Resolution::Foul => {
                self.at[c] = None;
                self.expelled.push(d.challenger);
                if before.rules().foul_defender == FoulDefender::TakesSquare {
                    self.at[c] = self.at[t].take();
                    promoted = Some(d.defender);
                }
            }
        }
        let (challenger, defender) = (d.challenger, d.defender);
        let (challenger_role, defender_role) = (d.challenger_role, d.defender_role);
        self.push(
            at,
            PersonEvent::Engagement {
                challenger,
                defender,
                challenger_role,
                defender_role,
                combat: e.combat,
                end,
            },
        );
        if end.resolution() == Resolution::Foul {
            self.push(at, PersonEvent::Foul { person: challenger, victim: defender });
        }
        if let (Some(person), Some(role)) = (promoted, promotion) {
            self.push(at, PersonEvent::Promotion { person, role });
        }
    }

    /// Logs the turns lost to sanctions in the match log from `from` on.
    fn served(&mut self, from: usize) {
        let served: Vec<(usize, Team)> = self.game.log()[from.min(self.game.log().len())..]
            .iter()
            .enumerate()
            .filter_map(|(i, e)| match e {
                MatchEvent::SanctionedTurn(team) => Some((from + i, *team)),
                _ => None,
            })
            .collect();
        for (at, team) in served {
            self.push(at, PersonEvent::SanctionServed { luminary: self.luminary(team) });
        }
    }

    fn push(&mut self, at: usize, event: PersonEvent) {
        self.log.push(Attributed { at, event });
    }
}
