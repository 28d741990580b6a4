"""Road-based evaluation (基于路的评价): weights per road length, and the literal full rescan.

Seed 004, §2.1.3: every road is scored by its colour and length; the position's
score combines one's own roads and the opponent's.  The report gives no numbers
(seed README, "No weights ... are given"): every weight below is our choice.

The road table (:mod:`reference.connect6.roads`) keeps ``score[colour]`` up to date
incrementally; :func:`full_rescan_scores` is the from-scratch version it is tested
against and timed against (``examples/connect6_roads.py``).
"""

from __future__ import annotations

from reference.connect6.geometry import Bitboard, Geometry, Player
from reference.search.protocol import MATE_BOUND, Score

ROAD_WEIGHTS: tuple[int, ...] = (0, 1, 8, 40, 400, 500, 100_000)
"""Weight of a one-coloured road by its length 0..6 (our choice).

A road of 4 or 5 is a threat (威胁): its owner completes six with at most two
stones.  Length 6 is a won game; its weight only makes winning pairs sort first.
"""

THREAT_WIN_SCORE: Score = 300_000
"""Evaluation of a position whose side to move owns a threat road, i.e. wins on its move,
or whose opponent has three or more threats (our choice; far inside ``MATE_BOUND``)."""

EVAL_LIMIT: Score = MATE_BOUND - 1
"""Evaluations are clipped to ``[-EVAL_LIMIT, EVAL_LIMIT]`` (the search's contract)."""


def road_length_score(length: int) -> int:
    """The weight of one road of ``length`` stones of one colour (0 for length 0)."""
    return ROAD_WEIGHTS[length]


def full_rescan_scores(geo: Geometry, black: Bitboard, white: Bitboard) -> tuple[int, int]:
    """``(black score, white score)`` by scanning every road (the literal, slow version).

    Seed 004, §2.2.1: "对于路的维护，如果每次都是扫描一遍，这会是很大的开销" (to keep the
    roads, scanning everything every time would be a large cost; our translation): this
    is that scan, kept to test and time the road table's local update against.
    """
    scores = [0, 0]
    for mask in geo.road_masks:
        b = (black & mask).bit_count()
        w = (white & mask).bit_count()
        if w == 0 and b > 0:
            scores[Player.BLACK] += ROAD_WEIGHTS[b]
        elif b == 0 and w > 0:
            scores[Player.WHITE] += ROAD_WEIGHTS[w]
    return scores[0], scores[1]


def combine(own: int, opponent: int) -> Score:
    """One side's view of the two road scores: own minus the opponent's (equal weight, our choice)."""
    return own - opponent


def clip(score: Score) -> Score:
    """``score`` clipped into the heuristic range ``[-EVAL_LIMIT, EVAL_LIMIT]``."""
    return max(-EVAL_LIMIT, min(EVAL_LIMIT, score))
