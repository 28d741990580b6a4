"""The threat heuristic of seed 001: open, semi-open and closed threats.

Seed 001, §Design Choices, "Evaluation Function".

A *threat* is a maximal run of one player's consecutive stones in a line.  For
each stone, the lines are scanned in the paper's 4 directions (up-right, right,
down-right, down); a run is scored once, from its first stone (the cell before
it in the scan direction is not the player's).  Its two ends are *open* (an
empty cell) or *blocked* (the edge or an opponent stone):

1. **open** threat: both ends open;
2. **semi-open** threat: exactly one end open, **or** two runs separated by one
   empty cell (``XX.X``), counted as one threat with all their stones (each run
   is also scored on its own);
3. **closed** threat: both ends blocked.

Threats of K-1 stones (open or semi-open) "directly lead to a win" and get the
big weights; shorter ones, and closed ones, score per stone ("scored based on
the number of occupied cells").  The value of a position is the side's threat
score minus the opponent's, the opponent's weighted more ("to prioritize
blocking the opponent").

:func:`threat_score` is the literal scan; :func:`threat_score_by_shifts` finds
the same threats with whole-board shifts and is what :func:`threat_evaluation`
uses (a test checks that they agree).

GAP: the paper gives no numbers for the weights (seeds README, "Seed 001");
every weight below is our choice.  OURS: runs on both sides of a gap are also scored
on their own (a simplification; the gap pair is scored as well).

**The score does not depend on the scan direction.**  Seed 001 folds symmetric
positions into one table entry because "symmetric nodes result in the same
evaluation"; the scan sees each line in one direction only, so every rule must
read a line the same way forwards and backwards.  Each run is scored on its own
(its two ends), and each pair of runs one empty cell apart once more as a
semi-open threat.  (An earlier version scored only the run *after* the
gap on its own, so on a 4 x 1 board with K = 3 ``x.xx`` scored 2009 and its
mirror ``xx.x`` 1014, and 1,139 of 1,963 random positions evaluated differently
from one of their images: with symmetry folding on, depth-limited values
changed.)  ``tests/search/test_search_symmetry.py`` checks every symmetry.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from reference.search import MATE_BOUND, Score

OPEN_THREAT_WEIGHT: Final = 10_000
"""Open threat of K-1 stones (one move from an unstoppable win).  Our choice."""
SEMI_OPEN_THREAT_WEIGHT: Final = 1_000
"""Semi-open threat of K-1 stones (one move from a win, blockable).  Our choice."""
OPEN_STONE_WEIGHT: Final = 10
"""Per stone of a shorter open threat.  Our choice."""
SEMI_OPEN_STONE_WEIGHT: Final = 5
"""Per stone of a shorter semi-open threat.  Our choice."""
CLOSED_STONE_WEIGHT: Final = 1
"""Per stone of a closed threat (both ends blocked).  Our choice."""
OWN_WEIGHT: Final = 2
"""Multiplier of the side's own threats.  Our choice."""
OPPONENT_WEIGHT: Final = 3
"""Multiplier of the opponent's threats: larger than OWN_WEIGHT, as the paper asks.  Our choice."""
EVALUATION_LIMIT: Final = MATE_BOUND - 1
"""Evaluations are clamped to ``[-EVALUATION_LIMIT, EVALUATION_LIMIT]`` (inside the mate band)."""

SCAN_DIRECTIONS: Final = ((1, 1), (1, 0), (1, -1), (0, -1))
"""(column step, row step): up-right, right, down-right, down (seed 001's scan order)."""

OPEN: Final = 2
SEMI_OPEN: Final = 1
CLOSED: Final = 0


def threat_value(kind: int, stones: int, k: int) -> int:
    """The score of one threat of ``kind`` (OPEN / SEMI_OPEN / CLOSED) with ``stones`` stones."""
    if stones >= k - 1:
        if kind == OPEN:
            return OPEN_THREAT_WEIGHT
        if kind == SEMI_OPEN:
            return SEMI_OPEN_THREAT_WEIGHT
    if kind == OPEN:
        return OPEN_STONE_WEIGHT * stones
    if kind == SEMI_OPEN:
        return SEMI_OPEN_STONE_WEIGHT * stones
    return CLOSED_STONE_WEIGHT * stones


def find_threats(own: int, other: int, m: int, n: int) -> list[tuple[int, int]]:
    """Every threat of the player with stones ``own``, as (kind, stones) pairs.

    Seed 001: "For each cell on the board, adjacent cells on lines (up-right,
    right, down-right, and down) are checked".
    """
    threats: list[tuple[int, int]] = []

    def stone(column: int, row: int, bits: int) -> bool:
        return 0 <= column < m and 0 <= row < n and bool(bits >> (row * m + column) & 1)

    def empty(column: int, row: int) -> bool:
        if not (0 <= column < m and 0 <= row < n):
            return False
        return not (own | other) >> (row * m + column) & 1

    for cell in range(m * n):
        if not own >> cell & 1:
            continue
        row, column = divmod(cell, m)
        for dc, dr in SCAN_DIRECTIONS:
            if stone(column - dc, row - dr, own):
                continue  # not the first stone of its run
            length = 1
            while stone(column + length * dc, row + length * dr, own):
                length += 1
            before_open = empty(column - dc, row - dr)
            after_column, after_row = column + length * dc, row + length * dr
            after_open = empty(after_column, after_row)
            if after_open:
                beyond = 0  # stones after a one-cell gap
                while stone(after_column + (beyond + 1) * dc, after_row + (beyond + 1) * dr, own):
                    beyond += 1
                if beyond:  # the pair across the gap; the run itself is scored below too
                    threats.append((SEMI_OPEN, length + beyond))
            kind = (
                OPEN
                if before_open and after_open
                else (SEMI_OPEN if before_open or after_open else CLOSED)
            )
            threats.append((kind, length))
    return threats


def threat_score(own: int, other: int, m: int, n: int, k: int) -> int:
    """The sum of the values of all the threats of the player with stones ``own``."""
    return sum(threat_value(kind, stones, k) for kind, stones in find_threats(own, other, m, n))


@lru_cache(maxsize=64)
def _scan_masks(m: int, n: int) -> tuple[tuple[int, int, int], ...]:
    """Per scan direction: (step, cells whose next cell is on the board, cells whose previous is)."""
    result = []
    for dc, dr in SCAN_DIRECTIONS:
        has_next = has_previous = 0
        for cell in range(m * n):
            row, column = divmod(cell, m)
            if 0 <= column + dc < m and 0 <= row + dr < n:
                has_next |= 1 << cell
            if 0 <= column - dc < m and 0 <= row - dr < n:
                has_previous |= 1 << cell
        result.append((dr * m + dc, has_next, has_previous))
    return tuple(result)


def threat_score_by_shifts(own: int, other: int, m: int, n: int, k: int) -> int:
    """Same value as :func:`threat_score`, found with whole-board shifts (about 5x faster).

    Per direction d: ``forward(b)`` = {p + d : p in b}, ``back(b)`` = {p - d : p in b}
    (masked so nothing leaves the board or wraps).  Runs start at own stones whose
    previous cell is not own; their fronts advance one cell per round, and a front
    stops when its next cell is not own.  Runs are bucketed by (before end open?,
    after end open?, gap?) and counted with popcounts, so every round costs a few
    big-integer operations whatever the number of runs.
    """
    empty = ((1 << (m * n)) - 1) & ~(own | other)
    total = 0
    for step, has_next, has_previous in _scan_masks(m, n):
        if step > 0:

            def forward(bits: int, step: int = step, mask: int = has_next) -> int:
                return (bits & mask) << step

            def back(bits: int, step: int = step, mask: int = has_previous) -> int:
                return (bits & mask) >> step
        else:

            def forward(bits: int, step: int = -step, mask: int = has_next) -> int:
                return (bits & mask) >> step

            def back(bits: int, step: int = -step, mask: int = has_previous) -> int:
                return (bits & mask) << step

        next_own = back(own)  # q whose next cell q + d is own
        next_empty = back(empty)  # q whose next cell is empty
        next_next_own = back(next_own)  # q whose cell q + 2d is own
        starts = own & ~forward(own)
        before_empty = forward(empty)  # p whose previous cell p - d is empty
        fronts = (starts & before_empty, starts & ~before_empty)  # (open before, blocked before)
        length = 1
        while fronts[0] | fronts[1]:
            advanced = []
            for group, front in enumerate(fronts):
                ended = front & ~next_own
                gapped = ended & next_empty & next_next_own
                after_open = (ended & next_empty).bit_count()  # gapped runs too
                after_blocked = (ended & ~next_empty).bit_count()
                if group == 0:
                    total += after_open * threat_value(OPEN, length, k)
                    total += after_blocked * threat_value(SEMI_OPEN, length, k)
                else:
                    total += after_open * threat_value(SEMI_OPEN, length, k)
                    total += after_blocked * threat_value(CLOSED, length, k)
                beyond_front = forward(forward(gapped))  # first stone after the gap
                beyond = 1
                while beyond_front:
                    stop = beyond_front & ~next_own
                    total += stop.bit_count() * threat_value(SEMI_OPEN, length + beyond, k)
                    beyond_front = forward(beyond_front & next_own)
                    beyond += 1
                advanced.append(forward(front & next_own))
            fronts = (advanced[0], advanced[1])
            length += 1
    return total


def threat_evaluation(own: int, other: int, m: int, n: int, k: int) -> Score:
    """Seed 001's evaluation for the player with stones ``own`` (the side to move).

    OURS: the report evaluates for the player it plays for; negamax needs the side to move.

    ``OWN_WEIGHT * threats(own) - OPPONENT_WEIGHT * threats(other)``, clamped
    strictly inside ``(-MATE_BOUND, MATE_BOUND)``.  Uses the shift version of the
    scan; :func:`threat_score` is the literal one (tests check they agree).
    """
    value = OWN_WEIGHT * threat_score_by_shifts(
        own, other, m, n, k
    ) - OPPONENT_WEIGHT * threat_score_by_shifts(other, own, m, n, k)
    return max(-EVALUATION_LIMIT, min(EVALUATION_LIMIT, value))
