//! The static evaluation the generic search ([`motley_core::search`]) uses
//! for Sovereign Chess ([`Sovereign`]) and Royale ([`Royale`]):
//! [`Evaluate`] for both.
//!
//! Scores are centipawns (a pawn is 100). The terms, for a seat:
//!
//! - **Material of its owned army** at full value: queen 900, rook 500,
//!   bishop 330, knight 300, pawn 100; kings are not counted (losing one
//!   ends the game, which the search scores itself). [`Evaluate::material`]
//!   counts every army the seat controls at full value (what `greedy` plays
//!   for).
//! - **Controlled armies by how securely they are held.** A colour the seat
//!   controls without owning it (§5: through a piece on one of its squares,
//!   and chains of such links) is worth +40 and [`HELD_SHARE`] (one half) of
//!   its material, or only [`HANGING_SHARE`] (about a fifth) when some link
//!   of the chain holding it stands attacked by another seat: one capture
//!   there hands the whole army, and what hangs from it, to the capturer.
//!   Counting an army taken through one link at full value would make the
//!   score swing by 20 pawns and more with whoever moved last before the
//!   horizon. Neutral armies count for nobody. Royale counts
//!   [`ROYALE_HELD`] (one half) of these shares: three seats move between
//!   two turns of one, so a link stands to be taken three times as often.
//! - **Links**: +12 per piece it controls standing on a square of colour.
//! - **King safety against every army that could change hands**: its king
//!   attacked costs 60; each piece another seat controls within two king
//!   steps of it costs 25, and each neutral piece there 8 (whoever takes its
//!   colour next gains an attacker beside the king).
//! - **Pawn progress**: a pawn gains 6 per ring it has moved in from the
//!   edge (pawns promote on entering the central 4x4).
//!
//! Two seats: the seat's terms minus the opponent's (zero-sum). Royale
//! (four seats, paranoid search asks only the root seat): the seat's terms
//! minus the **mean of its rivals'** (the other seats that still have a
//! king); a seat in **Interregnum** (no king) is scored [`INTERREGNUM`]
//! lower, so the search treats losing its king as nearly losing the game.
//! Against the mean, a capture from any rival gains a third of its victim
//! and an even trade costs two thirds; against the strongest rival only, a
//! capture from either of the two others would gain nothing and the seat
//! would seldom trade. Royale is won by owning the last
//! king, so the seat also gains from the **hunt** of the other kings:
//! [`KING_TAKEN`] for each other seat without a king, and for each other
//! king still on the board [`HUNT_CHECK`] when the seat's pieces attack it
//! and [`HUNT_ZONE`] per square next to it they attack. Without these terms
//! a seat gains nothing by capturing a king (it has no material value),
//! and self-play games go on for thousands of plies among lone kings.
//! A **weak rival's king is boxed in**: for each rival that controls at
//! most [`CONFINE_WEAK`] of material, [`CONFINE_LEAD`] less than the seat,
//! the seat gains [`CONFINE`] per square of room that king has lost (its
//! room: the squares it reaches by king steps over empty squares and the
//! seat's unguarded pieces without stepping onto a square the seat
//! attacks, counted up to [`CONFINE_CAP`]). The hunt terms reward only the
//! last step, a check or an attacked square next to the king; this one
//! leads a seat that is far ahead to close the net instead of chasing a
//! lone king around the board until the ply cap.
//!
//! **Royale does not repeat while ahead** ([`SearchProfile::repetition_penalty`]
//! is [`REPEAT`]): Royale has no draw by repetition, so without a penalty a
//! seat ahead can give the same check back and forth, or shuffle a rook,
//! for hundreds of plies without a capture or pawn move. Given the game's history
//! (UCI's `position … moves`, `motley match`, `analyze --moves`), a root
//! move back into a position of the game scores [`REPEAT`] lower per
//! earlier visit when the seat stands better; a seat behind may repeat.
//!
//! **Quiescence** follows captures (a capture of a link takes its colour)
//! and promotions, for at most [`QUIESCENCE_PLIES`] plies, and for its first
//! [`OCCUPY_PLIES`] plies also the quiet moves onto an empty square of a
//! neutral colour, which take that army: without them the side that moved
//! last before the horizon is an army ahead in every static evaluation,
//! and the score swings by many pawns from one depth to the next. Those moves
//! are also ordered first among the quiet ones.
//! The search reduces late quiet moves ([`SearchProfile::reductions`]): with 100
//! to 300 legal moves a node, the exact tree stops at depth 7 in seconds.
//!
//! **Royale's search is more selective**, because one round is four plies
//! and three of them are the opponents', whom paranoid search lets play as
//! one side three times in a row: quiescence skips captures that lose
//! material at once (a capturer worth more than its victim, on a plain
//! square another seat then attacks) and follows at most
//! [`QUIESCENCE_WIDTHS`] captures per ply; with one ply left, quiet moves
//! that cannot lift the static score by [`FUTILITY_MARGIN`] to alpha are
//! pruned; and a table entry searched deeper than needed may cut
//! ([`SearchProfile::deeper_cuts`]; Royale has no chance nodes). Without these a
//! middle game of the fixtures needs minutes to reach depth 6; with them,
//! well under a minute.
//!
//! **A stopped Royale search plays what its unfinished iteration proved**
//! ([`SearchProfile::partial_iterations`]): each Royale iteration takes two to
//! five times as long as all before it, so a search of a few tens of
//! milliseconds a move spends most of its time in an iteration it does not
//! finish; a root move that iteration has already found better than the
//! previous best is played instead of being thrown away.
//!
//! **Royale keeps paranoid search** ([`SearchProfile::best_reply`] is off): the
//! core's best-reply layers (one opponent replies with any move, the other
//! two play their most forcing one, and the three turns count one ply) see
//! two rounds at depth 5 where paranoid search sees little more than one,
//! but a seat searching that way wins fewer games against three paranoid
//! seats. UCI's `BestReply` option turns it on.

use motley_core::Seat;
use motley_core::search::{Evaluate, Reading, SearchProfile, Techniques, WdlModel};

use crate::board::{COLOR_SQUARES, SQUARE_COLOR, Square, SquareSet, king_steps};
use crate::movegen::State;
use crate::moves::Move;
use crate::piece::Role;
use crate::position::Sovereign;
use crate::royale::Royale;

/// How much lower a Royale seat in Interregnum (without a king) is scored.
pub const INTERREGNUM: i32 = 20_000;
/// Royale: what a seat gains for each other seat without a king (one
/// rival fewer for the last king).
pub const KING_TAKEN: i32 = 1500;
/// Royale: what a seat gains for each other king its pieces attack.
pub const HUNT_CHECK: i32 = 40;
/// Royale: what a seat gains for each square next to another seat's king
/// that its pieces attack (the king's escape squares).
pub const HUNT_ZONE: i32 = 10;

/// Royale: a rival that controls at most this much material
/// ([`Evaluate::material`]'s count), and at least [`CONFINE_LEAD`] less
/// than the seat, has the room of its king counted ([`CONFINE`]).
pub const CONFINE_WEAK: i32 = 1500;
/// Royale: how much more material the seat must control than a weak rival
/// to count the room of that rival's king.
pub const CONFINE_LEAD: i32 = 500;
/// Royale: the most squares of a king's room counted.
pub const CONFINE_CAP: i32 = 100;
/// Royale: what a seat gains for each square of room (below
/// [`CONFINE_CAP`]) a weak rival's king has lost.
pub const CONFINE: i32 = 3;
/// Royale: how much lower a root move scores, per earlier visit, when it
/// leads back to a position the game has been in and the seat stands
/// better ([`SearchProfile::repetition_penalty`]).
pub const REPEAT: i32 = 100;

/// Royale: the part (in 1/256) of [`HELD_SHARE`] and [`HANGING_SHARE`]
/// that an army a seat controls without owning it counts for, against the
/// two-player game: one half. Three seats move between two turns of one,
/// so a link stands to be taken three times as often: with the full share
/// a seat wins armies through links early and loses them one capture at a
/// time, and in engine matches it wins fewer games than with one half.
pub const ROYALE_HELD: i32 = 128;

/// A role's value in centipawns (a king: 0).
#[must_use]
pub const fn value(role: Role) -> i32 {
    match role {
        Role::King => 0,
        Role::Queen => 900,
        Role::Rook => 500,
        Role::Bishop => 330,
        Role::Knight => 300,
        Role::Pawn => 100,
    }
}

const COLOR_HELD: i32 = 40;
const LINK: i32 = 12;
const KING_ZONE: i32 = 25;
const KING_NEUTRAL: i32 = 8;
const KING_SQUARE: i32 = 60;
const PAWN_RING: i32 = 6;

/// The share of a controlled (not owned) army's material a seat is credited
/// with, in 1/256, when every link of its chain is safe from capture.
pub const HELD_SHARE: i32 = 128;
/// The share, in 1/256, when some link of its chain stands attacked by
/// another seat (a capture there hands the whole army over at once).
pub const HANGING_SHARE: i32 = 48;
/// How many plies past the horizon quiescence search also follows quiet
/// moves onto an empty square of a neutral colour (which take its army):
/// the side to move at the horizon may answer an army just taken by taking
/// one itself.
pub const OCCUPY_PLIES: u32 = 2;
/// How deep quiescence goes in Sovereign Chess and Royale: capture
/// sequences among a dozen armies grow about fivefold per ply past the
/// fourth, while the score of a middle game stays the same.
pub const QUIESCENCE_PLIES: u32 = 4;
/// Royale: how many captures (best first by MVV-LVA) quiescence follows
/// at most at each ply past the horizon (the last entry for every later
/// ply). Three opponents play in a row there, and their capture sequences
/// multiply: without a cap, a middle game of the fixtures spends almost
/// all of a depth-5 search in quiescence, most of it three and four plies
/// past the horizon.
pub const QUIESCENCE_WIDTHS: [usize; 4] = [4, 3, 2, 1];
/// Royale: futility margin ([`Evaluate::futility_margin`]): with one ply
/// left, a quiet move is not searched when the static score plus this
/// cannot reach alpha.
pub const FUTILITY_MARGIN: i32 = 300;

/// The squares of each ring, 0 on the edge to 7 in the centre.
static RINGS: [SquareSet; 8] = rings();

const fn rings() -> [SquareSet; 8] {
    let mut t = [SquareSet::EMPTY; 8];
    let mut s = 0;
    while s < 256 {
        let (f, r) = (s % 16, s / 16);
        let ring = min(min(f, 15 - f), min(r, 15 - r));
        t[ring] = t[ring].with(Square::new_unchecked(s as u8));
        s += 1;
    }
    t
}

const fn min(a: usize, b: usize) -> usize {
    if a < b { a } else { b }
}

/// The material of colour `c`'s pieces (kings count 0).
fn army(st: &State, c: usize) -> i32 {
    Role::ALL.iter().map(|&role| i32::from(st.board.count[c][role.index()]) * value(role)).sum()
}

/// The square of colour `c`'s pair a piece stands on, if any.
fn link_square(st: &State, c: usize) -> Option<Square> {
    COLOR_SQUARES[c].into_iter().find(|&s| st.board.occupied.contains(s))
}

/// The share (in 1/256) of colour `c`'s army that `seat`, which controls
/// it without owning it, is credited with: [`HELD_SHARE`], or
/// [`HANGING_SHARE`] when a link of the chain from `c` up to an owned colour
/// is attacked by a piece another seat controls.
fn share(st: &State, seat: u8, c: usize, theirs: SquareSet) -> i32 {
    let owned = usize::from(st.owned[usize::from(seat)]);
    let mut x = c;
    // A chain has at most 11 links; a cycle would be neutral, not controlled.
    for _ in 0..12 {
        let Some(l) = link_square(st, x) else { break };
        if st.board.attacked(l, st.board.occupied, theirs) {
            return HANGING_SHARE;
        }
        match st.board.piece(l) {
            Some(p) if usize::from(p.color as u8) != owned => x = usize::from(p.color as u8),
            _ => break,
        }
    }
    HELD_SHARE
}

/// Material of the pieces `seat` controls, at full value.
fn material_of(st: &State, seat: u8) -> i32 {
    (0..12).filter(|&c| st.ctrl[c] == Some(seat)).map(|c| army(st, c)).sum()
}

/// Every term for `seat` (see the module doc); an army the seat controls
/// without owning it counts `held`/256 of its [`share`].
fn terms_of(st: &State, seat: u8, held: i32) -> i32 {
    let (mine, theirs) = st.sides(seat);
    let owned = usize::from(st.owned[usize::from(seat)]);
    let mut score = 0;
    for c in 0..12 {
        if st.ctrl[c] != Some(seat) {
            continue;
        }
        if c == owned {
            score += army(st, c);
        } else {
            score += COLOR_HELD + army(st, c) * share(st, seat, c, theirs) * held / (256 * 256);
        }
    }
    for s in (mine & crate::board::COLORED).iter() {
        if SQUARE_COLOR[s.index()].is_some() {
            score += LINK;
        }
    }
    let pawns = st.board.role(Role::Pawn) & mine;
    for (ring, squares) in (0..).zip(&RINGS) {
        score += PAWN_RING * ring * (pawns & *squares).count() as i32;
    }
    if let Some(k) = st.king(seat) {
        if st.board.attacked(k, st.board.occupied, theirs) {
            score -= KING_SQUARE;
        }
        let near = KING_BOX[k.index()];
        let neutral = st.board.occupied - mine - theirs;
        score -= KING_ZONE * (near & theirs).count() as i32 + KING_NEUTRAL * (near & neutral).count() as i32;
    }
    score
}

/// Royale: the hunt of the other kings by `seat` (see the module doc).
fn hunt(st: &State, seat: u8) -> i32 {
    let (mine, _) = st.sides(seat);
    if mine.is_empty() {
        return 0;
    }
    let occ = st.board.occupied;
    let mut score = 0;
    for other in (0..st.seats).filter(|&o| o != seat) {
        let Some(k) = st.king(other) else {
            score += KING_TAKEN;
            continue;
        };
        if st.board.attacked(k, occ, mine) {
            score += HUNT_CHECK;
        }
        let zone = king_steps(k);
        let attacked = zone.iter().filter(|&z| st.board.attacked(z, occ, mine)).count() as i32;
        score += HUNT_ZONE * attacked;
    }
    score
}

/// Royale: the room of weak rivals' kings taken by `seat`, whose pieces
/// are `mine` (see [`CONFINE`]). A king's room is the squares it could
/// reach by king steps, each step onto a square that is empty or holds a
/// piece of `seat`, and that no piece of `seat` attacks; counted up to
/// [`CONFINE_CAP`].
fn confinement(st: &State, seat: u8, mine: SquareSet) -> i32 {
    let own = material_of(st, seat);
    let mut score = 0;
    for other in (0..st.seats).filter(|&o| o != seat) {
        let Some(k) = st.king(other) else { continue };
        let theirs = material_of(st, other);
        if theirs > CONFINE_WEAK || own < theirs + CONFINE_LEAD {
            continue;
        }
        score += CONFINE * (CONFINE_CAP - room(st, k, mine));
    }
    score
}

/// The room of the king on `k` against the pieces `mine` (see
/// [`confinement`]), at most [`CONFINE_CAP`].
fn room(st: &State, k: Square, mine: SquareSet) -> i32 {
    let occ = st.board.occupied.without(k);
    let blocked = occ - mine;
    let mut seen = SquareSet::EMPTY.with(k);
    let mut frontier = seen;
    let mut area = 0;
    while frontier.any() && area < CONFINE_CAP {
        let mut next = SquareSet::EMPTY;
        for f in frontier.iter() {
            next |= king_steps(f);
        }
        next = next - seen - blocked;
        seen |= next;
        frontier = SquareSet::EMPTY;
        for s in next.iter() {
            if !st.board.attacked(s, occ, mine) {
                frontier = frontier.with(s);
                area += 1;
            }
        }
    }
    area.min(CONFINE_CAP)
}

/// The squares within two king steps of each square (the 5x5 box around it).
static KING_BOX: [SquareSet; 256] = king_boxes();

const fn king_boxes() -> [SquareSet; 256] {
    let mut t = [SquareSet::EMPTY; 256];
    let mut s = 0;
    while s < 256 {
        let (f, r) = ((s % 16) as i32, (s / 16) as i32);
        let mut set = SquareSet::EMPTY;
        let mut df = -2;
        while df <= 2 {
            let mut dr = -2;
            while dr <= 2 {
                let (nf, nr) = (f + df, r + dr);
                if (df != 0 || dr != 0) && nf >= 0 && nf < 16 && nr >= 0 && nr < 16 {
                    set = set.with(Square::new_unchecked((nr * 16 + nf) as u8));
                }
                dr += 1;
            }
            df += 1;
        }
        t[s] = set;
        s += 1;
    }
    t
}

/// Whether `mv` is a quiet move onto an empty square of a colour nobody
/// controls and the mover's opponents do not own: it takes that colour's
/// army (and what hangs from it) for the mover.
fn occupies(st: &State, mv: Move) -> bool {
    let Move::Normal { to, .. } = mv else { return false };
    // An owned colour is always controlled, so a neutral one is nobody's.
    SQUARE_COLOR[to.index()].is_some_and(|c| !st.board.occupied.contains(to) && st.ctrl[c.index()].is_none())
}

/// Whether `mv` captures, and the value of its victim and attacker.
fn capture(st: &State, mv: Move) -> Option<(i32, i32)> {
    let Move::Normal { from, to, .. } = mv else { return None };
    let victim = st.board.piece(to)?;
    let attacker = st.board.piece(from)?;
    Some((value(victim.role).max(if victim.role == Role::King { 2000 } else { 0 }), value(attacker.role)))
}

/// Whether a capture loses material at once: the capturer is worth more
/// than its victim, the victim stands on a plain square (a capture on a
/// square of colour may take a whole army) and another seat's piece then
/// attacks the square. Royale's quiescence does not follow these.
/// `values` is [`capture`]'s (victim, attacker) for `mv`.
fn losing_capture(st: &State, mv: Move, (victim, attacker): (i32, i32)) -> bool {
    let Move::Normal { from, to, promotion: None } = mv else { return false };
    if attacker <= victim || SQUARE_COLOR[to.index()].is_some() {
        return false;
    }
    let (_, theirs) = st.sides(st.turn);
    let occ = st.board.occupied.without(from);
    st.board.attacked(to, occ, theirs.without(to))
}

fn tactical(st: &State, mv: Move) -> bool {
    matches!(mv, Move::Normal { promotion: Some(_), .. }) || capture(st, mv).is_some()
}

fn order(st: &State, mv: Move) -> i32 {
    if occupies(st, mv) {
        // A quiet move that takes a neutral army: tried before other quiet moves.
        return 2000;
    }
    let promo = match mv {
        Move::Normal { promotion: Some(r), .. } => value(r).max(if r == Role::King { 400 } else { 0 }),
        _ => 0,
    };
    // A capture of a piece on a square of colour may take a whole army.
    capture(st, mv).map_or(promo, |(victim, attacker)| {
        let link = match mv {
            Move::Normal { to, .. } if SQUARE_COLOR[to.index()].is_some() => 300,
            _ => 0,
        };
        (victim + link) * 16 - attacker + promo
    })
}

/// What a score means in Sovereign Chess (see [`motley_core::search::wdl`]):
/// a flat curve (scale 1623 centipawns, shape 1.02: a controlled army makes
/// raw scores of tens of pawns common), a small draw width of its own (141)
/// and a draw floor of 12% at an even score that fades over about 75 pawns
/// (width 7492: a tenth of the self-play games end in a repetition, most of
/// them from balanced positions), with White's offset −94 and tempo +96:
/// White wins 56% of the decisive self-play games, and the start reads
/// about +0.73 for White at the analysis depth (an expected result of 60%).
///
/// Fitted on self-play games at 30,000 nodes a move (a mean completed
/// depth of 4.1) played to their natural end, and measured on others
/// (calibration in `docs/analysis.md`), by
/// `cargo run --release -p motley-cli --example fit_wdl -- sovereign --games 600
/// --held-out 400 --seed 1 --depth 64 --nodes 30000 --random-plies 4 --max-plies 1000
/// --cut drop --dump sovereign.dump`, then `fit_wdl -- sovereign --from-dump
/// sovereign.dump --draw-floor 1 --draw-floor-width 1`.
pub const WDL: WdlModel = WdlModel::two_seats(1622.7, 140.6, -94.2, 96.4)
    .with_power(1.019)
    .with_draw_floor(0.1228)
    .with_draw_floor_width(7492.1);

impl Reading for Sovereign {
    const ANALYSIS_DEPTH: u32 = 6;
    const WDL: WdlModel = WDL;
}

/// The selective techniques of two-player Sovereign Chess's search: all
/// of them (there is no chance). The whole set won games against the
/// search without it; matches without null-move pruning or without
/// move-count pruning were too close to call, so both stay.
const TECHNIQUES: Techniques = Techniques::ALL;

impl Evaluate for Sovereign {
    const PROFILE: SearchProfile = SearchProfile {
        reductions: true,
        quiescence_plies: QUIESCENCE_PLIES,
        techniques: TECHNIQUES,
        ..SearchProfile::DEFAULT
    };
    fn evaluate(&self, seat: Seat) -> i32 {
        terms_of(&self.st, seat.0, 256) - terms_of(&self.st, seat.0 ^ 1, 256)
    }

    fn material(&self, seat: Seat) -> i32 {
        material_of(&self.st, seat.0) - material_of(&self.st, seat.0 ^ 1)
    }

    /// Captures and promotions.
    fn is_tactical(&self, mv: Move) -> bool {
        tactical(&self.st, mv)
    }

    /// Tactical moves, and for [`OCCUPY_PLIES`] plies past the horizon the
    /// quiet moves that take a neutral army.
    fn is_quiescence_input(&self, mv: Move, qply: u32) -> bool {
        tactical(&self.st, mv) || (qply < OCCUPY_PLIES && occupies(&self.st, mv))
    }

    /// MVV-LVA, with a bonus for capturing on a square of colour (a link).
    fn move_order_score(&self, mv: Move) -> i32 {
        order(&self.st, mv)
    }

    /// The other seat to move, every piece, right and control as it is,
    /// unless the side to move is in check. Zugzwang is not guarded
    /// against: with a dozen armies in play a seat nearly always has a
    /// harmless move.
    fn null_move(&self) -> Option<Self> {
        if self.st.in_check(self.st.turn) {
            return None;
        }
        let mut next = self.clone();
        next.st.pass();
        Some(next)
    }

    fn in_check(&self) -> bool {
        self.st.in_check(self.st.turn)
    }
}

/// A win-chance model of Royale (four seats, no draw width, no seat
/// offsets): `scale`, `win_offset` and `power` as fitted.
const fn royale_model(scale: f64, win_offset: f64, power: f64) -> WdlModel {
    WdlModel::four_seats(scale, win_offset, 0.0).with_power(power)
}

/// What a score means in Royale (see [`motley_core::search::wdl`]): each
/// seat's chance to win, one model per class of position
/// ([`Reading::wdl_class`] of a [`Royale`]): a seat without a king at the
/// end of the searched line, then two, three and four kings left. A tie (an
/// escaped king, ½) and a game cut off undecided count as not a win:
/// counted as shares of a four-way draw they would make the curves read
/// every start as a large edge.
///
/// One curve for every position could not be calibrated, because the same
/// raw score means a different chance in each class. With four kings left a
/// seat at 0 to +10 pawns wins 25% of self-play games and one at +30 to +50
/// pawns 79%; with two left, each survivor already has 2 × [`KING_TAKEN`]
/// for the kingless rivals, and a seat at 0 to +10 pawns wins 4%, one at
/// +30 to +50 pawns 36% in self-play. A seat without a king reads below
/// −[`INTERREGNUM`] yet wins from 23% of its positions, since it may crown
/// a new king.
///
/// Class 0 is read from the score, not the board: the models of classes 1
/// to 3 hand every score below [`INTERREGNUM_LEVEL`] to it
/// ([`WdlModel::below`]). Chosen by the board alone, a seat without a king
/// whose search has found it a new one (scores near 0, often won) would sit
/// with seats that have none in sight (far below 0), and a seat whose king
/// the search sees taken (below −10,000, seldom won) with seats that keep
/// theirs; one curve per class cannot follow either.
///
/// Fitted on self-play games of the evaluation in this file and measured on
/// others (calibration in `docs/analysis.md`). Games: `cargo run --release -p
/// motley-cli --example fit_wdl -- royale --games 200 --held-out 200 --seed
/// S --depth 64 --nodes 2000 --random-plies 4 --max-plies 1000 --threads 1
/// --dump royale-S.dump`: seeds 500000 to 1000000 by 100000 fitted (both
/// sets of each), 1100000 and 1200000 held out (both sets), ties and games
/// cut off counted as not a win (`sed 's/ draw \([0-9]*\)$/ loss \1/'`),
/// then `--from-dump` on the merged dumps (each sample carries the class
/// its score is read in).
pub const ROYALE_WDL_BY_KINGS: [WdlModel; 4] = [
    ROYALE_INTERREGNUM_WDL,
    royale_model(645.8, 3620.1, 0.754).reading_below(INTERREGNUM_LEVEL, &ROYALE_INTERREGNUM_WDL),
    royale_model(1052.9, 2712.7, 0.882).reading_below(INTERREGNUM_LEVEL, &ROYALE_INTERREGNUM_WDL),
    royale_model(2673.5, 2861.3, 1.177).reading_below(INTERREGNUM_LEVEL, &ROYALE_INTERREGNUM_WDL),
];

/// Royale's odds of a seat without a king at the end of the searched line
/// (class 0 of [`ROYALE_WDL_BY_KINGS`]), which the other classes hand every
/// score below [`INTERREGNUM_LEVEL`].
pub const ROYALE_INTERREGNUM_WDL: WdlModel = royale_model(2206.2, -15169.1, 0.865);

/// The raw score below which a Royale seat has no king at the end of the
/// searched line: half of [`INTERREGNUM`], which a seat without a king
/// loses and the other terms together seldom reach. A seat with a king
/// that the search sees lost scores below it; a seat without one that the
/// search sees crown a new king scores above it.
pub const INTERREGNUM_LEVEL: f64 = -(INTERREGNUM as f64) / 2.0;

/// Royale's [`Reading::WDL`]: the model of four kings left (the start's
/// class), which [`Reading::wdl_model`] uses only where a position's class
/// is not known.
pub const ROYALE_WDL: WdlModel = ROYALE_WDL_BY_KINGS[3];

/// The odds class of a Royale position for `seat`: the number of kings
/// left, counting the seat's own whether it has one now or not, minus one
/// (1 to 3). Its model hands scores below [`INTERREGNUM_LEVEL`] to class 0
/// (no king at the end of the searched line), so a seat's class follows
/// what the search found, not only the board: a seat without a king whose
/// search crowns a new one is read as a seat with a king, and one whose
/// king the search sees taken as a seat without.
fn royale_wdl_class(st: &State, seat: Seat) -> usize {
    let others = (0..4u8).filter(|&s| s != seat.0 && st.king(s).is_some()).count();
    (others + 1).clamp(2, 4) - 1
}

impl Reading for Royale {
    const ANALYSIS_DEPTH: u32 = 5;
    const WDL: WdlModel = ROYALE_WDL;
    const WDL_MODELS: &'static [WdlModel] = &ROYALE_WDL_BY_KINGS;

    /// The number of kings left, the seat's own counted whether it has one
    /// or not, minus one; its model reads a score below
    /// [`INTERREGNUM_LEVEL`] as class 0's.
    fn wdl_class(&self, seat: Seat) -> usize {
        royale_wdl_class(self.state(), seat)
    }
}

impl Evaluate for Royale {
    const PROFILE: SearchProfile = SearchProfile {
        reductions: true,
        deeper_cuts: true,
        quiescence_plies: QUIESCENCE_PLIES,
        repetition_penalty: Some(REPEAT),
        partial_iterations: true,
        ..SearchProfile::DEFAULT
    };
    fn evaluate(&self, seat: Seat) -> i32 {
        let st = self.state();
        let (rivals, sum) = (0..4u8)
            .filter(|&s| s != seat.0 && st.king(s).is_some())
            .fold((0, 0), |(n, sum), s| (n + 1, sum + terms_of(st, s, ROYALE_HELD)));
        let rivals_mean = if rivals == 0 { 0 } else { sum / rivals };
        let interregnum = if st.king(seat.0).is_none() { INTERREGNUM } else { 0 };
        let (mine, _) = st.sides(seat.0);
        terms_of(st, seat.0, ROYALE_HELD) - rivals_mean - interregnum
            + hunt(st, seat.0)
            + confinement(st, seat.0, mine)
    }

    fn material(&self, seat: Seat) -> i32 {
        let st = self.state();
        let best_other = (0..4u8).filter(|&s| s != seat.0).map(|s| material_of(st, s)).max().unwrap_or(0);
        material_of(st, seat.0) - best_other
    }

    /// Captures and promotions.
    fn is_tactical(&self, mv: Move) -> bool {
        tactical(self.state(), mv)
    }

    /// Tactical moves, and for [`OCCUPY_PLIES`] plies past the horizon the
    /// quiet moves that take a neutral army.
    fn is_quiescence_input(&self, mv: Move, qply: u32) -> bool {
        let st = self.state();
        match capture(st, mv) {
            Some(values) => !losing_capture(st, mv, values),
            None => tactical(st, mv) || (qply < OCCUPY_PLIES && occupies(st, mv)),
        }
    }

    /// MVV-LVA, with a bonus for capturing on a square of colour (a link).
    fn move_order_score(&self, mv: Move) -> i32 {
        order(self.state(), mv)
    }

    /// [`FUTILITY_MARGIN`].
    fn futility_margin(&self) -> Option<i32> {
        Some(FUTILITY_MARGIN)
    }

    /// [`QUIESCENCE_WIDTHS`]: the three opponents' capture sequences multiply.
    fn quiescence_width(&self, qply: u32) -> Option<usize> {
        Some(QUIESCENCE_WIDTHS[(qply as usize).min(QUIESCENCE_WIDTHS.len() - 1)])
    }
}

#[cfg(test)]
mod tests {
    use motley_core::Position;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;

    /// Over seeded random games: a pass is refused exactly when the side to
    /// move is in check; otherwise it hands the turn to the other seat with
    /// every piece and owned colour as it was and a hash equal to the one
    /// computed from scratch.
    #[test]
    fn a_pass_hands_the_turn_over_unless_in_check() {
        let (mut passed, mut refused) = (0, 0);
        for seed in 0..12 {
            let mut rng = StdRng::seed_from_u64(seed);
            let mut pos = Sovereign::start();
            for _ in 0..120 {
                let moves = pos.legal_moves();
                if moves.is_empty() || pos.outcome().is_some() {
                    break;
                }
                assert_eq!(pos.in_check(), pos.is_check());
                match pos.null_move() {
                    Some(next) => {
                        assert!(!pos.is_check(), "{pos}");
                        assert_eq!(next.st.turn, pos.st.turn ^ 1);
                        assert_eq!((&next.st.board, next.st.owned), (&pos.st.board, pos.st.owned));
                        assert_eq!(next.st.hash, next.st.fresh_hash(), "{pos}");
                        passed += 1;
                    }
                    None => {
                        assert!(pos.is_check(), "{pos}");
                        refused += 1;
                    }
                }
                pos.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(passed > 500 && refused > 0, "{passed} passed, {refused} refused");
    }
}
