"""MINIMAX, seed 003 §3.2 (the negamax form printed there), with no pruning.

Used as the slow, obviously-correct reference every faster algorithm is tested against.
"""

from __future__ import annotations

from typing import TypeVar

from reference.search.context import SearchContext, root_context
from reference.search.protocol import INFINITY, Game, Score

M = TypeVar("M")


def minimax(game: Game[M], depth: int, ctx: SearchContext | None = None, ply: int = 0) -> Score:
    """The minimax value of ``game`` searched ``depth`` plies deep, for the side to move.

    Seed 003, §3.2, MINIMAX(position, depth).  Departure: line 6 negates every
    child; here the sign flips only when the turn passes and in-play points are
    added (see :mod:`reference.search.negamax`).
    """
    if ctx is None or ply == 0:  # OURS: a call from outside: counters, room on the stack
        ctx = root_context(game, depth, ctx)
    leaf = ctx.visit(game, depth, ply)  # lines 1-2: game over or depth 0: EVALUATE(position)
    if leaf is not None:
        return leaf
    a = -INFINITY  # line 3
    mover = game.to_move
    for move in ctx.moves(game):  # line 4
        points = game.make(move)  # line 5: p' <- MAKE-MOVE(position, move)
        try:
            child = minimax(game, depth - 1, ctx, ply + 1)
            value = points + child if game.to_move == mover else points - child
        finally:
            game.unmake()  # restored even when a deadline stops the search
        a = max(a, value)  # line 6
    return a  # line 7
