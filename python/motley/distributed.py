"""Motley's heavy jobs as Ray tasks: self-play and engine matches (with the
sequential test), the games of an odds fit, Mage's Chess league seasons,
and deep perft split by first input.

Match games have a single-process runner (:func:`games_local`, or
:func:`motley.match` for the whole ``motley match``) and Ray runners; for the
same arguments and seed they give the same games, because a match game is played by
:func:`motley.play_match_game` from its index and the match's seed alone,
exactly as ``motley match`` plays it, and a perft piece is the count below
one root input.

Ray schedules the tasks; nothing here is a scheduler. :func:`connect` calls
``ray.init()``: a local Ray instance on this machine, or the cluster that
``RAY_ADDRESS`` names (``ray start --head`` on one machine, ``ray start
--address=<head>:6379`` on the others, then ``RAY_ADDRESS=<head>:6379`` for
the driver). A task lost with its worker or node is retried by Ray
(``max_retries``), so a job finishes with every game; a game redone gives the
same result, being a function of its index and seed.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

import motley

#: How often Ray retries a task whose worker died.
MAX_RETRIES = 5


def connect(address: Optional[str] = None, num_cpus: Optional[int] = None, **kwargs: Any) -> None:
    """Connects to Ray unless connected: ``address`` (default:
    ``RAY_ADDRESS``, else a local instance on this machine with
    ``num_cpus`` workers)."""
    import ray

    if ray.is_initialized():
        return
    address = address or os.environ.get("RAY_ADDRESS")
    if address:
        ray.init(address=address, **kwargs)
    else:
        ray.init(num_cpus=num_cpus, **kwargs)


def _progress(done: int, total: int, label: str, stream: Any) -> None:
    if stream is not None:
        stream.write(f"\r{label}: {done}/{total}")
        if done == total:
            stream.write("\n")
        stream.flush()


def _gather(refs: List[Any], label: str, progress: Any, on_done: Optional[Callable[[int, Any], bool]] = None) -> List[Any]:
    """Waits for every task of ``refs`` (showing ``done/total`` on
    ``progress``), calling ``on_done(index, result)`` in completion order;
    ``on_done`` returning True cancels the tasks not done yet. Results in
    the order of ``refs`` (``None`` for a cancelled task)."""
    import ray

    index = {ref: i for i, ref in enumerate(refs)}
    results: List[Any] = [None] * len(refs)
    pending = list(refs)
    done = 0
    _progress(0, len(refs), label, progress)
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        for ref in ready:
            i = index[ref]
            results[i] = ray.get(ref)
            done += 1
            _progress(done, len(refs), label, progress)
            if on_done is not None and on_done(i, results[i]):
                for rest in pending:
                    ray.cancel(rest, force=True)
                if progress is not None:
                    progress.write("\n")
                return results
    return results


def _remote(fn: Callable[..., Any]) -> Any:
    import ray

    return ray.remote(max_retries=MAX_RETRIES, retry_exceptions=False, num_cpus=1)(fn)


def _game_task(variant: str, a: str, b: str, index: int, options: Dict[str, Any]) -> Dict[str, Any]:
    import motley as m

    return m.play_match_game(variant, a, b, index, **options)


def games_local(
    variant: str, a: str, b: str, games: int, seed: int = 0, **options: Any
) -> List[Dict[str, Any]]:
    """The single-process runner: games ``0..games`` of the match between
    ``a`` and ``b`` (see :func:`motley.play_match_game` for ``options``:
    ``fen``, ``max_plies``, ``depth``, ``movetime``, ``nodes``)."""
    return [motley.play_match_game(variant, a, b, g, seed=seed, **options) for g in range(games)]


def games(
    variant: str,
    a: str,
    b: str,
    games: int,
    seed: int = 0,
    progress: Any = sys.stderr,
    **options: Any,
) -> List[Dict[str, Any]]:
    """Games ``0..games`` of the match between ``a`` and ``b`` as Ray tasks,
    one per game, in game order: the same list as :func:`games_local`.
    ``progress`` (a stream, or ``None``) shows the games done."""
    connect()
    task = _remote(_game_task)
    options = dict(options, seed=seed)
    refs = [task.remote(variant, a, b, g, options) for g in range(games)]
    return _gather(refs, f"{variant} games", progress)


def self_play(variant: str, games_count: int, player: str = "search:depth=3", seed: int = 0, **kwargs: Any) -> List[Dict[str, Any]]:
    """Self-play for fitting the odds: ``player`` against itself,
    ``games_count`` games as Ray tasks (see :func:`games`). Each game's
    ``moves`` replay from the start (or ``fen``) to its result."""
    return games(variant, player, player, games_count, seed=seed, **kwargs)


#: The seed offset of the held-out games of an odds fit (as ``fit_wdl``).
HELD_OUT_SEED = 1_000_000


def _sample_task(variant: str, seed: int, options: Dict[str, Any]) -> Dict[str, Any]:
    import motley as m

    return m.sample_game(variant, seed, **options)


def fit_games(
    variant: str,
    games_count: int,
    held_out: int = 0,
    seed: int = 1,
    local: bool = False,
    progress: Any = sys.stderr,
    **options: Any,
) -> Dict[str, List[Dict[str, Any]]]:
    """The self-play games of an odds fit as Ray tasks, one per game: the
    games the ``fit_wdl`` example plays for the same arguments (fitted game
    ``g`` has seed ``seed + g``, held-out game ``g`` ``seed + HELD_OUT_SEED +
    g``), each a :func:`motley.sample_game` dict. ``options``: ``depth``,
    ``nodes``, ``random_plies``, ``max_plies``. ``local=True`` plays them in
    this process instead (the single-process runner). Returns ``{"fit":
    [...], "held-out": [...]}`` in seed order."""
    seeds = [seed + g for g in range(games_count)] + [seed + HELD_OUT_SEED + g for g in range(held_out)]
    if local:
        played = [motley.sample_game(variant, s, **options) for s in seeds]
    else:
        connect()
        task = _remote(_sample_task)
        refs = [task.remote(variant, s, options) for s in seeds]
        played = _gather(refs, f"{variant} fit games", progress)
    return {"fit": played[:games_count], "held-out": played[games_count:]}


def fit_dump(games: Dict[str, List[Dict[str, Any]]]) -> str:
    """The text of a ``fit_wdl --dump`` file of :func:`fit_games`'s games:
    ``fit_wdl --from-dump FILE`` fits it. A game cut off at ``max_plies``
    reads as a draw, as ``fit_wdl`` reads it; :func:`drop_cut` leaves such
    games out first."""
    lines = ["# set game ply seat raw result class"]
    for name in ("fit", "held-out"):
        for g, game in enumerate(games.get(name, [])):
            for ply, seat, raw, result, cls in game["samples"]:
                lines.append(f"{name} {g} {ply} {seat} {_number(raw)} {result} {cls}")
    return "\n".join(lines) + "\n"


def drop_cut(games: Dict[str, List[Dict[str, Any]]]) -> Dict[str, List[Dict[str, Any]]]:
    """:func:`fit_games`'s games without those cut off at ``max_plies``
    (undecided games, which ``fit_wdl --cut drop`` leaves out)."""
    return {name: [g for g in played if not g["cut"]] for name, played in games.items()}


def _number(x: float) -> str:
    """``x`` as Rust's ``Display`` writes an ``f64``: no ``.0`` on whole numbers."""
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def _league_task(teams: int, seed: int, round: int) -> str:
    import motley as m

    return m.league_round(teams, seed, round)


def league_season(
    teams: int, matches: int, seed: int = 0, local: bool = False, progress: Any = sys.stderr
) -> Tuple[str, str]:
    """A synthetic Mage's Chess league season as Ray tasks, one per match:
    ``(records, truth)``, the texts ``motley league --teams T --matches M
    --seed S`` writes to ``season.pgn`` and ``truth.json`` (each match is a
    function of the seed and its round). ``local=True`` plays them in this
    process instead."""
    if local:
        rounds = [motley.league_round(teams, seed, r) for r in range(matches)]
    else:
        connect()
        task = _remote(_league_task)
        rounds = _gather([task.remote(teams, seed, r) for r in range(matches)], "league matches", progress)
    return "\n".join(r for r in rounds if r), motley.league_truth(teams, seed) + "\n"


def _points(game: Dict[str, Any], player: int) -> float:
    seat = game["seating"].index(player)
    return {"win": 1.0, "draw": 0.5, "loss": 0.0}[game["results"][seat]]


def match(
    variant: str,
    a: str,
    b: str,
    games_count: int,
    seed: int = 0,
    sprt: Optional[Tuple[float, float]] = None,
    progress: Any = sys.stderr,
    **options: Any,
) -> Dict[str, Any]:
    """An engine match as Ray tasks: ``games`` (every game played, in game
    order), ``score`` (player ``a``'s points), and with ``sprt=(elo0, elo1)``
    the sequential test (``llr``, ``decision``) over the complete pairs in
    game order, as ``motley match --sprt`` computes it. The match ends at the
    first pair prefix where the test decides; games beyond it that finished
    anyway are dropped, so the result is the single-process match's."""
    connect()
    task = _remote(_game_task)
    options = dict(options, seed=seed)
    refs = [task.remote(variant, a, b, g, options) for g in range(games_count)]
    state: Dict[str, Any] = {"llr": 0.0, "decision": "continue", "pairs": 0}
    finished: Dict[int, Dict[str, Any]] = {}

    def on_done(i: int, game: Dict[str, Any]) -> bool:
        if sprt is None:
            return False
        finished[i] = game
        # Advance over the complete pairs available in game order.
        while 2 * state["pairs"] + 1 in finished and 2 * state["pairs"] in finished:
            state["pairs"] += 1
            points = [
                _points(finished[2 * p], 0) + _points(finished[2 * p + 1], 0) for p in range(state["pairs"])
            ]
            state["llr"], state["decision"] = motley.sprt(points, sprt[0], sprt[1])
            if state["decision"] != "continue":
                return True
        return False

    results = _gather(refs, f"{variant} match", progress, on_done)
    played = results
    if sprt is not None and state["decision"] != "continue":
        played = results[: 2 * state["pairs"]]
    out: Dict[str, Any] = {"games": played, "score": sum(_points(g, 0) for g in played)}
    if sprt is not None:
        out.update(llr=state["llr"], decision=state["decision"], pairs=state["pairs"])
    return out


def _perft_task(variant: str, depth: int, root: str, fen: Optional[str]) -> int:
    import motley as m

    return m.perft_after(variant, depth, root, fen)


def perft(variant: str, depth: int, fen: Optional[str] = None, progress: Any = sys.stderr) -> Dict[str, Any]:
    """Perft ``depth`` split by first input as Ray tasks: ``nodes`` and
    ``divide`` (each root input with its count, in the library's order),
    the same total as :func:`motley.perft`."""
    connect()
    roots = motley.perft_roots(variant, fen)
    if depth == 0 or not roots:
        return {"nodes": motley.perft(variant, depth, fen), "divide": []}
    task = _remote(_perft_task)
    refs = [task.remote(variant, depth, r, fen) for r in roots]
    counts = _gather(refs, f"{variant} perft {depth}", progress)
    return {"nodes": sum(counts), "divide": list(zip(roots, counts))}
