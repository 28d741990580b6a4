"""The tile graph of turn-based war chess: square, octagonal and hexagonal maps, terrain, costs.

Seed 002, §2.1-§2.2: "TBW is played on a square, hexagonal, or octagonal
tile-based map ... Each tile imposes a movement cost on the units that enter them.
This movement cost is based on both the type of terrain and the type of unit."
The board is an undirected graph of tiles (§2.2; the symbols were lost in
extraction, we write G = (V, E)); here V is a rectangle of ``width x height`` tiles
and E joins the neighbours of the map's :class:`Tiling`:

* ``SQUARE``: 4 neighbours (Figure 3's square board), distance = Manhattan;
* ``OCTAGONAL``: 8 neighbours (our reading of an "octagonal" map: each tile meets
  the 8 around it, diagonals included, as on the octagon-and-square maps of war
  games), distance = Chebyshev;
* ``HEXAGONAL``: 6 neighbours, rows offset by half a tile (odd-r offset coordinates:
  odd rows, counted from 0 at the bottom, sit half a tile to the right), distance =
  hex steps.

Every tile entered costs its terrain's cost, diagonal steps included.  Attack
ranges use the same distance (:meth:`Board.distance`).  The paper gives no rule for
hexagonal or octagonal maps beyond naming them; these readings are ours.

Tiles are numbered ``t = y * width + x`` (``x`` the column, ``y`` the row from the
bottom) and named like chess squares: column letter ``a..z`` then row number
``1..``, so tile 0 is ``a1``.  The terrain characters and the map's text form
are in :mod:`reference.wargame.notation`.
"""

from __future__ import annotations

from enum import IntEnum

from reference.digits import is_digits
from reference.errors import ParameterError, PositionFormatError
from reference.search.protocol import TwoSides


class Side(TwoSides):
    """The two parties of §2.2: Alex's units and Billie's units (players 0 and 1)."""

    ALEX = 0
    BILLIE = 1


Tile = int
"""A tile index ``y * width + x``."""

NO_TILE: Tile = -1
"""The tile of a dead unit / an empty occupant slot."""

MAX_SIDE = 26
"""Largest width / height (columns are named by one letter a..z)."""


class Tiling(IntEnum):
    """The map's tile shape (§2.1: "a square, hexagonal, or octagonal tile-based map")."""

    SQUARE = 0
    """4 neighbours, Manhattan distance (Figures 3-5 and 7, the §5 experiments)."""
    OCTAGONAL = 1
    """8 neighbours, Chebyshev distance (our reading of "octagonal")."""
    HEXAGONAL = 2
    """6 neighbours, odd rows shifted half a tile right, hex distance."""


_SQUARE_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
_OCTAGONAL_STEPS = (*_SQUARE_STEPS, (-1, -1), (1, -1), (-1, 1), (1, 1))
_HEX_STEPS_EVEN_ROW = ((-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
_HEX_STEPS_ODD_ROW = ((-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1))


def neighbour_steps(tiling: Tiling, y: int) -> tuple[tuple[int, int], ...]:
    """The (dx, dy) steps to the neighbours of a tile in row ``y`` of a ``tiling`` map."""
    if tiling == Tiling.SQUARE:
        return _SQUARE_STEPS
    if tiling == Tiling.OCTAGONAL:
        return _OCTAGONAL_STEPS
    return _HEX_STEPS_ODD_ROW if y % 2 else _HEX_STEPS_EVEN_ROW


def hex_axial(x: int, y: int) -> tuple[int, int]:
    """Axial coordinates (q, r) of the odd-r offset tile (x, y): hex distance is then
    (|dq| + |dr| + |dq + dr|) / 2."""
    return x - (y - (y & 1)) // 2, y


class Terrain(IntEnum):
    """Terrain types of Figure 3 (our choice of set; the paper also names bridges, castles, ...)."""

    PLAIN = 0
    """Open ground, cost 1 for every unit (the §5 experiments use only this)."""
    FOREST = 1
    """Slow ground: cost 2, or 3 for knights."""
    HILL = 2
    """Figure 3's ochre hills: "no unit can enter"; ranged attacks pass over them."""
    LAKE = 3
    """Figure 3's lakes / rivers: "cannot be entered, but archers can remotely attack the other side"."""


class Kind(IntEnum):
    """Unit types (Figure 3 has swordsmen and archers; knights show unit-dependent costs)."""

    SWORDSMAN = 0
    ARCHER = 1
    KNIGHT = 2


IMPASSABLE = -1
"""Movement cost of a tile a unit cannot enter."""

MOVEMENT_COST: dict[Kind, dict[Terrain, int]] = {
    Kind.SWORDSMAN: {
        Terrain.PLAIN: 1,
        Terrain.FOREST: 2,
        Terrain.HILL: IMPASSABLE,
        Terrain.LAKE: IMPASSABLE,
    },
    Kind.ARCHER: {
        Terrain.PLAIN: 1,
        Terrain.FOREST: 2,
        Terrain.HILL: IMPASSABLE,
        Terrain.LAKE: IMPASSABLE,
    },
    Kind.KNIGHT: {
        Terrain.PLAIN: 1,
        Terrain.FOREST: 3,
        Terrain.HILL: IMPASSABLE,
        Terrain.LAKE: IMPASSABLE,
    },
}
"""Cost of entering a tile, by unit type and terrain (our choice; the paper gives none)."""


COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"
"""Column names, ``a`` for column 0."""


def column_name(x: int) -> str:
    """The letter of column ``x`` (0 -> ``a``)."""
    return chr(ord("a") + x)


class Board:
    """An immutable rectangular tile graph with terrain: square, octagonal or hexagonal.

    Seed 002, §2.1-§2.2, the board graph.  Neighbour lists, coordinates and
    per-unit-type cost arrays are precomputed at construction.
    """

    __slots__ = ("costs", "height", "neighbours", "qs", "terrain", "tiling", "width", "xs", "ys")

    width: int
    height: int
    terrain: tuple[Terrain, ...]
    tiling: Tiling
    neighbours: tuple[tuple[Tile, ...], ...]
    costs: dict[Kind, tuple[int, ...]]
    xs: tuple[int, ...]
    ys: tuple[int, ...]
    qs: tuple[int, ...]
    """Axial column q of each tile (hexagonal maps; equal to ``xs`` otherwise)."""

    def __init__(
        self,
        width: int,
        height: int,
        terrain: tuple[Terrain, ...] | None = None,
        tiling: Tiling = Tiling.SQUARE,
    ) -> None:
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise ParameterError(
                f"board size {width}x{height} not allowed: width and height must be 1..{MAX_SIDE}"
            )
        size = width * height
        if terrain is None:
            terrain = (Terrain.PLAIN,) * size
        if len(terrain) != size:
            raise ParameterError(
                f"terrain has {len(terrain)} tiles, a {width}x{height} board has {size}"
            )
        self.width = width
        self.height = height
        self.terrain = tuple(terrain)
        self.tiling = Tiling(tiling)
        self.xs = tuple(t % width for t in range(size))
        self.ys = tuple(t // width for t in range(size))
        if self.tiling == Tiling.HEXAGONAL:
            self.qs = tuple(hex_axial(x, y)[0] for x, y in zip(self.xs, self.ys, strict=True))
        else:
            self.qs = self.xs
        neighbours: list[tuple[Tile, ...]] = []
        for t in range(size):
            x, y = t % width, t // width
            around = sorted(
                (y + dy) * width + x + dx
                for dx, dy in neighbour_steps(self.tiling, y)
                if 0 <= x + dx < width and 0 <= y + dy < height
            )
            neighbours.append(tuple(around))
        self.neighbours = tuple(neighbours)
        self.costs = {
            kind: tuple(table[self.terrain[t]] for t in range(size))
            for kind, table in MOVEMENT_COST.items()
        }

    @property
    def size(self) -> int:
        """Number of tiles |V|."""
        return self.width * self.height

    def distance(self, a: Tile, b: Tile) -> int:
        """Steps between two tiles on an open map (the attack-range metric).

        Square: Manhattan; octagonal: Chebyshev; hexagonal: hex steps.
        """
        dy = self.ys[a] - self.ys[b]
        if self.tiling == Tiling.SQUARE:
            return abs(self.xs[a] - self.xs[b]) + abs(dy)
        if self.tiling == Tiling.OCTAGONAL:
            return max(abs(self.xs[a] - self.xs[b]), abs(dy))
        dq = self.qs[a] - self.qs[b]
        return (abs(dq) + abs(dy) + abs(dq + dy)) // 2

    def tile_name(self, tile: Tile) -> str:
        """Chess-like name of a tile: ``a1`` is the bottom-left tile."""
        if not 0 <= tile < self.size:
            raise ParameterError(f"tile {tile} is off the {self.width}x{self.height} board")
        return f"{column_name(self.xs[tile])}{self.ys[tile] + 1}"

    def parse_tile(self, text: str) -> Tile:
        """Parse a tile name such as ``c3``; raise ``PositionFormatError`` if it is not on the board."""
        if (
            len(text) < 2
            or text[0] not in COLUMN_LETTERS
            or not is_digits(text[1:])
            or (text[1] == "0" and len(text) > 2)
        ):
            raise PositionFormatError(
                f"bad tile {text!r}: expected a column letter a-z and a row number "
                "(digits 0-9, no leading zero), e.g. 'c3'"
            )
        x = ord(text[0]) - ord("a")
        y = int(text[1:]) - 1 if len(text) <= 4 else self.height  # longer: off the board
        if not (0 <= x < self.width and 0 <= y < self.height):
            last = f"{column_name(self.width - 1)}{self.height}"
            raise PositionFormatError(f"tile {text!r} is off the board (a1..{last})")
        return y * self.width + x

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.width, self.height, self.terrain, self.tiling) == (
            other.width,
            other.height,
            other.terrain,
            other.tiling,
        )

    def __hash__(self) -> int:
        return hash((self.width, self.height, self.terrain, self.tiling))

    def __repr__(self) -> str:
        return f"<Board {self.width}x{self.height} {self.tiling.name.lower()}>"
