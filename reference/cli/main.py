"""``python -m reference COMMAND GAME [options]``: the command line and oracle interface.

Commands for every game: ``solve`` (exact value and all optimal moves), ``perft``
(move-sequence counts), ``bestmove`` (depth- or time-limited search), ``play``
(a game in the terminal), ``show`` (print a position).  Some games add their own
(``enumerate wargame``, ``tss connect6``, ``partition dou-shou-qi``).

With ``--json`` a command prints exactly one JSON object on stdout.  Bad input
exits with status 2 and one line on stderr.  Progress of long searches goes to
stderr unless ``--quiet``.

Every numeric option has a range, written in its ``--help`` and checked before any
work starts (:mod:`reference.cli.options`); option names must be written in full
(no ``--m`` for ``--moves``).  Only the game named on the command line is imported
(:mod:`reference.registry`).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn, TypeAlias

from reference.cli.extra import EXTRA_COMMANDS, load_commands
from reference.cli.options import (
    add_game_options,
    add_output_arguments,
    add_position_arguments,
    build_game,
)
from reference.cli.plain import plain
from reference.errors import GameError, ParameterError, SearchTimeoutError
from reference.ranges import FloatRange, IntRange, add_ranged_argument
from reference.registry import GAMES, GameSpec, JsonObject, paper_player_for, player_name
from reference.registry import load as load_spec
from reference.search import (
    ALGORITHMS,
    MATE_BOUND,
    MAX_PLY,
    WIN,
    Counters,
    SearchResult,
    SearchStats,
)
from reference.search.context import MAX_TIME_LIMIT, Deadline
from reference.search.progress import ProgressPrinter, RootEstimate, SolveReport
from reference.search.protocol import PlayableGame

if TYPE_CHECKING:
    from reference import api

AnyGame = PlayableGame[Any]

EPILOG = """examples:
  python -m reference solve mnk --m 3 --n 3 --k 3 --json
  python -m reference perft mnk --m 3 --n 3 --k 3 --depth 4
  python -m reference perft mnk --m 4 --n 4 --k 4 --depth 6 --workers 2
  python -m reference bestmove mnk --m 4 --n 4 --k 3 --moves "b2 c3" --time 1
  python -m reference trace mnk --m 3 --n 3 --k 3 --algorithm alphabeta --depth 2 --svg ab.svg
  python -m reference play mnk --m 3 --n 3 --k 3 --first human --second computer
  python -m reference bench                  (every game; OpenSpiel too with the peers extra)
  python -m reference check mnk --engine "./my-engine --m 3 --n 3 --k 3" --what perft --depth 3
  python -m reference suite mnk --m 3 --n 3 --k 3 --positions 20 --depth 2 > ttt.jsonl
  echo '{"id": 1, "command": "perft", "game": "mnk", "depth": 1}' | python -m reference serve
  python -m reference COMMAND GAME --help    (the options of one game)
"""


DEPTH = IntRange(1, MAX_PLY)
"""``--depth`` of a search: at least one ply, at most the search core's deepest ply."""
PERFT_DEPTH = IntRange(0, MAX_PLY)
"""``perft --depth``: 0 (the position itself) to the search core's deepest ply."""
TIME = FloatRange(0.0, MAX_TIME_LIMIT, low_open=True)
"""``--time`` in seconds: more than 0, at most the search's largest deadline."""
MAX_PLIES = IntRange(0, MAX_PLY)
"""``play --max-plies``: 0 stops before the first move."""
NODES = IntRange(1, 10**12)
"""``--nodes`` per move (our bound: days of Python)."""
WORKERS = IntRange(1, 1024)
"""``--workers``: local processes (the parallel API's own bound)."""
SPLIT_DEPTH = IntRange(1, MAX_PLY)
"""``--split-depth``: plies expanded before the tree is cut into jobs."""


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2.

    Every parser of the command line is made with ``allow_abbrev=False``: an option is
    written in full (``--m`` is the mnk game's ``--m``, never a prefix of ``--moves``).
    """

    def error(self, message: str) -> NoReturn:
        message = one_line(ValueError(" ".join(message.split())))  # one readable line
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")

    def format_help(self) -> str:
        """The help as plain text: no reST markup from the docstrings it is made of."""
        return plain(super().format_help())

    def format_usage(self) -> str:
        return plain(super().format_usage())


# ---------------------------------------------------------------------------
# printing


def emit(args: argparse.Namespace, result: JsonObject, text: str) -> None:
    if args.json:
        print(json.dumps(result))
    else:
        print(text)


def progress(args: argparse.Namespace, message: str) -> None:
    if not args.quiet:
        print(message, file=sys.stderr, flush=True)


def _moves(out: JsonObject, key: str) -> list[str]:
    """The moves (in notation) listed under ``key`` in a command's result."""
    moves = out[key]
    assert isinstance(moves, list)
    return moves


# ---------------------------------------------------------------------------
# the generic commands


def parallel_options(
    args: argparse.Namespace, command: str, printer: ProgressPrinter | None = None
) -> api.Parallel:
    """The keyword arguments of ``--workers``, ``--dask`` and ``--split-depth`` for the API,
    with a progress report after each finished job in the format of every solve
    (:class:`~reference.search.progress.SolveReport`: nodes, speed, jobs k of n, an estimate;
    JSON with ``--progress json``) through ``printer`` (by default one on stderr, none
    with ``--quiet``)."""
    if args.workers is None and args.dask is None:
        if args.split_depth is not None:
            raise ParameterError("--split-depth needs --workers N or --dask ADDRESS")
        return {}
    if printer is None and not args.quiet:
        printer = ProgressPrinter(sys.stderr, json=getattr(args, "progress", "text") == "json")
    start = time.monotonic()
    timing = RootEstimate()
    timing.start(start, 0)

    def on_job(done: int, total: int, stats: SearchStats) -> None:
        if printer is None:
            return
        now = time.monotonic()
        timing.decided(now, done)
        elapsed = now - start
        printer(SolveReport(
            stats.nodes, elapsed, stats.nodes, elapsed, estimate=timing.estimate(now, done, total),
            jobs_done=done, jobs_total=total, what=command,
        ))
        if done == total and command != "solve":
            printer.close()

    return {
        "workers": args.workers,
        "dask": args.dask,
        "split_depth": args.split_depth,
        "on_job": on_job,
    }


def cmd_solve(spec: GameSpec, args: argparse.Namespace) -> None:
    from reference.cli import results  # here, not at the top: --help need not load the search

    game = build_game(spec, args)
    start = time.monotonic()
    printer = None if args.quiet else ProgressPrinter(sys.stderr, json=args.progress == "json")
    reported = False
    bounded = args.time is not None or args.nodes is not None
    parallel = parallel_options(args, "solve", printer)
    if bounded and parallel:
        raise ParameterError("--time and --nodes are for a serial solve (not --workers / --dask)")
    warning = spec.out_of_reach(game) if spec.out_of_reach is not None else None
    if warning is not None and not bounded:
        progress(args, f"solve: {warning}")

    def on_report(report: SolveReport) -> None:  # every game's solve: one format
        nonlocal reported
        reported = True
        if printer is not None:
            printer(report)

    def on_progress(counters: Counters) -> None:  # a solve without reports: nodes and speed
        if reported or printer is None:
            return
        elapsed = time.monotonic() - start
        printer(SolveReport(counters.nodes, elapsed, counters.nodes, elapsed))

    try:
        try:
            out = results.solve_result(
                game, on_progress=on_progress, on_report=on_report,
                parallel=parallel,
                deadline=None if args.time is None else Deadline(args.time),
                node_limit=args.nodes,
            )
        finally:
            if printer is not None:
                printer.close()
    except SearchTimeoutError:
        stopped: JsonObject = {
            "value": None,
            "best_moves": None,
            "exact": False,
            "stopped": "time" if args.time is not None else "nodes",
            "seconds": round(time.monotonic() - start, 6),
        }
        limit = f"{args.time:g} s" if args.time is not None else f"{args.nodes:,} nodes"
        emit(args, stopped, f"not solved within {limit}: no value is guessed")
        raise SolveStopped from None
    moves = _moves(out, "best_moves")
    text = (
        f"value: {out['value']} (for {player_name(game, game.to_move)}, the side to move)\n"
        f"best moves: {' '.join(moves) if moves else '(none: the game is over)'}\n"
        f"nodes: {out['nodes']:,}  seconds: {out['seconds']:.3f}"
    )
    emit(args, out, text)


def cmd_perft(spec: GameSpec, args: argparse.Namespace) -> None:
    from reference.cli import results

    game = build_game(spec, args)
    out = results.perft_result(
        game, args.depth, divide=args.divide, parallel=parallel_options(args, "perft")
    )
    breakdown = out.get("divide", {})
    assert isinstance(breakdown, dict)
    lines = [f"{move}: {n}" for move, n in breakdown.items()]
    lines.append(f"perft({args.depth}) = {out['nodes']}  ({out['seconds']:.3f} s)")
    emit(args, out, "\n".join(lines))


def search_move(
    game: AnyGame,
    args: argparse.Namespace,
    time_limit: float | None,
    depth: int | None,
    *,
    per_depth: bool = True,
) -> JsonObject:
    """The ``bestmove`` result object (with a progress line per depth on stderr unless
    ``per_depth`` is off); ``play`` uses it too."""
    from reference import api
    from reference.cli import results

    def on_iteration(result: SearchResult[Any]) -> None:
        if per_depth:
            progress(
                args,
                f"depth {result.depth}: value {result.score}, "
                f"move {game.format_move(result.best_move)}, "
                f"{result.stats.nodes:,} nodes, {result.seconds:.2f} s",
            )

    answer = api.bestmove(
        game,
        depth=depth,
        time_limit=time_limit,
        algorithm=args.algorithm,
        use_tt=not args.no_tt,
        full_width=bool(getattr(args, "full_width", False)),
        on_iteration=on_iteration,
        node_limit=getattr(args, "nodes", None),
    )
    return results.bestmove_result(game, answer)


def cmd_bestmove(spec: GameSpec, args: argparse.Namespace) -> None:
    game = build_game(spec, args)
    if args.depth is None and args.time is None and args.nodes is None:
        raise ParameterError("give --depth D, --time SECONDS or --nodes N (or several)")
    out = search_move(game, args, args.time, args.depth)
    value = out["value"]
    assert isinstance(value, int)
    text = (
        f"best move: {out['move']}  value: {describe_score(value)}  depth: {out['depth']}"
        f"{' (exact)' if out['exact'] else ''}\n"
        f"nodes: {out['nodes']:,}  seconds: {out['seconds']:.3f}"
    )
    emit(args, out, text)


def cmd_trace(spec: GameSpec, args: argparse.Namespace) -> None:
    from reference.cli import trace as trace_cli  # here: only ``trace`` loads the tracer

    trace_cli.run(spec, args)


def describe_score(score: int) -> str:
    if score >= MATE_BOUND:
        return f"{score} (win in {WIN - score} plies)"
    if score <= -MATE_BOUND:
        return f"{score} (loss in {WIN + score} plies)"
    return str(score)


def cmd_show(spec: GameSpec, args: argparse.Namespace) -> None:
    from reference.cli import results

    game = build_game(spec, args)
    out = results.show_result(game)
    moves = _moves(out, "legal_moves")
    legend = importlib.import_module(f"reference.{spec.name.replace('-', '_')}.notation")
    text = (
        f"{game.render()}\n"
        f"legend: {legend.BOARD_LEGEND}\n"
        f"position: {out['position']}\n"
        f"to move: {player_name(game, game.to_move)}"
        f"{'  (game over)' if out['terminal'] else f'  ({len(moves)} legal moves)'}"
    )
    emit(args, out, text)


def cmd_legal(spec: GameSpec, args: argparse.Namespace) -> None:
    from reference.cli import results

    game = build_game(spec, args)
    out = results.legal_result(game)
    moves = _moves(out, "moves")
    emit(args, out, " ".join(moves) if moves else "(no legal move: the game is over)")


def _prompt_on_stderr(prompt: str) -> str:
    """Read one line from stdin after writing ``prompt`` on stderr (``play --json``)."""
    sys.stderr.write(prompt)
    sys.stderr.flush()
    line = sys.stdin.readline()
    if not line:
        sys.stderr.write("\n")  # the error goes on a line of its own
        raise EOFError
    return line


def cmd_play(
    spec: GameSpec,
    args: argparse.Namespace,
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] | None = None,
) -> None:
    """A game in the terminal: each side is a human (typing moves) or the computer.

    A move the human mistypes or that is illegal is refused with the reason and asked
    for again; ``quit`` abandons the game.  With ``--json`` the board and the prompts
    go to stderr and stdout gets one JSON object at the end: the moves played, the
    final position and the result.
    """
    if read is None:
        read = _prompt_on_stderr if args.json else input
    if write is None:
        write = _board_writer(args)
    game = build_game(spec, args)
    played, stopped = play_game(game, args, read, write)
    winner: int | None = None
    if stopped is None:
        write(game.render())
        winner, outcome = game_outcome(game)
        line = f"game over: {outcome}"
    else:
        outcome = line = stopped
    if not args.json:
        write(line)
        return
    summary: JsonObject = {
        "moves": played,
        "plies": len(played),
        "position": game.to_notation(),
        "over": stopped is None,
        "winner": winner,
        "result": outcome,
    }
    print(json.dumps(summary))


def _board_writer(args: argparse.Namespace) -> Callable[[str], None]:
    """Where ``play`` writes the board and the moves: stdout, or stderr with ``--json``."""
    if not args.json:
        return print

    def write(text: str) -> None:
        if not args.quiet:
            print(text, file=sys.stderr)

    return write


PLAY_HELP = """commands (or type a move, e.g. {example}):
  moves   list the legal moves
  hint    what the computer would play here, and why
  undo    take back your last move (and the computer's answer)
  board   print the board again
  help    this list
  quit    end the game (end of input does too)"""


def play_game(
    game: AnyGame,
    args: argparse.Namespace,
    read: Callable[[str], str],
    write: Callable[[str], None],
) -> tuple[list[str], str | None]:
    """Play ``game`` to its end: (the moves played, why the game stopped early or ``None``).

    A human types a move or one of the commands of :data:`PLAY_HELP` at the prompt
    ``x> `` (the side's name); the board is printed before each move, the prompt once.
    """
    kinds = (args.first, args.second)
    played: list[str] = []
    show_board = True
    while not game.is_terminal():
        if args.max_plies is not None and len(played) >= args.max_plies:
            return played, f"stopped after {len(played)} plies (--max-plies)"
        if show_board:
            write(game.render())
        show_board = True
        name = player_name(game, game.to_move)
        if kinds[game.to_move] != "human":
            played.append(computer_move(game, args, name, write))
            continue
        try:
            text = read(f"{name}> ").strip()
        except EOFError:
            return played, "game abandoned (end of input)"
        word = text.lower()
        if word in ("quit", "q", "exit"):
            return played, "game abandoned"
        if word in ("help", "?", "h", ""):
            write(PLAY_HELP.format(example=_example_move(game)))
            show_board = False
        elif word == "moves":
            moves = [game.format_move(m) for m in game.legal_moves()]
            write(f"{len(moves)} legal moves: {' '.join(moves)}")
            show_board = False
        elif word == "board":
            continue
        elif word == "hint":
            out = player_move(game, args)
            write(f"hint: {out['move']} ({value_in_words(game, out, name)})")
            show_board = False
        elif word == "undo":
            write(undo_moves(game, played, kinds))
        else:
            move = human_move(game, text, write)
            if move is None:
                show_board = False
            else:
                played.append(move)
    return played, None


def _example_move(game: AnyGame) -> str:
    moves = game.legal_moves()
    return game.format_move(moves[0]) if moves else "(none)"


def undo_moves(game: AnyGame, played: list[str], kinds: tuple[str, str]) -> str:
    """Take back the human's last move and every computer move after it; what was undone."""
    human = game.to_move
    taken: list[str] = []
    while played:
        game.unmake()
        taken.append(played.pop())
        if game.to_move == human and kinds[human] == "human":
            break
    if not taken:
        return "nothing to undo"
    return f"took back {' '.join(reversed(taken))}"


def human_move(game: AnyGame, text: str, write: Callable[[str], None]) -> str | None:
    """Play the move typed as ``text``; ``None`` (the reason written) when it is refused."""
    try:
        move = game.parse_move(text)
        game.play(move)
    except GameError as error:
        write(f"  {error} (try again, or type 'help')")
        return None
    return game.format_move(move)


def value_in_words(game: AnyGame, out: JsonObject, name: str) -> str:
    """What a search's value means for the side that searched: a forced result, a value
    with best play, or only the evaluation's opinion."""
    value, depth, exact = out["value"], out["depth"], bool(out["exact"])
    assert isinstance(value, int)
    if value >= MATE_BOUND:
        return f"{name} wins in {WIN - value} plies with best play"
    if value <= -MATE_BOUND:
        return f"{name} loses in {WIN + value} plies against best play"
    if exact:
        if value == 0:
            return "a draw with best play"
        points = "ahead" if value > 0 else "behind"
        return f"{name} ends {abs(value)} {points} with best play"
    opinion = "ahead" if value > 0 else "behind" if value < 0 else "level"
    return (
        f"looked {depth} {'ply' if depth == 1 else 'plies'} ahead, no forced result; "
        f"the evaluation has {name} "
        f"{opinion} ({value:+d})"
    )


def player_move(game: AnyGame, args: argparse.Namespace) -> JsonObject:
    """The computer's choice for ``play`` as a ``bestmove`` result object: the paper's
    player of the game (``--player paper``, :func:`reference.registry.paper_player_for`)
    or the core's iterative deepening with ``--algorithm`` (``--player search``)."""
    if args.player == "search":
        return search_move(game, args, args.time, args.depth, per_depth=args.verbose)
    from reference.cli import results

    player = paper_player_for(game, depth=args.depth, time_limit=args.time, node_limit=args.nodes)
    out = results.search_result(game, player.choose(game))
    if args.verbose:  # the paper's players report their last depth only
        progress(
            args,
            f"depth {out['depth']}: value {out['value']}, move {out['move']}, "
            f"{out['nodes']:,} nodes, {out['seconds']:.2f} s",
        )
    return out


def computer_move(
    game: AnyGame, args: argparse.Namespace, name: str, write: Callable[[str], None]
) -> str:
    """Search (``--depth``, ``--time``, ``--nodes``), play and write the computer's move
    (a line per depth searched only with ``--verbose``)."""
    out = player_move(game, args)
    write(f"{name} plays {out['move']} ({value_in_words(game, out, name)})")
    game.play(game.parse_move(str(out["move"])))
    return str(out["move"])


def game_outcome(game: AnyGame) -> tuple[int | None, str]:
    """The winner of a finished game (``None``: a draw) and its result in words."""
    score = game.terminal_score()
    winner: int | None = None
    if score != 0:
        winner = game.to_move if score > 0 else 1 - game.to_move
    summary = getattr(game, "result_text", None)
    if callable(summary):
        return winner, str(summary())
    return winner, "draw" if winner is None else f"{player_name(game, winner)} wins"


# ---------------------------------------------------------------------------
# the parser


def add_common(parser: argparse.ArgumentParser, moves_example: str) -> None:
    """``--position``, ``--moves``, ``--json`` and ``--quiet``."""
    add_position_arguments(parser, moves_example)
    add_output_arguments(parser)


def add_search_options(parser: argparse.ArgumentParser, default_time: float | None) -> None:
    add_ranged_argument(parser, "--depth", DEPTH, "maximum search depth in plies")
    time_help = "time limit per move in seconds" + (
        f" (default {default_time:g})" if default_time is not None else ""
    )
    add_ranged_argument(parser, "--time", TIME, time_help, default=default_time)
    add_ranged_argument(
        parser,
        "--nodes",
        NODES,
        "stop after about this many nodes per move (like --time, but the same on every machine)",
    )
    parser.add_argument("--algorithm", choices=ALGORITHMS, default="pvs", help="default: pvs")
    parser.add_argument("--no-tt", action="store_true", help="search without a transposition table")


def add_parallel_options(parser: argparse.ArgumentParser) -> None:
    add_ranged_argument(
        parser,
        "--workers",
        WORKERS,
        "split the tree into jobs run by N local processes (same answer as serial)",
        metavar="N",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run the jobs on a Dask cluster, e.g. tcp://host:8786 (the distributed extra)",
    )
    add_ranged_argument(
        parser,
        "--split-depth",
        SPLIT_DEPTH,
        "plies expanded before the tree is cut into jobs (default: chosen for the workers)",
        metavar="D",
    )


def add_command_arguments(command: str, parser: argparse.ArgumentParser) -> None:
    """The options a generic command adds to every game's own."""
    if command in ("solve", "perft"):
        add_parallel_options(parser)
    if command == "solve":
        add_ranged_argument(
            parser,
            "--time",
            TIME,
            "stop after this many seconds: no value is guessed, the answer says "
            "'not solved' (exit status 3)",
        )
        add_ranged_argument(
            parser,
            "--nodes",
            NODES,
            "stop after about this many nodes (like --time, the same on every machine)",
        )
        parser.add_argument(
            "--progress",
            choices=("text", "json"),
            default="text",
            help="progress on stderr as lines of text (default) or JSON lines: root moves "
            "decided, the value's window, nodes per second, an estimate (--quiet: none)",
        )
    if command == "perft":
        add_ranged_argument(parser, "--depth", PERFT_DEPTH, "plies", required=True)
        parser.add_argument(
            "--divide", action="store_true", help="also give the count below each move"
        )
    elif command == "bestmove":
        add_search_options(parser, default_time=None)
    elif command == "trace":
        from reference.cli import trace as trace_cli

        trace_cli.add_arguments(parser)
    elif command == "play":
        add_search_options(parser, default_time=1.0)
        parser.add_argument(
            "--player",
            choices=("paper", "search"),
            default="paper",
            help="the computer: the paper's player of the game (default: players.py's "
            "paper_player, e.g. Connect6 tries threat-space search first) or the core's "
            "iterative deepening with --algorithm and --no-tt (search)",
        )
        for side, default in (("first", "human"), ("second", "computer")):
            parser.add_argument(
                f"--{side}",
                choices=("human", "computer"),
                default=default,
                help=f"who plays the {side} player (default: {default})",
            )
        add_ranged_argument(parser, "--max-plies", MAX_PLIES, "stop the game after this many plies")
        parser.add_argument(
            "--verbose",
            action="store_true",
            help="print each depth the computer searches (--player search; the paper's "
            "player prints its last): its value changes from depth to depth, an odd depth "
            "ending on the computer's move, an even one on yours",
        )


COMMANDS: dict[str, tuple[str, Callable[[GameSpec, argparse.Namespace], None]]] = {
    "solve": ("exact game-theoretic value and every optimal move", cmd_solve),
    "perft": ("count the move sequences of exactly --depth plies", cmd_perft),
    "bestmove": ("the best move found by a depth- or time-limited search", cmd_bestmove),
    "play": ("play a game in the terminal (human or computer on each side)", cmd_play),
    "show": ("print a position, its notation and legal moves", cmd_show),
    "legal": ("list every legal move of a position (the rules)", cmd_legal),
    "trace": (
        "show every node a search visits: windows, values, cutoffs, table use (text, JSON, SVG)",
        cmd_trace,
    ),
}


ORACLE_COMMANDS: dict[str, tuple[str, str]] = {
    "check": (
        "compare an external engine's perft counts or values with the reference's",
        "reference.cli.check",
    ),
    "suite": (
        "write a test suite: positions with perft counts, values and best moves (JSON lines)",
        "reference.cli.suite",
    ),
}
"""The oracle toolkit's commands that take a GAME (``docs/oracle.md``): help and module.

The module (imported only when its command is run) has ``add_arguments(parser)`` and
``run(spec, args) -> exit status``."""


def oracle_module(command: str) -> Any:
    """The module of an oracle command (:data:`ORACLE_COMMANDS`), imported now."""
    return importlib.import_module(ORACLE_COMMANDS[command][1])


ANNOTATE = "annotate"
"""``annotate GAME``: replay game records (:mod:`reference.cli.annotate`, every game)."""
ANNOTATE_HELP = "replay game records: check every move, prove values, flag mistakes (?, ??, !)"
"""The same text as ``reference.cli.annotate.HELP`` (a test checks it)."""
GOMOCUP = "gomocup"
"""``gomocup``: the Gomocup brain (:mod:`reference.gomocup.cli`, no GAME)."""
GOMOCUP_HELP = "a Gomocup-protocol gomoku brain on stdin / stdout"
BENCH = "bench"
"""``bench``: benchmark every game (:mod:`reference.cli.bench`, imports them all; no GAME)."""
BENCH_HELP = "benchmark every game (and OpenSpiel, with the peers extra)"
SERVE = "serve"
"""``serve``: JSON requests on stdin (:mod:`reference.cli.serve`; no GAME, each request names one)."""
TABLEBASE = "tablebase"
TABLEBASE_HELP = "build, probe and count endgame tables solved from the last move back"
SERVE_HELP = "answer JSON requests, one per line, on stdin (solve, perft, bestmove, show, legal)"


@dataclass(frozen=True, slots=True)
class OwnCommand:
    """A command without a GAME, with a parser of its own."""

    help: str
    module: str
    """Imported only when the command is run or asked for ``--help``: it has ``DESCRIPTION``,
    ``add_arguments(parser)`` and ``run(args) -> exit status``."""
    raw_description: bool = True
    """``--help`` prints the description as written (else argparse fills its lines)."""


OWN_COMMANDS: dict[str, OwnCommand] = {
    BENCH: OwnCommand(BENCH_HELP, "reference.cli.bench"),
    SERVE: OwnCommand(SERVE_HELP, "reference.cli.serve"),
    TABLEBASE: OwnCommand(TABLEBASE_HELP, "reference.cli.tablebase"),
    GOMOCUP: OwnCommand(GOMOCUP_HELP, "reference.gomocup.cli", raw_description=False),
}
"""``bench``, ``serve`` and ``gomocup``, in the order ``--help`` lists them (after the rest)."""


def own_module(command: str) -> Any:
    """The module of a command of :data:`OWN_COMMANDS`, imported now."""
    return importlib.import_module(OWN_COMMANDS[command].module)


def command_games() -> dict[str, list[tuple[str, str]]]:
    """Every command taking a GAME, with its ``(game, help)`` pairs, from :data:`GAMES` (no import)."""
    table: dict[str, list[tuple[str, str]]] = {
        command: [(entry.name, entry.help) for entry in GAMES] for command in COMMANDS
    }
    for entry in GAMES:
        for command, help_text in EXTRA_COMMANDS[entry.name]:
            table.setdefault(command, []).append((entry.name, help_text))
    table[ANNOTATE] = [(entry.name, entry.help) for entry in GAMES]
    for command in ORACLE_COMMANDS:
        table[command] = [(entry.name, entry.help) for entry in GAMES]
    return table


def selected_game(argv: Sequence[str]) -> tuple[str, str] | None:
    """``(command, game)`` when ``argv`` starts with a known command and one of its games."""
    if len(argv) < 2:
        return None
    games = command_games().get(argv[0], [])
    return (argv[0], argv[1]) if any(name == argv[1] for name, _ in games) else None


def _command_help(command: str) -> str:
    if command in COMMANDS:
        return COMMANDS[command][0]
    if command == ANNOTATE:
        return ANNOTATE_HELP
    if command in ORACLE_COMMANDS:
        return ORACLE_COMMANDS[command][0]
    for extra in EXTRA_COMMANDS.values():
        for name, help_text in extra:
            if name == command:
                return help_text
    raise KeyError(command)


Subcommands: TypeAlias = "argparse._SubParsersAction[OneLineErrorParser]"
"""The sub-parsers of a command line (``COMMAND`` or ``GAME``)."""


def build_parser(
    selected: tuple[str, str] | None = None,
    spec: GameSpec | None = None,
    *,
    own: str | None = None,
) -> argparse.ArgumentParser:
    """The argument parser; only the ``selected`` (command, game) gets its game's options
    (and ``own``, the command word when it is ``annotate``, ``gomocup``, ``bench`` or
    ``serve``, its own parser).

    The other (command, game) pairs are listed with their help (from
    :data:`reference.registry.GAMES` and :data:`reference.cli.extra.EXTRA_COMMANDS`)
    without importing their game.
    """
    parser = OneLineErrorParser(
        prog="python -m reference",
        description=__doc__.split("\n\n")[1] if __doc__ else None,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command, games in command_games().items():
        if command == ANNOTATE and own == ANNOTATE:
            from reference.cli import annotate as annotate_cli

            chosen = spec if selected is not None and selected[0] == ANNOTATE else None
            annotate_cli.add_parser(commands, games, chosen)
        else:
            add_game_command(commands, command, games, selected, spec)
    for name, own_command in OWN_COMMANDS.items():
        add_own_command(commands, name, own_command, load=own == name)
    return parser


def add_game_command(
    commands: Subcommands,
    command: str,
    games: Sequence[tuple[str, str]],
    selected: tuple[str, str] | None,
    spec: GameSpec | None,
) -> None:
    """``command GAME`` for every ``(game, help)`` of ``games``; the ``selected`` game's
    parser gets its options."""
    help_text = _command_help(command)
    command_parser = commands.add_parser(
        command, help=help_text, description=help_text, allow_abbrev=False
    )
    game_parsers = command_parser.add_subparsers(dest="game", metavar="GAME", required=True)
    for name, game_help in games:
        description = f"{help_text}: {game_help}" if command in COMMANDS else game_help
        game_parser = game_parsers.add_parser(
            name, help=game_help, description=description, allow_abbrev=False
        )
        if (command, name) == selected and spec is not None:
            add_game_arguments(game_parser, command, spec)


def add_game_arguments(parser: argparse.ArgumentParser, command: str, spec: GameSpec) -> None:
    """The options of ``command`` for ``spec``'s game: the game's own, then the command's."""
    if command in COMMANDS:
        add_game_options(parser, spec)
        add_common(parser, spec.moves_example)
        add_command_arguments(command, parser)
    elif command in ORACLE_COMMANDS:
        add_game_options(parser, spec)
        oracle_module(command).add_arguments(parser)
    else:
        load_commands(spec.name)[command].add_arguments(parser, spec)
        if not any(action.dest == "json" for action in parser._actions):
            add_output_arguments(parser)


def add_own_command(commands: Subcommands, name: str, command: OwnCommand, *, load: bool) -> None:
    """The parser of one of :data:`OWN_COMMANDS`; with ``load``, its module's options."""
    parser = commands.add_parser(
        name,
        help=command.help,
        description=command.help,
        formatter_class=(
            argparse.RawDescriptionHelpFormatter
            if command.raw_description
            else argparse.HelpFormatter
        ),
        allow_abbrev=False,
    )
    if load:
        module = own_module(name)
        parser.description = module.DESCRIPTION
        module.add_arguments(parser)


def run_extra(spec: GameSpec, command: str, args: argparse.Namespace) -> None:
    extra_command = load_commands(spec.name)[command]
    result = extra_command.run(spec, args)
    if extra_command.render is not None:
        text = extra_command.render(result)
    else:
        text = "\n".join(f"{key}: {value}" for key, value in result.items())
    emit(args, result, text)


_LONG_WORD = re.compile(r"\S{80,}")


def one_line(error: BaseException) -> str:
    """The first line of an error's message (the name of its type when it has none).

    A word of 80 characters or more (a 5,000-digit number echoed back) is cut in the
    middle, so that the line stays readable.
    """
    text = str(error)
    line = text.splitlines()[0] if text.strip() else type(error).__name__
    return _LONG_WORD.sub(
        lambda m: f"{m[0][:40]}...[{len(m[0]) - 60} characters cut]...{m[0][-20:]}", line
    )


class SolveStopped(Exception):
    """``solve --time`` / ``--nodes`` stopped before the end (exit status 3)."""


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised where the program is, so that every ``with`` block closes
    (an engine of ``check`` is stopped, with the processes it started, as on Ctrl-C)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def terminated_as_interrupt() -> Iterator[None]:
    """SIGTERM and SIGHUP raise :class:`Terminated` while the block runs (the main thread
    only; the handlers before are restored after)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, _frame: object) -> None:
        raise Terminated(signum)

    kept = {}
    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            kept[number] = signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in kept.items():
            signal.signal(number, handler)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input, 130 interrupted;
    ``check``: 1 when the engine disagrees)."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    selected = selected_game(arguments)
    spec = load_spec(selected[1]) if selected is not None else None
    own = arguments[0] if arguments[:1] and arguments[0] in (*OWN_COMMANDS, ANNOTATE) else None
    parser = build_parser(selected, spec, own=own)
    try:
        args = parser.parse_args(arguments)
    except SystemExit as stop:  # --help (0) or an argument error (2, one line on stderr)
        return stop.code if isinstance(stop.code, int) else 2
    if args.command == GOMOCUP:  # the brain answers every error itself, on stdout
        return int(own_module(GOMOCUP).run(args))
    try:
        with terminated_as_interrupt():
            return run_command(args, spec)
    except Terminated as stop:
        print(f"terminated ({signal.Signals(stop.signum).name})", file=sys.stderr)
        return 128 + stop.signum
    except SolveStopped:
        return 3
    except GameError as error:
        print(f"error: {one_line(error)}", file=sys.stderr)
    except BrokenPipeError:
        # the reader went away (`... | head`): no traceback; stdout to nowhere so that
        # Python's own flush at exit does not fail again; 141 = 128 + SIGPIPE, as a shell says
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except EOFError:
        print("error: end of input", file=sys.stderr)
    except RecursionError:
        # a last resort: the search core sizes its recursion for the deepest game
        print(
            "error: the search went deeper than Python's recursion limit allows; "
            "ask for a smaller --depth or a shorter game",
            file=sys.stderr,
        )
    except MemoryError:
        print("error: out of memory: ask for a smaller board or search", file=sys.stderr)
    return 2


def run_command(args: argparse.Namespace, spec: GameSpec | None) -> int:
    """Run the parsed command; its exit status (bad input raises ``GameError``)."""
    if args.command in OWN_COMMANDS:
        return int(own_module(args.command).run(args))
    assert spec is not None  # parse_args exits unless a command and a game were given
    if args.command == ANNOTATE:
        from reference.cli import annotate as annotate_cli

        return annotate_cli.run(spec, args)
    if args.command in ORACLE_COMMANDS:
        return int(oracle_module(args.command).run(spec, args))
    if args.command in COMMANDS:
        COMMANDS[args.command][1](spec, args)
    else:
        run_extra(spec, args.command, args)
    return 0


__all__ = ["main"]
