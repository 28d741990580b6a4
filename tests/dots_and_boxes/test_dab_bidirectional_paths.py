"""Seed 000, §IV.B, Algorithm 2 (bidirectional search, corrected) step by step: which side
expands, in which order, how many states, what it returns on ties, stale entries and dead
ends; the breadth-first baseline's counts against formula 24; the game graph's
predecessors as the exact inverse of its successors.

Expansion orders are traced by hand from the rules in ``bidirectional_search``'s module
docstring: each side takes its open state of least g (uniform-cost search); the side whose
least g (prminF / prminB) is smaller expands, the forward side on a tie (lines 3-4); equal
g values leave a list in the order they were generated (first in, first out, as in
breadth-first search); U changes only when a strictly cheaper path is closed (line 15:
U = min(U, g_F + g_B)); the search stops when prminF + prminB >= U or a list is empty.
"""

from __future__ import annotations

import itertools

import pytest

from reference.dots_and_boxes.bidirectional import (
    FullState,
    PathResult,
    bidirectional_search,
    breadth_first_search,
    dab_predecessors,
    dab_successors,
    formula24_nodes,
    formula24_one_direction,
)
from reference.dots_and_boxes.geometry import geometry
from reference.errors import ParameterError

Arc = tuple[str, str, int]


def traced(arcs: list[Arc], begin: str, end: str) -> tuple[PathResult[str], list[str]]:
    """Run Algorithm 2 on the digraph ``arcs`` (tail, head, cost, in this order) and log
    each expansion as ``F<state>`` (successors asked) or ``B<state>`` (predecessors)."""
    out: dict[str, list[tuple[str, int]]] = {}
    back: dict[str, list[tuple[str, int]]] = {}
    for tail, head, cost in arcs:
        out.setdefault(tail, []).append((head, cost))
        back.setdefault(head, []).append((tail, cost))
    log: list[str] = []

    def successors(n: str) -> list[tuple[str, int]]:
        log.append("F" + n)
        return out.get(n, [])

    def predecessors(n: str) -> list[tuple[str, int]]:
        log.append("B" + n)
        return back.get(n, [])

    return bidirectional_search(begin, end, successors, predecessors), log


@pytest.mark.parametrize("d", range(9))
def test_a_path_of_d_arcs_costs_d_expansions_both_ways(d: int) -> None:
    """On the path 0 -> 1 -> ... -> d the two sides take turns (forward on ties): after i
    forward and j backward expansions prminF = i, prminB = j, the sides have met once
    i + j >= d and then prminF + prminB = d = U stops the search: exactly d expansions
    (none when begin == end).  Breadth-first search expands 0, ..., d-1 and generates d:
    also d (0 when begin == end)."""
    def succ(n: int) -> list[tuple[int, int]]:
        return [(n + 1, 1)] if n < d else []

    def pred(n: int) -> list[tuple[int, int]]:
        return [(n - 1, 1)] if n > 0 else []

    two = bidirectional_search(0, d, succ, pred)
    assert two == PathResult(d, tuple(range(d + 1)), d)
    one = breadth_first_search(0, d, succ)
    assert one == PathResult(d, tuple(range(d + 1)), d)


def test_ties_first_in_first_out_and_the_first_shortest_path_kept() -> None:
    """Two paths of cost 4, s-y-u-t and s-x-v-t, s generating y before x.  By hand:
    F s (y, x at g 1); prminF 1 > prminB 0: B t (u, v at g 2); F y (u: g_F 2 + g_B 2,
    U = 4, meet u); prminF 1 + prminB 2 < 4: F x (v closes another path of cost 4: U
    stays, meet stays u); 2 + 2 >= 4: stop.  Four expansions, path through u.  (Taking x
    first, by name or last in first out, or moving the meeting point on an equal cost,
    returns the path through v; stopping only when prminF + prminB > U expands more.)"""
    arcs = [("s", "y", 1), ("s", "x", 1), ("y", "u", 1), ("x", "v", 1), ("u", "t", 2), ("v", "t", 2)]
    result, log = traced(arcs, "s", "t")
    assert log == ["Fs", "Bt", "Fy", "Fx"]
    assert result == PathResult(4, ("s", "y", "u", "t"), 4)


def test_the_smaller_side_expands_and_forward_wins_a_tie() -> None:
    """s -> a -> b -> t (cost 1 each) and a cheap backward fan: t's predecessors are b and
    c (cost 1), c's is d (cost 1), none of them reachable from s except b.  By hand:
    F s (0 = 0, forward on the tie; a at 1); B t (1 > 0; b, c at 1); F a (1 = 1; b: 2 + 1,
    U = 3); 2 + 1 >= 3: stop.  Expanding the larger side, or backward on a tie, gives
    another order."""
    arcs = [("s", "a", 1), ("a", "b", 1), ("b", "t", 1), ("c", "t", 1), ("d", "c", 1)]
    result, log = traced(arcs, "s", "t")
    assert log == ["Fs", "Bt", "Fa"]
    assert result == PathResult(3, ("s", "a", "b", "t"), 3)


def test_stale_entries_are_skipped_and_an_emptied_list_ends_the_search() -> None:
    """A state whose g improves stays on its list at the old g (lazy deletion); the stale
    entry is dropped, never expanded again, and a list left with only stale entries is
    empty.  Both graphs below have no path (None, as Dijkstra would say).

    Backward side stale: s->a 5, s->b 1, b->a 1, a->c 1, c->d 1; w->t 5, v->t 1, w->v 1.
    By hand: F s (a 5, b 1); B t (w 5, v 1); F b (a 2); B v (w 2); F a (c 3); B w (none):
    turnB holds only the stale (5, w), so it is empty: stop after 6 expansions.

    Forward side stale: the same graph with every arc reversed, from t to s.  F t (w 5,
    v 1); B s (a 5, b 1); F v (w 2); B b (a 2); F w (none): turnF holds only the stale
    (5, w): stop after 5."""
    arcs = [("s", "a", 5), ("s", "b", 1), ("b", "a", 1), ("a", "c", 1), ("c", "d", 1)]
    arcs += [("w", "t", 5), ("v", "t", 1), ("w", "v", 1)]
    result, log = traced(arcs, "s", "t")
    assert log == ["Fs", "Bt", "Fb", "Bv", "Fa", "Bw"]
    assert result == PathResult(None, (), 6)
    reverse = [(head, tail, cost) for tail, head, cost in arcs]
    result, log = traced(reverse, "t", "s")
    assert log == ["Ft", "Bs", "Fv", "Bb", "Fw"]
    assert result == PathResult(None, (), 5)


def test_a_negative_cost_is_refused() -> None:
    """Algorithm 2's stopping rule needs costs >= 0 (module docstring): a negative cost is a
    ParameterError naming it, whichever side meets it."""
    with pytest.raises(ParameterError, match="-2"):
        traced([("s", "t", -2)], "s", "t")
    with pytest.raises(ParameterError, match="-1"):
        traced([("s", "a", 3), ("b", "t", -1)], "s", "t")


@pytest.mark.parametrize(("b", "d"), [(1, 3), (2, 1), (2, 3), (3, 2), (3, 3)])
def test_bfs_expands_formula_24_one_direction_states_for_the_last_leaf(b: int, d: int) -> None:
    """Formula 24's one-directional side, b^0 + ... + b^(d-1): on the complete b-ary tree
    (children in order 0..b-1), breadth-first search for the last node of depth d expands
    every node above depth d and generates the target from the last of them."""
    def children(node: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        return [((*node, i), 1) for i in range(b)] if len(node) < d else []

    target = (b - 1,) * d
    result = breadth_first_search((), target, children)
    assert result.distance == d and result.path[-1] == target
    assert result.expanded == formula24_one_direction(b, d) == sum(b**k for k in range(d))


def test_formula_24_at_its_smallest_arguments() -> None:
    """b = 1 (a path) and d = 0 are in formula 24's range: b^0 + ... + b^(d/2) is d//2 + 1
    for b = 1 and 1 for d = 0; the one-directional sum b^0 + ... + b^(d-1) is d for b = 1
    and 1 for d = 1.  b = 0, d < 0 (and d = 0 one way: no target to generate) are refused."""
    assert [formula24_nodes(1, d) for d in range(6)] == [1, 1, 2, 2, 3, 3]
    assert [formula24_nodes(b, 0) for b in (1, 2, 5)] == [1, 1, 1]
    assert [formula24_one_direction(1, d) for d in range(1, 5)] == [1, 2, 3, 4]
    assert [formula24_one_direction(b, 1) for b in (1, 2, 5)] == [1, 1, 1]
    for b, d in ((0, 2), (-1, 2), (2, -1)):
        with pytest.raises(ParameterError, match="formula 24 needs"):
            formula24_nodes(b, d)
    for b, d in ((0, 2), (-1, 2), (2, 0), (2, -1)):
        with pytest.raises(ParameterError, match="need b >= 1 and d >= 1"):
            formula24_one_direction(b, d)


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 2), (2, 1)])
def test_predecessors_are_exactly_the_states_whose_successors_include_this_one(
    rows: int, cols: int
) -> None:
    """Every state (edges, boxes of player 0, boxes of player 1, player to move) with each
    score from 0 to the number of boxes: ``dab_predecessors`` gives exactly the states X
    with this state among ``dab_successors(X)`` (brute force over all states), including
    the state where erasing the last move leaves the mover with no box."""
    geo = geometry(rows, cols)
    boxes = rows * cols
    succ, pred = dab_successors(rows, cols), dab_predecessors(rows, cols)
    states: list[FullState] = [
        (edges, s0, s1, p)
        for edges, s0, s1, p in itertools.product(
            range(1 << geo.num_edges), range(boxes + 1), range(boxes + 1), (0, 1)
        )
    ]
    parents: dict[FullState, set[FullState]] = {state: set() for state in states}
    for state in states:
        for child, cost in succ(state):
            assert cost == 1
            if child in parents:
                parents[child].add(state)
    for state in states:
        listed = pred(state)
        assert all(cost == 1 for _, cost in listed)
        assert sorted(s for s, _ in listed) == sorted(parents[state]), state
