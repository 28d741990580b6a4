"""Bitboards: sets of squares as Python ints (python-chess style).

Every game here keeps its board as one ``int`` per colour or piece set: bit ``i``
is set when square (cell, point, edge) ``i`` is in the set.  This module is the one
place for the alias and the bit-scan helpers the games share.

>>> bit_indices(0b101001)
[0, 3, 5]
>>> lowest_index(0b101000)
3
>>> lowest_index(0)
-1
"""

from __future__ import annotations

from typing import TypeAlias

Bitboard: TypeAlias = int
"""A set of squares: bit ``i`` is set when square ``i`` is in the set (never negative)."""


def bit_indices(bits: Bitboard) -> list[int]:
    """The indices of the set bits of ``bits``, in increasing order (a bit scan)."""
    indices: list[int] = []
    while bits:
        low = bits & -bits  # the lowest set bit alone
        indices.append(low.bit_length() - 1)
        bits ^= low
    return indices


def lowest_index(bits: Bitboard) -> int:
    """The index of the lowest set bit of ``bits``; -1 when ``bits`` is empty."""
    return (bits & -bits).bit_length() - 1


__all__ = ["Bitboard", "bit_indices", "lowest_index"]
