//! [`Board`]: the placement of the pieces and their halos, as square sets
//! (one per team, one per role, one for halos), and the reach of each piece.

use motley_core::{Bits, Board6x8, ByKey, SetGeometry, slider};

use crate::piece::{Piece, Role, Team};

/// A square of the 6x8 board (`a1` = 0, `f8` = 47).
pub type Square = motley_core::Square<Board6x8>;
/// A set of squares of the 6x8 board.
pub type SquareSet = Bits<1>;

/// Every square of the board.
pub const ALL: SquareSet = <Board6x8 as SetGeometry<1>>::ALL;
/// File `a`.
pub const FILE_A: SquareSet = <Board6x8 as SetGeometry<1>>::FILE_MASKS[0];
/// File `f`.
pub const FILE_F: SquareSet = <Board6x8 as SetGeometry<1>>::FILE_MASKS[5];
/// Rank `1`.
pub const RANK_1: SquareSet = <Board6x8 as SetGeometry<1>>::RANK_MASKS[0];
/// Rank `8`.
pub const RANK_8: SquareSet = <Board6x8 as SetGeometry<1>>::RANK_MASKS[7];

/// The rank (0-based) on which a team's pawns promote, as a set.
#[inline]
#[must_use]
pub const fn far_rank(team: Team) -> SquareSet {
    match team {
        Team::Green => RANK_8,
        Team::Blue => RANK_1,
    }
}

/// The squares of a pawn's forward step from each of `pawns`.
#[inline]
#[must_use]
pub const fn pawn_pushes(team: Team, pawns: SquareSet) -> SquareSet {
    match team {
        Team::Green => Bits([(pawns.0[0] << 6) & ALL.0[0]]),
        Team::Blue => Bits([pawns.0[0] >> 6]),
    }
}

/// The forward diagonal toward file `a` ("duskward") of each of `pawns`.
#[inline]
#[must_use]
pub const fn pawn_dusk(team: Team, pawns: SquareSet) -> SquareSet {
    let p = pawns.0[0] & !FILE_A.0[0];
    match team {
        Team::Green => Bits([(p << 5) & ALL.0[0]]),
        Team::Blue => Bits([p >> 7]),
    }
}

/// The forward diagonal toward file `f` ("dawnward") of each of `pawns`.
#[inline]
#[must_use]
pub const fn pawn_dawn(team: Team, pawns: SquareSet) -> SquareSet {
    let p = pawns.0[0] & !FILE_F.0[0];
    match team {
        Team::Green => Bits([(p << 7) & ALL.0[0]]),
        Team::Blue => Bits([p >> 5]),
    }
}

/// The actions of `team`'s pawns on `pawns`: forward steps onto empty
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
        Bits([pawn_pushes(team, pawns).0[0] & !occupied.0[0]]),
        Bits([pawn_dusk(team, pawns).0[0] & enemy.0[0]]),
        Bits([pawn_dawn(team, pawns).0[0] & enemy.0[0]]),
    )
}

/// The squares a pawn of `team` on `sq` may engage (its two forward diagonals).
#[inline]
#[must_use]
pub fn pawn_engages(team: Team, sq: Square) -> SquareSet {
    let one = SquareSet::from_index(sq.bit());
    pawn_dusk(team, one) | pawn_dawn(team, one)
}

/// The squares a non-pawn piece of `role` on `sq` reaches through `occupied`:
/// its empty destinations plus the first occupied square on each line (which
/// it may engage if an enemy stands there). For a pawn, the forward step and
/// both forward diagonals, whatever stands there.
#[inline]
#[must_use]
pub fn reach(role: Role, team: Team, sq: Square, occupied: SquareSet) -> SquareSet {
    match role {
        Role::Royal => <Board6x8 as SetGeometry<1>>::king(sq),
        Role::Counselor => slider::queen(sq, occupied),
        Role::Chariot => slider::bishop(sq, occupied),
        Role::Shaman => slider::rook(sq, occupied),
        Role::Pawn => {
            let one = SquareSet::from_index(sq.bit());
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
        for (file, &role) in back.iter().enumerate() {
            let f = file as u8;
            b.put(Square::new_unchecked(f), Piece::new(Team::Green, role));
            b.put(Square::new_unchecked(6 + f), Piece::new(Team::Green, Role::Pawn));
            b.put(Square::new_unchecked(36 + f), Piece::new(Team::Blue, Role::Pawn));
            b.put(Square::new_unchecked(42 + f), Piece::new(Team::Blue, role));
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
        self.halos.contains(sq.bit())
    }

    /// The square of `team`'s Royal, if it is on the board.
    #[inline]
    #[must_use]
    pub fn royal(&self, team: Team) -> Option<Square> {
        self.pieces(Piece::new(team, Role::Royal)).first().map(Square::new_unchecked)
    }

    /// The team of the piece on `sq`.
    #[inline]
    #[must_use]
    pub fn team_at(&self, sq: Square) -> Option<Team> {
        if self.teams[Team::Green].contains(sq.bit()) {
            Some(Team::Green)
        } else if self.teams[Team::Blue].contains(sq.bit()) {
            Some(Team::Blue)
        } else {
            None
        }
    }

    /// The role of the piece on `sq`.
    #[inline]
    #[must_use]
    pub fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL.into_iter().find(|&r| self.roles[r].contains(sq.bit()))
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
        self.teams[piece.team].add(sq.bit());
        self.roles[piece.role].add(sq.bit());
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
        self.teams[piece.team].remove(sq.bit());
        self.roles[piece.role].remove(sq.bit());
        self.halos.remove(sq.bit());
    }

    /// Moves `piece` from `from` to the empty square `to`, with its halo,
    /// becoming `becomes` (its own role, or a promotion).
    #[inline]
    pub fn relocate(&mut self, from: Square, to: Square, piece: Piece, becomes: Role) {
        let (f, t) = (from.bit(), to.bit());
        self.teams[piece.team] ^= SquareSet::from_index(f).with(t);
        self.roles[piece.role].remove(f);
        self.roles[becomes].add(t);
        if self.halos.contains(f) {
            self.halos ^= SquareSet::from_index(f).with(t);
        }
    }

    /// Sets or clears the halo of the (occupied) square `sq`.
    #[inline]
    pub fn set_halo(&mut self, sq: Square, halo: bool) {
        if halo {
            self.halos.add(sq.bit());
        } else {
            self.halos.remove(sq.bit());
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
            let (pushes, dusk, dawn) = pawn_steps(piece.team, SquareSet::from_index(sq.bit()), occ, enemy);
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
        assert!(FILE_A.contains(sq("a8").bit()) && FILE_F.contains(sq("f1").bit()));
        assert!(RANK_8.contains(sq("f8").bit()) && RANK_1.contains(sq("a1").bit()));
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
            pawn_dusk(Team::Green, SquareSet::from_index(sq("a2").bit())),
            SquareSet::EMPTY,
            "no wrap from file a"
        );
        assert_eq!(pawn_engages(Team::Green, sq("f2")), SquareSet::from_index(sq("e3").bit()));
        assert_eq!(
            pawn_engages(Team::Blue, sq("c5")).diagram::<Board6x8>().to_string(),
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
