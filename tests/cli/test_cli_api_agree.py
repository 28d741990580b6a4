"""One truth: the Python API (``from reference import ...``) and the command line's ``--json``
give the same perft counts and solved values, for every game, and both equal an
independent count or value (a closed formula, a published value or a brute force).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
from cli_runner import Cli

from reference import (
    Connect6,
    DotsAndBoxes,
    DouShouQi,
    MNKGame,
    WarGame,
    divide,
    perft,
    solve,
)
from reference.cli.main import main
from reference.dots_and_boxes.exhaustive import exact_value
from reference.search import WIN, SearchContext, alphabeta
from reference.search.protocol import PlayableGame
from reference.wargame.experiment import enumerate_turn
from reference.wargame.rules import SKIRMISH

C6_DRAWN = (
    "7/a1,b1,f1,g1,c2,e2,f2,e3,f3,g3,c5,d5,f5,g5,a6,b6,c6,d6,c7/"
    "d1,a2,d2,g2,b3,c3,a4,b4,d4,e4,g4,a5,b5,e5,e6,f6,g6,a7,d7,g7"
)
"""A 7x7 Connect6 position (black to move, 10 empty points): a draw."""

WAR_DUEL = "..... aS@a1:5/1/1/1-1,bS@e1:5/1/1/1-1 a 0/2"


def full_width_value(game: PlayableGame[Any]) -> int:
    """Plain alpha-beta to the end over every legal move, no table: the value's sign."""
    score = alphabeta(game, 10_000, ctx=SearchContext(full_width=True, mate_distance=False))
    return (score > 0) - (score < 0)


PERFT_CASES: list[tuple[list[str], Callable[[], PlayableGame[Any]], int, int]] = [
    # (command-line game arguments, the same game from Python, depth, independent count)
    (["mnk", "--m", "3", "--n", "3", "--k", "3"], lambda: MNKGame(3, 3, 3), 4, 9 * 8 * 7 * 6),
    (["mnk", "--m", "4", "--n", "3", "--k", "3"], lambda: MNKGame(4, 3, 3), 3, 12 * 11 * 10),
    # no box can be completed in 4 plies on 2x2: every ordered choice of 4 of the 12 edges
    (["dots-and-boxes", "--rows", "2", "--cols", "2"], lambda: DotsAndBoxes(2, 2), 4, 11880),
    (["dots-and-boxes", "--rows", "1", "--cols", "3"], lambda: DotsAndBoxes(1, 3), 2, 10 * 9),
    # black's single stone, then white's pair: 36 * C(35, 2)
    (["connect6", "--size", "6"], lambda: Connect6(6), 2, 36 * math.comb(35, 2)),
    (["connect6", "--size", "7"], lambda: Connect6(7), 1, 49),
    # from the start: 24, 576, 12,240 (tests/dou_shou_qi/test_dsq_perft.py checks these
    # against an independent generator); depth 2 = 24 * 24 (no move of A changes B's)
    (["dou-shou-qi"], lambda: DouShouQi(), 2, 24 * 24),
]


@pytest.mark.parametrize(("argv", "make", "depth", "expected"), PERFT_CASES)
def test_perft_python_equals_command_line_equals_independent_count(
    cli: Cli,
    argv: list[str],
    make: Callable[[], PlayableGame[Any]],
    depth: int,
    expected: int,
) -> None:
    out = cli.json("perft", *argv, "--depth", str(depth), "--divide")
    assert perft(make(), depth) == out["nodes"] == expected
    assert divide(make(), depth) == out["divide"]


def test_perft_counts_python_once_got_wrong() -> None:
    """Two counts Python once gave as 24 and 11,112: now the command line's."""
    assert perft(Connect6(6), 2) == 21420
    assert perft(DotsAndBoxes(2, 2), 4) == 11880


def test_wargame_perft_1_counts_distinct_end_states_of_algorithm_2(
    cli: Cli,
) -> None:
    """A war-chess move is a whole turn, identified by its end state: perft 1 is the number of
    distinct end-of-turn states, here counted by Algorithm 2 (dictionary sequence), which
    shares no code with the Algorithm 5 enumeration ``legal_moves`` uses."""
    game = WarGame.from_notation(SKIRMISH)
    out = cli.json("perft", "wargame", "--depth", "1")
    independent = enumerate_turn(WarGame.from_notation(SKIRMISH).battle, "order").distinct_states
    assert perft(game, 1) == out["nodes"] == independent


SOLVE_CASES: list[tuple[list[str], Callable[[], PlayableGame[Any]], int]] = [
    # tic-tac-toe is a draw (published, e.g. Winning Ways)
    (["mnk", "--m", "3", "--n", "3", "--k", "3"], lambda: MNKGame(3, 3, 3), 0),
    (
        ["dots-and-boxes", "--rows", "2", "--cols", "2"],
        lambda: DotsAndBoxes(2, 2),
        exact_value(2, 2),
    ),
    (
        ["dots-and-boxes", "--rows", "1", "--cols", "3"],
        lambda: DotsAndBoxes(1, 3),
        exact_value(1, 3),
    ),
]


@pytest.mark.parametrize(("argv", "make", "expected"), SOLVE_CASES)
def test_solve_python_equals_command_line_equals_independent_value(
    cli: Cli,
    argv: list[str],
    make: Callable[[], PlayableGame[Any]],
    expected: int,
) -> None:
    out = cli.json("solve", *argv)
    result = solve(make())
    assert result.value == out["value"] == expected
    assert list(result.best_moves_notation) == out["best_moves"]
    assert result.exact and out["exact"]


@pytest.mark.parametrize(
    ("argv", "make"),
    [
        (["connect6", "--position", C6_DRAWN], lambda: Connect6.from_notation(C6_DRAWN)),
        (["wargame", "--position", WAR_DUEL], lambda: WarGame.from_notation(WAR_DUEL)),
        (
            ["dou-shou-qi", "--position", "A: Lg1 / B: Mg7 Ea9 / A / 190"],
            lambda: DouShouQi.from_notation("A: Lg1 / B: Mg7 Ea9 / A / 190"),
        ),
    ],
)
def test_solve_win_loss_games_agree_with_full_width_alpha_beta(
    cli: Cli,
    argv: list[str],
    make: Callable[[], PlayableGame[Any]],
) -> None:
    out = cli.json("solve", *argv)
    result = solve(make())
    assert result.value == out["value"] == full_width_value(make())
    assert list(result.best_moves_notation) == out["best_moves"]


def test_connect6_selective_bestmove_is_not_exact_where_solve_says_draw(
    cli: Cli,
) -> None:
    """A search over one candidate pair once claimed a loss, exact; the truth is a draw."""
    out = cli.json(
        "bestmove",
        "connect6",
        "--position",
        C6_DRAWN,
        "--depth",
        "12",
        "--pair-width",
        "1",
        "--point-width",
        "2",
    )
    assert out["exact"] is False
    assert out["value"] <= -(WIN - 12)  # the selective search still claims a loss ...
    assert solve(Connect6.from_notation(C6_DRAWN)).value == 0  # ... the truth is a draw
    assert full_width_value(Connect6.from_notation(C6_DRAWN)) == 0


def test_show_counts_every_legal_move(capsys: pytest.CaptureFixture[str], cli: Cli) -> None:
    """``show connect6 --size 7 --moves d4`` once said 24 legal moves; C(48, 2) = 1,128."""
    out = cli.json("show", "connect6", "--size", "7", "--moves", "d4")
    assert len(out["legal_moves"]) == math.comb(48, 2)
    main(["show", "connect6", "--size", "7", "--moves", "d4"])
    text, _ = capsys.readouterr()
    assert "(1128 legal moves)" in text
