"""Figure 8 and Table 1 of seed 002 (Nan et al. 2016): how the plans of one turn grow, and
branching factors of war chess against other board games.

Usage::

    python examples/wargame_figure8_table1.py           # quick (a few seconds)
    python examples/wargame_figure8_table1.py --full    # more measured points and games

What survived the text extraction, and so what is printed as the paper's:

* Figure 8 ("The growth trend of states following under different movement points.
  (a) Movement point: 2, movement cost: 1; (b) movement point: 5, movement cost: 1")
  is a picture: no value survived.  The only number of the paper on these curves
  is §3.1's Fire Emblem example (n = 5 units, movement 5, cost 1, 61 tiles): at
  200 ns per plan one turn takes "from 2.4 minutes to approximately two years";
  its plan counts themselves were lost ("Thus, million and trillion").
* Table 1 ("Branching factors comparison between TBW game and other board
  games") lost every number; only the caption survived.  No column of the
  paper can be printed.

What is computed, and how:

* Figure 8: for n = 1..8 units, r = 2p^2 + 2p + 1 tiles (p = 2: 13, p = 5: 61), the
  §3.1 best case A(r, n) = r!/(r-n)!, the plans n! r^n of units whose ranges are
  disjoint and who do not attack (Assumption 2), and the §3.1 worst case n! (5r)^n,
  each also as time at 200 ns per plan.  For small n the disjoint count is also
  *measured*: Algorithm 5 enumerates the §5 dispersed set-up and counts the plans
  (it must equal the formula; the script checks it).
* Table 1: the war-chess rows are the §3.1 formulas for Fire Emblem and measured
  turns of this package's scenarios (plans = (sequence, plan) pairs counted by
  Algorithm 5; moves = distinct end states, this package's legal moves).  The
  other games of this package are *measured*: the average number of legal moves
  (``legal_moves()``, the rules) over every position of seeded random games.
  Chess and Go are taken from the literature, not computed: the Wikipedia article
  Branching factor gives about 35 for chess and 250 for Go.

``examples/wargame_figures.py`` draws Figure 8 as SVG.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from math import comb, factorial
from typing import TypeVar

from reference import Connect6, DotsAndBoxes, DouShouQi, MNKGame
from reference.search.protocol import Game
from reference.wargame.complexity import (
    FIRE_EMBLEM_RANGE,
    FIRE_EMBLEM_UNITS,
    SECONDS_PER_PLAN,
    plans_best_case,
    plans_worst_case,
    range_size,
)
from reference.wargame.experiment import enumerate_turn, paper_setup
from reference.wargame.figures import FIGURE_3, FIGURE_8_MOVEMENTS, figure_8_rows
from reference.wargame.rules import SKIRMISH, WarState

YEAR = 365.25 * 86400
SEED = 2002
"""Seed of the random games (our choice)."""
M = TypeVar("M")


def duration(plans: int) -> str:
    """``plans`` at 200 ns each, in the largest sensible unit."""
    seconds = plans * SECONDS_PER_PLAN
    for unit, size in (("years", YEAR), ("days", 86400.0), ("hours", 3600.0), ("min", 60.0)):
        if seconds >= size:
            return f"{seconds / size:.3g} {unit}"
    return f"{seconds:.3g} s"


def figure_8(max_measured: dict[int, int]) -> None:
    for movement in FIGURE_8_MOVEMENTS:
        r = range_size(movement)
        letter = "a" if movement == FIGURE_8_MOVEMENTS[0] else "b"
        print(f"\nFigure 8 ({letter}): movement point {movement}, cost 1, r = {r} tiles (computed)")
        rows = figure_8_rows(movement)
        heads = ("best A(r,n)", "disjoint n! r^n", "worst n!(5r)^n")
        w = [max(len(heads[k - 1]), *(len(f"{row[k]:,}") for row in rows)) for k in (1, 2, 3)]
        print(
            f"{'n':>2} {'best A(r,n)':>{w[0]}} {'disjoint n! r^n':>{w[1]}} {'measured':>11} "
            f"{'worst n!(5r)^n':>{w[2]}} {'best @200ns':>12} {'worst @200ns':>13}"
        )
        for n, best, disjoint, worst in rows:
            measured = ""
            if n <= max_measured[movement]:
                result = enumerate_turn(paper_setup(n, movement, "dispersed"), "recursion")
                if result.plans != disjoint:
                    raise AssertionError(f"measured {result.plans} plans, formula {disjoint}")
                measured = f"{result.plans:,}"
            print(
                f"{n:>2} {best:>{w[0]},} {disjoint:>{w[1]},} {measured:>11} {worst:>{w[2]},} "
                f"{duration(best):>12} {duration(worst):>13}",
                flush=True,
            )
    n, r = FIRE_EMBLEM_UNITS, FIRE_EMBLEM_RANGE
    print(
        f"\nThe paper (§3.1, Fire Emblem, n = {n}, r = {r}): 'from 2.4 minutes to approximately two "
        f"years'.\nOurs (row n = 5 of (b)): {duration(plans_best_case(n, r))} to "
        f"{duration(plans_worst_case(n, r))} ({plans_best_case(n, r):,} to "
        f"{plans_worst_case(n, r):,} plans)."
    )


def average_legal_moves(make: Callable[[], Game[M]], games: int, seed: int) -> tuple[float, int]:
    """Mean ``len(legal_moves())`` over every non-terminal position of seeded random games."""
    rng = random.Random(seed)
    total = positions = 0
    for _ in range(games):
        game = make()
        while not game.is_terminal():
            moves = game.legal_moves()
            total += len(moves)
            positions += 1
            game.make(moves[rng.randrange(len(moves))])
    return total / positions, positions


def table_1(games: int) -> None:
    print("\nTable 1: branching factors, war chess (TBW) against other board games")
    print("The paper's numbers were lost in extraction (only the caption survived); nothing below")
    print("is the paper's.  Source column: how each number was obtained.\n")
    rows: list[tuple[str, str, str]] = []
    n, r = FIRE_EMBLEM_UNITS, FIRE_EMBLEM_RANGE
    rows.append(
        (
            f"TBW, Fire Emblem (n = {n}, r = {r}), best case",
            f"{plans_best_case(n, r):,}",
            "§3.1 formula A(r, n)",
        )
    )
    rows.append(
        (
            f"TBW, Fire Emblem (n = {n}, r = {r}), worst case",
            f"{plans_worst_case(n, r):,}",
            "§3.1 formula n! (5r)^n",
        )
    )
    for name, text in (("TBW, Figure 3 position (ours), 4 units to move", FIGURE_3 + " 0/30"),):
        battle = WarState.from_notation(text).battle
        result = enumerate_turn(battle, "recursion")
        rows.append(
            (
                name,
                f"{result.plans:,} plans, {result.distinct_states:,} moves",
                "measured, Algorithm 5, start",
            )
        )
    start = time.perf_counter()
    mean, positions = average_legal_moves(lambda: WarState.from_notation(SKIRMISH), games, SEED)
    rows.append(
        (
            "TBW, default skirmish (3 against 2, 5 x 4)",
            f"{mean:,.1f} moves",
            f"measured, {positions} turns",
        )
    )
    few = max(1, games // 3)
    others: list[tuple[str, int, Callable[[], tuple[float, int]]]] = [
        (
            "tic-tac-toe (3,3,3)",
            20 * games,
            lambda: average_legal_moves(lambda: MNKGame(3, 3, 3), 20 * games, SEED),
        ),
        (
            "Gomoku, free style (15,15,5)",
            games,
            lambda: average_legal_moves(lambda: MNKGame(15, 15, 5), games, SEED),
        ),
        (
            "Connect6 19 x 19 (moves are point pairs)",
            few,
            lambda: average_legal_moves(lambda: Connect6(19), few, SEED),
        ),
        (
            "Dots and Boxes 5 x 5 boxes",
            4 * games,
            lambda: average_legal_moves(lambda: DotsAndBoxes(5, 5), 4 * games, SEED),
        ),
        ("Dou Shou Qi (Jungle)", games, lambda: average_legal_moves(DouShouQi, games, SEED)),
    ]
    for name, count, measure in others:
        mean, positions = measure()
        rows.append(
            (name, f"{mean:,.1f}", f"measured, {positions} positions of {count} random games")
        )
    rows.append(("chess", "about 35", "literature (Wikipedia, Branching factor)"))
    rows.append(("Go 19 x 19", "about 250", "literature (Wikipedia, Branching factor)"))
    width = max(len(name) for name, _, _ in rows)
    value_width = max(len(value) for _, value, _ in rows)
    for name, value, source in rows:
        print(f"{name:<{width}}  {value:>{value_width}}  {source}")
    print(
        f"\nConnect6 check: the first pair move of white has C(360, 2) = {comb(360, 2):,} choices.  "
        f"Random games measured in {time.perf_counter() - start:.1f} s (machine shared, under load)."
    )
    print(f"For scale: 5 units have {factorial(5)} action sequences (§3.1, Step 1).")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="more measured points and random games")
    args = parser.parse_args()
    measured = {2: 4, 5: 3} if args.full else {2: 3, 5: 2}
    figure_8(measured)
    table_1(games=6 if args.full else 2)


if __name__ == "__main__":
    main()
