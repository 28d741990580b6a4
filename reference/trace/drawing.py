"""A traced search as a picture (SVG, standard library): the tree as the search walked it.

Each node is a box holding the value it returned (for its side to move: white boxes
for the first player, grey for the second), with the window it was entered with
under it and the move that led to it on its edge.  The principal variation is drawn
thick; a table cutoff is an orange box marked ``TT``; the flag of a store is a
letter beside the box (``E`` exact, ``L`` lower, ``U`` upper bound); the moves a
cutoff left unsearched hang from their node as a dashed edge to a cross with their
number (the text and JSON output name them).  A legend under the tree shows each mark.

The picture fits a given width (``width``, ``trace --svg-width``; default
:data:`WINDOW`, a browser window), so it opens with its root in view and its labels at
full size.  A subtree that fits is drawn as usual, each parent above the middle of its
children.  A subtree wider than the room it has is *folded*: its root stays at the top
left, and its children's subtrees (each folded the same way when it is too wide) follow
in rows under it, like lines of text, joined to it by a line down its left side.

>>> from reference.search.toy_games import Nim
>>> from reference.trace import trace
>>> picture = draw_trace(trace(Nim(3, take=2), "minimax", 3), width=480)
>>> picture.count('data-order="'), svg_size(picture)[0] <= 480
(7, True)
>>> root = trace(Nim(9, take=3), "minimax", 3).passes[0]   # 27 leaves: 1,242 px unfolded
>>> slots(root), layout(root, 10_000).folded, layout(root, 480).folded
(27, 0, 1)
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass, field

from reference.errors import ParameterError
from reference.svg import Point, Svg, grid, svg_size
from reference.trace.tree import Trace, TraceNode, show_score

DRAW_LIMIT = 1_000
"""The most nodes a picture shows (our choice: a folded tree of this size is a few screens
tall); a larger trace is refused with a message."""

WINDOW = 1200.0
"""The default width of a picture (our choice: a browser window at 1280 px)."""
MIN_WIDTH = 480.0
"""The narrowest picture drawn (``trace --svg-width``): room for the legend."""
MAX_WIDTH = 100_000.0
"""The widest picture drawn: a width this large never folds a drawable tree."""

SLOT = 46.0
"""Horizontal room of one leaf (or one cutoff marker)."""
LEVEL = 74.0
"""Vertical distance between plies."""
BOX_W, BOX_H = 36.0, 18.0
TOP = 22.0
"""From the top of a block to the centre of its root box (room for the move above it)."""
BELOW = 30.0
"""From the centre of a block's lowest box to the block's bottom (its window, a cut count)."""
INDENT = 26.0
"""How far a folded node's children stand to the right of it (the line to them runs there)."""
ROW_GAP = 12.0
"""Between two rows of a folded node's children."""
MARGIN = 20.0
PV_COLOUR = "#c0392b"
TABLE_COLOUR = "#f5b041"
SIDE_FILL = ("#ffffff", "#d5d8dc")
EDGE_COLOUR = "#555555"
CUT_COLOUR = "#aaaaaa"
FLAG_LETTER = {"EXACT": "E", "LOWER": "L", "UPPER": "U"}


# ------------------------------------------------------------------- layout


@dataclass(slots=True)
class Block:
    """A subtree laid out in a box whose top left corner is (0, 0): the centre of each node's
    box, each edge as a line through points (parent to child), each cutoff marker."""

    width: float
    height: float
    at: dict[int, Point] = field(default_factory=dict)
    """``id(node)`` -> the centre of its box."""
    edges: list[tuple[TraceNode, TraceNode, list[Point]]] = field(default_factory=list)
    """(parent, child, the points of the line between them)."""
    cuts: list[tuple[TraceNode, list[Point]]] = field(default_factory=list)
    """(the node, the dashed line from it to the cross of its unsearched moves)."""
    folded: int = 0
    """How many nodes of the block are folded (their children in rows)."""

    def moved(self, dx: float, dy: float) -> Block:
        """The same block with its corner at (dx, dy)."""
        return Block(
            self.width,
            self.height,
            {key: (x + dx, y + dy) for key, (x, y) in self.at.items()},
            [(p, c, [(x + dx, y + dy) for x, y in line]) for p, c, line in self.edges],
            [(node, [(x + dx, y + dy) for x, y in line]) for node, line in self.cuts],
            self.folded,
        )

    def take(self, other: Block) -> None:
        """Add the nodes, edges and markers of ``other`` (already moved into place)."""
        self.at.update(other.at)
        self.edges.extend(other.edges)
        self.cuts.extend(other.cuts)
        self.folded += other.folded


def slots(node: TraceNode) -> int:
    """Leaves and cutoff markers below ``node``: its width in slots when drawn unfolded."""
    below = sum(slots(child) for child in node.children) + (1 if node.unsearched else 0)
    return max(below, 1)


def layout(node: TraceNode, width: float) -> Block:
    """``node``'s subtree in at most ``width`` (wider only where one slot does not fit):
    unfolded when it fits, else folded (:func:`folded_layout`)."""
    if slots(node) * SLOT <= width or not node.children:
        return unfolded_layout(node)
    return folded_layout(node, width)


def unfolded_layout(node: TraceNode) -> Block:
    """The usual drawing: leaves and cutoff markers get slots left to right in the order
    visited; a parent sits above the middle of its children."""
    block = Block(slots(node) * SLOT, 0.0)
    next_slot = 0
    deepest = 0

    def place(here: TraceNode, level: int) -> float:
        nonlocal next_slot, deepest
        deepest = max(deepest, level)
        y = TOP + level * LEVEL
        xs = [place(child, level + 1) for child in here.children]
        if here.unsearched:
            cut_x = SLOT / 2 + next_slot * SLOT
            block.cuts.append((here, [(cut_x, y + LEVEL)]))  # the start is added below
            xs.append(cut_x)
            next_slot += 1
            deepest = max(deepest, level + 1)
        if not xs:
            xs = [SLOT / 2 + next_slot * SLOT]
            next_slot += 1
        x = (xs[0] + xs[-1]) / 2
        block.at[id(here)] = (x, y)
        return x

    place(node, 0)
    block.cuts = [
        (here, [_below(block.at[id(here)]), *line]) for here, line in block.cuts
    ]
    for parent in node.walk():
        px, py = block.at[id(parent)]
        for child in parent.children:
            cx, cy = block.at[id(child)]
            block.edges.append((parent, child, [_below((px, py)), (cx, cy - BOX_H / 2)]))
    block.height = TOP + deepest * LEVEL + BELOW
    return block


def folded_layout(node: TraceNode, width: float) -> Block:
    """A subtree too wide for ``width``: ``node`` at the top left, its children's subtrees
    (each laid out in ``width - INDENT``) in rows under it, left to right in the order
    visited, the cutoff marker last; a line runs down from ``node`` and along the top of
    each row to every child."""
    room = max(width - INDENT, SLOT)
    parts: list[tuple[TraceNode | None, Block]] = [
        (child, layout(child, room)) for child in node.children
    ]
    if node.unsearched:
        parts.append((None, Block(SLOT, TOP + BELOW)))
    x0 = SLOT / 2
    block = Block(x0 + BOX_W / 2, TOP + BOX_H / 2 + 12, {id(node): (x0, TOP)}, folded=1)
    rows: list[list[tuple[TraceNode | None, Block]]] = [[]]
    used = 0.0
    for entry in parts:
        if rows[-1] and used + entry[1].width > room:
            rows.append([])
            used = 0.0
        rows[-1].append(entry)
        used += entry[1].width
    top = block.height + ROW_GAP
    for row in rows:
        x = INDENT
        rule = top - 6
        for child, sub in row:
            placed = sub.moved(x, top)
            block.take(placed)
            bus = [_below((x0, TOP)), (x0, rule)]
            if child is not None:
                cx, cy = placed.at[id(child)]
                block.edges.append((node, child, [*bus, (cx, rule), (cx, cy - BOX_H / 2)]))
            else:  # the cross of the unsearched moves, last in the last row
                mx = x + SLOT / 2
                block.cuts.append((node, [*bus, (mx, rule), (mx, top + TOP)]))
            x += sub.width
        block.width = max(block.width, x)
        top += max(sub.height for _, sub in row) + ROW_GAP
    block.height = top - ROW_GAP
    return block


def _below(at: Point) -> Point:
    """Where the lines down from a node's box start (under its window)."""
    return (at[0], at[1] + BOX_H / 2 + 10)


# ------------------------------------------------------------------- drawing


class Mark(enum.IntEnum):
    """The marks of a picture, each with a line of the legend."""

    VALUE = 0
    WINDOW = 1
    PV = 2
    CUT = 3
    TABLE = 4
    FLAG = 5
    FOLD = 6


LEGEND: dict[Mark, str] = {
    Mark.VALUE: "the value returned, for the side to move (white: first player, grey: second)",
    Mark.WINDOW: "the order visited; [a,b]: the window the node was entered with",
    Mark.PV: "the principal variation",
    Mark.CUT: "n moves a cutoff left unsearched",
    Mark.TABLE: "a table cutoff: a stored entry ended the node",
    Mark.FLAG: "E / L / U: the flag stored (exact, lower, upper bound)",
    Mark.FOLD: "a subtree too wide: its children in rows under it",
}
"""The caption of each mark; a picture's legend lists the marks it uses."""

LEGEND_ROW = 24.0
LEGEND_CAPTION = 5.0
"""The width of a caption's character at the legend's font size (an estimate)."""
LEGEND_COLUMN = max(len(text) for text in LEGEND.values()) * LEGEND_CAPTION + 70
"""The width of one mark and its caption."""


def marks_of(result: Trace, folded: int) -> list[Mark]:
    """The marks the picture of ``result`` uses (``folded``: how many nodes are folded)."""
    every = list(result.walk())
    used = {
        Mark.VALUE: True,
        Mark.WINDOW: True,
        Mark.PV: bool(result.pv),
        Mark.CUT: any(node.unsearched for node in every),
        Mark.TABLE: any(node.table_cutoff for node in every),
        Mark.FLAG: any(node.store is not None and not node.table_cutoff for node in every),
        Mark.FOLD: folded > 0,
    }
    return [mark for mark in Mark if used[mark]]


def _legend_columns(width: float) -> int:
    return max(1, int(width // LEGEND_COLUMN))


def legend_height(marks: list[Mark], width: float) -> float:
    """The height of the legend of ``marks`` drawn in ``width``."""
    return 22 + -(-len(marks) // _legend_columns(width)) * LEGEND_ROW


def legend(svg: Svg, marks: list[Mark], x: float, y: float, width: float) -> None:
    """Draw the legend from (x, y) in ``width``: each mark, drawn as in the tree, beside its
    caption, as many to a row as fit."""
    per_row = _legend_columns(width)
    svg.line((x, y + 2), (x + width, y + 2), stroke="#dddddd")
    svg.text(x, y + 16, "Legend", size=10, anchor="start", bold=True)
    for k, mark in enumerate(marks):
        cx = x + (k % per_row) * LEGEND_COLUMN
        cy = y + 22 + (k // per_row) * LEGEND_ROW + LEGEND_ROW / 2
        _legend_mark(svg, mark, cx + 24, cy)
        svg.text(cx + 60, cy + 3, LEGEND[mark], size=9, anchor="start", fill="#333333")


def _legend_mark(svg: Svg, mark: Mark, x: float, y: float) -> None:
    """One mark of the legend, centred at (x, y), drawn as the tree draws it."""
    data = {"legend": mark.name.lower()}
    if mark is Mark.VALUE:
        svg.rect(x - 22, y - 7, 20, 14, fill=SIDE_FILL[0], stroke="#333333", data=data)
        svg.text(x - 12, y + 4, "3", size=10)
        svg.rect(x + 2, y - 7, 20, 14, fill=SIDE_FILL[1], stroke="#333333")
        svg.text(x + 12, y + 4, "-3", size=10)
    elif mark is Mark.WINDOW:
        svg.rect(x - 9, y - 10, 20, 12, fill=SIDE_FILL[0], stroke="#333333", data=data)
        svg.text(x - 11, y - 10, "7", size=8, anchor="end", fill="#888888")
        svg.text(x + 1, y + 10, "[a,b]", size=8, fill="#555555")
    elif mark is Mark.PV:
        svg.line((x - 22, y), (x + 22, y), stroke=PV_COLOUR, width=3, data=data)
    elif mark is Mark.CUT:
        svg.line((x - 22, y - 8), (x - 6, y - 2), stroke=CUT_COLOUR, dashed=True, data=data)
        svg.text(x, y + 5, "\u00d7", size=16, fill=CUT_COLOUR)
        svg.text(x + 16, y + 4, "n cut", size=9, fill="#888888")
    elif mark is Mark.TABLE:
        svg.rect(x - 18, y - 7, 26, 14, fill=TABLE_COLOUR, stroke="#333333", data=data)
        svg.text(x + 10, y + 4, "TT", size=8, anchor="start", bold=True)
    elif mark is Mark.FLAG:
        svg.rect(x - 18, y - 7, 26, 14, fill=SIDE_FILL[0], stroke="#333333", data=data)
        svg.text(x + 10, y + 4, "L", size=9, anchor="start", fill="#7d6608")
    else:
        svg.rect(x - 24, y - 11, 12, 7, fill=SIDE_FILL[0], stroke="#333333", data=data)
        for a, b in (((x - 18, y - 4), (x - 18, y + 3)), ((x - 18, y + 3), (x + 20, y + 3)),
                     ((x - 4, y + 3), (x - 4, y + 9)), ((x + 20, y + 3), (x + 20, y + 9))):
            svg.line(a, b, stroke=EDGE_COLOUR)


def draw_pass(root: TraceNode, pv: set[int], title: str, width: float = WINDOW) -> tuple[str, int]:
    """One search from the root position as an SVG document at most ``width`` wide (wider
    only when a single slot needs it), without its legend; and how many nodes it folded."""
    block = layout(root, width - 2 * MARGIN).moved(MARGIN, MARGIN + 14)
    title_width = 6.5 * len(title) + 2 * MARGIN
    picture_width = max(block.width + 2 * MARGIN, min(title_width, width))
    height = MARGIN + 14 + block.height
    svg = Svg(picture_width, height)
    root_x = block.at[id(root)][0]
    if root_x - BOX_W / 2 < picture_width / 3:  # the root is at the left: so is the title
        svg.text(MARGIN, 20, title, size=13, anchor="start")
    else:
        svg.text(picture_width / 2, 20, title, size=13)
    for _, child, line in block.edges:
        if id(child) not in pv:
            _draw_edge(svg, line, child, on_pv=False)
    for _, child, line in block.edges:  # the principal variation on top
        if id(child) in pv:
            _draw_edge(svg, line, child, on_pv=True)
    for node, line in block.cuts:
        _draw_cut(svg, node, line)
    for node in root.walk():
        _draw_node(svg, node, block.at[id(node)], id(node) in pv or node is root)
    return svg.to_string(), block.folded


def _draw_edge(svg: Svg, line: list[Point], child: TraceNode, *, on_pv: bool) -> None:
    colour = PV_COLOUR if on_pv else EDGE_COLOUR
    for a, b in itertools.pairwise(line):
        svg.line(a, b, stroke=colour, width=3 if on_pv else 1, data={"edge": child.move_text})
    x, y = line[-1]
    svg.text(x, y - 3, child.move_text, size=9, fill="#1a5276")


def _draw_cut(svg: Svg, node: TraceNode, line: list[Point]) -> None:
    """The dashed line to the cross of ``node``'s unsearched moves, and their number."""
    x, y = line[-1]
    line = [*line[:-1], (x, y - 8)]
    for k, (a, b) in enumerate(itertools.pairwise(line)):
        data = {"cutoff": "yes"} if k == len(line) - 2 else None  # one marked line per cross
        svg.line(a, b, stroke=CUT_COLOUR, dashed=True, data=data)
    svg.text(x, y, "\u00d7", size=16, fill=CUT_COLOUR)
    svg.text(x, y + 13, f"{len(node.unsearched_text)} cut", size=9, fill="#888888")


def _draw_node(svg: Svg, node: TraceNode, at: Point, on_pv: bool) -> None:
    x, y = at
    fill = TABLE_COLOUR if node.table_cutoff else SIDE_FILL[node.to_move]
    svg.rect(
        x - BOX_W / 2,
        y - BOX_H / 2,
        BOX_W,
        BOX_H,
        fill=fill,
        stroke=PV_COLOUR if on_pv else "#333333",
        data={"order": str(node.order), "kind": node.kind.replace(" ", "-")},
    )
    svg.text(x, y + 4, show_score(node.value), size=11, bold=on_pv)
    svg.text(x - BOX_W / 2 - 2, y - BOX_H / 2 - 2, str(node.order), size=8,
             anchor="end", fill="#888888")
    if node.alpha is not None and node.beta is not None:
        window = f"[{show_score(node.alpha)},{show_score(node.beta)}]"
        svg.text(x, y + BOX_H / 2 + 9, window, size=8, fill="#555555")
    if node.table_cutoff:
        svg.text(x + BOX_W / 2 + 1, y + 4, "TT", size=8, anchor="start", bold=True)
    elif node.store is not None:
        letter = FLAG_LETTER.get(node.store.flag.name or "", "?")
        svg.text(x + BOX_W / 2 + 2, y + 4, letter, size=9, anchor="start", fill="#7d6608")


def check_width(width: float) -> float:
    """``width`` when a picture can be drawn in it, else a :class:`ParameterError`."""
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ParameterError(
            f"a picture's width must be between {MIN_WIDTH:g} and {MAX_WIDTH:g} px, "
            f"got {width:g}"
        )
    return width


def draw_trace(result: Trace, title: str = "", *, width: float = WINDOW) -> str:
    """The traced search as one SVG document at most ``width`` pixels wide, its legend under
    it (MTD(f): its passes in rows, as many side by side as fit).

    Refuses (:class:`~reference.errors.ParameterError`) a tree of more than
    :data:`DRAW_LIMIT` nodes and a width outside [:data:`MIN_WIDTH`, :data:`MAX_WIDTH`].
    """
    check_width(width)
    if result.nodes > DRAW_LIMIT:
        raise ParameterError(
            f"{result.nodes:,} nodes are too many to draw (at most {DRAW_LIMIT:,}): ask for "
            f"a smaller depth or a later position, or print the tree as text"
        )
    pv = {id(node) for node in result.pv}
    heading = title or f"{result.algorithm} to depth {result.depth}"
    heading += f": value {result.value}, {result.nodes} nodes"
    if len(result.passes) == 1:
        tree, folded = draw_pass(result.passes[0], pv, heading, width)
    else:
        gap = 12.0
        drawn = [
            draw_pass(
                root,
                pv,
                f"pass {k}: [{show_score(root.alpha)},{show_score(root.beta)}] -> "
                f"{show_score(root.value)}",
                width,
            )
            for k, root in enumerate(result.passes, start=1)
        ]
        panels = [panel for panel, _ in drawn]
        folded = sum(count for _, count in drawn)
        widest = max(svg_size(panel)[0] for panel in panels)
        columns = max(1, min(len(panels), int((width + gap) // (widest + gap))))
        tree = grid(panels, columns=columns, gap=gap, title=heading)
    return with_legend(tree, marks_of(result, folded))


def with_legend(document: str, marks: list[Mark]) -> str:
    """``document`` on a white ground with the legend of ``marks`` under it."""
    tree_width, tree_height = svg_size(document)
    width = max(tree_width, MIN_WIDTH)
    height = tree_height + legend_height(marks, width - 2 * MARGIN) + MARGIN
    out = Svg(width, height)
    out.rect(0, 0, width, height, fill="#ffffff", stroke="#ffffff")
    body = document.split(">", 1)[1].rsplit("</svg>", 1)[0]
    out.parts.append(
        f'<svg x="0" y="0" width="{tree_width:g}" height="{tree_height:g}">{body}</svg>'
    )
    legend(out, marks, MARGIN, tree_height, width - 2 * MARGIN)
    return out.to_string()
