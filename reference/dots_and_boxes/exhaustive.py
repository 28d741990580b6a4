"""Plain memoised minimax over edge sets: an independent oracle for small boards.

Not from the paper: the test oracle the search is checked against.  It uses no
move ordering, no pruning rule and no symmetry, only the rules: value(edges) =
max over undrawn edges e of ``k + value(edges | e)`` if e completes k > 0 boxes,
else ``-value(edges | e)``.  Memory grows with the number of distinct edge sets
reached, so keep it to boards of at most about 20 edges.
"""

from __future__ import annotations

import sys

from reference.dots_and_boxes.geometry import Edges, geometry
from reference.errors import ParameterError

MAX_EDGES = 24
"""Refuse boards with more edges than this (our choice: 2^24 states)."""


def exact_value(
    rows: int, cols: int, edges: Edges = 0, memo: dict[Edges, int] | None = None
) -> int:
    """The net boxes the side to move wins from ``edges`` on, by plain memoised minimax.

    ``memo`` (edge set -> value, the full board left out) may be passed in to reuse or
    inspect the values of every edge set reached.
    """
    geo = geometry(rows, cols)
    if geo.num_edges > MAX_EDGES:
        raise ParameterError(
            f"exact_value is for boards of at most {MAX_EDGES} edges, got {geo.num_edges}"
        )
    if memo is None:
        memo = {}
    full = geo.full
    masks = geo.edge_masks_by_edge
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4 * geo.num_edges + 100))

    def value(edges: Edges) -> int:
        cached = memo.get(edges)
        if cached is not None:
            return cached
        if edges == full:
            return 0
        best = -geo.num_boxes - 1
        free = full & ~edges
        while free:  # every undrawn edge (the inline bit scan: the hot loop)
            low = free & -free
            free ^= low
            e = low.bit_length() - 1
            child = edges | low
            k = 0
            for m in masks[e]:
                if child & m == m:
                    k += 1
            v = k + value(child) if k else -value(child)
            if v > best:
                best = v
        memo[edges] = best
        return best

    return value(edges)
