"""The state one search carries through its recursion: counters, table, deadline.

Library code reads the clock only here, through :class:`Deadline`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from reference.errors import ParameterError
from reference.search.protocol import MATE_BOUND, Game, Score
from reference.search.stats import Counters
from reference.search.tt import TranspositionTable, from_tt, to_tt

DEADLINE_CHECK_INTERVAL = 64
"""The deadline is checked every this many nodes (a power of two).

The overrun past a time limit is at most the time of this many nodes plus the
unwinding of the recursion: well under 10 ms for the board games here, but one
war-chess node that enumerates thousands of plans can take longer.
"""

PROGRESS_INTERVAL = 1 << 18
"""A progress callback, when given, is called every this many nodes."""

M = TypeVar("M")


class SearchTimeout(Exception):
    """Raised inside a search when its deadline has passed; caught by iterative deepening."""


class Deadline:
    """A point in time (``time.monotonic``) after which a search stops."""

    __slots__ = ("end", "start")

    def __init__(self, seconds: float) -> None:
        if not seconds > 0:
            raise ParameterError(f"time limit must be > 0 seconds, got {seconds}")
        self.start = time.monotonic()
        self.end = self.start + seconds

    def passed(self) -> bool:
        return time.monotonic() >= self.end

    def elapsed(self) -> float:
        return time.monotonic() - self.start


@dataclass(slots=True)
class SearchContext:
    """Everything a node function needs besides the position and its window."""

    tt: TranspositionTable | None = None
    deadline: Deadline | None = None
    mate_distance: bool = True
    """Score wins as ``WIN - ply`` (shorter wins better). ``solve`` turns this off."""
    on_progress: Callable[[Counters], None] | None = None
    counters: Counters = field(default_factory=Counters)
    horizon_reached: bool = False
    """True once some node was cut off by depth 0 (its value is heuristic, not exact)."""

    def visit(self) -> None:
        """Count one node; stop the search when the deadline has passed."""
        counters = self.counters
        counters.nodes += 1
        if counters.nodes % DEADLINE_CHECK_INTERVAL == 0:
            if self.deadline is not None and self.deadline.passed():
                raise SearchTimeout
            if self.on_progress is not None and counters.nodes % PROGRESS_INTERVAL == 0:
                self.on_progress(counters)

    def terminal(self, game: Game[M], ply: int) -> Score:
        """The score of a finished game, with wins / losses adjusted by ``ply`` (seed 001)."""
        score = game.terminal_score()
        if self.mate_distance:
            if score >= MATE_BOUND:
                return score - ply
            if score <= -MATE_BOUND:
                return score + ply
        return score

    def horizon(self, game: Game[M]) -> Score:
        """The heuristic value at depth 0."""
        self.horizon_reached = True
        return game.evaluate()

    def to_tt(self, value: Score, ply: int) -> Score:
        return to_tt(value, ply) if self.mate_distance else value

    def from_tt(self, value: Score, ply: int) -> Score:
        return from_tt(value, ply) if self.mate_distance else value


def first_move_first(moves: Sequence[M], first: object) -> Sequence[M]:
    """``moves`` with ``first`` moved to the front when it is one of them (TT / previous best move).

    A stored move is only an ordering hint: a move from another position with the
    same key (or a symmetric one) is ignored unless it is legal here.
    """
    if first is None:
        return moves
    for i, move in enumerate(moves):
        if move == first:
            if i == 0:
                return moves
            return [move, *moves[:i], *moves[i + 1 :]]
    return moves
