"""The protocol of ``check`` cannot be fooled: a stray or missing line is an engine fault
named as such (never a rules finding), every line is checked as it arrives, the handshake
reports other game options with both sides' answers, old engines (protocol 1) still work,
a finding is shortened and says why, and the value descent keeps its trail.  The engines
are ``protocol_engine.py`` beside this file (this package behind the protocol, with one
rule changed or one fault).
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from reference import DotsAndBoxes, MNKGame
from reference.cli.main import main
from reference.dou_shou_qi.geometry import Kind
from reference.dou_shou_qi.rules import DouShouQi
from reference.registry import load

ENGINE = Path(__file__).with_name("protocol_engine.py")
TTT = ["--m", "3", "--n", "3", "--k", "3"]


def engine(*args: str) -> str:
    return shlex.join([sys.executable, str(ENGINE), *args])


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    status = main(["check", *argv, "--json", "--quiet"])
    out, _ = capsys.readouterr()
    result: dict[str, Any] = json.loads(out)
    return status, result


@pytest.mark.parametrize("protocol", ["1", "2"])
@pytest.mark.parametrize("what", ["perft", "value"])
def test_a_stray_line_is_an_engine_fault_not_a_finding(
    capsys: pytest.CaptureFixture[str], protocol: str, what: str
) -> None:
    """The engine writes the last line of its second answer twice.  Protocol 1 used to read
    it as the next answer, and report a rules disagreement its own reproduce command could
    not reproduce."""
    bad = engine("mnk", "--fault", "stray", "--protocol", protocol)
    status, out = check(capsys, "mnk", *TTT, "--engine", bad, "--what", what, "--positions", "20")
    assert status == 1 and out["finding"] is None and not out["agree"]
    kinds = {"stray"} if protocol == "2" else {"stray", "out-of-step", "garbage"}
    assert out["fault"]["kind"] in kinds, out["fault"]
    if out["fault"]["kind"] == "stray" and protocol == "2":
        message = out["fault"]["message"]
        assert "after the last answer was complete" in message or (
            "the engine answered request 2 when 3 was asked" in message
        )


@pytest.mark.parametrize("protocol", ["1", "2"])
@pytest.mark.parametrize(("what", "kind"), [("perft", "missing"), ("value", "timeout")])
def test_a_missing_line_is_an_engine_fault(
    capsys: pytest.CaptureFixture[str], protocol: str, what: str, kind: str
) -> None:
    """The second answer lacks its last line ('total N', or the value line)."""
    bad = engine("mnk", "--fault", "missing", "--protocol", protocol)
    argv = ["mnk", *TTT, "--engine", bad, "--what", what, "--positions", "20", "--timeout", "2"]
    status, out = check(capsys, *argv)
    assert status == 1 and out["finding"] is None
    assert out["fault"]["kind"] == kind and out["checked"] == 1, out["fault"]
    assert ("'total N') is missing" if kind == "missing" else "no answer") in out["fault"]["message"]


@pytest.mark.parametrize("protocol", ["1", "2"])
def test_another_board_size_is_other_game_options(
    capsys: pytest.CaptureFixture[str], protocol: str
) -> None:
    """The reference on 3 x 3, the engine on 4 x 3: reported at the handshake with both sides'
    answers (protocol 2: its options; protocol 1: its moves at the start), not as values."""
    other = engine("mnk", "--m", "4", "--n", "3", "--k", "3", "--protocol", protocol)
    status, out = check(capsys, "mnk", *TTT, "--engine", other, "--what", "value")
    fault = out["fault"]
    assert status == 1 and out["checked"] == 0 and fault["kind"] == "options"
    assert "the game options differ" in fault["message"]
    if protocol == "2":
        assert "mnk m=3 n=3 k=3" in fault["message"] and "mnk m=4 n=3 k=3" in fault["message"]
    else:
        assert "the reference has 9 moves" in fault["message"]
        assert "the engine 12" in fault["message"] and "d3" in fault["message"]


def test_an_old_engine_speaks_protocol_1(capsys: pytest.CaptureFixture[str]) -> None:
    """An engine that exits on the handshake is restarted and checked without ids."""
    old = engine("mnk", "--protocol", "1")
    status, out = check(
        capsys, "mnk", *TTT, "--engine", old, "--positions", "30", "--max-moves", "9", "--no-corners"
    )
    assert status == 0 and out["agree"] and out["checked"] == 30
    assert out["protocol"]["version"] == 1 and "restarted" in out["protocol"]["note"]
    status, out = check(capsys, "mnk", *TTT, "--engine", engine("mnk"), "--positions", "5")
    assert status == 0 and out["protocol"] == {
        "version": 2,
        "game": "mnk",
        "options": {"m": "3", "n": "3", "k": "3"},
        "position": True,
        "note": "protocol 2",
    }


def test_the_leaf_says_why_the_game_is_over_with_the_cells_of_the_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The edge-diagonal engine plays on after a diagonal through the last column: the finding
    names the line, and every cell named is the winner's stone on one diagonal."""
    bug = engine("mnk", "--bug", "edge-diagonal")
    argv = ["mnk", *TTT, "--engine", bug, "--depth", "2", "--moves", "c1 a1 b2 a2"]
    status, out = check(capsys, *argv)
    finding = out["finding"]
    assert status == 1 and finding["kind"] == "moves"
    assert finding["why"].startswith("the game is over: x has 3 in a row: ")
    cells = finding["why"].split(": ")[2].split(";")[0].split()
    game = MNKGame(3, 3, 3)
    for name in finding["moves"]:
        game.play(game.parse_move(name))
    columns = sorted("abc".index(cell[0]) for cell in cells)
    rows = sorted(int(cell[1:]) for cell in cells)
    assert columns == [0, 1, 2] and rows == [1, 2, 3]  # one cell per column and row: a diagonal
    x_stones = game.bits[0]
    assert all(x_stones >> game.parse_move(cell) & 1 for cell in cells)
    assert out["position_request"] == f"perft 1 position {finding['position']}"


def test_the_value_descent_records_its_trail(capsys: pytest.CaptureFixture[str]) -> None:
    """One ply before the missed diagonal a3-b2-c1 (x to move), the descent enters c1; the
    step is on the finding's path, with the engine and the reference disagreeing there."""
    bug = engine("mnk", "--bug", "edge-diagonal")
    argv = ["--engine", bug, "--what", "value", "--moves", "b2 b3 a3 c2"]
    status, out = check(capsys, "mnk", *TTT, *argv)
    finding = out["finding"]
    assert status == 1 and finding["kind"] == "end" and finding["trail"], finding
    assert finding["trail"] == [
        {"moves": ["b2", "b3", "a3", "c2"], "depth": None, "move": "c1", "engine": 0, "reference": -1}
    ]
    start = ["b2", "b3", "a3", "c2"]
    for index, step in enumerate(finding["trail"]):
        assert step["moves"] == finding["moves"][: len(start) + index]
        assert step["move"] == finding["moves"][len(start) + index]
        assert step["depth"] is None and step["engine"] != step["reference"]
    assert len(finding["moves"]) == len(start) + len(finding["trail"])
    assert finding["why"] == "x has 3 in a row: a3 b2 c1; the side to move (o) has lost: -1"


def test_a_combination_says_which_boxes_the_move_completes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """2 x 2, h1,1 completes the two right-hand boxes (0,1) and (1,1) (checked on the board)."""
    moves = "h0,1 v0,2 v1,2 h2,0 h2,1 v0,0 v0,1 v1,1"
    bug = engine("dots-and-boxes", "--bug", "double-box-turn")
    status, out = check(capsys, "dots-and-boxes", "--engine", bug, "--what", "value", "--moves", moves)
    finding = out["finding"]
    assert status == 1 and finding["kind"] == "combination"
    reasons = finding["why"].split("; ")
    assert reasons[0] == "h1,1 completes boxes (0,1) (1,1): 2 points, and the mover moves again"
    assert len(reasons) == len(finding["suspects"]) and finding["suspects"][0] == "h1,1"
    game = DotsAndBoxes(2, 2)
    for name in moves.split():
        game.play(game.parse_move(name))
    assert [game.box_sides(box) for box in (1, 3)] == [3, 3]
    assert game.make(game.parse_move("h1,1")) == 2


def test_a_long_dou_shou_qi_finding_is_shortened(capsys: pytest.CaptureFixture[str]) -> None:
    """An engine whose dog never takes a wolf, on random move lists 60-90 plies long: the
    finding is moved to a shorter move list, where the missing move is a dog taking a wolf
    (checked on the board), says so, and is given in the position form as well."""
    bug = engine("dou-shou-qi", "--bug", "dog-spares-wolf")
    argv = ["dou-shou-qi", "--engine", bug, "--depth", "2", "--positions", "40"]
    status, out = check(capsys, *argv, "--min-moves", "60", "--max-moves", "90")
    finding = out["finding"]
    assert status == 1 and finding["kind"] == "moves" and finding["depth"] == 1
    assert out["shortened_from"] is not None and len(finding["moves"]) < out["shortened_from"]
    game = DouShouQi.start()
    for name in finding["moves"]:
        game.play(game.parse_move(name))
    assert finding["extra"] == [] and len(finding["missing"]) >= 1
    for name in finding["missing"]:
        move = game.parse_move(name)
        piece, target = game.piece_at(move.src), game.piece_at(move.dst)
        assert piece is not None and target is not None
        assert (piece.kind, target.kind) == (Kind.DOG, Kind.WOLF)
    assert "dog" in finding["why"] and "takes the wolf" in finding["why"]
    assert out["position_request"] == f"perft 1 position {finding['position']}"


def test_default_budgets_are_the_games_and_skips_are_counted_with_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """War chess values: with 20 turns left (the skirmish) the default budget is 0 and values
    are not tried (said in one line); with 4 turns left the game's budget is used and every
    position not compared is counted under its reason (node budgets, not clocks)."""
    spec = load("wargame")
    argv = ["wargame", "--engine", engine("wargame"), "--what", "value", "--positions", "3"]
    assert main(["check", *argv, "--quiet", "--no-corners"]) == 2
    _, err = capsys.readouterr()
    assert "was not tried: the game's default budget is 0 for such positions" in err
    assert spec.budget_for(spec.game({})) == 0
    argv = ["wargame", "--turn-limit", "4", "--what", "value", "--positions", "3"]
    argv += ["--engine", engine("wargame", "--turn-limit", "4")]
    _, out = check(capsys, *argv)
    assert out["budget"] is None  # the game's default, decided per position
    assert spec.budget_for(spec.game({"turn_limit": 4})) == 1 << 20
    assert out["checked"] + out["skipped"] == 3 and out["fault"] is None
    assert sum(out["skipped_why"].values()) == out["skipped"]
    assert set(out["skipped_why"]) <= {"over the node budget"}


def test_the_default_budget_is_decided_per_position_not_by_the_start(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Dou Shou Qi's default budget is 0 with more than 24 plies left before the draw limit
    and 2**16 nearer it: positions 180-199 plies in are valued with the default budget
    (the start's budget, 0, would skip them all), in check and in suite alike."""
    spec = load("dou-shou-qi")
    window = ["--min-moves", "180", "--max-moves", "199", "--positions", "6"]
    argv = ["dou-shou-qi", "--engine", engine("dou-shou-qi"), "--what", "value", *window]
    _, out = check(capsys, *argv, "--no-corners")
    assert out["budget"] is None and out["checked"] >= 1
    assert out["checked"] + out["skipped"] == 6
    assert spec.budget_for(spec.game({})) == 0
    assert main(["suite", "dou-shou-qi", *window, "--quiet"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 6
    valued = [line for line in lines if line["value"] is not None]
    assert valued and all(200 - len(line["moves"]) <= 24 for line in valued)


def test_a_suite_says_how_many_positions_have_no_value_and_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``suite`` with a budget too small for any value (1 node; 3 x 3 boxes near the start) says
    so on stderr."""
    argv = ["suite", "dots-and-boxes", "--rows", "3", "--cols", "3", "--positions", "3", "--budget", "1"]
    argv += ["--max-moves", "2", "--quiet"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert [json.loads(line)["value"] for line in out.splitlines()] == [None] * 3
    assert "suite: 3 of 3 positions without a value: 3 over the node budget (1;" in err
