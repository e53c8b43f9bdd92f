//! [`BoardView`] for [`Joker`]: what renderers draw.

use motley_core::{Annotations, BoardView, Cell, Glyph, PieceRow, Rgb};

use crate::piece::{Color, Piece, Role, Square};
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

    /// Both benches and both Joker Reserves, as rows beside the board.
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
