"""``python -m reference tablebase``: the command line gives what the Python API gives."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from reference.dots_and_boxes.backward import backward_values
from reference.dou_shou_qi.rules import DouShouQi
from reference.dou_shou_qi.tablebase import Material, TableSet


def run(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "reference", "tablebase", *argv, "--quiet"],
        capture_output=True,
        text=True,
        check=False,
    )


def test_dou_shou_qi_stats_as_json() -> None:
    out = run("stats", "dou-shou-qi", "--rules", "vanrijn", "--pieces", "A: E / B: M", "--json")
    assert out.returncode == 0, out.stderr
    expected = TableSet("vanrijn").table(Material.parse("A: E / B: M")).stats()
    assert json.loads(out.stdout) == expected
    assert set(expected) == {
        "positions", "wins", "losses", "draws", "longest_win", "longest_win_position"
    }


def test_dou_shou_qi_build_then_probe_from_the_file(tmp_path: Path) -> None:
    path = tmp_path / "l_m.tb"
    built = run("build", "dou-shou-qi", "--pieces", "A: L / B: M", "--out", str(path))
    assert built.returncode == 0, built.stderr
    position = "A: Lc3 / B: Mc5 / B"
    probe = run("probe", "dou-shou-qi", "--table", str(path), "--position", position, "--json")
    answer = json.loads(probe.stdout)
    expected = TableSet("thesis").probe(DouShouQi.from_notation(position, draw_limit=None))
    assert (answer["value"], answer["distance"], answer["moves"]) == (
        expected.outcome,
        expected.distance,
        list(expected.keeping),
    )


def test_every_two_piece_set_into_a_folder(tmp_path: Path) -> None:
    out = run("build", "dou-shou-qi", "--max-pieces", "2", "--workers", "2", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 64 and "thesis_E_M.tb" in files


def test_dots_and_boxes_probe_and_stats() -> None:
    table = backward_values(2, 2)
    probe = run("probe", "dots-and-boxes", "--position", "2x2:0x0:0:0:0", "--json")
    assert json.loads(probe.stdout)["value"] == table.value(0) == 2
    stats = json.loads(run("stats", "dots-and-boxes", "--json").stdout)
    assert stats["positions"] == 4096
    assert sum(stats["values"].values()) == 4096


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("stats", "dou-shou-qi"), "needs --pieces"),
        (("stats", "dou-shou-qi", "--pieces", "A: Q / B: M"), "unknown piece letter"),
        (("probe", "dou-shou-qi", "--position", "A: Lz9 / B: M / A"), "error:"),
        (("build", "dou-shou-qi", "--pieces", "A: L / B: M"), "needs --out"),
        (("stats", "dots-and-boxes", "--rows", "4"), "allowed 1..3"),
        (("stats", "dots-and-boxes", "--rows", "3", "--cols", "3", "--table", "/nonexistent"),
         "cannot read the table"),
        (("probe", "dots-and-boxes", "--position", "3x3:0x0:0:0:0"), "the table --rows 2"),
    ],
)
def test_bad_input_is_one_line(argv: tuple[str, ...], message: str) -> None:
    out = run(*argv)
    assert out.returncode == 2, out.stdout
    assert message in out.stderr
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
