//! insta snapshots of the sorted legal-move lists of the fixture positions
//! (`fixtures/joker/positions/<id>.fen`, snapshot `moves-<id>`), which
//! together cover every move kind; the reference and position-string tests
//! read them too.

mod fixtures;

use fixtures::fixture_positions;
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
    let mut n = 0;
    for (id, fen) in fixture_positions() {
        let pos = Joker::from_fen(&fen).unwrap();
        insta::assert_snapshot!(format!("moves-{id}"), render(&pos));
        n += 1;
    }
    assert!(n >= 12);
}
