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
from reference.search.recursion import make_room
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

DEFAULT_TT_SIZE = 1 << 16
"""The entries of the table a search makes for itself when it is given none (``search``,
``alphabeta_tt`` and ``mtdf`` called directly)."""

M = TypeVar("M")


class SearchTimeout(Exception):
    """Raised inside a search when its deadline has passed (or its node budget is spent);
    caught by iterative deepening."""


MAX_TIME_LIMIT = 1e7
"""The largest time limit accepted, in seconds (about 116 days)."""


class Deadline:
    """A point in time after which a search stops.

    ``clock`` (default ``time.monotonic``) is the only clock a search reads; tests
    inject a fake one so that no test depends on the machine's speed.
    """

    __slots__ = ("clock", "end", "start")

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic) -> None:
        if not 0 < seconds <= MAX_TIME_LIMIT:  # also refuses NaN
            raise ParameterError(
                f"time limit must be > 0 and <= {MAX_TIME_LIMIT:g} seconds, got {seconds}"
            )
        self.clock = clock
        self.start = clock()
        self.end = self.start + seconds

    def passed(self) -> bool:
        return self.clock() >= self.end

    def elapsed(self) -> float:
        return self.clock() - self.start


@dataclass(frozen=True, slots=True)
class Budget:
    """What one search may spend: ``nodes`` (the same answer on every machine) or
    ``seconds`` (exactly one of them).

    ``clock`` is what a seconds budget reads (tests inject a fake one).

    >>> Budget(nodes=1000).nodes
    1000
    """

    nodes: int | None = None
    seconds: float | None = None
    clock: Callable[[], float] = field(default=time.monotonic, compare=False, repr=False)

    def __post_init__(self) -> None:
        if (self.nodes is None) == (self.seconds is None):
            raise ParameterError("a budget is either nodes=N or seconds=S (exactly one)")
        if self.nodes is not None and self.nodes < 1:
            raise ParameterError(f"a node budget must be >= 1, got {self.nodes}")
        if self.seconds is not None and not self.seconds > 0:
            raise ParameterError(f"a time budget must be > 0 seconds, got {self.seconds}")

    def deadline(self, count: Callable[[], int] | None = None) -> Deadline:
        """A :class:`Deadline` for one search: on ``count()`` (a node clock) or the time.

        A search checks its deadline every :data:`DEADLINE_CHECK_INTERVAL` nodes, so a
        node budget is kept to within that many nodes.
        """
        if self.nodes is not None:
            if count is None:
                raise ParameterError("a node budget needs the searcher's node counter")
            return Deadline(self.nodes, clock=lambda: float(count()))
        assert self.seconds is not None
        return Deadline(self.seconds, clock=self.clock)


@dataclass(slots=True)
class SearchContext:
    """Everything a node function needs besides the position and its window."""

    tt: TranspositionTable | None = None
    deadline: Deadline | None = None
    mate_distance: bool = True
    """Score wins as ``WIN - ply`` (shorter wins better). ``solve`` turns this off."""
    full_width: bool = False
    """Search every legal move of a ``selective`` game (``solve`` sets it); otherwise ``search_moves``."""
    reuse_deeper: bool = False
    """Table semantics.  False (the oracle's): a stored value is reused only at the depth it was
    searched to (or at any greater depth when its subtree reached no horizon), so a value
    is exactly the minimax value to the requested depth.  True (play): an entry searched
    at least as deep is reused, as game-playing programs do; the value is then that of a
    search *at least* that deep."""
    node_limit: int | None = None
    """Stop the search like a passed deadline once more than this many nodes were searched
    (checked with the deadline, every :data:`DEADLINE_CHECK_INTERVAL` nodes): a budget
    that does not depend on the machine's speed."""
    on_progress: Callable[[Counters], None] | None = None
    counters: Counters = field(default_factory=Counters)
    horizon_reached: bool = False
    """True once some node's value depended on a heuristic: a node cut off by the depth
    limit, a move list pruned by a selective game, or a stored value that did."""
    pruned: bool = False
    """True once a selective game's candidate list was searched instead of every legal move."""
    proof_bounds: Callable[[Score, Score], tuple[Score, Score]] | None = None
    """(ours, ``solve`` only) the game's static bounds on the exact value
    (:class:`~reference.search.protocol.ProvesBounds`), asked where the table has no cutoff."""

    def result_is_exact(self, value: Score) -> bool:
        """Whether a root value of this search is the game's exact value.

        Exact when no horizon was reached, or when the value is a decided game (a win
        or loss within the depth) found over every legal move: a forced win or loss
        seen to a depth is forced in the whole tree too (heuristic values stay
        inside ``(-MATE_BOUND, MATE_BOUND)``).
        """
        if not self.horizon_reached:
            return True
        return self.mate_distance and abs(value) >= MATE_BOUND and not self.pruned

    def moves(self, game: Game[M]) -> Sequence[M]:
        """The moves to search at this node: ``search_moves``, or ``legal_moves`` when a
        selective game is searched full width.  A selective list makes the value heuristic.
        """
        if game.selective:
            if self.full_width:
                return game.legal_moves()
            self.horizon_reached = self.pruned = True
        return game.search_moves()

    def table_purpose(self, game: Game[M]) -> str:
        """What the values this search stores mean (a table holds values of one meaning only)."""
        if not self.mate_distance:
            return "solve: exact game values, wins not scored by distance"
        pruned = game.selective and not self.full_width
        return (
            f"search: {'at least' if self.reuse_deeper else 'exactly'} the stored depth, "
            f"{'selective' if pruned else 'full-width'} moves"
        )

    def bind_table(self, game: Game[M]) -> None:
        """Check that ``tt`` holds values of this search's meaning, and claim it if it is empty.

        Raises :class:`~reference.errors.ParameterError` when a table filled by a search
        of another kind is handed over (``solve`` then ``search``, an "at least"
        search then an exact-depth one, a selective search then a full-width one).
        """
        if self.tt is not None:
            self.tt.bind(self.table_purpose(game))

    def visit(self, game: Game[M], depth: int, ply: int) -> Score | None:
        """Count this node; return its value when the search ends here, else ``None``.

        The search ends at a finished game (its result, wins and losses adjusted by
        ``ply``: :meth:`terminal`) and at depth 0 (the evaluation: :meth:`horizon`).
        Every :data:`DEADLINE_CHECK_INTERVAL` nodes the search is stopped
        (:class:`SearchTimeout`) when its deadline has passed or its node budget is spent.
        """
        counters = self.counters
        counters.nodes += 1
        if counters.nodes % DEADLINE_CHECK_INTERVAL == 0:
            self.check_budget()
        if game.is_terminal():
            return self.terminal(game, ply)
        if depth == 0:
            return self.horizon(game)
        return None

    def check_budget(self) -> None:
        """Raise :class:`SearchTimeout` when the deadline has passed or the node budget is
        spent; report progress every :data:`PROGRESS_INTERVAL` nodes."""
        counters = self.counters
        if self.deadline is not None and self.deadline.passed():
            raise SearchTimeout
        if self.node_limit is not None and counters.nodes > self.node_limit:
            raise SearchTimeout
        if self.on_progress is not None and counters.nodes % PROGRESS_INTERVAL == 0:
            self.on_progress(counters)

    def table(self) -> TranspositionTable:
        """The context's table; a fresh one of :data:`DEFAULT_TT_SIZE` entries when it has none."""
        if self.tt is None:
            self.tt = TranspositionTable(DEFAULT_TT_SIZE)
        return self.tt

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


def root_context(game: Game[M], depth: int, ctx: SearchContext | None) -> SearchContext:
    """The context of a node function called from outside the search (at ply 0).

    ``ctx``, or a fresh one when none is given; and room on Python's stack for the
    deepest line a search of ``depth`` plies can follow (:func:`make_room`: refuses a
    search that could go deeper than ``MAX_PLY`` plies).
    """
    make_room(game, depth)
    return SearchContext() if ctx is None else ctx


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
