"""Retrograde analysis (reference.search.retrograde): the listing's waves, Thompson's
un-move queue, and both against a plain recursive solve of the same graph."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference.search.retrograde import (
    DRAW,
    INVALID,
    LOSS,
    UNKNOWN,
    WIN,
    CountdownSpace,
    retrograde,
    retrograde_by_unmoves,
)


class GraphSpace:
    """A game given as a graph: ``edges[i]`` are the moves of position ``i``; a position
    with no move is lost for its side to move, or drawn when ``draw_ends`` says so."""

    def __init__(
        self,
        edges: list[list[int]],
        draw_ends: set[int],
        invalid: set[int],
        outside: dict[int, list[tuple[int, int]]] | None = None,
    ) -> None:
        self.edges = edges
        self.outside = outside or {}
        self.draw_ends = draw_ends
        self.invalid = invalid
        self.back: list[list[int]] = [[] for _ in edges]
        for i, children in enumerate(edges):
            if i in invalid or not children:
                continue
            for c in children:
                self.back[c].append(i)

    @property
    def size(self) -> int:
        return len(self.edges)

    def terminal(self, index: int) -> int | None:
        if index in self.invalid:
            return INVALID
        if not self.edges[index] and not self.outside.get(index):
            return DRAW if index in self.draw_ends else LOSS
        return None

    def successors(self, index: int) -> Iterable[int]:
        return self.edges[index]

    def exits(self, index: int) -> Iterable[tuple[int, int]]:
        return self.outside.get(index, [])

    def predecessors(self, index: int) -> Iterable[int]:
        return self.back[index]


@st.composite
def graphs(draw: st.DrawFn, acyclic: bool) -> GraphSpace:
    n = draw(st.integers(1, 14))
    edges: list[list[int]] = []
    for i in range(n):
        targets = list(range(i + 1, n)) if acyclic else list(range(n))
        chosen = draw(st.lists(st.sampled_from(targets), max_size=4)) if targets else []
        edges.append(chosen)
    ends = [i for i in range(n) if not edges[i]]
    draw_ends = set(draw(st.lists(st.sampled_from(ends), max_size=2))) if ends else set()
    # invalid indices: positions no edge reaches and that have no move
    unreached = [i for i in ends if all(i not in e for e in edges)]
    invalid = set(draw(st.lists(st.sampled_from(unreached), max_size=2))) if unreached else set()
    invalid -= draw_ends
    # moves out of the space (into a solved smaller table): known (value, distance)
    entries = st.tuples(st.sampled_from([WIN, LOSS, DRAW]), st.integers(0, 6)).map(
        lambda e: e if e[0] != DRAW else (DRAW, 0)
    )
    outside = {
        i: draw(st.lists(entries, max_size=2)) for i in range(n) if i not in invalid
    }
    return GraphSpace(edges, draw_ends, invalid, outside)


def negamax_with_distance(space: GraphSpace) -> list[tuple[int, int]]:
    """(outcome, distance) of every position of an acyclic graph, by plain recursion:
    win in 1 + the shortest lost child, lost in 1 + the longest won child."""

    @cache
    def solve(i: int) -> tuple[int, int]:
        end = space.terminal(i)
        if end is not None:
            return (end, 0)
        results = [solve(c) for c in space.edges[i]] + list(space.exits(i))
        losses = [d for v, d in results if v == LOSS]
        if losses:
            return (WIN, 1 + min(losses))
        if all(v == WIN for v, _ in results):
            return (LOSS, 1 + max(d for _, d in results))
        return (UNKNOWN, 0)

    out = []
    for i in range(space.size):
        v, d = solve(i)
        out.append((UNKNOWN if v == DRAW and space.terminal(i) is None else v, d))
    return out


def test_countdown_losses_are_the_multiples_of_three() -> None:
    table = retrograde(CountdownSpace(30))
    losses = [i for i in range(31) if table.value[i] == LOSS]
    assert losses == list(range(0, 31, 3))
    assert table.distance[6] == 4  # 6 -> 5 or 4 -> 3 -> 2 or 1 -> 0
    assert table.counts() == {"positions": 31, "wins": 20, "losses": 11, "draws": 0}


def test_countdown_rejects_a_negative_pile() -> None:
    with pytest.raises(ValueError, match="negative"):
        CountdownSpace(-1)


def test_waves_report_their_sizes() -> None:
    seen: list[tuple[int, int]] = []
    table = retrograde(CountdownSpace(5), on_wave=lambda w, n: seen.append((w, n)))
    assert seen[:-1] == [(w, n) for w, n in enumerate(table.waves) if w > 0]
    assert seen[-1][1] == 0  # the last wave decides nothing
    assert sum(table.waves) == 6


@given(graphs(acyclic=True))
def test_both_methods_equal_recursion_on_acyclic_graphs(space: GraphSpace) -> None:
    expected = negamax_with_distance(space)
    for table in (retrograde(space), retrograde_by_unmoves(space)):
        got = [
            (UNKNOWN if table.value[i] == DRAW and space.terminal(i) is None else table.value[i],
             table.distance[i] if table.value[i] in (WIN, LOSS) else 0)
            for i in range(space.size)
        ]
        assert got == expected


@given(graphs(acyclic=False))
def test_forward_fixpoint_equals_unmoves_with_cycles(space: GraphSpace) -> None:
    forward, back = retrograde(space), retrograde_by_unmoves(space)
    assert forward.value == back.value
    assert forward.distance == back.distance
    assert forward.waves == back.waves


def test_a_cycle_with_no_way_out_is_a_draw() -> None:
    space = GraphSpace([[1], [0]], set(), set())
    table = retrograde(space)
    assert [table.outcome(i) for i in range(2)] == ["draw", "draw"]


def test_a_cycle_with_a_losing_exit_is_won() -> None:
    # 0 <-> 1, and 1 may also move to 2, which has no move (lost for its mover)
    space = GraphSpace([[1], [0, 2], []], set(), set())
    table = retrograde_by_unmoves(space)
    assert [table.outcome(i) for i in range(3)] == ["loss", "win", "loss"]
    assert list(table.distance) == [2, 1, 0]
    assert table == retrograde(space)
