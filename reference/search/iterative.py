"""Iterative deepening under a time limit, seed 001 "Iterative Deepening".

Search depth 1, 2, 3, ... from the root, each iteration starting with the best
move of the previous one (seed 001: "the first move explored is always the best
from the previous search"), and keep the result of the last iteration that
finished.  The table is kept between iterations, so stored best moves order the
deeper search.  An iteration cut by the deadline is thrown away.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from reference.errors import ParameterError, SearchTimeoutError
from reference.search.context import Deadline, SearchContext, SearchTimeout
from reference.search.protocol import MATE_BOUND, MAX_PLY, Game
from reference.search.root import SearchResult, check_searchable, run_root
from reference.search.tt import TranspositionTable

M = TypeVar("M")


def iterative_deepening(
    game: Game[M],
    *,
    time_limit: float | None = None,
    max_depth: int | None = None,
    algorithm: str = "pvs",
    tt: TranspositionTable | None = None,
    use_tt: bool = True,
    reuse_deeper: bool = False,
    full_width: bool = False,
    on_iteration: Callable[[SearchResult[M]], None] | None = None,
    deadline: Deadline | None = None,
    node_limit: int | None = None,
) -> SearchResult[M]:
    """The result of the deepest iteration finished within ``time_limit`` seconds / ``max_depth``.

    Each iteration's value is the minimax value to its depth (table entries are
    reused at their own depth only), unless ``reuse_deeper``: then entries searched
    deeper are reused too, as a playing program does (a table handed from move to
    move must be used this way).  Stops early when an iteration's value is exact
    (see :attr:`SearchResult.exact`), and in a selective search (candidate moves only)
    when an iteration proves a win or a loss within its candidates: a deeper iteration
    over the same candidates finds the same forced line (the result stays ``exact=False``:
    a move outside the candidates may still change it).  ``use_tt=False`` searches
    without a table, except MTD(f), which cannot (it gets a fresh 2**16-entry one);
    otherwise, without ``tt``, ``alphabeta_tt``, ``pvs`` and ``mtdf`` get a fresh table
    of 2**18 entries.  ``deadline`` replaces ``time_limit`` with a
    ready-made :class:`Deadline` (tests inject one with a fake clock).  ``node_limit``
    stops the search like a deadline once about that many nodes were searched (within
    :data:`~reference.search.context.DEADLINE_CHECK_INTERVAL`): the same answer on
    any machine.  ``on_iteration`` is called after each
    finished iteration (the CLI prints progress with it).  Raises
    :class:`~reference.errors.SearchTimeoutError` when not even depth 1 finished.
    The overrun past the deadline is bounded by
    :data:`reference.search.context.DEADLINE_CHECK_INTERVAL` nodes.
    """
    if time_limit is None and max_depth is None and deadline is None and node_limit is None:
        raise ParameterError("give a time limit, a maximum depth, a node limit, or several")
    if node_limit is not None and (
        isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1
    ):
        raise ParameterError(f"node limit must be an integer >= 1, got {node_limit!r}")
    if max_depth is not None:
        check_searchable(game, max_depth)
    else:
        check_searchable(game, 1)
    if deadline is None and time_limit is not None:
        deadline = Deadline(time_limit)
    if tt is None and use_tt and algorithm in ("alphabeta_tt", "pvs", "mtdf"):
        tt = TranspositionTable(1 << 18)
    ctx = SearchContext(
        tt=tt,
        deadline=deadline,
        reuse_deeper=reuse_deeper,
        full_width=full_width,
        node_limit=node_limit,
    )
    ctx.bind_table(game)
    start = time.perf_counter()
    result: SearchResult[M] | None = None
    limit = MAX_PLY if max_depth is None else max_depth
    for depth in range(1, limit + 1):
        ctx.horizon_reached = ctx.pruned = False
        first = None if result is None else result.best_move
        guess = 0 if result is None else result.value
        try:
            value, move = run_root(algorithm, game, depth, ctx, first, guess)
        except SearchTimeout:
            break
        result = SearchResult(
            value,
            move,
            depth,
            ctx.counters.freeze(),
            time.perf_counter() - start,
            ctx.result_is_exact(value),
            reuse_deeper,
        )
        if on_iteration is not None:
            on_iteration(result)
        if result.exact or (ctx.pruned and abs(value) >= MATE_BOUND):
            break
        if deadline is not None and deadline.passed():
            break
        if node_limit is not None and ctx.counters.nodes >= node_limit:
            break
    if result is None:
        if deadline is None or not deadline.passed():
            raise SearchTimeoutError(
                f"node limit {node_limit} is too small to finish a depth-1 search; allow more nodes"
            )
        raise SearchTimeoutError(
            f"time limit {time_limit if time_limit is not None else deadline.end - deadline.start:g} s "
            "is too small to finish a depth-1 search; allow more time"
        )
    # the counters and the time of the whole search, the cut-off iteration included
    return replace(result, stats=ctx.counters.freeze(), seconds=time.perf_counter() - start)
