"""The command line: JSON shape, exit status 2 with one line on bad input, --moves, play."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from cli_runner import Cli


def test_solve_json_tic_tac_toe_is_a_draw_with_all_nine_moves_optimal(
    cli: Cli,
) -> None:
    status, out, _ = cli("solve", "mnk", "--m", "3", "--n", "3", "--k", "3", "--json")
    result = json.loads(out)
    assert status == 0 and out.count("\n") == 1
    assert result["value"] == 0
    assert sorted(result["best_moves"]) == sorted(f"{c}{r}" for c in "abc" for r in "123")
    assert result["nodes"] > 0 and result["seconds"] >= 0


def test_solve_after_moves_finds_the_only_defence(cli: Cli) -> None:
    # x: a1, b1 threaten c1; o to move must block at c1 (any other move loses).
    status, out, _ = cli(
        "solve",
        "mnk",
        "--m",
        "3",
        "--n",
        "3",
        "--k",
        "3",
        "--moves",
        "a1 b2 b1",
        "--json",
    )
    result = json.loads(out)
    assert status == 0 and result["best_moves"] == ["c1"] and result["value"] == 0


def test_perft_json_and_divide(cli: Cli) -> None:
    status, out, _ = cli(
        "perft",
        "mnk",
        "--m",
        "3",
        "--n",
        "3",
        "--k",
        "3",
        "--depth",
        "3",
        "--divide",
        "--json",
    )
    result = json.loads(out)
    assert status == 0 and result["depth"] == 3 and result["nodes"] == 504
    assert len(result["divide"]) == 9 and sum(result["divide"].values()) == 504


def test_bestmove_takes_the_immediate_win(cli: Cli) -> None:
    status, out, _ = cli(
        "bestmove",
        "mnk",
        "--m",
        "3",
        "--n",
        "3",
        "--k",
        "3",
        "--moves",
        "a1 a2 b1 b2",
        "--depth",
        "3",
        "--json",
        "--quiet",
    )
    result = json.loads(out)
    assert status == 0 and result["move"] == "c1" and result["value"] > 900_000


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["solve", "mnk", "--m", "3", "--n", "3", "--k", "4"], "k = 4"),
        (["perft", "mnk", "--m", "3", "--n", "3", "--k", "3", "--depth", "-2"], "depth"),
        (["show", "mnk", "--m", "3", "--n", "3", "--k", "3", "--moves", "b2 b2"], "move 2"),
        (["show", "mnk", "--m", "3", "--n", "3", "--k", "3", "--moves", "z9"], "move 1"),
        (["bestmove", "mnk", "--m", "3", "--n", "3", "--k", "3", "--time", "0"], "time"),
        (["bestmove", "mnk", "--m", "3", "--n", "3", "--k", "3"], "--depth"),
        (["show", "mnk", "--m", "3", "--n", "3", "--k", "3", "--position", "xx/"], "error"),
    ],
)
def test_bad_input_exits_2_with_one_line(cli: Cli, argv: list[str], fragment: str) -> None:
    status, out, err = cli(*argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error:") and fragment in err


def test_argument_errors_are_one_line_too() -> None:
    process = subprocess.run(
        [sys.executable, "-m", "reference", "solve", "mnk", "--m", "three"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert process.returncode == 2
    assert process.stderr.count("\n") == 1
    assert "argument --m: expected an integer in 1..26" in process.stderr
    assert "Traceback" not in process.stderr


def test_play_human_against_computer(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The human's illegal move is refused with a reason and asked again."""
    answers = iter(["b2", "b2", "nonsense", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(answers))
    status, out, _ = cli(
        "play", "mnk", "--m", "3", "--n", "3", "--k", "3", "--depth", "2", "--quiet"
    )
    assert status == 0
    assert "plays" in out and "occupied" in out and "game abandoned" in out


def test_play_computer_against_computer_ends_in_a_draw(cli: Cli) -> None:
    status, out, _ = cli(
        "play",
        "mnk",
        "--m",
        "3",
        "--n",
        "3",
        "--k",
        "3",
        "--first",
        "computer",
        "--second",
        "computer",
        "--depth",
        "9",
        "--quiet",
    )
    assert status == 0 and "game over" in out and "draw" in out.rsplit("game over", 1)[1]


def test_show_json(cli: Cli) -> None:
    status, out, _ = cli(
        "show", "mnk", "--m", "3", "--n", "3", "--k", "3", "--moves", "b2", "--json"
    )
    result = json.loads(out)
    assert status == 0 and result["to_move"] == 1 and len(result["legal_moves"]) == 8
    assert result["terminal"] is False and len(result["key"]) == 16
