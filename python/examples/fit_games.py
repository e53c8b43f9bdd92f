"""Plays the self-play games of an odds fit on Ray and writes their samples
as a ``fit_wdl`` dump, for ``fit_wdl --from-dump`` to fit.

    python python/examples/fit_games.py joker --games 600 --held-out 600 \
        --seed 1 --depth 64 --nodes 30000 --max-plies 1000 --cut drop \
        --out joker.dump
    cargo run --release -p motley-cli --example fit_wdl -- joker --from-dump joker.dump

The games are the ``fit_wdl`` example's for the same arguments (one Ray task
per game; ``RAY_ADDRESS`` picks a cluster, else a local instance with
``--cpus`` workers). ``--cut drop`` leaves out the games still going at
``--max-plies`` (undecided, not drawn); ``--cut draw`` keeps them as draws,
as ``fit_wdl`` does by default. A summary of the games (endings, nodes and
depth a search) goes to stderr.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time

from motley import distributed


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variant")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--held-out", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--depth", type=int, default=2)
    p.add_argument("--nodes", type=int, default=None)
    p.add_argument("--random-plies", type=int, default=4)
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--cut", choices=["draw", "drop"], default="draw")
    p.add_argument("--cpus", type=int, default=None, help="workers of a local Ray instance")
    p.add_argument("--out", required=True, help="the dump file to write")
    a = p.parse_args()
    distributed.connect(num_cpus=a.cpus, include_dashboard=False, log_to_driver=False)
    started = time.time()
    games = distributed.fit_games(
        a.variant, a.games, held_out=a.held_out, seed=a.seed,
        depth=a.depth, nodes=a.nodes, random_plies=a.random_plies, max_plies=a.max_plies,
    )
    for name, played in games.items():
        endings = collections.Counter(g["reason"] for g in played)
        searches = max(1, sum(g["searches"] for g in played))
        print(
            f"{name}: {len(played)} games, endings {dict(endings)}, "
            f"mean {sum(g['nodes'] for g in played) / searches:.0f} nodes "
            f"and depth {sum(g['depth_sum'] for g in played) / searches:.2f} a search",
            file=sys.stderr,
        )
    if a.cut == "drop":
        games = distributed.drop_cut(games)
    with open(a.out, "w") as f:
        f.write(distributed.fit_dump(games))
    print(f"self-play: {time.time() - started:.0f} s; wrote {a.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
