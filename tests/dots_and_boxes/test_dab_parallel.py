"""Dots and Boxes in parallel (root moves tested side by side) and the progress of a long solve.

The parallel answers are checked against the serial solver (itself checked against
plain minimax in test_dab_solver.py): the value and every optimal move, through forked
workers with a shared table, threads with a table each, and a real Dask cluster.
Progress is tested with a node budget (``progress_nodes``) and an injected clock.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import random
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

import distributed
import pytest

from reference import api
from reference.cli.main import main
from reference.cli.speedup import SpeedupLine, measure_speedup, render_speedup
from reference.dots_and_boxes.engine import Rules, Solver, root_orbits, solve_position
from reference.dots_and_boxes.parallel import (
    MoveBound,
    MoveTest,
    RootBounds,
    Split,
    in_search_order,
    run_rounds,
    solve_in_parallel,
)
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.dots_and_boxes.shared_table import SharedBoxTable
from reference.errors import SearchTimeoutError
from reference.search.context import Deadline
from reference.search.progress import SolveReport
from reference.search.stats import SearchStats

T = TypeVar("T")
BOARDS = [(1, 2), (2, 2), (1, 4), (2, 3), (3, 3)]


class Inline:
    """An executor that runs each job at once, in this thread (one worker)."""

    def submit(self, fn: Callable[..., T], *args: object) -> Future[T]:
        future: Future[T] = Future()
        future.set_result(fn(*args))
        return future


def _serial(rows: int, cols: int) -> tuple[int, tuple[int, ...]]:
    answer = solve_position(DotsAndBoxes(rows, cols)).result
    return answer.value, answer.best_moves


@pytest.mark.parametrize("rows,cols", BOARDS)
def test_root_split_gives_the_serial_value_and_moves(rows: int, cols: int) -> None:
    """One worker in this thread, and two threads with a table each."""
    expected = _serial(rows, cols)
    inline = solve_in_parallel(DotsAndBoxes(rows, cols), Inline())  # type: ignore[arg-type]
    assert (inline.value, inline.best_moves) == expected
    with ThreadPoolExecutor(2) as pool:
        threads = solve_in_parallel(DotsAndBoxes(rows, cols), pool)
    assert (threads.value, threads.best_moves) == expected


def test_root_split_of_positions_in_play_gives_the_serial_answers() -> None:
    """Positions after a few random moves (captures pending, extra turns at the root)."""
    rng = random.Random(5)
    for _ in range(12):
        game = DotsAndBoxes(2, 3)
        for _ in range(rng.randrange(3, 12)):
            game.make(rng.choice(list(game.legal_moves())))
        serial = solve_position(game).result
        parallel = solve_in_parallel(game, Inline())  # type: ignore[arg-type]
        assert (parallel.value, parallel.best_moves) == (serial.value, serial.best_moves)


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 3)])
def test_workers_share_a_table_and_give_the_serial_answers(rows: int, cols: int) -> None:
    """``workers=2``: forked processes searching against one shared table."""
    serial = api.solve(DotsAndBoxes(rows, cols))
    parallel = api.solve(DotsAndBoxes(rows, cols), workers=2)
    assert (parallel.value, parallel.best_moves) == (serial.value, serial.best_moves)


def test_the_shared_table_keeps_the_parallel_nodes_near_the_serial_count() -> None:
    """3x3: the serial solver visits 272,713 nodes; forked workers with one table stay within
    15% of it (the order in which they fill the table varies), threads with a table each
    search the other's transpositions again."""
    game = DotsAndBoxes(3, 3)
    shared = api.solve(game, workers=2).nodes
    assert 272_713 * 0.9 < shared < 272_713 * 1.15
    with ThreadPoolExecutor(2) as pool:
        own = solve_in_parallel(game, pool).stats.nodes
    assert own > shared


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    with distributed.LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        yield str(cluster.scheduler_address)


def test_dask_gives_the_serial_answers(
    dask_address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for rows, cols in [(2, 2), (2, 3), (3, 3)]:
        serial = api.solve(DotsAndBoxes(rows, cols))
        parallel = api.solve(DotsAndBoxes(rows, cols), dask=dask_address)
        assert (parallel.value, parallel.best_moves) == (serial.value, serial.best_moves)
    argv = ["solve", "dots-and-boxes", "--rows", "2", "--cols", "3", "--dask", dask_address]
    assert main([*argv, "--json", "--progress", "json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["value"] == -2
    last = json.loads(err.strip().splitlines()[-1])
    assert last["moves_done"] == last["moves_total"] == 5


def test_rounds_find_the_maximum_and_every_move_that_reaches_it() -> None:
    """The root procedure alone, on made-up classes with known values: a test answers with
    the fail-soft bound an exact search could return (the value itself)."""
    rng = random.Random(11)
    for _ in range(200):
        remaining = rng.randrange(1, 10)
        values = [rng.randrange(-remaining, remaining + 1, 2) for _ in range(rng.randrange(1, 8))]
        asked: list[tuple[int, int]] = []

        def submit(i: int, beta: int, values: list[int] = values,
                   asked: list[tuple[int, int]] = asked) -> Future[MoveBound]:
            asked.append((i, beta))
            future: Future[MoveBound] = Future()
            v = values[i]
            future.set_result(MoveBound(v, None, SearchStats(1)) if v >= beta
                              else MoveBound(None, v, SearchStats(1)))
            return future

        bounds = RootBounds(len(values), remaining)
        stats = run_rounds(bounds, submit)
        best = max(values)
        assert bounds.window() == (best, best)
        assert [i for i, v in enumerate(values) if bounds.lo[i] >= best] == [
            i for i, v in enumerate(values) if v == best
        ]
        assert stats.nodes == len(asked) == len(set(asked))  # no test asked twice


def test_shared_table_misses_other_keys_and_keeps_the_deeper_entry() -> None:
    table = SharedBoxTable.create(7)
    try:
        get, put = table.functions()
        deep, shallow, other = 0b1, 0b1111, 0b1110  # one drawn edge, four, three
        assert deep % 7 == shallow % 7 == 1 and other % 7 == 0
        put(deep, 5)
        put(shallow, 9)  # same bucket, fewer undrawn edges: the second slot
        put(other, 3)
        assert (get(deep), get(shallow), get(other), get(deep + 7)) == (5, 9, 3, None)
        put(shallow, 10)
        assert (get(deep), get(shallow)) == (5, 10)
        assert table.filled() == 3
        attached = SharedBoxTable.attach(table.name)
        assert attached.functions()[0](deep) == 5
        attached.close()
    finally:
        table.destroy()


@pytest.mark.parametrize("buckets", [64, 1 << 10])
def test_a_solver_on_a_shared_table_gives_the_serial_values(buckets: int) -> None:
    """64 buckets: entries are replaced all the time (more nodes), the values stay."""
    table = SharedBoxTable.create(buckets)
    try:
        shared = Solver(2, 3, shared=table)
        assert shared.value(0) == Solver(2, 3).value(0) == -2
        assert table.filled() > 0
    finally:
        table.destroy()


# --- progress ---------------------------------------------------------------------------


def _clock() -> Callable[[], float]:
    ticks = iter(range(10**9))
    return lambda: float(next(ticks))


def test_serial_progress_reports_window_root_moves_and_speed() -> None:
    """3x3 (value -3, 4 classes of root moves), a report every 4,096 nodes, a clock that
    advances one second per reading."""
    reports: list[SolveReport] = []
    answer = solve_position(DotsAndBoxes(3, 3), on_report=reports.append,
                            progress_nodes=4096, clock=_clock()).result
    ticks = [r for r in reports if r.nodes % 4096 == 0]
    assert len(ticks) == answer.stats.nodes // 4096
    assert [r.nodes for r in reports] == sorted(r.nodes for r in reports)
    first = reports[0]
    assert (first.nodes, first.moves_done, first.moves_total) == (4096, 0, 4)
    assert first.nodes_per_second == 4096.0 and first.seconds == 1.0
    last = reports[-1]
    assert (last.lower, last.upper, last.bound) == (-3, -3, -3)
    assert last.moves_done == last.moves_total == 4
    assert set(last.moves.values()) == {"=-3"}
    assert last.estimate is None  # every move decided: "finishing", never "0 s left"
    windows = [(r.lower, r.upper) for r in reports]
    for (lo1, hi1), (lo2, hi2) in itertools.pairwise(windows):
        assert lo1 is not None and hi1 is not None and lo2 is not None and hi2 is not None
        assert lo1 <= lo2 and hi2 <= hi1  # the window only narrows
    done = [r.moves_done for r in reports]
    assert done == sorted(done) and done[-1] == 4
    assert any(r.estimate is not None and r.estimate > 0 for r in reports)


def test_progress_survives_a_checkpoint_and_resume(tmp_path: Path) -> None:
    """A solve stopped after a fixed number of clock readings, resumed from its checkpoint:
    the first report of the resumed run carries the nodes and seconds before it."""
    path = tmp_path / "3x3.ckpt"
    game = DotsAndBoxes(3, 3)
    deadline = Deadline(60.0, clock=_clock())
    before: list[SolveReport] = []
    with pytest.raises(SearchTimeoutError):
        solve_position(game, checkpoint=path, checkpoint_nodes=1024, deadline=deadline,
                       on_report=before.append, progress_nodes=1024)
    after: list[SolveReport] = []
    answer = solve_position(game, checkpoint=path, checkpoint_nodes=1024,
                            on_report=after.append, progress_nodes=1024)
    assert before and after
    assert after[0].nodes > before[-1].nodes and after[0].run_nodes < after[0].nodes
    assert after[0].seconds >= after[0].run_seconds
    assert (answer.result.value, after[-1].moves_done) == (-3, 4)


def test_parallel_progress_reports_each_root_test() -> None:
    reports: list[SolveReport] = []
    answer = solve_in_parallel(DotsAndBoxes(2, 3), Inline(),  # type: ignore[arg-type]
                               on_report=reports.append)
    assert reports[-1].moves_done == reports[-1].moves_total == 5
    assert (reports[-1].lower, reports[-1].upper) == (answer.value, answer.value)
    assert reports[-1].nodes == answer.stats.nodes


def test_command_line_progress_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    """``--progress json``: every stderr line is one JSON object; the last has every root
    move decided (serial and --workers 2)."""
    for extra in ([], ["--workers", "2"]):
        argv = ["solve", "dots-and-boxes", "--rows", "2", "--cols", "3", "--progress", "json"]
        assert main([*argv, *extra]) == 0
        _, err = capsys.readouterr()
        lines = [json.loads(line) for line in err.strip().splitlines()]
        assert lines, extra
        assert lines[-1]["moves_done"] == lines[-1]["moves_total"] == 5
        assert {"nodes", "seconds", "nodes_per_second", "lower", "upper"} <= set(lines[-1])


def test_bench_speedup_compares_serial_and_workers_side_by_side() -> None:
    """``bench --speedup``'s measurement on a small board: the same answer is checked and
    the table shows it (the 3x4 line of ``make bench`` is too long for a test)."""
    lines = (SpeedupLine("dots-and-boxes", "2x3", lambda: DotsAndBoxes(2, 3)),)
    rows = measure_speedup(2, lines, lambda _: None)
    assert rows[0]["same_answer"] is True and rows[0]["value"] == -2
    assert rows[0]["serial_nodes"] == 4_602
    table = render_speedup(rows)
    assert "| solve dots-and-boxes 2x3 (workers 2) | yes |" in table


# --- the split class: its child's moves as jobs ------------------------------------------


class Recording:
    """An executor that runs each job at once in this thread and keeps the jobs."""

    def __init__(self) -> None:
        self.jobs: list[MoveTest] = []

    def submit(self, fn: Callable[[MoveTest], MoveBound], job: MoveTest) -> Future[MoveBound]:
        self.jobs.append(job)
        future: Future[MoveBound] = Future()
        future.set_result(fn(job))
        return future


@pytest.mark.parametrize("rows,cols", BOARDS)
def test_the_split_class_gives_the_serial_value_and_moves(rows: int, cols: int) -> None:
    """``split_edges=0``: the first class's test is cut into its child's moves; the jobs
    include grandchildren of the root (two edges more), and the answer is the serial one."""
    expected = _serial(rows, cols)
    recording = Recording()
    inline = solve_in_parallel(
        DotsAndBoxes(rows, cols), recording, split_edges=0  # type: ignore[arg-type]
    )
    assert (inline.value, inline.best_moves) == expected
    if rows * cols > 1:
        assert any(job.child.bit_count() == 2 for job in recording.jobs)
    with ThreadPoolExecutor(2) as pool:
        threads = solve_in_parallel(DotsAndBoxes(rows, cols), pool, split_edges=0)
    assert (threads.value, threads.best_moves) == expected


def test_the_split_of_positions_in_play_gives_the_serial_answers() -> None:
    """Random positions (captures pending, extra turns), the first class split: its test
    is optimal in some and not in others (a speculative split that fails), and the
    answers are the serial solver's either way."""
    rng = random.Random(7)
    outcomes: set[bool] = set()
    for _ in range(40):
        game = DotsAndBoxes(2, 3)
        for _ in range(rng.randrange(1, 10)):
            game.make(rng.choice(list(game.legal_moves())))
        if game.is_terminal():
            continue
        serial = solve_position(game).result
        parallel = solve_in_parallel(game, Inline(), split_edges=0)  # type: ignore[arg-type]
        assert (parallel.value, parallel.best_moves) == (serial.value, serial.best_moves)
        first = in_search_order(root_orbits(game, Rules.of_game(game)), game, Rules.of_game(game))
        outcomes.add(first[0][0] in serial.best_moves)
    assert outcomes == {True, False}


def test_split_workers_on_a_shared_table_give_the_serial_answers() -> None:
    """Forked workers, one shared table, the first class split (``split_edges=0``)."""
    context = multiprocessing.get_context("fork")
    for rows, cols in [(2, 3), (3, 3)]:
        with ProcessPoolExecutor(2, mp_context=context) as pool:
            parallel = solve_in_parallel(
                DotsAndBoxes(rows, cols), pool, share_table=True, split_edges=0
            )
        assert (parallel.value, parallel.best_moves) == _serial(rows, cols)


def test_split_bounds_follow_the_child_moves() -> None:
    """``Split.combine``: made-up move answers against the child's bound; one move at or
    above it bounds the child from below, all below it bound it from above, and the
    class is ``gain + c`` (the mover moves again) or ``-c``."""
    one = SearchStats(1)
    below = [MoveBound(None, -3, one), MoveBound(None, -1, one)]
    above = MoveBound(2, None, one)
    assert Split.of(0, 0) == Split(0, 1)  # worth >= 0 <=> the child is not >= 1
    assert Split.of(2, 3) == Split(2, 1)  # worth >= 3 <=> the child is >= 1
    assert Split(0, 1).combine(below, 3) is None  # a move still to come may refute
    found = Split(0, 1).combine(below, 2)
    assert found is not None and (found.lower, found.upper, found.stats.nodes) == (1, None, 2)
    found = Split(0, 1).combine([*below, above], 5)
    assert found is not None and (found.lower, found.upper) == (None, -2)
    found = Split(2, 1).combine([*below, above], 5)
    assert found is not None and (found.lower, found.upper) == (4, None)
    found = Split(2, 1).combine(below, 2)
    assert found is not None and (found.lower, found.upper) == (None, 1)
