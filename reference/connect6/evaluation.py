"""Road-based evaluation (基于路的评价): the literal full rescan, and the value read from the road table.

Seed 004, §2.1.3: every road (路: six consecutive points in a line) is scored by
its colour and length; the position's score combines one's own roads against the
opponent's.  The report gives no numbers (seed README, "No weights ... are given"):
the road weights (:data:`reference.connect6.roads.ROAD_WEIGHTS`) and every constant
below are ours.

Two versions side by side, as the report describes them:

* :func:`full_rescan_scores` scans every road: the literal evaluation, and the
  cost §2.2.1 avoids ("对于路的维护，如果每次都是扫描一遍，这会是很大的开销");
* the road table (路表, :mod:`reference.connect6.roads`) keeps the same two scores
  up to date stone by stone; :func:`static_value` reads them in O(1).  The tests
  check that both give the same scores (``examples/connect6_road_table.py`` times them).

:func:`threat_count` is the report's double-threat test (双威胁, §2.2.3 (2)): how
many stones the opponent needs to block every threat road.
"""

from __future__ import annotations

from reference.bits import Bitboard, bit_indices
from reference.connect6.geometry import Geometry, Side
from reference.connect6.roads import ROAD_WEIGHTS, RoadTable
from reference.search.protocol import MATE_BOUND, Score

THREAT_WIN_SCORE: Score = 300_000
"""OURS: the value of a decided threat, which the report's evaluation does not have.

A position whose side to move owns a threat road (it completes six on its move), or
whose opponent has three or more threats, is worth this much (far inside ``MATE_BOUND``).
"""

EVAL_LIMIT: Score = MATE_BOUND - 1
"""Evaluations are clipped to ``[-EVAL_LIMIT, EVAL_LIMIT]`` (the search's contract)."""

UNSTOPPABLE = 3
"""A threat count of 3 means "three or more": two stones cannot block them all."""


def full_rescan_scores(geo: Geometry, black: Bitboard, white: Bitboard) -> tuple[int, int]:
    """``(black score, white score)`` by scanning every road (the literal, slow version).

    Seed 004, §2.1.3: each road of one colour scores the weight of its length.
    §2.2.1: "对于路的维护，如果每次都是扫描一遍，这会是很大的开销" (to keep the roads,
    scanning everything every time would be a large cost; our translation): this is
    that scan, kept to test and time the road table's local update against.
    """
    scores = [0, 0]
    for mask in geo.road_masks:
        b = (black & mask).bit_count()
        w = (white & mask).bit_count()
        if w == 0 and b > 0:
            scores[Side.BLACK] += ROAD_WEIGHTS[b]
        elif b == 0 and w > 0:
            scores[Side.WHITE] += ROAD_WEIGHTS[w]
    return scores[0], scores[1]


def combine(own: int, opponent: int) -> Score:
    """One side's view of the two road scores: own minus the opponent's.

    OURS: equal weight for both sides (§2.1.3 only says the two are compared).
    """
    return own - opponent


def clip(score: Score) -> Score:
    """``score`` clipped into the heuristic range ``[-EVAL_LIMIT, EVAL_LIMIT]``."""
    return max(-EVAL_LIMIT, min(EVAL_LIMIT, score))


def threat_count(table: RoadTable, black: Bitboard, white: Bitboard, colour: int) -> int:
    """How many stones the opponent needs to block every threat of ``colour`` (capped at 3).

    Seed 004, §2.1.4: a threat is a road with 4 or 5 stones of ``colour`` and none of
    the opponent; §2.2.3 (2): the table tells whether a move is a double threat (双威胁).
    The count is the size of a smallest set of empty points (neither ``black`` nor
    ``white``) meeting every threat road: 0 no threat; 1 or 2 the opponent blocks with its two stones; 3
    means three or more, which it cannot.
    """
    roads = table.threat_roads(colour)
    if not roads:
        return 0
    free = table.geo.board_mask & ~(black | white)
    road_masks = table.geo.road_masks
    masks = [road_masks[r] & free for r in roads]
    common = free
    union = 0
    for m in masks:
        common &= m
        union |= m
    if common:
        return 1  # one point lies on every threat road
    for p in bit_indices(union):  # two points: p, and one point on every road p misses
        bit = 1 << p
        rest = free & ~bit
        for m in masks:
            if not m & bit:
                rest &= m
                if not rest:
                    break
        if rest:
            return 2
    return UNSTOPPABLE


def static_value(table: RoadTable, black: Bitboard, white: Bitboard, side: int) -> Score:
    """The road evaluation of the position (road table, stones) for ``side``, as if it were to move.

    Seed 004, §2.1.3: own road score minus the opponent's, both read from the road
    table in O(1) (§2.2.3 (1)).  OURS: plus a decided-threat term, since a road
    evaluation alone does not see that the side to move owning a threat road
    completes six now, or that three or more threats of the opponent cannot be stopped.
    """
    other = 1 - side
    if table.has_six(other):
        return -clip(3 * THREAT_WIN_SCORE)
    if table.has_six(side):
        return clip(3 * THREAT_WIN_SCORE)
    value = combine(table.score[side], table.score[other])
    live = table.live[side]
    if live[4] or live[5]:
        value += 2 * THREAT_WIN_SCORE
    elif threat_count(table, black, white, other) >= UNSTOPPABLE:
        value -= THREAT_WIN_SCORE
    return clip(value)
