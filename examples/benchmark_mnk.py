"""Benchmark (not a test): nodes per second and time to solve small (M,N,K)-games.

Usage::

    python examples/benchmark_mnk.py            # every configuration once (about a minute)
    python examples/benchmark_mnk.py --repeat 3 # median of 3 runs each

Prints, for 4x4 k=3 and 4x4 k=4 from the empty board, the time and nodes to find
the value (root search to the end of the game) and to ``solve`` (value and every
optimal move), with and without the transposition table, symmetry folding and
move ordering; and the cost per node of plain alpha-beta without a table on
tic-tac-toe.

Reference figures quoted by the project for this machine (not measured
by this script): OpenSpiel's pure-Python ``alpha_beta_search`` needs about 3.7 s
and 947,128 nodes for 4x4 k=3; aima-python's alpha-beta costs about 4.3
microseconds per node.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from reference.mnk.game import MNKGame
from reference.search import Algorithm, TranspositionTable, search, solve_raw

OPENSPIEL_4X4K3_SECONDS = 3.7
AIMA_MICROSECONDS_PER_NODE = 4.3


@dataclass(frozen=True)
class Row:
    label: str
    value: int
    nodes: int
    seconds: float

    @property
    def nodes_per_second(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else float("inf")


def timed(repeat: int, run: Callable[[], tuple[int, int]]) -> tuple[int, int, float]:
    times: list[float] = []
    value = nodes = 0
    for _ in range(repeat):
        start = time.perf_counter()
        value, nodes = run()
        times.append(time.perf_counter() - start)
    return value, nodes, statistics.median(times)


def configurations(m: int, n: int, k: int, repeat: int) -> list[Row]:
    rows: list[Row] = []
    variants: list[tuple[str, Algorithm, bool, str]] = [
        ("alphabeta, no TT, natural order", "alphabeta", False, "natural"),
        ("alphabeta, no TT, centre order", "alphabeta", False, "centre"),
        ("alphabeta+TT, natural order", "alphabeta_tt", False, "natural"),
        ("alphabeta+TT, centre order", "alphabeta_tt", False, "centre"),
        ("alphabeta+TT+symmetry, centre", "alphabeta_tt", True, "centre"),
        ("pvs+TT+symmetry, centre", "pvs", True, "centre"),
        ("mtdf+TT+symmetry, centre", "mtdf", True, "centre"),
    ]
    for label, algorithm, symmetry, ordering in variants:
        if algorithm == "alphabeta" and (m, n, k) == (4, 4, 4):
            continue  # more than ten minutes without a table: not informative here

        def run_value(
            algorithm: Algorithm = algorithm, symmetry: bool = symmetry, ordering: str = ordering
        ) -> tuple[int, int]:
            game = MNKGame(m, n, k, symmetry=symmetry, ordering=ordering)
            tt = TranspositionTable(1 << 20) if algorithm != "alphabeta" else None
            result = search(game, m * n, algorithm=algorithm, tt=tt)
            return result.score, result.stats.nodes

        value, nodes, seconds = timed(repeat, run_value)
        rows.append(Row(f"value: {label}", value, nodes, seconds))
    for symmetry in (False, True):
        best_counts: list[int] = []

        def run_solve(
            symmetry: bool = symmetry, counts: list[int] = best_counts
        ) -> tuple[int, int]:
            result = solve_raw(MNKGame(m, n, k, symmetry=symmetry))
            counts.append(len(result.best_moves))
            return result.score, result.stats.nodes

        score, nodes, seconds = timed(repeat, run_solve)
        label = (
            f"solve (value + all {best_counts[-1]} best moves), "
            f"symmetry {'on' if symmetry else 'off'}"
        )
        rows.append(Row(label, score, nodes, seconds))
    return rows


def per_node_cost(repeat: int) -> Row:
    def run() -> tuple[int, int]:
        game = MNKGame(
            3, 3, 3, ordering="natural", forced_moves=False, dead_cells=False, pairings=False
        )
        result = search(game, 9, algorithm="alphabeta")
        return result.score, result.stats.nodes

    value, nodes, seconds = timed(repeat, run)
    return Row("tic-tac-toe, plain alpha-beta, no TT", value, nodes, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs per configuration (median)")
    args = parser.parse_args()
    for m, n, k in ((4, 4, 3), (4, 4, 4)):
        print(f"\n{m}x{n} k={k} from the empty board (median of {args.repeat})")
        print(
            "value: root search scores a win as 1,000,000 - plies; solve scores every win 1,000,000"
        )
        print(f"{'configuration':58} {'value':>8} {'nodes':>10} {'seconds':>8} {'nodes/s':>9}")
        for row in configurations(m, n, k, args.repeat):
            print(
                f"{row.label:58} {row.value:>8} {row.nodes:>10,} {row.seconds:>8.3f} "
                f"{row.nodes_per_second:>9,.0f}"
            )
    row = per_node_cost(args.repeat)
    micro = row.seconds / row.nodes * 1e6
    print(f"\n{row.label}: {row.nodes:,} nodes, {row.seconds:.3f} s, {micro:.2f} us/node")
    print(
        f"reference figures quoted by the project (not measured here): OpenSpiel "
        f"alpha_beta_search "
        f"4x4 k=3 about {OPENSPIEL_4X4K3_SECONDS} s; aima-python about "
        f"{AIMA_MICROSECONDS_PER_NODE} us/node"
    )


if __name__ == "__main__":
    main()
