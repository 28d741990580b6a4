"""Simple loony endgames: the exact value of a position made only of independent chains and loops.

Not from seed 000: Berlekamp (2000), *The Dots-and-Boxes Game*, chs. 2-3, and Berlekamp,
Conway and Guy, *Winning Ways* (2nd ed., vol. 3, ch. 16); used by Barker and Korf (2012),
"Solving Dots-And-Boxes" (AAAI-12), as problem-specific knowledge inside an exact search.

A position is a **simple endgame** when no box can be completed, no safe move is left
(every undrawn edge gives some box its third side) and every uncompleted box has
exactly two sides drawn.  Its uncompleted boxes then fall apart into *chains* (paths of
2-boxes whose two ends lead to the border) and *loops* (cycles of 2-boxes), independent
of each other: the side to move must open one of them, and the opponent answers.

With ``r`` the value of the rest of the position for the side that moves after the
component is settled, opening a component is worth, to the opener (:func:`open_value`):

=====================  ===================================  =========================
component              the opponent's best answer           value to the opener
=====================  ===================================  =========================
chain of 1             take the box                         ``-(1 + r)``
chain of 2             take both (the opener draws the      ``-(2 + r)``
                       middle edge: a "hard-hearted
                       handout", which cannot be declined)
chain of n >= 3        take all, or all but 2 and decline   ``-max(n + r, n - 4 - r)``
                       with the double-dealing move
loop of n              take all, or all but 4 and decline   ``-max(n + r, n - 8 - r)``
=====================  ===================================  =========================

and the value of the position is the best opening over the kinds of component present
(:func:`simple_endgame_value`).

Soundness.  The opponent's answers are those the capture rule of
:func:`reference.dots_and_boxes.ordering.ordered_moves` leaves (take a box that
gives nothing away; inside an opened chain take the next box or make the double-dealing
move); the rows for chains of 1 and 2 follow from it directly (the "half-hearted" opening
of a 2-chain at an end lets the opponent choose between ``2 + r`` and ``-(2 + r)``, so it
is never better than the middle edge); the rows for long chains and loops are Berlekamp's
"all or all but two (four)" theorem, and opening a long chain anywhere gives the opponent
the same two choices.  Every row, and the whole table, is checked against the plain
memoised minimax (:mod:`.exhaustive`) on every simple endgame of the boards up to 2x3
boxes and on random simple endgames of 3x3 (``tests/dots_and_boxes/test_dab_solver.py``).

>>> simple_endgame_value((3,), ())          # one chain of 3: the opener gives all 3
-3
>>> simple_endgame_value((3, 3), ())        # take 1, decline 2, then get the last 3: -1 - 3 + 2
-2
>>> simple_endgame_value((), (4,))          # a loop of 4
-4
>>> simple_endgame_value((1, 3), ())        # open the single box first, keep control
2
"""

from __future__ import annotations

from functools import lru_cache

LONG_CHAIN = 3
"""Chains of at least this many boxes can be declined (all but 2); shorter ones cannot."""


def open_value(length: int, is_loop: bool, rest: int) -> int:
    """The value, to the side that opens it, of opening one independent component.

    ``rest`` is the value of the position without the component for the side to move
    there after the component is settled (the opponent, if the opponent takes all).
    """
    if is_loop:
        return -max(length + rest, length - 8 - rest)
    if length < LONG_CHAIN:
        return -(length + rest)
    return -max(length + rest, length - 4 - rest)


@lru_cache(maxsize=1 << 16)
def simple_endgame_value(chains: tuple[int, ...], loops: tuple[int, ...]) -> int:
    """The exact value for the side to move of a simple endgame (see the module docstring).

    ``chains`` and ``loops`` are the component lengths in non-decreasing order (a loop
    on a grid has at least 4 boxes).  The side to move tries one component of each kind
    and length: two components of the same kind and length are interchangeable.
    """
    if not chains and not loops:
        return 0
    best = -(sum(chains) + sum(loops))
    previous = -1
    for i, n in enumerate(chains):
        if n != previous:
            previous = n
            value = open_value(n, False, simple_endgame_value(chains[:i] + chains[i + 1 :], loops))
            if value > best:
                best = value
    previous = -1
    for i, n in enumerate(loops):
        if n != previous:
            previous = n
            value = open_value(n, True, simple_endgame_value(chains, loops[:i] + loops[i + 1 :]))
            if value > best:
                best = value
    return best
