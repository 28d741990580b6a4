"""Test suites as files: the golden suites re-derived line by line, the ``suite`` command,
``check --suite`` (which reads the reference's answers instead of computing them)."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from test_oracle_check import DOUBLE_BOX

from reference.cli.main import main
from reference.errors import PositionFormatError
from reference.oracle.positions import replay
from reference.oracle.suite import (
    game_factory,
    read_suite,
    read_suite_line,
    suite_line,
    verify_line,
)
from reference.registry import all_specs, load
from reference.search import SearchContext, alphabeta

SUITES = sorted((Path(__file__).parent.parent / "data" / "suites").glob("*.jsonl"))
ENGINE = Path(__file__).with_name("protocol_engine.py")


def test_there_is_a_golden_suite_for_each_required_game() -> None:
    games = {json.loads(path.read_text().splitlines()[0])["game"] for path in SUITES}
    assert games >= {"mnk", "dots-and-boxes", "connect6", "dou-shou-qi", "wargame"}


@pytest.mark.parametrize("path", SUITES, ids=[p.name for p in SUITES])
def test_every_line_of_the_golden_suite_is_rederived(path: Path) -> None:
    """Positions, perft counts at each depth, the divide, the value and the set of best moves:
    each recomputed by the reference (no budget) and compared."""
    specs = all_specs()
    entries = list(read_suite(path.read_text(encoding="utf-8").splitlines(), beside=path.parent))
    assert len(entries) >= 10
    for entry in entries:
        assert entry.value is not None, f"line {entry.line_number} has no value"
        problems = verify_line(specs[entry.game], entry)
        assert problems == [], f"{path.name} line {entry.line_number}: {problems}"


def test_verify_line_notices_a_wrong_answer() -> None:
    spec = load("mnk")
    path = next(p for p in SUITES if p.name.startswith("mnk"))
    line = json.loads(path.read_text().splitlines()[0])
    assert verify_line(spec, read_suite_line(json.dumps(line), 1)) == []
    for key, wrong in (("perft", [1, 2]), ("value", 5), ("position", "x")):
        bad = {**line, key: wrong}
        if key == "perft":
            bad["divide"] = {"b2": 2}
        assert verify_line(spec, read_suite_line(json.dumps(bad), 1)) != []


def test_suite_command_is_deterministic_and_matches_suite_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = [
        "suite",
        "mnk",
        "--m",
        "3",
        "--n",
        "3",
        "--k",
        "3",
        "--positions",
        "4",
        "--depth",
        "2",
        "--quiet",
    ]
    assert main(argv) == 0
    first, _ = capsys.readouterr()
    assert main(argv) == 0
    second, _ = capsys.readouterr()
    assert first == second and len(first.splitlines()) == 4
    spec = load("mnk")
    for number, text in enumerate(first.splitlines(), start=1):
        assert verify_line(spec, read_suite_line(text, number)) == []


def engine(*args: str) -> str:
    return shlex.join([sys.executable, str(ENGINE), *args])


def check_suite(
    capsys: pytest.CaptureFixture[str], game: str, path: Path, *argv: str
) -> tuple[int, dict[str, Any]]:
    status = main(["check", game, "--suite", str(path), *argv, "--json", "--quiet"])
    out, err = capsys.readouterr()
    assert err == ""
    result: dict[str, Any] = json.loads(out)
    return status, result


def test_check_suite_against_a_correct_engine(capsys: pytest.CaptureFixture[str]) -> None:
    path = next(p for p in SUITES if p.name.startswith("dots-and-boxes"))
    for what in ("perft", "value"):
        status, out = check_suite(
            capsys, "dots-and-boxes", path, "--engine", engine("dots-and-boxes"), "--what", what
        )
        assert (status, out["agree"], out["checked"]) == (0, True, 20), out


def test_war_chess_suite_finds_its_scenario_beside_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The war chess suite names its scenario relatively (``wargame-skirmish.txt``): checked
    from another folder, the scenario beside the suite is read; an engine on another
    scenario disagrees (the suite's positions are not its positions)."""
    path = next(p for p in SUITES if p.name.startswith("wargame"))
    scenario = path.with_name("wargame-skirmish.txt")
    monkeypatch.chdir(tmp_path)
    right = engine("wargame", "--scenario", str(scenario))
    for what in ("perft", "value"):
        status, out = check_suite(capsys, "wargame", path, "--engine", right, "--what", what)
        assert (status, out["agree"], out["checked"]) == (0, True, 12), out
    status, out = check_suite(capsys, "wargame", path, "--engine", engine("wargame"))
    assert status == 1 and out["agree"] is False


def test_check_suite_catches_a_wrong_engine(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A suite of one line (the hand-worked double box of ``test_oracle_check.py``)."""
    spec = load("dots-and-boxes")
    line = suite_line(spec, {}, DOUBLE_BOX.split(), depth=1)
    path = tmp_path / "double-box.jsonl"
    path.write_text(json.dumps(line) + "\n")
    bug = engine("dots-and-boxes", "--bug", "double-box-turn")
    status, out = check_suite(capsys, "dots-and-boxes", path, "--engine", bug, "--what", "value")
    assert status == 1 and out["finding"]["kind"] == "combination"
    assert out["finding"]["passes_after"] == ["h1,1"]


def test_a_stale_suite_is_reported_as_such(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An edited count: the engine agrees with the reference, not with the file."""
    source = next(p for p in SUITES if p.name.startswith("mnk"))
    lines = source.read_text().splitlines()
    line = json.loads(lines[0])
    first = next(iter(line["divide"]))
    line["divide"][first] += 1
    line["perft"][-1] += 1
    stale = tmp_path / "stale.jsonl"
    stale.write_text(json.dumps(line) + "\n")
    status, out = check_suite(capsys, "mnk", stale, "--engine", engine("mnk"))
    assert status == 1 and out["finding"]["kind"] == "stale-suite"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "suite line 1: not JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"game": "mnk"}', "missing keys"),
        (
            '{"game": "mnk", "options": {}, "moves": [], "position": "", "perft": [9], '
            '"divide": {"a1": 1}, "value": null, "best_moves": null}',
            "sums to 1",
        ),
        (
            '{"game": "mnk", "options": {}, "moves": [], "position": "", "perft": [1e999], '
            '"divide": {}, "value": null, "best_moves": null}',
            "list of counts",
        ),
        (
            '{"game": "mnk", "options": {}, "moves": [], "position": "", "perft": ['
            + "9" * 5000
            + "]"
            ', "divide": {}, "value": null, "best_moves": null}',
            "not JSON",
        ),
    ],
)
def test_malformed_suite_lines_are_one_line_errors(text: str, words: str) -> None:
    with pytest.raises(PositionFormatError) as error:
        list(read_suite([text]))
    message = str(error.value)
    assert words in message and "\n" not in message, message


def test_check_suite_bad_input_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    wrong_game = next(p for p in SUITES if p.name.startswith("mnk"))
    unsolved = tmp_path / "unsolved.jsonl"
    line = json.loads(wrong_game.read_text().splitlines()[0])
    unsolved.write_text(json.dumps({**line, "value": None, "best_moves": None}) + "\n")
    status = main(
        ["check", "mnk", "--suite", str(unsolved), "--what", "value", "--engine", "true", "--quiet"]
    )
    out, err = capsys.readouterr()
    assert status == 2 and "no position was compared" in err and err.count("\n") == 1
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_bytes(b"\xff\xfe not text\n")
    for game, path, extra in (
        ("connect6", wrong_game, []),
        ("mnk", garbage, []),
        ("mnk", wrong_game, ["--m", "4"]),
        ("mnk", wrong_game, ["--depth", "3"]),
    ):
        status = main(["check", game, *extra, "--suite", str(path), "--engine", "true", "--quiet"])
        out, err = capsys.readouterr()
        assert status == 2 and out == "" and err.count("\n") == 1, (game, extra, err)


def test_golden_values_equal_alpha_beta_without_a_table() -> None:
    """An independent derivation of the values: plain alpha-beta to the end over every legal
    move, no transposition table (so no key can be wrong), on every golden line with at most
    eight moves to choose from (36 Connect6 pairs: nine empty points); the others take
    too long without a table."""
    specs = all_specs()
    checked = 0
    for path in SUITES:
        for entry in read_suite(path.read_text(encoding="utf-8").splitlines(), beside=path.parent):
            game = replay(game_factory(specs[entry.game], entry.options), entry.moves)
            most = 36 if entry.game == "connect6" else 8  # Connect6: pairs of <= 9 points
            if len(game.legal_moves()) > most:
                continue
            ctx = SearchContext(full_width=True, mate_distance=False)
            score = alphabeta(game, 10_000, ctx=ctx)
            value = score if game.counts_points else (score > 0) - (score < 0)
            assert value == entry.value, (path.name, entry.line_number)
            checked += 1
    assert checked >= 30


@pytest.mark.parametrize(
    "argv",
    [
        ["--positions", "\u0663"],
        ["--depth", "0"],
        ["--seed", "9" * 5000],
        ["--min-moves", "4", "--max-moves", "1"],
        ["--output", "/nonexistent/dir/suite.jsonl"],
        ["--m", "0"],
    ],
)
def test_suite_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    try:
        status = main(["suite", "mnk", *argv, "--quiet"])
    except SystemExit as exit_:
        status = int(str(exit_.code))
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1, err
