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
