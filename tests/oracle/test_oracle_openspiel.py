"""This package against an engine nobody here wrote: OpenSpiel's C++ ``mnk`` and
``dots_and_boxes`` behind the check protocol (``examples/openspiel_engine.py``).

OpenSpiel is in the ``peers`` extra, which the ``dev`` set-up installs, so these tests
run wherever ``make test`` does (they are not skipped when it is missing: they fail).
"""

from __future__ import annotations

import importlib.util
import json
import shlex
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from reference.cli.main import main

EXAMPLE = Path(__file__).parent.parent.parent / "examples" / "openspiel_engine.py"


def openspiel(*args: str) -> str:
    return shlex.join([sys.executable, str(EXAMPLE), *args])


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("openspiel_engine", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    status = main(["check", *argv, "--json", "--quiet"])
    out, err = capsys.readouterr()
    result: dict[str, Any] = json.loads(out)
    assert status == 0 and result["agree"], result
    assert err == ""
    return result


def test_the_move_name_mapping() -> None:
    """OpenSpiel numbers mnk cells row by row from the top, this package names them from a1
    at the bottom left; dots_and_boxes names are OpenSpiel's own."""
    example = load_example()
    mnk = example.OpenSpielEngine("mnk", {"m": 4, "n": 3, "k": 3})
    assert [mnk.to_name[a] for a in (0, 3, 4, 11)] == ["a3", "d3", "a2", "d1"]
    boxes = example.OpenSpielEngine(
        "dots_and_boxes", {"num_rows": 1, "num_cols": 2, "utility_margin": True}
    )
    assert [boxes.to_name[a] for a in range(7)] == [
        "h0,0",
        "h0,1",
        "h1,0",
        "h1,1",
        "v0,0",
        "v0,1",
        "v0,2",
    ]


def test_tic_tac_toe_perft_and_value_agree_with_openspiel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    engine = openspiel("mnk", "--m", "3", "--n", "3", "--k", "3")
    ttt = ["mnk", "--m", "3", "--n", "3", "--k", "3", "--engine", engine, "--max-moves", "9"]
    perft = check(capsys, *ttt, "--what", "perft", "--depth", "2", "--positions", "300")
    value = check(capsys, *ttt, "--what", "value", "--positions", "200", "--seed", "2")
    assert perft["checked"] + value["checked"] >= 450  # distinct random positions


def test_dots_and_boxes_perft_and_value_agree_with_openspiel(
    capsys: pytest.CaptureFixture[str],
) -> None:
    engine = openspiel("dots-and-boxes", "--rows", "2", "--cols", "2")
    boxes = ["dots-and-boxes", "--rows", "2", "--cols", "2", "--engine", engine]
    perft = check(
        capsys, *boxes, "--what", "perft", "--depth", "2", "--positions", "300", "--max-moves", "12"
    )
    # OpenSpiel's alpha-beta has no table: positions with at least 5 edges drawn keep it quick
    value = check(
        capsys,
        *boxes,
        "--what",
        "value",
        "--positions",
        "150",
        "--min-moves",
        "5",
        "--max-moves",
        "12",
    )
    assert perft["checked"] == 300 and value["checked"] == 150


@pytest.mark.parametrize(
    ("game", "ours", "theirs"),
    [
        ("mnk", ["--m", "4", "--n", "3", "--k", "3"], ["--m", "4", "--n", "3", "--k", "3"]),
        ("mnk", ["--m", "3", "--n", "4", "--k", "3"], ["--m", "3", "--n", "4", "--k", "3"]),
        ("dots-and-boxes", ["--rows", "1", "--cols", "3"], ["--rows", "1", "--cols", "3"]),
        ("dots-and-boxes", ["--rows", "3", "--cols", "1"], ["--rows", "3", "--cols", "1"]),
    ],
)
def test_non_square_boards_agree_with_openspiel(
    capsys: pytest.CaptureFixture[str], game: str, ours: list[str], theirs: list[str]
) -> None:
    """A transposed mapping (rows for columns) could pass on square boards, not on these.  (A
    mirror image is a symmetry of both games, which no count or value can see:
    ``test_the_move_name_mapping`` pins the orientation.)"""
    check(
        capsys,
        game,
        *ours,
        "--engine",
        openspiel(game, *theirs),
        "--depth",
        "3",
        "--positions",
        "30",
    )


@pytest.mark.parametrize(
    ("game", "ours", "theirs", "words"),
    [
        ("mnk", ["--m", "4", "--n", "4", "--k", "4"], ["--m", "4", "--n", "4", "--k", "3"], "(k)"),
        ("mnk", ["--m", "3", "--n", "3", "--k", "3"], ["--m", "4", "--n", "3", "--k", "3"], "(m)"),
        ("dots-and-boxes", ["--rows", "2", "--cols", "2"], ["--rows", "2", "--cols", "3"], "(cols)"),
    ],
)
def test_other_game_options_behind_openspiel_are_caught_at_the_handshake(
    capsys: pytest.CaptureFixture[str], game: str, ours: list[str], theirs: list[str], words: str
) -> None:
    """The control: OpenSpiel playing another game (3 in a row against 4, a 4 x 3 board against
    3 x 3, 2 x 3 boxes against 2 x 2) is reported at the handshake as other game options, with
    both sides' answers, before any position is compared (2 x 3 boxes used to end in a 60 s
    timeout on the first value)."""
    argv = [game, *ours, "--engine", openspiel(game, *theirs), "--what", "value"]
    status = main(["check", *argv, "--positions", "50", "--json", "--quiet"])
    out = json.loads(capsys.readouterr().out)
    fault = out["fault"]
    assert status == 1 and out["finding"] is None and out["checked"] == 0
    assert fault["kind"] == "options" and words in fault["message"]
    assert "the game options differ" in fault["message"]
    for option in range(0, len(ours), 2):
        assert f"{ours[option][2:]}={ours[option + 1]}" in fault["message"]
        assert f"{theirs[option][2:]}={theirs[option + 1]}" in fault["message"]
