"""A fuzz test of the command line: bad input never gives a traceback.

Each example is one command line of the grammar in ``cli_grammar.py`` (commands,
games, options; garbage values, digits that are not ASCII, 5,000-digit numbers,
empty strings, option prefixes, mutated positions and moves, unreadable scenario
files), run in-process through :func:`reference.cli.main.main` with random lines
on stdin for ``play``.  Valid values are cheap (small boards, depth <= 2, short
time limits, a ply cap on ``play``), so every example ends quickly.  Checked:

* the exit status is 0 or 2 (no exception escapes);
* status 2 comes with one line on stderr (the last line, when progress was printed);
* a command line that must be refused (an option prefix, a negative or huge
  number, a digit that is not ASCII) exits 2;
* with ``--json`` and status 0, stdout is exactly one JSON object on one line.

The stand-alone harness ``tests/cli/fuzz_cli.py`` runs thousands of the same cases
in subprocesses with a time limit.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import pytest
from cli_grammar import Case, draw_case, scenario_paths, verdict, write_scenarios
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference.cli.main import main

T = TypeVar("T")


class DataChooser:
    """A grammar chooser whose every choice is a hypothesis draw (so examples shrink)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choice(self, options: Sequence[T]) -> T:
        return options[self.data.draw(st.integers(0, len(options) - 1))]

    def chance(self, probability: float) -> bool:
        return self.data.draw(st.integers(0, 999)) < probability * 1000

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))


def run_case(
    case: Case, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    stdin = io.TextIOWrapper(io.BytesIO(case.stdin.encode()), encoding="utf-8")  # has .buffer
    monkeypatch.setattr("sys.stdin", stdin)
    status = main(list(case.argv))
    out, err = capsys.readouterr()
    return status, out, err


def check(case: Case, status: int, out: str, err: str) -> None:
    problem = verdict(case, status, out, err)
    assert problem is None, (problem, case, status, out[-300:], err[-300:])


@pytest.fixture(scope="module")
def scenarios(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, ...]:
    directory = tmp_path_factory.mktemp("scenarios")
    write_scenarios(str(directory))
    return scenario_paths(str(directory))


@settings(
    max_examples=100,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_command_line_fuzz_exits_0_or_2_without_traceback(
    data: st.DataObject,
    scenarios: tuple[str, ...],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    case = draw_case(DataChooser(data), scenarios)
    status, out, err = run_case(case, capsys, monkeypatch)
    check(case, status, out, err)


KNOWN_CLASSES = [
    # digits that are not ASCII, numbers over 4,300 digits
    ("show", "mnk", "--moves", "b²"),
    ("show", "mnk", "--moves", "b٢"),
    ("show", "mnk", "--m", "٣"),
    ("perft", "mnk", "--depth", "9" * 5000),
    ("show", "dou-shou-qi", "--position", "A: Ea1 Ca4 / B: Dd3 Ef7 / A / " + "1" * 5000),
    ("show", "dots-and-boxes", "--moves", "h٠,0"),
    ("show", "connect6", "--position", "1𝟐/a1/b1,c1"),
    ("show", "wargame", "--moves", "a1-a" + "2" * 5000),
    # impossible positions
    ("show", "connect6", "--position", "10/a1,b1,c1,d1/a10,b10,c10"),
    ("show", "dots-and-boxes", "--position", "2x2:0x0:3:0:1"),
    ("show", "dou-shou-qi", "--position", "A: Ta1 / B: - / A"),
    ("show", "dou-shou-qi", "--position", "A: Ta1 / B: Lg9 / A / 250"),
    # absurd sizes and negative limits
    ("perft", "dou-shou-qi", "--depth", "1" + "0" * 30),
    ("bestmove", "connect6", "--time", "1e308"),
    ("bestmove", "connect6", "--time", "nan"),
    ("play", "mnk", "--max-plies", "-5"),
    ("solve", "mnk", "--m", "3", "--n", "3", "--k", "-3"),
    ("partition", "dou-shou-qi", "--threshold", "inf"),
    # option prefixes
    ("show", "mnk", "--mo", "b2"),
    ("show", "connect6", "--pos", "6//"),
    ("perft", "mnk", "--dep", "1"),
    ("bestmove", "mnk", "--de", "1", "--json"),
    # files that are not scenarios
    ("show", "wargame", "--scenario", "/nonexistent/scenario"),
    ("show", "wargame", "--scenario", "/"),
    ("show", "wargame", "--scenario", "/dev/zero"),
    ("show", "wargame", "--scenario", "/dev/null", "--position", "... aS@a1,bS@c1 a"),
    ("annotate", "mnk", "--file", "/dev/zero"),
    ("annotate", "mnk", "--moves", "b2", "--budget", "١٠٠"),
]


@pytest.mark.parametrize("argv", KNOWN_CLASSES, ids=lambda argv: " ".join(argv)[:60])
def test_known_bad_input_classes_exit_2_with_one_line(
    argv: tuple[str, ...], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """One example of every class of failure a fuzz run of the command line once found."""
    status, out, err = run_case(Case(argv, "", ("known class",)), capsys, monkeypatch)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: "), err
    assert len(err) < 400, err


def test_scenario_that_is_not_utf8_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    binary = tmp_path / "ls"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)))
    argv = ("show", "wargame", "--scenario", str(binary))
    status, _, err = run_case(Case(argv, ""), capsys, monkeypatch)
    assert status == 2 and "is not UTF-8 text" in err and err.count("\n") == 1
    status, _, err = run_case(Case(("annotate", "mnk", "--file", str(binary)), ""), capsys, monkeypatch)
    assert status == 2 and "is not UTF-8 text" in err and err.count("\n") == 1
