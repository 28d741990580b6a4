"""The rules of turn-based war chess: the battle state, a unit's actions, whole turns, the game.

Seed 002, §2.1-§2.3.  :class:`Battle` is the mutable state of a battle: each unit's
tile and HP, and who stands where.  A unit's *movement range* is every tile it can
travel to with its movement points, its own tile included (allies may be passed
through, enemies block, no unit ends on an occupied tile); its *attack range* is every
tile at distance ``attack_min..attack_max`` on the map (melee ``1..1``, ranged ``2..2``
or more).  A unit's action is: move inside its range, then optionally attack one enemy
in its attack range; the target loses ATK hit points and is removed at HP <= 0, freeing
its tile.  A turn (a *plan*) is one action of every living unit of the side to move, in
some order.

:class:`WarState` is the turn-level game of §2.3 and Figure 9: "A TBW game is
essentially the compound of combinational optimization laterally and game tree search
vertically".  A move is a whole turn's plan; plans that reach the same end state are
one move (:meth:`WarState.legal_moves`).  A game ends when a side has no units left
(§2.1: "A player wins the game if all of the units ... of the other player have died")
or, our addition so that every game ends, after ``turn_limit`` side turns, as a draw.
The core's alpha-beta / PVS / iterative deepening (:mod:`reference.search`) search it.

Notation: :mod:`reference.wargame.notation`.  The paper's own enumerations of a turn
(Algorithms 2-5) are in their modules; :func:`turn_end_states` is the rules' twin of
Algorithm 5 (the same states in the same order, tested).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Self

from reference.errors import IllegalMoveError, ParameterError, PositionFormatError
from reference.search import WIN, Key, Score, random_keys
from reference.search.zobrist import counter_key
from reference.wargame.evaluation import evaluate
from reference.wargame.geometry import IMPASSABLE, NO_TILE, Board, Side, Tile, Tiling
from reference.wargame.notation import (
    KIND_SYMBOL,
    MAX_HP,
    SIDE_SYMBOL,
    Action,
    Plan,
    Unit,
    format_action,
    format_plan,
    format_position,
    parse_plan,
    parse_position,
    render_position,
    split_turn_counter,
)

UNLIMITED_COST = 1 << 62
"""A movement budget no path reaches (for the cost of a path beyond a unit's points)."""

StateKey = tuple[int, ...]
"""An exact snapshot of a battle: every unit's tile then every unit's HP (see ``Battle.snapshot``)."""

ActionUndo = tuple[int, Tile, int, int, Tile]
"""What takes an action back: unit, its origin, target unit (-1: none), target's old HP and tile."""

DEFAULT_TURN_LIMIT = 30
"""Side turns after which a game is drawn (our choice; the paper's games end only by elimination)."""

MAX_TURN_LIMIT = 1000
"""Largest turn limit accepted."""

ZOBRIST_SEED = 2002
"""Seed of the war-chess Zobrist keys (our choice)."""

SKIRMISH = (
    "...../.^.~./...../..... "
    "aS@a1:10/4/2/1-1,aA@b1:8/3/2/2-2,aS@c1:10/4/2/1-1,bS@c4:10/4/2/1-1,bA@d4:8/3/2/2-2 a 0/20"
)
"""The default scenario (ours): 5x4 with a hill and a lake; Alex's 3 units against Billie's 2.

At depth 2 (``play wargame --depth 2``) Alex wins in 9 side turns.
"""


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
        self.kind = tuple(u.kind for u in units)
        self.atk: tuple[int, ...] = tuple(u.atk for u in units)
        self.movement: tuple[int, ...] = tuple(u.movement for u in units)
        self.attack_min: tuple[int, ...] = tuple(u.attack_min for u in units)
        self.attack_max: tuple[int, ...] = tuple(u.attack_max for u in units)
        self.tile: list[Tile] = [u.tile for u in units]
        self.hp: list[int] = [u.hp for u in units]
        self.occupant: list[int] = [-1] * board.size
        self.to_move = to_move
        for index, unit in enumerate(units):
            check_unit(board, unit)
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
        return [
            u for u in range(len(self.side)) if self.side[u] == side and self.tile[u] != NO_TILE
        ]

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

        GAP: the paper names "breadth first search" as one way to compute the range and
        leaves open how the terrain costs enter.  OURS: breadth-first search counts steps,
        so with terrain costs we use Dijkstra's algorithm (the same tiles as breadth-first
        search when every tile costs 1).
        """
        best = self.path_costs(unit, self.movement[unit])
        occupant, start = self.occupant, self.tile[unit]
        return sorted(t for t in best if occupant[t] < 0 or t == start)

    def path_costs(self, unit: int, budget: int) -> dict[Tile, int]:
        """The cheapest movement cost from ``unit``'s tile to every tile reachable within
        ``budget`` points (Dijkstra; obstacles and enemies block, allies may be passed).

        :meth:`movement_range` keeps those within the unit's movement points that it may
        end on; ``check``'s why-lines quote a cost against the points.
        """
        board = self.board
        start = self.tile[unit]
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
        return best

    def why_not_reachable(self, unit: int, destination: Tile) -> str:
        """Why ``destination`` is not in ``unit``'s movement range, with the path cost
        against the unit's movement points."""
        board, points = self.board, self.movement[unit]
        name = board.tile_name(destination)
        cost = self.path_costs(unit, UNLIMITED_COST).get(destination)
        if self.occupant[destination] >= 0 and destination != self.tile[unit]:
            return f"{name} is occupied (a unit may pass an ally, never end on a unit)"
        if cost is None:
            return (
                f"{name} is outside the unit's movement range: no path reaches it "
                "(impassable terrain, or enemies block every way)"
            )
        return (
            f"{name} is outside the unit's movement range: the cheapest path costs {cost} "
            f"movement points, the unit has {points}"
        )

    def why_no_target(self, unit: int, tile: Tile, target_tile: Tile) -> str:
        """Why ``unit`` on ``tile`` cannot attack ``target_tile``: the distance against its range."""
        board = self.board
        target = self.occupant[target_tile] if 0 <= target_tile < board.size else -1
        span = f"{self.attack_min[unit]}-{self.attack_max[unit]}"
        if target < 0:
            return f"no unit on {board.tile_name(target_tile)} to attack (attack range {span})"
        if self.side[target] == self.side[unit]:
            return f"the unit on {board.tile_name(target_tile)} is an ally (attack range {span})"
        distance = board.distance(tile, target_tile)
        return (
            f"no enemy in attack range {span} on that target tile: the distance from "
            f"{board.tile_name(tile)} to {board.tile_name(target_tile)} is {distance}"
        )

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

    def unit_actions(self, unit: int) -> list[tuple[Tile, int]]:
        """Every action of ``unit`` here: ``(destination, target unit or -1)``, by tile, no attack first."""
        actions: list[tuple[Tile, int]] = []
        for tile in self.movement_range(unit):
            actions.append((tile, -1))
            for target in self.attack_targets(unit, tile):
                actions.append((tile, target))
        return actions

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
    def make_plan(self, plan: Plan) -> list[ActionUndo]:
        """Play a legal ``plan`` without checks; return the undo record."""
        occupant = self.occupant
        undo: list[ActionUndo] = []
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

    def undo_plan(self, undo: list[ActionUndo]) -> None:
        """Take back a plan played by :meth:`make_plan` or :meth:`apply_plan`."""
        for unit, origin, target, old_hp, old_tile in reversed(undo):
            if target >= 0:
                self.undo_attack(target, old_hp, old_tile)
            self.move_unit(unit, origin)

    def apply_plan(self, plan: Plan) -> list[ActionUndo]:
        """Play ``plan`` action by action, checking each; return the undo record.

        Every living unit of the side to move must act exactly once (§2.1: "every
        player gets their own turn to perform all of the actions for each of their
        side's units").  On an illegal action the state is restored and
        ``IllegalMoveError`` says which action and why.
        """
        undo: list[ActionUndo] = []
        try:
            for number, action in enumerate(plan, start=1):
                unit, target = self._legal_action(number, action, [record[0] for record in undo])
                origin = self.move_unit(unit, action.destination)
                if target < 0:
                    undo.append((unit, origin, -1, 0, NO_TILE))
                else:
                    undo.append((unit, origin, target, self.attack(unit, target), action.target))
            acted = {record[0] for record in undo}
            missing = [u for u in self.units_of(self.to_move) if u not in acted]
            if missing:
                names = ", ".join(self.board.tile_name(self.tile[u]) for u in missing)
                raise IllegalMoveError(
                    f"the plan leaves units without an action (on {names}): every unit of the side "
                    "to move acts exactly once; write 'c3-c3' to stay without attacking"
                )
        except IllegalMoveError:
            self.undo_plan(undo)
            raise
        return undo

    def _legal_action(self, number: int, action: Action, acted: list[int]) -> tuple[int, int]:
        """The acting unit and target unit (-1: none) of action ``number``; raise unless it is legal."""
        board = self.board
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
            raise IllegalMoveError(f"{where}: {self.why_not_reachable(unit, action.destination)}")
        if action.target == NO_TILE:
            return unit, -1
        target = self.occupant[action.target] if 0 <= action.target < board.size else -1
        if target < 0 or target not in self.attack_targets(unit, action.destination):
            raise IllegalMoveError(
                f"{where}: {self.why_no_target(unit, action.destination, action.target)}"
            )
        return unit, target

    def check_plan(self, plan: Plan) -> None:
        """Raise ``IllegalMoveError`` unless ``plan`` is a legal whole turn here (state unchanged)."""
        self.undo_plan(self.apply_plan(plan))

    # -------------------------------------------------------------- notation
    def to_notation(self) -> str:
        """The position notation (:mod:`reference.wargame.notation`, canonical long unit form)."""
        return format_position(self.board, self.units(), self.to_move)

    @classmethod
    def from_notation(cls, text: str) -> Battle:
        """Parse the position notation (any whitespace between fields); raise ``PositionFormatError``."""
        board, units, to_move = parse_position(text)
        return cls(board, units, to_move)

    def _repr_svg_(self) -> str:
        """The battle as a picture (Jupyter shows it in place of the text)."""
        from reference.wargame.drawing import battle_svg

        return battle_svg(self, title=f"{SIDE_SYMBOL[self.to_move]} to move")

    def render(self) -> str:
        """A text drawing of the battle (:func:`reference.wargame.notation.render_position`)."""
        return render_position(self.board, self.units(), self.to_move)


def check_unit(board: Board, unit: Unit) -> None:
    """Raise ``PositionFormatError`` unless ``unit`` may stand on ``board`` (tile, terrain, statistics)."""
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
            raise PositionFormatError(
                f"{name}: {label} {value} not allowed, must be {low}..{MAX_HP}"
            )
    if not unit.attack_min <= unit.attack_max <= MAX_HP:
        raise PositionFormatError(
            f"{name}: attack range {unit.attack_min}-{unit.attack_max} not allowed, need min <= max"
        )


# ------------------------------------------------------------------ a whole turn
def turn_end_states(battle: Battle, actions: list[Action]) -> Iterator[StateKey]:
    """Every end state of the side to move's turn, one per (unit order, plan); ``actions`` is its plan.

    The rules' twin of Algorithm 5 (:func:`reference.wargame.plans_search.recursive_enumeration`):
    the unit orders by exchange, then each unit's actions (:meth:`Battle.unit_actions`),
    so the same states come in the same order with the same plans (a property test
    checks it), without §4.3's ops1 count.  At each yield the battle is in the end
    state; exhausted, the battle is as it was.
    """
    order = battle.units_of(battle.to_move)
    if not order:
        return iter([battle.snapshot()])
    return _end_states(battle, order, actions, 0)


def _end_states(
    battle: Battle, order: list[int], actions: list[Action], i: int
) -> Iterator[StateKey]:
    """The end states of the turns in which ``order[:i]`` have acted (as played) and the rest act now.

    The acting unit goes from one destination to the next and back to its tile after its last.
    """
    last = i + 1 == len(order)
    tile, hp = battle.tile, battle.hp
    for j in range(i, len(order)):
        order[i], order[j] = order[j], order[i]  # order[i] acts next
        unit = order[i]
        source = tile[unit]
        for destination, target in battle.unit_actions(unit):
            battle.move_unit(unit, destination)
            old_tile = tile[target] if target >= 0 else NO_TILE
            old_hp = battle.attack(unit, target) if target >= 0 else 0
            actions.append(Action(source, destination, old_tile))
            if last:  # every unit has acted
                yield (*tile, *hp)
            else:
                yield from _end_states(battle, order, actions, i + 1)
            actions.pop()
            if target >= 0:
                battle.undo_attack(target, old_hp, old_tile)
        battle.move_unit(unit, source)
        order[i], order[j] = order[j], order[i]


def first_plans(
    states: Iterable[StateKey], actions: list[Action], found: dict[StateKey, Plan]
) -> int:
    """Keep in ``found`` the first plan (``actions`` at the time) of each new end state.

    Return how many states were read.
    """
    read = 0
    for state in states:
        read += 1
        if state not in found:
            found[state] = tuple(actions)
    return read


@contextmanager
def restored_on_error(battle: Battle) -> Iterator[None]:
    """Put the battle back as it was if the block raises (an abandoned enumeration is mid-plan)."""
    saved = (list(battle.tile), list(battle.hp), list(battle.occupant))
    try:
        yield
    except BaseException:
        battle.tile[:], battle.hp[:], battle.occupant[:] = saved
        raise


def most_kills_first(battle: Battle, found: dict[StateKey, Plan]) -> list[Plan]:
    """The plans of ``found`` (a turn's distinct end states), most enemy units killed first, else as found."""
    enemies = battle.units_of(Side(1 - battle.to_move))

    def kills(item: tuple[StateKey, Plan]) -> int:
        return sum(1 for u in enemies if item[0][u] == NO_TILE)

    return [plan for _, plan in sorted(found.items(), key=kills, reverse=True)]


# ------------------------------------------------------------------ the game
class WarState:
    """Turn-based war chess as a :class:`~reference.search.protocol.PlayableGame` of whole-turn plans.

    Seed 002, §2.1 (rules) and §2.3 (game tree search over turns).
    """

    def __init__(
        self, battle: Battle, turns_played: int = 0, turn_limit: int = DEFAULT_TURN_LIMIT
    ) -> None:
        if not 1 <= turn_limit <= MAX_TURN_LIMIT:
            raise ParameterError(f"turn limit {turn_limit} not allowed: 1..{MAX_TURN_LIMIT}")
        if not 0 <= turns_played <= turn_limit:
            raise ParameterError(f"turns played {turns_played} not allowed: 0..{turn_limit}")
        self.battle = battle.copy()
        self.turns_played = turns_played
        self.turn_limit = turn_limit
        count = self.battle.unit_count
        size = self.battle.board.size
        keys = random_keys(count * (size + 1) + count * (MAX_HP + 1) + turn_limit + 2, ZOBRIST_SEED)
        self._tile_keys = [keys[u * (size + 1) : (u + 1) * (size + 1)] for u in range(count)]
        """Per unit, one key per tile and one (index ``size``) for dead."""
        base = count * (size + 1)
        self._hp_keys = [
            keys[base + u * (MAX_HP + 1) : base + (u + 1) * (MAX_HP + 1)] for u in range(count)
        ]
        base += count * (MAX_HP + 1)
        self._turn_keys = keys[base : base + turn_limit + 1]
        self._side_key = keys[base + turn_limit + 1]
        self._limit_key = counter_key(turn_limit, ZOBRIST_SEED)
        self._history: list[tuple[Plan, list[ActionUndo], Key]] = []
        self._key = self._full_key()

    # ------------------------------------------------------------- notation
    @classmethod
    def from_notation(cls, text: str, turn_limit: int | None = None) -> Self:
        """Parse ``<rows> <units> <side> [<played>/<limit>]``; ``turn_limit`` overrides the field."""
        position, played, limit = split_turn_counter(text)
        battle = Battle.from_notation(position)
        if played is None:
            played = 0
        if turn_limit is not None:
            limit = turn_limit
        elif limit is None:
            limit = DEFAULT_TURN_LIMIT
        if not (1 <= limit <= MAX_TURN_LIMIT and 0 <= played <= limit):
            raise PositionFormatError(
                f"turn counter {played}/{limit} not allowed: need 0 <= played <= limit <= {MAX_TURN_LIMIT}"
            )
        return cls(battle, played, limit)

    def to_notation(self) -> str:
        """The battle notation plus ``<turns played>/<turn limit>``."""
        return f"{self.battle.to_notation()} {self.turns_played}/{self.turn_limit}"

    def _repr_svg_(self) -> str:
        """The battle as a picture (Jupyter shows it in place of the text)."""
        from reference.wargame.drawing import battle_svg

        over = self.is_terminal()
        title = self.result_text() if over else f"{self.player_name(self.to_move)} to move"
        return battle_svg(self.battle, title=title)

    def render(self) -> str:
        """The battle drawing plus the turn counter."""
        if self.turns_played >= self.turn_limit:
            return f"{self.battle.render()}\nturn limit {self.turn_limit} reached"
        return f"{self.battle.render()}\nturn {self.turns_played + 1} of {self.turn_limit}"

    def parse_move(self, text: str) -> Plan:
        """Parse a plan such as ``b1-b3,c1-c2xc4`` (legality unchecked)."""
        return parse_plan(self.battle.board, text)

    def format_move(self, move: Plan) -> str:
        """The plan's notation; ``parse_move(format_move(m)) == m``."""
        return format_plan(self.battle.board, move)

    def player_name(self, player: int) -> str:
        """``Alex (a)`` or ``Billie (b)``, the paper's names for the two parties."""
        return "Alex (a)" if player == Side.ALEX else "Billie (b)"

    def copy(self) -> Self:
        """An independent copy (same battle, turn counter and history; the class kept)."""
        other = type(self)(self.battle, self.turns_played, self.turn_limit)
        other._history = list(self._history)
        other._key = self._key
        return other

    @property
    def history(self) -> tuple[Plan, ...]:
        """The plans played since construction (or since the position was parsed), oldest first."""
        return tuple(entry[0] for entry in self._history)

    def winner(self) -> Side | None:
        """The side whose units are the only ones left (``None``: a draw, or not over)."""
        alex = self.battle.units_of(Side.ALEX)
        billie = self.battle.units_of(Side.BILLIE)
        if alex and not billie:
            return Side.ALEX
        if billie and not alex:
            return Side.BILLIE
        return None

    def result_text(self) -> str:
        """Who won, or why the game is drawn."""
        alex = self.battle.units_of(Side.ALEX)
        billie = self.battle.units_of(Side.BILLIE)
        if not billie and alex:
            return "Alex (a) wins: every unit of Billie is dead"
        if not alex and billie:
            return "Billie (b) wins: every unit of Alex is dead"
        if not alex and not billie:
            return "draw: no units left"
        if self.turns_played >= self.turn_limit:
            return f"draw: turn limit {self.turn_limit} reached"
        return "game in progress"

    # --------------------------------------------------------------- protocol
    @property
    def to_move(self) -> Side:
        return self.battle.to_move

    @property
    def key(self) -> Key:
        return self._key

    def tt_key(self) -> Key:
        """:attr:`key` (units, HP, side to move, turns played) plus the turn limit.

        A position's value depends on the turns left before the draw, so both counts
        are in the table key: a table shared by games with other limits stays right.
        """
        return self._key ^ self._limit_key

    def max_plies_left(self) -> int:
        """The turns left before the turn limit (a move is a whole turn)."""
        return max(0, self.turn_limit - self.turns_played)

    def is_terminal(self) -> bool:
        battle = self.battle
        return (
            self.turns_played >= self.turn_limit
            or not battle.units_of(Side.ALEX)
            or not battle.units_of(Side.BILLIE)
        )

    def terminal_score(self) -> Score:
        battle = self.battle
        mine = battle.units_of(battle.to_move)
        theirs = battle.units_of(Side(1 - battle.to_move))
        if not mine and theirs:
            return -WIN
        if mine and not theirs:
            return WIN
        return 0

    def evaluate(self) -> Score:
        """Material and HP of the side to move minus the opponent's, minus approach distances."""
        return evaluate(self.battle)

    selective = False
    counts_points = False

    def search_moves(self) -> list[Plan]:
        """The moves a search tries: :meth:`legal_moves` (already most kills first)."""
        return self.legal_moves()

    def legal_moves(self) -> list[Plan]:
        """One plan per distinct end-of-turn state, those that kill more enemy units first.

        Many plans reach the same end state (the same steps in another unit order, say)
        and are one move of the game tree; the move is written as the first plan that
        reaches it in Algorithm 5's order, so ``perft`` counts distinct successor states.
        :meth:`play` accepts every legal plan.
        """
        if self.is_terminal():
            return []
        actions: list[Action] = []
        found: dict[StateKey, Plan] = {}
        with restored_on_error(self.battle):
            first_plans(turn_end_states(self.battle, actions), actions, found)
        return most_kills_first(self.battle, found)

    def make(self, move: Plan) -> int:
        """Play a legal plan without checks (the search's path); the Zobrist key follows it."""
        battle = self.battle
        undo = battle.make_plan(move)
        self._history.append((move, undo, self._key))
        key = self._key
        dead = battle.board.size
        for unit, origin, target, old_hp, old_tile in undo:
            # Zobrist: the unit's key leaves its origin for its destination; a hit target
            # changes its HP key, and a killed one its tile key for the dead slot
            key ^= self._tile_keys[unit][origin] ^ self._tile_keys[unit][battle.tile[unit]]
            if target >= 0:
                new_hp = max(0, old_hp - battle.atk[unit])
                key ^= self._hp_keys[target][old_hp] ^ self._hp_keys[target][new_hp]
                if new_hp == 0:
                    key ^= self._tile_keys[target][old_tile] ^ self._tile_keys[target][dead]
        key ^= self._turn_keys[self.turns_played] ^ self._turn_keys[self.turns_played + 1]
        self._key = key ^ self._side_key
        battle.to_move = Side(1 - battle.to_move)
        self.turns_played += 1
        return 0

    def play(self, move: Plan) -> int:
        """Check the plan action by action (``IllegalMoveError`` says which and why), then make it."""
        if self.is_terminal():
            raise IllegalMoveError(f"the game is over ({self.result_text()}): no move is legal")
        self.battle.check_plan(move)
        return self.make(move)

    def unmake(self) -> None:
        if not self._history:
            raise IllegalMoveError("no move to take back")
        _, undo, self._key = self._history.pop()  # the key before the plan
        battle = self.battle
        battle.to_move = Side(1 - battle.to_move)
        self.turns_played -= 1
        battle.undo_plan(undo)

    def _full_key(self) -> Key:
        """The key computed from scratch (tests compare it with the incremental one)."""
        battle = self.battle
        dead = battle.board.size
        key = self._turn_keys[self.turns_played]
        if battle.to_move == Side.BILLIE:
            key ^= self._side_key
        for u in range(battle.unit_count):
            tile = battle.tile[u]
            key ^= self._tile_keys[u][dead if tile == NO_TILE else tile]
            key ^= self._hp_keys[u][battle.hp[u]]
        return key

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_notation({self.to_notation()!r})"
