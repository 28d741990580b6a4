"""The SVG pictures of seed 004's roads, road table and TSS: well-formed, and they show what they say."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

from reference.connect6 import Connect6
from reference.connect6.drawing import board_svg
from reference.connect6.figures import (
    DRAWN_FROM_LENGTH,
    all_figures,
    road_table,
    roads_through_points,
    tss_win,
)
from reference.connect6.geometry import geometry
from reference.connect6.puzzles import WIN_IN_3
from reference.connect6.tss import threat_space_search

NS = {"svg": "http://www.w3.org/2000/svg"}


def test_every_picture_is_well_formed_svg() -> None:
    for name, document in all_figures().items():
        assert ET.fromstring(document).tag == "{http://www.w3.org/2000/svg}svg", name


def test_roads_through_each_point_of_the_empty_board() -> None:
    """§2.1.3, §2.2.1: 924 roads on 19 x 19; 3 through a corner, 24 (four directions x 6) in the
    middle; every road has six points, so the numbers add up to 6 x 924."""
    root = ET.fromstring(roads_through_points(19))
    geo = geometry(19)
    per_point = Counter(len(geo.through[p]) for p in geo.points)
    assert per_point[3] == 4 and max(per_point) == 24
    shown = Counter(
        t.text for t in root.findall("svg:text", NS) if t.text is not None and t.text.isdigit()
    )
    for roads, points in per_point.items():  # each count once per point, plus a row number <= 19
        assert shown[str(roads)] == points + (1 if roads <= 19 else 0)
    assert sum(roads * points for roads, points in per_point.items()) == 6 * 924
    assert len(root.findall("svg:rect[@data-point]", NS)) == 361


def test_road_table_picture_draws_the_tables_roads() -> None:
    """One bar per coloured road of length >= 2 in the road table; threat roads red."""
    game = Connect6.from_notation(WIN_IN_3.position)
    expected = sum(
        game.table.count(colour, n) for colour in (0, 1) for n in range(DRAWN_FROM_LENGTH, 7)
    )
    root = ET.fromstring(road_table(WIN_IN_3.position))
    bars = root.findall("svg:line[@data-road]", NS)
    assert len(bars) == expected > 0
    red = [b for b in bars if b.get("stroke") == "#cb181d"]
    assert len(red) == len(game.table.threat_roads(0)) + len(game.table.threat_roads(1))
    stones = root.findall("svg:circle[@data-stone]", NS)
    assert len(stones) == game.occupied.bit_count()


def test_tss_picture_numbers_the_main_line() -> None:
    """The stones of TSS's main line are numbered in order; the rings are threat points."""
    game = Connect6.from_notation(WIN_IN_3.position)
    line = threat_space_search(game, max_depth=WIN_IN_3.depth).line
    root = ET.fromstring(tss_win(WIN_IN_3))
    numbers = sorted(
        int(t.text)
        for t in root.findall("svg:text", NS)
        if t.text is not None
        and t.text.isdigit()
        and t.get("font-size") == "11"
        and t.get("fill") in ("#111111", "#fafafa")
    )
    assert numbers == sorted(n for n, move in enumerate(line, start=1) for _ in move)
    assert root.findall("svg:circle[@data-mark]", NS)


def test_board_svg_marks_points() -> None:
    geo = geometry(6)
    root = ET.fromstring(board_svg(geo, 1, 2, marks={3: "#ff0000"}, numbers={4: "x"}, title="t"))
    assert [c.get("data-stone") for c in root.findall("svg:circle[@data-stone]", NS)] == ["b", "w"]
    assert root.find("svg:circle[@data-mark='d1']", NS) is not None
