"""Rule corners (``reference/oracle/corners/``): every line true, every corner showing its
rule, and wrong engines that the random sample lets through caught by the default ``check``."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from reference.cli.main import main
from reference.dou_shou_qi.geometry import RULE_SETS
from reference.dou_shou_qi.rules import DouShouQi
from reference.oracle.corners import (
    CORNER_DIR,
    DOU_SHOU_QI_CORNERS,
    WARGAME_CORNERS,
    corner_file,
    corner_positions,
    read_corners,
)
from reference.oracle.positions import replay
from reference.oracle.suite import game_factory, verify_line
from reference.registry import load
from reference.wargame.rules import WarState

ENGINE = Path(__file__).with_name("protocol_engine.py")
GAMES = ("mnk", "dots-and-boxes", "connect6", "dou-shou-qi", "wargame")


def engine(*args: str) -> str:
    return shlex.join([sys.executable, str(ENGINE), *args])


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    status = main(["check", *argv, "--json", "--quiet"])
    out, _ = capsys.readouterr()
    result: dict[str, Any] = json.loads(out)
    return status, result


@pytest.mark.parametrize("game", GAMES)
def test_every_corner_line_is_the_references_answer(game: str) -> None:
    spec = load(game)
    entries = list(read_corners(corner_file(game)))
    assert entries
    for rule, entry in entries:
        assert rule, entry.line_number
        assert verify_line(spec, entry, budget=1 << 16) == [], (rule, entry.line_number)


def test_every_dou_shou_qi_corner_shows_its_rule() -> None:
    tests = dict(DOU_SHOU_QI_CORNERS)
    spec = load("dou-shou-qi")
    for rule, entry in read_corners(corner_file("dou-shou-qi")):
        game = replay(game_factory(spec, entry.options), entry.moves)
        assert isinstance(game, DouShouQi)
        if rule in tests:
            assert tests[rule](game), (rule, entry.line_number)
        else:
            assert game.plies == 199 and game.draw_limit == 200, rule


def test_every_war_chess_corner_shows_its_rule() -> None:
    spec = load("wargame")
    tests = dict(WARGAME_CORNERS)
    corners = corner_positions(spec, {})
    assert {c.rule for c in corners} == set(tests)
    for corner in corners:
        game = replay(game_factory(spec, {}), corner.moves)
        assert isinstance(game, WarState)
        assert tests[corner.rule](game), corner.rule
    assert not corner_positions(spec, {"turn_limit": 4})


def test_every_rule_set_has_the_corners_that_tell_it_apart() -> None:
    spec = load("dou-shou-qi")
    for rules in RULE_SETS:
        found = {c.rule for c in corner_positions(spec, {"rules": rules})}
        missing = {rule for rule, _ in DOU_SHOU_QI_CORNERS} - found
        assert not missing, (rules, missing)


def test_corners_follow_the_rules_not_the_search_options() -> None:
    spec = load("dou-shou-qi")
    plain = corner_positions(spec, {})
    assert plain == corner_positions(spec, {"ordering": "none"})
    assert {c.moves for c in plain} != {
        c.moves for c in corner_positions(spec, {"rules": "standard"})
    }
    assert corner_positions(load("mnk"), {"m": 4, "n": 4, "k": 3})
    assert not corner_positions(load("mnk"), {"m": 7, "n": 7, "k": 5})


def test_the_double_box_corner_has_a_move_completing_two_boxes() -> None:
    spec = load("dots-and-boxes")
    (corner,) = [c for c in corner_positions(spec, {}) if "two boxes" in c.rule]
    game = replay(game_factory(spec, {}), corner.moves)
    points = []
    for move in game.legal_moves():
        points.append(game.make(move))
        game.unmake()
    assert max(points) == 2


def test_mnk_overline_corner_is_a_finished_game() -> None:
    spec = load("mnk")
    overlines = [
        c for c in corner_positions(spec, {"m": 4, "n": 4, "k": 3}) if "game is over" in c.rule
    ]
    assert overlines
    for corner in overlines:
        assert replay(game_factory(spec, corner.options), corner.moves).is_terminal()


@pytest.mark.parametrize(
    ("bug_args", "rule_words"),
    [
        (("--bug", "water-mouse-takes"), "a mouse in the water"),
        (("--bug", "trap-takes"), "on an opponent's trap, attacking"),
        (("--rules", "standard", "--protocol", "1"), "strengths of W and D"),
    ],
)
def test_wrong_dou_shou_qi_engines_fail_the_default_check(
    capsys: pytest.CaptureFixture[str], bug_args: tuple[str, ...], rule_words: str
) -> None:
    status, out = check(capsys, "dou-shou-qi", "--engine", engine("dou-shou-qi", *bug_args))
    assert status == 1 and out["finding"] is not None, out
    assert out["source"].startswith("14 rule corners")
    assert out["index"] <= 14  # caught by a corner, before the random positions


def test_the_double_box_turn_fails_the_default_value_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bug = engine("dots-and-boxes", "--bug", "double-box-turn")
    status, out = check(capsys, "dots-and-boxes", "--what", "value", "--engine", bug)
    assert status == 1 and out["finding"]["kind"] == "combination"
    assert out["index"] <= 2  # a rule corner (before: position 79 of the random sample)


@pytest.mark.slow
@pytest.mark.parametrize("bug", ["water-mouse-takes", "trap-takes"])
def test_without_the_corners_the_default_sample_misses_them(
    capsys: pytest.CaptureFixture[str], bug: str
) -> None:
    """What the default ``check`` did before the corners: these engines passed."""
    status, out = check(
        capsys, "dou-shou-qi", "--no-corners", "--engine", engine("dou-shou-qi", "--bug", bug)
    )
    assert (status, out["agree"], out["checked"]) == (0, True, 100)


def test_a_correct_engine_agrees_on_every_corner(capsys: pytest.CaptureFixture[str]) -> None:
    for rules in RULE_SETS:
        status, out = check(
            capsys,
            "dou-shou-qi",
            "--rules",
            rules,
            "--positions",
            "1",
            "--engine",
            engine("dou-shou-qi", "--rules", rules),
        )
        assert (status, out["agree"]) == (0, True), out
        corners = {c.moves for c in corner_positions(load("dou-shou-qi"), {"rules": rules})}
        assert out["checked"] == 1 + len(corners)


def test_the_corner_files_are_package_data() -> None:
    assert sorted(p.name for p in CORNER_DIR.glob("*.jsonl")) == sorted(f"{g}.jsonl" for g in GAMES)


def test_the_default_sample_warns_when_it_cannot_tell_the_rule_sets_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    correct = engine("dou-shou-qi")
    base = ["check", "dou-shou-qi", "--positions", "30", "--json", "--engine", correct]
    status = main([*base, "--no-corners"])
    err = capsys.readouterr().err
    assert status == 0 and "cannot tell those rule sets apart" in err and "standard" in err
    status = main(base)
    assert status == 0 and "cannot tell" not in capsys.readouterr().err


@pytest.mark.parametrize("command", ["check", "suite"])
def test_a_search_option_does_not_change_the_positions_drawn(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """``--ordering`` reorders ``legal_moves``; before, it changed the positions a seed drew."""
    drawn = []
    for ordering in ("thesis", "none"):
        argv = [command, "dou-shou-qi", "--ordering", ordering, "--positions", "8", "--seed", "4"]
        argv += ["--max-moves", "12", "--quiet"]
        if command == "check":
            argv += ["--no-corners", "--json", "--engine", engine("dou-shou-qi")]
            assert main(argv) == 0
            drawn.append(json.loads(capsys.readouterr().out)["checked"])
        else:
            assert main([*argv, "--budget", "1"]) == 0
            lines = capsys.readouterr().out.splitlines()
            drawn.append([json.loads(line)["moves"] for line in lines])
    assert drawn[0] == drawn[1]
    if command == "suite":
        assert len(drawn[0]) == 8


def test_the_draws_of_check_follow_the_rule_options_only() -> None:
    from reference.oracle.suite import sampling_options

    spec = load("dou-shou-qi")
    assert sampling_options(spec, {"ordering": "none", "rules": "standard"}) == {
        "rules": "standard"
    }
    assert sampling_options(load("dots-and-boxes"), {"rows": 3, "ordering": "edges"}) == {"rows": 3}


def _an_early_dou_shou_qi_end() -> tuple[str, ...]:
    """The first seeded random game that ends (den or captures) with more than 24 plies left."""
    from reference.oracle.positions import random_positions

    spec = load("dou-shou-qi")
    new_game = game_factory(spec, {})
    for seed in range(200):
        (moves,) = random_positions(new_game, count=1, seed=seed, min_moves=200, max_moves=200)
        game = replay(new_game, moves)
        if game.is_terminal() and len(moves) < 176:
            return moves
    raise AssertionError("no early end in 200 seeds")


def test_a_finished_game_is_compared_at_zero_nodes(capsys: pytest.CaptureFixture[str]) -> None:
    """Dou Shou Qi's default budget is 0 far from the draw limit; a finished game needs no
    search, so ``--what value`` compares it (before: skipped, 'values not tried')."""
    moves = _an_early_dou_shou_qi_end()
    argv = ["dou-shou-qi", "--what", "value", "--moves", " ".join(moves)]
    status, out = check(capsys, *argv, "--engine", engine("dou-shou-qi"))
    assert (status, out["checked"], out["skipped"]) == (0, 1, 0)
