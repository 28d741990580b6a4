"""The causality function T[u, v] and the complete causality graph G_T.

Seed 003, §7, Definition 7.1 (T[u, v]) and §7.1, Definition 7.2 (G_T); §10.2
(Complete-Graph).

T[u, v] is a lower bound on the plies before piece u can affect piece v: the
first ply at which both could stand on one square, less one (effects need
adjacency).  Pieces of the same side need twice as long, because they take
turns with the opponent.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.dou_shou_qi.cones import (
    Cone,
    Time,
    a_cone,
    b_cone,
    cone_max,
    min_height,
    project_effect_cone,
)
from reference.dou_shou_qi.geometry import Side
from reference.dou_shou_qi.notation import Piece
from reference.errors import ParameterError


def free_body_cone(piece: Piece) -> Cone:
    """The free-body effect cone of a piece (Project-Effectcone)."""
    return project_effect_cone(piece.kind, piece.square, piece.side)


def causality(u: Piece, v: Piece) -> Time:
    """T[u, v]: the minimum time-to-effect between two pieces.

    Seed 003, §7, Definition 7.1 (all four cases)::

        MinHeight(Max(A(U), B(V))) - 1        u in A, v in B
        MinHeight(Max(B(U), A(V))) - 1        u in B, v in A
        2 MinHeight(Max(A(U), A(V))) - 1      u, v in A
        2 MinHeight(Max(B(U), B(V))) - 1      u, v in B

    ``math.inf`` when the two cones never meet.
    """
    if u.square == v.square:
        raise ParameterError(f"two pieces cannot share square {u.square}")
    cu, cv = free_body_cone(u), free_body_cone(v)
    if u.side == Side.A and v.side == Side.B:
        return min_height(cone_max(a_cone(cu), b_cone(cv))) - 1
    if u.side == Side.B and v.side == Side.A:
        return min_height(cone_max(b_cone(cu), a_cone(cv))) - 1
    if u.side == Side.A:
        return 2 * min_height(cone_max(a_cone(cu), a_cone(cv))) - 1
    return 2 * min_height(cone_max(b_cone(cu), b_cone(cv))) - 1


def complete_causality_graph(pieces: Sequence[Piece]) -> list[list[Time]]:
    """Complete-Graph: the weight matrix of G_T, one vertex per piece, w(u, v) = T[u, v].

    Seed 003, §7.1, Definition 7.2 and §10.2.  The diagonal is 0.
    """
    n = len(pieces)
    weights: list[list[Time]] = [[0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            weights[i][j] = weights[j][i] = causality(pieces[i], pieces[j])
    return weights
