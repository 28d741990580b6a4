"""The one place where a child's value becomes the parent's: sign flips only when the turn passes.

In the negamax form of seed 003 §3.2 (line 6: ``a <- max(a, -MINIMAX(p', d - 1))``)
every ply negates.  That is right only when players alternate.  In Dots and Boxes
the player who completes a box moves again (seed 000; its Algorithm 1 line 12
negates anyway, an ERRATUM), and ``make`` returns the boxes just scored.  So:

* the turn passed:        value = points - child_value   (window negated and swapped)
* the same player moves:  value = points + child_value   (window shifted, not negated)

Every algorithm in this package calls :func:`child_value`.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from reference.search.context import SearchContext
from reference.search.protocol import Game, Score

M = TypeVar("M")


class NodeFunction(Protocol):
    """The signature shared by the node functions (alphabeta, alphabeta_tt, pvs and the engine's)."""

    def __call__(
        self,
        game: Game[M],
        depth: int,
        alpha: Score,
        beta: Score,
        ctx: SearchContext,
        ply: int,
    ) -> Score: ...


def child_value(
    search: NodeFunction,
    game: Game[M],
    move: M,
    depth: int,
    alpha: Score,
    beta: Score,
    ctx: SearchContext,
    ply: int,
) -> Score:
    """Make ``move``, search the child to ``depth`` with the window ``(alpha, beta)``
    expressed for the parent, unmake, and return the move's value for the parent.
    """
    mover = game.to_move
    points = game.make(move)
    try:
        if game.to_move == mover:
            return points + search(game, depth, alpha - points, beta - points, ctx, ply + 1)
        return points - search(game, depth, points - beta, points - alpha, ctx, ply + 1)
    finally:
        game.unmake()  # also when a deadline stops the search: the position is always restored
