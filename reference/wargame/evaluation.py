"""The static evaluation of a war-chess position (seed 002, §2.3).

Seed 002, §2.3: the evaluation weighs "powers, positions, spaces, and motilities of
units" and gives no formula or weight.  OURS: the power of a side is its living units,
their HP and their ATK; its position is how close each unit stands to the nearest
enemy.  The weights below are our choice.

The functions read a battle through :class:`Forces` (the few arrays of
:class:`reference.wargame.rules.Battle` they need), so that this module sits below the
rules, which call it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from reference.search import Score
from reference.wargame.geometry import Board, Side, Tile

UNIT_VALUE = 100
"""Worth of a living unit (our choice)."""
HP_WEIGHT = 10
"""Worth of one hit point (our choice)."""
ATK_WEIGHT = 5
"""Worth of one point of ATK of a living unit (our choice)."""
APPROACH_WEIGHT = 1
"""Penalty per tile between a unit and its nearest enemy (our choice; keeps games moving)."""


class Forces(Protocol):
    """What the evaluation reads of a battle: the map, the units' tiles, HP and ATK, who moves."""

    @property
    def board(self) -> Board: ...

    @property
    def tile(self) -> Sequence[Tile]: ...

    @property
    def hp(self) -> Sequence[int]: ...

    @property
    def atk(self) -> Sequence[int]: ...

    @property
    def to_move(self) -> Side: ...

    def units_of(self, side: Side) -> list[int]: ...


def material(battle: Forces, side: Side) -> int:
    """``side``'s power (units, HP, ATK) minus its distances to the nearest enemy (OURS)."""
    board = battle.board
    enemies = [battle.tile[u] for u in battle.units_of(Side(1 - side))]
    total = 0
    for u in battle.units_of(side):
        total += UNIT_VALUE + HP_WEIGHT * battle.hp[u] + ATK_WEIGHT * battle.atk[u]
        if enemies:
            nearest = min(board.distance(battle.tile[u], e) for e in enemies)
            total -= APPROACH_WEIGHT * nearest
    return total


def evaluate(battle: Forces) -> Score:
    """The side to move's :func:`material` minus the opponent's."""
    return material(battle, battle.to_move) - material(battle, Side(1 - battle.to_move))
