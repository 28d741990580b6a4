"""The SVG pictures of seed 002's figures: well-formed, and they show what their captions say."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from reference.svg import Series, Svg, grid, line_chart, side_by_side, svg_size
from reference.wargame.complexity import FIRE_EMBLEM_RANGE, plans_best_case, plans_worst_case
from reference.wargame.drawing import HIGHLIGHT_FILL, TERRAIN_FILL, battle_svg
from reference.wargame.figures import (
    FIGURE_3,
    all_figures,
    figure_4,
    figure_4_maps,
    figure_5,
    figure_7,
    figure_8,
    figure_8_rows,
    figure_10,
)
from reference.wargame.geometry import Terrain
from reference.wargame.notation import read_scenario
from reference.wargame.rules import Battle

NS = {"svg": "http://www.w3.org/2000/svg"}


def panels(document: str) -> list[ET.Element]:
    """The panels (nested documents) of a figure."""
    return ET.fromstring(document).findall("svg:svg", NS)


def tiles(panel: ET.Element, role: str | None = None) -> set[str]:
    """Names of the panel's tiles, or of those highlighted with ``role``."""
    return {
        shape.get("data-tile", "")
        for shape in panel.findall("svg:polygon[@data-tile]", NS)
        if role is None or shape.get("data-highlight") == role
    }


def units(panel: ET.Element) -> dict[str, str]:
    """Unit label (side, kind, index) -> tile name."""
    return {
        c.get("data-unit", ""): c.get("data-tile", "")
        for c in panel.findall("svg:circle[@data-unit]", NS)
    }


def test_every_figure_is_well_formed_svg() -> None:
    for name, document in all_figures().items():
        root = ET.fromstring(document)
        assert root.tag == "{http://www.w3.org/2000/svg}svg", name
        assert svg_size(document)[0] > 0


def test_figure_3_has_four_red_and_four_blue_units_hills_and_lakes() -> None:
    """Figure 3: "four red units and four blue units ... sword men and archers", hills and lakes.
    The drawn position is the test scenario ``wargame_figure3.txt``."""
    assert read_scenario(str(Path(__file__).with_name("wargame_figure3.txt"))) == FIGURE_3 + " 0/30"
    root = ET.fromstring(all_figures()["wargame_figure3_board"])
    drawn = units(root)
    assert sorted(label[0] for label in drawn) == ["a"] * 4 + ["b"] * 4
    assert {label[1] for label in drawn} == {"S", "A"}
    fills = [shape.get("fill") for shape in root.findall("svg:polygon[@data-tile]", NS)]
    assert fills.count(TERRAIN_FILL[Terrain.HILL]) == 3
    assert fills.count(TERRAIN_FILL[Terrain.LAKE]) == 4


def test_figure_4_panels_show_the_four_cases() -> None:
    """Figure 4 (a)-(d), movement 2, cost 1: 13 tiles in the open; an obstacle or an enemy on c4
    cuts off c5; an ally on c4 does not (c5 in, c4 not an end tile)."""
    a, b, c, d = panels(figure_4())
    assert len(tiles(a, "move")) == 13 and "c5" in tiles(a, "move")
    for blocked in (b, c):
        assert "c5" not in tiles(blocked, "move") and tiles(blocked, "block") == {"c4"}
        assert len(tiles(blocked, "move")) == 11
    assert "c5" in tiles(d, "move") and tiles(d, "block") == {"c4"}
    assert len(tiles(d, "move")) == 12


def test_figure_4_on_three_maps_has_13_25_19_tiles() -> None:
    square, octagonal, hexagonal = panels(figure_4_maps())
    assert [len(tiles(p, "move")) for p in (square, octagonal, hexagonal)] == [13, 25, 19]
    hexagon = hexagonal.find("svg:polygon[@data-tile]", NS)
    octagon = octagonal.find("svg:polygon[@data-tile]", NS)
    assert hexagon is not None and octagon is not None
    assert len(hexagon.get("points", "").split()) == 6
    assert len(octagon.get("points", "").split()) == 8


def test_figure_5_attack_ranges() -> None:
    """Figure 5: melee reaches the 4 adjacent tiles, an archer (2-2) the 8 at distance 2, the band
    2-3 the 8 + 12 tiles at distance 2 and 3."""
    melee, archer, band = panels(figure_5())
    assert tiles(melee, "attack") == {"c2", "b3", "d3", "c4"}
    assert len(tiles(archer, "attack")) == 8 and "c3" not in tiles(archer, "attack")
    assert len(tiles(band, "attack")) == 20


def test_figure_7_panels_free_the_tile_for_the_unit_acting_second() -> None:
    """Figure 7: (b-d) red 1 kills blue 1, red 2 ends on c1; (e-g) the other way round."""
    drawn = panels(figure_7())
    assert len(drawn) == 7
    start, moved_1, killed_1, took_2, moved_2, killed_2, took_1 = (units(p) for p in drawn)
    assert start == {"aS1": "a1", "aS2": "e1", "bS1": "c1"}
    assert moved_1["aS1"] == "b1" and "bS1" in moved_1
    assert "bS1" not in killed_1 and took_2 == {"aS1": "b1", "aS2": "c1"}
    assert moved_2["aS2"] == "d1" and "bS1" not in killed_2
    assert took_1 == {"aS1": "c1", "aS2": "d1"}


def test_figure_8_rows_and_chart() -> None:
    """Figure 8: the rows are the §3.1 formulas; n = 5 of (b) is Fire Emblem (r = 61); every
    curve rises with n and the worst case lies above the others."""
    rows = figure_8_rows(5)
    n, best, disjoint, worst = rows[4]
    assert (n, best, worst) == (
        5,
        plans_best_case(5, FIRE_EMBLEM_RANGE),
        plans_worst_case(5, FIRE_EMBLEM_RANGE),
    )
    assert disjoint == 120 * 61**5
    for _, best, disjoint, worst in rows:
        assert best <= disjoint <= worst
    root = ET.fromstring(figure_8(2))
    dots = root.findall("svg:circle[@data-series]", NS)
    assert len(dots) == 3 * 8
    worst_dots = [
        float(c.get("cy", "0")) for c in dots if c.get("data-series", "").startswith("worst")
    ]
    assert worst_dots == sorted(worst_dots, reverse=True)  # higher on the page as n grows


def test_figure_10_counts_the_overlaps() -> None:
    """Figure 10 (ours): compact units' ranges overlap; the labels count the units reaching a
    tile.  Next to the block three units reach a tile (the fourth is 3 steps away)."""
    for panel, count in zip(panels(figure_10()), (3, 4), strict=True):
        assert tiles(panel, "overlap")
        labels = {
            t.text: t
            for t in panel.findall("svg:text[@font-size='13']", NS)
            if (t.text or "").isdigit()
        }
        assert max(int(text or "0") for text in labels) == 3
        assert len(units(panel)) == count


def test_battle_svg_marks_moves_and_attacks() -> None:
    battle = Battle.from_notation("hex:..../.... aS@a1,bS@c1 a")
    document = battle_svg(
        battle,
        highlight={0: "move", 1: "target"},
        moves=[(0, 1)],
        attacks=[(1, 2)],
        labels={3: "7"},
        title="a hexagonal test",
    )
    root = ET.fromstring(document)
    assert {s.get("fill") for s in root.findall("svg:polygon[@data-highlight]", NS)} == {
        HIGHLIGHT_FILL["move"],
        HIGHLIGHT_FILL["target"],
    }
    assert len(root.findall("svg:line[@stroke-dasharray]", NS)) == 1
    assert "7" in [t.text for t in root.findall("svg:text", NS)]


def test_svg_helpers() -> None:
    one = Svg(30, 20)
    one.rect(0, 0, 30, 20, fill="#ffffff")
    two = Svg(50, 40)
    row = side_by_side([one.to_string(), two.to_string()], gap=10)
    assert svg_size(row) == (90, 40)
    table = grid([one.to_string(), None, two.to_string()], columns=2, gap=10)
    assert svg_size(table) == (60, 70)  # columns 50 (one or two) and 0 (the empty cell)
    with pytest.raises(ValueError):
        line_chart(
            [Series("empty", ((1.0, 0.0),), "#000000")],
            title="t",
            x_label="x",
            y_label="y",
            log_y=True,
        )
    with pytest.raises(ValueError):
        svg_size("<g/>")
