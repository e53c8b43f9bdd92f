//! The static evaluation the generic search ([`motley_core::search`]) uses
//! for Sovereign Chess ([`Sovereign`]) and Royale ([`Royale`]):
//! [`Evaluate`] for both.
//!
//! Scores are centipawns (a pawn is 100). The terms, for a seat:
//!
//! - **Material of the armies it owns and controls**: queen 900, rook 500,
//!   bishop 330, knight 300, pawn 100 for every piece of every colour the
//!   seat controls (§5: owned, or held through a square of colour and its
//!   chains); kings are not counted (losing one ends the game, which the
//!   search scores itself). Neutral armies count for nobody.
//!   [`Evaluate::material`] is this term alone.
//! - **Squares of colour held**: +40 for every colour the seat controls
//!   without owning it (an army it can move, and its two squares taken
//!   from everyone else), +12 more per piece it controls standing on a
//!   square of colour (each is a link of a chain and can be attacked).
//! - **King safety against every opponent-controlled colour**: the seat's
//!   king square and each of its neighbours attacked by any piece another
//!   seat controls (whatever its colour) costs 25, the king square itself
//!   60 more (check).
//! - **Pawn progress**: a pawn gains 6 per ring it has moved in from the
//!   edge (pawns promote on entering the central 4x4).
//!
//! Two seats: the seat's terms minus the opponent's (zero-sum). Royale
//! (four seats, paranoid search asks only the root seat): the seat's terms
//! minus the strongest other seat's; a seat in **Interregnum** (no king)
//! is scored [`INTERREGNUM`] lower, so the search treats losing its king as
//! nearly losing the game.

use motley_core::search::{Evaluate, WdlModel};
use motley_core::{Board16x16, Seat, SetGeometry};

use crate::board::{NONE, SQUARE_COLOR, sq};
use crate::movegen::State;
use crate::moves::Move;
use crate::piece::Role;
use crate::position::Sovereign;
use crate::royale::Royale;

/// How much lower a Royale seat in Interregnum (without a king) is scored.
pub const INTERREGNUM: i32 = 20_000;

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
const KING_SQUARE: i32 = 60;
const PAWN_RING: i32 = 6;

/// The ring of a square, 0 on the edge to 7 in the centre.
fn ring(s: u8) -> i32 {
    let f = i32::from(s % 16);
    let r = i32::from(s / 16);
    f.min(15 - f).min(r).min(15 - r)
}

/// Material of the pieces `seat` controls.
fn material_of(st: &State, seat: u8) -> i32 {
    let mut total = 0;
    let mine = st.sides(seat).0;
    for role in Role::ALL {
        total += (st.board.role(role) & mine).count() as i32 * value(role);
    }
    total
}

/// Every term for `seat` (see the module doc).
fn terms_of(st: &State, seat: u8) -> i32 {
    let (mine, theirs) = st.sides(seat);
    let mut score = 0;
    for role in Role::ALL {
        score += (st.board.role(role) & mine).count() as i32 * value(role);
    }
    let owned = st.owned[usize::from(seat)];
    for c in 0..12u8 {
        if st.ctrl[usize::from(c)] == seat && c != owned {
            score += COLOR_HELD;
        }
    }
    for s in (mine & crate::board::COLORED).iter() {
        if SQUARE_COLOR[usize::from(s)] != NONE {
            score += LINK;
        }
    }
    for s in (st.board.role(Role::Pawn) & mine).iter() {
        score += PAWN_RING * ring(s);
    }
    if let Some(k) = st.king(seat) {
        let occ = st.board.occupied;
        if st.board.attacked(k, occ, theirs) {
            score -= KING_SQUARE + KING_ZONE;
        }
        for n in Board16x16::king(sq(k)).iter() {
            if st.board.attacked(n, occ, theirs) {
                score -= KING_ZONE;
            }
        }
    }
    score
}

/// Whether `mv` captures, and the value of its victim and attacker.
fn capture(st: &State, mv: Move) -> Option<(i32, i32)> {
    let Move::Normal { from, to, .. } = mv else { return None };
    let victim = st.board.piece(to.bit())?;
    let attacker = st.board.piece(from.bit())?;
    Some((value(victim.role).max(if victim.role == Role::King { 2000 } else { 0 }), value(attacker.role)))
}

fn tactical(st: &State, mv: Move) -> bool {
    matches!(mv, Move::Normal { promotion: Some(_), .. }) || capture(st, mv).is_some()
}

fn order(st: &State, mv: Move) -> i32 {
    let promo = match mv {
        Move::Normal { promotion: Some(r), .. } => value(r).max(if r == Role::King { 400 } else { 0 }),
        _ => 0,
    };
    // A capture of a piece on a square of colour may take a whole army.
    capture(st, mv).map_or(promo, |(victim, attacker)| {
        let link = match mv {
            Move::Normal { to, .. } if SQUARE_COLOR[usize::from(to.bit())] != NONE => 300,
            _ => 0,
        };
        (victim + link) * 16 - attacker + promo
    })
}

/// What a score means in Sovereign Chess (see [`motley_core::search::wdl`]):
/// a flat curve (scale 5670, shape 1.22: raw scores swing by many pawns
/// between search depths), a draw width of 8333 (repetitions), and a first-move
/// edge (White's offset −739, tempo −152): White scores about 58% of the
/// self-play games, so the start reads about +0.76 for White at the analysis
/// depth.
///
/// Fitted on 120 self-play games at depth 2 (12,806 positions), measured on
/// 120 others (`docs/analysis.md`) by
/// `cargo run --release -p motley-cli --example fit_wdl -- sovereign --games 120
/// --held-out 120 --seed 1 --depth 2 --random-plies 4 --max-plies 200 --threads 2`.
pub const WDL: WdlModel = WdlModel::two_seats(5670.4, 8332.9, -739.2, -152.4).with_power(1.223);

impl Evaluate for Sovereign {
    const ANALYSIS_DEPTH: u32 = 6;
    const WDL: WdlModel = WDL;
    fn evaluate(&self, seat: Seat) -> i32 {
        terms_of(&self.st, seat.0) - terms_of(&self.st, seat.0 ^ 1)
    }

    fn material(&self, seat: Seat) -> i32 {
        material_of(&self.st, seat.0) - material_of(&self.st, seat.0 ^ 1)
    }

    /// Captures and promotions.
    fn is_tactical(&self, mv: Move) -> bool {
        tactical(&self.st, mv)
    }

    /// MVV-LVA, with a bonus for capturing on a square of colour (a link).
    fn move_order_score(&self, mv: Move) -> i32 {
        order(&self.st, mv)
    }
}

/// What a score means in Royale (see [`motley_core::search::wdl`]): **not
/// fitted.** `fit_wdl royale --games 16 --held-out 12 --seed 1 --depth 1
/// --max-plies 200` played 16 self-play games and none ended within 200
/// plies (every one cut off, a draw), so self-play at a depth that runs in
/// minutes says nothing about who wins. Until deeper self-play can decide
/// games, this is a stated prior: each seat's win chance is a quarter at a
/// raw 0 and changes by one unit of log-odds per 1000 raw centipawns (the
/// Interregnum penalty, 20,000, is then a near-certain loss); no draws.
pub const ROYALE_WDL: WdlModel = WdlModel {
    seats: 4,
    scale: 1000.0,
    win_offset: 1098.6,
    draw_width: 0.0,
    seat_offsets: [0.0; 4],
    tempo: 0.0,
    power: 1.0,
    clamp: motley_core::search::EVAL_LIMIT as f64,
};

impl Evaluate for Royale {
    const ANALYSIS_DEPTH: u32 = 5;
    const WDL: WdlModel = ROYALE_WDL;
    fn evaluate(&self, seat: Seat) -> i32 {
        let st = self.state();
        let best_other = (0..4u8)
            .filter(|&s| s != seat.0 && st.king(s).is_some())
            .map(|s| terms_of(st, s))
            .max()
            .unwrap_or(0);
        let interregnum = if st.king(seat.0).is_none() { INTERREGNUM } else { 0 };
        terms_of(st, seat.0) - best_other - interregnum
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

    /// MVV-LVA, with a bonus for capturing on a square of colour (a link).
    fn move_order_score(&self, mv: Move) -> i32 {
        order(self.state(), mv)
    }
}
