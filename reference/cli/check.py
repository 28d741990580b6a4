"""``python -m reference check GAME``: differential testing of an external engine.

The engine (``--engine "CMD ARGS"``, started once) answers the line protocol of
:mod:`reference.oracle.engine`; positions come from seeded random play
(``--positions --seed --min-moves --max-moves``), from ``--moves`` (that one
position) or from a suite file (``--suite``: the reference's answers are read,
not recomputed).  The first disagreement is walked down to where it starts
(:mod:`reference.oracle.compare`) and reported with a command that reproduces it.

Exit status: 0 every position agrees, 1 a disagreement or an engine fault (crash,
timeout, a line that is not the protocol), 2 bad input.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reference.cli.options import (
    DEPTH,
    NODE_BUDGET,
    SECONDS,
    add_draw_arguments,
    add_output_arguments,
    add_random_play_arguments,
    check_random_play,
    draw_positions,
    given_options,
    options_to_argv,
)
from reference.errors import ParameterError
from reference.oracle.compare import Finding, compare_perft, compare_value
from reference.oracle.engine import DEFAULT_TIMEOUT, Engine, EngineFault, request_line
from reference.oracle.positions import DEFAULT_BUDGET, replay
from reference.oracle.suite import SuiteEntry, game_factory, read_suite
from reference.ranges import add_ranged_argument
from reference.registry import GameSpec, JsonObject
from reference.search.protocol import PlayableGame

AnyGame = PlayableGame[Any]

DEFAULT_POSITIONS = 100
DEFAULT_DEPTH = 2

WHAT = ("perft", "value")


EPILOG = """the engine reads requests on stdin and answers on stdout (moves in this package's notation;
MOVES are the moves from the start):
  -> perft D MOVES...    <- MOVE COUNT (one line per legal move)   <- total N
  -> value MOVES...      <- value V   (exact, for the side to move, as `solve` reports it)
  -> quit
exit status: 0 all agree, 1 a disagreement or an engine fault (crash, timeout, garbage), 2 bad input.
the protocol, the descent and worked examples for every game: docs/oracle.md
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``check`` (after the game's own)."""
    parser.epilog = EPILOG
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument(
        "--engine",
        required=True,
        metavar='"CMD ARGS"',
        help="the engine's command line, split as a shell would (it carries its own game options)",
    )
    parser.add_argument(
        "--what", choices=WHAT, default="perft", help="what to compare (default perft)"
    )
    add_ranged_argument(
        parser,
        "--depth",
        DEPTH,
        f"perft depth (default {DEFAULT_DEPTH}; with --suite, the suite's)",
    )
    add_draw_arguments(parser, "random positions to check", DEFAULT_POSITIONS)
    add_random_play_arguments(parser)
    parser.add_argument(
        "--moves",
        help='check only the position these moves reach from the start, e.g. "b2 a1" ("" = the start)',
    )
    parser.add_argument(
        "--suite",
        metavar="FILE",
        help="check the positions of a suite file against its answers (written by `suite`)",
    )
    add_ranged_argument(
        parser,
        "--timeout",
        SECONDS,
        f"seconds the engine may take per answer (default {DEFAULT_TIMEOUT:g})",
        default=DEFAULT_TIMEOUT,
    )
    add_ranged_argument(
        parser,
        "--budget",
        NODE_BUDGET,
        "value: nodes the reference may spend per position; a position over it is skipped "
        f"(default {DEFAULT_BUDGET:,}, checked every 262,144)",
        default=DEFAULT_BUDGET,
    )
    add_output_arguments(parser)


@dataclass(frozen=True, slots=True)
class Case:
    """One position to check, and what the reference already knows of it (from a suite)."""

    moves: tuple[str, ...]
    options: JsonObject
    new_game: Callable[[], AnyGame]
    depth: int
    perft: tuple[int, ...] | None = None
    divide: dict[str, int] | None = None
    value: int | None = None
    known_value: bool = False
    suite_line: int | None = None


def build_cases(spec: GameSpec, args: argparse.Namespace) -> list[Case]:
    """The positions to check, from the options, ``--moves`` or ``--suite``."""
    cli_options = given_options(spec, args)
    if args.suite is not None:
        if args.moves is not None:
            raise ParameterError("give --suite or --moves, not both")
        return suite_cases(spec, args, cli_options)
    check_random_play(args)
    new_game = game_factory(spec, cli_options)
    depth = DEFAULT_DEPTH if args.depth is None else args.depth
    if args.moves is not None:
        moves = tuple(args.moves.split())
        replay(new_game, moves)  # an illegal move is bad input, reported now
        return [Case(moves, cli_options, new_game, depth)]
    return [Case(moves, cli_options, new_game, depth) for moves in draw_positions(new_game, args)]


def suite_cases(spec: GameSpec, args: argparse.Namespace, cli_options: JsonObject) -> list[Case]:
    try:
        with open(args.suite, encoding="utf-8") as handle:
            entries: list[SuiteEntry] = list(read_suite(handle, beside=Path(args.suite).parent))
    except OSError as error:
        raise ParameterError(f"cannot read the suite {args.suite!r}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ParameterError(f"the suite {args.suite!r} is not UTF-8 text") from None
    if not entries:
        raise ParameterError(f"the suite {args.suite!r} has no line")
    factories: dict[str, Callable[[], AnyGame]] = {}
    cases: list[Case] = []
    for entry in entries:
        where = f"suite line {entry.line_number}"
        if entry.game != spec.name:
            raise ParameterError(f"{where} is a {entry.game!r} position, not {spec.name!r}")
        if cli_options and cli_options != entry.options:
            raise ParameterError(
                f"{where}: the suite's options {entry.options} differ from the command line's "
                f"{cli_options} (with --suite, give no game options)"
            )
        if args.depth is not None and args.depth > entry.depth:
            raise ParameterError(f"{where} has perft counts to depth {entry.depth} only")
        key = json.dumps(entry.options, sort_keys=True)
        if key not in factories:
            factories[key] = game_factory(spec, entry.options)
        new_game = factories[key]
        try:
            replay(new_game, entry.moves)
        except ParameterError:
            raise
        except ValueError as error:
            raise type(error)(f"{where}: {error}") from None
        depth = entry.depth if args.depth is None else args.depth
        cases.append(
            Case(
                entry.moves,
                entry.options,
                new_game,
                depth,
                perft=entry.perft,
                divide=entry.divide if depth == entry.depth else None,
                value=entry.value,
                known_value=entry.value is not None,
                suite_line=entry.line_number,
            )
        )
    return cases


# ---------------------------------------------------------------------------
# running


def check_case(case: Case, engine: Engine, what: str, budget: int) -> Finding | str | None:
    """Compare one position: ``None`` agree, a finding, or ``OVER_BUDGET`` / ``"no value"``."""
    if what == "perft":
        if case.perft is not None:  # a suite: the shallower totals first, then the divide
            for depth in range(1, case.depth):
                if engine.perft(case.moves, depth).total != case.perft[depth - 1]:
                    return compare_perft(case.new_game, engine, case.moves, depth)
            if case.divide is None:
                if engine.perft(case.moves, case.depth).total == case.perft[case.depth - 1]:
                    return None
                return compare_perft(case.new_game, engine, case.moves, case.depth)
        return compare_perft(case.new_game, engine, case.moves, case.depth, expected=case.divide)
    if case.suite_line is not None and not case.known_value:
        return "no value"
    return compare_value(
        case.new_game,
        engine,
        case.moves,
        expected=case.value if case.known_value else None,
        budget=budget,
    )


def reproduce_command(
    spec: GameSpec,
    args: argparse.Namespace,
    options: JsonObject,
    moves: Sequence[str],
    depth: int | None,
) -> str:
    """The command that checks exactly this position again."""
    argv = ["python", "-m", "reference", "check", spec.name, *options_to_argv(spec, options)]
    argv += ["--engine", args.engine, "--what", args.what]
    if depth is not None:
        argv += ["--depth", str(depth)]
    argv += ["--moves", " ".join(moves)]
    return shlex.join(argv)


def run(spec: GameSpec, args: argparse.Namespace) -> int:
    """``check``: the exit status (0 agree, 1 disagreement or engine fault); bad input raises."""
    try:
        command = shlex.split(args.engine)
    except ValueError as error:
        raise ParameterError(f"--engine: {error}") from None
    cases = build_cases(spec, args)
    out = report_head(spec, args, cases)
    with Engine(command, timeout=args.timeout) as engine:
        finding, current = check_cases(cases, engine, args, out)
    if finding is None and out["fault"] is None and out["checked"] == 0:
        raise ParameterError(f"no position was compared: every one {_why_none(args)}")
    if finding is not None and current is not None:
        depth = finding.depth if finding.what == "perft" else None
        out["finding"] = finding.to_json()
        out["reproduce"] = reproduce_command(spec, args, current.options, finding.moves, depth)
        out["request"] = request_line(finding.what, finding.moves, depth)
    elif out["fault"] is None:
        out["agree"] = True
        out["index"] = None
    print(json.dumps(out) if args.json else render(out, current))
    return 0 if out["agree"] else 1


def report_head(spec: GameSpec, args: argparse.Namespace, cases: Sequence[Case]) -> JsonObject:
    """The report of ``check`` before any position is compared (``--json`` prints it filled)."""
    if args.suite is not None:
        source = f"suite {args.suite}"
    elif args.moves is not None:
        source = "--moves"
    else:
        source = f"seed {args.seed}, {args.min_moves}..{args.max_moves} random moves"
    return {
        "game": spec.name,
        "options": cases[0].options,
        "what": args.what,
        "depth": cases[0].depth if args.what == "perft" else None,
        "source": source,
        "positions": len(cases),
        "checked": 0,
        "skipped": 0,
        "agree": False,
        "finding": None,
        "fault": None,
        "index": None,
        "reproduce": None,
        "request": None,
    }


def check_cases(
    cases: Sequence[Case], engine: Engine, args: argparse.Namespace, out: JsonObject
) -> tuple[Finding | None, Case | None]:
    """Compare ``cases`` in order until the first finding or engine fault; count into ``out``
    (``checked``, ``skipped``, ``index``, ``fault``).  The finding and the case it is in."""
    checked = skipped = 0
    current: Case | None = None
    try:
        for index, case in enumerate(cases, start=1):
            current = case
            out["index"] = index
            result = check_case(case, engine, args.what, args.budget)
            if isinstance(result, Finding):
                return result, current
            if result is None:
                checked += 1
            else:
                skipped += 1
            out["checked"], out["skipped"] = checked, skipped
            if not args.quiet and (index % 50 == 0 or index == len(cases)):
                print(
                    f"check: {index}/{len(cases)} positions: {checked} agree, {skipped} skipped",
                    file=sys.stderr,
                    flush=True,
                )
    except EngineFault as fault:
        out["fault"] = {"kind": fault.kind, "message": fault.message, "request": fault.request}
    return None, current


def _why_none(args: argparse.Namespace) -> str:
    """Why no position was compared, and what to do."""
    if args.suite is not None:
        return "had no value in the suite (write it with a larger --budget)"
    return "was over the --budget (raise it, or use --min-moves for positions nearer the end)"


def _answer_text(answer: object) -> str:
    if isinstance(answer, dict) and "divide" in answer:
        divide = answer["divide"]
        assert isinstance(divide, dict)
        listed = ", ".join(f"{move} {count}" for move, count in divide.items())
        return f"total {answer['total']}" + (f": {listed}" if listed else " (no move)")
    return str(answer)


def render(out: JsonObject, case: Case | None) -> str:
    """The text report of ``check``."""
    depth = "" if out["depth"] is None else f" (depth {out['depth']})"
    head = f"check {out['game']} {out['what']}{depth}: {out['positions']} position{'' if out['positions'] == 1 else 's'} ({out['source']})"
    if out["agree"]:
        skipped = f", {out['skipped']} skipped (over budget or no value)" if out["skipped"] else ""
        return f"{head}\nall agree: {out['checked']} checked{skipped}"
    lines = [head]
    where = f"position {out['index']} of {out['positions']}"
    if case is not None and case.suite_line is not None:
        where += f" (suite line {case.suite_line})"
    fault = out["fault"]
    if isinstance(fault, dict):
        lines.append(f"ENGINE FAULT at {where}: {fault['kind']}: {fault['message']}")
        lines.append(f"  request: {fault['request']}")
        return "\n".join(lines)
    finding = out["finding"]
    assert isinstance(finding, dict)
    lines.append(f"DISAGREEMENT at {where}")
    if case is not None:
        lines.append(f"  checked:   after {' '.join(case.moves) or '(the start)'}")
    trail = finding["trail"]
    assert isinstance(trail, list)
    for step in trail:
        lines.append(
            f"  descent:   after {' '.join(step['moves']) or '(the start)'}: perft {step['depth']} "
            f"below {step['move']}: engine {step['engine']}, reference {step['reference']}"
        )
    moves = finding["moves"]
    assert isinstance(moves, list)
    lines.append(f"  found:     {finding['summary']}")
    lines.append(f"  moves:     {' '.join(moves) or '(none: the start)'}")
    lines.append(f"  position:  {finding['position']}")
    children = finding["children"]
    assert isinstance(children, list)
    for child in children:
        turn = "the mover again" if child["turn_kept"] else "the turn passes"
        lines.append(
            f"  after {child['move']}: {child['points']} points, {turn}, value there "
            f"{child['value']}, so {child['through']} here"
        )
    lines.append(f"  reference: {_answer_text(finding['reference'])}")
    lines.append(f"  engine:    {_answer_text(finding['engine'])}")
    lines.append(f"  reproduce: {out['reproduce']}")
    lines.append(f"  engine request: {out['request']}")
    return "\n".join(lines)


__all__ = ["add_arguments", "run"]
