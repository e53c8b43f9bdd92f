//! [`BoardView`] for [`Joker`]: what renderers draw.

use motley_core::{Annotations, BoardView, Cell, Fact, Glyph, PieceRow, Rgb, Royal, RoyalState};

use crate::board::Square;
use crate::piece::{Color, Piece, Role};
use crate::position::Joker;
use crate::setup::Pocket;

const SYMBOLS: [char; 6] = ['♟', '♞', '♝', '♜', '♛', '♚'];

/// The glyph of a piece (`promoted` adds the `~` mark).
fn glyph(p: Piece, promoted: bool) -> Glyph {
    Glyph {
        letter: p.role.upper_char(),
        symbol: SYMBOLS[p.role as usize],
        army: p.color.name(),
        color: match p.color {
            Color::White => Rgb(0xF4, 0xF1, 0xE8),
            Color::Black => Rgb(0x22, 0x22, 0x22),
        },
        mark: promoted.then_some('~'),
    }
}

/// A pocket's pieces of one colour as a row, in canonical order.
fn row(label: String, pocket: Pocket, color: Color) -> PieceRow {
    let pieces = Role::RESPAWNING
        .into_iter()
        .flat_map(|role| (0..pocket.get(color, role)).map(move |_| glyph(Piece::new(color, role), false)))
        .collect();
    PieceRow { label, pieces }
}

impl BoardView for Joker {
    fn dimensions(&self) -> (u8, u8) {
        (8, 8)
    }

    fn cell(&self, file: u8, rank: u8) -> Cell {
        let piece = Square::at(i32::from(file), i32::from(rank))
            .and_then(|sq| self.board.piece_at(sq).map(|p| glyph(p, self.board.is_promoted(sq))));
        Cell { piece, tint: None }
    }

    fn details(&self) -> Vec<(&'static str, String)> {
        let or_dash = |s: String| if s.is_empty() { "-".to_owned() } else { s };
        vec![
            ("side_to_move", self.turn.name().to_owned()),
            ("castling", self.castling().to_string()),
            ("en_passant", self.ep_square().map_or_else(|| "-".to_owned(), |s| s.to_string())),
            ("bench_white", or_dash(self.bench().letters(Color::White))),
            ("bench_black", or_dash(self.bench().letters(Color::Black))),
            ("joker_reserve_white", or_dash(self.joker_reserve().letters(Color::White))),
            ("joker_reserve_black", or_dash(self.joker_reserve().letters(Color::Black))),
            ("halfmove_clock", format!("{}/{}", self.clock, self.rules.quiet_limit)),
            ("ply", format!("{}/{}", self.ply, self.rules.ply_limit)),
        ]
    }

    fn facts(&self) -> Vec<(&'static str, Fact)> {
        let board = Fact::List(
            (0..64)
                .filter_map(|i| {
                    let sq = Square::at(i % 8, i / 8)?;
                    let p = self.board.piece_at(sq)?;
                    let marks: &[&str] = if self.board.is_promoted(sq) { &["promoted"] } else { &[] };
                    Some(Fact::piece(sq, p.role.name(), "colour", p.color.name(), marks))
                })
                .collect(),
        );
        let roles = |pocket: Pocket, color: Color| {
            Fact::List(
                Role::RESPAWNING
                    .iter()
                    .flat_map(|&r| {
                        core::iter::repeat_n(Fact::from(r.name()), usize::from(pocket.get(color, r)))
                    })
                    .collect(),
            )
        };
        let per_side = |pocket: Pocket| {
            Fact::map([("white", roles(pocket, Color::White)), ("black", roles(pocket, Color::Black))])
        };
        let castling = self.castling();
        let castling = [(castling.king_side, "king_side"), (castling.queen_side, "queen_side")]
            .into_iter()
            .filter_map(|(on, name)| on.then_some(name));
        vec![
            ("board", board),
            ("castling", Fact::list(castling)),
            ("en_passant", self.ep_square().map_or(Fact::Null, Fact::text)),
            ("bench", per_side(self.bench())),
            ("joker_reserve", per_side(self.joker_reserve())),
            (
                "halfmove_clock",
                Fact::map([
                    ("halfmove", Fact::from(self.clock)),
                    ("limit", Fact::from((self.rules.quiet_limit > 0).then_some(self.rules.quiet_limit))),
                ]),
            ),
            ("ply", Fact::from(self.ply)),
            ("ply_limit", Fact::from((self.rules.ply_limit > 0).then_some(self.rules.ply_limit))),
        ]
    }

    /// Both benches and both Joker Reserves, as rows beside the board.
    /// Black's kings (White has none), each in check while a white piece
    /// attacks it (kings are captured, there is no checkmate).
    fn royals(&self) -> Vec<Royal> {
        self.board
            .by_piece(Piece::new(Color::Black, Role::King))
            .into_iter()
            .map(|sq| Royal {
                square: (sq.file().index(), sq.rank().index()),
                army: Color::Black.name(),
                state: if self.attacked_by_white(sq) { RoyalState::Check } else { RoyalState::Safe },
            })
            .collect()
    }

    fn annotations(&self) -> Annotations {
        let mut rows = Vec::new();
        for color in [Color::White, Color::Black] {
            rows.push(row(format!("{} bench", color.name()), self.bench(), color));
        }
        for color in [Color::White, Color::Black] {
            rows.push(row(format!("{} Joker Reserve", color.name()), self.joker_reserve(), color));
        }
        Annotations { rows, ..Annotations::default() }
    }
}
