"""The thesis's evaluation: material plus development (Figure 3), C[t,s] and Evaluate.

Seed 003, §2.3 (Figure 3), §2.3.1 and §3.3 (C[t,s], OppositeSquare, Evaluate).

The tables are those of ``shared/seeds/003-figure3.md``: the text of Figure 3 is
partly garbled, and 69 development cells of the tiger, lion and elephant tables
were reconstructed there (marked ``*`` there and in the tables below, and listed
in :data:`RECONSTRUCTED`).  The tables below are laid out as Figure 3 prints them:
three bands of tables side by side, rows 9 down to 1, columns a to g, for player
A; player B uses the same tables through :func:`opposite_square`.

The opponent's den is worth infinity in Figure 3.  A piece in the opponent's den
ends the game, so the search never evaluates such a position; we store the finite
stand-in :data:`DEN_DEVELOPMENT` so that ``evaluate`` stays an integer inside the
search's heuristic range.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from reference.dou_shou_qi.geometry import (
    NUM_SQUARES,
    RULE_SETS,
    THESIS_RULES,
    Kind,
    RuleSet,
    Side,
    Square,
    opposite_square,
    square,
)
from reference.dou_shou_qi.notation import Piece

DEN_DEVELOPMENT = 100_000
"""Our finite stand-in for Figure 3's infinite development value of the opponent's den."""

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

_BANDS: tuple[tuple[tuple[Kind, ...], str], ...] = (
    (
        (Kind.MOUSE, Kind.CAT),
        # row    (b) mouse, a..g              (c) cat, a..g
        """
9 | 11  13  50   ∞  50  13  13  | 11  15  50   ∞  50  15  11
8 | 11  12  13  50  13  13  13  | 11  11  15  50  15  11  11
7 | 10  11  11  13  13  13  13  | 10  11  11  15  11  11  10
6 |  8   9   9  11  12  12  13  | 10   0   0  10   0   0   8
5 |  8   9   9  11  12  12  12  | 10   0   0   8   0   0   8
4 |  8   9   9  10  12  12  11  | 10   0   0   8   0   0   8
3 |  8   8   8   9  10  10  10  | 10  10  10   8   8   8   8
2 |  8   8   8   9   9   9   9  | 13  10   8   8   8   8   8
1 |  8   8   8   0   8   8   8  |  8   8   8   0   8   8   8
""",
    ),
    (
        (Kind.WOLF, Kind.DOG, Kind.HYENA),
        # row    (d) wolf, a..g               (e) dog, a..g               (f) hyena, a..g
        """
9 | 11  15  50   ∞  50  15  11  | 11  15  50   ∞  50  15  11  | 14  15  50   ∞  50  15  14
8 | 10  11  15  50  15  11  10  | 10  11  15  50  15  11  10  | 13  14  15  50  15  14  13
7 |  9  10  11  15  11  10   9  |  9  10  11  15  11  10   9  | 13  13  14  15  14  13  13
6 |  9   0   0  10   0   0   9  |  9   0   0  10   0   0   9  | 12   0   0  15   0   0  12
5 |  8   0   0   8   0   0   8  |  8   0   0   8   0   0   8  | 11   0   0  14   0   0  11
4 |  8   0   0   8   0   0   8  |  8   0   0   8   0   0   8  | 10   0   0  13   0   0  10
3 |  8   8  10   8   8   8   8  |  8   8   8   8   8   8   8  |  9   9   9  10  10   9   9
2 |  8  12  13   8   8   8   8  |  8   8   8   8  13  10   8  |  9   9   9   9   9   9   9
1 |  8  12  12   0   8   8   8  |  8   8   8   0  12  12   8  |  9   9   9   0   9   9   9
""",
    ),
    (
        (Kind.TIGER, Kind.LION, Kind.ELEPHANT),
        # row    (g) tiger, a..g              (h) lion, a..g              (i) elephant, a..g
        """
9 | 25* 30* 50*  ∞* 50  30  25  | 25* 30  50*  ∞* 50* 30* 25  | 25  30* 50   ∞* 50* 30  25*
8 | 25* 25* 30* 50* 30  25  25  | 25  25* 30* 50* 30* 25  25* | 25  25* 30* 50* 30* 25* 25
7 | 18* 20* 20* 30* 20  20  18  | 18  20  20  30* 20* 20  18* | 18  20* 20  30* 20* 20  18
6 | 15*  0*  0* 15*  0   0  15  | 15   0*  0  15   0*  0  15  | 16   0   0  16   0*  0  16
5 | 15*  0*  0* 15*  0   0  15  | 15   0*  0  15   0*  0  15  | 14   0*  0  14   0*  0  14
4 | 15*  0*  0* 15*  0   0  15  | 15   0   0  15   0*  0  15  | 12   0   0  12   0*  0  12
3 | 14* 16* 16* 14* 16  16  14  | 14  16  16  14* 16* 16* 14  | 10  15  14  14  14  14  12
2 | 12  14  12  12  12  12  12  | 12* 12  12* 12  12* 12* 12  | 11  11  11  11  11  11  11
1 | 10  12  12   0  12  12  10  | 10  12  12   0  12  12  10  | 11  11  11   0  11  11  11
""",
    ),
)
"""Figure 3 (b)-(i) as printed: three bands of tables side by side, rows 9 down to 1,
columns a to g, for player A; ``∞`` is the opponent's den, ``*`` a reconstructed cell."""


def _read_bands() -> tuple[dict[Kind, tuple[int, ...]], dict[Kind, frozenset[Square]]]:
    """Development[t, s] by square (a1 = 0) and the starred cells, from :data:`_BANDS`."""
    values: dict[Kind, list[int]] = {}
    starred: dict[Kind, set[Square]] = {}
    for kinds, text in _BANDS:
        for line in text.strip("\n").splitlines():
            label, *tables = line.split("|")
            row = int(label) - 1
            for kind, cells in zip(kinds, tables, strict=True):
                for col, (number, star) in enumerate(re.findall(r"(\d+|∞)(\*?)", cells)):
                    sq = square(col, row)
                    values.setdefault(kind, [0] * NUM_SQUARES)[sq] = (
                        DEN_DEVELOPMENT if number == "∞" else int(number)
                    )
                    if star:
                        starred.setdefault(kind, set()).add(sq)
    return (
        {kind: tuple(values[kind]) for kind in Kind},
        {kind: frozenset(squares) for kind, squares in starred.items()},
    )


DEVELOPMENT, RECONSTRUCTED = _read_bands()
"""Figure 3 (b)-(i): ``DEVELOPMENT[kind][square]`` for player A (a1 = 0); ``RECONSTRUCTED[kind]``:
the 69 development cells lost in the extracted text and reconstructed in 003-figure3.md
(tiger, lion and elephant only)."""


def material(kind: Kind, rules: RuleSet = THESIS_RULES) -> int:
    """Material[t] of the piece ``kind`` under ``rules``: the value of its strength.

    OURS: Figure 3 (a) values the thesis's strengths (wolf 3 = 300, dog 4 = 400); under
    the standard rules the wolf is strength 4 and the dog 3, so their values swap with the
    strengths, while the development tables stay with the piece (they follow its
    starting side of the board).  Under the thesis's rules this is ``MATERIAL[kind]``.
    """
    return MATERIAL[Kind(rules.strength[kind])]


def composite(kind: Kind, sq: Square, rules: RuleSet = THESIS_RULES) -> int:
    """C[t, s] = Material[t] + Development[t, s] for a piece of A's.

    Seed 003, §3.3, C[t,s].
    """
    return material(kind, rules) + DEVELOPMENT[kind][sq]


Composite = tuple[tuple[tuple[int, ...], ...], ...]
"""``[side][kind][square]``: C of a piece where it stands (B's through OppositeSquare)."""


def composite_table(rules: RuleSet = THESIS_RULES) -> Composite:
    """C of every piece of either side on every square, under ``rules``."""
    return tuple(
        tuple(
            tuple(
                composite(Kind(kind), sq if side == Side.A else opposite_square(sq), rules)
                for sq in range(NUM_SQUARES)
            )
            if kind
            else (0,) * NUM_SQUARES
            for kind in range(9)
        )
        for side in Side
    )


COMPOSITES: dict[str, Composite] = {name: composite_table(r) for name, r in RULE_SETS.items()}
""":func:`composite_table` of each rule set, by name."""

COMPOSITE: Composite = COMPOSITES[THESIS_RULES.name]
"""``COMPOSITE[side][kind][square]``: C of a piece where it stands (B's through OppositeSquare)."""


def evaluate_pieces(pieces: Iterable[Piece], rules: RuleSet = THESIS_RULES) -> int:
    """Evaluate = sum of C over A's pieces - sum of C over B's pieces at OppositeSquare.

    Seed 003, §3.3, Evaluate[position].  The value is for player A (positive = good
    for A) whoever is to move; the game's ``evaluate`` negates it when B is to move.
    """
    total = 0
    for piece in pieces:
        if piece.side == Side.A:
            total += composite(piece.kind, piece.square, rules)
        else:
            total -= composite(piece.kind, opposite_square(piece.square), rules)
    return total
