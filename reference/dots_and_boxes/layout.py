"""The exact solver's board: a padded bitboard on which box counts are shifts, and its table key.

Not from seed 000: the representation of :mod:`.engine` (after Barker and Korf 2012).  In
the padded bitboard of an R x C board, box (r, c) is bit ``r * W + c`` with ``W = cols + 1``,
the top edge of box (r, c) is bit ``r * W + c``, its bottom edge bit ``(r + 1) * W + c``,
its left edge bit ``V + r * W + c`` and its right edge bit ``V + r * W + c + 1`` with
``V = (rows + 1) * W``.  Then the four sides of every box are four shifts of the edge set,
the number of sides drawn per box is a bit-sliced sum of them (:meth:`Layout.box_classes`;
the solver inlines it), and "the edges of these boxes" is four shifts back
(:meth:`Layout.spread`).

The table key (:func:`table_key_function`) is the corner-rule normal form of the edge
set, then its smallest image under the board's symmetries.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from reference.bits import Bitboard, bit_indices
from reference.dots_and_boxes.geometry import (
    CHUNK_BITS,
    Edge,
    Edges,
    SymmetryTables,
    chunk_tables,
    chunked_image,
    geometry,
)


class Layout:
    """The padded bitboard of an R x C board (see the module docstring) and its tables."""

    __slots__ = (
        "border",
        "boxes",
        "col_stride",
        "cols",
        "corner_groups",
        "external",
        "full",
        "internal",
        "num_boxes",
        "order_classes",
        "rows",
        "sym_perms",
        "sym_tables",
        "v_left",
        "v_right",
    )

    def __init__(self, rows: int, cols: int) -> None:
        geo = geometry(rows, cols)
        self.rows, self.cols = rows, cols
        self.num_boxes = rows * cols
        w = cols + 1
        self.col_stride = w
        v = (rows + 1) * w
        self.v_left = v
        self.v_right = v + 1
        horizontal = (rows + 1) * cols
        internal: list[int] = []
        for e in range(geo.num_edges):
            if e < horizontal:
                r, c = divmod(e, cols)
                internal.append(r * w + c)
            else:
                r, c = divmod(e - horizontal, cols + 1)
                internal.append(v + r * w + c)
        self.internal: tuple[int, ...] = tuple(internal)
        """Game edge index -> internal bit position."""
        self.external: dict[int, Edge] = {p: e for e, p in enumerate(internal)}
        """Internal bit position -> game edge index."""
        self.full = sum(1 << p for p in internal)
        self.boxes = sum(1 << (r * w + c) for r in range(rows) for c in range(cols))
        self.border = sum(1 << internal[e] for e in range(geo.num_edges) if not geo.interior[e])
        self.corner_groups: tuple[tuple[Bitboard, tuple[Bitboard, ...]], ...] = tuple(
            (sum(1 << internal[e] for e in ground), tuple(1 << internal[e] for e in ground))
            for ground in geo.box_border_edges
            if len(ground) >= 2
        )
        """Corner rule: the border edges of one box, as (group mask, bits in canonical order:
        horizontals first)."""
        perms: list[tuple[int, ...]] = []
        for perm in geo.symmetries:
            image = [0] * (v + rows * w)
            for e, p in enumerate(internal):
                image[p] = internal[perm[e]]
            perms.append(tuple(image))
        self.sym_perms: tuple[tuple[int, ...], ...] = tuple(perms)
        """The board's symmetries as permutations of internal bits."""
        self.sym_tables: tuple[SymmetryTables, ...] = tuple(
            chunk_tables(perm, CHUNK_BITS) for perm in perms[1:]
        )
        """Lookup tables of each symmetry but the identity (:func:`.geometry.chunk_tables`)."""
        classes: dict[tuple[bool, float], Bitboard] = {}
        for e, order_class in enumerate(geo.order_class):
            classes[order_class] = classes.get(order_class, 0) | 1 << internal[e]
        self.order_classes: tuple[Bitboard, ...] = tuple(classes[k] for k in sorted(classes))
        """Masks of edges in search order (:attr:`.Geometry.order_class`; within a mask:
        lowest bit first)."""

    def box_classes(self, edges: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
        """The boxes (box-layout masks) with exactly 2, exactly 3 and 4 sides drawn, and those
        with at most 1: a bit-sliced sum of the four side masks.

        >>> lay = layout(1, 2)       # game edges: h0,0 h0,1 h1,0 h1,1 v0,0 v0,1 v0,2
        >>> lay.box_classes(lay.to_internal(0b0010111))   # h0,0 h0,1 h1,0 v0,0 drawn
        (0, 1, 0, 2)

        (box 0, bit 1, has 3 sides; box 1, bit 2, has 1.)
        """
        w, vl, vr, mask = self.col_stride, self.v_left, self.v_right, self.boxes
        t, b = edges & mask, (edges >> w) & mask
        left, right = (edges >> vl) & mask, (edges >> vr) & mask
        x1, a1 = t ^ b, t & b  # top + bottom: sum bit, carry
        x2, a2 = left ^ right, left & right  # left + right
        ones = x1 ^ x2  # bit 0 of the count
        c0 = x1 & x2
        twos = a1 ^ a2 ^ c0  # bit 1 of the count
        fours = (a1 & a2) | (c0 & (a1 ^ a2))  # bit 2: all four sides
        return twos & ~ones, twos & ones, fours, mask & ~twos & ~fours

    def spread(self, boxes: Bitboard) -> Bitboard:
        """Every edge of the boxes in ``boxes`` (a box set in the box layout)."""
        return boxes | boxes << self.col_stride | boxes << self.v_left | boxes << self.v_right

    def completed(self, edges: Bitboard) -> int:
        """Boxes with four sides drawn in an internal edge set."""
        w, vl, vr, mask = self.col_stride, self.v_left, self.v_right, self.boxes
        return (edges & (edges >> w) & (edges >> vl) & (edges >> vr) & mask).bit_count()

    def to_internal(self, edges: Edges) -> Bitboard:
        """The internal bitboard of a game edge set."""
        internal = self.internal
        return sum(1 << internal[e] for e in bit_indices(edges))

    def transform(self, edges: Bitboard, symmetry: int) -> Bitboard:
        """The image of an internal edge set under symmetry number ``symmetry``."""
        perm = self.sym_perms[symmetry]
        return sum(1 << perm[p] for p in bit_indices(edges))


@cache
def layout(rows: int, cols: int) -> Layout:
    """The shared :class:`Layout` of an R x C board (built once per shape)."""
    return Layout(rows, cols)


def table_key_function(lay: Layout, symmetry: bool, corner_rule: bool) -> Callable[[int], int]:
    """The solver's table key of an internal edge set: the corner-rule normal form (with
    ``corner_rule``: the border edges of one box are interchangeable, so only how many are
    drawn counts), then the smallest image under the board's symmetries (with ``symmetry``)."""
    corner_rule = corner_rule and bool(lay.corner_groups)
    pairs = [(bits[1], bits[0] | bits[1]) for _, bits in lay.corner_groups if len(bits) == 2]
    larger = [(g, bits) for g, bits in lay.corner_groups if len(bits) > 2]
    width = CHUNK_BITS
    mask = (1 << width) - 1
    tables = lay.sym_tables if symmetry else ()

    def larger_corners(edges: int) -> int:
        """The border edges of one box on a 1-row board: the first ``drawn`` of them drawn."""
        for group, bits in larger:
            drawn = (edges & group).bit_count()
            edges &= ~group
            for bit in bits[:drawn]:
                edges |= bit
        return edges

    def corners(edges: int) -> int:
        for second, both in pairs:
            if edges & both == second:  # only the second of the two drawn: draw the first
                edges ^= both
        return larger_corners(edges) if larger else edges

    if tables and all(len(t) == 3 for t in tables):
        packed = [(t[0], t[1], t[2]) for t in tables]

        def key3(edges: int) -> int:  # boards of 25 to 36 internal bits (3x3, 3x4): unrolled
            if corner_rule:  # corners(edges), inlined: one call less per node
                for second, both in pairs:
                    if edges & both == second:
                        edges ^= both
                if larger:
                    edges = larger_corners(edges)
            lo, mid, hi = edges & mask, (edges >> width) & mask, edges >> (2 * width)
            best = edges
            for t0, t1, t2 in packed:
                image = t0[lo] | t1[mid] | t2[hi]
                if image < best:
                    best = image
            return best

        return key3

    def key(edges: int) -> int:
        if corner_rule:
            edges = corners(edges)
        best = edges
        for chunks in tables:
            image = chunked_image(edges, chunks, width)
            if image < best:
                best = image
        return best

    return key
