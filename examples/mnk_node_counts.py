"""Seed 001's cost claims on small (M,N,K) boards: node counts of the search variants.

Seed 001, §Computational Cost: with n moves available, alpha-beta costs O(n!) in
the worst case (no cut-offs) and O(sqrt(n!)) in the best case (best move always
first); a transposition table with iterative deepening "improves the ordering ...
the average search cost approaches the optimal case".  §Iterative Deepening:
repeating the shallower searches costs little, "since most explored nodes are in
the lower levels of the tree".  §Possible Improvements: NegaScout / PVS, MTD(f),
symmetries.

Table 1 searches each board to the end of the game (exact values) and counts
nodes for: minimax (no pruning), alpha-beta in plain a1, b1, ... order, alpha-beta
with the threat-first move ordering, alpha-beta + ordering + transposition table,
and that plus symmetry reduction; n! and sqrt(n!) are printed beside them.  The
seed's variants search every empty cell (our sound pruning switched off); a last
row adds it.
Table 2 compares iterative deepening to depth d with a single search to depth d
(the overhead of the repeated shallow iterations).

Quick by default (3x3 and 4x3, about 10 s); ``--full`` adds 4x4 with K = 3 and 4
(minimax is only run where it finishes: boards of at most 9 cells).

    python examples/mnk_node_counts.py [--full]
"""

from __future__ import annotations

import argparse
import math
import time

from reference.mnk.game import MNKGame
from reference.search import Algorithm, TranspositionTable, iterative_deepening, search

MAX_CELLS_WITHOUT_TT = {"minimax": 9, "alphabeta": 12}
"""Searches without a table are run only on boards this small (the rest would take hours)."""


def paper_game(
    m: int, n: int, k: int, ordering: str = "threats", symmetry: bool = False, pruning: bool = False
) -> MNKGame:
    """The game as seed 001 searches it: every empty cell (our sound pruning only with ``pruning``)."""
    return MNKGame(
        m,
        n,
        k,
        ordering=ordering,
        symmetry=symmetry,
        forced_moves=pruning,
        dead_cells=pruning,
        pairings=pruning,
    )


def full_depth_nodes(
    m: int,
    n: int,
    k: int,
    algorithm: Algorithm,
    ordering: str,
    symmetry: bool = False,
    pruning: bool = False,
) -> tuple[int, int, float]:
    """(value, nodes, seconds) of one search to the end of the game from the empty board."""
    game = paper_game(m, n, k, ordering, symmetry, pruning)
    tt = TranspositionTable(1 << 20) if algorithm in ("alphabeta_tt", "pvs", "mtdf") else None
    start = time.perf_counter()
    result = search(game, m * n, algorithm=algorithm, tt=tt)
    return result.score, result.stats.nodes, time.perf_counter() - start


def table_1(boards: list[tuple[int, int, int]]) -> None:
    print("Table 1. Nodes searched to the end of the game from the empty board")
    print("(search to full depth: every leaf is a finished game, no heuristic is used)\n")
    variants: list[tuple[str, Algorithm, str, bool, bool]] = [
        ("minimax", "minimax", "natural", False, False),
        ("alpha-beta, a1 b1 ... order", "alphabeta", "natural", False, False),
        ("alpha-beta, threat ordering", "alphabeta", "threats", False, False),
        ("alpha-beta + ordering + TT", "alphabeta_tt", "threats", False, False),
        ("  + symmetry (seed 001 improv.)", "alphabeta_tt", "threats", True, False),
        ("PVS + ordering + TT + symmetry", "pvs", "threats", True, False),
        ("MTD(f) + ordering + TT + symm.", "mtdf", "threats", True, False),
        ("alpha-beta+TT+symm.+forced+dead", "alphabeta_tt", "threats", True, True),
    ]
    header = f"{'variant':34}" + "".join(f"{f'{m}x{n} k={k}':>20}" for m, n, k in boards)
    print(header)
    print("-" * len(header))
    for label, algorithm, ordering, symmetry, pruning in variants:
        cells = []
        for m, n, k in boards:
            if m * n > MAX_CELLS_WITHOUT_TT.get(algorithm, m * n):
                cells.append(f"{'(too big)':>20}")
                continue
            _, nodes, _ = full_depth_nodes(m, n, k, algorithm, ordering, symmetry, pruning)
            cells.append(f"{nodes:>20,}")
        print(f"{label:34}" + "".join(cells))
    print(
        f"{'n! (worst case, seed 001)':34}"
        + "".join(f"{math.factorial(m * n):>20,}" for m, n, _ in boards)
    )
    print(
        f"{'sqrt(n!) (best case, seed 001)':34}"
        + "".join(f"{math.isqrt(math.factorial(m * n)):>20,}" for m, n, _ in boards)
    )
    print(
        "\nn! is the number of move sequences that fill the board (the leaves of the tree\n"
        "when no game ends early); minimax also counts interior nodes and loses the\n"
        "sequences cut short by a win.  Node counts exclude the root.  The last row adds\n"
        "our sound pruning (forced moves, dead cells; docs/papers/001-mnk.md, Additions)."
    )


def table_2(board: tuple[int, int, int], depths: list[int]) -> None:
    m, n, k = board
    print(f"\nTable 2. Iterative-deepening overhead on {m}x{n} k={k} (PVS + TT, threat ordering,")
    print("threat heuristic at the horizon): nodes of one search to depth d vs iterations 1..d\n")
    print(f"{'depth d':>8}{'single search':>20}{'iterative 1..d':>20}{'overhead':>10}")
    for depth in depths:
        single = search(
            paper_game(m, n, k), depth, algorithm="pvs", tt=TranspositionTable(1 << 18)
        ).stats.nodes
        deepened = iterative_deepening(
            paper_game(m, n, k), max_depth=depth, algorithm="pvs", tt=TranspositionTable(1 << 18)
        )
        if deepened.depth < depth:  # stopped early: the value was already exact
            print(f"{depth:>8}{single:>20,}{'(exact at ' + str(deepened.depth) + ')':>20}")
            continue
        total = deepened.stats.nodes
        print(f"{depth:>8}{single:>20,}{total:>20,}{total / single:>10.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--full", action="store_true", help="also 4x4 boards (slower)")
    args = parser.parse_args()
    boards = [(3, 3, 3), (4, 3, 3)]
    if args.full:
        boards += [(4, 4, 3), (4, 4, 4)]
    start = time.perf_counter()
    table_1(boards)
    table_2((4, 4, 4), [1, 2, 3, 4, 5, 6] + ([7, 8] if args.full else []))
    print(f"\n(total {time.perf_counter() - start:.1f} s; counts are deterministic)")


if __name__ == "__main__":
    main()
