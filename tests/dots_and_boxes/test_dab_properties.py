"""Property tests: the search algorithms agree on random reachable Dots and Boxes positions.

Seed 000: plain alpha-beta ("branch delimitation") == Algorithm 1 (alpha-beta + TT,
corrected) == minimax == Theorem 8's two-sided form; TT on == off; the
long-chain rule's identity turns == dots + double-crosses.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dots_and_boxes.algorithm1 import algorithm1, branch_delimitation
from reference.dots_and_boxes.chains import dots_plus_doublecrosses
from reference.dots_and_boxes.exhaustive import exact_value
from reference.dots_and_boxes.formulas import theorem8_alphabeta
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.search import TranspositionTable, search, solve_raw

SMALL = [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2)]


def reachable(rows: int, cols: int, seed: int, min_left: int, max_left: int) -> DotsAndBoxes:
    """A random reachable position with between min_left and max_left edges undrawn."""
    rng = random.Random(seed)
    game = DotsAndBoxes(rows, cols)
    total = game.geo.num_edges
    left = rng.randint(min(min_left, total), min(max_left, total))
    while total - game.moves_played > left:
        game.play(rng.choice(game.legal_moves()))
    return game


@settings(max_examples=examples(40))
@given(st.sampled_from(SMALL), st.integers(0, 10**9))
def test_minimax_equals_alphabeta_equals_algorithm1(size: tuple[int, int], seed: int) -> None:
    """minimax == branch delimitation (alpha-beta) == Algorithm 1 (alpha-beta + TT) ==
    Theorem 8 max/min form == plain memoised minimax, searched to the end of the game."""
    game = reachable(*size, seed, 1, 9)
    if game.is_terminal():
        return
    depth = game.geo.num_edges - game.moves_played
    values = {
        name: search(game, depth, algorithm=name).score
        for name in ("minimax", "alphabeta", "alphabeta_tt", "pvs", "mtdf")
    }
    assert len(set(values.values())) == 1, values
    v = values["minimax"]
    assert algorithm1(game, depth)[0] == v
    assert branch_delimitation(game, depth)[0] == v
    sign = 1 if game.to_move == 0 else -1
    assert theorem8_alphabeta(game) == sign * v
    assert exact_value(game.rows, game.cols, game.edges) == v


@settings(max_examples=examples(25))
@given(st.sampled_from([(2, 2), (1, 4), (2, 3)]), st.integers(0, 10**9))
def test_tt_on_equals_tt_off(size: tuple[int, int], seed: int) -> None:
    """Algorithm 1 with a (tiny, collision-prone) table == without one == solve."""
    game = reachable(*size, seed, 4, 10)
    if game.is_terminal():
        return
    depth = game.geo.num_edges - game.moves_played
    with_tt = algorithm1(game, depth, tt=TranspositionTable(7))[0]
    big_tt = algorithm1(game, depth, tt=TranspositionTable(1 << 12))[0]
    without = branch_delimitation(game, depth)[0]
    assert with_tt == big_tt == without == solve_raw(game).score


@settings(max_examples=examples(15))
@given(st.sampled_from([(2, 2), (2, 3), (3, 3)]), st.integers(0, 10**9))
def test_aids_off_equals_aids_on(size: tuple[int, int], seed: int) -> None:
    """Capture rule, symmetry folding and ordering on == off, on random late positions."""
    base = reachable(*size, seed, 5, 9)
    if base.is_terminal():
        return
    values = set()
    for cr in (False, True):
        for sym in (False, True):
            game = DotsAndBoxes.from_notation(
                base.to_notation(), capture_rule=cr, symmetry=sym, ordering="captures" if cr else "edges"
            )
            values.add(solve_raw(game).score)
    assert len(values) == 1


@settings(max_examples=examples(60))
@given(st.sampled_from([(1, 1), (2, 2), (2, 3), (3, 3), (1, 5), (4, 2)]), st.integers(0, 10**9))
def test_long_chain_identity_turns_equal_dots_plus_doublecrosses(
    size: tuple[int, int], seed: int
) -> None:
    """In every finished game, turns == dots + double-crossed moves (Berlekamp; the
    identity behind Theorem 2's long-chain rule)."""
    rng = random.Random(seed)
    game = DotsAndBoxes(*size)
    turns, double_crosses = 1, 0
    while not game.is_terminal():
        mover = game.to_move
        k = game.play(rng.choice(game.legal_moves()))
        double_crosses += k == 2
        if game.to_move != mover:
            turns += 1
    assert turns == dots_plus_doublecrosses(*size, double_crosses)
    assert sum(game.scores) == size[0] * size[1]
