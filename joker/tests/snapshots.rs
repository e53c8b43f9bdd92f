//! insta snapshots of the sorted legal-move lists of the fixture positions
//! (`fixtures/joker/positions.fen`), which together cover every move kind.

use motley_core::Position;
use motley_joker::Joker;

fn render(pos: &Joker) -> String {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(ToString::to_string).collect();
    moves.sort();
    let mut out = format!("{pos}\nstatus: {}\n{} moves:\n", pos.status(), moves.len());
    for chunk in moves.chunks(12) {
        out += &chunk.join(" ");
        out.push('\n');
    }
    out
}

#[test]
fn sorted_legal_moves_of_fixtures() {
    let text = include_str!("../../fixtures/joker/positions.fen");
    let mut n = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (id, fen) = line.split_once(' ').unwrap();
        let pos = Joker::from_fen(fen).unwrap();
        insta::assert_snapshot!(format!("moves-{id}"), render(&pos));
        n += 1;
    }
    assert!(n >= 12);
}
