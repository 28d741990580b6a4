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

Both give the same scores (checked for every point).  The work is counted (roads
read per evaluation: the deterministic measure of the saving); the times are the
median of several rounds (``--rounds``) of CPU time with the smallest and largest
ratio, since one wall-clock timing of a few milliseconds moved with the machine's load
(1x, 24x and 15x in three runs of the old version).  Quick by
default; --full uses more positions, board sizes and repetitions.  The seed gives no
timings to compare with: the numbers are ours, on this machine, in CPython.

    python examples/connect6_road_table.py [--full]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from reference.connect6 import Connect6
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


@dataclass(frozen=True, slots=True)
class Measured:
    """One position: the work counted (roads read per evaluation) and the timed rounds."""

    points: int
    incremental_roads: float
    """Roads read per evaluation with the road table: those through the point, at place and
    again at remove (deterministic)."""
    rescan_roads: int
    """Roads read per evaluation by the full rescan: every road (deterministic)."""
    incremental_rates: list[float]
    """Evaluations per second with the road table, one per timed round."""
    rescan_rates: list[float]
    """Evaluations per second by full rescan, one per timed round."""


def check_agreement(game: Connect6, points: list[int]) -> None:
    """The road table's score equals the full rescan's after a stone on each point."""
    mover = game.to_move
    table = game.table
    for p in points:
        table.place(p, mover)
        stones = [game.black, game.white]
        stones[mover] |= 1 << p
        assert tuple(table.score) == full_rescan_scores(game.geo, stones[0], stones[1])
        table.remove(p, mover)


def rate(one_pass: Callable[[], None], evaluations: int, min_seconds: float) -> float:
    """Evaluations per CPU second of this process: passes repeated for ``min_seconds`` at least.

    CPU time (``time.process_time``), not wall time, so other processes' load counts less.
    """
    passes = 0
    start = time.process_time()
    while True:
        one_pass()
        passes += 1
        elapsed = time.process_time() - start
        if elapsed >= min_seconds:
            return passes * evaluations / elapsed


def incremental_pass(game: Connect6, points: list[int]) -> Callable[[], None]:
    """One pass with the road table: place, read the score, remove, for every point."""
    mover = game.to_move
    table = game.table

    def one_pass() -> None:
        for p in points:
            table.place(p, mover)
            _ = table.score[mover] - table.score[1 - mover]
            table.remove(p, mover)

    return one_pass


def rescan_pass(game: Connect6, points: list[int]) -> Callable[[], None]:
    """One pass of full rescans: every road scored from scratch with a stone on each point."""
    mover = game.to_move
    black, white, geo = game.black, game.white, game.geo

    def one_pass() -> None:
        for p in points:
            if mover == 0:
                b, w = full_rescan_scores(geo, black | 1 << p, white)
            else:
                b, w = full_rescan_scores(geo, black, white | 1 << p)
            _ = (b - w) if mover == 0 else (w - b)

    return one_pass


def measure(game: Connect6, min_seconds: float, rounds: int) -> Measured:
    """Count the roads each way reads, then time both ways ``rounds`` times, alternating."""
    points = candidate_points(game.geo, game.occupied)
    check_agreement(game, points)
    through = sum(len(game.geo.through[p]) for p in points)
    incremental: list[float] = []
    rescan: list[float] = []
    for _ in range(rounds):
        incremental.append(rate(incremental_pass(game, points), len(points), min_seconds))
        rescan.append(rate(rescan_pass(game, points), len(points), min_seconds))
    return Measured(
        len(points), 2 * through / len(points), len(game.geo.roads), incremental, rescan
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="more positions, sizes, longer rounds")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds per position (5)")
    args = parser.parse_args()
    sizes = [9, 13, 19] if args.full else [19]
    stones = [1, 11, 21, 41, 61] if args.full else [1, 21, 41]
    min_seconds = 0.2 if args.full else 0.1
    print("Road table: evaluate every candidate point (place, score, remove)")
    print(
        f"roads read per evaluation (counted), evaluations per CPU second (median of "
        f"{args.rounds} rounds of at least {min_seconds} s each),"
    )
    print("speed-up: median of the rounds' ratios [smallest - largest]")
    print(
        f"{'size':>4} {'roads':>5} {'stones':>6} {'points':>6} {'read incr':>9} "
        f"{'read rescan':>11} {'ratio':>6} {'incremental/s':>14} {'rescan/s':>10} "
        f"{'speed-up':>21}"
    )
    for size in sizes:
        for game in self_play_positions(size, list(stones)):
            m = measure(game, min_seconds, args.rounds)
            ratios = [i / r for i, r in zip(m.incremental_rates, m.rescan_rates, strict=True)]
            print(
                f"{size:>4} {len(game.geo.roads):>5} {game.occupied.bit_count():>6} "
                f"{m.points:>6} {m.incremental_roads:>9.1f} {m.rescan_roads:>11} "
                f"{m.rescan_roads / m.incremental_roads:>5.0f}x "
                f"{statistics.median(m.incremental_rates):>14,.0f} "
                f"{statistics.median(m.rescan_rates):>10,.0f} "
                f"{statistics.median(ratios):>5.0f}x [{min(ratios):>3.0f}x - {max(ratios):>3.0f}x]"
            )
    print("incremental and full-rescan scores agreed at every point measured")


if __name__ == "__main__":
    main()
