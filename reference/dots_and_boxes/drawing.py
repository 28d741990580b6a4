"""Dots and Boxes boards as SVG pictures (standard library only): lines, boxes, chains, move kinds.

Seed 000 argues with chains and loops (§II.B, Theorem 2, the long-chain rule) and with
short and long moves (Theorem 1); the paper's board pictures were lost.
:func:`board_svg` draws a board with its drawn lines, completed boxes, a fill and a
label per box (a chain or loop) and a colour per undrawn line (the kind of move it
would be); :mod:`.figures` builds the pictures of the paper page.  Box (0, 0) is at
the top left, as :func:`reference.dots_and_boxes.notation.render` prints it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reference.dots_and_boxes.geometry import Edge, Edges, Geometry, edge_endpoints
from reference.dots_and_boxes.notation import edge_name
from reference.svg import Point, Svg

CELL = 56
"""Distance between two dots in SVG units (our choice)."""

MARGIN = 22

DRAWN = "#222222"
"""A drawn line."""

COMPLETED_FILL = "#c8c8c8"
"""A completed box."""


def dot_xy(dot: tuple[int, int], top: float) -> Point:
    """SVG position of the dot at (row, col), row 0 at the top."""
    r, c = dot
    return MARGIN + c * CELL, top + MARGIN + r * CELL


def board_svg(
    geo: Geometry,
    edges: Edges,
    *,
    undrawn_colours: Mapping[Edge, str] | None = None,
    box_fills: Mapping[int, str] | None = None,
    box_labels: Mapping[int, str] | None = None,
    title: str = "",
    caption: Sequence[str] = (),
) -> str:
    """One board: drawn lines black, undrawn lines dotted (or in ``undrawn_colours``),
    completed boxes grey, boxes filled (``box_fills``) and labelled (``box_labels``),
    a title above and caption lines below."""
    top = 26.0 if title else 0.0
    board_w, board_h = 2 * MARGIN + geo.cols * CELL, 2 * MARGIN + geo.rows * CELL
    width = max(board_w, 7.5 * len(title) + 20, 6.5 * max(map(len, caption), default=0) + 20)
    svg = Svg(width, top + board_h + 18 * len(caption))
    svg.rect(0, 0, svg.width, svg.height, fill="#ffffff", stroke="#ffffff")
    if title:
        svg.text(width / 2, 18, title, size=14)
    fills = box_fills or {}
    labels = box_labels or {}
    for box in range(geo.num_boxes):
        r, c = divmod(box, geo.cols)
        x, y = dot_xy((r, c), top)
        done = edges & geo.box_masks[box] == geo.box_masks[box]
        fill = fills.get(box, COMPLETED_FILL if done else "#ffffff")
        svg.rect(x, y, CELL, CELL, fill=fill, stroke=fill, data={"box": f"{r},{c}"})
        if box in labels:
            svg.text(x + CELL / 2, y + CELL / 2 + 5, labels[box], size=13, bold=True)
    for e in range(geo.num_edges):
        a, b = (dot_xy(d, top) for d in edge_endpoints(geo.rows, geo.cols, e))
        name = edge_name(geo.rows, geo.cols, e)
        if edges >> e & 1:
            svg.line(a, b, stroke=DRAWN, width=4, data={"edge": name, "drawn": "1"})
        else:
            colour = (undrawn_colours or {}).get(e, "#bbbbbb")
            svg.line(a, b, stroke=colour, width=2.5, dashed=True, data={"edge": name, "drawn": "0"})
    for r in range(geo.rows + 1):
        for c in range(geo.cols + 1):
            x, y = dot_xy((r, c), top)
            svg.circle(x, y, 4, fill="#000000", stroke="#000000")
    for k, text in enumerate(caption):
        svg.text(8, top + board_h + 14 + 18 * k, text, size=12, anchor="start")
    return svg.to_string() + "\n"
