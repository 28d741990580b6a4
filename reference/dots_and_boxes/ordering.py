"""The order a search tries Dots and Boxes moves in, and the capture rule that prunes them.

Not from seed 000 (its §III.B ordering, "moves with larger evaluation values are searched
first", is replaced by this one: docs/papers/000-dots-and-boxes.md, departure 17).  Both
work on the raw position (the edge set and the sides drawn per box), so the rules class
(:mod:`.rules`) calls them for ``legal_moves`` (ordered, never pruned) and
``search_moves`` (ordered and pruned).

Ordering (our choice): moves that complete a box first, then safe moves (that give no box
a third side), then sacrifices that give one box its third side, then those that give two
boxes theirs; within each group, interior edges before border edges and edges nearer the
centre first (:attr:`Geometry.move_order`; measured on 2x4: 1,512,031 nodes in edge order
within groups, 675,209 interior first, 577,314 interior and centre first).

Capture rule (our formulation, after Barker and Korf 2012, "Solving Dots-And-Boxes",
AAAI): when a box can be completed by an edge that gives no other box its third side, that
capture is optimal and is the only move kept; when every capture gives a box its third
side (a chain or loop being taken), only the captures and the double-dealing declines are
kept.  Not proved here: checked exhaustively on every edge set of the boards up to 2x3 and
1x5 (``tests/dots_and_boxes/test_dab_board.py``) and on random late positions of 3x3
(``tests/dots_and_boxes/test_dab_properties.py``).  ``solve`` tests every *legal* move for
optimality, so the optimal moves it reports are never pruned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from reference.bits import bit_indices
from reference.dots_and_boxes.geometry import Edge, Edges, Geometry
from reference.errors import ParameterError

ORDERINGS: Final = ("captures", "edges")
"""The move orders of ``DotsAndBoxes.ordering`` (``--ordering``): ``"captures"`` (the default,
ours, see above: captures, safe moves from the centre outwards, then sacrifices) or
``"edges"`` (edge order: no ordering)."""

CAPTURES_FIRST: Final = ORDERINGS[0]
"""The default order."""


def check_ordering(ordering: str) -> str:
    """``ordering`` when it is one of :data:`ORDERINGS`; raise :class:`ParameterError`."""
    if ordering not in ORDERINGS:
        raise ParameterError(f"unknown ordering {ordering!r}: allowed {', '.join(ORDERINGS)}")
    return ordering


def ordered_moves(
    geo: Geometry, edges: Edges, counts: Sequence[int], ordering: bool, prune: bool
) -> list[Edge]:
    """The undrawn edges, in search order when ``ordering``, pruned by the capture rule
    when ``prune`` (see the module docstring); ``counts[b]`` is box b's drawn sides."""
    free = geo.full & ~edges
    if not free:
        return []
    if not ordering and not prune:
        return bit_indices(free)
    edge_boxes = geo.edge_boxes
    captures: list[Edge] = []
    safe: list[Edge] = []
    sacrifices: list[Edge] = []
    doubles: list[Edge] = []
    independent: list[Edge] = []
    for e in geo.move_order:  # interior edges first, nearest the centre first
        if edges >> e & 1:
            continue
        done = 0
        gives = 0
        for b in edge_boxes[e]:
            n = counts[b]
            if n == 3:
                done += 1
            elif n == 2:
                gives += 1
        if done:
            captures.append(e)
            if not gives:
                independent.append(e)
        elif gives == 1:
            sacrifices.append(e)
        elif gives:
            doubles.append(e)
        else:
            safe.append(e)
    if prune and captures:
        if independent:
            # capture rule, part 1: a capture that makes no other box capturable is optimal
            return [symmetric_choice(geo, edges, independent)]
        # capture rule, part 2: only captures and the double-dealing declines remain
        return captures + double_deals(geo, edges, counts, captures)
    if not ordering:
        return bit_indices(free)
    return captures + safe + sacrifices + doubles


def symmetric_choice(geo: Geometry, edges: Edges, independent: list[Edge]) -> Edge:
    """The independent capture to keep: the one whose child has the smallest canonical
    edge set (the first in move order on ties).

    Any of them keeps the exact value, but a depth-limited search sees different
    subtrees below different captures.  Chosen this way, the child of a symmetric image
    of the position is the image of this child, so a table that folds symmetries
    (``tt_key``) never changes a depth-limited value (with the first capture in move
    order, 10 of 1,500 random positions searched 1-4 plies deep had an image of another
    value).  The choice does not depend on ``symmetry``: folding on or off, the same tree
    is searched.
    """
    if len(independent) == 1:
        return independent[0]
    canonical = geo.canonical
    return min(independent, key=lambda e: canonical(edges | 1 << e))


def double_deals(
    geo: Geometry, edges: Edges, counts: Sequence[int], captures: list[Edge]
) -> list[Edge]:
    """For each capture edge e that gives a 2-sided box N its third side, N's other free
    edge: drawing it declines the last two boxes of a chain (or four of a loop)."""
    masks = geo.box_masks
    seen = set(captures)
    extra: list[Edge] = []
    for e in captures:
        for b in geo.edge_boxes[e]:
            if counts[b] == 2:
                f = (masks[b] & ~edges & ~(1 << e)).bit_length() - 1
                if f not in seen:
                    seen.add(f)
                    extra.append(f)
    return extra
