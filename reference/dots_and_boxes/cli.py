"""The command line's view of Dots and Boxes: ``python -m reference <command> dots-and-boxes``.

Seed 000.  Options: ``--rows R --cols C`` (boxes; default 2 x 2, or the size in
``--position``), and switches for the solving aids (each leaves values unchanged):
``--no-capture-rule``, ``--no-symmetry``, ``--no-ordering``, and for ``solve`` (the
exact solver of :mod:`.solver`, after Barker and Korf 2012) ``--no-chain-rule``,
``--no-endgame-rule``, ``--no-corner-rule`` and ``--checkpoint FILE`` (a resumable
solve).  ``perft`` counts every legal move sequence (the capture rule prunes searches
only).  Moves are
OpenSpiel edge names ``h<r>,<c>`` / ``v<r>,<c>``; the value is the net number of
boxes the side to move wins from here on.

Extra commands: ``chains dots-and-boxes`` (chain / loop analysis of a position)
and ``bfs dots-and-boxes`` (distinct states per depth, §III.B).
"""

from __future__ import annotations

import argparse

from reference.cli.options import IntRange, ranged_help
from reference.cli.spec import (
    ExtraCommand,
    GameSpec,
    JsonObject,
    add_position_arguments,
    game_from_args,
)
from reference.dots_and_boxes.board import MAX_SIDE, DotsAndBoxes
from reference.errors import ParameterError
from reference.search.protocol import MAX_PLY

MOVES_EXAMPLE = "h0,0 v0,1"

DEFAULT_SIZE = 2
"""Rows and columns when neither ``--rows/--cols`` nor ``--position`` give them (our choice)."""

SIDE = IntRange(1, MAX_SIDE)
"""``--rows`` and ``--cols``."""
BFS_DEPTH = IntRange(0, MAX_PLY)
"""``bfs --depth``: plies to expand (a board has at most 544 edges, so layers end sooner)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rows", type=SIDE, help=ranged_help(f"rows of boxes (default {DEFAULT_SIZE})", SIDE)
    )
    parser.add_argument(
        "--cols", type=SIDE, help=ranged_help(f"columns of boxes (default {DEFAULT_SIZE})", SIDE)
    )
    parser.add_argument(
        "--no-capture-rule", action="store_true", help="search every move (no capture rule)"
    )
    parser.add_argument(
        "--no-symmetry", action="store_true", help="no board symmetries in the TT key"
    )
    parser.add_argument("--no-ordering", action="store_true", help="moves in edge order")
    parser.add_argument(
        "--no-chain-rule",
        action="store_true",
        help="solve: open every edge of independent chains and loops (no chain rule)",
    )
    parser.add_argument(
        "--no-endgame-rule",
        action="store_true",
        help="solve: search simple loony endgames instead of valuing them by formula",
    )
    parser.add_argument(
        "--no-corner-rule",
        action="store_true",
        help="solve: no corner symmetry (border edges of one box kept apart in the table key)",
    )
    parser.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="solve: write the solver's table to FILE every few million nodes and resume "
        "from FILE if it exists (same board, position and rules)",
    )


def new_game(args: argparse.Namespace, position: str | None) -> DotsAndBoxes:
    """Build the board from ``--rows/--cols`` or ``--position`` (they must agree)."""
    rows = getattr(args, "rows", None)
    cols = getattr(args, "cols", None)
    switches = {
        "capture_rule": not getattr(args, "no_capture_rule", False),
        "symmetry": not getattr(args, "no_symmetry", False),
        "ordering": not getattr(args, "no_ordering", False),
        "chain_rule": not getattr(args, "no_chain_rule", False),
        "endgame_rule": not getattr(args, "no_endgame_rule", False),
        "corner_rule": not getattr(args, "no_corner_rule", False),
    }
    if position is not None:
        game = DotsAndBoxes.from_notation(position, **switches)
        if (rows is not None and rows != game.rows) or (cols is not None and cols != game.cols):
            raise ParameterError(
                f"--rows/--cols {rows}x{cols} disagree with the {game.rows}x{game.cols} position"
            )
    else:
        game = DotsAndBoxes(
            DEFAULT_SIZE if rows is None else rows,
            DEFAULT_SIZE if cols is None else cols,
            **switches,
        )
    game.checkpoint = getattr(args, "checkpoint", None)
    return game


def _add_position_arguments(parser: argparse.ArgumentParser) -> None:
    add_arguments(parser)
    add_position_arguments(parser, MOVES_EXAMPLE)


def _build(args: argparse.Namespace) -> DotsAndBoxes:
    return game_from_args(new_game, args)


def run_chains(args: argparse.Namespace) -> JsonObject:
    """Chains and loops of a position, with formulas 17-18 and the long-chain rule."""
    from reference.dots_and_boxes.chains import analyze, evaluate_position, long_chain_rule

    game = _build(args)
    analysis = analyze(game)
    return {
        "position": game.to_notation(),
        "chains": [list(c.boxes) for c in analysis.chains],
        "loops": [list(c.boxes) for c in analysis.loops],
        "long_chains": analysis.long_chains,
        "formula_17_18": evaluate_position(game),
        "long_chain_rule_favours": long_chain_rule(game.rows, game.cols, analysis.long_chains),
    }


def _add_bfs_arguments(parser: argparse.ArgumentParser) -> None:
    _add_position_arguments(parser)
    parser.add_argument(
        "--depth", type=BFS_DEPTH, required=True, help=ranged_help("plies to expand", BFS_DEPTH)
    )


def run_bfs(args: argparse.Namespace) -> JsonObject:
    """Distinct states per depth by breadth-first generation with hash de-duplication."""
    from reference.dots_and_boxes.generation import bfs_layers

    if args.depth < 0:
        raise ParameterError(f"--depth must be >= 0, got {args.depth}")
    game = _build(args)
    layers = bfs_layers(game, args.depth)
    return {"depth": args.depth, "states_per_depth": [len(layer) for layer in layers]}


SPEC = GameSpec(
    moves_example=MOVES_EXAMPLE,
    name="dots-and-boxes",
    help="Dots and Boxes on R x C boxes (seed 000); value = net boxes for the side to move",
    add_arguments=add_arguments,
    new_game=new_game,
    extra_commands={
        "chains": ExtraCommand(
            help="chain and loop analysis of a Dots and Boxes position (seed 000, formulas 17-18)",
            add_arguments=_add_position_arguments,
            run=run_chains,
        ),
        "bfs": ExtraCommand(
            help="distinct Dots and Boxes states per depth (seed 000, §III.B)",
            add_arguments=_add_bfs_arguments,
            run=run_bfs,
        ),
    },
)
