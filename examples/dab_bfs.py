"""Breadth-first successor generation with hash de-duplication (seed 000, §III.B).

Counts the distinct states at each depth (edges drawn) from the empty board, de-duplicated
by four hashes: Zobrist (the package's key), the canonical key over board symmetries (one
state per symmetry class), formula 9 reduced to its low 64 bits, and formula 9 reduced
modulo a prime.  Every edge set is reachable, so the exact count at depth d is C(E, d); a
hash that merges different states shows a smaller number.  Quick: 2x2 (all depths) and 2x3
up to depth 6; ``--full``: 2x3 all depths.

    python examples/dab_bfs.py [--full]
"""

from __future__ import annotations

import argparse
import math

from reference.dots_and_boxes.generation import bfs_layers
from reference.dots_and_boxes.hashing import board_formula9, reduce_to_64
from reference.dots_and_boxes.rules import DotsAndBoxes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="2x3 to the last depth")
    args = parser.parse_args()
    for rows, cols, depth in [(2, 2, 12), (2, 3, 17 if args.full else 6)]:
        game = DotsAndBoxes(rows, cols)
        e = game.geo.num_edges
        zobrist = bfs_layers(game, depth)
        canonical = bfs_layers(game, depth, key=game.geo.canonical, check_collisions=False)
        low = bfs_layers(
            game,
            depth,
            key=lambda edges: reduce_to_64(board_formula9(rows, cols, edges), "low"),
            check_collisions=False,
        )
        prime = bfs_layers(
            game,
            depth,
            key=lambda edges: reduce_to_64(board_formula9(rows, cols, edges), "prime"),
            check_collisions=False,
        )
        print(f"{rows}x{cols} boxes, {e} edges: distinct states per depth")
        print(f"  {'depth':>5} {'C(E,d)':>8} {'Zobrist':>8} {'symmetry':>9} "
              f"{'f9 low64':>9} {'f9 prime':>9}")
        for d in range(depth + 1):
            print(f"  {d:>5} {math.comb(e, d):>8,} {len(zobrist[d]):>8,} "
                  f"{len(canonical[d]):>9,} {len(low[d]):>9,} {len(prime[d]):>9,}")
        print()


if __name__ == "__main__":
    main()
