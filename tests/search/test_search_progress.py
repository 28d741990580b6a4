"""One progress format for every game's long solve (issue 31): nodes, rate, window, root
moves decided k of n, an estimate never below the time known to remain, one updating line
on a terminal, JSON lines with ``--progress json``.  Clocks are injected; streams are fakes."""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import pytest

from reference import MNKGame
from reference.cli.main import main
from reference.search import context
from reference.search.progress import ProgressPrinter, RootEstimate, SolveReport
from reference.search.solve import solve_raw


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def counting_clock(step: float = 1.0) -> Callable[[], float]:
    ticks = iter(range(10**9))
    return lambda: step * next(ticks)


def often(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ticks every 16 nodes (a 3x3 solve takes under a hundred): a small solve counts as long."""
    monkeypatch.setattr(context, "DEADLINE_CHECK_INTERVAL", 1)
    monkeypatch.setattr(context, "PROGRESS_INTERVAL", 16)


REPORT = SolveReport(nodes=3_000_000, seconds=10.0, run_nodes=2_000_000, run_seconds=10.0,
                     lower=-1, upper=1, bound=0, moves_done=3, moves_total=8,
                     moves={"a1": "best", "b1": "<=0", "c1": "best"}, estimate=20.2)


def test_text_has_every_field() -> None:
    text = REPORT.text()
    assert "3,000,000 nodes" in text and "200,000 nodes/s" in text
    assert "value in [-1, 1], testing >= 0" in text
    assert "root moves 3 of 8 decided: a1 best, b1 <=0, c1 best" in text
    assert "about 21 s left" in text  # rounded up: never below the estimate


def test_text_names_a_few_moves_json_all() -> None:
    moves = {f"m{i}": "best" for i in range(40)}
    many = SolveReport(nodes=1, seconds=1.0, run_nodes=1, run_seconds=1.0, moves_done=40,
                       moves_total=361, moves=moves)
    assert "m7 best, ... (32 more)" in many.text() and "m8" not in many.text()
    assert len(many.as_json()["moves"]) == 40  # type: ignore[arg-type]


def test_work_left_is_never_said_to_take_0_s() -> None:
    quick = SolveReport(nodes=1, seconds=1.0, run_nodes=1, run_seconds=1.0, moves_done=1,
                        moves_total=4, estimate=0.01)
    assert "about 1 s left" in quick.text()
    assert quick.as_json()["estimate_seconds"] == 0.1


def test_all_moves_decided_says_finishing_not_zero_seconds() -> None:
    done = SolveReport(nodes=1, seconds=1.0, run_nodes=1, run_seconds=1.0, moves_done=4,
                       moves_total=4)
    assert "finishing" in done.text() and "0 s left" not in done.text()


def test_json_lines_parse_and_carry_the_fields() -> None:
    out = io.StringIO()
    printer = ProgressPrinter(out, json=True)
    printer(REPORT)
    printer(SolveReport(nodes=5, seconds=0.5, run_nodes=5, run_seconds=0.5))
    printer.close()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(lines) == 2
    first = lines[0]
    assert first["nodes"] == 3_000_000 and first["nodes_per_second"] == 200_000
    assert (first["lower"], first["upper"], first["bound"]) == (-1, 1, 0)
    assert (first["moves_done"], first["moves_total"]) == (3, 8)
    assert first["estimate_seconds"] == 20.2  # rounded up to a tenth: never below
    assert "lower" not in lines[1]


def test_json_on_a_terminal_is_still_one_object_per_line() -> None:
    out = FakeTerminal()
    printer = ProgressPrinter(out, json=True)
    printer(REPORT)
    printer(REPORT)
    assert "\r" not in out.getvalue()
    assert [json.loads(line)["nodes"] for line in out.getvalue().splitlines()] == [3_000_000] * 2


def test_one_updating_line_on_a_terminal() -> None:
    out = FakeTerminal()
    printer = ProgressPrinter(out)
    printer(REPORT)
    printer(SolveReport(nodes=7, seconds=1.0, run_nodes=7, run_seconds=1.0))
    assert "\n" not in out.getvalue()  # no new line while the solve runs
    assert out.getvalue().count("\r") == 2
    first, second = out.getvalue().split("\r")[1:]
    assert len(second) == len(first)  # the shorter line covers the longer one
    printer.note("solve: a warning")  # a note ends the updating line first
    printer.close()
    assert out.getvalue().endswith("\nsolve: a warning\n")


def test_plain_lines_elsewhere() -> None:
    out = io.StringIO()
    printer = ProgressPrinter(out)
    printer(REPORT)
    printer(REPORT)
    printer.close()
    assert "\r" not in out.getvalue() and out.getvalue().count("\n") == 2


def test_estimate_never_below_the_time_known_to_remain() -> None:
    """The Dots and Boxes case of the issue: the value is known at 30 s, three cheap root
    moves are decided at 31, 32 and 33 s, the fourth runs until 62 s.  The old estimate
    (1 s a move x 1 move left) said about 0-1 s left at 34 s; this one grows while the slow
    move runs and never falls below what it has run, nor below the cheapest move times the
    moves left."""
    timing = RootEstimate()
    timing.start(30.0, 0)
    for done, now in enumerate((31.0, 32.0, 33.0), start=1):
        timing.decided(now, done)
    last = 0.0
    for now in range(34, 62):
        estimate = timing.estimate(float(now), 3, 5)
        assert estimate is not None
        running = now - 33.0
        assert estimate >= running  # the move under test is at best half done
        assert estimate >= 1.0 * 2  # the two moves left cost at least the cheapest did
        assert estimate >= last  # it does not shrink while nothing is decided
        last = estimate
    timing.decided(62.0, 4)
    after = timing.estimate(62.0, 4, 5)
    assert after is not None and after >= 1.0
    assert timing.estimate(63.0, 5, 5) is None  # everything decided: no "0 s left"


def test_no_estimate_before_a_move_is_decided() -> None:
    timing = RootEstimate()
    timing.start(0.0, 0)
    assert timing.estimate(5.0, 0, 4) is None


def test_a_resumed_phase_counts_only_its_own_moves() -> None:
    timing = RootEstimate()
    timing.start(100.0, 3)  # three moves decided before the checkpoint
    assert timing.estimate(101.0, 3, 6) is None
    timing.decided(110.0, 4)
    assert timing.estimate(110.0, 4, 6) == pytest.approx(20.0)


def test_the_core_solve_reports_in_the_same_format(monkeypatch: pytest.MonkeyPatch) -> None:
    """(M,N,K) 3x3 solved by the core with a tick every 16 nodes and a clock that advances
    one second per reading: the window narrows from [-1, 1] to the value, the root moves
    are decided 1..9 of 9, and the estimate is there between the first and the last."""
    often(monkeypatch)
    reports: list[SolveReport] = []
    game = MNKGame(3, 3, 3)
    result = solve_raw(game, on_report=reports.append, clock=counting_clock())
    assert reports, "a solve that ticks reports"
    assert all(r.moves_total == 9 for r in reports)
    assert reports[0].nodes_per_second > 0
    done = [r.moves_done for r in reports]
    assert done == sorted(done) and done[-1] == 9
    last = reports[-1]
    assert (last.lower, last.upper, last.bound) == (result.value, result.value, result.value)
    assert last.estimate is None and "finishing" in last.text()
    assert sum(1 for m in last.moves.values() if m == "best") == len(result.best_moves)
    middle = [r for r in reports if 0 < r.moves_done < 9]
    assert middle and all(r.estimate is not None and r.estimate > 0 for r in middle)
    windows = [(r.lower, r.upper) for r in reports if r.lower is not None]
    assert windows[0] in {(-1, 1), (0, 1)}


def test_a_short_core_solve_says_nothing() -> None:
    reports: list[SolveReport] = []
    solve_raw(MNKGame(3, 3, 3), on_report=reports.append)
    assert reports == []  # 3x3 takes far fewer nodes than a tick


def test_command_line_progress_json_for_a_core_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    often(monkeypatch)
    assert main(["solve", "mnk", "--m", "3", "--n", "3", "--k", "3", "--progress", "json"]) == 0
    _, err = capsys.readouterr()
    lines = [json.loads(line) for line in err.strip().splitlines()]
    assert lines and lines[-1]["moves_done"] == lines[-1]["moves_total"] == 9
    assert {"nodes", "seconds", "nodes_per_second", "lower", "upper", "bound"} <= set(lines[-1])
    assert any("estimate_seconds" in line for line in lines)


def test_command_line_text_progress_is_plain_lines_off_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    often(monkeypatch)
    assert main(["solve", "mnk", "--m", "3", "--n", "3", "--k", "3"]) == 0
    _, err = capsys.readouterr()
    assert "\r" not in err
    assert all(line.startswith("solve: ") for line in err.strip().splitlines())
    assert "root moves 9 of 9 decided" in err and "(1 more)" in err


def test_parallel_jobs_report_in_the_same_format() -> None:
    """``--workers``: each finished job is a report of the same format (jobs k of n, nodes,
    speed, an estimate once a job is done), one updating line on a terminal."""
    import argparse

    from reference.cli.main import parallel_options
    from reference.search.stats import SearchStats

    args = argparse.Namespace(workers=2, dask=None, split_depth=None, quiet=False,
                              progress="text")
    out = FakeTerminal()
    options = parallel_options(args, "solve", ProgressPrinter(out))
    on_job = options["on_job"]
    assert on_job is not None
    on_job(1, 4, SearchStats(nodes=100))
    on_job(4, 4, SearchStats(nodes=400))
    text = out.getvalue()
    assert "\n" not in text and text.count("\r") == 2
    assert "solve: 100 nodes" in text and "jobs 1 of 4 done" in text
    assert "jobs 4 of 4 done" in text and "finishing" in text

    lines = io.StringIO()
    args.progress = "json"
    on_job = parallel_options(args, "solve", ProgressPrinter(lines, json=True))["on_job"]
    assert on_job is not None
    on_job(2, 3, SearchStats(nodes=50))
    (line,) = [json.loads(x) for x in lines.getvalue().splitlines()]
    assert (line["jobs_done"], line["jobs_total"], line["nodes"]) == (2, 3, 50)
    assert "nodes_per_second" in line
