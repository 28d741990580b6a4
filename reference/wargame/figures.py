"""The board figures and Figure 8 of seed 002, rebuilt from the captions and drawn as SVG.

Every figure of the paper is a picture and none survived the text extraction; only
the captions did.  The positions below are ours, built to show what each caption
says (Figures 3-5, 7 and 10 on the square map, Figure 4 (a) also on the octagonal
and hexagonal maps of §2.1), and Figure 8's curves are computed from the §3.1
formulas.  ``examples/wargame_figures.py`` writes them to files;
``tests/wargame/test_wargame_drawing.py`` checks that each picture shows what its
caption says (range sizes, blocked tiles, freed tiles).
"""

from __future__ import annotations

from collections import Counter
from math import factorial

from reference.svg import Series, grid, line_chart, side_by_side
from reference.wargame.complexity import (
    plans_best_case,
    plans_per_sequence_assumption_2,
    plans_worst_case,
    range_size,
)
from reference.wargame.drawing import battle_svg
from reference.wargame.experiment import paper_setup
from reference.wargame.geometry import Tile, Tiling
from reference.wargame.rules import Battle

FIGURE_3 = (
    "..^...../..^..~~./......../.~~...../.....^../........ "
    "aS@b1:10/4/2/1-1,aS@c2:10/4/2/1-1,aA@a1:8/3/2/2-2,aA@d1:8/3/2/2-2,"
    "bS@e3:10/4/2/1-1,bS@g6:10/4/2/1-1,bA@h6:8/3/2/2-2,bA@e6:8/3/2/2-2 a"
)
"""Figure 3's kind of position (ours; the picture was lost): "four red units and four blue
units ... on a square board", swordsmen and archers, hills no unit can enter, lakes archers
shoot across.  The same position as ``tests/wargame/wargame_figure3.txt``."""

OPEN_5X5 = "...../...../...../...../....."
"""An open 5 x 5 square board (Figures 4 and 5)."""

SWORDSMAN_C3 = "aS@c3:10/4/2/1-1"
"""Figures 4 and 5: a swordsman in the middle, movement 2, melee."""

FIGURE_4: dict[str, tuple[str, str]] = {
    "a": (f"{OPEN_5X5} {SWORDSMAN_C3} a", "(a) no obstacle"),
    "b": (f"...../..^../...../...../..... {SWORDSMAN_C3} a", "(b) c4 is an obstacle: c5 is out"),
    "c": (
        f"{OPEN_5X5} {SWORDSMAN_C3},bS@c4:10/4/2/1-1 a",
        "(c) the enemy on c4 cannot be passed: c5 is out",
    ),
    "d": (
        f"{OPEN_5X5} {SWORDSMAN_C3},aS@c4:10/4/2/1-1 a",
        "(d) the ally on c4 can be passed: c5 is in",
    ),
}
"""Figure 4: "the movement range of a swordsman, whose movement point is 2.  The movement cost
of each tilt is 1" (positions ours; the swordsman is the unit on c3)."""

FIGURE_5: dict[str, tuple[str, str]] = {
    "a": (f"{OPEN_5X5} {SWORDSMAN_C3} a", "(a) melee: range 1"),
    "b": (f"{OPEN_5X5} aA@c3:8/3/2/2-2 a", "(b) ranged: range 2"),
    "c": (
        "......./......./......./......./......./......./....... aA@d4:8/3/2/2-3 a",
        "(c) ours: a band 2-3",
    ),
}
"""Figure 5, "Units' attack range" (positions ours): (a) melee units "only attack adjacent
units", (b) archers "can attack enemies as far as two or more tiles away"; (c) a wider band,
the kind of "special" range this package can express (distances min..max)."""

FIGURE_7 = "...../..... aS@a1:10/5/2/1-1,aS@e1:10/5/2/1-1,bS@c1:5/1/1/1-1 a"
"""Figure 7's kind of position (ours): red swordsmen 1 (a1) and 2 (e1), movement 2, can each
kill blue swordsman 1 (c1, HP 5 against ATK 5) from b1 or d1."""


def movement_highlight(battle: Battle, unit: int = 0) -> dict[Tile, str]:
    """Every tile of ``unit``'s movement range marked ``move``."""
    return dict.fromkeys(battle.movement_range(unit), "move")


def attack_highlight(battle: Battle, unit: int = 0) -> dict[Tile, str]:
    """Every tile ``unit`` could attack from where it stands, marked ``attack``."""
    board = battle.board
    here = battle.tile[unit]
    low, high = battle.attack_min[unit], battle.attack_max[unit]
    return {t: "attack" for t in range(board.size) if low <= board.distance(here, t) <= high}


def figure_3() -> str:
    """Figure 3: the example board."""
    return battle_svg(Battle.from_notation(FIGURE_3), title="Figure 3 (position ours)")


def figure_4() -> str:
    """Figure 4 (a)-(d): movement ranges (green) of the swordsman on c3, movement 2, cost 1."""
    panels = []
    for key, (text, caption) in FIGURE_4.items():
        battle = Battle.from_notation(text)
        highlight = movement_highlight(battle)
        if key != "a":
            highlight[battle.board.parse_tile("c4")] = "block"
        panels.append(battle_svg(battle, highlight=highlight, title=caption))
    return side_by_side(panels, title="Figure 4: movement ranges, movement point 2, cost 1")


def figure_4_maps() -> str:
    """Figure 4 (a) on the three maps of §2.1: 13, 25 and 19 tiles."""
    panels = []
    for prefix, tiling in (
        ("", Tiling.SQUARE),
        ("oct:", Tiling.OCTAGONAL),
        ("hex:", Tiling.HEXAGONAL),
    ):
        battle = Battle.from_notation(f"{prefix}{FIGURE_4['a'][0]}")
        reach = movement_highlight(battle)
        panels.append(
            battle_svg(
                battle,
                highlight=reach,
                title=f"{tiling.name.lower()}: {len(reach)} = {range_size(2, tiling)} tiles",
            )
        )
    return side_by_side(panels, title="Figure 4 (a) on a square, octagonal and hexagonal map")


def figure_5() -> str:
    """Figure 5: attack ranges (red) of a melee unit, an archer, and a wider band."""
    panels = []
    for text, caption in FIGURE_5.values():
        battle = Battle.from_notation(text)
        panels.append(battle_svg(battle, highlight=attack_highlight(battle), title=caption))
    return side_by_side(panels, title="Figure 5: attack ranges")


Panel = tuple[str, Battle, list[tuple[Tile, Tile]], list[tuple[Tile, Tile]], dict[Tile, str]]
"""One panel of Figure 7: caption, battle, move arrows, attack arrows, tile labels."""


def figure_7_panels() -> list[Panel]:
    """Figure 7's seven states: (caption, battle, move arrows, attack arrows, labels) per panel.

    (a) the start; (b)-(d) red 1 moves, kills blue 1, red 2 takes the freed tile;
    (e)-(g) red 2 moves, kills blue 1, red 1 takes the freed tile.
    """
    start = Battle.from_notation(FIGURE_7)
    board = start.board
    b1, c1, d1 = (board.parse_tile(name) for name in ("b1", "c1", "d1"))
    panels: list[Panel] = [("(a) red to act", start.copy(), [], [], {})]
    for first, second, stand, labels in (
        (0, 1, b1, ("(b) red 1 moves", "(c) red 1 kills blue 1", "(d) red 2 takes c1")),
        (1, 0, d1, ("(e) red 2 moves", "(f) red 2 kills blue 1", "(g) red 1 takes c1")),
    ):
        battle = start.copy()
        origin = battle.tile[first]
        battle.move_unit(first, stand)
        panels.append((labels[0], battle.copy(), [(origin, stand)], [], {}))
        battle.attack(first, 2)
        panels.append((labels[1], battle.copy(), [], [(stand, c1)], {c1: "x"}))
        origin = battle.tile[second]
        battle.move_unit(second, c1)
        panels.append((labels[2], battle.copy(), [(origin, c1)], [], {}))
    return panels


def figure_7() -> str:
    """Figure 7: the effect of the order of actions (two rows of panels in one picture)."""
    drawn: list[str | None] = [
        battle_svg(battle, moves=moves, attacks=attacks, labels=labels, title=caption)
        for caption, battle, moves, attacks, labels in figure_7_panels()
    ]
    drawn.insert(4, None)  # (e)-(g) under (b)-(d)
    return grid(drawn, columns=4, title="Figure 7: the order of actions changes the end states")


def figure_10() -> str:
    """Figure 10 (ours; lost): compact placements of three and four units, movement 2; each tile
    shows how many units' movement ranges hold it (the overlap that §5 says narrows the ranges)."""
    panels = []
    for units in (3, 4):
        battle = paper_setup(units, 2, "compact")
        cover: Counter[Tile] = Counter()
        for unit in range(units):
            cover.update(battle.movement_range(unit))
        highlight = {t: ("overlap" if n > 1 else "move") for t, n in cover.items()}
        labels = {t: str(n) for t, n in cover.items()}
        title = f"({'ab'[units - 3]}) {units} units"
        panels.append(battle_svg(battle, highlight=highlight, labels=labels, title=title))
    return side_by_side(panels, title="Figure 10: compact placements (ours), ranges overlapping")


FIGURE_8_MOVEMENTS = (2, 5)
"""Figure 8: "(a) Movement point: 2, movement cost: 1; (b) movement point: 5, movement cost: 1"."""


def figure_8_rows(movement: int, max_units: int = 8) -> list[tuple[int, int, int, int]]:
    """Figure 8's data (computed, the picture was lost): per unit count n, the §3.1 best case
    A(r, n), the plans n! r^n of disjoint ranges without attacks (Assumption 2), and the §3.1
    worst case n! (5 r)^n, for r = 2p^2 + 2p + 1 on the open square map."""
    r = range_size(movement)
    rows = []
    for n in range(1, max_units + 1):
        rows.append(
            (
                n,
                plans_best_case(n, r),
                factorial(n) * plans_per_sequence_assumption_2(n, r),
                plans_worst_case(n, r),
            )
        )
    return rows


def figure_8(movement: int, max_units: int = 8) -> str:
    """Figure 8 (a) or (b): plans against the number of units, logarithmic y axis."""
    rows = figure_8_rows(movement, max_units)
    series = [
        Series(
            "worst case n! (5r)^n", tuple((float(n), float(w)) for n, _, _, w in rows), "#cb181d"
        ),
        Series(
            "disjoint, no attack n! r^n",
            tuple((float(n), float(d)) for n, _, d, _ in rows),
            "#fd8d3c",
        ),
        Series("best case A(r, n)", tuple((float(n), float(b)) for n, b, _, _ in rows), "#2171b5"),
    ]
    letter = "a" if movement == FIGURE_8_MOVEMENTS[0] else "b"
    return line_chart(
        series,
        title=f"Figure 8 ({letter}): movement point {movement}, cost 1 (r = {range_size(movement)})",
        x_label="units n",
        y_label="plans of one turn",
        log_y=True,
    )


def all_figures() -> dict[str, str]:
    """Every figure, by file stem."""
    return {
        "wargame_figure3_board": figure_3(),
        "wargame_figure4_movement_ranges": figure_4(),
        "wargame_figure4a_three_maps": figure_4_maps(),
        "wargame_figure5_attack_ranges": figure_5(),
        "wargame_figure7_order_of_actions": figure_7(),
        "wargame_figure8a_movement_2": figure_8(2),
        "wargame_figure8b_movement_5": figure_8(5),
        "wargame_figure10_compact_placements": figure_10(),
        "wargame_game_board": game_board_figure(),
    }


def game_board_figure() -> str:
    """The skirmish (:data:`reference.wargame.rules.SKIRMISH`) as the game draws itself."""
    from reference.wargame.rules import SKIRMISH, WarState

    return WarState.from_notation(SKIRMISH)._repr_svg_()
