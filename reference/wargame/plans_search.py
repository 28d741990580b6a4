"""Algorithm 5 of seed 002: recursive enumeration Plans_Search(i).

Seed 002, §4.2, Algorithm 5, "search action plans from th to the last unit" as
extracted (the index was lost; the i-th unit is our reconstruction).  The listing's
body was lost in extraction; the prose gives it: "The framework of this new
algorithm is similar to that of the recursive_permutation algorithm" (Algorithm 4)
"... all the action plans of the th unit, which involve selecting targets for
attack, are enumerated and executed separately ... after the required swap process.
Then, after solving the subproblem using the recursive call Plans_Search(), a
rollback of the current plan is necessary and the state needs to be resumed".
Reconstructed: the unit is the i-th, the recursive call is Plans_Search(i + 1).
Rebuilt listing (0-based, reconstructed)::

    Plans_Search(i)
    1  if i = n: record the end-of-turn state; return
    2  for j <- i to n - 1:
    3      swap Ord[i], Ord[j]                      # Ord[i] acts next
    4      u <- Ord[i]
    5      for each tile t in the movement range of u:
    6          move u to t; ops1 <- ops1 + 1
    7          Plans_Search(i + 1)                  # no attack
    8          for each enemy e in the attack range of u at t:
    9              u attacks e (remove e if its HP <= 0)
    10             Plans_Search(i + 1)
    11             undo the attack                  # roll back the plan
    12         move u back
    13     swap Ord[i], Ord[j]                      # resume the order

    Recursive enumeration: Ord <- (1, 2, ..., n); Plans_Search(0).

A unit's plan is expanded once per *prefix* of the sequence instead of once per
full sequence, which is where its ops1 saving over Algorithm 2 comes from (§4.3).
"""

from __future__ import annotations

from collections.abc import Iterator

from reference.wargame.battle import Action, StateKey
from reference.wargame.single_turn import SingleTurn


def recursive_enumeration(turn: SingleTurn) -> Iterator[StateKey]:
    """Yield every end-of-turn state of the side to move (Algorithm 5 run from unit 0).

    Seed 002, §4.2, Algorithm 5: "To enumerate the actions plans of all the units,
    the sequence is initialized, and then the function Plans_Search() runs" (the
    argument was lost in extraction; the first unit, 0 here, is our reconstruction).
    When the generator is exhausted ``turn.order`` is what it was before the call.
    """
    saved = list(turn.order)
    turn.order.sort()  # the first sequence (1, 2, ..., n)
    yield from plans_search(turn, 0)
    turn.order[:] = saved  # plans_search restored the sorted order; give back the caller's


def plans_search(turn: SingleTurn, i: int) -> Iterator[StateKey]:
    """Choose which unit acts i-th and enumerate its plans, recursing on the rest; yield end states.

    Seed 002, §4.2, Algorithm 5 (Plans_Search(i)).  ``turn.order`` is restored on exit.
    """
    battle = turn.battle
    order = turn.order
    n = turn.n
    if i == n:  # line 1
        yield battle.snapshot()
        return
    actions = turn.actions
    for j in range(i, n):  # line 2
        order[i], order[j] = order[j], order[i]  # line 3
        unit = order[i]  # line 4
        source = battle.tile[unit]
        for tile in battle.movement_range(unit):  # line 5
            battle.move_unit(unit, tile)  # line 6: one ops1
            turn.ops1 += 1
            actions.append(Action(source, tile))
            yield from plans_search(turn, i + 1)  # line 7: no attack
            actions.pop()
            for target in battle.attack_targets(unit, tile):  # line 8
                old_tile = battle.tile[target]
                old_hp = battle.attack(unit, target)  # line 9
                actions.append(Action(source, tile, old_tile))
                yield from plans_search(turn, i + 1)  # line 10
                actions.pop()
                battle.undo_attack(target, old_hp, old_tile)  # line 11: roll back
            battle.move_unit(unit, source)  # line 12
        order[i], order[j] = order[j], order[i]  # line 13: resume the order
