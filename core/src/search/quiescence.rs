//! Quiescence: past the main search's horizon, stand pat on the static
//! evaluation or follow the inputs the variant names
//! ([`Evaluate::is_quiescence_input`]) for at most the profile's
//! quiescence plies.

use core::cmp::Reverse;

use super::frame::{Frame, Window};
use super::ordering::hint;
use super::{Evaluate, Searcher};

impl<P: Evaluate> Searcher<P> {
    /// How many inputs quiescence follows past the horizon in this search.
    pub(super) fn quiescence_plies(&self) -> u32 {
        self.config.quiescence_plies.unwrap_or(P::PROFILE.quiescence_plies)
    }

    /// Quiescence: stand pat on the static evaluation, or follow a tactical
    /// input; chance nodes are averaged as in the main search.
    ///
    /// The inputs are listed only when standing pat does not cut: until then
    /// the node asks [`Position::has_legal_moves`](crate::game::Position::has_legal_moves),
    /// which a variant may answer without generating every input.
    pub(super) fn qsearch(&mut self, pos: &P, frame: Frame, mut window: Window) -> i32 {
        let ply = frame.ply;
        if let Err(value) = self.open(pos, ply, || pos.has_legal_moves()) {
            return value;
        }
        if let Some(outcomes) = pos.chance() {
            return self.chance(pos, &outcomes, frame, window);
        }
        let stand = self.static_eval(pos);
        if frame.qply >= self.quiescence_plies() || stand >= window.beta {
            return stand;
        }
        window.alpha = window.alpha.max(stand);
        let team = self.team(pos);
        let mut buf = std::mem::take(&mut self.buffers[ply]);
        quiescence_inputs(pos, frame.qply, &mut buf);
        buf.sort_by_key(|&(s, _)| Reverse(s));
        if let Some(width) = pos.quiescence_width(frame.qply) {
            buf.truncate(width);
        }
        let mut best = stand;
        for &(_, mv) in &buf {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = self.child(team, &child, frame.quiescence_child(), window);
            if self.aborted {
                self.buffers[ply] = buf;
                return 0;
            }
            if score > best {
                best = score;
                if score > window.alpha {
                    window.alpha = score;
                    if window.alpha >= window.beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply] = buf;
        best
    }
}

/// Replaces `out` with `pos`'s inputs that quiescence follows at `qply`,
/// each with its ordering hint. Not inlined, so that the variant's move
/// list stays out of the recursive search frames (see `node::list_into`).
#[inline(never)]
fn quiescence_inputs<P: Evaluate>(pos: &P, qply: u32, out: &mut Vec<(i32, P::Move)>) {
    out.clear();
    out.extend(
        pos.legal_moves()
            .iter()
            .filter(|&&mv| pos.is_quiescence_input(mv, qply))
            .map(|&mv| (hint(pos, mv), mv)),
    );
}
