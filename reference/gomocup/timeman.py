"""The time manager of the Gomocup brain: how long to think about one move.

The manager announces its limits with ``INFO`` (Gomocup AI protocol): ``timeout_turn``
(milliseconds per move, 0 = play as fast as possible), ``timeout_match`` (milliseconds
for the whole match, 0 = no limit) and, before every move, ``time_left`` (milliseconds
left in the match, 2147483647 when unlimited).  A brain that exceeds either limit loses.

The budget of one move (the search's deadline, counted from the arrival of the command)
is the smallest of

* ``timeout_turn * TURN_FRACTION`` (90 %) and ``timeout_turn - TURN_RESERVE``: the
  reserve covers the search's overrun past its deadline (it looks at the clock every
  :data:`reference.search.context.DEADLINE_CHECK_INTERVAL` nodes, a few hundredths of a
  second on a 20 x 20 board), writing the answer and the pipe;
* ``time_left / moves_to_go`` where ``moves_to_go`` is :data:`MOVES_TO_GO`, or fewer
  when the board has fewer empty cells left for this player, and never more than
  ``time_left - MATCH_RESERVE``;

and at least :data:`MIN_BUDGET` (at most the search's longest time limit,
:data:`~reference.search.context.MAX_TIME_LIMIT`, about 116 days).  Whatever the budget, the brain's move is at least
evaluated one ply ahead (:func:`reference.gomocup.engine.one_ply_move`), which takes
a few hundredths of a second.  Every constant is our choice.

>>> control = TimeControl(timeout_turn_ms=10_000, timeout_match_ms=180_000, time_left_ms=100_000)
>>> round(move_budget(control, empty_cells=300), 3)       # 100 s / 25 moves
4.0
>>> round(move_budget(TimeControl(timeout_turn_ms=1000), empty_cells=300), 3)
0.9
>>> round(move_budget(TimeControl(timeout_turn_ms=500), empty_cells=300), 3)   # 500 ms - 100 ms
0.4
>>> move_budget(TimeControl(timeout_turn_ms=0), empty_cells=300) == MIN_BUDGET
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from reference.search.context import MAX_TIME_LIMIT

DEFAULT_TIMEOUT_TURN_MS: Final = 5_000
"""Turn limit assumed when the manager sends none (our choice; Gomocup's fast games use 5 s)."""
UNLIMITED_MS: Final = 2_147_483_647
"""The ``time_left`` a manager sends when the match time is unlimited (the protocol's value)."""
TURN_FRACTION: Final = 0.9
"""Share of ``timeout_turn`` the brain plans to use (our choice)."""
TURN_RESERVE: Final = 0.1
"""Seconds always kept back from ``timeout_turn`` for the search's overrun past its deadline
and the reply (our choice: the overrun measured on 15 x 15 and 20 x 20 boards stayed
under 0.05 s, see docs/gomocup.md)."""
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


def turn_budget(timeout_turn_ms: int) -> float:
    """Seconds of one move under the turn limit alone: 90 % of it, keeping at least
    :data:`TURN_RESERVE` back (``timeout_turn 0``, or a limit within the reserve: the
    least, :data:`MIN_BUDGET`)."""
    seconds = timeout_turn_ms / 1000
    return max(MIN_BUDGET, min(seconds * TURN_FRACTION, seconds - TURN_RESERVE))


def move_budget(control: TimeControl, empty_cells: int) -> float:
    """Seconds to spend on the next move under ``control`` (see the module docstring)."""
    budget = turn_budget(control.timeout_turn_ms)
    left = control.time_left_ms
    if left is not None and left != UNLIMITED_MS:
        seconds_left = left / 1000
        moves_to_go = max(1, min(MOVES_TO_GO, (empty_cells + 1) // 2))
        budget = min(budget, seconds_left / moves_to_go, seconds_left - MATCH_RESERVE)
    return min(MAX_TIME_LIMIT, max(MIN_BUDGET, budget))


def vcf_seconds(left: float) -> float | None:
    """Seconds the VCF search may use when ``left`` seconds remain for the move: a
    :data:`VCF_SHARE` of them, or ``None`` (no VCF search) when that is too little."""
    seconds = left * VCF_SHARE
    return seconds if seconds > MIN_VCF_SECONDS else None
