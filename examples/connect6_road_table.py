"""Road table (路表): local modification vs full rescan, evaluations per second.

Seed 004, §2.2.1: "对于路的维护，如果每次都是扫描一遍，这会是很大的开销" ... "新增的棋子只影响
以它为基点的水平方向，垂直方向，左斜方向，右斜方向四个方向上的棋型" (our translation: keeping the
roads by a full scan every time costs much; a new stone only affects the shapes in the four
directions through it, so global initialisation + local modification is used).  This
script measures that claim.

For positions of a random game on 19 x 19 (random.Random(seed) picks each stone
among the candidate points, the empty points within two rings of the stones), it
evaluates every candidate point the way move ordering does (put a stone, read the
road score, take it back) in two ways:

* incremental: RoadTable.place / score / RoadTable.remove (at most 24 roads touched);
* full rescan: put the stone in the bitboard and score all 924 roads from scratch
  (evaluation.full_rescan_scores, the literal version).

Both give the same scores (checked for every point).  Quick by default; --full
uses more positions, board sizes and repetitions.  The seed gives no timings to
compare with: the numbers are ours, on this machine, in CPython.

    python examples/connect6_road_table.py [--full]
"""

from __future__ import annotations

import argparse
import random
import time

from reference.connect6 import Connect6, RoadTable
from reference.connect6.candidates import candidate_points
from reference.connect6.evaluation import full_rescan_scores


def self_play_positions(size: int, stones_wanted: list[int], seed: int = 4) -> list[Connect6]:
    rng = random.Random(seed)
    game = Connect6(size)
    out: list[Connect6] = []
    while stones_wanted and not game.is_terminal():
        if game.occupied.bit_count() >= stones_wanted[0]:
            out.append(Connect6.from_notation(game.to_notation()))
            stones_wanted.pop(0)
            continue
        points = candidate_points(game.geo, game.occupied)
        game.play(tuple(sorted(rng.sample(points, game.stones_per_move()))))
    return out


def measure(game: Connect6, repeats: int) -> tuple[int, float, float, float]:
    """(points, incremental evals/s, rescan evals/s, rebuild seconds)."""
    points = candidate_points(game.geo, game.occupied)
    mover = game.to_move
    table = game.table
    geo = game.geo
    # agreement check first
    for p in points:
        table.place(p, mover)
        stones = [game.black, game.white]
        stones[mover] |= 1 << p
        assert tuple(table.score) == full_rescan_scores(geo, stones[0], stones[1])
        table.remove(p, mover)
    start = time.perf_counter()
    for _ in range(repeats):
        for p in points:
            table.place(p, mover)
            _ = table.score[mover] - table.score[1 - mover]
            table.remove(p, mover)
    incremental = len(points) * repeats / (time.perf_counter() - start)
    start = time.perf_counter()
    rescan_repeats = max(1, repeats // 10)
    black, white = game.black, game.white
    for _ in range(rescan_repeats):
        for p in points:
            if mover == 0:
                b, w = full_rescan_scores(geo, black | 1 << p, white)
            else:
                b, w = full_rescan_scores(geo, black, white | 1 << p)
            _ = (b - w) if mover == 0 else (w - b)
    rescan = len(points) * rescan_repeats / (time.perf_counter() - start)
    start = time.perf_counter()
    RoadTable.rebuild(geo, game.black, game.white)
    rebuild = time.perf_counter() - start
    return len(points), incremental, rescan, rebuild


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="more positions, sizes, repeats")
    args = parser.parse_args()
    sizes = [9, 13, 19] if args.full else [19]
    stones = [1, 11, 21, 41, 61] if args.full else [1, 21, 41]
    repeats = 50 if args.full else 10
    print("Road table: evaluate every candidate point (place, score, remove)")
    print(
        f"{'size':>4} {'roads':>5} {'stones':>6} {'points':>6} {'incremental/s':>14} "
        f"{'rescan/s':>10} {'speed-up':>8} {'rebuild ms':>10}"
    )
    for size in sizes:
        for game in self_play_positions(size, list(stones)):
            n, inc, full, rebuild = measure(game, repeats)
            print(
                f"{size:>4} {len(game.geo.roads):>5} {game.occupied.bit_count():>6} {n:>6} "
                f"{inc:>14,.0f} {full:>10,.0f} {inc / full:>7.0f}x {rebuild * 1000:>10.2f}"
            )
    print("incremental and full-rescan scores agreed at every point measured")


if __name__ == "__main__":
    main()
