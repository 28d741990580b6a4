"""Chains and loops, the evaluation of formulas 17-18 and the long-chain rule (Theorem 2).

Seed 000, §II.B Theorem 2 (formulas 3-4) and §II.C (formulas 17-18).

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

from reference.dots_and_boxes.board import DotsAndBoxes, Edge, geometry
from reference.search.protocol import Score

LONG_LENGTH = 3
"""A chain or loop of at least this many boxes is long (seed 000: "length equal to 3 or greater")."""


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


def classify_move(game: DotsAndBoxes, move: Edge) -> MoveKind:
    """Theorem 1 (formula 2) for edges: capture, safe move or sacrifice."""
    kinds = [game.box_sides(b) for b in game.geo.edge_boxes[move]]
    if 3 in kinds:
        return MoveKind.CAPTURE
    if 2 in kinds:
        return MoveKind.SACRIFICE
    return MoveKind.SAFE


def analyze(game: DotsAndBoxes) -> ChainAnalysis:
    """Find every chain and loop of 2-boxes by walking along undrawn shared edges."""
    geo = game.geo
    two = [b for b in range(geo.num_boxes) if game.box_sides(b) == 2]
    is_two = set(two)
    links = _links(game, is_two)
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


def _links(game: DotsAndBoxes, is_two: set[int]) -> dict[int, list[int]]:
    """For each 2-box, the 2-boxes it shares an undrawn edge with."""
    geo = game.geo
    links: dict[int, list[int]] = {b: [] for b in is_two}
    for e in range(geo.num_edges):
        if game.edges >> e & 1:
            continue
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


def component_value(length: int, is_loop: bool, long_components: int) -> int:
    """The paper's f(x, y) for one chain or loop (formulas 17-18), as we read them.

    Seed 000, §II.C, formulas 17-18.  Interpretation (the paper leaves x undefined
    beyond "the number of edges in the current state"):

    * short (length < 3, formula 17): x = -length, f = x (the boxes the player who
      opens it gives away: 0, -1, -2);
    * long (length >= 3, formula 18): x = the number of long chains and loops in the
      position, y = 1 for a chain, 0 for a loop; f = 5 - length when x > 2,
      -length - 1 for a chain and -length for a loop otherwise.

    ERRATUM: formula 18 covers x > 2 and x < 2 only; x = 2 is treated as x < 2.
    """
    if length < LONG_LENGTH:
        return -length  # formula 17
    if long_components > 2:
        return 5 - length  # formula 18, first case
    return -length if is_loop else -length - 1  # formula 18, y = 0 / y = 1


def evaluate_position(game: DotsAndBoxes) -> Score:
    """A heuristic value for the side to move: the sum of formulas 17-18 over the
    components when no safe move is left (the side to move must open one), else 0.

    Seed 000, §II.C.  Our choice: the sum is only meaningful once the side to move
    is forced to open a component, so with safe moves left the estimate is 0 (the
    search counts the boxes already taken).
    """
    geo = game.geo
    free = geo.full & ~game.edges
    sides = game.box_sides
    while free:
        low = free & -free
        free ^= low
        if all(sides(b) < 2 for b in geo.edge_boxes[low.bit_length() - 1]):
            return 0  # a safe move is left
    analysis = analyze(game)
    x = analysis.long_components
    total = 0
    for c in analysis.chains:
        total += component_value(c.length, False, x)
    for c in analysis.loops:
        total += component_value(c.length, True, x)
    bound = geo.num_boxes
    return max(-bound, min(bound, total))


def long_chain_rule(rows: int, cols: int, long_chains: int) -> int:
    """The player the long-chain rule favours: 0 (first) or 1 (second).

    Seed 000, §II.B Theorem 2 (formulas 3-4), stated classically (Berlekamp 2000,
    ch. 2): on a board of ``dots`` dots, the first player wants
    ``dots + long chains`` to be even, the second wants it odd.  (Loops do not
    count.)  ERRATUM: formulas 3-4 ("maximum profit R(C) of a chain") are not a
    statement of the rule; this function is.

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
