"""Kruskal's minimum spanning tree and MST-Partition (Kruskal stopped at two sets).

Seed 003, §8.1.1, MST-Partition; §8.1.2, Proof 8.1.

Graphs here have vertices ``0 .. n-1`` and a list of weighted undirected
:class:`Edge` values.  A complete graph is given by a symmetric weight matrix
(:func:`complete_graph_edges`), as the complete causality graph G_T of
Definition 7.2 is.  Weights are ``float`` so that ``math.inf`` (never meet) is
allowed; integer weights are the usual case.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from reference.errors import ParameterError
from reference.graphs.union_find import UnionFind

Weight: TypeAlias = float
"""An edge weight (an ``int`` in practice; ``math.inf`` allowed)."""

WeightMatrix: TypeAlias = Sequence[Sequence[Weight]]
"""A symmetric n x n matrix of edge weights of a complete graph (diagonal ignored)."""


@dataclass(frozen=True, slots=True, order=True)
class Edge:
    """An undirected weighted edge with ``u < v``; edges sort by (weight, u, v)."""

    weight: Weight
    u: int
    v: int

    @staticmethod
    def of(u: int, v: int, weight: Weight) -> Edge:
        """The edge between ``u`` and ``v`` (in either order)."""
        if u == v:
            raise ParameterError(f"an edge needs two different vertices, got {u} twice")
        return Edge(weight, u, v) if u < v else Edge(weight, v, u)

    def other(self, x: int) -> int:
        """The endpoint that is not ``x``."""
        return self.v if x == self.u else self.u


@dataclass(frozen=True, slots=True)
class MSTPartition:
    """The result of MST-Partition: two vertex sets and the time T_max separating them.

    ``t_max`` is the smallest weight of an edge between ``s1`` and ``s2``
    (``math.inf`` when no edge crosses); ``forest`` holds the tree edges joined
    before the algorithm stopped (a spanning tree of each side).
    """

    s1: frozenset[int]
    s2: frozenset[int]
    t_max: Weight
    forest: tuple[Edge, ...]


def complete_graph_edges(weights: WeightMatrix) -> list[Edge]:
    """All ``n(n-1)/2`` edges of the complete graph with the given weight matrix.

    Seed 003, Definition 7.2 (the complete causality graph G_T).
    """
    n = len(weights)
    for row in weights:
        if len(row) != n:
            raise ParameterError(f"the weight matrix must be square ({n} x {n})")
    edges = []
    for u in range(n):
        for v in range(u + 1, n):
            if weights[u][v] != weights[v][u]:
                raise ParameterError(f"the weight matrix is not symmetric at ({u}, {v})")
            edges.append(Edge(weights[u][v], u, v))
    return edges


def _check_edges(n: int, edges: Iterable[Edge]) -> list[Edge]:
    checked = list(edges)
    for e in checked:
        if not (0 <= e.u < n and 0 <= e.v < n) or e.u == e.v:
            raise ParameterError(f"edge {e} does not join two vertices of 0..{n - 1}")
    return checked


def mst_kruskal(n: int, edges: Iterable[Edge]) -> list[Edge]:
    """Kruskal's algorithm: a minimum spanning forest (a tree when the graph is connected).

    Seed 003, §8.1.1 (Kruskal's algorithm as described before MST-Partition, [15, p. 569]).
    """
    if n < 0:
        raise ParameterError(f"a graph needs n >= 0 vertices, got {n}")
    sets = UnionFind(n)
    tree: list[Edge] = []
    for e in sorted(_check_edges(n, edges)):  # edges in nondecreasing order by weight
        if sets.union(e.u, e.v):  # endpoints in different sets: union them, keep the edge
            tree.append(e)
            if len(tree) == n - 1:
                break
    return tree


def tree_weight(tree: Iterable[Edge]) -> Weight:
    """The total weight of a set of edges."""
    return sum((e.weight for e in tree), 0)


def mst_partition(n: int, edges: Iterable[Edge]) -> MSTPartition:
    """MST-Partition: split the vertices into S1, S2 maximising the smallest crossing edge.

    Seed 003, §8.1.1, MST-Partition.  Kruskal's algorithm run until two sets
    remain; the first edge that would join the last two sets has weight
    ``tmax``, the best attainable (Proof 8.1).  When the graph is disconnected
    and more than two components remain after the last edge, S1 is the
    component of the smallest vertex, S2 the rest, and T_max is ``math.inf``
    (no edge crosses: a case the listing does not reach on a complete graph).
    """
    if n < 2:
        raise ParameterError(f"MST-Partition needs at least 2 vertices, got {n}")
    sets = UnionFind(n)  # lines 1-2: Make-Set for every vertex
    setcount = n  # line 3
    tmax: Weight = 0  # line 4
    forest: list[Edge] = []
    for e in sorted(_check_edges(n, edges)):  # lines 5-6: edges in nondecreasing order
        if sets.find_set(e.u) != sets.find_set(e.v):  # line 7
            tmax = e.weight  # line 8
            if setcount > 2:  # line 9
                sets.union(e.u, e.v)  # line 10
                setcount -= 1  # line 11
                forest.append(e)
            else:  # line 12: two sets left, return S1, S2, tmax
                s1, s2 = sets.sets()
                return MSTPartition(s1, s2, tmax, tuple(forest))
    components = sets.sets()
    rest = frozenset().union(*components[1:])
    return MSTPartition(components[0], rest, math.inf, tuple(forest))


def min_crossing_weight(
    weights: WeightMatrix, s1: Iterable[int], s2: Iterable[int]
) -> Weight:
    """The smallest weight of an edge between two vertex sets (``inf`` if none): T_max of a split.

    Seed 003, §8 (the quantity MST-Partition maximises).
    """
    s2_list = list(s2)
    return min((weights[u][v] for u in s1 for v in s2_list), default=math.inf)
