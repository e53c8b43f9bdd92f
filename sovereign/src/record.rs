//! Game records of Sovereign Chess and Royale (see `motley_core::record` and
//! `docs/records.md`): the move text is the inputs' own tokens (`e2e4`,
//! `h6h7q`, `castle:i1k1`, `defect:navy`), the seat tags are `White` and
//! `Black` (Royale: `White`, `Ash`, `Slate`, `Black`), and a Royale result
//! gives each seat's score (`1-0-0-0`). The history draws (fivefold
//! repetition, 150 quiet plies, §11.3) apply; the `Rules` tag changes them
//! (`repetition=3 move-limit=100`).
//!
//! ```
//! use motley_core::record::{read, write, Notation, Recorder};
//! use motley_sovereign::RoyaleRecord;
//! let rec = Recorder::new(RoyaleRecord::start(None, &[]).unwrap(), None, None);
//! let text = write(&rec.game());
//! assert!(text.contains("[Ash \"?\"]\n[Slate \"?\"]"));
//! assert_eq!(read::<RoyaleRecord>(&text)[0].as_ref().unwrap(), &rec.game());
//! ```

use motley_core::history::History;
use motley_core::record::MoveText;

use crate::position::Sovereign;
use crate::royale::Royale;

impl MoveText for Sovereign {}
impl MoveText for Royale {}

/// The state a Sovereign Chess record is played on: the position and its history.
pub type SovereignRecord = History<Sovereign>;
/// The state a Royale record is played on: the position and its history.
pub type RoyaleRecord = History<Royale>;

#[cfg(test)]
mod tests {
    use motley_core::record::testing::{check_round_trips, round_trip_games};

    use super::*;

    #[test]
    fn round_trips_of_random_sovereign_games() {
        let (first, games) = round_trip_games(1000);
        let plies = check_round_trips::<SovereignRecord>(first, games, 40);
        assert!(plies > games as usize * 10, "{plies} plies");
    }

    #[test]
    fn round_trips_of_random_royale_games() {
        let (first, games) = round_trip_games(1000);
        let plies = check_round_trips::<RoyaleRecord>(first, games, 40);
        assert!(plies > games as usize * 10, "{plies} plies");
    }
}
