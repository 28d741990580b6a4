"""K or more in a row on a rectangle of points: the line that won and the sentence that
says so (the explanations of the (M,N,K)-game and of Connect6 share these: both games
are won by K or more stones in a row, an overline counting).

>>> stones = {(0, 0), (1, 1), (2, 2)}
>>> winning_cells(3, 3, 3, lambda c, r: (c, r) in stones)
[(0, 0), (1, 1), (2, 2)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
"""Row, column, diagonal and anti-diagonal steps (column, row)."""

Has = Callable[[int, int], bool]
"""``has(column, row)``: whether the point is on the board and holds the side's stone."""


def winning_cells(width: int, height: int, k: int, has: Has) -> list[tuple[int, int]]:
    """The first run of ``k`` or more stones (scanned from the corner (0, 0) upwards),
    whole, as (column, row) points, or ``[]``."""
    for row in range(height):
        for column in range(width):
            for dc, dr in DIRECTIONS:
                cells = [(column + i * dc, row + i * dr) for i in range(k)]
                if all(has(c, r) for c, r in cells):
                    return whole_line(cells, dc, dr, has)
    return []


def whole_line(
    cells: list[tuple[int, int]], dc: int, dr: int, has: Has
) -> list[tuple[int, int]]:
    """``cells`` (a run of stones along ``(dc, dr)``) extended both ways while ``has`` a stone:
    the whole line, so an overline is quoted at its length."""
    line = list(cells)
    while has(line[0][0] - dc, line[0][1] - dr):
        line.insert(0, (line[0][0] - dc, line[0][1] - dr))
    while has(line[-1][0] + dc, line[-1][1] + dr):
        line.append((line[-1][0] + dc, line[-1][1] + dr))
    return line


def won_sentence(winner: str, words: str, line: Sequence[str], loser: str) -> str:
    """Why a game of K in a row is over: who has the line, where, and the value it gives.

    >>> won_sentence("x", "3 in a row", ["a1", "b2", "c3"], "o")
    'x has 3 in a row: a1 b2 c3; the side to move (o) has lost: -1'
    """
    return f"{winner} has {words}: {' '.join(line)}; the side to move ({loser}) has lost: -1"


__all__ = ["DIRECTIONS", "whole_line", "winning_cells", "won_sentence"]
