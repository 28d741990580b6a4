"""The command line's view of Connect6: ``python -m reference <command> connect6``.

Seed 004.  Options: ``--size S`` (6..19, default 19, or the size written in
``--position``), ``--pair-width`` / ``--point-width`` (how many candidate pairs
the search tries, and from how many best single points they are formed) and
``--full-width`` (heuristic searches try every legal move instead of the
candidate pairs; ``perft``, ``solve`` and ``show`` always use every legal move).  Points are ``j10`` (``a1`` bottom left), moves ``j10`` or ``i9,k11``,
positions ``size/black points/white points`` (:mod:`reference.connect6.notation`).
The reported value of ``solve`` is the sign of the score (1 win, 0 draw, -1 loss).

Extra command: ``tss connect6 --size S (--position P | --moves M) [--depth D]
[--single-threats N] --json`` prints ``{"win": bool, "line": [...], "nodes": n}``:
the threat-space search of :mod:`reference.connect6.tss` for the side to move.
"""

from __future__ import annotations

import argparse

from reference.cli.options import IntRange, ranged_help
from reference.cli.spec import (
    ExtraCommand,
    GameSpec,
    JsonObject,
    game_from_args,
)
from reference.connect6.board import PAIR_WIDTH, POINT_WIDTH, Connect6
from reference.connect6.geometry import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, check_size
from reference.connect6.notation import parse_position
from reference.connect6.tss import TSS_MAX_DEPTH, TSS_SINGLE_THREATS, threat_space_search
from reference.errors import GameError, ParameterError

MOVES_EXAMPLE = "j10 i9,k11"

SIZE = IntRange(MIN_SIZE, MAX_SIZE)
"""``--size``: a road of six must fit; one column letter per column."""
PAIR_WIDTH_RANGE = IntRange(1, 100_000)
"""``--pair-width``: a 19 x 19 board has at most 64,980 pairs, so any larger width is all of them."""
POINT_WIDTH_RANGE = IntRange(2, MAX_SIZE * MAX_SIZE)
"""``--point-width``: two points make a pair; a board has at most 361 points."""
TSS_DEPTH = IntRange(1, 200)
"""``tss --depth``: attacker moves; each places a stone, so 181 fill a 19 x 19 board."""
SINGLE_THREATS = IntRange(0, 200)
"""``tss --single-threats``: per line, so at most the depth matters."""


def add_size_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--size",
        type=SIZE,
        help=ranged_help(f"board size (default {DEFAULT_SIZE}, or --position's)", SIZE),
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game parameters of every connect6 command."""
    add_size_argument(parser)
    parser.add_argument(
        "--pair-width",
        type=PAIR_WIDTH_RANGE,
        default=PAIR_WIDTH,
        help=ranged_help(
            f"candidate pairs tried per position (default {PAIR_WIDTH})", PAIR_WIDTH_RANGE
        ),
    )
    parser.add_argument(
        "--point-width",
        type=POINT_WIDTH_RANGE,
        default=POINT_WIDTH,
        help=ranged_help(
            f"best single points combined into pairs (default {POINT_WIDTH})", POINT_WIDTH_RANGE
        ),
    )
    parser.add_argument(
        "--full-width",
        action="store_true",
        help="bestmove / play search every legal move, not only candidate pairs "
        "(perft, solve and show always use every legal move)",
    )


def new_game(args: argparse.Namespace, position: str | None) -> Connect6:
    """Build the game from ``--size`` and ``--position`` (their sizes must agree)."""
    size = getattr(args, "size", None)
    pair_width = int(getattr(args, "pair_width", PAIR_WIDTH))
    point_width = int(getattr(args, "point_width", POINT_WIDTH))
    if position is not None:
        parsed = parse_position(position)
        if size is not None and size != parsed.size:
            raise ParameterError(f"--size {size} disagrees with the position's size {parsed.size}")
        game = Connect6(position=parsed, pair_width=pair_width, point_width=point_width)
    else:
        game = Connect6(
            check_size(DEFAULT_SIZE if size is None else size),
            pair_width=pair_width,
            point_width=point_width,
        )
    game.full_width = bool(getattr(args, "full_width", False))
    return game



# ------------------------------------------------------------------ tss connect6
def add_tss_arguments(parser: argparse.ArgumentParser) -> None:
    add_size_argument(parser)
    parser.add_argument("--position", help="start from this position, e.g. '19/j10/i9,k11'")
    parser.add_argument("--moves", help='space-separated moves played first, e.g. "j10 i9,k11"')
    parser.add_argument(
        "--depth",
        type=TSS_DEPTH,
        default=TSS_MAX_DEPTH,
        help=ranged_help(
            f"attacker moves, the winning one included (default {TSS_MAX_DEPTH})", TSS_DEPTH
        ),
    )
    parser.add_argument(
        "--single-threats",
        type=SINGLE_THREATS,
        default=TSS_SINGLE_THREATS,
        help=ranged_help(
            "single-threat moves allowed per line (default "
            f"{TSS_SINGLE_THREATS}: double threats only; slow on big boards)",
            SINGLE_THREATS,
        ),
    )


def build_game(args: argparse.Namespace) -> Connect6:
    """``--position`` (or the empty board) then ``--moves``, each checked."""
    return game_from_args(new_game, args)


def run_tss(args: argparse.Namespace) -> JsonObject:
    """``tss connect6``: threat-space search for the side to move."""
    game = build_game(args)
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


SPEC = GameSpec(
    moves_example=MOVES_EXAMPLE,
    name="connect6",
    help="Connect6 (seed 004): S x S board, black opens with one stone, then two per move",
    add_arguments=add_arguments,
    new_game=new_game,
    extra_commands={
        "tss": ExtraCommand(
            help="threat-space search (double threats, optional single threats) for a forced win",
            add_arguments=add_tss_arguments,
            run=run_tss,
            render=render_tss,
        )
    },
)
