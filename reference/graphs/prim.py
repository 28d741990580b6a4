"""Prim's minimum spanning tree algorithm (MST-PRIM) on a complete graph.

Seed 003, §10.3, MST-PRIM.  The O(n^2) array version for a complete graph given
by a weight matrix (Extract-Min is a linear scan, as the thesis's O(n^2) remark
assumes).

ERRATUM: line 9 of the printed listing compares ``w(u, v) < key[u]``; it must
be ``key[v]`` (Cormen et al. [15, p. 572]).  :func:`mst_prim` is the corrected
listing; :func:`mst_prim_as_printed` keeps the printed line 9 so a test can show
that it does not build a spanning tree.  See docs/papers/003-split-search.md.
"""

from __future__ import annotations

import math

from reference.errors import ParameterError
from reference.graphs.kruskal import Edge, WeightMatrix


def _prim(weights: WeightMatrix, r: int, *, printed_line_9: bool) -> list[int | None]:
    n = len(weights)
    if not 0 <= r < n:
        raise ParameterError(f"the root r must be a vertex 0..{n - 1}, got {r}")
    key = [math.inf] * n  # lines 1-2
    parent: list[int | None] = [None] * n  # line 3: pi[u] <- NIL
    key[r] = 0  # line 4
    in_q = [True] * n  # line 5: Q <- V[G]
    for _ in range(n):  # line 6: while Q is not empty
        u = min((x for x in range(n) if in_q[x]), key=lambda x: (key[x], x))  # line 7
        in_q[u] = False
        for v in range(n):  # line 8: for each v in Adj[u] (complete graph)
            if v == u:
                continue
            bound = key[u] if printed_line_9 else key[v]
            # line 9, ERRATUM: the printed listing compares with key[u]; correct is key[v]
            if in_q[v] and weights[u][v] < bound:
                parent[v] = u  # line 10
                key[v] = weights[u][v]  # line 11
    return parent


def mst_prim(weights: WeightMatrix, r: int = 0) -> list[int | None]:
    """MST-PRIM (line 9 corrected): the parent ``pi[v]`` of every vertex in a minimum spanning tree.

    Seed 003, §10.3, MST-PRIM.  ``pi[r]`` is ``None``; the tree edges are ``(v, pi[v])``.
    """
    return _prim(weights, r, printed_line_9=False)


def mst_prim_as_printed(weights: WeightMatrix, r: int = 0) -> list[int | None]:
    """MST-PRIM exactly as printed (line 9 compares with ``key[u]``): kept to exhibit the defect.

    Seed 003, §10.3, MST-PRIM.  With nonnegative weights ``key[r] = 0`` blocks
    every update from the root, so most vertices keep ``pi = NIL``.
    """
    return _prim(weights, r, printed_line_9=True)


def prim_tree_edges(weights: WeightMatrix, parent: list[int | None]) -> list[Edge]:
    """The edges ``(v, pi[v])`` of a parent array returned by MST-PRIM."""
    return [Edge.of(v, p, weights[v][p]) for v, p in enumerate(parent) if p is not None]
