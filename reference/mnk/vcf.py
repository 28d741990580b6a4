"""Victory by continuous fours (VCF): a sound threat-space proof search for the (M,N,K)-game.

Gomoku programs prove wins with *threat-space search* (Allis, van den Herik and
Huntjens, "Go-Moku and threat-space search", 1994): the attacker plays only
threats, so the defender's replies are forced and the tree stays narrow.  This
module is its simplest sound form, **VCF**, for any K (K = 5 is freestyle
gomoku, "five or more in a row wins"):

* a **four** of a player is a K-line (K consecutive cells) holding K - 1 of its
  stones and one empty cell (:meth:`~reference.mnk.rules.MNKState.completing_cells` lists those cells);
* the attacker (the side to move) wins at once when it has a four;
* otherwise, if the defender has a four the attacker must block it (two fours of
  the defender: no VCF); the attacker only plays moves that make a four and leave
  the defender without a four of its own;
* after such a move the defender must play the attacker's single completing cell
  (every other reply loses to the five next move: the defender has no four, so it
  cannot win first), or it cannot block at all (two completing cells: a win).

Every defender reply is therefore accounted for, so a VCF found here is a forced
win in the full game (not only in the threat space): the **proof line** is
attacker, defender, attacker, ..., the final five.  VCF is not complete: "no
VCF" does not mean "no win" (wins through threes, VCT, are not searched).
``tests/mnk/test_mnk_vcf.py`` checks every VCF found on small boards against the
exact solver.

The search deepens one attacker move at a time (so the line found is a shortest
VCF), remembers positions that failed at a depth, and stops at a node budget or
a :class:`~reference.search.context.Deadline`; a stopped search reports
``complete = False``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from reference.bits import Bitboard, bit_indices
from reference.errors import ParameterError
from reference.mnk.geometry import Cell, Geometry, line_cells
from reference.mnk.rules import MNKState
from reference.search.context import DEADLINE_CHECK_INTERVAL, Deadline

VCF_DEFAULT_NODES: Final = 200_000
"""Default node budget of :func:`vcf_search` (our choice: a few seconds in Python on 15 x 15)."""


@dataclass(frozen=True, slots=True)
class VCFResult:
    """The outcome of a VCF search for the side to move (the attacker)."""

    win: bool
    """True when a forced win by continuous fours was found."""
    line: tuple[Cell, ...]
    """The proof line: attacker, defender, ..., the attacker's five (empty when no win)."""
    nodes: int
    """Attacker positions visited."""
    complete: bool
    """False when the node budget or the deadline stopped the search before it finished
    (then ``win`` is False and nothing is proven either way)."""

    @property
    def attacker_moves(self) -> int:
        """Moves of the attacker in the proof line, the five included (0 when no win)."""
        return (len(self.line) + 1) // 2


class _Stop(Exception):
    """The node budget or the deadline is exhausted."""


def four_cells(own: Bitboard, other: Bitboard, geo: Geometry) -> Bitboard:
    """The empty cells where ``own`` makes a four: K-lines with K - 2 own stones and no other.

    Placing a stone on one of the two empty cells of such a line leaves K - 1 own
    stones and one empty cell in it.
    """
    return line_cells(own, other, geo, geo.k - 2)


class _Searcher:
    __slots__ = ("deadline", "failed", "game", "max_nodes", "nodes")

    def __init__(self, game: MNKState, max_nodes: int | None, deadline: Deadline | None) -> None:
        self.game = game
        self.max_nodes = max_nodes
        self.deadline = deadline
        self.nodes = 0
        self.failed: dict[int, int] = {}
        """Key -> the largest depth at which no VCF exists from that position."""

    def visit(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise _Stop
        if (
            self.deadline is not None
            and self.nodes % DEADLINE_CHECK_INTERVAL == 0
            and self.deadline.passed()
        ):
            raise _Stop

    def attack(self, depth: int) -> tuple[Cell, ...] | None:
        """A VCF of at most ``depth`` attacker moves for the side to move (OR node)."""
        game = self.game
        self.visit()
        if game.is_terminal():
            return None
        attacker = game.to_move
        defender = 1 - attacker
        five = game.completing_cells(attacker)
        if five:
            return ((five & -five).bit_length() - 1,)  # a four of the attacker: five now
        if depth <= 1:
            return None
        key = game.key
        if self.failed.get(key, 0) >= depth:
            return None
        x_bits, o_bits = game.bits
        own, other = (x_bits, o_bits) if attacker == 0 else (o_bits, x_bits)
        candidates = four_cells(own, other, game.geometry)
        threats = game.completing_cells(defender)
        if threats:
            if threats & (threats - 1):
                candidates = 0  # two fours of the defender: one stone cannot block both
            else:
                candidates &= threats  # block the four, and make a four while doing it
        children: list[tuple[int, Cell, Bitboard]] = []
        for cell in bit_indices(candidates):
            game.make(cell)
            completing = game.completing_cells(attacker)
            if completing and not game.completing_cells(defender) and not game.is_terminal():
                children.append((-completing.bit_count(), cell, completing))
            game.unmake()
        children.sort()  # double fours (a win) first, then in cell order
        for _, cell, completing in children:
            block = (completing & -completing).bit_length() - 1
            if completing & (completing - 1):  # two completing cells: the defender blocks one
                rest = completing & ~(1 << block)
                return (cell, block, (rest & -rest).bit_length() - 1)
            game.make(cell)
            game.make(block)  # the defender's only reply that does not lose at once
            try:
                sub = self.attack(depth - 1)
            finally:
                game.unmake()
                game.unmake()
            if sub is not None:
                return (cell, block, *sub)
        self.failed[key] = depth
        return None


def vcf_search(
    game: MNKState,
    *,
    max_depth: int | None = None,
    max_nodes: int | None = VCF_DEFAULT_NODES,
    deadline: Deadline | None = None,
) -> VCFResult:
    """Search a win by continuous fours for the side to move; ``game`` is restored on return.

    ``max_depth`` bounds the attacker moves of the line (the five included; ``None``:
    no bound), ``max_nodes`` the attacker positions visited (``None``: no bound).
    Needs K >= 2 (a four is K - 1 stones).

    >>> game = MNKState(9, 9, 5)
    >>> for cell in ("c3", "b3", "d3", "a9", "e3", "i9", "f5", "a1", "f6", "i1"):
    ...     _ = game.play(game.parse_move(cell))
    >>> result = vcf_search(game)   # x: four on row 3, o must block g3, then a double four
    >>> result.win, [game.format_move(c) for c in result.line]
    (True, ['f3', 'g3', 'f4', 'f2', 'f7'])
    """
    if game.k < 2:
        raise ParameterError(f"VCF needs k >= 2 (a four is k - 1 stones), got k = {game.k}")
    if max_depth is not None and (isinstance(max_depth, bool) or max_depth < 1):
        raise ParameterError(f"VCF depth must be an integer >= 1, got {max_depth!r}")
    if max_nodes is not None and max_nodes < 1:
        raise ParameterError(f"VCF node budget must be >= 1, got {max_nodes}")
    limit = game.geometry.cells if max_depth is None else max_depth
    searcher = _Searcher(game, max_nodes, deadline)
    empty = game.geometry.cells - game.stones
    try:
        for depth in range(1, min(limit, empty // 2 + 1) + 1):
            line = searcher.attack(depth)
            if line is not None:
                return VCFResult(True, line, searcher.nodes, True)
    except _Stop:
        return VCFResult(False, (), searcher.nodes, False)
    return VCFResult(False, (), searcher.nodes, True)


def check_vcf_line(game: MNKState, line: tuple[Cell, ...]) -> bool:
    """Whether ``line`` is a VCF for the side to move: replayed on a copy, every attacker
    move but the last makes a four that leaves the defender no four, every defender
    move is the single cell blocking it (or the attacker had two), and the last
    attacker move completes K in a row.  Independent of the search (tests use it).
    """
    board = game.copy()
    attacker = board.to_move
    if not line or len(line) % 2 == 0:
        return False
    for index, cell in enumerate(line):
        if cell not in board.legal_moves():
            return False
        if index % 2 == 1:  # defender: must take a cell the attacker would complete
            if not board.completing_cells(attacker) >> cell & 1:
                return False
            board.make(cell)
            continue
        board.make(cell)
        if index == len(line) - 1:
            return board.winner() == attacker
        if board.is_terminal() or not board.completing_cells(attacker):
            return False
        if board.completing_cells(1 - attacker):
            return False  # the defender could complete K first
    return False
