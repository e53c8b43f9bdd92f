//! insta snapshots of the sorted legal-move lists of the fixture positions
//! (`fixtures/joker/positions/<id>.fen`, snapshot `moves-<id>`), which
//! together cover every move kind; the reference and position-string tests
//! read them too.

use motley_core::Position;
use motley_joker::Joker;

/// Every fixture position as `(id, position string)`, from
/// `fixtures/joker/positions/<id>.fen` (one position per file), sorted by id.
fn fixture_positions() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/joker/positions");
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("fixture folder")
        .map(|entry| {
            let path = entry.expect("fixture entry").path();
            let id = path.file_stem().expect("file name").to_string_lossy().into_owned();
            (id, std::fs::read_to_string(&path).expect("fixture").trim().to_owned())
        })
        .collect();
    out.sort();
    out
}

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
