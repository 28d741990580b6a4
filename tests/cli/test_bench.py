"""``python -m reference bench``: the JSON report and the table.

No test reads a time: only the report's shape, its values and its node counts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reference import DouShouQi, perft, solve
from reference.cli.bench import DSQ_ENDGAME, INSTANCES, load_openspiel, render, run_bench
from reference.cli.main import main


def test_bench_writes_one_json_file_and_a_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "bench.json"
    status = main(
        ["bench", "--game", "dou-shou-qi", "--repeat", "1", "--no-peers", "--output", str(output)]
    )
    out, err = capsys.readouterr()
    assert status == 0, err
    report = json.loads(output.read_text())
    rows = report["rows"]
    assert [(row["task"], row["solver"]) for row in rows] == [
        ("perft 4", "reference"),
        ("solve", "reference"),
    ]
    assert rows[0]["value"] == rows[0]["nodes"] == perft(DouShouQi(), 4)
    endgame = solve(DouShouQi.from_notation(DSQ_ENDGAME, ordering="none"))  # as the bench
    assert (rows[1]["value"], rows[1]["nodes"]) == (endgame.value, endgame.nodes)
    assert all(len(row["times"]) == 1 and row["seconds"] >= 0 for row in rows)
    assert report["machine"]["cpus"] >= 1 and len(report["machine"]["load_average_before"]) == 3
    assert "| dou-shou-qi | start | perft 4 | reference |" in out
    assert "bench: dou-shou-qi" in err  # progress on stderr


def test_every_game_has_a_perft_and_a_solve_line() -> None:
    for game in ("mnk", "dots-and-boxes", "connect6", "wargame", "dou-shou-qi"):
        tasks = {instance.task.split()[0] for instance in INSTANCES if instance.game == game}
        assert {"perft", "solve"} <= tasks, game
    peers = {instance.game for instance in INSTANCES if instance.openspiel is not None}
    assert peers == {"mnk", "dots-and-boxes"}


def test_bad_bench_options_are_one_line_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bench", "--repeat", "0"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "--repeat" in err
    missing = tmp_path / "no" / "such" / "dir" / "bench.json"
    args = ["bench", "--game", "dou-shou-qi", "--repeat", "1", "--no-peers", "--quiet"]
    assert main([*args, "--output", str(missing)]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "cannot write" in err


def test_openspiel_finds_our_values_on_tic_tac_toe_and_1x3_boxes() -> None:
    """With the peers extra: OpenSpiel's alpha-beta and MinimaxSolver find the same values
    as ours on tic-tac-toe (a draw) and on 1x3 Dots and Boxes (net boxes)."""
    peers = load_openspiel()
    if peers is None:
        pytest.skip("the peers extra (open_spiel) is not installed")
    shared = [
        instance
        for instance in INSTANCES
        if instance.minimax_solver and instance.label in ("3x3 k=3", "1x3")
    ]
    report = run_bench(1, peers, shared, lambda _: None)
    ratios = report["ratios"]
    assert isinstance(ratios, list) and len(ratios) == 4
    assert all(ratio["same_value"] for ratio in ratios)
    assert "same value" in render(report)
