"""War-chess boards as SVG pictures (standard library only): tiles, terrain, units, ranges, moves.

Seed 002's figures of boards (Figure 3, the movement ranges of Figure 4, the attack
ranges of Figure 5, the two orders of Figure 7, the compact placements of Figure
10) were lost in extraction.  :func:`battle_svg` draws any battle, on a square,
octagonal or hexagonal map, with highlighted tiles (a movement or attack range),
a small text per tile, and arrows for moves and attacks;
:mod:`reference.wargame.figures` builds the paper's figures with it and
``examples/wargame_figures.py`` writes them to files.

Colours follow Figure 3's caption: white tiles can be entered, ochre hills (``^``)
and dark green lakes (``~``) cannot; Alex's units are red, Billie's blue, each
with its kind letter and, bottom right, its index (1-based per side).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from reference.svg import Point, Svg
from reference.wargame.geometry import Board, Side, Terrain, Tile, Tiling, column_name
from reference.wargame.notation import KIND_SYMBOL, SIDE_SYMBOL, side_indices

if TYPE_CHECKING:
    from reference.wargame.rules import Battle

CELL = 40
"""Width of one tile in SVG units (our choice)."""

MARGIN = 22
"""Room for the column letters and row numbers."""

TERRAIN_FILL: dict[Terrain, str] = {
    Terrain.PLAIN: "#ffffff",
    Terrain.FOREST: "#c7e9c0",
    Terrain.HILL: "#d8b365",
    Terrain.LAKE: "#35978f",
}
"""Figure 3: white tiles can be entered, ochre hills and dark green lakes cannot (forest ours)."""

TERRAIN_MARK: dict[Terrain, str] = {Terrain.FOREST: "f", Terrain.HILL: "^", Terrain.LAKE: "~"}

HIGHLIGHT_FILL: dict[str, str] = {
    "move": "#74c476",
    "attack": "#fb6a4a",
    "target": "#fcbba1",
    "block": "#bdbdbd",
    "overlap": "#31a354",
}
"""Fill of a highlighted tile by its role: ``move`` (in the movement range, Figure 4's green),
``attack`` (in the attack range), ``target`` (an enemy that can be hit), ``block`` (the tile
a figure is about), ``overlap`` (in several units' ranges)."""

SIDE_FILL: dict[Side, str] = {Side.ALEX: "#d73027", Side.BILLIE: "#4575b4"}
"""Alex's units red, Billie's blue (Figure 3: four red units and four blue units)."""


def _hex_radius() -> float:
    """Circumradius of a pointy-top hexagon CELL wide."""
    return CELL / math.sqrt(3)


def tile_centre(board: Board, tile: Tile) -> Point:
    """SVG centre of ``tile`` (row 1 at the bottom, as the notation reads)."""
    x, y = board.xs[tile], board.ys[tile]
    if board.tiling == Tiling.HEXAGONAL:
        radius = _hex_radius()
        shift = 0.5 if y % 2 else 0.0
        return (
            MARGIN + (x + 0.5 + shift) * CELL,
            MARGIN + radius + (board.height - 1 - y) * 1.5 * radius,
        )
    return MARGIN + (x + 0.5) * CELL, MARGIN + (board.height - 1 - y + 0.5) * CELL


def tile_outline(board: Board, tile: Tile) -> list[Point]:
    """The corners of ``tile``: a square, an octagon, or a pointy-top hexagon."""
    cx, cy = tile_centre(board, tile)
    half = CELL / 2
    if board.tiling == Tiling.HEXAGONAL:
        radius = _hex_radius()
        return [
            (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
            for a in range(30, 360, 60)
        ]
    if board.tiling == Tiling.OCTAGONAL:
        cut = half * (2 - math.sqrt(2))  # a regular octagon inscribed in the square
        return [
            (cx - half + cut, cy - half),
            (cx + half - cut, cy - half),
            (cx + half, cy - half + cut),
            (cx + half, cy + half - cut),
            (cx + half - cut, cy + half),
            (cx - half + cut, cy + half),
            (cx - half, cy + half - cut),
            (cx - half, cy - half + cut),
        ]
    return [
        (cx - half, cy - half),
        (cx + half, cy - half),
        (cx + half, cy + half),
        (cx - half, cy + half),
    ]


def picture_size(board: Board) -> tuple[float, float]:
    """Width and height of :func:`battle_svg`'s picture of ``board`` without a title."""
    if board.tiling == Tiling.HEXAGONAL:
        radius = _hex_radius()
        extra = 0.5 if board.height > 1 else 0.0
        return (
            2 * MARGIN + (board.width + extra) * CELL,
            2 * MARGIN + 2 * radius + (board.height - 1) * 1.5 * radius,
        )
    return 2 * MARGIN + board.width * CELL, 2 * MARGIN + board.height * CELL


def battle_svg(
    battle: Battle,
    *,
    highlight: Mapping[Tile, str] | None = None,
    labels: Mapping[Tile, str] | None = None,
    moves: Sequence[tuple[Tile, Tile]] = (),
    attacks: Sequence[tuple[Tile, Tile]] = (),
    title: str = "",
) -> str:
    """One battle as an SVG document.

    ``highlight``: a role per tile (a key of :data:`HIGHLIGHT_FILL`), drawn as its fill.
    ``labels``: a small text per tile (a count, a distance).  ``moves``: arrows from
    tile to tile; ``attacks``: dashed red arrows from attacker to target.  Every tile
    is a shape with ``data-tile`` (its name) and ``data-highlight`` (its role, if any);
    every unit a circle with ``data-unit`` (side, kind, index) and ``data-tile``.
    """
    board = battle.board
    width, height = picture_size(board)
    top = 22.0 if title else 0.0
    width = max(width, 7.0 * len(title) + 16)
    svg = Svg(width, height + top)
    if title:
        svg.text(width / 2, 16, title, size=13)
    picture = _Picture(svg, board, top)
    picture.tiles(highlight or {}, labels or {})
    picture.axes(height)
    picture.units(battle)
    picture.arrows(moves, attacks)
    return svg.to_string()


class _Picture:
    """Draws one board onto ``svg``, ``top`` units below its top edge (room for a title)."""

    def __init__(self, svg: Svg, board: Board, top: float) -> None:
        self.svg = svg
        self.board = board
        self.top = top

    def centre(self, tile: Tile) -> Point:
        """The centre of ``tile`` in the picture."""
        x, y = tile_centre(self.board, tile)
        return x, y + self.top

    def tiles(self, highlight: Mapping[Tile, str], labels: Mapping[Tile, str]) -> None:
        """Every tile: its shape filled by terrain or role, its terrain mark and its label."""
        board, svg = self.board, self.svg
        for tile in range(board.size):
            terrain = board.terrain[tile]
            role = highlight.get(tile)
            fill = HIGHLIGHT_FILL[role] if role is not None else TERRAIN_FILL[terrain]
            data = {"tile": board.tile_name(tile)}
            if role is not None:
                data["highlight"] = role
            outline = [(x, y + self.top) for x, y in tile_outline(board, tile)]
            svg.polygon(outline, fill=fill, data=data)
            cx, cy = self.centre(tile)
            mark = TERRAIN_MARK.get(terrain)
            if mark:
                colour = "#ffffff" if terrain == Terrain.LAKE and role is None else "#5a3d0c"
                svg.text(cx - CELL * 0.3, cy - CELL * 0.18, mark, size=10, fill=colour)
            if tile in labels:
                svg.text(cx, cy + 5, labels[tile], size=13)

    def axes(self, height: float) -> None:
        """Column letters below the board, row numbers to its left."""
        board = self.board
        for x in range(board.width):
            self.svg.text(self.centre(x)[0], self.top + height - 5, column_name(x), size=11)
        for y in range(board.height):
            self.svg.text(MARGIN / 2, self.centre(y * board.width)[1] + 4, str(y + 1), size=11)

    def units(self, battle: Battle) -> None:
        """Each living unit: a disc of its side's colour, its kind letter, its index bottom right."""
        units = battle.units()
        for unit, index in zip(units, side_indices(units), strict=True):
            cx, cy = self.centre(unit.tile)
            letter = KIND_SYMBOL[unit.kind]
            data = {
                "unit": f"{SIDE_SYMBOL[unit.side]}{letter}{index}",
                "tile": self.board.tile_name(unit.tile),
            }
            self.svg.circle(cx, cy, CELL * 0.32, fill=SIDE_FILL[unit.side], data=data)
            self.svg.text(cx, cy + 5, letter, size=14, fill="#ffffff", bold=True)
            self.svg.text(cx + CELL * 0.3, cy + CELL * 0.38, str(index), size=10)

    def arrows(
        self, moves: Sequence[tuple[Tile, Tile]], attacks: Sequence[tuple[Tile, Tile]]
    ) -> None:
        """Solid arrows for moves, dashed red arrows from attacker to target."""
        for source, destination in moves:
            a, b = self.centre(source), self.centre(destination)
            if a != b:
                self.svg.line(a, _shorten(a, b, CELL * 0.34), stroke="#222222", width=2, arrow=True)
        for source, target in attacks:
            a, b = self.centre(source), self.centre(target)
            a = _shorten(b, a, CELL * 0.34)  # start at the attacker's edge
            self.svg.line(
                a, _shorten(a, b, CELL * 0.2), stroke="#cb181d", width=2, dashed=True, arrow=True
            )


def _shorten(a: Point, b: Point, by: float) -> Point:
    """The point ``by`` units before ``b`` on the segment from ``a`` (an arrow stops at a unit)."""
    length = math.dist(a, b)
    if length <= by:
        return b
    return b[0] - (b[0] - a[0]) * by / length, b[1] - (b[1] - a[1]) * by / length
