"""NegaScout / principal variation search, seed 001 "Possible improvements".

The first move is searched with the full window; every later move with a null
window ``(alpha, alpha + 1)`` that only asks "is it better than alpha?", and is
searched again with the full window when the answer is yes.  Seed 001 names the
algorithm only; this is the textbook form (Reinefeld 1983, fail-soft), without a
table.  The engine's version, which probes and stores a transposition table as
alpha-beta + TT does, is :func:`reference.search.engine.pvs_engine`.
"""

from __future__ import annotations

from typing import TypeVar

from reference.search.context import SearchContext, root_context
from reference.search.negamax import child_value
from reference.search.protocol import INFINITY, Game, Score

M = TypeVar("M")


def pvs(
    game: Game[M], depth: int, alpha: Score = -INFINITY, beta: Score = INFINITY,
    ctx: SearchContext | None = None, ply: int = 0,
) -> Score:
    """Fail-soft principal variation search value of ``game`` to ``depth`` plies."""
    if ctx is None or ply == 0:  # OURS: a call from outside: counters, room on the stack
        ctx = root_context(game, depth, ctx)
    leaf = ctx.visit(game, depth, ply)  # game over or depth 0: evaluate
    if leaf is not None:
        return leaf
    best = -INFINITY
    for i, move in enumerate(ctx.moves(game)):
        if i == 0:  # the first move: the full window
            value = child_value(pvs, game, move, depth - 1, alpha, beta, ctx, ply)
        else:  # a null window: is the move better than alpha?
            value = child_value(pvs, game, move, depth - 1, alpha, alpha + 1, ctx, ply)
            if alpha < value < beta:  # yes: search it again to find out by how much
                value = child_value(pvs, game, move, depth - 1, alpha, beta, ctx, ply)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best
