"""§10 of the Dou Shou Qi thesis (seed 003): ImpliedScore against the full search, on random positions.

SEARCH-SUBPROBLEMS combines the subproblems' searches with ImpliedScore
(§10.5.1): MoveScore of one subproblem plus the NonMoveScores of the others.
This script measures, on a seeded set of random positions that split into two
or more subproblems, how often that choice agrees with plain alpha-beta on the
whole board at the same depth, beside the corrected combination (the *sum* of
the subproblems: one real move per ply in any one of them), and the same on the
positions where the subproblems cannot interact within the depth
(:func:`reference.dou_shou_qi.engine.cannot_interact`).  The literal
combination is :func:`reference.dou_shou_qi.split_search.search_subproblems`; the
whole-board check and the sum are the engine's,
:func:`reference.dou_shou_qi.engine.search_subproblems_engine`.

"agrees (value)": the split search's value equals plain alpha-beta's value.
"agrees (move)": its move is one of the moves plain alpha-beta scores best.
Both are measured; node counts are deterministic.  Quick by default
(50 positions, depths 2 and 4); ``--positions`` and ``--depths`` scale it.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass

from reference.dou_shou_qi.engine import cannot_interact, search_subproblems_engine
from reference.dou_shou_qi.notation import Move, format_placement
from reference.dou_shou_qi.partition import Decomposition, find_subproblems
from reference.dou_shou_qi.positions import random_placement
from reference.dou_shou_qi.rules import DouShouQi
from reference.dou_shou_qi.split_search import SplitSearchResult, search_subproblems
from reference.search import SearchContext, alphabeta, search

SplitSearch = Callable[[DouShouQi, Decomposition, int], SplitSearchResult]

RUNS: tuple[tuple[str, SplitSearch], ...] = (
    ("ImpliedScore (literal)", lambda g, d, depth: search_subproblems(g, d, max_depth=depth)),
    (
        "ImpliedScore + decided check",
        lambda g, d, depth: search_subproblems_engine(g, d, max_depth=depth),
    ),
    (
        "sum of subproblems (corrected)",
        lambda g, d, depth: search_subproblems_engine(
            g, d, max_depth=depth, combination="sum", check_decided=False
        ),
    ),
)
"""The three combinations measured: the thesis's listing, then the engine's two options."""


def best_moves(game: DouShouQi, depth: int) -> tuple[int, set[Move], int]:
    """Plain alpha-beta: the value, every move that achieves it, and the nodes searched."""
    ctx = SearchContext()
    values: dict[Move, int] = {}
    for move in game.legal_moves():
        game.make(move)
        try:
            values[move] = -alphabeta(game, depth - 1, ctx=ctx, ply=1)
        finally:
            game.unmake()
    best = max(values.values())
    return best, {m for m, v in values.items() if v == best}, ctx.counters.nodes


@dataclass
class Tally:
    positions: int = 0
    value: int = 0
    move: int = 0
    nodes: int = 0

    def row(self, label: str, plain_nodes: int) -> str:
        if not self.positions:
            return f"  {label:<34} (no position)"
        return (
            f"  {label:<34} {self.value:>4} / {self.positions:<4} {self.move:>4} / {self.positions:<4}"
            f" {self.nodes:>10,} ({self.nodes / max(plain_nodes, 1):.2f} of plain)"
        )


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--positions", type=int, default=50, help="positions that split (default 50)"
    )
    parser.add_argument(
        "--depths", type=int, nargs="+", default=[2, 4], help="even depths (default 2 4)"
    )
    parser.add_argument("--threshold", type=float, default=4, help="T_thresh (thesis: 4)")
    parser.add_argument("--seed", type=int, default=2010, help="random seed (default 2010)")
    parser.add_argument("--show", action="store_true", help="print every position and verdict")
    return parser.parse_args()


def split_positions(count: int, seed: int, threshold: float) -> list[DouShouQi]:
    """``count`` random unfinished positions (2-6 pieces a side) that split at ``threshold``."""
    rng = random.Random(seed)
    games: list[DouShouQi] = []
    while len(games) < count:
        game = DouShouQi(random_placement(rng, pieces_per_side=(2, 6)), ordering="none")
        if game.is_terminal():
            continue
        if len(find_subproblems(game.pieces(), threshold).subproblems) >= 2:
            games.append(game)
    return games


def measure(
    games: list[DouShouQi], depth: int, threshold: float, show: bool
) -> tuple[int, dict[tuple[str, bool], Tally]]:
    """Plain alpha-beta's nodes, and each combination's tallies (all positions, apart ones)."""
    plain_nodes = 0
    tallies: dict[tuple[str, bool], Tally] = {}
    for game in games:
        value, best, _ = best_moves(game, depth)
        plain_nodes += search(game, depth).stats.nodes
        decomposition = find_subproblems(game.pieces(), threshold)
        apart = cannot_interact(game, decomposition, depth)
        verdicts: list[str] = []
        for label, run in RUNS:
            result = run(game, decomposition, depth)
            for subset in (False, True) if apart else (False,):
                t = tallies.setdefault((label, subset), Tally())
                t.positions += 1
                t.value += result.value == value
                t.move += result.move in best
                t.nodes += result.nodes
            verdicts.append(f"{result.value}/{'ok' if result.move in best else 'not best'}")
        if show:
            print(
                f"    {format_placement(game.placement())}: plain {value}, "
                + ", ".join(verdicts)
                + (" (cannot interact)" if apart else ""),
                file=sys.stderr,
            )
    return plain_nodes, tallies


def main() -> None:
    args = parse_args()
    games = split_positions(args.positions, args.seed, args.threshold)
    print(
        f"{len(games)} random positions (seed {args.seed}, 2-6 pieces a side) that split at "
        f"T_thresh = {args.threshold}; plain = alpha-beta on the whole board"
    )
    for depth in args.depths:
        plain_nodes, tallies = measure(games, depth, args.threshold, args.show)
        print(f"\ndepth {depth}: plain alpha-beta {plain_nodes:,} nodes")
        print(f"  {'':<34} agrees (value) agrees (move)      nodes")
        for subset, title in ((False, "all positions"), (True, "subproblems cannot interact")):
            print(f" {title}:")
            for label, _ in RUNS:
                print(tallies.get((label, subset), Tally()).row(label, plain_nodes))


if __name__ == "__main__":
    main()
