"""The paper's computer player for Dots and Boxes.

Seed 000, §V and §VI: the searchers deepen under a time limit ("our proposed branch
delimitation algorithm combines the advantages of history-inspired and iterative
deepening methods"), each iteration Algorithm 1 (alpha-beta with the hash table, the
core's :func:`reference.search.alphabeta_tt`, run by its engine), the table kept across
iterations and its stored best move searched first.  No search is written here: the
player is the core's :class:`~reference.search.players.DeepeningPlayer` with that
algorithm (docs/papers/000-dots-and-boxes.md, departure 20).

>>> from reference.dots_and_boxes.rules import DotsAndBoxes
>>> game = DotsAndBoxes.from_notation("1x2:0x15:0:0:1")   # box 0 has three sides
>>> game.format_move(paper_player(depth=3).choose(game).best_move)   # take it
'v0,1'
"""

from __future__ import annotations

from reference.dots_and_boxes.geometry import Edge
from reference.search.players import DeepeningPlayer
from reference.search.root import Algorithm

ALGORITHM: Algorithm = "alphabeta_tt"
"""Algorithm 1 of §IV.A (the core's alpha-beta with the transposition table)."""


def paper_player(
    *, depth: int | None = None, time_limit: float | None = None, node_limit: int | None = None
) -> DeepeningPlayer[Edge]:
    """Seed 000's searcher: iterative deepening of Algorithm 1 within the given limits."""
    return DeepeningPlayer(
        depth=depth, time_limit=time_limit, node_limit=node_limit, algorithm=ALGORITHM
    )


__all__ = ["ALGORITHM", "paper_player"]
