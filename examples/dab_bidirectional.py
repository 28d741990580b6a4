"""Formula 24 of seed 000 measured: states expanded by Algorithm 2 (bidirectional) vs plain BFS.

Seed 000, §IV.B, formula 24: bidirectional search expands O(b^0 + ... + b^(d/2))
states, "significantly lower than that of single-directional search".  On the Dots
and Boxes game graph (a state is the edges, both scores and the side to move; a move
draws one edge), for each board and distance d: a begin position ``--start`` random
moves from the empty board and an end position d random moves later (seeded), then
the shortest path between them found by

* Algorithm 2 (``bidirectional_search``: forward from begin, backward from end by
  erasing edges), and
* plain breadth-first search forward from begin (``breadth_first_search``),

both counting the states they expand.  b is the number of undrawn edges at begin
(the forward branching factor; it falls by one per move, and the backward search
branches over the drawn edges).  Printed beside the measurements: formula 24 as
printed, b^0 + ... + b^(d/2), and the one-directional sum b^0 + ... + b^(d-1).

Quick: 2x2 and 2x3, d = 2, 4, 6; ``--full``: also 3x3 and d = 8.  Every row is the
minimum / mean / maximum over ``--trials`` pairs, drawn from a generator seeded by
``--seed``, the board and d (so a row is the same in the quick and the full run).

    python examples/dab_bidirectional.py [--full] [--seed N] [--trials N] [--start N]
"""

from __future__ import annotations

import argparse
import random
import sys

from reference.dots_and_boxes.bidirectional import (
    FullState,
    bidirectional_search,
    breadth_first_search,
    dab_predecessors,
    dab_successors,
    formula24_nodes,
    formula24_one_direction,
    full_state,
)
from reference.dots_and_boxes.rules import DotsAndBoxes


def pair(rows: int, cols: int, start: int, d: int, rng: random.Random) -> tuple[FullState, FullState, int]:
    """(begin, end, b): begin ``start`` random moves from the empty board, end d moves later."""
    game = DotsAndBoxes(rows, cols)
    for _ in range(min(start, game.geo.num_edges - d)):
        game.play(rng.choice(game.legal_moves()))
    begin = full_state(game)
    b = game.geo.num_edges - game.edges.bit_count()
    for _ in range(d):
        game.play(rng.choice(game.legal_moves()))
    end = full_state(game)
    return begin, end, b


def summary(values: list[int]) -> str:
    return f"{min(values):,}/{sum(values) / len(values):,.0f}/{max(values):,}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="add 3x3 and d = 8")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--trials", type=int, default=5, help="pairs per row (default 5)")
    parser.add_argument("--start", type=int, default=2, help="random moves before begin (default 2)")
    args = parser.parse_args()
    boards = [(2, 2), (2, 3)] + ([(3, 3)] if args.full else [])
    distances = [2, 4, 6] + ([8] if args.full else [])
    print(f"Seed 000, formula 24: states expanded (min/mean/max over {args.trials} pairs, "
          f"seed {args.seed}, begin {args.start} moves from the empty board)")
    print(f"{'board':>5} {'d':>2} {'b':>5} {'formula 24':>12} {'Algorithm 2':>18} "
          f"{'b^0..b^(d-1)':>16} {'plain BFS':>22} {'BFS / Alg. 2':>12}")
    for rows, cols in boards:
        succ, pred = dab_successors(rows, cols), dab_predecessors(rows, cols)
        for d in distances:
            rng = random.Random(f"{args.seed}-{rows}x{cols}-{d}")  # each row reproducible alone
            bi: list[int] = []
            uni: list[int] = []
            bs: list[int] = []
            for _ in range(args.trials):
                begin, end, b = pair(rows, cols, args.start, d, rng)
                two = bidirectional_search(begin, end, succ, pred)
                one = breadth_first_search(begin, end, succ)
                if two.distance != d or one.distance != d:  # the game graph: every path has d moves
                    raise SystemExit(f"distance {two.distance} / {one.distance}, expected {d}")
                bi.append(two.expanded)
                uni.append(one.expanded)
                bs.append(b)
            b_mean = round(sum(bs) / len(bs))
            ratio = sum(uni) / sum(bi)
            print(f"{rows}x{cols:<3} {d:>2} {summary(bs):>5} {formula24_nodes(b_mean, d):>12,} "
                  f"{summary(bi):>18} {formula24_one_direction(b_mean, d):>16,} "
                  f"{summary(uni):>22} {ratio:>12.1f}")
            print(f"  done {rows}x{cols} d={d}", file=sys.stderr)
    print()
    print("b column: min/mean/max; the formula columns use the mean b.  Formula 24 counts")
    print("b^k states per level; the game graph has fewer (C(b, k): drawing the same edges")
    print("in another order reaches the same state), so both searches expand far fewer.")


if __name__ == "__main__":
    main()
