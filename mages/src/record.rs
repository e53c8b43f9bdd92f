//! Game records of Mage's Chess (see `motley_core::record` and
//! `docs/records.md`). A [`MagesRecord`] is a [`Match`]: the position under a
//! referee, so that a record keeps where every referee event happened.
//!
//! Move text:
//! - each input in its own token (`b2b3`, `b7b8c`, `pass`); a declaration
//!   (`c1c4`) is followed by its resolution (`challenger`, `defender=s`,
//!   `draw`, `foul` — a foul expels the challenger);
//! - a heresy is the action's token with `!` (`c1c4!`): a `!` written
//!   directly after an action is the heresy mark, never an annotation (the
//!   writer writes annotation marks as `$1`, `$2`…);
//! - referee events, where they happened:
//!
//! | token | event |
//! |---|---|
//! | `timeout` | the side to move used up its turn time ([`RefereeEvent::TurnTimeout`]) |
//! | `engagement-timeout` | the pending engagement's time ran out: drawn |
//! | `sanction:green`, `sanction:blue` | the team's Luminary is sanctioned: it forfeits its next turn |
//! | `forfeit:green`, `forfeit:blue` | the team is sanctioned with the loss of the match (an expulsion from the match) |
//! | `resign:green`, `resign:blue` | the team resigns |
//! | `draw-agreed` | both teams agree to a draw |
//!
//! Turns lost to a sanction are not written: replaying the sanction serves them.
//!
//! Tags: `Green` and `Blue` name the teams; `GreenLineup` and `BlueLineup`
//! optionally record which player stood on which piece at the start, as
//! `<square> <name>` items separated by commas (`"a1 Ann, b1 Ben"`), each
//! square holding a piece of that team. A lineup with a `Luminary <name>`
//! item is a full [`Lineup`] (the grammar and checks of [`crate::LineupText`]:
//! every piece of the team named, no name twice…), and a record whose two
//! lineups are full replays with its people ([`lineup_match`]); a lineup
//! without a Luminary names some players only and is checked square by
//! square. `Rules` options (defaults in
//! [`Rules`]): `turn-limit=S` and `engagement-limit=S` (seconds),
//! `turn-timeout=forfeit-turn|forfeit-match`, `no-action=pass|lose`,
//! `double-pass-draw=true|false`, `foul-defender=stays|takes-square`,
//! `sanction-timing=next-turn|current-turn`, `ply-limit=N` (0: none).

use core::time::Duration;

use motley_core::record::notation::RuleOptions;
use motley_core::record::{Game, Notation, ReadError, StartError, main_line};
use motley_core::{Outcome, Position};

use crate::board::Square;
use crate::game::{Match, RefereeEvent};
use crate::lineup::{LUMINARY, Lineup, LineupError};
use crate::moves::Move;
use crate::people::LineupMatch;
use crate::piece::Team;
use crate::position::Mages;
use crate::rules::{FoulDefender, NoAction, Rules, SanctionTiming, TurnTimeout};

/// An entry of Mage's Chess move text: a team's input or a referee event.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Entry {
    /// A team's input (action, resolution, pass).
    Move(Move),
    /// A referee event.
    Event(RefereeEvent),
}

/// The token of a referee event (see the module's table): its `Display`.
#[must_use]
pub fn event_token(event: RefereeEvent) -> String {
    event.to_string()
}

/// The referee event of a token, if it is one.
#[must_use]
pub fn parse_event(token: &str) -> Option<RefereeEvent> {
    let team = |name: &str| Team::ALL.into_iter().find(|t| t.name() == name);
    Some(match token {
        "timeout" => RefereeEvent::TurnTimeout,
        "engagement-timeout" => RefereeEvent::EngagementTimeout,
        "draw-agreed" => RefereeEvent::DrawByAgreement,
        _ => {
            let (word, name) = token.split_once(':')?;
            let t = team(name)?;
            match word {
                "sanction" => RefereeEvent::ForfeitTurn(t),
                "forfeit" => RefereeEvent::ForfeitMatch(t),
                "resign" => RefereeEvent::Resign(t),
                _ => return None,
            }
        }
    })
}

/// The state a Mage's Chess record is played on: a [`Match`].
#[derive(Clone, Debug)]
pub struct MagesRecord {
    game: Match,
}

impl MagesRecord {
    /// The match.
    #[must_use]
    pub fn game(&self) -> &Match {
        &self.game
    }
}

fn rule_error(key: &str, value: &str, expected: &str) -> StartError {
    StartError::Rules(format!("rule `{key}`: `{value}` is not {expected}"))
}

/// The value of rule `key` that `value` names among `choices`: the two
/// words the rule accepts, each with what it means.
fn choice<T>(key: &str, value: &str, choices: [(&str, T); 2]) -> Result<T, StartError> {
    let [(a, x), (b, y)] = choices;
    if value == a {
        Ok(x)
    } else if value == b {
        Ok(y)
    } else {
        Err(rule_error(key, value, &format!("{a} or {b}")))
    }
}

/// The rules of `options` on top of the defaults.
///
/// # Errors
/// An unknown key or a value not accepted.
pub fn rules_of(options: &RuleOptions) -> Result<Rules, StartError> {
    let mut rules = Rules::DEFAULT;
    for (key, value) in options {
        let (k, v) = (key.as_str(), value.as_str());
        let seconds =
            || v.parse::<u64>().map(Duration::from_secs).map_err(|_| rule_error(k, v, "a number of seconds"));
        let flag = || choice(k, v, [("true", true), ("false", false)]);
        match k {
            "turn-limit" => rules.turn_limit = seconds()?,
            "engagement-limit" => rules.engagement_limit = seconds()?,
            "turn-timeout" => {
                let choices = [
                    ("forfeit-turn", TurnTimeout::ForfeitTurn),
                    ("forfeit-match", TurnTimeout::ForfeitMatch),
                ];
                rules.turn_timeout = choice(k, v, choices)?;
            }
            "no-action" => {
                rules.no_action = choice(k, v, [("pass", NoAction::Pass), ("lose", NoAction::Lose)])?
            }
            "double-pass-draw" => rules.double_pass_draw = flag()?,
            "foul-defender" => {
                let choices = [("stays", FoulDefender::Stays), ("takes-square", FoulDefender::TakesSquare)];
                rules.foul_defender = choice(k, v, choices)?;
            }
            "sanction-timing" => {
                let choices =
                    [("next-turn", SanctionTiming::NextTurn), ("current-turn", SanctionTiming::CurrentTurn)];
                rules.sanction_timing = choice(k, v, choices)?;
            }
            "ply-limit" => {
                let n: u32 = v.parse().map_err(|_| rule_error(k, v, "a number"))?;
                rules.ply_limit = (n > 0).then_some(n);
            }
            _ => {
                return Err(StartError::Rules(format!(
                    "unknown rule `{k}` (expected turn-limit, engagement-limit, turn-timeout, no-action, \
                     double-pass-draw, foul-defender, sanction-timing or ply-limit)"
                )));
            }
        }
    }
    Ok(rules)
}

impl Notation for MagesRecord {
    type Entry = Entry;
    type Position = Mages;
    const VARIANT: &'static str = "mages";

    fn start(fen: Option<&str>, options: &RuleOptions) -> Result<Self, StartError> {
        let rules = rules_of(options)?;
        let pos = match fen {
            None => Mages::start_with(rules),
            Some(text) => Mages::from_fen_with(text, rules).map_err(|e| StartError::Fen(e.to_string()))?,
        };
        Ok(MagesRecord { game: Match::new(pos) })
    }

    fn position(&self) -> &Mages {
        self.game.position()
    }

    fn read_entry(&self, token: &str) -> Result<Entry, String> {
        if let Some(o) = self.game.outcome() {
            return Err(format!("the game is over ({})", self.position().outcome_text(&o)));
        }
        if let Some(event) = parse_event(token) {
            let mut probe = self.game.clone();
            return probe.referee(event).map(|()| Entry::Event(event)).map_err(|e| e.to_string());
        }
        let pos = self.position();
        let mv = pos.parse_move(token).map_err(|e| e.to_string())?;
        if pos.is_legal(mv) { Ok(Entry::Move(mv)) } else { Err("not legal here".to_owned()) }
    }

    fn write_entry(&self, entry: &Entry) -> String {
        match entry {
            Entry::Move(m) => m.to_string(),
            Entry::Event(e) => event_token(*e),
        }
    }

    fn play(&mut self, entry: &Entry) {
        // Only legal entries are played; an illegal one changes nothing.
        let _ = match *entry {
            Entry::Move(m) => self.game.play(m),
            Entry::Event(e) => self.game.referee(e),
        };
    }

    /// The inputs, plus the referee events that do not end the match (a
    /// timeout, and a sanction of either team).
    fn legal_entries(&self) -> Vec<Entry> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        let pos = self.position();
        let mut list: Vec<Entry> = pos.legal_moves().into_iter().map(Entry::Move).collect();
        if pos.pending().is_some() {
            list.push(Entry::Event(RefereeEvent::EngagementTimeout));
        } else {
            if pos.rules().turn_timeout == TurnTimeout::ForfeitTurn {
                list.push(Entry::Event(RefereeEvent::TurnTimeout));
            }
            list.extend(Team::ALL.map(|t| Entry::Event(RefereeEvent::ForfeitTurn(t))));
        }
        list
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    fn extra_tags(&self) -> Vec<String> {
        vec!["GreenLineup".to_owned(), "BlueLineup".to_owned()]
    }

    fn check_extra_tag(&self, name: &str, value: &str) -> Result<(), String> {
        let team = if name == "GreenLineup" { Team::Green } else { Team::Blue };
        if names_luminary(value) {
            return Lineup::parse(value, team, self.position().board()).map(drop).map_err(|e| e.to_string());
        }
        for item in value.split(',') {
            let item = item.trim();
            let (square, player) = item.split_once(' ').unwrap_or((item, ""));
            if player.trim().is_empty() {
                return Err(format!("`{item}` is not `<square> <name>`"));
            }
            let sq: Square =
                square.parse().map_err(|_| format!("`{square}` is not a square of the 6x8 board"))?;
            if self.position().board().piece_at(sq).is_none_or(|p| p.team != team) {
                return Err(format!("no {} piece stands on {sq} at the start", team.name()));
            }
        }
        Ok(())
    }
}

/// Whether a lineup text has a `Luminary <name>` item (a full lineup).
fn names_luminary(value: &str) -> bool {
    value.split(',').any(|item| item.split_whitespace().next() == Some(LUMINARY))
}

/// A record's people could not be followed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum LineupReplayError {
    /// The record does not read as a Mage's Chess game.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A lineup tag is not a lineup of its team at the start.
    #[error("{tag}: {error}")]
    Lineup {
        /// `GreenLineup` or `BlueLineup`.
        tag: &'static str,
        /// What is wrong.
        error: LineupError,
    },
}

/// The record's main line replayed with its people, when both lineup tags
/// are full lineups (they name a Luminary); `None` when a tag is missing or
/// names some players only.
///
/// # Errors
/// [`LineupReplayError`] if the record does not read, or a full lineup is
/// not one of its team at the start.
pub fn lineup_match(game: &Game) -> Result<Option<LineupMatch>, LineupReplayError> {
    let (Some(green), Some(blue)) = (game.tag("GreenLineup"), game.tag("BlueLineup")) else {
        return Ok(None);
    };
    if !names_luminary(green) || !names_luminary(blue) {
        return Ok(None);
    }
    let (states, entries) = main_line::<MagesRecord>(game)?;
    let start = states[0].game.position().clone();
    let lineup = |tag: &'static str, text: &str, team: Team| {
        Lineup::parse(text, team, start.board()).map_err(|error| LineupReplayError::Lineup { tag, error })
    };
    let green = lineup("GreenLineup", green, Team::Green)?;
    let blue = lineup("BlueLineup", blue, Team::Blue)?;
    let mut people = LineupMatch::new(start, green, blue)
        .map_err(|error| LineupReplayError::Lineup { tag: "GreenLineup", error })?;
    for entry in &entries {
        // The main line was read: every entry is legal where it stands.
        let _ = match *entry {
            Entry::Move(m) => people.play(m),
            Entry::Event(e) => people.referee(e),
        };
    }
    Ok(Some(people))
}

#[cfg(test)]
mod tests {
    use motley_core::record::testing::check_random_round_trips;
    use motley_core::record::{ReadErrorKind, read, write};

    use super::*;

    #[test]
    fn round_trips_of_random_games() {
        check_random_round_trips::<MagesRecord>(60);
    }

    #[test]
    fn event_tokens_round_trip() {
        for t in
            ["timeout", "engagement-timeout", "sanction:green", "forfeit:blue", "resign:green", "draw-agreed"]
        {
            assert_eq!(parse_event(t).map(event_token).as_deref(), Some(t));
        }
        assert_eq!(parse_event("sanction:red"), None);
        assert_eq!(parse_event("draw"), None);
    }

    fn one(text: &str) -> Result<motley_core::record::Game, motley_core::record::ReadError> {
        let mut games = read::<MagesRecord>(text);
        assert_eq!(games.len(), 1);
        games.remove(0)
    }

    #[test]
    fn heresy_bang_is_part_of_the_token_and_marks_are_separate() {
        // `c2c3!?`: the heresy `c2c3!` marked `?`; `b3b4!?`: the pawn on b3
        // already has a halo, so `!?` is the mark.
        let g = one("[Variant \"mages\"]\n1. b2b3! b7b6 2. c2c3!? b6b5 3. b3b4!? *").unwrap();
        assert_eq!(g.main_tokens(), ["b2b3!", "b7b6", "c2c3!", "b6b5", "b3b4"]);
        assert_eq!(g.main.nodes[2].nags, vec![2]);
        assert_eq!(g.main.nodes[4].nags, vec![5]);
        let text = write(&g);
        assert!(text.contains("1. b2b3! b7b6 2. c2c3! $2 b6b5 3. b3b4 $5 *"), "{text}");
    }

    #[test]
    fn resignation_decides_the_result() {
        let g = one("[Variant \"mages\"]\n[Result \"0-1\"]\n1. b2b3 resign:green 0-1").unwrap();
        assert_eq!(g.termination, "0-1");
        let e = one("[Variant \"mages\"]\n1. b2b3 resign:green 1-0").unwrap_err();
        assert!(matches!(*e.kind, ReadErrorKind::ContradictingResult { .. }), "{e}");
        let e = one("[Variant \"mages\"]\n1. b2b3 engagement-timeout *").unwrap_err();
        assert!(e.to_string().contains("no engagement is pending"), "{e}");
    }

    #[test]
    fn lineups_and_rules_are_checked() {
        let ok = "[Variant \"mages\"]\n[Rules \"ply-limit=2\"]\n[GreenLineup \"a1 Ann, b1 Ben\"]\n1. b2b3 b7b6 1/2-1/2";
        assert_eq!(one(ok).unwrap().termination, "1/2-1/2");
        let bad = one("[Variant \"mages\"]\n[GreenLineup \"a8 Ann\"]\n*").unwrap_err();
        assert!(bad.to_string().contains("no green piece stands on a8"), "{bad}");
        let bad = one("[Variant \"mages\"]\n[Rules \"ply-limit=x\"]\n*").unwrap_err();
        assert!(bad.to_string().contains("`x` is not a number"), "{bad}");
    }
}
