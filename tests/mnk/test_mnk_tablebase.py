"""(M,N,K) tablebases (reference.mnk.tablebase) against forward search."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from reference import solve
from reference.errors import ParameterError
from reference.mnk.rules import MNKState
from reference.mnk.tablebase import MNKSpace, build_table, load_table


def brute_force(m: int, n: int, k: int) -> dict[tuple[int, int], tuple[str, int]]:
    """(outcome, distance) of every reachable position by recursion over MNKState, keyed
    by the two bitboards: independent of the table's index and un-moves."""
    results: dict[tuple[int, int], tuple[str, int]] = {}

    def visit(state: MNKState) -> tuple[str, int]:
        key = state.bits
        if key in results:
            return results[key]
        if state.is_terminal():
            result = ("loss", 0) if state.winner() is not None else ("draw", 0)
        else:
            children = []
            for move in state.legal_moves():
                state.make(move)
                children.append(visit(state))
                state.unmake()
            lost = [d for o, d in children if o == "loss"]
            if lost:
                result = ("win", 1 + min(lost))
            elif all(o == "win" for o, _ in children):
                result = ("loss", 1 + max(d for _, d in children))
            else:
                result = ("draw", 0)
        results[key] = result
        return result

    visit(MNKState(m, n, k))
    return results


@pytest.mark.parametrize(("m", "n", "k"), [(3, 3, 3), (2, 3, 2), (3, 2, 3), (4, 2, 3)])
def test_every_reachable_position_equals_recursion(m: int, n: int, k: int) -> None:
    table = build_table(m, n, k)
    space = table.space
    expected = brute_force(m, n, k)
    for (x, o), (outcome, distance) in expected.items():
        index = space.ternary[x] + 2 * space.ternary[o]
        assert table.table.outcome(index) == outcome
        if outcome != "draw":
            assert table.table.distance[index] == distance


def test_tic_tac_toe_counts() -> None:
    stats = build_table(3, 3, 3).stats()
    # 5,478 legal tic-tac-toe positions, a well-known count; all are reachable
    assert stats["positions"] == 5478
    assert [stats[name] for name in ("wins", "losses", "draws")] == [
        sum(1 for v in brute_force(3, 3, 3).values() if v[0] == outcome)
        for outcome in ("win", "loss", "draw")
    ]


@pytest.mark.parametrize(("m", "n", "k"), [(3, 3, 3), (2, 3, 2), (3, 3, 2)])
def test_forward_fixpoint_equals_unmoves(m: int, n: int, k: int) -> None:
    forward = build_table(m, n, k, method="forward").table
    back = build_table(m, n, k).table
    assert forward.value == back.value
    assert forward.distance == back.distance


@pytest.mark.parametrize(("m", "n", "k"), [(4, 3, 3), (3, 4, 3), (4, 3, 4)])
def test_empty_board_and_a_sample_equal_solve(m: int, n: int, k: int) -> None:
    table = build_table(m, n, k)
    rng = random.Random(f"{m}{n}{k}")
    for _ in range(25):
        state = MNKState(m, n, k)
        for _ in range(rng.randrange(0, m * n - 2)):
            if state.is_terminal():
                break
            state.make(rng.choice(state.legal_moves()))
        probe = table.probe(state)
        result = solve(state.copy())
        assert probe.outcome == {1: "win", 0: "draw", -1: "loss"}[result.value]
        if not state.is_terminal():
            best = {state.format_move(mv) for mv in result.best_moves}
            assert best <= set(probe.keeping)


def test_mirror_images_have_the_same_entry() -> None:
    table = build_table(4, 3, 3)
    rng = random.Random(7)
    for _ in range(50):
        state = MNKState(4, 3, 3)
        mirror = MNKState(4, 3, 3)
        for _ in range(rng.randrange(0, 8)):
            if state.is_terminal():
                break
            cell = rng.choice(state.legal_moves())
            state.make(cell)
            row, col = divmod(cell, 4)
            mirror.make(row * 4 + 3 - col)
        a, b = table.probe(state), table.probe(mirror)
        assert (a.outcome, a.distance) == (b.outcome, b.distance)


def test_fastest_win_replays_in_the_stated_plies() -> None:
    table = build_table(4, 3, 3)
    state = MNKState(4, 3, 3)
    probe = table.probe(state)
    assert probe.outcome == "win"
    plies = 0
    while not state.is_terminal():
        entry = table.probe(state)
        state.play(state.parse_move(entry.fastest[0]))
        plies += 1
    assert plies == probe.distance
    assert state.winner() is not None


@cache
def _space_3x3() -> MNKSpace:
    return MNKSpace(3, 3, 3)


def test_predecessors_invert_successors() -> None:
    space = _space_3x3()
    for index in range(space.size):
        if space.terminal(index) is not None:
            continue
        for child in space.successors(index):
            assert index in space.predecessors(child)


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ParameterError, match="cells"):
        MNKSpace(4, 4, 3)
    with pytest.raises(ParameterError, match="method"):
        build_table(3, 3, 3, method="sideways")
    with pytest.raises(ParameterError, match="table is 3x3"):
        build_table(3, 3, 3).probe(MNKState(4, 3, 3))


def test_positions_are_exactly_what_the_notation_accepts() -> None:
    """Every index whose stone counts fit is valid iff MNKState.from_notation takes it."""
    from reference.errors import PositionFormatError
    from reference.mnk.notation import format_position

    space = MNKSpace(3, 3, 3)
    checked = 0
    for x in range(1 << 9):
        for o in range(1 << 9):
            if x & o or x.bit_count() - o.bit_count() not in (0, 1):
                continue
            index = space.ternary[x] + 2 * space.ternary[o]
            text = format_position(x, o, 3, 3)
            try:
                MNKState.from_notation(text, 3)
                accepted = True
            except PositionFormatError:
                accepted = False
            assert bool(space.valid[index]) == accepted, text
            checked += 1
    assert checked == 6046  # placements with fitting counts; 5,478 of them positions


def test_a_saved_table_reads_back(tmp_path: Path) -> None:
    table = build_table(3, 2, 3)
    path = tmp_path / "t.tb"
    table.save(str(path))
    again = load_table(str(path))
    assert again.table == table.table
    assert (again.space.m, again.space.n, again.space.k) == (3, 2, 3)
    path.write_bytes(path.read_bytes()[:-1])
    with pytest.raises(ParameterError, match="cut short"):
        load_table(str(path))
    path.write_bytes(b"hello\n")
    with pytest.raises(ParameterError, match="not a table file"):
        load_table(str(path))


def run_cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "reference", *argv], capture_output=True, text=True, check=False
    )


def test_cli_stats_and_probe_agree_with_python(tmp_path: Path) -> None:
    out = run_cli("tablebase", "stats", "mnk", "--m", "4", "--n", "3", "--json", "--quiet")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == build_table(4, 3, 3).stats()
    path = tmp_path / "t.tb"
    assert run_cli("tablebase", "build", "mnk", "--out", str(path), "--quiet").returncode == 0
    probe = run_cli(
        "tablebase", "probe", "mnk", "--table", str(path), "--position", "x../.o./... x", "--json"
    )
    answer = json.loads(probe.stdout)
    expected = build_table(3, 3, 3).probe(MNKState.from_notation("x../.o./... x", 3))
    assert (answer["value"], answer["moves"]) == (expected.outcome, list(expected.keeping))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("probe", "mnk"), "needs --position"),
        (("build", "mnk"), "needs --out"),
        (("stats", "mnk", "--m", "4", "--n", "4"), "up to 12 cells"),
        (("probe", "mnk", "--position", "xx./.../... x"), "error:"),
    ],
)
def test_cli_bad_input_is_one_line(argv: tuple[str, ...], message: str) -> None:
    out = run_cli("tablebase", *argv, "--quiet")
    assert out.returncode == 2
    assert message in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
