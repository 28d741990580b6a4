"""§4.1 of the Dou Shou Qi thesis (seed 003): how much cheaper is a split search to the same depth?

§4.1 predicts, for two equal halves of a tree with branching factor b = 32, a
time ratio t'/t = (62/15) / 2^(d+1) at equal depth d, i.e. about 25% more depth
for the same time.  Here, for positions that split at T_thresh = 4, we count the
nodes of plain alpha-beta (the core's, no move ordering) at depth d and of
SEARCH-SUBPROBLEMS at depth d (every subproblem: move searches and non-move
searches, iterative deepening from 2), and print both with the predicted ratio.

It also prints §4.1's constant C of d' = d + (d + 1)/4 + C: from the thesis's
own step 3, C = log16(1/31) - log16(2/15) = log16(15/62) = -0.512 plies
(ERRATUM: the thesis prints ".198").

Quick by default (depths 2 and 4); ``--full`` adds depth 6.  The split search is
the thesis's (the literal listing: no whole-board check for decided games).
"""

from __future__ import annotations

import argparse
import math

from reference.dou_shou_qi.partition import find_subproblems
from reference.dou_shou_qi.rules import DouShouQi
from reference.dou_shou_qi.split_search import search_subproblems
from reference.search import search

POSITIONS = {
    "Figure 13": "A: Hc2 Cb3 Me6 / B: Ma2 Cb7 Dc7 Ee7 / A",
    "two corners": "A: Ta1 Cb2 Ea3 Mg9 / B: Mb1 Wa2 Dg7 Lf8 Eg8 / A",
    "three corners": "A: Ea1 Cb2 Hg8 Wa8 / B: Mb1 Cf9 Wg9 Db9 / A",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="also depth 6")
    args = parser.parse_args()
    depths = (2, 4, 6) if args.full else (2, 4)
    c = math.log(15 / 62, 16)
    print(f"§4.1: C = log16(15/62) = {c:.3f} plies (the thesis prints .198, ERRATUM)")
    print(f"      d' = d + (d + 1)/4 + C: d = 8 gives d' = {8 + 9 / 4 + c:.2f}\n")
    print("position       pieces  split sizes  depth  plain nodes  split nodes  ratio  §4.1 ratio")
    for name, notation in POSITIONS.items():
        game = DouShouQi.from_notation(notation, ordering="none")  # as measured
        decomposition = find_subproblems(game.pieces(), 4)
        sizes = "+".join(str(len(s.pieces)) for s in decomposition.subproblems)
        for d in depths:
            plain = search(game, d, algorithm="alphabeta").stats.nodes
            split = search_subproblems(game, decomposition, max_depth=d).nodes
            predicted = (62 / 15) / 2 ** (d + 1)
            print(
                f"{name:<13} {len(decomposition.pieces):>6}  {sizes:>11}  {d:>5}  {plain:>11}"
                f"  {split:>11}  {split / plain:>5.2f}  {predicted:>10.3f}"
            )


if __name__ == "__main__":
    main()
