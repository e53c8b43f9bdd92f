//! What `motley render` and `motley show` draw beyond squares and pieces,
//! run as a process and read back: the SVG
//! parsed as XML (roxmltree) for the side to move, Joker's benches and Joker
//! Reserves, a pending Mage's engagement, Sovereign's promotion zone and
//! centre, the tag letter of each square of colour, a highlight colour no
//! square uses, chess symbols in text presentation; and Mage's diagram legend.

mod common;

use common::{json, ok};
use motley_core::render::{self, DARK, HIGHLIGHT, LIGHT};
use motley_core::{BoardView, Position, Rgb};
use motley_joker::{Color, Joker, Role};
use motley_mages::Mages;
use motley_sovereign::{Royale, Sovereign};

/// The texts of the `<text>` children of elements of `class`.
fn texts_of<'a>(doc: &'a roxmltree::Document<'_>, class: &str) -> Vec<&'a str> {
    doc.descendants().filter(|n| n.attribute("class") == Some(class)).filter_map(|n| n.text()).collect()
}

/// The `<g class="region">` labelled `label`.
fn region<'a>(doc: &'a roxmltree::Document<'a>, label: &str) -> roxmltree::Node<'a, 'a> {
    doc.descendants()
        .find(|n| n.attribute("class") == Some("region") && n.attribute("data-label") == Some(label))
        .unwrap_or_else(|| panic!("region {label}"))
}

/// The `(x, y)` of the top-left corner of square `name` in the picture.
fn corner(doc: &roxmltree::Document<'_>, name: &str) -> (u32, u32) {
    let rect = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("square") && n.attribute("data-square") == Some(name))
        .unwrap_or_else(|| panic!("square {name}"));
    let num = |a: &str| rect.attribute(a).unwrap().parse::<u32>().unwrap();
    (num("x"), num("y"))
}

/// Every chess symbol (U+2654..U+265F) in the picture is followed by U+FE0E.
fn assert_text_presentation(svg: &str) {
    let mut symbols = 0;
    for (i, c) in svg.char_indices() {
        if ('\u{2654}'..='\u{265f}').contains(&c) {
            symbols += 1;
            assert_eq!(svg[i + c.len_utf8()..].chars().next(), Some('\u{fe0e}'), "symbol at byte {i}");
        }
    }
    let pieces = svg.matches("class=\"piece\"").count();
    assert!(symbols == 0 || symbols >= pieces, "{symbols} symbols for {pieces} pieces");
}

/// The side to move is written under the board, as `show` names it.
fn assert_side_to_move<P: Position + BoardView>(doc: &roxmltree::Document<'_>, pos: &P) {
    let side = pos.details().into_iter().find(|(k, _)| *k == "side_to_move").unwrap().1;
    assert_eq!(texts_of(doc, "to-move"), [format!("to move: {side}").as_str()]);
}

fn distance(a: Rgb, b: Rgb) -> f64 {
    let d = |x: u8, y: u8| f64::from(x) - f64::from(y);
    (d(a.0, b.0).powi(2) + d(a.1, b.1).powi(2) + d(a.2, b.2).powi(2)).sqrt()
}

#[test]
fn sovereign_picture_outlines_the_zone_tags_colours_and_highlights_apart() {
    for (variant, pos) in [("sovereign", None), ("royale", Some(Royale::start()))] {
        let svg = ok(&["render", variant, "--highlight", "e2e4"]);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        assert_text_presentation(&svg);
        match &pos {
            Some(royale) => assert_side_to_move(&doc, royale),
            None => assert_side_to_move(&doc, &Sovereign::start()),
        }
        // The promotion zone g7–j10 and the centre h8–i9: the outline has as
        // many edges as the shape's perimeter, the top edge of its top-left
        // square and the bottom edge of its bottom-right square among them.
        let s = render::SQUARE_PX;
        for (label, top_left, bottom_right, edges) in
            [("promotion zone", "g10", "j7", 16), ("centre", "h9", "i8", 8)]
        {
            let node = region(&doc, label);
            let d = node.children().find(|c| c.has_tag_name("path")).unwrap().attribute("d").unwrap();
            assert_eq!(d.matches('M').count(), edges, "{variant} {label}: {d}");
            let (x, y) = corner(&doc, top_left);
            assert!(d.contains(&format!("M{x} {y}H{}", x + s)), "{variant} {label} top of {top_left}: {d}");
            let (x, y) = corner(&doc, bottom_right);
            let bottom = format!("M{x} {}H{}", y + s, x + s);
            assert!(d.contains(&bottom), "{variant} {label} bottom of {bottom_right}: {d}");
        }
        // Each square of colour carries its colour's tag letter, as the diagram's legend names it.
        let start = Sovereign::start();
        let diagram = render::diagram(&start, render::TextStyle::Plain);
        let legend = diagram.lines().find_map(|l| l.strip_prefix("squares: ")).unwrap();
        let mut tinted = Vec::new();
        for rank in 0..16 {
            for file in 0..16 {
                let Some((name, rgb)) = start.cell(file, rank).tint else { continue };
                tinted.push(rgb);
                let square = render::square_name(file, rank);
                let tag = doc
                    .descendants()
                    .find(|n| {
                        n.attribute("class") == Some("tint-tag")
                            && n.attribute("data-square") == Some(&square)
                    })
                    .and_then(|n| n.text())
                    .unwrap_or_else(|| panic!("{variant}: tag on {square}"));
                assert!(
                    legend.contains(&format!("{tag} {name}")),
                    "{variant} {square}: {tag} {name} in {legend}"
                );
            }
        }
        assert_eq!(tinted.len(), 24);
        // The highlight: a ring that leaves the square's colour alone, in a
        // colour far from every square colour.
        let rings: Vec<_> = doc.descendants().filter(|n| n.attribute("class") == Some("highlight")).collect();
        assert_eq!(rings.len(), 2, "{variant}: e2 and e4");
        for ring in rings {
            assert_eq!(ring.attribute("fill"), Some("none"));
            assert_eq!(ring.attribute("stroke"), Some(HIGHLIGHT.to_string().as_str()));
        }
        for rgb in tinted.into_iter().chain([LIGHT, DARK]) {
            assert!(distance(rgb, HIGHLIGHT) > 140.0, "{rgb} too close to the highlight {HIGHLIGHT}");
        }
    }
}

#[test]
fn joker_picture_draws_benches_and_joker_reserves() {
    let fen = "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQQBNR[Pn] w kq - 0 0 PPPPNNBppppppppnnbb";
    let pos = Joker::from_fen(fen).unwrap();
    let svg = ok(&["render", "joker", "--fen", fen]);
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_text_presentation(&svg);
    assert_side_to_move(&doc, &pos);
    let rows: Vec<_> = doc.descendants().filter(|n| n.attribute("class") == Some("row")).collect();
    let labels: Vec<&str> = rows.iter().filter_map(|n| n.attribute("data-label")).collect();
    assert_eq!(labels, ["white bench", "black bench", "white Joker Reserve", "black Joker Reserve"]);
    let symbol = |role: Role| match role {
        Role::Pawn => '♟',
        Role::Knight => '♞',
        _ => '♝',
    };
    for (row, (pocket, color)) in rows.iter().zip([
        (pos.bench(), Color::White),
        (pos.bench(), Color::Black),
        (pos.joker_reserve(), Color::White),
        (pos.joker_reserve(), Color::Black),
    ]) {
        let pieces: Vec<_> =
            row.descendants().filter(|n| n.attribute("class") == Some("row-piece")).collect();
        let expected: String = Role::RESPAWNING
            .into_iter()
            .flat_map(|r| std::iter::repeat_n(symbol(r), usize::from(pocket.get(color, r))))
            .collect();
        let drawn: String = pieces
            .iter()
            .map(|p| p.descendants().find(|c| c.has_tag_name("text")).unwrap().text().unwrap())
            .collect::<String>()
            .replace('\u{fe0e}', "");
        assert_eq!(drawn, expected, "{:?}", row.attribute("data-label"));
        assert!(pieces.iter().all(|p| p.attribute("data-army") == Some(color.name())));
    }
    // The start position's empty reserves say so.
    let start = ok(&["render", "joker"]);
    assert!(start.contains(">white Joker Reserve (none)</text>"), "{start}");
}

#[test]
fn mages_picture_shows_a_pending_engagement_and_its_odds() {
    let fen = "r5/6/6/S1p3/6/6/6/5R g a5c5 a5 0 7";
    let pos = Mages::from_fen(fen).unwrap();
    let svg = ok(&["render", "mages", "--fen", fen]);
    assert_eq!(json(&["render", "mages", "--fen", fen, "--json"])["svg"], svg.as_str());
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_text_presentation(&svg);
    assert_side_to_move(&doc, &pos);
    for (label, square) in [("challenger", "a5"), ("defender", "c5")] {
        let d =
            region(&doc, label).children().find(|c| c.has_tag_name("path")).unwrap().attribute("d").unwrap();
        let (x, y) = corner(&doc, square);
        assert!(d.starts_with(&format!("M{x} {y}H{}", x + render::SQUARE_PX)), "{label} on {square}: {d}");
        assert_eq!(d.matches('M').count(), 4, "{label}: one square");
    }
    let notes = texts_of(&doc, "note");
    let chance = pos.chance().unwrap();
    assert_eq!(notes.len(), 1 + chance.len(), "{notes:?}");
    assert_eq!(notes[0], "engagement a5c5 (melee)");
    let mut total = 0.0;
    for ((mv, p), note) in chance.iter().zip(&notes[1..]) {
        let percent = format!("{:.1}%", 100.0 * p);
        assert!(note.starts_with(mv.to_string().split('=').next().unwrap()), "{note} for {mv}");
        assert!(note.ends_with(&percent), "{note}: {percent}");
        total += p;
    }
    assert!((total - 1.0).abs() < 1e-9);
    // Without an engagement: no regions, no notes, the side to move still.
    let start = ok(&["render", "mages"]);
    let doc = roxmltree::Document::parse(&start).unwrap();
    assert!(!doc.descendants().any(|n| matches!(n.attribute("class"), Some("region" | "note"))));
    assert_side_to_move(&doc, &Mages::start());
}

#[test]
fn mages_diagram_draws_position_string_letters_with_a_legend() {
    let text = ok(&["show", "mages"]);
    let board: Vec<&str> = text.lines().take(8).collect();
    assert_eq!(board[0], "8 Sb Hb Cb Rb Hb Sb", "{text}");
    assert_eq!(board[7], "1 Sg Hg Cg Rg Hg Sg", "{text}");
    // The board row, letters only, is the position string's row (upper case for both teams).
    let fen = Mages::start().fen();
    assert_eq!(board[0][2..].split(' ').map(|c| &c[..1]).collect::<String>(), fen[..6].to_uppercase());
    assert!(!text.chars().any(|c| ('\u{2654}'..='\u{265f}').contains(&c)), "no chess symbols: {text}");
    assert!(text.contains("\nroles: R Royal, C Counselor, H Chariot, S Shaman, P Pawn\n"), "{text}");
    // Sovereign's and Joker's diagrams keep their chess symbols and print no role legend.
    for variant in ["sovereign", "joker", "royale"] {
        let text = ok(&["show", variant]);
        assert!(text.contains('♚') && !text.contains("roles:"), "{variant}");
    }
}
