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
    4      for each action plan of Ord[i], executed in turn:   # Action_Plans(Ord[i])
    5          Plans_Search(i + 1)
    6          roll back the plan
    7      swap Ord[i], Ord[j]                      # resume the order

    Recursive enumeration: Ord <- (1, 2, ..., n); Plans_Search(0).

Action_Plans(u) (:meth:`~reference.wargame.single_turn.SingleTurn.action_plans`, shared
with Algorithm 3) moves u to each tile of its movement range (one ops1 each) and there
attacks no one or one enemy in its attack range.  A unit's plan is expanded once per
*prefix* of the sequence instead of once per full sequence, which is where its ops1
saving over Algorithm 2 comes from (§4.3).
"""

from __future__ import annotations

from collections.abc import Iterator

from reference.wargame.rules import StateKey
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
    order = turn.order
    if i == turn.n:  # line 1
        yield turn.battle.snapshot()
        return
    for j in range(i, turn.n):  # line 2
        order[i], order[j] = order[j], order[i]  # line 3
        for _ in turn.action_plans(order[i]):  # lines 4 and 6: each plan, executed, rolled back
            yield from plans_search(turn, i + 1)  # line 5
        order[i], order[j] = order[j], order[i]  # line 7: resume the order
