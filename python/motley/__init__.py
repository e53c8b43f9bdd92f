"""Motley's chess variants from Python: Sovereign Chess (and its four-player
Royale), Mage's Chess and Joker's Chess.

The rules, search, records and matches are Motley's Rust engines, called in
process through the same session layer as the ``motley`` command line. Every
error is a :class:`MotleyError` (a :class:`ValueError`) carrying the library's
message and where it applies.

>>> import motley
>>> motley.perft("joker", 1) == len(motley.Game("joker").legal_moves())
True
>>> game = motley.Game("joker")
>>> game.play(game.legal_moves()[0])
>>> game.analyse(depth=3).depth
3
"""

from __future__ import annotations

import json
import os
import tempfile
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from ._motley import (
    Analysis,
    Game,
    MotleyError,
    league_round,
    league_truth,
    legal_moves_many,
    perft,
    perft_after,
    perft_many,
    perft_roots,
    play_match_game,
    run_command,
    sample_game,
    sprt,
    variants,
)

__all__ = [
    "Analysis",
    "Game",
    "MotleyError",
    "league_round",
    "league_truth",
    "legal_moves_many",
    "match",
    "odds",
    "perft",
    "perft_after",
    "perft_many",
    "perft_roots",
    "play_match_game",
    "ratings",
    "run_command",
    "sample_game",
    "sprt",
    "variants",
]


def match(
    variant: str,
    a: str,
    b: str,
    games: int = 100,
    seed: int = 0,
    fen: Optional[str] = None,
    max_plies: int = 400,
    depth: Optional[int] = None,
    movetime: Optional[int] = None,
    nodes: Optional[int] = None,
    sprt: Optional[Tuple[float, float]] = None,
    record: Optional[str] = None,
) -> Dict[str, Any]:
    """Plays a match in this process exactly as ``motley match --json``
    (the single-process runner) and returns its document: the games, the
    result table, the Elo difference and, with ``sprt=(elo0, elo1)``, the
    sequential test, which may end the match early."""
    args = [
        "match", variant, "--a", a, "--b", b, "--games", str(games),
        "--seed", str(seed), "--max-plies", str(max_plies), "--json",
    ]
    for flag, value in (("--fen", fen), ("--depth", depth), ("--movetime", movetime),
                        ("--nodes", nodes), ("--record", record)):
        if value is not None:
            args += [flag, str(value)]
    if sprt is not None:
        args += ["--sprt", f"{sprt[0]},{sprt[1]}"]
    return json.loads(run_command(args))


def odds(
    variant: str,
    green_lineup: Optional[str] = None,
    blue_lineup: Optional[str] = None,
    *,
    ratings: Union[None, str, Dict[str, Any]] = None,
    record: Optional[str] = None,
    game: int = 1,
    fen: Optional[str] = None,
    moves: Optional[Sequence[str]] = None,
    simulations: int = 1000,
    seed: int = 0,
    line: Optional[float] = None,
    depth: int = 1,
    cap: int = 400,
) -> Dict[str, Any]:
    """The markets of a Mage's Chess match, exactly as ``motley odds
    --json``: the result (with the undecided share apart), a heresy, the
    first engagement, total engagements over/under ``line``, each with its
    Monte-Carlo standard error.

    ``green_lineup`` and ``blue_lineup`` are lineup tag values
    (``"a1 Ann, b1 Ben, …, Luminary Lea"``); ``ratings`` is a ratings
    document (:func:`ratings`' result, or a league's ``truth.json``) as a
    dict or JSON text; ``record`` is a record's text, priced at the end of
    game ``game``'s main line (its lineup tags name the people). Without
    lineups or ratings the role-only models price it. The same ``seed``
    gives the same prices."""
    args = ["odds", variant, "--json", "--simulations", str(simulations), "--seed", str(seed),
            "--depth", str(depth), "--cap", str(cap), "--game", str(game)]
    for flag, value in (("--green-lineup", green_lineup), ("--blue-lineup", blue_lineup),
                        ("--fen", fen), ("--line", line)):
        if value is not None:
            args += [flag, str(value)]
    if moves:
        args += ["--moves", *moves]
    with tempfile.TemporaryDirectory(prefix="motley-") as work:
        if ratings is not None:
            path = os.path.join(work, "ratings.json")
            with open(path, "w", encoding="utf-8") as f:
                f.write(ratings if isinstance(ratings, str) else json.dumps(ratings))
            args += ["--ratings", path]
        if record is not None:
            path = os.path.join(work, "record.pgn")
            with open(path, "w", encoding="utf-8") as f:
                f.write(record)
            args += ["--record", path]
        return json.loads(run_command(args))


def ratings(records: Union[str, Sequence[str]]) -> Dict[str, Any]:
    """Statistics and ratings of the Mage's Chess people named in the
    records' lineups, exactly as ``motley ratings --json``: per team and per
    player, engagements, heresies and games, and each board player's melee
    and ranged strength and heresy chance with their uncertainty.
    ``records`` is the text of a record file, or a list of such texts."""
    texts: List[str] = [records] if isinstance(records, str) else list(records)
    with tempfile.TemporaryDirectory(prefix="motley-") as work:
        paths = []
        for i, text in enumerate(texts):
            path = os.path.join(work, f"records-{i}.pgn")
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            paths.append(path)
        return json.loads(run_command(["ratings", *paths, "--json"]))
