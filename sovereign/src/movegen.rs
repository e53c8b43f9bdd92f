//! The state shared by the two- and four-seat games, its move generator and
//! its make function. Written once for any number of seats: control is
//! computed for every seat (§5.2), capture targets are the pieces any other
//! seat controls, and the check filter (§7.2) is a flag that Royale turns off.

use motley_core::movegen::{Count, FirstMatch, MoveSink};
use motley_core::{Board16x16, SetGeometry};

use crate::board::{
    Board, CENTER, COLOR_SET, COLORED, LINES8, PAWN_CAPTURES, PAWN_DOUBLES, PAWN_STEPS, SQUARE_COLOR, Square,
    SquareSet, between, bishop_reach, control, king_steps, knight_leaps, queen_reach, rook_reach,
};
use crate::moves::Move;
use crate::piece::{Color, Piece, Role};
use crate::zobrist::{self, KEYS};

/// Rule switches that change which moves exist (carried by a position).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct MoveRules {
    /// §5.4 / §14 #2: a piece on a square of colour may move to its twin.
    pub twin_move: bool,
    /// §14 #3: a pawn equidistant from two edges may two-step away from both.
    pub corner_both: bool,
    /// §7.2: moves leaving the mover's king attacked are illegal (two-player).
    pub check_rule: bool,
    /// Regime changes (defections, king promotions) leaving the new king
    /// attacked are illegal (implied by `check_rule`; a Royale option, §13.3 #4).
    pub regime_check: bool,
}

/// Rank 1.
pub(crate) const RANK_1: SquareSet = SquareSet::from_bits(<Board16x16 as SetGeometry<4>>::RANK_MASKS[0]);
/// Rank 16.
pub(crate) const RANK_16: SquareSet = SquareSet::from_bits(<Board16x16 as SetGeometry<4>>::RANK_MASKS[15]);
/// File a.
pub(crate) const FILE_A: SquareSet = SquareSet::from_bits(<Board16x16 as SetGeometry<4>>::FILE_MASKS[0]);
/// File p.
pub(crate) const FILE_P: SquareSet = SquareSet::from_bits(<Board16x16 as SetGeometry<4>>::FILE_MASKS[15]);

/// The position state of any seat count.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct State {
    pub board: Board,
    /// 2 or 4.
    pub seats: u8,
    /// The seat to move.
    pub turn: u8,
    /// The colour each seat owns (index), for `0..seats`.
    pub owned: [u8; 4],
    /// Squares of unmoved rooks that keep castling rights.
    pub castling: SquareSet,
    /// Half-moves played since the start.
    pub ply: u32,
    /// Plies since the last pawn move or capture.
    pub halfmove: u32,
    /// Derived: the controlling seat of each colour, if any.
    pub ctrl: [Option<u8>; 12],
    pub rules: MoveRules,
    /// The Zobrist hash of board, turn, owned colours and castling rights,
    /// kept equal to [`State::fresh_hash`] by every change made through the
    /// methods below (`put`, `take`, `set_turn`, `set_owned`, `drop_castling`).
    pub hash: u64,
}

impl State {
    /// The hash of the state computed from scratch (see [`zobrist::hash`]).
    pub fn fresh_hash(&self) -> u64 {
        zobrist::hash(&self.board, self.turn, &self.owned[..usize::from(self.seats)], self.castling)
    }

    /// Puts `p` on the empty square `s`.
    #[inline]
    pub fn put(&mut self, s: Square, p: Piece) {
        self.hash ^= KEYS.piece[p.color.index()][p.role.index()][s.index()];
        self.board.put(s, p);
    }

    /// Takes the piece off `s`, if any.
    #[inline]
    pub fn take(&mut self, s: Square) -> Option<Piece> {
        let p = self.board.take(s)?;
        self.hash ^= KEYS.piece[p.color.index()][p.role.index()][s.index()];
        Some(p)
    }

    /// Gives the turn to `seat`.
    #[inline]
    pub fn set_turn(&mut self, seat: u8) {
        self.hash ^= KEYS.turn[usize::from(self.turn)] ^ KEYS.turn[usize::from(seat)];
        self.turn = seat;
    }

    /// Makes `seat` own the colour of index `color`.
    #[inline]
    pub fn set_owned(&mut self, seat: u8, color: u8) {
        let s = usize::from(seat);
        self.hash ^= KEYS.owned[s][usize::from(self.owned[s])] ^ KEYS.owned[s][usize::from(color)];
        self.owned[s] = color;
    }

    /// Removes the castling rights of the rooks on `squares`.
    #[inline]
    pub fn drop_castling(&mut self, squares: SquareSet) {
        let gone = self.castling & squares;
        for s in gone {
            self.hash ^= KEYS.castling[s.index()];
        }
        self.castling -= gone;
    }

    /// The owning seat of each colour, if any.
    #[inline]
    pub fn owners(&self) -> [Option<u8>; 12] {
        let mut owner = [None; 12];
        for s in 0..self.seats {
            owner[usize::from(self.owned[usize::from(s)])] = Some(s);
        }
        owner
    }

    /// Recomputes control from scratch (§5.2).
    #[inline]
    pub fn recompute(&mut self) {
        self.ctrl = self.board.control(&self.owners());
    }

    /// The back edge of a seat, where its castling rooks stand.
    pub fn home_edge(&self, seat: u8) -> SquareSet {
        match (self.seats, seat) {
            (2, 0) | (4, 0) => RANK_1,
            (2, _) | (4, 3) => RANK_16,
            (4, 1) => FILE_A,
            _ => FILE_P,
        }
    }

    /// The square of the seat's king, if it has one.
    #[inline]
    pub fn king(&self, seat: u8) -> Option<Square> {
        (self.board.by_color[usize::from(self.owned[usize::from(seat)])] & self.board.role(Role::King))
            .first()
    }

    /// (pieces `seat` controls, pieces any other seat controls).
    #[inline]
    pub fn sides(&self, seat: u8) -> (SquareSet, SquareSet) {
        let mut mine = SquareSet::EMPTY;
        let mut theirs = SquareSet::EMPTY;
        for c in 0..12 {
            match self.ctrl[c] {
                Some(s) if s == seat => mine |= self.board.by_color[c],
                Some(_) => theirs |= self.board.by_color[c],
                None => {}
            }
        }
        (mine, theirs)
    }

    /// Whether `seat`'s king is attacked by a piece another seat controls.
    pub fn in_check(&self, seat: u8) -> bool {
        match self.king(seat) {
            Some(k) => self.board.attacked(k, self.board.occupied, self.sides(seat).1),
            None => false,
        }
    }

    /// The seats whose king is attacked by another seat's pieces.
    pub fn checked_seats(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.seats).filter(|&s| self.in_check(s))
    }

    /// Whether some legal move satisfies `pred`; generation stops at the
    /// first piece whose moves contain one.
    pub fn any_legal(&self, pred: impl FnMut(Move) -> bool) -> bool {
        let mut sink = FirstMatch::new(pred);
        self.generate_into(&mut sink);
        sink.found()
    }

    /// Generates the moves of the side to move into a [`MoveSink`]: legal
    /// ones when the check rule is on (§7.2), otherwise every rule-conforming
    /// move. A counting sink receives the moves whose legality needs no test
    /// (see `legal_normal`) as counts.
    pub fn generate_into<S: MoveSink<Move>>(&self, sink: &mut S) {
        let me = self.turn;
        let b = &self.board;
        let (mine, theirs) = self.sides(me);
        let occ = b.occupied;
        let empty = !occ;
        let open = empty - b.blocked_twins();
        let base = open | theirs;
        let check = self.rules.check_rule;
        let king = self.king(me);
        let in_check = check && king.is_some_and(|k| b.attacked(k, occ, theirs));
        let king_lines = king.map_or(SquareSet::EMPTY, |k| LINES8[k.index()]);
        let ctx = Ctx { me, occ, theirs, king, in_check, king_lines };

        for from in mine {
            if sink.done() {
                return;
            }
            let Some(p) = b.piece(from) else { continue };
            let mut dest = match p.role {
                Role::Pawn => {
                    let mut d = (PAWN_STEPS[from.index()] & open) | (PAWN_CAPTURES[from.index()] & theirs);
                    let two = PAWN_DOUBLES[from.index()];
                    let both = two.vertical.is_some() && two.horizontal.is_some();
                    if let Some([over, to]) = two.vertical
                        && (!both || self.rules.corner_both)
                        && empty.contains(over)
                        && open.contains(to)
                    {
                        d.add(to);
                    }
                    if let Some([over, to]) = two.horizontal
                        && empty.contains(over)
                        && open.contains(to)
                    {
                        d.add(to);
                    }
                    d
                }
                role => {
                    let reach = match role {
                        Role::King => king_steps(from),
                        Role::Knight => knight_leaps(from),
                        Role::Queen => queen_reach(from, occ),
                        Role::Rook => rook_reach(from, occ),
                        _ => bishop_reach(from, occ),
                    };
                    let mut d = reach & base;
                    let twin = from.rotate180();
                    if self.rules.twin_move
                        && SQUARE_COLOR[from.index()].is_some()
                        && reach.contains(twin)
                        && empty.contains(twin)
                    {
                        d.add(twin);
                    }
                    d
                }
            };
            dest -= COLOR_SET[p.color.index()];
            if S::COUNTS && (!check || (!ctx.in_check && p.role != Role::King && !king_lines.contains(from)))
            {
                // Every one of these is legal (plain squares, no promotion).
                let easy = dest - COLORED - CENTER;
                sink.add(u64::from(easy.count()));
                dest -= easy;
            }
            for to in dest {
                if p.role == Role::Pawn && CENTER.contains(to) {
                    self.promotions(&ctx, from, to, sink);
                } else if !check || self.legal_normal(&ctx, from, to, p.role) {
                    sink.push(Move::Normal { from, to, promotion: None });
                }
            }
        }

        if let Some(k) = king
            && !sink.done()
        {
            self.castles(k, &ctx, sink);
            self.defections(k, sink);
        }
    }

    /// Pushes the legal promotions of the pawn moving from `from` to `to`, a
    /// centre square: to queen, rook, bishop and knight, then to king.
    #[inline(always)]
    fn promotions<S: MoveSink<Move>>(&self, ctx: &Ctx, from: Square, to: Square, sink: &mut S) {
        let check = self.rules.check_rule;
        for r in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
            if !check || self.legal_normal(ctx, from, to, r) {
                sink.push(Move::Normal { from, to, promotion: Some(r) });
            }
        }
        let mv = Move::Normal { from, to, promotion: Some(Role::King) };
        if !(check || self.rules.regime_check) || self.legal_slow(mv) {
            sink.push(mv);
        }
    }

    /// Legality of a normal move (not a king promotion; `role` is the role of
    /// the piece that arrives on `to`) under the check rule (§7.2).
    ///
    /// The pieces other seats control after the move are the same as now
    /// (minus a captured piece) unless `to` is a square of colour; then
    /// control is recomputed from the links of the board after the move (see
    /// [`State::theirs_after`]) and, if it changes the attackers, the mover's
    /// king is tested against the new ones. Leaving a square of colour `y`
    /// changes nothing for them: the colours whose chain runs through `y`
    /// (§5.2) followed `y`'s link to the moving piece's colour, which the
    /// mover controls, so they go from the mover to nobody; the moving
    /// piece's own chain does not run through `y` (that would be a cycle,
    /// and a cycle is controlled by nobody), so the mover keeps it.
    ///
    /// With the attackers unchanged, the after-position is tested with the
    /// updated occupancy (captured piece removed). Moreover, a move of another
    /// piece than the king can only create an attack on the king by vacating a
    /// square on a line to it (a slider's path of at most 8 squares); arriving
    /// pieces only block and a capture only removes an attacker. So when the
    /// king is not attacked now, only that one line is tested, and nothing if
    /// `from` is on no line within 8 squares of the king.
    #[inline]
    fn legal_normal(&self, ctx: &Ctx, from: Square, to: Square, role: Role) -> bool {
        let Some(k) = ctx.king else { return true };
        let occ = ctx.occ.without(from).with(to);
        if SQUARE_COLOR[to.index()].is_some() {
            match self.theirs_after(ctx.me, from, to) {
                Some(theirs) if theirs == ctx.theirs => {}
                Some(theirs) => {
                    return !self.board.attacked(if k == from { to } else { k }, occ, theirs.without(to));
                }
                None => return self.legal_on_copy(ctx, from, to, role),
            }
        }
        if k != from && !ctx.in_check {
            if !ctx.king_lines.contains(from) {
                return true;
            }
            // Only the line from the king through `from` can open.
            return !self.board.line_attacked(k, from, occ, ctx.theirs.without(to));
        }
        let k = if k == from { to } else { k };
        !self.board.attacked(k, occ, ctx.theirs.without(to))
    }

    /// The pieces other seats control once the mover's piece on `from` stands
    /// on `to` (a piece captured there still counted), from the links of the
    /// board after the move (§5.2); `None` if the mover would no longer
    /// control the moving piece's colour.
    ///
    /// Only the pairs of `from` and `to` change links: `from`'s pair loses the
    /// moving piece, `to`'s pair gets its colour (the twin of an occupied
    /// square of colour is never a destination, so the pair has no other
    /// piece). The pieces keep their colours, so every other colour's pieces
    /// are where they stand now.
    #[inline]
    fn theirs_after(&self, me: u8, from: Square, to: Square) -> Option<SquareSet> {
        let color = self.board.piece(from)?.color;
        let mut links = self.board.links();
        if let Some(y) = SQUARE_COLOR[from.index()] {
            links[y.index()] = None;
        }
        if let Some(z) = SQUARE_COLOR[to.index()] {
            links[z.index()] = Some(color);
        }
        let ctrl = control(&self.owners(), &links);
        if ctrl[color.index()] != Some(me) {
            return None;
        }
        let mut theirs = SquareSet::EMPTY;
        for (c, &s) in ctrl.iter().enumerate() {
            if s.is_some_and(|s| s != me) {
                theirs |= self.board.by_color[c];
            }
        }
        Some(theirs)
    }

    /// Legality of a normal move by making it on a copy of the board,
    /// recomputing control from scratch and testing the mover's king.
    #[cold]
    fn legal_on_copy(&self, ctx: &Ctx, from: Square, to: Square, role: Role) -> bool {
        let mut b = self.board.clone();
        let Some(piece) = b.take(from) else { return false };
        b.take(to);
        b.put(to, Piece { color: piece.color, role });
        let ctrl = b.control(&self.owners());
        let mut theirs = SquareSet::EMPTY;
        for (c, &s) in ctrl.iter().enumerate() {
            if s.is_some_and(|s| s != ctx.me) {
                theirs |= b.by_color[c];
            }
        }
        match ctx.king {
            None => true,
            Some(k) => !b.attacked(if k == from { to } else { k }, b.occupied, theirs),
        }
    }

    /// Legality by making the move on a copy, recomputing control from
    /// scratch and testing the mover's king (§7.2).
    pub fn legal_slow(&self, mv: Move) -> bool {
        let mut next = self.clone();
        next.apply(mv);
        !next.in_check(self.turn)
    }

    fn castles<S: MoveSink<Move>>(&self, k: Square, ctx: &Ctx, sink: &mut S) {
        let edge = self.home_edge(ctx.me);
        let rights = self.castling & edge;
        if rights.is_empty() || !edge.contains(k) || ctx.in_check {
            return;
        }
        let check = self.rules.check_rule;
        for r in rights {
            let Some(rook) = self.board.piece(r) else { continue };
            if rook.role != Role::Rook || self.ctrl[rook.color.index()] != Some(ctx.me) {
                continue;
            }
            let path = between(k, r);
            if path.is_empty() || (path & ctx.occ).any() {
                continue;
            }
            for t in path {
                let rook_to = Move::castle_rook_to(k, t);
                if check {
                    let crossed = between(k, t).with(t);
                    if crossed.iter().any(|s| self.board.attacked(s, ctx.occ, ctx.theirs)) {
                        continue;
                    }
                    let occ = ctx.occ.without(k).without(r).with(t).with(rook_to);
                    if self.board.attacked(t, occ, ctx.theirs) {
                        continue;
                    }
                }
                sink.push(Move::Castle { king_from: k, king_to: t, rook_from: r });
            }
        }
    }

    fn defections<S: MoveSink<Move>>(&self, k: Square, sink: &mut S) {
        let me = self.turn;
        let check = self.rules.check_rule || self.rules.regime_check;
        for y in 0..12u8 {
            if self.ctrl[usize::from(y)] != Some(me) || self.owned[usize::from(me)] == y {
                continue;
            }
            let color = Color::ALL[usize::from(y)];
            if SQUARE_COLOR[k.index()] == Some(color) {
                let mut next = self.clone();
                next.take(k);
                next.put(k, Piece { color, role: Role::King });
                next.set_owned(me, y);
                next.recompute();
                let (_, theirs) = next.sides(me);
                let empty = !next.board.occupied;
                let open = empty - next.board.blocked_twins();
                let mut dest = king_steps(k) & ((open | theirs) - COLOR_SET[color.index()]);
                if self.rules.check_rule {
                    // [decision] In the two-player game a king is never
                    // captured (§11.2: the game ends by checkmate; rule 1:
                    // traditional chess). The forced move is the only way a
                    // king can reach the opposing king: that king stood
                    // safely on a square of the mover's old owned colour,
                    // which the mover's king could not take before the
                    // defection. Such a forced move is not legal.
                    for their_king in (0..self.seats).filter(|&s| s != me).filter_map(|s| next.king(s)) {
                        dest.remove(their_king);
                    }
                }
                for to in dest {
                    let mut after = next.clone();
                    after.king_step(k, to);
                    after.recompute();
                    if !check || !after.in_check(me) {
                        sink.push(Move::Defect { color, king_to: Some((k, to)) });
                    }
                }
            } else if !check || !self.defection_exposes(k, color) {
                sink.push(Move::Defect { color, king_to: None });
            }
        }
    }

    /// Whether the king of the side to move, on `k` (not a square of
    /// `color`), is attacked once its seat defects to `color` (§10).
    ///
    /// The defection recolours the king and moves ownership from the old
    /// colour to `color`; control after it comes from the owners and links
    /// so changed (the king's square is a link only if it is a square of
    /// colour). `color` is not owned by any seat before, so no other king
    /// has it, and the pieces other seats control after it are the ones of
    /// the colours they control then, without the king itself.
    fn defection_exposes(&self, k: Square, color: Color) -> bool {
        let me = self.turn;
        let mut owner = self.owners();
        owner[usize::from(self.owned[usize::from(me)])] = None;
        owner[color.index()] = Some(me);
        let mut links = self.board.links();
        if let Some(z) = SQUARE_COLOR[k.index()] {
            links[z.index()] = Some(color);
        }
        let ctrl = control(&owner, &links);
        let mut theirs = SquareSet::EMPTY;
        for (c, &s) in ctrl.iter().enumerate() {
            if s.is_some_and(|s| s != me) {
                theirs |= self.board.by_color[c];
            }
        }
        self.board.attacked(k, self.board.occupied, theirs.without(k))
    }

    /// Moves the king of the side to move (capturing), dropping its castling
    /// rights. Does not recompute control.
    fn king_step(&mut self, from: Square, to: Square) {
        let Some(king) = self.take(from) else { return };
        if self.take(to).is_some() {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        self.put(to, king);
        self.drop_castling(self.home_edge(self.turn).with(to));
    }

    /// Takes the king of seat `me` off the board, if it has one.
    #[inline(always)]
    fn take_king(&mut self, me: u8) {
        if let Some(k) = self.king(me) {
            self.take(k);
        }
    }

    /// Plays `mv` for the side to move (which must be a generated move) and
    /// recomputes control. Does not change the turn.
    pub fn apply(&mut self, mv: Move) {
        let me = self.turn;
        let edge = self.home_edge(me);
        match mv {
            Move::Normal { from, to, promotion } => {
                let Some(p) = self.take(from) else { return };
                let captured = self.take(to);
                if p.role == Role::Pawn || captured.is_some() {
                    self.halfmove = 0;
                } else {
                    self.halfmove += 1;
                }
                let mut lost = SquareSet::EMPTY.with(from).with(to);
                if p.role == Role::King || promotion == Some(Role::King) {
                    lost |= edge;
                }
                self.drop_castling(lost);
                match promotion {
                    Some(Role::King) => {
                        self.take_king(me);
                        self.put(to, Piece { color: p.color, role: Role::King });
                        self.set_owned(me, p.color as u8);
                    }
                    Some(role) => self.put(to, Piece { color: p.color, role }),
                    None => self.put(to, p),
                }
            }
            Move::Castle { king_from, king_to, rook_from } => {
                let rook_to = Move::castle_rook_to(king_from, king_to);
                let king = self.take(king_from);
                let rook = self.take(rook_from);
                if let (Some(king), Some(rook)) = (king, rook) {
                    self.put(king_to, king);
                    self.put(rook_to, rook);
                }
                self.drop_castling(edge);
                self.halfmove += 1;
            }
            Move::Defect { color, king_to } => {
                if let Some(k) = self.king(me) {
                    self.take(k);
                    self.put(k, Piece { color, role: Role::King });
                }
                self.set_owned(me, color as u8);
                match king_to {
                    Some((a, b)) => self.king_step(a, b),
                    None => self.halfmove += 1,
                }
            }
        }
        self.ply += 1;
        self.recompute();
    }

    /// Hands the turn to the next seat without a move, the search's null
    /// move (`motley_core::search::Evaluate::null_move`): the ply and
    /// half-move counts advance as after a quiet move; control, which only
    /// pieces change, stays.
    #[cfg(feature = "search")]
    pub fn pass(&mut self) {
        self.set_turn((self.turn + 1) % self.seats);
        self.ply += 1;
        self.halfmove += 1;
    }

    /// The number of moves [`State::generate_into`] yields.
    pub fn count_moves(&self) -> u64 {
        let mut n = Count(0);
        self.generate_into(&mut n);
        n.0
    }
}

struct Ctx {
    me: u8,
    occ: SquareSet,
    theirs: SquareSet,
    king: Option<Square>,
    /// Whether the mover's king is attacked now.
    in_check: bool,
    /// The squares on a line with the king within 8 squares (ignoring occupancy).
    king_lines: SquareSet,
}

/// Two-seat perft on the bare state: the moves of [`State::generate_into`],
/// each followed by the hand-over to the other seat.
impl motley_core::MoveGen for State {
    type Move = Move;

    #[inline]
    fn generate<S: MoveSink<Move>>(&self, sink: &mut S) {
        self.generate_into(sink);
    }

    #[inline]
    fn make(&mut self, mv: Move) {
        self.apply(mv);
        self.set_turn(self.turn ^ 1);
    }
}
