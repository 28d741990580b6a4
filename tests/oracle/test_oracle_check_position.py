"""``check --position P`` and ``suite --position P`` (issue 31): the comparison and the random
walks start at P, in every game; the engine is asked in the position form; a finding is
reproduced from P; and ``check()`` from Python returns the object ``check --json`` prints."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from reference.cli.check import check
from reference.cli.main import main
from reference.errors import ParameterError
from reference.oracle.schemas import schema, validate
from reference.oracle.suite import read_suite, verify_line
from reference.registry import load

ENGINE = f"{sys.executable} {Path(__file__).with_name('protocol_engine.py')}"
GAMES = ["mnk", "dots-and-boxes", "connect6", "dou-shou-qi", "wargame"]


def two_plies_in(game: str) -> str:
    """The position after the first legal move twice, in the game's notation."""
    position = load(game).game({}, None, None)
    for _ in range(2):
        position.play(position.legal_moves()[0])
    return str(position.to_notation())


def first_move_at(game: str, notation: str) -> str:
    position = load(game).game({}, notation, None)
    return str(position.format_move(position.legal_moves()[0]))


def report(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    status = main(["check", *argv, "--json", "--quiet"])
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert validate(out, schema("check")) == []
    return status, out


@pytest.mark.parametrize("game", GAMES)
def test_check_from_a_position_agrees_with_a_right_engine(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    start = two_plies_in(game)
    status, out = report(capsys, game, "--engine", f"{ENGINE} {game}", "--position", start,
                         "--positions", "3", "--max-moves", "4", "--depth", "1")
    assert status == 0 and out["agree"] and out["start"] == start
    assert out["checked"] >= 1 and f"from --position {start}" in out["source"]


@pytest.mark.parametrize("game", GAMES)
def test_a_bug_past_the_start_is_found_at_the_position(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The engine loses the first move of every position but the start: from the start a
    --moves check of P's position would need the moves; from P, the finding is at P."""
    start = two_plies_in(game)
    engine = f"{ENGINE} {game} --bug first-move-lost"
    status, out = report(capsys, game, "--engine", engine, "--position", start, "--moves", "",
                         "--depth", "1")
    finding = out["finding"]
    assert status == 1 and out["fault"] is None
    assert finding["moves"] == [] and finding["position"] == start
    assert finding["missing"] == [first_move_at(game, start)]
    assert out["request"] == f"perft 1 position {start}"
    assert "--position" in out["reproduce"] and start in out["reproduce"]


def test_random_walks_start_at_the_position_and_the_finding_replays_from_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    start = two_plies_in("mnk")
    status, out = report(capsys, "mnk", "--engine", f"{ENGINE} mnk --bug edge-diagonal",
                         "--what", "value", "--position", start, "--positions", "40")
    assert status == 1 and out["finding"] is not None
    reached = load("mnk").game({}, start, out["finding"]["moves"])
    assert reached.to_notation() == out["finding"]["position"]
    assert out["finding"]["why"]


def test_position_needs_an_engine_with_the_position_form(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out = report(capsys, "mnk", "--engine", f"{ENGINE} mnk --protocol 1",
                         "--position", two_plies_in("mnk"))
    assert status == 1 and out["finding"] is None
    assert "position form" in out["fault"]["message"]


def test_a_bad_position_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "mnk", "--engine", f"{ENGINE} mnk", "--position", "zzz"]) == 2
    assert "bad position 'zzz'" in capsys.readouterr().err


def test_python_check_returns_what_check_json_prints(capsys: pytest.CaptureFixture[str]) -> None:
    engine = f"{ENGINE} mnk --m 4 --n 3 --bug edge-diagonal"
    start = "..../..../x.o. x"  # 4 x 3, x on a1, o on c1
    _, printed = report(capsys, "mnk", "--m", "4", "--engine", engine, "--what", "value",
                        "--position", start, "--positions", "20")
    returned = check("mnk", engine, what="value", position=start, positions=20,
                     options={"m": 4})
    assert returned == printed
    assert returned["finding"] is not None  # a real disagreement, shortened and explained


def test_python_check_raises_on_bad_input() -> None:
    with pytest.raises(ParameterError, match="--depth"):
        check("mnk", f"{ENGINE} mnk", depth=0)


@pytest.mark.parametrize("game", ["mnk", "wargame"])
def test_suite_from_a_position_writes_start_and_checks_back(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = two_plies_in(game)
    path = tmp_path / "suite.jsonl"
    assert main(["suite", game, "--position", start, "--positions", "3", "--depth", "1",
                 "--max-moves", "3", "--budget", "1", "--quiet", "--output", str(path)]) == 0
    entries = list(read_suite(path.read_text(encoding="utf-8").splitlines()))
    assert entries and all(entry.start == start for entry in entries)
    for text in path.read_text(encoding="utf-8").splitlines():
        assert validate(json.loads(text), schema("suite-line")) == []
    for entry in entries:
        assert verify_line(load(game), entry) == []  # moves from the start key, not the start
    status, out = report(capsys, game, "--engine", f"{ENGINE} {game}", "--suite", str(path))
    assert status == 0 and out["checked"] == len(entries)
    status, out = report(capsys, game, "--engine", f"{ENGINE} {game} --bug first-move-lost",
                         "--suite", str(path))
    assert status == 1 and out["finding"] is not None


def test_suite_and_position_together_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.jsonl"
    main(["suite", "mnk", "--positions", "1", "--quiet", "--output", str(path)])
    status = main(["check", "mnk", "--engine", "x", "--suite", str(path), "--position",
                   two_plies_in("mnk")])
    assert status == 2 and "--suite alone" in capsys.readouterr().err
