//! The canonical writer: tags one per line in the order the reader leaves
//! them, a blank line, the move text wrapped at [`LINE_WIDTH`] characters,
//! annotation marks as `$n`, and a blank line after the game.

use crate::record::game::{Game, Line};

/// The width the move text is wrapped at (a longer token gets a line of its own).
pub const LINE_WIDTH: usize = 80;

/// `value` as a tag string: `\` and `"` escaped, line breaks made spaces
/// (a string ends at its line).
fn quoted(value: &str) -> String {
    let mut s = String::with_capacity(value.len() + 2);
    s.push('"');
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                s.push('\\');
                s.push(c);
            }
            '\n' | '\r' => s.push(' '),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// The atoms of move text, joined by spaces and wrapped; `(` sticks to the
/// next atom and `)` to the previous one.
#[derive(Default)]
struct Atoms {
    atoms: Vec<String>,
    open: usize,
    /// A move number waiting for its move (the two are never split).
    number: Option<String>,
}

impl Atoms {
    fn push(&mut self, text: impl Into<String>) {
        let mut text = text.into();
        if let Some(n) = self.number.take() {
            text = n + " " + &text;
        }
        if self.open > 0 {
            text = "(".repeat(self.open) + &text;
            self.open = 0;
        }
        self.atoms.push(text);
    }

    fn comment(&mut self, text: &str) {
        // `}` would end the comment: written as `)`.
        let clean = text.replace('}', ")");
        let words: Vec<&str> = clean.split_whitespace().collect();
        match words.as_slice() {
            [] => self.push("{}"),
            [one] => self.push(format!("{{{one}}}")),
            [first, middle @ .., last] => {
                self.push(format!("{{{first}"));
                for w in middle {
                    self.push(*w);
                }
                self.push(format!("{last}}}"));
            }
        }
    }

    fn close(&mut self) {
        if let Some(last) = self.atoms.last_mut() {
            last.push(')');
        }
    }

    fn wrap(self) -> String {
        let mut out = String::new();
        let mut width = 0;
        for atom in self.atoms {
            let len = atom.chars().count();
            // A `%` in the first column would make the line an escape: keep
            // such an atom on the line before.
            if width > 0 && width + 1 + len > LINE_WIDTH && !atom.starts_with('%') {
                out.push('\n');
                width = 0;
            }
            if width > 0 {
                out.push(' ');
                width += 1;
            }
            out.push_str(&atom);
            width += len;
        }
        out.push('\n');
        out
    }
}

fn line_atoms(line: &Line, atoms: &mut Atoms) {
    for c in &line.comments {
        atoms.comment(c);
    }
    let mut interrupted = true;
    for node in &line.nodes {
        if node.opens_round {
            atoms.number = Some(format!("{}.", node.number));
        } else if interrupted {
            atoms.number = Some(format!("{}...", node.number));
        }
        atoms.push(node.token.clone());
        for nag in &node.nags {
            atoms.push(format!("${nag}"));
        }
        for c in &node.comments {
            atoms.comment(c);
        }
        for v in &node.variations {
            atoms.open += 1;
            line_atoms(v, atoms);
            atoms.close();
        }
        interrupted = !node.comments.is_empty() || !node.variations.is_empty();
    }
}

/// The canonical text of `game` (ending with a newline; games are separated
/// by one blank line when written with [`write_all`]).
#[must_use]
pub fn write(game: &Game) -> String {
    let mut out = String::new();
    for tag in &game.tags {
        out.push('[');
        out.push_str(&tag.name);
        out.push(' ');
        out.push_str(&quoted(&tag.value));
        out.push_str("]\n");
    }
    out.push('\n');
    let mut atoms = Atoms::default();
    line_atoms(&game.main, &mut atoms);
    atoms.push(game.termination.clone());
    out.push_str(&atoms.wrap());
    out
}

/// Several games, each followed by a blank line.
#[must_use]
pub fn write_all<'a>(games: impl IntoIterator<Item = &'a Game>) -> String {
    games.into_iter().map(|g| write(g) + "\n").collect()
}
