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
from typing import Any, Dict, Optional, Tuple

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
    "perft",
    "perft_after",
    "perft_many",
    "perft_roots",
    "play_match_game",
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
