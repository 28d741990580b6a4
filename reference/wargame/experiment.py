"""The single-turn experiments of seed 002, §5 (Table 2): set-ups and one enumeration run.

§5: "we set only one side's units on the board ... The number of units is set to
3 and 4 ... The movement point is set to 2, 3, and 4, and the movement cost of each
tilt is set to 1.  The dispersion is set to the most dispersive ones and the most
centralized ones ... The board used in the experiments is completely open without
any boundary and barrier."  An open board is modelled by a plain board with a
margin of ``movement`` tiles around every unit, which no unit can cross.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil, sqrt
from typing import Literal

from reference.errors import ParameterError
from reference.wargame.dictionary_sequence import dictionary_sequence_enumeration
from reference.wargame.geometry import Board, Kind, Side, Tiling
from reference.wargame.notation import Unit
from reference.wargame.plans_search import recursive_enumeration
from reference.wargame.rules import Battle
from reference.wargame.single_turn import SingleTurn

Layout = Literal["dispersed", "compact"]
Enumeration = Literal["order", "recursion"]
"""Which single-turn enumeration: ``order`` = Algorithm 2, ``recursion`` = Algorithm 5."""

LAYOUTS: tuple[Layout, ...] = ("dispersed", "compact")
ALGORITHMS: tuple[Enumeration, ...] = ("order", "recursion")
"""``order`` = Algorithm 2 (dictionary sequence), ``recursion`` = Algorithm 5 (the abstract's names)."""

COMPACT_OFFSETS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((0, 0), (1, 0)),
    3: ((0, 0), (1, 0), (0, 1)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
}
"""Figure 10's compact placements (the figure was lost): an L of three, a 2x2 block of four (our choice)."""

MAX_UNITS = 6
"""Largest unit count the set-up accepts (7! sequences would not finish in Python)."""

MAX_MOVEMENT = 6
"""Largest movement the set-up accepts (our choice: diamonds of 85 tiles; 26 columns)."""


def paper_setup(
    units: int, movement: int, layout: Layout, tiling: Tiling = Tiling.SQUARE
) -> Battle:
    """One side's swordsmen on an open board, as in §5: ``dispersed`` (Assumption 2) or ``compact``.

    Dispersed: units on a square grid (ceil(sqrt(n)) columns), 2p + 1 tiles apart, so
    their movement ranges (diamonds of 2p^2 + 2p + 1 tiles on the square map; see
    :func:`~reference.wargame.complexity.range_size` for the others) never overlap.
    Compact: Figure 10's block (see :data:`COMPACT_OFFSETS`; for 5-6 units, two
    rows).  Movement cost 1 everywhere.  ``tiling``: the §5 experiments use the
    square map; the octagonal and hexagonal maps of §2.1 are our addition.
    """
    if not 1 <= units <= MAX_UNITS:
        raise ParameterError(f"--units {units} not allowed: 1..{MAX_UNITS}")
    if not 0 <= movement <= MAX_MOVEMENT:
        raise ParameterError(f"--movement {movement} not allowed: 0..{MAX_MOVEMENT}")
    if layout == "dispersed":
        spacing = 2 * movement + 1
        columns = ceil(sqrt(units))
        cells = [
            (movement + (k % columns) * spacing, movement + (k // columns) * spacing)
            for k in range(units)
        ]
    elif layout == "compact":
        offsets = COMPACT_OFFSETS.get(units) or tuple((k // 2, k % 2) for k in range(units))
        cells = [(movement + dx, movement + dy) for dx, dy in offsets]
    else:
        raise ParameterError(f"--layout {layout!r} not allowed: dispersed or compact")
    width = max(x for x, _ in cells) + movement + 1
    height = max(y for _, y in cells) + movement + 1
    if max(width, height) > 26:
        raise ParameterError(
            f"{units} {layout} units with movement {movement} need a {width}x{height} board (max 26)"
        )
    board = Board(width, height, tiling=tiling)
    return Battle(
        board,
        tuple(
            Unit(Side.ALEX, Kind.SWORDSMAN, y * width + x, 10, 1, movement, 1, 1) for x, y in cells
        ),
        Side.ALEX,
    )


@dataclass(frozen=True, slots=True)
class EnumerationResult:
    """What one single-turn enumeration found (seed 002, §4.3 and §5)."""

    algorithm: Enumeration
    units: int
    plans: int
    """End-of-turn states with multiplicity: one per action sequence and plan."""
    distinct_states: int
    """Distinct end positions."""
    ops1: int
    """Unit-at-tile expansions (§4.3's atomic operation)."""


def enumerate_turn(battle: Battle, algorithm: Enumeration) -> EnumerationResult:
    """Run Algorithm 2 (``order``) or Algorithm 5 (``recursion``) for the side to move; count.

    The battle is left as it was.
    """
    turn = SingleTurn(battle)
    if algorithm == "order":
        states = dictionary_sequence_enumeration(turn)
    elif algorithm == "recursion":
        states = recursive_enumeration(turn)
    else:
        raise ParameterError(f"--algorithm {algorithm!r} not allowed: order or recursion")
    plans = 0
    seen: set[tuple[int, ...]] = set()
    for state in states:
        plans += 1
        seen.add(state)
    return EnumerationResult(algorithm, turn.n, plans, len(seen), turn.ops1)
