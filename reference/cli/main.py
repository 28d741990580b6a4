"""``python -m reference COMMAND GAME [options]``: the command line and oracle interface.

Commands for every game: ``solve`` (exact value and all optimal moves), ``perft``
(move-sequence counts), ``bestmove`` (depth- or time-limited search), ``play``
(a game in the terminal), ``show`` (print a position).  Some games add their own
(``enumerate wargame``, ``tss connect6``, ``partition dou-shou-qi``).

With ``--json`` a command prints exactly one JSON object on stdout.  Bad input
exits with status 2 and one line on stderr.  Progress of long searches goes to
stderr unless ``--quiet``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from reference.cli import annotate as annotate_cli
from reference.cli import bench, check, results, serve, suite
from reference.cli.games import available_games
from reference.cli.spec import GameSpec, JsonObject, add_position_arguments, game_from_args
from reference.errors import GameError, ParameterError
from reference.search import ALGORITHMS, MATE_BOUND, WIN, Counters, SearchResult, SearchStats
from reference.search.protocol import PlayableGame

AnyGame = PlayableGame[Any]

EPILOG = """examples:
  python -m reference solve mnk --m 3 --n 3 --k 3 --json
  python -m reference perft mnk --m 3 --n 3 --k 3 --depth 4
  python -m reference perft mnk --m 4 --n 4 --k 4 --depth 6 --workers 2
  python -m reference bestmove mnk --m 4 --n 4 --k 3 --moves "b2 c3" --time 1
  python -m reference play mnk --m 3 --n 3 --k 3 --first human --second computer
  python -m reference bench                  (every game; OpenSpiel too with the peers extra)
  python -m reference check mnk --engine "./my-engine --m 3 --n 3 --k 3" --what perft --depth 3
  python -m reference suite mnk --m 3 --n 3 --k 3 --positions 20 --depth 2 > ttt.jsonl
  echo '{"id": 1, "command": "perft", "game": "mnk", "depth": 1}' | python -m reference serve
  python -m reference COMMAND GAME --help    (the options of one game)
"""


class OneLineErrorParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


# ---------------------------------------------------------------------------
# building a game from the options


def build_game(spec: GameSpec, args: argparse.Namespace) -> AnyGame:
    """The game the options describe: ``--position`` (or the start), then ``--moves``."""
    return game_from_args(spec.new_game, args)


def player_name(game: AnyGame, player: int) -> str:
    namer = getattr(game, "player_name", None)
    if callable(namer):
        return str(namer(player))
    return f"player {player + 1}"


def emit(args: argparse.Namespace, result: JsonObject, text: str) -> None:
    if args.json:
        print(json.dumps(result))
    else:
        print(text)


def progress(args: argparse.Namespace, message: str) -> None:
    if not args.quiet:
        print(message, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------
# the generic commands


def parallel_options(args: argparse.Namespace, command: str) -> results.ParallelOptions:
    """The keyword arguments of ``--workers``, ``--dask`` and ``--split-depth`` for the API,
    with a progress line on stderr after each finished job."""
    if args.workers is None and args.dask is None:
        if args.split_depth is not None:
            raise ParameterError("--split-depth needs --workers N or --dask ADDRESS")
        return {}
    start = time.monotonic()

    def on_job(done: int, total: int, stats: SearchStats) -> None:
        elapsed = time.monotonic() - start
        progress(args, f"{command}: {done}/{total} jobs, {stats.nodes:,} nodes, {elapsed:.1f} s")

    return {
        "workers": args.workers,
        "dask": args.dask,
        "split_depth": args.split_depth,
        "on_job": on_job,
    }


def cmd_solve(spec: GameSpec, args: argparse.Namespace) -> None:
    game = build_game(spec, args)
    start = time.monotonic()

    def on_progress(counters: Counters) -> None:
        elapsed = time.monotonic() - start
        progress(args, f"solve: {counters.nodes:,} nodes, {elapsed:.1f} s")

    out = results.solve_result(
        game, on_progress=on_progress, parallel=parallel_options(args, "solve")
    )
    moves = out["best_moves"]
    assert isinstance(moves, list)
    text = (
        f"value: {out['value']} (for {player_name(game, game.to_move)}, the side to move)\n"
        f"best moves: {' '.join(moves) if moves else '(none: the game is over)'}\n"
        f"nodes: {out['nodes']:,}  seconds: {out['seconds']:.3f}"
    )
    emit(args, out, text)


def cmd_perft(spec: GameSpec, args: argparse.Namespace) -> None:
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
    game: AnyGame, args: argparse.Namespace, time_limit: float | None, depth: int | None
) -> JsonObject:
    """The ``bestmove`` result object (with progress lines on stderr); ``play`` uses it too."""

    def on_iteration(result: SearchResult[Any]) -> None:
        progress(
            args,
            f"depth {result.depth}: value {result.value}, move {game.format_move(result.best_move)}, "
            f"{result.stats.nodes:,} nodes, {result.seconds:.2f} s",
        )

    return results.bestmove_result(
        game,
        depth=depth,
        time_limit=time_limit,
        algorithm=args.algorithm,
        use_tt=not args.no_tt,
        full_width=bool(getattr(args, "full_width", False)),
        on_iteration=on_iteration,
        node_limit=getattr(args, "nodes", None),
    )


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


def describe_score(score: int) -> str:
    if score >= MATE_BOUND:
        return f"{score} (win in {WIN - score} plies)"
    if score <= -MATE_BOUND:
        return f"{score} (loss in {WIN + score} plies)"
    return str(score)


def cmd_show(spec: GameSpec, args: argparse.Namespace) -> None:
    game = build_game(spec, args)
    out = results.show_result(game)
    moves = out["legal_moves"]
    assert isinstance(moves, list)
    text = (
        f"{game.render()}\n"
        f"position: {out['position']}\n"
        f"to move: {player_name(game, game.to_move)}"
        f"{'  (game over)' if out['terminal'] else f'  ({len(moves)} legal moves)'}"
    )
    emit(args, out, text)


def cmd_legal(spec: GameSpec, args: argparse.Namespace) -> None:
    game = build_game(spec, args)
    out = results.legal_result(game)
    moves = out["moves"]
    assert isinstance(moves, list)
    emit(args, out, " ".join(moves) if moves else "(no legal move: the game is over)")


def cmd_play(
    spec: GameSpec,
    args: argparse.Namespace,
    read: Callable[[str], str] | None = None,
    write: Callable[[str], None] = print,
) -> None:
    """A game in the terminal: each side is a human (typing moves) or the computer."""
    if read is None:
        read = input
    game = build_game(spec, args)
    kinds = (args.first, args.second)
    plies = 0
    while not game.is_terminal():
        if args.max_plies is not None and plies >= args.max_plies:
            write(f"stopped after {plies} plies (--max-plies)")
            return
        write(game.render())
        mover = game.to_move
        name = player_name(game, mover)
        if kinds[mover] == "human":
            text = read(f"{name} to move (or 'quit'): ").strip()
            if text in ("quit", "q", "exit"):
                write("game abandoned")
                return
            try:
                game.play(game.parse_move(text))
            except GameError as error:
                write(f"  {error}")
                continue
        else:
            out = search_move(game, args, args.time, args.depth)
            value = out["value"]
            assert isinstance(value, int)
            write(
                f"{name} plays {out['move']} (depth {out['depth']}, value {describe_score(value)})"
            )
            game.play(game.parse_move(str(out["move"])))
        plies += 1
    write(game.render())
    summary = getattr(game, "result_text", None)
    if callable(summary):
        write(f"game over: {summary()}")
    else:
        score = game.terminal_score()
        if score == 0:
            write("game over: draw")
        else:
            winner = game.to_move if score > 0 else 1 - game.to_move
            write(f"game over: {player_name(game, winner)} wins")


# ---------------------------------------------------------------------------
# the parser


def add_common(parser: argparse.ArgumentParser, moves_example: str | None) -> None:
    if moves_example is not None:
        add_position_arguments(parser, moves_example)
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    parser.add_argument("--quiet", action="store_true", help="no progress output on stderr")


def add_parallel_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="split the tree into jobs run by N local processes (same answer as serial)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run the jobs on a Dask cluster, e.g. tcp://host:8786 (the distributed extra)",
    )
    parser.add_argument(
        "--split-depth",
        type=int,
        metavar="D",
        help="plies expanded before the tree is cut into jobs (default: chosen for the workers)",
    )


def add_search_options(parser: argparse.ArgumentParser, default_time: float | None) -> None:
    parser.add_argument("--depth", type=int, help="maximum search depth in plies")
    parser.add_argument(
        "--time", type=float, default=default_time, help="time limit per move in seconds"
    )
    parser.add_argument(
        "--nodes",
        type=int,
        help="stop after about this many nodes per move (like --time, but the same on every machine)",
    )
    parser.add_argument("--algorithm", choices=ALGORITHMS, default="pvs", help="default: pvs")
    parser.add_argument("--no-tt", action="store_true", help="search without a transposition table")


COMMANDS: dict[str, tuple[str, Callable[[GameSpec, argparse.Namespace], None]]] = {
    "solve": ("exact game-theoretic value and every optimal move", cmd_solve),
    "perft": ("count the move sequences of exactly --depth plies", cmd_perft),
    "bestmove": ("the best move found by a depth- or time-limited search", cmd_bestmove),
    "play": ("play a game in the terminal (human or computer on each side)", cmd_play),
    "show": ("print a position, its notation and legal moves", cmd_show),
    "legal": ("list every legal move of a position (the rules)", cmd_legal),
}


ORACLE_COMMANDS: dict[
    str,
    tuple[
        str,
        Callable[[argparse.ArgumentParser], None],
        Callable[[GameSpec, argparse.Namespace], int],
    ],
] = {
    "check": (
        "compare an external engine's perft counts or values with the reference's",
        check.add_arguments,
        check.run,
    ),
    "suite": (
        "write a test suite: positions with perft counts, values and best moves (JSON lines)",
        suite.add_arguments,
        suite.run,
    ),
}
"""The oracle toolkit's commands that take a GAME (``docs/oracle.md``); each returns its exit status."""


def build_parser(specs: dict[str, GameSpec]) -> argparse.ArgumentParser:
    parser = OneLineErrorParser(
        prog="python -m reference",
        description=__doc__.split("\n\n")[1] if __doc__ else None,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command, (help_text, _) in COMMANDS.items():
        command_parser = commands.add_parser(command, help=help_text, description=help_text)
        games = command_parser.add_subparsers(dest="game", metavar="GAME", required=True)
        for name, spec in specs.items():
            game_parser = games.add_parser(
                name, help=spec.help, description=f"{help_text}: {spec.help}"
            )
            spec.add_arguments(game_parser)
            add_common(game_parser, spec.moves_example)
            if command in ("solve", "perft"):
                add_parallel_options(game_parser)
            if command == "perft":
                game_parser.add_argument("--depth", type=int, required=True, help="plies (>= 0)")
                game_parser.add_argument(
                    "--divide", action="store_true", help="also give the count below each move"
                )
            elif command == "bestmove":
                add_search_options(game_parser, default_time=None)
            elif command == "play":
                add_search_options(game_parser, default_time=1.0)
                for side, default in (("first", "human"), ("second", "computer")):
                    game_parser.add_argument(
                        f"--{side}",
                        choices=("human", "computer"),
                        default=default,
                        help=f"who plays the {side} player (default: {default})",
                    )
                game_parser.add_argument(
                    "--max-plies", type=int, help="stop the game after this many plies"
                )
    bench_parser = commands.add_parser(
        "bench",
        help="benchmark every game (and OpenSpiel, with the peers extra)",
        description=bench.DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    bench.add_arguments(bench_parser)
    for command, (help_text, add_arguments, _) in ORACLE_COMMANDS.items():
        command_parser = commands.add_parser(command, help=help_text, description=help_text)
        games = command_parser.add_subparsers(dest="game", metavar="GAME", required=True)
        for name, spec in specs.items():
            game_parser = games.add_parser(
                name, help=spec.help, description=f"{help_text}: {spec.help}"
            )
            spec.add_arguments(game_parser)
            add_arguments(game_parser)
    serve_help = (
        "answer JSON requests, one per line, on stdin (solve, perft, bestmove, show, legal)"
    )
    serve_parser = commands.add_parser(
        "serve",
        help=serve_help,
        description=serve.__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    serve.add_arguments(serve_parser)
    extra: dict[str, dict[str, GameSpec]] = {}
    for name, spec in specs.items():
        for command in spec.extra_commands:
            extra.setdefault(command, {})[name] = spec
    for command, by_game in extra.items():
        first_help = next(iter(by_game.values())).extra_commands[command].help
        command_parser = commands.add_parser(command, help=first_help, description=first_help)
        games = command_parser.add_subparsers(dest="game", metavar="GAME", required=True)
        for name, spec in by_game.items():
            extra_command = spec.extra_commands[command]
            game_parser = games.add_parser(
                name, help=extra_command.help, description=extra_command.help
            )
            extra_command.add_arguments(game_parser)
            if not any(a.dest == "json" for a in game_parser._actions):
                add_common(game_parser, None)
    add_own_commands(commands, specs)
    return parser


def add_own_commands(commands: Any, specs: dict[str, GameSpec]) -> None:
    """Commands with parsers of their own: ``annotate GAME`` and ``gomocup`` (no GAME)."""
    from reference.gomocup import cli as gomocup_cli

    annotate_cli.add_parser(commands, specs)
    gomocup_parser = commands.add_parser(
        "gomocup", help="a Gomocup-protocol gomoku brain on stdin / stdout",
        description=gomocup_cli.DESCRIPTION,
    )
    gomocup_cli.add_arguments(gomocup_parser)


def run_extra(spec: GameSpec, command: str, args: argparse.Namespace) -> None:
    extra_command = spec.extra_commands[command]
    result = extra_command.run(args)
    if extra_command.render is not None:
        text = extra_command.render(result)
    else:
        text = "\n".join(f"{key}: {value}" for key, value in result.items())
    emit(args, result, text)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (0 ok, 2 bad input; ``check``: 1 disagreement)."""
    specs = available_games()
    parser = build_parser(specs)
    args = parser.parse_args(argv)
    if args.command == "gomocup":
        from reference.gomocup import cli as gomocup_cli

        return gomocup_cli.run(args)
    try:
        if args.command == "bench":
            return bench.run(args)
        if args.command == "serve":
            return serve.run(args)
        spec = specs[args.game]
        if args.command == "annotate":
            return annotate_cli.run(spec, args)
        if args.command in ORACLE_COMMANDS:
            return ORACLE_COMMANDS[args.command][2](spec, args)
        if args.command in COMMANDS:
            COMMANDS[args.command][1](spec, args)
        else:
            run_extra(spec, args.command, args)
    except GameError as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except EOFError:
        print("error: end of input", file=sys.stderr)
        return 2
    return 0


__all__ = ["main"]
