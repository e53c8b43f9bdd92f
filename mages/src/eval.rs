//! The static evaluation the generic search ([`motley_core::search`]) uses
//! for Mage's Chess: [`Evaluate`] for [`Mages`].
//!
//! Scores are centipawns (a Pawn is 100) for the asked seat; the two teams'
//! scores are negatives of each other. The terms, all computed from the
//! board and the default [`OutcomeModel`](crate::OutcomeModel):
//!
//! - **Material**: Counselor 900, Shaman 480, Chariot 300, Pawn 100 (the
//!   Royal is not counted: losing it ends the game, which the search scores
//!   itself). On a 6-file board the Chariot (a bishop bound to one square
//!   colour) is worth less than in chess. [`Evaluate::material`] is this
//!   term alone.
//! - **Pawn advance**: a pawn promotes to a Counselor on its far rank, so it
//!   gains 0, 0, 6, 14, 28, 50, 80 centipawns on its 2nd … 7th rank.
//! - **Expected material under the outcome model**: captures can fail, so a
//!   piece attacked by an enemy is not simply "hanging". For the side to
//!   move, the best single engagement it can declare is worth its expected
//!   material change `p(challenger wins) × value(defender) − p(defender
//!   wins) × value(challenger)` (a Royal challenger risks the game, valued
//!   at [`ROYAL_STAKE`]); half of the best positive one is credited (a
//!   tempo term: the search verifies it by following engagements in
//!   quiescence). It is never assumed that an engagement succeeds.
//! - **Royal exposure**: for each team, every enemy piece that may engage
//!   its Royal costs `p(challenger downs the Royal) × ROYAL_STAKE / 4`
//!   (a full [`ROYAL_STAKE`] share when that enemy moves next), and every enemy
//!   piece reaching a square next to the Royal costs 12.
//!
//! A pending engagement (a chance node) is never evaluated: the search
//! averages its resolutions, with [`LOSS_AVERSION`]: a resolution that downs
//! the challenging team's own Royal weighs double its probability, so the
//! search does not stake the game on a near-even duel (a Royal challenging
//! the enemy Royal wins 42% and loses 38% in melee).
//!
//! The search **reduces late quiet inputs** ([`SearchProfile::reductions`]):
//! every engagement declared is a chance node whose three resolutions are
//! each searched to the full remaining depth, so the exact tree of a middle
//! game grows about sixfold a ply; reductions cut that growth and keep
//! depths 7 and 8 within reach of an analysis.

use motley_core::Seat;
use motley_core::search::{Evaluate, Reading, SearchProfile, Technique, Techniques, WdlModel};

use crate::board::{Square, SquareSet};
use crate::model::DEFAULT_MODEL;
use crate::moves::{Combat, Move};
use crate::piece::{Role, Team};
use crate::position::Mages;

/// What a team's Royal is worth when it risks being downed: the
/// evaluation's stand-in for "the game", used to weigh Royal exposure and
/// engagements declared by a Royal.
pub const ROYAL_STAKE: i32 = 3000;

/// The search's loss aversion for Mage's Chess, in percent (see
/// [`Evaluate::loss_aversion`]): an outcome of an engagement that downs
/// the challenging team's own Royal weighs double its probability.
pub const LOSS_AVERSION: u32 = 200;

/// The material value of a role in centipawns (the Royal: 0, see the module doc).
#[must_use]
pub const fn value(role: Role) -> i32 {
    match role {
        Role::Royal => 0,
        Role::Counselor => 900,
        Role::Shaman => 480,
        Role::Chariot => 300,
        Role::Pawn => 100,
    }
}

/// A role's worth when it is the challenger risking itself: its value, or
/// [`ROYAL_STAKE`] for the Royal.
const fn stake(role: Role) -> i32 {
    match role {
        Role::Royal => ROYAL_STAKE,
        r => value(r),
    }
}

/// Pawn advance bonus by ranks travelled from the team's first rank (0..=7).
const PAWN_ADVANCE: [i32; 8] = [0, 0, 6, 14, 28, 50, 80, 0];

/// Bonus per enemy piece that reaches a square next to a team's Royal.
const ROYAL_ZONE: i32 = 12;

/// How many ranks a square is from `team`'s first rank.
fn advance(team: Team, sq: Square) -> usize {
    let rank = usize::from(sq.rank().index());
    match team {
        Team::Green => rank,
        Team::Blue => 7 - rank,
    }
}

/// The expected material change of `challenger` engaging `defender`, in
/// centipawns, for the challenger's team (victim Royal: [`ROYAL_STAKE`]).
fn engagement_gain(challenger: Role, defender: Role, combat: Combat) -> i32 {
    let odds = DEFAULT_MODEL.odds(challenger, defender, combat);
    (odds.challenger * f64::from(stake(defender)) - odds.defender * f64::from(stake(challenger))).round()
        as i32
}

impl Mages {
    /// One team's material plus pawn advance.
    fn material_of(&self, team: Team) -> i32 {
        let board = self.board();
        let mut total = 0;
        for sq in board.team(team).iter() {
            let Some(role) = board.role_at(sq) else { continue };
            total += value(role);
            if role == Role::Pawn {
                total += PAWN_ADVANCE[advance(team, sq)];
            }
        }
        total
    }

    /// The exposure penalty of `team`'s Royal, given who moves next, and the
    /// best expected engagement gain of the side to move (for `team` when it
    /// moves).
    fn royal_exposure(&self, team: Team) -> i32 {
        let board = self.board();
        let Some(royal) = board.royal(team) else { return 0 };
        let enemy = team.other();
        let zone = crate::board::reach(Role::Royal, enemy, royal, SquareSet::EMPTY);
        let enemy_moves = self.side_to_move() == enemy;
        let mut penalty = 0.0;
        let mut near = 0;
        for sq in board.team(enemy).iter() {
            let Some(role) = board.role_at(sq) else { continue };
            let targets = board.targets(sq);
            if targets.contains(royal) {
                let p = DEFAULT_MODEL.odds(role, Role::Royal, Combat::between(sq, royal)).challenger;
                let share = if enemy_moves { 1.0 } else { 0.25 };
                penalty += p * share * f64::from(ROYAL_STAKE);
            }
            near += (targets & zone).count() as i32;
        }
        penalty.round() as i32 + near * ROYAL_ZONE
    }

    /// The best expected material change of one engagement the side to move
    /// may declare (0 if none gains).
    fn best_engagement(&self) -> i32 {
        let board = self.board();
        let us = self.side_to_move();
        let enemy: SquareSet = board.team(us.other());
        let mut best = 0;
        for from in board.team(us).iter() {
            let Some(role) = board.role_at(from) else { continue };
            for to in (board.targets(from) & enemy).iter() {
                let Some(victim) = board.role_at(to) else { continue };
                best = best.max(engagement_gain(role, victim, Combat::between(from, to)));
            }
        }
        best
    }

    /// Whether `mv` declares an engagement.
    fn declares_engagement(&self, mv: Move) -> bool {
        matches!(mv, Move::Action { to, .. }
            if self.pending().is_none() && self.board().team(self.side_to_move().other()).contains(to))
    }

    /// The expected material change of declaring an engagement `from` → `to`.
    fn declaration_gain(&self, from: Square, to: Square) -> i32 {
        match (self.board().role_at(from), self.board().role_at(to)) {
            (Some(attacker), Some(victim)) => engagement_gain(attacker, victim, Combat::between(from, to)),
            _ => 0,
        }
    }

    /// The evaluation for `team` (see the module doc).
    fn evaluate_team(&self, team: Team) -> i32 {
        let material = self.material_of(team) - self.material_of(team.other());
        let exposure = self.royal_exposure(team.other()) - self.royal_exposure(team);
        let tempo = if self.pending().is_none() { self.best_engagement() / 2 } else { 0 };
        let tempo = if self.side_to_move() == team { tempo } else { -tempo };
        material + exposure + tempo
    }
}

/// What a score means in Mage's Chess (see [`motley_core::search::wdl`]):
/// a curve of scale 787 and shape 1.155, no draw band, a tempo of 17, no
/// seat offset (the game is symmetric), raw scores clamped to ±750 (beyond
/// that a score is a chance mean that includes outright wins, 40% of a win
/// being 400,000). The self-play games resolve every engagement by the
/// outcome model, so the odds include chance: even at the clamp a side's
/// win chance is about 72%, because a Royal can still be downed by one
/// engagement's luck.
///
/// Fitted on self-play games of 20,000 nodes a move (a mean completed depth
/// of 5.4) played to their natural end, and measured on others (calibration
/// in `docs/analysis.md`). The rules draw only by agreement, a double pass
/// or an optional ply limit, and no fitting game ended so; the games still
/// going at the 1,000-ply cap (one in seven) are undecided and left out, so
/// the model has no draw band. The clamp was chosen among 500, 750, 1000,
/// 1250, 1500, 2000, 3000, 5000 and 10000 by the Brier score on the fitted
/// games. Regenerated by `python python/examples/fit_games.py mages --games
/// 400 --held-out 400 --seed 1 --depth 64 --nodes 20000 --max-plies 1000
/// --cut drop --out mages.dump`, then `cargo run --release -p motley-cli
/// --example fit_wdl -- mages --from-dump mages.dump --clamp 750 --offset 0`.
pub const WDL: WdlModel = WdlModel::two_seats(786.7, 0.0, 0.0, 17.3).with_power(1.155).with_clamp(750.0);

/// The selective techniques of Mage's Chess's search: chance bounds
/// (engagements' outcomes searched in windows near the node's own) beside
/// the plain one- and two-ply late-move reductions. Chance bounds won
/// games against the search without them; growing reductions and
/// move-count pruning lost, and the whole set did not gain. UCI
/// `Techniques` (`+null-move`, `+chance-reduction`, …) turns any of them on.
const TECHNIQUES: Techniques = Techniques::NONE.with(Technique::ChanceBounds);

impl Reading for Mages {
    const ANALYSIS_DEPTH: u32 = 7;
    const WDL: WdlModel = WDL;
}

impl Evaluate for Mages {
    const PROFILE: SearchProfile =
        SearchProfile { reductions: true, techniques: TECHNIQUES, ..SearchProfile::DEFAULT };
    fn evaluate(&self, seat: Seat) -> i32 {
        Team::from_seat(seat).map_or(0, |team| self.evaluate_team(team))
    }

    fn material(&self, seat: Seat) -> i32 {
        Team::from_seat(seat).map_or(0, |team| self.material_of(team) - self.material_of(team.other()))
    }

    /// Promotions, and engagement declarations whose expected material
    /// change is positive (so quiescence never follows an engagement that
    /// loses material on average, such as a Royal risking the game).
    fn is_tactical(&self, mv: Move) -> bool {
        match mv {
            Move::Action { from, to, promotion, .. } => {
                promotion.is_some() || (self.declares_engagement(mv) && self.declaration_gain(from, to) > 0)
            }
            _ => false,
        }
    }

    /// Declarations by expected material change (so a Royal rarely
    /// challenges), promotions by the promoted piece's value.
    fn move_order_score(&self, mv: Move) -> i32 {
        let Move::Action { from, to, promotion, .. } = mv else { return 0 };
        let promo = promotion.map_or(0, |r| value(r) - value(Role::Pawn));
        if self.declares_engagement(mv) { self.declaration_gain(from, to) * 16 + promo } else { promo }
    }

    /// The position after a forfeited turn ([`Mages::forfeit_turn`], which
    /// changes nothing but the side to move, the pass count and the ply),
    /// when no engagement is pending and the side to move has a piece other
    /// than Pawns and its Royal: with only those, every action may weaken
    /// the position (zugzwang), and the search does not try a pass.
    fn null_move(&self) -> Option<Self> {
        let board = self.board();
        let turn = self.side_to_move();
        let pieces = board.team(turn) & !(board.role(Role::Pawn) | board.role(Role::Royal));
        if pieces.is_empty() {
            return None;
        }
        let mut next = self.clone();
        next.forfeit_turn().then_some(next)
    }

    /// [`LOSS_AVERSION`]: an engagement that may down the team's own Royal
    /// weighs that outcome double.
    fn loss_aversion(&self) -> u32 {
        LOSS_AVERSION
    }
}

#[cfg(test)]
mod tests {
    use motley_core::Position;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    /// Over seeded random games: a pass is refused exactly while an
    /// engagement is pending or when the side to move has only Pawns and
    /// its Royal; otherwise it is the position after a forfeited turn: the
    /// other team to move, the board as it was.
    #[test]
    fn a_pass_is_a_forfeited_turn_where_one_is_sound() {
        let (mut passed, mut refused) = (0, 0);
        for seed in 0..40 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = Mages::start();
            while !pos.is_over() {
                let team = pos.side_to_move();
                let pieces = pos
                    .board()
                    .team(team)
                    .into_iter()
                    .filter(|&sq| !matches!(pos.board().role_at(sq), Some(Role::Pawn | Role::Royal)));
                let sound = pos.pending().is_none() && pieces.count() > 0;
                match pos.null_move() {
                    Some(next) => {
                        assert!(sound, "{pos}");
                        let mut forfeited = pos.clone();
                        assert!(forfeited.forfeit_turn());
                        assert_eq!(next, forfeited);
                        assert_eq!((next.side_to_move(), next.board()), (team.other(), pos.board()));
                        passed += 1;
                    }
                    None => {
                        assert!(!sound, "{pos}");
                        refused += 1;
                    }
                }
                let moves = pos.legal_moves();
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(passed > 500 && refused > 100, "{passed} passed, {refused} refused");
    }
}
