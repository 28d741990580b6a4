"""Lemmas 8.3-8.7 of the Dou Shou Qi thesis (seed 003, §8.2.1), measured.

Update-MST's O(n) bound rests on two constraints: the degree of a minimum
spanning tree vertex is bounded (Proof 8.2, Lemmas 8.3 and 8.4) and so is the
number of edges of one weight (Proof 8.5, Lemmas 8.6 and 8.7).  This script
prints, for each: what the thesis claims, what holds, and the counterexamples
(`reference/graphs/lemmas.py`; the tests are `tests/graphs/test_graphs_lemmas.py`
and `tests/dou_shou_qi/test_dsq_split_lemmas.py`).

Quick by default (1,000 random positions); ``--positions`` scales it.
"""

from __future__ import annotations

import argparse
import random

from reference.dou_shou_qi.causality import causality, complete_causality_graph
from reference.dou_shou_qi.notation import START_NOTATION, parse_placement
from reference.dou_shou_qi.partition import compute_mst
from reference.dou_shou_qi.positions import random_placement
from reference.graphs import complete_graph_edges, mst_kruskal
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


def smallest_manhattan_angle(radius: int) -> float:
    """The smallest angle opposite a largest side over every triangle with a vertex at (0, 0)."""
    grid = [(x, y) for x in range(-radius, radius + 1) for y in range(-radius, radius + 1)]
    v: Point = (0, 0)
    smallest = 180.0
    for u in grid:
        for w in grid:
            if len({u, v, w}) < 3:
                continue
            weight = {frozenset(pair): manhattan(*pair) for pair in ((u, v), (v, w), (u, w))}
            angle = angle_opposite_largest_side(v, u, w, weight)
            if angle is not None:
                smallest = min(smallest, angle)
    return smallest


def lemma_8_3(positions: int, seed: int) -> None:
    """Lemma 8.3: the smallest angle, the diamond star, MST degrees of random point sets."""
    print("Lemma 8.3 (Manhattan: angle opposite the largest side >= 45 degrees, MST degree <= 8)")
    print(
        f"  smallest such angle, every triangle on a 13 x 13 grid: {smallest_manhattan_angle(6):.1f}"
    )
    star = manhattan_star(4)
    degrees = tree_degrees(9, mst_kruskal(9, complete_graph_edges(manhattan_weights(star))))
    print(f"  the diamond star of radius 4: MST centre degree {degrees[0]} (the bound is reached)")
    rng = random.Random(seed)
    worst = 0
    for _ in range(positions):
        pts = list({(rng.randint(0, 6), rng.randint(0, 6)) for _ in range(rng.randint(2, 30))})
        weights = manhattan_weights(pts)
        worst = max(
            worst, max(tree_degrees(len(pts), mst_kruskal(len(pts), complete_graph_edges(weights))))
        )
    print(f"  {positions} random point sets on a 7 x 7 grid: largest MST degree {worst}")


def lemma_8_4(positions: int, seed: int) -> int:
    """Lemma 8.4: an angle of 0 degrees, MST degrees of random positions; returns Lemma 8.7's
    largest count of edges of one weight over the same positions."""
    print("\nLemma 8.4 (causality: angle >= 22.5 degrees, MST degree <= 16): ERRATUM")
    cat, wolf, dog = parse_placement("A: Ca3 Wa8 / B: Da1 / A").pieces
    print(
        f"  Da1 (B), Ca3, Wa8 (A) in one line: T[a1, a3] = {causality(dog, cat)}, "
        f"T[a1, a8] = {causality(dog, wolf)}, T[a3, a8] = {causality(cat, wolf)}: "
        "the largest side is opposite a1, where the angle is 0 degrees"
    )
    rng = random.Random(seed)
    worst = most_equal = 0
    for _ in range(positions):
        placement = random_placement(rng, pieces_per_side=(6, 8))
        g_t = complete_causality_graph(placement.pieces)
        n = len(placement.pieces)
        worst = max(worst, max(tree_degrees(n, compute_mst(g_t))))
        most_equal = max(most_equal, most_common_weight_count(g_t)[1])
    print(
        f"  {positions} random positions of 12-16 pieces: largest MST degree {worst} "
        "(16 cannot be reached: at most 15 other pieces)"
    )
    return most_equal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--positions", type=int, default=1000, help="random positions (default 1000)"
    )
    parser.add_argument("--seed", type=int, default=8, help="random seed (default 8)")
    args = parser.parse_args()
    lemma_8_3(args.positions, args.seed)
    most_equal = lemma_8_4(args.positions, args.seed)

    print("\nProof 8.5 / Lemma 8.6 (O(n) edges of one weight): ERRATUM")
    print("  n = 2k points on two parallel diagonals, every pair across at distance 3k:")
    for k in (2, 4, 8, 16, 32):
        pts = equidistant_bipartite_points(k)
        weight, count = most_common_weight_count(manhattan_weights(pts))
        print(
            f"    n = {2 * k:>3}: {count:>5} edges of weight {weight} ({count / (2 * k):.1f} per point)"
        )

    print("\nLemma 8.7 (causality: O(n) edges of one weight): not testable on a 16-piece board")
    start = complete_causality_graph(parse_placement(START_NOTATION).pieces)
    weight, count = most_common_weight_count(start)
    print(f"  the start position: weight {weight} on {count} of 120 edges")
    print(
        f"  {args.positions} random positions of 12-16 pieces: at most {most_equal} edges of one weight"
    )


if __name__ == "__main__":
    main()
