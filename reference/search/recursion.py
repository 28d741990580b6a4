"""Room on the Python stack for the deepest search a request can make.

Every search here is recursive: one ply costs :data:`FRAMES_PER_PLY` Python frames
(``child_value`` and the node function), so Python's default limit of 1,000
frames stops a search near 490 plies with a ``RecursionError`` (a 26 x 26 board
has 676 plies, 16 x 16 Dots and Boxes 544).  Instead of a crash, each search
raises the limit, before it starts, to what its deepest line can need:
``min(depth, game.max_plies_left())`` plies.  This is the one place that does it;
the root loop, ``perft`` / ``divide`` and each node function called at the root
(ply 0) call :func:`make_room`.

Python 3.11 runs a Python-to-Python call without a new C stack frame, so a high
limit costs nothing until it is used.  The limit is only ever raised, never
lowered (a search in another thread may need it).  A request deeper than
:data:`~reference.search.protocol.MAX_PLY` plies is refused.
"""

from __future__ import annotations

import sys
from types import FrameType
from typing import TypeVar

from reference.errors import ParameterError
from reference.search.protocol import MAX_PLY, Game

M = TypeVar("M")

FRAMES_PER_PLY = 2
"""Python frames one ply of the deepest search takes (``child_value`` + the node function)."""

FRAMES_SPARE = 300
"""Frames beyond the deepest ply: evaluation, move generation, the caller's own frames."""


def stack_depth() -> int:
    """The number of Python frames on the current thread's stack."""
    depth = 0
    frame: FrameType | None = sys._getframe()
    while frame is not None:
        depth += 1
        frame = frame.f_back
    return depth


def plies_needed(game: Game[M], depth: int) -> int:
    """The deepest line a search of ``depth`` plies can follow in ``game``."""
    bound = game.max_plies_left()
    return depth if bound is None else max(0, min(depth, bound))


def make_room(game: Game[M], depth: int) -> int:
    """Make sure a search of ``depth`` plies from ``game`` fits on the stack; return its plies.

    Raises the recursion limit (never lowers it) to the frames the search can need;
    refuses (``ParameterError``) a search that could go deeper than ``MAX_PLY`` plies.

    >>> from reference.search.toy_games import Nim
    >>> make_room(Nim(5000, take=1), 10**9)      # the pile bounds the game: 5,000 plies
    5000
    >>> sys.getrecursionlimit() >= 2 * 5000
    True
    """
    plies = plies_needed(game, depth)
    if plies > MAX_PLY:
        raise ParameterError(
            f"depth {depth}: a search here could go {plies} plies deep, "
            f"more than the {MAX_PLY} plies any search may go"
        )
    needed = stack_depth() + FRAMES_PER_PLY * plies + FRAMES_SPARE
    if needed > sys.getrecursionlimit():
        sys.setrecursionlimit(needed)
    return plies
