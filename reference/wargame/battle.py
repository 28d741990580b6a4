"""Units, the mutable battle state, movement ranges, attacks, notation and printing.

Seed 002, §2.1-§2.2.  Two parties of units, Alex's (side ``a``) and Billie's
(side ``b``).  Each unit has movement points, HP, ATK, a *movement range* (every
tile it can travel to with its movement points, its own tile included; allies
may be passed through, enemies block, no unit ends on an occupied tile) and an
*attack range* (tiles at distance ``attack_min..attack_max`` on the map, Manhattan
on a square map: melee ``1..1``, ranged ``2..2`` or more).  A unit's action is: move inside its range,
then optionally attack one enemy in its attack range; the target loses ATK hit
points and is removed at HP <= 0, freeing its tile.

Position notation (one line, whitespace-separated fields)::

    <terrain rows> <units> <side to move>

* terrain rows: top row first, rows joined by ``/``, one character per tile:
  ``.`` plain, ``f`` forest, ``^`` hill (impassable), ``~`` lake (impassable,
  ranged attacks cross it); ``hex:`` or ``oct:`` before the rows for a hexagonal
  or octagonal map (:mod:`reference.wargame.board`);
* units: comma-separated, ``-`` for none; each ``<side><kind>@<tile>:<hp>/<atk>/<movement>/<min>-<max>``,
  e.g. ``aS@b2:10/4/3/1-1`` (side ``a``/``b``, kind ``S`` swordsman, ``A`` archer,
  ``K`` knight).  The short form ``aS@b2`` takes the kind's default statistics;
  the canonical (written) form is always the long one.  List order = unit index;
* side to move: ``a`` or ``b``.

Example: ``....../..^~../...... aS@a1:10/4/3/1-1,bA@f3:8/3/2/2-2 a``.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from enum import IntEnum

from reference.digits import is_digits, parse_natural
from reference.errors import IllegalMoveError, PositionFormatError
from reference.wargame.board import (
    IMPASSABLE,
    KIND_CHARS,
    KIND_SYMBOL,
    NO_TILE,
    TERRAIN_SYMBOL,
    Board,
    Kind,
    Tile,
    Tiling,
)

MAX_HP = 99
"""Largest HP / ATK / movement value the notation accepts (our choice)."""


class Side(IntEnum):
    """The two parties of §2.2: Alex's units and Billie's units (players 0 and 1)."""

    ALEX = 0
    BILLIE = 1


SIDE_CHARS: dict[str, Side] = {"a": Side.ALEX, "b": Side.BILLIE}
SIDE_SYMBOL: dict[Side, str] = {side: char for char, side in SIDE_CHARS.items()}


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

StateKey = tuple[int, ...]
"""An exact snapshot of a battle: every unit's tile then every unit's HP (see ``Battle.snapshot``)."""


class Battle:
    """The mutable state of a battle: per-unit arrays plus a tile -> unit occupancy table.

    Static unit data (side, kind, ATK, movement, attack range) sit in tuples; ``tile``,
    ``hp`` and ``occupant`` change through :meth:`move_unit` / :meth:`attack` and their
    undo counterparts.  A dead unit has ``hp == 0`` and ``tile == NO_TILE``.
    """

    __slots__ = (
        "atk",
        "attack_max",
        "attack_min",
        "board",
        "hp",
        "kind",
        "movement",
        "occupant",
        "side",
        "tile",
        "to_move",
    )

    def __init__(self, board: Board, units: tuple[Unit, ...], to_move: Side = Side.ALEX) -> None:
        self.board = board
        self.side: tuple[Side, ...] = tuple(u.side for u in units)
        self.kind: tuple[Kind, ...] = tuple(u.kind for u in units)
        self.atk: tuple[int, ...] = tuple(u.atk for u in units)
        self.movement: tuple[int, ...] = tuple(u.movement for u in units)
        self.attack_min: tuple[int, ...] = tuple(u.attack_min for u in units)
        self.attack_max: tuple[int, ...] = tuple(u.attack_max for u in units)
        self.tile: list[Tile] = [u.tile for u in units]
        self.hp: list[int] = [u.hp for u in units]
        self.occupant: list[int] = [-1] * board.size
        self.to_move = to_move
        for index, unit in enumerate(units):
            _check_unit(board, unit)
            if self.occupant[unit.tile] >= 0:
                raise PositionFormatError(
                    f"two units on tile {board.tile_name(unit.tile)}: each tile holds at most one unit"
                )
            self.occupant[unit.tile] = index

    # ----------------------------------------------------------------- queries
    @property
    def unit_count(self) -> int:
        """Number of units, dead ones included (indices stay fixed during a game)."""
        return len(self.side)

    def units_of(self, side: Side) -> list[int]:
        """Indices of the living units of ``side``, in index order."""
        return [u for u in range(len(self.side)) if self.side[u] == side and self.tile[u] != NO_TILE]

    def units(self) -> tuple[Unit, ...]:
        """The living units in index order (what the notation lists)."""
        return tuple(
            Unit(
                self.side[u],
                self.kind[u],
                self.tile[u],
                self.hp[u],
                self.atk[u],
                self.movement[u],
                self.attack_min[u],
                self.attack_max[u],
            )
            for u in range(len(self.side))
            if self.tile[u] != NO_TILE
        )

    def snapshot(self) -> StateKey:
        """Every unit's tile then every unit's HP: equal snapshots are equal positions."""
        return (*self.tile, *self.hp)

    def copy(self) -> Battle:
        """An independent copy with the same units (dead units dropped, indices renumbered)."""
        return Battle(self.board, self.units(), self.to_move)

    def movement_range(self, unit: int) -> list[Tile]:
        """The tiles ``unit`` can end its move on, by Dijkstra over movement costs.

        Seed 002, §2.1 and Figure 4: the range includes the unit's own tile (4a),
        obstacles are excluded (4b), enemies cannot be passed (4c), allies can be
        passed (4d) but not ended on.  Sorted by tile.

        ERRATUM: the paper computes the range by "breadth first search", which is right
        only when every tile costs 1; with terrain costs it must be Dijkstra's algorithm.
        """
        board = self.board
        start = self.tile[unit]
        budget = self.movement[unit]
        mine = self.side[unit]
        costs = board.costs[self.kind[unit]]
        occupant = self.occupant
        side = self.side
        neighbours = board.neighbours
        best: dict[Tile, int] = {start: 0}
        heap: list[tuple[int, Tile]] = [(0, start)]
        while heap:
            spent, here = heapq.heappop(heap)
            if spent > best[here]:
                continue
            for there in neighbours[here]:
                cost = costs[there]
                if cost == IMPASSABLE:
                    continue
                other = occupant[there]
                if other >= 0 and side[other] != mine:
                    continue  # Figure 4(c): an enemy blocks the way
                total = spent + cost
                if total <= budget and total < best.get(there, budget + 1):
                    best[there] = total
                    heapq.heappush(heap, (total, there))
        return sorted(t for t in best if occupant[t] < 0 or t == start)

    def attack_targets(self, unit: int, tile: Tile) -> list[int]:
        """Enemies ``unit`` could attack from ``tile``: distance in its attack range.

        Seed 002, §2.1 and Figure 5.  The distance is the map's (:meth:`Board.distance`:
        Manhattan on a square map).  Terrain does not block attacks (Figure 3:
        archers shoot across lakes).  Returned in unit-index order.
        """
        low = self.attack_min[unit]
        high = self.attack_max[unit]
        mine = self.side[unit]
        board = self.board
        found: list[int] = []
        if board.tiling != Tiling.SQUARE:
            distance = board.distance
            for other, where in enumerate(self.tile):
                if (
                    where != NO_TILE
                    and self.side[other] != mine
                    and low <= distance(tile, where) <= high
                ):
                    found.append(other)
            return found
        xs = board.xs  # the square map's Manhattan distance, inlined (the hot path)
        ys = board.ys
        x, y = xs[tile], ys[tile]
        for other, where in enumerate(self.tile):
            if where == NO_TILE or self.side[other] == mine:
                continue
            gap = abs(xs[where] - x) + abs(ys[where] - y)
            if low <= gap <= high:
                found.append(other)
        return found

    # ---------------------------------------------------------------- changes
    def move_unit(self, unit: int, destination: Tile) -> Tile:
        """Move ``unit`` to ``destination`` (unchecked); return where it was."""
        origin = self.tile[unit]
        self.occupant[origin] = -1
        self.occupant[destination] = unit
        self.tile[unit] = destination
        return origin

    def attack(self, unit: int, target: int) -> int:
        """``unit`` hits ``target`` for ATK; remove it at HP <= 0.  Return the target's old HP."""
        old = self.hp[target]
        left = old - self.atk[unit]
        if left <= 0:
            self.hp[target] = 0
            self.occupant[self.tile[target]] = -1
            self.tile[target] = NO_TILE
        else:
            self.hp[target] = left
        return old

    def undo_attack(self, target: int, old_hp: int, old_tile: Tile) -> None:
        """Restore ``target`` to ``old_hp`` on ``old_tile`` (undo of :meth:`attack`)."""
        self.hp[target] = old_hp
        self.tile[target] = old_tile
        self.occupant[old_tile] = target

    # ----------------------------------------------------------------- plans
    def check_plan(self, plan: Plan) -> None:
        """Raise ``IllegalMoveError`` unless ``plan`` is a legal whole turn here (state unchanged)."""
        undo = self.apply_plan(plan)
        self.undo_plan(undo)

    def apply_plan(self, plan: Plan) -> list[tuple[int, Tile, int, int, Tile]]:
        """Play ``plan`` action by action, checking each; return the undo record.

        Every living unit of the side to move must act exactly once (§2.1: "every
        player gets their own turn to perform all of the actions for each of their
        side's units").  On an illegal action the state is restored and
        ``IllegalMoveError`` says which action and why.
        """
        board = self.board
        undo: list[tuple[int, Tile, int, int, Tile]] = []
        acted: set[int] = set()
        try:
            for number, action in enumerate(plan, start=1):
                where = f"action {number} ({format_action(board, action)})"
                for tile in (action.source, action.destination):
                    if not 0 <= tile < board.size:
                        raise IllegalMoveError(f"{where}: tile {tile} is off the board")
                unit = self.occupant[action.source]
                if unit < 0 or self.side[unit] != self.to_move or unit in acted:
                    raise IllegalMoveError(
                        f"{where}: no unit of side {SIDE_SYMBOL[self.to_move]} that has not yet "
                        f"acted stands on {board.tile_name(action.source)}"
                    )
                if action.destination not in self.movement_range(unit):
                    raise IllegalMoveError(
                        f"{where}: {board.tile_name(action.destination)} is outside the unit's "
                        "movement range"
                    )
                origin = self.move_unit(unit, action.destination)
                acted.add(unit)
                target = -1
                old_hp = 0
                old_tile = NO_TILE
                if action.target != NO_TILE:
                    target = self.occupant[action.target] if 0 <= action.target < board.size else -1
                    if target < 0 or target not in self.attack_targets(unit, action.destination):
                        undo.append((unit, origin, -1, 0, NO_TILE))
                        raise IllegalMoveError(
                            f"{where}: no enemy in attack range "
                            f"{self.attack_min[unit]}-{self.attack_max[unit]} on that target tile"
                        )
                    old_tile = self.tile[target]
                    old_hp = self.attack(unit, target)
                undo.append((unit, origin, target, old_hp, old_tile))
            missing = [u for u in self.units_of(self.to_move) if u not in acted]
            if missing:
                names = ", ".join(board.tile_name(self.tile[u]) for u in missing)
                raise IllegalMoveError(
                    f"the plan leaves units without an action (on {names}): every unit of the side "
                    "to move acts exactly once; write 'c3-c3' to stay without attacking"
                )
        except IllegalMoveError:
            self.undo_plan(undo)
            raise
        return undo

    def undo_plan(self, undo: list[tuple[int, Tile, int, int, Tile]]) -> None:
        """Take back a plan applied by :meth:`apply_plan` (or ``make_plan``)."""
        for unit, origin, target, old_hp, old_tile in reversed(undo):
            if target >= 0:
                self.undo_attack(target, old_hp, old_tile)
            self.move_unit(unit, origin)

    def make_plan(self, plan: Plan) -> list[tuple[int, Tile, int, int, Tile]]:
        """Play a legal ``plan`` without checks; return the undo record."""
        occupant = self.occupant
        undo: list[tuple[int, Tile, int, int, Tile]] = []
        for action in plan:
            unit = occupant[action.source]
            origin = self.move_unit(unit, action.destination)
            if action.target != NO_TILE:
                target = occupant[action.target]
                old_tile = self.tile[target]
                undo.append((unit, origin, target, self.attack(unit, target), old_tile))
            else:
                undo.append((unit, origin, -1, 0, NO_TILE))
        return undo

    # -------------------------------------------------------------- notation
    def to_notation(self) -> str:
        """The position in the notation of this module's docstring (canonical, long unit form)."""
        units = ",".join(format_unit(self.board, u) for u in self.units()) or "-"
        return f"{self.board.rows_notation()} {units} {SIDE_SYMBOL[self.to_move]}"

    @classmethod
    def from_notation(cls, text: str) -> Battle:
        """Parse the notation (any whitespace between fields); raise ``PositionFormatError``."""
        fields = text.split()
        if len(fields) != 3:
            raise PositionFormatError(
                f"a war-chess position has 3 fields '<terrain rows> <units> <side>', got {len(fields)}"
            )
        rows, unit_text, side_text = fields
        board = Board.from_rows(rows)
        if side_text not in SIDE_CHARS:
            raise PositionFormatError(f"side to move {side_text!r}: allowed 'a' or 'b'")
        units: tuple[Unit, ...] = ()
        if unit_text != "-":
            units = tuple(parse_unit(board, item) for item in unit_text.split(","))
        return cls(board, units, SIDE_CHARS[side_text])

    def render(self) -> str:
        """A drawing: the grid (top row first) with units as kind letter + index, then a legend.

        Alex's units are upper case (``S1``), Billie's lower case (``s1``); indices are
        1-based per side, as in Figure 3.  Empty tiles show their terrain character.
        On a hexagonal map odd rows are drawn half a tile to the right.
        """
        board = self.board
        labels: dict[Tile, str] = {}
        legend: list[str] = []
        counters = {Side.ALEX: 0, Side.BILLIE: 0}
        for u in range(self.unit_count):
            if self.tile[u] == NO_TILE:
                continue
            counters[self.side[u]] += 1
            letter = KIND_SYMBOL[self.kind[u]]
            if self.side[u] == Side.BILLIE:
                letter = letter.lower()
            label = f"{letter}{counters[self.side[u]]}"
            labels[self.tile[u]] = label
            legend.append(
                f"{label}: {board.tile_name(self.tile[u])} hp {self.hp[u]} atk {self.atk[u]} "
                f"mv {self.movement[u]} range {self.attack_min[u]}-{self.attack_max[u]}"
            )
        lines = []
        for y in range(board.height - 1, -1, -1):
            cells = []
            for x in range(board.width):
                t = y * board.width + x
                cells.append(labels.get(t, " " + TERRAIN_SYMBOL[board.terrain[t]]).rjust(3))
            shift = " " if board.tiling == Tiling.HEXAGONAL and y % 2 else ""  # odd-r rows
            lines.append(f"{y + 1:>2} {shift}" + "".join(cells))
        lines.append("   " + "".join(chr(ord("a") + x).rjust(3) for x in range(board.width)))
        if board.tiling != Tiling.SQUARE:
            lines.append(f"map: {board.tiling.name.lower()}")
        lines.append(f"side to move: {SIDE_SYMBOL[self.to_move]}")
        lines.extend(legend)
        return "\n".join(lines)


def _check_unit(board: Board, unit: Unit) -> None:
    name = f"unit {SIDE_SYMBOL[unit.side]}{KIND_SYMBOL[unit.kind]}"
    if not 0 <= unit.tile < board.size:
        raise PositionFormatError(f"{name}: tile {unit.tile} is off the board")
    if board.costs[unit.kind][unit.tile] == IMPASSABLE:
        raise PositionFormatError(
            f"{name} stands on {board.tile_name(unit.tile)}, a tile it cannot enter (hill or lake)"
        )
    for label, value, low in (
        ("hp", unit.hp, 1),
        ("atk", unit.atk, 0),
        ("movement", unit.movement, 0),
        ("attack_min", unit.attack_min, 1),
    ):
        if not low <= value <= MAX_HP:
            raise PositionFormatError(f"{name}: {label} {value} not allowed, must be {low}..{MAX_HP}")
    if not unit.attack_min <= unit.attack_max <= MAX_HP:
        raise PositionFormatError(
            f"{name}: attack range {unit.attack_min}-{unit.attack_max} not allowed, need min <= max"
        )


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
        raise PositionFormatError(
            f"bad unit {text!r}: kind must be one of {', '.join(KIND_CHARS)}"
        )
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
