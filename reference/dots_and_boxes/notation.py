"""Reading and writing Dots and Boxes moves and positions.

Moves are OpenSpiel's edge names (:mod:`.geometry` numbers them)::

    h<r>,<c>  the top edge of box (r, c)        v<r>,<c>  the left edge of box (r, c)

Positions::

    <R>x<C>:<edges in hex>:<boxes of player 0>:<boxes of player 1>:<player to move>
    e.g. "2x2:0x0:0:0:0" (the empty 2x2 board, player 0 to move)

The scores must add up to the number of completed boxes.  Either player may be to move
in any position: the labels 0 and 1 name the players, not who started, so a position with
player 1 to move and an even number of edges is one where player 1 moved first (the
paper's theorems and hand examples use both).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reference.digits import parse_natural
from reference.dots_and_boxes.geometry import (
    Edge,
    Edges,
    Geometry,
    check_size,
    geometry,
    h_index,
    v_index,
)
from reference.errors import ParameterError, PositionFormatError

_MOVE_RE = re.compile(r"\s*([hv])\s*([0-9]+)\s*,\s*([0-9]+)\s*", re.ASCII)
_NOTATION_RE = re.compile(
    r"\s*([0-9]+)x([0-9]+):(0x[0-9a-fA-F]+|[0-9a-fA-F]+):([0-9]+):([0-9]+):([01])\s*", re.ASCII
)
"""Numbers are ASCII digits only (``\\d`` would also match ``٢``); see :mod:`reference.digits`."""


@dataclass(frozen=True, slots=True)
class Position:
    """A position as the notation writes it."""

    rows: int
    cols: int
    edges: Edges
    scores: tuple[int, int]
    """Boxes completed so far by player 0 and player 1."""
    to_move: int
    """0 or 1."""


def edge_name(rows: int, cols: int, e: Edge) -> str:
    """The OpenSpiel-style name of edge ``e``: ``h<r>,<c>`` or ``v<r>,<c>``."""
    horizontal = (rows + 1) * cols
    if e < horizontal:
        return f"h{e // cols},{e % cols}"
    e -= horizontal
    return f"v{e // (cols + 1)},{e % (cols + 1)}"


def parse_edge(rows: int, cols: int, text: str) -> Edge:
    """Parse ``h<r>,<c>`` or ``v<r>,<c>``; raise ``PositionFormatError`` when it names no edge."""
    match = _MOVE_RE.fullmatch(text)
    if match is None:
        raise PositionFormatError(
            f"bad move {text!r}: expected h<r>,<c> (top edge of box r,c) or v<r>,<c>"
            " (left edge of box r,c)"
        )
    kind = match.group(1)
    r = parse_natural(match.group(2), f"bad move {text!r}: row")
    c = parse_natural(match.group(3), f"bad move {text!r}: column")
    if kind == "h":
        if not (0 <= r <= rows and 0 <= c < cols):
            raise PositionFormatError(
                f"bad move {text!r}: h<r>,<c> needs 0 <= r <= {rows}, 0 <= c <= {cols - 1}"
            )
        return h_index(rows, cols, r, c)
    if not (0 <= r < rows and 0 <= c <= cols):
        raise PositionFormatError(
            f"bad move {text!r}: v<r>,<c> needs 0 <= r <= {rows - 1}, 0 <= c <= {cols}"
        )
    return v_index(rows, cols, r, c)


def format_position(position: Position) -> str:
    """``<R>x<C>:<edges hex>:<score 0>:<score 1>:<to move>`` (see the module docstring)."""
    s0, s1 = position.scores
    return f"{position.rows}x{position.cols}:{position.edges:#x}:{s0}:{s1}:{position.to_move}"


def parse_position(text: str) -> Position:
    """Parse :func:`format_position`'s format; raise ``PositionFormatError`` on bad input.

    Besides the format, the scores must add up to the completed boxes.
    """
    match = _NOTATION_RE.fullmatch(text)
    if match is None:
        raise PositionFormatError(
            f"bad position {text!r}: expected <R>x<C>:<edges hex>:<score0>:<score1>:<0|1>,"
            " e.g. 2x2:0x0:0:0:0"
        )
    rows = parse_natural(match.group(1), f"bad position {text!r}: rows")
    cols = parse_natural(match.group(2), f"bad position {text!r}: columns")
    try:
        check_size(rows, cols)
    except ParameterError as error:
        raise PositionFormatError(f"bad position {text!r}: {error}") from None
    geo = geometry(rows, cols)
    edges = int(match.group(3), 16)
    if edges >> geo.num_edges:
        raise PositionFormatError(
            f"bad position {text!r}: edge bits beyond the {geo.num_edges} edges of a "
            f"{rows}x{cols} board"
        )
    s0 = parse_natural(match.group(4), f"bad position {text!r}: score", high=geo.num_boxes)
    s1 = parse_natural(match.group(5), f"bad position {text!r}: score", high=geo.num_boxes)
    done = geo.completed_boxes(edges)
    if s0 + s1 != done:
        raise PositionFormatError(
            f"bad position {text!r}: scores {s0}+{s1} must add up to the {done} completed boxes"
        )
    return Position(rows, cols, edges, (s0, s1), int(match.group(6)))


def render(geo: Geometry, edges: Edges) -> list[str]:
    """The board as text: dots ``+``, lines ``---`` and ``|``, completed boxes ``#``."""
    rows, cols = geo.rows, geo.cols
    lines: list[str] = []
    for r in range(rows + 1):
        row = "+"
        for c in range(cols):
            row += ("---" if edges >> h_index(rows, cols, r, c) & 1 else "   ") + "+"
        lines.append(row)
        if r == rows:
            break
        row = ""
        for c in range(cols + 1):
            row += "|" if edges >> v_index(rows, cols, r, c) & 1 else " "
            if c < cols:
                mask = geo.box_masks[r * cols + c]
                row += " # " if edges & mask == mask else "   "
        lines.append(row)
    return lines


def result_text(scores: tuple[int, int]) -> str:
    """The result of a finished game: ``draw a-b`` or ``player <1|2> wins a-b``."""
    a, b = scores
    if a == b:
        return f"draw {a}-{b}"
    return f"player {1 if a > b else 2} wins {max(a, b)}-{min(a, b)}"


BOARD_LEGEND = (
    "+ dot, --- and | a drawn line, a blank a line not drawn yet, # a taken box"
)
"""What the characters of the text board mean (``show`` prints it under the board)."""
