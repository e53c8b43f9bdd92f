//! [`SearchProfile::partial_iterations`]: a search stopped inside an iteration
//! plays a root input that iteration has proved better than the previous
//! best, and otherwise the previous best.
#![cfg(feature = "search")]

mod search_toys;

use motley_core::search::{Evaluate, Limits, Score, SearchConfig, Searcher};
use search_toys::{DRAWN, Label, Node, Tree, leaf};

/// Seat 0 plays `a`, `b` or `c`, seat 1 replies. One ply deep `a` looks
/// best (+100, then `b` +50, `c` 0); two plies deep its reply costs 200,
/// `b` is +80 and `c`'s replies hold it to +40 or less. The second
/// iteration searches `a`, `b`, then `c`.
static TURN: [Node; 11] = [
    Node::Decide { seat: 0, children: &[("a", 2, false), ("b", 3, false), ("c", 4, false)], eval: [0; 4] },
    DRAWN,
    Node::Decide { seat: 1, children: &[("x", 5, false)], eval: [100, -100, 0, 0] },
    Node::Decide { seat: 1, children: &[("y", 6, false)], eval: [50, -50, 0, 0] },
    Node::Decide {
        seat: 1,
        children: &[("z1", 7, false), ("z2", 8, false), ("z3", 9, false), ("z4", 10, false)],
        eval: [0; 4],
    },
    leaf(0, -200),
    leaf(0, 80),
    leaf(0, 40),
    leaf(0, 30),
    leaf(0, 20),
    leaf(0, 10),
];

fn search<P: Evaluate>(pos: &P, limits: &Limits) -> (Option<P::Move>, u32, Score) {
    let r = Searcher::<P>::new(SearchConfig { hash_mb: 1, ..SearchConfig::default() }).search(pos, limits);
    (r.best, r.depth, r.score)
}

fn limits(depth: u32, nodes: u64) -> Limits {
    Limits { depth: Some(depth), ..Limits::nodes(nodes) }
}

#[test]
fn a_stopped_iteration_plays_the_better_input_it_proved() {
    let plain = Tree::new(&TURN, 2);
    let partial = Tree::<true> { nodes: &TURN, seats: 2, at: 0, width: None, margin: None };
    let one = Searcher::<Tree<true>>::new(SearchConfig::default()).search(&partial, &Limits::depth(1));
    assert_eq!((one.best, one.score), (Some(Label("a")), Score(100)));
    let two = Searcher::<Tree<true>>::new(SearchConfig::default()).search(&partial, &Limits::depth(2));
    assert_eq!((two.best, two.score), (Some(Label("b")), Score(80)));
    // Every stop inside the second iteration: before `b` is proved the
    // previous best stands; from then on `b` does, with its new score.
    let mut proved = None;
    for nodes in one.nodes + 1..two.nodes {
        let got = search(&partial, &limits(2, nodes));
        assert_eq!(got.1, 1, "stopped at {nodes} nodes: one iteration completed");
        match got.0 {
            Some(Label("a")) => assert!(proved.is_none(), "{nodes}: back to a after b at {proved:?}"),
            Some(Label("b")) => {
                assert_eq!(got.2, Score(80), "{nodes}");
                proved.get_or_insert(nodes);
            }
            other => panic!("{nodes}: {other:?}"),
        }
        // Without the option the last completed iteration decides.
        assert_eq!(search(&plain, &limits(2, nodes)), (Some(Label("a")), 1, Score(100)), "{nodes}");
    }
    // Both happen: `b` is proved after the iteration began and before `c`
    // is refuted, which is the search's last node.
    let proved = proved.expect("b is proved before c is refuted");
    assert!(proved > one.nodes + 1, "b proved at {proved} nodes, the first iteration took {}", one.nodes);
}
