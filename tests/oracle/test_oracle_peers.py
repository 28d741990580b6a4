"""This package against two more engines nobody here wrote, behind the check protocol:
``jungle-chess`` (Dou Shou Qi under ``--rules standard``, ``examples/jungle_chess_engine.py``)
and ``omok`` (Connect6, ``examples/omok_engine.py``).

Both are in the ``peers`` extra, which the ``dev`` set-up installs, so these tests run
wherever ``make test`` does (they are not skipped when a peer is missing: they fail).
Each peer is checked on 300 random positions by perft in the default suite and by value
in a smaller default run; the 300-position value runs are marked slow.
"""

from __future__ import annotations

import importlib.util
import json
import random
import shlex
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from jungle_chess.board import Board
from jungle_chess.constants import COLS, ROWS
from jungle_chess.constants import Side as JungleSide
from jungle_chess.piece import Piece as JunglePiece
from jungle_chess.piece import PieceType

from reference.cli.main import main
from reference.dou_shou_qi.geometry import KIND_LETTERS, Side, col_of, row_of
from reference.dou_shou_qi.notation import Placement
from reference.dou_shou_qi.positions import random_placement
from reference.dou_shou_qi.rules import DouShouQi
from reference.oracle.corners import corner_positions
from reference.registry import load

EXAMPLES = Path(__file__).parent.parent.parent / "examples"
JUNGLE = EXAMPLES / "jungle_chess_engine.py"
OMOK = EXAMPLES / "omok_engine.py"

LETTER_TYPES = {
    "M": PieceType.RAT,
    "C": PieceType.CAT,
    "D": PieceType.DOG,  # starts on f2: strength 3 in jungle-chess and under --rules standard
    "W": PieceType.WOLF,  # starts on c3: strength 4
    "H": PieceType.LEOPARD,
    "T": PieceType.TIGER,
    "L": PieceType.LION,
    "E": PieceType.ELEPHANT,
}
"""This package's piece letters (the thesis's names) as jungle-chess's pieces, by start square."""


def engine(path: Path, *args: str) -> str:
    return shlex.join([sys.executable, str(path), *args])


def load_example(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
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


# ----------------------------------------------------------------- jungle-chess


def jungle_board(placement: Placement) -> Board:
    """jungle-chess's board holding ``placement`` (A is Red, ``(col, row)`` from a1 = (0, 0))."""
    board = Board()
    board._squares = [[None] * COLS for _ in range(ROWS)]
    board._pieces = {JungleSide.RED: set(), JungleSide.GREEN: set()}
    for piece in placement.pieces:
        side = JungleSide.RED if piece.side == Side.A else JungleSide.GREEN
        theirs = JunglePiece(LETTER_TYPES[KIND_LETTERS[piece.kind]], side)
        col, row = col_of(piece.square), row_of(piece.square)
        theirs.move((col, row))
        board._squares[row][col] = theirs
        board._pieces[side].add(theirs)
    return board


def test_jungle_chess_moves_equal_standard_rules_on_random_placements() -> None:
    """Every legal move of every piece of the side to move, jungle-chess's (through the
    adapter's hang guard) against ``DouShouQi(rules="standard")``, on 1,500 random
    placements (pieces anywhere: traps, water, blocked jumps, next to dens)."""
    adapter = load_example(JUNGLE)
    rng = random.Random(22)
    blocked = 0
    for _ in range(1_500):
        placement = random_placement(rng, pieces_per_side=(3, 8))
        ours = DouShouQi(placement, draw_limit=None, rules="standard")
        board = jungle_board(placement)
        side = JungleSide.RED if placement.to_move == Side.A else JungleSide.GREEN
        theirs = set()
        for piece in board.pieces(side):
            blocked += bool(adapter.blocked_river_paths(board, piece.pos))
            for dst in adapter.legal_moves(board, piece.pos):
                theirs.add(f"{adapter.name(piece.pos)}-{adapter.name(dst)}")
        assert {ours.format_move(m) for m in ours.legal_moves()} == theirs, ours.to_notation()
    assert blocked >= 20  # the hang guard's path was taken


def test_jungle_chess_hang_guard_drops_only_the_blocked_jump() -> None:
    """A rat in the river between a lion and the far bank: jungle-chess's own ``legal_moves``
    would loop forever; the adapter drops the jump and keeps the other moves."""
    adapter = load_example(JUNGLE)
    placement = DouShouQi.from_notation("A: Ld5 / B: Mc5 Ea9 / A").placement()
    board = jungle_board(placement)
    moves = {adapter.name(dst) for dst in adapter.legal_moves(board, (3, 4))}
    assert moves == {"d6", "d4", "g5"}  # up, down, the jump right; not a5 over the rat
    assert board.at((2, 4)) is not None  # the rat is back in the river


def test_jungle_chess_perft_agrees_with_standard_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """perft 2 on 300 positions from random games of 20 to 199 plies (captures, traps)."""
    result = check(
        capsys,
        "dou-shou-qi",
        "--rules",
        "standard",
        "--engine",
        engine(JUNGLE, "--draw-limit", "200"),
        "--depth",
        "2",
        "--positions",
        "300",
        "--min-moves",
        "20",
        "--max-moves",
        "199",
    )
    corners = {c.moves for c in corner_positions(load("dou-shou-qi"), {"rules": "standard"})}
    assert len(corners) == 14 and result["checked"] == 300 + len(corners)  # the rule corners too


def jungle_values(capsys: pytest.CaptureFixture[str], positions: int) -> dict[str, Any]:
    """Values near the draw limit of 200 plies (1 or 2 plies left, or a finished game)."""
    return check(
        capsys,
        "dou-shou-qi",
        "--rules",
        "standard",
        "--engine",
        engine(JUNGLE, "--draw-limit", "200"),
        "--what",
        "value",
        "--budget",
        str(1 << 20),  # a few of them need more than the game's default (2**16)
        "--positions",
        str(positions),
        "--min-moves",
        "198",
        "--max-moves",
        "199",
    )


def test_jungle_chess_values_agree_with_standard_rules(capsys: pytest.CaptureFixture[str]) -> None:
    result = jungle_values(capsys, 60)  # and the rule corners (those far from the end skipped)
    assert result["checked"] >= 60 and result["checked"] + result["skipped"] == result["positions"]


@pytest.mark.slow
def test_jungle_chess_values_agree_on_300_positions(capsys: pytest.CaptureFixture[str]) -> None:
    result = jungle_values(capsys, 300)  # and the rule corners (those far from the end skipped)
    assert result["checked"] >= 300 and result["checked"] + result["skipped"] == result["positions"]


def test_jungle_chess_finds_the_thesis_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """The control: the thesis's rules (wolf 3, dog 4, a trapped piece takes nothing)
    against jungle-chess are caught at the handshake (protocol 2: the engine says
    ``rules=standard``) and, with an engine that has no handshake (protocol 1), as a
    difference in the moves."""
    argv = ["dou-shou-qi", "--depth", "2", "--positions", "300", "--json", "--quiet"]
    window = ["--min-moves", "20", "--max-moves", "199"]
    status = main(["check", *argv, *window, "--engine", engine(JUNGLE)])
    out = json.loads(capsys.readouterr().out)
    assert status == 1 and out["finding"] is None
    assert out["fault"]["kind"] == "options" and "(rules)" in out["fault"]["message"]
    assert "rules=thesis" in out["fault"]["message"]
    assert "rules=standard" in out["fault"]["message"]
    old_engine = engine(JUNGLE, "--protocol", "1")
    status = main(["check", *argv, *window, "--engine", old_engine])
    out = json.loads(capsys.readouterr().out)
    assert status == 1 and out["finding"]["kind"] == "moves"
    assert out["protocol"]["version"] == 1


# ------------------------------------------------------------------------- omok


def test_omok_move_names() -> None:
    """omok numbers a point y * size + x; this package names it column letter x, row y + 1."""
    adapter = load_example(OMOK)
    omok = adapter.OmokEngine(7)
    assert [omok.to_name[p] for p in (0, 6, 7, 48)] == ["a1", "g1", "a2", "g7"]
    assert omok.env.size == 7 and len(omok.moves()) == 49  # the first move is one stone
    omok.make(omok.parse("d4"))
    assert len(omok.moves()) == 48 * 47 // 2  # then two


def test_omok_connect6_perft_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    """perft 2 on 300 positions of 6 x 6 games of 11 to 17 moves (wins, a full board)."""
    result = check(
        capsys,
        "connect6",
        "--size",
        "6",
        "--engine",
        engine(OMOK, "--size", "6"),
        "--depth",
        "2",
        "--positions",
        "300",
        "--min-moves",
        "11",
        "--max-moves",
        "17",
    )
    corners = {c.moves for c in corner_positions(load("connect6"), {"size": 6})}
    assert len(corners) == 1 and result["checked"] == 300 + len(corners)  # the rule corner too


def omok_values(capsys: pytest.CaptureFixture[str], positions: int) -> dict[str, Any]:
    """Values of 6 x 6 positions after 15 to 17 moves (at most 7 empty points)."""
    return check(
        capsys,
        "connect6",
        "--size",
        "6",
        "--engine",
        engine(OMOK, "--size", "6"),
        "--what",
        "value",
        "--positions",
        str(positions),
        "--min-moves",
        "15",
        "--max-moves",
        "17",
    )


def test_omok_connect6_values_agree(capsys: pytest.CaptureFixture[str]) -> None:
    assert omok_values(capsys, 60)["checked"] == 60


@pytest.mark.slow
def test_omok_connect6_values_agree_on_300_positions(capsys: pytest.CaptureFixture[str]) -> None:
    assert omok_values(capsys, 300)["checked"] == 300


def test_omok_on_another_board_is_caught(capsys: pytest.CaptureFixture[str]) -> None:
    """The control: omok on 7 x 7 against this package on 6 x 6, named at the handshake
    (protocol 2), and by the first move's 49 points (the start's perft 1) with an engine that
    has no handshake."""
    argv = ["connect6", "--size", "6", "--depth", "1", "--positions", "5", "--json", "--quiet"]
    status = main(["check", *argv, "--engine", engine(OMOK, "--size", "7")])
    out = json.loads(capsys.readouterr().out)
    assert status == 1 and out["fault"]["kind"] == "options"
    assert "size=6" in out["fault"]["message"] and "size=7" in out["fault"]["message"]
    old_engine = engine(OMOK, "--size", "7", "--protocol", "1")
    status = main(["check", *argv, "--engine", old_engine])
    out = json.loads(capsys.readouterr().out)
    assert status == 1 and out["protocol"]["version"] == 1 and out["fault"]["kind"] == "options"
    assert "36 moves" in out["fault"]["message"] and "the engine 49" in out["fault"]["message"]


# ------------------------------------------------------------- golden suites

STANDARD_SUITE = (
    Path(__file__).parent.parent / "data" / "suites" / "dou-shou-qi-standard-late.jsonl"
)


def test_golden_standard_suite_agrees_with_jungle_chess(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The golden suite of the standard rules read by ``check --suite`` against jungle-chess:
    perft 1 and the divide at 2 of every line; the values of the lines with at most two plies
    left or a finished game (the adapter's plain negamax is too slow for four plies)."""
    jungle = engine(JUNGLE, "--draw-limit", "200")
    perft = check(capsys, "dou-shou-qi", "--suite", str(STANDARD_SUITE), "--engine", jungle)
    assert perft["checked"] == 12
    lines = STANDARD_SUITE.read_text(encoding="utf-8").splitlines()
    short = [
        line
        for line in lines
        if len(json.loads(line)["moves"]) >= 198 or not json.loads(line)["perft"][0]
    ]
    (tmp_path / "short.jsonl").write_text("\n".join(short) + "\n", encoding="utf-8")
    value = check(
        capsys,
        "dou-shou-qi",
        "--suite",
        str(tmp_path / "short.jsonl"),
        "--engine",
        jungle,
        "--what",
        "value",
    )
    assert value["checked"] == len(short) >= 6
