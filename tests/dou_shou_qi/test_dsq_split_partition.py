"""Cumulative-Effectcone, Partition-Board, BUILD-SUBPROBLEMS, the partition command (seed 003, §9-§10.4)."""

from __future__ import annotations

import argparse
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.cli.extra import load_commands
from reference.dou_shou_qi.causality import free_body_cone
from reference.dou_shou_qi.cones import side_cone
from reference.dou_shou_qi.geometry import DEN, DENS, NUM_SQUARES, Side, parse_square, square_name
from reference.dou_shou_qi.partition import (
    NO_REGION,
    build_subproblems,
    cumulative_effect_cone,
    find_subproblems,
    partition_board,
)
from reference.dou_shou_qi.rules import DouShouQi
from reference.errors import IllegalMoveError, ParameterError, PositionFormatError
from reference.graphs import UnionFind, complete_graph_edges, mst_kruskal, tree_weight
from reference.registry import load

FIGURE_13 = "A: Hc2 Cb3 Me6 / B: Ma2 Cb7 Dc7 Ee7 / A"
"""Figure 13 (§9): B's mouse a2 against A's cat b3 and hyena c2; B's cat, dog, elephant
(b7, c7, e7; which is where is not legible) and A's mouse e6."""


def random_game(choices: list[int]) -> DouShouQi:
    game = DouShouQi()
    for c in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.make(moves[c % len(moves)])
    return game


def test_figure_13_splits_into_the_two_subproblems_of_section_9() -> None:
    """§9: "Given a T_max threshold of 3 or 4, the pieces will be partitioned into
    subproblems {a2,b3,c2} and {b7,c7,e7,e6}"."""
    game = DouShouQi.from_notation(FIGURE_13)
    for threshold in (3, 4):
        d = find_subproblems(game.pieces(), threshold)
        groups = [sorted(square_name(p.square) for p in s.pieces) for s in d.subproblems]
        assert groups == [["a2", "b3", "c2"], ["b7", "c7", "e6", "e7"]]
        assert d.t_max == 5


def test_cumulative_effect_cone_is_min_of_side_cones() -> None:
    """§9.4.2: Fold(Min(), infinity, [A(cone) or B(cone) of each piece])."""
    pieces = DouShouQi().pieces()
    cone = cumulative_effect_cone(pieces)
    for sq in range(NUM_SQUARES):
        assert cone[sq] == min(side_cone(p.side, free_body_cone(p))[sq] for p in pieces)
    assert cumulative_effect_cone(pieces[:1]) == side_cone(
        pieces[0].side, free_body_cone(pieces[0])
    )


@settings(max_examples=examples(25))
@given(st.lists(st.integers(0, 1000), max_size=40), st.integers(0, 8))
def test_build_subproblems_are_threshold_components(choices: list[int], threshold: int) -> None:
    """§10.4: cutting MST edges > T_thresh leaves the components of G_T's edges <= T_thresh."""
    game = random_game(choices)
    d = find_subproblems(game.pieces(), threshold)
    n = len(d.pieces)
    assert tree_weight(d.mst) == tree_weight(mst_kruskal(n, complete_graph_edges(d.causality)))
    components = UnionFind(n)
    for u in range(n):
        for v in range(u + 1, n):
            if d.causality[u][v] <= threshold:
                components.union(u, v)
    expected = sorted(sorted(d.pieces[i].square for i in c) for c in components.sets())
    got = sorted(sorted(p.square for p in s.pieces) for s in d.subproblems)
    assert got == expected
    for s in d.subproblems:
        assert all(e.weight <= threshold for e in s.tree) and len(s.tree) == len(s.pieces) - 1
    if d.t_max is not None:
        assert (len(d.subproblems) > 1) == (d.t_max > threshold)


@settings(max_examples=examples(25))
@given(st.lists(st.integers(0, 1000), max_size=40), st.integers(0, 6))
def test_partition_board_is_a_voronoi_partition(choices: list[int], threshold: int) -> None:
    """§9.3-§9.4: each square belongs to the subproblem that reaches it first; dens are shared."""
    game = random_game(choices)
    d = find_subproblems(game.pieces(), threshold)
    cones = [cumulative_effect_cone(s.pieces) for s in d.subproblems]
    part = d.partition
    for sq in range(NUM_SQUARES):
        owner = part.region[sq]
        if sq in DENS:
            assert owner == NO_REGION
            continue
        best = min(c[sq] for c in cones)
        if owner == NO_REGION:
            assert best == float("inf")
        else:
            assert cones[owner][sq] == best
            assert all(c[sq] > best for c in cones[:owner])  # ties: lowest index
    for i, s in enumerate(d.subproblems):
        for p in s.pieces:
            assert part.region[p.square] == i
    non_den = ~sum(1 << den for den in DENS)
    for i in range(len(d.subproblems)):
        for j in range(i + 1, len(d.subproblems)):
            assert part.allowed[i] & part.allowed[j] & non_den == 0


def test_dens_open_to_subproblems_with_an_adjacent_trap() -> None:
    """§9.3: a den is accessible to every subproblem whose region holds an adjacent trap."""
    game = DouShouQi.from_notation("A: Cc3 Ea1 / B: We1 Mg9 / A")
    subs = [[p] for p in game.pieces()]
    part = partition_board(subs)
    for i in range(len(subs)):
        trap_regions = {
            part.region[t] for t in (parse_square("c1"), parse_square("e1"), parse_square("d2"))
        }
        assert bool(part.allowed[i] >> DEN[Side.A] & 1) == (i in trap_regions)
    assert sum(bool(a >> DEN[Side.A] & 1) for a in part.allowed) >= 2


def test_build_subproblems_checks_its_tree() -> None:
    pieces = DouShouQi().pieces()
    with pytest.raises(ParameterError, match="spanning tree"):
        build_subproblems(4, pieces, [])
    with pytest.raises(ParameterError, match="T_thresh"):
        find_subproblems(pieces, -1)


PARTITION_COMMAND = load_commands("dou-shou-qi")["partition"]
SPEC = load("dou-shou-qi")


def _args(**kwargs: object) -> argparse.Namespace:
    values: dict[str, object] = {"position": None, "moves": None, "threshold": 4}
    values.update(kwargs)
    return argparse.Namespace(**values)


def test_partition_command_json() -> None:
    """``partition dou-shou-qi --position P --threshold T --json``: subproblems, T_max, map."""
    result = PARTITION_COMMAND.run(SPEC, _args(position=FIGURE_13, threshold=4))
    text = json.dumps(result)
    assert json.loads(text)["t_max"] == 5
    subs = result["subproblems"]
    assert isinstance(subs, list) and len(subs) == 2
    assert subs[0]["pieces"] == ["ma2", "Hc2", "Cb3"]
    assert subs[0]["dens"] == ["d1"]
    board = result["map"]
    assert isinstance(board, list) and len(board) == 10 and board[0].startswith("9 ")
    rendered = PARTITION_COMMAND.render(result) if PARTITION_COMMAND.render else ""
    assert "T_max = 5" in rendered and "1: ma2 Hc2 Cb3" in rendered
    parser = argparse.ArgumentParser()
    PARTITION_COMMAND.add_arguments(parser, SPEC)
    parsed = parser.parse_args(["--position", FIGURE_13, "--threshold", "3"])
    assert PARTITION_COMMAND.run(SPEC, parsed)["split"] is True


def test_partition_command_rejects_bad_input() -> None:
    with pytest.raises(ParameterError, match="T_thresh"):
        PARTITION_COMMAND.run(SPEC, _args(threshold=-2))
    with pytest.raises(PositionFormatError):
        PARTITION_COMMAND.run(SPEC, _args(position="A: Zz9 / B: - / A"))
    with pytest.raises(IllegalMoveError, match=r"move 2 \('e3-d3'\)"):  # 1-based, as every command
        PARTITION_COMMAND.run(SPEC, _args(moves="e3-d3 e3-d3"))
    start = PARTITION_COMMAND.run(SPEC, _args(moves="e3-d3 c7-d7", threshold=20))
    assert start["split"] is False
