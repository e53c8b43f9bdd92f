//! `ratings`: the statistics and ratings of the Mage's Chess people named
//! in records' lineups (`motley_mages::sport`).

use std::fmt::Write as _;

use motley_core::record::parse;
use motley_mages::sport::{Season, Tally};
use motley_mages::{MagesRecord, lineup_match};

use crate::args::RatingsArgs;
use crate::document::{RatingsDocument, json_doc, ordered};
use crate::error::CliError;
use crate::records::{read_error, read_input};

/// The season of the records `files` (`-`: `input`, read once): games read
/// and the season of those with full lineups.
///
/// # Errors
/// An input error for an unreadable file, a game that does not read as
/// Mage's Chess, or a lineup that is not one of its team.
pub fn season<R: std::io::BufRead>(files: &[String], mut input: R) -> Result<(u32, Season), CliError> {
    let mut season = Season::new();
    let mut games = 0;
    for file in files {
        let text = read_input(file, &mut input)?;
        for raw in parse(&text) {
            let raw = raw.map_err(|e| read_error(&e, file))?;
            let place = if file == "-" { "standard input" } else { file.as_str() };
            if raw.variant().map(str::to_ascii_lowercase).as_deref() != Some("mages") {
                return Err(CliError::input(
                    "not a Mage's Chess game (tag Variant is not `mages`)",
                    format!("game {} of {place}", raw.index),
                ));
            }
            let game = raw.validate::<MagesRecord>().map_err(|e| read_error(&e, file))?;
            games += 1;
            let people = lineup_match(&game)
                .map_err(|e| CliError::input(e, format!("game {} of {place}", raw.index)))?;
            if let Some(people) = people {
                let green = game.tag("Green").unwrap_or("green");
                let blue = game.tag("Blue").unwrap_or("blue");
                season.add(&people, green, blue);
            }
        }
    }
    Ok((games, season))
}

/// Runs `ratings`.
///
/// # Errors
/// As [`season`].
pub fn run<R: std::io::BufRead>(args: &RatingsArgs, input: R) -> Result<String, CliError> {
    let (games, season) = season(&args.files, input)?;
    let ratings = season.ratings();
    if args.json {
        return Ok(json_doc(&RatingsDocument::new(games, &season, &ratings)));
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "games {games}, with lineups {}, with a heresy {}",
        season.games(),
        season.games_with_heresy()
    );
    let tally = |t: Tally| format!("{}-{}-{}-{}", t.won, t.lost, t.drawn, t.fouled);
    let mut teams: Vec<_> = season.teams().iter().collect();
    teams.sort_by(|a, b| a.name.cmp(&b.name));
    out.push_str("\nteam  games  W-D-L-undecided  challenger W-L-D-F  defender W-L-D-F  heresies\n");
    for t in teams {
        let _ = writeln!(
            out,
            "{}  {}  {}-{}-{}-{}  {}  {}  {}",
            t.name,
            t.games,
            t.wins,
            t.draws,
            t.losses,
            t.undecided,
            tally(t.as_challenger),
            tally(t.as_defender),
            t.heresies
        );
    }
    out.push_str(
        "\nmage  team  role  games  challenger W-L-D-F  defender W-L-D-F  heresies  melee ± sd  ranged ± sd  heresy chance ± sd\n",
    );
    for (p, r) in ordered(&season, &ratings) {
        let role = p.role.map_or("luminary", |r| r.name());
        let _ = write!(
            out,
            "{}  {}  {role}  {}  {}  {}  {}",
            p.name,
            p.team,
            p.games,
            tally(p.as_challenger),
            tally(p.as_defender),
            p.heresies
        );
        if let Some(r) = r {
            let _ = write!(
                out,
                "  {:+.2} ± {:.2}  {:+.2} ± {:.2}  {:.3} ± {:.3}",
                r.melee.mean, r.melee.sd, r.ranged.mean, r.ranged.sd, r.heresy.mean, r.heresy.sd
            );
        }
        out.push('\n');
    }
    Ok(out)
}
