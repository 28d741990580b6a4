"""Update-MST: repair a minimum spanning tree after one vertex's edges change.

Seed 003, §8.2.3, Update-MST; §8.2.4, Optimization of MST-Update; Proof 8.8.

When one Dou Shou Qi piece moves, only the n-1 edges at its vertex v of the
complete causality graph change.  Update-MST builds a reduced edge set E' (the
old tree edges, the decreased non-tree edges at v, and candidate replacement
edges for the subtrees whose tree edge to v increased) and recomputes the
minimum spanning tree from E' alone, as Eppstein's off-line method does.

The graph keeps, for every vertex, its edges hashed by weight (§8.2.2: "we can
hash the edges of each vertex by weight"), so the candidates of a given weight
are found without scanning every edge.

ERRATUM (line 8 / line 9): the comment printed under line 9 says "Add
increasing non-tree edges" while line 8 tests "decreasing"; the code (decreasing)
is right, the comment is wrong.

ERRATUM (§8.2.4): the printed optimisation reconnects only subtrees of *equal*
Weight values.  That is not enough: a subtree whose edge to v rose from w to w+1
may be reattached more cheaply by an edge of weight w to a subtree hanging from v
by a lighter edge (see ``test_graphs_update_mst.py``).
:func:`update_mst_engine` therefore keeps, among all candidate edges (weight
``Weight[s]`` leaving an increased subtree ``s``), a spanning forest of the
subtrees found with union-find, as §8.2.4 describes, but without the
equal-Weight restriction (``printed_restriction=True`` restores it, for the
test that shows the defect).  It also accepts weight changes larger than 1
(constraint 3 of §8.2.1 does not hold for Definition 7.1, whose values change by
2 when a piece moves): candidates are then the edges of weight in
``[Weight[s], new weight of s's tree edge)``, which for changes of +-1 is exactly
``Weight[s]`` (Proof 8.8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reference.errors import ParameterError
from reference.graphs.kruskal import Edge, Weight, WeightMatrix, mst_kruskal
from reference.graphs.union_find import UnionFind


class IndexedCompleteGraph:
    """A complete graph whose vertices keep their edges hashed by weight.

    Seed 003, §8.2.2 (adjacency lists hashed by weight).
    """

    __slots__ = ("_by_weight", "_w")

    def __init__(self, weights: WeightMatrix) -> None:
        n = len(weights)
        self._w: list[list[Weight]] = [list(row) for row in weights]
        self._by_weight: list[dict[Weight, set[int]]] = [{} for _ in range(n)]
        for u in range(n):
            if len(self._w[u]) != n:
                raise ParameterError(f"the weight matrix must be square ({n} x {n})")
            for v in range(n):
                if v != u:
                    if self._w[u][v] != self._w[v][u]:
                        raise ParameterError(f"the weight matrix is not symmetric at ({u}, {v})")
                    self._by_weight[u].setdefault(self._w[u][v], set()).add(v)

    @property
    def n(self) -> int:
        """The number of vertices."""
        return len(self._w)

    def weight(self, u: int, v: int) -> Weight:
        """w(u, v)."""
        return self._w[u][v]

    def matrix(self) -> list[list[Weight]]:
        """A copy of the weight matrix."""
        return [list(row) for row in self._w]

    def neighbours_of_weight(self, u: int, w: Weight) -> frozenset[int]:
        """The vertices joined to ``u`` by an edge of weight exactly ``w``."""
        return frozenset(self._by_weight[u].get(w, ()))

    def neighbours_in_range(self, u: int, low: Weight, high: Weight) -> list[int]:
        """The vertices joined to ``u`` by an edge of weight in ``[low, high)``."""
        found: list[int] = []
        for w, vs in self._by_weight[u].items():
            if low <= w < high:
                found.extend(vs)
        return found

    def update_edge(self, u: int, v: int, w: Weight) -> None:
        """UPDATE-EDGE: set w(u, v) = w and re-hash the edge."""
        if u == v:
            raise ParameterError(f"no edge joins vertex {u} to itself")
        old = self._w[u][v]
        for a, b in ((u, v), (v, u)):
            bucket = self._by_weight[a][old]
            bucket.discard(b)
            if not bucket:
                del self._by_weight[a][old]
            self._by_weight[a].setdefault(w, set()).add(b)
        self._w[u][v] = self._w[v][u] = w

    def edges(self) -> list[Edge]:
        """All edges."""
        return [Edge(self._w[u][v], u, v) for u in range(self.n) for v in range(u + 1, self.n)]


@dataclass(frozen=True, slots=True)
class UpdateMSTResult:
    """A repaired minimum spanning tree and how much work the repair took."""

    tree: tuple[Edge, ...]
    reduced_edges: int
    """|E'|, the edges handed to Compute-MST (O(n))."""
    edges_considered: int
    """Edges looked at: the n-1 edges at v plus every edge found in a weight bucket."""
    subtrees_reconnected: int
    """|A|, the subtrees whose tree edge to v increased."""


@dataclass(frozen=True, slots=True)
class _Rooted:
    subtree_of: list[int]  # vertex -> index of its subtree (-1 for v)
    roots: list[int]  # subtree index -> its root (a child of v)
    members: list[list[int]]  # subtree index -> its vertices


def _root_tree(n: int, tree: Sequence[Edge], v: int) -> _Rooted:
    """Root T at v (line 3) and label every vertex with the subtree it hangs in."""
    if len(tree) != n - 1:
        raise ParameterError(f"a spanning tree of {n} vertices has {n - 1} edges, got {len(tree)}")
    adj: list[list[int]] = [[] for _ in range(n)]
    for e in tree:
        adj[e.u].append(e.v)
        adj[e.v].append(e.u)
    subtree_of = [-2] * n
    subtree_of[v] = -1
    roots: list[int] = []
    members: list[list[int]] = []
    for child in sorted(adj[v]):
        index = len(roots)
        roots.append(child)
        members.append([])
        stack = [child]
        subtree_of[child] = index
        while stack:
            x = stack.pop()
            members[index].append(x)
            for y in adj[x]:
                if subtree_of[y] == -2:
                    subtree_of[y] = index
                    stack.append(y)
    if -2 in subtree_of:
        raise ParameterError("the given edges do not form a spanning tree")
    return _Rooted(subtree_of, roots, members)


def _check_move(graph: IndexedCompleteGraph, v: int, new_weights: Sequence[Weight]) -> None:
    if not 0 <= v < graph.n:
        raise ParameterError(f"the moved vertex must be 0..{graph.n - 1}, got {v}")
    if len(new_weights) != graph.n:
        raise ParameterError(f"new_weights needs one weight per vertex ({graph.n})")


def update_mst(
    graph: IndexedCompleteGraph, tree: Sequence[Edge], v: int, new_weights: Sequence[Weight]
) -> UpdateMSTResult:
    """UPDATE-MST (§8.2.3, literal): the new MST after the edges at ``v`` take ``new_weights``.

    Seed 003, §8.2.3, Update-MST.  ``tree`` must be a minimum spanning tree of
    ``graph``; ``new_weights[u]`` is the new w(v, u) (``new_weights[v]`` is
    ignored).  Every change must be -1, 0 or +1 (§8.2.1, constraint 3).  The
    graph is updated in place (UPDATE-EDGE).
    """
    _check_move(graph, v, new_weights)
    n = graph.n
    for u in range(n):
        if u != v and abs(new_weights[u] - graph.weight(v, u)) > 1:
            raise ParameterError(
                f"Update-MST needs weight changes of -1, 0 or +1 (§8.2.1, constraint 3); "
                f"w({v}, {u}) would change by {new_weights[u] - graph.weight(v, u)}; "
                "use update_mst_engine for larger changes"
            )
    reduced: set[Edge] = set(tree)  # line 1: E' <- Edges[T]
    to_reconnect: list[int] = []  # line 2: A <- {}
    rooted = _root_tree(n, tree, v)  # line 3: root T at vertex v
    subtree_weight = [graph.weight(v, r) for r in rooted.roots]  # lines 4-5: Weight[s]
    tree_set = set(tree)
    considered = 0
    for u in range(n):  # line 6: each edge e adjacent to v
        if u == v:
            continue
        considered += 1
        old, new = graph.weight(v, u), new_weights[u]
        e = Edge.of(v, u, old)
        if e not in tree_set and new < old:  # line 8: non-tree and decreasing
            reduced.add(Edge.of(v, u, new))  # line 9 (ERRATUM: its comment says "increasing")
        if e in tree_set and new > old:  # line 10: tree edge and increasing
            to_reconnect.append(rooted.subtree_of[u])  # line 11: remember the subtree
        if e in tree_set:
            reduced.discard(e)
            reduced.add(Edge.of(v, u, new))
        graph.update_edge(v, u, new)  # line 12: UPDATE-EDGE(e)
    for s in to_reconnect:  # line 13
        for u in rooted.members[s]:  # line 14
            for x in graph.neighbours_of_weight(u, subtree_weight[s]):  # line 15
                considered += 1
                reduced.add(Edge.of(u, x, subtree_weight[s]))
    new_tree = mst_kruskal(n, reduced)  # line 16: T' <- Compute-MST(V, E')
    return UpdateMSTResult(tuple(new_tree), len(reduced), considered, len(to_reconnect))


def update_mst_engine(
    graph: IndexedCompleteGraph,
    tree: Sequence[Edge],
    v: int,
    new_weights: Sequence[Weight],
    *,
    printed_restriction: bool = False,
) -> UpdateMSTResult:
    """UPDATE-MST with the §8.2.4 optimisation (corrected): add O(1) replacement edges.

    Seed 003, §8.2.4, Optimization of MST-Update.  Candidate edges leave an
    increased subtree ``s`` with a weight in ``[Weight[s], new Weight[s])``
    (``Weight[s]`` exactly for +-1 changes, Proof 8.8); union-find over the
    subtrees (and v) keeps only the candidates that join two groups, at most
    one per subtree.  Edges at v whose weight decreased are added to E' (line
    8) but are not candidates: the tree path behind such an edge may be heavier
    than the edge, so it cannot make another candidate redundant.  ``printed_restriction=True`` keeps only candidates
    between subtrees of equal Weight, as printed (ERRATUM: this can miss the
    cheapest tree; see the module docstring).  Any integer or real weight
    changes are allowed.  The graph is updated in place.
    """
    _check_move(graph, v, new_weights)
    n = graph.n
    rooted = _root_tree(n, tree, v)  # line 3
    old_weight = [graph.weight(v, r) for r in rooted.roots]  # lines 4-5 (old Weight[s])
    new_weight = [new_weights[r] for r in rooted.roots]
    reduced = {  # line 1, with the tree edges at v at their new weight
        Edge.of(v, e.other(v), new_weights[e.other(v)]) if v in (e.u, e.v) else e for e in tree
    }
    to_reconnect, decreased = _update_edges_at(graph, set(tree), v, new_weights, rooted, reduced)
    candidates, looked_at = _replacement_candidates(
        graph, v, rooted, to_reconnect, old_weight, new_weight, decreased, printed_restriction
    )
    groups = UnionFind(len(rooted.roots) + 1)  # §8.2.4: union subtrees joined by candidates
    for e in sorted(candidates):  # keep one edge per subtree at most
        if groups.union(rooted.subtree_of[e.u] + 1, rooted.subtree_of[e.v] + 1):
            reduced.add(e)
    new_tree = mst_kruskal(n, reduced)  # line 16
    considered = n - 1 + looked_at  # the n - 1 edges at v, then the weight buckets' edges
    return UpdateMSTResult(tuple(new_tree), len(reduced), considered, len(to_reconnect))


def _update_edges_at(
    graph: IndexedCompleteGraph,
    tree_set: set[Edge],
    v: int,
    new_weights: Sequence[Weight],
    rooted: _Rooted,
    reduced: set[Edge],
) -> tuple[list[int], list[bool]]:
    """Lines 6-12 of the optimised Update-MST: add the decreasing non-tree edges at ``v`` to
    ``reduced``, update every edge at ``v``; return the subtrees whose tree edge to ``v``
    increased and, per vertex, whether its edge to ``v`` decreased."""
    to_reconnect: list[int] = []
    decreased = [False] * graph.n
    for u in range(graph.n):  # line 6
        if u == v:
            continue
        old, new = graph.weight(v, u), new_weights[u]
        in_tree = Edge.of(v, u, old) in tree_set
        decreased[u] = new < old
        if not in_tree and new < old:  # line 8
            reduced.add(Edge.of(v, u, new))
        if in_tree and new > old:  # line 10
            to_reconnect.append(rooted.subtree_of[u])
        graph.update_edge(v, u, new)  # line 12
    return to_reconnect, decreased


def _replacement_candidates(
    graph: IndexedCompleteGraph,
    v: int,
    rooted: _Rooted,
    to_reconnect: Sequence[int],
    old_weight: Sequence[Weight],
    new_weight: Sequence[Weight],
    decreased: Sequence[bool],
    printed_restriction: bool,
) -> tuple[list[Edge], int]:
    """Lines 13-15, restricted to edges that leave the subtree: (candidate edges, edges looked at).

    A candidate leaves an increased subtree ``s`` with a weight in
    ``[old Weight[s], new Weight[s])``; with ``printed_restriction`` it must also reach
    a subtree of the same old Weight (or v), as printed.
    """
    label = rooted.subtree_of  # v has label -1, subtree s has label s
    candidates: list[Edge] = []
    looked_at = 0
    for s in to_reconnect:  # line 13
        for u in rooted.members[s]:  # line 14
            for x in graph.neighbours_in_range(u, old_weight[s], new_weight[s]):  # line 15
                looked_at += 1
                if label[x] == s or (x == v and decreased[u]):
                    # a decreased edge at v is in E' already, and cannot stand in for
                    # a replacement: the tree path behind it may be heavier than it
                    continue
                if printed_restriction and label[x] != -1 and old_weight[label[x]] != old_weight[s]:
                    continue
                candidates.append(Edge.of(u, x, graph.weight(u, x)))
    return candidates, looked_at
