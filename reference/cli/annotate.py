"""``python -m reference annotate GAME [game options] (--moves "..." | --file F)``.

Replays game records (:mod:`reference.annotate`): the first illegal move of a record
is reported with its index and reason (stdout, and one line on stderr; exit status 2
at the end), every position is classified where a proof fits in ``--budget`` (nodes,
or seconds with an ``s`` suffix, per proof attempt), and mistakes are marked like a
chess annotator's: ``??`` (a result that was not a loss becomes a loss), ``?`` (a win
becomes a draw, or points are given away), ``!`` (the only winning move).  Text by
default; ``--json`` prints one JSON object per position (JSON lines), plus one
``{"game", "illegal"}`` object for a record with an illegal move.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from reference.annotate import DEFAULT_NODES, AnnotatedGame, annotate_game
from reference.cli.options import add_game_options, given_options
from reference.files import read_text_file
from reference.ranges import ArgType, FloatRange, IntRange
from reference.registry import GameSpec
from reference.search import Budget
from reference.search.context import MAX_TIME_LIMIT

HELP = "replay game records: check every move, prove values, flag mistakes (?, ??, !)"

EXAMPLES = """examples:
  python -m reference annotate mnk --m 3 --n 3 --k 3 --moves "b2 a2 a1 c3 b1"
  python -m reference annotate dots-and-boxes --rows 2 --cols 2 --file games.txt --json
  python -m reference annotate connect6 --size 15 --moves "h8 g7,i9 ..." --budget 2s
  python -m reference annotate mnk --m 15 --n 15 --k 5 --moves "h8 h9 ..."   (gomoku: VCF proofs)
"""


BUDGET_NODES = IntRange(1, 10**12)
"""``--budget`` in nodes per proof attempt."""
BUDGET_SECONDS = FloatRange(0.0, MAX_TIME_LIMIT, low_open=True)
"""``--budget`` in seconds (``2s``) per proof attempt."""
BUDGET_RANGE = f"nodes {BUDGET_NODES.text} or seconds {BUDGET_SECONDS.text}"
"""What ``--budget`` accepts (written in its help)."""

MAX_RECORD_BYTES = 16 << 20
"""Largest ``--file`` read, in bytes (our choice: some hundred thousand game records)."""


def parse_budget(text: str) -> Budget:
    """``"200000"`` (nodes) or ``"2s"`` / ``"0.5s"`` (seconds) per proof attempt.

    Digits are ASCII; a budget outside :data:`BUDGET_RANGE` is refused (by argparse,
    before any work).
    """
    stripped = text.strip().lower()
    if stripped.endswith("s") and stripped[:-1] == stripped[:-1].rstrip():
        return Budget(nodes=None, seconds=ArgType(BUDGET_SECONDS)(stripped[:-1]))
    return Budget(nodes=int(ArgType(BUDGET_NODES)(stripped)))


def add_parser(commands: Any, games: Sequence[tuple[str, str]], selected: GameSpec | None) -> None:
    """Register ``annotate GAME`` on the sub-parsers ``commands`` of the main parser.

    Every ``(name, help)`` of ``games`` is listed; only the ``selected`` game's parser
    gets its options (the command line imports one game only).
    """
    parser = commands.add_parser(
        "annotate",
        help=HELP,
        description=__doc__.split("\n\n")[1] if __doc__ else HELP,
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    subparsers = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    for name, game_help in games:
        game_parser = subparsers.add_parser(
            name, help=game_help, description=f"{HELP}: {game_help}", allow_abbrev=False
        )
        if selected is None or selected.name != name:
            continue
        spec = selected
        add_game_options(game_parser, spec)
        game_parser.add_argument("--position", help="the records start from this position")
        source = game_parser.add_mutually_exclusive_group(required=True)
        source.add_argument(
            "--moves", help=f'one record: space-separated moves, e.g. "{spec.moves_example}"'
        )
        source.add_argument(
            "--file",
            help="records, one game a line (blank lines and lines starting with # skipped)",
        )
        game_parser.add_argument(
            "--budget",
            type=parse_budget,
            default=Budget(nodes=DEFAULT_NODES),
            help=f"per proof attempt: nodes (default {DEFAULT_NODES}) or seconds, e.g. 2s; "
            f"allowed {BUDGET_RANGE}",
        )
        game_parser.add_argument("--json", action="store_true", help="one JSON object per position")
        game_parser.add_argument("--quiet", action="store_true", help="no progress on stderr")


def read_records(args: argparse.Namespace) -> list[list[str]]:
    """The records of ``--moves`` or ``--file`` (each a list of moves in notation)."""
    if args.moves is not None:
        return [args.moves.split()]
    lines = read_text_file(args.file, "--file", MAX_RECORD_BYTES).splitlines()
    return [line.split() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def position_objects(number: int, record: AnnotatedGame) -> list[dict[str, object]]:
    """The JSON objects of one annotated record (one per position, then the illegal move)."""
    objects: list[dict[str, object]] = []
    for p in record.positions:
        v = p.verdict
        objects.append(
            {
                "game": number,
                "ply": p.ply,
                "position": p.notation,
                "to_move": p.mover_name,
                "value": v.value,
                "proof": v.method,
                "best_moves": None if v.best_moves is None else list(v.best_moves),
                "line": list(v.line),
                "result": p.result,
                "move": p.move,
                "move_value": p.move_value,
                "mark": p.mark,
                "comment": p.comment,
                "refutation": list(p.refutation),
            }
        )
    if record.illegal is not None:
        objects.append(
            {
                "game": number,
                "illegal": {
                    "index": record.illegal.index,
                    "move": record.illegal.move,
                    "reason": record.illegal.reason,
                },
            }
        )
    return objects


def render(number: int, record: AnnotatedGame, counts_points: bool) -> str:
    """The text annotation of one record."""
    moves = len(record.positions) - 1
    lines = [f"game {number} ({moves} moves): {record.final}"]
    for p in record.positions:
        v = p.verdict
        if v.value is None:
            known = "unproven"
        elif counts_points:
            known = f"{v.value:+d} ({v.method})"
        else:
            known = f"{ {1: 'win', 0: 'draw', -1: 'loss'}[v.value] } ({v.method})"
        if p.move is None:
            lines.append(f"     end: {p.mover_name} to move, {known}")
            break
        played = f"{p.move}{p.mark}"
        text = f"{p.ply + 1:>4}. {p.mover_name} {played:<9} {known}"
        if p.comment:
            text += f"  {p.comment}"
        lines.append(text)
    if record.illegal is not None:
        i = record.illegal
        lines.append(f"  illegal move {i.index} ({i.move!r}): {i.reason}")
    marks = record.marks
    lines.append(f"  marks: ?? {marks['??']}, ? {marks['?']}, ! {marks['!']}")
    return "\n".join(lines)


def run(spec: GameSpec, args: argparse.Namespace) -> int:
    """Annotate every record; return 0, or 2 when some record has an illegal move."""
    options = given_options(spec, args)
    spec.game(options, args.position)  # a bad --position is refused even with no record
    records = read_records(args)
    status = 0
    for number, moves in enumerate(records, start=1):
        game = spec.game(options, args.position)

        def progress(ply: int, total: int, number: int = number) -> None:
            if not args.quiet:
                print(
                    f"annotate: game {number}, position {ply + 1}/{total}",
                    file=sys.stderr,
                    flush=True,
                )

        record = annotate_game(game, moves, args.budget, on_position=progress)
        if args.json:
            for obj in position_objects(number, record):
                print(json.dumps(obj))
        else:
            print(render(number, record, game.counts_points))
        if record.illegal is not None:
            i = record.illegal
            print(f"error: game {number}: move {i.index} ({i.move!r}): {i.reason}", file=sys.stderr)
            status = 2
    sys.stdout.flush()
    return status
