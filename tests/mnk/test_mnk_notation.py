"""Cell and position notation: round trips and rejection of malformed or impossible positions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis_profiles import examples
from mnk_strategies import reachable_games

from reference.errors import PositionFormatError
from reference.mnk.game import MNKGame
from reference.mnk.notation import format_cell, parse_cell


def test_cells_a1_is_bottom_left() -> None:
    assert parse_cell("a1", 3, 3) == 0
    assert parse_cell("b2", 3, 3) == 4
    assert parse_cell("C1", 3, 3) == 2
    assert parse_cell("a3", 3, 3) == 6
    assert parse_cell("o15", 15, 15) == 224
    assert format_cell(224, 15) == "o15"
    assert [format_cell(cell, 4) for cell in (0, 3, 4, 11)] == ["a1", "d1", "a2", "d3"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "bad cell"),
        ("b", "bad cell"),
        ("2b", "bad cell"),
        ("b2x", "bad cell"),
        ("d1", "off the"),
        ("a4", "off the"),
        ("a0", "off the"),
        ("é1", "bad cell"),
    ],
)
def test_bad_cells_rejected(text: str, message: str) -> None:
    with pytest.raises(PositionFormatError, match=message):
        parse_cell(text, 3, 3)


@settings(max_examples=examples(200))
@given(reachable_games(max_moves=20))
def test_position_round_trip(game: MNKGame) -> None:
    text = game.to_notation()
    parsed = MNKGame.from_notation(text, game.k, ordering=game.ordering)
    assert parsed.to_notation() == text
    assert parsed.bits == game.bits and parsed.to_move == game.to_move
    assert parsed.is_terminal() == game.is_terminal()
    assert parsed.winner() == game.winner()
    assert parsed.legal_moves() == game.legal_moves()
    for move in range(game.geometry.cells):
        assert game.parse_move(game.format_move(move)) == move


def test_position_example_from_docstring() -> None:
    game = MNKGame.from_notation("x../.o./... x", 3)
    assert game.bits == (1 << 6, 1 << 4)
    assert game.to_move == 0
    assert MNKGame.from_notation("X../.O./... X", 3).to_notation() == "x../.o./... x"
    assert MNKGame(4, 3, 3).to_notation() == "..../..../.... x"


@pytest.mark.parametrize(
    ("text", "k", "message"),
    [
        ("x../.o./...", 3, "expected rows"),
        ("x../.o./... x extra", 3, "expected rows"),
        ("x../.o/... x", 3, "row 2 from the top has 2 cells"),
        ("x../.q./... x", 3, "bad character 'q'"),
        ("x../.o./... z", 3, "bad side to move"),
        ("xx./.../... o", 3, "x has 2 stones and o has 0"),
        ("o../.../... x", 3, "x has 0 stones and o has 1"),
        ("x../.../... x", 3, "does not match the stone counts: o is to move"),
        ("xxx/ooo/x.. x", 3, "does not match"),
        ("xxx/oo./... x", 3, "does not match"),
        ("ooo/xx./x.x o", 3, "o has k in a row but did not make the last move"),
        ("xxx/ooo/x.. o", 3, "both"),
        ("xxx/o.o/xxx o", 3, "impossible position"),
        ("xxx./oo.o/oo../xxx. o", 3, "cannot all have been completed by one last stone"),
        ("../../.. x/", 2, "bad side to move"),
        ("/".join(["." * 27] * 3) + " x", 3, "out of range"),
    ],
)
def test_malformed_or_impossible_positions_rejected(text: str, k: int, message: str) -> None:
    with pytest.raises(PositionFormatError, match=message):
        MNKGame.from_notation(text, k)


def test_dimensions_must_match_when_given() -> None:
    with pytest.raises(PositionFormatError, match="the board has m = 4"):
        MNKGame.from_notation("x../.o./... x", 3, m=4)
    with pytest.raises(PositionFormatError, match="the board has n = 4"):
        MNKGame.from_notation("x../.o./... x", 3, n=4)


def test_finished_positions_accepted() -> None:
    """A line through the last stone, even two lines crossing at it, is a legal final position."""
    game = MNKGame.from_notation("xxx/oo./... o", 3)
    assert game.is_terminal() and game.legal_moves() == []
    crossing = MNKGame.from_notation("xox/oxo/xox o", 3)  # both diagonals through b2
    assert crossing.winner() is not None
