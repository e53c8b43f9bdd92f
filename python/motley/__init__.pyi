from typing import Any, Dict, Optional, Sequence, Tuple, Union

from ._motley import (
    Analysis as Analysis,
    Game as Game,
    MotleyError as MotleyError,
    league_round as league_round,
    league_truth as league_truth,
    legal_moves_many as legal_moves_many,
    perft as perft,
    perft_after as perft_after,
    perft_many as perft_many,
    perft_roots as perft_roots,
    play_match_game as play_match_game,
    run_command as run_command,
    sample_game as sample_game,
    sprt as sprt,
    variants as variants,
)

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
) -> Dict[str, Any]: ...

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
) -> Dict[str, Any]: ...
def ratings(records: Union[str, Sequence[str]]) -> Dict[str, Any]: ...
