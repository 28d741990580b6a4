"""The shared state of one side's single-turn search (the global variables of Algorithms 2-5).

Seed 002, §4.  The listings work on a board, a sequence ``Ord`` of the side's
units and, for §4.3's comparison, a counter ops1.  :class:`SingleTurn` bundles
them so the algorithm functions read like the listings.
"""

from __future__ import annotations

from reference.wargame.battle import Action, Battle, Plan


class SingleTurn:
    """Board, sequence Ord, ops1 counter and the current plan of one single-turn search.

    ``order`` starts as the side to move's living units in index order (the paper's
    first sequence 1, 2, ..., n).  ``ops1`` counts seed 002 §4.3's atomic operation:
    "expands each unit's action plan on each position it moves to", one per unit
    placed on one tile of its movement range.  ``actions`` holds the actions played
    so far on the current branch; at a yielded end state, :meth:`plan` is the plan
    that reached it.  When exhausted, the generators of Algorithms 2, 3 and 5 leave
    the battle as they found it, and ``order`` too (Algorithm 2's listing ends on the
    last sequence (n, ..., 1); :func:`~reference.wargame.dictionary_sequence.dictionary_sequence_enumeration`
    puts the caller's order back after it).  Abandoning one half-way leaves the battle
    and ``order`` in the state of its last yield (search a ``Battle.copy()`` if you may
    stop early).
    """

    __slots__ = ("actions", "battle", "n", "ops1", "order")

    def __init__(self, battle: Battle) -> None:
        self.battle = battle
        self.order: list[int] = battle.units_of(battle.to_move)
        self.n = len(self.order)
        self.ops1 = 0
        self.actions: list[Action] = []

    def plan(self) -> Plan:
        """The plan (actions in order) of the current branch."""
        return tuple(self.actions)
