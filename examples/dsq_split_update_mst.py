"""Update-MST on real Dou Shou Qi games (seed 003, §8.2): how causality edges change, how much work.

For random reachable games from the start, after each non-capturing move the
complete causality graph G_T (Definition 7.2) is recomputed; we report

* how much the moved piece's edges T[v, u] changed (§8.2.1 constraint 3 says
  -1, 0 or +1; Definition 7.1's doubling makes that false),
* whether Update-MST (optimised, corrected, :func:`reference.graphs.update_mst_engine`)
  gives an MST of the same weight as recomputing from scratch, and
* the edges it handed to Compute-MST (|E'|) and looked at, against n(n-1)/2.

Quick by default; ``--full`` plays more and longer games.  Plots nothing.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from dataclasses import dataclass, field

from reference.dou_shou_qi.causality import complete_causality_graph
from reference.dou_shou_qi.notation import Move
from reference.dou_shou_qi.rules import DouShouQi
from reference.graphs import (
    IndexedCompleteGraph,
    complete_graph_edges,
    mst_kruskal,
    tree_weight,
    update_mst_engine,
)


@dataclass
class Tally:
    """What the moves measured: weight changes, agreement with the from-scratch MST, |E'|."""

    changes: Counter[float] = field(default_factory=Counter)
    agree: int = 0
    moves: int = 0
    reduced: list[tuple[int, int, int]] = field(default_factory=list)
    """(n, |E'|, edges considered) of every Update-MST call."""


def measure_move(game: DouShouQi, move: Move, tally: Tally) -> None:
    """Make the non-capturing ``move``; Update-MST of G_T against the MST from scratch."""
    before = game.pieces()
    weights = complete_causality_graph(before)
    v = next(i for i, p in enumerate(before) if p.square == move.src)
    game.make(move)
    after = game.pieces()
    # keep the vertex order of `before`: the moved piece takes its new square
    order = [
        next(j for j, q in enumerate(after) if q.square == (move.dst if i == v else p.square))
        for i, p in enumerate(before)
    ]
    new_weights_full = complete_causality_graph(after)
    new = [new_weights_full[order[v]][order[u]] if u != v else 0 for u in range(len(before))]
    for u in range(len(before)):
        if u != v:
            tally.changes[new[u] - weights[v][u]] += 1
    graph = IndexedCompleteGraph(weights)
    tree = mst_kruskal(len(before), graph.edges())
    result = update_mst_engine(graph, tree, v, new)
    scratch = tree_weight(mst_kruskal(len(before), complete_graph_edges(graph.matrix())))
    tally.moves += 1
    tally.agree += tree_weight(result.tree) == scratch
    tally.reduced.append((len(before), result.reduced_edges, result.edges_considered))


def report(tally: Tally) -> None:
    """The weight changes, the agreement and the sizes of E' by piece count."""
    print("\nchange of T[v, u] for the moved piece v   count")
    for delta in sorted(tally.changes):
        print(f"{int(delta):>+6}                               {tally.changes[delta]:>6}")
    print(f"\nUpdate-MST weight == from-scratch MST weight: {tally.agree} / {tally.moves}")
    by_n: dict[int, list[tuple[int, int]]] = {}
    for n, e, c in tally.reduced:
        by_n.setdefault(n, []).append((e, c))
    print("\n pieces  n(n-1)/2  mean |E'|  max |E'|  mean considered")
    for n in sorted(by_n):
        rows = by_n[n]
        print(
            f"{n:>7}  {n * (n - 1) // 2:>8}  {sum(e for e, _ in rows) / len(rows):>9.1f}"
            f"  {max(e for e, _ in rows):>8}  {sum(c for _, c in rows) / len(rows):>15.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="20 games of 120 plies")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    games, plies = (20, 120) if args.full else (4, 60)
    rng = random.Random(args.seed)
    tally = Tally()
    for _ in range(games):
        game = DouShouQi(ordering="none")  # moves drawn from generation order, as measured
        for _ in range(plies):
            legal = game.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            if game.piece_at(move.dst) is not None:  # Update-MST handles moves, not captures
                game.make(move)
            else:
                measure_move(game, move, tally)
    print(
        f"{games} random games of up to {plies} plies from the start (seed {args.seed}), "
        f"{tally.moves} non-capturing moves"
    )
    report(tally)


if __name__ == "__main__":
    main()
