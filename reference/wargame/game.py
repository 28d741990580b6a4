"""The war-chess game as the search engine plays it: a turn's enumeration under a deadline and a budget.

One node of the war-chess game tree enumerates a whole turn, thousands of plans, so
the search's own deadline check (every few nodes) would overrun a time limit by
seconds, and a turn too large to list would fill the memory.  :class:`WarGame`
is the rules' :class:`~reference.wargame.rules.WarState` with the same moves, read in
blocks of :data:`DEADLINE_CHECK_PLANS` plans between which it checks the search's
deadline and the plan budget.  The command line and the oracle build this class
(:mod:`reference.registry.wargame`); :func:`reference.api.bestmove` hands it the
search's deadline through :meth:`WarGame.watch_deadline`.
"""

from __future__ import annotations

from itertools import islice

from reference.errors import GameError
from reference.search.context import Deadline, SearchTimeout
from reference.wargame.notation import Action, Plan
from reference.wargame.rules import (
    StateKey,
    WarState,
    first_plans,
    most_kills_first,
    restored_on_error,
    turn_end_states,
)

MAX_TURN_PLANS = 500_000
"""Most plans :meth:`WarGame.legal_moves` enumerates for one turn (our choice: some
seconds of Python and bounded memory).  A larger turn is refused with a
:class:`~reference.errors.GameError`; ``enumerate wargame`` counts larger turns without
listing them."""

DEADLINE_CHECK_PLANS = 256
"""The deadline and the budget are checked every this many plans of an enumeration."""


class WarGame(WarState):
    """:class:`~reference.wargame.rules.WarGame` whose turn enumeration watches a deadline and a budget.

    The same positions, keys and moves in the same order; :meth:`legal_moves` raises
    the search's ``SearchTimeout`` once the watched deadline passes, and a
    :class:`~reference.errors.GameError` on a turn of more than :data:`MAX_TURN_PLANS`
    plans.  Either way the battle is put back as it was.
    """

    deadline: Deadline | None = None
    """The running search's deadline (see :meth:`watch_deadline`)."""

    def watch_deadline(self, deadline: Deadline | None) -> None:
        """Make :meth:`legal_moves` stop with the search's ``SearchTimeout`` once ``deadline`` passes.

        :func:`reference.api.bestmove` sets it for the search and clears it after.
        """
        self.deadline = deadline

    def legal_moves(self) -> list[Plan]:
        """:meth:`WarGame.legal_moves <reference.wargame.rules.WarGame.legal_moves>`, watched."""
        if self.is_terminal():
            return []
        actions: list[Action] = []
        found: dict[StateKey, Plan] = {}
        states = turn_end_states(self.battle, actions)
        block = DEADLINE_CHECK_PLANS
        read = 0
        with restored_on_error(self.battle):
            while first_plans(islice(states, block), actions, found) == block:  # a full block
                read += block
                self._check(read)
        return most_kills_first(self.battle, found)

    def _check(self, read: int) -> None:
        """Raise if ``read`` plans are over the budget or the deadline has passed."""
        if read > MAX_TURN_PLANS:
            raise GameError(
                f"this turn has more than {MAX_TURN_PLANS:,} plans, too many to list "
                "as moves (a smaller board, fewer units or less movement; "
                "'enumerate wargame' counts larger turns)"
            )
        if self.deadline is not None and self.deadline.passed():
            raise SearchTimeout
