"""NegaScout / principal variation search, seed 001 "Possible improvements".

The first move is searched with the full window; every later move with a null
window ``(alpha, alpha + 1)`` that only asks "is it better than alpha?", and is
searched again with the full window when the answer is yes.  Uses the
transposition table when the context has one.
"""

from __future__ import annotations

from typing import TypeVar

from reference.search.alphabeta_tt import enter_subtree, leave_subtree, probe_tt, store_tt
from reference.search.context import SearchContext, first_move_first
from reference.search.negamax import child_value
from reference.search.protocol import INFINITY, Game, Score
from reference.search.recursion import make_room

M = TypeVar("M")


def pvs(
    game: Game[M],
    depth: int,
    alpha: Score = -INFINITY,
    beta: Score = INFINITY,
    ctx: SearchContext | None = None,
    ply: int = 0,
) -> Score:
    """Fail-soft principal variation search value of ``game`` to ``depth`` plies."""
    if ctx is None:
        ctx = SearchContext()
    if ply == 0:
        make_room(game, depth)
    ctx.visit()
    if game.is_terminal():
        return ctx.terminal(game, ply)
    if depth == 0:
        return ctx.horizon(game)
    tt = ctx.tt
    key = 0
    tt_move: object = None
    outer = enter_subtree(ctx)
    if tt is not None:
        if ply == 0:
            ctx.bind_table(game)
        key = game.tt_key()
        cutoff, alpha, beta, tt_move = probe_tt(tt, key, depth, alpha, beta, ctx, ply)
        if cutoff is not None:
            leave_subtree(ctx, outer)
            return cutoff
    best = -INFINITY
    best_move: object = None
    a = alpha
    for i, move in enumerate(first_move_first(ctx.moves(game), tt_move)):
        if i == 0:
            value = child_value(pvs, game, move, depth - 1, a, beta, ctx, ply)
        else:
            value = child_value(pvs, game, move, depth - 1, a, a + 1, ctx, ply)  # null window
            if a < value < beta:  # better than alpha: find out by how much
                value = child_value(pvs, game, move, depth - 1, a, beta, ctx, ply)
        if value > best:
            best, best_move = value, move
            if value > a:
                a = value
                if a >= beta:
                    break
    exact_subtree = leave_subtree(ctx, outer)
    if tt is not None:
        store_tt(tt, key, depth, exact_subtree, best, alpha, beta, best_move, ctx, ply)
    return best
