"""Benchmark (not a test): time and nodes to solve Dots and Boxes from the empty board.

Seed 000.  Solves with the core's ``solve`` (alpha-beta + transposition table,
i.e. the corrected Algorithm 1) on the board with every solving aid on (capture
rule, symmetry folding, capture-first / safe-before-sacrifice ordering), and with
``--no-aids`` without them.  Prints one row per board; quick by default (2x2,
2x3, 1x5), ``--full`` adds 2x4 and 3x3 (the target: 3x3 in under a minute on one
core).

    python examples/dab_benchmark.py [--full] [--no-aids] [--boards 2x3,3x3]
"""

from __future__ import annotations

import argparse
import time

from reference.dots_and_boxes.board import DotsAndBoxes
from reference.search import TranspositionTable, solve

QUICK = ["2x2", "2x3", "1x5"]
FULL = ["2x2", "2x3", "1x5", "2x4", "3x3"]

TT_SIZE = 1 << 22
"""Transposition-table slots for boards of 20 or more edges (our choice: enough for 3x3)."""

SMALL_TT_SIZE = 1 << 18
"""Slots for smaller boards (allocating the big table alone takes about half a second)."""


def run(board: str, aids: bool) -> tuple[int, int, int, float, float]:
    rows, cols = (int(x) for x in board.split("x"))
    game = DotsAndBoxes(rows, cols, capture_rule=aids, symmetry=aids, ordering=aids)
    tt = TranspositionTable(TT_SIZE if game.geo.num_edges >= 20 else SMALL_TT_SIZE)
    start, cpu_start = time.perf_counter(), time.process_time()
    result = solve(game, tt=tt)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
    return result.score, len(result.best_moves), result.stats.nodes, seconds, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="add 2x4 and 3x3")
    parser.add_argument("--no-aids", action="store_true", help="no capture rule / symmetry / ordering")
    parser.add_argument("--boards", help="comma-separated boards, e.g. 2x3,3x3")
    args = parser.parse_args()
    boards = args.boards.split(",") if args.boards else (FULL if args.full else QUICK)
    aids = not args.no_aids
    print(f"solve from the empty board, aids {'on' if aids else 'off'}")
    print("(value: net boxes for the first player; optimal: optimal first moves; wall and CPU "
          "seconds: they differ when other jobs share the machine)")
    print(f"{'board':>6} {'value':>6} {'optimal':>8} {'nodes':>12} {'wall s':>8} {'CPU s':>8} "
          f"{'nodes/CPU s':>12}")
    for board in boards:
        value, optimal, nodes, seconds, cpu = run(board, aids)
        print(
            f"{board:>6} {value:>6} {optimal:>8} {nodes:>12,} {seconds:>8.2f} {cpu:>8.2f} "
            f"{nodes / max(cpu, 1e-9):>12,.0f}"
        )


if __name__ == "__main__":
    main()
