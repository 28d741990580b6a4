"""The mnk command line (the oracle interface): JSON outputs and one-line errors."""

from __future__ import annotations

import pytest
from cli_runner import Cli

from reference.cli.main import main
from reference.mnk.game import MNKGame
from reference.registry.mnk import SPEC
from reference.search.value import game_value


def test_outcome_is_the_sign_of_the_score() -> None:
    game = MNKGame(3, 3, 3)
    assert [game_value(game, s) for s in (999_990, 1, 0, -5, -1_000_000)] == [1, 1, 0, -1, -1]
    assert SPEC.name == "mnk"


def test_solve_tic_tac_toe_json(cli: Cli) -> None:
    result = cli.json("solve", "mnk", "--m", "3", "--n", "3", "--k", "3")
    assert result["value"] == 0
    assert sorted(result["best_moves"]) == sorted(
        ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"]
    )
    assert isinstance(result["nodes"], int) and isinstance(result["seconds"], float)


def test_solve_after_moves_and_from_position(cli: Cli) -> None:
    """Tic-tac-toe openings: against a corner opening only the centre draws; an edge reply to
    a centre opening loses (Wikipedia, "Tic-tac-toe", §Strategy)."""
    win = cli.json("solve", "mnk", "--position", "x.x/oo./... x")
    assert win["value"] == 1 and win["best_moves"] == ["b3", "c2"]  # c2 blocks and forks
    assert cli.json("solve", "mnk", "--moves", "a1 b1")["value"] == 1
    assert cli.json("solve", "mnk", "--moves", "a1 b2")["value"] == 0
    assert cli.json("solve", "mnk", "--moves", "b2 b1")["value"] == 1
    replies = cli.json("solve", "mnk", "--moves", "a1")
    assert replies["value"] == 0 and replies["best_moves"] == ["b2"]


def test_pruning_switches_change_nodes_not_answers(cli: Cli) -> None:
    """--no-forced-moves, --no-dead-cells and --no-pairings switch the solver's sound rules
    off: the same value and optimal moves (4,4,4: a draw, every first move draws), more nodes."""
    board = ["solve", "mnk", "--m", "4", "--n", "4", "--k", "4"]
    default = cli.json(*board)
    plain = cli.json(*board, "--no-forced-moves", "--no-dead-cells", "--no-pairings")
    assert default["value"] == plain["value"] == 0
    assert default["best_moves"] == plain["best_moves"] and len(plain["best_moves"]) == 16
    assert default["nodes"] * 100 < plain["nodes"]


def test_perft_json(cli: Cli) -> None:
    result = cli.json("perft", "mnk", "--depth", "4")
    seconds = result.pop("seconds")
    assert result == {"depth": 4, "nodes": 3024}
    assert isinstance(seconds, float) and seconds >= 0  # a time, whatever the machine's speed


def test_show_and_threats(cli: Cli) -> None:
    shown = cli.json("show", "mnk", "--moves", "b2 a1 c2")
    assert shown["position"] == ".../.xx/o.. o"
    assert shown["legal_moves"][0] == "a2"  # o must block a2
    threats = cli.json("threats", "mnk", "--moves", "b2 a1 c2")
    assert threats["to_move"] == "o"
    assert isinstance(threats["evaluation"], int) and threats["evaluation"] < 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "mnk", "--k", "4"], "k = 4 is out of range"),
        (["solve", "mnk", "--moves", "b2 b2"], "move 2 ('b2') of --moves"),
        (["solve", "mnk", "--moves", "b2 z9"], "move 2 ('z9')"),
        (["solve", "mnk", "--position", "xxx/oo./... x"], "does not match"),
        (["solve", "mnk", "--position", "x../... x", "--n", "3"], "the board has n = 3"),
        (["perft", "mnk", "--depth", "-1"], "argument --depth: -1 is out of range: allowed 0..10000"),
        (["solve", "mnk", "--m", "30"], "out of range"),
    ],
)
def test_bad_input_exit_2_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and captured.err.count("\n") == 1


def test_play_computer_against_computer_draws(capsys: pytest.CaptureFixture[str]) -> None:
    """The generic ``play`` command on tic-tac-toe: two perfect players draw.  They search
    to the end of the game (``--depth 9``); the time limit is far away, so the machine's
    speed does not decide how deep they look."""
    argv = [
        "play", "mnk", "--first", "computer", "--second", "computer",
        "--depth", "9", "--time", "1000000", "--quiet",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith("game over: draw")
    assert out.count(" plays ") == 9


def test_play_human_move_errors_are_reported_not_fatal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A human's illegal move is reported and asked again; 'quit' ends the game."""
    answers = iter(["z9", "b2", "b2", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    assert main(["play", "mnk", "--first", "human", "--second", "human", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "cell 'z9' is off the 3x3 board" in out
    assert "cell b2 is already occupied" in out
    assert "2 . X ." in out and out.rstrip().endswith("game abandoned")
