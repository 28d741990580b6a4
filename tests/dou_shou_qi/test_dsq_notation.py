"""Piece-list notation, move notation and board printing (seed 003 §1.2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dou_shou_qi.geometry import parse_square
from reference.dou_shou_qi.notation import parse_placement
from reference.dou_shou_qi.rules import NON_MOVE, DouShouQi, Move
from reference.errors import PositionFormatError

START = "A: Ta1 Lg1 Cb2 Df2 Ea3 Wc3 He3 Mg3 / B: Ma7 Hc7 We7 Eg7 Db8 Cf8 La9 Tg9 / A"


def test_start_notation_round_trips() -> None:
    """The start's notation parses to the start position and is written back unchanged."""
    g = DouShouQi.from_notation(START)
    assert g.to_notation() == START
    assert g.key == DouShouQi().key


def test_non_canonical_spacing_and_order_are_accepted() -> None:
    text = "A:Mg3 He3 Wc3 Ea3 Df2 Cb2 Lg1 Ta1/B: Tg9 La9 Cf8 Db8 Eg7 We7 Hc7 Ma7 /A"
    assert DouShouQi.from_notation(text).to_notation() == START


def test_empty_side_and_ply_count() -> None:
    g = DouShouQi.from_notation("A: Ha4 / B: - / B / 12")
    assert g.to_notation() == "A: Ha4 / B: - / B / 12"
    assert g.plies == 12 and g.is_terminal()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "A: Ta1 / B: Tg9",  # no side to move
        "A: Ta1 / B: Tg9 / C",  # bad side to move
        "B: Ta1 / A: Tg9 / A",  # sides swapped
        "A: Xa1 / B: Tg9 / A",  # unknown letter
        "A: Ta0 / B: Tg9 / A",  # bad square
        "A: Th1 / B: Tg9 / A",  # bad column
        "A: ta1 / B: Tg9 / A",  # lower-case letter
        "A: Ta1 Ta2 / B: Tg9 / A",  # two tigers
        "A: Ta1 / B: Ta1 / A",  # two pieces on a1
        "A: Tb4 / B: Tg9 / A",  # tiger on water
        "A: Td1 / B: Tg9 / A",  # own den
        "A: Td9 / B: Td1 / A",  # both dens
        "A: Td9 / B: Tg8 / A",  # A to move but already won
        "A: - / B: - / A",  # no pieces
        "A: Ta1 / B: Tg9 / A / x",  # bad ply count
        "A: Ta1 / B: Tg9 / A / 1 / 2",  # too many fields
    ],
)
def test_bad_positions_are_rejected(text: str) -> None:
    with pytest.raises(PositionFormatError):
        DouShouQi.from_notation(text)


def test_moves_parse_and_format() -> None:
    g = DouShouQi()
    move = g.parse_move("e3-d3")
    assert move == Move(parse_square("e3"), parse_square("d3"))
    assert g.format_move(move) == "e3-d3"
    assert g.parse_move("pass") == NON_MOVE and g.format_move(NON_MOVE) == "pass"
    for bad in ("e3d3", "e3-", "z3-d3", "e3-d3-d4", ""):
        with pytest.raises(PositionFormatError):
            g.parse_move(bad)


def test_moves_example_plays() -> None:
    """The command line's ``--moves`` example ``e3-d3 c7-d7``."""
    g = DouShouQi()
    for text in ["e3-d3", "c7-d7"]:
        g.play(g.parse_move(text))
    assert g.to_notation() == (
        "A: Ta1 Lg1 Cb2 Df2 Ea3 Wc3 Hd3 Mg3 / B: Ma7 Hd7 We7 Eg7 Db8 Cf8 La9 Tg9 / A / 2"
    )


def test_render_start_position() -> None:
    assert DouShouQi().render() == "\n".join(
        [
            "9  l . # * # . t",
            "8  . d . # . c .",
            "7  m . h . w . e",
            "6  . ~ ~ . ~ ~ .",
            "5  . ~ ~ . ~ ~ .",
            "4  . ~ ~ . ~ ~ .",
            "3  E . W . H . M",
            "2  . C . # . D .",
            "1  T . # * # . L",
            "   a b c d e f g",
            "A to move",
        ]
    )


def test_zobrist_key_of_start_is_pinned() -> None:
    """Pinned so that a change of the key table is deliberate."""
    assert DouShouQi().key == START_KEY


START_KEY = 0xF41C6E0DE1635F20


@settings(max_examples=examples(60))
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=40))
def test_notation_round_trips_on_reachable_positions(seed: int, plies: int) -> None:
    rng = random.Random(seed)
    g = DouShouQi(draw_limit=None)
    for _ in range(plies):
        legal = g.legal_moves()
        if not legal:
            break
        g.make(rng.choice(legal))
    text = g.to_notation()
    again = DouShouQi.from_notation(text, draw_limit=None)
    assert again.to_notation() == text
    assert again.key == g.key
    assert parse_placement(text) == g.placement()
