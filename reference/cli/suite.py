"""``python -m reference suite GAME``: write a test suite, one JSON line per position.

Positions come from seeded random play (as ``check`` draws them); each line holds
the moves, the position's notation, perft counts to ``--depth`` with the divide at
the last depth, and the exact value with every optimal move when the reference
solves the position within ``--budget`` nodes (``null`` otherwise).  The format
is in :mod:`reference.oracle.suite` and ``docs/oracle.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO

from reference.cli.options import (
    DEPTH,
    NODE_BUDGET,
    add_draw_arguments,
    add_random_play_arguments,
    check_random_play,
    draw_positions,
    given_options,
)
from reference.errors import ParameterError
from reference.oracle.positions import DEFAULT_BUDGET
from reference.oracle.suite import game_factory, suite_line
from reference.ranges import add_ranged_argument
from reference.registry import GameSpec

DEFAULT_POSITIONS = 20
DEFAULT_DEPTH = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``suite`` (after the game's own)."""
    add_draw_arguments(parser, "distinct random positions", DEFAULT_POSITIONS)
    add_ranged_argument(
        parser,
        "--depth",
        DEPTH,
        f"perft counts at depths 1..D, divide at D (default {DEFAULT_DEPTH})",
        default=DEFAULT_DEPTH,
    )
    add_random_play_arguments(parser)
    add_ranged_argument(
        parser,
        "--budget",
        NODE_BUDGET,
        f"nodes the reference may spend solving one position (default {DEFAULT_BUDGET:,}, "
        "checked every 262,144); over it, value and best_moves are null",
        default=DEFAULT_BUDGET,
    )
    parser.add_argument("--output", metavar="FILE", help="write to FILE instead of stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress output on stderr")


def write_suite(spec: GameSpec, args: argparse.Namespace, out: IO[str]) -> int:
    """Write the suite's lines to ``out``; return how many."""
    check_random_play(args)
    options = given_options(spec, args)
    draws = draw_positions(game_factory(spec, options), args)
    for index, moves in enumerate(draws, start=1):
        line = suite_line(spec, options, moves, depth=args.depth, budget=args.budget)
        out.write(json.dumps(line) + "\n")
        out.flush()
        if not args.quiet:
            solved = "solved" if line["value"] is not None else "over budget"
            print(f"suite: {index}/{len(draws)} ({solved})", file=sys.stderr, flush=True)
    return len(draws)


def run(spec: GameSpec, args: argparse.Namespace) -> int:
    """``suite``: exit status 0 (bad input raises)."""
    if args.output is None:
        write_suite(spec, args, sys.stdout)
        return 0
    try:
        handle = open(args.output, "w", encoding="utf-8")  # noqa: SIM115 (closed below)
    except OSError as error:
        raise ParameterError(f"cannot write {args.output!r}: {error.strerror}") from None
    with handle:
        write_suite(spec, args, handle)
    return 0


__all__ = ["add_arguments", "run", "write_suite"]
