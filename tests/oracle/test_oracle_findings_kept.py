"""A finding is never lost to a fault in an optional feature (issue 31): an engine that
disagrees and then dies on the finding's position-form request is reported as the
disagreement, with a note, not as an engine crash."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from reference.cli.main import main

ENGINE = f"{sys.executable} {Path(__file__).with_name('protocol_engine.py')} mnk"


def test_the_finding_survives_a_crash_on_the_position_form(
    capsys: pytest.CaptureFixture[str],
) -> None:
    engine = f"{ENGINE} --bug edge-diagonal --fault position-crash"
    status = main(["check", "mnk", "--what", "value", "--positions", "30", "--min-moves", "4",
                   "--engine", engine, "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 1
    assert out["finding"] is not None and out["fault"] is None
    assert out["finding"]["moves"]  # the moves and the why are kept
    assert out["finding"].get("why")
    assert "position form" in out["position_note"] and "crash" in out["position_note"]
