"""``chains dots-and-boxes`` and ``bfs dots-and-boxes``: seed 000's chain analysis and §III.B.

``chains``: the chains and loops of a position, the evaluation of formulas 17-18 and
the long-chain rule (Theorem 2).  ``bfs``: the distinct states at each depth, by
breadth-first generation with hash de-duplication.
"""

from __future__ import annotations

import argparse

from reference.cli.extra import ExtraCommand
from reference.cli.options import add_game_and_position, build_game_as
from reference.dots_and_boxes.chains import analyze, long_chain_rule
from reference.dots_and_boxes.evaluation import evaluate_position
from reference.dots_and_boxes.generation import bfs_layers
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.ranges import IntRange, add_ranged_argument
from reference.registry import GameSpec, JsonObject
from reference.search.protocol import MAX_PLY

BFS_DEPTH = IntRange(0, MAX_PLY)
"""``bfs --depth``: plies to expand (a board has at most 544 edges, so layers end sooner)."""


def run_chains(spec: GameSpec, args: argparse.Namespace) -> JsonObject:
    """Chains and loops of a position, with formulas 17-18 and the long-chain rule."""
    game = build_game_as(spec, args, DotsAndBoxes)
    analysis = analyze(game.geo, game.edges)
    return {
        "position": game.to_notation(),
        "chains": [list(c.boxes) for c in analysis.chains],
        "loops": [list(c.boxes) for c in analysis.loops],
        "long_chains": analysis.long_chains,
        "formula_17_18": evaluate_position(game.geo, game.edges),
        "long_chain_rule_favours": long_chain_rule(game.rows, game.cols, analysis.long_chains),
    }


def add_bfs_arguments(parser: argparse.ArgumentParser, spec: GameSpec) -> None:
    add_game_and_position(parser, spec)
    add_ranged_argument(parser, "--depth", BFS_DEPTH, "plies to expand", required=True)


def run_bfs(spec: GameSpec, args: argparse.Namespace) -> JsonObject:
    """Distinct states per depth by breadth-first generation with hash de-duplication."""
    layers = bfs_layers(build_game_as(spec, args, DotsAndBoxes), args.depth)
    return {"depth": args.depth, "states_per_depth": [len(layer) for layer in layers]}


COMMANDS = {
    "chains": ExtraCommand(
        help="chain and loop analysis of a Dots and Boxes position (seed 000, formulas 17-18)",
        run=run_chains,
    ),
    "bfs": ExtraCommand(
        help="distinct Dots and Boxes states per depth (seed 000, §III.B)",
        add_arguments=add_bfs_arguments,
        run=run_bfs,
    ),
}
