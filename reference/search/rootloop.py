"""The root loop shared by every algorithm: search each move, keep the best one."""

from __future__ import annotations

from typing import TypeVar

from reference.search.context import SearchContext, first_move_first
from reference.search.negamax import NodeFunction, child_value
from reference.search.protocol import INFINITY, Game, Score
from reference.search.recursion import make_room

M = TypeVar("M")


def root_search(
    node: NodeFunction,
    game: Game[M],
    depth: int,
    alpha: Score,
    beta: Score,
    ctx: SearchContext,
    first: object = None,
    null_window: bool = False,
) -> tuple[Score, M]:
    """Search every root move (``first`` first) with ``node``; return (fail-soft value, best move).

    With ``null_window`` (PVS) moves after the first are tried with a null window
    and searched again only when they beat alpha.
    """
    make_room(game, depth)
    moves = first_move_first(ctx.moves(game), first)
    best = -INFINITY
    best_move = moves[0]
    a = alpha
    for i, move in enumerate(moves):
        if null_window and i > 0:
            value = child_value(node, game, move, depth - 1, a, a + 1, ctx, 0)
            if a < value < beta:
                value = child_value(node, game, move, depth - 1, a, beta, ctx, 0)
        else:
            value = child_value(node, game, move, depth - 1, a, beta, ctx, 0)
        if value > best:
            best, best_move = value, move
            if value > a:
                a = value
                if a >= beta:
                    break
    return best, best_move
