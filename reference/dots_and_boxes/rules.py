"""The Dots and Boxes rules class: make / unmake with the Zobrist key, legal moves, the end.

Seed 000, §II.A (rules).  A position is the edge set (:mod:`.geometry`), the boxes each
player has completed and the side to move.  The value of a position is the net number of
boxes the side to move wins *from here on*: ``make`` returns the boxes the mover
completed (0, 1 or 2), the turn passes only when that is 0, and neither the score so far
nor the side to move is part of the key (the same edge set has the same value for whoever
is to move).  Moves and positions are read and written by :mod:`.notation`; the search
order and the capture rule of :meth:`DotsAndBoxes.search_moves` are in :mod:`.ordering`,
the evaluation of formulas 17-18 in :mod:`.evaluation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from reference.bits import bit_indices
from reference.dots_and_boxes.evaluation import evaluate_position
from reference.dots_and_boxes.geometry import Edge, Edges, Side, geometry
from reference.dots_and_boxes.notation import (
    Position,
    edge_name,
    format_position,
    parse_edge,
    parse_position,
    render,
    result_text,
)
from reference.dots_and_boxes.ordering import CAPTURES_FIRST, check_ordering, ordered_moves
from reference.errors import IllegalMoveError
from reference.search.protocol import Key, Score

DEFAULT_SIZE = 2
"""Rows and columns of boxes when none are given (our choice: the command line's default too)."""

SWITCHES = ("capture_rule", "symmetry", "chain_rule", "endgame_rule", "corner_rule")
"""The keyword switches of :class:`DotsAndBoxes` (the solving aids and the exact solver's
rules), each on by default; beside them ``ordering``, the move order (one of
:data:`.ordering.ORDERINGS`)."""


_SIDES = (Side.A, Side.B)
"""Each side by its number (indexing a tuple is quicker than calling ``Side``)."""
_OTHER = (Side.B, Side.A)
"""The opponent of each side, indexed by side."""

_MIX = 0x9E3779B97F4A7C15
_MASK64 = (1 << 64) - 1


def fold64(value: int) -> Key:
    """Fold an arbitrary non-negative int to 64 bits (multiply-xorshift per 64-bit limb)."""
    h = 0
    while True:
        h = ((h ^ (value & _MASK64)) * _MIX) & _MASK64
        h ^= h >> 29
        value >>= 64
        if not value:
            return h


class DotsAndBoxes:
    """A mutable Dots and Boxes position: the game protocol of :mod:`reference.search`.

    Seed 000, §II.A.  ``capture_rule``, ``ordering`` and ``symmetry`` switch the
    solving aids of :meth:`search_moves` and :meth:`tt_key` (each is tested to leave
    values unchanged); with ``chain_rule``, ``endgame_rule`` and ``corner_rule`` all six
    are the rules of the exact solver (:mod:`.engine`, the registry's exact solver).

    >>> g = DotsAndBoxes(1, 1)
    >>> [g.format_move(m) for m in g.legal_moves()]
    ['h0,0', 'h1,0', 'v0,0', 'v0,1']
    >>> g.play(g.parse_move("h0,0")), g.play(g.parse_move("h1,0")), g.play(g.parse_move("v0,0"))
    (0, 0, 0)
    >>> g.play(g.parse_move("v0,1")), g.scores, g.is_terminal()
    (1, (0, 1), True)
    """

    __slots__ = (
        "_counts",
        "_history",
        "_scores",
        "capture_rule",
        "chain_rule",
        "checkpoint",
        "corner_rule",
        "edges",
        "endgame_rule",
        "geo",
        "key",
        "ordering",
        "symmetry",
        "to_move",
    )

    def __init__(
        self,
        rows: int = DEFAULT_SIZE,
        cols: int = DEFAULT_SIZE,
        *,
        capture_rule: bool = True,
        ordering: str = CAPTURES_FIRST,
        symmetry: bool = True,
        chain_rule: bool = True,
        endgame_rule: bool = True,
        corner_rule: bool = True,
    ) -> None:
        self.geo = geometry(rows, cols)
        self.edges: Edges = 0
        self.key: Key = 0
        """Zobrist key of the edge set (no score, no side to move)."""
        self.to_move = Side.A
        self._scores = [0, 0]
        self._counts = [0] * self.geo.num_boxes
        """Sides drawn per box, kept by make / unmake."""
        self._history: list[int] = []
        """One int per move made: edge | completed << 16 | mover << 18."""
        self.capture_rule = capture_rule
        self.ordering = check_ordering(ordering)
        """The move order, one of :data:`.ordering.ORDERINGS` (``"edges"``: none)."""
        self.symmetry = symmetry
        self.chain_rule = chain_rule
        """Exact solver (:mod:`.engine`): independent chains and loops opened once per kind."""
        self.endgame_rule = endgame_rule
        """Exact solver: simple loony endgames valued by formula (:mod:`.endgame`)."""
        self.corner_rule = corner_rule
        """Exact solver: the border edges of one box are interchangeable in the table key."""
        self.checkpoint: str | None = None
        """Exact solver: a file to save the solve to and resume it from (:mod:`.checkpoint`)."""

    # --- read-only views -------------------------------------------------------------
    @property
    def rows(self) -> int:
        return self.geo.rows

    @property
    def cols(self) -> int:
        return self.geo.cols

    @property
    def scores(self) -> tuple[int, int]:
        """Boxes completed so far by player 0 and player 1."""
        return self._scores[0], self._scores[1]

    @property
    def moves_played(self) -> int:
        return len(self._history)

    @property
    def history(self) -> tuple[Edge, ...]:
        """The moves made since construction (or since the position was set), oldest first."""
        return tuple(record & 0xFFFF for record in self._history)

    def winner(self) -> Side | None:
        """The side with more boxes once every edge is drawn (``None``: a draw, or not over)."""
        if not self.is_terminal() or self._scores[0] == self._scores[1]:
            return None
        return Side.A if self._scores[0] > self._scores[1] else Side.B

    def player_name(self, side: int) -> str:
        """``player 1`` (side A, player 0 of the notation) or ``player 2`` (the command line's names)."""
        return f"player {int(side) + 1}"

    def box_sides(self, box: int) -> int:
        """How many sides of box number ``box`` are drawn."""
        return self._counts[box]

    def switches(self) -> dict[str, bool]:
        """The keyword switches this position was built with (:data:`SWITCHES`)."""
        return {name: getattr(self, name) for name in SWITCHES}

    def settings(self) -> dict[str, bool | str]:
        """The switches and the move order: every keyword option of the constructor."""
        return {**self.switches(), "ordering": self.ordering}

    def copy(self) -> Self:
        """An independent copy (same class, position, switches and history)."""
        other = type(self)(self.rows, self.cols, ordering=self.ordering, **self.switches())
        other.checkpoint = self.checkpoint
        other.edges = self.edges
        other.key = self.key
        other.to_move = self.to_move
        other._scores = list(self._scores)
        other._counts = list(self._counts)
        other._history = list(self._history)
        return other

    # --- the rules -----------------------------------------------------------------------
    def make(self, move: Edge) -> int:
        """Draw edge ``move`` (unchecked); return the boxes completed (0, 1 or 2).

        The turn passes only when no box was completed (seed 000, §II.A: "Once a
        player captures a grid cell, they get an extra turn").
        """
        geo = self.geo
        self.edges |= 1 << move
        self.key ^= geo.zobrist[move]  # Zobrist: the drawn edge's key in
        counts = self._counts
        completed = 0
        for b in geo.edge_boxes[move]:
            counts[b] += 1
            if counts[b] == 4:
                completed += 1
        mover = self.to_move
        self._history.append(move | completed << 16 | mover << 18)
        if completed:
            self._scores[mover] += completed
        else:
            self.to_move = _OTHER[mover]
        return completed

    def unmake(self) -> None:
        """Take back the last move: edges, score, side to move and key are restored."""
        record = self._history.pop()
        move = record & 0xFFFF
        mover = record >> 18  # an int here: indexing with it is quicker than with a Side
        self.edges ^= 1 << move
        self.key ^= self.geo.zobrist[move]  # Zobrist: the erased edge's key out
        counts = self._counts
        for b in self.geo.edge_boxes[move]:
            counts[b] -= 1
        self._scores[mover] -= (record >> 16) & 3
        self.to_move = _SIDES[mover]

    def legal_moves(self) -> Sequence[Edge]:
        """Every undrawn edge (the rules), in search order unless ``ordering`` is ``"edges"``."""
        return ordered_moves(self.geo, self.edges, self._counts, self._ordered(), False)

    def is_terminal(self) -> bool:
        return self.edges == self.geo.full

    def terminal_score(self) -> Score:
        """0: boxes were already counted by ``make`` (a points game)."""
        return 0

    # --- what a search adds to the rules ---------------------------------------------------
    selective = False
    """The capture rule is a sound pruning (it keeps the value), not a heuristic one."""
    counts_points = True
    """The value of a position is the net number of boxes the side to move wins from here."""

    def search_moves(self) -> Sequence[Edge]:
        """The edges a search tries: :meth:`legal_moves` pruned by the capture rule
        (when ``capture_rule`` is on, :mod:`.ordering`), which never changes the value."""
        return ordered_moves(self.geo, self.edges, self._counts, self._ordered(), self.capture_rule)

    def _ordered(self) -> bool:
        return self.ordering == CAPTURES_FIRST

    def evaluate(self) -> Score:
        """Heuristic: the chain evaluation of formulas 17-18 (:mod:`.evaluation`)."""
        return evaluate_position(self.geo, self.edges)

    def tt_key(self) -> Key:
        """The table key: the edge set itself (canonical over symmetries when ``symmetry``).

        The edge set is the exact state (score and side to move do not change the
        value), so for boards of at most 64 edges the key is collision-free.  Larger
        boards fold it to 64 bits with a multiplicative mix (:func:`fold64`).
        """
        edges = self.geo.canonical(self.edges) if self.symmetry else self.edges
        if self.geo.num_edges <= 64:
            return edges
        return fold64(edges)

    def max_plies_left(self) -> int:
        """The undrawn edges: each move draws one."""
        return self.geo.num_edges - self.edges.bit_count()

    # --- the checked interface -----------------------------------------------------------
    def play(self, move: Edge) -> int:
        """Validate and make ``move``; raise ``IllegalMoveError`` when it is not legal."""
        if not isinstance(move, int) or not 0 <= move < self.geo.num_edges:
            raise IllegalMoveError(
                f"no edge {move!r} on a {self.rows}x{self.cols} board "
                f"(edges are 0..{self.geo.num_edges - 1})"
            )
        if self.edges >> move & 1:
            raise IllegalMoveError(f"edge {self.format_move(move)} is already drawn")
        return self.make(move)

    def parse_move(self, text: str) -> Edge:
        """Parse ``h<r>,<c>`` or ``v<r>,<c>`` (OpenSpiel names); legality is not checked."""
        return parse_edge(self.rows, self.cols, text)

    def format_move(self, move: Edge) -> str:
        return edge_name(self.rows, self.cols, move)

    def to_notation(self) -> str:
        """``<R>x<C>:<edges hex>:<score 0>:<score 1>:<to move>`` (:mod:`.notation`)."""
        return format_position(
            Position(self.rows, self.cols, self.edges, self.scores, int(self.to_move))
        )

    @classmethod
    def from_notation(
        cls, text: str, *, ordering: str = CAPTURES_FIRST, **switches: bool
    ) -> DotsAndBoxes:
        """Parse :meth:`to_notation`'s format (:func:`.notation.parse_position`); the
        keyword options are the constructor's.  Raise ``PositionFormatError`` on bad input.
        """
        position = parse_position(text)
        game = cls(position.rows, position.cols, ordering=ordering, **switches)
        game.set_position(position.edges, position.scores, position.to_move)
        return game

    def set_position(self, edges: Edges, scores: tuple[int, int], to_move: int) -> None:
        """Set the position directly (clears the history; used by from_notation)."""
        geo = self.geo
        self.edges = edges
        self.key = 0
        for e in bit_indices(edges):
            self.key ^= geo.zobrist[e]
        self._counts = [(edges & m).bit_count() for m in geo.box_masks]
        self._scores = [scores[0], scores[1]]
        self.to_move = Side(to_move)
        self._history = []

    def _repr_svg_(self) -> str:
        """The board as a picture (Jupyter shows it in place of the text)."""
        from reference.dots_and_boxes.drawing import board_svg

        a, b = self.scores
        state = "game over" if self.is_terminal() else f"player {self.to_move + 1} to move"
        return board_svg(self.geo, self.edges, title=f"{a}-{b}, {state}")

    def render(self) -> str:
        """Dots ``+``, lines ``---`` and ``|``, completed boxes ``#`` (owners are not kept)."""
        status = "game over" if self.is_terminal() else f"player {self.to_move + 1} to move"
        score = f"score {self._scores[0]}-{self._scores[1]}, {status}"
        return "\n".join([*render(self.geo, self.edges), score])

    def result_text(self) -> str:
        """The result of a finished game, for the command line's ``play``."""
        return result_text(self.scores)
