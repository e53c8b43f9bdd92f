//! The generator: ONE walk of the movement rules ([`walk`]) over a
//! [`MoveSink`], expanded into the position's inputs (move lists, counting
//! with [`Position::count_legal`](motley_core::Position::count_legal), a
//! first match for "has an action") or into the children of perft nodes
//! (copy-make, with bulk counting at the last ply: the hot path).
//!
//! Both counts of the rules contract (§9, §10) are computed here:
//! - **decision perft** (`FULL = false`): a declaration is one ply followed
//!   only by the challenger-wins resolution (one branch per promotion choice
//!   when a pawn challenger reaches its far rank);
//! - **full perft** (`FULL = true`): a declaration branches into
//!   challenger-wins, defender-wins and draw, each promotion choice a branch.

use motley_core::movegen::{Count, FirstMatch, MoveSink};
use motley_core::{Bits, MoveGen};

use crate::board::{Board, Square, SquareSet, far_rank, pawn_origins, pawn_steps, reach};
use crate::end::EndReason;
use crate::moves::{Engagement, Move, Resolution};
use crate::piece::{Piece, Role, Team};
use crate::rules::{FoulDefender, NoAction, Rules};
use crate::zobrist::{self, KEYS};

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

/// Everything of a position that a move changes (all but its rules and
/// stored end), with its Zobrist hash, which [`State::make`] keeps up to
/// date.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct State {
    pub board: Board,
    pub turn: Team,
    pub pending: Option<Engagement>,
    pub passes: u8,
    pub ply: u32,
    /// [`zobrist::from_scratch`] of the fields above, the ply counted when
    /// the position's rules have a ply limit.
    pub hash: u64,
}

impl State {
    /// A state and its hash (`ply_counted`: under a ply limit).
    pub(crate) fn new(
        board: Board,
        turn: Team,
        pending: Option<Engagement>,
        passes: u8,
        (ply, ply_counted): (u32, bool),
    ) -> State {
        let hash = zobrist::from_scratch(&board, turn, pending, passes, (ply, ply_counted));
        State { board, turn, pending, passes, ply, hash }
    }

    /// Plays `mv`, one of the position's legal inputs under `rules`.
    /// Returns the reason the turn's end is judged by once the input ends
    /// the turn ([`EndReason::RoyalExpelled`] after a foul, else
    /// [`EndReason::RoyalDowned`]); `None` after a declaration, which keeps
    /// the turn (§4), or an input that does not fit the position.
    #[inline]
    pub(crate) fn make(&mut self, mv: Move, rules: &Rules) -> Option<EndReason> {
        let ply_counted = rules.ply_limit.is_some();
        match mv {
            Move::Action { from, to, promotion, heresy } => {
                let piece = self.board.piece_at(from)?;
                // A heresy gives the piece its halo for the rest of the game (§5).
                if heresy && !self.board.has_halo(from) {
                    self.board.set_halo(from, true);
                    self.hash ^= KEYS.halo(from);
                }
                self.set_passes(0);
                if self.board.team(piece.team.other()).contains(to) {
                    let e = Engagement::new(from, to);
                    self.pending = Some(e);
                    self.hash ^= KEYS.engagement(e);
                    return None;
                }
                self.relocate(from, to, piece, promotion.unwrap_or(piece.role));
                self.end_turn(ply_counted);
                Some(EndReason::RoyalDowned)
            }
            Move::Resolve { resolution, promotion } => {
                let e = self.pending.take()?;
                self.hash ^= KEYS.engagement(e);
                let challenger = self.board.piece_at(e.challenger)?;
                let defender = self.board.piece_at(e.defender)?;
                let reason = self.settle(e, (challenger, defender), resolution, promotion, rules);
                self.end_turn(ply_counted);
                Some(reason)
            }
            Move::Pass => {
                // Counted up to 2, the double pass (§7; the string form's limit).
                self.set_passes((self.passes + 1).min(2));
                self.end_turn(ply_counted);
                Some(EndReason::RoyalDowned)
            }
        }
    }

    /// Forfeits the side to move's turn (a referee decision, not a pass, §6).
    pub(crate) fn forfeit(&mut self, rules: &Rules) {
        self.set_passes(0);
        self.end_turn(rules.ply_limit.is_some());
    }

    /// Carries out `resolution` of the engagement `e` between `challenger`
    /// and `defender` (§4): the loser leaves, and the winner moves onto the
    /// loser's square, promoted to `promotion` if given (a draw moves
    /// nothing).
    #[inline(always)]
    fn settle(
        &mut self,
        e: Engagement,
        (challenger, defender): (Piece, Piece),
        resolution: Resolution,
        promotion: Option<Role>,
        rules: &Rules,
    ) -> EndReason {
        match resolution {
            Resolution::Challenger => {
                self.remove(e.defender, defender);
                self.relocate(e.challenger, e.defender, challenger, promotion.unwrap_or(challenger.role));
            }
            Resolution::Defender => {
                self.remove(e.challenger, challenger);
                self.relocate(e.defender, e.challenger, defender, promotion.unwrap_or(defender.role));
            }
            Resolution::Draw => {}
            Resolution::Foul => {
                self.remove(e.challenger, challenger);
                if rules.foul_defender == FoulDefender::TakesSquare {
                    self.relocate(e.defender, e.challenger, defender, promotion.unwrap_or(defender.role));
                }
                return EndReason::RoyalExpelled;
            }
        }
        EndReason::RoyalDowned
    }

    /// Removes `piece` (and its halo) from `sq`.
    #[inline(always)]
    fn remove(&mut self, sq: Square, piece: Piece) {
        if self.board.has_halo(sq) {
            self.hash ^= KEYS.halo(sq);
        }
        self.hash ^= KEYS.piece(piece, sq);
        self.board.remove_known(sq, piece);
    }

    /// Moves `piece` (and its halo) `from` → the empty square `to`, becoming `becomes`.
    #[inline(always)]
    fn relocate(&mut self, from: Square, to: Square, piece: Piece, becomes: Role) {
        if self.board.has_halo(from) {
            self.hash ^= KEYS.halo(from) ^ KEYS.halo(to);
        }
        self.hash ^= KEYS.piece(piece, from) ^ KEYS.piece(Piece::new(piece.team, becomes), to);
        self.board.relocate(from, to, piece, becomes);
    }

    #[inline(always)]
    fn set_passes(&mut self, passes: u8) {
        self.hash ^= KEYS.passes(self.passes) ^ KEYS.passes(passes);
        self.passes = passes;
    }

    /// Hands the move to the other team and counts the ply.
    #[inline(always)]
    fn end_turn(&mut self, ply_counted: bool) {
        self.hash ^=
            KEYS.blue_to_move ^ KEYS.ply(self.ply, ply_counted) ^ KEYS.ply(self.ply + 1, ply_counted);
        self.turn = self.turn.other();
        self.ply += 1;
    }

    /// The part of the state perft needs (no engagement pending).
    pub(crate) fn node(&self) -> Node {
        Node { board: self.board, turn: self.turn, passes: self.passes, ply: self.ply }
    }
}

/// What the walk's actions become in one kind of sink: each implementation
/// turns a piece's destinations into moves of its sink's type, or, for a
/// counting sink ([`MoveSink::COUNTS`]), into counts handed over in bulk.
pub(crate) trait Expand {
    /// The sink's move type.
    type Move: Copy;

    /// The actions of `us`'s `role` piece on `from` onto the squares of `to`
    /// (empty squares it moves to, enemy squares it engages).
    fn piece<S: MoveSink<Self::Move>>(&mut self, sink: &mut S, role: Role, from: Square, to: SquareSet);

    /// A counting sink only: the actions of every pawn at once, as its
    /// forward steps onto empty squares (`pushes`) and its engagements on
    /// each forward diagonal (`dusk`, `dawn`); each shift is one-to-one, so
    /// each set has one member per action.
    fn pawns<S: MoveSink<Self::Move>>(
        &mut self,
        sink: &mut S,
        pushes: SquareSet,
        dusk: SquareSet,
        dawn: SquareSet,
    );
}

/// The one walk of the movement rules (§2, §3): feeds every action (move or
/// declaration, §4) of `us` through `expand` into `sink`, pieces by role in
/// [`PIECES`] order and then pawns, each by ascending square.
///
/// A counting sink gets the pawns' actions in bulk; a sink that is
/// [`MoveSink::done`] stops the walk after the piece that satisfied it.
#[inline(always)]
pub(crate) fn walk<E: Expand, S: MoveSink<E::Move>>(board: &Board, us: Team, expand: &mut E, sink: &mut S) {
    let own = board.team(us);
    let enemy = board.team(us.other());
    let occ = own | enemy;
    for role in PIECES {
        for from in own & board.role(role) {
            expand.piece(sink, role, from, reach(role, us, from, occ) - own);
            if sink.done() {
                return;
            }
        }
    }
    let pawns = own & board.role(Role::Pawn);
    if S::COUNTS {
        let (pushes, dusk, dawn) = pawn_steps(us, pawns, occ, enemy);
        expand.pawns(sink, pushes, dusk, dawn);
        return;
    }
    for from in pawns {
        let (pushes, dusk, dawn) = pawn_steps(us, SquareSet::from_square(from), occ, enemy);
        expand.piece(sink, Role::Pawn, from, pushes | dusk | dawn);
        if sink.done() {
            return;
        }
    }
}

/// The walk's actions as the position's inputs ([`Move`]s), promotions
/// expanded: a pawn stepping onto its far rank is three inputs (one per
/// promotion choice, §2); a declaration is one (promotion comes with its
/// resolution, §10).
pub(crate) struct Actions {
    enemy: SquareSet,
    far: SquareSet,
}

impl Actions {
    /// The inputs of `us` on `board`.
    #[inline]
    pub(crate) fn new(board: &Board, us: Team) -> Actions {
        Actions { enemy: board.team(us.other()), far: far_rank(us) }
    }
}

impl Expand for Actions {
    type Move = Move;

    #[inline(always)]
    fn piece<S: MoveSink<Move>>(&mut self, sink: &mut S, role: Role, from: Square, to: SquareSet) {
        let promoting = if role == Role::Pawn { (to & self.far) - self.enemy } else { SquareSet::EMPTY };
        if S::COUNTS {
            sink.push_set(to.bits(), |t| Move::action(from, Square::new_unchecked(t)));
            sink.add(2 * u64::from(promoting.count()));
            return;
        }
        for to in to {
            if promoting.contains(to) {
                for p in Role::PROMOTIONS {
                    sink.push(Move::Action { from, to, promotion: Some(p), heresy: false });
                }
            } else {
                sink.push(Move::action(from, to));
            }
        }
    }

    #[inline(always)]
    fn pawns<S: MoveSink<Move>>(
        &mut self,
        sink: &mut S,
        pushes: SquareSet,
        dusk: SquareSet,
        dawn: SquareSet,
    ) {
        // Pushes land on empty squares and engagements on enemies: the two
        // sets are disjoint, so one set counts both.
        sink.push_set((pushes | dusk).bits(), |_| Move::Pass);
        sink.push_set(dawn.bits(), |_| Move::Pass);
        sink.add(2 * u64::from((pushes & self.far).count()));
    }
}

/// Whether `us` has any action.
pub(crate) fn has_action(board: &Board, us: Team) -> bool {
    let mut any = FirstMatch::new(|_: Move| true);
    walk(board, us, &mut Actions::new(board, us), &mut any);
    any.found()
}

/// Feeds every unmarked action of `us` (promotions expanded) into `sink`.
#[inline]
pub(crate) fn actions<S: MoveSink<Move>>(board: &Board, us: Team, sink: &mut S) {
    walk(board, us, &mut Actions::new(board, us), sink);
}

/// A bit-sliced counting sink: lane `k` holds bit `k` of each square's
/// count of the sets handed to it. Adding a set is a few logic operations,
/// and the total takes one popcount per lane instead of one per set (the
/// baseline x86-64 target has no popcount instruction).
///
/// Bound: a square is reached by at most one piece per line direction, so a
/// count never exceeds 8 and four lanes hold it.
#[derive(Default)]
struct Tally {
    lanes: [u64; 4],
    extra: u64,
}

impl Tally {
    #[inline(always)]
    fn add_word(&mut self, x: u64) {
        let l = &mut self.lanes;
        let c0 = l[0] & x;
        l[0] ^= x;
        let c1 = l[1] & c0;
        l[1] ^= c0;
        let c2 = l[2] & c1;
        l[2] ^= c1;
        l[3] |= c2;
    }

    #[inline]
    fn total(&self) -> u64 {
        let l = &self.lanes;
        let mut n = self.extra + u64::from(l[0].count_ones()) + 2 * u64::from(l[1].count_ones());
        if l[2] | l[3] != 0 {
            n += 4 * u64::from(l[2].count_ones()) + 8 * u64::from(l[3].count_ones());
        }
        n
    }
}

impl<M> MoveSink<M> for Tally {
    const COUNTS: bool = true;

    #[inline(always)]
    fn push(&mut self, _mv: M) {
        self.extra += 1;
    }

    #[inline(always)]
    fn push_set<const W: usize>(&mut self, to: Bits<W>, _make: impl FnMut(u8) -> M) {
        if W == 1 {
            self.add_word(to.0[0]);
        } else {
            self.extra += u64::from(to.count());
        }
    }

    #[inline(always)]
    fn add(&mut self, n: u64) {
        self.extra += n;
    }
}

/// The walk's actions as the children of a perft node (§9, §10): one per
/// move and promotion choice, and per declaration the challenger-wins
/// children (with `FULL`, also defender-wins and draw; never foul). Counting, it counts those children
/// in bulk.
struct Children<'a, const FULL: bool> {
    node: &'a Node,
    them: Team,
    enemy: SquareSet,
    far: SquareSet,
    their_far: SquareSet,
    /// Whether an action was walked (else the side to move passes).
    any: bool,
}

impl<'a, const FULL: bool> Children<'a, FULL> {
    #[inline(always)]
    fn new(node: &'a Node) -> Self {
        let them = node.turn.other();
        Children {
            node,
            them,
            enemy: node.board.team(them),
            far: far_rank(node.turn),
            their_far: far_rank(them),
            any: false,
        }
    }

    /// Feeds the children of the action `from` → `to` of a `role` piece.
    #[inline(always)]
    fn visit<S: MoveSink<Node>>(&self, sink: &mut S, from: Square, to: Square, role: Role) {
        let (node, b) = (self.node, &self.node.board);
        let piece = Piece::new(node.turn, role);
        let promotes = role == Role::Pawn && self.far.contains(to);
        if !self.enemy.contains(to) {
            push_relocated(sink, node, *b, (from, to, piece), (!promotes).then_some(role));
            return;
        }
        let defender_role = b.role_at(to).unwrap_or(Role::Pawn);
        let defender = Piece::new(self.them, defender_role);
        // Challenger wins.
        let mut won = *b;
        won.remove_known(to, defender);
        push_relocated(sink, node, won, (from, to, piece), (!promotes).then_some(role));
        if FULL {
            // Defender wins: it moves into the challenger's square.
            let mut lost = *b;
            lost.remove_known(from, piece);
            let promotes = defender_role == Role::Pawn && self.their_far.contains(from);
            push_relocated(sink, node, lost, (to, from, defender), (!promotes).then_some(defender_role));
            // Draw: both stay.
            sink.push(node.next(*b));
        }
    }
}

impl<const FULL: bool> Expand for Children<'_, FULL> {
    type Move = Node;

    #[inline(always)]
    fn piece<S: MoveSink<Node>>(&mut self, sink: &mut S, role: Role, from: Square, to: SquareSet) {
        if S::COUNTS {
            if !FULL {
                // Each move and each declaration (challenger wins) is one leaf.
                sink.push_set(to.bits(), |_| *self.node);
                return;
            }
            // Each declaration: challenger + draw, plus one defender branch,
            // or three when a pawn defender would reach its far rank on `from`.
            let engaged = to & self.enemy;
            sink.add(u64::from((to - engaged).count()) + 3 * u64::from(engaged.count()));
            if self.their_far.contains(from) {
                let pawns = engaged & self.node.board.role(Role::Pawn);
                sink.add(2 * u64::from(pawns.count()));
            }
            return;
        }
        self.any |= to.any();
        for to in to {
            self.visit(sink, from, to, role);
        }
    }

    #[inline(always)]
    fn pawns<S: MoveSink<Node>>(
        &mut self,
        sink: &mut S,
        pushes: SquareSet,
        dusk: SquareSet,
        dawn: SquareSet,
    ) {
        let far = self.far;
        if !FULL {
            // Pushes and duskward engagements are disjoint; the far rank adds
            // two more leaves per target (three promotion choices).
            sink.push_set((pushes | dusk).bits(), |_| *self.node);
            sink.push_set(dawn.bits(), |_| *self.node);
            let promoting = ((pushes | dusk) & far, dawn & far);
            if (promoting.0 | promoting.1).any() {
                sink.add(2 * u64::from(promoting.0.count() + promoting.1.count()));
            }
            return;
        }
        let mut n = u64::from((pushes - far).count()) + 3 * u64::from((pushes & far).count());
        let enemy_pawns = self.enemy & self.node.board.role(Role::Pawn);
        // The two diagonals separately, so that `from` is known per target set.
        for (targets, dawnward) in [(dusk, false), (dawn, true)] {
            // Challenger wins (three choices on the far rank), defender wins, draw.
            n += u64::from((targets - far).count()) + 3 * u64::from((targets & far).count());
            n += 2 * u64::from(targets.count());
            // Pawn defenders whose win would carry them onto their far rank:
            // the challenger stands on it. Only Blue pawns can be engaged from
            // rank 1 (by a Green pawn on rank 1) and Green pawns from rank 8.
            let origins = pawn_origins(self.node.turn, targets & enemy_pawns, dawnward);
            n += 2 * u64::from((origins & self.their_far).count());
        }
        sink.add(n);
    }
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
            // Every action yields at least one leaf: none means a pass.
            // Decision counts hand over whole sets (the Tally adds them
            // bit-sliced); full counts hand over numbers only.
            let n = if FULL {
                let mut count = Count::default();
                walk(&node.board, node.turn, &mut Children::<FULL>::new(node), &mut count);
                count.0
            } else {
                let mut tally = Tally::default();
                walk(&node.board, node.turn, &mut Children::<FULL>::new(node), &mut tally);
                tally.total()
            };
            sink.add(if n > 0 { n } else { u64::from(rules.no_action == NoAction::Pass) });
            return;
        }
        let mut children = Children::<FULL>::new(node);
        walk(&node.board, node.turn, &mut children, sink);
        if !children.any && rules.no_action == NoAction::Pass {
            let pass = Node {
                board: node.board,
                turn: node.turn.other(),
                passes: (node.passes + 1).min(2),
                ply: node.ply + 1,
            };
            sink.push(pass);
        }
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
                tally.add_word(x);
                want += u64::from(x.count_ones());
            }
            assert_eq!(tally.total(), want);
        }
    }
}
