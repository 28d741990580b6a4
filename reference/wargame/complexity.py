"""Plan counts of §3.1 and the ops1 closed forms of §4.3 (seed 002), as exact integer functions.

The formulas were lost in extraction; they are rebuilt from the prose and pinned by
the paper's own numbers (the Fire Emblem example: 5 units, 61 tiles, "from 2.4
minutes to approximately two years" at 200 ns per plan) and by measured ops1.
Formula numbers: the text cites "(8) and (9)" for the two ops1 counts under
Assumption 2 and "(10)", "(11)" for the saving; which count is (8) and which (9),
and the numbers (1)-(7) of the earlier formulas, are our reconstruction.

ERRATUM (abstract, §5, §6): "Enumeration by recursion is better than enumeration by
order in all situations."  For n <= 2 units the two algorithms do exactly the same
ops1 in every situation: two sequences never share a prefix that leaves two or more
units to order (``ops1_dictionary_sequence(2, r) == ops1_recursive_enumeration(2, r)``;
measured equal on random battles too).  For n >= 3 Algorithm 5 does strictly fewer.
"""

from __future__ import annotations

from math import factorial, perm

from reference.errors import ParameterError
from reference.wargame.geometry import Tiling

ATTACK_OPTIONS_WORST = 5
"""§3.1: on a 4-connected board a melee unit has at most 4 adjacent enemies, so at most 5 attack plans."""

FIRE_EMBLEM_UNITS = 5
"""§3.1, Fire Emblem: "both sides have five units"."""

FIRE_EMBLEM_RANGE = 61
"""§3.1: "the movement range of each unit can reach at most 61 tilts" (movement 5, cost 1)."""

SECONDS_PER_PLAN = 200e-9
"""§3.1: "the average computing time for searching a plan is 200 nanoseconds"."""


def _power(base: int, exponent: int) -> int:
    """``base ** exponent`` for a non-negative integer exponent, typed as int."""
    result = 1
    for _ in range(exponent):
        result *= base
    return result


def _check(n: int, r: int) -> None:
    if n < 0 or r < 0:
        raise ParameterError(f"units n = {n} and range size r = {r} must be >= 0")


def diamond_size(movement: int) -> int:
    """Tiles within ``movement`` steps on an open 4-neighbour board with cost 1: 2p^2 + 2p + 1.

    Seed 002, §3.1: movement point 5 gives the Fire Emblem example's 61 tiles.
    """
    if movement < 0:
        raise ParameterError(f"movement {movement} must be >= 0")
    return 2 * movement * movement + 2 * movement + 1


def range_size(movement: int, tiling: Tiling = Tiling.SQUARE) -> int:
    """Tiles within ``movement`` steps on an open map with cost 1, own tile included.

    Square (4 neighbours): 2p^2 + 2p + 1 (:func:`diamond_size`); octagonal (8
    neighbours): (2p + 1)^2; hexagonal (6 neighbours): 3p^2 + 3p + 1.  Seed 002, §2.1
    names the three maps; §3.1's r for Fire Emblem is the square case.
    """
    if movement < 0:
        raise ParameterError(f"movement {movement} must be >= 0")
    if tiling == Tiling.SQUARE:
        return diamond_size(movement)
    if tiling == Tiling.OCTAGONAL:
        return (2 * movement + 1) ** 2
    return 3 * movement * movement + 3 * movement + 1


def action_sequences(n: int) -> int:
    """§3.1, Step 1: the number of action sequences of n units, n!."""
    _check(n, 0)
    return factorial(n)


def plans_worst_case(n: int, r: int, attack_options: int = ATTACK_OPTIONS_WORST) -> int:
    """§3.1 worst case: disjoint ranges, every attack option open: n! * (5 r)^n plans.

    Per sequence, each unit picks one of r tiles and one of 5 attack plans; there are n! sequences.
    """
    _check(n, r)
    return factorial(n) * _power(attack_options * r, n)


def plans_best_case(n: int, r: int) -> int:
    """§3.1 best case: ranges overlap completely, no enemies: the arrangements A(r, n) = r!/(r-n)!.

    ERRATUM: the paper counts the best case as arrangements of n units on r tiles
    (distinct end states), not (sequence, plan) pairs as in the worst case; its
    "2.4 minutes" for Fire Emblem confirms r!/(r-n)! without the factor n!.
    """
    _check(n, r)
    return perm(r, n)


def plans_per_sequence_assumption_2(n: int, r: int) -> int:
    """Under Assumption 2 each sequence has r^n plans (one tile per unit, no attacks)."""
    _check(n, r)
    return _power(r, n)


def ops1_dictionary_sequence(n: int, r: int) -> int:
    """§4.3, formula (8) (reconstructed): ops1 of Algorithm 2 under Assumption 2, n! * (r + r^2 + ... + r^n).

    Per sequence the search tree has depth n and branching factor r; ops1 counts its
    nodes except the root ("except the root node, which represents no action").
    """
    _check(n, r)
    return factorial(n) * sum(_power(r, i) for i in range(1, n + 1))


def ops1_recursive_enumeration(n: int, r: int) -> int:
    """§4.3, formula (9) (reconstructed): ops1 of Algorithm 5 under Assumption 2, sum_{i=1..n} n!/(n-i)! * r^i.

    ERRATUM (see the module docstring): equal to formula (8) for n <= 2, strictly
    smaller for n >= 3 and r >= 1.
    """
    _check(n, r)
    return sum(perm(n, i) * _power(r, i) for i in range(1, n + 1))


def ops1_recursive_enumeration_recurrence(n: int, r: int) -> int:
    """§4.3's recurrence for Algorithm 5: f(n) = n * r * (1 + f(n - 1)), f(0) = 0.

    The prose lost its symbols in extraction: "every time ... moves to a tilt, it will
    make a new state combining the following units, such that the number of the ops1
    is ... Because the number of tilts ... can move to is ... and the recursion
    operates ... times, we can deduce that ...".  Reconstructed: each time the first
    unit moves to one of its r tiles it costs 1 ops1 plus f(n - 1) for the other
    units, and any of the n units can act first, so f(n) = n r (1 + f(n - 1)).
    """
    _check(n, r)
    value = 0
    for units in range(1, n + 1):
        value = units * r * (1 + value)
    return value


def ops1_reduction_percent(n: int, r: int) -> float:
    """§5, formula (10): the share of Algorithm 2's ops1 that Algorithm 5 saves, in percent.

    (ops1_2 - ops1_5) / ops1_2 * 100; it tends to 0 as r grows (formula (11)).  It is
    0 for n <= 2 (ERRATUM: the paper's "in all situations" fails there).
    """
    _check(n, r)
    total = ops1_dictionary_sequence(n, r)
    if total == 0:
        raise ParameterError("the reduction needs n >= 1 and r >= 1")
    return 100.0 * (total - ops1_recursive_enumeration(n, r)) / total
