"""The geometry of a Dots and Boxes board: edges as bits of one int, boxes as masks, symmetries.

Seed 000, §II.A (the board) and §III.A (board representation).  An R x C board has
R x C boxes, (R + 1) x (C + 1) dots and ``(R + 1) * C + R * (C + 1)`` edges.

Edge numbering (OpenSpiel's ``dots_and_boxes`` order, so engines can be cross-checked)::

    h<r>,<c>  top edge of box (r, c), r in 0..R, c in 0..C-1     index r * C + c
    v<r>,<c>  left edge of box (r, c), r in 0..R-1, c in 0..C    index (R+1) * C + r * (C+1) + c

Row 0 is the top.  Bit ``i`` of an edge set is set when edge ``i`` is drawn.  Box
``(r, c)`` is number ``r * C + c``; its mask has its four edge bits.  The names
``h<r>,<c>`` / ``v<r>,<c>`` are read and written by :mod:`.notation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from reference.bits import Bitboard
from reference.errors import ParameterError
from reference.search.protocol import Key, TwoSides
from reference.search.zobrist import random_keys


class Side(TwoSides):
    """The two players, A (player 0 of the notation) and B (player 1); either may start."""

    A = 0
    B = 1


Edge: TypeAlias = int
"""An edge index (see the module docstring); the moves of this game."""

Edges: TypeAlias = Bitboard
"""A set of edges as a bitboard: bit i set <=> edge i is drawn."""

MAX_SIDE = 16
"""Largest number of rows or columns accepted (our choice: keeps tables small)."""

ZOBRIST_SEED = 3_000
"""Seed of this game's Zobrist table (our choice)."""

CHUNK_BITS = 12
"""Symmetry tables map 12 edges at a time on boards of up to 64 edges (our choice:
4096-entry tables, 2 lookups per symmetry for 3x3)."""

BIG_CHUNK_BITS = 8
"""Chunk width on boards of more than 64 edges (256-entry tables: quick to build)."""

SymmetryTables: TypeAlias = tuple[tuple[int, ...], ...]
"""One symmetry as chunk lookup tables: ``tables[k][x]`` is the image of chunk ``k`` holding ``x``
(see :func:`chunk_tables`)."""


def check_size(rows: int, cols: int) -> None:
    """Raise ``ParameterError`` unless 1 <= rows, cols <= MAX_SIDE."""
    if not (isinstance(rows, int) and isinstance(cols, int)):
        raise ParameterError(f"rows and cols must be integers, got {rows!r} x {cols!r}")
    if not (1 <= rows <= MAX_SIDE and 1 <= cols <= MAX_SIDE):
        raise ParameterError(
            f"board must have 1..{MAX_SIDE} rows and columns of boxes, got {rows} x {cols}"
        )


def h_index(rows: int, cols: int, r: int, c: int) -> Edge:
    """Index of ``h<r>,<c>``, the top edge of box (r, c) (0 <= r <= R, 0 <= c < C)."""
    return r * cols + c


def v_index(rows: int, cols: int, r: int, c: int) -> Edge:
    """Index of ``v<r>,<c>``, the left edge of box (r, c) (0 <= r < R, 0 <= c <= C)."""
    return (rows + 1) * cols + r * (cols + 1) + c


def edge_endpoints(rows: int, cols: int, e: Edge) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two dots (row, col) an edge joins."""
    horizontal = (rows + 1) * cols
    if e < horizontal:
        r, c = divmod(e, cols)
        return (r, c), (r, c + 1)
    r, c = divmod(e - horizontal, cols + 1)
    return (r, c), (r + 1, c)


def chunk_tables(perm: Sequence[int], width: int) -> SymmetryTables:
    """Lookup tables of the bit permutation ``perm`` (bit p goes to bit ``perm[p]``), ``width``
    bits at a time: the image of x is the OR over k of ``tables[k][(x >> width * k) & mask]``
    (:func:`chunked_image`).

    Each table is filled in one pass: ``table[v] = table[v & (v - 1)] | image of v's lowest bit``.
    """
    size = len(perm)
    tables = []
    for k in range((size + width - 1) // width):
        table = [0] * (1 << width)
        for v in range(1, 1 << width):
            p = width * k + (v & -v).bit_length() - 1  # v's lowest bit (inline: a hot loop)
            table[v] = table[v & (v - 1)] | (1 << perm[p] if p < size else 0)
        tables.append(tuple(table))
    return tuple(tables)


def chunked_image(bits: Bitboard, tables: SymmetryTables, width: int) -> Bitboard:
    """The image of ``bits`` under the permutation whose :func:`chunk_tables` are ``tables``."""
    mask = (1 << width) - 1
    image = 0
    for table in tables:
        image |= table[bits & mask]
        bits >>= width
    return image


class Geometry:
    """Everything about an R x C board that never changes: masks, neighbours, symmetries.

    Built once per board size and shared by every position of that size.
    """

    __slots__ = (
        "_pairs",
        "box_border_edges",
        "box_masks",
        "chunk",
        "cols",
        "edge_boxes",
        "edge_masks_by_edge",
        "endpoints",
        "full",
        "interior",
        "move_order",
        "num_boxes",
        "num_edges",
        "order_class",
        "rows",
        "sym_tables",
        "symmetries",
        "zobrist",
    )

    def __init__(self, rows: int, cols: int) -> None:
        check_size(rows, cols)
        self.rows = rows
        self.cols = cols
        self.num_boxes = rows * cols
        self.num_edges = (rows + 1) * cols + rows * (cols + 1)
        self.full: Edges = (1 << self.num_edges) - 1
        self.box_masks: tuple[Edges, ...] = tuple(
            1 << h_index(rows, cols, r, c)
            | 1 << h_index(rows, cols, r + 1, c)
            | 1 << v_index(rows, cols, r, c)
            | 1 << v_index(rows, cols, r, c + 1)
            for r in range(rows)
            for c in range(cols)
        )
        self.edge_boxes: tuple[tuple[int, ...], ...] = tuple(
            tuple(b for b, mask in enumerate(self.box_masks) if mask >> e & 1)
            for e in range(self.num_edges)
        )
        """The one or two boxes each edge borders."""
        self.interior: tuple[bool, ...] = tuple(len(bs) == 2 for bs in self.edge_boxes)
        """True for edges between two boxes, False for border edges."""
        self.box_border_edges: tuple[tuple[Edge, ...], ...] = tuple(
            tuple(e for e in range(self.num_edges) if self.edge_boxes[e] == (b,))
            for b in range(self.num_boxes)
        )
        """Each box's edges on the board's border, in edge order (a corner box has two)."""
        self.edge_masks_by_edge: tuple[tuple[Edges, ...], ...] = tuple(
            tuple(self.box_masks[b] for b in bs) for bs in self.edge_boxes
        )
        """The masks of the boxes each edge borders (box completion test: edges & m == m)."""
        self.endpoints: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = tuple(
            edge_endpoints(rows, cols, e) for e in range(self.num_edges)
        )
        self.order_class: tuple[tuple[bool, float], ...] = tuple(
            self._order_class(e) for e in range(self.num_edges)
        )
        """Each edge's place in the search order (our choice): interior edges first, then by
        the distance of the edge's midpoint from the board's centre."""
        self.move_order: tuple[Edge, ...] = tuple(
            sorted(range(self.num_edges), key=lambda e: (self.order_class[e], e))
        )
        """The edges in search order (:attr:`order_class`, then edge order)."""
        self.zobrist: list[Key] = random_keys(self.num_edges, ZOBRIST_SEED)
        self.symmetries: tuple[tuple[Edge, ...], ...] = self._symmetries()
        self.chunk = CHUNK_BITS if self.num_edges <= 64 else BIG_CHUNK_BITS
        """Edges mapped per table lookup."""
        self.sym_tables: tuple[SymmetryTables, ...] = tuple(
            chunk_tables(perm, self.chunk) for perm in self.symmetries
        )
        self._pairs: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] | None = None
        if self.num_edges <= 2 * self.chunk:
            self._pairs = tuple(
                (t[0], t[1] if len(t) > 1 else (0,) * (1 << self.chunk))
                for t in self.sym_tables[1:]
            )

    def _order_class(self, e: Edge) -> tuple[bool, float]:
        (r1, c1), (r2, c2) = self.endpoints[e]
        distance = abs((r1 + r2) / 2 - self.rows / 2) + abs((c1 + c2) / 2 - self.cols / 2)
        return (not self.interior[e], distance)

    def _symmetries(self) -> tuple[tuple[Edge, ...], ...]:
        """Edge permutations of the board's symmetry group (4 for rectangles, 8 for squares)."""
        rows, cols = self.rows, self.cols
        index = {frozenset(ends): e for e, ends in enumerate(self.endpoints)}
        count = 8 if rows == cols else 4
        perms: list[tuple[Edge, ...]] = []
        for t in range(count):
            perm = tuple(
                index[frozenset((_dot_image(t, rows, cols, a), _dot_image(t, rows, cols, b)))]
                for a, b in self.endpoints
            )
            if perm not in perms:
                perms.append(perm)
        return tuple(perms)

    def transform(self, edges: Edges, symmetry: int) -> Edges:
        """The image of an edge set under symmetry number ``symmetry``."""
        return chunked_image(edges, self.sym_tables[symmetry], self.chunk)

    def canonical(self, edges: Edges) -> Edges:
        """The smallest image of ``edges`` over the board's symmetries."""
        best = edges
        if self._pairs is not None:  # boards of at most 2 chunks (3x3: 24 edges): 2 lookups
            lo = edges & 0xFFF
            hi = edges >> 12
            for t_lo, t_hi in self._pairs:
                image = t_lo[lo] | t_hi[hi]
                if image < best:
                    best = image
            return best
        for tables in self.sym_tables[1:]:
            image = chunked_image(edges, tables, self.chunk)
            if image < best:
                best = image
        return best

    def completed_boxes(self, edges: Edges) -> int:
        """How many boxes have all four sides drawn."""
        return sum(1 for m in self.box_masks if edges & m == m)


_GEOMETRIES: dict[tuple[int, int], Geometry] = {}


def geometry(rows: int, cols: int) -> Geometry:
    """The shared :class:`Geometry` of an R x C board (built on first use)."""
    g = _GEOMETRIES.get((rows, cols))
    if g is None:
        g = Geometry(rows, cols)
        _GEOMETRIES[(rows, cols)] = g
    return g


def _dot_image(t: int, rows: int, cols: int, dot: tuple[int, int]) -> tuple[int, int]:
    """Dot (r, c) under symmetry t: 0-3 flips (identity, mirror, upside down, 180 degrees),
    4-7 (square boards only) the transpose and the quarter turns."""
    r, c = dot
    return (
        (r, c),
        (r, cols - c),
        (rows - r, c),
        (rows - r, cols - c),
        (c, r),
        (cols - c, rows - r),
        (c, rows - r),
        (cols - c, r),
    )[t]
