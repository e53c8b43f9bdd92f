//! The small types a node of the search passes down: its place in the tree
//! ([`Frame`]), its alpha–beta window ([`Window`]), the best input found
//! so far ([`Best`]) and, in a best-reply layer, its place in the layer
//! ([`Layer`]).

use super::INFINITY;

/// A node's place in the search tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Frame {
    /// Distance from the root in inputs (the root is 0).
    pub ply: usize,
    /// Plies of main search left below the node; 0 in quiescence.
    pub depth: u32,
    /// Inputs quiescence has followed past the horizon; 0 in the main search.
    pub qply: u32,
    /// Whether the node was reached by a pass (a null move): its own
    /// search does not pass again.
    pub passed: bool,
}

impl Frame {
    /// The root of an iteration `depth` plies deep.
    pub(super) const fn root(depth: u32) -> Self {
        Frame { ply: 0, depth, qply: 0, passed: false }
    }

    /// Whether the node is one of quiescence (no main-search depth left).
    pub(super) const fn in_quiescence(self) -> bool {
        self.depth == 0
    }

    /// A child searched `depth` plies deep in the main search (at depth 0
    /// it starts quiescence).
    pub(super) const fn child(self, depth: u32) -> Self {
        Frame { ply: self.ply + 1, depth, qply: 0, passed: false }
    }

    /// The child reached by a pass (a null move), `depth` plies deep.
    pub(super) const fn after_pass(self, depth: u32) -> Self {
        Frame { ply: self.ply + 1, depth, qply: 0, passed: true }
    }

    /// A child in quiescence, one input further past the horizon.
    pub(super) const fn quiescence_child(self) -> Self {
        Frame { ply: self.ply + 1, depth: 0, qply: self.qply + 1, passed: false }
    }

    /// A chance node's resolution: in the main search at the same depth
    /// (chance resolutions use none), in quiescence one input further.
    pub(super) const fn resolution(self) -> Self {
        if self.in_quiescence() { self.quiescence_child() } else { self.child(self.depth) }
    }
}

/// An alpha–beta window: the node's value matters only between `alpha` and
/// `beta`; outside, a bound on it is enough.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Window {
    /// What the side to move is already sure of.
    pub alpha: i32,
    /// What the other side will not allow.
    pub beta: i32,
}

impl Window {
    /// The window of a root: every value matters.
    pub(super) const FULL: Window = Window { alpha: -INFINITY, beta: INFINITY };

    /// The window `(alpha, beta)`.
    pub(super) const fn new(alpha: i32, beta: i32) -> Self {
        Window { alpha, beta }
    }

    /// The null window just above `alpha`: it only asks whether a value
    /// beats `alpha`.
    pub(super) const fn null(alpha: i32) -> Self {
        Window { alpha, beta: alpha + 1 }
    }

    /// Whether the window is wider than a null window: a node on the
    /// principal variation.
    pub(super) const fn is_pv(self) -> bool {
        self.beta - self.alpha > 1
    }

    /// Whether the window is exactly a null window.
    pub(super) const fn is_null(self) -> bool {
        self.beta - self.alpha == 1
    }

    /// The same window seen from the other side (negamax).
    pub(super) const fn negated(self) -> Self {
        Window { alpha: -self.beta, beta: -self.alpha }
    }
}

/// The best a decision node has found so far: its score and input.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Best<M> {
    /// The best score so far (below every score before the first input).
    pub score: i32,
    /// The input that scored it.
    pub mv: Option<M>,
}

impl<M> Best<M> {
    /// Nothing found yet.
    pub(super) const fn none() -> Self {
        Best { score: -INFINITY, mv: None }
    }
}

/// Where a node sits in a best-reply layer (see the [module
/// doc](super#seats)).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Layer {
    /// How many plies into the layer the node is (0 at its first node).
    pub seg: usize,
    /// Whether an earlier opponent of the layer has branched.
    pub branched: bool,
}

impl Layer {
    /// A layer's first node.
    pub(super) const START: Layer = Layer { seg: 0, branched: false };

    /// The next ply of the layer, after an input that branched or not.
    pub(super) const fn next(self, branched: bool) -> Self {
        Layer { seg: self.seg + 1, branched }
    }
}
