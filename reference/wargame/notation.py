"""Units, actions, plans, and how positions and plans are written and read (seed 002, §2.1-§2.2).

Two parties of units, Alex's (side ``a``) and Billie's (side ``b``).  Each unit has
a type, a tile, HP, ATK, movement points and an attack range ``attack_min..attack_max``
(distances on the map).  A unit's action is a move inside its movement range, then
optionally an attack on one enemy; a plan is a whole turn's actions, one per unit of
the side to move, in order.  What is legal is :mod:`reference.wargame.rules`' business;
this module only names the things and writes them down.

Position notation (one line, whitespace-separated fields)::

    <terrain rows> <units> <side to move> [<turns played>/<turn limit>]

* terrain rows: top row first, rows joined by ``/``, one character per tile:
  ``.`` plain, ``f`` forest, ``^`` hill (impassable), ``~`` lake (impassable,
  ranged attacks cross it); ``hex:`` or ``oct:`` before the rows for a hexagonal
  or octagonal map (:mod:`reference.wargame.geometry`);
* units: comma-separated, ``-`` for none; each ``<side><kind>@<tile>:<hp>/<atk>/<movement>/<min>-<max>``,
  e.g. ``aS@b2:10/4/3/1-1`` (side ``a``/``b``, kind ``S`` swordsman, ``A`` archer,
  ``K`` knight).  The short form ``aS@b2`` takes the kind's default statistics;
  the canonical (written) form is always the long one.  List order = unit index;
* side to move: ``a`` or ``b``;
* the game's turn counter (optional): turns played and the turn limit, e.g. ``0/30``.

Example: ``....../..^~../...... aS@a1:10/4/3/1-1,bA@f3:8/3/2/2-2 a 0/30``.

Plan notation: actions in order, ``source-destination[xtarget]``, comma-separated:
``b2-b3,c2-b2xc4``; ``b2-b2`` stays without attacking; ``-`` is the empty plan.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.digits import is_digits, parse_natural
from reference.errors import PositionFormatError
from reference.files import read_text_file
from reference.wargame.geometry import (
    MAX_SIDE,
    NO_TILE,
    Board,
    Kind,
    Side,
    Terrain,
    Tile,
    Tiling,
    column_name,
)

MAX_HP = 99
"""Largest HP / ATK / movement value the notation accepts (our choice)."""


SIDE_CHARS: dict[str, Side] = {"a": Side.ALEX, "b": Side.BILLIE}
SIDE_SYMBOL: dict[Side, str] = {side: char for char, side in SIDE_CHARS.items()}

KIND_CHARS: dict[str, Kind] = {"S": Kind.SWORDSMAN, "A": Kind.ARCHER, "K": Kind.KNIGHT}
KIND_SYMBOL: dict[Kind, str] = {kind: char for char, kind in KIND_CHARS.items()}

TERRAIN_CHARS: dict[str, Terrain] = {
    ".": Terrain.PLAIN,
    "f": Terrain.FOREST,
    "^": Terrain.HILL,
    "~": Terrain.LAKE,
}
"""One character per terrain type in the position notation."""

TERRAIN_SYMBOL: dict[Terrain, str] = {terrain: char for char, terrain in TERRAIN_CHARS.items()}

TILING_PREFIX: dict[Tiling, str] = {
    Tiling.SQUARE: "",
    Tiling.OCTAGONAL: "oct:",
    Tiling.HEXAGONAL: "hex:",
}
"""What the terrain-rows field starts with for each tiling (square: nothing)."""

MAX_SCENARIO_BYTES = 1 << 20
"""Largest scenario file read, in bytes (our choice: a 26 x 26 board with every unit
written out takes a few kilobytes)."""


@dataclass(frozen=True, slots=True)
class UnitStats:
    """HP, ATK, movement points and attack range of a unit type's default unit (our choice)."""

    hp: int
    atk: int
    movement: int
    attack_min: int
    attack_max: int


DEFAULT_STATS: dict[Kind, UnitStats] = {
    Kind.SWORDSMAN: UnitStats(hp=10, atk=4, movement=3, attack_min=1, attack_max=1),
    Kind.ARCHER: UnitStats(hp=8, atk=3, movement=2, attack_min=2, attack_max=2),
    Kind.KNIGHT: UnitStats(hp=12, atk=5, movement=4, attack_min=1, attack_max=1),
}
"""Statistics of the short unit form ``aS@b2`` (our choice; Figure 5: melee 1, archers 2)."""


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit as the user sees it (seed 002, §2.1): side, type, tile and statistics."""

    side: Side
    kind: Kind
    tile: Tile
    hp: int
    atk: int
    movement: int
    attack_min: int
    attack_max: int


@dataclass(frozen=True, slots=True)
class Action:
    """One unit's action: the unit on ``source`` moves to ``destination`` and attacks ``target``.

    Tiles, not unit indices, so that a plan reads the same in any position.  ``target``
    is ``NO_TILE`` when the unit does not attack.  Seed 002, §2.1.
    """

    source: Tile
    destination: Tile
    target: Tile = NO_TILE


Plan = tuple[Action, ...]
"""A whole turn: every unit of the side to move acts once, in this order (§2.1, §3.1)."""


# ------------------------------------------------------------------- the map
def format_rows(board: Board) -> str:
    """Terrain rows from the top row down, joined by ``/`` (``hex:`` / ``oct:`` first if not square)."""
    rows = [
        "".join(TERRAIN_SYMBOL[board.terrain[y * board.width + x]] for x in range(board.width))
        for y in range(board.height - 1, -1, -1)
    ]
    return TILING_PREFIX[board.tiling] + "/".join(rows)


def parse_rows(text: str) -> Board:
    """Parse terrain rows (top row first, ``/``-separated, optional ``hex:`` / ``oct:`` first).

    Raise ``PositionFormatError``.
    """
    tiling = Tiling.SQUARE
    for kind, prefix in TILING_PREFIX.items():
        if prefix and text.startswith(prefix):
            tiling, text = kind, text[len(prefix) :]
    rows = text.split("/")
    width = len(rows[0])
    if any(len(row) != width for row in rows):
        raise PositionFormatError(f"terrain rows {text!r} have different lengths")
    height = len(rows)
    if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
        raise PositionFormatError(
            f"board {width}x{height} not allowed: width and height must be 1..{MAX_SIDE}"
        )
    terrain: list[Terrain] = [Terrain.PLAIN] * (width * height)
    for r, row in enumerate(rows):
        y = height - 1 - r
        for x, char in enumerate(row):
            if char not in TERRAIN_CHARS:
                allowed = " ".join(repr(c) for c in TERRAIN_CHARS)
                raise PositionFormatError(
                    f"unknown terrain {char!r}: allowed {allowed} "
                    "(a hexagonal or octagonal map starts with 'hex:' or 'oct:')"
                )
            terrain[y * width + x] = TERRAIN_CHARS[char]
    return Board(width, height, tuple(terrain), tiling)


# ------------------------------------------------------------------- units
def format_unit(board: Board, unit: Unit) -> str:
    """``aS@b2:10/4/3/1-1``: side, kind, tile, hp/atk/movement/attack_min-attack_max."""
    return (
        f"{SIDE_SYMBOL[unit.side]}{KIND_SYMBOL[unit.kind]}@{board.tile_name(unit.tile)}:"
        f"{unit.hp}/{unit.atk}/{unit.movement}/{unit.attack_min}-{unit.attack_max}"
    )


def parse_unit(board: Board, text: str) -> Unit:
    """Parse ``aS@b2:10/4/3/1-1`` or the short ``aS@b2`` (default statistics)."""
    expected = "expected e.g. 'aS@b2:10/4/3/1-1' or 'aS@b2'"
    head, _, stats = text.partition(":")
    if len(head) < 4 or head[2] != "@":
        raise PositionFormatError(f"bad unit {text!r}: {expected}")
    if head[0] not in SIDE_CHARS:
        raise PositionFormatError(f"bad unit {text!r}: side must be 'a' or 'b'")
    if head[1] not in KIND_CHARS:
        raise PositionFormatError(f"bad unit {text!r}: kind must be one of {', '.join(KIND_CHARS)}")
    side = SIDE_CHARS[head[0]]
    kind = KIND_CHARS[head[1]]
    tile = board.parse_tile(head[3:])
    if not stats:
        d = DEFAULT_STATS[kind]
        return Unit(side, kind, tile, d.hp, d.atk, d.movement, d.attack_min, d.attack_max)
    parts = stats.split("/")
    if len(parts) != 4 or parts[3].count("-") != 1:
        raise PositionFormatError(f"bad unit statistics {stats!r}: {expected}")
    low_text, high_text = parts[3].split("-")
    numbers = [*parts[:3], low_text, high_text]
    if not all(is_digits(p) for p in numbers):
        raise PositionFormatError(
            f"bad unit statistics {stats!r}: numbers only (digits 0-9), {expected}"
        )
    hp, atk, movement, low, high = (
        parse_natural(p, f"unit {text[:20]!r}: statistic") for p in numbers
    )
    return Unit(side, kind, tile, hp, atk, movement, low, high)


# ------------------------------------------------------------------- plans
def format_action(board: Board, action: Action) -> str:
    """``b2-b3`` (move), ``b2-b3xc4`` (move then attack the unit on c4); ``b2-b2`` stays."""

    def name(tile: Tile) -> str:
        return board.tile_name(tile) if 0 <= tile < board.size else f"<{tile}>"

    text = f"{name(action.source)}-{name(action.destination)}"
    if action.target != NO_TILE:
        text += f"x{name(action.target)}"
    return text


def format_plan(board: Board, plan: Plan) -> str:
    """Actions in order joined by commas, e.g. ``b2-b3,c2-b2xc4``; ``-`` for an empty plan."""
    return ",".join(format_action(board, a) for a in plan) or "-"


def parse_plan(board: Board, text: str) -> Plan:
    """Parse :func:`format_plan`'s notation; raise ``PositionFormatError`` (legality unchecked)."""
    text = text.strip()
    if text == "-":
        return ()
    actions: list[Action] = []
    for item in text.split(","):
        move, _, target_text = item.partition("x")
        source_text, dash, destination_text = move.partition("-")
        if not dash:
            raise PositionFormatError(
                f"bad action {item!r}: expected '<from>-<to>' or '<from>-<to>x<target>', e.g. 'b2-b3xc4'"
            )
        source = board.parse_tile(source_text)
        destination = board.parse_tile(destination_text)
        target = board.parse_tile(target_text) if target_text else NO_TILE
        actions.append(Action(source, destination, target))
    return tuple(actions)


# ---------------------------------------------------------------- positions
def format_position(board: Board, units: tuple[Unit, ...], to_move: Side) -> str:
    """``<terrain rows> <units> <side>`` (canonical: the long unit form, ``-`` for no unit)."""
    written = ",".join(format_unit(board, u) for u in units) or "-"
    return f"{format_rows(board)} {written} {SIDE_SYMBOL[to_move]}"


def parse_position(text: str) -> tuple[Board, tuple[Unit, ...], Side]:
    """Parse ``<terrain rows> <units> <side>`` (any whitespace between fields).

    Raise ``PositionFormatError``; whether the units may stand where they stand is the
    rules' check.
    """
    fields = text.split()
    if len(fields) != 3:
        raise PositionFormatError(
            f"a war-chess position has 3 fields '<terrain rows> <units> <side>', got {len(fields)}"
        )
    rows, unit_text, side_text = fields
    board = parse_rows(rows)
    if side_text not in SIDE_CHARS:
        raise PositionFormatError(f"side to move {side_text!r}: allowed 'a' or 'b'")
    units: tuple[Unit, ...] = ()
    if unit_text != "-":
        units = tuple(parse_unit(board, item) for item in unit_text.split(","))
    return board, units, SIDE_CHARS[side_text]


def split_turn_counter(text: str) -> tuple[str, int | None, int | None]:
    """Split the game notation into the position and its optional ``<played>/<limit>`` field.

    Returns ``(position text, turns played, turn limit)``, the counts ``None`` when the
    field is absent.  Raise ``PositionFormatError`` on a malformed counter.
    """
    fields = text.split()
    if len(fields) != 4:
        return text, None, None
    counter = fields.pop()
    left, slash, right = counter.partition("/")
    if not (slash and is_digits(left) and is_digits(right)):
        raise PositionFormatError(
            f"turn counter {counter!r}: expected '<turns played>/<turn limit>' in "
            "digits 0-9, e.g. '0/30'"
        )
    return " ".join(fields), parse_natural(left, "turns played"), parse_natural(right, "turn limit")


def read_scenario(path: str) -> str:
    """The position notation in a scenario file (UTF-8 text, at most 1 MiB).

    ``#`` starts a comment; fields are separated by any whitespace, and a unit list or
    terrain rows may continue on the next line after a ``,`` or ``/``.  A missing file,
    a directory, a device or pipe, a file too large or not UTF-8 is a
    :class:`~reference.errors.ParameterError`.
    """
    text = read_text_file(path, "scenario file", MAX_SCENARIO_BYTES)
    lines = [line.split("#", 1)[0] for line in text.splitlines()]
    joined = " ".join(" ".join(lines).split())
    return joined.replace(", ", ",").replace("/ ", "/")


# ------------------------------------------------------------------- text picture
def side_indices(units: tuple[Unit, ...]) -> list[int]:
    """Each unit's 1-based index among its side's units (Figure 3's unit index)."""
    counters = {Side.ALEX: 0, Side.BILLIE: 0}
    indices = []
    for unit in units:
        counters[unit.side] += 1
        indices.append(counters[unit.side])
    return indices


def unit_labels(units: tuple[Unit, ...]) -> list[str]:
    """Kind letter and side index of each unit: ``S1`` for Alex's, ``s1`` for Billie's."""
    return [
        f"{KIND_SYMBOL[u.kind].lower() if u.side == Side.BILLIE else KIND_SYMBOL[u.kind]}{index}"
        for u, index in zip(units, side_indices(units), strict=True)
    ]


def render_position(board: Board, units: tuple[Unit, ...], to_move: Side) -> str:
    """A text drawing: the grid (top row first) with units as kind letter + index, then a legend.

    Alex's units are upper case (``S1``), Billie's lower case (``s1``); indices are
    1-based per side, as in Figure 3.  Empty tiles show their terrain character.
    On a hexagonal map odd rows are drawn half a tile to the right.
    """
    labels = dict(zip((u.tile for u in units), unit_labels(units), strict=True))
    lines = []
    for y in range(board.height - 1, -1, -1):
        cells = []
        for x in range(board.width):
            t = y * board.width + x
            cells.append(labels.get(t, " " + TERRAIN_SYMBOL[board.terrain[t]]).rjust(3))
        shift = " " if board.tiling == Tiling.HEXAGONAL and y % 2 else ""  # odd-r rows
        lines.append(f"{y + 1:>2} {shift}" + "".join(cells))
    lines.append("   " + "".join(column_name(x).rjust(3) for x in range(board.width)))
    if board.tiling != Tiling.SQUARE:
        lines.append(f"map: {board.tiling.name.lower()}")
    lines.append(f"side to move: {SIDE_SYMBOL[to_move]}")
    lines.extend(
        f"{labels[u.tile]}: {board.tile_name(u.tile)} hp {u.hp} atk {u.atk} "
        f"mv {u.movement} range {u.attack_min}-{u.attack_max}"
        for u in units
    )
    return "\n".join(lines)


BOARD_LEGEND = "S / A / K a swordsman, archer, knight of Alex (upper case) or Billie (lower case), with its unit number; . plain, f forest, ^ hill, ~ lake (both impassable)"
"""What the characters of the text board mean (``show`` prints it under the board)."""
