//! The pictures of both games: glyphs, cells, details, facts and
//! annotations ([`BoardView`] for [`Sovereign`] and [`Royale`]).

use motley_core::{Annotations, BoardView, Cell, Fact, Glyph, Region, Rgb, Royal, RoyalState};

use crate::board::{CENTER, Square, square_color};
use crate::movegen::State;
use crate::piece::{Color, Piece};
use crate::position::Sovereign;
use crate::royale::{ROYALE_SEATS, Royale};

/// The `(key, value)` details shared by both games.
pub(crate) fn details(st: &State, names: &[&'static str]) -> Vec<(&'static str, String)> {
    let mut d = vec![("side_to_move", format!("{} (seat {})", names[st.turn as usize], st.turn + 1))];
    let owned: Vec<String> = (0..st.seats)
        .map(|s| format!("{}: {}", names[s as usize], Color::ALL[st.owned[s as usize] as usize]))
        .collect();
    d.push(("owned", owned.join(", ")));
    let ctrl: Vec<String> = (0..st.seats)
        .map(|s| {
            let cs: Vec<&str> = Color::ALL
                .iter()
                .filter(|c| st.ctrl[**c as usize] == Some(s) && st.owned[s as usize] != **c as u8)
                .map(|c| c.name())
                .collect();
            format!("{}: {}", names[s as usize], if cs.is_empty() { "-".to_owned() } else { cs.join(" ") })
        })
        .collect();
    d.push(("controlled", ctrl.join(", ")));
    let neutral: Vec<&str> = Color::ALL
        .iter()
        .filter(|c| st.ctrl[**c as usize].is_none() && st.board.by_color[**c as usize].any())
        .map(|c| c.name())
        .collect();
    d.push(("neutral", if neutral.is_empty() { "-".to_owned() } else { neutral.join(" ") }));
    let checked: Vec<&str> = st.checked_seats().map(|s| names[s as usize]).collect();
    d.push(("check", if checked.is_empty() { "-".to_owned() } else { checked.join(" ") }));
    let rooks: Vec<String> = st.castling.iter().map(|s| s.to_string()).collect();
    d.push(("castling", if rooks.is_empty() { "-".to_owned() } else { rooks.join(" ") }));
    d.push(("ply", st.ply.to_string()));
    d.push(("halfmove_clock", st.halfmove.to_string()));
    d
}

/// The structured facts shared by both games (see [`BoardView::facts`]):
/// `board`, `squares_of_colour`, `armies`, `owned`, `controlled`,
/// `neutral`, `check`, `castling`, `ply`, `halfmove_clock`.
pub(crate) fn facts(st: &State, names: &[&'static str]) -> Vec<(&'static str, Fact)> {
    let seat = |s: u8| names.get(usize::from(s)).copied();
    let occupant = |s: Square| st.board.piece(s);
    let board = Fact::List(
        Square::all()
            .filter_map(|s| {
                let p = occupant(s)?;
                Some(Fact::piece(s, p.role.name(), "colour", p.color.name(), &[]))
            })
            .collect(),
    );
    let squares_of_colour = Fact::List(
        Square::all()
            .filter_map(|sq| {
                let colour = square_color(sq)?;
                let on = occupant(sq).map_or(Fact::Null, |p| {
                    Fact::map([("role", Fact::from(p.role.name())), ("colour", Fact::from(p.color.name()))])
                });
                Some(Fact::map([
                    ("square", Fact::text(sq)),
                    ("colour", Fact::from(colour.name())),
                    ("occupant", on),
                ]))
            })
            .collect(),
    );
    let owners = st.owners();
    let armies = Fact::map(Color::ALL.iter().map(|&c| {
        let owner = owners[c as usize].and_then(seat);
        let controller = st.ctrl[c as usize].and_then(seat);
        (c.name(), Fact::map([("owner", Fact::from(owner)), ("controller", Fact::from(controller))]))
    }));
    let seats = 0..st.seats;
    let owned = Fact::map(
        seats
            .clone()
            .map(|s| (names[s as usize], Fact::from(Color::ALL[st.owned[s as usize] as usize].name()))),
    );
    let controlled = Fact::map(seats.map(|s| {
        let cs = Color::ALL
            .iter()
            .filter(|c| st.ctrl[**c as usize] == Some(s) && st.owned[s as usize] != **c as u8)
            .map(|c| c.name());
        (names[s as usize], Fact::list(cs))
    }));
    let neutral = Fact::list(
        Color::ALL
            .iter()
            .filter(|c| st.ctrl[**c as usize].is_none() && st.board.by_color[**c as usize].any())
            .map(|c| c.name()),
    );
    let check = Fact::list(st.checked_seats().filter_map(seat));
    let castling = Fact::List(st.castling.iter().map(Fact::text).collect());
    vec![
        ("board", board),
        ("squares_of_colour", squares_of_colour),
        ("armies", armies),
        ("owned", owned),
        ("controlled", controlled),
        ("neutral", neutral),
        ("check", check),
        ("castling", castling),
        ("ply", Fact::from(st.ply)),
        ("halfmove_clock", Fact::from(st.halfmove)),
    ]
}

/// The regions pictures outline (shared by both games): the central
/// promotion zone g7–j10 in black, as the board prints it (§4.2), and its
/// inner 2×2 centre h8–i9 in white.
pub(crate) fn annotations() -> Annotations {
    let zone: Vec<(u8, u8)> = CENTER.iter().map(|s| (s.file().index(), s.rank().index())).collect();
    let centre: Vec<(u8, u8)> =
        zone.iter().copied().filter(|&(f, r)| (7..=8).contains(&f) && (7..=8).contains(&r)).collect();
    Annotations {
        regions: vec![
            Region { label: "promotion zone".to_owned(), squares: zone, color: Rgb(0x10, 0x10, 0x10) },
            Region { label: "centre".to_owned(), squares: centre, color: Rgb(0xf8, 0xf8, 0xf8) },
        ],
        ..Annotations::default()
    }
}

/// The kings of the seats that have one (shared by both games), each in
/// check when another seat's piece attacks it; `mated` is the seat
/// checkmated, if any.
pub(crate) fn royals(st: &State, mated: Option<u8>) -> Vec<Royal> {
    (0..st.seats)
        .filter_map(|seat| {
            let sq = st.king(seat)?;
            let state = if mated == Some(seat) {
                RoyalState::Mated
            } else if st.in_check(seat) {
                RoyalState::Check
            } else {
                RoyalState::Safe
            };
            let army = st.board.piece(sq).map_or("?", |p| p.color.name());
            Some(Royal { square: (sq.file().index(), sq.rank().index()), army, state })
        })
        .collect()
}

/// The cell of a square (shared by both games).
pub(crate) fn cell(st: &State, file: u8, rank: u8) -> Cell {
    let Some(sq) = Square::at(i32::from(file), i32::from(rank)) else { return Cell::default() };
    Cell { piece: st.board.piece(sq).map(glyph), tint: square_color(sq).map(|c| (c.name(), c.rgb())) }
}

impl BoardView for Sovereign {
    fn dimensions(&self) -> (u8, u8) {
        (16, 16)
    }

    fn cell(&self, file: u8, rank: u8) -> Cell {
        cell(&self.st, file, rank)
    }

    fn details(&self) -> Vec<(&'static str, String)> {
        details(&self.st, &["white", "black"])
    }

    fn facts(&self) -> Vec<(&'static str, Fact)> {
        facts(&self.st, &["white", "black"])
    }

    fn annotations(&self) -> Annotations {
        annotations()
    }

    /// Both kings; the side to move's checkmated once the game ends so.
    fn royals(&self) -> Vec<motley_core::Royal> {
        let mated = (self.end_reason() == Some(crate::EndReason::Checkmate)).then_some(self.st.turn);
        royals(&self.st, mated)
    }
}

/// The glyph of a piece.
pub(crate) fn glyph(p: Piece) -> Glyph {
    Glyph {
        letter: p.role.letter().to_ascii_uppercase(),
        symbol: p.role.symbol(),
        army: p.color.name(),
        color: p.color.rgb(),
        mark: None,
    }
}

impl BoardView for Royale {
    fn dimensions(&self) -> (u8, u8) {
        (16, 16)
    }

    fn cell(&self, file: u8, rank: u8) -> Cell {
        cell(&self.st, file, rank)
    }

    fn details(&self) -> Vec<(&'static str, String)> {
        let mut d = details(&self.st, &ROYALE_SEATS);
        let inter: Vec<&str> =
            (0..4).filter(|&s| self.st.king(s as u8).is_none()).map(|s| ROYALE_SEATS[s]).collect();
        d.push(("interregnum", if inter.is_empty() { "-".to_owned() } else { inter.join(" ") }));
        d
    }

    fn facts(&self) -> Vec<(&'static str, Fact)> {
        let mut f = facts(&self.st, &ROYALE_SEATS);
        let inter = (0..4).filter(|&s| self.st.king(s as u8).is_none()).map(|s| ROYALE_SEATS[s]);
        f.push(("interregnum", Fact::list(inter)));
        f
    }

    fn annotations(&self) -> Annotations {
        annotations()
    }

    /// The kings still on the board, each in check when attacked (a king
    /// is captured, not checkmated, in Royale).
    fn royals(&self) -> Vec<Royal> {
        royals(&self.st, None)
    }
}
