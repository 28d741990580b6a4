"""The JSON the oracle prints follows its versioned schema (issue 31): check's report in
its three shapes (agreement, finding, fault), suite lines (a game's, the rule corners'),
table suites, check --tablebase, and serve's answers (ok and error)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from reference.cli.main import main
from reference.oracle.schemas import NAMES, schema, validate

ENGINE = f"{sys.executable} {Path(__file__).with_name('protocol_engine.py')}"
ROOT = Path(__file__).resolve().parents[2]


def printed(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, object]]:
    main(list(argv))
    return [json.loads(line) for line in capsys.readouterr().out.splitlines() if line.strip()]


def test_every_schema_has_a_version_and_an_id() -> None:
    for name in NAMES:
        rules = schema(name)
        assert isinstance(rules["version"], int) and rules["version"] >= 1
        assert rules["$id"] == f"gametree-reference/{name}.json"


@pytest.mark.parametrize(
    "extra",
    [
        ["--engine", f"{ENGINE} mnk", "--positions", "3"],  # agreement
        ["--engine", f"{ENGINE} mnk --bug edge-diagonal", "--what", "value", "--positions", "30"],
        ["--engine", f"{ENGINE} mnk --fault garbage", "--positions", "3"],  # a fault
    ],
)
def test_check_reports_follow_check_json(
    extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    (report,) = printed(capsys, "check", "mnk", "--json", *extra)
    assert report["version"] == schema("check")["version"]
    assert validate(report, schema("check")) == []


def test_a_report_with_a_changed_key_fails_the_schema(capsys: pytest.CaptureFixture[str]) -> None:
    (report,) = printed(capsys, "check", "mnk", "--json", "--engine", f"{ENGINE} mnk",
                        "--positions", "2")
    report["agreed"] = report.pop("agree")
    assert validate(report, schema("check"))  # the schema can fail


def test_suite_lines_and_rule_corners_follow_suite_line(capsys: pytest.CaptureFixture[str]) -> None:
    for line in printed(capsys, "suite", "mnk", "--positions", "3", "--quiet"):
        assert validate(line, schema("suite-line")) == []
    for path in sorted((ROOT / "reference" / "oracle" / "corners").glob("*.jsonl")):
        for text in path.read_text(encoding="utf-8").splitlines():
            if text.strip() and not text.startswith("#"):
                assert validate(json.loads(text), schema("suite-line")) == [], path.name


def test_table_suites_and_check_tablebase_follow_theirs(capsys: pytest.CaptureFixture[str]) -> None:
    for line in printed(capsys, "suite", "dou-shou-qi", "--tablebase", "A: D / B: W",
                        "--positions", "4"):
        assert validate(line, schema("table-suite-line")) == []
    (report,) = printed(capsys, "check", "dou-shou-qi", "--draw-limit", "24", "--what", "value",
                        "--tablebase", "A: D / B: W", "--positions", "2", "--json",
                        "--engine", f"{ENGINE} dou-shou-qi --draw-limit 24")
    assert validate(report, schema("check-tablebase")) == []


def test_serve_answers_follow_serve_response() -> None:
    requests = "\n".join([
        json.dumps({"id": 1, "command": "perft", "game": "mnk", "depth": 2}),
        json.dumps({"id": "b", "command": "solve", "game": "mnk", "moves": ["b2"]}),
        json.dumps({"id": 3, "command": "bogus"}),
        "not json",
    ])
    out = subprocess.run(
        [sys.executable, "-m", "reference", "serve"], input=requests, capture_output=True,
        text=True, check=True,
    ).stdout
    answers = [json.loads(line) for line in io.StringIO(out)]
    assert [a["ok"] for a in answers] == [True, True, False, False]
    for answer in answers:
        assert validate(answer, schema("serve-response")) == []
