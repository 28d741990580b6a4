"""Update-MST (seed 003, §8.2.3) and its optimisation (§8.2.4) against from-scratch MSTs."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.errors import ParameterError
from reference.graphs import (
    Edge,
    IndexedCompleteGraph,
    UnionFind,
    complete_graph_edges,
    mst_kruskal,
    tree_weight,
    update_mst,
    update_mst_engine,
)


@st.composite
def moves(draw: st.DrawFn, max_step: int = 1) -> tuple[list[list[float]], int, list[float]]:
    """A complete graph, a moved vertex v and new weights of v's edges (old +- max_step)."""
    n = draw(st.integers(2, 10))
    top = draw(st.integers(1, 10))
    w: list[list[float]] = [[0] * n for _ in range(n)]
    for u in range(n):
        for x in range(u + 1, n):
            w[u][x] = w[x][u] = draw(st.integers(max_step, top + max_step))
    v = draw(st.integers(0, n - 1))
    new = [w[v][u] + draw(st.integers(-max_step, max_step)) for u in range(n)]
    return w, v, new


def scratch_weight(w: list[list[float]], v: int, new: list[float]) -> float:
    after = [list(row) for row in w]
    for u in range(len(w)):
        if u != v:
            after[v][u] = after[u][v] = new[u]
    return tree_weight(mst_kruskal(len(w), complete_graph_edges(after)))


def spans(n: int, tree: tuple[Edge, ...], graph: IndexedCompleteGraph) -> bool:
    sets = UnionFind(n)
    edges = list(tree)
    return len(edges) == n - 1 and all(
        sets.union(e.u, e.v) and e.weight == graph.weight(e.u, e.v)
        for e in edges
    )


@settings(max_examples=examples(300))
@given(moves())
def test_update_mst_equals_from_scratch_mst(move: tuple[list[list[float]], int, list[float]]) -> None:
    """§8.2.3: after a single-vertex move (changes of -1, 0, +1) Update-MST gives an MST."""
    w, v, new = move
    graph = IndexedCompleteGraph(w)
    tree = mst_kruskal(len(w), graph.edges())
    result = update_mst(graph, tree, v, new)
    assert spans(len(w), result.tree, graph)
    assert tree_weight(result.tree) == scratch_weight(w, v, new)


@settings(max_examples=examples(300))
@given(moves(max_step=1))
def test_update_mst_engine_equals_from_scratch_mst(
    move: tuple[list[list[float]], int, list[float]],
) -> None:
    """§8.2.4 (corrected): at most one replacement edge per subtree, same MST weight."""
    w, v, new = move
    n = len(w)
    graph = IndexedCompleteGraph(w)
    tree = mst_kruskal(n, graph.edges())
    result = update_mst_engine(graph, tree, v, new)
    assert spans(n, result.tree, graph)
    assert tree_weight(result.tree) == scratch_weight(w, v, new)
    # E' = n-1 tree edges + decreased non-tree edges at v + one edge per reconnected subtree
    assert result.reduced_edges <= 2 * (n - 1) + result.subtrees_reconnected


@settings(max_examples=examples(200))
@given(moves(max_step=4))
def test_update_mst_engine_handles_larger_changes(
    move: tuple[list[list[float]], int, list[float]],
) -> None:
    """Causality values (Definition 7.1) can change by 2 or more: the generalised range still works."""
    w, v, new = move
    graph = IndexedCompleteGraph(w)
    tree = mst_kruskal(len(w), graph.edges())
    result = update_mst_engine(graph, tree, v, new)
    assert tree_weight(result.tree) == scratch_weight(w, v, new)


def test_update_mst_literal_rejects_changes_larger_than_one() -> None:
    graph = IndexedCompleteGraph([[0, 1, 2], [1, 0, 3], [2, 3, 0]])
    tree = mst_kruskal(3, graph.edges())
    with pytest.raises(ParameterError, match="-1, 0 or \\+1"):
        update_mst(graph, tree, 0, [0, 3, 2])


def test_section_8_2_4_equal_weight_restriction_misses_a_cheaper_tree() -> None:
    """ERRATUM §8.2.4: reconnecting only subtrees of equal Weight can miss the MST.

    v = 0; subtree {1} hangs from v by weight 5 (rising to 6), subtree {2} by
    weight 3; the edge (1, 2) of weight 5 must replace (0, 1).
    """
    w: list[list[float]] = [[0, 5, 3], [5, 0, 5], [3, 5, 0]]
    new: list[float] = [0, 6, 3]
    for printed, expected in ((False, 8), (True, 9)):
        graph = IndexedCompleteGraph(w)
        tree = mst_kruskal(3, graph.edges())
        assert tree_weight(tree) == 8
        result = update_mst_engine(graph, tree, 0, new, printed_restriction=printed)
        assert tree_weight(result.tree) == expected
    assert scratch_weight(w, 0, new) == 8


def test_section_8_2_4_restriction_applies_between_subtrees_not_to_v() -> None:
    """The printed equal-Weight restriction compares two subtrees' Weights; an edge back
    to v has no subtree and stays a candidate.  Worked by hand: v = 0, subtree {1, 2}
    hangs by 0-1 (5, rising to 6), subtree {3} by 0-3 (Weight 3); the non-tree edge 0-2
    (5) lies in [5, 6) and replaces 0-1: the new MST 1-2, 0-3, 0-2 weighs 9, printed
    restriction or not."""
    w: list[list[float]] = [[0, 5, 5, 3], [5, 0, 1, 9], [5, 1, 0, 9], [3, 9, 9, 0]]
    new: list[float] = [0, 6, 5, 3]
    for printed in (False, True):
        graph = IndexedCompleteGraph(w)
        tree = mst_kruskal(4, graph.edges())
        assert sorted(tree) == [Edge(1, 1, 2), Edge(3, 0, 3), Edge(5, 0, 1)]
        result = update_mst_engine(graph, tree, 0, new, printed_restriction=printed)
        assert sorted(result.tree) == [Edge(1, 1, 2), Edge(3, 0, 3), Edge(5, 0, 2)]
    assert scratch_weight(w, 0, new) == 9


def test_update_mst_considers_o_n_edges_on_a_line() -> None:
    """§8.2: on points on a line (distinct distances) the work grows linearly in n."""
    for n in (10, 40, 160):
        w: list[list[float]] = [[abs(a * a - b * b) for b in range(n)] for a in range(n)]
        graph = IndexedCompleteGraph(w)
        tree = mst_kruskal(n, graph.edges())
        v = n // 2  # move vertex v: its distances change by at most 1
        new: list[float] = [w[v][u] + (1 if u < v else -1 if u > v else 0) for u in range(n)]
        result = update_mst_engine(graph, tree, v, new)
        assert tree_weight(result.tree) == scratch_weight(w, v, new)
        assert result.reduced_edges <= 2 * n
        assert result.edges_considered <= 3 * n


@st.composite
def grid_moves(draw: st.DrawFn) -> tuple[list[list[float]], int, list[float]]:
    """Points on a 7 x 9 grid with Manhattan (optionally doubled per pair) weights; one point steps.

    Metric graphs have the long tree paths behind short edges that random weights rarely give.
    """
    cells = draw(st.lists(st.integers(0, 62), min_size=3, max_size=14, unique=True))
    scale = draw(st.lists(st.sampled_from([1, 2]), min_size=len(cells), max_size=len(cells)))
    v = draw(st.integers(0, len(cells) - 1))
    x, y = cells[v] % 7, cells[v] // 7
    dx, dy = draw(st.sampled_from([(0, 1), (0, -1), (1, 0), (-1, 0)]))
    target = (y + dy) * 7 + (x + dx)
    if not (0 <= x + dx < 7 and 0 <= y + dy < 9) or target in cells:
        target = cells[v]

    def weight(a: int, b: int, i: int, j: int) -> float:
        return max(scale[i], scale[j]) * (abs(a % 7 - b % 7) + abs(a // 7 - b // 7))

    n = len(cells)
    w: list[list[float]] = [[weight(cells[i], cells[j], i, j) for j in range(n)] for i in range(n)]
    new = [weight(target, cells[u], v, u) if u != v else 0 for u in range(n)]
    return w, v, new


@settings(max_examples=examples(400))
@given(grid_moves())
def test_update_mst_engine_on_grid_moves(move: tuple[list[list[float]], int, list[float]]) -> None:
    """A decreased edge at v must not count as a replacement (a heavier tree path may lie behind it)."""
    w, v, new = move
    graph = IndexedCompleteGraph(w)
    tree = mst_kruskal(len(w), graph.edges())
    result = update_mst_engine(graph, tree, v, new)
    assert tree_weight(result.tree) == scratch_weight(w, v, new)


def test_decreased_edge_at_v_is_not_a_replacement_candidate() -> None:
    """Found on a Dou Shou Qi game: keeping the decreased (0, 3) as the subtree's replacement
    and dropping (0, 4) of equal weight misses the MST, since the tree path 3-2-1 behind (0, 3)
    holds an edge of weight 4.

    v = 0; tree (1,4)=1, (0,1)=3, (1,2)=3, (2,3)=4; (0,1) rises to 4, (0,3) falls from 4 to 3,
    (0,4)=3 stays.  The new MST (1,4), (0,3), (0,4), (1,2) weighs 10.
    """
    big = 9
    w: list[list[float]] = [[big] * 5 for _ in range(5)]
    for u, x, weight in ((1, 4, 1), (0, 1, 3), (1, 2, 3), (2, 3, 4), (0, 3, 4), (0, 4, 3)):
        w[u][x] = w[x][u] = weight
    tree = [Edge.of(1, 4, 1), Edge.of(0, 1, 3), Edge.of(1, 2, 3), Edge.of(2, 3, 4)]
    assert tree_weight(tree) == tree_weight(mst_kruskal(5, IndexedCompleteGraph(w).edges()))
    new: list[float] = [0, 4, big, 3, 3]
    assert scratch_weight(w, 0, new) == 10
    for update in (update_mst, update_mst_engine):
        result = update(IndexedCompleteGraph(w), tree, 0, new)
        assert tree_weight(result.tree) == 10


@settings(max_examples=examples(100))
@given(moves(max_step=3), st.integers(-2, 14), st.integers(0, 6))
def test_edges_hashed_by_weight_answer_as_the_matrix_does(
    move: tuple[list[list[float]], int, list[float]], low: int, width: int
) -> None:
    """§8.2.2: the weight-hashed adjacency lists give the vertices joined to ``u`` by a
    weight ``w`` (exactly) and by a weight in ``[low, high)`` (half open), read here
    from the weight matrix, before and after UPDATE-EDGE moves the edges at ``v``."""
    w, v, new = move
    graph = IndexedCompleteGraph(w)
    n = len(w)
    for step in range(2):
        matrix = graph.matrix()
        for u in range(n):
            others = [x for x in range(n) if x != u]
            high = low + width
            assert sorted(graph.neighbours_in_range(u, low, high)) == [
                x for x in others if low <= matrix[u][x] < high
            ]
            for weight in {matrix[u][x] for x in others} | {low}:
                assert graph.neighbours_of_weight(u, weight) == frozenset(
                    x for x in others if matrix[u][x] == weight
                )
        if step == 0:
            for u in range(n):
                if u != v:
                    graph.update_edge(v, u, new[u])


HAND: list[list[float]] = [
    [0, 1, 2, 3, 2],
    [1, 0, 1, 5, 9],
    [2, 1, 0, 4, 9],
    [3, 5, 4, 0, 9],
    [2, 9, 9, 9, 0],
]
"""Five vertices; the MST is 0-1 (1), 1-2 (1), 0-4 (2), 0-3 (3): rooted at 0 its subtrees
are {1, 2} (Weight 1), {3} (Weight 3) and {4} (Weight 2)."""


def test_update_mst_worked_by_hand() -> None:
    """Vertex 0 moves: w(0,1) 1 -> 2 (a tree edge increases: subtree {1, 2} is to be
    reconnected), w(0,2) stays 2 (not a tree edge), w(0,3) 3 -> 2 (a tree edge
    decreases), w(0,4) stays 2 (a tree edge, unchanged).  Worked by hand:

    * Update-MST (§8.2.3): E' = the tree with the edges at 0 at their new weights
      (lines 1, 12), 4 edges; lines 6-12 look at the 4 edges at 0; lines 13-15 look in
      the weight-1 buckets of 1 and 2 and find 1-2 twice (already in E'): 6 edges looked
      at.  The new MST: 1-2 (1), 0-1, 0-3, 0-4 (2 each), weight 7, as from scratch.
    * §8.2.4 (optimised): the same E'; the range [1, 2) around 1 and 2 holds only 1-2,
      inside the subtree: no candidate, 6 edges looked at, the same tree."""
    tree = mst_kruskal(5, complete_graph_edges(HAND))
    assert sorted(tree) == [Edge(1, 0, 1), Edge(1, 1, 2), Edge(2, 0, 4), Edge(3, 0, 3)]
    new: list[float] = [0, 2, 2, 2, 2]
    expected = (Edge(1, 1, 2), Edge(2, 0, 1), Edge(2, 0, 3), Edge(2, 0, 4))
    for repair in (update_mst, update_mst_engine):
        result = repair(IndexedCompleteGraph(HAND), tree, 0, new)
        assert tuple(sorted(result.tree)) == expected, repair.__name__
        assert (result.reduced_edges, result.edges_considered, result.subtrees_reconnected) == (
            4, 6, 1,
        ), repair.__name__  # fmt: skip
    assert scratch_weight(HAND, 0, new) == tree_weight(expected) == 7
