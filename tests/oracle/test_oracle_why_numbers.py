"""Why-lines with the rule's numbers (issue 31, item 5): the path cost against the movement
points, the distance against the attack range, the trap and the strengths used, the length of
the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from reference.connect6.explain import why_over as connect6_over
from reference.dou_shou_qi import explain as dsq
from reference.dou_shou_qi.rules import DouShouQi
from reference.errors import IllegalMoveError
from reference.mnk.explain import why_over as mnk_over
from reference.mnk.game import MNKGame
from reference.registry import load
from reference.wargame.explain import why_legal as wargame_legal
from reference.wargame.rules import WarState

SKIRMISH = Path(__file__).parents[1] / "data" / "suites" / "wargame-skirmish.txt"


def refusal(game: object, text: str) -> str:
    with pytest.raises(IllegalMoveError) as caught:
        game.play(game.parse_move(text))  # type: ignore[attr-defined]
    return str(caught.value)


def skirmish() -> WarState:
    game = load("wargame").game({"scenario": str(SKIRMISH)})
    assert isinstance(game, WarState)
    return game


def test_war_chess_says_the_path_cost_against_the_movement_points() -> None:
    game = skirmish()
    assert refusal(game, "a1-c3,b1-b1").endswith(
        "c3 is outside the unit's movement range: the cheapest path costs 4 movement points, "
        "the unit has 2"
    )
    assert "b1-d1: path cost 2 of 2 movement points" in wargame_legal(
        game, game.parse_move("a1-a1,b1-d1")
    )


def test_war_chess_says_the_distance_against_the_attack_range() -> None:
    game = skirmish()
    assert refusal(game, "b1-b1xd3,a1-a1").endswith(
        "no enemy in attack range 2-2 on that target tile: the distance from b1 to d3 is 4"
    )
    legal = wargame_legal(game, game.parse_move("b1-c2xd3,a1-b1"))
    assert "target at distance 2 (attack range 2-2)" in legal


def test_dou_shou_qi_says_the_trap_and_the_strengths() -> None:
    thesis = DouShouQi.from_notation("A: Wd8 Mg1 / B: Dc8 Mg9 / A / 10")
    message = refusal(thesis, "d8-c8")
    assert "stands on B's trap d8" in message and "the wolf has 3, the dog 4" in message
    standard = DouShouQi.from_notation("A: Wd8 Mg1 / B: Dc8 Mg9 / A / 10", rules="standard")
    reason = dsq.capture_reason(standard, standard.parse_move("d8-c8"))
    assert "B's trap d8" in reason and "4 >= 3" in reason and "standard" in reason
    weak = DouShouQi.from_notation("A: Wb3 Lg1 / B: Db2 Mg9 / A / 10")
    assert "strength 3 cannot take a dog of strength 4" in refusal(weak, "b3-b2")
    swimmer = DouShouQi.from_notation("A: Mb4 Lg1 / B: Ea4 Mg9 / A / 10")
    assert "from the water onto land" in refusal(swimmer, "b4-a4")
    trapped = DouShouQi.from_notation("A: Ec2 Lg1 / B: Md2 Tg9 / A / 10")
    assert "A's trap d2, where its strength is 0, not 1" in dsq.capture_reason(
        trapped, trapped.parse_move("c2-d2")
    )


def test_an_overline_is_quoted_at_its_length() -> None:
    game = MNKGame(4, 4, 3)
    for name in ["a1", "a4", "b1", "b4", "d1", "c3", "c1"]:
        game.play(game.parse_move(name))
    assert mnk_over(game).startswith("x has 4 in a row (K = 3: K or more wins): a1 b1 c1 d1;")
    connect6 = load("connect6").game({"size": 7})
    for name in ["a4", "a1,a2", "b4,c4", "b1,b2", "e4,f4", "c1,c2", "d4,g4"]:
        connect6.play(connect6.parse_move(name))
    assert connect6_over(connect6).startswith(  # type: ignore[arg-type]
        "black has 7 in a row (six or more wins): a4 b4 c4 d4 e4 f4 g4;"
    )
