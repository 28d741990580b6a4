"""``python -m reference ... connect6``: tss, bestmove, show, perft, errors."""

from __future__ import annotations

import pytest
from cli_runner import Cli

from reference.cli.main import main
from reference.connect6.puzzles import NO_WIN, WIN_IN_2, WIN_IN_3


def test_tss_json_win_and_no_win(cli: Cli) -> None:
    out = cli.json("tss", "connect6", "--position", WIN_IN_2.position)
    assert out == {"win": True, "line": ["f3,h3"], "nodes": out["nodes"]}
    out = cli.json("tss", "connect6", "--position", WIN_IN_3.position)
    assert out["win"] is True and out["line"] == ["e7,g7", "b7,h7", "g4,g5"]
    out = cli.json("tss", "connect6", "--position", NO_WIN.position)
    assert out["win"] is False and out["line"] == []


def test_tss_from_moves_with_size(cli: Cli) -> None:
    moves = "e5 d4,d6 e4,e6 c3,f7 e3,e7"  # black: e3..e7 is five in a column
    out = cli.json("tss", "connect6", "--size", "10", "--moves", moves)
    assert out["win"] is False  # white to move: white has no threat
    out = cli.json("tss", "connect6", "--size", "10", "--moves", moves + " a1,a2")
    assert out["win"] is True and out["line"] in (["e2,e8"], ["e8,e9"], ["e1,e2"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tss", "connect6", "--size", "5"], "argument --size: 5 is out of range: allowed 6..19"),
        (["tss", "connect6", "--size", "9", "--position", "10//"], "disagrees"),
        (["tss", "connect6", "--moves", "j10 j10,k11"], "move 2"),
        (["tss", "connect6", "--position", "19/j10,k10/"], "impossible stone counts"),
        (["tss", "connect6", "--depth", "0"], "depth"),
        (["show", "connect6", "--moves", "j10 z1,a1"], "move 2"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_bestmove_takes_the_six(cli: Cli) -> None:
    position = "10/c5,d5,e5,f5,j1/a10,b10,c10,j10,j9,a1"
    out = cli.json("bestmove", "connect6", "--position", position, "--depth", "2")
    assert out["move"] in ("a5,b5", "b5,g5", "g5,h5")


def test_show_and_perft(cli: Cli) -> None:
    out = cli.json("show", "connect6", "--size", "9", "--moves", "e5 d4,f6")
    assert out["position"] == "9/e5/d4,f6" and out["to_move"] == 0
    # perft counts every legal move: 36 openings, then C(35, 2) = 595 pairs each
    out = cli.json("perft", "connect6", "--size", "6", "--depth", "2")
    assert out["nodes"] == 36 * 595


def test_solve_is_exact_full_width_not_over_candidate_pairs(cli: Cli) -> None:
    """An oracle value must not depend on the candidate-pair heuristic: ``solve`` searches
    every legal move, and equals a full-width minimax on a nearly full 6x6 board."""
    import random

    from reference.connect6.rules import Connect6
    from reference.search import minimax, solve_raw

    rng = random.Random(6)
    for _ in range(20):
        game = Connect6(6, full_width=True)
        while not game.is_terminal() and 36 - (game.stones(0) | game.stones(1)).bit_count() > 9:
            game.make(rng.choice(game.legal_moves()))
        if not game.is_terminal():
            break
    assert not game.is_terminal()
    out = cli.json("solve", "connect6", "--position", game.to_notation())
    exact = solve_raw(game)
    assert out["value"] == (exact.score > 0) - (exact.score < 0)
    assert minimax(game, 12) * exact.score >= 0 and (minimax(game, 12) == 0) == (exact.score == 0)
    assert sorted(out["best_moves"]) == sorted(game.format_move(m) for m in exact.best_moves)
