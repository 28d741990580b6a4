"""The Dou Shou Qi board as an SVG picture (standard library only): terrain, pieces, and
optionally a number, a shade or a region per square and edges between squares.

Below the rules in the package's layers (it needs only the geometry and the notation), so
the position itself can draw itself (:meth:`DouShouQi._repr_svg_`, a picture in a notebook);
:mod:`.figure_drawing` adds the partition's text maps and re-exports what is here.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reference.dou_shou_qi.geometry import (
    COLS,
    DENS,
    FILES,
    KIND_LETTERS,
    ROWS,
    TRAPS,
    WATER,
    Side,
    Square,
    col_of,
    row_of,
)
from reference.dou_shou_qi.notation import Piece
from reference.svg import Point, Svg

CELL = 48
"""Side of one square in SVG units (our choice)."""

MARGIN = 24
"""Room for the file letters and rank numbers."""

REGION_COLOURS = (
    "#8dd3c7",
    "#ffffb3",
    "#bebada",
    "#fb8072",
    "#80b1d3",
    "#fdb462",
    "#b3de69",
    "#fccde5",
    "#d9d9d9",
    "#bc80bd",
)
"""Fill colours of subproblem regions 1, 2, ... (ColorBrewer Set3, repeated beyond ten)."""


@dataclass(frozen=True, slots=True)
class BoardEdge:
    """A line between the centres of two squares, with an optional label at its middle."""

    a: Square
    b: Square
    label: str = ""
    dashed: bool = False
    colour: str = "#333333"


def centre(sq: Square) -> tuple[float, float]:
    """The SVG coordinates of the centre of ``sq`` (rank 9 at the top, as the thesis draws)."""
    x = MARGIN + (col_of(sq) + 0.5) * CELL
    y = MARGIN + (ROWS - 1 - row_of(sq) + 0.5) * CELL
    return x, y


def _name(sq: Square) -> str:
    """``a1`` ... ``g9``: the square's name in the pictures' ``data-*`` attributes."""
    return f"{FILES[col_of(sq)]}{row_of(sq) + 1}"


@dataclass(frozen=True, slots=True)
class _Frame:
    """Where the board lies in the picture: ``left`` / ``top`` offsets (room for a title)."""

    left: float
    top: float

    def at(self, sq: Square) -> Point:
        """The SVG position of the centre of ``sq`` in the picture."""
        x, y = centre(sq)
        return x + self.left, y + self.top


def _terrain_fill(sq: Square) -> str:
    if sq in WATER:
        return "#cfe8ff"
    if sq in DENS:
        return "#e0e0e0"
    if sq in TRAPS:
        return "#f3e3c3"
    return "#ffffff"


def board_svg(
    pieces: Sequence[Piece] = (),
    *,
    numbers: Mapping[Square, str] | None = None,
    shades: Mapping[Square, float] | None = None,
    regions: Sequence[int] | None = None,
    edges: Sequence[BoardEdge] = (),
    title: str = "",
    small_numbers: bool = False,
) -> str:
    """One board as an SVG document.

    ``numbers``: a text per square (an arrival time, a region number).
    ``shades``: a value in [0, 1] per square, drawn as a grey level (1 = dark).
    ``regions``: a region index per square (negative: none), drawn as a fill colour.
    ``edges``: lines between square centres (the MST of G_T, jumps of Figure 10).
    ``small_numbers``: the numbers small, in each square's lower right corner.
    Terrain is always drawn: water blue, traps tan, dens grey (marked D, T).
    """
    board = 2 * MARGIN + COLS * CELL
    width = max(board, 7 * len(title) + 20)
    top = 24 if title else 0
    svg = Svg(width, 2 * MARGIN + ROWS * CELL + top)
    if title:
        svg.text(width / 2, 18, title, size=13)
    frame = _Frame((width - board) / 2, top)
    _draw_squares(svg, frame, shades, regions)
    _draw_coordinates(svg, frame)
    if numbers is not None:
        _draw_numbers(svg, frame, numbers, shades, small_numbers)
    _draw_edges(svg, frame, edges)
    _draw_pieces(svg, frame, pieces)
    return svg.to_string()


def _draw_squares(
    svg: Svg, frame: _Frame, shades: Mapping[Square, float] | None, regions: Sequence[int] | None
) -> None:
    """One rectangle per square (terrain, region or shade) and the D / T marks."""
    for sq in range(COLS * ROWS):
        x, y = frame.at(sq)
        fill = _terrain_fill(sq)
        if regions is not None and regions[sq] >= 0:
            fill = REGION_COLOURS[regions[sq] % len(REGION_COLOURS)]
        if shades is not None and sq in shades and not math.isnan(shades[sq]):
            level = int(255 - 160 * max(0.0, min(1.0, shades[sq])))
            fill = f"rgb({level},{level},{min(255, level + 40)})"
        svg.rect(
            x - CELL / 2,
            y - CELL / 2,
            CELL,
            CELL,
            fill=fill,
            data={"square": _name(sq)},
            css_class="square",
        )
        mark = "D" if sq in DENS else "T" if sq in TRAPS else ""
        if mark:
            svg.text(
                x - CELL / 2 + 3, y - CELL / 2 + 11, mark, size=9, anchor="start", fill="#806040"
            )


def _draw_coordinates(svg: Svg, frame: _Frame) -> None:
    """The file letters under the board and the rank numbers beside it."""
    for col in range(COLS):
        x = frame.left + MARGIN + (col + 0.5) * CELL
        svg.text(x, frame.top + MARGIN + ROWS * CELL + 16, FILES[col])
    for row in range(ROWS):
        y = frame.top + MARGIN + (ROWS - 1 - row + 0.5) * CELL + 4
        svg.text(frame.left + MARGIN - 10, y, str(row + 1))


def _draw_numbers(
    svg: Svg,
    frame: _Frame,
    numbers: Mapping[Square, str],
    shades: Mapping[Square, float] | None,
    small: bool,
) -> None:
    """A text per square: centred, or small in the lower right corner; white on dark shades."""
    for sq, text in numbers.items():
        x, y = frame.at(sq)
        if small:
            x, y, size = x + CELL / 2 - 6, y + CELL / 2 - 9, 10
        else:
            size = 14
        dark = shades is not None and shades.get(sq, 0.0) > 0.6
        svg.text(
            x,
            y + 5,
            text,
            size=size,
            fill="#ffffff" if dark else "#000000",
            data={"square": _name(sq)},
            css_class="number",
        )


def _draw_edges(svg: Svg, frame: _Frame, edges: Sequence[BoardEdge]) -> None:
    """A line per edge, with its label at the middle."""
    for e in edges:
        (x1, y1), (x2, y2) = frame.at(e.a), frame.at(e.b)
        svg.line(
            (x1, y1),
            (x2, y2),
            stroke=e.colour,
            width=2,
            dashed=e.dashed,
            dashes="6,4",
            css_class="edge",
        )
        if e.label:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            svg.text(mx, my - 3, e.label, fill=e.colour, halo="#ffffff", css_class="edge-label")


def _draw_pieces(svg: Svg, frame: _Frame, pieces: Sequence[Piece]) -> None:
    """A disc per piece (A red, B black) with its strength 1-8."""
    for p in pieces:
        x, y = frame.at(p.square)
        fill = "#c0392b" if p.side == Side.A else "#222222"
        svg.circle(
            x,
            y,
            CELL * 0.36,
            fill=fill,
            stroke="none",
            data={"piece": f"{KIND_LETTERS[p.kind]}{_name(p.square)}"},
            css_class="piece",
        )
        svg.text(x, y + 5, str(int(p.kind)), size=15, fill="#ffffff", bold=True)
