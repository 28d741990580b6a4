"""Seed 003, §8.2.1 constraints 4-5: Lemma 8.3 (holds) and Lemma 8.6 (ERRATUM), Manhattan metric."""

from __future__ import annotations

from hypothesis import given, settings, target
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.graphs import (
    complete_graph_edges,
    mst_kruskal,
    mst_prim,
    prim_tree_edges,
    tree_weight,
)
from reference.graphs.kruskal import Edge
from reference.graphs.lemmas import (
    Point,
    angle_opposite_largest_side,
    equidistant_bipartite_points,
    manhattan,
    manhattan_star,
    manhattan_weights,
    most_common_weight_count,
    tree_degrees,
)

coords = st.integers(-40, 40)
points = st.tuples(coords, coords)


@settings(max_examples=examples(400))
@given(points, points, points)
def test_lemma_8_3_angle_opposite_the_largest_side_is_at_least_45_degrees(
    v: Point, u: Point, w: Point
) -> None:
    """Lemma 8.3: "The angle opposite the largest side of a triangle in Manhattan
    metric-space cannot be smaller than 45 degrees" (Euclidean angle, Manhattan lengths)."""
    if len({u, v, w}) < 3:
        return
    weight = {frozenset(pair): manhattan(*pair) for pair in ((u, v), (v, w), (u, w))}
    angle = angle_opposite_largest_side(v, u, w, weight)
    if angle is not None:
        assert angle >= 45 - 1e-9


def test_lemma_8_3_is_tight() -> None:
    """45 degrees is reached: v = (0, 0), u = (2, 0), w = (1, 1): all three sides 2."""
    weight = {
        frozenset(((0, 0), (2, 0))): 2,
        frozenset(((0, 0), (1, 1))): 2,
        frozenset(((2, 0), (1, 1))): 2,
    }
    angle = angle_opposite_largest_side((0, 0), (2, 0), (1, 1), weight)
    assert angle is not None and abs(angle - 45) < 1e-9


@settings(max_examples=examples(150))
@given(
    st.lists(st.tuples(st.integers(0, 6), st.integers(0, 6)), min_size=2, max_size=30, unique=True)
)
def test_lemma_8_3_manhattan_mst_degree_is_at_most_8(pts: list[Point]) -> None:
    """Lemma 8.3, "the maximum degree of a vertex in a Manhattan minimum spanning tree is 8":
    Kruskal (ties broken by the random point order) and Prim, on small grids full of ties."""
    weights = manhattan_weights(pts)
    kruskal = mst_kruskal(len(pts), complete_graph_edges(weights))
    prim = prim_tree_edges(weights, mst_prim(weights, len(pts) - 1))
    degree = max(tree_degrees(len(pts), kruskal))
    target(float(degree))  # steer the search towards high degrees
    assert degree <= 8
    assert max(tree_degrees(len(pts), prim)) <= 8


def test_lemma_8_3_degree_8_is_reached() -> None:
    """The centre of the Manhattan star (8 points on the diamond of radius 4) has degree 8 in an MST."""
    pts = manhattan_star(4)
    weights = manhattan_weights(pts)
    star = [Edge.of(0, i, weights[0][i]) for i in range(1, 9)]
    assert tree_weight(star) == tree_weight(mst_kruskal(9, complete_graph_edges(weights)))
    assert tree_degrees(9, star)[0] == 8


def test_lemma_8_6_equal_weights_are_not_linear_erratum() -> None:
    """ERRATUM Lemma 8.6: "the number of equal edge weights in a complete Manhattan graph is
    upper bounded by O(n)".  With n = 2k points on two parallel diagonals all k^2 pairs across
    are at distance 3k: n^2 / 4 edges of one weight (k = 20: 400 of 780 edges, n = 40)."""
    for k in (1, 2, 5, 10, 20):
        pts = equidistant_bipartite_points(k)
        weight, count = most_common_weight_count(manhattan_weights(pts))
        assert len(set(pts)) == 2 * k
        assert count >= k * k
        if k > 1:
            assert (weight, count) == (3 * k, k * k)
    pts = equidistant_bipartite_points(20)
    assert most_common_weight_count(manhattan_weights(pts))[1] == 400 > 9 * len(pts)
