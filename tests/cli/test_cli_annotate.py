"""``annotate``: legality, proven values, and the marks of known blunders.

Every record here was built by hand (or by random play) and every flagged move is
checked against the exact solver (:func:`reference.solve`) independently of the
annotator: the move's value (points plus or minus the solved value after it) is
below the solved value before it.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import pytest
from fake_clock import FakeClock
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference import Connect6, DotsAndBoxes, MNKGame, solve
from reference.annotate import AnnotatedGame, annotate_game
from reference.cli.annotate import parse_budget
from reference.cli.main import main
from reference.errors import ParameterError
from reference.search import Budget, TranspositionTable


def marks(record: AnnotatedGame) -> list[tuple[str | None, str]]:
    return [(p.move, p.mark) for p in record.positions]


def exact(game: Any) -> int:
    """The solved value (a small table: allocating the default one costs 0.1 s a call)."""
    return solve(game, tt=TranspositionTable(1 << 14)).value


def solved_move_value(game: Any, text: str) -> tuple[int, int]:
    """(solved value before, value of the move ``text`` for the mover), by ``solve`` only."""
    before = exact(game)
    mover = game.to_move
    points = game.play(game.parse_move(text))
    after = exact(game)
    same = game.to_move == mover
    game.unmake()
    return before, points + after if same else points - after


def check_flags_with_solve(game: Any, moves: list[str], record: AnnotatedGame) -> None:
    """Every ? / ?? is a move worth less than the position; every unmarked move of an
    exactly solved position is worth as much (independent of the annotator)."""
    for p, text in zip(record.positions, moves, strict=False):
        if p.mark or p.verdict.method == "solve":
            before, value = solved_move_value(game, text)
            assert before == p.verdict.value
            if p.mark in ("?", "??"):
                assert value < before, (text, p)
            else:
                assert value == before, (text, p)
        game.play(game.parse_move(text))


def test_tic_tac_toe_record_with_known_blunders() -> None:
    """x c1, o a1?? (an adjacent corner loses: x c3 forces c2, then a3 makes two threats),
    x c3, o c2, x a2? (a3 wins; a2 only draws), ..., o b1?? (lets a3-b2-c1 through),
    x b2! (the only winning move)."""
    moves = ["c1", "a1", "c3", "c2", "a2", "b3", "a3", "b1", "b2"]
    record = annotate_game(MNKGame(3, 3, 3), moves, table_size=1 << 14)
    assert marks(record) == [
        ("c1", ""), ("a1", "??"), ("c3", ""), ("c2", ""), ("a2", "?"), ("b3", ""),
        ("a3", ""), ("b1", "??"), ("b2", "!"), (None, ""),
    ]  # fmt: skip
    second = record.positions[1]
    assert second.comment.startswith("draw -> loss (best: ")
    assert second.refutation[-1] in (
        "a3",
        "b1",
        "b2",
        "c2",
        "b3",
    )  # x's winning line ends in a three
    assert record.positions[4].verdict.best_moves == ("a3",)
    assert record.final == "x wins (3 in a row)"
    assert record.marks == {"??": 2, "?": 1, "!": 1}
    check_flags_with_solve(MNKGame(3, 3, 3), moves, record)


def test_4x4_record_with_known_blunders() -> None:
    """4 x 4, K = 4 (a draw; Uiterwijk and van den Herik 2000): a random game from the
    position after a3 a2 c3 d4 c4 (o to move), every flag checked with the
    exact solver."""
    start = ["a3", "a2", "c3", "d4", "c4"]
    moves = ["b2", "d3", "d1", "b4", "a4", "c1", "b3", "b1", "c2"]
    record = annotate_game(_replay(start, 4, 4), moves, table_size=1 << 16)
    assert [p.mark for p in record.positions if p.mark] == ["??", "?", "??", "??", "!"]
    assert [p.move for p in record.positions if p.mark == "??"] == ["d1", "a4", "b1"]
    check_flags_with_solve(_replay(start, 4, 4), moves, record)


def test_dots_and_boxes_record_marks_points_given_away() -> None:
    """2 x 2 boxes (value +2 for the first player, seed 000 Table I): boxes given away
    are ``?``, a result turned into a loss ``??``, the only optimal move of a win ``!``."""
    moves = [
        "v0,1",
        "v1,0",
        "h1,1",
        "h2,1",
        "h0,0",
        "h0,1",
        "v1,1",
        "v0,0",
        "h2,0",
        "h1,0",
        "v0,2",
        "v1,2",
    ]
    record = annotate_game(DotsAndBoxes(2, 2), moves, table_size=1 << 16)
    assert [p.mark for p in record.positions] == [
        "?", "??", "", "", "", "?", "?", "??", "??", "", "", "!", "",
    ]  # fmt: skip
    assert record.positions[0].verdict.value == 2 and record.positions[0].move_value == 0
    check_flags_with_solve(DotsAndBoxes(2, 2), moves, record)


def test_connect6_threat_space_proofs_flag_a_win_thrown_away() -> None:
    """11 x 11.  Black's a1-d1 four: e1,f1 completes six (a depth-1 TSS win).  White ignores
    it (d11,k8 gives white its own a11-d11 four) and black ignores both: white's six next."""
    moves = ["a1", "a11,b11", "b1,c1", "c11,k6", "d1,k7", "d11,k8", "j5,j4", "e11,f11"]
    record = annotate_game(Connect6(11), moves, Budget(nodes=500), table_size=1 << 14)
    blunder = record.positions[6]
    assert (blunder.move, blunder.mark) == ("j4,j5", "??")
    assert blunder.verdict.method == "tss" and blunder.verdict.line == ("e1,f1",)
    assert blunder.refutation == ("e11,f11",)
    assert "opponent has a proven win (tss: e1,f1)" in record.positions[5].comment
    assert record.final == "white wins with six in a row"
    assert record.marks["??"] == 1


def test_gomoku_vcf_proofs_and_the_lines_that_follow_them() -> None:
    """9 x 9, K = 5.  After x f6, o has a VCF (h5 makes an open four h2-h5); o plays a9??
    and x, who now has the VCF f3 g3 f4 f2 f7, plays a5??; o follows its VCF to the five."""
    moves = ["c3", "b3", "d3", "h2", "e3", "h3", "f5", "h4", "f6", "a9", "a5", "h5", "h6", "h1"]
    record = annotate_game(MNKGame(9, 9, 5), moves, Budget(nodes=1000), table_size=1 << 14)
    assert [(p.move, p.mark) for p in record.positions if p.mark] == [("a9", "??"), ("a5", "??")]
    assert record.positions[9].verdict.line == ("h5", "h1", "h6")
    assert record.positions[10].refutation == ("h5", "h1", "h6")
    assert record.positions[12].verdict.value == -1  # x to move after o's h5: lost (VCF)
    assert record.positions[0].verdict.method == "none"


def test_illegal_move_is_reported_with_its_index_and_the_prefix_annotated() -> None:
    record = annotate_game(MNKGame(3, 3, 3), ["b2", "a1", "b2", "c3"])
    assert record.illegal is not None
    assert (record.illegal.index, record.illegal.move) == (3, "b2")
    assert "occupied" in record.illegal.reason
    assert len(record.positions) == 3
    assert annotate_game(MNKGame(3, 3, 3), ["z9"]).illegal is not None


def test_a_seconds_budget_reads_the_injected_clock() -> None:
    """A clock that jumps 10 s per reading: no exact solve fits a 1 s budget (beyond the
    first 64 nodes), yet terminal positions and VCF-free records come out unproven, not wrong."""
    budget = Budget(nodes=None, seconds=1.0, clock=FakeClock(step=10.0))
    record = annotate_game(MNKGame(4, 4, 4), ["a1", "b2"], budget)
    assert all(p.verdict.value is None for p in record.positions)
    assert all(p.mark == "" for p in record.positions)


def test_budget_validation() -> None:
    with pytest.raises(ParameterError):
        Budget(nodes=None)
    with pytest.raises(ParameterError):
        Budget(nodes=0)
    assert parse_budget("1500").nodes == 1500
    assert parse_budget("2.5s").seconds == 2.5
    for bad in ("", "2 s", "-3", "3m", "s", "٢", "9" * 5000, "nans", "0s", "1e308s"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_budget(bad)


@settings(max_examples=examples(25))
@given(st.lists(st.integers(0, 100), min_size=1, max_size=9))
def test_random_tic_tac_toe_records_agree_with_the_solver(choices: list[int]) -> None:
    game = MNKGame(3, 3, 3)
    moves = []
    for choice in choices:
        legal = game.legal_moves()
        if not legal:
            break
        move = legal[choice % len(legal)]
        moves.append(game.format_move(move))
        game.play(move)
    record = annotate_game(MNKGame(3, 3, 3), moves, table_size=1 << 14)
    check_flags_with_solve(MNKGame(3, 3, 3), moves, record)
    for p in record.positions:
        assert p.verdict.value == exact(_replay(moves[: p.ply]))
        if p.mark == "!":
            assert p.verdict.best_moves == (p.move,) and p.verdict.value == 1


def _replay(moves: list[str], size: int = 3, k: int = 3) -> MNKGame:
    game = MNKGame(size, size, k)
    for move in moves:
        game.play(game.parse_move(move))
    return game


# ------------------------------------------------------------------ the command line
def test_cli_text_json_file_and_illegal(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    args = ["annotate", "mnk", "--moves", "c1 a1 c3 c2 a2 b3 a3 b1 b2", "--quiet"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "   2. o a1??" in text and "   5. x a2?" in text and "   9. x b2!" in text
    assert "marks: ?? 2, ? 1, ! 1" in text

    assert main([*args, "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 10 and lines[1]["mark"] == "??" and lines[-1]["move"] is None
    assert lines[1]["best_moves"] is not None and lines[1]["proof"] == "solve"

    records = tmp_path / "games.txt"
    records.write_text("# two games\nb2 a2\n\nb2 b2\n", encoding="utf-8")
    status = main(["annotate", "mnk", "--file", str(records), "--json", "--quiet"])
    captured = capsys.readouterr()
    assert status == 2
    objects = [json.loads(line) for line in captured.out.splitlines()]
    assert {o["game"] for o in objects} == {1, 2}
    assert objects[-1] == {
        "game": 2,
        "illegal": {"index": 2, "move": "b2", "reason": "cell b2 is already occupied"},
    }
    assert captured.err.strip() == "error: game 2: move 2 ('b2'): cell b2 is already occupied"


def test_cli_bad_budget_and_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["annotate", "mnk", "--moves", "b2", "--budget", "lots"]) == 2
    assert "argument --budget" in capsys.readouterr().err
    assert main(["annotate", "mnk", "--file", "/nonexistent/games.txt"]) == 2
    assert "cannot read --file" in capsys.readouterr().err
