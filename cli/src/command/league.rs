//! `league`: a synthetic Mage's Chess season (`motley_mages::league`)
//! written to a folder.

use std::path::Path;

use motley_mages::league::play_season;

use crate::args::LeagueArgs;
use crate::error::CliError;

/// Runs `league`: plays the season and writes `season.pgn` and
/// `truth.json` into `--out`; prints what it wrote.
///
/// # Errors
/// A failure when the folder or a file cannot be written.
pub fn run(args: &LeagueArgs) -> Result<String, CliError> {
    let dir = Path::new(&args.out);
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError::failure(format!("cannot create `{}`: {e}", args.out), "--out"))?;
    let season = play_season(args.teams as usize, args.matches as usize, args.seed);
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text)
            .map_err(|e| CliError::failure(format!("cannot write `{}`: {e}", path.display()), "--out"))
    };
    write("season.pgn", &season.records)?;
    let mut truth = serde_json::to_string_pretty(&season.truth).unwrap_or_default();
    truth.push('\n');
    write("truth.json", &truth)?;
    Ok(format!(
        "{} matches between {} teams written to {} (season.pgn, truth.json)\n",
        args.matches,
        args.teams,
        dir.display()
    ))
}
