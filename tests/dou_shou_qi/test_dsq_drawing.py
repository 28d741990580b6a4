"""The SVG board pictures (seed 003, Figures 2, 8, 10, 13-15): well-formed, and they show what they say."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from reference.dou_shou_qi.cones import INF, a_cone, b_cone, cone_max, project_effect_cone
from reference.dou_shou_qi.figure_drawing import BoardEdge, board_svg
from reference.dou_shou_qi.geometry import Kind, Side, parse_square
from reference.dou_shou_qi.notation import START_NOTATION, parse_placement
from reference.dou_shou_qi.partition import find_subproblems

NS = {"svg": "http://www.w3.org/2000/svg"}


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_start_board_has_63_squares_and_16_pieces() -> None:
    root = parse(board_svg(parse_placement(START_NOTATION).pieces, title="Figure 2"))
    squares = root.findall(".//svg:rect[@class='square']", NS)
    assert len(squares) == 63
    pieces = {c.get("data-piece") for c in root.findall(".//svg:circle[@class='piece']", NS)}
    assert pieces == {"Ta1", "Lg1", "Cb2", "Df2", "Ea3", "Wc3", "He3", "Mg3"} | {
        "Ma7",
        "Hc7",
        "We7",
        "Eg7",
        "Db8",
        "Cf8",
        "La9",
        "Tg9",
    }
    water = [r for r in squares if r.get("fill") == "#cfe8ff"]
    assert len(water) == 12


def test_section_6_4_numbers_are_the_printed_max_matrix() -> None:
    """The number drawn on each square is the cone's value: b7 shows MinHeight 9 (§6.4)."""
    cat = project_effect_cone(Kind.CAT, parse_square("f8"), Side.B)
    tiger = project_effect_cone(Kind.TIGER, parse_square("a1"), Side.A)
    both = cone_max(a_cone(cat), b_cone(tiger))
    numbers = {sq: ("∞" if t == INF else str(int(t))) for sq, t in enumerate(both)}
    root = parse(board_svg(numbers=numbers))
    drawn = {t.get("data-square"): t.text for t in root.findall(".//svg:text[@class='number']", NS)}
    assert drawn["b7"] == "9" and drawn["a9"] == "14" and drawn["d9"] == "∞" and drawn["g1"] == "16"
    assert len(drawn) == 63


def test_partition_picture_draws_the_mst_and_the_regions() -> None:
    d = find_subproblems(parse_placement("A: Hc2 Cb3 Me6 / B: Ma2 Cb7 Dc7 Ee7 / A").pieces, 4)
    edges = [
        BoardEdge(d.pieces[e.u].square, d.pieces[e.v].square, str(e.weight), dashed=e.weight > 4)
        for e in d.mst
    ]
    root = parse(board_svg(d.pieces, regions=list(d.partition.region), edges=edges))
    lines = root.findall(".//svg:line[@class='edge']", NS)
    assert len(lines) == len(d.pieces) - 1
    assert sum(line.get("stroke-dasharray") is not None for line in lines) == 1  # the cut edge
    fills = {r.get("data-square"): r.get("fill") for r in root.findall(".//svg:rect", NS)}
    assert fills["a1"] != fills["a9"]  # two regions, two colours
