"""The board and graph figures of seed 003, computed from the code and drawn as SVG.

The thesis's pictures of boards and graphs were lost in the text extraction;
these are computed from the code, so a student can look instead of read:

* Figure 2: the board and the starting position;
* Figure 8 (b)-(d): free-body effect cones of the cat (b2), tiger (a1) and mouse
  (g3) from their starting squares (§6.3; the number is the first ply the piece
  can stand there, darker is sooner);
* §6.4: Max(A(U), B(V)) for A's cat on f8 and B's tiger on a1 (MinHeight 9 at b7);
* Figure 10: the movement graphs G_n, G_s and the leaps of G_j;
* Figures 13-15: subproblems, the board partition (Partition-Board, a Voronoi
  diagram in causality space) and the minimum spanning tree of G_T (edge labels
  are T[u, v]; dashed red edges are heavier than T_thresh and cut), for Figure
  13's position, for a three-way split, and for the start at T_thresh = 2.

``examples/dsq_figures.py`` writes them to files, ``tools/figures.py`` into
``docs/figures/``; :mod:`.drawing` draws the boards.
"""

from __future__ import annotations

import math

from reference.dou_shou_qi.cones import (
    INF,
    MOVEMENT_GRAPHS,
    Movement,
    a_cone,
    b_cone,
    cone_max,
    min_height,
    project_effect_cone,
)
from reference.dou_shou_qi.figure_drawing import BoardEdge, board_svg
from reference.dou_shou_qi.geometry import NUM_SQUARES, WATER_JUMPS, Kind, Side, parse_square
from reference.dou_shou_qi.notation import START_NOTATION, Piece, parse_placement
from reference.dou_shou_qi.partition import find_subproblems

PARTITIONS: dict[str, tuple[str, float, str]] = {
    "figure13_partition_mst": (
        "A: Hc2 Cb3 Me6 / B: Ma2 Cb7 Dc7 Ee7 / A",
        4,
        "Figure 13 at T_thresh = 4",
    ),
    "three_way_partition_mst": (
        "A: Ta1 Eb1 Hg1 Cc2 Df2 Ld6 / B: Me7 La9 Dc9 He9 / A",
        4,
        "A three-way split at T_thresh = 4",
    ),
    "start_partition_mst": (
        START_NOTATION,
        2,
        "The start at T_thresh = 2 (Figure 15's recursion, flat)",
    ),
}
"""The partition pictures: file stem -> (position, T_thresh, title).  The positions are
ours except Figure 13's (§9) and the start."""


def cone_figure(kind: Kind, square: str, side: Side, title: str) -> str:
    """Figure 8 (b)-(d): the free-body effect cone of one piece, first arrival ply per square."""
    cone = project_effect_cone(kind, parse_square(square), side)
    finite = [t for t in cone if t != INF]
    top = max(finite)
    numbers = {sq: ("∞" if t == INF else str(int(t))) for sq, t in enumerate(cone)}
    shades = {sq: (math.nan if t == INF else 1 - t / (top + 1)) for sq, t in enumerate(cone)}
    piece = Piece(side, kind, parse_square(square))
    return board_svg([piece], numbers=numbers, shades=shades, title=title)


def section_6_4_figure() -> str:
    """§6.4: Max(A(cat f8), B(tiger a1)), its minimum (MinHeight) shaded dark."""
    cat = project_effect_cone(Kind.CAT, parse_square("f8"), Side.B)
    tiger = project_effect_cone(Kind.TIGER, parse_square("a1"), Side.A)
    both = cone_max(a_cone(cat), b_cone(tiger))
    low = min_height(both)
    numbers = {sq: ("∞" if t == INF else str(int(t))) for sq, t in enumerate(both)}
    shades = {sq: 1.0 for sq, t in enumerate(both) if t == low}
    pieces = parse_placement("A: Ta1 / B: Cf8 / A").pieces
    return board_svg(
        pieces,
        numbers=numbers,
        shades=shades,
        title=f"§6.4: Max(A(cat f8), B(tiger a1)); MinHeight = {int(low)} (dark)",
    )


def movement_figure(movement: Movement, title: str) -> str:
    """Figure 10: one movement graph (for G_j only its leaps across the water, dashed)."""
    edges: list[BoardEdge] = []
    for sq in range(NUM_SQUARES):
        for other in MOVEMENT_GRAPHS[movement][sq]:
            if other <= sq:
                continue
            leap = any(other == landing for landing, _ in WATER_JUMPS[sq])
            if movement == Movement.JUMPING and not leap:
                continue
            edges.append(BoardEdge(sq, other, dashed=leap, colour="#1f5fa8" if leap else "#333333"))
    return board_svg(edges=edges, title=title)


def partition_figure(notation: str, t_thresh: float, title: str) -> str:
    """Figures 13-15: the Voronoi board partition and the MST of G_T (cut edges dashed red)."""
    d = find_subproblems(parse_placement(notation).pieces, t_thresh)
    pieces = d.pieces
    edges = [
        BoardEdge(
            pieces[e.u].square,
            pieces[e.v].square,
            label=str(int(e.weight)) if e.weight != INF else "∞",
            dashed=e.weight > t_thresh,
            colour="#c0392b" if e.weight > t_thresh else "#333333",
        )
        for e in d.mst
    ]
    regions = list(d.partition.region)
    numbers = {sq: str(r + 1) for sq, r in enumerate(regions) if r >= 0}
    return board_svg(
        pieces,
        numbers=numbers,
        regions=regions,
        edges=edges,
        title=f"{title}: {len(d.subproblems)} subproblems, T_max = {d.t_max}",
        small_numbers=True,
    )


def all_figures() -> dict[str, str]:
    """Every figure, by file stem."""
    figures = {
        "dsq_figure2_board": board_svg(
            parse_placement(START_NOTATION).pieces, title="Figure 2: the start"
        ),
        "dsq_figure8b_cat_cone": cone_figure(Kind.CAT, "b2", Side.A, "Figure 8(b): cat from b2"),
        "dsq_figure8c_tiger_cone": cone_figure(
            Kind.TIGER, "a1", Side.A, "Figure 8(c): tiger from a1"
        ),
        "dsq_figure8d_mouse_cone": cone_figure(
            Kind.MOUSE, "g3", Side.A, "Figure 8(d): mouse from g3"
        ),
        "dsq_section6_4_max": section_6_4_figure(),
        "dsq_figure10_normal": movement_figure(Movement.NORMAL, "Figure 10: G_n (normal pieces)"),
        "dsq_figure10_jumping": movement_figure(
            Movement.JUMPING, "Figure 10: G_j leaps (lion, tiger)"
        ),
        "dsq_figure10_swimming": movement_figure(Movement.SWIMMING, "Figure 10: G_s (the mouse)"),
    }
    for name, (notation, t_thresh, title) in PARTITIONS.items():
        figures[f"dsq_{name}"] = partition_figure(notation, t_thresh, title)
    return figures
