//! People in the game: lineups followed through moves, engagements,
//! promotions, fouls, heresies and referee events, from records and from
//! random play.

use motley_core::record::read;
use motley_mages::rand::rngs::StdRng;
use motley_mages::rand::{Rng, SeedableRng};
use motley_mages::{
    Combat, EngagementEnd, Lineup, LineupMatch, Mages, MagesRecord, Move, PersonEvent, PersonId, Position,
    RefereeEvent, Resolution, Role, Square, Team, lineup_match,
};

const GREEN: &str = "a1 Ann, b1 Ben, c1 Cid, d1 Dee, e1 Eve, f1 Fay, a2 Gus, b2 Hal, c2 Ivy, d2 Jon, e2 Kim, \
                     f2 Lou, Luminary Max";
const BLUE: &str = "a8 Abe, b8 Bea, c8 Cal, d8 Dot, e8 Eli, f8 Flo, a7 Gil, b7 Hod, c7 Ira, d7 Jay, e7 Kai, \
                    f7 Liv, Luminary Moe";

fn replay(text: &str) -> LineupMatch {
    let games = read::<MagesRecord>(text);
    assert_eq!(games.len(), 1);
    let game = games.into_iter().next().unwrap().unwrap_or_else(|e| panic!("{e}"));
    lineup_match(&game).unwrap_or_else(|e| panic!("{e}")).expect("both lineups are full")
}

fn named(m: &LineupMatch, name: &str) -> PersonId {
    for team in Team::ALL {
        if let Some(i) = m.lineup(team).players().iter().position(|p| p.name == name) {
            return PersonId { team, index: i as u8 };
        }
    }
    panic!("nobody is called {name}")
}

/// The events as text with the people's names, so that a wrong
/// attribution shows in the failure.
fn story(m: &LineupMatch) -> Vec<String> {
    m.events()
        .iter()
        .map(|a| match a.event {
            PersonEvent::Engagement { challenger, defender, challenger_role, defender_role, combat, end } => {
                format!(
                    "{} ({challenger_role}) engages {} ({defender_role}), {}, {}",
                    m.name(challenger),
                    m.name(defender),
                    combat.name(),
                    match end {
                        EngagementEnd::Resolved(r) => r.word(),
                        EngagementEnd::Timeout => "timeout",
                    }
                )
            }
            PersonEvent::Heresy { person, role, action } => {
                format!("{} ({role}) heresy {action}", m.name(person))
            }
            PersonEvent::Foul { person, victim } => format!("{} fouls {}", m.name(person), m.name(victim)),
            PersonEvent::Promotion { person, role } => format!("{} becomes {role}", m.name(person)),
            PersonEvent::Referee { luminary, event } => format!("{} answers {event}", m.name(luminary)),
            PersonEvent::SanctionServed { luminary } => format!("{} serves a sanction", m.name(luminary)),
        })
        .collect()
}

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

#[test]
fn a_challenger_takes_the_captured_square_and_is_expelled_for_a_foul() {
    let text = format!(
        "[Variant \"mages\"]\n[GreenLineup \"{GREEN}\"]\n[BlueLineup \"{BLUE}\"]\n\n\
         1. d2d3 c7c6 2. d3d4 c6c5 3. d4c5! challenger b7b6 4. c5b6 foul sanction:blue a7a6 \
         5. e2e3 6. timeout *"
    );
    let m = replay(&text);
    assert_eq!(
        story(&m),
        [
            "Jon (pawn) heresy d4c5!",
            "Jon (pawn) engages Ira (pawn), ranged, challenger",
            "Jon (pawn) engages Hod (pawn), ranged, foul",
            "Jon fouls Hod",
            "Moe answers sanction:blue",
            "Moe serves a sanction",
            "Max answers timeout",
        ]
    );
    let (jon, hod, ira) = (named(&m, "Jon"), named(&m, "Hod"), named(&m, "Ira"));
    assert!(m.is_heretic(jon) && m.is_expelled(jon));
    assert_eq!(m.square_of(jon), None, "expelled");
    assert_eq!(m.square_of(ira), None, "captured");
    assert_eq!(m.square_of(hod), Some(sq("b6")), "the defender stays");
    assert_eq!(m.person_at(sq("e3")), Some(named(&m, "Kim")));
}

#[test]
fn a_promoted_pawn_is_the_same_person() {
    let text = "[Variant \"mages\"]\n[FEN \"3r2/P5/6/6/6/6/6/3R2 g - - 0 0\"]\n\
                [GreenLineup \"a7 Pip, d1 Rex, Luminary Lux\"]\n[BlueLineup \"d8 Roy, Luminary Lou\"]\n\n\
                1. a7a8c! d8e8 2. a8e8 challenger 1-0";
    let m = replay(text);
    assert_eq!(
        story(&m),
        [
            "Pip (pawn) heresy a7a8c!",
            "Pip becomes counselor",
            "Pip (counselor) engages Roy (royal), melee, challenger",
        ]
    );
    let pip = named(&m, "Pip");
    assert_eq!(m.square_of(pip), Some(sq("e8")));
    assert_eq!(m.position().board().role_at(sq("e8")), Some(Role::Counselor));
    assert!(m.position().board().has_halo(sq("e8")) && m.is_heretic(pip), "the halo is the person's");
}

#[test]
fn a_winning_defender_takes_the_challengers_square_and_promotes() {
    let text = "[Variant \"mages\"]\n[FEN \"5r/6/6/6/6/6/1p4/R5 g a1b2 - 0 30\"]\n\
                [GreenLineup \"a1 Rex, Luminary Lux\"]\n[BlueLineup \"b2 Pia, f8 Roy, Luminary Lou\"]\n\n\
                defender=s 0-1";
    let m = replay(text);
    assert_eq!(story(&m), ["Rex (royal) engages Pia (pawn), ranged, defender", "Pia becomes shaman"]);
    assert_eq!(m.person_at(sq("a1")), Some(named(&m, "Pia")));
    assert_eq!(m.square_of(named(&m, "Rex")), None);
}

#[test]
fn engagement_timeouts_and_referee_events_are_attributed() {
    let text = format!(
        "[Variant \"mages\"]\n[GreenLineup \"{GREEN}\"]\n[BlueLineup \"{BLUE}\"]\n\n\
         1. b2b3 c7c6 2. b3b4 c6c5 3. b4c5 engagement-timeout forfeit:blue 1-0"
    );
    let m = replay(&text);
    assert_eq!(story(&m), ["Hal (pawn) engages Ira (pawn), ranged, timeout", "Moe answers forfeit:blue"]);
}

#[test]
fn records_without_full_lineups_have_no_people_and_bad_lineups_are_refused() {
    let partial = "[Variant \"mages\"]\n[GreenLineup \"a1 Ann, b1 Ben\"]\n*";
    let game = read::<MagesRecord>(partial).remove(0).unwrap();
    assert!(lineup_match(&game).unwrap().is_none());

    let twice = GREEN.replace("Kim", "Ann");
    let text = format!("[Variant \"mages\"]\n[GreenLineup \"{twice}\"]\n[BlueLineup \"{BLUE}\"]\n*");
    let e = read::<MagesRecord>(&text).remove(0).unwrap_err();
    assert!(e.to_string().contains("Ann is named twice (item 11"), "{e}");
    let missing = BLUE.replace("c7 Ira, ", "");
    let text = format!("[Variant \"mages\"]\n[GreenLineup \"{GREEN}\"]\n[BlueLineup \"{missing}\"]\n*");
    let e = read::<MagesRecord>(&text).remove(0).unwrap_err();
    assert!(e.to_string().contains("missing player: nobody is named on c7"), "{e}");
}

/// Every piece on the board is exactly one person of its team, and wears a
/// halo exactly when that person committed a heresy, after every input of
/// random games with heresies, fouls and referee events.
#[test]
fn people_stay_on_the_pieces_through_random_games() {
    let mut rng = StdRng::seed_from_u64(49);
    let mut engagements = 0;
    for _ in 0..40 {
        let green = Lineup::parse_start(GREEN, Team::Green).unwrap();
        let blue = Lineup::parse_start(BLUE, Team::Blue).unwrap();
        let mut m = LineupMatch::new(Mages::default(), green, blue).unwrap();
        for _ in 0..300 {
            if m.game().end().is_some() {
                break;
            }
            let events = RefereeEvent::accepted_at(m.position());
            if rng.random_bool(0.03) {
                let event = events[rng.random_range(0..events.len())];
                if !matches!(event, RefereeEvent::ForfeitMatch(_) | RefereeEvent::Resign(_)) {
                    m.referee(event).unwrap();
                }
            } else {
                let moves = m.position().legal_moves();
                let mut mv: Move = moves[rng.random_range(0..moves.len())];
                if rng.random_bool(0.1) && m.position().is_legal(mv.with_heresy()) {
                    mv = mv.with_heresy();
                }
                if matches!(mv, Move::Resolve { resolution: Resolution::Foul, .. }) && rng.random_bool(0.5) {
                    mv = m.position().resolution_moves(Resolution::Challenger)[0];
                }
                m.play(mv).unwrap();
            }
            let board = m.position().board();
            let mut seen = Vec::new();
            for s in Square::all() {
                let person = m.person_at(s);
                assert_eq!(person.map(|p| p.team), board.team_at(s), "{s} at {}", m.position().fen());
                if let Some(p) = person {
                    assert!(!seen.contains(&p), "{} twice", m.name(p));
                    seen.push(p);
                    assert_eq!(board.has_halo(s), m.is_heretic(p), "{s}");
                }
            }
        }
        engagements +=
            m.events().iter().filter(|a| matches!(a.event, PersonEvent::Engagement { .. })).count();
        for a in m.events() {
            if let PersonEvent::Engagement { challenger, defender, combat, .. } = a.event {
                assert_ne!(challenger.team, defender.team);
                assert!(matches!(combat, Combat::Melee | Combat::Ranged));
            }
        }
    }
    assert!(engagements > 40, "the games engage ({engagements})");
}

#[test]
fn a_season_counts_each_persons_engagements_heresies_and_decisions() {
    use motley_mages::sport::{Season, Tally};
    let text = format!(
        "[Variant \"mages\"]\n[GreenLineup \"{GREEN}\"]\n[BlueLineup \"{BLUE}\"]\n\n\
         1. d2d3 c7c6 2. d3d4 c6c5 3. d4c5! challenger b7b6 4. c5b6 foul sanction:blue a7a6 \
         5. e2e3 6. timeout *"
    );
    let m = replay(&text);
    let mut season = Season::new();
    season.add(&m, "Owls", "Bats");
    season.add(&m, "Owls", "Bats");
    let person = |name: &str| season.people().iter().find(|p| p.name == name).unwrap().clone();
    let jon = person("Jon");
    assert_eq!((jon.team.as_str(), jon.role, jon.games, jon.heresies), ("Owls", Some(Role::Pawn), 2, 2));
    assert_eq!(jon.as_challenger, Tally { won: 2, lost: 0, drawn: 0, fouled: 2 });
    assert_eq!(jon.ranged.total(), 4);
    assert_eq!(person("Ira").as_defender, Tally { won: 0, lost: 2, drawn: 0, fouled: 0 });
    assert_eq!(person("Hod").as_defender.fouled, 2);
    assert_eq!((person("Moe").referee_events, person("Max").referee_events), (2, 2));
    let owls = &season.teams()[0];
    assert_eq!((owls.name.as_str(), owls.games, owls.undecided, owls.heresies), ("Owls", 2, 2, 2));
    assert_eq!(season.duels().len(), 2, "fouls are not duels");
    assert_eq!(season.games_with_heresy(), 2);
    let ratings = season.ratings();
    assert!(ratings.get("Jon").unwrap().ranged.mean > 0.0 && ratings.get("Ira").unwrap().ranged.mean < 0.0);
    assert!(ratings.get("Max").is_none(), "a Luminary has no engagement rating");
    let jon_heresy = ratings.get("Jon").unwrap().heresy;
    assert!(jon_heresy.mean > motley_mages::sport::HERESY_BASE_RATES[Role::Pawn as usize]);
    // A match without an action is no chance to commit a heresy: Ann never
    // moves, so her estimate stays her role's base rate; Kim acts once per
    // match without a heresy, so hers falls below it.
    let (ann, kim) = (person("Ann"), person("Kim"));
    assert_eq!((ann.games, ann.active_games, kim.active_games, jon.active_games), (2, 0, 2, 2));
    let base = |p: &motley_mages::sport::PersonStats| {
        motley_mages::sport::HERESY_BASE_RATES[p.role.unwrap() as usize]
    };
    assert!((ratings.get("Ann").unwrap().heresy.mean - base(&ann)).abs() < 1e-12);
    assert!(ratings.get("Kim").unwrap().heresy.mean < base(&kim));
}

/// A small league is the same for the same seed, and every record it
/// writes replays with its people and counts in a season.
#[test]
fn a_league_season_replays_with_its_people() {
    use motley_mages::league::play_season;
    use motley_mages::sport::Season;
    let season = play_season(3, 3, 11);
    assert_eq!(season.records, play_season(3, 3, 11).records, "deterministic");
    assert_ne!(season.records, play_season(3, 3, 12).records);
    assert_eq!(season.truth.teams.len(), 3);
    assert_eq!(season.truth.ratings.people.len(), 36);
    let mut counted = Season::new();
    for game in read::<MagesRecord>(&season.records) {
        let game = game.unwrap_or_else(|e| panic!("{e}"));
        let people = lineup_match(&game).unwrap().expect("full lineups");
        assert!(people.game().end().is_some(), "the match is played out");
        counted.add(&people, game.tag("Green").unwrap(), game.tag("Blue").unwrap());
    }
    assert_eq!(counted.games(), 3);
    assert!(!counted.duels().is_empty());
}

/// A league match is a function of the season's seed and its round: played
/// alone, in another order, it is the season's match.
#[test]
fn a_league_round_is_played_alone_as_in_its_season() {
    use motley_mages::league::{League, play_season};
    let season = play_season(4, 5, 3);
    let league = League::new(4, 3);
    assert_eq!(league.truth(), &season.truth);
    let rounds: Vec<String> = (0..5).rev().map(|r| league.play_round(r)).collect();
    let in_order: Vec<&str> = rounds.iter().rev().map(String::as_str).collect();
    assert_eq!(in_order.join("\n"), season.records);
    assert!(rounds[0].contains("[Round \"5\"]"));
    assert_ne!(league.play_round(0), League::new(4, 4).play_round(0));
}

/// At a pending engagement the people's ratings price the resolutions:
/// a strong challenger is more likely to win than the same role weak, the
/// probabilities sum to 1, and the role-only chance is unchanged.
#[test]
fn ratings_price_a_pending_engagement_of_people() {
    use motley_mages::sport::{Estimate, Globals, Rating, Ratings};
    let text = format!(
        "[Variant \"mages\"]\n[GreenLineup \"{GREEN}\"]\n[BlueLineup \"{BLUE}\"]\n\n1. d2d3 c7c6 2. d3d4 c6c5 3. d4c5 *"
    );
    let m = replay(&text);
    let rated = |jon: f64| {
        let exact = |mean| Estimate { mean, sd: 0.0 };
        let person = |name: &str, s: f64| Rating {
            name: name.into(),
            melee: exact(s),
            ranged: exact(s),
            heresy: exact(0.0),
        };
        let globals = Globals { challenger_edge: 0.0, draw: 1.0, tiers: [0.0; 3] };
        Ratings { people: vec![person("Jon", jon), person("Ira", 0.0)], melee: globals, ranged: globals }
    };
    let challenger_wins = |jon: f64| {
        let chance = m.chance(&rated(jon)).expect("pending");
        let total: f64 = chance.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        chance
            .iter()
            .find(|(mv, _)| matches!(mv, Move::Resolve { resolution: Resolution::Challenger, .. }))
            .unwrap()
            .1
    };
    assert!((challenger_wins(0.0) - 1.0 / 3.0).abs() < 1e-12, "equals, no edge, draw parameter 1");
    assert!(challenger_wins(1.5) > challenger_wins(0.0) + 0.2);
    assert_eq!(m.position().chance(), Mages::from_fen(&m.position().fen()).unwrap().chance());
}
