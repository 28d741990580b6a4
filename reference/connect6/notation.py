"""Text notation for Connect6 points, moves and positions.

Our notation (the seed, a course report, has none).

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
with one stone, then each side adds two, so black's count is always odd), so a
position is valid only when ``#black == #white + 1`` with ``#black`` odd (white to
move), ``#black == #white - 1`` with ``#black`` odd (black to move), both are 0
(black to move), or the board is full with ``#black == #white`` (the last, single
stone of an even board, which is black's).  Also rejected: a point outside the
board, a point listed twice, a size or row not written with the digits 0-9, a
side to move that already has six in a row, both sides with six, and sixes that
the winner's last move (one or two stones) cannot have made all at once.
:func:`format_position` lists each colour's points in increasing order (a1, b1,
..., a2, ...), so ``format_position(parse_position(s))`` is canonical and
``parse_position(format_position(p)) == p``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reference.bits import Bitboard, bit_indices
from reference.connect6.geometry import (
    COLUMN_LETTERS,
    Geometry,
    Point,
    Side,
    check_size,
    geometry,
    has_six,
)
from reference.digits import parse_natural
from reference.errors import ParameterError, PositionFormatError

Move = tuple[Point, ...]
"""One or two points, in increasing order."""

_POINT_RE = re.compile(r"([a-z])([0-9]{1,2})")


def parse_point(geo: Geometry, text: str) -> Point:
    """Parse ``j10`` into a point of ``geo``'s board (raise ``PositionFormatError``)."""
    token = text.strip().lower()
    match = _POINT_RE.fullmatch(token) if text.isascii() else None
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


_POINT_NAMES: dict[tuple[int, int], dict[Point, str]] = {}
"""Every real point's name per board shape (size, stride), made once: a 19 x 19 perft 1
formats 64,980 pairs."""


def _point_names(geo: Geometry) -> dict[Point, str]:
    key = (geo.size, geo.stride)
    names = _POINT_NAMES.get(key)
    if names is None:
        names = {p: format_point(geo, p) for p in range(geo.size * geo.stride) if geo.on_board(p)}
        _POINT_NAMES[key] = names
    return names


def format_move(geo: Geometry, move: Move) -> str:
    """The move as ``j10`` or ``i9,k11`` (points in increasing order)."""
    names = _point_names(geo)
    if len(move) == 2:
        first, second = move
        if first > second:
            first, second = second, first
        if first in names and second in names:
            return f"{names[first]},{names[second]}"
    return ",".join(format_point(geo, p) for p in sorted(move))


@dataclass(frozen=True, slots=True)
class Position:
    """A Connect6 position: board size and the two colours' stones."""

    size: int
    black: Bitboard
    white: Bitboard

    @property
    def to_move(self) -> Side:
        """The side to move, from the stone counts (see the module docstring).

        On a full board (``#black == #white``) black placed the last stone, so white is
        to move (the game is over).
        """
        nb, nw = self.black.bit_count(), self.white.bit_count()
        return Side.WHITE if nb > nw or nb == nw > 0 else Side.BLACK


def _one_move_made_every_six(geo: Geometry, stones: Bitboard, placed: int) -> bool:
    """True when removing at most ``placed`` (1 or 2) of ``stones`` leaves no six in a row.

    A game ends at the first six, so every six of the winner contains a stone of its
    last move.  Each six contains a removed stone: try the stones of the first six,
    then (for a pair) the stones of the first six the first stone misses.
    """
    sixes = [mask for mask in geo.road_masks if stones & mask == mask]
    if not sixes:
        return True
    for p in bit_indices(sixes[0]):
        missed = [mask for mask in sixes if not mask >> p & 1]
        if not missed:
            return True
        if placed == 2 and any(
            all(mask >> q & 1 for mask in missed) for q in bit_indices(missed[0])
        ):
            return True
    return False


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
    odd = nb % 2 == 1
    if not ((odd and nb == nw + 1) or (odd and nb == nw - 1) or nb == nw == 0 or (full and nb == nw)):
        raise PositionFormatError(
            f"impossible stone counts: {nb} black, {nw} white; black opens with one stone and "
            "each side then adds two, so black's count is odd and black has one more (white "
            "to move) or one fewer (black to move), or both have none"
        )
    black_six = has_six(geo, black)
    white_six = has_six(geo, white)
    if black_six and white_six:
        raise PositionFormatError("both sides have six in a row: the game ended at the first")
    mover = position.to_move
    if (mover == Side.BLACK and black_six) or (mover == Side.WHITE and white_six):
        raise PositionFormatError(
            f"the side to move ({mover.name.lower()}) already has six in a row: "
            "the game ended when it was made"
        )
    if black_six or white_six:
        winner, stones = (Side.BLACK, black) if black_six else (Side.WHITE, white)
        placed = 1 if full or stones.bit_count() == 1 else 2
        if not _one_move_made_every_six(geo, stones, placed):
            raise PositionFormatError(
                f"impossible position: {winner.name.lower()}'s sixes in a row cannot all have "
                f"been made by its last move ({placed} stone{'s' if placed == 2 else ''}); "
                "the game ends at the first six"
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
    try:
        geo = geometry(check_size(parse_natural(size_text, "board size")))
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
    black = ",".join(format_point(geo, p) for p in bit_indices(position.black))
    white = ",".join(format_point(geo, p) for p in bit_indices(position.white))
    return f"{position.size}/{black}/{white}"


BOARD_LEGEND = (
    "X black, O white, . empty; columns a, b, ... from the left, rows 1, 2, ... from the bottom"
)
"""What the characters of the text board mean (``show`` prints it under the board)."""
