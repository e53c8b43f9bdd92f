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
    use motley_core::record::testing::check_random_round_trips;

    use super::*;

    #[test]
    fn round_trips_of_random_sovereign_games() {
        check_random_round_trips::<SovereignRecord>(40);
    }

    #[test]
    fn round_trips_of_random_royale_games() {
        check_random_round_trips::<RoyaleRecord>(40);
    }
}
