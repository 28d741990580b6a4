"""The paper's static evaluation: formulas 17-18 summed over the chains and loops.

Seed 000, §II.C, formulas 17-18.  It works on the raw position (the board's
:class:`Geometry` and the edge set), so the rules class calls it for ``evaluate`` (the
value a depth-limited search uses at its horizon).
"""

from __future__ import annotations

from reference.dots_and_boxes.chains import LONG_LENGTH, analyze
from reference.dots_and_boxes.geometry import Edges, Geometry
from reference.search.protocol import Score


def component_value(length: int, is_loop: bool, long_components: int) -> int:
    """The paper's f(x, y) for one chain or loop (formulas 17-18), as we read them.

    Seed 000, §II.C, formulas 17-18.  GAP: the paper leaves x undefined beyond "the
    number of edges in the current state"; OURS, the reading:

    * short (length < 3, formula 17): x = -length, f = x (the boxes the player who
      opens it gives away: 0, -1, -2);
    * long (length >= 3, formula 18): x = the number of long chains and loops in the
      position, y = 1 for a chain, 0 for a loop; f = 5 - length when x > 2,
      -length - 1 for a chain and -length for a loop otherwise.

    GAP: formula 18 covers x > 2 and x < 2 only; x = 2 is treated as x < 2.
    """
    if length < LONG_LENGTH:
        return -length  # formula 17
    if long_components > 2:
        return 5 - length  # formula 18, first case
    return -length if is_loop else -length - 1  # formula 18, y = 0 / y = 1


def evaluate_position(geo: Geometry, edges: Edges) -> Score:
    """A heuristic value for the side to move: the sum of formulas 17-18 over the
    components when no safe move is left (the side to move must open one), else 0.

    Seed 000, §II.C.  OURS: the sum is only meaningful once the side to move is forced
    to open a component, so with safe moves left the estimate is 0 (the search counts
    the boxes already taken).  The sum is clamped to the boxes on the board.
    """
    masks = geo.box_masks
    edge_boxes = geo.edge_boxes
    free = geo.full & ~edges
    while free:  # is a safe move left?  (a hot loop: the inline bit scan)
        low = free & -free
        free ^= low
        if all((edges & masks[b]).bit_count() < 2 for b in edge_boxes[low.bit_length() - 1]):
            return 0
    analysis = analyze(geo, edges)
    x = analysis.long_components
    total = 0
    for c in analysis.chains:
        total += component_value(c.length, False, x)
    for c in analysis.loops:
        total += component_value(c.length, True, x)
    bound = geo.num_boxes
    return max(-bound, min(bound, total))
