"""Connect6 boards as SVG pictures (standard library only): stones, roads, road counts, TSS points.

Seed 004 has no figures; its road model (§2.1.3: a road is six consecutive points in
a line; black, white or colourless; a coloured road's length is its stone count) and
its road table (§2.2.1: a stone changes only the roads through it, in four
directions) are easier to see than to read.  :func:`board_svg` draws a board with
stones, a number and a shade per point, highlighted points, roads as bars through
their six points, and numbered moves; ``examples/connect6_figures.py`` draws the road
counts of the empty board, the road table of a position and a threat-space search.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reference.connect6.geometry import COLUMN_LETTERS, Bitboard, Geometry, Point, iter_bits
from reference.svg import Point as XY
from reference.svg import Svg

CELL = 30
"""Distance between two lines of the board in SVG units (our choice)."""

MARGIN = 26
"""Room for the column letters and row numbers."""

BOARD_FILL = "#e8c27a"
"""Wood colour of a Go-style board."""

STONE_FILL = ("#111111", "#fafafa")
"""Black and white stones."""

ROAD_COLOUR = ("#2b2b2b", "#ffffff")
"""A black road, a white road (white roads drawn with a dark outline)."""


@dataclass(frozen=True, slots=True)
class RoadBar:
    """A road drawn as a bar from its first to its last point."""

    road: int
    colour: int
    """0 black, 1 white, -1 colourless (dead)."""
    width: float = 4.0
    highlight: bool = False
    """Drawn red (a threat road: length 4 or 5)."""


def point_xy(geo: Geometry, point: Point) -> XY:
    """SVG position of a point (``a1`` bottom left)."""
    col, row = geo.col_row(point)
    return MARGIN + col * CELL + CELL / 2, MARGIN + (geo.size - 1 - row) * CELL + CELL / 2


def board_svg(
    geo: Geometry,
    black: Bitboard = 0,
    white: Bitboard = 0,
    *,
    numbers: Mapping[Point, str] | None = None,
    shades: Mapping[Point, float] | None = None,
    marks: Mapping[Point, str] | None = None,
    roads: Sequence[RoadBar] = (),
    move_numbers: Mapping[Point, int] | None = None,
    title: str = "",
    caption: Sequence[str] = (),
) -> str:
    """One board as an SVG document.

    ``numbers``: a text per point; ``shades``: a value in [0, 1] per point (a square
    of grey behind the point, darker is larger); ``marks``: a colour per point (a
    ring: TSS threat points, blocking points); ``roads``: bars along roads;
    ``move_numbers``: the order in which stones were played (written on the stone);
    ``caption``: lines of text under the board.  Every point with a number or shade
    is a ``rect`` with ``data-point``; every stone a circle with ``data-stone`` (``b``
    or ``w``) and ``data-point``; every road a line with ``data-road``.
    """
    numbers = numbers or {}
    shades = shades or {}
    marks = marks or {}
    move_numbers = move_numbers or {}
    side = 2 * MARGIN + geo.size * CELL
    top = 22.0 if title else 0.0
    width = max(side, 7.0 * max([len(title), *(len(c) for c in caption)], default=0) + 16)
    svg = Svg(width, side + top + 16 * len(caption))
    if title:
        svg.text(width / 2, 16, title, size=13)
    left = (width - side) / 2

    def at(point: Point) -> XY:
        x, y = point_xy(geo, point)
        return x + left, y + top

    svg.rect(
        left + MARGIN,
        top + MARGIN,
        geo.size * CELL,
        geo.size * CELL,
        fill=BOARD_FILL,
        stroke=BOARD_FILL,
    )
    for point in geo.points:
        if point in shades:
            x, y = at(point)
            level = int(245 - 150 * max(0.0, min(1.0, shades[point])))
            svg.rect(
                x - CELL / 2,
                y - CELL / 2,
                CELL,
                CELL,
                fill=f"rgb({level},{level},{min(255, level + 20)})",
                stroke="none",
                data={"point": _name(geo, point)},
            )
    for k in range(geo.size):
        x0, y0 = at(geo.point(0, k))
        x1, _ = at(geo.point(geo.size - 1, k))
        svg.line((x0, y0), (x1, y0), stroke="#6b4e16")
        cx, cy0 = at(geo.point(k, geo.size - 1))
        _, cy1 = at(geo.point(k, 0))
        svg.line((cx, cy0), (cx, cy1), stroke="#6b4e16")
        svg.text(cx, top + side - 8, COLUMN_LETTERS[k], size=11)
        svg.text(left + MARGIN / 2, y0 + 4, str(k + 1), size=11)
    for bar in roads:
        points = geo.roads[bar.road]
        a, b = at(points[0]), at(points[-1])
        colour = (
            "#cb181d"
            if bar.highlight
            else ("#9e9e9e" if bar.colour < 0 else ROAD_COLOUR[bar.colour])
        )
        if bar.colour == 1 and not bar.highlight:
            svg.line(a, b, stroke="#555555", width=bar.width + 2)
        svg.line(a, b, stroke=colour, width=bar.width, data={"road": str(bar.road)})
    for point, ring in marks.items():
        x, y = at(point)
        svg.circle(x, y, CELL * 0.3, fill="none", stroke=ring, data={"mark": _name(geo, point)})
    for side, stones in enumerate((black, white)):
        for point in iter_bits(stones):
            x, y = at(point)
            svg.circle(
                x,
                y,
                CELL * 0.42,
                fill=STONE_FILL[side],
                stroke="#000000",
                data={"stone": "bw"[side], "point": _name(geo, point)},
            )
            if point in move_numbers:
                svg.text(x, y + 4, str(move_numbers[point]), size=11, fill=STONE_FILL[1 - side])
    for point, text in numbers.items():
        x, y = at(point)
        dark = shades.get(point, 0.0) > 0.6
        svg.text(x, y + 4, text, size=11, fill="#ffffff" if dark else "#000000")
    for k, line in enumerate(caption):
        svg.text(width / 2, top + side + 12 + 16 * k, line, size=12)
    return svg.to_string()


def _name(geo: Geometry, point: Point) -> str:
    col, row = geo.col_row(point)
    return f"{COLUMN_LETTERS[col]}{row + 1}"
