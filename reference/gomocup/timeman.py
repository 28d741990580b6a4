"""The time manager of the Gomocup brain: how long to think about one move.

The manager announces its limits with ``INFO`` (Gomocup AI protocol): ``timeout_turn``
(milliseconds per move, 0 = play as fast as possible), ``timeout_match`` (milliseconds
for the whole match, 0 = no limit) and, before every move, ``time_left`` (milliseconds
left in the match, 2147483647 when unlimited).  A brain that exceeds either limit loses.

The budget of one move is the smallest of

* ``timeout_turn * TURN_FRACTION - TURN_MARGIN`` (the turn limit with a safety margin:
  the search stops within :data:`reference.search.context.DEADLINE_CHECK_INTERVAL` nodes
  of its deadline, then the answer still has to be written);
* ``time_left / moves_to_go`` where ``moves_to_go`` is :data:`MOVES_TO_GO`, or fewer
  when the board has fewer empty cells left for this player, and never more than
  ``time_left - MATCH_RESERVE``;

and at least :data:`MIN_BUDGET` (the forced moves and a depth-1 search still run).
Every constant is our choice.

>>> control = TimeControl(timeout_turn_ms=10_000, timeout_match_ms=180_000, time_left_ms=100_000)
>>> round(move_budget(control, empty_cells=300), 3)       # 100 s / 25 moves
4.0
>>> round(move_budget(TimeControl(timeout_turn_ms=1000), empty_cells=300), 3)
0.6
>>> move_budget(TimeControl(timeout_turn_ms=0), empty_cells=300) == MIN_BUDGET
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

DEFAULT_TIMEOUT_TURN_MS: Final = 5_000
"""Turn limit assumed when the manager sends none (our choice; Gomocup's fast games use 5 s)."""
UNLIMITED_MS: Final = 2_147_483_647
"""The ``time_left`` a manager sends when the match time is unlimited (the protocol's value)."""
TURN_FRACTION: Final = 0.7
"""Share of ``timeout_turn`` the brain plans to use (our choice)."""
TURN_MARGIN: Final = 0.1
"""Seconds kept back from every turn limit for the overrun of the search and the reply (our choice)."""
MOVES_TO_GO: Final = 25
"""Moves the rest of the match is assumed to last when sharing ``time_left`` (our choice)."""
MATCH_RESERVE: Final = 0.5
"""Seconds of the match time never planned for (our choice)."""
MIN_BUDGET: Final = 0.01
"""The smallest budget of a move in seconds (``timeout_turn 0``: play as fast as possible)."""
VCF_SHARE: Final = 0.3
"""Share of the move's remaining time the VCF search may use (our choice)."""
MIN_VCF_SECONDS: Final = 0.001
"""Below this, no VCF search is started (our choice)."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """The limits the manager sent, in milliseconds (``None``: not sent)."""

    timeout_turn_ms: int = DEFAULT_TIMEOUT_TURN_MS
    timeout_match_ms: int = 0
    """0: no limit for the match."""
    time_left_ms: int | None = None
    """Time left in the match; ``None`` or :data:`UNLIMITED_MS` when unlimited or unknown."""


def move_budget(control: TimeControl, empty_cells: int) -> float:
    """Seconds to spend on the next move under ``control`` (see the module docstring)."""
    if control.timeout_turn_ms <= 0:
        return MIN_BUDGET
    budget = control.timeout_turn_ms / 1000 * TURN_FRACTION - TURN_MARGIN
    left = control.time_left_ms
    if left is not None and left != UNLIMITED_MS:
        seconds_left = left / 1000
        moves_to_go = max(1, min(MOVES_TO_GO, (empty_cells + 1) // 2))
        budget = min(budget, seconds_left / moves_to_go, seconds_left - MATCH_RESERVE)
    return max(MIN_BUDGET, budget)


def vcf_seconds(left: float) -> float | None:
    """Seconds the VCF search may use when ``left`` seconds remain for the move: a
    :data:`VCF_SHARE` of them, or ``None`` (no VCF search) when that is too little."""
    seconds = left * VCF_SHARE
    return seconds if seconds > MIN_VCF_SECONDS else None

