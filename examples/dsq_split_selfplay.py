"""The §11 self-play experiments of the Dou Shou Qi thesis (seed 003, Figures 19-23), at small scale.

Four configurations (Figure 19) play every position from both sides with a fixed
budget per move and the 200-move draw rule.  ``--figures-22-23`` runs
configuration 4 (both heuristics vs move-ordering) at three budgets instead, the
thesis's 30, 5 and 2 s per move scaled to node counts in the same ratio
(``--budgets``, default 1500 250 100 nodes; or ``--seconds-list 30 5 2``), and
prints Figures 22 and 23 beside the thesis's numbers.  Positions: the nine recoverable
Appendix A positions (the start and the start without one of B's pieces); the
eleven game scenarios of Appendix A were lost in the text extraction.

Quick by default (2 positions, 400 nodes per move, games cut at 60 plies);
``--full`` is the thesis's protocol (9 positions, 30 s per move, the board's 200-ply draw limit: days
of CPU time: use ``--dask tcp://scheduler:8786`` for a cluster, with
``pip install '.[distributed]'``).  Node budgets make the numbers reproducible.
Prints the tables beside the thesis's; plots Figure 21 when matplotlib is installed.
"""

from __future__ import annotations

import argparse
import importlib
import time
from concurrent.futures import Executor

from reference.dou_shou_qi.positions import APPENDIX_A
from reference.dou_shou_qi.rules import DEFAULT_DRAW_LIMIT
from reference.dou_shou_qi.selfplay import (
    CONFIGURATION_4,
    FIGURE_19,
    FIGURE_20,
    FIGURE_22,
    FIGURE_23,
    SelfPlayRecord,
    average_depths,
    budget_rows,
    make_tasks,
    run_selfplay,
    split_frequencies,
    subproblem_size_histograms,
    win_loss_table,
)
from reference.search import Budget


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--full", action="store_true", help="thesis scale: 9 positions, 30 s/move, 200 plies"
    )
    parser.add_argument("--positions", type=int, help="how many recoverable positions (1-9)")
    parser.add_argument("--nodes", type=int, help="node budget per move")
    parser.add_argument("--seconds", type=float, help="time per move (instead of --nodes)")
    parser.add_argument("--draw-limit", type=int, help="plies before a draw (thesis: 200 moves)")
    parser.add_argument("--threshold", type=float, default=4, help="T_thresh (thesis: 4)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--dask", metavar="ADDRESS", help="run on a Dask scheduler instead")
    parser.add_argument(
        "--figures-22-23",
        action="store_true",
        help="configuration 4 at three budgets (the thesis's 30 / 5 / 2 s per move)",
    )
    parser.add_argument(
        "--budgets",
        type=int,
        nargs=3,
        metavar=("N30", "N5", "N2"),
        default=[1500, 250, 100],
        help="node budgets standing for 30, 5 and 2 s (default 1500 250 100)",
    )
    parser.add_argument(
        "--seconds-list",
        type=float,
        nargs=3,
        metavar=("S30", "S5", "S2"),
        help="seconds per move instead of --budgets (the thesis: 30 5 2)",
    )
    return parser.parse_args()


def scale(args: argparse.Namespace) -> tuple[int, Budget, int]:
    """How many positions, the budget per move and the draw limit (quick, ``--full`` or given)."""
    if args.full:
        count, budget, draw_limit = 9, Budget(seconds=30.0), DEFAULT_DRAW_LIMIT
    else:
        count, budget, draw_limit = 2, Budget(nodes=400), 60
    if args.positions is not None:
        count = args.positions
    if args.seconds is not None:
        budget = Budget(seconds=args.seconds)
    elif args.nodes is not None:
        budget = Budget(nodes=args.nodes)
    if args.draw_limit is not None:
        draw_limit = args.draw_limit
    return count, budget, draw_limit


def main() -> None:
    args = parse_args()
    count, budget, draw_limit = scale(args)
    positions = {p.name: p.notation for p in list(APPENDIX_A.values())[:count]}
    executor: Executor | None = None
    if args.dask:
        distributed = importlib.import_module("distributed")  # the optional extra

        executor = distributed.Client(args.dask).get_executor()
    if args.figures_22_23:
        figures_22_23(args, positions, draw_limit, executor)
        return
    tasks = make_tasks(positions, budget, threshold=args.threshold, draw_limit=draw_limit)
    games = (
        f"{len(positions)} positions x 2 sides x 4 configurations = {len(tasks)} games; "
        f"budget {budget.nodes} nodes"
        if budget.nodes
        else f"budget {budget.seconds} s"
    )
    print(f"{games} per move; draw after {draw_limit} plies; T_thresh = {args.threshold}")
    start = time.perf_counter()
    records = run_selfplay(tasks, executor, workers=args.workers)
    print(f"played in {time.perf_counter() - start:.1f} s\n")
    print_figures_19_20(records)
    freqs, hist = print_figure_21(records)
    plot_figure_21(freqs, hist)


def print_figures_19_20(records: list[SelfPlayRecord]) -> None:
    """Figure 19 (wins / draws / losses) and Figure 20 (average depth) beside the thesis's."""
    print(
        "Figure 19: wins / draws / losses of the first player     ours          thesis (40 games)"
    )
    for row in win_loss_table(records):
        won, drawn, lost = FIGURE_19[row.configuration]
        print(
            f"{row.configuration + 1}. {row.player:>15} vs {row.opponent:<13}"
            f"   {row.wins:>3} {row.draws:>3} {row.losses:>3}      {won:>3} {drawn:>3} {lost:>3}"
        )
    print("\nFigure 20: average depth reached (plies)   ours   thesis (30 s/move)")
    for name, depth in average_depths(records).items():
        print(f"{name:>16}                         {depth:>5.2f}   {FIGURE_20[name]:>5.2f}")


def print_figure_21(records: list[SelfPlayRecord]) -> tuple[list[float], dict[int, dict[int, int]]]:
    """Figure 21: split frequencies and subproblem sizes (returned for the plot)."""
    freqs = split_frequencies(records)
    print("\nFigure 21(a): split frequency per game and splitting player")
    if freqs:
        print(
            f"  games: {len(freqs)}, mean {sum(freqs) / len(freqs):.3f}, max {max(freqs):.3f}, "
            f"games with no split: {sum(f == 0 for f in freqs)}"
        )
    hist = subproblem_size_histograms(records)
    print("\nFigure 21(b)-(f): subproblem sizes (pieces: count) by n-way split")
    if not hist:
        print("  no split happened")
    for n, sizes in hist.items():
        print(f"  {n}-way: " + ", ".join(f"{size}: {count}" for size, count in sizes.items()))
    return freqs, hist


def plot_figure_21(freqs: list[float], hist: dict[int, dict[int, int]]) -> None:
    """Figure 21 as a PNG when matplotlib is installed."""
    try:
        import matplotlib.pyplot as plt  # type: ignore[import-not-found]
    except ImportError:
        return
    fig, axes = plt.subplots(1, 1 + len(hist), figsize=(4 * (1 + len(hist)), 3))
    axes = list(axes) if len(hist) else [axes]
    axes[0].hist(freqs, bins=10)
    axes[0].set_title("split frequency")
    for ax, (n, sizes) in zip(axes[1:], hist.items(), strict=True):
        ax.bar(list(sizes), list(sizes.values()))
        ax.set_title(f"{n}-way split sizes")
    fig.savefig("dsq_split_figure21.png")
    print("\nwrote dsq_split_figure21.png")


def figures_22_23(
    args: argparse.Namespace, positions: dict[str, str], draw_limit: int, executor: Executor | None
) -> None:
    """Configuration 4 at the three budgets; Figures 22 and 23 beside the thesis's."""
    thesis_seconds = (30.0, 5.0, 2.0)
    if args.seconds_list is not None:
        budgets = [Budget(seconds=s) for s in args.seconds_list]
    else:
        budgets = [Budget(nodes=n) for n in args.budgets]
    runs: list[tuple[Budget, list[SelfPlayRecord]]] = []
    start = time.perf_counter()
    for budget in budgets:
        tasks = make_tasks(
            positions,
            budget,
            configurations=[CONFIGURATION_4],
            threshold=args.threshold,
            draw_limit=draw_limit,
        )
        print(
            f"configuration 4, {len(positions)} positions x 2 sides = {len(tasks)} games, "
            f"{_budget_text(budget)} per move, draw after {draw_limit} plies",
            flush=True,
        )
        runs.append((budget, run_selfplay(tasks, executor, workers=args.workers)))
    print(f"played in {time.perf_counter() - start:.1f} s\n")
    rows = budget_rows(runs)
    print("Figure 22: configuration 4, wins / draws / losses of both heuristics vs move-ordering")
    print("  thesis          ours (budget)            ours W  D  L   thesis W  D  L (40 games)")
    for seconds, row in zip(thesis_seconds, rows, strict=True):
        won, drawn, lost = FIGURE_22[seconds]
        print(
            f"  {seconds:>4.0f} s/move    {_budget_text(row.budget):<22}"
            f"  {row.wins:>6} {row.draws:>2} {row.losses:>2}   {won:>8} {drawn:>2} {lost:>2}"
        )
    print("\nFigure 23: configuration 4, average depth of the combined-heuristic player (plies)")
    print("  thesis          ours (budget)             ours   thesis")
    for seconds, row in zip(thesis_seconds, rows, strict=True):
        print(
            f"  {seconds:>4.0f} s/move    {_budget_text(row.budget):<22}  {row.depth:>6.2f}"
            f"   {FIGURE_23[seconds]:>6.2f}"
        )


def _budget_text(budget: Budget) -> str:
    return f"{budget.nodes} nodes" if budget.nodes is not None else f"{budget.seconds:g} s"


if __name__ == "__main__":
    main()
