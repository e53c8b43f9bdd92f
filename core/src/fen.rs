//! Pieces of the position-string grammar the variants share.

use core::fmt;

/// Writes the board field of a position string for a `files` x `ranks`
/// board: the ranks from the last to the first, separated by `/`, each from
/// its first file: every occupied square as `write_piece` writes what `cell`
/// finds there, and every run of empty squares as its length. `cell` is
/// given the square index `file + files * rank`.
///
/// ```
/// use core::fmt::Write;
/// let mut text = String::new();
/// let cell = |i: usize| (i == 1).then_some('K');
/// motley_core::fen::write_board(&mut text, 3, 2, cell, |f, c| f.write_char(c)).unwrap();
/// assert_eq!(text, "3/1K1");
/// ```
///
/// # Errors
/// What `write_piece` or the writer returns.
pub fn write_board<W: fmt::Write + ?Sized, P>(
    f: &mut W,
    files: usize,
    ranks: usize,
    mut cell: impl FnMut(usize) -> Option<P>,
    mut write_piece: impl FnMut(&mut W, P) -> fmt::Result,
) -> fmt::Result {
    for rank in (0..ranks).rev() {
        let mut empty = 0;
        for file in 0..files {
            match cell(file + files * rank) {
                Some(piece) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    write_piece(f, piece)?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 0 {
            f.write_str("/")?;
        }
    }
    Ok(())
}

/// The fields of a position string, split at each space (two spaces in a
/// row make an empty field), each with the byte offset where it starts.
///
/// ```
/// let fields = motley_core::fen::split_fields(b"8/8 w  0");
/// assert_eq!(fields, [(0, &b"8/8"[..]), (4, b"w"), (6, b""), (7, b"0")]);
/// ```
#[must_use]
pub fn split_fields(text: &[u8]) -> Vec<(usize, &[u8])> {
    let mut fields = Vec::new();
    let mut start = 0;
    for (i, &c) in text.iter().enumerate() {
        if c == b' ' {
            fields.push((start, &text[start..i]));
            start = i + 1;
        }
    }
    fields.push((start, &text[start..]));
    fields
}
