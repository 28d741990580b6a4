"""The road table (路表): global initialisation + local modification (seed 004, §2.2.1)."""

from __future__ import annotations

import random

from connect6_strategies import reachable_games
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.bits import bit_indices
from reference.connect6 import Connect6, RoadTable, Side
from reference.connect6.evaluation import full_rescan_scores
from reference.connect6.geometry import geometry
from reference.connect6.roads import ROAD_WEIGHTS


def assert_table_matches_rebuild(table: RoadTable, black: int, white: int) -> None:
    fresh = RoadTable.rebuild(table.geo, black, white)
    assert table.state() == fresh.state()
    assert tuple(table.score) == full_rescan_scores(table.geo, black, white)


@settings(max_examples=examples(60))
@given(
    size=st.sampled_from([6, 7, 9, 13, 19]),
    steps=st.lists(st.tuples(st.integers(0, 10**6), st.booleans(), st.booleans()), max_size=80),
)
def test_local_modification_equals_global_initialisation(
    size: int, steps: list[tuple[int, bool, bool]]
) -> None:
    """After any sequence of place / remove, the incremental table and score equal a rebuild.

    Seed 004, §2.2.1: "全局初始化和局部修改": a stone changes only the roads through it.
    """
    geo = geometry(size)
    table = RoadTable(geo)
    boards = [0, 0]
    for index, white, remove in steps:
        occupied = boards[0] | boards[1]
        if remove and occupied:
            stones = bit_indices(occupied)
            p = stones[index % len(stones)]
            colour = 1 if boards[1] >> p & 1 else 0
            table.remove(p, colour)
            boards[colour] &= ~(1 << p)
        else:
            empties = bit_indices(geo.board_mask & ~occupied)
            if not empties:
                continue
            p = empties[index % len(empties)]
            colour = int(white)
            table.place(p, colour)
            boards[colour] |= 1 << p
        assert_table_matches_rebuild(table, boards[0], boards[1])


@settings(max_examples=examples(40))
@given(reachable_games(sizes=(7, 9, 19), max_moves=20))
def test_road_table_follows_make_unmake(game: Connect6) -> None:
    """The game's table after make / unmake equals a rebuild of the position."""
    assert_table_matches_rebuild(game.table, game.black, game.white)
    for move in game.legal_moves()[:3]:
        game.make(move)
        assert_table_matches_rebuild(game.table, game.black, game.white)
        game.unmake()
    assert_table_matches_rebuild(game.table, game.black, game.white)


def test_a_stone_touches_at_most_24_roads() -> None:
    """Seed 004, §2.2.1: a stone affects only its four directions (<= 6 roads each)."""
    geo = geometry(19)
    centre = geo.through[geo.centre]
    corner = geo.through[geo.point(0, 0)]
    assert len(centre) == 24 and len(corner) == 3
    table = RoadTable(geo)
    before = table.state()
    table.place(geo.centre, Side.BLACK)
    after = table.state()
    changed = {r for r in range(len(geo.roads)) if before[0][0][r] != after[0][0][r]}
    assert changed == set(centre)


def test_counts_and_sets_by_colour_and_length() -> None:
    """Roads are black / white / colourless; length = stones on a one-coloured road (§2.1.3)."""
    game = Connect6.from_notation("19/j10,k10,l10/j11,k12")
    table = game.table
    geo = game.geo
    horizontal = geo.roads.index(tuple(geo.point(c, 9) for c in range(8, 14)))  # i10..n10
    assert horizontal in table.roads(Side.BLACK, 3)
    assert table.count(Side.BLACK, 3) == len(table.roads(Side.BLACK, 3)) >= 1
    # the column j5..j10 holds j10 only (black, length 1); j6..j11 holds j10 and j11 (dead)
    col_j = [geo.roads.index(tuple(geo.point(9, r) for r in range(s, s + 6))) for s in (4, 5)]
    assert col_j[0] in table.roads(Side.BLACK, 1)
    assert all(col_j[1] not in s for side in table.live for s in side)
    assert col_j[1] not in table.blank
    total = sum(len(s) for side in table.live for s in side) + len(table.blank)
    assert total + table.dead_count() == len(geo.roads)
    # the empty points of all black 3-roads at once: the row i10..n10 and its neighbours
    threes = bit_indices(table.empty_points(Side.BLACK, 3, game.occupied))
    assert [game.format_move((p,)) for p in threes] == ["g10", "h10", "i10", "m10", "n10", "o10"]
    # the empty points of a road are listed directly
    empties = bit_indices(table.empty_points_mask(horizontal, game.occupied))
    assert [game.format_move((p,)) for p in empties] == ["i10", "m10", "n10"]


def test_road_weights_are_pinned() -> None:
    """The weights are ours (seed 004 gives none): pin them so a change is deliberate."""
    assert ROAD_WEIGHTS == (0, 1, 8, 40, 400, 500, 100_000)


def test_score_is_sum_of_weights() -> None:
    game = Connect6.from_notation("19/j10/")
    # a lone stone in the middle lies on 24 roads of length 1
    assert game.table.score == [24 * ROAD_WEIGHTS[1], 0]
    assert game.table.count(Side.BLACK, 1) == 24


def test_rebuild_matches_incremental_on_a_long_random_19x19_game() -> None:
    rng = random.Random(5)
    game = Connect6(19)
    for _ in range(40):
        moves = game.legal_moves()
        if not moves:
            break
        game.make(moves[rng.randrange(len(moves))])
    assert_table_matches_rebuild(game.table, game.black, game.white)
