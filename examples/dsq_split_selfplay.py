"""The §11 self-play experiments of the Dou Shou Qi thesis (seed 003, Figures 19-21), at small scale.

Four configurations (Figure 19) play every position from both sides with a fixed
budget per move and the 200-move draw rule.  Positions: the nine recoverable
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
import time
from concurrent.futures import Executor

from reference.dou_shou_qi.board import DEFAULT_DRAW_LIMIT
from reference.dou_shou_qi.positions import APPENDIX_A
from reference.dou_shou_qi.selfplay import (
    FIGURE_19,
    FIGURE_20,
    Budget,
    average_depths,
    make_tasks,
    run_selfplay,
    split_frequencies,
    subproblem_size_histograms,
    win_loss_table,
)


def main() -> None:
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
    args = parser.parse_args()
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
    positions = {p.name: p.notation for p in list(APPENDIX_A.values())[:count]}
    tasks = make_tasks(positions, budget, threshold=args.threshold, draw_limit=draw_limit)
    scale = (
        f"{len(positions)} positions x 2 sides x 4 configurations = {len(tasks)} games; "
        f"budget {budget.nodes} nodes"
        if budget.nodes
        else f"budget {budget.seconds} s"
    )
    print(f"{scale} per move; draw after {draw_limit} plies; T_thresh = {args.threshold}")
    start = time.perf_counter()
    executor: Executor | None = None
    if args.dask:
        import distributed  # type: ignore[import-not-found]

        executor = distributed.Client(args.dask).get_executor()
    records = run_selfplay(tasks, executor, workers=args.workers)
    print(f"played in {time.perf_counter() - start:.1f} s\n")

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


if __name__ == "__main__":
    main()
