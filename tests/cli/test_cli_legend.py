"""``show`` explains its board: a legend line names every character the board uses, and a
reader closing the pipe early gets no traceback."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from reference.cli.main import main
from reference.registry import GAMES, load

SMALL = {"connect6": ["--size", "6"], "dots-and-boxes": ["--rows", "2", "--cols", "2"]}


def board_characters(text: str) -> set[str]:
    """The characters of the board's lines: the lines that start with a row number (their
    number taken off), or, for Dots and Boxes, the lines of dots and lines."""
    lines = text.split("legend:", 1)[0].splitlines()
    chars: set[str] = set()
    for line in lines:
        parts = line.split()
        if parts and parts[0].isdigit():
            chars |= {c for c in "".join(parts[1:]) if not c.isdigit()}
        elif line.strip() and set(line) <= set("+-|# "):
            chars |= set(line.replace(" ", ""))
    return chars


@pytest.mark.parametrize("name", [entry.name for entry in GAMES])
def test_the_legend_names_every_character_of_the_board(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = load(name)
    rng = random.Random(name)
    for _ in range(4):
        game = spec.new_game(spec.check_options({}), None) if name not in SMALL else None
        argv = ["show", name, *SMALL.get(name, [])]
        if game is None:
            small = dict(zip(SMALL[name][::2], SMALL[name][1::2], strict=True))
            options = {key.lstrip("-"): int(value) for key, value in small.items()}
            game = spec.new_game(spec.check_options(options), None)
        moves = []
        for _ in range(rng.randrange(0, 6)):
            if game.is_terminal():
                break
            move = rng.choice(list(game.legal_moves()))
            moves.append(game.format_move(move))
            game.make(move)
        if moves:
            argv += ["--moves", " ".join(moves)]
        assert main(argv) == 0
        out = capsys.readouterr().out
        legend = next(line for line in out.splitlines() if line.startswith("legend: "))
        for char in board_characters(out):
            assert char in legend or char.upper() in legend, (char, out)


def test_a_closed_pipe_ends_quietly() -> None:
    """``legal connect6`` after one stone lists 64,620 pairs: far more than a pipe holds."""
    process = subprocess.Popen(
        [sys.executable, "-m", "reference", "legal", "connect6", "--moves", "j10"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    assert process.stdout.read(10)
    process.stdout.close()
    error = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141
    assert "Traceback" not in error and error == ""
