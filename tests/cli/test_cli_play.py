"""``play`` in a terminal: one prompt, the commands help / moves / hint / undo / board /
quit, the end of input, and values said in words (issue 29)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from reference.cli.main import main

MNK = ["play", "mnk", "--depth", "9", "--time", "1000000"]


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    typed: list[str],
    *extra: str,
) -> tuple[str, str, list[str]]:
    answers = iter(typed)
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    assert main([*MNK, *extra]) == 0
    out, err = capsys.readouterr()
    return out, err, prompts


def test_one_short_prompt_per_question(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _, prompts = play(monkeypatch, capsys, ["b2", "quit"])
    assert prompts == ["x> ", "x> "]
    assert "to move (or" not in out


def test_help_moves_and_board_do_not_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _, prompts = play(monkeypatch, capsys, ["help", "moves", "board", "quit"])
    assert "commands (or type a move, e.g. b2)" in out
    assert "9 legal moves: b2 a1 c1 a3 c3 b1 a2 c2 b3" in out
    assert " plays " not in out  # nothing was played
    assert out.count("1 . . .") == 2  # the board at the start and after `board`
    assert len(prompts) == 4


def test_hint_says_what_the_value_means(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _, _ = play(monkeypatch, capsys, ["hint", "quit"])
    assert "hint: " in out and "a draw with best play" in out  # tic-tac-toe, solved


def test_undo_takes_back_the_move_and_the_computers_answer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _, _ = play(monkeypatch, capsys, ["b2", "undo", "undo", "c3", "quit"])
    reply = out.split("o plays ", 1)[1].split(" ", 1)[0]
    assert f"took back b2 {reply}" in out
    assert "nothing to undo" in out
    assert out.rstrip().endswith("game abandoned")


def test_end_of_input_ends_the_game_not_the_program(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out, _, _ = play(monkeypatch, capsys, ["b2"])
    assert out.rstrip().endswith("game abandoned (end of input)")


def test_depth_lines_only_when_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, err, _ = play(monkeypatch, capsys, ["b2", "quit"])
    assert "depth 1:" not in err
    _, err, _ = play(monkeypatch, capsys, ["b2", "quit"], "--verbose", "--player", "search")
    assert "depth 1:" in err and "depth 2:" in err
    _, err, _ = play(monkeypatch, capsys, ["b2", "quit"], "--verbose")  # the paper's player
    assert err.count("depth ") == 1 and "nodes" in err


def test_the_computer_is_the_papers_player_unless_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play`` asks :func:`reference.registry.paper_player_for` (seed 001's TimedPlayer for
    the (M,N,K)-game); ``--player search`` asks the core's iterative deepening."""
    from reference.mnk.players import TimedPlayer
    from reference.registry import paper_player_for

    made: list[object] = []

    def spy(game: object, **limits: object) -> object:
        player = paper_player_for(game, **limits)  # type: ignore[arg-type]
        made.append(player)
        return player

    monkeypatch.setattr("reference.cli.main.paper_player_for", spy)
    play(monkeypatch, capsys, ["b2", "quit"])
    assert len(made) == 1 and isinstance(made[0], TimedPlayer)
    play(monkeypatch, capsys, ["b2", "quit"], "--player", "search")
    assert len(made) == 1


def test_a_heuristic_value_is_called_an_opinion(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    argv = ["play", "mnk", "--m", "5", "--n", "5", "--k", "4", "--depth", "1"]
    argv += ["--first", "computer", "--second", "human"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "looked 1 ply ahead, no forced result; the evaluation has x" in out


def test_ctrl_c_at_the_prompt_exits_130_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    assert main(MNK) == 130
    err = capsys.readouterr().err
    assert err == "interrupted\n"


def test_a_real_sigint_exits_130_without_a_traceback() -> None:
    """SIGINT sent once the prompt is printed (read from the pipe: no sleeping)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "reference", *MNK],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    seen = b""
    while not seen.endswith(b"x> "):
        chunk = os.read(process.stdout.fileno(), 100)
        assert chunk, seen
        seen += chunk
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.decode() == "interrupted\n"
