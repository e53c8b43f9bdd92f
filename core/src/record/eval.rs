//! Evaluations in comments, in one form: `[%eval S]` and, when the engine
//! gives odds, `[%wdl W D L]`, inside a move's comment:
//! `{[%eval +0.35] [%wdl 420 310 270]}`.
//!
//! - `S` is the evaluation of the position after the move **for the seat
//!   that made it**, in pawns with a sign and two decimals (`+0.35`,
//!   `-1.20`), or `#N` / `#-N`: that seat wins (loses) in N inputs.
//! - `W D L` are the chances of a win, a draw and a loss for the same seat,
//!   in thousandths, summing to 1000.

use core::fmt;

/// An engine's score, for the seat that moved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum EvalScore {
    /// Hundredths of a pawn.
    Centipawns(i32),
    /// A forced win (positive) or loss (negative) in this many inputs.
    Mate(i32),
}

impl fmt::Display for EvalScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            EvalScore::Centipawns(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                let a = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            EvalScore::Mate(n) => write!(f, "#{n}"),
        }
    }
}

impl EvalScore {
    /// Reads `+0.35`, `-1.2`, `0`, `#3`, `#-2`.
    #[must_use]
    pub fn parse(text: &str) -> Option<EvalScore> {
        if let Some(m) = text.strip_prefix('#') {
            return m.parse().ok().map(EvalScore::Mate);
        }
        let v: f64 = text.parse().ok()?;
        (v.is_finite() && v.abs() < 1e6).then(|| EvalScore::Centipawns((v * 100.0).round() as i32))
    }
}

/// An evaluation comment's content.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Evaluation {
    /// The score.
    pub score: EvalScore,
    /// Win, draw and loss chances in thousandths, when known.
    pub wdl: Option<[u16; 3]>,
}

impl fmt::Display for Evaluation {
    /// `[%eval +0.35]` or `[%eval +0.35] [%wdl 420 310 270]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[%eval {}]", self.score)?;
        if let Some([w, d, l]) = self.wdl {
            write!(f, " [%wdl {w} {d} {l}]")?;
        }
        Ok(())
    }
}

impl Evaluation {
    /// The evaluation in a comment, if it has an `[%eval …]` command.
    ///
    /// ```
    /// use motley_core::record::eval::{EvalScore, Evaluation};
    /// let e = Evaluation::find("good [%eval -0.35] [%wdl 200 300 500]").unwrap();
    /// assert_eq!(e.score, EvalScore::Centipawns(-35));
    /// assert_eq!(e.wdl, Some([200, 300, 500]));
    /// assert_eq!(e.to_string(), "[%eval -0.35] [%wdl 200 300 500]");
    /// ```
    #[must_use]
    pub fn find(comment: &str) -> Option<Evaluation> {
        let score = command(comment, "eval")?;
        let score = EvalScore::parse(score.trim())?;
        let wdl = command(comment, "wdl").and_then(|w| {
            let v: Vec<u16> = w.split_whitespace().filter_map(|x| x.parse().ok()).collect();
            <[u16; 3]>::try_from(v).ok()
        });
        Some(Evaluation { score, wdl })
    }
}

/// The argument text of `[%name …]` in `comment`.
fn command<'a>(comment: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("[%{name} ");
    let at = comment.find(&open)? + open.len();
    let rest = &comment[at..];
    rest.find(']').map(|end| &rest[..end])
}
