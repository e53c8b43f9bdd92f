//! [`Royale`], the four-player game (§13): seats White, Ash, Slate, Black in
//! fixed turn order; kings are captured instead of mated; no move is illegal
//! because of check; Interregnum, escaped kings and passing seats.
//!
//! It reuses the board, control and move generator of the two-player game
//! with four seats and the check filter off.

use motley_core::{Outcome, Position, Seat, SeatResult};

use crate::end::EndReason;
use crate::movegen::State;
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::{Issue, PositionError, move_list, validate};
use crate::rules::Rules;
use crate::setup::Setup;

/// The proposed Royale position string of the start (§13.1).
pub const ROYALE_START_FEN: &str = "cqcrvbvqbrbnbbbkbqbbbnbrynyroboq/cbnnnpvpbpbpbpbpbpbpbpbpyprprnor/grnp12rppb/gngp12pppq/arap12spsr/anap12spsn/abap12spsb/akap12spsq/aqap12spsk/abap12spsb/anap12spsn/arap12spsr/yqyp12vpvn/ybop12cpvr/rronopppwpwpwpwpwpwpwpwpgpcpcnnb/rqrbprpnwrwnwbwqwkwbwnwrgqgbnrnq 1 w a s b c1,e1,l1,o1,a2,a5,a12,a14,p3,p5,p12,p15,b16,e16,l16,n16 0";

/// The seat names in turn order.
pub const ROYALE_SEATS: [&str; 4] = ["white", "ash", "slate", "black"];

/// How a seat without a king lost it (for the per-seat results of §13.3 #8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Fate {
    /// The seat has a king.
    #[default]
    Reigning,
    /// Its king was captured (Interregnum). A position string cannot say how a
    /// king was lost; seats read without a king count as captured.
    Captured,
    /// Its king escaped (§13.2): removed, Interregnum, a tie unless it returns.
    Escaped,
}

/// The four-player Sovereign Chess Royale position.
#[derive(Clone, PartialEq, Eq)]
pub struct Royale {
    pub(crate) st: State,
    fate: [Fate; 4],
    captured_loses: bool,
    /// The seats whose king escaped when the turn last passed (for reporting).
    escaped_last: [bool; 4],
}

impl Royale {
    /// Validates a four-seat setup under `rules`; then, as §13.4 says, the
    /// turn passes from the named seat to the first seat that can move
    /// (escaping kings on the way).
    ///
    /// # Errors
    /// [`PositionError`] with every [`Issue`](crate::Issue) that makes it
    /// unplayable (a setup of the wrong number of seats is only that).
    pub fn from_setup(setup: &Setup, rules: Rules) -> Result<Self, PositionError> {
        if setup.seats != 4 {
            return Err(Issue::SeatCount { want: 4, got: setup.seats }.into());
        }
        let st = validate(setup, &rules, false, !rules.royale_regime_into_check)?;
        let mut fate = [Fate::Reigning; 4];
        for (s, f) in fate.iter_mut().enumerate() {
            if st.king(s as u8).is_none() {
                *f = Fate::Captured;
            }
        }
        let mut r =
            Royale { st, fate, captured_loses: rules.royale_captured_loses, escaped_last: [false; 4] };
        r.settle_turn(0);
        Ok(r)
    }

    /// The shared state (for the evaluation).
    #[cfg(feature = "search")]
    pub(crate) fn state(&self) -> &State {
        &self.st
    }

    /// Whether `seat` is in Interregnum (has no king).
    #[must_use]
    pub fn in_interregnum(&self, seat: Seat) -> bool {
        self.king(seat).is_none()
    }

    /// How `seat` lost its king, or [`Fate::Reigning`].
    #[must_use]
    pub fn fate(&self, seat: Seat) -> Fate {
        self.fate[seat.index() & 3]
    }

    /// The announcement (§13.2): every seat whose king is attacked now.
    #[must_use]
    pub fn checks(&self) -> Vec<Seat> {
        self.st.checked_seats().map(Seat).collect()
    }

    /// The seats whose king escaped when the turn last passed (§13.2).
    #[must_use]
    pub fn escaped_last(&self) -> Vec<Seat> {
        (0..4).filter(|&s| self.escaped_last[s as usize]).map(Seat).collect()
    }

    /// Number of kings on the board.
    #[must_use]
    pub fn kings(&self) -> u32 {
        self.st.board.role(Role::King).count()
    }

    /// Whether `seat`, with a king not in check, has moves but every one of
    /// them leaves its king attacked (§13.2 escaped king).
    fn must_escape(st: &State, seat: u8) -> bool {
        if st.king(seat).is_none() || st.in_check(seat) {
            return false;
        }
        let mut any = false;
        let safe = st.any_legal(|mv| {
            any = true;
            let mut next = st.clone();
            next.apply(mv);
            !next.in_check(seat)
        });
        any && !safe
    }

    /// Gives the turn to the first seat, starting `offset` seats after the
    /// current one, that can move; escaped kings are removed on the way.
    fn settle_turn(&mut self, offset: u8) {
        self.escaped_last = [false; 4];
        if self.kings() <= 1 {
            self.st.set_turn((self.st.turn + offset) % 4);
            return;
        }
        let first = self.st.turn + offset;
        // Two rounds: a seat whose king escaped is only skipped for that
        // turn, so when every other seat must pass it moves next (§13.4).
        for i in 0..8 {
            let s = (first + i) % 4;
            self.st.set_turn(s);
            if Self::must_escape(&self.st, s) {
                if let Some(k) = self.st.king(s) {
                    self.st.take(k);
                    self.st.drop_castling(self.st.home_edge(s));
                    self.st.recompute();
                }
                self.fate[s as usize] = Fate::Escaped;
                self.escaped_last[s as usize] = true;
                if self.kings() <= 1 {
                    return;
                }
                continue;
            }
            if self.st.count_moves() > 0 {
                return;
            }
        }
    }

    fn result_of(&self, seat: usize, winner: Option<usize>) -> SeatResult {
        if Some(seat) == winner {
            return SeatResult::Win;
        }
        match self.fate[seat] {
            Fate::Captured if self.captured_loses => SeatResult::Loss,
            Fate::Captured | Fate::Escaped => SeatResult::Draw,
            Fate::Reigning => {
                if winner.is_some() {
                    SeatResult::Loss
                } else {
                    SeatResult::Draw
                }
            }
        }
    }

    /// The seat that won: the one whose king is the last left (§13.3), if any.
    #[must_use]
    pub fn winner(&self) -> Option<Seat> {
        if self.kings() == 1 { (0..4).map(Seat).find(|&s| self.st.king(s.0).is_some()) } else { None }
    }

    /// Why the game is over, if it is: one king left ([`EndReason::LastKing`]),
    /// none ([`EndReason::NoKings`]), or no seat can move ([`EndReason::Stalemate`]).
    #[must_use]
    pub fn end_reason(&self) -> Option<EndReason> {
        match self.kings() {
            0 => Some(EndReason::NoKings),
            1 => Some(EndReason::LastKing),
            _ if self.st.count_moves() == 0 => Some(EndReason::Stalemate),
            _ => None,
        }
    }
}

crate::position::shared_api!(Royale, seats: 4, start: ROYALE_START_FEN);

impl Position for Royale {
    crate::position::shared_position_items!();

    const VARIANT: &'static str = "royale";

    fn start() -> Self {
        ROYALE_START_FEN.parse().expect("the Royale start position is valid")
    }

    fn seat_count(&self) -> usize {
        4
    }

    fn seat_name(&self, seat: Seat) -> &'static str {
        ROYALE_SEATS[seat.index() & 3]
    }

    fn legal_moves(&self) -> MoveList {
        // A stalemate is the empty list itself: only the king count needs a test.
        if self.kings() < 2 { MoveList::new() } else { move_list(&self.st) }
    }

    fn has_legal_moves(&self) -> bool {
        self.kings() >= 2 && self.st.any_legal(|_| true)
    }

    fn count_legal(&self) -> u64 {
        if self.kings() < 2 { 0 } else { self.st.count_moves() }
    }

    fn perft(&self, depth: u32, _mode: motley_core::PerftMode) -> u64 {
        motley_core::movegen::bulk_perft(self, depth)
    }

    fn play_unchecked(&mut self, mv: Move) {
        let had_king: [bool; 4] = core::array::from_fn(|s| self.st.king(s as u8).is_some());
        self.st.apply(mv);
        for (s, (fate, had)) in self.fate.iter_mut().zip(had_king).enumerate() {
            let has = self.st.king(s as u8).is_some();
            if had && !has && s != self.st.turn as usize {
                *fate = Fate::Captured;
            }
            if has {
                *fate = Fate::Reigning;
            }
        }
        // A seat without a king keeps no castling rights (§3.3: the writer
        // omits the letters of a seat with no king).
        for s in 0..4 {
            if self.st.king(s).is_none() {
                self.st.drop_castling(self.st.home_edge(s));
            }
        }
        self.settle_turn(1);
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end_reason()?;
        let winner = self.winner().map(Seat::index);
        let results: Vec<SeatResult> = (0..4).map(|s| self.result_of(s, winner)).collect();
        Some(Outcome::new(&results, reason.as_str()))
    }

    fn status(&self) -> String {
        match self.outcome() {
            Some(o) => self.outcome_text(&o),
            None if !self.checks().is_empty() => "check".to_owned(),
            None => "ongoing".to_owned(),
        }
    }
}

/// The fast generator behind Royale's perft: the moves of
/// [`Position::legal_moves`] (none once fewer than two kings remain; a
/// stalemated seat has none anyway), played by [`Position::play_unchecked`].
impl motley_core::MoveGen for Royale {
    type Move = Move;

    #[inline]
    fn generate<S: motley_core::MoveSink<Move>>(&self, sink: &mut S) {
        if self.kings() >= 2 {
            self.st.generate_into(sink);
        }
    }

    #[inline]
    fn make(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }
}
