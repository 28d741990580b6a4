"""Dou Shou Qi endgame tablebases: every placement of a few pieces, solved from the end.

Van Rijn and Vis built tables of every Dou Shou Qi position with up to four pieces
("Endgame Analysis of Dou Shou Qi", ICGA Journal 37(2), 2014).  Here a **material set**
such as ``A: E / B: M`` (A's elephant against B's mouse) is a table of its own:

* its positions are every placement of its pieces on squares they may stand on (the
  mouse on the 61 squares that are not a den, water included; every other piece on the
  49 land squares that are not a den), no two on one square, with either side to move:
  symmetry is never used in what is counted;
* a position's index is ``to_move + 2 * (p0 + n0 * (p1 + n1 * ...))`` where ``pi`` is
  the place of piece ``i``'s square in its list of squares (:attr:`DsqSpace.squares`,
  by increasing square ``a1 = 0 .. g9 = 62``) and ``ni`` that list's length; pieces
  come A's first, then B's, each side by increasing strength (the :class:`Material`
  order);
* values are for the side to move with **no move limit** (no 200-ply draw rule, no
  repetition rule): a position no side can force to an end is a draw.  Distances count
  plies to the end, the last move included: taking the last enemy piece or entering the
  den now is a win in 1; a side with no legal move has lost (distance 0).

Quiet moves stay in the table; a capture leads into the table of the smaller set (built
first, and kept in the same :class:`TableSet`), or ends the game when it takes the last
enemy piece; entering the enemy den ends it.  These are the *exits* of
:func:`reference.search.retrograde.retrograde_by_unmoves`, which solves the set by
walking quiet un-moves back (every quiet move can be walked back: a step or a leap
from ``x`` to ``y`` is a step or a leap from ``y`` to ``x``).

The moves are generated here from the rules' own tables (steps, leaps, the capture
rule of the chosen rule set); ``tests/dou_shou_qi/test_dsq_tablebase.py`` checks them
against :meth:`DouShouQi.legal_moves` and every sampled entry against forward search.

>>> tables = TableSet("thesis")
>>> table = tables.table(Material.parse("A: L / B: M"))
>>> table.stats()["positions"]     # A to move: 49 x 61 placements, less 49 shared squares
2940
"""

from __future__ import annotations

import multiprocessing
import re
from array import array
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from itertools import combinations, product
from typing import Final

from reference.dou_shou_qi.geometry import (
    DEN,
    DENS,
    KIND_LETTERS,
    LETTER_KINDS,
    NUM_SQUARES,
    WATER,
    Kind,
    RuleSet,
    Side,
    rule_set,
)
from reference.dou_shou_qi.notation import Move, Piece, Placement, format_placement
from reference.dou_shou_qi.rules import (
    _LAND_STEPS,
    _SWIM_STEPS,
    JUMPS,
    RANK_BEATS_OF,
    DouShouQi,
    can_capture,
)
from reference.errors import ParameterError
from reference.search.retrograde import (
    INVALID,
    LOSS,
    UNKNOWN,
    WIN,
    Entry,
    Probe,
    Progress,
    Table,
    read_table,
    retrograde,
    retrograde_by_unmoves,
    wave_sizes,
    write_table,
)

MOUSE_SQUARES: Final = tuple(sq for sq in range(NUM_SQUARES) if sq not in DENS)
"""The 61 squares a mouse may stand on (water included, no den)."""
LAND_SQUARES: Final = tuple(sq for sq in MOUSE_SQUARES if sq not in WATER)
"""The 49 squares every other piece may stand on."""
MAX_PIECES: Final = 4
"""The largest material set built (four pieces: up to 2 x 61 x 49**3 = 17.5 million
indices)."""


# ------------------------------------------------------------------ material sets
@dataclass(frozen=True, order=True)
class Material:
    """The pieces of a table: A's kinds and B's kinds, each in increasing strength."""

    a: tuple[Kind, ...]
    b: tuple[Kind, ...]

    @staticmethod
    def parse(text: str) -> Material:
        """``"A: E / B: M"`` (letters as in the notation; ``A: L T / B: M`` for two)."""
        match = re.fullmatch(r"\s*A:\s*([A-Za-z ]*?)\s*/\s*B:\s*([A-Za-z ]*?)\s*", text)
        if match is None:
            raise ParameterError(f"material {text!r}: expected the form 'A: E / B: M'")
        sides = []
        for field in match.groups():
            letters = field.replace(" ", "").upper()
            unknown = sorted(set(letters) - set(LETTER_KINDS))
            if unknown:
                raise ParameterError(f"material {text!r}: unknown piece letter {unknown[0]!r}")
            if len(set(letters)) != len(letters):
                raise ParameterError(f"material {text!r}: a side has one piece of each kind")
            sides.append(tuple(sorted(LETTER_KINDS[letter] for letter in letters)))
        material = Material(sides[0], sides[1])
        if not material.a or not material.b:
            raise ParameterError(f"material {text!r}: each side needs a piece")
        if len(material.pieces) > MAX_PIECES:
            raise ParameterError(f"material {text!r}: tables go up to {MAX_PIECES} pieces")
        return material

    @property
    def pieces(self) -> tuple[tuple[Side, Kind], ...]:
        """(side, kind) of each piece, in index order."""
        return tuple((Side.A, k) for k in self.a) + tuple((Side.B, k) for k in self.b)

    def text(self) -> str:
        """The material in the form :meth:`parse` reads."""

        def letters(kinds: tuple[Kind, ...]) -> str:
            return " ".join(KIND_LETTERS[k] for k in kinds)

        return f"A: {letters(self.a)} / B: {letters(self.b)}"

    def without(self, piece: int) -> Material:
        """The set left when piece number ``piece`` is taken."""
        side, kind = self.pieces[piece]
        if side == Side.A:
            return Material(tuple(k for k in self.a if k != kind), self.b)
        return Material(self.a, tuple(k for k in self.b if k != kind))


def material_sets(max_pieces: int) -> list[Material]:
    """Every material set of 2 .. ``max_pieces`` pieces, smaller sets first."""
    if not 2 <= max_pieces <= MAX_PIECES:
        raise ParameterError(f"--max-pieces must be 2 to {MAX_PIECES}, got {max_pieces}")
    kinds = list(Kind)
    found: list[Material] = []
    for total in range(2, max_pieces + 1):
        for on_a in range(1, total):
            for a, b in product(combinations(kinds, on_a), combinations(kinds, total - on_a)):
                found.append(Material(a, b))
    return found


def material_of(game: DouShouQi) -> Material:
    """The material set of a position."""
    a = tuple(sorted(p.kind for p in game.pieces(Side.A)))
    b = tuple(sorted(p.kind for p in game.pieces(Side.B)))
    return Material(a, b)


# ------------------------------------------------------------------ the ranked space
def _reverse_steps(steps: tuple[tuple[tuple[int, Move], ...], ...]) -> tuple[tuple[int, ...], ...]:
    back: list[list[int]] = [[] for _ in range(NUM_SQUARES)]
    for src in range(NUM_SQUARES):
        for dst, _ in steps[src]:
            back[dst].append(src)
    return tuple(tuple(b) for b in back)


_BACK_LAND = (_reverse_steps(_LAND_STEPS[0]), _reverse_steps(_LAND_STEPS[1]))
_BACK_SWIM = (_reverse_steps(_SWIM_STEPS[0]), _reverse_steps(_SWIM_STEPS[1]))
_LEAPERS = (Kind.TIGER, Kind.LION)


class DsqSpace:
    """The positions of one material set under one rule set (the module docstring)."""

    def __init__(self, material: Material, rules: RuleSet, lookup: Lookup) -> None:
        self.material = material
        self.rules = rules
        self.lookup = lookup
        self.pieces = material.pieces
        self.squares = tuple(
            MOUSE_SQUARES if kind == Kind.MOUSE else LAND_SQUARES for _, kind in self.pieces
        )
        places = []
        for squares in self.squares:
            place = [-1] * NUM_SQUARES
            for i, sq in enumerate(squares):
                place[sq] = i
            places.append(tuple(place))
        self.places = tuple(places)
        weights, weight = [], 2
        for squares in self.squares:
            weights.append(weight)
            weight *= len(squares)
        self.weights = tuple(weights)
        self._size = weight
        self._beats = RANK_BEATS_OF[rules.name]
        self._last: tuple[int, list[int], list[Entry]] | None = None

    @property
    def size(self) -> int:
        return self._size

    def decode(self, index: int) -> tuple[int, list[int]]:
        """(side to move, square of each piece)."""
        to_move, rest = index & 1, index >> 1
        squares = []
        for options in self.squares:
            rest, place = divmod(rest, len(options))
            squares.append(options[place])
        return to_move, squares

    def encode(self, to_move: int, squares: Iterable[int]) -> int:
        """The index of a placement (no check that the squares differ)."""
        index = to_move
        for place, weight, sq in zip(self.places, self.weights, squares, strict=True):
            index += place[sq] * weight
        return index

    def placement(self, index: int) -> Placement:
        """The position of ``index`` (with 0 plies played)."""
        to_move, squares = self.decode(index)
        pieces = tuple(
            Piece(side, kind, sq) for (side, kind), sq in zip(self.pieces, squares, strict=True)
        )
        return Placement(tuple(sorted(pieces, key=lambda p: (p.side, p.square))), Side(to_move))

    def moves(self, index: int) -> Iterator[tuple[int, int, int]]:
        """Every legal move as (piece, destination square, captured piece or -1)."""
        to_move, squares = self.decode(index)
        occupant = {sq: i for i, sq in enumerate(squares)}
        pieces, rules, beats = self.pieces, self.rules, self._beats
        for i, (side, kind) in enumerate(pieces):
            if side != to_move:
                continue
            src = squares[i]
            steps = (_SWIM_STEPS if kind == Kind.MOUSE else _LAND_STEPS)[to_move][src]
            for dst, _ in steps:
                j = occupant.get(dst, -1)
                if j < 0:
                    yield i, dst, -1
                elif pieces[j][0] != side and can_capture(
                    to_move, kind, src, pieces[j][1], dst, rules
                ):
                    yield i, dst, j
            if kind in _LEAPERS:
                for dst, path, _ in JUMPS[src]:
                    if any(w in occupant for w in path):
                        continue  # a mouse in the water blocks the leap
                    j = occupant.get(dst, -1)
                    if j < 0:
                        yield i, dst, -1
                    elif pieces[j][0] != side and beats[kind][pieces[j][1]]:
                        yield i, dst, j

    def terminal(self, index: int) -> int | None:
        _, squares = self.decode(index)
        if len(set(squares)) != len(squares):
            return INVALID
        for _ in self.moves(index):
            return None
        return LOSS  # no legal move: the side to move has lost

    def _split(self, index: int) -> tuple[list[int], list[Entry]]:
        if self._last is not None and self._last[0] == index:
            return self._last[1], self._last[2]  # successors() then exits() of one index
        to_move, squares = self.decode(index)
        inside: list[int] = []
        exits: list[Entry] = []
        enemy_den = DEN[Side(1 - to_move)]
        for i, dst, j in self.moves(index):
            if j < 0:
                if dst == enemy_den:
                    exits.append((LOSS, 0))  # the den is entered: the mover has won
                else:  # the other side to move, piece i on dst
                    place = self.places[i]
                    inside.append((index ^ 1) + (place[dst] - place[squares[i]]) * self.weights[i])
                continue
            if sum(1 for s, _ in self.pieces if s == self.pieces[j][0]) == 1:
                exits.append((LOSS, 0))  # the last enemy piece is taken
                continue
            after = list(squares)
            after[i] = dst
            del after[j]
            exits.append(self.lookup(self.material.without(j), 1 - to_move, after))
        self._last = (index, inside, exits)
        return inside, exits

    def successors(self, index: int) -> Iterable[int]:
        return self._split(index)[0]

    def exits(self, index: int) -> Iterable[Entry]:
        return self._split(index)[1]

    def predecessors(self, index: int) -> Iterable[int]:
        to_move, squares = self.decode(index)
        mover = 1 - to_move  # the side that made the last move
        occupied = set(squares)
        found = []
        base = index ^ 1  # the mover to move again, before its move
        for i, (side, kind) in enumerate(self.pieces):
            if side != mover:
                continue
            y = squares[i]
            place = self.places[i]
            origins = list((_BACK_SWIM if kind == Kind.MOUSE else _BACK_LAND)[mover][y])
            if kind in _LEAPERS:
                origins += [x for x, path, _ in JUMPS[y] if not any(w in occupied for w in path)]
            for x in origins:
                if x in occupied or place[x] < 0:
                    continue
                found.append(base + (place[x] - place[y]) * self.weights[i])
        return found


Lookup = Callable[[Material, int, list[int]], Entry]
"""(material, side to move, squares in that set's order) -> (value, distance)."""


# ------------------------------------------------------------------ tables
_OUTCOME = {WIN: "win", LOSS: "loss", UNKNOWN: "draw"}
_FLIP = {"win": "loss", "loss": "win", "draw": "draw"}


@dataclass(frozen=True)
class DsqTable:
    """One solved material set."""

    space: DsqSpace
    table: Table

    def entry(self, index: int) -> Entry:
        """(value, distance) of ``index`` (``ParameterError`` for a non-position)."""
        value = self.table.value[index]
        if value == INVALID:
            raise ParameterError("two pieces on one square: not a position of the table")
        return value, self.table.distance[index]

    def stats(self) -> dict[str, int | str]:
        """For side A to move: positions, wins, losses, draws, the longest win and its
        position (the first of that length in index order)."""
        value, distance = self.table.value, self.table.distance
        wins = losses = positions = 0
        longest, where = 0, -1
        for index in range(0, len(value), 2):  # even indices: A to move
            v = value[index]
            if v == INVALID:
                continue
            positions += 1
            if v == WIN:
                wins += 1
                if distance[index] > longest:
                    longest, where = distance[index], index
            elif v == LOSS:
                losses += 1
        return {
            "positions": positions,
            "wins": wins,
            "losses": losses,
            "draws": positions - wins - losses,
            "longest_win": longest,
            "longest_win_position": (
                format_placement(self.space.placement(where)) if where >= 0 else ""
            ),
        }


class TableSet:
    """The tables of one rule set, each built once (with the smaller ones it needs)."""

    def __init__(self, rules: str | RuleSet = "thesis", *, method: str = "unmoves") -> None:
        if method not in ("unmoves", "forward"):
            raise ParameterError(f"unknown method {method!r}: allowed unmoves, forward")
        self.rules = rule_set(rules)
        self.method = method
        self.tables: dict[Material, DsqTable] = {}

    def table(self, material: Material, on_wave: Progress | None = None) -> DsqTable:
        """The solved table of ``material`` (built now if it is not yet)."""
        found = self.tables.get(material)
        if found is None:
            for j in range(len(material.pieces)):
                smaller = material.without(j)
                if smaller.a and smaller.b:
                    self.table(smaller)
            space = DsqSpace(material, self.rules, self._lookup)
            solve = retrograde_by_unmoves if self.method == "unmoves" else retrograde
            found = DsqTable(space, solve(space, on_wave))
            self.tables[material] = found
        return found

    def add(self, table: DsqTable) -> None:
        """Keep a table built elsewhere (a worker, a file)."""
        self.tables[table.space.material] = table

    def _lookup(self, material: Material, to_move: int, squares: list[int]) -> Entry:
        table = self.tables[material]
        return table.entry(table.space.encode(to_move, squares))

    def entry(self, game: DouShouQi) -> Entry:
        """(value, distance) of a position, its side to move; a finished game is (LOSS, 0)
        for the side to move when the other side has won."""
        winner = game.winner() if game.is_terminal() else None
        if game.is_terminal():
            if winner is None:
                raise ParameterError("the game ended at the draw limit: no table entry")
            return (LOSS, 0) if winner != game.to_move else (WIN, 0)
        material = material_of(game)
        table = self.table(material)
        squares = [game.square_of(side, kind) for side, kind in material.pieces]
        return table.entry(table.space.encode(int(game.to_move), [s for s in squares if s is not None]))

    def probe(self, game: DouShouQi) -> Probe:
        """The entry of ``game`` and every move that keeps its value."""
        value, distance = self.entry(game)
        outcome = _OUTCOME.get(value, "draw")
        keeping: list[str] = []
        fastest: list[str] = []
        if not game.is_terminal():
            for move in game.legal_moves():
                game.make(move)
                try:
                    reply, reply_distance = self.entry(game)
                finally:
                    game.unmake()
                if _FLIP[_OUTCOME.get(reply, "draw")] == outcome:
                    keeping.append(game.format_move(move))
                    if outcome == "draw" or reply_distance + 1 == distance:
                        fastest.append(game.format_move(move))
        return Probe(outcome, distance, tuple(keeping), tuple(fastest))

    def position(self, material: Material, index: int) -> DouShouQi:
        """The position of ``index`` in the table of ``material``, with no move limit."""
        space = self.table(material).space
        return DouShouQi(space.placement(index), draw_limit=None, rules=self.rules)

    # ------------------------------------------------------------- files
    def save(self, material: Material, path: str) -> None:
        """Write the table of ``material`` (format: docs/tablebases.md)."""
        table = self.table(material)
        header = {
            "game": "dou-shou-qi",
            "rules": self.rules.name,
            "material": material.text(),
            "index": INDEX_SCHEME,
        }
        write_table(path, header, table.table)

    def load(self, path: str) -> DsqTable:
        """Read a table file of this rule set and keep it."""
        try:
            meta, table = read_table(path)
        except (OSError, ValueError) as error:
            raise ParameterError(f"cannot read the table: {error}") from None
        if meta.get("game") != "dou-shou-qi" or meta.get("rules") != self.rules.name:
            raise ParameterError(f"{path} is not a Dou Shou Qi table of the {self.rules.name} rules")
        material = Material.parse(str(meta.get("material")))
        space = DsqSpace(material, self.rules, self._lookup)
        if len(table.value) != space.size:
            raise ParameterError(f"{path} holds {len(table.value)} entries, {material.text()} {space.size}")
        found = DsqTable(space, table)
        self.add(found)
        return found


INDEX_SCHEME: Final = (
    "to_move + 2 * (p0 + n0 * (p1 + n1 * ...)): piece i (A's then B's, by strength) on "
    "the p-th of its squares (mouse: 61 non-den squares, others: 49 land non-den squares, "
    "by increasing square a1=0..g9=62)"
)


# ------------------------------------------------------------------ many sets at once
def file_name(rules: str, material: Material) -> str:
    """The file of a set's table: ``thesis_L_ME.tb`` for ``A: L / B: M E``."""

    def letters(kinds: tuple[Kind, ...]) -> str:
        return "".join(KIND_LETTERS[k] for k in kinds)

    return f"{rules}_{letters(material.a)}_{letters(material.b)}.tb"


_PROCESS_TABLES: dict[str, TableSet] = {}
"""The tables a worker process (or a Dask worker) keeps between jobs, by rule set; a
forked worker starts with its parent's."""


def build_job(rules: str, material: str) -> tuple[str, bytes, bytes]:
    """One job of a parallel build: the table of ``material`` (building, in this process,
    the smaller sets it needs unless they are here already), as bytes."""
    tables = _PROCESS_TABLES.setdefault(rules, TableSet(rules))
    table = tables.table(Material.parse(material)).table
    return material, bytes(table.value), table.distance.tobytes()


def build_sets(
    tables: TableSet,
    materials: list[Material],
    *,
    workers: int = 1,
    executor: Executor | None = None,
    on_set: Callable[[Material, DsqTable], None] | None = None,
) -> None:
    """Build the tables of ``materials``, smaller sets first; the sets of one size are
    shared out as jobs (:func:`build_job`) over ``workers`` forked processes (each
    starts with every smaller table already built) or over ``executor`` (a Dask
    cluster's ``client.get_executor()``: each worker builds the smaller sets it needs)."""
    if workers < 1:
        raise ParameterError(f"--workers must be at least 1, got {workers}")
    by_size: dict[int, list[Material]] = {}
    for material in materials:
        by_size.setdefault(len(material.pieces), []).append(material)
    rules = tables.rules.name
    for size in sorted(by_size):
        todo = [m for m in by_size[size] if m not in tables.tables]
        if executor is None and (workers == 1 or len(todo) < 2):
            for material in todo:
                found = tables.table(material)
                if on_set is not None:
                    on_set(material, found)
            continue
        pool: Executor
        if executor is None:
            for material in todo:  # the smaller sets, built before the fork
                for j in range(len(material.pieces)):
                    smaller = material.without(j)
                    if smaller.a and smaller.b:
                        tables.table(smaller)
            _PROCESS_TABLES[rules] = tables
            context = multiprocessing.get_context("fork")
            pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        else:
            pool = executor
        try:
            jobs = [pool.submit(build_job, rules, m.text()) for m in todo]
            for job in jobs:
                text, value, distance = job.result()
                material = Material.parse(text)
                space = DsqSpace(material, tables.rules, tables._lookup)
                dist = array("H")
                dist.frombytes(distance)
                found = DsqTable(space, Table(bytearray(value), dist, wave_sizes(value, dist)))
                tables.add(found)
                if on_set is not None:
                    on_set(material, found)
        finally:
            if pool is not executor:
                pool.shutdown(wait=True, cancel_futures=True)
                _PROCESS_TABLES.pop(rules, None)
