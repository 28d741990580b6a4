"""The thesis's evaluation: material plus development (Figure 3), C[t,s] and Evaluate.

Seed 003, §2.3 (Figure 3), §2.3.1 and §3.3 (C[t,s], OppositeSquare, Evaluate).

The tables are those of ``shared/seeds/003-figure3.md``: the text of Figure 3 is
partly garbled, and 69 development cells of the tiger, lion and elephant tables
were reconstructed there (marked ``*`` in that file and listed here in
:data:`RECONSTRUCTED`).  Rows below run 9 down to 1, columns a to g, as printed,
for player A; player B uses the same tables through :func:`opposite_square`.

The opponent's den is worth infinity in Figure 3.  A piece in the opponent's den
ends the game, so the search never evaluates such a position; we store the finite
stand-in :data:`DEN_DEVELOPMENT` so that ``evaluate`` stays an integer inside the
search's heuristic range.
"""

from __future__ import annotations

from collections.abc import Iterable

from reference.dou_shou_qi.geometry import (
    COLS,
    NUM_SQUARES,
    ROWS,
    Kind,
    Side,
    Square,
    opposite_square,
    parse_square,
)
from reference.dou_shou_qi.notation import Piece

DEN_DEVELOPMENT = 100_000
"""Our finite stand-in for Figure 3's infinite development value of the opponent's den."""

INF = -1
"""Marker for the infinite den cell in the literal tables below (replaced by DEN_DEVELOPMENT)."""

MATERIAL: dict[Kind, int] = {
    Kind.MOUSE: 500,
    Kind.CAT: 200,  # printed as 300 over 200; 200 per §2.3.1 (see 003-figure3.md)
    Kind.WOLF: 300,
    Kind.DOG: 400,
    Kind.HYENA: 500,
    Kind.TIGER: 800,
    Kind.LION: 900,
    Kind.ELEPHANT: 1000,
}
"""Figure 3 (a): Material[t]."""

# Figure 3 (b)-(i): Development[t, s], rows 9..1, columns a..g (INF = the opponent's den).
_DEVELOPMENT_ROWS: dict[Kind, tuple[tuple[int, ...], ...]] = {
    Kind.MOUSE: (
        (11, 13, 50, INF, 50, 13, 13),
        (11, 12, 13, 50, 13, 13, 13),
        (10, 11, 11, 13, 13, 13, 13),
        (8, 9, 9, 11, 12, 12, 13),
        (8, 9, 9, 11, 12, 12, 12),
        (8, 9, 9, 10, 12, 12, 11),
        (8, 8, 8, 9, 10, 10, 10),
        (8, 8, 8, 9, 9, 9, 9),
        (8, 8, 8, 0, 8, 8, 8),
    ),
    Kind.CAT: (
        (11, 15, 50, INF, 50, 15, 11),
        (11, 11, 15, 50, 15, 11, 11),
        (10, 11, 11, 15, 11, 11, 10),
        (10, 0, 0, 10, 0, 0, 8),
        (10, 0, 0, 8, 0, 0, 8),
        (10, 0, 0, 8, 0, 0, 8),
        (10, 10, 10, 8, 8, 8, 8),
        (13, 10, 8, 8, 8, 8, 8),
        (8, 8, 8, 0, 8, 8, 8),
    ),
    Kind.WOLF: (
        (11, 15, 50, INF, 50, 15, 11),
        (10, 11, 15, 50, 15, 11, 10),
        (9, 10, 11, 15, 11, 10, 9),
        (9, 0, 0, 10, 0, 0, 9),
        (8, 0, 0, 8, 0, 0, 8),
        (8, 0, 0, 8, 0, 0, 8),
        (8, 8, 10, 8, 8, 8, 8),
        (8, 12, 13, 8, 8, 8, 8),
        (8, 12, 12, 0, 8, 8, 8),
    ),
    Kind.DOG: (
        (11, 15, 50, INF, 50, 15, 11),
        (10, 11, 15, 50, 15, 11, 10),
        (9, 10, 11, 15, 11, 10, 9),
        (9, 0, 0, 10, 0, 0, 9),
        (8, 0, 0, 8, 0, 0, 8),
        (8, 0, 0, 8, 0, 0, 8),
        (8, 8, 8, 8, 8, 8, 8),
        (8, 8, 8, 8, 13, 10, 8),
        (8, 8, 8, 0, 12, 12, 8),
    ),
    Kind.HYENA: (
        (14, 15, 50, INF, 50, 15, 14),
        (13, 14, 15, 50, 15, 14, 13),
        (13, 13, 14, 15, 14, 13, 13),
        (12, 0, 0, 15, 0, 0, 12),
        (11, 0, 0, 14, 0, 0, 11),
        (10, 0, 0, 13, 0, 0, 10),
        (9, 9, 9, 10, 10, 9, 9),
        (9, 9, 9, 9, 9, 9, 9),
        (9, 9, 9, 0, 9, 9, 9),
    ),
    Kind.TIGER: (
        (25, 30, 50, INF, 50, 30, 25),
        (25, 25, 30, 50, 30, 25, 25),
        (18, 20, 20, 30, 20, 20, 18),
        (15, 0, 0, 15, 0, 0, 15),
        (15, 0, 0, 15, 0, 0, 15),
        (15, 0, 0, 15, 0, 0, 15),
        (14, 16, 16, 14, 16, 16, 14),
        (12, 14, 12, 12, 12, 12, 12),
        (10, 12, 12, 0, 12, 12, 10),
    ),
    Kind.LION: (
        (25, 30, 50, INF, 50, 30, 25),
        (25, 25, 30, 50, 30, 25, 25),
        (18, 20, 20, 30, 20, 20, 18),
        (15, 0, 0, 15, 0, 0, 15),
        (15, 0, 0, 15, 0, 0, 15),
        (15, 0, 0, 15, 0, 0, 15),
        (14, 16, 16, 14, 16, 16, 14),
        (12, 12, 12, 12, 12, 12, 12),
        (10, 12, 12, 0, 12, 12, 10),
    ),
    Kind.ELEPHANT: (
        (25, 30, 50, INF, 50, 30, 25),
        (25, 25, 30, 50, 30, 25, 25),
        (18, 20, 20, 30, 20, 20, 18),
        (16, 0, 0, 16, 0, 0, 16),
        (14, 0, 0, 14, 0, 0, 14),
        (12, 0, 0, 12, 0, 0, 12),
        (10, 15, 14, 14, 14, 14, 12),
        (11, 11, 11, 11, 11, 11, 11),
        (11, 11, 11, 0, 11, 11, 11),
    ),
}


def _named(names: str) -> frozenset[Square]:
    return frozenset(parse_square(name) for name in names.split())


RECONSTRUCTED: dict[Kind, frozenset[Square]] = {
    Kind.TIGER: frozenset(parse_square(f"{col}{row}") for col in "abcd" for row in range(3, 10)),
    Kind.LION: _named("a9 c9 d9 e9 f9 b8 c8 d8 e8 g8 d7 e7 g7 b6 e6 b5 e5 e4 d3 e3 f3 a2 c2 e2 f2"),
    Kind.ELEPHANT: _named("b9 d9 e9 g9 b8 c8 d8 e8 f8 b7 d7 e7 e6 b5 e5 e4"),
}
"""The 69 development cells lost in the extracted text and reconstructed in 003-figure3.md."""


def _by_square(rows: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    values = [0] * NUM_SQUARES
    for printed_row, cells in enumerate(rows):
        row = ROWS - 1 - printed_row  # the first printed row is rank 9
        for col, value in enumerate(cells):
            values[row * COLS + col] = DEN_DEVELOPMENT if value == INF else value
    return tuple(values)


DEVELOPMENT: dict[Kind, tuple[int, ...]] = {
    kind: _by_square(rows) for kind, rows in _DEVELOPMENT_ROWS.items()
}
"""Figure 3 (b)-(i): Development[t, s] for player A, indexed by square (a1 = 0)."""


def composite(kind: Kind, sq: Square) -> int:
    """C[t, s] = Material[t] + Development[t, s] for a piece of A's.

    Seed 003, §3.3, C[t,s].
    """
    return MATERIAL[kind] + DEVELOPMENT[kind][sq]


COMPOSITE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            composite(Kind(kind), sq if side == Side.A else opposite_square(sq))
            for sq in range(NUM_SQUARES)
        )
        if kind
        else (0,) * NUM_SQUARES
        for kind in range(9)
    )
    for side in Side
)
"""``COMPOSITE[side][kind][square]``: C of a piece where it stands (B's through OppositeSquare)."""


def evaluate_pieces(pieces: Iterable[Piece]) -> int:
    """Evaluate = sum of C over A's pieces - sum of C over B's pieces at OppositeSquare.

    Seed 003, §3.3, Evaluate[position].  The value is for player A (positive = good
    for A) whoever is to move; the game's ``evaluate`` negates it when B is to move.
    """
    total = 0
    for piece in pieces:
        if piece.side == Side.A:
            total += composite(piece.kind, piece.square)
        else:
            total -= composite(piece.kind, opposite_square(piece.square))
    return total
