"""MTD(f), seed 001 "Possible improvements" (Plaat, Schaeffer, Pijls, de Bruin 1996).

A sequence of null-window alpha-beta searches with a transposition table; each
one says "above" or "below" a test value, and the bounds close in on the
minimax value.
"""

from __future__ import annotations

from typing import TypeVar

from reference.search.context import SearchContext
from reference.search.engine import alphabeta_tt_engine
from reference.search.protocol import INFINITY, Game, Score
from reference.search.rootloop import root_search

M = TypeVar("M")


def mtdf(
    game: Game[M], depth: int, first_guess: Score = 0, ctx: SearchContext | None = None
) -> Score:
    """The minimax value of ``game`` to ``depth`` plies by MTD(f) from ``first_guess``.

    Works at any node (not only the root): the value for the side to move.  The
    test value follows Plaat et al.: ``beta = max(g, lower + 1)`` (with a fail-soft
    search ``g`` can fall below ``lower``; the test value must stay above it).
    Each pass is the engine's alpha-beta + TT
    (:func:`reference.search.engine.alphabeta_tt_engine`) on ``ctx.tt`` (a fresh
    2**16-entry table when the context has none).
    """
    if ctx is None:
        ctx = SearchContext()
    ctx.table()
    g = first_guess
    lower, upper = -INFINITY, INFINITY
    while lower < upper:
        beta = max(g, lower + 1)
        g = alphabeta_tt_engine(game, depth, beta - 1, beta, ctx)
        if g < beta:
            upper = g
        else:
            lower = g
    return g


def mtdf_root(
    game: Game[M], depth: int, first_guess: Score, ctx: SearchContext, first: object = None
) -> tuple[Score, M]:
    """MTD(f) (Plaat et al.; seed 001 "Possible improvements"): null-window alpha-beta+TT
    searches that move a bound toward the true value until the bounds meet.

    The best move is the one that produced the last fail-high: its value is at
    least the final lower bound, which equals the true value.
    """
    ctx.table()
    ctx.bind_table(game)
    g = first_guess
    lower, upper = -INFINITY, INFINITY
    best_move: M | None = None
    while lower < upper:
        beta = max(g, lower + 1)
        g, move = root_search(alphabeta_tt_engine, game, depth, beta - 1, beta, ctx, first)
        if g < beta:
            upper = g  # failed low: an upper bound
        else:
            lower = g  # failed high: a lower bound, and ``move`` reaches it
            best_move = first = move
    assert best_move is not None  # lower rose from -INFINITY, so some pass failed high
    return g, best_move
