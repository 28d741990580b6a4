"""The step-through page's traces (reference.trace.prepared, tools/docs_traces.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from reference.registry import load
from reference.trace import trace
from reference.trace.prepared import MAX_STEP_NODES, PREPARED, traces_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))


def test_the_empty_board_comes_first_with_82_and_26_nodes() -> None:
    first = traces_of(PREPARED[0])
    assert PREPARED[0].game == "mnk" and PREPARED[0].position is None
    assert first[("minimax", 2)]["nodes"] == 82
    assert first[("alphabeta", 2)]["nodes"] == 26


@pytest.mark.parametrize("prepared", PREPARED, ids=lambda p: p.label)
def test_each_position_has_every_listing_and_the_listings_agree(prepared: object) -> None:
    from reference.trace.prepared import Prepared

    assert isinstance(prepared, Prepared)
    traces = traces_of(prepared)
    assert {algorithm for algorithm, _ in traces} == {
        "minimax", "alphabeta", "alphabeta_tt", "pvs", "mtdf"
    }
    for (algorithm, depth), data in traces.items():
        assert 0 < int(str(data["nodes"])) <= MAX_STEP_NODES
        # every listing returns minimax's value at the same depth
        assert data["value"] == traces[("minimax", depth)]["value"], (algorithm, depth)


@pytest.mark.parametrize("prepared", PREPARED, ids=lambda p: p.label)
def test_positions_are_built_as_the_command_line_builds_them(prepared: object) -> None:
    from reference.trace.prepared import Prepared

    assert isinstance(prepared, Prepared)
    spec = load(prepared.game)
    game = spec.new_game(spec.check_options(prepared.options), prepared.position)
    assert trace(game, "alphabeta", 1).nodes == traces_of(prepared)[("alphabeta", 1)]["nodes"]
    assert not game.is_terminal()


def test_the_build_writes_one_script_per_position_and_an_index() -> None:
    from docs_traces import trace_scripts

    scripts = trace_scripts()
    assert set(scripts) == {"index.js"} | {f"p{n}.js" for n in range(len(PREPARED))}
    index = json.loads(scripts["index.js"].split("=", 1)[1].strip().rstrip(";"))
    assert [entry["label"] for entry in index] == [p.label for p in PREPARED]
    body = scripts["p0.js"].split(", ", 1)[1].rsplit(");", 1)[0]
    assert json.loads(body)["alphabeta 2"]["nodes"] == 26
