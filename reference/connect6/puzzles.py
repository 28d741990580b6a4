"""Constructed Connect6 positions for TSS (threat-space search), black to move in each.

Our set (the report gives no positions): an immediate win, wins in 2 and 3 attacker
moves, a longer double-threat win, a win that needs a single-threat move (seed 004
§3.2's future work), and a position where TSS correctly finds nothing.  All on 10 x 10 so the
full-width verifier (:func:`reference.connect6.tss.verify_win`) can check every
defender reply; the wins in 3 and 4 came from self-play on 10 x 10 (black playing
its top candidate pairs, white mostly its best pair), kept once TSS found and the
verifier confirmed them.  Depths count attacker moves, the completing move included.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A position, the TSS settings it needs, and the expected outcome."""

    name: str
    position: str
    win: bool
    depth: int
    """Attacker moves in the shortest win TSS finds (0: no win)."""
    single_threats: int = 0


IMMEDIATE_WIN = Puzzle("immediate win (a four)", "10/c5,d5,e5,f5,j1/a10,b10,c10,j10,j9,a1", True, 1)
WIN_IN_2 = Puzzle(
    "win in 2 (f3,h3 leaves 3 threats)", "10/a1,c3,d3,e3,h5,h6,h7/a10,b10,c10,j10,j9,a9,j8,j1", True, 2
)
WIN_IN_3 = Puzzle(
    "double threat, win in 3",
    "10/f5,e6,f6,d7,f7,b10,h10/d2,c4,f4,j6,d10,e10,f10,g10",
    True,
    3,
)
WIN_IN_4 = Puzzle(
    "double threats, win in 4", "10/g5,d6,e6,f6,g6,h6,e7/f2,h2,d3,e3,e5,f5,c6,i6", True, 4
)
SINGLE_THREAT_WIN = Puzzle(
    "needs a single threat",
    "10/f3,f4,d5,e5,f5,f6,f7,d9,i9/f2,c5,d6,i7,f8,e9,f9,g9,h9,b10",
    True,
    4,
    single_threats=1,
)
NO_WIN = Puzzle("three in a row: no forced win found", "10/c3,d3,e3/a10,b10,c10,j10", False, 0)

PUZZLES: tuple[Puzzle, ...] = (
    IMMEDIATE_WIN,
    WIN_IN_2,
    WIN_IN_3,
    WIN_IN_4,
    SINGLE_THREAT_WIN,
    NO_WIN,
)
