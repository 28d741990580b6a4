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
from xml.sax.saxutils import escape

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
    width = max(2 * MARGIN + COLS * CELL, 7 * len(title) + 20)
    height = 2 * MARGIN + ROWS * CELL + (24 if title else 0)
    top = 24 if title else 0
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
    ]
    if title:
        out.append(
            f'<text x="{width / 2}" y="18" text-anchor="middle" font-size="13">{escape(title)}</text>'
        )
    left = (width - (2 * MARGIN + COLS * CELL)) / 2
    out.append(f'<g transform="translate({left},{top})">')
    out += _squares_svg(shades, regions)
    out += _coordinates_svg()
    if numbers is not None:
        out += _numbers_svg(numbers, shades, small_numbers)
    out += _edges_svg(edges)
    out += _pieces_svg(pieces)
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def _squares_svg(
    shades: Mapping[Square, float] | None, regions: Sequence[int] | None
) -> list[str]:
    """One rectangle per square (terrain, region or shade) and the D / T marks."""
    out: list[str] = []
    for sq in range(COLS * ROWS):
        x, y = centre(sq)
        fill = _terrain_fill(sq)
        if regions is not None and regions[sq] >= 0:
            fill = REGION_COLOURS[regions[sq] % len(REGION_COLOURS)]
        if shades is not None and sq in shades and not math.isnan(shades[sq]):
            level = int(255 - 160 * max(0.0, min(1.0, shades[sq])))
            fill = f"rgb({level},{level},{min(255, level + 40)})"
        out.append(
            f'<rect class="square" data-square="{FILES[col_of(sq)]}{row_of(sq) + 1}" '
            f'x="{x - CELL / 2}" y="{y - CELL / 2}" width="{CELL}" height="{CELL}" '
            f'fill="{fill}" stroke="#999999"/>'
        )
        mark = "D" if sq in DENS else "T" if sq in TRAPS else ""
        if mark:
            out.append(
                f'<text x="{x - CELL / 2 + 3}" y="{y - CELL / 2 + 11}" font-size="9" fill="#806040">{mark}</text>'
            )
    return out


def _coordinates_svg() -> list[str]:
    """The file letters under the board and the rank numbers beside it."""
    out: list[str] = []
    for col in range(COLS):
        x = MARGIN + (col + 0.5) * CELL
        out.append(
            f'<text x="{x}" y="{MARGIN + ROWS * CELL + 16}" text-anchor="middle" font-size="12">{FILES[col]}</text>'
        )
    for row in range(ROWS):
        y = MARGIN + (ROWS - 1 - row + 0.5) * CELL + 4
        out.append(
            f'<text x="{MARGIN - 10}" y="{y}" text-anchor="middle" font-size="12">{row + 1}</text>'
        )
    return out


def _numbers_svg(
    numbers: Mapping[Square, str], shades: Mapping[Square, float] | None, small: bool
) -> list[str]:
    """A text per square: centred, or small in the lower right corner; white on dark shades."""
    out: list[str] = []
    for sq, text in numbers.items():
        x, y = centre(sq)
        if small:
            x, y, size = x + CELL / 2 - 6, y + CELL / 2 - 9, 10
        else:
            size = 14
        dark = shades is not None and shades.get(sq, 0.0) > 0.6
        out.append(
            f'<text class="number" data-square="{FILES[col_of(sq)]}{row_of(sq) + 1}" x="{x}" '
            f'y="{y + 5}" text-anchor="middle" font-size="{size}"'
            f"{' fill=' + chr(34) + '#ffffff' + chr(34) if dark else ''}>{escape(text)}</text>"
        )
    return out


def _edges_svg(edges: Sequence[BoardEdge]) -> list[str]:
    """A line per edge, with its label at the middle."""
    out: list[str] = []
    for e in edges:
        (x1, y1), (x2, y2) = centre(e.a), centre(e.b)
        dash = ' stroke-dasharray="6,4"' if e.dashed else ""
        out.append(
            f'<line class="edge" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{e.colour}" '
            f'stroke-width="2"{dash}/>'
        )
        if e.label:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            out.append(
                f'<text class="edge-label" x="{mx}" y="{my - 3}" text-anchor="middle" font-size="12" '
                f'fill="{e.colour}" stroke="#ffffff" stroke-width="3" paint-order="stroke">'
                f"{escape(e.label)}</text>"
            )
    return out


def _pieces_svg(pieces: Sequence[Piece]) -> list[str]:
    """A disc per piece (A red, B black) with its strength 1-8."""
    out: list[str] = []
    for p in pieces:
        x, y = centre(p.square)
        fill, ink = ("#c0392b", "#ffffff") if p.side == Side.A else ("#222222", "#ffffff")
        out.append(
            f'<circle class="piece" data-piece="{KIND_LETTERS[p.kind]}{FILES[col_of(p.square)]}{row_of(p.square) + 1}" '
            f'cx="{x}" cy="{y}" r="{CELL * 0.36}" fill="{fill}"/>'
        )
        out.append(
            f'<text x="{x}" y="{y + 5}" text-anchor="middle" font-size="15" font-weight="bold" '
            f'fill="{ink}">{int(p.kind)}</text>'
        )
    return out
