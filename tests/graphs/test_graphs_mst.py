"""Union-find, Kruskal, MST-Partition (Proof 8.1) and MST-PRIM (seed 003, §8.1, §10.3)."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.errors import ParameterError
from reference.graphs import (
    Edge,
    UnionFind,
    complete_graph_edges,
    min_crossing_weight,
    mst_kruskal,
    mst_partition,
    mst_prim,
    mst_prim_as_printed,
    prim_tree_edges,
    tree_weight,
)


@st.composite
def complete_graphs(draw: st.DrawFn, min_n: int = 2, max_n: int = 8) -> list[list[float]]:
    """A random symmetric weight matrix; small weights so that ties are common."""
    n = draw(st.integers(min_n, max_n))
    top = draw(st.integers(1, 12))
    w: list[list[float]] = [[0] * n for _ in range(n)]
    for u in range(n):
        for v in range(u + 1, n):
            w[u][v] = w[v][u] = draw(st.integers(0, top))
    return w


def brute_force_t_best(w: list[list[float]]) -> float:
    """T_best: the maximum over all bipartitions of the minimum crossing edge (§8.1.2)."""
    n = len(w)
    best = -math.inf
    for mask in range(1, 2 ** (n - 1)):  # vertex n-1 always in S2: each split once
        s1 = [x for x in range(n) if mask >> x & 1]
        s2 = [x for x in range(n) if not mask >> x & 1]
        best = max(best, min_crossing_weight(w, s1, s2))
    return best


def is_spanning_tree(n: int, edges: list[Edge]) -> bool:
    sets = UnionFind(n)
    return len(edges) == n - 1 and all(sets.union(e.u, e.v) for e in edges)


def test_union_find_make_find_union() -> None:
    sets = UnionFind(5)
    assert sets.set_count == 5
    assert sets.union(0, 1) and sets.union(3, 4) and sets.union(1, 4)
    assert not sets.union(0, 3)
    assert sets.find_set(0) == sets.find_set(3) != sets.find_set(2)
    assert sets.set_count == 2
    assert sets.sets() == [frozenset({0, 1, 3, 4}), frozenset({2})]
    with pytest.raises(ParameterError, match="not in the union-find"):
        sets.find_set(5)


@settings(max_examples=examples(300))
@given(complete_graphs())
def test_mst_partition_is_optimal(w: list[list[float]]) -> None:
    """Proof 8.1: MST-Partition's T_max is the best attainable minimum crossing edge T_best."""
    n = len(w)
    result = mst_partition(n, complete_graph_edges(w))
    assert result.s1 and result.s2
    assert result.s1 | result.s2 == frozenset(range(n)) and not result.s1 & result.s2
    assert result.t_max == min_crossing_weight(w, result.s1, result.s2)
    assert result.t_max == brute_force_t_best(w)
    # the forest: the tree edges joined before the stop, a spanning tree of each side
    # (n - 2 edges, each inside one side, joining each side into one set)
    sides = UnionFind(n)
    assert len(result.forest) == n - 2
    assert all(sides.union(e.u, e.v) for e in result.forest)
    assert sorted(sides.sets(), key=min) == sorted([result.s1, result.s2], key=min)
    assert all(e.weight == w[e.u][e.v] <= result.t_max for e in result.forest)


@settings(max_examples=examples(200))
@given(complete_graphs())
def test_mst_partition_t_max_is_largest_mst_edge(w: list[list[float]]) -> None:
    """§8.1: the split is the two subtrees on either side of the largest MST edge."""
    n = len(w)
    assert mst_partition(n, complete_graph_edges(w)).t_max == max(
        e.weight for e in mst_kruskal(n, complete_graph_edges(w))
    )


def test_mst_partition_disconnected_graph_has_infinite_t_max() -> None:
    result = mst_partition(4, [Edge.of(0, 1, 3), Edge.of(2, 3, 1)])
    assert result.t_max == math.inf
    assert {result.s1, result.s2} == {frozenset({0, 1}), frozenset({2, 3})}


def test_mst_partition_rejects_fewer_than_two_vertices() -> None:
    with pytest.raises(ParameterError, match="at least 2 vertices"):
        mst_partition(1, [])


@settings(max_examples=examples(200))
@given(complete_graphs(min_n=1, max_n=9), st.integers(0, 8))
def test_kruskal_and_prim_give_equal_weight(w: list[list[float]], root: int) -> None:
    """§8.1.3 "Any minimum spanning tree algorithm will do": Kruskal and MST-PRIM agree on weight."""
    n = len(w)
    r = root % n
    kruskal = mst_kruskal(n, complete_graph_edges(w))
    prim = prim_tree_edges(w, mst_prim(w, r))
    assert is_spanning_tree(n, kruskal) and is_spanning_tree(n, prim)
    assert tree_weight(kruskal) == tree_weight(prim)


def test_mst_prim_as_printed_line_9_is_wrong() -> None:
    """ERRATUM §10.3 line 9: comparing with key[u] leaves vertices without a parent."""
    rng = random.Random(3)
    n = 6
    w: list[list[float]] = [[0] * n for _ in range(n)]
    for u, v in itertools.combinations(range(n), 2):
        w[u][v] = w[v][u] = rng.randint(1, 9)
    printed = mst_prim_as_printed(w, 0)
    assert printed.count(None) > 1  # not a spanning tree
    assert mst_prim(w, 0).count(None) == 1


def test_mst_prim_by_hand_strict_comparison_and_default_root() -> None:
    """MST-PRIM worked by hand on a triangle of equal weights 1, root 0 (the default):
    0 is extracted and sets key[1] = key[2] = 1 with parent 0; 1 is extracted next
    (ties by vertex number) and w(1, 2) = 1 < key[2] = 1 is false (line 9 is a strict
    comparison), so 2 keeps parent 0.  The printed listing (line 9 against key[u])
    compares every weight with key[0] = 0 first: a weight-0 edge does not pass it, so
    vertex 1 of a two-vertex graph joined by weight 0 gets no parent (and see below)."""
    equal = [[0, 1, 1], [1, 0, 1], [1, 1, 0]]
    assert mst_prim(equal) == mst_prim(equal, 0) == [None, 0, 0]
    assert mst_prim(equal, 1) == [1, None, 1]
    assert mst_prim_as_printed([[0, 0], [0, 0]]) == [None, None]
    # printed, on the triangle from root 0 (the default): key[0] = 0 blocks every update
    # from 0; 1 is extracted next with key inf, and w(1, 2) = 1 < key[1] = inf: 2 gets
    # parent 1, 1 none.  From root 1 the same happens with 0 in the middle.
    assert mst_prim_as_printed(equal) == mst_prim_as_printed(equal, 0) == [None, None, 1]
    assert mst_prim_as_printed(equal, 1) == [None, None, 0]
    assert mst_prim([[0, 0], [0, 0]]) == [None, 0]


def test_complete_graph_edges_rejects_asymmetric_matrix() -> None:
    with pytest.raises(ParameterError, match="not symmetric"):
        complete_graph_edges([[0, 1], [2, 0]])
