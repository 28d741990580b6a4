"""Algorithms 2 and 3 of seed 002: dictionary-sequence enumeration and Search(i).

Seed 002, §4.1.2.  "Enumerate all of the plans of units' actions in a particular
order.  Because the search depth is limited (equal to the number of units),
depth-first search is an effective method ... which leads to the sequential
enumeration algorithm with permutation and recursion".  Both listings' bodies were
lost in extraction; rebuilt from the prose (0-based unit positions, reconstructed)::

    Algorithm 2: dictionary sequence enumeration
    1  Ord <- (1, 2, ..., n)                        # the first sequence
    2  repeat
    3      Search(0)                                # every plan under this sequence
    4  until not next_permutation(Ord)              # Algorithm 1

    Algorithm 3: Search(i)                          # plans of units Ord[i..n-1]
    1  if i = n: record the end-of-turn state; return
    2  u <- Ord[i]
    3  for each action plan of u, executed in turn: # Action_Plans(u), one ops1 per tile
    4      Search(i + 1)
    5      roll back the plan

Action_Plans(u) (:meth:`~reference.wargame.single_turn.SingleTurn.action_plans`) moves
u to each tile of its movement range and there attacks no one or one enemy in its
attack range.  Every (sequence, plan) pair reaches one leaf, so an end state is
yielded once per action sequence and plan, as §3.1 counts plans.
"""

from __future__ import annotations

from collections.abc import Iterator

from reference.wargame.next_permutation import next_permutation
from reference.wargame.rules import StateKey
from reference.wargame.single_turn import SingleTurn


def dictionary_sequence_enumeration(turn: SingleTurn) -> Iterator[StateKey]:
    """Yield every end-of-turn state of the side to move, sequence by sequence in lexicographic order.

    Seed 002, §4.1.2, Algorithm 2.  ``turn.ops1`` counts the unit expansions; at
    each yield the battle is in the end state and ``turn.plan()`` is its plan.
    When the generator is exhausted ``turn.order`` is what it was before the call:
    the listing ends with Ord = (n, ..., 2, 1), the last sequence (Algorithm 1
    returns false without changing it), so we put the caller's order back, as
    Algorithms 4 and 5 do with their swaps.
    """
    saved = list(turn.order)
    turn.order.sort()  # line 1: the first sequence (1, 2, ..., n)
    while True:
        yield from search(turn, 0)  # line 3: every plan under this sequence
        if not next_permutation(turn.order):  # line 4: Algorithm 1
            break
    turn.order[:] = saved  # not in the listing: Ord is (n, ..., 1) here; restore it


def search(turn: SingleTurn, i: int) -> Iterator[StateKey]:
    """Enumerate all action plans of the units ``Ord[i:]`` depth-first, yielding the end states.

    Seed 002, §4.1.2, Algorithm 3 (Search(i)).
    """
    if i == turn.n:  # line 1: every unit has acted
        yield turn.battle.snapshot()
        return
    unit = turn.order[i]  # line 2
    for _ in turn.action_plans(unit):  # lines 3 and 5: each plan of u, executed, rolled back
        yield from search(turn, i + 1)  # line 4
