"""``trace GAME``: the tree a search walks, as text, JSON and SVG; the same as ``reference.trace``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from cli_runner import Cli

from reference.registry import load
from reference.search import ALGORITHMS
from reference.trace import to_json, trace

TTT = ("mnk", "--m", "3", "--n", "3", "--k", "3")
SVG = "{http://www.w3.org/2000/svg}"


def count_nodes(node: dict[str, object]) -> int:
    children = node["children"]
    assert isinstance(children, list)
    return 1 + sum(count_nodes(child) for child in children)


def test_json_minimax_depth_2_on_the_empty_3x3_board_has_82_nodes(
    cli: Cli,
) -> None:
    """1 + 9 + 72 nodes; ``nodes`` is the search's own count and the size of ``tree``."""
    status, out, _ = cli("trace", *TTT, "--algorithm", "minimax", "--depth", "2", "--json")
    result = json.loads(out)
    assert status == 0 and out.count("\n") == 1
    assert result["nodes"] == 82 == sum(count_nodes(root) for root in result["tree"])
    assert len(result["tree"][0]["children"]) == 9


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_json_is_the_python_api_trace(
    cli: Cli, algorithm: str
) -> None:
    """The command line prints ``reference.trace.to_json`` of ``reference.trace.trace``."""
    argv = ("trace", *TTT, "--moves", "b2 a1", "--algorithm", algorithm, "--depth", "3", "--json")
    status, out, _ = cli(*argv)
    game = load("mnk").game({"m": 3, "n": 3, "k": 3}, moves="b2 a1")
    expected = to_json(trace(game, algorithm, 3))
    result = json.loads(out)
    assert status == 0
    assert {key: result[key] for key in expected} == json.loads(json.dumps(expected))
    assert result["position"] == game.to_notation() and result["game"] == "mnk"


def test_alphabeta_visits_fewer_nodes_than_minimax(cli: Cli) -> None:
    counts = {}
    for algorithm in ("minimax", "alphabeta"):
        _, out, _ = cli("trace", *TTT, "--algorithm", algorithm, "--depth", "2", "--json")
        counts[algorithm] = json.loads(out)["nodes"]
    assert counts == {"minimax": 82, "alphabeta": 26}


def test_text_marks_cutoffs_table_hits_and_the_principal_variation(
    cli: Cli,
) -> None:
    status, out, _ = cli("trace", *TTT, "--algorithm", "alphabeta_tt", "--depth", "2")
    lines = out.splitlines()
    assert status == 0
    assert "alphabeta_tt to depth 2: value 7, 20 nodes" in lines[0]
    assert lines[1] == "principal variation: b2 b1"
    assert "table: 10 probes, 6 hits, 6 cutoffs" in lines
    assert sum("-> table cutoff, subtree not searched" in line for line in lines) == 6
    assert any(line.strip().startswith("x never searched (cutoff):") for line in lines)
    node_lines = [line for line in lines if line.lstrip().startswith("#")]
    assert len(node_lines) == 20
    assert node_lines[0].startswith("#1 (root) d2 [-inf, inf] = 7")
    assert node_lines[1].startswith("  #2 b2 d1 [-inf, inf] = -7") and node_lines[1].endswith("*")


def test_svg_draws_every_node(cli: Cli, tmp_path: Path) -> None:
    """One box per node (numbered in the order visited), a cross per cutoff, TT boxes."""
    picture = tmp_path / "ab.svg"
    argv = ("trace", "dots-and-boxes", "--rows", "1", "--cols", "2", "--algorithm",
            "alphabeta_tt", "--depth", "3", "--svg", str(picture), "--json")
    status, out, _ = cli(*argv)
    result = json.loads(out)
    root = ET.parse(picture).getroot()
    boxes = [r for r in root.iter(f"{SVG}rect") if r.get("data-order") is not None]
    assert status == 0
    assert sorted(int(r.get("data-order", "0")) for r in boxes) == list(range(1, result["nodes"] + 1))
    table = [r for r in boxes if r.get("data-kind") == "table-cutoff"]
    assert len(table) == result["table"]["cutoffs"] > 0
    crosses = [line for line in root.iter(f"{SVG}line") if line.get("data-cutoff") == "yes"]
    assert len(crosses) == sum(1 for _ in _with_unsearched(result["tree"]))


@pytest.mark.parametrize("width", [480, 688, 1200])
def test_svg_width_fits_the_picture_and_keeps_the_root_in_view(
    cli: Cli, tmp_path: Path, width: int
) -> None:
    """Minimax on the empty 3x3 board (82 nodes, 72 leaves: 3,312 px side by side) drawn
    to ``--svg-width``: no wider, the root's box at the top left, a legend under it."""
    picture = tmp_path / "mm.svg"
    status, _, err = cli("trace", "mnk", "--algorithm", "minimax", "--depth", "2",
                         "--svg", str(picture), "--svg-width", str(width))
    assert status == 0, err
    root = ET.parse(picture).getroot()
    assert float(root.get("width", "0")) <= width
    first = next(r for r in root.iter(f"{SVG}rect") if r.get("data-order") == "1")
    assert float(first.get("x", "0")) < 100 and float(first.get("y", "0")) < 100
    assert any(t.text == "Legend" for t in root.iter(f"{SVG}text"))


def _with_unsearched(nodes: list[dict[str, object]]) -> list[dict[str, object]]:
    found = []
    for node in nodes:
        if node.get("unsearched"):
            found.append(node)
        children = node["children"]
        assert isinstance(children, list)
        found.extend(_with_unsearched(children))
    return found


@pytest.mark.parametrize(
    "game, depth",
    [
        (("mnk", "--m", "4", "--n", "4", "--k", "3"), "2"),
        (("dots-and-boxes", "--rows", "2", "--cols", "2"), "2"),
        (("connect6", "--size", "7", "--moves", "d4"), "1"),
        (("wargame",), "1"),
        (("dou-shou-qi",), "1"),
    ],
    ids=["mnk", "dots-and-boxes", "connect6", "wargame", "dou-shou-qi"],
)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_every_game_every_algorithm(
    cli: Cli, game: tuple[str, ...], depth: str, algorithm: str
) -> None:
    status, out, err = cli("trace", *game, "--algorithm", algorithm, "--depth", depth, "--json",
        "--max-nodes", "100000",
    )
    assert status == 0, err
    result = json.loads(out)
    assert result["nodes"] == sum(count_nodes(root) for root in result["tree"]) > 1


@pytest.mark.parametrize(
    "argv, message",
    [
        (("--algorithm", "minimax", "--depth", "6"), "visits more than 2,000 nodes"),
        (("--algorithm", "minimax", "--depth", "4", "--max-nodes", "5000", "--svg", "x.svg"),
         "too many to draw"),
        (("--algorithm", "negamax", "--depth", "2"), "invalid choice: 'negamax'"),
        (("--algorithm", "minimax", "--depth", "0"), "--depth: 0 is out of range"),
        (("--algorithm", "minimax"), "--depth"),
        (("--depth", "2"), "--algorithm"),
        (("--algorithm", "minimax", "--depth", "2", "--max-nodes", "0"), "--max-nodes"),
        (("--algorithm", "minimax", "--depth", "1", "--moves", "b2 b2"), "b2"),
        (("--algorithm", "minimax", "--depth", "1", "--svg", "/no/such/dir/x.svg"), "cannot write"),
        (("--algorithm", "minimax", "--depth", "1", "--svg", ""), "--svg needs a file name"),
        (("--algorithm", "minimax", "--depth", "1", "--svg", "x.svg", "--svg-width", "100"),
         "--svg-width: 100 is out of range"),
        (("--algorithm", "minimax", "--depth", "1", "--svg-width", "wide"), "--svg-width"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    cli: Cli,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: tuple[str, ...],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = cli("trace", *TTT, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error: ") and message in err
    assert list(tmp_path.iterdir()) == []


def test_a_reader_that_stops_early_ends_the_output_quietly() -> None:
    """``trace ... | head -1``: no traceback when the reader closes the pipe."""
    root = Path(__file__).resolve().parents[2]
    argv = [sys.executable, "-m", "reference", "trace", "dots-and-boxes", "--rows", "1",
            "--cols", "2", "--algorithm", "minimax", "--depth", "3"]
    env = {**os.environ, "PYTHONPATH": str(root)}
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()
    error = process.stderr.read()
    assert process.wait(timeout=120) == 0
    assert first.startswith(b"dots-and-boxes 1x2") and error == b""
