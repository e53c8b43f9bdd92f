//! [`Board`]: the placement of the pieces and their halos, as square sets
//! (one per team, one per role, one for halos), and the reach of each piece.

use motley_core::{Bits, Board6x8, ByKey, SetGeometry, slider};

use crate::piece::{Piece, Role, Team};

/// A square of the 6x8 board (`a1` = 0, `f8` = 47).
pub type Square = motley_core::Square<Board6x8>;
/// A set of squares of the 6x8 board.
pub type SquareSet = motley_core::SquareSet<Board6x8, 1>;

/// The set of the squares whose indices are the set bits of `bits` (which
/// must lie on the board: bits 0 to 47).
#[inline(always)]
const fn squares(bits: u64) -> SquareSet {
    SquareSet::from_bits(Bits([bits]))
}

/// The index bits of `set`.
#[inline(always)]
const fn word(set: SquareSet) -> u64 {
    set.bits().0[0]
}

/// Every square of the board.
pub const ALL: SquareSet = SquareSet::ALL;
/// File `a`.
pub const FILE_A: SquareSet = SquareSet::from_bits(<Board6x8 as SetGeometry<1>>::FILE_MASKS[0]);
/// File `f`.
pub const FILE_F: SquareSet = SquareSet::from_bits(<Board6x8 as SetGeometry<1>>::FILE_MASKS[5]);
/// Rank `1`.
pub const RANK_1: SquareSet = SquareSet::from_bits(<Board6x8 as SetGeometry<1>>::RANK_MASKS[0]);
/// Rank `8`.
pub const RANK_8: SquareSet = SquareSet::from_bits(<Board6x8 as SetGeometry<1>>::RANK_MASKS[7]);

/// The rank on which a team's pawns promote (§2), as a set.
#[inline]
#[must_use]
pub const fn far_rank(team: Team) -> SquareSet {
    match team {
        Team::Green => RANK_8,
        Team::Blue => RANK_1,
    }
}

/// Each of `pawns` that does not stand on `edge` moved one rank forward
/// for `team` and `file_step` (-1, 0 or +1) files sideways.
#[inline(always)]
const fn pawn_step(team: Team, pawns: SquareSet, edge: SquareSet, file_step: i32) -> SquareSet {
    let p = word(pawns) & !word(edge);
    match team {
        Team::Green => squares((p << (6 + file_step)) & word(ALL)),
        Team::Blue => squares(p >> (6 - file_step)),
    }
}

/// The squares of a pawn's forward step from each of `pawns`.
#[inline]
#[must_use]
pub const fn pawn_pushes(team: Team, pawns: SquareSet) -> SquareSet {
    pawn_step(team, pawns, SquareSet::EMPTY, 0)
}

/// The forward diagonal toward file `a` ("duskward", the same for both
/// teams, §1) of each of `pawns`.
#[inline]
#[must_use]
pub const fn pawn_dusk(team: Team, pawns: SquareSet) -> SquareSet {
    pawn_step(team, pawns, FILE_A, -1)
}

/// The forward diagonal toward file `f` ("dawnward") of each of `pawns`.
#[inline]
#[must_use]
pub const fn pawn_dawn(team: Team, pawns: SquareSet) -> SquareSet {
    pawn_step(team, pawns, FILE_F, 1)
}

/// The squares from which `team`'s pawns engage the squares of `dusk` on
/// their duskward diagonal (`dawnward` false) or of `dawn` on their
/// dawnward one: the inverse shifts of [`pawn_dusk`] and [`pawn_dawn`].
#[inline(always)]
#[must_use]
pub(crate) const fn pawn_origins(team: Team, targets: SquareSet, dawnward: bool) -> SquareSet {
    let t = word(targets);
    squares(
        match (team, dawnward) {
            (Team::Green, false) => t >> 5,
            (Team::Green, true) => t >> 7,
            (Team::Blue, false) => t << 7,
            (Team::Blue, true) => t << 5,
        } & word(ALL),
    )
}

/// The actions of `team`'s pawns on `pawns` (§2): forward steps onto empty
/// squares (not in `occupied`), and engagements of `enemy` pieces on the
/// duskward and dawnward forward diagonals.
#[inline(always)]
#[must_use]
pub(crate) const fn pawn_steps(
    team: Team,
    pawns: SquareSet,
    occupied: SquareSet,
    enemy: SquareSet,
) -> (SquareSet, SquareSet, SquareSet) {
    (
        squares(word(pawn_pushes(team, pawns)) & !word(occupied)),
        squares(word(pawn_dusk(team, pawns)) & word(enemy)),
        squares(word(pawn_dawn(team, pawns)) & word(enemy)),
    )
}

/// The squares a pawn of `team` on `sq` may engage (its two forward diagonals).
#[inline]
#[must_use]
pub fn pawn_engages(team: Team, sq: Square) -> SquareSet {
    let one = SquareSet::from_square(sq);
    pawn_dusk(team, one) | pawn_dawn(team, one)
}

/// The squares a non-pawn piece of `role` on `sq` reaches through `occupied` (§2, §3):
/// its empty destinations plus the first occupied square on each line (which
/// it may engage if an enemy stands there). For a pawn, the forward step and
/// both forward diagonals, whatever stands there.
#[inline]
#[must_use]
pub fn reach(role: Role, team: Team, sq: Square, occupied: SquareSet) -> SquareSet {
    let occupied = occupied.bits();
    match role {
        Role::Royal => SquareSet::from_bits(<Board6x8 as SetGeometry<1>>::king(sq)),
        Role::Counselor => SquareSet::from_bits(slider::queen(sq, occupied)),
        Role::Chariot => SquareSet::from_bits(slider::bishop(sq, occupied)),
        Role::Shaman => SquareSet::from_bits(slider::rook(sq, occupied)),
        Role::Pawn => {
            let one = SquareSet::from_square(sq);
            pawn_pushes(team, one) | pawn_dusk(team, one) | pawn_dawn(team, one)
        }
    }
}

/// The pieces on the board and their halos.
///
/// Invariants kept by every constructor: the two team sets are disjoint, the
/// role sets partition their union, and halos are a subset of the occupied squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Board {
    teams: ByKey<Team, SquareSet, 2>,
    roles: ByKey<Role, SquareSet, 5>,
    halos: SquareSet,
}

impl Board {
    /// A board with no pieces.
    #[must_use]
    pub fn empty() -> Board {
        Board::default()
    }

    /// The start position: `shcrhs/pppppp/6/6/6/6/PPPPPP/SHCRHS`.
    #[must_use]
    pub fn start() -> Board {
        let mut b = Board::empty();
        let back = [Role::Shaman, Role::Chariot, Role::Counselor, Role::Royal, Role::Chariot, Role::Shaman];
        for sq in Square::all() {
            let role = back[usize::from(sq.file().index())];
            match sq.rank().index() {
                0 => b.put(sq, Piece::new(Team::Green, role)),
                1 => b.put(sq, Piece::new(Team::Green, Role::Pawn)),
                6 => b.put(sq, Piece::new(Team::Blue, Role::Pawn)),
                7 => b.put(sq, Piece::new(Team::Blue, role)),
                _ => {}
            }
        }
        b
    }

    /// Every occupied square.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> SquareSet {
        self.teams[Team::Green] | self.teams[Team::Blue]
    }

    /// The squares of `team`'s pieces.
    #[inline]
    #[must_use]
    pub fn team(&self, team: Team) -> SquareSet {
        self.teams[team]
    }

    /// The squares of pieces of `role` (both teams).
    #[inline]
    #[must_use]
    pub fn role(&self, role: Role) -> SquareSet {
        self.roles[role]
    }

    /// The squares of `piece`.
    #[inline]
    #[must_use]
    pub fn pieces(&self, piece: Piece) -> SquareSet {
        self.teams[piece.team] & self.roles[piece.role]
    }

    /// The squares of haloed pieces.
    #[inline]
    #[must_use]
    pub fn halos(&self) -> SquareSet {
        self.halos
    }

    /// Whether the piece on `sq` carries a halo.
    #[inline]
    #[must_use]
    pub fn has_halo(&self, sq: Square) -> bool {
        self.halos.contains(sq)
    }

    /// The square of `team`'s Royal, if it is on the board.
    #[inline]
    #[must_use]
    pub fn royal(&self, team: Team) -> Option<Square> {
        self.pieces(Piece::new(team, Role::Royal)).first()
    }

    /// The team of the piece on `sq`.
    #[inline]
    #[must_use]
    pub fn team_at(&self, sq: Square) -> Option<Team> {
        if self.teams[Team::Green].contains(sq) {
            Some(Team::Green)
        } else if self.teams[Team::Blue].contains(sq) {
            Some(Team::Blue)
        } else {
            None
        }
    }

    /// The role of the piece on `sq`.
    #[inline]
    #[must_use]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL.into_iter().find(|&r| self.roles[r].contains(sq))
    }

    /// The piece on `sq`.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Some(Piece::new(self.team_at(sq)?, self.role_at(sq)?))
    }

    /// Puts `piece` on the empty square `sq` (without a halo).
    #[inline]
    pub fn put(&mut self, sq: Square, piece: Piece) {
        self.teams[piece.team].add(sq);
        self.roles[piece.role].add(sq);
    }

    /// Removes and returns the piece on `sq` (and its halo).
    #[inline]
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.remove_known(sq, piece);
        Some(piece)
    }

    /// Removes `piece`, known to stand on `sq`, and its halo.
    #[inline]
    pub fn remove_known(&mut self, sq: Square, piece: Piece) {
        self.teams[piece.team].remove(sq);
        self.roles[piece.role].remove(sq);
        self.halos.remove(sq);
    }

    /// Moves `piece` from `from` to the empty square `to`, with its halo,
    /// becoming `becomes` (its own role, or a promotion).
    #[inline]
    pub fn relocate(&mut self, from: Square, to: Square, piece: Piece, becomes: Role) {
        let both = SquareSet::from_square(from).with(to);
        self.teams[piece.team] ^= both;
        self.roles[piece.role].remove(from);
        self.roles[becomes].add(to);
        if self.halos.contains(from) {
            self.halos ^= both;
        }
    }

    /// Sets or clears the halo of the (occupied) square `sq`.
    #[inline]
    pub fn set_halo(&mut self, sq: Square, halo: bool) {
        if halo {
            self.halos.add(sq);
        } else {
            self.halos.remove(sq);
        }
    }

    /// The destinations of the piece on `sq`: empty squares it can move to
    /// and enemy squares it can engage (empty if `sq` is empty).
    #[must_use]
    pub fn targets(&self, sq: Square) -> SquareSet {
        let Some(piece) = self.piece_at(sq) else { return SquareSet::EMPTY };
        let occ = self.occupied();
        let enemy = self.teams[piece.team.other()];
        if piece.role == Role::Pawn {
            let (pushes, dusk, dawn) = pawn_steps(piece.team, SquareSet::from_square(sq), occ, enemy);
            pushes | dusk | dawn
        } else {
            reach(piece.role, piece.team, sq, occ) - self.teams[piece.team]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use motley_core::Board6x8;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn masks() {
        assert_eq!(FILE_A.count(), 8);
        assert!(FILE_A.contains(sq("a8")) && FILE_F.contains(sq("f1")));
        assert!(RANK_8.contains(sq("f8")) && RANK_1.contains(sq("a1")));
        assert_eq!((FILE_F | RANK_8).count(), 13);
    }

    #[test]
    fn start_board() {
        let b = Board::start();
        assert_eq!(b.piece_at(sq("d1")), Some(Piece::new(Team::Green, Role::Royal)));
        assert_eq!(b.piece_at(sq("c8")), Some(Piece::new(Team::Blue, Role::Counselor)));
        assert_eq!(b.occupied().count(), 24);
        assert_eq!(b.royal(Team::Blue), Some(sq("d8")));
    }

    #[test]
    fn pawn_shifts_stay_on_board() {
        let all = ALL;
        assert_eq!(pawn_pushes(Team::Green, all), all - RANK_1);
        assert_eq!(pawn_pushes(Team::Blue, all), all - RANK_8);
        assert_eq!(
            pawn_dusk(Team::Green, SquareSet::from_square(sq("a2"))),
            SquareSet::EMPTY,
            "no wrap from file a"
        );
        assert_eq!(pawn_engages(Team::Green, sq("f2")), SquareSet::from_square(sq("e3")));
        assert_eq!(
            pawn_engages(Team::Blue, sq("c5")).bits().diagram::<Board6x8>().to_string(),
            "......\n......\n......\n......\n.X.X..\n......\n......\n......\n"
        );
    }

    #[test]
    fn relocate_carries_the_halo() {
        let mut b = Board::start();
        b.set_halo(sq("c1"), true);
        b.remove(sq("c2"));
        let counselor = Piece::new(Team::Green, Role::Counselor);
        b.relocate(sq("c1"), sq("c4"), counselor, Role::Counselor);
        assert!(b.has_halo(sq("c4")) && !b.has_halo(sq("c1")));
        assert_eq!(b.piece_at(sq("c4")), Some(counselor));
        assert_eq!(b.remove(sq("c4")), Some(counselor));
        assert!(b.halos().is_empty());
    }
}
