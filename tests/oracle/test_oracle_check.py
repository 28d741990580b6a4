"""``python -m reference check``: a correct engine agrees, a wrong one is caught and localised
to the exact position (and move), an engine that breaks the protocol is reported in one
line, and bad input exits 2.  The engines are ``protocol_engine.py`` beside this file:
this package behind the line protocol, with one rule changed or one fault.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from protocol_engine import DoubleBoxTurnDotsAndBoxes, EdgeDiagonalMNK

from reference import DotsAndBoxes, MNKGame, solve
from reference.cli.main import main
from reference.oracle.positions import replay
from reference.search.protocol import PlayableGame
from reference.search.tt import TranspositionTable

ENGINE = Path(__file__).with_name("protocol_engine.py")
TTT = ["--m", "3", "--n", "3", "--k", "3"]


def engine(*args: str) -> str:
    return shlex.join([sys.executable, str(ENGINE), *args])


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any], str]:
    """Run ``check`` with ``--json --quiet``: the status, the JSON object, stderr."""
    status = main(["check", *argv, "--json", "--quiet"])
    out, err = capsys.readouterr()
    assert out.count("\n") == 1, out
    result: dict[str, Any] = json.loads(out)
    return status, result, err


def test_a_correct_engine_agrees_on_perft_and_value(capsys: pytest.CaptureFixture[str]) -> None:
    for what in ("perft", "value"):
        status, out, err = check(
            capsys,
            "mnk",
            *TTT,
            "--engine",
            engine("mnk"),
            "--what",
            what,
            "--positions",
            "60",
            "--max-moves",
            "9",
            "--no-corners",
        )
        assert (status, out["agree"], out["checked"], out["finding"], out["fault"]) == (
            0,
            True,
            60,
            None,
            None,
        ), out
        assert err == ""


def test_missed_edge_diagonal_is_localised_to_the_winning_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Hand-worked: x c1 b2, o a1 a2; x to move.  x a3 completes the diagonal c1-b2-a3, which
    touches the last column, so the buggy engine plays on.  perft 2: the reference counts 0
    below a3 (the game is over), the engine 4; one ply down, perft 1 after a3: the reference
    has no move, the engine has the four empty cells."""
    status, out, _ = check(
        capsys,
        "mnk",
        *TTT,
        "--engine",
        engine("mnk", "--bug", "edge-diagonal"),
        "--what",
        "perft",
        "--depth",
        "2",
        "--moves",
        "c1 a1 b2 a2",
    )
    finding = out["finding"]
    assert status == 1 and not out["agree"]
    assert finding["kind"] == "moves"
    assert finding["moves"] == ["c1", "a1", "b2", "a2", "a3"]
    assert finding["move"] == "a3"
    assert finding["position"] == "x../ox./o.x o"
    assert finding["missing"] == [] and sorted(finding["extra"]) == ["b1", "b3", "c2", "c3"]
    assert finding["depth"] == 1
    assert finding["trail"] == [
        {"moves": ["c1", "a1", "b2", "a2"], "depth": 2, "move": "a3", "engine": 4, "reference": 0}
    ]
    assert out["request"] == "perft 1 c1 a1 b2 a2 a3"
    assert "--moves 'c1 a1 b2 a2 a3'" in out["reproduce"] and "--depth 1" in out["reproduce"]


def test_random_positions_catch_the_edge_diagonal_where_it_happens(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """From random positions, the report is the position right after a diagonal win through the
    last column (checked independently here), its move is the winning one, and the engine's
    extra moves are exactly the empty cells."""
    status, out, _ = check(
        capsys,
        "mnk",
        *TTT,
        "--engine",
        engine("mnk", "--bug", "edge-diagonal"),
        "--what",
        "perft",
        "--depth",
        "3",
        "--positions",
        "200",
        "--max-moves",
        "9",
    )
    finding = out["finding"]
    assert status == 1 and finding["kind"] == "moves"
    moves = finding["moves"]
    game = MNKGame(3, 3, 3)
    for name in moves:
        game.play(game.parse_move(name))
    buggy = replay(lambda: EdgeDiagonalMNK(3, 3, 3, symmetry=False), moves)
    parent = replay(lambda: MNKGame(3, 3, 3), moves[:-1])
    assert game.is_terminal() and not buggy.is_terminal() and not parent.is_terminal()
    assert game.winner() is not None  # a win, not a full board
    assert finding["move"] == moves[-1]
    assert finding["position"] == game.to_notation()
    empty = sorted(buggy.format_move(m) for m in buggy.legal_moves())
    assert sorted(finding["extra"]) == empty and finding["missing"] == []


DOUBLE_BOX = "h0,1 v0,2 v1,2 h2,0 h2,1 v0,0 v0,1 v1,1"
"""2 x 2, no box taken yet, player 1 to move; four edges left.  Boxes (0,1) and (1,1) have
three sides each and share h1,1: h1,1 takes both.  Boxes (0,0) and (1,0) have two sides each
and share h1,0: whoever opens them gives both away.  The rules: h1,1 (+2) and the mover moves
again, and must open the last two boxes: 2 - 2 = 0.  Any other move lets the opponent take all
four: -4.  The value is 0.  An engine that passes the turn after a double box scores h1,1 as
2 - (-2) = 4."""


def test_no_extra_turn_after_a_double_box_is_localised_to_the_move(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bug = engine("dots-and-boxes", "--bug", "double-box-turn")
    status, out, _ = check(
        capsys, "dots-and-boxes", "--engine", bug, "--what", "value", "--moves", DOUBLE_BOX
    )
    finding = out["finding"]
    assert status == 1
    assert finding["kind"] == "combination"
    assert finding["moves"] == DOUBLE_BOX.split()
    assert finding["position"] == "2x2:0xdf2:0:0:0"
    assert (finding["reference"], finding["engine"]) == (0, 4)
    assert finding["passes_after"] == ["h1,1"]
    by_move = {child["move"]: child for child in finding["children"]}
    assert by_move["h1,1"] == {
        "move": "h1,1",
        "points": 2,
        "turn_kept": True,
        "value": -2,
        "through": 0,
    }


def test_random_positions_catch_the_double_box_turn_where_it_happens(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """perft cannot see a turn rule (the legal moves are the same), so perft agrees; the value
    check reports a position where (checked here with the buggy game itself) the engine agrees
    on every child and not on the position, and every move it says would explain that with the
    turn passing is a double box."""
    bug = engine("dots-and-boxes", "--bug", "double-box-turn")
    boxes = ["dots-and-boxes", "--engine", bug, "--max-moves", "12", "--no-corners"]
    status, out, _ = check(capsys, *boxes, "--what", "perft", "--depth", "3", "--positions", "30")
    assert status == 0 and out["agree"]
    status, out, _ = check(capsys, *boxes, "--what", "value", "--positions", "100", "--seed", "2")
    finding = out["finding"]
    assert status == 1 and finding["kind"] == "combination"
    assert out["index"] == 5 and len(finding["moves"]) == 9  # one ply below the position checked

    def value(game: PlayableGame[Any]) -> int:
        return solve(game, tt=TranspositionTable(1 << 12)).value

    game = replay(lambda: DotsAndBoxes(2, 2), finding["moves"])
    buggy = replay(lambda: DoubleBoxTurnDotsAndBoxes(2, 2, capture_rule=False), finding["moves"])
    assert (value(game), value(buggy)) == (finding["reference"], finding["engine"])
    assert finding["reference"] != finding["engine"]
    for move in game.legal_moves():
        game.make(move)
        buggy.make(move)
        assert value(game) == value(buggy)
        game.unmake()
        buggy.unmake()
    assert finding["passes_after"]
    for name in finding["passes_after"]:
        assert game.make(game.parse_move(name)) == 2
        game.unmake()


@pytest.mark.parametrize(
    ("fault", "what", "kind", "words"),
    [
        ("crash", "perft", "crash", "exited with status 0"),
        ("stderr-crash", "perft", "crash", "out of cheese"),
        ("garbage", "perft", "garbage", "info depth 1"),
        ("huge-count", "perft", "garbage", "a number of 5,000 digits"),
        ("long-count", "perft", "garbage", "a number of 1,001 digits"),
        ("signed-count", "perft", "garbage", "'-3' has a sign"),
        ("arabic-digits", "perft", "garbage", "not written in ASCII digits"),
        ("wrong-total", "perft", "garbage", "is not the sum"),
        ("duplicate", "perft", "garbage", "listed twice"),
        ("long-line", "perft", "garbage", "longer than"),
        ("bad-value", "value", "garbage", "expected 'value V'"),
        ("hang", "perft", "timeout", "no answer within 1 s"),
    ],
)
def test_engine_faults_are_one_clear_report(
    capsys: pytest.CaptureFixture[str], fault: str, what: str, kind: str, words: str
) -> None:
    argv = ["mnk", *TTT, "--engine", engine("mnk", "--fault", fault), "--what", what]
    # a generous time limit (the engine starts slowly on a loaded machine), except for the hang
    argv += ["--positions", "5", "--max-moves", "3", "--timeout", "1" if fault == "hang" else "60"]
    status, out, err = check(capsys, *argv)
    assert status == 1 and not out["agree"] and out["finding"] is None
    assert out["fault"]["kind"] == kind and words in out["fault"]["message"], out["fault"]
    assert err == ""


@pytest.mark.parametrize("fault", ["crash", "garbage"])
def test_engine_fault_text_report(capsys: pytest.CaptureFixture[str], fault: str) -> None:
    argv = ["mnk", *TTT, "--engine", engine("mnk", "--fault", fault), "--positions", "5"]
    assert main(["check", *argv, "--quiet"]) == 1
    text, err = capsys.readouterr()
    where, request = {"crash": ("position ", "1 perft 2"), "garbage": ("the handshake", "perft 1")}[fault]
    assert f"ENGINE FAULT at {where}" in text and f"request: {request}" in text
    assert "Traceback" not in text + err and len(text.splitlines()) == 3 and err == ""


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--engine", ""], "engine command is empty"),
        (["--engine", "/nonexistent/engine-xyz"], "cannot start the engine"),
        (["--engine", "'unbalanced"], "--engine"),
        (["--engine", "true", "--depth", "\u0663"], "digits 0-9"),
        (["--engine", "true", "--depth", "9" * 5000], "5000 digits"),
        (["--engine", "true", "--depth", "0"], "allowed 1.."),
        (["--engine", "true", "--positions", "-1"], "allowed 1.."),
        (["--engine", "true", "--timeout", "nan"], "a number in (0,"),
        (["--engine", "true", "--moves", "b2 b2"], "move 2"),
        (["--engine", "true", "--min-moves", "5", "--max-moves", "2"], "--min-moves"),
        (["--engine", "true", "--suite", "/nonexistent/suite.jsonl"], "cannot read the suite"),
        (["--engine", "true", "--what", "colour"], "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    try:
        status = main(["check", "mnk", *argv, "--quiet"])
    except SystemExit as exit_:
        status = int(str(exit_.code)) if exit_.code is not None else 0
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and words in err, err
