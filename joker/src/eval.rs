//! The static evaluation the generic search ([`motley_core::search`]) uses
//! for Joker's Chess: [`Evaluate`] for [`Joker`].
//!
//! Scores are centipawns for the asked seat (White is seat 0), zero-sum.
//! White must capture both black kings before the move limit and must not
//! let 14 half-moves pass without a capture or pawn move; Black wins by
//! surviving. The terms, for White (Black's score is the negative):
//!
//! - **Material** with this variant's values: queen 950, rook 500, bishop
//!   330, knight 320, pawn 100 — and a **black king 1500** ("kings
//!   remaining": the second king's capture ends the game, the search scores
//!   that itself). [`Evaluate::material`] is this term plus the reserves.
//! - **Reserves**: a piece in a side's **Joker Reserve** may be dropped on
//!   any empty square next turn, so it counts its full value; a piece on a
//!   **reserve bench** is a life that comes back when a piece of its kind is
//!   captured, counted at a quarter of its value.
//! - **Kings under attack**: +60 for each black king a white piece attacks
//!   (+150 with White to move: the capture is one move away).
//! - **The 14-half-move clock**: once the clock passes 6, White loses
//!   `(clock − 6)² × 12` (a third of it when White has a pawn on the board
//!   or in its Joker Reserve, since a pawn move or drop resets the clock).
//! - **The move limit**: in the last 60 half-moves before the limit, White
//!   loses 10 per half-move gone, per black king still standing.
//! - **Pawn advance**: a pawn gains 4 × its ranks travelled beyond the
//!   second (a white pawn promotes to a queen).
//!
//! What a score means, and the odds, are [`WDL`]'s: fitted on self-play.

use motley_core::Seat;
use motley_core::search::{Evaluate, Reading, SearchProfile, Technique, Techniques, WdlModel};

use crate::board::{Square, SquareSet};
use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::Joker;

/// A role's value in centipawns (a black king: what it costs Black to lose one).
#[must_use]
pub const fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 950,
        Role::King => 1500,
    }
}

/// The squares whose rank index (0 = rank 1) has bit `i` set.
const RANK_BIT: [SquareSet; 3] = {
    let mut sets = [SquareSet::EMPTY; 3];
    let mut i: u8 = 0;
    while i < 64 {
        let rank = i / 8;
        let mut bit = 0;
        while bit < 3 {
            if rank >> bit & 1 != 0 {
                sets[bit] = sets[bit].with(Square::new_unchecked(i));
            }
            bit += 1;
        }
        i += 1;
    }
    sets
};

/// The size of `set`, as an evaluation term.
#[inline]
fn count(set: SquareSet) -> i32 {
    set.count() as i32
}

/// Half-move clock value after which the 14-half-move rule starts to weigh.
const CLOCK_SAFE: i32 = 6;
/// The move-limit window in half-moves.
const LIMIT_WINDOW: i32 = 60;

impl Joker {
    /// Material plus reserves for `color`, in centipawns: each piece's value,
    /// 4 per rank a pawn has advanced from its start rank, each piece of the
    /// Joker Reserve at full value and each of the bench at a quarter.
    fn material_of(&self, color: Color) -> i32 {
        let board = self.board();
        let own = board.by_color(color);
        let mut total = 0;
        for role in Role::ALL {
            total += count(board.by_role(role) & own) * value(role);
        }
        // The ranks of the pawns summed by bit planes of the rank index (pawns
        // never stand on rank 1 or 8, so no pawn has advanced a negative amount).
        let pawns = board.by_role(Role::Pawn) & own;
        let rank_sum =
            count(pawns & RANK_BIT[0]) + 2 * count(pawns & RANK_BIT[1]) + 4 * count(pawns & RANK_BIT[2]);
        let n = count(pawns);
        let travelled = if color == Color::White { rank_sum - n } else { 6 * n - rank_sum };
        total += 4 * travelled;
        for role in Role::RESPAWNING {
            total += i32::from(self.joker_reserve().get(color, role)) * value(role);
            total += i32::from(self.bench().get(color, role)) * value(role) / 4;
        }
        total
    }

    /// The evaluation for White.
    fn evaluate_white(&self) -> i32 {
        let mut score = self.material_of(Color::White) - self.material_of(Color::Black);
        let white_to_move = self.side_to_move() == Color::White;
        let kings = self.board().by_piece(crate::piece::Piece::new(Color::Black, Role::King));
        for sq in kings.iter() {
            if self.attacked_by_white(sq) {
                score += if white_to_move { 150 } else { 60 };
            }
        }
        let quiet_limit = i32::from(self.rules().quiet_limit);
        if quiet_limit > 0 {
            let over = i32::from(self.halfmove_clock()) - CLOCK_SAFE;
            if over > 0 {
                let has_pawn =
                    self.board().by_piece(crate::piece::Piece::new(Color::White, Role::Pawn)).any()
                        || self.joker_reserve().get(Color::White, Role::Pawn) > 0;
                let penalty = over * over * 12;
                score -= if has_pawn { penalty / 3 } else { penalty };
            }
        }
        let ply_limit = i32::from(self.rules().ply_limit);
        if ply_limit > 0 {
            let gone = LIMIT_WINDOW - (ply_limit - i32::from(self.ply()));
            if gone > 0 {
                score -= gone * 10 * kings.count() as i32;
            }
        }
        score
    }

    /// The piece a move captures, if any (en passant: a pawn).
    fn victim(&self, mv: Move) -> Option<Role> {
        let Move::Normal { from, to, .. } = mv else { return None };
        match self.board().piece_at(to) {
            Some(p) => Some(p.role),
            None => {
                let pawn = self.board().piece_at(from).is_some_and(|p| p.role == Role::Pawn);
                (pawn && from.file() != to.file()).then_some(Role::Pawn)
            }
        }
    }
}

/// What a score means in Joker's Chess (see [`motley_core::search::wdl`]):
/// no draws; White's seat offset −1644 (a raw −16.44 for White is an even
/// game: the material values above count two black kings against two white
/// queens), a negligible tempo, and a curve of scale 347 and shape 0.91.
/// White wins 75% of the self-play games (random first four plies); the
/// start reads about +1.57 for White (71%) at the analysis depth.
///
/// Fitted on self-play games of 30,000 nodes a move (a mean completed depth
/// of 5.5), played to their end (no game reached the 1,000-ply cap), and
/// measured on others (calibration in `docs/analysis.md`) by
/// `python python/examples/fit_games.py joker --games 400 --held-out 400
/// --seed 1 --depth 64 --nodes 30000 --max-plies 1000 --cut drop --out
/// joker.dump`, then `cargo run --release -p motley-cli --example fit_wdl --
/// joker --from-dump joker.dump`.
pub const WDL: WdlModel = WdlModel::two_seats(346.9, 0.0, -1643.5, 2.2).with_power(0.913);

/// The selective techniques of Joker's Chess's search: growing and
/// history-based reductions and aspiration windows. Null-move pruning,
/// move-count pruning and internal iterative reductions lost games against
/// the same search without them, and there is no check and no chance; UCI
/// `Techniques` (`+null-move`, …) turns any of them on.
const TECHNIQUES: Techniques = Techniques::NONE
    .with(Technique::GrowingReductions)
    .with(Technique::HistoryReductions)
    .with(Technique::Aspiration);

impl Reading for Joker {
    const ANALYSIS_DEPTH: u32 = 7;
    const WDL: WdlModel = WDL;
}

impl Evaluate for Joker {
    const PROFILE: SearchProfile =
        SearchProfile { deeper_cuts: true, techniques: TECHNIQUES, ..SearchProfile::DEFAULT };
    fn evaluate(&self, seat: Seat) -> i32 {
        let white = self.evaluate_white();
        if seat.0 == 0 { white } else { -white }
    }

    fn material(&self, seat: Seat) -> i32 {
        let white = self.material_of(Color::White) - self.material_of(Color::Black);
        if seat.0 == 0 { white } else { -white }
    }

    /// Captures (en passant included) and promotions.
    fn is_tactical(&self, mv: Move) -> bool {
        mv.promotion().is_some() || self.victim(mv).is_some()
    }

    /// A pass (the other side to move, the en passant right lapsed, the
    /// clock and ply advanced) when the side to move has a piece on the
    /// board other than pawns and kings: with only those a move may be
    /// forced to weaken the position (zugzwang), and the search does not
    /// try a pass.
    fn null_move(&self) -> Option<Self> {
        let board = self.board();
        let pieces = board.by_color(self.turn) & !(board.by_role(Role::Pawn) | board.by_role(Role::King));
        (!pieces.is_empty()).then(|| self.passed())
    }

    /// MVV-LVA for captures, the promoted piece's gain for promotions.
    fn move_order_score(&self, mv: Move) -> i32 {
        let promo = mv.promotion().map_or(0, |r| value(r) - value(Role::Pawn));
        match (mv, self.victim(mv)) {
            (Move::Normal { from, .. }, Some(victim)) => {
                let attacker = self.board().piece_at(from).map_or(0, |p| value(p.role));
                value(victim) * 16 - attacker + promo
            }
            _ => promo,
        }
    }
}

#[cfg(test)]
mod tests {
    use motley_core::Position;

    use super::*;

    /// Whether the side to move has a piece other than pawns and kings,
    /// read square by square.
    fn has_piece(pos: &Joker) -> bool {
        pos.board()
            .pieces()
            .any(|(_, p)| p.color == pos.side_to_move() && !matches!(p.role, Role::Pawn | Role::King))
    }

    /// A pass hands the turn over with the board, benches and reserves as
    /// they are, the en passant right lapsed and the hash equal to the one
    /// computed from scratch; it is refused exactly where the side to move
    /// has only pawns and kings.
    #[test]
    fn a_pass_hands_the_turn_over_with_an_exact_hash() {
        let middle = include_str!("../../fixtures/joker/middle-games.txt");
        let lines = middle.lines().filter(|l| !l.is_empty() && !l.starts_with('#'));
        let mut positions: Vec<Joker> = lines.map(|l| Joker::from_fen(l).expect("fixture")).collect();
        positions
            .push(Joker::from_fen("4k3/pppp4/8/8/8/8/4PPPP/4Q3[] w - - 0 30 -").expect("pawns and a queen"));
        positions
            .push(Joker::from_fen("4kk2/pppp4/8/8/8/8/4PPPP/4Q3[] b - - 0 30 -").expect("pawns and kings"));
        let (mut passed, mut refused) = (0, 0);
        for pos in &positions {
            match pos.null_move() {
                Some(next) => {
                    assert!(has_piece(pos), "{pos}");
                    assert_eq!(next.side_to_move(), pos.side_to_move().other());
                    assert_eq!(
                        (next.board(), next.bench, next.reserve),
                        (pos.board(), pos.bench, pos.reserve)
                    );
                    assert_eq!(next.ep, None);
                    assert_eq!(next.hash, next.hash_from_scratch(), "{pos}");
                    passed += 1;
                }
                None => {
                    assert!(!has_piece(pos), "{pos}");
                    refused += 1;
                }
            }
        }
        assert!(passed >= 30 && refused >= 1, "{passed} passed, {refused} refused");
    }
}
