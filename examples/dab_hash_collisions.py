"""Hash collision comparison: the paper's formula 9 / 22-23 / 25 / h_ab against Zobrist.

Seed 000, Theorem 5 (formula 9), Theorem 9 (h_ab), formulas 22-23 and 25.  Draws
N distinct random edge sets of a board (every edge set is a reachable Dots and
Boxes state) and counts, for each scheme,

* key collisions: distinct states that get the same 64-bit key (a transposition
  table that stores the key would confuse them: wrong values);
* index collisions: states that land on an already-used slot of a table with
  M = 2^20 slots (formula 23 produces 20-bit indices), beside the number a
  uniformly random index would give (N - M (1 - (1 - 1/M)^N)).

The first rows are what this package's table really uses: the key is the edge set
itself (``DotsAndBoxes.tt_key``, without symmetry folding here; boards of more than
64 edges fold it with ``fold64``) and the index is key % a prime table size
(``TranspositionTable``); formula 9 and Zobrist are computed for comparison only.

Quick by default (3x3 and 5x5 boards, N = 20,000); ``--full`` uses N = 200,000.

    python examples/dab_hash_collisions.py [--full] [--seed S]
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from reference.dots_and_boxes.geometry import geometry
from reference.dots_and_boxes.hashing import (
    board_formula9,
    count_collisions,
    index_formula23,
    reduce_to_64,
    universal_hash,
)
from reference.dots_and_boxes.rules import fold64
from reference.search.tt import next_prime

M = 1 << 20
"""Table slots (formula 23's 20-bit index range)."""

PRIME = next_prime(M)
"""The table size a ``TranspositionTable(M)`` really has (prime)."""


def zobrist_of(keys: list[int]) -> Callable[[int], int]:
    def key(edges: int) -> int:
        k = 0
        e = 0
        while edges:
            if edges & 1:
                k ^= keys[e]
            edges >>= 1
            e += 1
        return k

    return key


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="N = 200,000 states")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    n = 200_000 if args.full else 20_000
    expected = n - M * (1 - (1 - 1 / M) ** n)
    h_ab = universal_hash(M, args.seed)
    print(f"N = {n:,} distinct random edge sets per board, table M = 2^20 slots "
          f"(M' = {PRIME:,}, the smallest prime >= M)")
    print(f"uniform random index: about {expected:,.0f} index collisions expected\n")
    for rows, cols in [(3, 3), (5, 5)]:
        geo = geometry(rows, cols)
        rng = random.Random(args.seed)
        states: set[int] = set()
        while len(states) < n:
            states.add(rng.getrandbits(geo.num_edges))
        ordered = sorted(states)
        rng.shuffle(ordered)
        zob = zobrist_of(geo.zobrist)
        literal = [board_formula9(rows, cols, e) for e in ordered]
        zkeys = [zob(e) for e in ordered]
        table_keys = ordered if geo.num_edges <= 64 else [fold64(e) for e in ordered]
        schemes: list[tuple[str, list[int], Callable[[int], int]]] = [
            ("edge set (the table's key), % prime M' (TT)", table_keys, lambda k: k % PRIME),
            ("Zobrist 64-bit, % prime M'", zkeys, lambda k: k % PRIME),
            ("Zobrist 64-bit, key % M (formula 25)", zkeys, lambda k: k % M),
            ("Zobrist 64-bit, formulas 22-23 index", zkeys, index_formula23),
            ("Zobrist 64-bit, h_ab index (Theorem 9)", zkeys, h_ab),
            ("formula 9 literal (Python int) % M", literal, lambda k: k % M),
            (
                "formula 9 -> low 64 bits, % M",
                [reduce_to_64(h, "low") for h in literal],
                lambda k: k % M,
            ),
            (
                "formula 9 -> XOR fold 64, % M",
                [reduce_to_64(h, "fold") for h in literal],
                lambda k: k % M,
            ),
            (
                "formula 9 -> mod prime 64, % M",
                [reduce_to_64(h, "prime") for h in literal],
                lambda k: k % M,
            ),
            (
                "formula 9 -> mod prime 64, formulas 22-23",
                [reduce_to_64(h, "prime") for h in literal],
                index_formula23,
            ),
        ]
        print(f"{rows}x{cols} board, {geo.num_edges} edges (formula 9 has {8 * geo.num_edges} bits)")
        print(f"  {'scheme':<44} {'key collisions':>15} {'index collisions':>17}")
        for name, keys, index in schemes:
            key_collisions = n - len(set(keys))
            print(f"  {name:<44} {key_collisions:>15,} {count_collisions(keys, index):>17,}")
        print()


if __name__ == "__main__":
    main()
