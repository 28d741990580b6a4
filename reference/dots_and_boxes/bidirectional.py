"""Algorithm 2 (bidirectional search), made correct, and the Dots and Boxes state graph.

Seed 000, §IV.B, Algorithm 2 ("bi-directional search algorithm").  The search
keeps two open lists (the paper's turnF and turnB), two closed sets and the cost
of the best path found so far, U.  Line-by-line:

* line 1      g_F(begin) = g_B(end) = 0, turnF = {begin}, turnB = {end}, U = inf;
* lines 2-5   while both open lists are non-empty, expand the side whose smallest
  priority (prminF / prminB, here the g value: uniform-cost search) is smaller;
* lines 7-9   skip a child already reached at least as cheaply;
* lines 10-13 ERRATUM: the paper moves the child to the *backward* open list
  (line 13, "add c to TurnB") and never expands backwards; here a forward child
  goes to turnF and a backward child (a predecessor) to turnB, each side expanded
  with its own g;
* lines 14-15 a child the other side has reached closes a path: U = min(U, g_F + g_B);
* GAP (termination): the listing stops only when a list is empty (line 16 returns
  infinity and nothing returns U), the prose "when ... U is less than a certain
  threshold" without the threshold; OURS: the search stops as soon as
  prminF + prminB >= U (the standard stopping rule of bidirectional uniform-cost
  search: no unexpanded path can be shorter than U), and returns U with the path.
  The listing reads like MM (Holte, Felner, Sharon and Sturtevant, AAAI 2016) without
  its test "return U when U <= max(C, fminF, fminB, gminF + gminB + eps)"; with no
  heuristic that test is ours plus eps (docs/papers/000-dots-and-boxes.md, item 11).

Costs must be non-negative.  Tested against plain breadth-first distances.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from reference.bits import bit_indices
from reference.dots_and_boxes.geometry import Edges, geometry
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError

S = TypeVar("S", bound=Hashable)

Neighbours = Callable[[S], Iterable[tuple[S, int]]]
"""A function giving ``(state, cost)`` pairs: successors (forward) or predecessors (backward)."""


@dataclass(frozen=True, slots=True)
class PathResult(Generic[S]):
    """The outcome of a shortest-path search."""

    distance: int | None
    """Cost of a shortest path, ``None`` when ``end`` cannot be reached (the paper's inf)."""
    path: tuple[S, ...]
    """begin, ..., end along a shortest path (empty when unreachable)."""
    expanded: int
    """States taken off an open list and expanded."""


def bidirectional_search(
    begin: S,
    end: S,
    successors: Neighbours[S],
    predecessors: Neighbours[S],
) -> PathResult[S]:
    """Shortest path from ``begin`` to ``end`` by bidirectional uniform-cost search.

    Seed 000, §IV.B, Algorithm 2 (corrected; see the module docstring).  Costs must be >= 0.
    """
    successors, predecessors = _nonnegative(successors), _nonnegative(predecessors)
    g_f: dict[S, int] = {begin: 0}  # line 1
    g_b: dict[S, int] = {end: 0}
    parent_f: dict[S, S | None] = {begin: None}
    parent_b: dict[S, S | None] = {end: None}
    turn_f: list[tuple[int, int, S]] = [(0, 0, begin)]
    turn_b: list[tuple[int, int, S]] = [(0, 0, end)]
    closed_f: set[S] = set()
    closed_b: set[S] = set()
    best = 0 if begin == end else None  # U (None = infinity)
    meet: S | None = begin if begin == end else None
    counter = 1
    expanded = 0
    while turn_f and turn_b:  # line 2
        _drop_stale(turn_f, g_f, closed_f)
        _drop_stale(turn_b, g_b, closed_b)
        if not turn_f or not turn_b:
            break
        prmin_f, prmin_b = turn_f[0][0], turn_b[0][0]
        if best is not None and prmin_f + prmin_b >= best:  # GAP: the stopping rule (ours)
            break
        if prmin_f <= prmin_b:  # lines 3-4: C = min(prminF, prminB), expand forward
            heap, g, other_g, closed, parent, neighbours = (
                turn_f, g_f, g_b, closed_f, parent_f, successors
            )
        else:
            heap, g, other_g, closed, parent, neighbours = (
                turn_b, g_b, g_f, closed_b, parent_b, predecessors
            )
        _, _, n = heapq.heappop(heap)  # lines 5-6: move n from the open list to Closed
        closed.add(n)
        expanded += 1
        for c, cost in neighbours(n):  # line 7
            new = g[n] + cost
            old = g.get(c)
            if old is not None and old <= new:  # lines 8-9
                continue
            closed.discard(c)  # lines 10-11
            g[c] = new  # line 12
            parent[c] = n
            heapq.heappush(heap, (new, counter, c))  # line 13 (ERRATUM: own side's list)
            counter += 1
            if c in other_g:  # lines 14-15
                total = new + other_g[c]
                if best is None or total < best:
                    best, meet = total, c
    if best is None or meet is None:
        return PathResult(None, (), expanded)
    return PathResult(best, _join(meet, parent_f, parent_b), expanded)


def _nonnegative(neighbours: Neighbours[S]) -> Neighbours[S]:
    """``neighbours`` checked: raise ``ParameterError`` on a negative cost."""

    def checked(n: S) -> Iterator[tuple[S, int]]:
        for c, cost in neighbours(n):
            if cost < 0:
                raise ParameterError(f"edge costs must be >= 0, got {cost}")
            yield c, cost

    return checked


def _drop_stale(heap: list[tuple[int, int, S]], g: dict[S, int], closed: set[S]) -> None:
    """Pop entries superseded by a cheaper g or already expanded (lazy deletion)."""
    while heap and (heap[0][2] in closed or heap[0][0] != g[heap[0][2]]):
        heapq.heappop(heap)


def _join(meet: S, parent_f: dict[S, S | None], parent_b: dict[S, S | None]) -> tuple[S, ...]:
    front: list[S] = []
    node: S | None = meet
    while node is not None:
        front.append(node)
        node = parent_f[node]
    front.reverse()
    node = parent_b[meet]
    while node is not None:
        front.append(node)
        node = parent_b[node]
    return tuple(front)


def breadth_first_search(begin: S, end: S, successors: Neighbours[S]) -> PathResult[S]:
    """Plain (one-directional) breadth-first search, unit costs: the baseline of formula 24.

    A state is tested when it is generated; ``expanded`` counts the states taken off
    the queue whose successors were generated (the quantity formula 24 bounds).
    """
    if begin == end:
        return PathResult(0, (begin,), 0)
    parent: dict[S, S | None] = {begin: None}
    queue: deque[S] = deque([begin])
    expanded = 0
    while queue:
        n = queue.popleft()
        expanded += 1
        for c, _ in successors(n):
            if c in parent:
                continue
            parent[c] = n
            if c == end:
                path = [c]
                node: S | None = n
                while node is not None:
                    path.append(node)
                    node = parent[node]
                return PathResult(len(path) - 1, tuple(reversed(path)), expanded)
            queue.append(c)
    return PathResult(None, (), expanded)


def bfs_distance(begin: S, end: S, successors: Neighbours[S]) -> int | None:
    """Plain breadth-first distance (unit costs): the oracle Algorithm 2 is tested against."""
    return breadth_first_search(begin, end, successors).distance


def formula24_nodes(b: int, d: int) -> int:
    """Formula 24 as printed: b^0 + b^1 + ... + b^(d/2), the states bidirectional search expands.

    Seed 000, §IV.B, formula 24.  For odd d we take d // 2 (the paper assumes d even).
    The paper counts one frontier ("each queue will have b^k nodes after k steps");
    both together expand up to twice this.  :func:`formula24_one_direction` is the
    one-directional count it is compared with.
    """
    if b < 1 or d < 0:
        raise ParameterError(f"formula 24 needs b >= 1 and d >= 0, got b={b}, d={d}")
    return sum(b**k for k in range(d // 2 + 1))


def formula24_one_direction(b: int, d: int) -> int:
    """b^0 + ... + b^(d-1): the states plain breadth-first search expands (worst case) before
    it generates a target at distance d >= 1 (the "single-directional" side of formula 24)."""
    if b < 1 or d < 1:
        raise ParameterError(f"need b >= 1 and d >= 1, got b={b}, d={d}")
    return sum(b**k for k in range(d))


# --- the Dots and Boxes state graph -----------------------------------------------------

FullState = tuple[Edges, int, int, int]
"""(edges, boxes of player 0, boxes of player 1, player to move): a node of the game graph."""


def full_state(game: DotsAndBoxes) -> FullState:
    """The node of the game graph that ``game``'s position is."""
    s0, s1 = game.scores
    return game.edges, s0, s1, int(game.to_move)


def dab_successors(rows: int, cols: int) -> Callable[[FullState], list[tuple[FullState, int]]]:
    """Moves of the game graph: draw one undrawn edge (cost 1)."""
    geo = geometry(rows, cols)

    def successors(state: FullState) -> list[tuple[FullState, int]]:
        edges, s0, s1, p = state
        out: list[tuple[FullState, int]] = []
        for e in bit_indices(geo.full & ~edges):
            child = edges | 1 << e
            k = sum(1 for m in geo.edge_masks_by_edge[e] if child & m == m)
            if k == 0:
                out.append(((child, s0, s1, 1 - p), 1))
            elif p == 0:
                out.append(((child, s0 + k, s1, p), 1))
            else:
                out.append(((child, s0, s1 + k, p), 1))
        return out

    return successors


def dab_predecessors(rows: int, cols: int) -> Callable[[FullState], list[tuple[FullState, int]]]:
    """Moves of the game graph backwards: erase one drawn edge (cost 1)."""
    geo = geometry(rows, cols)

    def predecessors(state: FullState) -> list[tuple[FullState, int]]:
        edges, s0, s1, p = state
        out: list[tuple[FullState, int]] = []
        for e in bit_indices(edges):
            k = sum(1 for m in geo.edge_masks_by_edge[e] if edges & m == m)
            parent = edges ^ 1 << e
            if k == 0:
                out.append(((parent, s0, s1, 1 - p), 1))
            elif p == 0 and s0 >= k:
                out.append(((parent, s0 - k, s1, p), 1))
            elif p == 1 and s1 >= k:
                out.append(((parent, s0, s1 - k, p), 1))
        return out

    return predecessors
