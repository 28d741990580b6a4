"""Named positions: the start and the Appendix A test positions that can be recovered.

Seed 003, Appendix A ("Interesting Positions") and §11 ("Twenty positions were
selected for testing, eight of which were modified starting positions in which
one of player B's pieces was removed ... One position was the unmodified
starting position and eleven were scenarios from games").

The diagrams of Appendix A were lost in the text extraction; only the captions
survive.  Nine positions follow from their captions alone: (a) is the start, and
(m)-(t) are the start without one of B's pieces.  The eleven game scenarios
(b)-(l) cannot be recovered: their captions name a few pieces and squares (for
example (b) "A's elephant at a3 ... B's mouse at b4", (e) "A's mouse at g9
instead of f9" in a working example that is itself not in the text, (j) = Figure
18, also lost), never a whole position.  They are listed in
:data:`UNRECOVERED` with their captions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from reference.dou_shou_qi.geometry import DENS, NUM_SQUARES, WATER, Kind, Side
from reference.dou_shou_qi.notation import (
    START_NOTATION,
    Piece,
    Placement,
    format_placement,
    parse_placement,
)
from reference.errors import ParameterError


@dataclass(frozen=True, slots=True)
class NamedPosition:
    """A test position: its name, the Appendix A letter, the caption and the notation."""

    name: str
    letter: str
    caption: str
    notation: str


def _without_b(kind: Kind) -> str:
    """The start position without B's piece of ``kind``."""
    start = parse_placement(START_NOTATION)
    pieces = tuple(p for p in start.pieces if not (p.side == Side.B and p.kind == kind))
    return format_placement(Placement(pieces, start.to_move))


_MISSING = {
    "m": Kind.MOUSE,
    "n": Kind.CAT,
    "o": Kind.WOLF,
    "p": Kind.DOG,
    "q": Kind.HYENA,
    "r": Kind.TIGER,
    "s": Kind.LION,
    "t": Kind.ELEPHANT,
}

APPENDIX_A: dict[str, NamedPosition] = {
    "a": NamedPosition("appendix-a-a", "a", "The Dou Shou Qi starting position.", START_NOTATION),
    **{
        letter: NamedPosition(
            f"appendix-a-{letter}",
            letter,
            f"Player B is missing its {kind.name.lower()} ({int(kind)}).",
            _without_b(kind),
        )
        for letter, kind in _MISSING.items()
    },
}
"""The recoverable Appendix A positions by letter: (a) and (m)-(t)."""

UNRECOVERED: dict[str, str] = {
    "b": "A is putting pressure on the upper-right quadrant with its mouse and lion, "
    "but needs to get its elephant at a3 past B's mouse at b4.",
    "c": "A has moved its elephant away from the water and B has not.",
    "d": "B has developed more than A, who allowed B's mouse down to a3.",
    "e": "The thesis's working example with A's mouse at g9 instead of f9; A wins in five moves.",
    "f": "B moved down the right aisle while A moved up the left.",
    "g": "B allowed A's hyena to advance too far and B's lion is stuck.",
    "h": "A let B's lion get too close to its tiger and will lose its hyena.",
    "i": "Immediately precedes (h); if A plays g5-g6, B's lion chases A's tiger.",
    "j": "A has been too aggressive (Figure 18).",
    "k": "B forgot that a mouse can capture an elephant.",
    "l": "A left its hyena at d5 as B brought its tiger to g6.",
}
"""Captions of the Appendix A positions whose diagrams were lost (not recoverable)."""

NAMED_POSITIONS: dict[str, str] = {
    "start": START_NOTATION,
    **{position.name: position.notation for position in APPENDIX_A.values()},
}
"""Every named position (``--position start``, ``--position appendix-a-m``, ...)."""

assert len(APPENDIX_A) + len(UNRECOVERED) == 20


def random_placement(
    rng: random.Random,
    *,
    pieces_per_side: tuple[int, int] = (2, 6),
    to_move: Side | None = None,
) -> Placement:
    """A random legal, unfinished position (for measurements and property tests).

    Each side gets a random number of pieces in ``pieces_per_side`` (inclusive),
    of distinct random kinds, on random empty squares: land for every piece,
    water too for mice, never a den.  ``to_move`` defaults to a random side.
    The same ``rng`` state gives the same position.
    """
    lo, hi = pieces_per_side
    if not 0 <= lo <= hi <= 8 or hi == 0:
        raise ParameterError(
            f"pieces per side must satisfy 0 <= lo <= hi <= 8, hi > 0; got {lo}, {hi}"
        )
    free = [sq for sq in range(NUM_SQUARES) if sq not in DENS]
    taken: set[int] = set()
    pieces: list[Piece] = []
    for side in Side:
        count = rng.randint(lo, hi)
        if side == Side.B and not pieces and count == 0:
            count = 1  # a position needs a piece
        for kind in rng.sample(list(Kind), count):
            squares = [
                sq for sq in free if sq not in taken and (kind == Kind.MOUSE or sq not in WATER)
            ]
            sq = rng.choice(squares)
            taken.add(sq)
            pieces.append(Piece(side, kind, sq))
    side_to_move = to_move if to_move is not None else rng.choice(list(Side))
    return Placement(tuple(pieces), side_to_move)
