"""Board geometry of Connect6: padded bitboard layout, points, roads (路), neighbourhoods.

Seed 004, §2.1.3 (the road model: "在棋盘上连续 6 个点能够连成一条直线，则称为路", six
consecutive points on a straight line form a road, our translation) and §2.1.2
(candidate points: "选择棋盘中已落点的周围两层点", the two rings of points around the
stones already played).

Bitboard layout (python-chess style: one Python int per colour).  The board is
``size x size``; point ``(col, row)`` (both from 0, ``a1`` = bottom left) is bit
``row * stride + col`` with ``stride = size + 1``: every row carries one *guard*
bit (column ``size``) that is never set.  A shift by 1 (east), ``stride`` (north),
``stride + 1`` (north-east) or ``stride - 1`` (north-west) therefore never wraps a
stone from one edge onto the other: it lands on a guard bit, which is masked off.

Everything here depends only on the size and is computed once per size
(:func:`geometry` is cached), never per call.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TypeAlias

from reference.bits import Bitboard
from reference.errors import ParameterError
from reference.search.protocol import TwoSides

Point: TypeAlias = int
"""A point of the board as its bit index ``row * stride + col``."""

MIN_SIZE = 6
"""OURS: the smallest board, where a road (six in a row) still fits."""

MAX_SIZE = 19
"""OURS: the largest board, 19 x 19, the usual Connect6 board (columns a..s)."""

DEFAULT_SIZE = 19
"""GAP (the report gives no board size): 19 x 19, our choice; Wu and Huang's Connect6 is
usually played on a Go board."""

ROAD_LENGTH = 6
"""Seed 004, §2.1.3: a road (路) is six consecutive points.

GAP (the report states no rule): six or more in a row wins, the standard Connect6 rule
(Wu and Huang 2006), our choice."""

COLUMN_LETTERS = "abcdefghijklmnopqrs"
"""Column names a, b, c, ... (no letter is skipped, unlike Go's missing i; our notation)."""


class Side(TwoSides):
    """The two colours; black (黑) moves first (the standard Connect6 rules; seed 004 does not say)."""

    BLACK = 0
    WHITE = 1


@dataclass(frozen=True, slots=True)
class Geometry:
    """Everything about an ``size x size`` board that does not change during a game."""

    size: int
    stride: int
    board_mask: Bitboard
    """All ``size * size`` real points (guard bits clear)."""
    points: tuple[Point, ...]
    """The real points in increasing bit order (a1, b1, ..., a2, ...)."""
    directions: tuple[int, ...]
    """Bit offsets of the four line directions: east, north, north-east, north-west."""
    roads: tuple[tuple[Point, ...], ...]
    """Every road: six points in one direction (seed 004, §2.1.3)."""
    road_masks: tuple[Bitboard, ...]
    """``road_masks[r]`` is the bitboard of road ``r``'s six points."""
    through: tuple[tuple[int, ...], ...]
    """``through[p]``: the roads containing point ``p`` (at most 24; empty for guard bits)."""
    centre: Point

    def point(self, col: int, row: int) -> Point:
        """The point at column ``col`` and row ``row`` (both from 0)."""
        return row * self.stride + col

    def col_row(self, point: Point) -> tuple[int, int]:
        """The column and row (both from 0) of ``point``."""
        row, col = divmod(point, self.stride)
        return col, row

    def on_board(self, point: Point) -> bool:
        """True when ``point`` is a real point of this board."""
        return point >= 0 and (self.board_mask >> point) & 1 == 1

    def neighbours(self, board: Bitboard) -> Bitboard:
        """``board`` grown by one ring (the 8 neighbours of each point), inside the board."""
        grown = board
        for d in self.directions:
            grown |= (board << d) | (board >> d)
        return grown & self.board_mask


def check_size(size: int) -> int:
    """Return ``size`` when it is an allowed board size, else raise :class:`ParameterError`."""
    if not isinstance(size, int) or isinstance(size, bool):
        raise ParameterError(f"board size must be an integer, got {size!r}")
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ParameterError(
            f"board size must be between {MIN_SIZE} and {MAX_SIZE} (a road of "
            f"{ROAD_LENGTH} must fit; columns are letters a..s), got {size}"
        )
    return size


@cache
def geometry(size: int) -> Geometry:
    """The (cached) geometry of the ``size x size`` board.

    Seed 004, §2.1.3: the roads are all runs of six points along rows, columns and
    both diagonals.  A 19 x 19 board has 2 * 19 * 14 + 2 * 14 * 14 = 924 roads
    (266 horizontal, 266 vertical, 196 per diagonal direction).
    """
    check_size(size)
    stride = size + 1
    points = tuple(row * stride + col for row in range(size) for col in range(size))
    board_mask = 0
    for p in points:
        board_mask |= 1 << p
    # (dcol, drow) of east, north, north-east, north-west; bit offsets below.
    steps = ((1, 0), (0, 1), (1, 1), (-1, 1))
    directions = tuple(dr * stride + dc for dc, dr in steps)
    roads: list[tuple[Point, ...]] = []
    for dc, dr in steps:
        for row in range(size):
            for col in range(size):
                end_col = col + dc * (ROAD_LENGTH - 1)
                end_row = row + dr * (ROAD_LENGTH - 1)
                if 0 <= end_col < size and 0 <= end_row < size:
                    roads.append(
                        tuple((row + k * dr) * stride + (col + k * dc) for k in range(ROAD_LENGTH))
                    )
    road_masks = tuple(sum(1 << p for p in road) for road in roads)
    through_lists: list[list[int]] = [[] for _ in range(size * stride)]
    for index, road in enumerate(roads):
        for p in road:
            through_lists[p].append(index)
    half = size // 2
    return Geometry(
        size=size,
        stride=stride,
        board_mask=board_mask,
        points=points,
        directions=directions,
        roads=tuple(roads),
        road_masks=road_masks,
        through=tuple(tuple(t) for t in through_lists),
        centre=half * stride + half,
    )


def has_six(geo: Geometry, stones: Bitboard) -> bool:
    """True when ``stones`` contain six or more in a row, by bitboard shifts.

    Six or more: a line of seven or more holds six consecutive stones, and wins (the
    standard Connect6 rule, see :mod:`reference.connect6.rules`).  An independent check
    of the road table's road of length 6 (used by tests and by the full-width
    verifier): AND the board with itself shifted 1..5 steps.
    """
    for d in geo.directions:
        run = stones
        for k in range(1, ROAD_LENGTH):
            run &= stones >> (k * d)
            if not run:
                break
        if run:
            return True
    return False
