"""Dou Shou Qi tablebases (reference.dou_shou_qi.tablebase) against the rules and
forward search."""

from __future__ import annotations

import random
from functools import cache

import pytest

from reference import solve
from reference.dou_shou_qi.geometry import (
    Side,
    col_of,
    opposite_square,
    row_of,
    square,
)
from reference.dou_shou_qi.notation import Move, format_move
from reference.dou_shou_qi.rules import DouShouQi
from reference.dou_shou_qi.tablebase import (
    DsqSpace,
    Material,
    TableSet,
    build_sets,
    material_of,
    material_sets,
)
from reference.errors import ParameterError
from reference.search.retrograde import INVALID, LOSS, WIN

RULES = ("thesis", "standard", "vanrijn")
# sets that reach every rule: leaps blocked by a mouse in the water, mouse against
# elephant, captures on traps, equal strengths
SMALL_SETS = ("A: L / B: M", "A: M / B: E", "A: E / B: M", "A: W / B: D", "A: T / B: T")
THREE_SETS = ("A: L / B: M E", "A: M T / B: E")


@cache
def tables(rules: str) -> TableSet:
    found = TableSet(rules)
    for text in (*SMALL_SETS, *THREE_SETS):
        found.table(Material.parse(text))
    return found


def sample(space: DsqSpace, count: int, seed: str) -> list[int]:
    rng = random.Random(seed)
    found: list[int] = []
    while len(found) < count:
        index = rng.randrange(space.size)
        if space.terminal(index) != INVALID:
            found.append(index)
    return found


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("text", SMALL_SETS + THREE_SETS)
def test_moves_are_the_rules_moves(rules: str, text: str) -> None:
    table = tables(rules).table(Material.parse(text))
    space = table.space
    for index in sample(space, 300, f"{rules}{text}"):
        _, squares = space.decode(index)
        game = DouShouQi(space.placement(index), draw_limit=None, rules=rules)
        ours = sorted(format_move(Move(squares[i], dst)) for i, dst, _ in space.moves(index))
        assert ours == sorted(game.format_move(m) for m in game.legal_moves()), game.to_notation()


@pytest.mark.parametrize("text", THREE_SETS)
def test_unmoves_invert_moves(text: str) -> None:
    space = tables("thesis").table(Material.parse(text)).space
    for index in sample(space, 200, text):
        if space.terminal(index) is not None:
            continue
        for child in space.successors(index):
            assert index in space.predecessors(child)
        for parent in space.predecessors(index):
            assert index in space.successors(parent)


@pytest.mark.parametrize("rules", RULES)
def test_forward_fixpoint_equals_unmoves(rules: str) -> None:
    forward = TableSet(rules, method="forward")
    for text in SMALL_SETS:
        material = Material.parse(text)
        assert forward.table(material).table == tables(rules).table(material).table


def entry_by_search(game: DouShouQi, limit: int) -> int:
    """The value for the side to move with the game drawn after ``limit`` more plies."""
    probe = DouShouQi.from_notation(game.to_notation(), draw_limit=limit, rules=game.rules)
    return solve(probe).value


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("text", ("A: L / B: M", "A: E / B: M", "A: M T / B: E"))
def test_sampled_entries_equal_forward_search(rules: str, text: str) -> None:
    """A win (loss) in d plies is a win (loss) when the game is drawn after d plies and
    a draw when it is drawn after d - 1: the distance is exact."""
    tableset = tables(rules)
    material = Material.parse(text)
    space = tableset.table(material).space
    checked = 0
    for index in sample(space, 400, f"search{rules}{text}"):
        value, distance = tableset.table(material).entry(index)
        if value not in (WIN, LOSS) or not 2 <= distance <= 11:
            continue
        game = tableset.position(material, index)
        expected = 1 if value == WIN else -1
        assert entry_by_search(game, distance) == expected, game.to_notation()
        assert entry_by_search(game, distance - 1) == 0, game.to_notation()
        checked += 1
        if checked == 12:
            break
    assert checked >= 6


def swap_colours(game: DouShouQi) -> DouShouQi:
    placement = game.placement()
    pieces = [
        type(p)(Side(1 - p.side), p.kind, opposite_square(p.square)) for p in placement.pieces
    ]
    return DouShouQi(
        type(placement)(tuple(pieces), Side(1 - placement.to_move)),
        draw_limit=None,
        rules=game.rules,
    )


def mirror(game: DouShouQi) -> DouShouQi:
    placement = game.placement()
    pieces = [
        type(p)(p.side, p.kind, square(6 - col_of(p.square), row_of(p.square)))
        for p in placement.pieces
    ]
    return DouShouQi(type(placement)(tuple(pieces), placement.to_move), draw_limit=None,
                     rules=game.rules)


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("text", ("A: L / B: M E", "A: W / B: D"))
def test_colour_swap_and_mirror_keep_the_entry(rules: str, text: str) -> None:
    tableset = tables(rules)
    material = Material.parse(text)
    space = tableset.table(material).space
    for index in sample(space, 300, f"sym{rules}{text}"):
        game = tableset.position(material, index)
        entry = tableset.entry(game)
        assert tableset.entry(swap_colours(game)) == entry, game.to_notation()
        assert tableset.entry(mirror(game)) == entry, game.to_notation()


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("text", ("A: L / B: M", "A: M / B: E", "A: L / B: M E"))
def test_the_longest_win_replays_in_its_plies(rules: str, text: str) -> None:
    tableset = tables(rules)
    stats = tableset.table(Material.parse(text)).stats()
    game = DouShouQi.from_notation(str(stats["longest_win_position"]), draw_limit=None, rules=rules)
    winner = game.to_move
    plies = 0
    while not game.is_terminal():
        probe = tableset.probe(game)
        game.play(game.parse_move(probe.fastest[0]))
        plies += 1
    assert game.winner() == winner
    assert plies == stats["longest_win"]


def test_counts_add_up_and_parallel_equals_serial() -> None:
    materials = material_sets(2)
    assert len(materials) == 64
    serial, parallel = TableSet("thesis"), TableSet("thesis")
    build_sets(serial, materials[:6])
    build_sets(parallel, materials[:6], workers=2)
    for material in materials[:6]:
        assert serial.tables[material].table == parallel.tables[material].table
        stats = serial.tables[material].stats()
        # a mouse stands on 63 - 2 dens = 61 squares, the others also off the 12 water
        n1, n2 = (61 if kind == 1 else 49 for kind in (*material.a, *material.b))
        assert stats["positions"] == n1 * n2 - min(n1, n2)  # no two pieces on one square
        assert sum(int(stats[k]) for k in ("wins", "losses", "draws")) == stats["positions"]


def test_material_of_a_position_and_bad_material() -> None:
    game = DouShouQi.from_notation("A: Lg1 / B: Mg7 Ea9 / A")
    assert material_of(game) == Material.parse("A: L / B: M E")
    assert Material.parse("A: L / B: E M").text() == "A: L / B: M E"
    for text, message in (
        ("A: L", "expected the form"),
        ("A: X / B: M", "unknown piece letter"),
        ("A: L L / B: M", "one piece of each kind"),
        ("A: / B: M", "each side needs a piece"),
        ("A: L T E / B: M C", "up to 4 pieces"),
    ):
        with pytest.raises(ParameterError, match=message):
            Material.parse(text)
    with pytest.raises(ParameterError, match="max-pieces"):
        material_sets(5)


def test_a_dask_cluster_builds_the_same_tables() -> None:
    """A real distributed.LocalCluster (in-process workers): the sets of one size shared
    out by material set give the tables a serial build gives."""
    import distributed

    materials = [Material.parse(t) for t in ("A: L / B: M", "A: C / B: E", "A: L / B: M E")]
    serial = TableSet("standard")
    build_sets(serial, materials)
    with (
        distributed.LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        spread = TableSet("standard")
        seen: list[Material] = []
        build_sets(spread, materials, executor=client.get_executor(),
                   on_set=lambda m, _: seen.append(m))
    assert sorted(seen) == sorted(materials)
    for material in materials:
        assert spread.tables[material].table == serial.tables[material].table
