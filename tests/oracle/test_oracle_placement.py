"""The random-placement sampler beside the random games (issue 31): ``check`` and ``suite``
``--sample walk|placement|both``; seeded, independent of the search options, legal in every
game, and reaching what random games rarely reach (captures in Dou Shou Qi)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from reference.cli.main import main
from reference.dou_shou_qi.notation import parse_placement
from reference.errors import ParameterError
from reference.oracle.placement import PLACERS, placement_positions
from reference.oracle.positions import random_positions, replay
from reference.oracle.schemas import schema, validate
from reference.oracle.suite import game_factory, read_suite, verify_line
from reference.registry import all_specs, load

ENGINE = f"{sys.executable} {Path(__file__).with_name('protocol_engine.py')}"
GAMES = ["mnk", "dots-and-boxes", "connect6", "dou-shou-qi", "wargame"]


def test_every_game_has_a_placement_sampler() -> None:
    assert sorted(PLACERS) == sorted(all_specs())


@pytest.mark.parametrize("game", GAMES)
def test_placements_are_seeded_and_deterministic(game: str) -> None:
    spec = load(game)
    first = placement_positions(spec, {}, count=20, seed=7)
    assert first == placement_positions(spec, {}, count=20, seed=7)
    assert first != placement_positions(spec, {}, count=20, seed=8)
    assert len(first) == len(set(first)) == 20


@pytest.mark.parametrize(("game", "search_option"), [
    ("mnk", {"ordering": "natural"}),
    ("mnk", {"no_symmetry": True}),
    ("dou-shou-qi", {"ordering": "none"}),
    ("dots-and-boxes", {"ordering": "edges", "no_chain_rule": True}),
])
def test_placements_do_not_depend_on_search_options(
    game: str, search_option: dict[str, object]
) -> None:
    spec = load(game)
    assert placement_positions(spec, search_option, count=15, seed=3) == placement_positions(
        spec, {}, count=15, seed=3
    )


@pytest.mark.parametrize("game", GAMES)
def test_placements_are_legal_positions_of_the_game(game: str) -> None:
    spec = load(game)
    values = spec.check_options({})
    for text in placement_positions(spec, {}, count=30, seed=1):
        position = spec.new_game(values, text)  # read back through the game's notation
        assert position.to_notation() == text
        assert not position.is_terminal()
        assert position.legal_moves()
        again = spec.new_game(values, position.to_notation())
        move = position.legal_moves()[0]
        again.make(move)  # a move can be played from it


def _shape(game: str, text: str) -> object:
    if game == "mnk":
        return [len(row) for row in text.split()[0].split("/")]
    if game == "dots-and-boxes":
        return text.split(":")[0]
    return text.split("/")[0]  # connect6: the size


@pytest.mark.parametrize(("game", "options"), [
    ("mnk", {"m": 4, "n": 5, "k": 4}),
    ("dots-and-boxes", {"rows": 2, "cols": 3}),
    ("connect6", {"size": 9}),
])
def test_placements_follow_the_rule_options(game: str, options: dict[str, object]) -> None:
    spec = load(game)
    values = spec.check_options(options)
    start = spec.new_game(values, None).to_notation()
    for text in placement_positions(spec, options, count=10, seed=2):
        spec.new_game(values, text)
        assert _shape(game, text) == _shape(game, start)


def _captures(text: str) -> bool:
    """Whether a Dou Shou Qi position allows a capture (a move onto an enemy piece)."""
    spec = load("dou-shou-qi")
    position = spec.new_game(spec.check_options({}), text)
    occupied = {p.square for p in parse_placement(text).pieces}
    from reference.dou_shou_qi.geometry import parse_square

    for move in position.legal_moves():
        target = position.format_move(move).split("-")[-1]
        if parse_square(target) in occupied:
            return True
    return False


def test_placements_reach_captures_that_random_games_rarely_reach() -> None:
    spec = load("dou-shou-qi")
    new_game = game_factory(spec, {})
    walks = [replay(new_game, m).to_notation() for m in
             random_positions(new_game, count=100, seed=1, max_moves=10)]
    placed = placement_positions(spec, {}, count=100, seed=1)
    walk_captures = sum(map(_captures, walks))
    placed_captures = sum(map(_captures, placed))
    assert walk_captures <= 5  # the issue: 0 of the default 100
    assert placed_captures >= 30


def run_check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    status = main(["check", *argv, "--json", "--quiet", "--no-corners"])
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert validate(out, schema("check")) == []
    return status, out


@pytest.mark.parametrize("game", GAMES)
def test_check_with_placements_agrees_with_a_right_engine(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = run_check(capsys, game, "--engine", f"{ENGINE} {game}", "--sample",
                            "placement", "--positions", "3", "--depth", "1")
    assert status == 0 and out["agree"] and out["checked"] == 3
    assert "random placements" in out["source"]


@pytest.mark.parametrize("bug", ["trap-takes", "water-mouse-takes"])
def test_placements_find_a_capture_bug_that_random_games_miss(
    bug: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue: a trap bug and a mouse-in-water bug passed 1,000 default positions.  Forty
    random games (perft 2, no rule corners) still miss them; forty placements do not."""
    engine = f"{ENGINE} dou-shou-qi --bug {bug}"
    common = ["dou-shou-qi", "--engine", engine, "--positions", "40"]
    status, out = run_check(capsys, *common)
    assert status == 0 and out["agree"]
    status, out = run_check(capsys, *common, "--sample", "placement")
    assert status == 1 and out["finding"] is not None
    assert "--position" in out["reproduce"]  # reproduced from the placed position


@pytest.mark.parametrize("game", ["dou-shou-qi", "wargame"])
def test_placements_near_the_draw_limit_let_values_be_compared(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Far from the draw limit the default budget tries no value; half the placements stand
    just before it, so ``--what value`` compares some with the default budget."""
    spec = load(game)
    values = spec.check_options({})
    texts = placement_positions(spec, {}, count=8, seed=1)
    near = [t for t in texts if spec.budget_for(spec.new_game(values, t)) > 0]
    assert 0 < len(near) < len(texts)
    status, out = run_check(capsys, game, "--engine", f"{ENGINE} {game}", "--sample",
                            "placement", "--what", "value", "--positions", "8")
    assert status == 0 and out["checked"] >= 1


def test_both_draws_half_walks_then_half_placements(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run_check(capsys, "mnk", "--engine", f"{ENGINE} mnk", "--sample", "both",
                            "--positions", "4", "--depth", "1")
    assert status == 0 and out["checked"] == 4
    assert "random moves and random placements" in out["source"]


def test_placement_with_position_moves_or_suite_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from reference.cli.check import check

    with pytest.raises(ParameterError, match="--sample placement"):
        check("mnk", ENGINE + " mnk", sample="placement", position=".../.x./... o")
    with pytest.raises(ParameterError, match="--sample both"):
        check("mnk", ENGINE + " mnk", sample="both", moves="b2")
    for command in ("check", "suite"):
        argv = [command, "dou-shou-qi", "--tablebase", "A: W / B: D", "--sample", "placement"]
        if command == "check":
            argv += ["--engine", ENGINE + " dou-shou-qi"]
        assert main(argv) == 2
        assert "without --sample" in capsys.readouterr().err


def test_suite_of_placements_reads_back_and_verifies(capsys: pytest.CaptureFixture[str]) -> None:
    """Each line starts at its placed position (its 'start'), with no move; it follows the
    suite schema and ``check --suite`` reads it back."""
    assert main(["suite", "mnk", "--sample", "placement", "--positions", "3", "--quiet"]) == 0
    text = capsys.readouterr().out
    entries = list(read_suite(io.StringIO(text)))
    assert len(entries) == 3
    for line in text.splitlines():
        assert validate(json.loads(line), schema("suite-line")) == []
    spec = load("mnk")
    for entry in entries:
        assert entry.moves == () and entry.start is not None
        assert verify_line(spec, entry) == []


def test_check_reads_a_placement_suite_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "placed.jsonl"
    argv = ["suite", "dou-shou-qi", "--sample", "placement", "--positions", "4", "--depth", "1",
            "--budget", "1", "--quiet", "--output", str(path)]
    assert main(argv) == 0
    status = main(["check", "dou-shou-qi", "--engine", f"{ENGINE} dou-shou-qi", "--suite",
                   str(path), "--json", "--quiet"])
    out = json.loads(capsys.readouterr().out)
    assert status == 0 and out["checked"] == 4
