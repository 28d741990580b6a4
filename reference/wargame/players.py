"""The paper's computer player for turn-based war chess.

Seed 002, §2.3: a game tree over whole turns (a move is a turn's plan, listed by the
plans search of §3-§4), searched with alpha-beta (the paper's reference [20]) on the
static evaluation of :mod:`.evaluation`.  No search is written here: the player is
the core's :class:`~reference.search.players.DeepeningPlayer` with alpha-beta, deepening
turn by turn within the given limits.  ``tests/test_package_template.py`` plays it on every
game's start.
"""

from __future__ import annotations

from reference.search.players import DeepeningPlayer
from reference.search.root import Algorithm
from reference.wargame.notation import Plan

ALGORITHM: Algorithm = "alphabeta"
"""§2.3's search (alpha-beta over turns)."""


def paper_player(
    *, depth: int | None = None, time_limit: float | None = None, node_limit: int | None = None
) -> DeepeningPlayer[Plan]:
    """Seed 002's player: iterative deepening alpha-beta over whole turns, within the limits."""
    return DeepeningPlayer(
        depth=depth, time_limit=time_limit, node_limit=node_limit, algorithm=ALGORITHM
    )


__all__ = ["ALGORITHM", "paper_player"]
