"""Searching the root: the value *and the move*, for every algorithm.

A played move always comes from a root loop that searched it
(:func:`reference.search.rootloop.root_search`), never from a stored bound.
``search`` is the fixed-depth entry point; iterative deepening calls
:func:`run_root` once per depth.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Generic, Literal, TypeGuard, TypeVar

from reference.errors import GameError, ParameterError
from reference.search.alphabeta import alphabeta
from reference.search.checks import check_count
from reference.search.context import DEFAULT_TT_SIZE, SearchContext
from reference.search.engine import alphabeta_tt_engine, pvs_engine
from reference.search.minimax import minimax
from reference.search.mtdf import mtdf_root
from reference.search.negamax import NodeFunction
from reference.search.protocol import INFINITY, Game, Score
from reference.search.rootloop import root_search
from reference.search.stats import SearchStats
from reference.search.tt import TranspositionTable

M = TypeVar("M")

Algorithm = Literal["minimax", "alphabeta", "alphabeta_tt", "pvs", "mtdf"]
"""The name of a search algorithm (``search``, ``iterative_deepening``, ``bestmove``, ``--algorithm``)."""
ALGORITHMS: tuple[Algorithm, ...] = ("minimax", "alphabeta", "alphabeta_tt", "pvs", "mtdf")
TABLE_ALGORITHMS: tuple[Algorithm, ...] = ("alphabeta_tt", "pvs", "mtdf")
"""The algorithms that use a transposition table (``pvs`` can search without one)."""


def is_algorithm(name: object) -> TypeGuard[Algorithm]:
    """Whether ``name`` (from a command line or a request) names an :data:`Algorithm`."""
    return name in ALGORITHMS


@dataclass(frozen=True, slots=True)
class SearchResult(Generic[M]):
    """The outcome of a depth-limited search from the root."""

    score: Score
    """The minimax score to ``depth`` plies for the side to move, in search units
    (wins ``WIN - plies``, heuristic values in between).  Over the game's
    ``search_moves``; exactly that depth unless the search was told to reuse deeper
    table entries (``reuse_deeper``: then a search at least that deep)."""
    best_move: M
    depth: int
    """The depth of the last completed search."""
    stats: SearchStats
    seconds: float
    """Wall time of the whole search (every iteration of iterative deepening)."""
    exact: bool
    """True only when ``score`` is the game's true score: the whole tree below the root was
    searched (no depth cut-off, no candidate pruning), or a forced win / loss was found
    over every legal move (see :meth:`SearchContext.result_is_exact`)."""
    reuse_deeper: bool = False
    """What ``score`` means at ``depth``.  False (the oracle's default): the minimax value
    to exactly ``depth`` plies.  True (a playing program's table, handed from move to
    move): table entries of deeper searches were reused, so it is the value of a search
    *at least* ``depth`` plies deep (see ``docs/architecture.md``)."""


def _minimax_node(
    game: Game[M], depth: int, alpha: Score, beta: Score, ctx: SearchContext, ply: int
) -> Score:
    return minimax(game, depth, ctx, ply)


NODE_FUNCTIONS: dict[Algorithm, NodeFunction] = {
    "minimax": _minimax_node,
    "alphabeta": alphabeta,
    "alphabeta_tt": alphabeta_tt_engine,
    "pvs": pvs_engine,
}
"""The node function each algorithm's root loop runs (MTD(f) has a root of its own)."""


def check_searchable(game: Game[M], depth: int) -> None:
    """Preconditions of every root search (OpenSpiel-style): depth >= 1 and a game not over."""
    check_count("search depth", depth, least=1)
    if game.is_terminal():
        raise GameError("the game is over: there is no move to search")


def run_root(
    algorithm: Algorithm,
    game: Game[M],
    depth: int,
    ctx: SearchContext,
    first: object = None,
    guess: Score = 0,
) -> tuple[Score, M]:
    """One full-window root search with the named algorithm."""
    if algorithm == "mtdf":
        return mtdf_root(game, depth, guess, ctx, first)
    node = NODE_FUNCTIONS.get(algorithm)
    if node is None:
        raise ParameterError(
            f"unknown algorithm {algorithm!r}; choose one of {', '.join(ALGORITHMS)}"
        )
    return root_search(node, game, depth, -INFINITY, INFINITY, ctx, first, algorithm == "pvs")


def search(
    game: Game[M],
    depth: int,
    *,
    algorithm: Algorithm = "alphabeta",
    tt: TranspositionTable | None = None,
    full_width: bool = False,
) -> SearchResult[M]:
    """Search ``game`` exactly ``depth`` plies deep with one algorithm; return value and move.

    ``tt`` is used by ``alphabeta_tt``, ``pvs`` and ``mtdf`` (a fresh table is made
    for ``alphabeta_tt`` / ``mtdf`` when none is given; ``pvs`` without a table
    searches without one).  Stored values are reused only at the depth they were
    searched to, so every algorithm returns the same value.  ``full_width`` searches
    every legal move of a selective game.

    >>> from reference.search.toy_games import Nim
    >>> result = search(Nim(5, take=3), depth=10, algorithm="pvs")
    >>> result.score > 0, result.best_move   # 5 = 4 + 1: take one, leave a multiple of 4
    (True, 1)
    """
    check_searchable(game, depth)
    if algorithm in ("alphabeta_tt", "mtdf") and tt is None:
        tt = TranspositionTable(DEFAULT_TT_SIZE)
    ctx = SearchContext(tt=tt if algorithm in TABLE_ALGORITHMS else None, full_width=full_width)
    ctx.bind_table(game)
    start = time.perf_counter()
    value, move = run_root(algorithm, game, depth, ctx)
    return search_result(ctx, value, move, depth, start)


def search_result(
    ctx: SearchContext,
    value: Score,
    move: M,
    depth: int,
    start: float,
    reuse_deeper: bool = False,
) -> SearchResult[M]:
    """The result of a root search that ended now and began at ``start`` (``time.perf_counter``)."""
    return SearchResult(
        value,
        move,
        depth,
        ctx.counters.freeze(),
        time.perf_counter() - start,
        ctx.result_is_exact(value),
        reuse_deeper,
    )
