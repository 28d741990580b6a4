"""The §11 self-play runner: tasks, executors, and the Figure 19-21 tables (seed 003)."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

from reference.dou_shou_qi.geometry import Side
from reference.dou_shou_qi.selfplay import (
    CONFIGURATION_4,
    CONFIGURATIONS,
    FIGURE_22,
    FIGURE_23,
    SelfPlayTask,
    average_depths,
    budget_rows,
    make_tasks,
    play_task,
    run_selfplay,
    split_frequencies,
    subproblem_size_histograms,
    win_loss_table,
)
from reference.errors import ParameterError
from reference.search import Budget

FIGURE_13 = "A: Hc2 Cb3 Me6 / B: Ma2 Cb7 Dc7 Ee7 / A"
TINY = Budget(nodes=150)


def test_configurations_are_figure_19() -> None:
    names = [(a.name, b.name) for a, b in CONFIGURATIONS]
    assert names == [
        ("move-ordering", "no heuristic"),
        ("split-searching", "no heuristic"),
        ("split-searching", "move-ordering"),
        ("both heuristics", "move-ordering"),
    ]


def test_make_tasks_plays_every_position_from_both_sides() -> None:
    tasks = make_tasks({"f13": FIGURE_13, "other": FIGURE_13}, TINY)
    assert len(tasks) == 4 * 2 * 2
    assert {(t.configuration, t.position, t.first_side) for t in tasks} == {
        (c, p, s) for c in range(4) for p in ("f13", "other") for s in Side
    }
    with pytest.raises(ParameterError):
        make_tasks({"f13": FIGURE_13}, TINY, configurations=(4,))
    with pytest.raises(ParameterError, match="exactly one"):
        Budget()


def test_split_player_splits_and_records_sizes() -> None:
    """Configuration 2 (split-searching vs no heuristic) on Figure 13 splits at the first move."""
    record = play_task(SelfPlayTask(1, "f13", FIGURE_13, Side.A, TINY, draw_limit=6))
    assert record.result in (-1, 0, 1)
    assert record.plies <= 6
    assert record.splits[0] >= 1 and record.splits[1] == 0
    assert record.subproblem_sizes[0] == (3, 4)
    assert len(record.depths[0]) + len(record.depths[1]) == record.plies
    assert all(d % 2 == 0 for d in record.depths[0][:1])  # split depths are 2, 4, ...


def test_process_pool_gives_the_same_games_as_sequential_play() -> None:
    """Node budgets make games reproducible, whichever executor runs them."""
    tasks = make_tasks({"f13": FIGURE_13}, TINY, configurations=(1,), draw_limit=4)
    sequential = [play_task(t) for t in tasks]
    with ProcessPoolExecutor(max_workers=1) as pool:
        assert run_selfplay(tasks, pool) == sequential


def test_dask_executor_runs_the_same_tasks() -> None:
    """The optional extra ``distributed``: a local Dask cluster as the executor."""
    distributed = pytest.importorskip("distributed")
    tasks = make_tasks({"f13": FIGURE_13}, TINY, configurations=(1,), draw_limit=2)
    with (
        distributed.LocalCluster(n_workers=1, processes=False) as cluster,
        distributed.Client(cluster) as client,
    ):
        records = run_selfplay(tasks, client.get_executor())
    assert records == [play_task(t) for t in tasks]


def test_tables() -> None:
    tasks = make_tasks({"f13": FIGURE_13}, TINY, configurations=(1, 3), draw_limit=4)
    records = [play_task(t) for t in tasks]
    rows = win_loss_table(records)
    assert [r.configuration for r in rows] == [1, 3]
    assert all(r.wins + r.draws + r.losses == 2 for r in rows)
    depths = average_depths(records)
    assert set(depths) == {"split-searching", "no heuristic", "both heuristics", "move-ordering"}
    freqs = split_frequencies(records)
    assert len(freqs) == 4 and all(0 <= f <= 1 for f in freqs)
    hist = subproblem_size_histograms(records)
    assert all(n >= 2 for n in hist)


def test_figures_22_23_rows_are_configuration_4_per_budget() -> None:
    """Figures 22-23: configuration 4's first player at each budget; the thesis's numbers kept."""
    assert CONFIGURATIONS[CONFIGURATION_4][0].name == "both heuristics"
    assert sum(FIGURE_22[30.0]) == sum(FIGURE_22[5.0]) == sum(FIGURE_22[2.0]) == 40
    assert FIGURE_23 == {30.0: 9.28, 5.0: 8.19, 2.0: 7.85}
    runs = []
    for nodes in (200, 40):
        budget = Budget(nodes=nodes)
        tasks = make_tasks({"f13": FIGURE_13}, budget, configurations=(0, 3), draw_limit=4)
        runs.append((budget, [play_task(t) for t in tasks]))
    rows = budget_rows(runs)
    assert [r.budget.nodes for r in rows] == [200, 40]
    for row, (_, records) in zip(rows, runs, strict=True):
        mine = [r for r in records if r.task.configuration == CONFIGURATION_4]
        assert row.games == len(mine) == 2
        assert row.wins + row.draws + row.losses == 2
        assert row.wins == sum(r.result == 1 for r in mine)
        depths = [d for r in mine for d in r.depths[0]]
        assert row.depth == sum(depths) / len(depths)
    assert rows[0].depth >= rows[1].depth  # a larger budget never searches shallower here
