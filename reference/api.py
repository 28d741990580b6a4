"""The front door for Python users: the oracle's answers, in the game's notation.

The command line is built on these four functions, so Python and the command line
give the same answers (``tests/cli/test_cli_api_agree.py`` pins it):

* :func:`solve` - the exact value for the side to move and every optimal move;
* :func:`perft` / :func:`divide` - legal move-sequence counts (every legal move);
* :func:`bestmove` - a depth- and / or time-limited search (iterative deepening).

Values follow one convention (:func:`reference.search.value.game_value`): for
the side to move, ``1`` / ``0`` / ``-1`` (win / draw / loss), or the net points
of a game scored in points (Dots and Boxes).  Moves are given both raw (what
``play`` takes) and in the game's notation (what the command line prints).

>>> from reference import MNKGame, solve, perft
>>> result = solve(MNKGame(3, 3, 3))
>>> result.value, len(result.best_moves_notation), result.exact
(0, 9, True)
>>> perft(MNKGame(3, 3, 3), 2)
72
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from reference.search import perft as _perft
from reference.search.context import Deadline
from reference.search.iterative import iterative_deepening
from reference.search.perft import divide as _divide
from reference.search.protocol import PlayableGame, Score
from reference.search.root import SearchResult
from reference.search.solve import solve as _solve
from reference.search.stats import Counters, SearchStats
from reference.search.tt import TranspositionTable

M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Solution(Generic[M]):
    """The exact value of a position and every optimal move (the answer of ``solve``)."""

    value: int
    """For the side to move: 1 / 0 / -1, or net points (Dots and Boxes)."""
    best_moves: tuple[M, ...]
    """Every legal move that keeps the value, in ``legal_moves`` order (empty when the game is over)."""
    best_moves_notation: tuple[str, ...]
    """The same moves in the game's notation."""
    score: Score
    """The raw search score (``WIN`` / ``-WIN`` / 0 for win-loss games, points otherwise)."""
    stats: SearchStats
    seconds: float
    exact: bool = True
    """Always true: the whole game tree was searched."""

    @property
    def nodes(self) -> int:
        return self.stats.nodes


@dataclass(frozen=True, slots=True)
class BestMove(Generic[M]):
    """The answer of a depth- and / or time-limited search."""

    move: M
    move_notation: str
    value: Score
    """The search value for the side to move in search units (wins ``WIN - plies``)."""
    depth: int
    """The depth of the last finished iteration."""
    exact: bool
    """True only when ``value`` is the game's true value (see ``SearchResult.exact``)."""
    stats: SearchStats
    seconds: float
    """Wall time of the whole search."""

    @property
    def nodes(self) -> int:
        return self.stats.nodes


def solve(
    game: PlayableGame[M],
    *,
    tt: TranspositionTable | None = None,
    on_progress: Callable[[Counters], None] | None = None,
) -> Solution[M]:
    """Solve ``game`` from its current position (``game`` is left unchanged).

    >>> from reference import DotsAndBoxes
    >>> solve(DotsAndBoxes(2, 2)).value      # net boxes the first player wins
    2
    """
    result = _solve(game, tt=tt, on_progress=on_progress)
    return Solution(
        value=result.value,
        best_moves=result.best_moves,
        best_moves_notation=tuple(game.format_move(m) for m in result.best_moves),
        score=result.score,
        stats=result.stats,
        seconds=result.seconds,
    )


def perft(game: PlayableGame[Any], depth: int) -> int:
    """The number of legal move sequences of exactly ``depth`` plies (every legal move).

    >>> from reference import Connect6
    >>> perft(Connect6(6), 2)     # 36 single stones, then 35 * 34 / 2 pairs
    21420
    """
    return _perft(game, depth)


def divide(game: PlayableGame[M], depth: int) -> dict[str, int]:
    """perft split by root move, keyed by the move's notation (raw moves:
    :func:`reference.search.divide`).

    >>> from reference import MNKGame
    >>> counts = divide(MNKGame(3, 3, 3), 2)
    >>> counts["b2"], sum(counts.values())
    (8, 72)
    """
    return {game.format_move(m): n for m, n in _divide(game, depth).items()}


def bestmove(
    game: PlayableGame[M],
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    algorithm: str = "pvs",
    use_tt: bool = True,
    full_width: bool = False,
    on_iteration: Callable[[SearchResult[M]], None] | None = None,
    deadline: Deadline | None = None,
    node_limit: int | None = None,
) -> BestMove[M]:
    """Iterative deepening to ``depth`` plies and / or for ``time_limit`` seconds and / or
    about ``node_limit`` nodes (a budget that gives the same answer on every machine).

    Each iteration's value is the minimax value to its depth over the game's
    ``search_moves`` (``full_width``: every legal move of a selective game).

    >>> from reference import MNKGame
    >>> game = MNKGame(3, 3, 3)
    >>> for cell in ("a1", "b2", "a2"):
    ...     _ = game.play(game.parse_move(cell))
    >>> answer = bestmove(game, depth=9)
    >>> answer.move_notation, answer.exact       # block a3
    ('a3', True)
    """
    result = iterative_deepening(
        game,
        time_limit=time_limit,
        max_depth=depth,
        algorithm=algorithm,
        use_tt=use_tt,
        full_width=full_width,
        on_iteration=on_iteration,
        deadline=deadline,
        node_limit=node_limit,
    )
    return BestMove(
        move=result.best_move,
        move_notation=game.format_move(result.best_move),
        value=result.value,
        depth=result.depth,
        exact=result.exact,
        stats=result.stats,
        seconds=result.seconds,
    )


__all__ = ["BestMove", "Solution", "bestmove", "divide", "perft", "solve"]
