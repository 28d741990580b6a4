"""``trace --svg`` pictures (reference.trace.drawing): they fit the width asked for, open
with the root in view, never draw a box on another or a line through a box, join every
child to its parent, and carry a legend of the marks they use (issue 29, item 6)."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
from game_strategies import dab_games, mnk_games
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError
from reference.mnk.game import MNKGame
from reference.search import ALGORITHMS, Game
from reference.svg import Point, svg_size
from reference.trace import Trace, TraceNode, trace
from reference.trace.drawing import (
    BOX_H,
    BOX_W,
    LEGEND,
    MIN_WIDTH,
    SLOT,
    WINDOW,
    Block,
    Mark,
    draw_trace,
    layout,
    marks_of,
    slots,
)

Box = tuple[float, float, float, float]


def box(at: Point) -> Box:
    x, y = at
    return (x - BOX_W / 2, y - BOX_H / 2, x + BOX_W / 2, y + BOX_H / 2)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def crosses(a: Point, b: Point, r: Box) -> bool:
    """True when the segment a-b passes through the inside of ``r`` (Liang-Barsky clipping,
    shrunk by a hair so a segment ending on an edge does not count)."""
    x0, y0, x1, y1 = r[0] + 0.5, r[1] + 0.5, r[2] - 0.5, r[3] - 0.5
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = 0.0, 1.0
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def check_block(root: TraceNode, block: Block, width: float) -> None:
    """The layout's promises: every node placed once inside the block, the block no wider
    than ``width`` (unless one slot is wider), no two boxes overlapping, every edge from
    under its parent to the top of its child through no other box."""
    nodes = list(root.walk())
    assert set(block.at) == {id(node) for node in nodes}
    assert block.width <= max(width, SLOT) + 1e-9
    boxes = {id(node): box(block.at[id(node)]) for node in nodes}
    for k, node in enumerate(nodes):
        left, top, right, bottom = boxes[id(node)]
        assert left >= 0 and right <= block.width and top >= 0 and bottom <= block.height
        for other in nodes[k + 1:]:
            assert not overlap(boxes[id(node)], boxes[id(other)]), (node.order, other.order)
    children = {(id(parent), id(child)) for parent in nodes for child in parent.children}
    assert {(id(parent), id(child)) for parent, child, _ in block.edges} == children
    for parent, child, line in block.edges:
        px, py = block.at[id(parent)]
        cx, cy = block.at[id(child)]
        assert line[0] == (px, py + BOX_H / 2 + 10)
        assert line[-1] == (cx, cy - BOX_H / 2)
        for a, b in itertools.pairwise(line):
            for node in nodes:
                if node is not parent and node is not child:
                    assert not crosses(a, b, boxes[id(node)]), (parent.order, child.order, node.order)
    assert {id(node) for node, _ in block.cuts} == {id(node) for node in nodes if node.unsearched}
    for node, line in block.cuts:
        for a, b in itertools.pairwise(line):
            for other in nodes:
                if other is not node:
                    assert not crosses(a, b, boxes[id(other)]), (node.order, other.order)


def tic_tac_toe(algorithm: str) -> Trace:
    return trace(MNKGame(3, 3, 3, symmetry=True), algorithm, 2)


@pytest.mark.parametrize("width", [MIN_WIDTH, 688, WINDOW, 3000])
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_the_empty_board_laid_out_in_every_width(algorithm: str, width: float) -> None:
    result = tic_tac_toe(algorithm)
    for root in result.passes:
        check_block(root, layout(root, width), width)


def test_a_tree_that_fits_is_not_folded_and_one_that_does_not_is() -> None:
    """82 nodes of minimax: 72 leaves side by side need 72 slots; in a window they fold,
    each first move's subtree (8 leaves) in a row of its own or beside others."""
    root = tic_tac_toe("minimax").passes[0]
    assert slots(root) == 72
    wide = layout(root, 72 * SLOT)
    assert wide.folded == 0 and wide.width == 72 * SLOT
    narrow = layout(root, WINDOW)
    assert narrow.folded == 1  # the root only: each first move's 8 replies fit a row
    assert narrow.width <= WINDOW and narrow.height > wide.height


def test_the_picture_opens_with_the_root_in_view() -> None:
    """The root's box is in the top left window's worth of the picture, and the picture is
    no wider than asked: a browser opening it shows the root at full size."""
    for width in (MIN_WIDTH, 688.0, WINDOW):
        picture = draw_trace(tic_tac_toe("minimax"), width=width)
        assert svg_size(picture)[0] <= width
        match = re.search(r'<rect x="([0-9.]+)" y="([0-9.]+)"[^>]*data-order="1"', picture)
        assert match is not None
        assert float(match.group(1)) + BOX_W <= width and float(match.group(2)) < 100


def test_mtdf_passes_fit_the_width_side_by_side_or_in_rows() -> None:
    result = tic_tac_toe("mtdf")
    assert len(result.passes) > 1
    for width in (MIN_WIDTH, WINDOW, 5000.0):
        picture = draw_trace(result, width=width)
        assert svg_size(picture)[0] <= width
        orders = [int(n) for n in re.findall(r'data-order="([0-9]+)"', picture)]
        assert sorted(orders) == list(range(1, result.nodes + 1))


def legend_marks(picture: str) -> set[str]:
    return set(re.findall(r'data-legend="([a-z]+)"', picture))


@pytest.mark.parametrize(
    "result, expected",
    [
        (tic_tac_toe("minimax"), {Mark.VALUE, Mark.WINDOW, Mark.PV, Mark.FOLD}),
        (tic_tac_toe("alphabeta"), {Mark.VALUE, Mark.WINDOW, Mark.PV, Mark.CUT, Mark.FOLD}),
        (
            trace(DotsAndBoxes(1, 2), "alphabeta_tt", 3),
            {Mark.VALUE, Mark.WINDOW, Mark.PV, Mark.CUT, Mark.TABLE, Mark.FLAG, Mark.FOLD},
        ),
    ],
    ids=["minimax", "alphabeta", "alphabeta_tt"],
)
def test_the_legend_explains_every_mark_the_picture_uses(result: Trace, expected: set[Mark]) -> None:
    """Minimax cuts nothing and has no table: no cross or TT in its legend; alpha-beta adds
    the cross of its cutoffs; the table adds TT boxes and the stored flags (each folded in
    the 688 px of a page's column)."""
    picture = draw_trace(result, width=688)
    assert legend_marks(picture) == {mark.name.lower() for mark in expected}
    for mark in Mark:
        assert (LEGEND[mark] in picture) == (mark in expected), mark
    assert ("\u00d7" in picture.split("Legend")[0]) == (Mark.CUT in expected)
    assert ('data-kind="table-cutoff"' in picture) == (Mark.TABLE in expected)


def test_a_small_tree_is_centred_and_not_folded() -> None:
    result = trace(MNKGame.from_notation("xo./.../... x", 3), "alphabeta", 2)
    assert marks_of(result, layout(result.passes[0], WINDOW).folded).count(Mark.FOLD) == 0
    picture = draw_trace(result, width=WINDOW)
    match = re.search(r'<rect x="([0-9.]+)"[^>]*data-order="1"', picture)
    assert match is not None
    width = svg_size(picture)[0]
    assert abs(float(match.group(1)) + BOX_W / 2 - width / 2) < width / 4


@pytest.mark.parametrize("width", [0, MIN_WIDTH - 1, 200_000])
def test_a_width_outside_the_range_is_refused(width: float) -> None:
    with pytest.raises(ParameterError, match="width must be between"):
        draw_trace(tic_tac_toe("alphabeta"), width=width)


@given(data=st.data())
@settings(max_examples=examples(25))
def test_random_positions_and_widths_keep_the_layout_s_promises(data: st.DataObject) -> None:
    """Random reachable positions of tic-tac-toe, 4 x 3 and 1 x 2 / 2 x 2 Dots and Boxes, any
    listing, any width: every promise of :func:`check_block` holds."""
    game: Game[Any] = data.draw(
        st.one_of(
            mnk_games(shapes=((3, 3, 3), (4, 3, 3)), max_moves=5),
            dab_games(sizes=((1, 2), (2, 2)), max_moves=8),
        )
    )
    algorithm = data.draw(st.sampled_from(ALGORITHMS))
    width = data.draw(st.floats(MIN_WIDTH, 2500))
    result = trace(game, algorithm, data.draw(st.integers(1, 2)), max_nodes=100_000)
    assume(result.nodes <= 250)  # a larger picture is checked above, on a fixed tree
    for root in result.passes:
        check_block(root, layout(root, width), width)
    assert svg_size(draw_trace(result, width=width))[0] <= width
