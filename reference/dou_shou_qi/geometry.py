"""The Dou Shou Qi board: squares, terrain, sides and pieces.

Seed 003, §1.2 (algebraic notation, Figure 1) and §2.1 (rules, Figure 2).

Squares are ints ``0..62`` with ``index = row * 7 + col``: ``a1 = 0``, ``g1 = 6``,
``a2 = 7``, ``d9 = 59``, ``g9 = 62``.  Columns are ``a..g`` (seven of them:
ERRATUM: §1.2 says "a through f"), rows ``1..9``; player A starts on rows 1-3.

Terrain (§2.1, Figure 2): two bodies of water, each 2 columns x 3 rows
(b4-c6 and e4-f6); A's den d1 with A's traps c1, e1, d2; B's den d9 with B's
traps c9, e9, d8.  Each terrain set is given both as a ``frozenset`` of squares
and as a :data:`~reference.bits.Bitboard` (bit ``s`` set for square ``s``).
Neighbourhoods: :func:`neighbours` (one orthogonal step) and :data:`WATER_JUMPS`
(the lion's and tiger's leaps across a body of water), shared by the rules and
the effect cones of §6.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TypeAlias

from reference.bits import Bitboard
from reference.errors import ParameterError, PositionFormatError
from reference.search.protocol import TwoSides

Square: TypeAlias = int
"""A square index ``0..62`` (``row * 7 + col``, a1 = 0)."""

COLS = 7
ROWS = 9
NUM_SQUARES = COLS * ROWS
FILES = "abcdefg"
ALL_SQUARES: Bitboard = (1 << NUM_SQUARES) - 1


class Side(TwoSides):
    """The two players of §1.2: A (red, starts at the bottom, moves first) and B."""

    A = 0
    B = 1


class Kind(IntEnum):
    """The eight animals of §2.1, numbered by strength (the thesis's names).

    Standard Jungle names: rat, cat, dog, wolf, leopard, tiger, lion, elephant
    (the thesis calls strength 3 the wolf, 4 the dog and 5 the hyena).
    """

    MOUSE = 1
    CAT = 2
    WOLF = 3
    DOG = 4
    HYENA = 5
    TIGER = 6
    LION = 7
    ELEPHANT = 8


KIND_LETTERS: dict[Kind, str] = {
    Kind.MOUSE: "M",
    Kind.CAT: "C",
    Kind.WOLF: "W",
    Kind.DOG: "D",
    Kind.HYENA: "H",
    Kind.TIGER: "T",
    Kind.LION: "L",
    Kind.ELEPHANT: "E",
}
"""The piece letters of the piece-list notation (:mod:`reference.dou_shou_qi.notation`)."""

LETTER_KINDS: dict[str, Kind] = {letter: kind for kind, letter in KIND_LETTERS.items()}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A reading of the rules: the pieces' strengths and what a piece on an enemy trap may take.

    The pieces keep their letters and starting squares in every rule set (``W`` starts on
    c3, ``D`` on f2); only what they may take changes.
    """

    name: str
    """``"thesis"`` or ``"standard"`` (the ``--rules`` word)."""
    strength: tuple[int, ...]
    """``strength[kind]`` (index 0 unused): who may take whom off the traps."""
    trapped_piece_takes: bool
    """Whether a piece standing on an opponent's trap still takes at its full strength
    (``False``: it has strength 0 both ways, the thesis's reading of §2.1)."""
    elephant_takes_mouse: bool = False
    """Whether the elephant takes the mouse (the mouse takes the elephant in every set)."""
    mouse_takes_mouse_across_banks: bool = False
    """Whether a mouse takes a mouse from the water onto land and from land into the water
    (``False``: a mouse never takes across the water's edge)."""


THESIS_RULES = RuleSet("thesis", (0, 1, 2, 3, 4, 5, 6, 7, 8), trapped_piece_takes=False)
"""Seed 003, §2.1 as written: wolf 3, dog 4; a piece on an opponent's trap has strength 0
both ways (any enemy takes it, and it takes nothing)."""

STANDARD_RULES = RuleSet("standard", (0, 1, 2, 4, 3, 5, 6, 7, 8), trapped_piece_takes=True)
"""The common Jungle rules (rule sheets, Wikipedia's *Jungle (board game)*, the
``jungle-chess`` package): dog 3, wolf 4 (the piece starting on c3 is strength 4, the one
on f2 strength 3); a piece on an opponent's trap can be taken by any enemy but itself
still takes at full strength.  Every other rule is the thesis's (docs/oracle.md, rule table)."""

VANRIJN_RULES = RuleSet(
    "vanrijn",
    (0, 1, 2, 3, 4, 5, 6, 7, 8),
    trapped_piece_takes=False,
    elephant_takes_mouse=True,
    mouse_takes_mouse_across_banks=True,
)
"""The rules of van Rijn and Vis's endgame tables ("Endgame Analysis of Dou Shou Qi", ICGA
Journal 37(2), 2014): the thesis's, except that the elephant takes the mouse (a mouse in
the water still never takes the elephant) and a mouse takes a mouse across the water's
edge, both ways."""

RULE_SETS: dict[str, RuleSet] = {
    rules.name: rules for rules in (THESIS_RULES, STANDARD_RULES, VANRIJN_RULES)
}
"""The rule sets by name: ``thesis`` (the default), ``standard`` and ``vanrijn``."""


def rule_set(rules: str | RuleSet) -> RuleSet:
    """The rule set named ``rules`` (a :class:`RuleSet` is returned as it is)."""
    if isinstance(rules, RuleSet):
        return rules
    found = RULE_SETS.get(rules) if isinstance(rules, str) else None
    if found is None:
        raise ParameterError(f"unknown rule set {rules!r} (choose from {', '.join(RULE_SETS)})")
    return found


def square(col: int, row: int) -> Square:
    """The square at 0-based ``col`` (a = 0) and ``row`` (rank 1 = 0)."""
    return row * COLS + col


def col_of(sq: Square) -> int:
    """The 0-based column of ``sq`` (a = 0)."""
    return sq % COLS


def row_of(sq: Square) -> int:
    """The 0-based row of ``sq`` (rank 1 = 0)."""
    return sq // COLS


def square_name(sq: Square) -> str:
    """The algebraic name of a square: ``square_name(0) == "a1"``, ``square_name(59) == "d9"``."""
    if not 0 <= sq < NUM_SQUARES:
        raise PositionFormatError(f"square index {sq} is off the board (allowed: 0..62)")
    return f"{FILES[sq % COLS]}{sq // COLS + 1}"


def parse_square(text: str) -> Square:
    """Parse an algebraic square name ``a1``..``g9`` (lower case) into its index."""
    if len(text) != 2 or text[0] not in FILES or text[1] not in "123456789"[:ROWS]:
        raise PositionFormatError(
            f"bad square {text!r}: expected a column a-g followed by a row 1-9, e.g. 'e3'"
        )
    return square(FILES.index(text[0]), int(text[1]) - 1)


def _squares(*names: str) -> frozenset[Square]:
    return frozenset(parse_square(name) for name in names)


def to_bitboard(squares: frozenset[Square] | set[Square]) -> Bitboard:
    """The bitboard of a set of squares."""
    bits = 0
    for sq in squares:
        bits |= 1 << sq
    return bits


WATER: frozenset[Square] = _squares(
    "b4", "c4", "b5", "c5", "b6", "c6", "e4", "f4", "e5", "f5", "e6", "f6"
)
"""The twelve water squares (§2.1): only mice may stand on them."""

DEN: dict[Side, Square] = {Side.A: parse_square("d1"), Side.B: parse_square("d9")}
"""Each side's own den; a piece may not enter its own den, entering the other's wins."""

DENS: frozenset[Square] = frozenset(DEN.values())

TRAPS_OF: dict[Side, frozenset[Square]] = {
    Side.A: _squares("c1", "e1", "d2"),
    Side.B: _squares("c9", "e9", "d8"),
}
"""Each side's own traps (around its den).  An enemy piece standing on them has strength 0."""

TRAPS: frozenset[Square] = TRAPS_OF[Side.A] | TRAPS_OF[Side.B]

WATER_MASK: Bitboard = to_bitboard(set(WATER))
TRAP_MASK: Bitboard = to_bitboard(set(TRAPS))
DEN_MASK: Bitboard = to_bitboard(set(DENS))


def opposite_square(sq: Square) -> Square:
    """The square rotated by 180 degrees (Figure 6's OppositeSquare: a1 <-> g9, d1 <-> d9).

    Seed 003, §3.3, OppositeSquare.
    """
    return NUM_SQUARES - 1 - sq


def neighbours(sq: Square) -> list[Square]:
    """The orthogonally adjacent squares of ``sq`` in the order up, down, left, right."""
    col, row = col_of(sq), row_of(sq)
    result: list[Square] = []
    if row + 1 < ROWS:
        result.append(sq + COLS)
    if row > 0:
        result.append(sq - COLS)
    if col > 0:
        result.append(sq - 1)
    if col + 1 < COLS:
        result.append(sq + 1)
    return result


def _water_jumps(sq: Square) -> tuple[tuple[Square, tuple[Square, ...]], ...]:
    """The leaps from land square ``sq`` straight across a body of water (up, down, left, right)."""
    if sq in WATER:
        return ()
    found: list[tuple[Square, tuple[Square, ...]]] = []
    for dcol, drow in ((0, 1), (0, -1), (-1, 0), (1, 0)):
        col, row = col_of(sq) + dcol, row_of(sq) + drow
        path: list[Square] = []
        while 0 <= col < COLS and 0 <= row < ROWS and square(col, row) in WATER:
            path.append(square(col, row))
            col, row = col + dcol, row + drow
        if path and 0 <= col < COLS and 0 <= row < ROWS:
            found.append((square(col, row), tuple(path)))
    return tuple(found)


WATER_JUMPS: tuple[tuple[tuple[Square, tuple[Square, ...]], ...], ...] = tuple(
    _water_jumps(sq) for sq in range(NUM_SQUARES)
)
"""``WATER_JUMPS[sq]``: ``(landing square, water squares crossed)`` of each leap from ``sq``.

Seed 003, §2.1: the lion and the tiger jump over a whole body of water, horizontally
or vertically (a mouse in the water on the path blocks the jump: the rules check it).
"""

# Sanity: the terrain is the one §2.1 describes.
assert len(TRAPS) == 6 and len(DENS) == 2 and len(WATER) == 12
assert parse_square("d9") == opposite_square(parse_square("d1"))
