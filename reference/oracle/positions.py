"""Positions for differential tests: seeded random play, replay of a move list, budgeted solves.

>>> from reference import MNKGame
>>> draws = random_positions(lambda: MNKGame(3, 3, 3), count=3, seed=1, max_moves=4)
>>> draws == random_positions(lambda: MNKGame(3, 3, 3), count=3, seed=1, max_moves=4)
True
>>> all(0 <= len(moves) <= 4 for moves in draws)
True
>>> replay(lambda: MNKGame(3, 3, 3), ["b2", "a1"]).to_notation()
'.../.x./o.. x'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from reference import api
from reference.errors import ParameterError, SearchTimeoutError
from reference.registry import play_moves
from reference.search.protocol import PlayableGame

AnyGame = PlayableGame[Any]

DEFAULT_BUDGET = 1 << 20
"""Nodes a reference solve may take before the position counts as out of budget (our choice).

The budget is the solve's ``node_limit`` (checked every 64 nodes): node counts, not
seconds, so the same inputs always give the same answer."""


MAX_DRAWS_PER_POSITION = 100
"""Draws allowed per position asked for before :func:`random_positions` gives up (our choice)."""


def replay(new_game: Callable[[], AnyGame], moves: Sequence[str]) -> AnyGame:
    """A new game with ``moves`` (in notation) played from its start, each checked.

    An illegal or malformed move is reported with its index, as ``--moves`` does.
    """
    return play_moves(new_game(), moves)


def random_positions(
    new_game: Callable[[], AnyGame],
    *,
    count: int,
    seed: int,
    max_moves: int,
    min_moves: int = 0,
) -> list[tuple[str, ...]]:
    """``count`` distinct move lists drawn by seeded random play from the start.

    Each list draws its length uniformly in ``min_moves..max_moves`` and then a
    uniformly random legal move (in ``legal_moves`` order) at each ply; a game that
    ends sooner stops there.  A list drawn before is drawn again, at most
    :data:`MAX_DRAWS_PER_POSITION` times ``count`` draws in all (a small game may
    have fewer distinct lists: then fewer are returned).  Only
    ``random.Random(seed)`` is used, so the same game, options and seed always give
    the same positions.
    """
    if count < 0 or min_moves < 0 or max_moves < min_moves:
        raise ParameterError(
            f"need count >= 0 and 0 <= min_moves <= max_moves, got count={count}, "
            f"min_moves={min_moves}, max_moves={max_moves}"
        )
    rng = random.Random(seed)
    draws: list[tuple[str, ...]] = []
    seen: set[tuple[str, ...]] = set()
    for _ in range(count * MAX_DRAWS_PER_POSITION):
        if len(draws) == count:
            break
        game = new_game()
        length = rng.randint(min_moves, max_moves)
        moves: list[str] = []
        for _ in range(length):
            if game.is_terminal():
                break
            play_random_move(game, rng, moves)
        drawn = tuple(moves)
        if drawn not in seen:
            seen.add(drawn)
            draws.append(drawn)
    return draws


def play_random_move(game: AnyGame, rng: random.Random, moves: list[str]) -> None:
    """Play a legal move of ``game`` (not over) drawn by ``rng``, its notation added to ``moves``."""
    legal = game.legal_moves()
    move = legal[rng.randrange(len(legal))]
    moves.append(game.format_move(move))
    game.make(move)


def solve_within(game: AnyGame, budget: int | None) -> api.Solution[Any] | None:
    """``api.solve(game)``, or ``None`` when it would take more than ``budget`` nodes
    (see :data:`DEFAULT_BUDGET`; ``None``: no budget; 0: not tried).  ``game`` is left unchanged.
    """
    if budget == 0:
        return None
    try:
        return api.solve(game, node_limit=budget)
    except SearchTimeoutError:
        return None


__all__ = ["DEFAULT_BUDGET", "random_positions", "replay", "solve_within"]
