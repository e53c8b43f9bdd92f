//! Pictures of a position drawn from [`BoardView`] alone, so every variant gets
//! them for free: a Unicode text [`diagram`] (plain or with ANSI colours) and
//! an [`svg`] picture.
//!
//! Both renderers name each army and each square of colour by a one-letter
//! *tag* ([`tags`]): the first letter of its name that no other name on the
//! board already uses. In the plain diagram a piece is its filled symbol
//! followed by its army's tag (`♛w`), and a square of colour carries its tag to
//! the left of the cell (`g·` is an empty green square); a legend under the
//! board spells the tags out, so twelve armies stay distinguishable without
//! colour.
//!
//! ```
//! use motley_core::{BoardView, Cell, Glyph, Rgb};
//! use motley_core::render::{diagram, svg, TextStyle};
//!
//! struct Tiny;
//! impl BoardView for Tiny {
//!     fn dimensions(&self) -> (u8, u8) { (2, 2) }
//!     fn cell(&self, file: u8, rank: u8) -> Cell {
//!         let king = Glyph { letter: 'K', symbol: '♚', army: "white", color: Rgb(255, 255, 255), mark: None };
//!         Cell { piece: ((file, rank) == (0, 0)).then_some(king), tint: None }
//!     }
//!     fn details(&self) -> Vec<(&'static str, String)> { Vec::new() }
//! }
//!
//! assert_eq!(diagram(&Tiny, TextStyle::Plain), "2 ·  ·\n1 ♚w ·\n  a  b\narmies: w white\n");
//! assert!(svg(&Tiny, &[]).starts_with("<svg "));
//! ```

use core::fmt::Write as _;

use crate::game::Position;
use crate::view::{BoardView, Cell, Glyph, PieceRow, Region, Rgb};

/// Whether a text diagram uses colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum TextStyle {
    /// Characters only: army and square-of-colour tags, a legend. For files,
    /// pipes and tests.
    #[default]
    Plain,
    /// ANSI 24-bit colours for a terminal: squares in their (tint) colour,
    /// pieces in their army colour, plus the same tags and legend.
    Ansi,
}

/// The light squares' colour.
pub const LIGHT: Rgb = Rgb(0xf0, 0xd9, 0xb5);
/// The dark squares' colour.
pub const DARK: Rgb = Rgb(0xb5, 0x88, 0x63);
/// The light squares' colour in a terminal: a mid tone, so that white and
/// black pieces both stand out (a terminal cannot outline a character).
pub const ANSI_LIGHT: Rgb = Rgb(0xa8, 0x8a, 0x65);
/// The dark squares' colour in a terminal.
pub const ANSI_DARK: Rgb = Rgb(0x80, 0x62, 0x45);
/// The colour of the ring drawn inside highlighted squares: a saturated
/// magenta that no square colour of any variant uses (Sovereign's nearest,
/// pink and violet, are far from it). The ring leaves the square's own colour
/// untouched, so a square of colour still shows its colour.
pub const HIGHLIGHT: Rgb = Rgb(0xff, 0x00, 0xff);

/// The name of the square at 0-based `file` and `rank`: `a1`, `p16`.
///
/// ```
/// assert_eq!(motley_core::render::square_name(15, 15), "p16");
/// ```
#[must_use]
pub fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file % 26), u32::from(rank) + 1)
}

/// A one-character tag for each of `names`, as `(name, tag)` pairs sorted by
/// name, without repeats. Each name takes its first letter (or digit) that no
/// name before it took; if all are taken, the first free letter `a..z`, then
/// digit `0..9`, then `?`.
///
/// ```
/// use motley_core::render::tags;
/// assert_eq!(tags(["white", "black", "blue", "white"]), [("black", 'b'), ("blue", 'l'), ("white", 'w')]);
/// ```
#[must_use]
pub fn tags<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<(&'a str, char)> {
    let mut names: Vec<&str> = names.into_iter().collect();
    names.sort_unstable();
    names.dedup();
    let mut used: Vec<char> = Vec::new();
    names
        .into_iter()
        .map(|name| {
            let own = name.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase());
            let tag = own.chain('a'..='z').chain('0'..='9').find(|c| !used.contains(c)).unwrap_or('?');
            used.push(tag);
            (name, tag)
        })
        .collect()
}

/// Every cell of the board, rank by rank from the top (highest rank) down.
fn rows<V: BoardView + ?Sized>(view: &V) -> Vec<Vec<Cell>> {
    let (files, ranks) = view.dimensions();
    (0..ranks).rev().map(|r| (0..files).map(|f| view.cell(f, r)).collect()).collect()
}

/// The tag of `name` in a table built by [`tags`].
fn tag_of(table: &[(&str, char)], name: &str) -> char {
    table.iter().find(|(n, _)| *n == name).map_or('?', |&(_, t)| t)
}

fn ansi_bg(c: Rgb) -> String {
    format!("\x1b[48;2;{};{};{}m", c.0, c.1, c.2)
}

fn ansi_fg(c: Rgb) -> String {
    format!("\x1b[1;38;2;{};{};{}m", c.0, c.1, c.2)
}

/// Whether the square at 0-based `file`, `rank` is a light one (`a1` is dark).
#[must_use]
pub const fn is_light(file: u8, rank: u8) -> bool {
    (file + rank) % 2 == 1
}

/// A text diagram of the board: one line per rank from the top, rank numbers
/// on the left, file letters underneath, then a legend of the tags in use
/// (`armies: …`, `squares: …`, each `tag name`), and, for a variant whose
/// symbols need it ([`crate::Annotations::roles`]), the roles (`roles: …`, each
/// `symbol name`, plus `(letter)` when the position string writes another
/// letter). Every line ends with `\n`.
///
/// Plain cells are `[tint]symbol[army tag][mark]`, separated by one space:
/// the tint column appears only if some square has a tint, the mark column only
/// if some piece has a mark; an empty square is `·`. With [`TextStyle::Ansi`]
/// each cell is also painted: the square (light, dark or its tint colour)
/// behind, the piece in its army colour.
#[must_use]
pub fn diagram<V: BoardView + ?Sized>(view: &V, style: TextStyle) -> String {
    let rows = rows(view);
    let (files, ranks) = view.dimensions();
    let any_tint = rows.iter().flatten().any(|c| c.tint.is_some());
    let any_mark = rows.iter().flatten().any(|c| c.piece.as_ref().is_some_and(|g| g.mark.is_some()));
    let armies: Vec<&'static str> =
        rows.iter().flatten().filter_map(|c| c.piece.as_ref().map(|g| g.army)).collect();
    let tints: Vec<&'static str> = rows.iter().flatten().filter_map(|c| c.tint.map(|t| t.0)).collect();
    let table = tags(armies.iter().chain(&tints).copied());
    let label_width = if ranks >= 10 { 2 } else { 1 };

    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let mut line = format!("{:>label_width$} ", u32::from(rank) + 1);
        for (file, cell) in row.iter().enumerate() {
            let file = file as u8;
            let text = cell_text(cell, &table, any_tint, any_mark);
            match style {
                TextStyle::Plain if file + 1 < files => {
                    line.push_str(&text);
                    line.push(' ');
                }
                TextStyle::Plain => line.push_str(&text),
                TextStyle::Ansi => paint_cell(&mut line, cell, &text, is_light(file, rank)),
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    // File letters under the symbol column.
    let (lead, step) = match style {
        TextStyle::Plain => (usize::from(any_tint), 3 + usize::from(any_tint) + usize::from(any_mark)),
        TextStyle::Ansi => (1 + usize::from(any_tint), 4 + usize::from(any_tint) + usize::from(any_mark)),
    };
    let mut footer = " ".repeat(label_width + 1);
    for f in 0..files {
        let col = label_width + 1 + lead + usize::from(f) * step;
        while footer.chars().count() < col {
            footer.push(' ');
        }
        footer.push(char::from(b'a' + f % 26));
    }
    out.push_str(&footer);
    out.push('\n');
    let legend = |names: &[&'static str]| -> String {
        let mut names = names.to_vec();
        names.sort_unstable();
        names.dedup();
        names.iter().map(|n| format!("{} {n}", tag_of(&table, n))).collect::<Vec<_>>().join(", ")
    };
    if !armies.is_empty() {
        let _ = writeln!(out, "armies: {}", legend(&armies));
    }
    if !tints.is_empty() {
        let _ = writeln!(out, "squares: {}", legend(&tints));
    }
    let roles = view.annotations().roles;
    if !roles.is_empty() {
        let keys: Vec<String> = roles
            .iter()
            .map(|k| {
                if k.symbol == k.letter {
                    format!("{} {}", k.symbol, k.name)
                } else {
                    format!("{} {} ({})", k.symbol, k.name, k.letter)
                }
            })
            .collect();
        let _ = writeln!(out, "roles: {}", keys.join(", "));
    }
    out
}

/// The plain text of one diagram cell, `[tint]symbol[army tag][mark]` with
/// the tags of `table`: the tint column only with `any_tint`, the mark column
/// only with `any_mark`, and `·` for an empty square.
fn cell_text(cell: &Cell, table: &[(&str, char)], any_tint: bool, any_mark: bool) -> String {
    let mut text = String::new();
    if any_tint {
        text.push(cell.tint.map_or(' ', |(name, _)| tag_of(table, name)));
    }
    match &cell.piece {
        Some(g) => {
            text.push(g.symbol);
            text.push(tag_of(table, g.army));
            if any_mark {
                text.push(g.mark.unwrap_or(' '));
            }
        }
        None => {
            text.push('·');
            text.push(' ');
            if any_mark {
                text.push(' ');
            }
        }
    }
    text
}

/// Appends `text`, the plain text of `cell`, to `line`, painted for
/// [`TextStyle::Ansi`]: the square's tint colour, or the light or dark square
/// colour, behind; the piece's army colour (dark grey on an empty square) in
/// front.
fn paint_cell(line: &mut String, cell: &Cell, text: &str, light: bool) {
    let bg = cell.tint.map_or(if light { ANSI_LIGHT } else { ANSI_DARK }, |t| t.1);
    let fg = cell.piece.as_ref().map_or(Rgb(0x40, 0x40, 0x40), |g| g.color);
    let _ = write!(line, "{}{} {} \x1b[0m", ansi_bg(bg), ansi_fg(fg), text);
}

/// The text of a piece symbol in a picture: a Unicode chess symbol
/// (U+2654..U+265F) followed by the text presentation selector U+FE0E, so
/// that no browser draws it as a coloured emoji; any other symbol as it is.
///
/// ```
/// assert_eq!(motley_core::render::symbol_text('♟'), "♟\u{fe0e}");
/// assert_eq!(motley_core::render::symbol_text('R'), "R");
/// ```
#[must_use]
pub fn symbol_text(symbol: char) -> String {
    if ('\u{2654}'..='\u{265f}').contains(&symbol) { format!("{symbol}\u{fe0e}") } else { symbol.to_string() }
}

/// Escapes text for an XML attribute or element.
fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Relative luminance in `0.0..=1.0` (sRGB weights, no gamma).
fn luminance(c: Rgb) -> f64 {
    (0.2126 * f64::from(c.0) + 0.7152 * f64::from(c.1) + 0.0722 * f64::from(c.2)) / 255.0
}

/// An outline colour that stands out against a piece of colour `c`.
fn outline(c: Rgb) -> Rgb {
    if luminance(c) > 0.45 { Rgb(0x20, 0x20, 0x20) } else { Rgb(0xf8, 0xf8, 0xf8) }
}

/// Side of one square in the SVG picture, in pixels.
pub const SQUARE_PX: u32 = 48;
/// Width of the coordinate margin around the board, in pixels.
pub const MARGIN_PX: u32 = 24;

/// Side of a piece in the rows beside the board (benches, reserves), in pixels.
pub const ROW_PIECE_PX: u32 = 26;
/// Pieces per line in the rows beside the board.
const ROW_PIECES: u32 = 8;
/// Height of one line of text under the board, in pixels.
const LINE_PX: u32 = 18;

/// The outline of a set of squares as an SVG path: every square edge whose
/// neighbour across it is not in the set. `at(file, rank)` gives a square's
/// top-left corner.
fn outline_path(squares: &[(u8, u8)], s: u32, at: impl Fn(u8, u8) -> (u32, u32)) -> String {
    let has = |f: i32, r: i32| squares.iter().any(|&(a, b)| i32::from(a) == f && i32::from(b) == r);
    let mut d = String::new();
    for &(file, rank) in squares {
        let (x0, y0) = at(file, rank);
        let (x1, y1) = (x0 + s, y0 + s);
        let (f, r) = (i32::from(file), i32::from(rank));
        if !has(f, r + 1) {
            let _ = write!(d, "M{x0} {y0}H{x1}");
        }
        if !has(f, r - 1) {
            let _ = write!(d, "M{x0} {y1}H{x1}");
        }
        if !has(f - 1, r) {
            let _ = write!(d, "M{x0} {y0}V{y1}");
        }
        if !has(f + 1, r) {
            let _ = write!(d, "M{x1} {y0}V{y1}");
        }
    }
    d
}

/// One piece symbol as SVG `<text>`, centred on `(cx, cy)`.
fn piece_text(g: &Glyph, cx: u32, cy: u32, size: u32) -> String {
    // A letter is drawn bold and smaller than a chess symbol of the same box.
    let (size, weight) =
        if g.symbol.is_alphanumeric() { (size * 3 / 4, " font-weight=\"bold\"") } else { (size, "") };
    format!(
        "<text x=\"{cx}\" y=\"{cy}\" font-size=\"{size}\"{weight} text-anchor=\"middle\" \
         dominant-baseline=\"central\" fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\" \
         paint-order=\"stroke\">{}</text>",
        g.color,
        outline(g.color),
        xml_escape(&symbol_text(g.symbol))
    )
}

/// An SVG picture of the board: squares (light, dark, or their tint colour
/// with the tint's name as `data-tint` and its tag letter, as the text
/// diagram's legend names it, small in the bottom-left corner), the
/// [`BoardView::annotations`] regions outlined, the `highlight` squares
/// (0-based `(file, rank)`) ringed in [`HIGHLIGHT`], file letters and rank
/// numbers around, and each piece as its symbol ([`symbol_text`]) in its army
/// colour with a contrasting outline, its mark in the corner and a `<title>`
/// naming army, letter and square. Beside the board, the annotations' rows of
/// off-board pieces; under it, the side to move (the `side_to_move` detail)
/// and the annotations' notes.
///
/// Every square is a `<rect class="square" data-square="e4" …>`, every piece a
/// `<g class="piece" data-square="e4" data-army="white">`, every region a
/// `<g class="region" data-label="…">`, every row a `<g class="row"
/// data-label="…">`, so tools (and tests) can read the picture back.
#[must_use]
pub fn svg<V: BoardView + ?Sized>(view: &V, highlight: &[(u8, u8)]) -> String {
    let (files, ranks) = view.dimensions();
    let extra = view.annotations();
    let frame = Frame::new(files, ranks);
    let m = MARGIN_PX;

    // The rows beside the board: a label line, then the pieces, wrapped.
    let panel_width = if extra.rows.is_empty() { 0 } else { ROW_PIECES * ROW_PIECE_PX + m };
    let panel_height: u32 = extra.rows.iter().map(row_height).sum();
    let side = view.details().into_iter().find(|(k, _)| *k == "side_to_move").map(|(_, v)| v);
    let text_lines = u32::from(side.is_some()) + extra.notes.len() as u32;
    let top_height = frame.board_height.max(m + panel_height);
    let width = frame.board_width + panel_width;
    let height = top_height + text_lines * LINE_PX + if text_lines > 0 { m / 2 } else { 0 };

    let cells: Vec<Vec<Cell>> = (0..ranks).map(|r| (0..files).map(|f| view.cell(f, r)).collect()).collect();
    let names = cells
        .iter()
        .flatten()
        .flat_map(|c| c.piece.as_ref().map(|g| g.army).into_iter().chain(c.tint.map(|t| t.0)));
    let table = tags(names);

    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"'DejaVu Sans', 'Noto Sans Symbols 2', \
         'Segoe UI Symbol', sans-serif\">"
    );
    let _ = writeln!(out, "<rect class=\"frame\" width=\"{width}\" height=\"{height}\" fill=\"#302e2b\"/>");
    svg_squares(&mut out, frame, &cells, &table);
    for region in &extra.regions {
        svg_region(&mut out, frame, region);
    }
    svg_highlights(&mut out, frame, highlight);
    svg_coordinates(&mut out, frame);
    svg_pieces(&mut out, frame, &cells);
    svg_rows(&mut out, frame, &extra.rows);
    svg_text_lines(&mut out, top_height, side.as_deref(), &extra.notes);
    out.push_str("</svg>\n");
    out
}

/// The style of the coordinates around the board in an SVG picture.
const COORD_STYLE: &str =
    "fill=\"#e8e6e3\" font-size=\"14\" text-anchor=\"middle\" dominant-baseline=\"central\"";
/// The style of the text beside and under the board in an SVG picture.
const LABEL_STYLE: &str = "fill=\"#e8e6e3\" font-size=\"13\" dominant-baseline=\"central\"";

/// The board's place in an SVG picture: its size in squares and in pixels
/// (margins included), and where each file and rank is drawn.
#[derive(Clone, Copy)]
struct Frame {
    files: u8,
    ranks: u8,
    board_width: u32,
    board_height: u32,
}

impl Frame {
    /// The frame of a board of `files` × `ranks` squares.
    fn new(files: u8, ranks: u8) -> Self {
        Frame {
            files,
            ranks,
            board_width: 2 * MARGIN_PX + u32::from(files) * SQUARE_PX,
            board_height: 2 * MARGIN_PX + u32::from(ranks) * SQUARE_PX,
        }
    }

    /// The left edge of `file`'s squares.
    fn x(self, file: u8) -> u32 {
        MARGIN_PX + u32::from(file) * SQUARE_PX
    }

    /// The top edge of `rank`'s squares (the first rank at the bottom).
    fn y(self, rank: u8) -> u32 {
        MARGIN_PX + u32::from(self.ranks - 1 - rank) * SQUARE_PX
    }
}

/// The lines of pieces a row of `n` pieces beside the board wraps into (at
/// least one, so that an empty row keeps its place).
fn row_lines(n: usize) -> u32 {
    (n as u32).div_ceil(ROW_PIECES).max(1)
}

/// The height of a row beside the board: its label line, its lines of
/// pieces and a gap.
fn row_height(row: &PieceRow) -> u32 {
    LINE_PX + row_lines(row.pieces.len()) * ROW_PIECE_PX + 6
}

/// The squares, top rank first: each a `<rect>` in its light, dark or tint
/// colour, and a tinted one with its tint's tag small in the bottom-left
/// corner.
fn svg_squares(out: &mut String, frame: Frame, cells: &[Vec<Cell>], table: &[(&str, char)]) {
    let s = SQUARE_PX;
    for rank in (0..frame.ranks).rev() {
        for file in 0..frame.files {
            let cell = &cells[usize::from(rank)][usize::from(file)];
            let name = square_name(file, rank);
            let (fill, tint_attr) = match cell.tint {
                Some((tint, rgb)) => (rgb, format!(" data-tint=\"{}\"", xml_escape(tint))),
                None => (if is_light(file, rank) { LIGHT } else { DARK }, String::new()),
            };
            let _ = writeln!(
                out,
                "<rect class=\"square\" data-square=\"{name}\"{tint_attr} x=\"{}\" y=\"{}\" width=\"{s}\" \
                 height=\"{s}\" fill=\"{fill}\"/>",
                frame.x(file),
                frame.y(rank)
            );
            if let Some((tint, rgb)) = cell.tint {
                let _ = writeln!(
                    out,
                    "<text class=\"tint-tag\" data-square=\"{name}\" x=\"{}\" y=\"{}\" font-size=\"11\" \
                     font-weight=\"bold\" fill=\"{}\">{}</text>",
                    frame.x(file) + 3,
                    frame.y(rank) + s - 4,
                    outline(rgb),
                    xml_escape(&tag_of(table, tint).to_string())
                );
            }
        }
    }
}

/// A region's outline: a wide contrasting stroke under a narrow one in the
/// region's colour, so that it shows on any square.
fn svg_region(out: &mut String, frame: Frame, region: &Region) {
    let d = outline_path(&region.squares, SQUARE_PX, |f, r| (frame.x(f), frame.y(r)));
    let _ = writeln!(
        out,
        "<g class=\"region\" data-label=\"{}\" fill=\"none\" stroke-linecap=\"square\">\
         <path d=\"{d}\" stroke=\"{}\" stroke-width=\"6\"/><path d=\"{d}\" stroke=\"{}\" \
         stroke-width=\"3\"/></g>",
        xml_escape(&region.label),
        outline(region.color),
        region.color
    );
}

/// A ring inside each of the `highlight` squares that is on the board.
fn svg_highlights(out: &mut String, frame: Frame, highlight: &[(u8, u8)]) {
    let s = SQUARE_PX;
    for &(file, rank) in highlight {
        if file < frame.files && rank < frame.ranks {
            let _ = writeln!(
                out,
                "<rect class=\"highlight\" data-square=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
                 fill=\"none\" stroke=\"{HIGHLIGHT}\" stroke-width=\"4\"/>",
                square_name(file, rank),
                frame.x(file) + 3,
                frame.y(rank) + 3,
                s - 6,
                s - 6
            );
        }
    }
}

/// The file letters above and below the board, then the rank numbers left
/// and right of it.
fn svg_coordinates(out: &mut String, frame: Frame) {
    let (s, m) = (SQUARE_PX, MARGIN_PX);
    let coord = COORD_STYLE;
    for file in 0..frame.files {
        let cx = frame.x(file) + s / 2;
        let letter = char::from(b'a' + file % 26);
        let _ = writeln!(out, "<text class=\"coord\" x=\"{cx}\" y=\"{}\" {coord}>{letter}</text>", m / 2);
        let _ = writeln!(
            out,
            "<text class=\"coord\" x=\"{cx}\" y=\"{}\" {coord}>{letter}</text>",
            frame.board_height - m / 2
        );
    }
    for rank in 0..frame.ranks {
        let cy = frame.y(rank) + s / 2;
        let number = u32::from(rank) + 1;
        let _ = writeln!(out, "<text class=\"coord\" x=\"{}\" y=\"{cy}\" {coord}>{number}</text>", m / 2);
        let _ = writeln!(
            out,
            "<text class=\"coord\" x=\"{}\" y=\"{cy}\" {coord}>{number}</text>",
            frame.board_width - m / 2
        );
    }
}

/// The pieces on the board, top rank first.
fn svg_pieces(out: &mut String, frame: Frame, cells: &[Vec<Cell>]) {
    for rank in (0..frame.ranks).rev() {
        for file in 0..frame.files {
            if let Some(g) = &cells[usize::from(rank)][usize::from(file)].piece {
                svg_piece(out, frame, g, file, rank);
            }
        }
    }
}

/// One piece on the board: a group with a `<title>` naming army, letter and
/// square, the symbol, and its mark (if any) in the top-right corner.
fn svg_piece(out: &mut String, frame: Frame, g: &Glyph, file: u8, rank: u8) {
    let s = SQUARE_PX;
    let name = square_name(file, rank);
    let army = xml_escape(g.army);
    let _ = writeln!(out, "<g class=\"piece\" data-square=\"{name}\" data-army=\"{army}\">");
    let _ = writeln!(out, "<title>{army} {} on {name}</title>", xml_escape(&g.letter.to_string()));
    let _ = writeln!(out, "{}", piece_text(g, frame.x(file) + s / 2, frame.y(rank) + s / 2 + 2, s * 4 / 5));
    if let Some(mark) = g.mark {
        let _ = writeln!(
            out,
            "<text class=\"mark\" x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\" \
             text-anchor=\"end\" dominant-baseline=\"hanging\" fill=\"{}\" stroke=\"{}\" \
             stroke-width=\"0.8\" paint-order=\"stroke\">{}</text>",
            frame.x(file) + s - 3,
            frame.y(rank) + 2,
            g.color,
            outline(g.color),
            xml_escape(&mark.to_string())
        );
    }
    out.push_str("</g>\n");
}

/// The rows of off-board pieces, one under the other right of the board.
fn svg_rows(out: &mut String, frame: Frame, rows: &[PieceRow]) {
    let mut top = MARGIN_PX;
    for row in rows {
        svg_row(out, frame.board_width, top, row);
        top += row_height(row);
    }
}

/// One row of off-board pieces with its top-left corner at `(left, top)`:
/// its label (" (none)" when empty), then its pieces on light squares,
/// wrapped every [`ROW_PIECES`].
fn svg_row(out: &mut String, left: u32, top: u32, row: &PieceRow) {
    let p = ROW_PIECE_PX;
    let label = LABEL_STYLE;
    let _ = writeln!(out, "<g class=\"row\" data-label=\"{}\">", xml_escape(&row.label));
    let count = if row.pieces.is_empty() { " (none)" } else { "" };
    if !row.pieces.is_empty() {
        let used = (row.pieces.len() as u32).min(ROW_PIECES);
        let _ = writeln!(
            out,
            "<rect x=\"{left}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{LIGHT}\"/>",
            top + LINE_PX,
            used * p,
            row_lines(row.pieces.len()) * p
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{left}\" y=\"{}\" {label}>{}{count}</text>",
        top + LINE_PX / 2,
        xml_escape(&row.label)
    );
    for (i, g) in row.pieces.iter().enumerate() {
        let (col, line) = (i as u32 % ROW_PIECES, i as u32 / ROW_PIECES);
        let _ = writeln!(
            out,
            "<g class=\"row-piece\" data-army=\"{}\">{}</g>",
            xml_escape(g.army),
            piece_text(g, left + col * p + p / 2, top + LINE_PX + line * p + p / 2 + 1, p)
        );
    }
    out.push_str("</g>\n");
}

/// The lines of text under the board and the rows, from `top_height`
/// down: the side to move (if known), then the notes.
fn svg_text_lines(out: &mut String, top_height: u32, side: Option<&str>, notes: &[String]) {
    let m = MARGIN_PX;
    let label = LABEL_STYLE;
    let mut line_y = top_height + LINE_PX / 2;
    if let Some(side) = side {
        let _ = writeln!(
            out,
            "<text class=\"to-move\" x=\"{m}\" y=\"{line_y}\" {label} font-weight=\"bold\">to move: {}</text>",
            xml_escape(side)
        );
        line_y += LINE_PX;
    }
    for note in notes {
        let _ = writeln!(
            out,
            "<text class=\"note\" x=\"{m}\" y=\"{line_y}\" {label}>{}</text>",
            xml_escape(note)
        );
        line_y += LINE_PX;
    }
}

/// The squares named in a move's notation: a file letter `a`.. within the
/// board followed by a rank number within the board (`e2e4` → e2, e4;
/// `castle:a9a7` → a9, a7; `N@e4` → e4), as 0-based `(file, rank)`.
#[must_use]
pub fn named_squares(notation: &str, (files, ranks): (u8, u8)) -> Vec<(u8, u8)> {
    let bytes = notation.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_lowercase() && c - b'a' < files && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            let d1 = bytes[i + 1] - b'0';
            let two = bytes.get(i + 2).filter(|b| b.is_ascii_digit()).map(|b| d1 * 10 + (b - b'0'));
            let (number, len) = match two {
                Some(n) if (1..=ranks).contains(&n) => (n, 3),
                _ => (d1, 2),
            };
            if (1..=ranks).contains(&number) {
                found.push((c - b'a', number - 1));
                i += len;
                continue;
            }
        }
        i += 1;
    }
    found
}

/// The squares whose cell (piece or tint) differs between two views of the
/// same board, as 0-based `(file, rank)`.
#[must_use]
pub fn changed_squares<V: BoardView + ?Sized>(before: &V, after: &V) -> Vec<(u8, u8)> {
    let (files, ranks) = before.dimensions();
    let mut changed = Vec::new();
    for rank in 0..ranks {
        for file in 0..files {
            if before.cell(file, rank) != after.cell(file, rank) {
                changed.push((file, rank));
            }
        }
    }
    changed
}

/// The squares to highlight for input `mv` in `pos`: those it changes when
/// played plus those its notation names, sorted, without repeats. Uses only
/// the [`Position`] and [`BoardView`] traits, never the move's structure.
#[must_use]
pub fn move_squares<P: Position + BoardView>(pos: &P, mv: P::Move) -> Vec<(u8, u8)> {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let mut squares = changed_squares(pos, &after);
    squares.extend(named_squares(&mv.to_string(), pos.dimensions()));
    squares.sort_unstable_by_key(|&(f, r)| (r, f));
    squares.dedup();
    squares
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::Glyph;

    /// A test-only board: `rows` top rank first, each cell two characters:
    /// `.`/tint letter then `.`/piece letter (upper case white, lower black).
    struct Toy {
        rows: Vec<&'static str>,
    }

    fn colour_of(letter: char) -> (&'static str, Rgb) {
        match letter {
            'g' => ("green", Rgb(0, 160, 0)),
            'r' => ("red", Rgb(200, 0, 0)),
            _ => ("grey", Rgb(128, 128, 128)),
        }
    }

    impl BoardView for Toy {
        fn dimensions(&self) -> (u8, u8) {
            ((self.rows[0].chars().count() / 2) as u8, self.rows.len() as u8)
        }
        fn cell(&self, file: u8, rank: u8) -> Cell {
            let row: Vec<char> = self.rows[self.rows.len() - 1 - usize::from(rank)].chars().collect();
            let (t, p) = (row[2 * usize::from(file)], row[2 * usize::from(file) + 1]);
            Cell {
                tint: (t != '.').then(|| colour_of(t)),
                piece: (p != '.').then(|| Glyph {
                    letter: p.to_ascii_uppercase(),
                    symbol: if p.eq_ignore_ascii_case(&'k') { '♚' } else { '♟' },
                    army: if p.is_ascii_uppercase() { "white" } else { "black" },
                    color: if p.is_ascii_uppercase() { Rgb(255, 255, 255) } else { Rgb(0, 0, 0) },
                    mark: (p == 'P').then_some('*'),
                }),
            }
        }
        fn details(&self) -> Vec<(&'static str, String)> {
            Vec::new()
        }
    }

    fn toy() -> Toy {
        Toy { rows: vec![".k....", "..g...", "r.....", "...P.K"] }
    }

    #[test]
    fn plain_diagram_shows_tints_tags_marks_and_legend() {
        let expected = "\
4  ♚b   ·    ·
3  ·   g·    ·
2 r·    ·    ·
1  ·    ♟w*  ♚w
   a    b    c
armies: b black, w white
squares: g green, r red
";
        assert_eq!(diagram(&toy(), TextStyle::Plain), expected);
    }

    #[test]
    fn ansi_diagram_paints_tints_and_armies() {
        let text = diagram(&toy(), TextStyle::Ansi);
        assert!(text.contains(&ansi_bg(Rgb(0, 160, 0))), "green square painted");
        assert!(text.contains(&ansi_bg(Rgb(200, 0, 0))), "red square painted");
        assert!(text.contains(&ansi_fg(Rgb(0, 0, 0))), "black army painted");
        assert!(text.contains(&ansi_bg(ANSI_LIGHT)) && text.contains(&ansi_bg(ANSI_DARK)));
        assert_eq!(text.lines().count(), 4 + 1 + 2);
        // Without the escapes, the same characters as a plain cell.
        assert!(text.contains(" ♟w* "));
    }

    #[test]
    fn svg_draws_every_square_piece_tint_and_highlight() {
        let picture = svg(&toy(), &[(1, 0), (9, 9)]);
        assert_eq!(picture.matches("class=\"square\"").count(), 12);
        assert_eq!(picture.matches("class=\"piece\"").count(), 3);
        assert_eq!(picture.matches("class=\"highlight\"").count(), 1, "off-board highlight dropped");
        assert!(picture.contains("data-square=\"b3\" data-tint=\"green\""));
        assert!(picture.contains("fill=\"#00a000\""));
        assert!(picture.contains("<title>black K on a4</title>"));
        assert!(picture.contains(">*</text>"));
        assert!(picture.trim_end().ends_with("</svg>"));
        assert_eq!(picture.matches("<g ").count(), picture.matches("</g>").count());
    }

    /// The toy board with every kind of annotation and a side to move.
    struct Annotated(Toy);

    impl BoardView for Annotated {
        fn dimensions(&self) -> (u8, u8) {
            self.0.dimensions()
        }
        fn cell(&self, file: u8, rank: u8) -> Cell {
            self.0.cell(file, rank)
        }
        fn details(&self) -> Vec<(&'static str, String)> {
            vec![("side_to_move", "black".to_owned())]
        }
        fn annotations(&self) -> crate::Annotations {
            let pawn = self.0.cell(1, 0).piece.unwrap();
            crate::Annotations {
                roles: vec![
                    crate::RoleKey { symbol: 'R', name: "Royal", letter: 'R' },
                    crate::RoleKey { symbol: '♜', name: "Shaman", letter: 'S' },
                ],
                rows: vec![
                    crate::PieceRow { label: "white bench".to_owned(), pieces: vec![pawn; 9] },
                    crate::PieceRow { label: "black <bench>".to_owned(), pieces: Vec::new() },
                ],
                regions: vec![crate::Region {
                    label: "zone".to_owned(),
                    squares: vec![(0, 0), (1, 0)],
                    color: Rgb(0, 0, 0),
                }],
                notes: vec!["draw: 20.0%".to_owned()],
            }
        }
    }

    #[test]
    fn diagram_prints_a_role_legend_only_when_given() {
        let text = diagram(&Annotated(toy()), TextStyle::Plain);
        assert!(text.ends_with("squares: g green, r red\nroles: R Royal, ♜ Shaman (S)\n"), "{text}");
        assert!(!diagram(&toy(), TextStyle::Plain).contains("roles:"));
    }

    #[test]
    fn svg_draws_annotations_side_to_move_and_tint_tags() {
        let plain = svg(&toy(), &[]);
        assert!(!plain.contains("class=\"region\"") && !plain.contains("class=\"row\""));
        assert!(!plain.contains("to move"), "no side to move without the detail");
        let picture = svg(&Annotated(toy()), &[(1, 0)]);
        assert!(picture.contains("class=\"to-move\""));
        assert!(picture.contains(">to move: black</text>"));
        assert!(picture.contains(">draw: 20.0%</text>"));
        assert_eq!(picture.matches("class=\"region\" data-label=\"zone\"").count(), 1);
        // Two adjacent squares: six outer edges, the shared one left out.
        assert!(
            picture.contains("<path d=\"M24 168H72M24 216H72M24 168V216M72 168H120M72 216H120M120 168V216\"")
        );
        assert_eq!(picture.matches("class=\"row-piece\"").count(), 9);
        assert!(picture.contains("data-label=\"black &lt;bench&gt;\""));
        assert!(picture.contains(">black &lt;bench&gt; (none)</text>"));
        // Nine bench pieces wrap onto a second line; the picture grows to the right.
        assert!(picture.starts_with(&format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\"",
            2 * MARGIN_PX + 3 * SQUARE_PX + ROW_PIECES * ROW_PIECE_PX + MARGIN_PX
        )));
        // Squares of colour carry their tag letter, as the diagram's legend names it.
        assert!(picture.contains("class=\"tint-tag\" data-square=\"b3\""));
        assert!(picture.contains(">g</text>") && picture.contains(">r</text>"));
        // The highlight is a ring in a colour of its own, the square's colour untouched.
        assert!(picture.contains(&format!("fill=\"none\" stroke=\"{HIGHLIGHT}\"")));
        // Every chess symbol is followed by the text presentation selector.
        for (i, c) in picture.char_indices() {
            if ('\u{2654}'..='\u{265f}').contains(&c) {
                assert_eq!(picture[i + c.len_utf8()..].chars().next(), Some('\u{fe0e}'), "at byte {i}");
            }
        }
        assert_eq!(picture.matches("<g ").count(), picture.matches("</g>").count());
    }

    #[test]
    fn xml_text_is_escaped() {
        assert_eq!(xml_escape("a<b & \"c\">'"), "a&lt;b &amp; &quot;c&quot;&gt;&apos;");
    }

    #[test]
    fn tags_prefer_first_letters_and_stay_distinct() {
        let twelve = [
            "white", "black", "ash", "slate", "pink", "red", "orange", "yellow", "green", "cyan", "navy",
            "violet",
        ];
        let table = tags(twelve);
        assert_eq!(table.len(), 12);
        assert!(table.iter().all(|(n, t)| n.starts_with(*t)));
        let clash = tags(["aa", "ab", "a", "b"]);
        assert_eq!(clash, [("a", 'a'), ("aa", 'b'), ("ab", 'c'), ("b", 'd')]);
    }

    #[test]
    fn named_squares_reads_notations() {
        let d8 = (8, 8);
        assert_eq!(named_squares("e2e4", d8), [(4, 1), (4, 3)]);
        assert_eq!(named_squares("N@e4", d8), [(4, 3)]);
        assert_eq!(named_squares("h7h8q", d8), [(7, 6), (7, 7)]);
        assert_eq!(named_squares("defect:red:e12d11", (16, 16)), [(4, 11), (3, 10)]);
        assert_eq!(named_squares("castle:a9a7", (16, 16)), [(0, 8), (0, 6)]);
        assert_eq!(named_squares("a16p1", (16, 16)), [(0, 15), (15, 0)]);
        assert_eq!(named_squares("i1 a9 pass challenger", d8), Vec::<(u8, u8)>::new());
    }

    #[test]
    fn changed_squares_compares_cells() {
        let a = toy();
        let b = Toy { rows: vec![".k....", "..g...", "r.....", "...P.."] };
        assert_eq!(changed_squares(&a, &b), [(2, 0)]);
        assert!(changed_squares(&a, &toy()).is_empty());
    }
}
