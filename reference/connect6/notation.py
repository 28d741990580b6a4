"""Text notation for Connect6 points, moves and positions.

Issue 5's notation (the seed, a course report, has none).

Points: a column letter ``a, b, c, ...`` (no letter skipped) and a row number
``1, 2, ...``, ``a1`` at the bottom left: ``j10`` is the centre of 19 x 19.

Moves: one point (black's opening stone, or the last stone on a board with one
empty point left) or two points joined by a comma: ``i9,k11``.  A move is stored as
a tuple of points in increasing order, so ``k11,i9`` and ``i9,k11`` are the same
move; :func:`format_move` writes the canonical order.

Positions: three fields separated by ``/``::

    19/j10,k10/i9,k11        size / black stones / white stones
    9//                      the empty 9 x 9 board

The side to move is not written: it follows from the stone counts (black opens
with one stone, then each side adds two), so a position is valid only when
``#black == #white + 1`` (white to move), ``#black == #white - 1 >= 1`` or both are 0
(black to move), or the board is full with ``#black == #white`` (the last, single
stone of an even board).  Also rejected: a point outside the board, a point
listed twice, a side to move that already has six in a row, both sides with six.
:func:`format_position` lists each colour's points in increasing order (a1, b1,
..., a2, ...), so ``format_position(parse_position(s))`` is canonical and
``parse_position(format_position(p)) == p``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reference.connect6.geometry import (
    COLUMN_LETTERS,
    Bitboard,
    Geometry,
    Player,
    Point,
    check_size,
    geometry,
    has_six,
    iter_bits,
)
from reference.errors import ParameterError, PositionFormatError

Move = tuple[Point, ...]
"""One or two points, in increasing order."""

_POINT_RE = re.compile(r"([a-z])([0-9]{1,2})")


def parse_point(geo: Geometry, text: str) -> Point:
    """Parse ``j10`` into a point of ``geo``'s board (raise ``PositionFormatError``)."""
    token = text.strip().lower()
    match = _POINT_RE.fullmatch(token)
    last = COLUMN_LETTERS[geo.size - 1]
    if match is None:
        raise PositionFormatError(
            f"bad point {text!r}: expected a column letter a..{last} and a row 1..{geo.size}, "
            "e.g. 'j10'"
        )
    col = ord(match.group(1)) - ord("a")
    row = int(match.group(2)) - 1
    if not (0 <= col < geo.size and 0 <= row < geo.size) or match.group(2).startswith("0"):
        raise PositionFormatError(
            f"point {text!r} is off the {geo.size}x{geo.size} board: columns a..{last}, "
            f"rows 1..{geo.size}"
        )
    return geo.point(col, row)


def format_point(geo: Geometry, point: Point) -> str:
    """``point`` as a column letter and row number, e.g. ``j10``."""
    col, row = geo.col_row(point)
    return f"{COLUMN_LETTERS[col]}{row + 1}"


def parse_move(geo: Geometry, text: str) -> Move:
    """Parse ``j10`` or ``i9,k11`` into a move (points sorted); legality is not checked."""
    parts = text.split(",")
    if not 1 <= len(parts) <= 2:
        raise PositionFormatError(
            f"bad move {text!r}: a move is one point or two points joined by a comma, e.g. 'i9,k11'"
        )
    points = tuple(sorted(parse_point(geo, part) for part in parts))
    if len(points) == 2 and points[0] == points[1]:
        raise PositionFormatError(f"bad move {text!r}: the two points must differ")
    return points


def format_move(geo: Geometry, move: Move) -> str:
    """The move as ``j10`` or ``i9,k11`` (points in increasing order)."""
    return ",".join(format_point(geo, p) for p in sorted(move))


@dataclass(frozen=True, slots=True)
class Position:
    """A Connect6 position: board size and the two colours' stones."""

    size: int
    black: Bitboard
    white: Bitboard

    @property
    def to_move(self) -> Player:
        """The side to move, from the stone counts (see the module docstring)."""
        return Player.WHITE if self.black.bit_count() > self.white.bit_count() else Player.BLACK


def check_position(position: Position) -> Position:
    """Return ``position`` if it can arise in a game, else raise ``PositionFormatError``."""
    geo = geometry(position.size)
    black, white = position.black, position.white
    if (black | white) & ~geo.board_mask:
        raise PositionFormatError("a stone lies outside the board")
    if black & white:
        raise PositionFormatError("a point holds both a black and a white stone")
    nb, nw = black.bit_count(), white.bit_count()
    full = nb + nw == geo.size * geo.size
    if not (nb == nw + 1 or 1 <= nb == nw - 1 or nb == nw == 0 or (full and nb == nw)):
        raise PositionFormatError(
            f"impossible stone counts: {nb} black, {nw} white; black opens with one stone and "
            "each side then adds two, so black must have one more (white to move), one fewer "
            "(black to move, after its opening stone) or both none"
        )
    black_six = has_six(geo, black)
    white_six = has_six(geo, white)
    if black_six and white_six:
        raise PositionFormatError("both sides have six in a row: the game ended at the first")
    mover = position.to_move
    if (mover == Player.BLACK and black_six) or (mover == Player.WHITE and white_six):
        raise PositionFormatError(
            f"the side to move ({mover.name.lower()}) already has six in a row: "
            "the game ended when it was made"
        )
    return position


def parse_position(text: str) -> Position:
    """Parse ``size/black points/white points`` (see the module docstring)."""
    fields = text.strip().split("/")
    if len(fields) != 3:
        raise PositionFormatError(
            f"bad position {text!r}: expected 'size/black points/white points', "
            "e.g. '19/j10,k10/i9,k11' or '9//'"
        )
    size_text = fields[0].strip()
    if not size_text.isdigit():
        raise PositionFormatError(f"bad board size {size_text!r} in position: expected a number")
    try:
        geo = geometry(check_size(int(size_text)))
    except ParameterError as error:
        raise PositionFormatError(str(error)) from None
    boards = [0, 0]
    seen = 0
    for colour, field in enumerate(fields[1:]):
        stripped = field.strip()
        if not stripped:
            continue
        for token in stripped.split(","):
            point = parse_point(geo, token)
            if seen >> point & 1:
                raise PositionFormatError(f"point {token.strip()!r} is listed twice")
            seen |= 1 << point
            boards[colour] |= 1 << point
    return check_position(Position(geo.size, boards[0], boards[1]))


def format_position(position: Position) -> str:
    """The canonical ``size/black points/white points`` text of ``position``."""
    geo = geometry(position.size)
    black = ",".join(format_point(geo, p) for p in iter_bits(position.black))
    white = ",".join(format_point(geo, p) for p in iter_bits(position.white))
    return f"{position.size}/{black}/{white}"
