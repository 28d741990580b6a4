"""Chains and loops of a position, the long-chain rule (Theorem 2) and Theorem 1 on edges.

Seed 000, §II.B Theorems 1 and 2 (formulas 2-4); the chains are what formulas 17-18 value
(:mod:`.evaluation`).  Everything here works on the raw position (the board's
:class:`Geometry` and the edge set), below the rules class.

Definitions used here (the classical ones, Berlekamp 2000, *The Dots-and-Boxes
Game*, ch. 2; the paper does not define them):

* a *2-box* is an uncompleted box with exactly two sides drawn; two 2-boxes are
  *linked* when the edge between them is undrawn;
* a *chain* is a connected set of linked 2-boxes that forms a path; a *loop* is one
  that forms a cycle; the *length* is the number of boxes;
* a chain or loop is *long* when its length is >= 3 (:data:`LONG_LENGTH`).

Theorem 1 of the paper (formula 2, "short / long moves" from empty neighbours of
points) is translated to edges here: a *safe* move gives no box its third side, a
*sacrifice* does (:func:`classify_move`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from reference.bits import bit_indices
from reference.dots_and_boxes.geometry import Edge, Edges, Geometry, geometry

LONG_LENGTH = 3
"""A chain or loop of at least this many boxes is long (seed 000: "length equal to 3 or
greater")."""


class MoveKind(IntEnum):
    """Theorem 1 (formula 2) translated from points to edges."""

    CAPTURE = 0
    """Completes at least one box."""
    SAFE = 1
    """Gives no box a third side (the paper's "short move")."""
    SACRIFICE = 2
    """Gives at least one box a third side (opens a chain or loop)."""


@dataclass(frozen=True, slots=True)
class Component:
    """One chain or loop of 2-boxes."""

    boxes: tuple[int, ...]
    """Box numbers (r * C + c), in path order for chains."""
    is_loop: bool

    @property
    def length(self) -> int:
        return len(self.boxes)

    @property
    def is_long(self) -> bool:
        return len(self.boxes) >= LONG_LENGTH


@dataclass(frozen=True, slots=True)
class ChainAnalysis:
    """The chains and loops of a position."""

    chains: tuple[Component, ...]
    loops: tuple[Component, ...]

    @property
    def long_chains(self) -> int:
        return sum(1 for c in self.chains if c.is_long)

    @property
    def long_components(self) -> int:
        return self.long_chains + sum(1 for c in self.loops if c.is_long)


def box_sides(geo: Geometry, edges: Edges, box: int) -> int:
    """How many sides of box number ``box`` are drawn."""
    return (edges & geo.box_masks[box]).bit_count()


def classify_move(geo: Geometry, edges: Edges, move: Edge) -> MoveKind:
    """Theorem 1 (formula 2) for edges: capture, safe move or sacrifice."""
    kinds = [box_sides(geo, edges, b) for b in geo.edge_boxes[move]]
    if 3 in kinds:
        return MoveKind.CAPTURE
    if 2 in kinds:
        return MoveKind.SACRIFICE
    return MoveKind.SAFE


def analyze(geo: Geometry, edges: Edges) -> ChainAnalysis:
    """Find every chain and loop of 2-boxes by walking along undrawn shared edges."""
    two = [b for b in range(geo.num_boxes) if box_sides(geo, edges, b) == 2]
    links = _links(geo, edges, set(two))
    seen: set[int] = set()
    chains: list[Component] = []
    loops: list[Component] = []
    # chains: start at an end (a 2-box with fewer than two linked 2-boxes)
    for b in two:
        if b in seen or len(links[b]) == 2:
            continue
        path = _walk(b, links, seen)
        chains.append(Component(tuple(path), False))
    # what is left are cycles
    for b in two:
        if b in seen:
            continue
        path = _walk(b, links, seen)
        loops.append(Component(tuple(path), True))
    return ChainAnalysis(tuple(chains), tuple(loops))


def _links(geo: Geometry, edges: Edges, is_two: set[int]) -> dict[int, list[int]]:
    """For each 2-box, the 2-boxes it shares an undrawn edge with."""
    links: dict[int, list[int]] = {b: [] for b in is_two}
    for e in bit_indices(geo.full & ~edges):
        bs = geo.edge_boxes[e]
        if len(bs) == 2 and bs[0] in is_two and bs[1] in is_two:
            links[bs[0]].append(bs[1])
            links[bs[1]].append(bs[0])
    return links


def _walk(start: int, links: dict[int, list[int]], seen: set[int]) -> list[int]:
    path = [start]
    seen.add(start)
    current = start
    while True:
        nxt = [n for n in links[current] if n not in seen]
        if not nxt:
            return path
        current = nxt[0]
        seen.add(current)
        path.append(current)


def long_chain_rule(rows: int, cols: int, long_chains: int) -> int:
    """The player the long-chain rule favours: 0 (first) or 1 (second).

    Seed 000, §II.B Theorem 2 (formulas 3-4), stated classically (Berlekamp 2000,
    ch. 2): on a board of ``dots`` dots, the first player wants
    ``dots + long chains`` to be even, the second wants it odd.  (Loops do not
    count.)  GAP: formula 3's "maximum profit" R(C) = min max L(C - v) - L(C - u) never
    defines L, so formulas 3-4 cannot be computed; OURS: this classical statement of
    the rule stands for them.

    >>> long_chain_rule(5, 5, 1)   # 36 dots + 1 chain: odd, second player
    1
    """
    geo = geometry(rows, cols)
    dots = (geo.rows + 1) * (geo.cols + 1)
    return (dots + long_chains) % 2


def dots_plus_doublecrosses(rows: int, cols: int, double_crosses: int) -> int:
    """Berlekamp's identity behind the rule: in a finished game, turns = dots + double-crosses.

    (A double-cross is one move completing two boxes; a turn is a maximal run of
    moves by one player.)  Proof: the game has E moves, of which B - D complete
    boxes, so E - B + D moves pass the turn and turns = E - B + D + 1; Euler's
    formula for the grid gives E - B + 1 = dots.
    """
    return (rows + 1) * (cols + 1) + double_crosses
