"""``python -m reference serve``: many questions, one process (JSON lines on stdin / stdout).

Each line of stdin is one request, a JSON object::

    {"id": 7, "command": "perft", "game": "mnk", "options": {"m": 3, "n": 3, "k": 3},
     "moves": ["b2", "a1"], "depth": 2, "divide": true}

and gets exactly one line on stdout, in the order asked::

    {"id": 7, "ok": true, "result": {"depth": 2, "nodes": 42, "seconds": ..., "divide": {...}}}
    {"id": 7, "ok": false, "error": "one line saying what was wrong"}

``result`` is the object the command line prints with ``--json`` (built by the same
functions, :mod:`reference.cli.results`).  Commands: ``solve``, ``perft``
(``depth``, ``divide``), ``bestmove`` (``depth`` and / or ``time``, ``algorithm``,
``no_tt``), ``show``, ``legal``.  ``options`` are the game's command-line options
by name (``docs/oracle.md`` has the schema).  A bad line gets an error response
and the server goes on; a blank line gets none (as in ``check`` and suite files);
end of input ends it.  Each request may take at most the server's ``--time-limit``
seconds (a request's ``time_limit`` may lower it).

Files: the server reads a war chess ``scenario`` file only when started with
``--scenario-dir DIR``, and only under DIR (the name is relative to DIR; ``..`` and
symbolic links that lead out are refused).  Its errors never quote the file's content.
"""

from __future__ import annotations

import argparse
import json
import math
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import IO, Any

from reference import api
from reference.cli import results
from reference.cli.options import SECONDS
from reference.errors import GameError, ParameterError
from reference.files import FileReadError, directory, path_inside, unique_keys
from reference.ranges import add_ranged_argument
from reference.registry import GameSpec, JsonObject, all_specs, play_moves
from reference.search import ALGORITHMS
from reference.search.protocol import PlayableGame
from reference.search.root import Algorithm

AnyGame = PlayableGame[Any]

DESCRIPTION = __doc__
"""What ``serve --help`` prints (this module's docstring)."""

DEFAULT_TIME_LIMIT = 60.0
"""Seconds one request may take unless ``serve --time-limit`` says otherwise (our choice)."""

MAX_REQUEST = 1 << 20
"""Longest request line, in bytes (our choice)."""

COMMON_FIELDS = ("id", "command", "game", "options", "position", "moves", "time_limit")
COMMAND_FIELDS: dict[str, tuple[str, ...]] = {
    "solve": (),
    "perft": ("depth", "divide"),
    "bestmove": ("depth", "time", "algorithm", "no_tt"),
    "show": (),
    "legal": (),
}


class RequestTimeout(BaseException):
    """Raised in the server's thread when a request overruns its time limit.

    A ``BaseException``, so that no ``except Exception`` on the way can swallow it.
    """


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`RequestTimeout` if the block runs longer than ``seconds``.

    Uses ``SIGALRM`` (a POSIX interval timer) in the main thread; elsewhere (another
    thread, Windows) the block runs unlimited.
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable:
        yield
        return

    def on_alarm(signum: int, frame: FrameType | None) -> None:
        raise RequestTimeout

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# ---------------------------------------------------------------------------
# one request


def _field_int(request: Mapping[str, object], name: str, low: int, high: int) -> int | None:
    value = request.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ParameterError(
            f"{name!r} must be an integer from {low} to {high}, got {_brief(value)}"
        )
    return value


def _field_seconds(request: Mapping[str, object], name: str, high: float) -> float | None:
    value = request.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= high:
        raise ParameterError(
            f"{name!r} must be a number of seconds > 0 and <= {high:g}, got {_brief(value)}"
        )
    return float(value)


def _field_bool(request: Mapping[str, object], name: str) -> bool:
    value = request.get(name, False)
    if not isinstance(value, bool):
        raise ParameterError(f"{name!r} must be true or false, got {_brief(value)}")
    return value


def _field_algorithm(request: Mapping[str, object]) -> Algorithm:
    value = request.get("algorithm", "pvs")
    for algorithm in ALGORITHMS:
        if value == algorithm:
            return algorithm
    raise ParameterError(f"'algorithm' must be one of {', '.join(ALGORITHMS)}, got {_brief(value)}")


def _brief(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, float) else repr(value)
    return text if len(text) <= 40 else f"{text[:40]}... ({len(text)} characters)"


def build_game(spec: GameSpec, request: Mapping[str, object], files: Path | None = None) -> AnyGame:
    """The position of a request: ``position`` (or the start, or a file an option names,
    read under the directory ``files``), then ``moves``, each checked."""
    position = request.get("position")
    if position is not None and not isinstance(position, str):
        raise ParameterError(f"'position' must be a string, got {_brief(position)}")
    moves = request.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ParameterError("'moves' must be a list of strings (moves in the game's notation)")
    options = request.get("options")
    values = spec.check_options({} if options is None else options)
    named = {
        o.name: value
        for o in spec.options
        if o.kind == "file" and isinstance(value := values.get(o.name), str)
    }
    if named:
        game = game_from_files(spec, values, position, named, files)
    else:
        game = spec.new_game(values, position)
    return play_moves(game, moves, source="'moves'")


def game_from_files(
    spec: GameSpec,
    values: Mapping[str, object],
    position: str | None,
    named: Mapping[str, str],
    files: Path | None,
) -> AnyGame:
    """The game whose start position the files ``named`` by options give, each read
    under ``files`` (``None``: no file may be read); an error never quotes a file."""
    option = next(iter(named))
    if files is None:
        raise ParameterError(
            f"option {option!r}: this server reads no files (start it with "
            "'serve --scenario-dir DIR' to read files under DIR)"
        )
    if position is not None:
        raise ParameterError(f"give option {option!r} or 'position', not both")
    real = {name: str(path_inside(files, text, f"{name} file")) for name, text in named.items()}
    try:
        return spec.new_game({**values, **real}, None)
    except FileReadError as error:  # said with the name as the request gave it
        name = next((n for n, path in real.items() if path == error.path), option)
        raise ParameterError(f"cannot read {name} file {named[name]!r}: {error.reason}") from None
    except GameError:  # the content is not a position: said without quoting it
        raise ParameterError(
            f"{option} file {named[option]!r} is not a {spec.name} position with these "
            f"options (this server never quotes a file; 'python -m reference show "
            f"{spec.name} --{option.replace('_', '-')} FILE' says what is wrong)"
        ) from None


def answer(
    request: Mapping[str, object], specs: Mapping[str, GameSpec], files: Path | None = None
) -> JsonObject:
    """The ``result`` object of one well-formed request (raise ``GameError`` on bad input);
    ``files``: the directory a file option may name files in (``None``: none)."""
    command = request.get("command")
    if not isinstance(command, str) or command not in COMMAND_FIELDS:
        raise ParameterError(
            f"'command' must be one of {', '.join(COMMAND_FIELDS)}, got {_brief(command)}"
        )
    unknown = sorted(set(request) - set(COMMON_FIELDS) - set(COMMAND_FIELDS[command]))
    if unknown:
        allowed = ", ".join((*COMMON_FIELDS, *COMMAND_FIELDS[command]))
        raise ParameterError(
            f"unknown field(s) {', '.join(map(repr, unknown))} for {command} (allowed: {allowed})"
        )
    name = request.get("game")
    if not isinstance(name, str) or name not in specs:
        raise ParameterError(f"'game' must be one of {', '.join(specs)}, got {_brief(name)}")
    spec = specs[name]
    game = build_game(spec, request, files)
    if command == "solve":
        return results.solve_result(game)
    if command == "perft":
        depth = _field_int(request, "depth", 0, 10_000)
        if depth is None:
            raise ParameterError("perft needs 'depth' (an integer >= 0)")
        return results.perft_result(game, depth, divide=_field_bool(request, "divide"))
    if command == "bestmove":
        depth = _field_int(request, "depth", 1, 10_000)
        seconds = _field_seconds(request, "time", 1e7)
        if depth is None and seconds is None:
            raise ParameterError("bestmove needs 'depth', 'time' or both")
        algorithm = _field_algorithm(request)
        options = spec.check_options(request.get("options", {}))
        answer = api.bestmove(
            game,
            depth=depth,
            time_limit=seconds,
            algorithm=algorithm,
            use_tt=not _field_bool(request, "no_tt"),
            full_width=bool(options.get("full_width", False)),
        )
        return results.bestmove_result(game, answer)
    if command == "show":
        return results.show_result(game)
    return results.legal_result(game)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:20]} is too large for a float")
    return value


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not JSON")


def parse_json(text: str) -> object:
    """``json.loads`` that refuses NaN, Infinity and overflowing floats, with one-line errors."""
    try:
        return json.loads(
            text, parse_float=_finite, parse_constant=_no_constant, object_pairs_hook=unique_keys
        )
    except RecursionError:
        raise ParameterError("not JSON: nested too deeply") from None
    except ValueError as error:
        message = str(error).splitlines()[0]
        if "integer string conversion" in message:
            message = "a number has more than 4,300 digits"
        raise ParameterError(f"not JSON: {message[:120]}") from None


def respond(
    line: bytes,
    specs: Mapping[str, GameSpec],
    limit: float,
    limiter: Callable[[float], Any] = time_limit,
    files: Path | None = None,
) -> JsonObject:
    """The response to one raw request line (never raises, except ``KeyboardInterrupt``);
    ``files``: the directory scenario files are read in (``None``: no file is read)."""
    request_id: object = None
    seconds = limit
    try:
        if len(line) > MAX_REQUEST:
            raise ParameterError(f"request longer than {MAX_REQUEST:,} bytes")
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            raise ParameterError("the request is not UTF-8 text") from None
        if not text.strip():
            raise ParameterError("empty request line (expected one JSON object)")
        request = parse_json(text)
        if not isinstance(request, dict):
            raise ParameterError(f"a request is a JSON object, got {type(request).__name__}")
        request_id = request.get("id")
        asked = _field_seconds(request, "time_limit", limit)
        seconds = limit if asked is None else asked
        with limiter(seconds):
            result = answer(request, specs, files)
        return {"id": request_id, "ok": True, "result": result}
    except RequestTimeout:
        return {"id": request_id, "ok": False, "error": f"time limit of {seconds:g} s exceeded"}
    except GameError as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        return {"id": request_id, "ok": False, "error": message}
    except (RecursionError, MemoryError) as error:
        return {
            "id": request_id,
            "ok": False,
            "error": f"request too large: {type(error).__name__}",
        }
    except Exception as error:  # a bug: still one line, and the server goes on
        detail = str(error).splitlines()[0][:200] if str(error) else ""
        return {
            "id": request_id,
            "ok": False,
            "error": f"internal error (please report): {type(error).__name__}: {detail}",
        }


def serve(
    stdin: IO[bytes],
    stdout: IO[str],
    limit: float = DEFAULT_TIME_LIMIT,
    files: Path | None = None,
) -> int:
    """Answer every request line of ``stdin`` on ``stdout`` until end of input; return 0.

    Blank lines (spaces, tabs, CR) get no answer.  ``files``: the real path of the
    directory scenario files are read in (``None``: no file is read).
    """
    specs = all_specs()
    while True:
        line = stdin.readline(MAX_REQUEST + 1)
        if not line:
            return 0
        if len(line) > MAX_REQUEST and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):  # the rest of the long line
                line = stdin.readline(MAX_REQUEST + 1)
            line = b"x" * (MAX_REQUEST + 1)
        if not line.strip():
            continue
        response = respond(line, specs, limit, files=files)
        try:
            text = json.dumps(response)
        except (
            TypeError,
            ValueError,
        ):  # an id that JSON cannot write back (cannot happen: it was read)
            text = json.dumps(
                {"id": None, "ok": False, "error": "the response could not be written"}
            )
        stdout.write(text + "\n")
        stdout.flush()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``serve``."""
    add_ranged_argument(
        parser,
        "--time-limit",
        SECONDS,
        f"most seconds per request (default {DEFAULT_TIME_LIMIT:g}; a request's "
        "'time_limit' may lower it)",
        default=DEFAULT_TIME_LIMIT,
        metavar="SECONDS",
    )
    parser.add_argument(
        "--scenario-dir",
        metavar="DIR",
        help="read war chess scenario files (option 'scenario') under DIR only; "
        "default: no file is read",
    )


def run(args: argparse.Namespace) -> int:
    """``serve``: stdin to stdout until end of input."""
    files = None if args.scenario_dir is None else directory(args.scenario_dir, "--scenario-dir")
    return serve(sys.stdin.buffer, sys.stdout, args.time_limit, files)


__all__ = ["RequestTimeout", "add_arguments", "answer", "respond", "run", "serve", "time_limit"]
