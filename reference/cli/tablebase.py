"""The tablebase command: build, probe and count endgame tables solved by retrograde analysis.

    python -m reference tablebase stats mnk --m 4 --n 3 --k 3 --json
    python -m reference tablebase probe mnk --m 3 --n 3 --k 3 --position "x../.o./... o"
    python -m reference tablebase build mnk --m 4 --n 3 --k 3 --out mnk-4x3x3.tb

A table holds every position of a small game (``docs/tablebases.md``): its value for the
side to move and its distance to the end in plies, the last move included.  ``probe``
and ``stats`` build the table in memory unless ``--table FILE`` gives one ``build`` wrote.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from reference.errors import ParameterError
from reference.ranges import IntRange, add_ranged_argument

DESCRIPTION = __doc__.split("\n\n", 1)[0] + (
    "\n\nEvery position of a small board, solved from the last move back "
    "(docs/tablebases.md).\n"
    "  build  write the table to --out FILE\n"
    "  probe  value, distance in plies and every move that keeps the value of --position\n"
    "  stats  positions, wins, losses, draws and the longest win (side to move)"
)
SIDE = IntRange(1, 12)
"""``--m`` / ``--n`` / ``--k``: at most 12 cells in all (checked when the table is built)."""
GAMES = ("mnk",)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``ACTION GAME`` and the board's options."""
    parser.add_argument("action", choices=("build", "probe", "stats"), help="what to do")
    parser.add_argument("game", choices=GAMES, help="the game (mnk: boards of up to 12 cells)")
    for name, what in (("--m", "columns"), ("--n", "rows"), ("--k", "stones in a row to win")):
        add_ranged_argument(parser, name, SIDE, f"{what} (default 3)", default=3)
    parser.add_argument("--position", help="probe: the position, in the game's notation")
    parser.add_argument("--table", metavar="FILE", help="probe / stats: read this table file")
    parser.add_argument("--out", metavar="FILE", help="build: write the table here")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")


def _table(args: argparse.Namespace) -> object:
    from reference.mnk.tablebase import build_table, load_table

    if args.table is not None:
        table = load_table(args.table)
        if (table.space.m, table.space.n, table.space.k) != (args.m, args.n, args.k):
            space = table.space
            raise ParameterError(
                f"{args.table} is the {space.m}x{space.n} board with k={space.k}; "
                f"asked for {args.m}x{args.n} with k={args.k}"
            )
        return table
    started = time.perf_counter()

    def progress(wave: int, found: int) -> None:
        if not args.quiet:
            seconds = time.perf_counter() - started
            print(f"wave {wave}: {found:,} positions decided ({seconds:.1f} s)", file=sys.stderr)

    return build_table(args.m, args.n, args.k, on_wave=progress)


def run(args: argparse.Namespace) -> int:
    """Run the action; 0 on success (bad input raises ``GameError``: exit 2)."""
    from reference.mnk.rules import MNKState
    from reference.mnk.tablebase import MNKTable

    if args.action == "build" and args.out is None:
        raise ParameterError("tablebase build needs --out FILE")
    if args.action == "probe" and args.position is None:
        raise ParameterError("tablebase probe needs --position P")
    state = None
    if args.position is not None:
        state = MNKState.from_notation(args.position, args.k, m=args.m, n=args.n)
    table = _table(args)
    assert isinstance(table, MNKTable)
    if args.action == "build":
        table.save(args.out)
        result: dict[str, object] = {"file": args.out, **table.stats()}
    elif args.action == "stats":
        result = dict(table.stats())
    else:
        assert state is not None
        probe = table.probe(state)
        result = {
            "position": state.to_notation(),
            "value": probe.outcome,
            "distance": probe.distance,
            "moves": list(probe.keeping),
            "fastest": list(probe.fastest),
        }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            shown = " ".join(value) if isinstance(value, list) else value
            print(f"{key}: {shown}")
    return 0
