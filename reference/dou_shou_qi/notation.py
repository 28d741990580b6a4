"""Text notation for Dou Shou Qi positions and moves.

Seed 003, §1.2 (algebraic squares) and §2.1 (pieces); the piece-list form is ours
(the thesis prints positions only as diagrams).

Position (piece-list form)::

    A: Ta1 Lg1 Cb2 Df2 Ea3 Wc3 He3 Mg3 / B: Ma7 Hc7 We7 Eg7 Db8 Cf8 La9 Tg9 / A

* field 1 ``A:`` then A's pieces, field 2 ``B:`` then B's pieces, each piece a
  letter (M mouse, C cat, W wolf, D dog, H hyena, T tiger, L lion, E elephant)
  and a square ``a1``..``g9``; a side may have no pieces (``B: -`` or ``B:``);
* field 3 the side to move, ``A`` or ``B``;
* an optional field 4: the number of plies already played (for the draw limit),
  written only when it is not 0.

Fields are separated by ``/``; whitespace around tokens is free.  The canonical
form (what :func:`format_placement` writes) lists each side's pieces by increasing
square index (a1, b1, ..., g1, a2, ...), which is the order of the example above.

Rejected: unknown letters or squares, two pieces on one square, two pieces of the
same kind on one side, a non-mouse on water, a piece in its own den, a side to
move that already stands in the opponent's den, both dens occupied, no pieces at all,
a side without pieces that is not to move (the game ended when it lost its last
piece), a ply count not written with the digits 0-9 (or, in
:class:`~reference.dou_shou_qi.rules.DouShouQi`, beyond the draw limit).

Moves are ``from-to`` (``e3-d3``); the pass / non-move of the split search
(§6.1) is written ``pass``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from reference.digits import parse_natural
from reference.dou_shou_qi.geometry import (
    DEN,
    KIND_LETTERS,
    LETTER_KINDS,
    WATER,
    Kind,
    Side,
    Square,
    parse_square,
    square_name,
)
from reference.errors import PositionFormatError

START_NOTATION = "A: Ta1 Lg1 Cb2 Df2 Ea3 Wc3 He3 Mg3 / B: Ma7 Hc7 We7 Eg7 Db8 Cf8 La9 Tg9 / A"
"""The starting position (Figure 2; A's squares implied by §2.3.1, B the 180-degree rotation)."""

PASS_TEXT = "pass"
"""How the non-move is written."""


class Move(NamedTuple):
    """A move from square ``src`` to square ``dst`` (a step or a lion / tiger jump)."""

    src: Square
    dst: Square


NON_MOVE = Move(-1, -1)
"""The pass / non-move of §6.1 (split search only; never legal in normal play)."""


@dataclass(frozen=True, slots=True)
class Piece:
    """One piece on the board: its owner, its kind and its square."""

    side: Side
    kind: Kind
    square: Square


def _canonical(piece: Piece) -> tuple[int, int]:
    return (piece.side, piece.square)


@dataclass(frozen=True, slots=True)
class Placement:
    """A parsed position: the pieces, the side to move and the plies already played.

    Placements made by this package list A's pieces then B's, each by increasing square.
    """

    pieces: tuple[Piece, ...]
    to_move: Side
    plies: int = 0


def _parse_side_field(field: str, side: Side) -> list[Piece]:
    label = f"{side.name}:"
    text = field.strip()
    if not text.startswith(label):
        raise PositionFormatError(
            f"expected the field of side {side.name} to start with {label!r}, got {field.strip()!r}"
        )
    body = text[len(label) :].strip()
    if body in ("", "-"):
        return []
    pieces: list[Piece] = []
    for token in body.split():
        if len(token) != 3 or token[0] not in LETTER_KINDS:
            raise PositionFormatError(
                f"bad piece {token!r} for side {side.name}: expected a letter "
                f"(M C W D H T L E) followed by a square, e.g. 'Ta1'"
            )
        pieces.append(Piece(side, LETTER_KINDS[token[0]], parse_square(token[1:])))
    return pieces


def validate_pieces(pieces: tuple[Piece, ...] | list[Piece], to_move: Side) -> None:
    """Raise :class:`PositionFormatError` if the pieces cannot form a Dou Shou Qi position."""
    seen_squares: dict[Square, Piece] = {}
    seen_kinds: set[tuple[Side, Kind]] = set()
    for piece in pieces:
        name = f"{piece.side.name}'s {piece.kind.name.lower()} on {square_name(piece.square)}"
        if piece.square in seen_squares:
            raise PositionFormatError(f"two pieces on {square_name(piece.square)}")
        seen_squares[piece.square] = piece
        if (piece.side, piece.kind) in seen_kinds:
            raise PositionFormatError(
                f"side {piece.side.name} has two {piece.kind.name.lower()}s (at most one of each kind)"
            )
        seen_kinds.add((piece.side, piece.kind))
        if piece.square in WATER and piece.kind != Kind.MOUSE:
            raise PositionFormatError(f"{name}: only mice may stand on water")
        if piece.square == DEN[piece.side]:
            raise PositionFormatError(f"{name}: no piece may stand in its own den")
    if not pieces:
        raise PositionFormatError("a position needs at least one piece")
    in_den = [p for p in pieces if p.square == DEN[Side(1 - p.side)]]
    if len(in_den) > 1:
        raise PositionFormatError("both dens are occupied: at most one side can have won")
    if in_den and in_den[0].side == to_move:
        raise PositionFormatError(
            f"side {to_move.name} is to move but already stands in the opponent's den "
            "(the game ended when the other side was to move)"
        )


def parse_placement(text: str) -> Placement:
    """Parse the piece-list notation (see the module docstring) into a :class:`Placement`."""
    fields = text.split("/")
    if len(fields) not in (3, 4):
        raise PositionFormatError(
            f"expected 'A: <pieces> / B: <pieces> / <A or B>' with an optional '/ <plies>', "
            f"got {len(fields)} '/'-separated fields in {text!r}"
        )
    pieces = _parse_side_field(fields[0], Side.A) + _parse_side_field(fields[1], Side.B)
    mover = fields[2].strip()
    if mover not in ("A", "B"):
        raise PositionFormatError(f"side to move must be 'A' or 'B', got {mover!r}")
    plies = 0
    if len(fields) == 4:
        plies = parse_natural(fields[3].strip(), "plies played (a number >= 0)")
    to_move = Side.A if mover == "A" else Side.B
    validate_pieces(pieces, to_move)
    for side in Side:
        if side != to_move and not any(p.side == side for p in pieces):
            raise PositionFormatError(
                f"side {side.name} has no pieces but {to_move.name} is to move: the game ended "
                f"when {side.name} lost its last piece, with {side.name} to move"
            )
    return Placement(tuple(sorted(pieces, key=_canonical)), to_move, plies)


def format_placement(placement: Placement) -> str:
    """The canonical piece-list notation of a placement (pieces by increasing square)."""
    parts: list[str] = []
    for side in Side:
        mine = sorted((p for p in placement.pieces if p.side == side), key=lambda p: p.square)
        tokens = " ".join(f"{KIND_LETTERS[p.kind]}{square_name(p.square)}" for p in mine)
        parts.append(f"{side.name}: {tokens}" if tokens else f"{side.name}: -")
    text = f"{parts[0]} / {parts[1]} / {placement.to_move.name}"
    if placement.plies:
        text += f" / {placement.plies}"
    return text


def parse_move_text(text: str) -> tuple[Square, Square] | None:
    """Parse ``e3-d3`` into ``(from, to)`` squares; ``pass`` gives ``None``."""
    stripped = text.strip()
    if stripped == PASS_TEXT:
        return None
    parts = stripped.split("-")
    if len(parts) != 2:
        raise PositionFormatError(
            f"bad move {text!r}: expected 'from-to' such as 'e3-d3' (or 'pass')"
        )
    return parse_square(parts[0]), parse_square(parts[1])


def format_move(move: Move) -> str:
    """The move as ``from-to`` (``pass`` for the non-move)."""
    if move.src < 0:
        return PASS_TEXT
    return f"{square_name(move.src)}-{square_name(move.dst)}"


def piece_label(piece: Piece) -> str:
    """``Ta1`` for A's pieces, ``ta1`` for B's (the board drawings' convention)."""
    letter = KIND_LETTERS[piece.kind]
    return (letter if piece.side == Side.A else letter.lower()) + square_name(piece.square)


BOARD_LEGEND = (
    "upper case A's pieces, lower case B's: M mouse, C cat, W wolf, D dog, H hyena, T tiger, L lion, E elephant; ~ water, # trap, * den, . land"
)
"""What the characters of the text board mean (``show`` prints it under the board)."""
