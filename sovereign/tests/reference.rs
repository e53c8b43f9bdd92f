//! A slow, obviously-correct reference generator (mailbox loops, control
//! recomputed naively by walking chains, legality by make-and-test with a
//! scan of every opposing piece), compared with the fast generator on
//! thousands of positions from seeded random games that reach defections,
//! promotions, castling and checks. `MOTLEY_DEEP=1` plays many more games.

#![allow(clippy::needless_range_loop)] // reason: plain index loops over the mailbox are the point of the reference

use motley_core::testing::deep_runs;
use motley_core::{PerftMode, Position};
use motley_sovereign::{Color, Piece, Role, Royale, Seat, Sovereign, Square};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The 24 squares of colour, written out by name from the contract (§4.1).
const COLORED: [(&str, Color); 24] = [
    ("i8", Color::White),
    ("h9", Color::White),
    ("h8", Color::Black),
    ("i9", Color::Black),
    ("g7", Color::Ash),
    ("j10", Color::Ash),
    ("j7", Color::Slate),
    ("g10", Color::Slate),
    ("e5", Color::Navy),
    ("l12", Color::Navy),
    ("l5", Color::Red),
    ("e12", Color::Red),
    ("i6", Color::Pink),
    ("h11", Color::Pink),
    ("h6", Color::Violet),
    ("i11", Color::Violet),
    ("f6", Color::Green),
    ("k11", Color::Green),
    ("k6", Color::Yellow),
    ("f11", Color::Yellow),
    ("f8", Color::Cyan),
    ("k9", Color::Cyan),
    ("k8", Color::Orange),
    ("f9", Color::Orange),
];

fn name(f: i32, r: i32) -> String {
    format!("{}{}", char::from(b'a' + f as u8), r + 1)
}

/// Board, owned colours, seat to move, castling rook squares.
type Key = (Vec<Option<Piece>>, Vec<Color>, usize, Vec<(i32, i32)>);

#[derive(Clone)]
struct Ref {
    b: [[Option<Piece>; 16]; 16], // [file][rank]
    owned: Vec<Color>,
    turn: usize,
    rights: Vec<(i32, i32)>,
    sqcolor: [[Option<Color>; 16]; 16],
    /// Two-player check rule (§7.2); off in Royale.
    check: bool,
    /// Regime changes may not leave the new king attacked.
    regime_check: bool,
}

impl Ref {
    fn from(p: &Sovereign) -> Ref {
        Ref::build(
            |s| p.piece_at(s),
            vec![p.owned(Seat(0)), p.owned(Seat(1))],
            p.turn().index(),
            p.castling_rights(),
            true,
            true,
        )
    }

    fn from_royale(p: &Royale) -> Ref {
        let owned = (0..4).map(|s| p.owned(Seat(s))).collect();
        Ref::build(|s| p.piece_at(s), owned, p.turn().index(), p.castling_rights(), false, false)
    }

    fn build(
        piece_at: impl Fn(Square) -> Option<Piece>,
        owned: Vec<Color>,
        turn: usize,
        rights: motley_sovereign::SquareSet,
        check: bool,
        regime_check: bool,
    ) -> Ref {
        let mut b = [[None; 16]; 16];
        for f in 0..16 {
            for r in 0..16 {
                b[f][r] = piece_at(Square::at(f as i32, r as i32).unwrap());
            }
        }
        let mut sqcolor = [[None; 16]; 16];
        for (n, c) in COLORED {
            let s: Square = n.parse().unwrap();
            sqcolor[s.file().index() as usize][s.rank().index() as usize] = Some(c);
        }
        let mut rights: Vec<(i32, i32)> =
            rights.iter().map(|s| (i32::from(s.file().index()), i32::from(s.rank().index()))).collect();
        rights.sort_unstable();
        Ref { b, owned, turn, rights, sqcolor, check, regime_check }
    }

    /// Everything a position is compared on.
    fn key(&self) -> Key {
        let mut rights = self.rights.clone();
        rights.sort_unstable();
        (self.b.iter().flatten().copied().collect(), self.owned.clone(), self.turn, rights)
    }

    /// Whether (f, r) is on the edge where `seat`'s castling rooks stand.
    fn on_edge(&self, seat: usize, f: i32, r: i32) -> bool {
        match (self.owned.len(), seat) {
            (2, 0) | (4, 0) => r == 0,
            (2, _) | (4, 3) => r == 15,
            (4, 1) => f == 0,
            _ => f == 15,
        }
    }

    fn kings(&self) -> usize {
        self.b.iter().flatten().filter(|p| p.is_some_and(|p| p.role == Role::King)).count()
    }

    /// Royale (§13.4): the turn goes to the first seat from `turn + offset`
    /// that can move; a king not in check whose every move leaves it
    /// attacked escapes (is removed) and its seat is skipped.
    fn advance(&mut self, offset: usize) {
        for s in 0..4 {
            if self.king_of(s).is_none() {
                self.drop_edge_rights(s);
            }
        }
        if self.kings() <= 1 {
            self.turn = (self.turn + offset) % 4;
            return;
        }
        let first = self.turn + offset;
        for i in 0..4 {
            let s = (first + i) % 4;
            self.turn = s;
            let kids = self.children();
            if let Some((kf, kr)) = self.king_of(s)
                && !self.in_check(s)
                && !kids.is_empty()
                && kids.iter().all(|(_, c)| c.in_check(s))
            {
                self.b[kf as usize][kr as usize] = None;
                let rights: Vec<(i32, i32)> =
                    self.rights.iter().copied().filter(|&(f, r)| !self.on_edge(s, f, r)).collect();
                self.rights = rights;
                if self.kings() <= 1 {
                    return;
                }
                continue;
            }
            if !kids.is_empty() {
                return;
            }
        }
    }

    fn at(&self, f: i32, r: i32) -> Option<Piece> {
        self.b[f as usize][r as usize]
    }

    fn color_at(&self, f: i32, r: i32) -> Option<Color> {
        self.sqcolor[f as usize][r as usize]
    }

    /// The seat controlling colour `c`, by walking the chain naively.
    fn controller(&self, c: Color) -> Option<usize> {
        let mut x = c;
        let mut seen = Vec::new();
        loop {
            if let Some(s) = self.owned.iter().position(|&o| o == x) {
                return Some(s);
            }
            if seen.contains(&x) {
                return None;
            }
            seen.push(x);
            let mut next = None;
            for f in 0..16 {
                for r in 0..16 {
                    if self.color_at(f, r) == Some(x)
                        && let Some(p) = self.at(f, r)
                    {
                        next = Some(p.color);
                    }
                }
            }
            x = next?;
        }
    }

    fn king_of(&self, seat: usize) -> Option<(i32, i32)> {
        for f in 0..16 {
            for r in 0..16 {
                if self.at(f, r) == Some(Piece { color: self.owned[seat], role: Role::King }) {
                    return Some((f, r));
                }
            }
        }
        None
    }

    /// Whether the piece on (f, r) could capture on (tf, tr) by geometry,
    /// range and path (not looking at what stands on the target).
    fn reaches(&self, f: i32, r: i32, tf: i32, tr: i32, p: Piece) -> bool {
        let (df, dr) = (tf - f, tr - r);
        if df == 0 && dr == 0 {
            return false;
        }
        match p.role {
            Role::King => df.abs() <= 1 && dr.abs() <= 1,
            Role::Knight => (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1),
            Role::Pawn => {
                df.abs() == 1
                    && dr.abs() == 1
                    && ((tf as f64 - 7.5).abs() < (f as f64 - 7.5).abs()
                        || (tr as f64 - 7.5).abs() < (r as f64 - 7.5).abs())
            }
            role => {
                let straight = df == 0 || dr == 0;
                let diagonal = df.abs() == dr.abs();
                let ok = match role {
                    Role::Rook => straight,
                    Role::Bishop => diagonal,
                    _ => straight || diagonal,
                };
                let n = df.abs().max(dr.abs());
                if !ok || n > 8 {
                    return false;
                }
                (1..n).all(|i| self.at(f + df.signum() * i, r + dr.signum() * i).is_none())
            }
        }
    }

    fn attacked_by_others(&self, tf: i32, tr: i32, seat: usize) -> bool {
        (0..self.owned.len()).any(|s| s != seat && self.attacked_by(tf, tr, s))
    }

    fn attacked_by(&self, tf: i32, tr: i32, seat: usize) -> bool {
        for f in 0..16 {
            for r in 0..16 {
                if let Some(p) = self.at(f, r)
                    && self.controller(p.color) == Some(seat)
                    && self.color_at(tf, tr) != Some(p.color)
                    && self.reaches(f, r, tf, tr, p)
                {
                    return true;
                }
            }
        }
        false
    }

    fn in_check(&self, seat: usize) -> bool {
        self.king_of(seat)
            .is_some_and(|(f, r)| (0..self.owned.len()).any(|s| s != seat && self.attacked_by(f, r, s)))
    }

    /// Whether the mover may end a move of `p` from (f, r) on (tf, tr).
    fn dest_ok(&self, p: Piece, f: i32, r: i32, tf: i32, tr: i32) -> bool {
        if self.color_at(tf, tr) == Some(p.color) {
            return false;
        }
        match self.at(tf, tr) {
            Some(t) => self.controller(t.color).is_some_and(|s| s != self.turn),
            None => {
                if self.color_at(tf, tr).is_some() {
                    let (wf, wr) = (15 - tf, 15 - tr);
                    self.at(wf, wr).is_none() || (wf == f && wr == r)
                } else {
                    true
                }
            }
        }
    }

    fn drop_rights(&mut self, f: i32, r: i32) {
        self.rights.retain(|&x| x != (f, r));
    }

    fn drop_edge_rights(&mut self, seat: usize) {
        let rights: Vec<(i32, i32)> =
            self.rights.iter().copied().filter(|&(f, r)| !self.on_edge(seat, f, r)).collect();
        self.rights = rights;
    }

    fn step(&mut self, f: i32, r: i32, tf: i32, tr: i32) {
        let p = self.b[f as usize][r as usize].take();
        self.b[tf as usize][tr as usize] = p;
        self.drop_rights(f, r);
        self.drop_rights(tf, tr);
        if p.is_some_and(|p| p.role == Role::King) {
            self.drop_edge_rights(self.turn);
        }
    }

    /// Every legal move with the position after it.
    fn children(&self) -> Vec<(String, Ref)> {
        let me = self.turn;
        let mut out = Vec::new();
        let two = self.owned.len() == 2;
        let accept = |next: &Ref, s: String, out: &mut Vec<(String, Ref)>, regime: bool| {
            let test = next.check || (regime && next.regime_check);
            if !test || !next.in_check(me) {
                let mut child = next.clone();
                if two {
                    child.turn = 1 - me;
                }
                out.push((s, child));
            }
        };
        for f in 0..16 {
            for r in 0..16 {
                let Some(p) = self.at(f, r) else { continue };
                if self.controller(p.color) != Some(me) {
                    continue;
                }
                let mut targets = Vec::new();
                if p.role == Role::Pawn {
                    let closer = |a: i32, b: i32| (b as f64 - 7.5).abs() < (a as f64 - 7.5).abs();
                    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                        let (tf, tr) = (f + df, r + dr);
                        let ok = if df != 0 { closer(f, tf) } else { closer(r, tr) };
                        if ok && (0..16).contains(&tf) && (0..16).contains(&tr) && self.at(tf, tr).is_none() {
                            targets.push((tf, tr));
                        }
                    }
                    for (df, dr) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                        let (tf, tr) = (f + df, r + dr);
                        if (0..16).contains(&tf)
                            && (0..16).contains(&tr)
                            && self.at(tf, tr).is_some()
                            && self.reaches(f, r, tf, tr, p)
                        {
                            targets.push((tf, tr));
                        }
                    }
                    let edges = [(f, (1, 0)), (15 - f, (-1, 0)), (r, (0, 1)), (15 - r, (0, -1))];
                    let m = edges.iter().map(|e| e.0).min().unwrap();
                    if m <= 1 {
                        for (d, (df, dr)) in edges {
                            if d == m
                                && self.at(f + df, r + dr).is_none()
                                && self.at(f + 2 * df, r + 2 * dr).is_none()
                            {
                                targets.push((f + 2 * df, r + 2 * dr));
                            }
                        }
                    }
                } else {
                    for tf in 0..16 {
                        for tr in 0..16 {
                            let empty_or_reach = match self.at(tf, tr) {
                                // Quiet move: same geometry as a capture.
                                None => self.reaches(f, r, tf, tr, p),
                                Some(_) => self.reaches(f, r, tf, tr, p),
                            };
                            if empty_or_reach {
                                targets.push((tf, tr));
                            }
                        }
                    }
                }
                for (tf, tr) in targets {
                    if !self.dest_ok(p, f, r, tf, tr) {
                        continue;
                    }
                    let base = format!("{}{}", name(f, r), name(tf, tr));
                    let central = (6..=9).contains(&tf) && (6..=9).contains(&tr);
                    if p.role == Role::Pawn && central {
                        for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::King] {
                            let mut next = self.clone();
                            next.step(f, r, tf, tr);
                            if role == Role::King {
                                if let Some((kf, kr)) = self.king_of(me) {
                                    next.b[kf as usize][kr as usize] = None;
                                }
                                next.owned[me] = p.color;
                                next.drop_edge_rights(me);
                            }
                            next.b[tf as usize][tr as usize] = Some(Piece { color: p.color, role });
                            accept(
                                &next,
                                format!("{base}{}", role_letter(role)),
                                &mut out,
                                role == Role::King,
                            );
                        }
                    } else {
                        let mut next = self.clone();
                        next.step(f, r, tf, tr);
                        accept(&next, base, &mut out, false);
                    }
                }
            }
        }
        // Castling (§8), along the seat's edge.
        if let Some((kf, kr)) = self.king_of(me)
            && self.on_edge(me, kf, kr)
            && !(self.check && self.in_check(me))
        {
            for &(rf, rr) in &self.rights {
                if !self.on_edge(me, rf, rr) || (rf != kf && rr != kr) {
                    continue;
                }
                let Some(rook) = self.at(rf, rr) else { continue };
                if rook.role != Role::Rook || self.controller(rook.color) != Some(me) {
                    continue;
                }
                let (df, dr) = ((rf - kf).signum(), (rr - kr).signum());
                let n = (rf - kf).abs().max((rr - kr).abs());
                if n < 2 || (1..n).any(|i| self.at(kf + i * df, kr + i * dr).is_some()) {
                    continue;
                }
                for t in 1..n {
                    let (tf, tr) = (kf + t * df, kr + t * dr);
                    let crossed_safe = !self.check
                        || (1..=t).all(|i| !self.attacked_by_others(kf + i * df, kr + i * dr, me));
                    if crossed_safe {
                        let mut next = self.clone();
                        let king = next.b[kf as usize][kr as usize].take();
                        let rk = next.b[rf as usize][rr as usize].take();
                        next.b[tf as usize][tr as usize] = king;
                        next.b[(tf - df) as usize][(tr - dr) as usize] = rk;
                        next.drop_edge_rights(me);
                        accept(&next, format!("castle:{}{}", name(kf, kr), name(tf, tr)), &mut out, false);
                    }
                }
            }
        }
        // Defection (§10).
        if let Some((kf, kr)) = self.king_of(me) {
            for y in Color::ALL {
                if y == self.owned[me] || self.controller(y) != Some(me) {
                    continue;
                }
                let mut next = self.clone();
                next.b[kf as usize][kr as usize] = Some(Piece { color: y, role: Role::King });
                next.owned[me] = y;
                if self.color_at(kf, kr) == Some(y) {
                    let king = Piece { color: y, role: Role::King };
                    for tf in kf - 1..=kf + 1 {
                        for tr in kr - 1..=kr + 1 {
                            if !(0..16).contains(&tf) || !(0..16).contains(&tr) || (tf, tr) == (kf, kr) {
                                continue;
                            }
                            if !next.dest_ok(king, kf, kr, tf, tr) {
                                continue;
                            }
                            // Two-player: a king is never captured (crate docs, §10).
                            let target = next.b[tf as usize][tr as usize];
                            if self.check && target.is_some_and(|p| p.role == Role::King) {
                                continue;
                            }
                            let mut after = next.clone();
                            after.step(kf, kr, tf, tr);
                            accept(
                                &after,
                                format!("defect:{y}:{}{}", name(kf, kr), name(tf, tr)),
                                &mut out,
                                true,
                            );
                        }
                    }
                } else {
                    accept(&next, format!("defect:{y}"), &mut out, true);
                }
            }
        }
        out
    }

    /// Children with the Royale turn advance applied (two-player: as is).
    fn successors(&self) -> Vec<(String, Ref)> {
        if self.owned.len() == 2 {
            return self.children();
        }
        if self.kings() <= 1 {
            return Vec::new();
        }
        let mut kids = self.children();
        for k in &mut kids {
            k.1.advance(1);
        }
        kids
    }

    fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.successors().len() as u64,
            _ => self.successors().iter().map(|c| c.1.perft(depth - 1)).sum(),
        }
    }
}

fn role_letter(r: Role) -> char {
    match r {
        Role::King => 'k',
        Role::Queen => 'q',
        Role::Rook => 'r',
        Role::Bishop => 'b',
        Role::Knight => 'n',
        Role::Pawn => 'p',
    }
}

#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    defections: usize,
    forced_defections: usize,
    promotions: usize,
    king_promotions: usize,
    castles: usize,
    checks: usize,
    mates: usize,
}

/// Picks a move, preferring the rarer kinds so games reach them.
fn pick(rng: &mut StdRng, moves: &[motley_sovereign::Move]) -> motley_sovereign::Move {
    let special: Vec<_> = moves
        .iter()
        .filter(|m| {
            let s = m.to_string();
            s.starts_with("defect") || s.starts_with("castle") || s.len() >= 5 && s.ends_with('k')
        })
        .collect();
    if !special.is_empty() && rng.random_range(0..4) == 0 {
        return *special[rng.random_range(0..special.len())];
    }
    let promo: Vec<_> = moves
        .iter()
        .filter(|m| matches!(m, motley_sovereign::Move::Normal { promotion: Some(_), .. }))
        .collect();
    if !promo.is_empty() && rng.random_range(0..2) == 0 {
        return *promo[rng.random_range(0..promo.len())];
    }
    moves[rng.random_range(0..moves.len())]
}

/// Compares the generators on `p`; returns the reference's children.
fn check_position(p: &Sovereign, seen: &mut Seen) -> Vec<(String, Ref)> {
    let fast = p.sorted_moves();
    let kids = Ref::from(p).children();
    let mut slow: Vec<String> = kids.iter().map(|c| c.0.clone()).collect();
    slow.sort();
    assert_eq!(fast, slow, "generators disagree on {p}");
    assert_eq!(p.count_legal() as usize, fast.len());
    // FEN round trip.
    let text = p.to_string();
    let back: Sovereign = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back.to_string(), text);
    assert_eq!(back.sorted_moves(), fast);
    // Notation round trip.
    for mv in p.legal_moves() {
        assert_eq!(p.parse_move(&mv.to_string()).unwrap(), mv);
    }
    seen.positions += 1;
    seen.defections += fast.iter().filter(|m| m.starts_with("defect")).count().min(1);
    seen.forced_defections +=
        fast.iter().filter(|m| m.starts_with("defect") && m.matches(':').count() == 2).count().min(1);
    seen.castles += fast.iter().filter(|m| m.starts_with("castle")).count().min(1);
    seen.promotions += fast.iter().filter(|m| !m.contains(':') && m.ends_with('q')).count().min(1);
    seen.king_promotions += fast.iter().filter(|m| !m.contains(':') && m.ends_with('k')).count().min(1);
    seen.checks += usize::from(p.is_check());
    seen.mates += usize::from(fast.is_empty() && p.is_check());
    kids
}

fn run(games: usize, plies: usize, seed: u64, starts: &[&str]) -> Seen {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen = Seen::default();
    for g in 0..games {
        let mut p: Sovereign = starts[g % starts.len()].parse().unwrap();
        for _ in 0..plies {
            let kids = check_position(&p, &mut seen);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = pick(&mut rng, &moves);
            let expected = kids.into_iter().find(|c| c.0 == mv.to_string()).expect("move");
            p.play(mv).unwrap();
            assert_eq!(Ref::from(&p).key(), expected.1.key(), "position after {mv} differs");
        }
    }
    seen
}

const STARTS: [&str; 3] = [
    motley_sovereign::START_FEN,
    // Figure 4 (T07).
    "aqabvrvnbrbn2bkbbbnbrynyrsbsq/aranvpvp1bpbp1bpbpbpbpypyp1sr/nbnp12opob/nqnp11snopoq/crcp2bp2bp6rprr/cncp8rp4rn/gbgp12pppb/gqgp5bb2pp4pq/yqyp8vq5/ybyp12vpvb/onop6wp3bq1npnn/orop2wp7np2nr/rqrp12cpcq/rbrp12cpcb/sr1pppp1wpwpwp1wp1wp1gpanar/sqsbprpnwrwnwbwqwk1wngp2abaq 1 w b - 0",
    // A sparse middle game with pawns near the centre and castling rights.
    "br1vr5bk7/7bp8/16/4bp6bp4/4np7bn3/10rp5/16/16/16/16/4gp3yp7/4wp11/5bq10/3wn12/16/2pr1wr3wk2wr1gr2 1 w b CELNa 0",
];

#[test]
fn reference_agrees_on_random_games() {
    let deep = deep_runs();
    let games = if deep { 400 } else { 45 };
    let seen = run(games, 130, 0x5EED, &STARTS);
    eprintln!("{seen:?}");
    assert!(seen.positions >= if deep { 40_000 } else { 5_000 });
    assert!(seen.defections > 0 && seen.forced_defections > 0);
    assert!(seen.promotions > 0 && seen.king_promotions > 0);
    assert!(seen.castles > 0 && seen.checks > 0);
}

/// The reference generator re-derives every count of a fixture file up to
/// `cap` nodes (its own make function); at least four are checked.
fn reference_matches_fixture_file(text: &str, cap: u64, reference: impl Fn(&str) -> Ref) {
    let mut checked = 0;
    for case in motley_core::perft::parse_perft_file(text).unwrap() {
        let r = reference(&case.fen);
        for &(_, depth, nodes) in &case.counts {
            if nodes <= cap {
                assert_eq!(r.perft(depth), nodes, "{} depth {depth}", case.id);
                checked += 1;
            }
        }
    }
    assert!(checked >= 4);
}

/// With `var` set to `<fen>|<depth>`, the reference and the fast perft of
/// that position agree at depths 1 to `<depth>` (each count is printed);
/// without it there is nothing to check.
fn reference_agrees_on_request<P>(var: &str, reference: impl Fn(&P) -> Ref)
where
    P: Position + core::str::FromStr<Err: core::fmt::Debug>,
{
    if let Ok(spec) = std::env::var(var) {
        let (fen, depth) = spec.split_once('|').unwrap_or_else(|| panic!("{var} is `<fen>|<depth>`"));
        let p: P = fen.parse().unwrap();
        for d in 1..=depth.parse::<u32>().expect("a depth") {
            let count = reference(&p).perft(d);
            eprintln!("{var}: reference perft {d} {count}");
            assert_eq!(count, Position::perft(&p, d, PerftMode::Decision), "{fen} depth {d}");
        }
    }
}

#[test]
fn reference_perft_matches_fixtures() {
    let cap = if deep_runs() { 200_000 } else { 4_000 };
    let text = include_str!("../../fixtures/sovereign/perft.perft");
    reference_matches_fixture_file(text, cap, |fen| Ref::from(&fen.parse::<Sovereign>().unwrap()));
}

/// On request, the reference and fast perft counts of any position agree:
/// `MOTLEY_REF_PERFT="<fen>|<depth>"` checks depths 1 to `<depth>`.
#[test]
fn reference_perft_agrees_on_request() {
    reference_agrees_on_request::<Sovereign>("MOTLEY_REF_PERFT", Ref::from);
}

// ---- Royale (four seats) ----------------------------------------------------

const ROYALE_STARTS: [&str; 3] = [
    // Ash's king a9 must escape as soon as White has moved (tests/royale.rs).
    "1br5bk8/16/16/16/16/16/2br13/ak15/2br12sk/16/16/16/16/16/16/8wk7 1 w a s b - 0",
    motley_sovereign::ROYALE_START_FEN,
    // A sparse composed middle game: chains, edge castling rights, kings near each other.
    "7bk5yr2/16/16/4bp5bq5/ar15/2wn6gp6/16/ak15/15sk/16/2an5wp7/4wp8sn1sr/4ap11/16/16/2pr1wr3wk2wr2nr1 1 w a s b c1,e1,l1,o1,a12,p5 0",
];

#[test]
fn royale_reference_agrees_on_random_games() {
    let deep = deep_runs();
    let games = if deep { 120 } else { 24 };
    let mut rng = StdRng::seed_from_u64(0x0A0A);
    let (mut positions, mut escapes, mut captures, mut defections, mut castles) = (0, 0, 0, 0, 0);
    for g in 0..games {
        let mut p: Royale = ROYALE_STARTS[g % ROYALE_STARTS.len()].parse().unwrap();
        for _ in 0..110 {
            let fast = p.sorted_moves();
            let r = Ref::from_royale(&p);
            // The game is over once at most one king remains (§13.4).
            let kids = if r.kings() <= 1 { Vec::new() } else { r.children() };
            let mut slow: Vec<String> = kids.iter().map(|c| c.0.clone()).collect();
            slow.sort();
            assert_eq!(fast, slow, "generators disagree on {p}");
            let text = p.to_string();
            let back: Royale = text.parse().unwrap();
            assert_eq!(back.to_string(), text);
            positions += 1;
            defections += usize::from(fast.iter().any(|m| m.starts_with("defect")));
            castles += usize::from(fast.iter().any(|m| m.starts_with("castle")));
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            // Prefer captures of kings and regime changes now and then.
            let mv = pick(&mut rng, &moves);
            let mut expected = kids.into_iter().find(|c| c.0 == mv.to_string()).expect("move").1;
            let kings = p.kings();
            expected.advance(1);
            p.play(mv).unwrap();
            captures += usize::from(p.kings() < kings && p.escaped_last().is_empty());
            escapes += p.escaped_last().len();
            assert_eq!(Ref::from_royale(&p).key(), expected.key(), "position after {mv} differs");
        }
    }
    eprintln!(
        "royale: {positions} positions, {captures} king losses by capture, {escapes} escapes, {defections} with defections, {castles} with castles"
    );
    assert!(positions >= if deep { 10_000 } else { 2_000 });
    assert!(captures > 0 && escapes > 0 && defections > 0 && castles > 0);
}

#[test]
fn royale_reference_perft_matches_fixtures() {
    let cap = if deep_runs() { 200_000 } else { 2_000 };
    let text = include_str!("../../fixtures/royale/perft.perft");
    reference_matches_fixture_file(text, cap, |fen| Ref::from_royale(&fen.parse().unwrap()));
}

/// On request, the reference and fast Royale perft counts of any position
/// agree: `MOTLEY_REF_ROYALE="<fen>|<depth>"` checks depths 1 to `<depth>`.
#[test]
fn royale_reference_perft_agrees_on_request() {
    reference_agrees_on_request::<Royale>("MOTLEY_REF_ROYALE", Ref::from_royale);
}
