"""The exact solver after Barker and Korf (2012): every rule keeps every value, every optimal move.

The oracle is the plain memoised minimax of :mod:`reference.dots_and_boxes.exhaustive`
(no rule, no symmetry, no ordering).  Each rule of :class:`Rules` is switched off alone
and all together; the values must not move on *every* position of the small boards
(1x1 ... 2x2 and 1x4 here, 2x3, 3x2 and 1x5 in the slow suite) and on random positions
of 3x3.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference import api
from reference.bits import bit_indices
from reference.dots_and_boxes.chains import analyze
from reference.dots_and_boxes.checkpoint import load_checkpoint
from reference.dots_and_boxes.endgame import simple_endgame_value
from reference.dots_and_boxes.engine import (
    Rules,
    Solver,
    _settle_function,
    root_orbits,
    solve_position,
    value_position,
)
from reference.dots_and_boxes.exhaustive import exact_value
from reference.dots_and_boxes.geometry import geometry
from reference.dots_and_boxes.layout import layout, table_key_function
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError, SearchTimeoutError
from reference.search import Deadline, TranspositionTable, solve_raw

RULE_NAMES = ("capture_rule", "chain_rule", "endgame_rule", "symmetry", "corner_rule", "ordering")
OFF: dict[str, Any] = {name: "edges" if name == "ordering" else False for name in RULE_NAMES}
"""Every rule switched off (the move order: edge order)."""
RULE_SETS = [
    Rules(),
    *(Rules(**{name: OFF[name]}) for name in RULE_NAMES),
    Rules(**OFF),
]
RULE_IDS = ["all", *(f"no-{n}" for n in RULE_NAMES), "none"]


def all_values(rows: int, cols: int) -> dict[int, int]:
    """The exact value of every edge set of the board but the full one (plain minimax)."""
    memo: dict[int, int] = {}
    exact_value(rows, cols, 0, memo)
    return memo


def check_every_position(rows: int, cols: int, rules: Rules) -> None:
    values = all_values(rows, cols)
    solver = Solver(rows, cols, rules)  # one table for all positions: entries are exact bounds
    wrong = [(e, v) for e, v in values.items() if solver.value(e) != v]
    assert not wrong, f"{len(wrong)} wrong values, e.g. edges {wrong[0][0]:#x}"


@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@pytest.mark.parametrize("rows,cols", [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (1, 4)])
def test_every_rule_keeps_every_value_on_small_boards(rows: int, cols: int, rules: Rules) -> None:
    """Every edge set of the board: the solver's value == plain memoised minimax."""
    check_every_position(rows, cols, rules)


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULE_SETS, ids=RULE_IDS)
@pytest.mark.parametrize("rows,cols", [(2, 3), (3, 2), (1, 5)])
def test_every_rule_keeps_every_value_on_2x3_3x2_1x5(rows: int, cols: int, rules: Rules) -> None:
    """Every edge set of 2x3, 3x2 (2^17 each) and 1x5 (2^16), every rule set."""
    check_every_position(rows, cols, rules)


def random_position(rows: int, cols: int, seed: int, left: int) -> DotsAndBoxes:
    """A reachable position with ``left`` edges undrawn (random legal edges from the start)."""
    rng = random.Random(seed)
    game = DotsAndBoxes(rows, cols)
    while game.geo.num_edges - game.moves_played > left:
        game.play(rng.choice(list(game.legal_moves())))
    return game


@settings(max_examples=examples(60))
@given(st.integers(0, 10**9), st.integers(6, 13))
def test_every_rule_keeps_the_value_on_random_3x3_positions(seed: int, left: int) -> None:
    """Random reachable 3x3 positions: every rule set gives the plain minimax value."""
    game = random_position(3, 3, seed, left)
    expected = exact_value(3, 3, game.edges)
    for rules in RULE_SETS:
        assert Solver(3, 3, rules).value(game.edges) == expected, rules


def child_values(game: DotsAndBoxes) -> dict[int, int]:
    """The exact value of every legal move for the side to move (plain minimax)."""
    memo: dict[int, int] = {}
    out = {}
    for move in game.legal_moves():
        k = game.make(move)
        child = 0 if game.is_terminal() else exact_value(game.rows, game.cols, game.edges, memo)
        game.unmake()
        out[move] = k + child if k else -child
    return out


@settings(max_examples=examples(40))
@given(st.sampled_from([(2, 2), (2, 3), (3, 2), (1, 4), (3, 3)]), st.integers(0, 10**9))
def test_best_moves_are_every_optimal_move_and_move_values_are_exact(
    size: tuple[int, int], seed: int
) -> None:
    """best_moves == {moves whose exact value is the position's value}, for every rule set
    (rules prune inside the tree, never at the root); move_values == each move's value."""
    rows, cols = size
    game = random_position(rows, cols, seed, random.Random(seed).randint(1, 12))
    if game.is_terminal():
        return
    values = child_values(game)
    best = max(values.values())
    optimal = {m for m, v in values.items() if v == best}
    for rules in (Rules(), Rules(**OFF)):
        answer = solve_position(game, rules, move_values=True)
        assert answer.result.value == answer.result.score == best
        assert set(answer.result.best_moves) == optimal
        assert answer.move_values == values
    order = list(game.legal_moves())
    got = list(solve_position(game).result.best_moves)
    assert got == sorted(got, key=order.index)  # in legal_moves order


def simple_endgames(rows: int, cols: int) -> Iterator[int]:
    """Every edge set of the board that is a simple endgame: no 3-box, no safe move, every
    uncompleted box has two sides drawn."""
    geo = geometry(rows, cols)
    for edges in range(1 << geo.num_edges):
        counts = [(edges & m).bit_count() for m in geo.box_masks]
        if any(c not in (2, 4) for c in counts) or all(c == 4 for c in counts):
            continue
        yield edges


@pytest.mark.parametrize("rows,cols", [(1, 2), (2, 2), (1, 4), (2, 3), (3, 2)])
def test_endgame_formula_on_every_simple_endgame(rows: int, cols: int) -> None:
    """Every simple endgame of the board: the formula of :mod:`.endgame`, fed the chains and
    loops found by the independent :func:`chains.analyze`, == plain minimax."""
    values = all_values(rows, cols)
    game = DotsAndBoxes(rows, cols)
    count = 0
    for edges in simple_endgames(rows, cols):
        game.set_position(edges, (0, geo_done(rows, cols, edges)), 0)
        found = analyze(game.geo, game.edges)
        chains = tuple(sorted(c.length for c in found.chains))
        loops = tuple(sorted(c.length for c in found.loops))
        assert simple_endgame_value(chains, loops) == values[edges], (hex(edges), chains, loops)
        count += 1
    assert count > 0


def geo_done(rows: int, cols: int, edges: int) -> int:
    return geometry(rows, cols).completed_boxes(edges)


@settings(max_examples=examples(40))
@given(st.integers(0, 10**9))
def test_endgame_formula_on_random_3x3_simple_endgames(seed: int) -> None:
    """Random simple endgames of 3x3 (random safe moves until none is left, kept when every
    open box has two sides): the formula == plain minimax."""
    rng = random.Random(seed)
    game = DotsAndBoxes(3, 3)
    geo = game.geo
    while True:
        safe = [
            e for e in game.legal_moves()
            if all(game.box_sides(b) < 2 for b in geo.edge_boxes[e])
        ]
        if not safe:
            break
        game.play(rng.choice(safe))
    if any(game.box_sides(b) not in (2, 4) for b in range(geo.num_boxes)):
        return
    found = analyze(game.geo, game.edges)
    chains = tuple(sorted(c.length for c in found.chains))
    loops = tuple(sorted(c.length for c in found.loops))
    assert simple_endgame_value(chains, loops) == exact_value(3, 3, game.edges)


def test_endgame_rule_hand_examples() -> None:
    """Worked by hand (Berlekamp 2000, chs. 2-3).  A 3-chain and a 4-loop: opening the loop
    first, the opponent takes 4 and gives up the chain (4 - 3 = 1) or declines all 4 and takes
    the chain (-4 + 3 = -1): he takes, -1 for the opener; opening the chain first, he declines
    2 and gets the loop (1 - 2 + 4 = 3): -3.  So -1.  Two single boxes: 0.  One 2-chain: -2.
    A single box and a 2-chain: give the box, get the two: +1."""
    assert simple_endgame_value((3,), (4,)) == -1
    assert simple_endgame_value((1, 1), ()) == 0
    assert simple_endgame_value((2,), ()) == -2
    assert simple_endgame_value((1, 2), ()) == 1


def test_chain_rule_prunes_and_keeps_the_value() -> None:
    """Late random 3x3 positions (11 edges left): with the chain rule the value stays the plain
    minimax value, and on some position the rule saves nodes (it does prune)."""
    rng = random.Random(7)
    for _ in range(200):
        game = random_position(3, 3, rng.randrange(10**9), 11)
        on = Solver(3, 3, Rules(endgame_rule=False))
        off = Solver(3, 3, Rules(endgame_rule=False, chain_rule=False))
        v_on, v_off = on.value(game.edges), off.value(game.edges)
        assert v_on == v_off == exact_value(3, 3, game.edges)
        if on.counters.nodes < off.counters.nodes:
            return
    pytest.fail("the chain rule never saved a node on 200 late 3x3 positions")


def test_corner_rule_and_symmetry_keys_are_invariant() -> None:
    """The table key is the same for an edge set, its symmetric images and the swap of the two
    border edges of a corner box (and differs when the rules are off)."""
    rng = random.Random(3)
    lay = layout(3, 4)
    key = table_key_function(lay, symmetry=True, corner_rule=True)
    plain = table_key_function(lay, symmetry=False, corner_rule=False)
    top_left = lay.corner_groups[0][1]
    assert len(top_left) == 2
    for _ in range(300):
        edges = rng.getrandbits(64) & lay.full
        for s in range(len(lay.sym_perms)):
            assert key(lay.transform(edges, s)) == key(edges)
        swapped = edges
        if (edges & top_left[0]) != 0 != (edges & top_left[1]) or not edges & (
            top_left[0] | top_left[1]
        ):
            continue
        swapped ^= top_left[0] | top_left[1]
        assert key(swapped) == key(edges)
        assert plain(swapped) != plain(edges)


@settings(max_examples=examples(30))
@given(st.sampled_from([(2, 2), (2, 3), (3, 3), (1, 3)]), st.integers(0, 10**9))
def test_root_orbits_hold_moves_of_equal_value(size: tuple[int, int], seed: int) -> None:
    """Moves that a symmetry or corner swap of the root maps onto each other have one value."""
    rows, cols = size
    game = random_position(rows, cols, seed, random.Random(seed).randint(4, 12))
    values = child_values(game)
    orbits = root_orbits(game, Rules())
    assert sorted(m for o in orbits for m in o) == sorted(values)
    for orbit in orbits:
        assert len({values[m] for m in orbit}) == 1


def test_empty_board_orbits_use_the_board_symmetries() -> None:
    """The empty 3x4 board: 31 edges in 9 classes (4 symmetries; corner edges paired)."""
    orbits = root_orbits(DotsAndBoxes(3, 4), Rules())
    assert sum(len(o) for o in orbits) == 31
    assert len(orbits) < 31
    assert len(root_orbits(DotsAndBoxes(3, 4), Rules(symmetry=False, corner_rule=False))) == 31


@pytest.mark.parametrize("rows,cols,nodes", [(2, 2, 330), (2, 3, 4_602), (1, 5, 1_815)])
def test_solver_node_counts_are_pinned(rows: int, cols: int, nodes: int) -> None:
    """Node counts of fixed solves (value and every optimal move, all rules on): a change in
    a rule, the ordering or the table shows up here and must be deliberate."""
    assert solve_position(DotsAndBoxes(rows, cols)).result.stats.nodes == nodes


def test_solved_3x3_with_the_solver() -> None:
    """3x3: -3, every opening optimal (D. Wilson, Dots-and-Boxes Analysis Results,
    https://wilson.engr.wisc.edu/boxes/results.shtml: every line -3)."""
    result = solve_position(DotsAndBoxes(3, 3)).result
    assert result.value == -3
    assert len(result.best_moves) == 24
    assert result.stats.nodes == 272_713


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (1, 5)])
def test_api_solve_uses_the_solver_and_agrees_with_the_core(rows: int, cols: int) -> None:
    """reference.api.solve (the command line's path) takes the solver; the core's solve with a
    table takes Algorithm 1: the same value and the same optimal moves."""
    game = DotsAndBoxes(rows, cols)
    fast = api.solve(game)
    core = solve_raw(game, tt=TranspositionTable(1 << 18))
    assert fast.value == core.value and fast.best_moves == core.best_moves
    assert fast.nodes != core.stats.nodes  # a different search did it
    assert fast.nodes == solve_position(game).result.stats.nodes


def test_checkpoint_resumes_an_interrupted_solve(tmp_path: Path) -> None:
    """A solve stopped by its deadline leaves a checkpoint; the next call resumes from it
    (the table comes back, the node count goes on) and gives the same answer."""
    path = tmp_path / "2x3.ckpt"
    game = DotsAndBoxes(2, 3)
    full = solve_position(game, move_values=True)
    ticks = iter(range(10**9))
    deadline = Deadline(30.0, clock=lambda: float(next(ticks)))  # passes after 30 checks
    with pytest.raises(SearchTimeoutError, match="checkpoint"):
        solve_position(game, checkpoint=path, checkpoint_nodes=64, deadline=deadline,
                       move_values=True)
    assert path.exists()
    header = {"format": "reference-dots-and-boxes-solver-checkpoint", "rows": 2, "cols": 3}
    progress, table = load_checkpoint(path, header)
    assert table and progress.nodes > 0
    resumed = solve_position(game, checkpoint=path, checkpoint_nodes=64, move_values=True)
    assert resumed.result.value == full.result.value
    assert resumed.result.best_moves == full.result.best_moves
    assert resumed.move_values == full.move_values
    assert resumed.result.stats.nodes >= progress.nodes


def test_value_position_resumes_and_solve_position_reuses_its_checkpoint(tmp_path: Path) -> None:
    """value_position writes the same checkpoint format: a value-only run stopped by its
    deadline resumes, and a full solve then starts from its table (fewer new nodes)."""
    path = tmp_path / "2x4.ckpt"
    game = DotsAndBoxes(2, 4)
    ticks = iter(range(10**9))
    with pytest.raises(SearchTimeoutError):
        value_position(game, checkpoint=path, checkpoint_nodes=1024,
                       deadline=Deadline(40.0, clock=lambda: float(next(ticks))))
    saved, _ = load_checkpoint(path, {"rows": 2, "cols": 4})
    value, solver = value_position(game, checkpoint=path)
    assert value == 2 and solver.counters.nodes > saved.nodes
    fresh = solve_position(game).result
    resumed = solve_position(game, checkpoint=path).result
    assert resumed.best_moves == fresh.best_moves and resumed.value == 2
    assert resumed.stats.nodes - solver.counters.nodes < fresh.stats.nodes


def test_checkpoint_of_another_solve_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.ckpt"
    solve_position(DotsAndBoxes(2, 2), checkpoint=path, checkpoint_nodes=16)
    with pytest.raises(ParameterError, match="another solve"):
        solve_position(DotsAndBoxes(2, 3), checkpoint=path)
    path.write_bytes(b"not a checkpoint\n")
    with pytest.raises(ParameterError, match="cannot read checkpoint"):
        solve_position(DotsAndBoxes(2, 2), checkpoint=path)
    with pytest.raises(ParameterError, match="cannot write checkpoint"):
        solve_position(DotsAndBoxes(2, 2), checkpoint=tmp_path / "no" / "such" / "dir.ckpt")


def test_a_checkpoint_with_a_key_given_twice_is_refused(tmp_path: Path) -> None:
    """Issue 31: duplicate JSON keys must not pass silently (the last one would win)."""
    path = tmp_path / "x.ckpt"
    solve_position(DotsAndBoxes(2, 2), checkpoint=path, checkpoint_nodes=16)
    header, _, rest = path.read_bytes().partition(b"\n")
    assert header.startswith(b"{")
    path.write_bytes(b'{"rows": 2, ' + header[1:] + b"\n" + rest)
    with pytest.raises(ParameterError, match="'rows' is given twice"):
        solve_position(DotsAndBoxes(2, 2), checkpoint=path)


def test_trim_keeps_the_deep_entries() -> None:
    """A table capped at 200 entries still solves 2x3 exactly; a trim drops the entries with
    the most edges drawn first."""
    solver = Solver(2, 3, max_entries=200)
    assert solver.value(0) == -2
    assert len(solver.table) <= 200
    solver = Solver(2, 3)
    solver.value(0)
    before = max(k.bit_count() for k in solver.table)
    solver.max_entries = len(solver.table) // 2
    solver.trim()
    assert len(solver.table) <= solver.max_entries
    assert max(k.bit_count() for k in solver.table) < before


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "reference", *args], capture_output=True, text=True, check=False
    )


def test_cli_solve_with_rules_off_and_a_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "c.ckpt"
    base = ["solve", "dots-and-boxes", "--rows", "2", "--cols", "3", "--json", "--quiet"]
    out = run_cli(*base, "--checkpoint", str(path))
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["value"] == -2 and path.exists()
    again = run_cli(*base, "--checkpoint", str(path))
    assert json.loads(again.stdout)["best_moves"] == data["best_moves"]
    off = run_cli(*base, "--no-chain-rule", "--no-endgame-rule", "--no-corner-rule")
    assert json.loads(off.stdout)["best_moves"] == data["best_moves"]
    bad = run_cli("solve", "dots-and-boxes", "--rows", "2", "--cols", "2", "--checkpoint", str(path))
    assert bad.returncode == 2 and "another solve" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
    nowhere = run_cli(*base, "--checkpoint", str(tmp_path / "missing" / "c.ckpt"))
    assert nowhere.returncode == 2 and "cannot write checkpoint" in nowhere.stderr
    assert len(nowhere.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_solved_3x4_is_a_tie() -> None:
    """3x4 boxes (31 edges): a tie, value 0, and only the three edges of the middle vertical
    line keep it.  No published 3x4 value was found (Wilson's results page: 3x3, 3x5, 4x4;
    Barker and Korf 2012: 4x5); the same answer comes with the chain, endgame and corner
    rules off (docs/papers/000-dots-and-boxes.md, "Measured").  About 80 s of CPU."""
    game = DotsAndBoxes(3, 4)
    result = solve_position(game).result
    assert result.value == 0
    assert sorted(game.format_move(m) for m in result.best_moves) == ["v0,2", "v1,2", "v2,2"]
    assert result.stats.nodes == 13_655_032  # pinned: a change must be deliberate


@settings(max_examples=examples(50))
@given(st.sampled_from([(1, 1), (1, 3), (2, 3), (3, 4), (4, 2)]), st.integers(0, 2**64))
def test_box_classes_count_the_sides_of_every_box(size: tuple[int, int], bits: int) -> None:
    """The bit-sliced count of the padded layout == counting each box's four edges."""
    rows, cols = size
    geo = geometry(rows, cols)
    lay = layout(rows, cols)
    edges = bits & geo.full
    two, three, four, low = lay.box_classes(lay.to_internal(edges))
    w = cols + 1
    for b, mask in enumerate(geo.box_masks):
        bit = 1 << (b // cols * w + b % cols)
        count = (edges & mask).bit_count()
        assert [bool(x & bit) for x in (two, three, four, low)] == [
            count == 2, count == 3, count == 4, count <= 1
        ]


@settings(max_examples=examples(200))
@given(
    st.sampled_from([(1, 4), (2, 2), (2, 3), (3, 3), (3, 4)]), st.integers(0, 2**32), st.integers()
)
def test_settle_is_box_classes_and_the_capture_rule(
    size: tuple[int, int], seed: int, left: int
) -> None:
    """The node function's inlined box count and forced captures agree with the plain ones:
    without the capture rule ``settle`` is :meth:`Layout.box_classes`; with it, it takes
    captures that give nothing away (``gain`` = the boxes completed) until none is left,
    as the capture rule of :mod:`reference.dots_and_boxes.ordering` defines them."""
    rows, cols = size
    geo, lay = geometry(rows, cols), layout(rows, cols)
    game = random_position(rows, cols, seed, left % (geo.num_edges + 1))
    edges = lay.to_internal(game.edges)
    settled, gain, two, three, fours = _settle_function(lay, capture_rule=False)(edges)
    assert (settled, gain) == (edges, 0)
    if edges != lay.full:
        assert (two, three, fours) == lay.box_classes(edges)[:3]
    settled, gain, *_ = _settle_function(lay, capture_rule=True)(edges)
    assert settled & edges == edges
    assert gain == lay.completed(settled) - lay.completed(edges)
    after = sum(1 << lay.external[p] for p in bit_indices(settled))
    for e in bit_indices(geo.full & ~after):  # no capture that gives nothing away is left
        sides = [(after & geo.box_masks[b]).bit_count() for b in geo.edge_boxes[e]]
        assert not (3 in sides and 2 not in sides)
