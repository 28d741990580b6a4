"""``check dou-shou-qi --tablebase SET``: an engine's values against an endgame table, in
the position form (issue 32: check compares an engine's values on positions drawn from
a table)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from reference.cli.check_tablebase import expected_value
from reference.cli.main import main
from reference.search.retrograde import DRAW, LOSS, WIN

ENGINE = f"{sys.executable} {Path(__file__).with_name('protocol_engine.py')} dou-shou-qi"
BASE = ["check", "dou-shou-qi", "--draw-limit", "24", "--what", "value", "--json"]


def check(capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, dict[str, object]]:
    status = main([*BASE, *extra])
    out = capsys.readouterr().out
    return status, json.loads(out)


def test_a_correct_engine_agrees_with_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = check(
        capsys, "--tablebase", "A: D / B: W", "--positions", "8",
        "--engine", f"{ENGINE} --draw-limit 24",
    )
    assert status == 0 and out["agree"] is True and out["checked"] == 8


def test_a_rules_bug_is_found_with_the_tables_why(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = check(
        capsys, "--tablebase", "A: D / B: W", "--positions", "40",
        "--engine", f"{ENGINE} --draw-limit 24 --bug dog-spares-wolf",
    )
    assert status == 1
    finding = out["finding"]
    assert isinstance(finding, dict)
    assert finding["engine"] != finding["reference"]
    assert str(finding["why"]).startswith("the table: ")
    assert "tablebase probe dou-shou-qi" in str(finding["reproduce"])


def test_an_engine_without_the_position_form_is_a_fault_not_a_pass(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out = check(
        capsys, "--tablebase", "A: D / B: W", "--positions", "3",
        "--engine", f"{ENGINE} --draw-limit 24 --protocol 1",
    )
    assert status == 1 and out["agree"] is False
    fault = out["fault"]
    assert isinstance(fault, dict) and "position form" in str(fault["message"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["check", "mnk", "--what", "value", "--tablebase", "A: D / B: W", "--engine", "x"],
         "tables are built for dou-shou-qi"),
        (["check", "dou-shou-qi", "--tablebase", "A: D / B: W", "--engine", "x"],
         "give --what value"),
        (["check", "dou-shou-qi", "--what", "value", "--tablebase", "A: Q / B: W",
          "--engine", "x"], "unknown piece letter"),
    ],
)
def test_bad_requests(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_the_draw_limit_turns_a_far_win_into_a_draw() -> None:
    assert expected_value(WIN, 10, 24) == 1 and expected_value(LOSS, 10, 24) == -1
    assert expected_value(WIN, 30, 24) == 0 and expected_value(LOSS, 30, None) == -1
    assert expected_value(DRAW, 0, 24) == 0


def test_suite_writes_a_table_suite_that_check_reads_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dog-wolf.jsonl"
    argv = ["suite", "dou-shou-qi", "--draw-limit", "24", "--tablebase", "A: D / B: W",
            "--positions", "30", "--seed", "3", "--output", str(path)]
    assert main(argv) == 0
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert len(lines) == 30
    assert set(lines[0]) == {
        "game", "options", "tablebase", "position", "value", "outcome", "distance", "best_moves"
    }
    assert all(line["options"] == {"draw_limit": 24} for line in lines)
    capsys.readouterr()
    status, out = check(capsys, "--tablebase", str(path), "--engine", f"{ENGINE} --draw-limit 24")
    assert status == 0 and out["checked"] == 30
    status, out = check(
        capsys, "--tablebase", str(path),
        "--engine", f"{ENGINE} --draw-limit 24 --bug dog-spares-wolf",
    )
    assert status == 1  # the dog that never takes the wolf, found in the file's positions
    assert isinstance(out["finding"], dict) and out["finding"]["table"]["value"]


def test_a_table_suite_of_other_options_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.jsonl"
    assert main(["suite", "dou-shou-qi", "--tablebase", "A: D / B: W", "--positions", "2",
                 "--output", str(path)]) == 0
    capsys.readouterr()
    assert main([*BASE, "--tablebase", str(path), "--engine", ENGINE]) == 2
    assert "not dou-shou-qi with" in capsys.readouterr().err
