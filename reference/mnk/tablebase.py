"""(M,N,K) tablebases: every position of a small board solved by retrograde analysis.

A position is a placement of x and o stones on the M x N cells with x to move when the
counts are equal and o to move when x has one stone more; it is a position of the table
when only the side that just moved may have K in a row, and then a line one stone can
have completed (the rules :meth:`~reference.mnk.rules.MNKState.from_notation` checks).
Every such placement is counted, reachable in play or not.  The index of a position is its base-3 number: digit 0, 1 or
2 (empty, x, o) for cell ``row * M + column`` (:mod:`reference.mnk.geometry`'s cell
order), so ``3 ** (M * N)`` indices, the invalid ones marked as such.

Boards of up to 12 cells (4 x 3 and 3 x 4: 531,441 indices) are built here in seconds;
``tests/mnk/test_tablebase.py`` ties each table to forward search.

>>> table = build_table(3, 3, 3)
>>> table.stats()["positions"], table.probe(MNKState(3, 3, 3)).outcome
(5478, 'draw')
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from reference.errors import ParameterError
from reference.mnk.geometry import Geometry, check_parameters, geometry
from reference.mnk.notation import format_position
from reference.mnk.rules import MNKState
from reference.search.retrograde import (
    DRAW,
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
    write_table,
)

MAX_CELLS: Final = 12
"""The largest board a table is built for (3 ** 12 = 531,441 indices; 4 x 4 would need
43 million, out of reach in pure Python)."""


class MNKSpace:
    """The ranked space of an (M,N,K) board (see the module docstring)."""

    def __init__(self, m: int, n: int, k: int) -> None:
        check_parameters(m, n, k)
        if m * n > MAX_CELLS:
            raise ParameterError(
                f"a {m}x{n} board has {m * n} cells: tables are built up to {MAX_CELLS} cells"
            )
        self.m, self.n, self.k = m, n, k
        geo: Geometry = geometry(m, n, k)
        cells = geo.cells
        self.cells = cells
        self.powers = tuple(3**c for c in range(cells))
        masks = 1 << cells
        has_line = bytearray(masks)
        for mask in range(masks):
            has_line[mask] = any(mask & w == w for w in geo.windows)
        self.has_line = has_line
        ternary = array("l", [0]) * masks  # ternary[mask]: sum of 3**c over its cells
        for mask in range(1, masks):
            low = mask & -mask
            ternary[mask] = ternary[mask ^ low] + 3 ** (low.bit_length() - 1)
        self.ternary = ternary
        size = 3**cells
        self.x_bits = array("H", bytes(2 * size))
        self.o_bits = array("H", bytes(2 * size))
        self.valid = bytearray(size)
        full = masks - 1
        for x in range(masks):
            nx = x.bit_count()
            rest = full ^ x
            o = rest
            while True:  # every subset o of the cells x leaves empty
                no = o.bit_count()
                if no in (nx, nx - 1):
                    index = ternary[x] + 2 * ternary[o]
                    self.x_bits[index], self.o_bits[index] = x, o
                    self.valid[index] = self._consistent(x, o, nx == no)
                if o == 0:
                    break
                o = (o - 1) & rest

    def _consistent(self, x: int, o: int, x_to_move: bool) -> bool:
        """The side to move has no K-line; the other's lines end in one common stone."""
        mover, other = (x, o) if x_to_move else (o, x)
        if self.has_line[mover]:
            return False
        if not self.has_line[other]:
            return True
        return any(
            not self.has_line[other ^ (1 << c)] for c in range(self.cells) if other >> c & 1
        )

    @property
    def size(self) -> int:
        return len(self.valid)

    def sides(self, index: int) -> tuple[int, int, int]:
        """(stones of the side to move, stones of the other, digit of the side to move)."""
        x, o = self.x_bits[index], self.o_bits[index]
        if x.bit_count() == o.bit_count():
            return x, o, 1
        return o, x, 2

    def terminal(self, index: int) -> int | None:
        if not self.valid[index]:
            return INVALID
        mover, other, _ = self.sides(index)
        if self.has_line[other]:
            return LOSS  # the side that just moved made K in a row
        if (mover | other).bit_count() == self.cells:
            return DRAW
        return None

    def successors(self, index: int) -> Iterable[int]:
        mover, other, digit = self.sides(index)
        empty = ~(mover | other)
        return [index + digit * p for c, p in enumerate(self.powers) if empty >> c & 1]

    def exits(self, index: int) -> Iterable[Entry]:
        return ()  # every move stays on the board

    def predecessors(self, index: int) -> Iterable[int]:
        mover, other, digit = self.sides(index)
        if self.has_line[mover]:
            return []  # the position before would already have been over
        back = 3 - digit  # the other side's digit: the stone it just placed comes off
        has_line = self.has_line
        return [
            index - back * p
            for c, p in enumerate(self.powers)
            if other >> c & 1 and not has_line[other ^ (1 << c)]
        ]

    def notation(self, index: int) -> str:
        """The position of ``index`` in the (M,N,K) notation."""
        return format_position(self.x_bits[index], self.o_bits[index], self.m, self.n)

    def rank(self, state: MNKState) -> int:
        """The index of a position of this board."""
        if (state.m, state.n, state.k) != (self.m, self.n, self.k):
            raise ParameterError(
                f"the position is {state.m}x{state.n}, k={state.k}; "
                f"the table is {self.m}x{self.n}, k={self.k}"
            )
        x, o = state.bits
        return self.ternary[x] + 2 * self.ternary[o]


_OUTCOME = {WIN: "win", LOSS: "loss", DRAW: "draw", UNKNOWN: "draw"}
_FLIP = {"win": "loss", "loss": "win", "draw": "draw"}


@dataclass(frozen=True)
class MNKTable:
    """A solved board: probe a position, count the outcomes."""

    space: MNKSpace
    table: Table

    def probe(self, state: MNKState) -> Probe:
        """The entry of ``state`` and every move that keeps its outcome."""
        index = self.space.rank(state)
        outcome, distance = self._entry(index)
        if state.is_terminal():
            return Probe(outcome, distance, (), ())
        keeping: list[str] = []
        fastest: list[str] = []
        for move in state.legal_moves():
            child = state.copy()
            child.make(move)
            reply, reply_distance = self._entry(self.space.rank(child))
            if _FLIP[reply] == outcome:
                keeping.append(state.format_move(move))
                if outcome == "draw" or reply_distance + 1 == distance:
                    fastest.append(state.format_move(move))
        return Probe(outcome, distance, tuple(keeping), tuple(fastest))

    def _entry(self, index: int) -> tuple[str, int]:
        value = self.table.value[index]
        if value == INVALID:
            raise ParameterError("not a position of the table")
        return _OUTCOME[value], self.table.distance[index]

    def save(self, path: str) -> None:
        """Write the table file (format: docs/tablebases.md)."""
        space = self.space
        header = {"game": "mnk", "m": space.m, "n": space.n, "k": space.k, "index": INDEX_SCHEME}
        write_table(path, header, self.table)

    def stats(self) -> dict[str, int | str]:
        """Positions, wins, losses and draws for the side to move, and the longest win
        with its position (the first in index order)."""
        counts: dict[str, int | str] = dict(self.table.counts())
        value, distance = self.table.value, self.table.distance
        longest, where = 0, -1
        for index in range(len(value)):
            if value[index] == WIN and distance[index] > longest:
                longest, where = distance[index], index
        counts["longest_win"] = longest
        counts["longest_win_position"] = self.space.notation(where) if where >= 0 else ""
        return counts


INDEX_SCHEME: Final = "base 3, digit of cell row*M+column: 0 empty, 1 x, 2 o"


def load_table(path: str) -> MNKTable:
    """Read a table written by :meth:`MNKTable.save`."""
    try:
        meta, table = read_table(path)
    except (OSError, ValueError) as error:
        raise ParameterError(f"cannot read the table: {error}") from None
    shape = [meta.get(name) for name in ("m", "n", "k")]
    m, n, k = (v if isinstance(v, int) else 0 for v in shape)
    if meta.get("game") != "mnk" or 0 in (m, n, k):
        raise ParameterError(f"{path} is not an (M,N,K) table")
    space = MNKSpace(m, n, k)
    if len(table.value) != space.size:
        raise ParameterError(f"{path} holds {len(table.value)} entries, a {m}x{n} board {space.size}")
    return MNKTable(space, table)


def build_table(
    m: int, n: int, k: int, *, method: str = "unmoves", on_wave: Progress | None = None
) -> MNKTable:
    """Solve every position of the M x N board (K in a row) from the last move back.

    ``method`` ``"unmoves"`` (Thompson's queue, the fast one) or ``"forward"`` (the
    listing's waves, :func:`reference.search.retrograde.retrograde`).
    """
    space = MNKSpace(m, n, k)
    if method == "unmoves":
        table = retrograde_by_unmoves(space, on_wave)
    elif method == "forward":
        table = retrograde(space, on_wave)
    else:
        raise ParameterError(f"unknown method {method!r}: allowed unmoves, forward")
    return MNKTable(space, table)
