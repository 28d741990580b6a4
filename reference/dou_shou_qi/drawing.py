"""Board pictures: the board partition as a text map, and boards as SVG (standard library only).

Seed 003: Figure 2 (the board), Figure 8 (b)-(d) (effect cones), Figure 10
(movement graphs), Figures 13-15 (subproblems, the Voronoi board partition, the
minimum spanning tree of G_T), Figure 14(b) (the partition map).
:func:`format_partition_map` prints the board split among subproblems as text;
:func:`board_svg` draws one board with any of: pieces, a number on each square, a
shade per square, a region per square, and edges between squares;
:mod:`.figures` computes the figures, ``examples/dsq_figures.py`` writes them to
files.  A browser shows an ``.svg`` file as it is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reference.dou_shou_qi.geometry import (
    COLS,
    DEN,
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
    square_name,
)
from reference.dou_shou_qi.notation import Piece, Placement, format_placement, piece_label
from reference.dou_shou_qi.partition import NO_REGION, BoardPartition, Decomposition, Subproblem

# ------------------------------------------------------------------ text


def region_label(index: int) -> str:
    """Subproblems are printed 1, 2, ..., 9, then A, B, ..., Z, then ``+`` for every further one."""
    return "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[index] if index < 35 else "+"


def format_partition_map(decomposition: Decomposition, *, show_pieces: bool = False) -> list[str]:
    """The Voronoi board partition as text rows, row 9 first, like Figure 14(b).

    Each square shows the number of its subproblem, ``D`` for a den, ``~`` for
    water nobody reaches, ``.`` for other unreachable squares; with
    ``show_pieces`` the pieces are drawn instead (A upper case, B lower case).
    """
    at = {p.square: p for p in decomposition.pieces}
    rows: list[str] = []
    for row in range(ROWS - 1, -1, -1):
        cells: list[str] = []
        for col in range(COLS):
            sq = row * COLS + col
            owner = decomposition.partition.region[sq]
            if show_pieces and sq in at:
                cells.append(piece_label(at[sq])[0])
            elif sq in DENS:
                cells.append("D")
            elif owner == NO_REGION:
                cells.append("~" if sq in WATER else ".")
            else:
                cells.append(region_label(owner))
        rows.append(f"{row + 1}  {' '.join(cells)}")
    rows.append(f"   {' '.join(FILES)}")
    return rows


def den_access(partition: BoardPartition, index: int) -> list[str]:
    """The dens subproblem ``index`` may enter (square names)."""
    return [square_name(DEN[s]) for s in Side if partition.allowed[index] >> DEN[s] & 1]


def subproblem_notation(sub: Subproblem, to_move: Side) -> str:
    """The subproblem as a position in the piece-list notation."""
    return format_placement(Placement(sub.pieces, to_move))


# ------------------------------------------------------------------- SVG

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
