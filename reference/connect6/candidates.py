"""Move generation for alpha-beta: candidate points (备用的可行点) and point pairs ordered best first.

Seed 004, §2.1.2: the candidate points are the empty points within two rings of the
stones already played ("选择棋盘中已落点的周围两层点"); a move is a pair of them (点对),
and the pairs are scored so that alpha-beta meets the better moves first.  §2.2.2,
steps (1)-(3): (1) combine the candidate points into pairs, (2) score each pair on the
board, (3) sort: "对于我方下棋顺序，应该从大到小排序。对于对方的下棋顺序，应该从小到大排序"
(descending for us, ascending for the opponent; our translation).  §3.2: the report's
program scored points alone first and paired only the best ("单点评估加点对评估结合",
single-point plus pair evaluation), which "可能会遗漏最优解" (may miss the best move).

This is what :meth:`reference.connect6.rules.Connect6.search_moves` returns: the moves
a heuristic search tries, not the rules (:meth:`~reference.connect6.rules.Connect6.legal_moves`).
The functions work on the raw position (the road table and the stones), so
the rules class can call them.
"""

from __future__ import annotations

from reference.bits import Bitboard, bit_indices
from reference.connect6.evaluation import static_value
from reference.connect6.geometry import Geometry, Point, Side
from reference.connect6.notation import Move
from reference.connect6.roads import RoadTable

CANDIDATE_RINGS = 2
"""Seed 004, §2.1.2: candidate points lie within two rings of the stones already played."""

POINT_WIDTH = 10
"""GAP (the report gives no width): how many best single points are combined into pairs.

Our choice.  Seed 004, §3.2: points are first scored alone, then pairs of the best
points are scored together.
"""

PAIR_WIDTH = 24
"""GAP (the report gives no width): how many candidate pairs a search tries (our choice)."""


def candidate_points(geo: Geometry, occupied: Bitboard) -> list[Point]:
    """Empty points within two rings of the stones (seed 004, §2.1.2); the centre if empty.

    Each ring is one 8-neighbour dilation of the occupied points.
    """
    if occupied == 0:
        return [geo.centre]
    zone = occupied
    for _ in range(CANDIDATE_RINGS):
        zone = geo.neighbours(zone)
    points = bit_indices(zone & ~occupied)
    if not points:  # every point near the stones is taken: fall back to all empties
        points = bit_indices(geo.board_mask & ~occupied)
    return points


def best_points(table: RoadTable, points: list[Point], mover: int, width: int) -> list[Point]:
    """The ``width`` best of ``points`` for ``mover``, each scored alone (best first).

    Seed 004, §3.2, single-point evaluation: the mover's road score minus the
    opponent's after one stone on the point (placed on the road table and taken back).
    """
    scored: list[tuple[int, Point]] = []
    for p in points:
        table.place(p, mover)
        scored.append((table.score[mover] - table.score[1 - mover], p))
        table.remove(p, mover)
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [p for _, p in scored[:width]]


def ordered_pairs(
    table: RoadTable,
    black: Bitboard,
    white: Bitboard,
    mover: int,
    point_width: int,
    pair_width: int,
) -> list[Move]:
    """Candidate pair moves for ``mover``, best first, cut to ``pair_width``.

    Seed 004, §2.2.2, steps (1)-(3).  Scores are taken from black's point of view and
    sorted descending when black moves, ascending when white moves: best first for
    the mover.  The ``point_width`` best single points are the points chosen (§3.2's
    single-point evaluation) and every pair of them is scored, as §2.1.2 asks ("不遗漏我们
    选择的可行点的任何组合", no combination of the chosen points left out).  OURS: only the
    ``pair_width`` best pairs are kept; the combinations left out are those the pair
    width cuts.
    """
    best = best_points(table, candidate_points(table.geo, black | white), mover, point_width)
    # steps (1)-(2): every pair of the best points, each scored on the board (black's view)
    sign = 1 if mover == Side.BLACK else -1
    stones = [black, white]  # the position after the pair: the mover's stones with it
    own = stones[mover]
    pairs: list[tuple[int, Move]] = []
    for i, p in enumerate(best):
        table.place(p, mover)
        for q in best[i + 1 :]:
            table.place(q, mover)
            stones[mover] = own | (1 << p) | (1 << q)
            value = -static_value(table, stones[0], stones[1], 1 - mover)  # the mover's value
            table.remove(q, mover)
            pairs.append((sign * value, (p, q) if p < q else (q, p)))
        table.remove(p, mover)
    # step (3): descending for black (us when black), ascending for white
    if mover == Side.BLACK:
        pairs.sort(key=lambda item: (-item[0], item[1]))
    else:
        pairs.sort(key=lambda item: (item[0], item[1]))
    return [move for _, move in pairs[:pair_width]]
