"""The Dots and Boxes pictures: the chains and loops drawn are the position's (worked by hand),
and each undrawn line's colour is its kind of move, checked by counting sides from scratch."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from reference.dots_and_boxes.chains import MoveKind
from reference.dots_and_boxes.figures import (
    CHAIN_FILL,
    LOOP_FILL,
    MOVE_COLOUR,
    MOVE_KINDS_POSITION,
    chains_figure,
    edges_of,
    move_kinds_figure,
)
from reference.dots_and_boxes.geometry import edge_endpoints
from reference.dots_and_boxes.notation import edge_name

NS = {"svg": "http://www.w3.org/2000/svg"}


def test_chains_figure_fills_the_loop_and_the_long_chain() -> None:
    """CHAINS_POSITION by hand: the four top-left boxes each have two outer sides (a loop of
    4); the other five boxes form one chain round it, (0,2) down to (2,2) and left to (2,0)."""
    svg = chains_figure()
    fills = {
        rect.get("data-box"): rect.get("fill")
        for rect in ET.fromstring(svg).findall(".//svg:rect[@data-box]", NS)
    }
    assert {box for box, fill in fills.items() if fill == LOOP_FILL} == {"0,0", "0,1", "1,0", "1,1"}
    assert {box for box, fill in fills.items() if fill == CHAIN_FILL[True]} == {
        "0,2",
        "1,2",
        "2,2",
        "2,1",
        "2,0",
    }
    assert "lengths 5; loops (blue): 4" in svg
    assert "16 dots + 1 long chain(s) = 17, odd:" in svg  # Theorem 2 as the classical rule


def kind_from_scratch(rows: int, cols: int, edges: int, move: int) -> MoveKind:
    """Count each box's drawn sides from the dots the edges join (no geometry tables)."""

    def sides(r: int, c: int, drawn: int) -> int:
        corners = {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)}
        return sum(
            1
            for e in range(2 * rows * cols + rows + cols)
            if drawn >> e & 1 and set(edge_endpoints(rows, cols, e)) <= corners
        )

    boxes = [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if set(edge_endpoints(rows, cols, move)) <= {(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)}
    ]
    after = [sides(r, c, edges | 1 << move) for r, c in boxes]
    if 4 in after:
        return MoveKind.CAPTURE
    return MoveKind.SACRIFICE if 3 in after else MoveKind.SAFE


def test_move_kinds_figure_colours_each_line_by_its_kind() -> None:
    edges = edges_of(3, 3, MOVE_KINDS_POSITION)
    root = ET.fromstring(move_kinds_figure())
    colours = {
        line.get("data-edge", ""): line.get("stroke", "")
        for line in root.findall(".//svg:line[@data-drawn='0']", NS)
    }
    expected = {
        edge_name(3, 3, e): MOVE_COLOUR[kind_from_scratch(3, 3, edges, e)]
        for e in range(24)
        if not edges >> e & 1
    }
    assert colours == expected
    captures = sorted(e for e, c in colours.items() if c == MOVE_COLOUR[MoveKind.CAPTURE])
    assert captures == ["h1,0", "h2,2"]  # completing box (0,0) and box (1,2)
    sacrifices = sorted(e for e, c in colours.items() if c == MOVE_COLOUR[MoveKind.SACRIFICE])
    assert sacrifices == ["h1,1", "v1,1"]  # the third side of the 2-box (1,1)
