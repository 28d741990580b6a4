"""The self-play experiments of §11: four configurations, both sides of every position.

Seed 003, §11 (Figures 19-23): players with and without move ordering and split
search play each test position twice, once from each side, with a fixed budget
per move and a draw after 200 moves; we count wins / draws / losses (Figure 19),
average search depth (Figure 20), split frequency and subproblem sizes (Figure 21),
and configuration 4 again at smaller budgets (Figures 22-23: 30, 5 and 2 s per move
in the thesis; :func:`budget_rows`).

Games run in parallel through any :class:`concurrent.futures.Executor`: a
process pool by default; for a cluster, pass ``distributed.Client(...).get_executor()``
(``pip install '.[distributed]'``).  Every game is one task
(:func:`play_task`, a picklable top-level function of a frozen
:class:`SelfPlayTask`), so no job system of our own is needed.

The players, their move choice and the budget per move (:class:`~reference.search.Budget`:
nodes by default, for reproducible numbers, or the thesis's seconds) are in
:mod:`reference.dou_shou_qi.players`.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass

from reference.dou_shou_qi.geometry import Side
from reference.dou_shou_qi.partition import CausalityMST
from reference.dou_shou_qi.players import (
    BOTH_HEURISTICS,
    MOVE_ORDERING,
    NO_HEURISTIC,
    SPLIT_SEARCHING,
    SearchPlayer,
    choose_within_budget,
)
from reference.dou_shou_qi.rules import DEFAULT_DRAW_LIMIT, DouShouQi
from reference.errors import ParameterError
from reference.search import Budget

DEFAULT_THRESHOLD = 4
"""T_thresh in every test of the thesis (§11.2)."""


CONFIGURATIONS: tuple[tuple[SearchPlayer, SearchPlayer], ...] = (
    (MOVE_ORDERING, NO_HEURISTIC),
    (SPLIT_SEARCHING, NO_HEURISTIC),
    (SPLIT_SEARCHING, MOVE_ORDERING),
    (BOTH_HEURISTICS, MOVE_ORDERING),
)
"""Figure 19's four configurations: (player, opponent)."""

FIGURE_19 = ((15, 18, 7), (10, 24, 6), (3, 20, 17), (6, 20, 14))
"""The thesis's wins / draws / losses of the first player of each configuration (Figure 19)."""

FIGURE_20 = {
    "no heuristic": 7.76,
    "move-ordering": 8.97,
    "split-searching": 8.06,
    "both heuristics": 9.28,
}
"""The thesis's average search depth in plies (Figure 20, 30 s per move)."""


FIGURE_22 = {30.0: (6, 20, 14), 5.0: (10, 21, 9), 2.0: (8, 19, 13)}
"""The thesis's wins / draws / losses of configuration 4 (both heuristics vs move-ordering)
at 30, 5 and 2 seconds per move (Figure 22)."""

FIGURE_23 = {30.0: 9.28, 5.0: 8.19, 2.0: 7.85}
"""The thesis's average depth of the combined-heuristic player at 30, 5 and 2 s per move
(Figure 23)."""

CONFIGURATION_4 = 3
"""The index of configuration 4 (split-searching and move-ordering vs move-ordering)."""


@dataclass(frozen=True, slots=True)
class SelfPlayTask:
    """One game: configuration ``configuration`` from ``notation``, its first player on ``first_side``."""

    configuration: int
    position: str
    notation: str
    first_side: Side
    budget: Budget
    threshold: float = DEFAULT_THRESHOLD
    draw_limit: int = DEFAULT_DRAW_LIMIT
    max_depth: int = 64
    """A safety cap on iterative deepening (never reached with node budgets in practice)."""


@dataclass(frozen=True, slots=True)
class SelfPlayRecord:
    """What one game produced."""

    task: SelfPlayTask
    result: int
    """For the configuration's first player: 1 win, 0 draw, -1 loss."""
    plies: int
    depths: tuple[tuple[int, ...], tuple[int, ...]]
    """Depth reached at each move by the first player and by the opponent."""
    splits: tuple[int, int]
    """Moves chosen by a split search (first player, opponent)."""
    subproblem_sizes: tuple[tuple[int, ...], ...]
    """The piece counts of the subproblems of every split search in the game."""


def play_task(task: SelfPlayTask) -> SelfPlayRecord:
    """Play one self-play game (a picklable task for any executor)."""
    first, second = CONFIGURATIONS[task.configuration]
    game = DouShouQi.from_notation(task.notation, draw_limit=task.draw_limit)
    start_plies = game.plies
    depths: tuple[list[int], list[int]] = ([], [])
    splits = [0, 0]
    sizes: list[tuple[int, ...]] = []
    tracker = CausalityMST(game.pieces()) if first.split or second.split else None
    while not game.is_terminal():
        who = 0 if game.to_move == task.first_side else 1
        player = first if who == 0 else second
        choice = choose_within_budget(
            game, player, task.budget, task.threshold, task.max_depth, tracker
        )
        depths[who].append(choice.depth)
        if choice.sizes is not None:
            splits[who] += 1
            sizes.append(choice.sizes)
        game.play(choice.move)
        if tracker is not None:
            tracker.follow(game.pieces())  # one piece moved: Update-MST (captures: recompute)
    winner = game.winner()
    result = 0 if winner is None else (1 if winner == task.first_side else -1)
    return SelfPlayRecord(
        task,
        result,
        game.plies - start_plies,
        (tuple(depths[0]), tuple(depths[1])),
        (splits[0], splits[1]),
        tuple(sizes),
    )


def make_tasks(
    positions: dict[str, str],
    budget: Budget,
    *,
    configurations: Sequence[int] = (0, 1, 2, 3),
    threshold: float = DEFAULT_THRESHOLD,
    draw_limit: int = DEFAULT_DRAW_LIMIT,
) -> list[SelfPlayTask]:
    """Every configuration x position x side (§11: "played every position twice")."""
    for c in configurations:
        if not 0 <= c < len(CONFIGURATIONS):
            raise ParameterError(f"configurations are 0..{len(CONFIGURATIONS) - 1}, got {c}")
    return [
        SelfPlayTask(c, name, notation, side, budget, threshold, draw_limit)
        for c in configurations
        for name, notation in positions.items()
        for side in Side
    ]


def run_selfplay(
    tasks: Sequence[SelfPlayTask], executor: Executor | None = None, *, workers: int = 2
) -> list[SelfPlayRecord]:
    """Play every task through ``executor`` (default: a process pool of ``workers``)."""
    if executor is not None:
        return list(executor.map(play_task, tasks))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(play_task, tasks))


@dataclass(frozen=True, slots=True)
class ConfigurationRow:
    """One row of Figure 19."""

    configuration: int
    player: str
    opponent: str
    wins: int
    draws: int
    losses: int


def win_loss_table(records: Iterable[SelfPlayRecord]) -> list[ConfigurationRow]:
    """Figure 19: wins / draws / losses of each configuration's first player."""
    counts = {c: [0, 0, 0] for c in range(len(CONFIGURATIONS))}
    for r in records:
        counts[r.task.configuration][1 - r.result] += 1
    return [
        ConfigurationRow(c, CONFIGURATIONS[c][0].name, CONFIGURATIONS[c][1].name, *counts[c])
        for c in counts
        if sum(counts[c])
    ]


def average_depths(records: Iterable[SelfPlayRecord]) -> dict[str, float]:
    """Figure 20: the average depth reached per move, by player."""
    depths: dict[str, list[int]] = {}
    for r in records:
        first, second = CONFIGURATIONS[r.task.configuration]
        depths.setdefault(first.name, []).extend(r.depths[0])
        depths.setdefault(second.name, []).extend(r.depths[1])
    return {name: statistics.fmean(d) for name, d in depths.items() if d}


def split_frequencies(records: Iterable[SelfPlayRecord]) -> list[float]:
    """Figure 21(a): per game and splitting player, split searches / moves searched."""
    result: list[float] = []
    for r in records:
        for who, player in enumerate(CONFIGURATIONS[r.task.configuration]):
            if player.split and r.depths[who]:
                result.append(r.splits[who] / len(r.depths[who]))
    return result


def subproblem_size_histograms(records: Iterable[SelfPlayRecord]) -> dict[int, dict[int, int]]:
    """Figure 21(b)-(f): for each n-way split, how many subproblems had each piece count."""
    histograms: dict[int, dict[int, int]] = {}
    for r in records:
        for sizes in r.subproblem_sizes:
            h = histograms.setdefault(len(sizes), {})
            for size in sizes:
                h[size] = h.get(size, 0) + 1
    return {n: dict(sorted(h.items())) for n, h in sorted(histograms.items())}


@dataclass(frozen=True, slots=True)
class BudgetRow:
    """One row of Figures 22-23: configuration 4 at one budget per move."""

    budget: Budget
    wins: int
    draws: int
    losses: int
    depth: float
    """Average depth reached by the combined-heuristic player (Figure 23)."""
    games: int


def budget_rows(
    records_by_budget: Sequence[tuple[Budget, Sequence[SelfPlayRecord]]],
) -> list[BudgetRow]:
    """Figures 22-23: configuration 4's first player at each budget (W / D / L, average depth)."""
    rows: list[BudgetRow] = []
    for budget, records in records_by_budget:
        mine = [r for r in records if r.task.configuration == CONFIGURATION_4]
        if not mine:
            continue
        table = win_loss_table(mine)[0]
        depths = [d for r in mine for d in r.depths[0]]
        rows.append(
            BudgetRow(
                budget,
                table.wins,
                table.draws,
                table.losses,
                statistics.fmean(depths) if depths else 0.0,
                len(mine),
            )
        )
    return rows
