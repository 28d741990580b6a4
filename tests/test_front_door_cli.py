"""The Python front door and the command line build the same game (issue 30): for every
game and a grid of options, ``solve(new_game(...))`` and ``python -m reference solve ...
--json`` give the same value, the same best moves and the same node count."""

from __future__ import annotations

import json

import pytest

from reference import MNKGame, new_game, solve
from reference.cli.main import main

SKIRMISH_2 = (
    "...../.^.~./...../..... aS@a1:10/4/2/1-1,aA@b1:8/3/2/2-2,aS@c1:10/4/2/1-1,"
    "bS@c4:10/4/2/1-1,bA@d4:8/3/2/2-2 a 0/2"
)
C6_LATE = (
    "6/b1,f2,a3,b3,c3,b4,d4,e4,a5,c5,f5,a6,d6,e6,f6/"
    "a1,c1,e1,f1,a2,d2,d3,e3,f3,a4,c4,f4,d5,e5,b6,c6"
)
CASES: list[tuple[str, dict[str, object], str | None, str | None]] = [
    ("mnk", {"m": 3, "n": 3, "k": 3}, None, None),
    ("mnk", {"m": 4, "n": 3, "k": 3}, None, None),
    ("mnk", {"m": 4, "n": 4, "k": 4}, None, None),
    ("mnk", {"m": 5, "n": 4, "k": 4}, None, None),
    ("mnk", {"m": 4, "n": 4, "k": 3, "ordering": "natural"}, None, "b2"),
    ("dots-and-boxes", {"rows": 1, "cols": 3}, None, None),
    ("dots-and-boxes", {"rows": 2, "cols": 2}, None, "h0,0 v1,2"),
    ("dots-and-boxes", {"rows": 2, "cols": 2, "no_chain_rule": True}, None, None),
    ("connect6", {"size": 6}, C6_LATE, None),
    ("wargame", {}, SKIRMISH_2, None),
    ("dou-shou-qi", {"rules": "vanrijn", "draw_limit": 20}, "A: Eg5 / B: Ma5 / A", None),
    ("dou-shou-qi", {"draw_limit": 14}, "A: Lg1 / B: Mg7 Ea9 / A", None),
]


def argv_of(name: str, options: dict[str, object], position: str | None, moves: str | None) -> list[str]:
    argv = ["solve", name, "--json", "--quiet"]
    for key, value in options.items():
        flag = "--" + key.replace("_", "-")
        argv += [flag] if value is True else [flag, str(value)]
    if position is not None:
        argv += ["--position", position]
    if moves is not None:
        argv += ["--moves", moves]
    return argv


@pytest.mark.parametrize(("name", "options", "position", "moves"), CASES)
def test_python_and_the_command_line_search_the_same_tree(
    name: str,
    options: dict[str, object],
    position: str | None,
    moves: str | None,
    capsys: pytest.CaptureFixture[str],
) -> None:
    python = solve(new_game(name, position, moves, **options))
    assert main(argv_of(name, options, position, moves)) == 0
    cli = json.loads(capsys.readouterr().out)
    assert cli["value"] == python.value
    assert cli["best_moves"] == list(python.best_moves_notation)
    assert cli["nodes"] == python.nodes


def test_the_registry_and_the_class_may_differ_and_new_game_says_which() -> None:
    """``MNKGame(4, 4, 4)`` keeps the class's defaults (no symmetry folding): the same
    value, more nodes; ``new_game`` is the command line's game."""
    own = solve(MNKGame(4, 4, 4))
    front = solve(new_game("mnk", m=4, n=4, k=4))
    assert own.value == front.value == 0
    assert front.nodes < own.nodes


@pytest.mark.slow
def test_five_by_five_four_in_a_row_takes_the_command_lines_nodes() -> None:
    assert solve(new_game("mnk", m=5, n=5, k=4)).nodes == 703_346
