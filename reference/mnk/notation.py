"""Cell and position notation of the (M,N,K)-game.

Seed 001, §Introduction (the board is an M x N grid, X moves first).

**Cells.**  A cell is written as its column letter (``a`` for the leftmost of the
M columns) followed by its row number (``1`` for the bottom row of the N rows):
``a1`` is the bottom-left cell, ``b2`` the cell diagonally above it.  Inside the
program a cell is the integer ``row * M + column`` (``a1`` = 0, ``b1`` = 1, ...),
which is also the index of its bit in a bitboard.

**Positions.**  A position is written as its rows from the *top* (row N) to the
bottom (row 1), separated by ``/``, each row being M characters ``x`` (a stone of
the first player), ``o`` (the second player) or ``.`` (empty), then one space and
the side to move, ``x`` or ``o``::

    "x../.o./... x"      3 x 3: x on a3, o on b2, x to move
    "..../..../..../.... x"   the empty 4 x 4 board

Upper-case ``X`` / ``O`` are accepted on input; output is lower case.  Because x
moves first, ``count(x) - count(o)`` must be 0 (x to move) or 1 (o to move) and
the side to move must agree with the counts.  The rules that need K (at most
one side has K in a row, and it is the side that just moved) are checked by
:func:`check_k_lines` (called by :meth:`reference.mnk.rules.MNKState.from_notation`).
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.bits import Bitboard, bit_indices
from reference.digits import is_digits
from reference.errors import ParameterError, PositionFormatError
from reference.mnk.geometry import Cell, Geometry, check_dimensions, has_k_line

COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"

X_CHAR = "x"
O_CHAR = "o"
EMPTY_CHAR = "."
SIDE_CHARS = (X_CHAR, O_CHAR)


def format_cell(cell: Cell, m: int) -> str:
    """``cell`` as column letter + row number, e.g. ``format_cell(4, 3) == "b2"``."""
    row, column = divmod(cell, m)
    return f"{COLUMN_LETTERS[column]}{row + 1}"


def parse_cell(text: str, m: int, n: int) -> Cell:
    """Parse a cell such as ``"b2"`` on an ``m x n`` board; raise ``PositionFormatError``."""
    stripped = text.strip()
    if (
        len(stripped) < 2
        or not stripped.isascii()
        or stripped[0].lower() not in COLUMN_LETTERS
        or not is_digits(stripped[1:])
        or (stripped[1] == "0" and len(stripped) > 2)
    ):
        raise PositionFormatError(
            f"bad cell {text!r}: expected a column letter and a row number (digits 0-9, "
            "no leading zero), e.g. 'b2'"
        )
    column = COLUMN_LETTERS.index(stripped[0].lower())
    digits = stripped[1:]
    row = int(digits) - 1 if len(digits) <= 3 else n  # a longer row number is off the board
    if column >= m or not 0 <= row < n:
        raise PositionFormatError(
            f"cell {text!r} is off the {m}x{n} board: columns a..{COLUMN_LETTERS[m - 1]}, "
            f"rows 1..{n}"
        )
    return row * m + column


@dataclass(frozen=True, slots=True)
class ParsedPosition:
    """The board of a position string, before the K-dependent checks."""

    m: int
    n: int
    x_bits: Bitboard
    o_bits: Bitboard
    to_move: int
    """0 when x is to move, 1 when o is to move."""


def parse_position(text: str, m: int | None = None, n: int | None = None) -> ParsedPosition:
    """Parse a position (see the module docstring); check its shape and piece counts.

    ``m`` / ``n``, when given, must match the number of columns / rows in ``text``.
    """
    parts = text.split()
    if len(parts) != 2:
        raise PositionFormatError(
            f"bad position {text!r}: expected rows separated by '/', a space and the side "
            "to move, e.g. 'x../.o./... x'"
        )
    board_text, side_text = parts
    rows = board_text.split("/")
    if n is not None and len(rows) != n:
        raise PositionFormatError(f"position has {len(rows)} rows, the board has n = {n}")
    width = len(rows[0])
    if m is not None and width != m:
        raise PositionFormatError(f"position has {width} columns, the board has m = {m}")
    try:
        check_dimensions(width, len(rows))
    except ParameterError as error:
        raise PositionFormatError(f"bad position {text!r}: {error}") from None
    x_bits, o_bits = _parse_rows(rows, width)
    to_move = _side_to_move(side_text, x_bits, o_bits)
    return ParsedPosition(width, len(rows), x_bits, o_bits, to_move)


def _parse_rows(rows: list[str], width: int) -> tuple[Bitboard, Bitboard]:
    """The bitboards (x, o) of the rows, top row first."""
    x_bits = 0
    o_bits = 0
    for index, row_text in enumerate(rows):
        if len(row_text) != width:
            raise PositionFormatError(
                f"row {index + 1} from the top has {len(row_text)} cells, expected {width}"
            )
        row = len(rows) - 1 - index
        for column, char in enumerate(row_text.lower()):
            bit = 1 << (row * width + column)
            if char == X_CHAR:
                x_bits |= bit
            elif char == O_CHAR:
                o_bits |= bit
            elif char != EMPTY_CHAR:
                raise PositionFormatError(
                    f"bad character {char!r} in row {index + 1} from the top: allowed x, o, ."
                )
    return x_bits, o_bits


def _side_to_move(side_text: str, x_bits: Bitboard, o_bits: Bitboard) -> int:
    """0 (x) or 1 (o): the side written, which must be the one the stone counts say (x first)."""
    side = side_text.lower()
    if side not in SIDE_CHARS:
        raise PositionFormatError(f"bad side to move {side_text!r}: allowed x or o")
    difference = x_bits.bit_count() - o_bits.bit_count()
    if difference not in (0, 1):
        raise PositionFormatError(
            f"impossible position: x has {x_bits.bit_count()} stones and o has "
            f"{o_bits.bit_count()}; x moves first, so x must have as many stones as o or one more"
        )
    if SIDE_CHARS.index(side) != difference:
        expected = SIDE_CHARS[difference]
        raise PositionFormatError(
            f"side to move {side!r} does not match the stone counts: {expected} is to move"
        )
    return difference


def check_k_lines(position: ParsedPosition, geo: Geometry) -> bool:
    """Whether the game is over; raise :class:`PositionFormatError` for impossible K-lines.

    At most one side has K in a row, it is the side that made the last move, and one
    last stone can have completed all its K-lines.
    """
    x_line = has_k_line(position.x_bits, geo)
    o_line = has_k_line(position.o_bits, geo)
    if x_line and o_line:
        raise PositionFormatError("impossible position: both x and o have k in a row")
    if not (x_line or o_line):
        return False
    winner = 0 if x_line else 1
    name = SIDE_CHARS[winner]
    if winner == position.to_move:
        raise PositionFormatError(
            f"impossible position: {name} has k in a row but did not make the last move"
        )
    bits = position.o_bits if winner else position.x_bits
    if all(has_k_line(bits & ~(1 << cell), geo) for cell in bit_indices(bits)):
        raise PositionFormatError(
            f"impossible position: {name}'s k-lines cannot all have been completed "
            "by one last stone"
        )
    return True


def board_rows(x_bits: Bitboard, o_bits: Bitboard, m: int, n: int, chars: str) -> list[str]:
    """The rows from the top, one character per cell: ``chars`` is (x, o, empty)."""
    rows = []
    for row in range(n - 1, -1, -1):
        line = []
        for column in range(m):
            bit = 1 << (row * m + column)
            line.append(chars[0] if x_bits & bit else chars[1] if o_bits & bit else chars[2])
        rows.append("".join(line))
    return rows


def format_position(x_bits: Bitboard, o_bits: Bitboard, m: int, n: int) -> str:
    """The position string of a board (side to move taken from the counts)."""
    rows = board_rows(x_bits, o_bits, m, n, X_CHAR + O_CHAR + EMPTY_CHAR)
    side = SIDE_CHARS[x_bits.bit_count() - o_bits.bit_count()]
    return "/".join(rows) + " " + side


BOARD_LEGEND = (
    "X first player's stone, O second player's, . empty; columns a, b, ... from the left, rows 1, 2, ... from the bottom"
)
"""What the characters of the text board mean (``show`` prints it under the board)."""
