"""Seed 003, §8.2.1: Lemma 8.4 and Lemma 8.7 in causality space (Definition 7.1)."""

from __future__ import annotations

from reference.dou_shou_qi.causality import complete_causality_graph
from reference.dou_shou_qi.geometry import col_of, row_of
from reference.dou_shou_qi.notation import parse_placement
from reference.dou_shou_qi.partition import compute_mst
from reference.graphs.lemmas import (
    angle_opposite_largest_side,
    most_common_weight_count,
    tree_degrees,
)


def test_lemma_8_4_angle_can_be_zero_erratum() -> None:
    """ERRATUM Lemma 8.4: "The angle opposite the largest side of a triangle in Dou Shou Qi
    causality space cannot be smaller than 22.5 degrees."  B's dog on a1, A's cat on a3 and
    A's wolf on a8 stand in one line: T = 1 (a1-a3), 6 (a1-a8), 9 (a3-a8, two pieces of one
    side wait for each other: doubled).  The largest side is opposite a1, where the angle is
    0 degrees, and the minimum spanning tree takes both edges at a1 (the step of Proof 8.2
    that bounds the degree fails)."""
    pieces = parse_placement("A: Ca3 Wa8 / B: Da1 / A").pieces
    at = {p.square: i for i, p in enumerate(pieces)}
    weights = complete_causality_graph(pieces)
    xy = {p.square: (col_of(p.square), row_of(p.square)) for p in pieces}
    a1, a3, a8 = (
        next(p.square for p in pieces if p.kind.name == k) for k in ("DOG", "CAT", "WOLF")
    )
    assert (weights[at[a1]][at[a3]], weights[at[a1]][at[a8]], weights[at[a3]][at[a8]]) == (1, 6, 9)
    weight = {
        frozenset((xy[s], xy[t])): weights[at[s]][at[t]] for s, t in ((a1, a3), (a1, a8), (a3, a8))
    }
    assert angle_opposite_largest_side(xy[a1], xy[a3], xy[a8], weight) == 0
    tree = compute_mst(weights)
    assert tree_degrees(3, tree)[at[a1]] == 2


def test_start_position_equal_weights_and_mst_degree_pinned() -> None:
    """Lemmas 8.4 and 8.7 are asymptotic (degree <= 16, O(n) equal weights) and cannot bind on
    a board of at most 16 pieces (120 edges, at most 15 neighbours).  The numbers the docs
    quote for the start position, pinned: the most common weight, 7, on 27 of the 120 edges;
    the largest degree in the MST-PRIM tree, 4 (examples/dsq_split_lemmas.py measures random
    positions)."""
    pieces = parse_placement(
        "A: Ta1 Lg1 Cb2 Df2 Ea3 Wc3 He3 Mg3 / B: Ma7 Hc7 We7 Eg7 Db8 Cf8 La9 Tg9 / A"
    ).pieces
    weights = complete_causality_graph(pieces)
    assert most_common_weight_count(weights) == (7, 27)
    assert max(tree_degrees(16, compute_mst(weights))) == 4
