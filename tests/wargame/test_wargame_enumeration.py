"""Algorithms 1-5 of seed 002, Theorem 1, the Assumption 2 closed forms and the §3.1 plan counts."""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from wargame_strategies import battles

from reference.errors import ParameterError
from reference.wargame.complexity import (
    FIRE_EMBLEM_RANGE,
    FIRE_EMBLEM_UNITS,
    SECONDS_PER_PLAN,
    action_sequences,
    diamond_size,
    ops1_dictionary_sequence,
    ops1_recursive_enumeration,
    ops1_recursive_enumeration_recurrence,
    ops1_reduction_percent,
    plans_best_case,
    plans_worst_case,
    range_size,
)
from reference.wargame.dictionary_sequence import dictionary_sequence_enumeration, search
from reference.wargame.experiment import enumerate_turn, paper_setup
from reference.wargame.geometry import Tiling
from reference.wargame.next_permutation import next_permutation
from reference.wargame.notation import Action, Plan
from reference.wargame.plans_search import recursive_enumeration
from reference.wargame.recursive_permutation import recursive_permutation
from reference.wargame.rules import (
    Battle,
    StateKey,
    WarState,
    most_kills_first,
    turn_end_states,
)
from reference.wargame.single_turn import SingleTurn


def test_algorithm_1_worked_example() -> None:
    """Seed 002, §4.1.1: "754938621 ... The next sequence obtained by this algorithm is 754961238"."""
    digits = [int(c) for c in "754938621"]
    assert next_permutation(digits)
    assert "".join(map(str, digits)) == "754961238"


@pytest.mark.parametrize("n", range(7))
def test_algorithm_1_walks_the_dictionary_sequence(n: int) -> None:
    """From (1..n) to the reverse order, in lexicographic order, then false with Ord unchanged."""
    order = list(range(1, n + 1))
    seen = [tuple(order)]
    while next_permutation(order):
        seen.append(tuple(order))
    assert seen == sorted(permutations(range(1, n + 1)))
    assert order == list(range(n, 0, -1))


@pytest.mark.parametrize("start", [(1, 1), (1, 1, 2), (1, 2, 2, 3), (2, 2, 2), (1, 1, 2, 2, 3)])
def test_algorithm_1_with_repeated_values_walks_each_distinct_sequence_once(
    start: tuple[int, ...],
) -> None:
    """Line 1 takes the longest non-increasing suffix (``>=``) and line 3 the rightmost
    element strictly larger than o_i: with repeated values (two units of one kind, say)
    the walk visits every distinct arrangement once, in dictionary order, as a sorted
    set of ``itertools.permutations`` does."""
    order = list(start)
    seen = [tuple(order)]
    while next_permutation(order):
        seen.append(tuple(order))
    assert seen == sorted(set(permutations(start)))


@pytest.mark.parametrize("n", range(7))
def test_algorithm_4_yields_every_sequence_once_and_restores_order(n: int) -> None:
    order = list(range(n))
    produced = list(recursive_permutation(order))
    assert len(produced) == factorial(n) == len(set(produced))
    assert order == list(range(n))


def run(battle: Battle, algorithm: str) -> tuple[Counter[StateKey], Counter[Plan], int]:
    turn = SingleTurn(battle)
    states: Counter[StateKey] = Counter()
    plans: Counter[Plan] = Counter()
    generator = (
        dictionary_sequence_enumeration(turn) if algorithm == "order" else recursive_enumeration(turn)
    )
    for state in generator:
        states[state] += 1
        plans[turn.plan()] += 1
    return states, plans, turn.ops1


@settings(max_examples=examples(80))
@given(battles(min_alex=2, max_alex=3, max_billie=3, max_movement=2))
def test_theorem_1_same_state_multisets(battle: Battle) -> None:
    """Seed 002, §4.3, Theorem 1: Algorithms 2 and 5 search the same states (here: same multisets,
    same plans), and ops1 of Algorithm 5 <= ops1 of Algorithm 2 (§4.3 "Conclusion")."""
    before = battle.to_notation()
    states_2, plans_2, ops1_2 = run(battle, "order")
    assert battle.to_notation() == before
    states_5, plans_5, ops1_5 = run(battle, "recursion")
    assert battle.to_notation() == before
    assert states_2 == states_5
    assert plans_2 == plans_5
    assert all(count == 1 for count in plans_2.values())  # each (sequence, plan) once
    assert ops1_5 <= ops1_2
    n = len(battle.units_of(battle.to_move))
    assert sum(states_2.values()) >= factorial(n)  # at least: everyone stays, per sequence


@settings(max_examples=examples(60))
@given(
    battles(min_alex=1, max_alex=3, min_billie=1, max_billie=2, max_movement=2),
    st.lists(st.integers(0, 10**6), max_size=2),
)
def test_rules_turn_enumeration_is_algorithm_5(battle: Battle, picks: list[int]) -> None:
    """The rules' enumeration of a turn (``turn_end_states``, behind ``legal_moves``) yields the
    same end states as Algorithm 5 (``recursive_enumeration``), in the same order, with the same
    plans, in positions reached by playing random legal moves from a random battle."""
    game = WarState(battle, 0, 6)
    for pick in picks:
        moves = game.legal_moves()
        if not moves:
            break
        game.make(moves[pick % len(moves)])
    battle = game.battle
    before = battle.to_notation()
    turn = SingleTurn(battle)
    literal = [(state, turn.plan()) for state in recursive_enumeration(turn)]
    actions: list[Action] = []
    twin = [(state, tuple(actions)) for state in turn_end_states(battle, actions)]
    assert twin == literal
    assert battle.to_notation() == before
    if not game.is_terminal():  # legal_moves: Algorithm 5's first plan per end state
        first: dict[StateKey, Plan] = {}
        for state, plan in literal:
            first.setdefault(state, plan)
        assert game.legal_moves() == most_kills_first(battle, first)


@pytest.mark.parametrize(
    ("n", "movement", "tiling"),
    [
        *((n, p, Tiling.SQUARE) for n, p in [(1, 0), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (4, 1)]),
        (3, 1, Tiling.OCTAGONAL),
        (3, 1, Tiling.HEXAGONAL),
        (2, 2, Tiling.HEXAGONAL),
    ],
)
def test_assumption_2_closed_forms_exact(n: int, movement: int, tiling: Tiling) -> None:
    """Seed 002, §4.3, formulas (8)-(9) (numbers reconstructed) under Assumption 2 (disjoint
    ranges of r tiles, no attacks): Algorithm 2 expands n! (r + ... + r^n), Algorithm 5
    sum_i n!/(n-i)! r^i (seeds README); on every map, with that map's r."""
    r = range_size(movement, tiling)
    battle = paper_setup(n, movement, "dispersed", tiling)
    assert all(len(battle.movement_range(u)) == r for u in range(n))
    by_order = enumerate_turn(battle, "order")
    by_recursion = enumerate_turn(battle, "recursion")
    assert by_order.ops1 == ops1_dictionary_sequence(n, r)
    assert by_recursion.ops1 == ops1_recursive_enumeration(n, r)
    assert by_order.plans == by_recursion.plans == factorial(n) * r**n
    assert by_order.distinct_states == by_recursion.distinct_states == r**n


def test_closed_forms_small_values_by_hand() -> None:
    """By hand. n = 2, r = 3: Algorithm 2: 2! (3 + 9) = 24; Algorithm 5: 2*3 + 2*9 = 24 (no saving
    for two units: both orders share no prefix).  n = 3, r = 2: Algorithm 2: 6 * (2 + 4 + 8) = 84; Algorithm 5: 3*2 + 6*4 + 6*8 = 78.
    """
    assert ops1_dictionary_sequence(2, 3) == 24 and ops1_recursive_enumeration(2, 3) == 24
    assert ops1_dictionary_sequence(3, 2) == 84 and ops1_recursive_enumeration(3, 2) == 78


@pytest.mark.parametrize("n", range(7))
@pytest.mark.parametrize("r", [0, 1, 2, 5, 13, 61])
def test_formula_9_matches_the_papers_recurrence(n: int, r: int) -> None:
    """§4.3: f(n) = n r (1 + f(n-1)) solves to sum_i n!/(n-i)! r^i, never above formula (8)."""
    assert ops1_recursive_enumeration_recurrence(n, r) == ops1_recursive_enumeration(n, r)
    assert ops1_recursive_enumeration(n, r) <= ops1_dictionary_sequence(n, r)


def test_formula_11_reduction_vanishes_as_range_grows() -> None:
    """§5, (10)-(11): the saving falls as r grows (numerator of higher-order smallness) and rises with n."""
    for n in (3, 4):
        values = [ops1_reduction_percent(n, diamond_size(p)) for p in (1, 2, 3, 4, 10)]
        assert values == sorted(values, reverse=True) and values[-1] < 0.1
    assert ops1_reduction_percent(4, 13) > ops1_reduction_percent(3, 13)
    with pytest.raises(ParameterError):
        ops1_reduction_percent(0, 5)


def test_fire_emblem_plan_counts() -> None:
    """Seed 002, §3.1: Fire Emblem, 5 units, 61 tiles (movement 5, cost 1); at 200 ns per plan
    "searching all plans for one side's turn will then take from 2.4 minutes to approximately two
    years"."""
    n, r = FIRE_EMBLEM_UNITS, FIRE_EMBLEM_RANGE
    assert diamond_size(5) == r
    assert action_sequences(n) == 120
    best = plans_best_case(n, r)
    worst = plans_worst_case(n, r)
    # the paper's counts were lost in extraction ("Thus, million and trillion"); these
    # are ours, pinned by its times below
    assert best == 61 * 60 * 59 * 58 * 57 == 713_897_640
    assert worst == 120 * 305**5 == 316_723_612_875_000
    assert round(best * SECONDS_PER_PLAN / 60, 1) == 2.4  # minutes
    assert round(worst * SECONDS_PER_PLAN / (365.25 * 86400)) == 2  # years


def test_worst_case_is_reached_with_four_enemies_around_every_unit() -> None:
    """§3.1 worst case: disjoint ranges and 4 adjacent enemies to attack -> n! (5 r)^n plans.

    One swordsman that cannot move (r = 1) boxed in by four enemies: 5 plans (4 attacks or none).
    """
    battle = Battle.from_notation("...../...../...../...../..... aS@c3:10/4/0/1-1,bS@c4,bS@c2,bS@b3,bS@d3 a")
    result = enumerate_turn(battle, "recursion")
    assert result.plans == plans_worst_case(1, 1) == 5
    assert result.ops1 == 1


def states_in_order(battle: Battle, order: list[int]) -> set[StateKey]:
    """The end states of Search(0) (Algorithm 3) under one fixed action sequence."""
    turn = SingleTurn(battle)
    turn.order[:] = order
    return set(search(turn, 0))


FIGURE_7 = "...../..... aS@a1:10/5/2/1-1,aS@e1:10/5/2/1-1,bS@c1:{hp}/1/1/1-1 a"
"""Figure 7 (the figure was lost; our position in its spirit): red swordsmen 1 on a1 and 2 on
e1 (movement 2) can each reach blue swordsman 1 on c1 and kill it (ATK 5 >= HP 5)."""


def test_figure_7_kill_order_gives_more_states() -> None:
    """Figure 7: "a different sequence of actions will also have a different state when a unit of
    another side is eliminated".  (b-d) red 1 kills c1, then red 2 can end on the freed c1;
    (e-g) red 2 kills c1, then red 1 can.  Each sequence has states the other lacks, so all
    sequences together have more states than either sequence alone."""
    battle = Battle.from_notation(FIGURE_7.format(hp=5))
    c1 = battle.board.parse_tile("c1")
    red_1_first = states_in_order(battle, [0, 1])
    red_2_first = states_in_order(battle, [1, 0])
    assert {s for s in red_1_first - red_2_first} == {s for s in red_1_first if s[1] == c1}
    assert {s for s in red_2_first - red_1_first} == {s for s in red_2_first if s[0] == c1}
    assert red_1_first - red_2_first and red_2_first - red_1_first
    union = enumerate_turn(battle, "order").distinct_states
    assert union == len(red_1_first | red_2_first)
    assert union > len(red_1_first) and union > len(red_2_first)
    # Control: c1 survives one blow (HP 6); no tile is freed and the order no longer matters.
    tough = Battle.from_notation(FIGURE_7.format(hp=6))
    assert states_in_order(tough, [0, 1]) == states_in_order(tough, [1, 0])


def test_algorithms_2_and_5_give_back_the_callers_order() -> None:
    """``SingleTurn``: exhausted, Algorithms 2 and 5 leave ``order`` as they found it.  (Algorithm
    2's listing ends on the last sequence (n, ..., 1): without the restore the order would be
    reversed.)"""
    battle = paper_setup(3, 1, "compact")
    before = battle.to_notation()
    for algorithm in (dictionary_sequence_enumeration, recursive_enumeration):
        walks = []
        for start in ([0, 1, 2], [2, 0, 1]):
            turn = SingleTurn(battle)
            turn.order[:] = start
            seen = [turn.order[:] for _ in algorithm(turn)]
            assert len(seen) == enumerate_turn(battle, "order").plans
            assert turn.order == start, algorithm.__name__
            assert battle.to_notation() == before
            walks.append(seen)
        # both start from the first sequence (1, ..., n), whatever the caller's order
        assert walks[0] == walks[1], algorithm.__name__


def test_erratum_algorithm_5_is_not_better_for_two_units() -> None:
    """ERRATUM, seed 002 abstract: "Enumeration by recursion is better than enumeration by order
    in all situations".  With n <= 2 units the two orders share no prefix, so the ops1 are equal
    in every situation; with n >= 3 Algorithm 5 does strictly fewer.  Closed forms under
    Assumption 2: equal for n <= 2, strictly smaller for n >= 3 (every r >= 1)."""
    for r in range(0, 100):
        for n in (0, 1, 2):
            assert ops1_recursive_enumeration(n, r) == ops1_dictionary_sequence(n, r)
        if r >= 1:
            for n in range(3, 8):
                assert ops1_recursive_enumeration(n, r) < ops1_dictionary_sequence(n, r)
    for n in (1, 2):
        assert ops1_reduction_percent(n, 13) == 0.0
    assert ops1_reduction_percent(3, 13) > 0.0


@settings(max_examples=examples(60))
@given(battles(min_alex=1, max_alex=4, max_billie=3, max_movement=1))
def test_erratum_equal_ops1_for_two_units_fewer_for_three_in_any_battle(battle: Battle) -> None:
    """Beyond Assumption 2 (terrain, overlaps, enemies, kills, any map): ops1 of Algorithm 5 equals
    Algorithm 2's for n <= 2 units and is strictly smaller for n >= 3."""
    n = len(battle.units_of(battle.to_move))
    _, _, ops1_2 = run(battle, "order")
    _, _, ops1_5 = run(battle, "recursion")
    if n <= 2:
        assert ops1_5 == ops1_2
    else:
        assert ops1_5 < ops1_2


def test_compact_layout_overlaps_and_saves_more() -> None:
    """§5: compact units interfere, fewer plans; the ops1 saving in percent is larger than dispersed."""
    for n in (3, 4):
        d2, d5 = (enumerate_turn(paper_setup(n, 1, "dispersed"), a) for a in ("order", "recursion"))
        c2, c5 = (enumerate_turn(paper_setup(n, 1, "compact"), a) for a in ("order", "recursion"))
        assert c2.plans < d2.plans and c2.plans == c5.plans
        assert (c2.ops1 - c5.ops1) / c2.ops1 > (d2.ops1 - d5.ops1) / d2.ops1
