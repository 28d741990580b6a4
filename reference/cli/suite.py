"""``python -m reference suite GAME``: write a test suite, one JSON line per position.

Positions come from seeded random play (as ``check`` draws them), from the start or
from ``--position``; each line holds
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
    draw_starts,
    given_options,
)
from reference.errors import ParameterError
from reference.oracle.positions import replay
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
        f"perft counts at depths 1..D, divide at D (default: the game's, {DEFAULT_DEPTH} but "
        "Connect6 1)",
    )
    add_random_play_arguments(parser)
    parser.add_argument(
        "--position",
        help="draw the positions by random play from this position (the game's notation), "
        "not from the start; each line then has a 'start' key",
    )
    add_ranged_argument(
        parser,
        "--budget",
        NODE_BUDGET,
        "nodes the reference may spend solving one position (default: the game's, see "
        "docs/oracle.md); over it, value and best_moves are null, and the count is reported",
    )
    parser.add_argument("--output", metavar="FILE", help="write to FILE instead of stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress output on stderr")
    parser.add_argument(
        "--tablebase",
        metavar="SET",
        help='dou-shou-qi: a table suite of positions drawn from the endgame table of SET, e.g. '
        '"A: W / B: D" (values and best moves from the table; read back by check --tablebase FILE)',
    )


def write_suite(spec: GameSpec, args: argparse.Namespace, out: IO[str]) -> int:
    """Write the suite's lines to ``out``; return how many."""
    if args.tablebase is not None:
        from reference.cli import check_tablebase

        if args.position is not None:
            raise ParameterError("give --tablebase or --position, not both")
        if args.sample != "walk":
            raise ParameterError("--tablebase draws from the table: give it without --sample")
        return check_tablebase.write_suite(spec, args, given_options(spec, args), out)
    check_random_play(args)
    options = given_options(spec, args)
    start = args.position
    draws = draw_starts(spec, options, start, args)
    depth = spec.depth if args.depth is None else args.depth
    unsolved = {"value not tried": 0, "over budget": 0}
    for index, (origin, moves) in enumerate(draws, start=1):
        budget = args.budget
        if budget is None:  # the game's default for this position (it may depend on the plies left)
            budget = spec.budget_for(replay(game_factory(spec, options, origin), moves))
        line = suite_line(spec, options, moves, depth=depth, budget=budget, start=origin)
        out.write(json.dumps(line) + "\n")
        out.flush()
        solved = "solved"
        if line["value"] is None:
            solved = "value not tried" if budget == 0 else "over budget"
            unsolved[solved] += 1
        if not args.quiet:
            print(f"suite: {index}/{len(draws)} ({solved})", file=sys.stderr, flush=True)
    over = sum(unsolved.values())
    if over:
        whys = []
        if unsolved["value not tried"]:
            whys.append(f"{unsolved['value not tried']} not tried (the game's default budget is 0 for such positions; give --budget)")
        if unsolved["over budget"]:
            limit = "the game's default" if args.budget is None else f"{args.budget:,}"
            whys.append(f"{unsolved['over budget']} over the node budget ({limit}; --budget raises it)")
        why = ", ".join(whys)
        print(
            f"suite: {over} of {len(draws)} positions without a value: {why}",
            file=sys.stderr,
            flush=True,
        )
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
