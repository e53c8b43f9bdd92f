"""Calibration of a variant's odds in self-play through UCI: the win chance
the engine reports (``UCI_ShowWDL``) against how the games ended.

    python python/examples/uci_calibration.py joker --games 120 --movetime 30 \
        --engine target/release/motley --seed 1

One engine (``motley uci``) plays both seats: the first ``--random-plies``
plies are uniformly random (from the game's seed), then every position is
searched with ``go movetime``; the last ``info`` line's ``wdl`` is the
prediction for the side to move. Mage's Chess engagements are resolved by
sampling the outcome model (``Game.chance``) with the game's generator. A game
still going after ``--max-plies`` plies is undecided and left out. Prints the
predicted and observed win rate per decile of predicted win chance (equal
predictions kept in one bin; bins with fewer than ``--min-decile`` positions
marked), the largest gap among the others and the Brier score of the win
chance; ``--out FILE`` saves every prediction as JSON lines, and
``--report FILE`` prints the table of such a file again without playing.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from typing import List, Optional, Tuple

import motley


class Engine:
    """A ``motley uci`` process."""

    def __init__(self, command: str, variant: str) -> None:
        self.proc = subprocess.Popen(
            [command, "uci"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name UCI_ShowWDL value true")
        self.send("isready")
        self.wait("readyok")

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")

    def wait(self, word: str) -> List[str]:
        assert self.proc.stdout is not None
        lines = []
        for line in self.proc.stdout:
            lines.append(line.strip())
            if line.split()[:1] == [word]:
                return lines
        raise RuntimeError(f"the engine exited before `{word}`")

    def search(self, moves: List[str], movetime: int) -> Tuple[str, Optional[float]]:
        """The best input after ``moves`` and the win chance it reports."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(f"go movetime {movetime}")
        lines = self.wait("bestmove")
        win = None
        for line in lines:
            words = line.split()
            if words[:1] == ["info"] and "wdl" in words:
                w = words.index("wdl")
                win = int(words[w + 1]) / 1000
        return lines[-1].split()[1], win

    def close(self) -> None:
        self.send("quit")
        self.proc.wait(timeout=10)


def play(engine: Engine, variant: str, seed: int, a: argparse.Namespace) -> Tuple[List[Tuple[int, float]], Optional[List[str]]]:
    """One game: (seat index, predicted win) per searched position, and each
    seat's result (``None`` when cut off)."""
    rng = random.Random(seed)
    game = motley.Game(variant)
    seats = game.seats
    moves: List[str] = []
    predictions = []
    engine.send("ucinewgame")
    plies = 0
    while game.outcome() is None:
        chance = game.chance()
        if chance:
            tokens, weights = zip(*chance)
            token = rng.choices(tokens, weights)[0]
        elif plies >= a.max_plies:
            return predictions, None
        elif plies < a.random_plies:
            token = rng.choice(game.legal_moves())
            plies += 1
        else:
            token, win = engine.search(moves, a.movetime)
            if win is not None:
                predictions.append((seats.index(game.turn), win))
            plies += 1
        game.play(token)
        moves.append(token)
    outcome = game.outcome()
    return predictions, outcome["results"]


def report(rows: List[Tuple[float, int]], min_decile: int) -> None:
    """Prints the calibration table of ``rows`` (predicted win, won).

    The bins are deciles of the predicted win chance, except that positions
    with the same prediction are never split between bins: where the odds
    are clamped, a large share of the positions has the same prediction,
    and a cut through them would compare arbitrary slices (whole games) of
    one prediction with each other.
    """
    rows.sort(key=lambda r: r[0])
    n = len(rows)
    gaps = []
    print("| deciles | positions | predicted win | observed win | gap |")
    print("|---:|---:|---:|---:|---:|")
    start, b = 0, 0
    while start < n:
        end = max(start + 1, min(n, (b + 1) * n // 10))
        while end < n and rows[end][0] == rows[end - 1][0]:
            end += 1
        part = rows[start:end]
        first, b = b + 1, max(b + 1, end * 10 // n)
        label = str(b) if first == b else f"{first}–{b}"
        start = end
        p = sum(x for x, _ in part) / len(part)
        o = sum(y for _, y in part) / len(part)
        gap = 100 * (p - o)
        note = "" if len(part) >= min_decile else " (few)"
        if len(part) >= min_decile:
            gaps.append(abs(gap))
        print(f"| {label} | {len(part)} | {100 * p:.1f}% | {100 * o:.1f}% | {gap:+.1f}{note} |")
    brier = sum((x - y) ** 2 for x, y in rows) / max(1, n)
    print(f"\nBrier score (win chance): {brier:.4f}; largest gap {max(gaps, default=0):.1f} points")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("variant")
    p.add_argument("--games", type=int, default=120)
    p.add_argument("--movetime", type=int, default=30)
    p.add_argument("--engine", default="motley")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--random-plies", type=int, default=4)
    p.add_argument("--max-plies", type=int, default=400)
    p.add_argument("--min-decile", type=int, default=100)
    p.add_argument("--out", default=None, help="write every position's prediction and result (JSON lines)")
    p.add_argument("--report", default=None, metavar="FILE",
                   help="play nothing: print the table of a file --out wrote")
    a = p.parse_args()
    if a.report:
        with open(a.report) as f:
            rows = [(d["win"], d["won"]) for d in map(json.loads, f)]
        report(rows, a.min_decile)
        return 0
    engine = Engine(a.engine, a.variant)
    rows: List[Tuple[float, int]] = []
    cut = 0
    started = time.time()
    out = open(a.out, "w") if a.out else None
    for g in range(a.games):
        predictions, results = play(engine, a.variant, a.seed + g, a)
        if results is None:
            cut += 1
        else:
            for seat, win in predictions:
                won = int(results[seat] == "win")
                rows.append((win, won))
                if out:
                    out.write(json.dumps({"game": g, "seat": seat, "win": win, "won": won}) + "\n")
        print(f"\rgames {g + 1}/{a.games}", end="", file=sys.stderr)
    engine.close()
    print(f"\n{a.games} games ({cut} cut off, left out), {len(rows)} positions, {time.time() - started:.0f} s",
          file=sys.stderr)
    report(rows, a.min_decile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
