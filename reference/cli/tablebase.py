"""The tablebase command: build, probe and count endgame tables solved by retrograde analysis.

    python -m reference tablebase stats dou-shou-qi --rules thesis --pieces "A: E / B: M" --json
    python -m reference tablebase probe dou-shou-qi --position "A: Lg1 / B: Mg7 Ea9 / A"
    python -m reference tablebase build dou-shou-qi --max-pieces 3 --workers 2 --out tables/
    python -m reference tablebase stats mnk --m 4 --n 3 --k 3 --json
    python -m reference tablebase probe dots-and-boxes --rows 3 --cols 3 --position 3x3:0x0:0:0:0

A table holds every position of a small game (docs/tablebases.md): its value for the
side to move and its distance to the end in plies, the last move included.  ``probe``
and ``stats`` build the tables they need in memory unless ``--table FILE`` gives one
``build`` wrote.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable

from reference.errors import ParameterError
from reference.ranges import IntRange, add_ranged_argument
from reference.search.retrograde import Probe

DESCRIPTION = (
    "Build, probe and count endgame tables: every position of a small game solved from "
    "the last move back (docs/tablebases.md).\n"
    "  build  write the table of --pieces (or of every set up to --max-pieces, into the\n"
    "         folder --out) / of the --m x --n board to --out FILE\n"
    "  probe  value, distance in plies and every move that keeps the value of --position\n"
    "  stats  positions, wins, losses, draws and the longest win, side A (or x) to move"
)
SIDE = IntRange(1, 12)
"""``--m`` / ``--n`` / ``--k``: at most 12 cells in all (checked when the table is built)."""
PIECES = IntRange(2, 4)
WORKERS = IntRange(1, 64)
GAMES = ("dou-shou-qi", "mnk", "dots-and-boxes")
BOXES = IntRange(1, 3)
Emit = Callable[[dict[str, object]], None]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``ACTION GAME`` and the options of both games."""
    parser.add_argument("action", choices=("build", "probe", "stats"), help="what to do")
    parser.add_argument("game", choices=GAMES, help="the game")
    parser.add_argument("--position", help="probe: the position, in the game's notation")
    parser.add_argument("--table", metavar="FILE", help="probe / stats: read this table file")
    parser.add_argument("--out", metavar="PATH", help="build: the file (or, with --max-pieces, the folder)")
    parser.add_argument("--json", action="store_true", help="JSON on stdout (one object per line)")
    parser.add_argument("--quiet", action="store_true", help="no progress on stderr")
    parser.add_argument(
        "--rules",
        choices=("thesis", "standard", "vanrijn"),
        default="thesis",
        help="dou-shou-qi: the rule set (default thesis; vanrijn: van Rijn and Vis's tables)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="build --max-pieces: share the sets out over a Dask cluster (the distributed extra)",
    )
    parser.add_argument("--pieces", metavar="SET", help='the material set, e.g. "A: E / B: M"')
    add_ranged_argument(parser, "--max-pieces", PIECES, "build: every set of 2 to N pieces")
    add_ranged_argument(parser, "--workers", WORKERS, "build: processes sharing the sets (default 1)", default=1)
    for name, what in (("--rows", "dots-and-boxes: rows of boxes"), ("--cols", "dots-and-boxes: columns of boxes")):
        add_ranged_argument(parser, name, BOXES, f"{what} (default 2; 24 lines at most)", default=2)
    for name, what in (("--m", "columns"), ("--n", "rows"), ("--k", "stones in a row to win")):
        add_ranged_argument(parser, name, SIDE, f"{what} (default 3)", default=3)


def run(args: argparse.Namespace) -> int:
    """Run the action; 0 on success (bad input raises ``GameError``: exit 2)."""
    if args.action == "build" and args.out is None:
        raise ParameterError("tablebase build needs --out PATH")
    if args.action == "probe" and args.position is None:
        raise ParameterError("tablebase probe needs --position P")

    def emit(result: dict[str, object]) -> None:
        if args.json:
            print(json.dumps(result), flush=True)
            return
        for key, value in result.items():
            shown = " ".join(str(v) for v in value) if isinstance(value, list) else value
            print(f"{key}: {shown}")
        print(flush=True)

    if args.game == "mnk":
        _run_mnk(args, emit)
    elif args.game == "dots-and-boxes":
        _run_dots_and_boxes(args, emit)
    else:
        _run_dou_shou_qi(args, emit)
    return 0


def _progress(args: argparse.Namespace) -> Callable[[str], None]:
    started = time.perf_counter()

    def say(text: str) -> None:
        if not args.quiet:
            print(f"[{time.perf_counter() - started:7.1f} s] {text}", file=sys.stderr, flush=True)

    return say


def _probe_result(position: str, probe: Probe) -> dict[str, object]:
    return {
        "position": position,
        "value": probe.outcome,
        "distance": probe.distance,
        "moves": list(probe.keeping),
        "fastest": list(probe.fastest),
    }


# ------------------------------------------------------------------ Dou Shou Qi
def _run_dou_shou_qi(args: argparse.Namespace, emit: Emit) -> None:
    from reference.dou_shou_qi.rules import DouShouQi
    from reference.dou_shou_qi.tablebase import (
        Material,
        TableSet,
        build_sets,
        file_name,
        material_sets,
    )

    say = _progress(args)
    tables = TableSet(args.rules)
    if args.table is not None:
        loaded = tables.load(args.table)
        say(f"read {args.table}: {loaded.space.material.text()}")
    if args.action == "build" and args.max_pieces is not None:
        if args.pieces is not None:
            raise ParameterError("give --pieces or --max-pieces, not both")
        os.makedirs(args.out, exist_ok=True)
        materials = material_sets(args.max_pieces)
        done = 0

        def saved(material: Material, table: object) -> None:
            nonlocal done
            done += 1
            path = os.path.join(args.out, file_name(args.rules, material))
            tables.save(material, path)
            positions = tables.table(material).table.counts()["positions"]
            say(f"{done}/{len(materials)} {material.text()}: {positions:,} positions -> {path}")

        if args.dask is None:
            build_sets(tables, materials, workers=args.workers, on_set=saved)
        else:
            from reference.api import dask_executor

            with dask_executor(args.dask) as (executor, _):
                build_sets(tables, materials, executor=executor, on_set=saved)
        emit({"rules": args.rules, "sets": len(materials), "folder": args.out})
        return
    if args.action == "probe":
        game = DouShouQi.from_notation(args.position, draw_limit=None, rules=args.rules)
        emit(_probe_result(game.to_notation(), tables.probe(game)))
        return
    if args.pieces is None:
        raise ParameterError(f"tablebase {args.action} dou-shou-qi needs --pieces SET (or --max-pieces)")
    material = Material.parse(args.pieces)
    if material not in tables.tables:
        say(f"building {material.text()} ({args.rules} rules) and the smaller sets it needs")
    table = tables.table(material, on_wave=lambda w, n: say(f"wave {w}: {n:,} positions"))
    if args.action == "build":
        tables.save(material, args.out)
        emit({"file": args.out, "pieces": material.text(), **table.stats()})
    else:
        emit(dict(table.stats()))


# ------------------------------------------------------------------ (M,N,K)
def _run_mnk(args: argparse.Namespace, emit: Emit) -> None:
    from reference.mnk.rules import MNKState
    from reference.mnk.tablebase import build_table, load_table

    say = _progress(args)
    state = None
    if args.position is not None:
        state = MNKState.from_notation(args.position, args.k, m=args.m, n=args.n)
    if args.table is not None:
        table = load_table(args.table)
        space = table.space
        if (space.m, space.n, space.k) != (args.m, args.n, args.k):
            raise ParameterError(
                f"{args.table} is the {space.m}x{space.n} board with k={space.k}; "
                f"asked for {args.m}x{args.n} with k={args.k}"
            )
    else:
        table = build_table(
            args.m, args.n, args.k, on_wave=lambda w, n: say(f"wave {w}: {n:,} positions")
        )
    if args.action == "build":
        table.save(args.out)
        emit({"file": args.out, **table.stats()})
    elif args.action == "stats":
        emit(dict(table.stats()))
    else:
        assert state is not None
        emit(_probe_result(state.to_notation(), table.probe(state)))


# ------------------------------------------------------------------ Dots and Boxes
def _run_dots_and_boxes(args: argparse.Namespace, emit: Emit) -> None:
    from reference.dots_and_boxes.backward import backward_values, load_table, save_table
    from reference.dots_and_boxes.rules import DotsAndBoxes

    say = _progress(args)
    game = None
    if args.position is not None:
        game = DotsAndBoxes.from_notation(args.position)
        if (game.rows, game.cols) != (args.rows, args.cols):
            raise ParameterError(
                f"the position is {game.rows}x{game.cols}; the table --rows {args.rows} "
                f"--cols {args.cols}"
            )
    if args.table is not None:
        table = load_table(args.table)
        if (table.rows, table.cols) != (args.rows, args.cols):
            raise ParameterError(
                f"{args.table} is the {table.rows}x{table.cols} board; "
                f"asked for {args.rows}x{args.cols}"
            )
    else:
        say(f"working backwards over every line set of the {args.rows}x{args.cols} board")
        table = backward_values(
            args.rows,
            args.cols,
            on_block=lambda done, total: say(f"block {done}/{total}") if done % 256 == 0 else None,
        )
    if args.action == "probe":
        assert game is not None
        emit(
            {
                "position": game.to_notation(),
                "value": table.value(game.edges),
                "moves": [game.format_move(e) for e in table.best_moves(game.edges)],
            }
        )
        return
    counts: dict[int, int] = {}
    for byte in table.values:
        counts[byte - table.offset] = counts.get(byte - table.offset, 0) + 1
    result: dict[str, object] = {
        "positions": len(table.values),
        "empty_board": table.value(0),
        "values": {str(v): counts[v] for v in sorted(counts)},
    }
    if args.action == "build":
        save_table(table, args.out)
        result = {"file": args.out, **result}
    emit(result)
