"""Exact values that depend on the ply count.

Two games here end in a draw after a number of plies or turns: Dou Shou Qi
(``draw_limit``, seed 003 §11: 200 moves) and war chess (``turn_limit``, our
addition).  A position's value then depends on how many plies are left, so the
table key must hold them: keyed by the pieces alone, a table hands the value of
the same pieces with more (or fewer) plies left to a node where it is wrong.

Each test compares ``solve`` with its table, ``solve`` without one, depth-limited
searches with and without one, and a brute force written here from the rules alone
(``legal_moves``, ``make`` / ``unmake``, ``is_terminal``, ``terminal_score``), on
random positions a few plies before the limit.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import TypeVar

from game_strategies import dsq_near_the_limit, small_battles
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dou_shou_qi.notation import Placement
from reference.dou_shou_qi.rules import DouShouQi
from reference.search import TranspositionTable, search, solve_raw
from reference.search.protocol import PlayableGame
from reference.search.root import Algorithm
from reference.wargame.rules import Battle, WarState

M = TypeVar("M", bound=Hashable)

SEARCHES: tuple[Algorithm, ...] = ("alphabeta", "alphabeta_tt", "pvs", "mtdf")
"""Depth-limited searches compared (the brute force below is the plain minimax)."""

LOST_IN_4_PLIES = "A: Ea1 Ca4 / B: Dd3 Ef7 / A / 193"
"""``solve`` once gave 0 and no best move here; A loses in 4 plies."""


def brute_force(game: PlayableGame[M], state: Callable[[], str]) -> tuple[int, set[M]]:
    """The exact value (1 / 0 / -1 for the side to move) and the optimal moves, from the rules.

    Memoised on ``state()``, the full position (with its ply or turn counter), so
    it stays independent of the package's keys.
    """

    @functools.cache
    def value(_: str) -> int:
        if game.is_terminal():
            score = game.terminal_score()
            return (score > 0) - (score < 0)
        best = -2
        for move in game.legal_moves():
            best = max(best, child(move))
        return best

    def child(move: M) -> int:
        mover = game.to_move
        game.make(move)
        try:
            v = value(state())
            return v if game.to_move == mover else -v
        finally:
            game.unmake()

    if game.is_terminal():
        return value(state()), set()
    outcomes = {move: child(move) for move in game.legal_moves()}
    best = max(outcomes.values())
    return best, {move for move, v in outcomes.items() if v == best}


def check_every_search_agrees(game: PlayableGame[M], state: Callable[[], str], plies_left: int) -> None:
    """solve with / without a table, and every algorithm to the end, == the brute force."""
    before = state()
    truth, optimal = brute_force(game, state)
    with_tt = solve_raw(game, tt=TranspositionTable(1 << 12))
    without = solve_raw(game, use_tt=False)
    assert (with_tt.value, set(with_tt.best_moves)) == (truth, optimal), before
    assert (without.value, set(without.best_moves)) == (truth, optimal), before
    if game.is_terminal():
        return
    # depth-limited searches that reach the limit: a win / loss score or a 0 draw, all equal
    values = {search(game, plies_left, algorithm=name).score for name in SEARCHES}
    assert len(values) == 1, (before, values)
    (value,) = values
    assert (value > 0) - (value < 0) == truth, before
    assert state() == before


def test_dou_shou_qi_example_loses_in_4_plies() -> None:
    """A position once solved wrong: 7 plies before the 200-ply draw, every move of A loses."""
    game = DouShouQi.from_notation(LOST_IN_4_PLIES)
    result = solve_raw(game)
    assert result.value == -1 and result.exact
    assert set(result.best_moves) == set(game.legal_moves())  # every move loses
    assert search(game, 8, algorithm="pvs").score == -(1_000_000 - 4)  # a loss in 4 plies
    truth, optimal = brute_force(game, game.to_notation)
    assert (truth, optimal) == (-1, set(game.legal_moves()))


def test_dou_shou_qi_tt_key_holds_the_plies_left() -> None:
    """Same pieces, other plies left: other table keys (the plain key does not change)."""
    keys = set()
    for plies in (190, 193, 195):
        game = DouShouQi.from_notation(f"A: Ea1 Ca4 / B: Dd3 Ef7 / A / {plies}")
        keys.add(game.tt_key())
        assert game.key == DouShouQi.from_notation("A: Ea1 Ca4 / B: Dd3 Ef7 / A").key
    assert len(keys) == 3
    # the plies left decide, not the plies played: 193 of 200 is 93 of 100
    a = DouShouQi.from_notation("A: Ea1 Ca4 / B: Dd3 Ef7 / A / 193")
    b = DouShouQi.from_notation("A: Ea1 Ca4 / B: Dd3 Ef7 / A / 93", draw_limit=100)
    assert a.tt_key() == b.tt_key()
    # without a draw limit there is no counter to hold
    assert DouShouQi.from_notation("A: Ea1 Ca4 / B: Dd3 Ef7 / A", draw_limit=None).tt_key() == a.key


@settings(max_examples=examples(80))
@given(dsq_near_the_limit())
def test_dou_shou_qi_near_the_draw_limit_every_search_agrees(game: DouShouQi) -> None:
    """Once 17 of 300 random positions 3-7 plies before the limit were solved wrong."""
    assert game.draw_limit is not None
    check_every_search_agrees(game, game.to_notation, game.draw_limit - game.plies)


@settings(max_examples=examples(40))
@given(dsq_near_the_limit())
def test_dou_shou_qi_one_table_for_the_same_pieces_at_every_ply_count(game: DouShouQi) -> None:
    """One solve table handed from position to position: the same pieces 1, 2, ... plies
    before the limit, then under another draw limit, give the values of fresh tables."""
    shared = TranspositionTable(1 << 12)
    placement = game.placement()
    for limit, left in [(10, 1), (10, 2), (10, 4), (10, 3), (30, 3), (10, 6), (7, 5)]:
        position = DouShouQi(
            Placement(placement.pieces, placement.to_move, limit - left), draw_limit=limit
        )
        reused = solve_raw(position, tt=shared)
        fresh = solve_raw(position, tt=TranspositionTable(1 << 12))
        assert (reused.value, reused.best_moves) == (fresh.value, fresh.best_moves)


@settings(max_examples=examples(20))
@given(
    small_battles(),
    st.integers(1, 3),
    st.integers(0, 2),
)
def test_war_chess_near_the_turn_limit_every_search_agrees(
    battle: Battle, left: int, played: int
) -> None:
    """War chess ends in a draw after ``turn_limit`` turns: the same check."""
    game = WarState(battle, played, played + left)
    check_every_search_agrees(game, game.to_notation, left)


@settings(max_examples=examples(15))
@given(small_battles())
def test_war_chess_one_table_for_games_with_other_turn_limits(battle: Battle) -> None:
    """The same battle with 0 turns played and limits 4, 3, 2: one table, fresh values
    (Alex to move after 2 turns has 2 turns left under the first limit, 1 under the next)."""
    shared = TranspositionTable(1 << 12)
    for limit in (4, 3, 2):
        reused = solve_raw(WarState(battle, 0, limit), tt=shared)
        fresh = solve_raw(WarState(battle, 0, limit), tt=TranspositionTable(1 << 12))
        assert (reused.value, reused.best_moves) == (fresh.value, fresh.best_moves)
