"""The degree and equal-weight bounds of §8.2.1, as functions a test can check.

Seed 003, §8.2.1, constraints 4 and 5 of Update-MST: Proof 8.2 (a Euclidean MST
vertex has degree <= 6), Lemma 8.3 (Manhattan: the angle opposite the largest
side of a triangle is >= 45 degrees, so degree <= 8), Lemma 8.4 (causality
space: >= 22.5 degrees, degree <= 16), Proof 8.5 (O(n) edges of one weight in a
complete Euclidean graph), Lemmas 8.6 and 8.7 (the same for Manhattan and
causality space).

What holds and what does not (tests in ``tests/graphs/test_graphs_lemmas.py``
and ``tests/dou_shou_qi/test_dsq_split_lemmas.py``):

* Lemma 8.3 holds: :func:`angle_opposite_largest_side` never goes below 45
  degrees (with ties it reaches 45), and Manhattan MSTs have degree <= 8 (the
  star of :func:`manhattan_star` reaches 8).
* ERRATUM Lemma 8.4: in causality space the angle can be 0 degrees (two pieces
  of one side in line with an enemy piece: same-side times are doubled).  Its
  degree bound 16 cannot be reached on the board anyway (at most 16 pieces).
* ERRATUM Lemma 8.6 (and the step of Proof 8.5 it reuses): a complete Manhattan
  graph can have Theta(n^2) edges of one weight
  (:func:`equidistant_bipartite_points`: every pair across two parallel
  diagonal segments is at the same distance).  In the Euclidean plane the
  count is superlinear too (Erdős 1946: n^(1 + c / log log n) unit distances on
  a grid), though no more than O(n^(4/3)).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from reference.graphs.kruskal import Edge, Weight

Point = tuple[int, int]
"""A point with integer coordinates (x, y)."""


def manhattan(p: Point, q: Point) -> int:
    """M[(x1, y1), (x2, y2)] = |x2 - x1| + |y2 - y1| (Seed 003, §8.2.1)."""
    return abs(q[0] - p[0]) + abs(q[1] - p[1])


def angle_at(v: Point, u: Point, w: Point) -> float:
    """The Euclidean angle at ``v`` between the segments v-u and v-w, in degrees."""
    a = (u[0] - v[0], u[1] - v[1])
    b = (w[0] - v[0], w[1] - v[1])
    norm = math.hypot(*a) * math.hypot(*b)
    if norm == 0:
        raise ValueError("the angle at v needs u != v and w != v")
    cosine = (a[0] * b[0] + a[1] * b[1]) / norm
    return math.degrees(math.acos(max(-1.0, min(1.0, cosine))))


def angle_opposite_largest_side(
    v: Point, u: Point, w: Point, weight: Mapping[frozenset[Point], Weight]
) -> float | None:
    """The angle at ``v`` when u-w is a largest side of the triangle (else ``None``).

    ``weight`` gives the three side lengths, keyed by the pair of end points.
    Lemma 8.3 says this is >= 45 degrees for Manhattan lengths; Lemma 8.4 says
    >= 22.5 degrees for causality times.
    """
    uw = weight[frozenset((u, w))]
    if uw < weight[frozenset((u, v))] or uw < weight[frozenset((v, w))]:
        return None
    return angle_at(v, u, w)


def tree_degrees(n: int, tree: Iterable[Edge]) -> list[int]:
    """The degree of every vertex ``0..n-1`` in a tree given by its edges."""
    degrees = [0] * n
    for e in tree:
        degrees[e.u] += 1
        degrees[e.v] += 1
    return degrees


def most_common_weight_count(weights: Sequence[Sequence[Weight]]) -> tuple[Weight, int]:
    """The most frequent edge weight of a complete graph and how many edges have it."""
    n = len(weights)
    counts = Counter(weights[i][j] for i in range(n) for j in range(i + 1, n))
    if not counts:
        raise ValueError("a graph with fewer than two vertices has no edge")
    weight, count = counts.most_common(1)[0]
    return weight, count


def manhattan_weights(points: Sequence[Point]) -> list[list[int]]:
    """The weight matrix of the complete graph on ``points`` under the Manhattan metric."""
    return [[manhattan(p, q) for q in points] for p in points]


def manhattan_star(d: int) -> list[Point]:
    """A centre and 8 points at Manhattan distance ``d`` from it, pairwise at least ``d`` apart.

    The 4 corners and the 4 edge midpoints of the Manhattan circle (a diamond) of
    radius ``d`` (``d`` even): the star at the centre is a minimum spanning tree
    of degree 8, so Lemma 8.3's bound is reached.
    """
    if d < 2 or d % 2:
        raise ValueError(f"the star needs an even radius >= 2, got {d}")
    h = d // 2
    return [(0, 0), (d, 0), (h, h), (0, d), (-h, h), (-d, 0), (-h, -h), (0, -d), (h, -h)]


def equidistant_bipartite_points(k: int) -> list[Point]:
    """2k points with k * k pairs at one Manhattan distance (ERRATUM, Lemma 8.6).

    P = {(t, -t)} for t < k on one diagonal, Q = {(u, 3k - u)} for k <= u < 2k on a
    parallel one: every q in Q lies up and to the right of every p in P, so
    M(p, q) = (u - t) + (3k - u + t) = 3k for all k^2 pairs: the number of equal
    edge weights grows like n^2 / 4, not O(n).
    """
    if k < 1:
        raise ValueError(f"k must be >= 1, got {k}")
    return [(t, -t) for t in range(k)] + [(u, 3 * k - u) for u in range(k, 2 * k)]
