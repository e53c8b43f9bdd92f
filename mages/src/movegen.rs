//! The fast generator: action generation for move lists, and perft with
//! copy-make and bulk counting at the last ply (the hot path).
//!
//! Both counts of the rules contract are computed here:
//! - **decision perft** (`FULL = false`): a declaration is one ply followed
//!   only by the challenger-wins resolution (one branch per promotion choice
//!   when a pawn challenger reaches its far rank);
//! - **full perft** (`FULL = true`): a declaration branches into
//!   challenger-wins, defender-wins and draw, each promotion choice a branch.

use motley_core::movegen::MoveSink;
use motley_core::{Bits, MoveGen};

use crate::board::{ALL, Board, Square, SquareSet, far_rank, pawn_dawn, pawn_dusk, pawn_pushes, reach};
use crate::moves::Move;
use crate::piece::{Piece, Role, Team};
use crate::rules::{NoAction, Rules};

/// The non-pawn roles, in generation order.
const PIECES: [Role; 4] = [Role::Royal, Role::Counselor, Role::Chariot, Role::Shaman];

/// The part of a position perft needs (no pending engagement, no stored end).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub board: Board,
    pub turn: Team,
    pub passes: u8,
    pub ply: u32,
}

impl Node {
    /// Whether the game is over at this node for a reason other than the
    /// side to move having no action.
    #[inline]
    fn is_terminal(&self, rules: &Rules) -> bool {
        let royals = self.board.role(Role::Royal);
        !(royals.intersects(self.board.team(Team::Green)) && royals.intersects(self.board.team(Team::Blue)))
            || (self.passes >= 2 && rules.double_pass_draw)
            || rules.ply_limit.is_some_and(|l| self.ply >= l)
    }

    #[inline]
    fn next(&self, board: Board) -> Node {
        Node { board, turn: self.turn.other(), passes: 0, ply: self.ply + 1 }
    }
}

/// Calls `f(from, to)` for every action (move or declaration) of `us`,
/// promotions not expanded.
#[inline]
pub(crate) fn for_each_action(board: &Board, us: Team, mut f: impl FnMut(Square, Square)) {
    let own = board.team(us);
    let enemy = board.team(us.other());
    let occ = own | enemy;
    for role in PIECES {
        for from in own & board.role(role) {
            let from = Square::new_unchecked(from);
            for to in reach(role, us, from, occ) - own {
                f(from, Square::new_unchecked(to));
            }
        }
    }
    for from in own & board.role(Role::Pawn) {
        let one = SquareSet::from_index(from);
        let targets = (pawn_pushes(us, one) - occ) | ((pawn_dusk(us, one) | pawn_dawn(us, one)) & enemy);
        for to in targets {
            f(Square::new_unchecked(from), Square::new_unchecked(to));
        }
    }
}

/// Whether `us` has any action.
pub(crate) fn has_action(board: &Board, us: Team) -> bool {
    let own = board.team(us);
    let enemy = board.team(us.other());
    let occ = own | enemy;
    let pawns = own & board.role(Role::Pawn);
    if (pawn_pushes(us, pawns) - occ).any() || ((pawn_dusk(us, pawns) | pawn_dawn(us, pawns)) & enemy).any() {
        return true;
    }
    PIECES.into_iter().any(|role| {
        (own & board.role(role))
            .iter()
            .any(|from| (reach(role, us, Square::new_unchecked(from), occ) - own).any())
    })
}

/// Appends every unmarked action of `us` to `out`, promotions expanded.
pub(crate) fn push_actions(board: &Board, us: Team, out: &mut impl Extend<Move>) {
    let pawns = board.pieces(Piece::new(us, Role::Pawn));
    let far = far_rank(us);
    let enemy = board.team(us.other());
    for_each_action(board, us, |from, to| {
        if pawns.contains(from.bit()) && far.contains(to.bit()) && !enemy.contains(to.bit()) {
            out.extend(Role::PROMOTIONS.map(|p| Move::Action {
                from,
                to,
                promotion: Some(p),
                heresy: false,
            }));
        } else {
            out.extend([Move::action(from, to)]);
        }
    });
}

/// A bit-sliced counter of square sets: lane `k` holds bit `k` of each
/// square's count. Adding a set is a few logic operations, and the total
/// takes one popcount per lane instead of one per set (the baseline x86-64
/// target has no popcount instruction).
///
/// Bound: a square is reached by at most one piece per line direction, so a
/// count never exceeds 8 and four lanes hold it.
#[derive(Default)]
struct Tally([u64; 4]);

impl Tally {
    #[inline]
    fn add(&mut self, x: u64) {
        let c0 = self.0[0] & x;
        self.0[0] ^= x;
        let c1 = self.0[1] & c0;
        self.0[1] ^= c0;
        let c2 = self.0[2] & c1;
        self.0[2] ^= c1;
        self.0[3] |= c2;
    }

    #[inline]
    fn total(&self) -> u64 {
        let mut n = u64::from(self.0[0].count_ones()) + 2 * u64::from(self.0[1].count_ones());
        if self.0[2] | self.0[3] != 0 {
            n += 4 * u64::from(self.0[2].count_ones()) + 8 * u64::from(self.0[3].count_ones());
        }
        n
    }
}

/// The number of leaves one ply below `node` (bulk counting), which must not
/// be terminal.
#[inline]
fn count_leaves<const FULL: bool>(node: &Node, rules: &Rules) -> u64 {
    let b = &node.board;
    let us = node.turn;
    let them = us.other();
    let own = b.team(us);
    let enemy = b.team(them);
    let occ = own | enemy;
    let empty = ALL - occ;
    let far = far_rank(us);
    let their_far = far_rank(them);
    let enemy_pawns = enemy & b.role(Role::Pawn);
    let mut n: u64 = 0;
    let mut tally = Tally::default();
    for role in PIECES {
        for from in own & b.role(role) {
            let t = reach(role, us, Square::new_unchecked(from), occ);
            if !FULL {
                // Each move and each declaration (challenger wins) is one leaf.
                tally.add((t - own).0[0]);
                continue;
            }
            n += u64::from((t & empty).count());
            // Each declaration: challenger + draw, plus one defender branch, or
            // three when a pawn defender would reach its far rank on `from`.
            let engaged = t & enemy;
            n += 3 * u64::from(engaged.count());
            if their_far.contains(from) {
                n += 2 * u64::from((engaged & enemy_pawns).count());
            }
        }
    }
    let pawns = own & b.role(Role::Pawn);
    let pushes = pawn_pushes(us, pawns) & empty;
    if !FULL {
        // Pushes (onto empty squares) and duskward engagements (onto enemies)
        // are disjoint, so one popcount counts both; the far rank adds two
        // more leaves per target (three promotion choices).
        let dusk = pawn_dusk(us, pawns) & enemy;
        let dawn = pawn_dawn(us, pawns) & enemy;
        tally.add((pushes | dusk).0[0]);
        tally.add(dawn.0[0]);
        n += tally.total();
        let promoting = ((pushes | dusk) & far, dawn & far);
        if (promoting.0 | promoting.1).any() {
            n += 2 * u64::from(promoting.0.count() + promoting.1.count());
        }
        if n == 0 && !has_action(b, us) {
            return u64::from(rules.no_action == NoAction::Pass);
        }
        return n;
    }
    n += u64::from((pushes - far).count()) + 3 * u64::from((pushes & far).count());
    // The two diagonals separately, so that `from` is known per target set.
    for (targets, from_shift) in [(pawn_dusk(us, pawns) & enemy, 0u8), (pawn_dawn(us, pawns) & enemy, 1u8)] {
        // Challenger wins (three choices on the far rank), defender wins, draw.
        n += u64::from((targets - far).count()) + 3 * u64::from((targets & far).count());
        n += 2 * u64::from(targets.count());
        // Pawn defenders whose win would carry them onto their far rank: the
        // challenger stands on it. Only Blue pawns can be engaged from rank 1
        // (by a Green pawn on rank 1) and Green pawns from rank 8.
        let from_set = match (us, from_shift) {
            (Team::Green, 0) => Bits([(targets & enemy_pawns).0[0] >> 5]),
            (Team::Green, _) => Bits([(targets & enemy_pawns).0[0] >> 7]),
            (Team::Blue, 0) => Bits([(targets & enemy_pawns).0[0] << 7]),
            (Team::Blue, _) => Bits([(targets & enemy_pawns).0[0] << 5]),
        };
        n += 2 * u64::from((from_set & their_far).count());
    }
    if n == 0 && !has_action(b, us) {
        return u64::from(rules.no_action == NoAction::Pass);
    }
    n
}

/// A decision node of the perft tree (no engagement pending) under its
/// rules: the tree of decision perft (`FULL = false`) or full perft.
///
/// Its branches are the child nodes themselves: a declaration resolves into
/// one or three children (and a promotion into one per choice), built here,
/// so that core's perft just steps into each.
#[derive(Clone, Copy)]
pub(crate) struct PerftNode<'a, const FULL: bool> {
    pub node: Node,
    pub rules: &'a Rules,
}

impl<const FULL: bool> MoveGen for PerftNode<'_, FULL> {
    type Move = Node;

    #[inline]
    fn generate<S: MoveSink<Node>>(&self, sink: &mut S) {
        let (node, rules) = (&self.node, self.rules);
        if node.is_terminal(rules) {
            return;
        }
        if S::COUNTS {
            sink.add(count_leaves::<FULL>(node, rules));
            return;
        }
        children::<FULL, S>(node, rules, sink);
    }

    #[inline]
    fn make(&mut self, child: Node) {
        self.node = child;
    }
}

/// Perft below a decision node (no engagement pending).
pub(crate) fn perft<const FULL: bool>(node: &Node, depth: u32, rules: &Rules) -> u64 {
    motley_core::movegen::bulk_perft(&PerftNode::<FULL> { node: *node, rules }, depth)
}

/// Pushes the child of `node` whose board is `board` with `piece` moved
/// `from` → `to` (a move, or the winner of an engagement moving in) and
/// become `role`; with `role` `None` (a pawn reaching its far rank), one
/// child per promotion choice.
#[inline(always)]
fn push_relocated<S: MoveSink<Node>>(
    sink: &mut S,
    node: &Node,
    board: Board,
    (from, to, piece): (Square, Square, Piece),
    role: Option<Role>,
) {
    let mut push = |becomes: Role| {
        let mut child = board;
        child.relocate(from, to, piece, becomes);
        sink.push(node.next(child));
    };
    match role {
        Some(role) => push(role),
        None => Role::PROMOTIONS.into_iter().for_each(push),
    }
}

/// Feeds every child of the non-terminal `node` into `sink`: one per move
/// and promotion choice, and per declaration the challenger-wins children
/// (with `FULL`, also defender-wins and draw); a pass when there is no action
/// and the rules pass.
fn children<const FULL: bool, S: MoveSink<Node>>(node: &Node, rules: &Rules, sink: &mut S) {
    let b = &node.board;
    let us = node.turn;
    let them = us.other();
    let own = b.team(us);
    let enemy = b.team(them);
    let occ = own | enemy;
    let far = far_rank(us);
    let mut any = false;
    let mut visit = |from: Square, to: Square, role: Role| {
        any = true;
        let piece = Piece::new(us, role);
        let promotes = role == Role::Pawn && far.contains(to.bit());
        if !enemy.contains(to.bit()) {
            push_relocated(sink, node, *b, (from, to, piece), (!promotes).then_some(role));
            return;
        }
        let defender_role = b.role_at(to).unwrap_or(Role::Pawn);
        let defender = Piece::new(them, defender_role);
        // Challenger wins.
        let mut won = *b;
        won.remove_known(to, defender);
        push_relocated(sink, node, won, (from, to, piece), (!promotes).then_some(role));
        if FULL {
            // Defender wins: it moves into the challenger's square.
            let mut lost = *b;
            lost.remove_known(from, piece);
            let promotes = defender_role == Role::Pawn && far_rank(them).contains(from.bit());
            push_relocated(sink, node, lost, (to, from, defender), (!promotes).then_some(defender_role));
            // Draw: both stay.
            sink.push(node.next(*b));
        }
    };
    for role in PIECES {
        for from in own & b.role(role) {
            let from = Square::new_unchecked(from);
            for to in reach(role, us, from, occ) - own {
                visit(from, Square::new_unchecked(to), role);
            }
        }
    }
    for from in own & b.role(Role::Pawn) {
        let one = SquareSet::from_index(from);
        let targets = (pawn_pushes(us, one) - occ) | ((pawn_dusk(us, one) | pawn_dawn(us, one)) & enemy);
        for to in targets {
            visit(Square::new_unchecked(from), Square::new_unchecked(to), Role::Pawn);
        }
    }
    if !any && rules.no_action == NoAction::Pass {
        sink.push(Node { board: *b, turn: them, passes: (node.passes + 1).min(2), ply: node.ply + 1 });
    }
}

#[cfg(test)]
mod tests {
    use super::Tally;

    #[test]
    fn tally_counts_like_popcounts() {
        let mut state = 99u64;
        for round in 0..500 {
            let mut tally = Tally::default();
            let mut want = 0;
            for _ in 0..(round % 9) {
                let (s, x) = motley_core::zobrist::splitmix64(state);
                state = s;
                tally.add(x);
                want += u64::from(x.count_ones());
            }
            assert_eq!(tally.total(), want);
        }
    }
}
