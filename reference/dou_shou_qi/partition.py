"""Finding subproblems: the Voronoi board partition (Partition-Board), Cumulative-Effectcone,
BUILD-SUBPROBLEMS.

Seed 003, §8 (MST of the complete causality graph), §9.3-§9.4 (the Voronoi
partition of the board: Cumulative-Effectcone, Partition-Board), §10.2-§10.4
(Complete-Graph, Compute-MST with MST-PRIM, BUILD-SUBPROBLEMS).

Phase 1 of SEARCH-POSITION: :func:`find_subproblems` builds G_T, computes its
minimum spanning tree, removes every tree edge heavier than ``T_thresh`` and
turns each remaining component into a subproblem; :func:`partition_board` then
gives each subproblem the squares it reaches first (a Voronoi diagram in
causality space), and each den to every subproblem whose region holds a trap
next to it.  Pictures of a partition (the text map of Figure 14(b), SVG) are in
:mod:`reference.dou_shou_qi.figure_drawing`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reference.bits import Bitboard, bit_indices
from reference.dou_shou_qi.causality import causality, complete_causality_graph, free_body_cone
from reference.dou_shou_qi.cones import INF, Cone, Time, fold_min, side_cone
from reference.dou_shou_qi.geometry import DENS, NUM_SQUARES, TRAPS, Square, neighbours
from reference.dou_shou_qi.notation import Piece
from reference.errors import ParameterError
from reference.graphs import (
    Edge,
    IndexedCompleteGraph,
    mst_partition,
    mst_prim,
    prim_tree_edges,
    update_mst_engine,
)
from reference.graphs.union_find import UnionFind

NO_REGION = -1
"""The region of a square no subproblem can reach (water when no mouse is in play)."""

TIE_RULE = "lowest index"
"""Our choice: a square equally close to several subproblems goes to the lowest-numbered one
(§9.3 says only "closer (or as close)")."""


def cumulative_effect_cone(pieces: Sequence[Piece]) -> Cone:
    """Cumulative-Effectcone(S): the first ply any piece of S can stand on each square.

    Seed 003, §9.4.2, Cumulative-Effectcone.
    """
    cones: list[Cone] = []  # line 1: L <- {}
    for p in pieces:  # line 3
        # lines 4-7: A[Project-Effectcone(p)] for A's pieces, B[...] for B's
        cones.append(side_cone(p.side, free_body_cone(p)))
    return fold_min(cones)  # lines 2, 8: Fold(Min(), C = infinity, L)


@dataclass(frozen=True, slots=True)
class BoardPartition:
    """The board split among subproblems (Partition-Board).

    ``region[sq]`` is the subproblem owning square ``sq`` (``NO_REGION`` for
    unreachable squares and for the dens); ``allowed[i]`` is the bitboard of
    squares subproblem ``i`` may move to: its region plus each den next to one
    of its traps.
    """

    region: tuple[int, ...]
    allowed: tuple[Bitboard, ...]

    def squares_of(self, index: int) -> list[Square]:
        """The squares subproblem ``index`` may move to, in increasing order."""
        return bit_indices(self.allowed[index])


def partition_board(subproblems: Sequence[Sequence[Piece]]) -> BoardPartition:
    """Partition-Board: the Voronoi partition of the board in causality space.

    Seed 003, §9.3-§9.4, Partition-Board (described in prose, no listing).  A
    Voronoi diagram whose generators are the subproblems and whose distance is
    the arrival time of Cumulative-Effectcone: each square goes to the
    subproblem that can stand on it first (ties: lowest index, :data:`TIE_RULE`);
    the dens are left open to every subproblem whose region holds a trap adjacent
    to the den (§9.3).
    """
    if not subproblems:
        raise ParameterError("Partition-Board needs at least one subproblem")
    cones = [cumulative_effect_cone(s) for s in subproblems]  # §9.4: one cone per subproblem
    region = [NO_REGION] * NUM_SQUARES
    for sq in range(NUM_SQUARES):  # §9.3: each square to the subproblem closest to it
        if sq in DENS:
            continue
        best: Time = INF
        for i, cone in enumerate(cones):
            if cone[sq] < best:
                best, region[sq] = cone[sq], i
    allowed = [0] * len(subproblems)
    for sq, owner in enumerate(region):
        if owner != NO_REGION:
            allowed[owner] |= 1 << sq
    for den in DENS:  # §9.3: a den is open to every subproblem holding a trap next to it
        for trap in neighbours(den):
            if trap in TRAPS and region[trap] != NO_REGION:
                allowed[region[trap]] |= 1 << den
    return BoardPartition(tuple(region), tuple(allowed))


@dataclass(frozen=True, slots=True)
class Subproblem:
    """One subproblem: its pieces (a component of the pruned MST) and its tree edges.

    Tree edges join indexes into ``pieces``.
    """

    pieces: tuple[Piece, ...]
    tree: tuple[Edge, ...]


def build_subproblems(
    t_thresh: float, pieces: Sequence[Piece], mst: Sequence[Edge]
) -> list[Subproblem]:
    """BUILD-SUBPROBLEMS(T_thresh, P, M): cut the MST edges heavier than T_thresh.

    Seed 003, §10.4, BUILD-SUBPROBLEMS.  Subproblems are ordered by their first
    piece (in the order of ``pieces``).
    """
    n = len(pieces)
    if n == 0:
        raise ParameterError("BUILD-SUBPROBLEMS needs at least one piece")
    if len(mst) != n - 1:
        raise ParameterError(f"a spanning tree of {n} pieces has {n - 1} edges, got {len(mst)}")
    remaining = sorted(mst)
    while remaining and remaining[-1].weight > t_thresh:  # line 2: LargestEdge[M] > T_thresh
        remaining.pop()  # line 3: remove LargestEdge[M]
    components = UnionFind(n)
    for e in remaining:
        components.union(e.u, e.v)
    result: list[Subproblem] = []  # line 1: S <- {}
    for component in components.sets():  # line 4: for each component c of M
        index = {old: new for new, old in enumerate(sorted(component))}
        sub_pieces = tuple(pieces[i] for i in sorted(component))  # line 6: new position p'
        tree = tuple(
            Edge.of(index[e.u], index[e.v], e.weight)
            for e in remaining
            if e.u in component
        )
        result.append(Subproblem(sub_pieces, tree))  # line 7: S <- S + p'
    return result  # line 8


@dataclass(frozen=True, slots=True)
class Decomposition:
    """Phase 1 of SEARCH-POSITION for one position: G_T, its MST, the subproblems, the board split."""

    pieces: tuple[Piece, ...]
    causality: tuple[tuple[Time, ...], ...]
    """The weight matrix of G_T (Definition 7.2), indexed like ``pieces``."""
    mst: tuple[Edge, ...]
    t_max: Time | None
    """The largest MST edge, MST-Partition's T_max (``None`` with fewer than two pieces)."""
    t_thresh: float
    subproblems: tuple[Subproblem, ...]
    partition: BoardPartition


def compute_mst(weights: Sequence[Sequence[Time]]) -> list[Edge]:
    """Compute-MST: MST-PRIM from vertex 0 (§10.3 chooses Prim)."""
    if len(weights) < 2:
        return []
    return prim_tree_edges(weights, mst_prim(weights, 0))


class CausalityMST:
    """G_T and its minimum spanning tree kept from position to position ("compute or update").

    Seed 003, §10.3 ("Compute-MST could determine which vertex has moved, update
    the previously computed minimum spanning tree") with Update-MST (§8.2.3-§8.2.4).
    After a capture (a vertex removed, which §8.2.2 cannot do in O(n)) or any
    other change than one piece moving, the tree is recomputed with MST-PRIM.
    """

    __slots__ = ("_graph", "_tree", "pieces", "recomputations", "updates")

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self.pieces: tuple[Piece, ...] = ()
        self.updates = 0
        self.recomputations = 0
        self._graph = IndexedCompleteGraph([])
        self._tree: list[Edge] = []
        self._recompute(pieces)

    def _recompute(self, pieces: Sequence[Piece]) -> None:
        self.pieces = tuple(pieces)
        weights = complete_causality_graph(self.pieces)
        self._graph = IndexedCompleteGraph(weights)
        self._tree = compute_mst(weights)
        self.recomputations += 1

    @property
    def weights(self) -> list[list[Time]]:
        """The weight matrix of G_T, indexed like :attr:`pieces`."""
        return self._graph.matrix()

    @property
    def tree(self) -> tuple[Edge, ...]:
        """The minimum spanning tree of G_T."""
        return tuple(self._tree)

    def follow(self, pieces: Sequence[Piece]) -> None:
        """Move to the position with ``pieces``: Update-MST if exactly one piece moved, else recompute.

        A lone piece has no tree to update: its move is a recomputation too.
        """
        new = {(p.side, p.kind): p for p in pieces}
        moved = [
            i
            for i, p in enumerate(self.pieces)
            if (p.side, p.kind) not in new or new[(p.side, p.kind)].square != p.square
        ]
        if len(new) == len(self.pieces) and not moved:
            return  # the same position
        if len(new) != len(self.pieces) or len(moved) != 1 or len(self.pieces) < 2:
            self._recompute(pieces)
            return
        v = moved[0]
        old = self.pieces[v]
        mover = new[(old.side, old.kind)]
        self.pieces = tuple(mover if i == v else p for i, p in enumerate(self.pieces))
        row = [0 if u == v else causality(mover, p) for u, p in enumerate(self.pieces)]
        self._tree = list(update_mst_engine(self._graph, self._tree, v, row).tree)
        self.updates += 1


def find_subproblems(
    pieces: Sequence[Piece], t_thresh: float, *, tracker: CausalityMST | None = None
) -> Decomposition:
    """Complete-Graph, Compute-MST, BUILD-SUBPROBLEMS and Partition-Board for a position.

    Seed 003, §10.1, SEARCH-POSITION lines 1-3 (and §9.4 for the board split).
    With a ``tracker``, line 2 updates its tree (Update-MST) instead of
    recomputing, and the pieces take the tracker's order.
    """
    if math.isnan(t_thresh) or t_thresh < 0:
        raise ParameterError(f"the splitting threshold T_thresh must be >= 0, got {t_thresh}")
    pieces = tuple(pieces)
    if not pieces:
        raise ParameterError("a position with no pieces has no subproblems")
    if tracker is not None:
        tracker.follow(pieces)  # lines 1-2: G_T and its MST, updated
        pieces, weights, mst = tracker.pieces, tracker.weights, list(tracker.tree)
    else:
        weights = complete_causality_graph(pieces)  # line 1: G_T <- Complete-Graph(P)
        mst = compute_mst(weights)  # line 2: M <- Compute-MST(G_T)
    t_max: Time | None = None
    if len(pieces) >= 2:
        t_max = mst_partition(len(pieces), mst).t_max  # the largest tree edge
    subproblems = build_subproblems(t_thresh, pieces, mst)  # line 3
    partition = partition_board([s.pieces for s in subproblems])
    return Decomposition(
        pieces,
        tuple(tuple(row) for row in weights),
        tuple(mst),
        t_max,
        t_thresh,
        tuple(subproblems),
        partition,
    )
