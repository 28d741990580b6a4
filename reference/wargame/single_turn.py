"""The shared state and the shared step of Algorithms 2-5 of seed 002: one side's turn being enumerated.

Seed 002, §4.  The listings work on a board, a sequence ``Ord`` of the side's units
and, for §4.3's comparison, a counter ops1.  :class:`SingleTurn` bundles them so the
algorithm functions read like the listings.  Both enumerations of a turn, Algorithm 3
(under a fixed sequence) and Algorithm 5 (choosing the sequence as it goes), do the
same thing for the unit whose turn it is (§4.2, on Algorithm 5): "all the action plans
of the th unit, which involve selecting targets for attack, are enumerated and executed
separately ... after the required swap process. Then, after solving the subproblem using
the recursive call Plans_Search(), a rollback of the current plan is necessary and the
state needs to be resumed".  That step is :meth:`SingleTurn.action_plans`; its rebuilt
listing (reconstructed, the listings' bodies were lost in extraction)::

    Action_Plans(u)                                 # each action plan of unit u, executed in turn
    1  for each tile t in the movement range of u:
    2      move u to t; ops1 <- ops1 + 1
    3      (the plan: move to t, no attack)
    4      for each enemy e in the attack range of u at t:
    5          u attacks e (remove e if its HP <= 0)
    6          (the plan: move to t, attack e)
    7          undo the attack                       # roll back the plan
    8      move u back
"""

from __future__ import annotations

from collections.abc import Iterator

from reference.wargame.notation import Action, Plan
from reference.wargame.rules import Battle


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

    def action_plans(self, unit: int) -> Iterator[None]:
        """Execute each action plan of ``unit`` in turn; yield while the battle is in it.

        Seed 002, §4.2 (Action_Plans(u) in this module's docstring): the unit moves to
        each tile of its movement range (one ops1 each) and there attacks no one or one
        enemy in its attack range.  ``actions`` ends with the unit's action at each
        yield; exhausted, the battle and ``actions`` are as before.
        """
        battle = self.battle
        actions = self.actions
        source = battle.tile[unit]
        for tile in battle.movement_range(unit):  # line 1
            battle.move_unit(unit, tile)  # line 2: one ops1
            self.ops1 += 1
            actions.append(Action(source, tile))
            yield  # line 3: no attack
            actions.pop()
            for target in battle.attack_targets(unit, tile):  # line 4
                old_tile = battle.tile[target]
                old_hp = battle.attack(unit, target)  # line 5
                actions.append(Action(source, tile, old_tile))
                yield  # line 6
                actions.pop()
                battle.undo_attack(target, old_hp, old_tile)  # line 7: roll back
            battle.move_unit(unit, source)  # line 8
