"""Movement graphs and free-body effect cones, with A(), B(), Max, Min and MinHeight.

Seed 003, §6.2 (movement graphs G_n, G_j, G_s, Figure 10), §6.3 (Definitions
6.3-6.4, free-body effect cones), §6.4 (A(), B(), Max, MinHeight, Definitions
6.5-6.7) and §9.4.1 (Min, Definition 9.1).

An effect cone is a 7 x 9 matrix of arrival times: the first ply at which a
free-body piece (one that moves at every ply and is alone on the board) can
stand on each square; ``math.inf`` where it never can (water for a non-swimmer,
its own den).  Here a cone is a tuple of 63 values indexed by square
(``row * 7 + col``, a1 = 0); :func:`cone_matrix` lays it out as the thesis prints
it, row 9 first.  Finite entries are ``int``.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Sequence
from enum import IntEnum
from functools import cache
from typing import TypeAlias

from reference.dou_shou_qi.geometry import (
    COLS,
    DEN,
    NUM_SQUARES,
    ROWS,
    WATER,
    WATER_JUMPS,
    Kind,
    Side,
    Square,
    neighbours,
)
from reference.errors import ParameterError

Time: TypeAlias = float
"""An arrival time in plies: an ``int``, or ``math.inf`` for never."""

Cone: TypeAlias = tuple[Time, ...]
"""An effect cone: 63 arrival times indexed by square."""

INF = math.inf
"""The arrival time of a square a piece can never reach."""


class Movement(IntEnum):
    """The three movement graphs of §6.2 (Figure 10)."""

    NORMAL = 0
    """G_n: one orthogonal step on land (around the water)."""
    JUMPING = 1
    """G_j: G_n plus the lion / tiger leaps across a body of water (one ply each)."""
    SWIMMING = 2
    """G_s: one orthogonal step anywhere, water included (the mouse)."""


def movement_of(kind: Kind) -> Movement:
    """The movement graph of a piece kind: mouse swims, lion and tiger jump, the rest walk."""
    if kind == Kind.MOUSE:
        return Movement.SWIMMING
    if kind in (Kind.LION, Kind.TIGER):
        return Movement.JUMPING
    return Movement.NORMAL


def _graph(movement: Movement) -> tuple[tuple[Square, ...], ...]:
    adjacency: list[tuple[Square, ...]] = []
    for sq in range(NUM_SQUARES):
        if movement == Movement.SWIMMING:
            adjacency.append(tuple(neighbours(sq)))
        elif sq in WATER:
            adjacency.append(())
        else:
            steps = [x for x in neighbours(sq) if x not in WATER]
            if movement == Movement.JUMPING:
                steps += [landing for landing, _ in WATER_JUMPS[sq]]
            adjacency.append(tuple(steps))
    return tuple(adjacency)


MOVEMENT_GRAPHS: dict[Movement, tuple[tuple[Square, ...], ...]] = {
    m: _graph(m) for m in Movement
}
"""G_n, G_j and G_s as adjacency lists over the 63 squares (water has no edges in G_n, G_j)."""


def _check_square(sq: Square) -> None:
    if not 0 <= sq < NUM_SQUARES:
        raise ParameterError(f"square index {sq} is off the board (allowed: 0..62)")


@cache
def _project(movement: Movement, sq: Square, side: Side) -> Cone:
    graph = MOVEMENT_GRAPHS[movement]
    own_den = DEN[side]
    times: list[Time] = [INF] * NUM_SQUARES
    times[sq] = 0
    queue = deque([sq])
    while queue:  # each ply, every square adjacent to the cone joins it (§6.3)
        x = queue.popleft()
        for y in graph[x]:
            if times[y] == INF and y != own_den:
                times[y] = times[x] + 1
                queue.append(y)
    return tuple(times)


def project_effect_cone(kind: Kind, sq: Square, side: Side) -> Cone:
    """Project-Effectcone: the free-body effect cone of ``side``'s ``kind`` standing on ``sq``.

    Seed 003, §6.3, Definitions 6.3-6.4 (and Project-Effectcone in §9.4.2).
    Breadth-first search on the piece's movement graph; a piece never enters
    its own den (§6.3: the cat's cone "wraps around the water and the den").
    """
    _check_square(sq)
    if sq in WATER and kind != Kind.MOUSE:
        raise ParameterError(f"only a mouse can stand on the water square {sq}")
    if sq == DEN[side]:
        raise ParameterError(f"no piece stands in its own den (square {sq})")
    return _project(movement_of(kind), sq, side)


def a_cone(u: Cone) -> Cone:
    """A(U): the cone of a player-A piece, which moves only at odd plies.

    Seed 003, §6.4.1, Definition 6.5: ``(A(U))_ij = max(0, 2 u_ij - 1)``.
    """
    return tuple(max(0, 2 * x - 1) for x in u)


def b_cone(u: Cone) -> Cone:
    """B(U): the cone of a player-B piece, which moves only at even plies.

    Seed 003, §6.4.2, Definition 6.6: ``(B(U))_ij = 2 u_ij``.
    """
    return tuple(2 * x for x in u)


def side_cone(side: Side, u: Cone) -> Cone:
    """A(U) for a piece of A, B(U) for a piece of B."""
    return a_cone(u) if side == Side.A else b_cone(u)


def cone_max(u: Cone, v: Cone) -> Cone:
    """Max(U, V): when both pieces can have arrived.  Seed 003, §6.4.3, Definition 6.7."""
    return tuple(max(x, y) for x, y in zip(u, v, strict=True))


def cone_min(u: Cone, v: Cone) -> Cone:
    """Min(U, V): when either piece can have arrived.  Seed 003, §9.4.1, Definition 9.1."""
    return tuple(min(x, y) for x, y in zip(u, v, strict=True))


def min_height(u: Cone) -> Time:
    """MinHeight(U): the smallest element of a cone.  Seed 003, §6.4.4."""
    return min(u)


def fold_min(cones: Iterable[Cone]) -> Cone:
    """Fold(Min(), C, L) with C the infinite cone: the elementwise minimum of many cones."""
    result: Cone = (INF,) * NUM_SQUARES
    for cone in cones:
        result = cone_min(result, cone)
    return result


def cone_matrix(u: Cone) -> list[list[Time]]:
    """The cone as the thesis prints it: 9 rows of 7, row 9 first (a..g left to right)."""
    return [list(u[row * COLS : (row + 1) * COLS]) for row in range(ROWS - 1, -1, -1)]


def cone_from_matrix(rows: Sequence[Sequence[Time]]) -> Cone:
    """The inverse of :func:`cone_matrix` (9 rows of 7, row 9 first)."""
    if len(rows) != ROWS or any(len(r) != COLS for r in rows):
        raise ParameterError("an effect cone matrix has 9 rows of 7 entries")
    return tuple(x for row in reversed(rows) for x in row)


def format_cone(u: Cone) -> str:
    """The matrix as text, ``inf`` printed as ``.``."""
    return "\n".join(
        " ".join(f"{'.' if x == INF else int(x):>3}" for x in row) for row in cone_matrix(u)
    )
