"""Bigger exact (M,N,K) values: what each of the solver's sound rules buys (ours, not the seed's).

Usage::

    python examples/mnk_solve_rules.py          # 4,4,4 and 5,4,4 (about a minute)
    python examples/mnk_solve_rules.py --full   # also 5,5,4 with every rule (a minute or two)

``solve`` (exact value and every optimal first move, symmetry folding on) from the
empty board, adding one rule at a time: forced moves, dead cells, pairing
strategies (the switches of :class:`reference.mnk.game.MNKGame`), then the
full-window root search instead of the null-window proofs.  Prints nodes and CPU
seconds (``time.process_time``; the wall time on a shared machine also counts the
other jobs).  Node counts are deterministic.  5,5,4 is run with every rule only:
without the pairing strategies it did not finish in 15 minutes
(docs/papers/001-mnk.md).
"""

from __future__ import annotations

import argparse
import os
import time

from reference.mnk.game import MNKGame
from reference.search import TranspositionTable, solve_raw

CONFIGS = [
    ("no rule (seed 001's search + symmetry)", False, False, False, True),
    ("+ forced moves", True, False, False, True),
    ("+ dead cells", True, True, False, True),
    ("+ pairing strategies (default)", True, True, True, True),
    ("  same, full-window root search", True, True, True, False),
]


def run(
    m: int, n: int, k: int, forced: bool, dead: bool, pairs: bool, null_window: bool
) -> tuple[int, int, int, float]:
    """(value, nodes, optimal first moves, CPU seconds) of one solve from the empty board."""
    game = MNKGame(m, n, k, symmetry=True, forced_moves=forced, dead_cells=dead, pairings=pairs)
    start = time.process_time()
    result = solve_raw(game, tt=TranspositionTable(1 << 20), null_window=null_window)
    return result.value, result.stats.nodes, len(result.best_moves), time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--full", action="store_true", help="also 5,5,4 (every rule)")
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average (1 min) at start: {load:.2f} on {os.cpu_count()} cores")
    boards = [(4, 4, 4), (5, 4, 4)]
    for m, n, k in boards:
        print(f"\n{m},{n},{k} from the empty board")
        print(f"{'rules':42}{'value':>6}{'nodes':>12}{'best':>6}{'CPU s':>9}")
        for label, forced, dead, pairs, null_window in CONFIGS:
            value, nodes, best, seconds = run(m, n, k, forced, dead, pairs, null_window)
            print(f"{label:42}{value:>6}{nodes:>12,}{best:>6}{seconds:>9.2f}")
    if args.full:
        print("\n5,5,4 from the empty board")
        value, nodes, best, seconds = run(5, 5, 4, True, True, True, True)
        label = CONFIGS[3][0]
        print(f"{label:42}{value:>6}{nodes:>12,}{best:>6}{seconds:>9.2f}")


if __name__ == "__main__":
    main()
