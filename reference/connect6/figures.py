"""Pictures of seed 004's road model, road table and threat-space search (SVG).

The report has no figures; these draw what its text describes (the positions are
ours): the number of roads through each point of the empty board (§2.2.1: a stone
changes only the roads through it, at most 24 in four directions), the road table
of a position (§2.1.3: black, white and colourless roads, a coloured road's length;
§2.2.3: the counts the table gives in O(1)), and a threat-space search (§2.1.4,
§2.2.3 (2): the threat points read from the table, and a forced win found by TSS).
``examples/connect6_figures.py`` writes them to files.
"""

from __future__ import annotations

from collections import Counter

from reference.bits import bit_indices
from reference.connect6.drawing import RoadBar, board_svg
from reference.connect6.geometry import ROAD_LENGTH, Side, geometry
from reference.connect6.puzzles import WIN_IN_3, Puzzle
from reference.connect6.roads import THREAT_LENGTHS
from reference.connect6.rules import Connect6
from reference.connect6.tss import threat_space_search

DRAWN_FROM_LENGTH = 2
"""Roads of length 1 are left out of the road-table picture (there are too many to see)."""


def roads_through_points(size: int = 19) -> str:
    """The number of roads through each point of the empty ``size`` board, shaded."""
    geo = geometry(size)
    counts = {p: len(geo.through[p]) for p in geo.points}
    top = max(counts.values())
    histogram = Counter(counts.values())
    spread = ", ".join(f"{n}: {histogram[n]}" for n in sorted(histogram))
    return board_svg(
        geo,
        numbers={p: str(n) for p, n in counts.items()},
        shades={p: n / top for p, n in counts.items()},
        title=f"Roads through each point, empty {size} x {size} board ({len(geo.roads)} roads)",
        caption=[
            f"A stone changes only the roads through it: at most {top} (four directions x 6).",
            f"Points per count: {spread}.",
        ],
    )


def road_table(position: str) -> str:
    """A position with its coloured roads of length >= 2 as bars (threat roads red) and the
    road table's counts under the board."""
    game = Connect6.from_notation(position)
    table = game.table
    bars = [
        RoadBar(road, colour, width=1.0 + 1.2 * length, highlight=length in THREAT_LENGTHS)
        for colour in (Side.BLACK, Side.WHITE)
        for length in range(DRAWN_FROM_LENGTH, ROAD_LENGTH + 1)
        for road in sorted(table.roads(colour, length))
    ]
    caption = [
        f"{name} roads by length 1..6: "
        + " ".join(str(table.count(colour, n)) for n in range(1, ROAD_LENGTH + 1))
        + f"   score {table.score[colour]}"
        for colour, name in ((Side.BLACK, "black"), (Side.WHITE, "white"))
    ]
    caption.append(
        f"colourless: {table.dead_count()} with both colours, {len(table.blank)} empty "
        f"(of {len(game.geo.roads)}); bars: roads of length >= {DRAWN_FROM_LENGTH}, red: 4 or 5"
    )
    return board_svg(
        game.geo,
        game.black,
        game.white,
        roads=bars,
        title=f"Road table of {position}",
        caption=caption,
    )


def tss_win(puzzle: Puzzle = WIN_IN_3) -> str:
    """A TSS win: the attacker's threat points (rings) before the search, and the main line
    played out, each stone numbered in the order of the line."""
    game = Connect6.from_notation(puzzle.position)
    table = game.table
    attacker = game.to_move
    points = table.empty_points(attacker, 2, game.occupied) | table.empty_points(
        attacker, 3, game.occupied
    )
    result = threat_space_search(game, max_depth=max(1, puzzle.depth))
    line = [game.format_move(m) for m in result.line]
    numbers: dict[int, int] = {}
    for number, move in enumerate(result.line, start=1):
        for point in move:
            numbers[point] = number
        game.make(move)
    marks = {p: "#2171b5" for p in bit_indices(points) if p not in numbers}
    winner = game.winner()
    if winner is not None:
        end = f"{winner.name.lower()} has six in a row"
    else:
        end = (
            f"{Side(attacker).name.lower()} has {game.threat_count(attacker)} threats: "
            "two stones cannot block them all"
        )
    return board_svg(
        game.geo,
        game.black,
        game.white,
        marks=marks,
        move_numbers=numbers,
        title=f"TSS: {puzzle.name}",
        caption=[
            f"main line: {' '.join(line)} (depth {result.depth}, {result.nodes} nodes)",
            "blue rings: the attacker's threat points at the start (empty points of its 2- and 3-roads)",
            f"numbers: the order of the line; after it {end}",
        ],
    )


def all_figures() -> dict[str, str]:
    """Every picture, by file stem."""
    return {
        "connect6_roads_through_each_point": roads_through_points(19),
        "connect6_road_table": road_table(WIN_IN_3.position),
        "connect6_tss_win_in_3": tss_win(WIN_IN_3),
        "connect6_game_board": game_board_figure(),
    }


def game_board_figure() -> str:
    """The position of the threat-space search puzzle as the game draws itself."""
    return Connect6.from_notation(WIN_IN_3.position)._repr_svg_()
