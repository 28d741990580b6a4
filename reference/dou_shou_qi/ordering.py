"""The thesis's move ordering for alpha-beta: captures, then lion, tiger, elephant, mouse moves, then the rest.

Seed 003, §11 ("We search capturing moves first, then lion, tiger, elephant and
mouse moves, and then all remaining moves").

The game applies this order inside ``legal_moves`` when its ``ordering`` switch is
on (:class:`~reference.dou_shou_qi.rules.DouShouQi`, which files each move into the
bucket :data:`KIND_PRIORITY` gives it while generating), so every search of the
core (minimax, alpha-beta, ...) sees ordered moves without knowing about them.
Ties keep the generation order (pieces by increasing square, directions up, down,
left, right, then jumps): the sort is stable.  :func:`order_moves` is the literal
version (a stable sort on :func:`move_priority`), the tests' oracle for the
bucketed one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Protocol

from reference.dou_shou_qi.geometry import Kind, Square
from reference.dou_shou_qi.notation import Move, Piece
from reference.errors import ParameterError

ORDERINGS: Final = ("thesis", "none")
"""The move orders of ``DouShouQi.ordering`` (``--ordering``): ``"thesis"`` lists the legal
moves in §11's order (captures, lion, tiger, elephant, mouse, the rest), ``"none"`` in
generation order (by square, then direction)."""

THESIS_ORDER: Final = ORDERINGS[0]
"""§11's order, the default."""


def check_ordering(ordering: str) -> str:
    """``ordering`` when it is one of :data:`ORDERINGS`; raise :class:`ParameterError`."""
    if ordering not in ORDERINGS:
        raise ParameterError(f"unknown ordering {ordering!r}: allowed {', '.join(ORDERINGS)}")
    return ordering


CAPTURE_PRIORITY = 0
"""Priority of every capturing move (searched first)."""

KIND_PRIORITY: tuple[int, ...] = (
    5,  # (no kind 0)
    4,  # mouse
    5,  # cat
    5,  # wolf
    5,  # dog
    5,  # hyena
    2,  # tiger
    1,  # lion
    3,  # elephant
)
"""Priority of a non-capturing move by the moving piece's kind: lion 1, tiger 2, elephant 3, mouse 4, rest 5."""

NUM_PRIORITIES = 6


class PiecesOnSquares(Protocol):
    """What :func:`order_moves` reads of a position: the piece on a square."""

    def piece_at(self, sq: Square) -> Piece | None: ...


def move_priority(kind: Kind, is_capture: bool) -> int:
    """The bucket of a move in the §11 order (0 = searched first)."""
    return CAPTURE_PRIORITY if is_capture else KIND_PRIORITY[kind]


def order_moves(position: PiecesOnSquares, moves: Sequence[Move]) -> list[Move]:
    """Stable-sort ``moves`` (legal in ``position``) into the §11 order.

    Seed 003, §11, move ordering.  The non-move (pass) goes last.
    """

    def priority(move: Move) -> int:
        if move.src < 0:
            return NUM_PRIORITIES
        mover = position.piece_at(move.src)
        assert mover is not None
        return move_priority(mover.kind, position.piece_at(move.dst) is not None)

    return sorted(moves, key=priority)
