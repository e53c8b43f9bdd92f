//! Board geometry of Sovereign Chess (the squares of colour, the central
//! promotion zone, pawn tables built at compile time) and the placement: a
//! mailbox plus one square set per colour and per role.

use motley_core::attacks::reach_table;
use motley_core::{Bits, Board16x16, Dir, SetGeometry};

use crate::piece::{Color, Piece, Role};

/// A square of the 16x16 board (`a1` = 0 … `p16` = 255).
pub type Square = motley_core::Square<Board16x16>;
/// A set of squares of the 16x16 board.
pub type SquareSet = motley_core::SquareSet<Board16x16, 4>;

/// A table of index sets built at compile time as a table of square sets.
const fn typed(t: &[Bits<4>; 256]) -> [SquareSet; 256] {
    let mut out = [SquareSet::EMPTY; 256];
    let mut i = 0;
    while i < 256 {
        out[i] = SquareSet::from_bits(t[i]);
        i += 1;
    }
    out
}

/// For each square, the squares a range-8 rook reaches from it on an empty board.
static ROOK_LINES: [SquareSet; 256] = typed(&reach_table::<4, 256>(16, 16, &Dir::ORTHOGONAL, 8));
/// For each square, the squares a range-8 bishop reaches from it on an empty board.
static BISHOP_LINES: [SquareSet; 256] = typed(&reach_table::<4, 256>(16, 16, &Dir::DIAGONAL, 8));

/// The square of a 1-based file and rank.
const fn at(file: u8, rank: u8) -> Square {
    Square::new_unchecked(file + 16 * (rank - 1))
}

/// The two squares of each colour, in [`Color`] index order (§4.1); the
/// second is the 180° twin of the first.
pub const COLOR_SQUARES: [[Square; 2]; 12] = [
    [at(8, 8), at(7, 9)],   // white i8 h9
    [at(6, 7), at(9, 10)],  // ash g7 j10
    [at(9, 7), at(6, 10)],  // slate j7 g10
    [at(7, 8), at(8, 9)],   // black h8 i9
    [at(8, 6), at(7, 11)],  // pink i6 h11
    [at(11, 5), at(4, 12)], // red l5 e12
    [at(10, 8), at(5, 9)],  // orange k8 f9
    [at(10, 6), at(5, 11)], // yellow k6 f11
    [at(5, 6), at(10, 11)], // green f6 k11
    [at(5, 8), at(10, 9)],  // cyan f8 k9
    [at(4, 5), at(11, 12)], // navy e5 l12
    [at(7, 6), at(8, 11)],  // violet h6 i11
];

const fn square_colors() -> [Option<Color>; 256] {
    let mut t = [None; 256];
    let mut c = 0;
    while c < 12 {
        t[COLOR_SQUARES[c][0].index()] = Some(Color::ALL[c]);
        t[COLOR_SQUARES[c][1].index()] = Some(Color::ALL[c]);
        c += 1;
    }
    t
}

/// For each square, its colour, or `None` for a plain square.
pub(crate) static SQUARE_COLOR: [Option<Color>; 256] = square_colors();

/// The colour of a square, if it is one of the 24 squares of colour.
#[must_use]
pub fn square_color(sq: Square) -> Option<Color> {
    SQUARE_COLOR[sq.index()]
}

const fn color_sets() -> [SquareSet; 12] {
    let mut t = [SquareSet::EMPTY; 12];
    let mut c = 0;
    while c < 12 {
        t[c] = SquareSet::EMPTY.with(COLOR_SQUARES[c][0]).with(COLOR_SQUARES[c][1]);
        c += 1;
    }
    t
}

const fn colored() -> SquareSet {
    let mut s = SquareSet::EMPTY;
    let mut c = 0;
    while c < 12 {
        s = s.with(COLOR_SQUARES[c][0]).with(COLOR_SQUARES[c][1]);
        c += 1;
    }
    s
}

/// The 24 squares of colour.
pub(crate) const COLORED: SquareSet = colored();

/// The two squares of each colour as a set.
pub(crate) static COLOR_SET: [SquareSet; 12] = color_sets();

const fn center() -> SquareSet {
    let mut s = SquareSet::EMPTY;
    let mut f = 6;
    while f <= 9 {
        let mut r = 7;
        while r <= 10 {
            s = s.with(at(f, r));
            r += 1;
        }
        f += 1;
    }
    s
}

/// The central 4x4 promotion zone g7–j10 (§4.2).
pub const CENTER: SquareSet = center();

/// Twice the distance of a file or rank index from the centre line (`|2x − 15|`).
const fn d2(x: i32) -> i32 {
    let v = 2 * x - 15;
    if v < 0 { -v } else { v }
}

const fn pawn_steps() -> [Bits<4>; 256] {
    let mut t = [Bits::<4>::EMPTY; 256];
    let mut sq = 0;
    while sq < 256 {
        let f = (sq % 16) as i32;
        let r = (sq / 16) as i32;
        let steps = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let mut k = 0;
        while k < 4 {
            let (df, dr) = steps[k];
            let (nf, nr) = (f + df, r + dr);
            let closer = if df != 0 { d2(nf) < d2(f) } else { d2(nr) < d2(r) };
            if nf >= 0 && nf < 16 && nr >= 0 && nr < 16 && closer {
                t[sq] = t[sq].with((nf + 16 * nr) as u8);
            }
            k += 1;
        }
        sq += 1;
    }
    t
}

const fn pawn_captures() -> [Bits<4>; 256] {
    let mut t = [Bits::<4>::EMPTY; 256];
    let mut sq = 0;
    while sq < 256 {
        let f = (sq % 16) as i32;
        let r = (sq / 16) as i32;
        let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        let mut k = 0;
        while k < 4 {
            let (df, dr) = diag[k];
            let (nf, nr) = (f + df, r + dr);
            if nf >= 0 && nf < 16 && nr >= 0 && nr < 16 && (d2(nf) < d2(f) || d2(nr) < d2(r)) {
                t[sq] = t[sq].with((nf + 16 * nr) as u8);
            }
            k += 1;
        }
        sq += 1;
    }
    t
}

const fn invert(table: &[Bits<4>; 256]) -> [Bits<4>; 256] {
    let mut t = [Bits::<4>::EMPTY; 256];
    let mut from = 0;
    while from < 256 {
        let mut to = 0;
        while to < 256 {
            if table[from].contains(to as u8) {
                t[to] = t[to].with(from as u8);
            }
            to += 1;
        }
        from += 1;
    }
    t
}

/// Non-capturing one-square pawn steps from each square (§6.3).
pub(crate) static PAWN_STEPS: [SquareSet; 256] = typed(&pawn_steps());
/// Diagonal pawn capture targets from each square (§6.3).
pub(crate) static PAWN_CAPTURES: [SquareSet; 256] = typed(&pawn_captures());
/// For each target square, the squares from which a pawn captures onto it.
pub(crate) static PAWN_ATTACKERS: [SquareSet; 256] = typed(&invert(&pawn_captures()));

/// The two-square pawn moves of a square, each as its `[over, to]` squares.
#[derive(Clone, Copy)]
pub(crate) struct Double {
    /// Vertical two-step away from the bottom/top edge.
    pub vertical: Option<[Square; 2]>,
    /// Horizontal two-step away from the left/right edge.
    pub horizontal: Option<[Square; 2]>,
}

const fn pawn_doubles() -> [Double; 256] {
    let mut t = [Double { vertical: None, horizontal: None }; 256];
    let mut sq = 0;
    while sq < 256 {
        let f = (sq % 16) as i32;
        let r = (sq / 16) as i32;
        let dl = f;
        let dr_ = 15 - f;
        let db = r;
        let dt = 15 - r;
        let mut m = dl;
        if dr_ < m {
            m = dr_;
        }
        if db < m {
            m = db;
        }
        if dt < m {
            m = dt;
        }
        if m <= 1 {
            // Away from the closest edge(s); every tied edge counts (§14 #3).
            if db == m {
                t[sq].vertical = Some([
                    Square::new_unchecked((f + 16 * (r + 1)) as u8),
                    Square::new_unchecked((f + 16 * (r + 2)) as u8),
                ]);
            } else if dt == m {
                t[sq].vertical = Some([
                    Square::new_unchecked((f + 16 * (r - 1)) as u8),
                    Square::new_unchecked((f + 16 * (r - 2)) as u8),
                ]);
            }
            if dl == m {
                t[sq].horizontal = Some([
                    Square::new_unchecked((f + 1 + 16 * r) as u8),
                    Square::new_unchecked((f + 2 + 16 * r) as u8),
                ]);
            } else if dr_ == m {
                t[sq].horizontal = Some([
                    Square::new_unchecked((f - 1 + 16 * r) as u8),
                    Square::new_unchecked((f - 2 + 16 * r) as u8),
                ]);
            }
        }
        sq += 1;
    }
    t
}

/// The two-square pawn moves of each square (rings 1 and 2, §6.3).
pub(crate) static PAWN_DOUBLES: [Double; 256] = pawn_doubles();

const fn lines8() -> [Bits<4>; 256] {
    let mut t = [Bits::<4>::EMPTY; 256];
    let mut s = 0;
    while s < 256 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = Dir::ALL[d].delta();
            let mut n = 1;
            while n <= 8 {
                let f = (s % 16) as i32 + n * df as i32;
                let r = (s / 16) as i32 + n * dr as i32;
                if f < 0 || f > 15 || r < 0 || r > 15 {
                    break;
                }
                t[s] = t[s].with((f + 16 * r) as u8);
                n += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// For each square, the squares on its eight lines within 8 squares.
pub(crate) static LINES8: [SquareSet; 256] = typed(&lines8());

/// The direction from `a` to `b`, which must share a line.
#[inline]
fn dir_between(a: Square, b: Square) -> Dir {
    let df = (i32::from(b.file().index()) - i32::from(a.file().index())).signum();
    let dr = (i32::from(b.rank().index()) - i32::from(a.rank().index())).signum();
    match (df, dr) {
        (0, 1) => Dir::N,
        (1, 1) => Dir::NE,
        (1, 0) => Dir::E,
        (1, -1) => Dir::SE,
        (0, -1) => Dir::S,
        (-1, -1) => Dir::SW,
        (-1, 0) => Dir::W,
        _ => Dir::NW,
    }
}

/// The controlling seat of every colour, if any, from the owning seat of
/// each colour and the links of the board (see [`Board::links`]) (§5.2):
/// chains are followed, a cycle is neutral.
#[inline]
pub(crate) fn control(owner: &[Option<u8>; 12], links: &[Option<Color>; 12]) -> [Option<u8>; 12] {
    let mut ctrl = [None; 12];
    for (c, slot) in ctrl.iter_mut().enumerate() {
        let mut x = c;
        let mut visited = 0u16;
        *slot = loop {
            if let Some(seat) = owner[x] {
                break Some(seat);
            }
            if visited & (1 << x) != 0 {
                break None;
            }
            visited |= 1 << x;
            match links[x] {
                Some(next) => x = next.index(),
                None => break None,
            }
        };
    }
    ctrl
}

/// The squares a knight on `s` leaps to.
#[inline]
pub(crate) fn knight_leaps(s: Square) -> SquareSet {
    SquareSet::from_bits(Board16x16::knight(s))
}

/// The squares a king on `s` steps to.
#[inline]
pub(crate) fn king_steps(s: Square) -> SquareSet {
    SquareSet::from_bits(Board16x16::king(s))
}

/// The squares a range-8 rook on `s` reaches with occupancy `occ`.
#[inline]
pub(crate) fn rook_reach(s: Square, occ: SquareSet) -> SquareSet {
    SquareSet::from_bits(motley_core::attacks::rook(s, occ.bits(), 8))
}

/// The squares a range-8 bishop on `s` reaches with occupancy `occ`.
#[inline]
pub(crate) fn bishop_reach(s: Square, occ: SquareSet) -> SquareSet {
    SquareSet::from_bits(motley_core::attacks::bishop(s, occ.bits(), 8))
}

/// The squares a range-8 queen on `s` reaches with occupancy `occ`.
#[inline]
pub(crate) fn queen_reach(s: Square, occ: SquareSet) -> SquareSet {
    SquareSet::from_bits(motley_core::attacks::queen(s, occ.bits(), 8))
}

/// The squares strictly between `a` and `b` on a shared line.
#[inline]
pub(crate) fn between(a: Square, b: Square) -> SquareSet {
    SquareSet::from_bits(motley_core::attacks::between::<Board16x16, 4>(a, b))
}

/// The placement: a mailbox of pieces plus per-colour and per-role sets.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Board {
    pub mailbox: [Option<Piece>; 256],
    pub by_color: [SquareSet; 12],
    pub by_role: [SquareSet; 6],
    pub occupied: SquareSet,
    /// The number of pieces of each colour and role.
    pub count: [[u16; 6]; 12],
}

impl Board {
    pub fn empty() -> Board {
        Board {
            mailbox: [None; 256],
            by_color: [SquareSet::EMPTY; 12],
            by_role: [SquareSet::EMPTY; 6],
            occupied: SquareSet::EMPTY,
            count: [[0; 6]; 12],
        }
    }

    #[inline]
    pub fn piece(&self, s: Square) -> Option<Piece> {
        self.mailbox[s.index()]
    }

    #[inline]
    pub fn put(&mut self, s: Square, p: Piece) {
        debug_assert!(self.mailbox[s.index()].is_none());
        self.mailbox[s.index()] = Some(p);
        self.count[p.color.index()][p.role.index()] += 1;
        self.by_color[p.color.index()].add(s);
        self.by_role[p.role.index()].add(s);
        self.occupied.add(s);
    }

    #[inline]
    pub fn take(&mut self, s: Square) -> Option<Piece> {
        let p = self.mailbox[s.index()].take()?;
        self.count[p.color.index()][p.role.index()] -= 1;
        self.by_color[p.color.index()].remove(s);
        self.by_role[p.role.index()].remove(s);
        self.occupied.remove(s);
        Some(p)
    }

    #[inline]
    pub fn role(&self, r: Role) -> SquareSet {
        self.by_role[r.index()]
    }

    /// For each colour, the colour of the piece on a square of its pair, if
    /// any (at most one square of a pair is occupied in a valid position).
    #[inline]
    pub fn links(&self) -> [Option<Color>; 12] {
        core::array::from_fn(|c| {
            let [a, b] = COLOR_SQUARES[c];
            self.mailbox[a.index()].or(self.mailbox[b.index()]).map(|p| p.color)
        })
    }

    /// The controller of every colour on this board (see [`control`]).
    pub fn control(&self, owner: &[Option<u8>; 12]) -> [Option<u8>; 12] {
        control(owner, &self.links())
    }

    /// Empty squares of colour whose twin is occupied (§5.4).
    #[inline]
    pub fn blocked_twins(&self) -> SquareSet {
        let mut blocked = SquareSet::EMPTY;
        for pair in &COLOR_SQUARES {
            let [a, b] = *pair;
            let oa = self.mailbox[a.index()].is_some();
            let ob = self.mailbox[b.index()].is_some();
            if oa && !ob {
                blocked.add(b);
            } else if ob && !oa {
                blocked.add(a);
            }
        }
        blocked
    }

    /// Whether a slider of `attackers` attacks `t` along the line from `t`
    /// through `via` (within 8 squares, first piece hit, right role, colour
    /// differing from the colour of `t`).
    #[inline]
    pub fn line_attacked(&self, t: Square, via: Square, occ: SquareSet, attackers: SquareSet) -> bool {
        let d = dir_between(t, via);
        let ray = SquareSet::from_bits(motley_core::attacks::slide(t, d, occ.bits(), 8));
        let diagonal = matches!(d, Dir::NE | Dir::SE | Dir::SW | Dir::NW);
        let sliders = self.role(Role::Queen) | self.role(if diagonal { Role::Bishop } else { Role::Rook });
        let mut a = attackers & sliders & ray;
        if let Some(c) = SQUARE_COLOR[t.index()] {
            a -= self.by_color[c.index()];
        }
        a.any()
    }

    /// Whether the square `t` is attacked by a piece of `attackers` under the
    /// capture rules (§7.1): geometry, range 8, clear path with occupancy
    /// `occ`, and the attacker's colour differing from the colour of `t`.
    #[inline]
    pub fn attacked(&self, t: Square, occ: SquareSet, attackers: SquareSet) -> bool {
        let mut a = attackers;
        if let Some(c) = SQUARE_COLOR[t.index()] {
            a -= self.by_color[c.index()];
        }
        if a.is_empty() {
            return false;
        }
        if (knight_leaps(t) & a & self.role(Role::Knight)).any()
            || (king_steps(t) & a & self.role(Role::King)).any()
            || (PAWN_ATTACKERS[t.index()] & a & self.role(Role::Pawn)).any()
        {
            return true;
        }
        // A slider can attack `t` only from its lines within range 8: the
        // reach on an empty board rules most squares out without sliding.
        let queens = self.role(Role::Queen);
        let rq = a & (self.role(Role::Rook) | queens) & ROOK_LINES[t.index()];
        if rq.any() && (rook_reach(t, occ) & rq).any() {
            return true;
        }
        let bq = a & (self.role(Role::Bishop) | queens) & BISHOP_LINES[t.index()];
        bq.any() && (bishop_reach(t, occ) & bq).any()
    }
}

#[cfg(test)]
mod tests {
    use super::{
        BISHOP_LINES, CENTER, PAWN_CAPTURES, PAWN_DOUBLES, PAWN_STEPS, ROOK_LINES, Square, SquareSet,
    };

    /// The prefilter masks are exactly the sliders' reach on an empty board.
    #[test]
    fn line_masks_are_the_empty_board_reach() {
        for s in Square::all() {
            assert_eq!(ROOK_LINES[s.index()], super::rook_reach(s, SquareSet::EMPTY));
            assert_eq!(BISHOP_LINES[s.index()], super::bishop_reach(s, SquareSet::EMPTY));
        }
    }

    /// `MAX_MOVES`' figure for a piece: a range-8 queen has at most 59 destinations.
    #[test]
    fn move_list_bound_queen_reach() {
        let most = Square::all().map(|s| super::queen_reach(s, SquareSet::EMPTY).count()).max();
        assert_eq!(most, Some(59));
    }

    /// `MAX_MOVES`' figure for promotions: a pawn enters a centre square from
    /// at most 5 squares (a two-square move never ends in the centre).
    #[test]
    fn move_list_bound_pawn_sources() {
        for t in CENTER {
            let sources = Square::all()
                .filter(|f| PAWN_STEPS[f.index()].contains(t) || PAWN_CAPTURES[f.index()].contains(t))
                .count();
            assert!(sources <= 5, "{sources} pawn sources for centre square {t}");
        }
        for d in &PAWN_DOUBLES {
            assert!(!d.vertical.iter().chain(&d.horizontal).flatten().any(|&s| CENTER.contains(s)));
        }
    }
}
