"""Alpha-beta ("branch delimitation" in seed 000), fail-soft negamax, no table.

Seed 000, Theorem 8 (the window update) and §III; seed 001, "MiniMax ... optimized
with Alpha-Beta Pruning".
"""

from __future__ import annotations

from typing import TypeVar

from reference.search.context import SearchContext, root_context
from reference.search.negamax import child_value
from reference.search.protocol import INFINITY, Game, Score

M = TypeVar("M")


def alphabeta(
    game: Game[M], depth: int, alpha: Score = -INFINITY, beta: Score = INFINITY,
    ctx: SearchContext | None = None, ply: int = 0,
) -> Score:
    """Fail-soft alpha-beta value of ``game`` to ``depth`` plies for the side to move.

    The result v satisfies: v <= alpha means true value <= v; v >= beta means
    true value >= v; otherwise v is the exact minimax value.
    """
    if ctx is None or ply == 0:  # OURS: a call from outside: counters, room on the stack
        ctx = root_context(game, depth, ctx)
    leaf = ctx.visit(game, depth, ply)  # game over or depth 0: evaluate
    if leaf is not None:
        return leaf
    best = -INFINITY
    for move in ctx.moves(game):
        value = child_value(alphabeta, game, move, depth - 1, alpha, beta, ctx, ply)
        if value > best:
            best = value
            if value > alpha:  # Theorem 8: the window narrows from below
                alpha = value
                if alpha >= beta:  # cut-off: the opponent will not allow this line
                    break
    return best
