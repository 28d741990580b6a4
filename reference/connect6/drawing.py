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

from reference.bits import Bitboard, bit_indices
from reference.connect6.geometry import COLUMN_LETTERS, Geometry, Point
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
    shades = shades or {}
    side = 2 * MARGIN + geo.size * CELL
    top = 22.0 if title else 0.0
    width = max(side, 7.0 * max([len(title), *(len(c) for c in caption)], default=0) + 16)
    svg = Svg(width, side + top + 16 * len(caption))
    if title:
        svg.text(width / 2, 16, title, size=13)
    frame = _Frame(geo, (width - side) / 2, top, side)
    _draw_board(svg, frame, shades)
    _draw_roads(svg, frame, roads)
    for point, ring in (marks or {}).items():
        x, y = frame.at(point)
        svg.circle(x, y, CELL * 0.3, fill="none", stroke=ring, data={"mark": _name(geo, point)})
    _draw_stones(svg, frame, (black, white), move_numbers or {})
    for point, text in (numbers or {}).items():
        x, y = frame.at(point)
        dark = shades.get(point, 0.0) > 0.6
        svg.text(x, y + 4, text, size=11, fill="#ffffff" if dark else "#000000")
    for k, line in enumerate(caption):
        svg.text(width / 2, top + side + 12 + 16 * k, line, size=12)
    return svg.to_string()


@dataclass(frozen=True, slots=True)
class _Frame:
    """Where the board lies in the picture: ``left`` / ``top`` offsets, ``side`` its size."""

    geo: Geometry
    left: float
    top: float
    side: float

    def at(self, point: Point) -> XY:
        """The SVG position of ``point`` in the picture."""
        x, y = point_xy(self.geo, point)
        return x + self.left, y + self.top


def _draw_board(svg: Svg, frame: _Frame, shades: Mapping[Point, float]) -> None:
    """The wood, the shaded points, the lines, and the column letters and row numbers."""
    geo, left, top = frame.geo, frame.left, frame.top
    size = geo.size * CELL
    svg.rect(left + MARGIN, top + MARGIN, size, size, fill=BOARD_FILL, stroke=BOARD_FILL)
    for point in geo.points:
        if point in shades:
            x, y = frame.at(point)
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
        x0, y0 = frame.at(geo.point(0, k))
        x1, _ = frame.at(geo.point(geo.size - 1, k))
        svg.line((x0, y0), (x1, y0), stroke="#6b4e16")
        cx, cy0 = frame.at(geo.point(k, geo.size - 1))
        _, cy1 = frame.at(geo.point(k, 0))
        svg.line((cx, cy0), (cx, cy1), stroke="#6b4e16")
        svg.text(cx, top + frame.side - 8, COLUMN_LETTERS[k], size=11)
        svg.text(left + MARGIN / 2, y0 + 4, str(k + 1), size=11)


def _draw_roads(svg: Svg, frame: _Frame, roads: Sequence[RoadBar]) -> None:
    """Each road as a bar from its first to its last point (white roads outlined)."""
    for bar in roads:
        points = frame.geo.roads[bar.road]
        a, b = frame.at(points[0]), frame.at(points[-1])
        if bar.highlight:
            colour = "#cb181d"
        else:
            colour = "#9e9e9e" if bar.colour < 0 else ROAD_COLOUR[bar.colour]
        if bar.colour == 1 and not bar.highlight:
            svg.line(a, b, stroke="#555555", width=bar.width + 2)
        svg.line(a, b, stroke=colour, width=bar.width, data={"road": str(bar.road)})


def _draw_stones(
    svg: Svg, frame: _Frame, stones: tuple[Bitboard, Bitboard], move_numbers: Mapping[Point, int]
) -> None:
    """The black and white stones, each with its move number when it has one."""
    for colour, board in enumerate(stones):
        for point in bit_indices(board):
            x, y = frame.at(point)
            svg.circle(
                x,
                y,
                CELL * 0.42,
                fill=STONE_FILL[colour],
                stroke="#000000",
                data={"stone": "bw"[colour], "point": _name(frame.geo, point)},
            )
            if point in move_numbers:
                svg.text(x, y + 4, str(move_numbers[point]), size=11, fill=STONE_FILL[1 - colour])


def _name(geo: Geometry, point: Point) -> str:
    col, row = geo.col_row(point)
    return f"{COLUMN_LETTERS[col]}{row + 1}"
