"""Benchmark (not a test): microseconds per node of plain alpha-beta on tic-tac-toe, and what costs what.

Usage::

    python examples/mnk_node_speed.py             # median of 9 runs
    python examples/mnk_node_speed.py --runs 21   # more runs (a noisy machine needs them)

Times the core's plain ``alphabeta`` (fail-soft, no table) searching tic-tac-toe
to the end of the game from the empty board, cells in ``a1 b1 c1 a2 ...`` order,
none of the solver's pruning rules (the seed's plain alpha-beta): nodes, the
median CPU time of several runs (``time.process_time``: on a shared machine the
wall time also counts the other jobs) and microseconds per node.  Then the share of each
part of a node: the same search on a trivial game (the core's own cost per node),
and the cost per call of the game methods a node calls (``timeit``, best of 5).

The project's target is 1.5 us per node; the project quotes its figures with the
machine and its load (docs/papers/001-mnk.md).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import timeit
from collections.abc import Sequence

from reference.mnk.game import MNKGame
from reference.search import Score, search


def plain_game() -> MNKGame:
    """Tic-tac-toe as the seed's plain alpha-beta searches it: natural order, every legal move."""
    return MNKGame(
        3, 3, 3, ordering="natural", forced_moves=False, dead_cells=False, pairings=False
    )


class Counter:
    """A trivial game with tic-tac-toe's shape of tree (9, 8, 7 ... moves), no rules to compute."""

    selective = False
    counts_points = False
    key = 0

    def __init__(self) -> None:
        self.to_move = 0
        self.depth = 0
        self.moves = [list(range(9 - d)) for d in range(10)]

    def legal_moves(self) -> Sequence[int]:
        return self.moves[self.depth]

    def search_moves(self) -> Sequence[int]:
        return self.moves[self.depth]

    def make(self, move: int) -> int:
        self.depth += 1
        self.to_move ^= 1
        return 0

    def unmake(self) -> None:
        self.depth -= 1
        self.to_move ^= 1

    def is_terminal(self) -> bool:
        return self.depth == 9

    def terminal_score(self) -> Score:
        return 0

    def evaluate(self) -> Score:
        return 0

    def tt_key(self) -> int:
        return 0

    def max_plies_left(self) -> int:
        return 9 - self.depth


def median_us_per_node(make_game: type[Counter] | object, runs: int) -> tuple[int, float, float]:
    """(nodes, median seconds, median microseconds per node) of full-depth plain alpha-beta."""
    times = []
    nodes = 0
    for _ in range(runs):
        game = plain_game() if make_game is MNKGame else Counter()
        start = time.process_time()
        result = search(game, 9, algorithm="alphabeta")
        times.append(time.process_time() - start)
        nodes = result.stats.nodes
    seconds = statistics.median(times)
    return nodes, seconds, seconds / nodes * 1e6


def per_call_us(statement: str, namespace: dict[str, object], number: int = 100_000) -> float:
    timer = timeit.Timer(statement, timer=time.process_time, globals=namespace)
    return min(timer.repeat(number=number, repeat=5)) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=9, help="runs of each search (median)")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average (1 min) at start: {load:.2f} on {os.cpu_count()} cores\n")
    nodes, seconds, micro = median_us_per_node(MNKGame, args.runs)
    print(
        f"plain alpha-beta, tic-tac-toe, full depth: {nodes:,} nodes, median {seconds:.4f} s, "
        f"{micro:.2f} us/node"
    )
    trivial_nodes, _, trivial = median_us_per_node(Counter, args.runs)
    print(
        f"the same search on a trivial game (the core's own cost): {trivial_nodes:,} nodes, "
        f"{trivial:.2f} us/node\n"
    )
    game = plain_game()
    game.make(4)
    game.make(0)
    namespace: dict[str, object] = {"game": game}
    print("CPU cost per call of the game methods a node uses (best of 5, us):")
    for statement in (
        "game.to_move",
        "game.is_terminal()",
        "game.search_moves()",
        "game.make(8); game.unmake()",
    ):
        print(f"  {statement:32} {per_call_us(statement, namespace):.3f}")


if __name__ == "__main__":
    main()
