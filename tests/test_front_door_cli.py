"""The Python front door and the command line build the same game (issue 30): for every
game and a grid of options, ``solve(new_game(...))`` and ``python -m reference solve ...
--json`` give the same value, the same best moves and the same node count."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from reference import Connect6, DotsAndBoxes, DouShouQi, MNKGame, WarGame, new_game, solve
from reference.cli.main import main
from reference.registry import GAME_NAMES
from reference.search.protocol import PlayableGame

SKIRMISH_2 = (
    "...../.^.~./...../..... aS@a1:10/4/2/1-1,aA@b1:8/3/2/2-2,aS@c1:10/4/2/1-1,"
    "bS@c4:10/4/2/1-1,bA@d4:8/3/2/2-2 a 0/2"
)
C6_LATE = (
    "6/b1,f2,a3,b3,c3,b4,d4,e4,a5,c5,f5,a6,d6,e6,f6/a1,c1,e1,f1,a2,d2,d3,e3,f3,a4,c4,f4,d5,e5,b6,c6"
)
CASES: list[tuple[str, dict[str, object], str | None, str | None]] = [
    ("mnk", {"m": 3, "n": 3, "k": 3}, None, None),
    ("mnk", {"m": 4, "n": 3, "k": 3}, None, None),
    ("mnk", {"m": 4, "n": 4, "k": 4}, None, None),
    ("mnk", {"m": 5, "n": 4, "k": 4}, None, None),
    ("mnk", {"m": 4, "n": 4, "k": 3, "ordering": "natural"}, None, "b2"),
    ("mnk", {"m": 4, "n": 4, "k": 4, "no_symmetry": True}, None, None),
    ("mnk", {"m": 4, "n": 3, "k": 3, "no_forced_moves": True, "no_pairings": True}, None, "a1"),
    ("mnk", {"k": 3, "no_dead_cells": True, "ordering": "near"}, "..../.x../.... o", None),
    ("dots-and-boxes", {"rows": 1, "cols": 3}, None, None),
    ("dots-and-boxes", {"rows": 2, "cols": 2}, None, "h0,0 v1,2"),
    ("dots-and-boxes", {"rows": 2, "cols": 2, "no_chain_rule": True}, None, None),
    ("dots-and-boxes", {"no_symmetry": True, "ordering": "edges"}, None, "h0,0"),
    (
        "dots-and-boxes",
        {"rows": 1, "cols": 4, "no_capture_rule": True, "no_corner_rule": True},
        None,
        None,
    ),
    ("dots-and-boxes", {"cols": 3, "rows": 1, "no_endgame_rule": True}, None, None),
    ("connect6", {"size": 6}, C6_LATE, None),
    ("connect6", {"full_width": True, "pair_width": 3, "point_width": 4}, C6_LATE, None),
    ("wargame", {}, SKIRMISH_2, None),
    ("wargame", {"turn_limit": 1}, SKIRMISH_2, None),
    ("dou-shou-qi", {"rules": "vanrijn", "draw_limit": 20}, "A: Eg5 / B: Ma5 / A", None),
    ("dou-shou-qi", {"draw_limit": 14}, "A: Lg1 / B: Mg7 Ea9 / A", None),
    ("dou-shou-qi", {"draw_limit": 14, "ordering": "none"}, "A: Lg1 / B: Mg7 Ea9 / A", None),
    ("dou-shou-qi", {"draw_limit": 12, "rules": "standard"}, "A: Wc3 Ma1 / B: Dd7 Mg9 / A", None),
]


def argv_of(
    name: str, options: dict[str, object], position: str | None, moves: str | None
) -> list[str]:
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


def test_the_grid_covers_every_registered_game() -> None:
    assert {name for name, *_ in CASES} == set(GAME_NAMES)


def test_new_game_builds_the_command_lines_classes() -> None:
    """The class the command line drives, war chess's included (its turn enumeration
    watches the search's deadline)."""
    assert type(new_game("wargame")) is WarGame
    assert type(new_game("mnk")) is MNKGame
    assert type(new_game("dots-and-boxes")) is DotsAndBoxes
    assert type(new_game("connect6", size=6)) is Connect6
    assert type(new_game("dou-shou-qi")) is DouShouQi


CLASS_CASES: list[tuple[str, Callable[[], PlayableGame[Any]], dict[str, object], str | None]] = [
    ("mnk", lambda: MNKGame(4, 4, 4), {"m": 4, "n": 4, "k": 4}, None),
    ("mnk", lambda: MNKGame(5, 4, 4), {"m": 5, "n": 4, "k": 4}, None),
    ("dots-and-boxes", DotsAndBoxes, {}, None),
    ("connect6", lambda: Connect6.from_notation(C6_LATE), {}, C6_LATE),
    ("wargame", lambda: WarGame.from_notation(SKIRMISH_2), {}, SKIRMISH_2),
    (
        "dou-shou-qi",
        lambda: DouShouQi.from_notation("A: Lg1 / B: Mg7 Ea9 / A", draw_limit=14),
        {"draw_limit": 14},
        "A: Lg1 / B: Mg7 Ea9 / A",
    ),
]


@pytest.mark.parametrize(("name", "build", "options", "position"), CLASS_CASES)
def test_a_class_built_with_its_defaults_is_the_command_lines_game(
    name: str,
    build: Callable[[], PlayableGame[Any]],
    options: dict[str, object],
    position: str | None,
) -> None:
    """The registry's defaults are the constructors' defaults: a class built directly
    searches the same tree as ``new_game`` and the command line (issue 30: ``MNKGame(4, 4,
    4)`` took 153 nodes against the command line's 48, ``DouShouQi()`` listed its moves
    in another order)."""
    own, front = build(), new_game(name, position, None, **options)
    assert own.to_notation() == front.to_notation()
    assert [own.format_move(m) for m in own.legal_moves()] == [
        front.format_move(m) for m in front.legal_moves()
    ]
    mine, theirs = solve(own), solve(front)
    assert (mine.value, mine.best_moves_notation, mine.nodes) == (
        theirs.value,
        theirs.best_moves_notation,
        theirs.nodes,
    )


def test_folding_symmetries_is_the_default_and_only_saves_nodes() -> None:
    """``symmetry=False`` is still there (the same value, more nodes: 153 against 48)."""
    folded, plain = solve(MNKGame(4, 4, 4)), solve(MNKGame(4, 4, 4, symmetry=False))
    assert folded.value == plain.value == 0
    assert (folded.nodes, plain.nodes) == (48, 153)


@pytest.mark.slow
def test_five_by_five_four_in_a_row_takes_the_command_lines_nodes() -> None:
    """Measured: 703,346 nodes, 11 s (``symmetry=False``: 19,770,099 nodes, 199 s)."""
    assert solve(MNKGame(5, 5, 4)).nodes == 703_346
    assert solve(new_game("mnk", m=5, n=5, k=4)).nodes == 703_346
