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

use crate::game::{BoardView, Cell, Position, Rgb};

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
/// The colour laid over highlighted squares (drawn half transparent).
pub const HIGHLIGHT: Rgb = Rgb(0xf6, 0xf6, 0x69);

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
/// (`armies: …`, `squares: …`, each `tag name`). Every line ends with `\n`.
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
            let mut text = String::new();
            if any_tint {
                text.push(cell.tint.map_or(' ', |(name, _)| tag_of(&table, name)));
            }
            match &cell.piece {
                Some(g) => {
                    text.push(g.symbol);
                    text.push(tag_of(&table, g.army));
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
            match style {
                TextStyle::Plain => {
                    line.push_str(&text);
                    if file + 1 < files {
                        line.push(' ');
                    }
                }
                TextStyle::Ansi => {
                    let bg =
                        cell.tint.map_or(if is_light(file, rank) { ANSI_LIGHT } else { ANSI_DARK }, |t| t.1);
                    let fg = cell.piece.as_ref().map_or(Rgb(0x40, 0x40, 0x40), |g| g.color);
                    let _ = write!(line, "{}{} {} \x1b[0m", ansi_bg(bg), ansi_fg(fg), text);
                }
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
    out
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

/// An SVG picture of the board: squares (light, dark, or their tint colour
/// with the tint's name as `data-tint`), the `highlight` squares (0-based
/// `(file, rank)`) overlaid, file letters and rank numbers around, and each
/// piece as its filled symbol in its army colour with a contrasting outline,
/// its mark in the corner and a `<title>` naming army, letter and square.
///
/// Every square is a `<rect class="square" data-square="e4" …>`, every piece a
/// `<g class="piece" data-square="e4" data-army="white">`, so tools (and tests)
/// can read the picture back.
#[must_use]
pub fn svg<V: BoardView + ?Sized>(view: &V, highlight: &[(u8, u8)]) -> String {
    let (files, ranks) = view.dimensions();
    let s = SQUARE_PX;
    let m = MARGIN_PX;
    let width = 2 * m + u32::from(files) * s;
    let height = 2 * m + u32::from(ranks) * s;
    let x = |file: u8| m + u32::from(file) * s;
    let y = |rank: u8| m + u32::from(ranks - 1 - rank) * s;

    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"'DejaVu Sans', 'Noto Sans Symbols 2', \
         'Segoe UI Symbol', sans-serif\">"
    );
    let _ = writeln!(out, "<rect class=\"frame\" width=\"{width}\" height=\"{height}\" fill=\"#302e2b\"/>");
    for rank in (0..ranks).rev() {
        for file in 0..files {
            let cell = view.cell(file, rank);
            let name = square_name(file, rank);
            let (fill, tint_attr) = match cell.tint {
                Some((tint, rgb)) => (rgb, format!(" data-tint=\"{}\"", xml_escape(tint))),
                None => (if is_light(file, rank) { LIGHT } else { DARK }, String::new()),
            };
            let _ = writeln!(
                out,
                "<rect class=\"square\" data-square=\"{name}\"{tint_attr} x=\"{}\" y=\"{}\" width=\"{s}\" \
                 height=\"{s}\" fill=\"{fill}\"/>",
                x(file),
                y(rank)
            );
        }
    }
    for &(file, rank) in highlight {
        if file < files && rank < ranks {
            let _ = writeln!(
                out,
                "<rect class=\"highlight\" data-square=\"{}\" x=\"{}\" y=\"{}\" width=\"{s}\" height=\"{s}\" \
                 fill=\"{HIGHLIGHT}\" fill-opacity=\"0.55\" stroke=\"{HIGHLIGHT}\" stroke-width=\"3\"/>",
                square_name(file, rank),
                x(file),
                y(rank)
            );
        }
    }
    let coord = "fill=\"#e8e6e3\" font-size=\"14\" text-anchor=\"middle\" dominant-baseline=\"central\"";
    for file in 0..files {
        let cx = x(file) + s / 2;
        let letter = char::from(b'a' + file % 26);
        let _ = writeln!(out, "<text class=\"coord\" x=\"{cx}\" y=\"{}\" {coord}>{letter}</text>", m / 2);
        let _ = writeln!(
            out,
            "<text class=\"coord\" x=\"{cx}\" y=\"{}\" {coord}>{letter}</text>",
            height - m / 2
        );
    }
    for rank in 0..ranks {
        let cy = y(rank) + s / 2;
        let number = u32::from(rank) + 1;
        let _ = writeln!(out, "<text class=\"coord\" x=\"{}\" y=\"{cy}\" {coord}>{number}</text>", m / 2);
        let _ =
            writeln!(out, "<text class=\"coord\" x=\"{}\" y=\"{cy}\" {coord}>{number}</text>", width - m / 2);
    }
    for rank in (0..ranks).rev() {
        for file in 0..files {
            let Some(g) = view.cell(file, rank).piece else { continue };
            let name = square_name(file, rank);
            let army = xml_escape(g.army);
            let _ = writeln!(out, "<g class=\"piece\" data-square=\"{name}\" data-army=\"{army}\">");
            let _ = writeln!(out, "<title>{army} {} on {name}</title>", xml_escape(&g.letter.to_string()));
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\" \
                 fill=\"{}\" stroke=\"{}\" stroke-width=\"1.5\" paint-order=\"stroke\">{}</text>",
                x(file) + s / 2,
                y(rank) + s / 2 + 2,
                s * 4 / 5,
                g.color,
                outline(g.color),
                xml_escape(&g.symbol.to_string())
            );
            if let Some(mark) = g.mark {
                let _ = writeln!(
                    out,
                    "<text class=\"mark\" x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\" \
                     text-anchor=\"end\" dominant-baseline=\"hanging\" fill=\"{}\" stroke=\"{}\" \
                     stroke-width=\"0.8\" paint-order=\"stroke\">{}</text>",
                    x(file) + s - 3,
                    y(rank) + 2,
                    g.color,
                    outline(g.color),
                    xml_escape(&mark.to_string())
                );
            }
            out.push_str("</g>\n");
        }
    }
    out.push_str("</svg>\n");
    out
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
    use crate::game::Glyph;

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
