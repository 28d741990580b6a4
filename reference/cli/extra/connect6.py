"""``tss connect6``: threat-space search (seed 004) for the side to move.

``tss connect6 --size S (--position P | --moves M) [--depth D] [--single-threats N]
--json`` prints ``{"win": bool, "line": [...], "nodes": n}`` (see
:mod:`reference.connect6.tss`).
"""

from __future__ import annotations

import argparse

from reference.cli.extra import ExtraCommand
from reference.cli.options import add_game_options, build_game_as
from reference.connect6.rules import Connect6
from reference.connect6.tss import TSS_MAX_DEPTH, TSS_SINGLE_THREATS, threat_space_search
from reference.errors import GameError
from reference.ranges import IntRange, add_ranged_argument
from reference.registry import GameSpec, JsonObject

TSS_DEPTH = IntRange(1, 200)
"""``tss --depth``: attacker moves; each places a stone, so 181 fill a 19 x 19 board."""
SINGLE_THREATS = IntRange(0, 200)
"""``tss --single-threats``: per line, so at most the depth matters."""


def add_tss_arguments(parser: argparse.ArgumentParser, spec: GameSpec) -> None:
    add_game_options(parser, spec, ("size",))
    parser.add_argument("--position", help="start from this position, e.g. '19/j10/i9,k11'")
    parser.add_argument(
        "--moves", help=f'space-separated moves played first, e.g. "{spec.moves_example}"'
    )
    add_ranged_argument(
        parser,
        "--depth",
        TSS_DEPTH,
        f"attacker moves, the winning one included (default {TSS_MAX_DEPTH})",
        default=TSS_MAX_DEPTH,
    )
    add_ranged_argument(
        parser,
        "--single-threats",
        SINGLE_THREATS,
        "single-threat moves allowed per line (default "
        f"{TSS_SINGLE_THREATS}: double threats only; slow on big boards)",
        default=TSS_SINGLE_THREATS,
    )


def run_tss(spec: GameSpec, args: argparse.Namespace) -> JsonObject:
    """``tss connect6``: threat-space search for the side to move."""
    game = build_game_as(spec, args, Connect6)
    if game.is_terminal():
        raise GameError("the game is over: there is nothing to search")
    result = threat_space_search(game, max_depth=args.depth, single_threats=args.single_threats)
    return {
        "win": result.win,
        "line": [game.format_move(m) for m in result.line],
        "nodes": result.nodes,
    }


def render_tss(result: JsonObject) -> str:
    line = result["line"]
    assert isinstance(line, list)
    if result["win"]:
        head = f"forced win for the side to move: {' '.join(str(m) for m in line)}"
    else:
        head = "no forced win found by threat-space search"
    return f"{head}\nnodes: {result['nodes']}"


COMMANDS = {
    "tss": ExtraCommand(
        help="threat-space search (double threats, optional single threats) for a forced win",
        add_arguments=add_tss_arguments,
        run=run_tss,
        render=render_tss,
    )
}
