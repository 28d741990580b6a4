"""Every game class draws itself: ``_repr_svg_`` is what Jupyter shows for a position."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

import pytest

from reference.registry import GAMES, load

SVG = "{http://www.w3.org/2000/svg}svg"


def picture(game: Any) -> ET.Element:
    text = game._repr_svg_()
    assert isinstance(text, str)
    root = ET.fromstring(text)
    assert root.tag == SVG
    assert float(root.get("width", "0")) > 100 and float(root.get("height", "0")) > 100
    return root


@pytest.mark.parametrize("name", [entry.name for entry in GAMES])
def test_every_game_draws_its_position_and_the_picture_follows_the_moves(name: str) -> None:
    spec = load(name)
    game = spec.new_game(spec.check_options({}), None)
    before = ET.tostring(picture(game))
    game.make(game.legal_moves()[0])
    after = ET.tostring(picture(game))
    assert after != before
    game.unmake()
    assert ET.tostring(picture(game)) == before


def test_the_war_chess_battle_draws_itself_too() -> None:
    from reference.wargame.rules import SKIRMISH, Battle

    picture(Battle.from_notation(SKIRMISH.rsplit(" ", 1)[0]))


def test_a_finished_game_names_its_result() -> None:
    from reference.mnk.rules import MNKState

    game = MNKState.from_notation("xxx/oo./... o", 3)
    assert "x wins" in game._repr_svg_()
