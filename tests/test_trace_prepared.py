"""The step-through page's traces (reference.trace.prepared, tools/docs_traces.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from reference.registry import JsonObject, load
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
    for number, prepared in enumerate(PREPARED):
        body = json.loads(scripts[f"p{number}.js"].split(", ", 1)[1].rsplit(");", 1)[0])
        assert body["board"].startswith("<svg")  # the position, as the package draws it
        assert set(body["traces"]) == {f"{a} {d}" for a, d in traces_of(prepared)}
        if number == 0:
            assert body["traces"]["alphabeta 2"]["nodes"] == 26


def walk_with_the_game(game: Any, node: JsonObject, seen: list[int]) -> None:
    """Replay the trace on the position: each node entered is a child of the node it comes
    from (its move is legal there), the side to move and the game-over flag are the
    position's, and a depth-0 leaf's value is the position's evaluation."""
    seen.append(int(str(node["order"])))
    assert node["to_move"] == game.to_move
    assert (node["kind"] == "game over") == game.is_terminal()
    if node["kind"] == "evaluate":
        assert node["depth"] == 0 and node["value"] == game.evaluate()
    legal = {game.format_move(move): move for move in game.legal_moves()}
    children = node["children"]
    assert isinstance(children, list)
    for child in children:
        assert child["move"] in legal, (node["order"], child["move"], sorted(legal))
        assert child["ply"] == int(str(node["ply"])) + 1
        mover = game.to_move
        points = game.make(legal[child["move"]])
        assert child.get("points", 0) == points
        assert child.get("moves_again", False) == (game.to_move == mover)
        walk_with_the_game(game, child, seen)
        game.unmake()
    for move in node.get("unsearched", []):  # type: ignore[attr-defined]
        assert move in legal and move not in {child["move"] for child in children}


def parent_value(child: JsonObject) -> int:
    """The child's value for the side to move at its parent (points added; the sign flips
    only when the turn passes)."""
    value, points = int(str(child["value"])), int(str(child.get("points", 0)))
    return points + value if child.get("moves_again") else points - value


@pytest.mark.parametrize("prepared", PREPARED, ids=lambda p: p.label)
def test_every_step_is_a_child_of_its_parent_and_the_values_agree(prepared: object) -> None:
    """For every trace the page plays: the steps (the nodes in the order entered) replay on
    the position, numbered 1, 2, ... as entered, as many as the search's own count; the
    root returns the value of the untraced listing; minimax's nodes return the best of
    their children, and a cut-off only happens where the value reached beta."""
    from reference.trace.prepared import Prepared

    assert isinstance(prepared, Prepared)
    for (algorithm, depth), data in traces_of(prepared).items():
        game = prepared.build()
        seen: list[int] = []
        tree = data["tree"]
        assert isinstance(tree, list)
        for root in tree:
            walk_with_the_game(game, root, seen)
        assert seen == list(range(1, int(str(data["nodes"])) + 1)), (algorithm, depth)
        assert data["value"] == untraced_value(prepared.build(), algorithm, depth)
        assert tree[-1]["value"] == data["value"]  # MTD(f): the value of its last pass
        for root in tree:
            for node in every_node(root):
                children = kids(node)
                window = node["window"]
                if node["kind"] == "cutoff":
                    assert isinstance(window, list) and int(str(node["value"])) >= window[1]
                if algorithm == "minimax" and children:
                    assert node["value"] == max(parent_value(child) for child in children)


def kids(node: JsonObject) -> list[JsonObject]:
    children = node["children"]
    assert isinstance(children, list)
    return children


def every_node(node: JsonObject) -> list[JsonObject]:
    found = [node]
    for child in kids(node):
        found.extend(every_node(child))
    return found


def untraced_value(game: Any, algorithm: str, depth: int) -> int:
    """The plain listing's value (a fresh context, a fresh table where it uses one)."""
    from reference.search import alphabeta, alphabeta_tt, minimax, mtdf, pvs
    from reference.search.context import DEFAULT_TT_SIZE, SearchContext
    from reference.search.tt import TranspositionTable

    table = TranspositionTable(DEFAULT_TT_SIZE) if algorithm in ("alphabeta_tt", "mtdf") else None
    ctx = SearchContext(tt=table)
    if algorithm == "minimax":
        return minimax(game, depth, ctx)
    if algorithm == "alphabeta":
        return alphabeta(game, depth, ctx=ctx)
    if algorithm == "alphabeta_tt":
        return alphabeta_tt(game, depth, ctx=ctx)
    if algorithm == "pvs":
        return pvs(game, depth, ctx=ctx)
    return mtdf(game, depth, 0, ctx)


def test_the_principal_variation_is_a_path_of_the_pass_that_found_the_value() -> None:
    """The page draws the principal variation along the moves of ``pv`` from the root of the
    last pass whose value reached its beta (MTD(f); the only pass for the others)."""
    for prepared in PREPARED:
        for (algorithm, depth), data in traces_of(prepared).items():
            tree = data["tree"]
            assert isinstance(tree, list)
            high = [root for root in tree if root["window"] is None or root["value"] >= root["window"][1]]
            node = high[-1] if algorithm == "mtdf" else tree[-1]
            for move in data["pv"]:  # type: ignore[attr-defined]
                node = next(child for child in node["children"] if child["move"] == move)
            assert data["pv"] or not node["children"], (prepared.label, algorithm, depth)
