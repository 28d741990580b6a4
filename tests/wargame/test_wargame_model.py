"""The war-chess model of seed 002, §2: movement ranges, attacks, notation, printing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis_profiles import examples
from wargame_strategies import battles

from reference.errors import IllegalMoveError, PositionFormatError
from reference.wargame.complexity import diamond_size, range_size
from reference.wargame.dictionary_sequence import search
from reference.wargame.geometry import IMPASSABLE, NO_TILE, Board, Tiling
from reference.wargame.notation import Action, format_plan, parse_plan, parse_rows
from reference.wargame.rules import Battle
from reference.wargame.single_turn import SingleTurn


def names(battle: Battle, tiles: list[int]) -> set[str]:
    return {battle.board.tile_name(t) for t in tiles}


def test_figure_4a_open_range_is_a_diamond_with_own_tile() -> None:
    """Figure 4(a): movement 2, cost 1, no obstacle: 13 tiles including the unit's own."""
    battle = Battle.from_notation("...../...../...../...../..... aS@c3:10/4/2/1-1 a")
    reach = battle.movement_range(0)
    assert len(reach) == 13 == diamond_size(2)
    assert "c3" in names(battle, reach)


def test_figure_4b_hill_is_an_obstacle() -> None:
    """Figure 4(b): a hill next to the unit cuts off the tile behind it."""
    battle = Battle.from_notation("...../...../..^../...../..... aS@c2:10/4/2/1-1 a")
    reach = names(battle, battle.movement_range(0))
    assert "c3" not in reach and "c4" not in reach  # c4 is 2 steps only through c3
    assert "b3" in reach


def test_figure_4c_enemy_cannot_be_passed() -> None:
    """Figure 4(c): an enemy in the way blocks the tile behind it; its own tile is out of range."""
    battle = Battle.from_notation("...../...../...../...../..... aS@c1:10/4/2/1-1,bS@c2 a")
    reach = names(battle, battle.movement_range(0))
    assert "c2" not in reach and "c3" not in reach


def test_figure_4d_ally_can_be_passed_not_ended_on() -> None:
    """Figure 4(d): an ally can be passed through but not ended on."""
    battle = Battle.from_notation("...../...../...../...../..... aS@c1:10/4/2/1-1,aS@c2 a")
    reach = names(battle, battle.movement_range(0))
    assert "c3" in reach and "c2" not in reach


def test_forest_cost_depends_on_unit_type() -> None:
    """§2.1: the movement cost depends on terrain and unit type (forest: 2, knights 3)."""
    text = "f..../..... {}@a1:10/4/2/1-1 a"
    swordsman = Battle.from_notation(text.format("aS"))
    knight = Battle.from_notation(text.format("aK"))
    assert "a2" in names(swordsman, swordsman.movement_range(0))  # forest costs 2 <= 2
    assert "a2" not in names(knight, knight.movement_range(0))  # forest costs a knight 3 > 2
    assert "b2" in names(knight, knight.movement_range(0))


def test_lake_blocks_movement_but_not_ranged_attack() -> None:
    """Figure 3: lakes cannot be entered, but archers attack across them."""
    battle = Battle.from_notation(".~. aA@a1:8/3/2/2-2,bS@c1:10/4/3/1-1 a")
    assert battle.movement_range(0) == [0]  # the lake closes the only way
    assert battle.attack_targets(0, 0) == [1]  # distance 2 over the lake


def test_attack_removes_unit_at_zero_hp_and_frees_tile() -> None:
    """§2.1: the target loses ATK; at HP <= 0 it is removed and its tile can be reached."""
    battle = Battle.from_notation("..../.... aS@a1:10/4/3/1-1,bS@b1:4/1/1/1-1 a")
    old = battle.attack(0, 1)
    assert old == 4 and battle.hp[1] == 0 and battle.tile[1] == NO_TILE
    assert battle.occupant[1] == -1
    battle.undo_attack(1, old, 1)
    assert battle.tile[1] == 1 and battle.occupant[1] == 1 and battle.hp[1] == 4


def test_figure_7_order_of_actions_matters() -> None:
    """Figure 7: the unit that kills first frees the tile for the other; order changes the states."""
    text = "..../.... aS@a1:10/5/1/1-1,aS@d1:10/5/2/1-1,bS@c1:5/1/1/1-1 a"
    battle = Battle.from_notation(text)
    # a1 kills c1 from b1? a1 moves to b1 (cost 1) and attacks c1: then d1 may move to c1.
    plan = parse_plan(battle.board, "a1-b1xc1,d1-c1")
    battle.check_plan(plan)
    with pytest.raises(IllegalMoveError):
        battle.check_plan(parse_plan(battle.board, "d1-c1,a1-b1xc1"))  # c1 still occupied
    assert battle.to_notation() == text


def test_notation_round_trips_and_short_form() -> None:
    text = "..~./.^f./.... aS@a1:10/4/3/1-1,bA@d3:8/3/2/2-2,bK@c1:12/5/4/1-1 b"
    battle = Battle.from_notation(text)
    assert battle.to_notation() == text
    assert Battle.from_notation("... aS@a1,bA@c1 a").to_notation() == (
        "... aS@a1:10/4/3/1-1,bA@c1:8/3/2/2-2 a"
    )
    assert Battle.from_notation(".. - a").to_notation() == ".. - a"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "3 fields"),
        (".. aS@a1 c", "side to move"),
        ("..x aS@a1 a", "unknown terrain"),
        ("../. aS@a1 a", "different lengths"),
        ("... aS@d1 a", "off the board"),
        ("... aS@a1,bS@a1 a", "two units"),
        (".^. aS@b1 a", "cannot enter"),
        ("... aZ@a1 a", "kind must be"),
        ("... cS@a1 a", "side must be"),
        ("... aS@a1:0/4/3/1-1 a", "hp 0"),
        ("... aS@a1:5/4/3/2-1 a", "need min <= max"),
        ("... aS@a1:5/4/3 a", "bad unit statistics"),
        ("... aS@a1:5/x/3/1-1 a", "numbers only"),
        ("... aSa1 a", "bad unit"),
        ("... aS@1a a", "bad tile"),
    ],
)
def test_bad_notation_is_rejected(text: str, fragment: str) -> None:
    with pytest.raises(PositionFormatError, match=fragment):
        Battle.from_notation(text)


def test_plan_notation_round_trips_and_rejects_bad_input() -> None:
    board = Board(4, 4)
    plan = (Action(0, 1), Action(5, 6, 7), Action(15, 15))
    assert format_plan(board, plan) == "a1-b1,b2-c2xd2,d4-d4"
    assert parse_plan(board, format_plan(board, plan)) == plan
    assert parse_plan(board, "-") == ()
    for bad in ("a1", "a1-e1", "a1-b1xz9", "a1b1"):
        with pytest.raises(PositionFormatError):
            parse_plan(board, bad)


def test_illegal_plans_say_why() -> None:
    battle = Battle.from_notation("..../..../.... aS@a1:10/4/1/1-1,aS@d1,bS@d3 a")
    cases = {
        "a1-c1,d1-d1": "movement range",
        "a1-a1": "without an action",
        "b1-b1,a1-a1,d1-d1": "no unit of side a",
        "a1-a1,a1-a1,d1-d1": "no unit of side a",
        "a1-a1xd3,d1-d1": "no enemy in attack range",
        "d3-d3,a1-a1,d1-d1": "no unit of side a",
    }
    for text, fragment in cases.items():
        with pytest.raises(IllegalMoveError, match=fragment):
            battle.check_plan(parse_plan(battle.board, text))
        assert battle.to_notation() == "..../..../.... aS@a1:10/4/1/1-1,aS@d1:10/4/3/1-1,bS@d3:10/4/3/1-1 a"


def test_render_shows_units_terrain_and_legend() -> None:
    battle = Battle.from_notation(".~^f/.... aS@d1,bA@a2 a")
    picture = battle.render()
    assert " S1" in picture and " a1" in picture and "~" in picture and "^" in picture
    assert "a1: a2 hp 8" in picture and "S1: d1 hp 10" in picture
    assert "side to move: a" in picture


def reference_range(battle: Battle, unit: int) -> set[int]:
    """Movement range by repeated relaxation (Bellman-Ford), independent of the Dijkstra code."""
    board = battle.board
    costs = board.costs[battle.kind[unit]]
    best = {battle.tile[unit]: 0}
    changed = True
    while changed:
        changed = False
        for here, spent in list(best.items()):
            for there in board.neighbours[here]:
                other = battle.occupant[there]
                if costs[there] == IMPASSABLE or (other >= 0 and battle.side[other] != battle.side[unit]):
                    continue
                total = spent + costs[there]
                if total <= battle.movement[unit] and total < best.get(there, 10**9):
                    best[there] = total
                    changed = True
    return {t for t in best if battle.occupant[t] < 0 or t == battle.tile[unit]}


@settings(max_examples=examples(60))
@given(battles(max_movement=4))
def test_movement_range_matches_relaxation(battle: Battle) -> None:
    for unit in range(battle.unit_count):
        assert set(battle.movement_range(unit)) == reference_range(battle, unit)


@settings(max_examples=examples(40))
@given(battles(max_alex=2, max_billie=2))
def test_enumerated_plans_pass_the_checked_path_and_undo(battle: Battle) -> None:
    """Every plan Search(i) enumerates is legal, reaches the yielded state, and undoes exactly."""
    before = battle.to_notation()
    turn = SingleTurn(battle)
    ends = [(turn.plan(), state) for state in search(turn, 0)]
    assert battle.to_notation() == before  # the exhausted search restored the battle
    for plan, state in ends[:: max(1, len(ends) // 25)]:
        undo = battle.apply_plan(plan)
        assert battle.snapshot() == state
        battle.undo_plan(undo)
        assert battle.to_notation() == before


@settings(max_examples=examples(60))
@given(battles())
def test_notation_round_trips_on_random_battles(battle: Battle) -> None:
    text = battle.to_notation()
    again = Battle.from_notation(text)
    assert again.to_notation() == text
    assert again.units() == battle.units()


# ------------------------------------------------------------------ §2.1: three kinds of map
OPEN_7X7 = "/".join(["......."] * 7)


@pytest.mark.parametrize(
    ("tiling", "prefix", "by_hand"),
    [
        # movement 0..3 on an open map, cost 1: the own tile plus the rings around it
        (Tiling.SQUARE, "", (1, 5, 13, 25)),  # 1 + 4 + 8 + 12 (Figure 4(a): 13 for movement 2)
        (Tiling.OCTAGONAL, "oct:", (1, 9, 25, 49)),  # 1 + 8 + 16 + 24
        (Tiling.HEXAGONAL, "hex:", (1, 7, 19, 37)),  # 1 + 6 + 12 + 18
    ],
)
def test_movement_range_size_on_each_map(tiling: Tiling, prefix: str, by_hand: tuple[int, ...]) -> None:
    """§2.1: "TBW is played on a square, hexagonal, or octagonal tile-based map".  Open map,
    cost 1: the ranges have the sizes counted by hand ring by ring, and ``range_size``
    gives the same (Fire Emblem's 61 tiles for movement 5 on the square map)."""
    for movement, expected in enumerate(by_hand):
        battle = Battle.from_notation(f"{prefix}{OPEN_7X7} aS@d4:10/4/{movement}/1-1 a")
        assert battle.board.tiling == tiling
        assert len(battle.movement_range(0)) == expected == range_size(movement, tiling)
    assert [range_size(5, t) for t in Tiling] == [61, 121, 91]


def test_hexagonal_neighbours_by_hand() -> None:
    """Odd-r offset rows: d4 (row index 3, odd, shifted right) touches c4, e4, d3, e3, d5, e5;
    d3 (row index 2, even) touches c3, e3, c2, d2, c4, d4."""
    board = parse_rows("hex:" + OPEN_7X7)
    def around(name: str) -> set[str]:
        return {board.tile_name(t) for t in board.neighbours[board.parse_tile(name)]}
    assert around("d4") == {"c4", "e4", "d3", "e3", "d5", "e5"}
    assert around("d3") == {"c3", "e3", "c2", "d2", "c4", "d4"}
    octagonal = parse_rows("oct:" + OPEN_7X7)
    assert len(octagonal.neighbours[octagonal.parse_tile("d4")]) == 8


def graph_steps(board: Board, start: int) -> dict[int, int]:
    """Breadth-first steps from ``start`` in the neighbour graph (every tile passable)."""
    steps = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            for there in board.neighbours[here]:
                if there not in steps:
                    steps[there] = steps[here] + 1
                    nxt.append(there)
        frontier = nxt
    return steps


@pytest.mark.parametrize("tiling", list(Tiling))
def test_distance_is_the_graph_distance_and_the_graph_is_undirected(tiling: Tiling) -> None:
    """§2.2: the board is an undirected graph.  On an open map the attack-range metric
    (Manhattan, Chebyshev, hex by axial coordinates) equals the steps in that graph."""
    for width, height in ((6, 5), (5, 7)):
        board = Board(width, height, tiling=tiling)
        for a in range(board.size):
            assert all(a in board.neighbours[b] for b in board.neighbours[a])
            steps = graph_steps(board, a)
            assert all(board.distance(a, b) == steps[b] for b in range(board.size))


@pytest.mark.parametrize(("prefix", "targets"), [("", 4), ("oct:", 8), ("hex:", 6)])
def test_melee_attack_range_is_the_neighbours_on_each_map(prefix: str, targets: int) -> None:
    """Figure 5(a) on each map: a melee unit (range 1-1) reaches exactly its neighbours;
    an archer (2-2) none of them."""
    enemies = ",".join(f"bS@{c}{r}" for c in "cde" for r in (3, 4, 5) if (c, r) != ("d", 4))
    melee = Battle.from_notation(f"{prefix}{OPEN_7X7} aS@d4:10/4/0/1-1,{enemies} a")
    assert len(melee.attack_targets(0, melee.tile[0])) == targets
    archer = Battle.from_notation(f"{prefix}{OPEN_7X7} aA@d4:8/3/0/2-2,{enemies} a")
    assert len(archer.attack_targets(0, archer.tile[0])) == 8 - targets


def test_tiling_prefix_round_trips_and_bad_prefix_is_rejected() -> None:
    for prefix in ("", "oct:", "hex:"):
        text = f"{prefix}..~./.^f./.... aS@a1:10/4/3/1-1,bA@d3:8/3/2/2-2 b"
        assert Battle.from_notation(text).to_notation() == text
    assert parse_rows("hex:..") != parse_rows("..")
    with pytest.raises(PositionFormatError, match="hex:"):
        Battle.from_notation("hx:... aS@a1 a")
    assert "map: hexagonal" in Battle.from_notation("hex:../.. aS@a1 a").render()
