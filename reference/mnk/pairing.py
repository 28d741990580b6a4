"""Pairing strategies: a static proof that a player cannot complete K in a row.

Ours, after the pairing strategies of positional games (Hales and Jewett; used for
k-in-a-row by Berlekamp, Conway and Guy, *Winning Ways*, and to solve the 7,7,5 and
8,8,5 games by Ko, Hsu, Wei, Chen, Hsueh and Wu, "On solving the 7,7,5-game and the
8,8,5-game", Theoretical Computer Science 815 (2020) 79-94).

Call the player who wants K in a row the *maker* and the other the *breaker*.  A
K-line is still *open* for the maker when it holds no breaker stone.  A *pairing* is
a set of disjoint pairs of empty cells such that every open line contains both
cells of at least one pair.  Whenever the maker takes a cell of a pair, the breaker
takes the other one (any other maker move is answered anywhere).  Then no open line
is ever filled by the maker: the pair inside it gets a breaker stone first.  So:

* **Theorem.**  If the breaker has a pairing, the maker cannot complete a K-line,
  whoever is to move (a breaker to move plays anywhere first: an extra stone never
  hurts the breaker, and a maker stone never breaks another pair).  The maker's
  exact value is then at most a draw.

A line with fewer than two empty cells (a threat, or a finished line) has no pair:
no pairing exists.  Finding a pairing is a small exact-cover search; it is cut off
after :data:`PAIRING_BUDGET` steps (a pairing not found proves nothing, so the
budget never makes an answer wrong, only weaker).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from reference.bits import Bitboard

PAIRING_BUDGET: Final = 200
"""Most search steps spent looking for one pairing (our choice: the searches on 5 x 5 boards
need a median of 5 steps; 90 % need fewer than 40)."""


def reduce_lines(empties: Iterable[Bitboard], least: int = 2) -> list[Bitboard] | None:
    """The empty cells of the open lines, without lines a pairing covers anyway.

    A pair (or a hole, see :func:`find_pairing_after_move`) inside line A's empty cells
    is inside those of any line B whose empty cells contain A's, so B is dropped.
    None when a line has fewer than ``least`` empty cells (it cannot be covered).
    """
    kept: list[Bitboard] = []
    for cells in sorted(set(empties), key=int.bit_count):
        if cells.bit_count() < least:
            return None
        for smaller in kept:
            if smaller & cells == smaller:
                break
        else:
            kept.append(cells)
    return kept


def find_pairing(
    empties: Iterable[Bitboard], budget: int = PAIRING_BUDGET
) -> list[Bitboard] | None:
    """A pairing for the open lines whose empty cells are ``empties``, or None.

    Each pair is returned as a bitboard of its two cells.  Depth-first search: take
    the line with the fewest free cells and try each pair inside it.

    >>> find_pairing([0b0110, 0b1110])  # one pair covers both lines
    [6]
    >>> find_pairing([0b0011, 0b1100])  # two lines, two pairs
    [3, 12]
    >>> find_pairing([0b0011, 0b0110]) is None  # both pairs would need cell 1
    True
    """
    lines = reduce_lines(empties)
    if lines is None:
        return None
    pairs: list[Bitboard] = []
    if _search(lines, 0, [budget], pairs, False):
        return pairs
    return None


def find_pairing_after_move(
    empties: Iterable[Bitboard], budget: int = PAIRING_BUDGET
) -> tuple[Bitboard, list[Bitboard]] | None:
    """A breaker move and a pairing after it, or None: ``(move cell, pairs)``.

    The breaker's stone on a *hole* cell closes every open line through it; the pairs
    must cover the other lines and avoid the hole.  One search instead of one per
    breaker move: at the line with the fewest free cells, either a pair inside it
    or (once) a hole inside it (tried first: it closes every line through it).  A line with a single empty cell (a maker threat)
    can only be covered by the hole: the forced block.

    >>> find_pairing_after_move([0b0011, 0b0101, 0b0110])  # no pairing, but after a stone on cell 0
    (1, [6])
    >>> find_pairing_after_move([0b0001, 0b0010]) is None  # two threats: one block is not enough
    True
    """
    lines = reduce_lines(empties, least=1)
    if lines is None:
        return None
    pairs: list[Bitboard] = []
    if _search(lines, 0, [budget], pairs, True):
        holes = [pair for pair in pairs if pair.bit_count() == 1]
        return (holes[0] if holes else 0), [pair for pair in pairs if pair.bit_count() == 2]
    return None


def _search(
    lines: list[Bitboard],
    used: Bitboard,
    budget: list[int],
    pairs: list[Bitboard],
    hole_allowed: bool,
) -> bool:
    """Cover every line of ``lines`` with pairs of cells not in ``used`` (appended to ``pairs``)
    and, when ``hole_allowed``, at most one hole (appended as a one-cell bitboard)."""
    if not lines:
        return True
    budget[0] -= 1
    if budget[0] < 0:
        return False
    free = ~used
    target = 0
    fewest = 1 << 30
    least = 1 if hole_allowed else 2
    for cells in lines:
        count = (cells & free).bit_count()
        if count < fewest:
            if count < least:
                return False
            fewest, target = count, cells
    choices = []
    rest_bits = target & free
    while rest_bits:
        low = rest_bits & -rest_bits
        choices.append(low)
        rest_bits ^= low
    if hole_allowed:
        for hole in choices:
            uncovered = [cells for cells in lines if not cells & hole]
            pairs.append(hole)
            if _search(uncovered, used | hole, budget, pairs, False):
                return True
            pairs.pop()
    for i, first in enumerate(choices):
        for second in choices[i + 1 :]:
            pair = first | second
            uncovered = [cells for cells in lines if cells & pair != pair]
            pairs.append(pair)
            if _search(uncovered, used | pair, budget, pairs, hole_allowed):
                return True
            pairs.pop()
    return False


def is_pairing(pairs: list[Bitboard], empties: Iterable[Bitboard], hole: Bitboard = 0) -> bool:
    """Check a pairing: disjoint pairs of two cells avoiding ``hole``, one inside every line
    that does not contain the hole."""
    seen = hole
    for pair in pairs:
        if pair.bit_count() != 2 or pair & seen:
            return False
        seen |= pair
    return all(cells & hole or any(pair & cells == pair for pair in pairs) for cells in empties)
