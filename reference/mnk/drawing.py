"""(M,N,K) boards as SVG pictures (standard library only): stones, threat lines, numbered moves.

Seed 001's evaluation ("Evaluation Function") scores *threats*: maximal runs of one
player's stones in a line, open, semi-open or closed by what lies at their two ends,
and pairs of runs one empty cell apart.  :func:`threat_runs` finds the same threats
as :func:`reference.mnk.evaluation.find_threats` with the cells of each (a test
checks that the two agree), and :func:`board_svg` draws a board with threat lines
through their stones and numbered moves (a VCF line).  :mod:`.figures` builds the
pictures of the paper page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reference.bits import Bitboard
from reference.mnk.evaluation import CLOSED, OPEN, SCAN_DIRECTIONS, SEMI_OPEN
from reference.mnk.geometry import Cell
from reference.mnk.notation import COLUMN_LETTERS
from reference.svg import Point, Svg

CELL = 36
"""Side of a cell in SVG units (our choice)."""

MARGIN = 24
"""Room for the column letters and row numbers."""

STONE_FILL = ("#111111", "#fafafa")
"""x stones black, o stones white."""

KIND_COLOUR: Mapping[int, str] = {OPEN: "#1a9850", SEMI_OPEN: "#f28e2b", CLOSED: "#8c8c8c"}
"""Threat lines: open green, semi-open orange, closed grey."""

KIND_NAME: Mapping[int, str] = {OPEN: "open", SEMI_OPEN: "semi-open", CLOSED: "closed"}


@dataclass(frozen=True, slots=True)
class ThreatRun:
    """One threat of seed 001's scan: its kind, its stones in scan order, and whether it is
    the pair of runs across a one-cell gap (``XX.X``, always semi-open)."""

    kind: int
    cells: tuple[Cell, ...]
    gap: bool = False

    @property
    def stones(self) -> int:
        return len(self.cells)


def threat_runs(own: Bitboard, other: Bitboard, m: int, n: int) -> list[ThreatRun]:
    """Every threat of the player with stones ``own``, with its cells, in the order of
    :func:`reference.mnk.evaluation.find_threats` (the same scan, keeping the cells)."""

    def stone(column: int, row: int) -> bool:
        return 0 <= column < m and 0 <= row < n and bool(own >> (row * m + column) & 1)

    def empty(column: int, row: int) -> bool:
        inside = 0 <= column < m and 0 <= row < n
        return inside and not (own | other) >> (row * m + column) & 1

    runs: list[ThreatRun] = []
    for cell in range(m * n):
        if not own >> cell & 1:
            continue
        row, column = divmod(cell, m)
        for dc, dr in SCAN_DIRECTIONS:
            if stone(column - dc, row - dr):
                continue  # not the first stone of its run
            length = 1
            while stone(column + length * dc, row + length * dr):
                length += 1
            cells = tuple((row + t * dr) * m + column + t * dc for t in range(length))
            after = (column + length * dc, row + length * dr)
            before_open, after_open = empty(column - dc, row - dr), empty(*after)
            if after_open:
                beyond = 0
                while stone(after[0] + (beyond + 1) * dc, after[1] + (beyond + 1) * dr):
                    beyond += 1
                if beyond:
                    extra = tuple(
                        (after[1] + t * dr) * m + after[0] + t * dc for t in range(1, beyond + 1)
                    )
                    runs.append(ThreatRun(SEMI_OPEN, cells + extra, gap=True))
            kind = (
                OPEN
                if before_open and after_open
                else SEMI_OPEN
                if before_open or after_open
                else CLOSED
            )
            runs.append(ThreatRun(kind, cells))
    return runs


def cell_xy(cell: Cell, m: int, n: int) -> Point:
    """SVG position of the centre of ``cell`` (``a1`` bottom left)."""
    row, column = divmod(cell, m)
    return MARGIN + (column + 0.5) * CELL, MARGIN + (n - 1 - row + 0.5) * CELL


@dataclass(frozen=True, slots=True)
class ThreatLine:
    """A threat drawn as a line from its first to its last stone."""

    run: ThreatRun
    side: int
    """0: x's threat, 1: o's."""


def board_svg(
    m: int,
    n: int,
    x_bits: Bitboard,
    o_bits: Bitboard,
    *,
    threats: Sequence[ThreatLine] = (),
    numbers: Mapping[Cell, str] | None = None,
    title: str = "",
    caption: Sequence[str] = (),
) -> str:
    """One board: stones, threat lines (coloured by kind, dashed across a gap), a number on
    some cells (the order of a line of moves), a title above and caption lines below."""
    top = 26.0 if title else 0.0
    board_w, board_h = 2 * MARGIN + m * CELL, 2 * MARGIN + n * CELL
    width = max(board_w, 7.5 * len(title) + 20, 6.5 * max(map(len, caption), default=0) + 20)
    svg = Svg(width, top + board_h + 18 * len(caption))
    svg.rect(0, 0, svg.width, svg.height, fill="#ffffff", stroke="#ffffff")
    if title:
        svg.text(width / 2, 18, title, size=14)
    _grid(svg, m, n, top)
    for cell in range(m * n):
        side = 0 if x_bits >> cell & 1 else 1 if o_bits >> cell & 1 else -1
        x, y = cell_xy(cell, m, n)
        if side >= 0:
            svg.circle(
                x, top + y, CELL * 0.36, fill=STONE_FILL[side], data={"cell": _name(cell, m)}
            )
        if numbers is not None and cell in numbers:
            colour = "#ffffff" if side == 0 else "#c0392b"
            svg.text(x, top + y + 5, numbers[cell], size=14, fill=colour, bold=True)
    for line in threats:
        _threat_line(svg, line, m, n, top)
    for k, text in enumerate(caption):
        svg.text(8, top + board_h + 14 + 18 * k, text, size=12, anchor="start")
    return svg.to_string() + "\n"


def _name(cell: Cell, m: int) -> str:
    row, column = divmod(cell, m)
    return f"{COLUMN_LETTERS[column]}{row + 1}"


def _grid(svg: Svg, m: int, n: int, top: float) -> None:
    """The cells and the coordinates (columns a, b, ... below, rows 1, 2, ... at the left)."""
    for cell in range(m * n):
        x, y = cell_xy(cell, m, n)
        svg.rect(x - CELL / 2, top + y - CELL / 2, CELL, CELL, fill="#f4ead5", stroke="#b59f73")
    for column in range(m):
        x, _ = cell_xy(column, m, n)
        svg.text(x, top + MARGIN + n * CELL + 16, COLUMN_LETTERS[column], size=11)
    for row in range(n):
        _, y = cell_xy(row * m, m, n)
        svg.text(MARGIN - 10, top + y + 4, str(row + 1), size=11)


def _threat_line(svg: Svg, line: ThreatLine, m: int, n: int, top: float) -> None:
    """A bar through the threat's stones, a little beyond the first and the last."""
    (x0, y0), (x1, y1) = cell_xy(line.run.cells[0], m, n), cell_xy(line.run.cells[-1], m, n)
    if line.run.stones == 1:
        x1, y1 = x0 + 0.001, y0  # a single stone: a short tick through it
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5
    ex, ey = dx / length * CELL * 0.3, dy / length * CELL * 0.3
    svg.line(
        (x0 - ex, top + y0 - ey),
        (x1 + ex, top + y1 + ey),
        stroke=KIND_COLOUR[line.run.kind],
        width=4 if line.side == 0 else 2.5,
        dashed=line.run.gap,
        data={
            "threat": KIND_NAME[line.run.kind],
            "side": "xo"[line.side],
            "cells": " ".join(_name(c, m) for c in line.run.cells),
        },
    )
