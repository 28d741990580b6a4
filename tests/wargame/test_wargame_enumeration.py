"""Algorithms 1-5 of seed 002, Theorem 1, the Assumption 2 closed forms and the §3.1 plan counts."""

from __future__ import annotations

from collections import Counter
from itertools import permutations
from math import factorial

import pytest
from hypothesis import given, settings
from wargame_strategies import battles

from reference.errors import ParameterError
from reference.wargame.battle import Battle, Plan, StateKey
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
)
from reference.wargame.dictionary_sequence import dictionary_sequence_enumeration
from reference.wargame.experiment import enumerate_turn, paper_setup
from reference.wargame.next_permutation import next_permutation
from reference.wargame.plans_search import recursive_enumeration
from reference.wargame.recursive_permutation import recursive_permutation
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


@settings(derandomize=True, max_examples=80, deadline=None)
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
    assert sum(states_2.values()) >= factorial(n)  # at least "everyone stays", per sequence


@pytest.mark.parametrize(("n", "movement"), [(1, 0), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (4, 1)])
def test_assumption_2_closed_forms_exact(n: int, movement: int) -> None:
    """Seed 002, §4.3, formulas (8)-(9) under Assumption 2 (disjoint ranges of r tiles, no attacks):
    Algorithm 2 expands n! (r + ... + r^n), Algorithm 5 sum_i n!/(n-i)! r^i (seeds README)."""
    r = diamond_size(movement)
    battle = paper_setup(n, movement, "dispersed")
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
    assert best == 61 * 60 * 59 * 58 * 57 == 713_897_640  # "713 million"
    assert worst == 120 * 305**5 == 316_723_612_875_000  # 316 trillion
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


def test_figure_7_kill_order_gives_more_states() -> None:
    """Figure 7: when a unit kills an enemy, the one acting after it can use the freed tile."""
    battle = Battle.from_notation("...../..... aS@a1:10/5/1/1-1,aS@e1:10/5/2/1-1,bS@c1:5/1/1/1-1 a")
    result = enumerate_turn(battle, "order")
    states = set()
    turn = SingleTurn(battle)
    for state in dictionary_sequence_enumeration(turn):
        states.add(state)
    # a state where e1's swordsman stands on c1 exists only after a1's swordsman killed c1 first
    assert any(s[1] == battle.board.parse_tile("c1") for s in states)
    assert result.distinct_states == len(states)


def test_compact_layout_overlaps_and_saves_more() -> None:
    """§5: compact units interfere, fewer plans; the ops1 saving in percent is larger than dispersed."""
    for n in (3, 4):
        d2, d5 = (enumerate_turn(paper_setup(n, 1, "dispersed"), a) for a in ("order", "recursion"))
        c2, c5 = (enumerate_turn(paper_setup(n, 1, "compact"), a) for a in ("order", "recursion"))
        assert c2.plans < d2.plans and c2.plans == c5.plans
        assert (c2.ops1 - c5.ops1) / c2.ops1 > (d2.ops1 - d5.ops1) / d2.ops1
