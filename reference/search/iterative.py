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
from reference.search.checks import check_count
from reference.search.context import Deadline, SearchContext, SearchTimeout
from reference.search.protocol import MATE_BOUND, MAX_PLY, Game
from reference.search.root import (
    TABLE_ALGORITHMS,
    Algorithm,
    SearchResult,
    check_searchable,
    run_root,
    search_result,
)
from reference.search.tt import TranspositionTable

M = TypeVar("M")

Iteration = Callable[[SearchResult[M]], None]
"""Called with the result of each finished iteration."""


def iterative_deepening(
    game: Game[M],
    *,
    time_limit: float | None = None,
    max_depth: int | None = None,
    algorithm: Algorithm = "pvs",
    tt: TranspositionTable | None = None,
    use_tt: bool = True,
    reuse_deeper: bool = False,
    full_width: bool = False,
    on_iteration: Iteration[M] | None = None,
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
    if node_limit is not None:
        check_count("node limit", node_limit, least=1)
    check_searchable(game, 1 if max_depth is None else max_depth)
    if deadline is None and time_limit is not None:
        deadline = Deadline(time_limit)
    if tt is None and use_tt and algorithm in TABLE_ALGORITHMS:
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
    result = deepen(game, algorithm, ctx, MAX_PLY if max_depth is None else max_depth, on_iteration)
    if result is None:
        raise nothing_finished(ctx, time_limit)
    # the counters and the time of the whole search, the cut-off iteration included
    return replace(result, stats=ctx.counters.freeze(), seconds=time.perf_counter() - start)


def deepen(
    game: Game[M],
    algorithm: Algorithm,
    ctx: SearchContext,
    max_depth: int,
    on_iteration: Iteration[M] | None = None,
) -> SearchResult[M] | None:
    """Seed 001's loop: search depth 1, 2, 3, ... each iteration from the previous best move;
    return the last iteration that finished (``None`` when none did)."""
    start = time.perf_counter()
    result: SearchResult[M] | None = None
    for depth in range(1, max_depth + 1):
        ctx.horizon_reached = ctx.pruned = False
        first = None if result is None else result.best_move  # the previous best move first
        guess = 0 if result is None else result.score  # MTD(f)'s first guess
        try:
            value, move = run_root(algorithm, game, depth, ctx, first, guess)
        except SearchTimeout:
            break  # an iteration cut by the deadline is thrown away
        result = search_result(ctx, value, move, depth, start, ctx.reuse_deeper)
        if on_iteration is not None:
            on_iteration(result)
        if no_deeper(result, ctx):
            break
    return result


def no_deeper(result: SearchResult[M], ctx: SearchContext) -> bool:
    """Whether the iteration that gave ``result`` is the last: its value is exact, or a
    selective search proved a win or a loss within its candidates, or the deadline or the
    node budget is spent."""
    if result.exact or (ctx.pruned and abs(result.score) >= MATE_BOUND):
        return True
    if ctx.deadline is not None and ctx.deadline.passed():
        return True
    return ctx.node_limit is not None and ctx.counters.nodes >= ctx.node_limit


def nothing_finished(ctx: SearchContext, time_limit: float | None) -> SearchTimeoutError:
    """The error when not even the depth-1 iteration finished."""
    deadline = ctx.deadline
    if deadline is None or not deadline.passed():
        return SearchTimeoutError(
            f"node limit {ctx.node_limit} is too small to finish a depth-1 search; allow more nodes"
        )
    seconds = time_limit if time_limit is not None else deadline.end - deadline.start
    return SearchTimeoutError(
        f"time limit {seconds:g} s is too small to finish a depth-1 search; allow more time"
    )
