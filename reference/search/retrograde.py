"""Retrograde analysis: every position of a small space solved from the last move back.

Ströhlein (1970) and Thompson (1986) solved chess endgames this way; seed 000 cites it
through Brown and Saffidine.  The classic loop, which :func:`retrograde` follows line
by line::

    1  mark every terminal position: LOST for the side to move (distance 0), or a DRAW
    2  repeat, wave w = 1, 2, ...
    3      for every undecided position p
    4          if some move of p reaches a position LOST before wave w:
    5              p is WON in w plies
    6          else if every move of p reaches a position WON before wave w:
    7              p is LOST in w plies
    8  until a wave decides nothing
    9  every position still undecided is a DRAW (play never has to end)

Positions are numbers: a *ranked space* gives each position of the set an index in
``range(size)`` (rank / unrank), so the table is two flat arrays, one byte of value and
two bytes of distance per position, the standard library's ``bytearray`` and ``array``.

Distances count plies to the end of the game with the last move included, for the side
to move: a position whose side to move completes a line (or takes the last piece) now is
a win in 1; a lost position's distance is the longest the loser can hold out, a won
position's the shortest way to win.  Wave ``w`` decides exactly the positions of
distance ``w``.

Two ways to run it:

* :func:`retrograde` is the listing: waves over the whole space, moves played forward
  (a *forward fixpoint*); it needs only successors, so every game has it.
* :func:`retrograde_by_unmoves` is the engine: Thompson's queue with a counter of
  undecided moves per position, walking back from each decided position by its
  *un-moves* (predecessors).  Each move is looked at once instead of once per wave.

Both give the same table (``tests/search/test_retrograde.py`` checks it on every
space it knows, and ties both to forward search).

>>> table = retrograde(CountdownSpace(7))
>>> [OUTCOME_NAMES[table.value[i]] for i in range(8)]
['loss', 'win', 'win', 'loss', 'win', 'win', 'loss', 'win']
>>> list(table.distance)
[0, 1, 1, 2, 3, 3, 4, 5]
"""

from __future__ import annotations

import json
import sys
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol

UNKNOWN = 0  # not decided (yet); after the last wave, a draw
WIN = 1  # the side to move wins
LOSS = 2  # the side to move loses
DRAW = 3  # decided draw (a terminal position with no winner); undecided ones read as draws
INVALID = 4  # the index is not a position of the set (e.g. impossible stone counts)

OUTCOME_NAMES = {UNKNOWN: "draw", WIN: "win", LOSS: "loss", DRAW: "draw", INVALID: "invalid"}


class RankedSpace(Protocol):
    """A set of positions numbered ``0 .. size - 1``, seen from the side to move."""

    @property
    def size(self) -> int:
        """How many indices the space has (invalid ones included)."""
        ...

    def terminal(self, index: int) -> int | None:
        """LOSS or DRAW for a finished position, INVALID for a non-position, else None."""
        ...

    def successors(self, index: int) -> Iterable[int]:
        """The indices one move after ``index`` (only called on unfinished positions)."""
        ...

    def exits(self, index: int) -> Iterable[Entry]:
        """The moves of ``index`` that leave the space, as the (value, distance) of the
        position they reach, already known: a capture into a smaller table, a move that
        ends the game (``(LOSS, 0)``: the side to move there has lost).  Most spaces have
        none."""
        ...


class UnmoveSpace(RankedSpace, Protocol):
    """A ranked space that can also walk back: the positions one move before."""

    def predecessors(self, index: int) -> Iterable[int]:
        """Every unfinished, valid index with a move that reaches ``index``."""
        ...


Entry = tuple[int, int]
"""(value, distance) of a position, for its side to move."""


@dataclass(frozen=True)
class Table:
    """The solved space: value and distance of every index, and the size of each wave."""

    value: bytearray
    distance: array[int]
    waves: tuple[int, ...]  # waves[w]: positions at distance w (wave 0: the terminals)

    def outcome(self, index: int) -> str:
        """``'win'``, ``'loss'``, ``'draw'`` or ``'invalid'`` for the side to move."""
        return OUTCOME_NAMES[self.value[index]]

    def counts(self) -> dict[str, int]:
        """Positions by outcome (valid positions only)."""
        v = self.value
        wins, losses, invalid = v.count(WIN), v.count(LOSS), v.count(INVALID)
        return {
            "positions": len(v) - invalid,
            "wins": wins,
            "losses": losses,
            "draws": len(v) - invalid - wins - losses,
        }


Progress = Callable[[int, int], None]  # (wave, positions decided in it)


@dataclass(frozen=True)
class Probe:
    """A position's entry in a table: outcome and distance for the side to move, the
    moves that keep the outcome and (``fastest``) those that keep the distance too."""

    outcome: str
    distance: int
    keeping: tuple[str, ...]
    fastest: tuple[str, ...]


def _mark_terminals(space: RankedSpace) -> tuple[bytearray, array[int], int]:
    value = bytearray(space.size)
    distance = array("H", bytes(2 * space.size))
    decided = 0
    for index in range(space.size):  # line 1
        outcome = space.terminal(index)
        if outcome is not None:
            value[index] = outcome
            decided += outcome != INVALID
    return value, distance, decided


def wave_sizes(value: bytes | bytearray, distance: array[int]) -> tuple[int, ...]:
    """How many positions lie at each distance (decided draws: at 0)."""
    sizes: list[int] = []
    for index, v in enumerate(value):
        if v in (WIN, LOSS, DRAW):  # a decided draw is a finished position: distance 0
            d = distance[index]
            sizes.extend([0] * (d + 1 - len(sizes)))
            sizes[d] += 1
    return tuple(sizes)


def retrograde(space: RankedSpace, on_wave: Progress | None = None) -> Table:
    """The classic loop (lines 1-9 of the module docstring), moves played forward.

    Wave ``w`` reads only what earlier waves decided (``before``), so the distance of a
    position is the wave that decides it.  A move out of the space counts as decided
    before wave ``w`` when the distance it reaches is below ``w``; the loop goes on past
    an empty wave while such a move may still come due (``horizon``).
    """
    value, distance, _ = _mark_terminals(space)  # line 1
    horizon = max(
        (d for i in range(space.size) if value[i] == UNKNOWN for _, d in space.exits(i)),
        default=0,
    )
    wave = 0
    while True:  # line 2
        wave += 1
        before = bytes(value)  # what waves 0 .. w-1 decided
        found = 0
        for index in range(space.size):  # line 3
            if before[index] != UNKNOWN:
                continue
            children = [before[c] for c in space.successors(index)]
            children += [v if d < wave else UNKNOWN for v, d in space.exits(index)]
            if LOSS in children:  # line 4
                value[index] = WIN  # line 5
            elif children and all(c == WIN for c in children):  # line 6
                value[index] = LOSS  # line 7
            else:
                continue
            distance[index] = wave
            found += 1
        if on_wave is not None:
            on_wave(wave, found)
        if found == 0 and wave > horizon:  # line 8
            break
    return Table(value, distance, wave_sizes(value, distance))  # line 9: UNKNOWN is a draw


def retrograde_by_unmoves(space: UnmoveSpace, on_wave: Progress | None = None) -> Table:
    """The same table by Thompson's method: a queue of decided positions, walked back.

    Every unfinished position counts its undecided moves.  Taking the positions of one
    wave from the queue, each predecessor of a LOST position is WON in the next wave; each
    predecessor of a WON position loses one undecided move, and is LOST in the next wave
    when none is left.  A move out of the space acts in the wave after its distance.
    Breadth first, so waves come out in order and the distances are those of
    :func:`retrograde`.
    """
    value, distance, _ = _mark_terminals(space)
    remaining = array("H", bytes(2 * space.size))
    wins_at: dict[int, array[int]] = {}  # wave -> positions a move out of the space wins
    counts_at: dict[int, array[int]] = {}  # wave -> positions a move out is lost for
    for index in range(space.size):
        if value[index] != UNKNOWN:
            continue
        moves = sum(1 for _ in space.successors(index))
        for v, d in space.exits(index):
            moves += 1
            if v == LOSS:
                wins_at.setdefault(d + 1, array("I")).append(index)
            elif v == WIN:
                counts_at.setdefault(d + 1, array("I")).append(index)
        remaining[index] = moves
    frontier = array("I", (i for i in range(space.size) if value[i] in (WIN, LOSS)))
    last_event = max([*wins_at, *counts_at], default=0)
    wave = 0
    while frontier or wave < last_event:
        wave += 1
        found = array("I")  # positions decided in this wave (4 bytes each: big tables)
        for parent, lost in _causes(space, value, frontier, wins_at.get(wave), counts_at.get(wave)):
            if value[parent] != UNKNOWN:
                continue
            if lost:
                value[parent] = WIN
            else:
                remaining[parent] -= 1
                if remaining[parent]:
                    continue
                value[parent] = LOSS
            distance[parent] = wave
            found.append(parent)
        if on_wave is not None:
            on_wave(wave, len(found))
        frontier = found
    return Table(value, distance, wave_sizes(value, distance))


def _causes(
    space: UnmoveSpace,
    value: bytearray,
    frontier: array[int],
    wins: array[int] | None,
    counts: array[int] | None,
) -> Iterator[tuple[int, bool]]:
    """What may decide a position in this wave, one at a time: (position, whether it has a
    move to a lost position).  Lazy, so a wave of millions never sits in a list."""
    for index in wins or ():
        yield index, True
    for index in counts or ():
        yield index, False
    for index in frontier:
        lost = value[index] == LOSS
        for parent in space.predecessors(index):
            yield parent, lost


MAGIC = b"GTREF-TABLEBASE 1\n"
"""The first line of a table file (docs/tablebases.md gives the whole format)."""


def write_table(path: str, header: Mapping[str, object], table: Table) -> None:
    """Write ``table`` as: :data:`MAGIC`, one line of JSON (``header`` plus ``size`` and
    ``waves``), ``size`` value bytes (0 draw, 1 win, 2 loss, 3 draw, 4 not a position),
    then ``size`` distances as unsigned 16-bit little-endian integers."""
    size = len(table.value)
    meta = {**header, "size": size, "waves": list(table.waves)}
    distance = array("H", table.distance)
    if sys.byteorder == "big":
        distance.byteswap()
    with open(path, "wb") as out:
        out.write(MAGIC)
        out.write(json.dumps(meta, sort_keys=True).encode() + b"\n")
        out.write(table.value)
        out.write(distance.tobytes())


def read_table(path: str) -> tuple[dict[str, object], Table]:
    """Read a file of :func:`write_table`; ``ValueError`` when it is not one."""
    with open(path, "rb") as source:
        if source.readline() != MAGIC:
            raise ValueError(f"{path} is not a table file (its first line is not {MAGIC!r})")
        meta = json.loads(source.readline())
        size = meta.get("size")
        if not isinstance(size, int) or size < 0:
            raise ValueError(f"{path}: the header has no valid size")
        value = bytearray(source.read(size))
        raw = source.read(2 * size)
        if len(value) != size or len(raw) != 2 * size or source.read(1):
            raise ValueError(f"{path} is cut short or too long for {size} positions")
        distance = array("H")
        distance.frombytes(raw)
    if sys.byteorder == "big":
        distance.byteswap()
    return meta, Table(value, distance, tuple(meta.get("waves", ())))


class CountdownSpace:
    """A worked example: a pile of ``n`` stones, take 1 or 2, who cannot move loses.

    Index = stones left.  The losses are the multiples of 3, as every textbook says.
    """

    def __init__(self, n: int) -> None:
        if n < 0:
            raise ValueError(f"the pile must not be negative, got {n}")
        self.n = n

    @property
    def size(self) -> int:
        return self.n + 1

    def terminal(self, index: int) -> int | None:
        return LOSS if index == 0 else None

    def successors(self, index: int) -> Iterable[int]:
        return [index - take for take in (1, 2) if take <= index]

    def exits(self, index: int) -> Iterable[Entry]:
        return ()

    def predecessors(self, index: int) -> Iterable[int]:
        return [index + take for take in (1, 2) if index + take <= self.n]
