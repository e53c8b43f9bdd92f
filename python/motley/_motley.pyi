"""Type stubs of the compiled part of the ``motley`` package."""

from typing import Any, Dict, List, Optional, Sequence, Tuple

class MotleyError(ValueError):
    """A bad variant, position string, input, limit, record or player: the
    library's message, then where it applies."""

class Analysis:
    """What a search found: ``motley analyze``'s summary for the side to move."""

    best: Optional[str]
    score: Optional[float]
    score_text: str
    raw: Optional[float]
    mate: Optional[int]
    odds: Tuple[float, float, float]
    expected: float
    pv: List[str]
    lines: List[Tuple[str, List[str]]]
    depth: int
    seldepth: int
    nodes: int
    seconds: float
    stopped: bool
    chance_node: bool
    json: str
    def document(self) -> Dict[str, Any]:
        """The whole ``motley analyze --json`` document."""

class Game:
    """A game of one of Motley's variants."""

    def __init__(self, variant: str, fen: Optional[str] = None) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def moves(self) -> List[str]: ...
    @property
    def turn(self) -> str: ...
    @property
    def seats(self) -> List[str]: ...
    def fen(self) -> str: ...
    def legal_moves(self) -> List[str]: ...
    def play(self, move: str) -> None: ...
    def status(self) -> str: ...
    def outcome(self) -> Optional[Dict[str, Any]]: ...
    def chance(self) -> Optional[List[Tuple[str, float]]]: ...
    def analyse(
        self,
        depth: Optional[int] = None,
        time: Optional[int] = None,
        multipv: int = 1,
        threads: int = 1,
    ) -> Optional[Analysis]: ...
    def analyze(
        self,
        depth: Optional[int] = None,
        time: Optional[int] = None,
        multipv: int = 1,
        threads: int = 1,
    ) -> Optional[Analysis]: ...
    def perft(self, depth: int) -> int: ...
    def record(self, tags: Optional[Sequence[Tuple[str, str]]] = None) -> str: ...
    @staticmethod
    def from_record(text: str, game: int = 1) -> "Game": ...
    def copy(self) -> "Game": ...

def perft(variant: str, depth: int, fen: Optional[str] = None) -> int: ...
def perft_roots(variant: str, fen: Optional[str] = None) -> List[str]: ...
def perft_after(variant: str, depth: int, root: str, fen: Optional[str] = None) -> int: ...
def perft_many(variant: str, fens: Sequence[Optional[str]], depth: int) -> List[int]: ...
def legal_moves_many(variant: str, fens: Sequence[Optional[str]]) -> List[List[str]]: ...
def variants() -> List[str]: ...
def play_match_game(
    variant: str,
    a: str,
    b: str,
    index: int,
    seed: int = 0,
    fen: Optional[str] = None,
    max_plies: int = 400,
    depth: Optional[int] = None,
    movetime: Optional[int] = None,
    nodes: Optional[int] = None,
) -> Dict[str, Any]: ...
def sample_game(
    variant: str,
    seed: int,
    depth: int = 2,
    nodes: Optional[int] = None,
    random_plies: int = 4,
    max_plies: int = 300,
) -> Dict[str, Any]: ...
def league_truth(teams: int, seed: int) -> str: ...
def league_round(teams: int, seed: int, round: int) -> str: ...
def run_command(args: Sequence[str]) -> str: ...
def sprt(pair_points: Sequence[float], elo0: float, elo1: float) -> Tuple[float, str]: ...
