//! Test-only games for the generic search: Nim, a seeded random game
//! ("Hashy": 2 or 4 seats, optional chance nodes and extra moves, with
//! transpositions), hand-built trees, and a slow reference minimax/expectimax.
#![allow(dead_code, missing_docs)] // each test file uses a part

use std::fmt;

use motley_core::search::{EVAL_LIMIT, Evaluate, SearchProfile, WIN};
use motley_core::zobrist::splitmix64;
use motley_core::{Outcome, Position, Seat, SeatResult};

#[derive(Debug, thiserror::Error)]
#[error("toy games have no text form")]
pub struct NoText;

fn h(parts: &[u64]) -> u64 {
    parts.iter().fold(0x1234_5678, |acc, &p| splitmix64(acc ^ p).1)
}

// ---------------------------------------------------------------- Nim

/// Take 1–3 stones; whoever takes the last stone wins. Evaluation 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nim {
    pub stones: u8,
    pub turn: u8,
    pub ply: u8,
}

impl Nim {
    pub fn new(stones: u8) -> Self {
        Nim { stones, turn: 0, ply: 0 }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Take(pub u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take{}", self.0)
    }
}

impl fmt::Display for Nim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.stones, self.turn, self.ply)
    }
}

impl Position for Nim {
    type Move = Take;
    type MoveList = Vec<Take>;
    type ParseError = NoText;
    type MoveError = NoText;
    const VARIANT: &'static str = "nim";

    fn start() -> Self {
        Nim::new(10)
    }
    fn from_fen(_: &str) -> Result<Self, NoText> {
        Err(NoText)
    }
    fn seat_count(&self) -> usize {
        2
    }
    fn seat_name(&self, seat: Seat) -> &'static str {
        ["first", "second"][seat.index()]
    }
    fn turn(&self) -> Seat {
        Seat(self.turn)
    }
    fn legal_moves(&self) -> Vec<Take> {
        (1..=self.stones.min(3)).map(Take).collect()
    }
    fn play_unchecked(&mut self, mv: Take) {
        self.stones -= mv.0;
        self.turn ^= 1;
        self.ply += 1;
    }
    fn parse_move(&self, _: &str) -> Result<Take, NoText> {
        Err(NoText)
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.stones == 0).then(|| Outcome::win(Seat(self.turn ^ 1), 2, "last-stone"))
    }
    fn zobrist(&self) -> u64 {
        h(&[u64::from(self.stones), u64::from(self.turn), u64::from(self.ply)])
    }
}

impl Evaluate for Nim {
    fn evaluate(&self, _: Seat) -> i32 {
        0
    }
}

// ---------------------------------------------------------------- Hashy

/// The rules of a seeded random game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashyRules {
    pub seed: u64,
    pub seats: u8,
    /// Tactical inputs lead to a chance node with 2 or 3 outcomes.
    pub chance: bool,
    /// Some inputs give the same seat another input.
    pub extra: bool,
    /// The game is drawn at this ply.
    pub max_ply: u16,
    /// States `0..width`: small, so that transpositions are common.
    pub width: u64,
    /// Decision nodes have 1 to `branch` inputs.
    pub branch: u64,
    /// About one position in `end_one_in` is a win for a random seat.
    pub end_one_in: u64,
    /// [`Evaluate::loss_aversion`].
    pub loss_aversion: u32,
}

impl Default for HashyRules {
    fn default() -> Self {
        HashyRules {
            seed: 1,
            seats: 2,
            chance: true,
            extra: true,
            max_ply: 12,
            width: 24,
            branch: 4,
            end_one_in: 9,
            loss_aversion: 100,
        }
    }
}

/// A seeded random game with transpositions. The ply is part of the state
/// (and hash), so a position only recurs at the same ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hashy {
    pub rules: HashyRules,
    pub x: u64,
    pub ply: u16,
    pub turn: u8,
    pub pending: Option<u8>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HMove {
    Go(u8),
    Res(u8),
}

impl fmt::Display for HMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HMove::Go(m) => write!(f, "g{m}"),
            HMove::Res(k) => write!(f, "r{k}"),
        }
    }
}

impl fmt::Display for Hashy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {:?}", self.x, self.ply, self.turn, self.pending)
    }
}

const CHANCE_TABLES: [&[f64]; 3] = [&[0.5, 0.3, 0.2], &[0.25, 0.75], &[0.1, 0.6, 0.3]];

impl Hashy {
    pub fn new(rules: HashyRules) -> Self {
        Hashy { rules, x: rules.seed % rules.width, ply: 0, turn: 0, pending: None }
    }

    fn hh(&self, parts: &[u64]) -> u64 {
        let mut all = vec![self.rules.seed];
        all.extend_from_slice(parts);
        h(&all)
    }

    fn ended(&self) -> Option<Outcome> {
        if self.pending.is_some() {
            return None;
        }
        let seats = usize::from(self.rules.seats);
        if self.ply >= self.rules.max_ply {
            return Some(Outcome::draw(seats, "max-ply"));
        }
        let v = self.hh(&[1, self.x, u64::from(self.ply)]);
        let n = self.rules.end_one_in;
        if self.ply > 0 && v.is_multiple_of(n) {
            return Some(Outcome::win(Seat((v / n % u64::from(self.rules.seats)) as u8), seats, "lucky"));
        }
        None
    }

    fn is_tactical_go(&self, m: u8) -> bool {
        self.hh(&[2, self.x, u64::from(m)]).is_multiple_of(3)
    }

    fn table(&self) -> &'static [f64] {
        CHANCE_TABLES[(self.hh(&[3, self.x]) % 3) as usize]
    }

    fn next_seat(&mut self) {
        self.turn = (self.turn + 1) % self.rules.seats;
    }
}

impl Position for Hashy {
    type Move = HMove;
    type MoveList = Vec<HMove>;
    type ParseError = NoText;
    type MoveError = NoText;
    const VARIANT: &'static str = "hashy";

    fn start() -> Self {
        Hashy::new(HashyRules::default())
    }
    fn from_fen(_: &str) -> Result<Self, NoText> {
        Err(NoText)
    }
    fn seat_count(&self) -> usize {
        usize::from(self.rules.seats)
    }
    fn seat_name(&self, seat: Seat) -> &'static str {
        ["north", "east", "south", "west"][seat.index()]
    }
    fn turn(&self) -> Seat {
        Seat(self.turn)
    }
    fn legal_moves(&self) -> Vec<HMove> {
        if self.ended().is_some() {
            return Vec::new();
        }
        if self.pending.is_some() {
            return (0..self.table().len() as u8).map(HMove::Res).collect();
        }
        let branch = 1 + self.hh(&[4, self.x, u64::from(self.ply), u64::from(self.turn)]) % self.rules.branch;
        (0..branch as u8).map(HMove::Go).collect()
    }
    fn play_unchecked(&mut self, mv: HMove) {
        self.ply += 1;
        match mv {
            HMove::Go(m) => {
                if self.rules.chance && self.is_tactical_go(m) {
                    self.pending = Some(m);
                    return;
                }
                let extra = self.rules.extra && self.hh(&[5, self.x, u64::from(m)]).is_multiple_of(7);
                self.x = self.hh(&[6, self.x, u64::from(m)]) % self.rules.width;
                if !extra {
                    self.next_seat();
                }
            }
            HMove::Res(k) => {
                let m = self.pending.take().unwrap_or(0);
                self.x = self.hh(&[7, self.x, u64::from(m), u64::from(k)]) % self.rules.width;
                self.next_seat();
            }
        }
    }
    fn parse_move(&self, _: &str) -> Result<HMove, NoText> {
        Err(NoText)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.ended()
    }
    fn zobrist(&self) -> u64 {
        h(&[
            self.rules.seed,
            self.x,
            u64::from(self.ply),
            u64::from(self.turn),
            self.pending.map_or(99, u64::from),
        ])
    }
    fn chance(&self) -> Option<Vec<(HMove, f64)>> {
        self.pending
            .map(|_| self.table().iter().enumerate().map(|(k, &p)| (HMove::Res(k as u8), p)).collect())
    }
}

impl Evaluate for Hashy {
    fn evaluate(&self, seat: Seat) -> i32 {
        if self.rules.seats == 2 {
            let v = (self.hh(&[8, self.x, u64::from(self.ply)]) % 401) as i32 - 200;
            if seat.0 == 0 { v } else { -v }
        } else {
            (self.hh(&[9, self.x, u64::from(self.ply), u64::from(seat.0)]) % 401) as i32 - 200
        }
    }
    fn is_tactical(&self, mv: HMove) -> bool {
        matches!(mv, HMove::Go(m) if self.is_tactical_go(m))
    }
    fn move_order_score(&self, mv: HMove) -> i32 {
        match mv {
            HMove::Go(m) => (self.hh(&[10, self.x, u64::from(m)]) % 50) as i32,
            HMove::Res(_) => 0,
        }
    }
    fn loss_aversion(&self) -> u32 {
        self.rules.loss_aversion
    }
}

// ---------------------------------------------------------------- Trees

/// A node of a hand-built tree. Leaves are decision nodes whose only input
/// is quiet and leads to a drawn end, so that their evaluation is what a
/// search at the horizon sees.
#[derive(Clone, Copy, Debug)]
pub enum Node {
    /// `seat` to move; `(label, child, tactical)`; evaluation for each seat.
    Decide { seat: u8, children: &'static [(&'static str, usize, bool)], eval: [i32; 4] },
    /// `seat`'s turn; `(label, child, probability)`.
    Chance { seat: u8, children: &'static [(&'static str, usize, f64)] },
    /// The game is over: the winning seat, or a draw.
    End { seat: u8, winner: Option<u8> },
}

/// `PARTIAL` is [`SearchProfile::partial_iterations`].
#[derive(Clone, Debug)]
pub struct Tree<const PARTIAL: bool = false> {
    pub nodes: &'static [Node],
    pub seats: u8,
    pub at: usize,
    /// [`Evaluate::quiescence_width`] at every quiescence ply.
    pub width: Option<usize>,
    /// [`Evaluate::futility_margin`].
    pub margin: Option<i32>,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Label(pub &'static str);

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl<const PARTIAL: bool> fmt::Display for Tree<PARTIAL> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "node {}", self.at)
    }
}

impl Tree {
    pub fn new(nodes: &'static [Node], seats: u8) -> Self {
        Tree { nodes, seats, at: 0, width: None, margin: None }
    }
}

impl<const PARTIAL: bool> Tree<PARTIAL> {
    fn children(&self) -> Vec<(&'static str, usize)> {
        match self.nodes[self.at] {
            Node::Decide { children, .. } => children.iter().map(|&(l, c, _)| (l, c)).collect(),
            Node::Chance { children, .. } => children.iter().map(|&(l, c, _)| (l, c)).collect(),
            Node::End { .. } => Vec::new(),
        }
    }
}

impl<const PARTIAL: bool> Position for Tree<PARTIAL> {
    type Move = Label;
    type MoveList = Vec<Label>;
    type ParseError = NoText;
    type MoveError = NoText;
    const VARIANT: &'static str = "tree";

    fn start() -> Self {
        Tree { nodes: &[Node::End { seat: 0, winner: None }], seats: 2, at: 0, width: None, margin: None }
    }
    fn from_fen(_: &str) -> Result<Self, NoText> {
        Err(NoText)
    }
    fn seat_count(&self) -> usize {
        usize::from(self.seats)
    }
    fn seat_name(&self, _: Seat) -> &'static str {
        "seat"
    }
    fn turn(&self) -> Seat {
        match self.nodes[self.at] {
            Node::Decide { seat, .. } | Node::Chance { seat, .. } | Node::End { seat, .. } => Seat(seat),
        }
    }
    fn legal_moves(&self) -> Vec<Label> {
        self.children().into_iter().map(|(l, _)| Label(l)).collect()
    }
    fn play_unchecked(&mut self, mv: Label) {
        if let Some((_, c)) = self.children().into_iter().find(|&(l, _)| l == mv.0) {
            self.at = c;
        }
    }
    fn parse_move(&self, token: &str) -> Result<Label, NoText> {
        self.legal_moves().into_iter().find(|l| l.0 == token).ok_or(NoText)
    }
    fn outcome(&self) -> Option<Outcome> {
        match self.nodes[self.at] {
            Node::End { winner: Some(w), .. } => Some(Outcome::win(Seat(w), usize::from(self.seats), "tree")),
            Node::End { winner: None, .. } => Some(Outcome::draw(usize::from(self.seats), "tree")),
            _ => None,
        }
    }
    fn zobrist(&self) -> u64 {
        h(&[self.nodes.as_ptr() as u64, self.at as u64])
    }
    fn chance(&self) -> Option<Vec<(Label, f64)>> {
        match self.nodes[self.at] {
            Node::Chance { children, .. } => Some(children.iter().map(|&(l, _, p)| (Label(l), p)).collect()),
            _ => None,
        }
    }
}

impl<const PARTIAL: bool> Evaluate for Tree<PARTIAL> {
    const PROFILE: SearchProfile = SearchProfile { partial_iterations: PARTIAL, ..SearchProfile::DEFAULT };
    fn evaluate(&self, seat: Seat) -> i32 {
        match self.nodes[self.at] {
            Node::Decide { eval, .. } => eval[seat.index()],
            _ => 0,
        }
    }
    fn is_tactical(&self, mv: Label) -> bool {
        match self.nodes[self.at] {
            Node::Decide { children, .. } => children.iter().any(|&(l, _, t)| t && l == mv.0),
            _ => false,
        }
    }
    fn quiescence_width(&self, _: u32) -> Option<usize> {
        self.width
    }
    fn futility_margin(&self) -> Option<i32> {
        self.margin
    }
}

// ---------------------------------------------------------------- Reference

/// Plain minimax / expectimax, no pruning, no table: the value of `pos`
/// searched `depth` decision plies deep, for `viewer` (with two seats, seat
/// 0; in paranoid mode, the root seat). Maximising where `viewer` moves,
/// minimising elsewhere; chance nodes are the rounded probability-weighted
/// mean in list order; at depth 0 a quiescence search over tactical inputs
/// with stand-pat, at most `qmax` inputs deep (chance resolutions count).
pub fn reference<P: Evaluate>(pos: &P, depth: u32, viewer: Seat, qmax: u32) -> i32 {
    reference_at(pos, depth, viewer, qmax, 0)
}

/// [`reference`] for a node `ply` inputs below the root (win distances count
/// from the root).
pub fn reference_at<P: Evaluate>(pos: &P, depth: u32, viewer: Seat, qmax: u32, ply: i32) -> i32 {
    fn terminal<P: Evaluate>(pos: &P, viewer: Seat, ply: i32) -> i32 {
        match pos.outcome().map_or(SeatResult::Draw, |o| o.result(viewer)) {
            SeatResult::Win => WIN - ply,
            SeatResult::Draw => 0,
            SeatResult::Loss => -(WIN - ply),
        }
    }
    fn eval<P: Evaluate>(pos: &P, viewer: Seat) -> i32 {
        pos.evaluate(viewer).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }
    /// The mean of the outcomes' values; an outcome that ends the game lost
    /// for the seat to move weighs `loss_aversion` percent of its
    /// probability, the weights rescaled to the probabilities' sum.
    fn chance<P: Evaluate>(pos: &P, mut value: impl FnMut(&P) -> i32) -> Option<i32> {
        let outcomes = pos.chance()?;
        let factor = f64::from(pos.loss_aversion()) / 100.0;
        let mut weighted = Vec::new();
        for (mv, p) in outcomes {
            if p <= 0.0 {
                continue;
            }
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let lost = child.outcome().is_some_and(|o| o.result(pos.turn()) == SeatResult::Loss);
            weighted.push((p, if lost { p * factor } else { p }, value(&child)));
        }
        let total: f64 = weighted.iter().map(|w| w.0).sum();
        let weights: f64 = weighted.iter().map(|w| w.1).sum();
        let sum: f64 = weighted.iter().map(|&(_, w, v)| w * total / weights * f64::from(v)).sum();
        Some(sum.round() as i32)
    }
    fn best(maximise: bool, values: impl Iterator<Item = i32>, start: Option<i32>) -> i32 {
        let mut out = start;
        for v in values {
            out = Some(match out {
                None => v,
                Some(o) if maximise => o.max(v),
                Some(o) => o.min(v),
            });
        }
        out.expect("a decision node has an input")
    }
    fn q<P: Evaluate>(pos: &P, viewer: Seat, ply: i32, qply: u32, qmax: u32) -> i32 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return terminal(pos, viewer, ply);
        }
        if let Some(v) = chance(pos, |c| q(c, viewer, ply + 1, qply + 1, qmax)) {
            return v;
        }
        let stand = eval(pos, viewer);
        if qply >= qmax {
            return stand;
        }
        let tactical = moves.iter().filter(|&&mv| pos.is_tactical(mv)).map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            q(&child, viewer, ply + 1, qply + 1, qmax)
        });
        best(pos.turn() == viewer, tactical, Some(stand))
    }
    fn node<P: Evaluate>(pos: &P, depth: u32, viewer: Seat, ply: i32, qmax: u32) -> i32 {
        if depth == 0 {
            return q(pos, viewer, ply, 0, qmax);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return terminal(pos, viewer, ply);
        }
        if let Some(v) = chance(pos, |c| node(c, depth, viewer, ply + 1, qmax)) {
            return v;
        }
        let values = moves.iter().map(|&mv| {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            node(&child, depth - 1, viewer, ply + 1, qmax)
        });
        best(pos.turn() == viewer, values, None)
    }
    node(pos, depth, viewer, ply, qmax)
}

/// The reference value for the side to move at the root, as the searcher
/// reports it (two seats: negamax; more: paranoid for the root seat).
pub fn reference_for_mover<P: Evaluate>(pos: &P, depth: u32, qmax: u32) -> i32 {
    if pos.seat_count() > 2 {
        reference(pos, depth, pos.turn(), qmax)
    } else {
        let v = reference(pos, depth, Seat(0), qmax);
        if pos.turn() == Seat(0) { v } else { -v }
    }
}

/// Plain best-reply search (BRS+), no pruning, no table: the value of `pos`
/// for the seat to move at the root with [`SearchProfile::best_reply`] on. The
/// root seat maximises over its inputs, one ply each. The opponents' turns
/// up to its next turn form one layer, one ply of depth, valued at the
/// minimum over its lines: in each, one opponent plays any input and every
/// other one its default input, the first with the highest `(is_tactical,
/// move_order_score)`. A layer ends when the root seat is to move, after
/// as many opponent inputs as there are opponents, or at a chance node.
/// Quiescence, chance nodes and finished games as in [`reference`].
pub fn reference_best_reply<P: Evaluate>(pos: &P, depth: u32, qmax: u32) -> i32 {
    const UNSET: i32 = i32::MAX;
    fn default_input<P: Evaluate>(pos: &P, moves: &[P::Move]) -> P::Move {
        let rank = |mv: P::Move| (pos.is_tactical(mv), pos.move_order_score(mv));
        let mut best = moves[0];
        for &mv in moves {
            if rank(mv) > rank(best) {
                best = mv;
            }
        }
        best
    }
    fn node<P: Evaluate>(pos: &P, depth: u32, viewer: Seat, ply: i32, qmax: u32) -> i32 {
        if depth == 0 || pos.legal_moves().is_empty() || pos.chance().is_some() {
            // Quiescence, a finished game, or a chance node whose
            // resolutions are searched at the same depth: as in paranoid.
            if depth == 0 || pos.legal_moves().is_empty() {
                return reference_at(pos, depth, viewer, qmax, ply);
            }
            let outcomes = pos.chance().expect("a chance node");
            return mean(pos, &outcomes, |c| node(c, depth, viewer, ply + 1, qmax));
        }
        if pos.turn() != viewer {
            return layer(pos, depth, viewer, ply, qmax, 0, false);
        }
        pos.legal_moves()
            .iter()
            .map(|&mv| {
                let mut child = pos.clone();
                child.play_unchecked(mv);
                node(&child, depth - 1, viewer, ply + 1, qmax)
            })
            .max()
            .expect("an input")
    }
    fn layer<P: Evaluate>(
        pos: &P,
        depth: u32,
        viewer: Seat,
        ply: i32,
        qmax: u32,
        seg: usize,
        branched: bool,
    ) -> i32 {
        let moves = pos.legal_moves();
        let default = default_input(pos, &moves);
        let mut lines: Vec<(P::Move, bool)> = Vec::new();
        if !branched {
            lines.extend(moves.iter().map(|&mv| (mv, true)));
        }
        if branched || seg + 2 < pos.seat_count() {
            lines.push((default, branched));
        }
        let mut out = UNSET;
        for (mv, branch) in lines {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let v = after(&child, depth, viewer, ply + 1, qmax, seg + 1, branch);
            out = out.min(v);
        }
        out
    }
    fn after<P: Evaluate>(
        child: &P,
        depth: u32,
        viewer: Seat,
        ply: i32,
        qmax: u32,
        seg: usize,
        branched: bool,
    ) -> i32 {
        if child.turn() == viewer || seg + 1 >= child.seat_count() || child.chance().is_some() {
            // Not a line of the layer when nobody branched: never the minimum.
            return if branched { node(child, depth - 1, viewer, ply, qmax) } else { UNSET };
        }
        if child.legal_moves().is_empty() {
            return reference_at(child, 0, viewer, qmax, ply);
        }
        layer(child, depth, viewer, ply, qmax, seg, branched)
    }
    node(pos, depth, pos.turn(), 0, qmax)
}

/// The rounded probability-weighted mean of `value` over `outcomes`, for
/// games without loss aversion.
fn mean<P: Evaluate>(pos: &P, outcomes: &[(P::Move, f64)], mut value: impl FnMut(&P) -> i32) -> i32 {
    assert_eq!(pos.loss_aversion(), 100, "the best-reply reference has no loss aversion");
    let mut sum = 0.0;
    for &(mv, p) in outcomes {
        if p <= 0.0 {
            continue;
        }
        let mut child = pos.clone();
        child.play_unchecked(mv);
        sum += p * f64::from(value(&child));
    }
    sum.round() as i32
}

// ------------------------------------------------------------ shared trees

/// A node that passes to the next one, evaluated `eval0` for seat 0.
pub const fn leaf(seat: u8, eval0: i32) -> Node {
    Node::Decide { seat, children: &[("pass", 1, false)], eval: [eval0, -eval0, 0, 0] }
}

/// A finished, drawn game.
pub const DRAWN: Node = Node::End { seat: 0, winner: None };

/// Safe (+50) or attack: success (p) → +500, failure → −300.
pub const DUEL_ROOT: Node =
    Node::Decide { seat: 0, children: &[("safe", 2, false), ("attack", 3, true)], eval: [0; 4] };

/// [`DUEL_ROOT`] with an attack that succeeds 30% of the time.
pub static DUEL_LOW: [Node; 6] = [
    DUEL_ROOT,
    DRAWN,
    leaf(1, 50),
    Node::Chance { seat: 0, children: &[("hit", 4, 0.3), ("miss", 5, 0.7)] },
    leaf(1, 500),
    leaf(1, -300),
];

/// [`DUEL_ROOT`] with an attack that succeeds 60% of the time.
pub static DUEL_HIGH: [Node; 6] = [
    DUEL_ROOT,
    DRAWN,
    leaf(1, 50),
    Node::Chance { seat: 0, children: &[("hit", 4, 0.6), ("miss", 5, 0.4)] },
    leaf(1, 500),
    leaf(1, -300),
];

/// Random [`HashyRules`] for `seats` seats: chance nodes, extra moves,
/// game length, width and loss aversion drawn from `rng`.
pub fn random_rules(rng: &mut impl rand::Rng, seats: u8) -> HashyRules {
    HashyRules {
        seed: rng.random(),
        seats,
        chance: rng.random_bool(0.6),
        extra: rng.random_bool(0.5),
        max_ply: rng.random_range(6..14),
        width: rng.random_range(6..30),
        loss_aversion: [100, 100, 150, 300][rng.random_range(0..4)],
        ..HashyRules::default()
    }
}

/// `pos` after up to three random legal inputs (fewer if the game ends).
pub fn random_walk<P: Position>(mut pos: P, rng: &mut impl rand::Rng) -> P {
    for _ in 0..rng.random_range(0..4) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
    }
    pos
}

/// The reference value of `pos` after its input `best`, `depth - 1` plies
/// below, seen as [`reference_for_mover`] sees `pos` (so a best input's
/// value is the root's value).
pub fn reference_after<P: Evaluate>(pos: &P, best: P::Move, depth: u32, qmax: u32) -> i32 {
    let mut child = pos.clone();
    child.play_unchecked(best);
    let four = pos.seat_count() > 2;
    let viewer = if four { pos.turn() } else { Seat(0) };
    let v = reference_at(&child, depth - 1, viewer, qmax, 1);
    if !four && pos.turn() != Seat(0) { -v } else { v }
}
