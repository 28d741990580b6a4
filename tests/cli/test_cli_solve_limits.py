"""``solve --time`` / ``--nodes`` on the command line, and a solve that cannot finish says so
at once (issue 31: ``solve connect6`` printed nothing for 40 s and more)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

from cli_runner import Cli

from reference import new_game
from reference.registry import load


def test_a_node_budget_stops_the_solve_and_guesses_nothing(
    cli: Cli,
) -> None:
    status, out, _ = cli("solve", "mnk", "--m", "5", "--n", "5", "--k", "4",
                         "--nodes", "1000", "--json", "--quiet")
    answer = json.loads(out)
    assert status == 3
    assert answer["value"] is None and answer["exact"] is False and answer["stopped"] == "nodes"


def test_a_budget_large_enough_changes_nothing(cli: Cli) -> None:
    status, out, _ = cli("solve", "mnk", "--nodes", "1000000", "--json", "--quiet")
    bounded = json.loads(out)
    status_free, out_free, _ = cli("solve", "mnk", "--json", "--quiet")
    free = json.loads(out_free)
    assert status == status_free == 0
    assert (bounded["value"], bounded["best_moves"], bounded["nodes"]) == (
        free["value"], free["best_moves"], free["nodes"])
    assert bounded["exact"] is True


def test_the_text_answer_says_not_solved(cli: Cli) -> None:
    status, out, _ = cli("solve", "dots-and-boxes", "--rows", "3", "--cols", "3",
                         "--nodes", "100", "--quiet")
    assert status == 3 and out.strip() == "not solved within 100 nodes: no value is guessed"


def test_limits_are_for_a_serial_solve(cli: Cli) -> None:
    status, _, err = cli("solve", "mnk", "--nodes", "100", "--workers", "2")
    assert status == 2 and "serial solve" in err


def test_connect6_says_at_once_what_it_cannot_do() -> None:
    spec = load("connect6")
    assert spec.out_of_reach is not None
    message = spec.out_of_reach(new_game("connect6"))
    assert message is not None and "10^714" in message
    late = (
        "6/b1,f2,a3,b3,c3,b4,d4,e4,a5,c5,f5,a6,d6,e6,f6/"
        "a1,c1,e1,f1,a2,d2,d3,e3,f3,a4,c4,f4,d5,e5,b6,c6"
    )
    assert spec.out_of_reach(new_game("connect6", late, size=6)) is None
    process = subprocess.Popen(
        [sys.executable, "-m", "reference", "solve", "connect6"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert process.stderr is not None
    first = process.stderr.readline()  # the first thing it says, before any search result
    process.send_signal(signal.SIGTERM)
    process.communicate(timeout=60)
    assert first.startswith("solve: a full solve of this position cannot finish")
    assert process.returncode == 128 + signal.SIGTERM
