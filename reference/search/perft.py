"""perft: count the move sequences of exactly ``depth`` plies (move-generation check).

A finished game reached before ``depth`` is a leaf and is not expanded, so it is
not counted (tic-tac-toe: 9, 72, 504, 3024, 15120, 54720, ...).  ``divide_raw``
gives the count below each root move, to locate a wrong count, keyed by the raw
moves (the front door's :func:`reference.divide` keys them by their notation).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from reference.search.checks import check_count
from reference.search.protocol import Game
from reference.search.recursion import make_room

M = TypeVar("M", bound=Hashable)


def perft_raw(game: Game[M], depth: int) -> int:
    """The number of legal move sequences of exactly ``depth`` plies from ``game`` (the core's
    count, as :func:`solve_raw` is the core's solve; :func:`reference.api.perft` adds workers)."""
    check_count("perft depth", depth, least=0)
    make_room(game, depth)
    return _perft(game, depth)


def _perft(game: Game[M], depth: int) -> int:
    if depth == 0:
        return 1
    if game.is_terminal():
        return 0
    moves = game.legal_moves()
    if depth == 1:
        return len(moves)  # bulk count: every move ends a sequence
    total = 0
    for move in moves:
        game.make(move)
        total += _perft(game, depth - 1)
        game.unmake()
    return total


def divide_raw(game: Game[M], depth: int) -> dict[M, int]:
    """perft split by root move: ``{move: perft(child, depth - 1)}``, keyed by the raw moves."""
    check_count("perft depth", depth, least=0)
    make_room(game, depth)
    if depth == 0 or game.is_terminal():
        return {}
    if depth == 1:  # perft 0 below every move is 1: no need to make it (Connect6: 64k pairs)
        return dict.fromkeys(game.legal_moves(), 1)
    counts: dict[M, int] = {}
    for move in game.legal_moves():
        game.make(move)
        counts[move] = _perft(game, depth - 1)
        game.unmake()
    return counts
