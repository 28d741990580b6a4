"""``check`` on every game: an engine naming moves another legal way (a Connect6 pair the
other way round, a war-chess plan with its actions in another order) still agrees; a move
the reference does not know is reported as extra."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from reference.cli.main import main

ENGINE = Path(__file__).with_name("protocol_engine.py")
DUO = "...../..... aS@a1:5/1/1/1-1,aA@b1:5/1/1/1-1,bS@e2:5/1/1/1-1 a 0/4"
"""Two units against one on 5 x 2, four side turns (plans of two units have two actions)."""


def run_check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    status = main(["check", *argv, "--json", "--quiet"])
    out, err = capsys.readouterr()
    assert err == ""
    result: dict[str, Any] = json.loads(out)
    return status, result


@pytest.mark.parametrize(
    ("game", "options", "extra"),
    [
        ("connect6", ["--size", "6"], ["--depth", "1", "--positions", "15"]),
        ("dou-shou-qi", [], ["--depth", "2", "--positions", "10"]),
        (
            "dou-shou-qi",
            ["--draw-limit", "6"],
            ["--what", "value", "--min-moves", "3", "--max-moves", "5", "--positions", "4"],
        ),
        (
            "connect6",
            ["--size", "6"],
            ["--what", "value", "--min-moves", "15", "--max-moves", "16", "--positions", "4"],
        ),
    ],
)
def test_every_game_agrees_with_itself_behind_the_protocol(
    capsys: pytest.CaptureFixture[str], game: str, options: list[str], extra: list[str]
) -> None:
    engine = shlex.join([sys.executable, str(ENGINE), game, *options, "--aliases"])
    status, out = run_check(capsys, game, *options, "--engine", engine, *extra)
    assert status == 0 and out["agree"] and out["checked"] >= 4, out


def test_war_chess_plans_are_matched_by_the_state_they_reach(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    scenario = tmp_path / "duo.txt"
    scenario.write_text(DUO + "\n")
    options = ["--scenario", str(scenario)]
    engine = shlex.join([sys.executable, str(ENGINE), "wargame", *options, "--aliases"])
    status, out = run_check(
        capsys, "wargame", *options, "--engine", engine, "--depth", "2", "--positions", "8"
    )
    assert status == 0 and out["agree"], out
    # the aliases are really other names: the engine's first answer names a plan our way round
    from reference.oracle.engine import Engine

    with Engine(shlex.split(engine)) as peer:
        names = list(peer.perft([], 1).counts)
    assert "b1-b1,a1-a1" in names and "a1-a1,b1-b1" not in names
