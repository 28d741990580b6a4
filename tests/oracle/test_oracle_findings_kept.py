"""A finding is never lost to a fault in an optional feature (issue 31): an engine that
disagrees and then dies on the finding's position-form request is reported as the
disagreement, with a note, not as an engine crash."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from reference.cli.main import main
from reference.registry import load

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


def test_a_rules_bug_at_the_start_is_a_finding_with_the_missing_moves_and_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The same game and options, another set of moves at the start: not "the game options
    differ", but a finding: the moves missing and extra, and why."""
    status = main(["check", "mnk", "--engine", f"{ENGINE} --bug forgets-a1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 1 and out["fault"] is None and out["index"] == 0
    finding = out["finding"]
    assert finding["missing"] == ["a1"] and finding["extra"] == [] and finding["moves"] == []
    assert "a1 is legal" in finding["why"]


def test_other_options_are_still_told_apart_from_a_rules_bug(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["check", "mnk", "--engine", f"{ENGINE} --m 4", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 1 and out["finding"] is None
    assert "options differ" in out["fault"]["message"]


@pytest.mark.parametrize("game", ["mnk", "dots-and-boxes", "connect6", "dou-shou-qi", "wargame"])
def test_a_movement_bug_at_the_start_is_a_finding_in_every_game(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The first legal move at the start is never generated: in every game (war chess
    included, where plans are matched by the state they reach) a finding with that move
    missing and why it is legal, never "the game options differ"."""
    engine = f"{sys.executable} {Path(__file__).with_name('protocol_engine.py')} {game}"
    status = main(["check", game, "--engine", f"{engine} --bug forgets-first", "--json",
                   "--no-corners", "--positions", "1", "--quiet"])
    out = json.loads(capsys.readouterr().out)
    first = load(game).game({}, None, None)
    expected = first.format_move(first.legal_moves()[0])
    assert status == 1 and out["fault"] is None and out["index"] == 0
    assert out["finding"]["missing"] == [expected] and out["finding"]["extra"] == []
    assert out["finding"]["why"].startswith(f"{expected} is legal")


def test_a_long_dou_shou_qi_finding_is_shortened(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 31: findings of 127-191 plies were never shortened (the 400 tries went to move
    lists that were not even legal); now only the legal ones count against the tries."""
    engine = (f"{sys.executable} {Path(__file__).with_name('protocol_engine.py')} dou-shou-qi "
              "--bug trap-takes")
    status = main(["check", "dou-shou-qi", "--engine", engine, "--min-moves", "127",
                   "--max-moves", "191", "--positions", "300", "--no-corners", "--json",
                   "--quiet"])
    out = json.loads(capsys.readouterr().out)
    assert status == 1 and out["finding"] is not None
    assert out["shortened_from"] is not None and out["shortened_from"] >= 127
    assert len(out["finding"]["moves"]) < out["shortened_from"]
    assert "d2-c2" in out["finding"]["extra"]  # the same disagreement, earlier
