"""Benchmark (not a test): time and nodes to solve Dots and Boxes from the empty board.

Seed 000 and Barker and Korf (2012).  Two solvers:

* ``--solver chain`` (default): the exact solver of :mod:`reference.dots_and_boxes.engine`
  (null-window alpha-beta with a two-bound table, capture / chain / endgame rules, board
  and corner symmetries, centre-first ordering); ``--off RULE,...`` switches rules off
  (``capture_rule``, ``chain_rule``, ``endgame_rule``, ``symmetry``, ``corner_rule``,
  ``ordering``); ``--value-only`` skips the test of every opening;
* ``--solver core``: the core's ``solve`` (the corrected Algorithm 1 of seed 000:
  alpha-beta + transposition table, with the game's capture rule, symmetry and ordering
  unless ``--no-aids``).

Prints one row per board: value, optimal first moves, nodes, wall and CPU seconds.  Quick
by default (2x2, 2x3, 1x5); ``--full`` adds 2x4 and 3x3; ``--boards 3x4`` solves 3x4 (about
a minute of CPU with the chain solver; progress on stderr).

    python examples/dab_benchmark.py [--full] [--boards 3x3,3x4] [--solver chain|core]
                                     [--off chain_rule,...] [--value-only] [--no-aids]
                                     [--checkpoint FILE] [--checkpoint-nodes N]
                                     [--max-entries N]
"""

from __future__ import annotations

import argparse
import sys
import time

from reference.dots_and_boxes.engine import (
    DEFAULT_CHECKPOINT_NODES,
    DEFAULT_MAX_ENTRIES,
    Rules,
    solve_position,
    value_position,
)
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.search import Counters, TranspositionTable, solve_raw

QUICK = ["2x2", "2x3", "1x5"]
FULL = ["2x2", "2x3", "1x5", "2x4", "3x3"]
RULES = ("capture_rule", "chain_rule", "endgame_rule", "symmetry", "corner_rule", "ordering")

TT_SIZE = 1 << 22
"""Core solver: transposition-table slots for boards of 20 or more edges (our choice: enough for 3x3)."""

SMALL_TT_SIZE = 1 << 18
"""Core solver: slots for smaller boards (allocating the big table alone takes about half a second)."""


def run_core(game: DotsAndBoxes) -> tuple[int, int, int]:
    tt = TranspositionTable(TT_SIZE if game.geo.num_edges >= 20 else SMALL_TT_SIZE)
    result = solve_raw(game, tt=tt)
    return result.score, len(result.best_moves), result.stats.nodes


def run_chain(
    game: DotsAndBoxes,
    rules: Rules,
    value_only: bool,
    checkpoint: str | None,
    every: int,
    max_entries: int,
) -> tuple[int, int, int]:
    start = time.process_time()

    def progress(counters: Counters) -> None:
        print(f"  {counters.nodes:,} nodes, {time.process_time() - start:.0f} s CPU",
              file=sys.stderr, flush=True)

    if value_only:
        value, solver = value_position(
            game, rules, on_progress=progress, checkpoint=checkpoint, checkpoint_nodes=every,
            max_entries=max_entries,
        )
        return value, -1, solver.counters.nodes
    result = solve_position(
        game, rules, on_progress=progress, checkpoint=checkpoint, checkpoint_nodes=every,
        max_entries=max_entries,
    ).result
    return result.score, len(result.best_moves), result.stats.nodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="add 2x4 and 3x3")
    parser.add_argument("--boards", help="comma-separated boards, e.g. 2x3,3x3")
    parser.add_argument("--solver", choices=("chain", "core"), default="chain")
    parser.add_argument("--off", default="", help=f"rules switched off: {', '.join(RULES)}")
    parser.add_argument("--value-only", action="store_true", help="chain solver: value only")
    parser.add_argument("--no-aids", action="store_true",
                        help="core solver: no capture rule / symmetry / ordering")
    parser.add_argument("--checkpoint", help="chain solver, one board: checkpoint / resume file")
    parser.add_argument("--checkpoint-nodes", type=int, default=DEFAULT_CHECKPOINT_NODES,
                        help="chain solver: nodes between two checkpoints")
    parser.add_argument("--max-entries", type=int, default=DEFAULT_MAX_ENTRIES,
                        help="chain solver: table entries kept before a trim")
    args = parser.parse_args()
    off = [name for name in args.off.split(",") if name]
    unknown = sorted(set(off) - set(RULES))
    if unknown:
        parser.error(f"unknown rules {', '.join(unknown)}; allowed: {', '.join(RULES)}")
    rules = Rules(**{name: "edges" if name == "ordering" else False for name in off})  # type: ignore[arg-type]
    boards = args.boards.split(",") if args.boards else (FULL if args.full else QUICK)
    if args.checkpoint and len(boards) != 1:
        parser.error("--checkpoint needs exactly one board (--boards RxC)")
    aids = not args.no_aids
    what = f"core solve, aids {'on' if aids else 'off'}" if args.solver == "core" else (
        f"chain solver, rules off: {', '.join(off) or 'none'}"
    )
    print(f"solve from the empty board ({what})")
    print("(value: net boxes for the first player; optimal: optimal first moves; wall and CPU "
          "seconds: they differ when other jobs share the machine)")
    print(f"{'board':>6} {'value':>6} {'optimal':>8} {'nodes':>12} {'wall s':>8} {'CPU s':>8} "
          f"{'nodes/CPU s':>12}")
    for board in boards:
        rows, cols = (int(x) for x in board.split("x"))
        game = DotsAndBoxes(
            rows, cols, capture_rule=aids, symmetry=aids, ordering="captures" if aids else "edges"
        )
        start, cpu_start = time.perf_counter(), time.process_time()
        if args.solver == "core":
            value, optimal, nodes = run_core(game)
        else:
            value, optimal, nodes = run_chain(
                game, rules, args.value_only, args.checkpoint, args.checkpoint_nodes,
                args.max_entries,
            )
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu_start
        shown = "-" if optimal < 0 else str(optimal)
        print(
            f"{board:>6} {value:>6} {shown:>8} {nodes:>12,} {seconds:>8.2f} {cpu:>8.2f} "
            f"{nodes / max(cpu, 1e-9):>12,.0f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
