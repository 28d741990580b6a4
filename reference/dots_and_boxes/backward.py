"""Dots and Boxes by working backwards (Wilson's method): every line set of a board solved.

David Wilson solved small Dots and Boxes boards by computing the value of *every* set of
drawn lines, from the full board back to the empty one.  Which boxes are already taken
and by whom does not change what is left to win, so the value of a position is a
function of its line set alone: ``V(S)``, the net number of the remaining boxes the side
to move gets with best play from both sides.  Seed 000's own rules (§II.A): completing a
box scores it and the same side moves again.  The recurrence, over the lines ``e`` not
in ``S``::

    V(full board) = 0
    V(S) = max over e of  c + V(S + e)   if drawing e completes c >= 1 boxes (move again)
                          - V(S + e)     if it completes none (the other side moves)

Every ``S + e`` has one line more than ``S``, so the values can be computed from the
full board back.  A board of ``L`` lines has ``2 ** L`` line sets (``2 ** 24`` = 16.8
million on 3 x 3 boxes).

**Bit tricks on Python ints** (the house's way to keep loops out of Python): the values
of a block of ``2 ** J`` line sets that share their high lines sit in one Python ``int``,
one byte per line set (``V + boxes``, so 0 .. 2 x boxes, the top bit of each byte always
clear).  For a line ``e`` of the block's low lines, the children of every line set of
the block are the block shifted right by ``2 ** e`` bytes; adding, subtracting and the
byte-wise maximum (SWAR: ``((x | 0x80..) - y) & 0x80..`` marks the bytes where
``x >= y``) work on every line set at once.  Blocks are taken from the full board down
(a block's children with one more high line are in blocks already done), and inside a
block the recurrence is iterated until nothing changes (at most ``J + 1`` rounds: the
line sets of a block form layers).

:func:`backward_values` returns the table; :func:`value_by_recursion` is the recurrence
as written, for small boards and the tests.

>>> table = backward_values(1, 2)
>>> table.value(0)                    # the empty 1 x 2 board: a draw
0
>>> table.value(0b0000111)            # three lines drawn, one of them completes a box
2
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Final

from reference.bits import bit_indices
from reference.dots_and_boxes.geometry import Geometry, geometry
from reference.errors import ParameterError
from reference.search.retrograde import MAGIC

MAX_LINES: Final = 24
"""The largest board worked backwards: 24 lines (3 x 3 boxes, 16.8 million line sets, 16
MB of values); 2 x 4 boxes has 22."""
LOW_BITS: Final = 12
"""Line sets per block: ``2 ** LOW_BITS`` (4 KB ints: quick to shift and compare)."""

Progress = Callable[[int, int], None]
"""(blocks done, blocks in all)."""


@dataclass(frozen=True)
class BackwardTable:
    """The value of every line set of a board: ``value(edges)`` for the side to move."""

    rows: int
    cols: int
    offset: int  # the number of boxes: a byte holds V + offset
    values: bytes

    def value(self, edges: int) -> int:
        """The net number of remaining boxes the side to move gets from line set ``edges``."""
        if not 0 <= edges < len(self.values):
            raise ParameterError(f"line set {edges:#x} is not one of the {self.rows}x{self.cols} board")
        return self.values[edges] - self.offset

    def best_moves(self, edges: int) -> list[int]:
        """Every line that keeps the value of ``edges`` (empty on the full board)."""
        geo = geometry(self.rows, self.cols)
        target = self.value(edges)
        found = []
        for e in range(geo.num_edges):
            if edges >> e & 1:
                continue
            child = edges | 1 << e
            completed = _completed(geo, edges, e)
            got = completed + self.value(child) if completed else -self.value(child)
            if got == target:
                found.append(e)
        return found


def _completed(geo: Geometry, edges: int, e: int) -> int:
    after = edges | 1 << e
    return sum(1 for b in geo.edge_boxes[e] if after & geo.box_masks[b] == geo.box_masks[b])


def backward_values(
    rows: int, cols: int, *, low_bits: int = LOW_BITS, on_block: Progress | None = None
) -> BackwardTable:
    """Solve every line set of the ``rows`` x ``cols`` board, from the full board back."""
    geo = geometry(rows, cols)
    lines = geo.num_edges
    if lines > MAX_LINES:
        raise ParameterError(
            f"a {rows}x{cols} board has {lines} lines: working backwards goes up to "
            f"{MAX_LINES} lines (3x3 boxes)"
        )
    if low_bits < 1:
        raise ParameterError(f"low_bits must be at least 1, got {low_bits}")
    low = min(lines, low_bits)
    width = 1 << low  # line sets per block
    blocks = 1 << (lines - low)
    boxes = geo.num_boxes

    def lanes(byte: int) -> int:
        return int.from_bytes(bytes([byte]) * width, "little")

    ones, guard, full, top = lanes(1), lanes(0x80), lanes(0xFF), lanes(2 * boxes)
    seven_f = guard - ones
    low_bit = [  # 1 in each byte whose line set has low line x
        int.from_bytes((bytes(1 << x) + b"\x01" * (1 << x)) * (width >> (x + 1)), "little")
        for x in range(low)
    ]
    without = [full ^ (bit * 0xFF) for bit in low_bit]  # bytes whose line set lacks line x

    def byte_max(x: int, y: int) -> int:
        at_least = (((x | guard) - y) & guard) >> 7  # 1 in the bytes where x >= y
        return y ^ ((x ^ y) & at_least * 0xFF)

    def combine(child: int, completes: int, valid: int) -> int:
        """The move's value in every valid byte: c + V(child), or -V(child) when c = 0."""
        scoring = ((((completes + seven_f) & guard) >> 7) * 0xFF) & valid
        return ((child + completes) & scoring) | ((top - child) & (valid ^ scoring))

    def completes(e: int, high_edges: int) -> int:
        """How many boxes line e completes, in every byte of the block of ``high_edges``."""
        total = 0
        for b in geo.edge_boxes[e]:
            others = geo.box_masks[b] & ~(1 << e)
            if (others >> low << low) & ~high_edges:
                continue  # one of the box's high lines is missing in this block
            indicator = ones
            for x in bit_indices(others & (width - 1)):
                indicator &= low_bit[x]
            total += indicator
        return total

    values: list[int] = [0] * blocks
    for high in reversed(range(blocks)):
        high_edges = high << low
        extra = 0
        for e in range(low, lines):  # moves onto high lines: blocks already done
            if not high_edges >> e & 1:
                child = values[high | 1 << (e - low)]
                extra = byte_max(extra, combine(child, completes(e, high_edges), full))
        if high == blocks - 1:  # the full board, the last byte of the last block: value 0
            extra |= boxes << (8 * (width - 1))
        low_completes = [completes(e, high_edges) for e in range(low)]
        block = extra
        while True:  # the recurrence inside the block, until nothing changes
            new = extra
            for e in range(low):
                child = block >> (8 << e)  # the byte of line set s + e, for each s
                new = byte_max(new, combine(child, low_completes[e], without[e]))
            if new == block:
                break
            block = new
        values[high] = block
        if on_block is not None:
            on_block(blocks - high, blocks)
    table = b"".join(v.to_bytes(width, "little") for v in values)
    return BackwardTable(rows, cols, boxes, table)


def value_by_recursion(rows: int, cols: int, edges: int = 0) -> int:
    """The recurrence of the module docstring as written (memoised): small boards only."""
    geo = geometry(rows, cols)
    every = (1 << geo.num_edges) - 1

    @cache
    def value(s: int) -> int:
        if s == every:
            return 0
        best = -geo.num_boxes - 1
        for e in range(geo.num_edges):
            if s >> e & 1:
                continue
            c = _completed(geo, s, e)
            best = max(best, c + value(s | 1 << e) if c else -value(s | 1 << e))
        return best

    return value(edges)


def save_table(table: BackwardTable, path: str) -> None:
    """Write the table: the first line of every table file (``GTREF-TABLEBASE 1``), one line
    of JSON (the header), then one byte per line set (docs/tablebases.md)."""
    header = {
        "game": "dots-and-boxes",
        "rows": table.rows,
        "cols": table.cols,
        "offset": table.offset,
        "size": len(table.values),
        "index": "bit e set when line e is drawn (the edge order of reference.dots_and_boxes.geometry)",
        "value": "byte - offset: net boxes still to win for the side to move",
    }
    with open(path, "wb") as out:
        out.write(MAGIC)
        out.write(json.dumps(header, sort_keys=True).encode() + b"\n")
        out.write(table.values)


def load_table(path: str) -> BackwardTable:
    """Read a file of :func:`save_table` (``ParameterError`` when it is not one)."""
    try:
        with open(path, "rb") as source:
            if source.readline() != MAGIC:
                raise ParameterError(f"{path} is not a table file")
            meta = json.loads(source.readline())
            values = source.read()
    except (OSError, ValueError) as error:
        raise ParameterError(f"cannot read the table: {error}") from None
    rows, cols, offset = (meta.get(k) for k in ("rows", "cols", "offset"))
    if meta.get("game") != "dots-and-boxes" or not all(
        isinstance(v, int) for v in (rows, cols, offset)
    ):
        raise ParameterError(f"{path} is not a Dots and Boxes table")
    assert isinstance(rows, int) and isinstance(cols, int) and isinstance(offset, int)
    if len(values) != 1 << geometry(rows, cols).num_edges:
        raise ParameterError(f"{path} is cut short or too long")
    return BackwardTable(rows, cols, offset, values)
