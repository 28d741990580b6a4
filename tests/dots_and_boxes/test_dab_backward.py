"""Dots and Boxes by working backwards (reference.dots_and_boxes.backward): the table of
every line set against the recurrence as written and against the exact solver."""

from __future__ import annotations

import random

import pytest

from reference import solve
from reference.dots_and_boxes.backward import backward_values, value_by_recursion
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 2), (1, 3), (2, 2)])
def test_every_line_set_equals_the_recurrence(rows: int, cols: int) -> None:
    table = backward_values(rows, cols, low_bits=5)
    assert [table.value(s) for s in range(len(table.values))] == [
        value_by_recursion(rows, cols, s) for s in range(len(table.values))
    ]


def test_the_block_size_does_not_change_the_table() -> None:
    tables = {bits: backward_values(2, 3, low_bits=bits).values for bits in (1, 4, 9, 12, 17)}
    assert len(set(tables.values())) == 1


def position(rows: int, cols: int, edges: int) -> DotsAndBoxes:
    game = DotsAndBoxes(rows, cols)
    game.set_position(edges, (0, 0), 0)
    return game


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (1, 4)])
def test_sampled_positions_equal_the_exact_solver(rows: int, cols: int) -> None:
    table = backward_values(rows, cols)
    rng = random.Random(f"{rows}x{cols}")
    size = len(table.values)
    for edges in [0, *rng.sample(range(size - 1), 150)]:
        result = solve(position(rows, cols, edges))
        assert table.value(edges) == result.value, hex(edges)
        best = set(table.best_moves(edges))
        assert set(result.best_moves) <= best, hex(edges)


def test_best_moves_keep_the_value() -> None:
    table = backward_values(2, 2)
    for edges in random.Random(4).sample(range(len(table.values) - 1), 200):
        for e in table.best_moves(edges):
            game = position(2, 2, edges)
            completed = game.make(e)
            child = table.value(edges | 1 << e)
            assert (completed + child if completed else -child) == table.value(edges)


def test_bad_requests() -> None:
    with pytest.raises(ParameterError, match="up to 24 lines"):
        backward_values(3, 4)
    with pytest.raises(ParameterError, match="low_bits"):
        backward_values(1, 1, low_bits=0)
    with pytest.raises(ParameterError, match="not one of"):
        backward_values(1, 1).value(16)


def test_three_by_three_equals_the_solver() -> None:
    table = backward_values(3, 3)
    assert table.value(0) == solve(DotsAndBoxes(3, 3)).value
    rng = random.Random(33)
    for edges in rng.sample(range(1 << 24), 2000):
        game = position(3, 3, edges)
        assert table.value(edges) == solve(game).value, hex(edges)
