"""Bad input to the graph algorithms: one clear ``ParameterError`` each, never a wrong tree.

And the smallest legal inputs (no vertex, one vertex, a vertex numbered ``n - 1``),
where an off-by-one check would refuse a good graph.
"""

from __future__ import annotations

import pytest

from reference.errors import ParameterError
from reference.graphs import (
    Edge,
    IndexedCompleteGraph,
    UnionFind,
    complete_graph_edges,
    mst_kruskal,
    mst_partition,
    mst_prim,
    update_mst,
    update_mst_engine,
)

TRIANGLE = [[0, 1, 2], [1, 0, 3], [2, 3, 0]]


def test_edges_join_two_different_vertices_in_order() -> None:
    assert Edge.of(3, 1, 5) == Edge(5, 1, 3) == Edge.of(1, 3, 5)
    assert Edge.of(3, 1, 5).other(1) == 3 and Edge.of(3, 1, 5).other(3) == 1
    with pytest.raises(ParameterError, match="two different vertices"):
        Edge.of(2, 2, 1)


def test_weight_matrices_must_be_square_and_symmetric() -> None:
    for make in (complete_graph_edges, IndexedCompleteGraph):
        with pytest.raises(ParameterError, match="square"):
            make([[0, 1], [1]])
        with pytest.raises(ParameterError, match="not symmetric at \\(0, 2\\)"):
            make([[0, 1, 2], [1, 0, 3], [9, 3, 0]])
        make(TRIANGLE)  # a good one is accepted


def test_kruskal_checks_vertices_and_accepts_the_smallest_graphs() -> None:
    assert mst_kruskal(0, []) == []
    assert mst_kruskal(1, []) == []
    assert mst_kruskal(3, [Edge(4, 1, 2), Edge(1, 0, 2)]) == [Edge(1, 0, 2), Edge(4, 1, 2)]
    # an Edge built directly with u > v still joins two vertices (vertex 0 second)
    assert mst_kruskal(3, [Edge(1, 1, 0), Edge(2, 2, 0)]) == [Edge(1, 1, 0), Edge(2, 2, 0)]
    for bad in (Edge(1, 0, 3), Edge(1, -1, 2), Edge(1, 3, 0), Edge(1, 1, 1), Edge(1, 0, -1)):
        with pytest.raises(ParameterError, match=r"does not join two vertices of 0\.\.2"):
            mst_kruskal(3, [Edge(1, 0, 1), bad])
        with pytest.raises(ParameterError, match="does not join"):
            mst_partition(3, [Edge(1, 0, 1), bad])
    with pytest.raises(ParameterError, match="a graph needs n >= 0 vertices"):
        mst_kruskal(-1, [])
    with pytest.raises(ParameterError, match="at least 2 vertices"):
        mst_partition(1, [])
    assert mst_partition(2, [Edge(7, 0, 1)]).t_max == 7  # the smallest graph it splits


def test_prim_root_must_be_a_vertex() -> None:
    assert mst_prim(TRIANGLE, 2) == [2, 0, None]
    for bad in (-1, 3):
        with pytest.raises(ParameterError, match=r"the root r must be a vertex 0\.\.2"):
            mst_prim(TRIANGLE, bad)


def test_update_mst_checks_its_move_and_its_tree() -> None:
    tree = [Edge(1, 0, 1), Edge(2, 0, 2)]
    assert update_mst(IndexedCompleteGraph(TRIANGLE), tree, 2, [2, 3, 0]).tree  # v = n - 1
    for repair in (update_mst, update_mst_engine):
        for v in (-1, 3):
            with pytest.raises(ParameterError, match=r"the moved vertex must be 0\.\.2"):
                repair(IndexedCompleteGraph(TRIANGLE), tree, v, [1, 1, 1])
        with pytest.raises(ParameterError, match="one weight per vertex"):
            repair(IndexedCompleteGraph(TRIANGLE), tree, 0, [1, 2])
    with pytest.raises(ParameterError, match="has 2 edges, got 1"):
        update_mst(IndexedCompleteGraph(TRIANGLE), tree[:1], 0, [0, 1, 2])
    with pytest.raises(ParameterError, match="do not form a spanning tree"):
        update_mst(IndexedCompleteGraph(TRIANGLE), [Edge(1, 0, 1), Edge(1, 0, 1)], 2, [2, 3, 0])
    with pytest.raises(ParameterError, match="to itself"):
        IndexedCompleteGraph(TRIANGLE).update_edge(1, 1, 5)


def test_union_find_checks_its_elements() -> None:
    assert len(UnionFind()) == 0 and UnionFind().sets() == []
    sets = UnionFind(3)
    assert sets.find_set(2) == 2
    for bad in (-1, 3):
        with pytest.raises(ParameterError, match=r"not in the union-find \(0\.\.2\)"):
            sets.find_set(bad)
    with pytest.raises(ParameterError, match="n >= 0"):
        UnionFind(-1)


def test_union_find_make_set_returns_its_element_and_unions_by_rank() -> None:
    """Make-Set returns the new element; Union by rank (Cormen et al., cited by seed 003
    §8.1.1): the root of the taller tree becomes the root of the union."""
    sets = UnionFind()
    assert [sets.make_set(), sets.make_set(), sets.make_set()] == [0, 1, 2]
    assert sets.union(0, 1)
    root = sets.find_set(0)
    assert sets.union(2, 0)  # a single element (rank 0) joins a tree of rank 1
    assert sets.find_set(2) == sets.find_set(1) == root
