"""A traced search as a picture (SVG, standard library): the tree as the search walked it.

Each node is a box holding the value it returned (for its side to move: white boxes
for the first player, grey for the second), with the window it was entered with
under it and the move that led to it on its edge.  The principal variation is drawn
thick; a table cutoff is an orange box marked ``TT``; the flag of a store is a
letter beside the box (``E`` exact, ``L`` lower, ``U`` upper bound); the moves a
cutoff left unsearched hang from their node as a dashed edge to a cross with their
number (the text and JSON output name them).
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.errors import ParameterError
from reference.svg import Svg, side_by_side
from reference.trace.tree import Trace, TraceNode, show_score

DRAW_LIMIT = 400
"""The most nodes a picture shows (our choice: wider trees are unreadable); a larger
trace is refused with a message."""

SLOT = 50.0
"""Horizontal room of one leaf (or one cutoff marker)."""
LEVEL = 74.0
"""Vertical distance between plies."""
BOX_W, BOX_H = 36.0, 18.0
MARGIN = 30.0
PV_COLOUR = "#c0392b"
TABLE_COLOUR = "#f5b041"
SIDE_FILL = ("#ffffff", "#d5d8dc")
FLAG_LETTER = {"EXACT": "E", "LOWER": "L", "UPPER": "U"}


@dataclass(slots=True)
class _Placed:
    """Where a node (or a cutoff marker, ``node`` None) is drawn."""

    x: float
    y: float


WINDOW = 1200.0
"""A browser window's width (our choice): a tree wider than this puts each parent above its
first child, so the root is in the top-left corner, where a browser opens the picture."""

LEGEND = (
    "box: the value returned, for the side to move there (white: first player, grey: second)",
    "small number: the order visited; [a,b]: the window the node was entered with",
    "thick red: the principal variation; \u00d7 n cut: moves a cutoff left unsearched",
    "orange TT: a table cutoff; E / L / U: the flag stored (exact, lower, upper bound)",
)
"""The lines under every picture."""


def _slots(node: TraceNode) -> int:
    """Leaves and cutoff markers below ``node``: the picture's width in slots."""
    below = sum(_slots(child) for child in node.children) + (1 if node.unsearched else 0)
    return max(below, 1)


class _Layout:
    """Leaves and cutoff markers get slots left to right in the order visited; a parent
    sits above the middle of its children (above its first child when ``left``)."""

    def __init__(self, left: bool = False) -> None:
        self.left = left
        self.next_slot = 0
        self.at: dict[int, _Placed] = {}
        self.cut_at: dict[int, _Placed] = {}
        self.levels = 0

    def place(self, node: TraceNode, level: int) -> float:
        self.levels = max(self.levels, level + 1)
        y = MARGIN + 20 + level * LEVEL
        xs = [self.place(child, level + 1) for child in node.children]
        if node.unsearched:
            cut_x = self._slot()
            self.cut_at[id(node)] = _Placed(cut_x, y + LEVEL)
            xs.append(cut_x)
            self.levels = max(self.levels, level + 2)
        if not xs:
            xs = [self._slot()]
        x = xs[0] if self.left else (xs[0] + xs[-1]) / 2
        self.at[id(node)] = _Placed(x, y)
        return x

    def _slot(self) -> float:
        x = MARGIN + SLOT / 2 + self.next_slot * SLOT
        self.next_slot += 1
        return x


def draw_pass(root: TraceNode, pv: set[int], title: str) -> str:
    """One search from the root position as an SVG document."""
    layout = _Layout(left=2 * MARGIN + _slots(root) * SLOT > WINDOW)
    layout.place(root, 0)
    legend_width = 4.6 * max(len(line) for line in LEGEND) + MARGIN
    width = max(2 * MARGIN + layout.next_slot * SLOT, 7.0 * len(title) + 2 * MARGIN, legend_width)
    tree_height = MARGIN + 20 + layout.levels * LEVEL + 10
    height = tree_height + 14 * len(LEGEND) + 6
    svg = Svg(width, height)
    svg.rect(0, 0, width, height, fill="#ffffff", stroke="#ffffff")
    title_x = 7.0 * len(title) / 2 + MARGIN if layout.left else width / 2
    svg.text(title_x, 20, title, size=13)
    for k, line in enumerate(LEGEND):
        svg.text(MARGIN / 2, tree_height + 14 * k, line, size=9, anchor="start", fill="#555555")
    _draw_edges(svg, root, layout, pv)
    for node in root.walk():
        _draw_node(svg, node, layout.at[id(node)], id(node) in pv or node is root)
    return svg.to_string()


def _draw_edges(svg: Svg, node: TraceNode, layout: _Layout, pv: set[int]) -> None:
    here = layout.at[id(node)]
    top = (here.x, here.y + BOX_H / 2 + 10)
    for child in node.children:
        there = layout.at[id(child)]
        on_pv = id(child) in pv
        svg.line(
            top,
            (there.x, there.y - BOX_H / 2),
            stroke=PV_COLOUR if on_pv else "#555555",
            width=3 if on_pv else 1,
            data={"edge": child.move_text},
        )
        svg.text(there.x, there.y - BOX_H / 2 - 3, child.move_text, size=9, fill="#1a5276")
        _draw_edges(svg, child, layout, pv)
    cut = layout.cut_at.get(id(node))
    if cut is not None:
        names = node.unsearched_text
        svg.line(top, (cut.x, cut.y - 8), stroke="#aaaaaa", dashed=True, data={"cutoff": "yes"})
        svg.text(cut.x, cut.y, "\u00d7", size=16, fill="#aaaaaa")
        svg.text(cut.x, cut.y + 13, f"{len(names)} cut", size=9, fill="#888888")


def _draw_node(svg: Svg, node: TraceNode, at: _Placed, on_pv: bool) -> None:
    fill = TABLE_COLOUR if node.table_cutoff else SIDE_FILL[node.to_move]
    svg.rect(
        at.x - BOX_W / 2,
        at.y - BOX_H / 2,
        BOX_W,
        BOX_H,
        fill=fill,
        stroke=PV_COLOUR if on_pv else "#333333",
        data={"order": str(node.order), "kind": _kind(node)},
    )
    svg.text(at.x, at.y + 4, show_score(node.value), size=11, bold=on_pv)
    svg.text(at.x - BOX_W / 2 - 2, at.y - BOX_H / 2 - 2, str(node.order), size=8,
             anchor="end", fill="#888888")
    if node.alpha is not None and node.beta is not None:
        window = f"[{show_score(node.alpha)},{show_score(node.beta)}]"
        svg.text(at.x, at.y + BOX_H / 2 + 9, window, size=8, fill="#555555")
    if node.table_cutoff:
        svg.text(at.x + BOX_W / 2 + 1, at.y + 4, "TT", size=8, anchor="start", bold=True)
    elif node.store is not None:
        letter = FLAG_LETTER.get(node.store.flag.name or "", "?")
        svg.text(at.x + BOX_W / 2 + 2, at.y + 4, letter, size=9, anchor="start", fill="#7d6608")


def _kind(node: TraceNode) -> str:
    if node.table_cutoff:
        return "table-cutoff"
    if node.terminal:
        return "game-over"
    if node.evaluated:
        return "evaluate"
    return "cutoff" if node.unsearched else "inner"


def draw_trace(result: Trace, title: str = "") -> str:
    """The traced search as one SVG document (MTD(f): its passes side by side).

    Refuses (:class:`~reference.errors.ParameterError`) a tree of more than
    :data:`DRAW_LIMIT` nodes.
    """
    if result.nodes > DRAW_LIMIT:
        raise ParameterError(
            f"{result.nodes:,} nodes are too many to draw (at most {DRAW_LIMIT}): ask for "
            f"a smaller depth or a later position, or print the tree as text"
        )
    pv = {id(node) for node in result.pv}
    heading = title or f"{result.algorithm} to depth {result.depth}"
    heading += f": value {result.value}, {result.nodes} nodes"
    if len(result.passes) == 1:
        return draw_pass(result.passes[0], pv, heading)
    panels = [
        draw_pass(
            root,
            pv,
            f"pass {k}: [{show_score(root.alpha)},{show_score(root.beta)}] -> "
            f"{show_score(root.value)}",
        )
        for k, root in enumerate(result.passes, start=1)
    ]
    return side_by_side(panels, title=heading)
