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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from reference.cli.options import (
    DEPTH,
    NODE_BUDGET,
    SECONDS,
    add_draw_arguments,
    add_game_options,
    add_output_arguments,
    add_random_play_arguments,
    check_random_play,
    draw_starts,
    given_options,
    options_to_argv,
)
from reference.errors import ParameterError
from reference.oracle.compare import (
    OVER_BUDGET,
    Finding,
    Peer,
    compare_perft,
    compare_value,
    match_moves,
    shorten,
    with_why,
)
from reference.oracle.corners import blind_to_rule_sets, corner_positions
from reference.oracle.engine import (
    DEFAULT_TIMEOUT,
    STARTUP_TIMEOUT,
    Engine,
    EngineFault,
    PerftAnswer,
    request_line,
)
from reference.oracle.positions import replay
from reference.oracle.suite import SuiteEntry, game_factory, read_suite
from reference.ranges import add_ranged_argument
from reference.registry import GameSpec, JsonObject, explainer_for
from reference.search.protocol import PlayableGame

AnyGame = PlayableGame[Any]

CHECK_SCHEMA_VERSION = 1
"""The version of ``check --json``'s report (``reference/oracle/schema/check.json``)."""

DEFAULT_POSITIONS = 100
DEFAULT_DEPTH = 2

WHAT = ("perft", "value")


EPILOG = """the engine reads requests on stdin and answers on stdout (moves in this package's notation;
MOVES are the moves from the start; ID the request's number, echoed at the start of every answer line):
  -> protocol 2 GAME NAME=VALUE...   <- protocol 2 GAME NAME=VALUE... [position]
  -> ID perft D MOVES...    <- ID MOVE COUNT (one line per legal move)   <- ID total N
  -> ID value MOVES...      <- ID value V   (exact, for the side to move, as `solve` reports it)
  (with `position`: ID perft D position NOTATION, ID value position NOTATION)
  -> quit
an engine that does not answer the handshake speaks protocol 1 (no ids; it is restarted if
the handshake killed it).
exit status: 0 all agree, 1 a disagreement or an engine fault (crash, timeout, missing, garbage,
stray line, other game options), 2 bad input.
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
        f"perft depth (default: the game's, {DEFAULT_DEPTH} but Connect6 1; with --suite, the suite's)",
    )
    add_draw_arguments(
        parser, "random positions to check; the game's default: Connect6 10", DEFAULT_POSITIONS
    )
    parser.set_defaults(positions=None)  # None: the game's (GameSpec.positions)
    add_random_play_arguments(parser)
    parser.add_argument(
        "--position",
        help="start from this position (the game's notation): the random walks (or --moves) "
        "start there, and the engine is asked in the position form (it must offer it)",
    )
    parser.add_argument(
        "--moves",
        help='check only the position these moves reach from the start (or --position), '
        'e.g. "b2 a1" ("" = the start)',
    )
    parser.add_argument(
        "--no-corners",
        action="store_true",
        help="without --suite or --moves: skip the rule corners checked before the random "
        "positions (reference/oracle/corners/)",
    )
    parser.add_argument(
        "--suite",
        metavar="FILE",
        help="check the positions of a suite file against its answers (written by `suite`)",
    )
    parser.add_argument(
        "--tablebase",
        metavar="SET",
        help='dou-shou-qi, --what value: positions drawn from the endgame table of SET, '
        'e.g. "A: W / B: D" (the engine must take the position form; docs/tablebases.md)',
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
        "--handshake-timeout",
        SECONDS,
        f"seconds the engine may take to start and answer the handshake "
        f"(default {STARTUP_TIMEOUT:g})",
        default=STARTUP_TIMEOUT,
    )
    add_ranged_argument(
        parser,
        "--budget",
        NODE_BUDGET,
        "value: nodes the reference may spend per position; a position over it is skipped "
        "and counted (default: the game's for each position, see docs/oracle.md)",
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
    rule: str | None = None
    """The rule this position shows, when it is a rule corner (:mod:`reference.oracle.corners`)."""
    start: str | None = None
    """The position ``moves`` start from (``--position``, a suite's ``start``; ``None``: the
    game's start).  The engine is then asked in the position form."""


def build_cases(spec: GameSpec, args: argparse.Namespace) -> list[Case]:
    """The positions to check, from the options, ``--moves`` or ``--suite``."""
    cli_options = given_options(spec, args)
    if args.sample != "walk" and (args.suite is not None or args.moves is not None):
        raise ParameterError(f"--sample {args.sample} draws positions: not with --suite or --moves")
    if args.suite is not None:
        if args.moves is not None or args.position is not None:
            raise ParameterError("give --suite alone, without --moves or --position")
        return suite_cases(spec, args, cli_options)
    if args.positions is None:
        args.positions = spec.positions
    check_random_play(args)
    start = args.position
    new_game = game_factory(spec, cli_options, start)
    depth = spec.depth if args.depth is None else args.depth
    if args.moves is not None:
        moves = tuple(args.moves.split())
        replay(new_game, moves)  # an illegal move is bad input, reported now
        return [Case(moves, cli_options, new_game, depth, start=start)]
    corners = []  # the rule corners are positions from the start: not with --position
    if not args.no_corners and start is None:
        corners = corner_cases(spec, cli_options, new_game, depth)
    drawn = [
        Case(moves, cli_options, new_game, depth, start=start)
        if origin == start
        else Case(moves, cli_options, game_factory(spec, cli_options, origin), depth, start=origin)
        for origin, moves in draw_starts(spec, cli_options, start, args)
    ]
    known = {(c.start, c.moves) for c in corners}
    return corners + [case for case in drawn if (case.start, case.moves) not in known]


def corner_cases(
    spec: GameSpec, cli_options: JsonObject, new_game: Callable[[], AnyGame], depth: int
) -> list[Case]:
    """The rule corners of the game under these rules (:mod:`reference.oracle.corners`), first."""
    cases: list[Case] = []
    for corner in corner_positions(spec, cli_options):
        try:
            replay(new_game, corner.moves)
        except ValueError:  # a search option that changes the rules cannot: skip, not fail
            continue
        if corner.moves not in {case.moves for case in cases}:
            cases.append(Case(corner.moves, cli_options, new_game, depth, rule=corner.rule))
    return cases


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
        key = json.dumps([entry.options, entry.start], sort_keys=True)
        if key not in factories:
            try:
                factories[key] = game_factory(spec, entry.options, entry.start)
            except ParameterError:
                raise
            except ValueError as error:
                raise type(error)(f"{where}: {error}") from None
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
                start=entry.start,
            )
        )
    return cases


# ---------------------------------------------------------------------------
# running


class FromPosition:
    """The engine asked in the position form about the positions reached by moves from a
    position other than the game's start (``--position``): each request names the position
    ``moves`` reach from ``case``'s start, so the comparison, the descent and the shortening
    run unchanged (their moves are counted from that position)."""

    def __init__(self, engine: Engine, new_game: Callable[[], AnyGame]) -> None:
        self.engine = engine
        self.new_game = new_game

    def perft(self, moves: Sequence[str], depth: int) -> PerftAnswer:
        return self.engine.perft((), depth, position=self.notation(moves))

    def value(self, moves: Sequence[str]) -> int:
        return self.engine.value((), position=self.notation(moves))

    def notation(self, moves: Sequence[str]) -> str:
        return replay(self.new_game, moves).to_notation()


def peer(case: Case, engine: Engine) -> Peer:
    """Who answers for ``case``: the engine, or the engine in the position form."""
    return engine if case.start is None else FromPosition(engine, case.new_game)


def check_case(case: Case, engine: Engine, what: str, budget: int) -> Finding | str | None:
    """Compare one position: ``None`` agree, a finding, or ``OVER_BUDGET`` / ``"no value"``."""
    return _check_case(case, peer(case, engine), what, budget)


def _check_case(case: Case, engine: Peer, what: str, budget: int) -> Finding | str | None:
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
    if budget == 0 and not case.known_value:
        return NOT_TRIED
    return compare_value(
        case.new_game,
        engine,
        case.moves,
        expected=case.value if case.known_value else None,
        budget=budget,
    )


def _origin_name(out: JsonObject) -> str:
    """What a case's start is when it is not ``--position``: a suite line's or a placement."""
    return "the suite line's start" if str(out.get("source", "")).startswith("suite") else (
        "the placed position"
    )


def reproduce_command(
    spec: GameSpec,
    args: argparse.Namespace,
    options: JsonObject,
    moves: Sequence[str],
    depth: int | None,
    start: str | None = None,
) -> str:
    """The command that checks exactly this position again (``start``: its ``--position``)."""
    argv = ["python", "-m", "reference", "check", spec.name, *options_to_argv(spec, options)]
    argv += ["--engine", args.engine, "--what", args.what]
    if depth is not None:
        argv += ["--depth", str(depth)]
    if start is not None:
        argv += ["--position", start]
    argv += ["--moves", " ".join(moves)]
    return shlex.join(argv)


def run(spec: GameSpec, args: argparse.Namespace) -> int:
    """``check``: the exit status (0 agree, 1 disagreement or engine fault); bad input raises."""
    if args.tablebase is not None:
        from reference.cli import check_tablebase

        if args.suite is not None or args.moves is not None or args.position is not None:
            raise ParameterError("give --tablebase alone, without --suite, --moves or --position")
        if args.sample != "walk":
            raise ParameterError("--tablebase draws from the table: give it without --sample")
        return check_tablebase.run(spec, args, given_options(spec, args))
    out, cases = report(spec, args)
    print(json.dumps(out) if args.json else render(out, current_case(out, cases)))
    return 0 if out["agree"] else 1


def report(spec: GameSpec, args: argparse.Namespace) -> tuple[JsonObject, list[Case]]:
    """Run ``check`` (without ``--tablebase``): its report (what ``--json`` prints) and the
    positions it checked; bad input raises :class:`~reference.errors.ParameterError`."""
    try:
        command = shlex.split(args.engine)
    except ValueError as error:
        raise ParameterError(f"--engine: {error}") from None
    cases = build_cases(spec, args)
    if args.what == "value" and args.suite is not None and not any(c.known_value for c in cases):
        raise ParameterError(f"no position was compared: every one {_why_none(args, None)}")
    out = report_head(spec, args, cases)
    if not args.quiet:
        warn_if_blind(spec, args, cases)
    start = game_factory(spec, cases[0].options)  # the game's start: the handshake's
    with Engine(
        command, timeout=args.timeout, handshake_timeout=args.handshake_timeout
    ) as engine:
        if greet(spec, start, engine, out) and takes_positions(engine, cases, out):
            current: Case | None
            if out.pop("start_differs", False):  # a finding at the start: its moves, and why
                current = Case((), cases[0].options, start, 1)
                finding = compare_perft(current.new_game, engine, (), 1)
                out["index"] = 0
            else:
                finding, current = check_cases(spec, cases, engine, args, out, start)
            if finding is not None and current is not None:
                settle(spec, args, command, engine, finding, current, out)
    if finding_free(out) and out["checked"] == 0:
        raise ParameterError(f"no position was compared: every one {_why_none(args, out)}")
    if out["finding"] is None and out["fault"] is None:
        out["agree"] = True
        out["index"] = None
    return out, cases


def takes_positions(engine: Engine, cases: Sequence[Case], out: JsonObject) -> bool:
    """Whether the engine can be asked about every case: a case from a position other than
    the start needs the position form (else ``out["fault"]`` says so: False)."""
    if engine.hello is not None and engine.hello.position:
        return True
    starts = [case for case in cases if case.start is not None]
    if not starts:
        return True
    out["fault"] = {
        "kind": "options",
        "message": "the positions start from a position other than the start (--position, a "
        "suite's 'start'), and the engine takes no position form (its handshake answer has "
        "no word 'position'): offer it, or check from the start with --moves",
        "request": request_line("perft", (), 1, starts[0].start),
    }
    return False


def finding_free(out: JsonObject) -> bool:
    return out["finding"] is None and out["fault"] is None


def warn_if_blind(spec: GameSpec, args: argparse.Namespace, cases: Sequence[Case]) -> None:
    """Say on stderr when the positions checked cannot tell this rule set from another
    (Dou Shou Qi's ``--rules``): an engine of the other rules would agree on every one."""
    if any(case.start is not None for case in cases):
        return  # the rule sets are compared along move lists from the start
    blind = blind_to_rule_sets(spec, cases[0].options, [case.moves for case in cases])
    if blind:
        print(
            f"check: warning: the {len(cases)} positions have the same legal moves under --rules "
            f"{' and '.join(blind)}: they cannot tell those rule sets apart (no capture that the "
            "rule sets decide differently); the rule corners can (drop --no-corners), or draw "
            "later positions (--min-moves)",
            file=sys.stderr,
        )


def current_case(out: JsonObject, cases: Sequence[Case]) -> Case | None:
    index = out["index"]
    return cases[index - 1] if isinstance(index, int) and 0 < index <= len(cases) else None


def greet(
    spec: GameSpec, new_game: Callable[[], AnyGame], engine: Engine, out: JsonObject
) -> bool:
    """The handshake: the engine's protocol, game and options, and its moves at the start
    (``new_game``: the game's start).  False (with ``out["fault"]`` set) when the engine
    fails it or plays another game."""
    start = new_game()
    ours = {k: str(v) for k, v in (spec.rule_options(start) if spec.rule_options else {}).items()}
    try:
        hello, first = engine.handshake(spec.name, ours)
    except EngineFault as fault:
        out["fault"] = fault_json(fault)
        return False
    out["protocol"] = {
        "version": hello.version,
        "game": hello.game,
        "options": hello.options,
        "position": hello.position,
        "note": hello.note,
    }
    problem = (
        options_differ(spec.name, ours, hello.game, hello.options) if hello.version > 1 else None
    )
    if problem is None and start_differs(start, first) is not None:
        if hello.version > 1:  # the same game and options: a rules bug at the start
            out["start_differs"] = True
            return True
        problem = start_differs(start, first)
    if problem is not None:
        request = "protocol 2 ... and perft 1 (the handshake)"
        out["fault"] = {"kind": "options", "message": problem, "request": request}
        return False
    return True


def options_differ(
    game: str, ours: dict[str, str], their_game: str | None, theirs: dict[str, str]
) -> str | None:
    """``"the game options differ: ..."`` with both sides' answers, or ``None``."""
    differ = [k for k in ours if theirs.get(k) != ours[k]]
    if their_game == game and not differ:
        return None
    mine = " ".join([game, *(f"{k}={v}" for k, v in ours.items())])
    other = " ".join([str(their_game), *(f"{k}={v}" for k, v in theirs.items())])
    names = ", ".join(differ) if their_game == game else "the game"
    return f"the game options differ ({names}): the reference plays {mine}, the engine {other}"


def start_differs(start: AnyGame, answer: PerftAnswer) -> str | None:
    """``"the game options differ (or the start position, or the rules)..."`` with the
    moves missing and extra when the engine's moves at the start are not the reference's,
    or ``None``.  (Under protocol 2 with the same options, :func:`greet` makes it a finding.)"""
    reference = [start.format_move(m) for m in start.legal_moves()]
    matched = match_moves(start, reference, answer.counts)
    missing = [m for m in reference if m not in matched.counts]
    if not missing and not matched.unknown:
        return None

    def listed(names: Sequence[str]) -> str:
        return " ".join(names[:12]) + (f" ... ({len(names)} in all)" if len(names) > 12 else "")

    parts = [f"missing {listed(missing)}"] if missing else []
    parts += [f"extra {listed(matched.unknown)}"] if matched.unknown else []
    return (
        "the game options differ (or the start position, or the rules): at the start the "
        f"reference has {len(reference)} moves, the engine {len(answer.counts)}; the engine's "
        f"moves: {'; '.join(parts)} (protocol 1 names no options: check the engine's game "
        "options, or speak protocol 2 for the finding and its why)"
    )


def fault_json(fault: EngineFault) -> JsonObject:
    return {"kind": fault.kind, "message": fault.message, "request": fault.request}


def settle(
    spec: GameSpec,
    args: argparse.Namespace,
    command: Sequence[str],
    engine: Engine,
    finding: Finding,
    current: Case,
    out: JsonObject,
) -> Finding:
    """Make a finding final: confirmed (protocol 1), shortened, explained, written to ``out``.

    Shortening and the position form are optional: an engine that fails them leaves the
    finding as it was found, with a note (the fault never replaces the finding)."""
    try:
        if engine.version < 2 and not confirmed(spec, args, command, finding, current, out):
            return finding
    except EngineFault as fault:
        out["fault"] = fault_json(fault)
        return finding
    found = len(finding.moves)
    try:
        budget = case_budget(spec, current, args.budget)
        finding = shorten(current.new_game, peer(current, engine), finding, budget)
    except EngineFault as fault:
        out["shorten_note"] = (
            f"the engine failed while the finding was being shortened ({fault.kind}: "
            f"{fault.message}): the finding is shown as found"
        )
    out["shortened_from"] = found if len(finding.moves) < found else None
    try:  # from --position, the requests were in the position form already
        out["position_request"] = (
            position_request(engine, finding, out) if current.start is None else None
        )
    except EngineFault as fault:
        out["position_request"] = None
        out["position_note"] = (
            f"the engine failed the position form of the request ({fault.kind}: "
            f"{fault.message})"
        )
    finding = with_why(current.new_game, finding, explainer_for(spec))
    depth = finding.depth if finding.what == "perft" else None
    out["finding"] = finding.to_json()
    out["reproduce"] = reproduce_command(
        spec, args, current.options, finding.moves, depth, current.start
    )
    position = None if current.start is None else finding.position
    out["request"] = request_line(finding.what, finding.moves, depth, position)
    return finding


def confirmed(
    spec: GameSpec,
    args: argparse.Namespace,
    command: Sequence[str],
    finding: Finding,
    current: Case,
    out: JsonObject,
) -> bool:
    """Protocol 1 (no ids): ask the finding's request again, of a fresh engine.  A different
    answer means the session's answers were out of step (a stray or missing line): a fault."""
    limits = {"timeout": args.timeout, "handshake_timeout": args.handshake_timeout}
    with Engine(command, **limits) as fresh:
        fresh.handshake(spec.name, {})
        if finding.what == "perft":
            assert finding.depth is not None
            answer = fresh.perft(finding.moves, finding.depth)
            again: object = {"total": answer.total, "divide": dict(answer.counts)}
        else:
            again = fresh.value(finding.moves)
    if again == finding.engine:
        return True
    request = request_line(finding.what, finding.moves, finding.depth)
    out["fault"] = {
        "kind": "out-of-step",
        "message": (
            f"a fresh engine answers {_answer_text(again)}, this one answered "
            f"{_answer_text(finding.engine)}: its answers were out of step with the requests "
            "(a stray or missing line earlier; protocol 2's request ids name the line)"
        ),
        "request": request,
    }
    return False


def position_request(engine: Engine, finding: Finding, out: JsonObject) -> str | None:
    """The finding's request in the position form, when the engine takes it and answers it as
    it answered the move list (else ``None``; a different answer is noted in ``out``)."""
    if engine.hello is None or not engine.hello.position:
        return None
    if finding.what == "perft":
        assert finding.depth is not None
        answer = engine.perft(finding.moves, finding.depth, position=finding.position)
        again: object = {"total": answer.total, "divide": dict(answer.counts)}
    else:
        again = engine.value(finding.moves, position=finding.position)
    if again != finding.engine:
        out["position_note"] = (
            f"from the position form the engine answers {_answer_text(again)}, from the move "
            f"list {_answer_text(finding.engine)}"
        )
        return None
    return request_line(finding.what, (), finding.depth, finding.position)


def report_head(spec: GameSpec, args: argparse.Namespace, cases: Sequence[Case]) -> JsonObject:
    """The report of ``check`` before any position is compared (``--json`` prints it filled)."""
    if args.suite is not None:
        source = f"suite {args.suite}"
    elif args.moves is not None:
        source = "--moves"
    else:
        source = f"seed {args.seed}, {args.min_moves}..{args.max_moves} random moves"
        if args.sample == "placement":
            source = f"seed {args.seed}, random placements"
        elif args.sample == "both":
            source += " and random placements"
        corners = sum(1 for case in cases if case.rule is not None)
        if corners:
            source = f"{corners} rule corners, then {source}"
    if args.position is not None:
        source += f", from --position {args.position}"
    return {
        "version": CHECK_SCHEMA_VERSION,
        "game": spec.name,
        "options": cases[0].options,
        "start": args.position,
        "what": args.what,
        "depth": cases[0].depth if args.what == "perft" else None,
        "source": source,
        "budget": args.budget,
        "positions": len(cases),
        "checked": 0,
        "skipped": 0,
        "skipped_why": {},
        "agree": False,
        "protocol": None,
        "finding": None,
        "fault": None,
        "index": None,
        "shortened_from": None,
        "reproduce": None,
        "request": None,
        "position_request": None,
    }


NOT_TRIED = "not tried"
"""What :func:`check_case` returns for a value when the budget is 0 (the game's default on
boards too large to solve)."""

SKIPPED = {
    OVER_BUDGET: "over the node budget",
    "no value": "no value in the suite",
    NOT_TRIED: "values not tried: the game's default budget is 0 for such positions (give --budget)",
}
"""Why a position is skipped, as the report says it."""


FINISHED_BUDGET = 1
"""The node budget of a finished game: its value is the rules' (one node, no search), so it
is compared even where the game's default budget is 0."""


def case_budget(spec: GameSpec, case: Case, budget: int | None) -> int:
    """The node budget of a value at ``case``: ``--budget`` when given, else the game's
    default for that position (which may depend on how far the game is from its end);
    a finished game is always compared (:data:`FINISHED_BUDGET`)."""
    game = replay(case.new_game, case.moves)
    if game.is_terminal():
        return max(budget or 0, FINISHED_BUDGET)
    if budget is not None:
        return budget
    return spec.budget_for(game)


def check_cases(
    spec: GameSpec,
    cases: Sequence[Case],
    engine: Engine,
    args: argparse.Namespace,
    out: JsonObject,
    start: Callable[[], AnyGame],
) -> tuple[Finding | None, Case | None]:
    """Compare ``cases`` in order until the first finding or engine fault; count into ``out``
    (``checked``, ``skipped``, ``skipped_why``, ``index``, ``fault``).  The finding and its
    case (``start``: the game's start, asked again at the end)."""
    checked = skipped = 0
    why: dict[str, int] = {}
    current: Case | None = None
    try:
        for index, case in enumerate(cases, start=1):
            current = case
            out["index"] = index
            budget = case_budget(spec, case, args.budget) if args.what == "value" else 0
            result = check_case(case, engine, args.what, budget)
            if isinstance(result, Finding):
                return result, current
            if result is None:
                checked += 1
            else:
                skipped += 1
                reason = SKIPPED.get(result, result)
                why[reason] = why.get(reason, 0) + 1
            out["checked"], out["skipped"], out["skipped_why"] = checked, skipped, dict(why)
            if not args.quiet and (index % 50 == 0 or index == len(cases)):
                print(
                    f"check: {index}/{len(cases)} positions: {checked} agree, {skipped} skipped",
                    file=sys.stderr,
                    flush=True,
                )
        in_step(engine, start)
    except EngineFault as fault:
        out["fault"] = fault_json(fault)
    return None, current


def in_step(engine: Engine, new_game: Callable[[], AnyGame]) -> None:
    """After the last position: ask the start's moves again.  An engine one line behind (a
    stray line that shifted its answers, unseen under protocol 1) answers with a stale line."""
    start = new_game()
    answer = engine.perft((), 1)
    if start_differs(start, answer) is not None:
        raise EngineFault(
            "out-of-step",
            "at the end, the engine's moves at the start differ from its moves at the "
            "handshake: its answers are out of step with the requests (a stray or missing line)",
            request_line("perft", (), 1),
        )


def _why_none(args: argparse.Namespace, out: JsonObject | None) -> str:
    """Why no position was compared, and what to do."""
    if args.suite is not None:
        return "had no value in the suite (write it with a larger --budget)"
    skipped_why = {} if out is None else out["skipped_why"]
    assert isinstance(skipped_why, dict)
    if set(skipped_why) == {SKIPPED[NOT_TRIED]}:
        return "was not tried: the game's default budget is 0 for such positions (give --budget, or --min-moves for positions nearer the end)"
    return (
        "was over the node budget (raise --budget, or use --min-moves for positions nearer the end)"
    )


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
    lines = [head]
    protocol = out["protocol"]
    if isinstance(protocol, dict) and protocol["version"] == 1:
        lines.append(f"  engine:    {protocol['note']}")
    skipped_why = out["skipped_why"]
    assert isinstance(skipped_why, dict)
    skipped = ", ".join(f"{n} {why}" for why, n in skipped_why.items())
    budget = "the game's default per position" if out["budget"] is None else f"{out['budget']:,}"
    skipped = f", {out['skipped']} skipped ({skipped}; node budget {budget})" if skipped else ""
    if out["agree"]:
        return "\n".join([*lines, f"all agree: {out['checked']} checked{skipped}"])
    at_start = "the start" if out["finding"] is not None else "the handshake"
    where = f"position {out['index']} of {out['positions']}" if out["index"] else at_start
    if case is not None and case.suite_line is not None:
        where += f" (suite line {case.suite_line})"
    if case is not None and case.rule is not None:
        where += f" (a rule corner: {case.rule})"
    fault = out["fault"]
    if isinstance(fault, dict):
        lines.append(f"ENGINE FAULT at {where}: {fault['kind']}: {fault['message']}")
        lines.append(f"  request: {fault['request']}")
        return "\n".join(lines)
    finding = out["finding"]
    assert isinstance(finding, dict)
    lines.append(f"DISAGREEMENT at {where}")
    if case is not None:
        after = f"after {' '.join(case.moves) or '(the start)'}"
        if case.start is not None:
            named = "--position" if out.get("start") else _origin_name(out)
            after = f"after {' '.join(case.moves) or '(no move)'} from {named} {case.start}"
        lines.append(f"  checked:   {after}")
    trail = finding["trail"]
    assert isinstance(trail, list)
    origin = "(the start)"
    if case is not None and case.start is not None:
        origin = "(the --position)" if out.get("start") else f"({_origin_name(out)})"
    for step in trail:
        asked = "value after" if step["depth"] is None else f"perft {step['depth']} below"
        lines.append(
            f"  descent:   after {' '.join(step['moves']) or origin}: {asked} "
            f"{step['move']}: engine {step['engine']}, reference {step['reference']}"
        )
    moves = finding["moves"]
    assert isinstance(moves, list)
    lines.append(f"  found:     {finding['summary']}")
    if finding["why"]:
        lines.append(f"  why:       {finding['why']}")
    if out["shortened_from"] is not None:
        lines.append(
            f"  shortened: {len(finding['moves'])} plies from {origin[1:-1]} (the disagreement first "
            f"seen {out['shortened_from']} plies deep)"
        )
    lines.append(f"  moves:     {' '.join(moves) or f'(none: {origin[1:-1]})'}")
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
    if out["position_request"] is not None:
        lines.append(f"  or, as a position: {out['position_request']}")
    if out.get("position_note"):
        lines.append(f"  note:      {out['position_note']}")
    if out.get("shorten_note"):
        lines.append(f"  note:      {out['shorten_note']}")
    return "\n".join(lines)


class _Arguments(argparse.ArgumentParser):
    """``check``'s options read for :func:`check`: an error raises, nothing is printed."""

    def error(self, message: str) -> NoReturn:
        raise ParameterError(" ".join(message.split()))


def check(
    game: str,
    engine: str | Sequence[str],
    *,
    what: str = "perft",
    position: str | None = None,
    moves: str | Sequence[str] | None = None,
    suite: str | None = None,
    positions: int | None = None,
    seed: int | None = None,
    min_moves: int | None = None,
    max_moves: int | None = None,
    sample: str | None = None,
    depth: int | None = None,
    budget: int | None = None,
    corners: bool = True,
    timeout: float | None = None,
    handshake_timeout: float | None = None,
    options: Mapping[str, object] | None = None,
    quiet: bool = True,
) -> JsonObject:
    """``python -m reference check`` from Python: the same run (the peer protocol, the
    descent, the shortening, the why-lines) and the same JSON object ``check --json``
    prints (``reference/oracle/schema/check.json``).

    ``engine`` is the engine's command line (a string split as a shell would, or a list);
    ``options`` the game's options by name, as in a suite (``{"m": 4, "n": 4}``); the other
    keywords are ``check``'s options (``None``: its default; ``corners=False`` is
    ``--no-corners``; ``quiet=False`` writes the progress lines on stderr).  Bad input
    raises :class:`~reference.errors.ParameterError` (a ``ValueError``) with the message
    the command line would print; what the engine does is in the report, never raised.

    For example (``my_engine.py`` speaking the protocol of ``docs/oracle.md``)::

        report = check("mnk", ["python", "my_engine.py"], what="value", options={"m": 4})
        if not report["agree"]:
            print(report["finding"]["summary"] if report["finding"] else report["fault"])

    >>> check("mnk", "my-engine", what="size")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    reference.errors.ParameterError: argument --what: invalid choice: 'size' (choose from ...)
    """
    from reference.registry import load

    spec = load(game)
    command = engine if isinstance(engine, str) else shlex.join(engine)
    argv = [*options_to_argv(spec, dict(options or {})), "--engine", command, "--what", what]
    given: dict[str, object] = {
        "--position": position,
        "--moves": moves if moves is None or isinstance(moves, str) else " ".join(moves),
        "--suite": suite,
        "--positions": positions,
        "--seed": seed,
        "--min-moves": min_moves,
        "--max-moves": max_moves,
        "--sample": sample,
        "--depth": depth,
        "--budget": budget,
        "--timeout": timeout,
        "--handshake-timeout": handshake_timeout,
    }
    for flag, value in given.items():
        if value is not None:
            argv += [flag, str(value)]
    argv += ["--json"] + (["--quiet"] if quiet else []) + ([] if corners else ["--no-corners"])
    parser = _Arguments(prog=f"check {spec.name}", allow_abbrev=False, add_help=False)
    add_game_options(parser, spec)
    add_arguments(parser)
    out, _ = report(spec, parser.parse_args(argv))
    return out


__all__ = ["add_arguments", "check", "report", "run"]
