"""The van Rijn rule set (``--rules vanrijn``): the thesis's rules with the two
differences of van Rijn and Vis's endgame tables, each shown by a small position."""

from __future__ import annotations

import pytest

from reference.dou_shou_qi.rules import DouShouQi

CASES = [
    # (position, move, thesis allows it, vanrijn allows it)
    ("A: Ed3 / B: Md4 / A", "d3-d4", False, True),  # the elephant takes the mouse
    ("A: Md4 / B: Ed5 / A", "d4-d5", True, True),  # the mouse takes the elephant
    ("A: Mb4 / B: Ma4 / A", "b4-a4", False, True),  # mouse in water takes a land mouse
    ("A: Ma4 / B: Mb4 / A", "a4-b4", False, True),  # land mouse takes a mouse in water
    ("A: Mb4 / B: Ea5 Mg9 / A", "b4-a4", False, False),  # (a4 empty: a step)
    ("A: Mb5 / B: Ea5 / A", "b5-a5", False, False),  # mouse in water never takes the elephant
    ("A: Mb5 / B: Mc5 / A", "b5-c5", True, True),  # both in the water: every set
    ("A: Dc9 / B: Cc8 / A", "c9-c8", False, False),  # on B's trap: strength 0, takes nothing
]


@pytest.mark.parametrize(("position", "move", "thesis", "vanrijn"), CASES)
def test_captures_of_each_rule_set(position: str, move: str, thesis: bool, vanrijn: bool) -> None:
    for rules, allowed in (("thesis", thesis), ("vanrijn", vanrijn)):
        game = DouShouQi.from_notation(position, rules=rules)
        legal = {game.format_move(m) for m in game.legal_moves()}
        target = game.piece_at(game.parse_move(move).dst)
        if target is None:
            assert move in legal  # a plain step, in every rule set
        else:
            assert (move in legal) == allowed, (rules, position, move)


def test_vanrijn_keeps_the_thesis_strengths() -> None:
    game = DouShouQi.from_notation("A: Dd3 / B: Wd4 / A", rules="vanrijn")
    assert "d3-d4" in {game.format_move(m) for m in game.legal_moves()}  # dog 4 takes wolf 3
    game = DouShouQi.from_notation("A: Wd3 / B: Dd4 / A", rules="vanrijn")
    assert "d3-d4" not in {game.format_move(m) for m in game.legal_moves()}
