"""An external engine behind the line protocol of ``python -m reference check``.

The engine is one process, started once, that reads requests on stdin and
answers on stdout, one line at a time (moves in this package's notation of the
game; MOVES is the move list from the game's start position, possibly empty)::

    -> perft D MOVES...        (D >= 1)
    <- MOVE COUNT              one line per legal move (COUNT = perft D-1 below it; 1 when D = 1)
    <- total N
    -> value MOVES...
    <- value V                 exact value for the side to move, as ``solve`` reports it
    -> quit

Blank lines in an answer are ignored; anything else that does not fit is an
:class:`EngineFault` of kind ``"garbage"``.  An engine that exits or closes its
stdout is a ``"crash"``, one that does not finish an answer within the time
limit a ``"timeout"``.  Nothing here raises anything else for what an engine
does, and nothing prints (the engine's stderr goes to a temporary file whose
last line a crash report quotes).
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import IO, NoReturn

from reference.errors import ParameterError
from reference.search.context import Deadline

MAX_LINE = 1 << 16
"""Longest line accepted from an engine, in bytes (our choice; a move list is far shorter)."""

MAX_DIGITS = 1000
"""Most digits accepted in a count or a value (our choice: perft counts are far shorter)."""

MAX_ANSWER_LINES = 10_000_000
"""Most lines accepted in one perft answer (our choice: Connect6 19x19 has 64,980 pairs)."""

DEFAULT_TIMEOUT = 60.0
"""Seconds an engine may take for one answer (our choice; ``check --timeout``)."""

_MOVE_LINE = re.compile(rf"(\S+)[ \t]+([0-9]{{1,{MAX_DIGITS}}})", re.ASCII)
_TOTAL_LINE = re.compile(rf"total[ \t]+([0-9]{{1,{MAX_DIGITS}}})", re.ASCII)
_VALUE_LINE = re.compile(rf"value[ \t]+(-?[0-9]{{1,{MAX_DIGITS}}})", re.ASCII)


class EngineFault(Exception):
    """The engine crashed, timed out or wrote a line that is not the protocol."""

    def __init__(self, kind: str, message: str, request: str) -> None:
        super().__init__(message)
        self.kind = kind
        """``"crash"``, ``"timeout"`` or ``"garbage"``."""
        self.message = message
        self.request = request
        """The request line the engine was answering."""

    def __str__(self) -> str:
        return f"engine {self.kind}: {self.message} (request: {shorten(self.request)})"


@dataclass(frozen=True, slots=True)
class PerftAnswer:
    """An engine's answer to ``perft D MOVES``: its count per move, as written, and its total."""

    counts: dict[str, int]
    """Move text (as the engine wrote it) -> count, in the engine's order."""
    total: int


def shorten(text: str, limit: int = 80) -> str:
    """``text`` as a printable one-line excerpt of at most about ``limit`` characters."""
    text = text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def request_line(command: str, moves: Sequence[str], depth: int | None = None) -> str:
    """The request line: ``perft D MOVES...`` or ``value MOVES...`` (no newline)."""
    words = [command] + ([str(depth)] if depth is not None else []) + list(moves)
    return " ".join(words)


def parse_perft_answer(lines: Sequence[str], request: str) -> PerftAnswer:
    """Check and read the lines of a perft answer (the last one is ``total N``)."""
    counts: dict[str, int] = {}
    for line in lines[:-1]:
        match = _MOVE_LINE.fullmatch(line.strip())
        if match is None:
            raise EngineFault(
                "garbage", f"expected 'MOVE COUNT' or 'total N', got {shorten(line)!r}", request
            )
        move, count = match.group(1), int(match.group(2))
        if move in counts:
            raise EngineFault("garbage", f"move {shorten(move)!r} is listed twice", request)
        counts[move] = count
    match = _TOTAL_LINE.fullmatch(lines[-1].strip())
    assert match is not None  # the reader stops at the total line
    total = int(match.group(1))
    listed = sum(counts.values())
    if total != listed:
        raise EngineFault(
            "garbage", f"'total {total}' is not the sum of the counts listed ({listed})", request
        )
    return PerftAnswer(counts, total)


class Engine:
    """A running engine process, asked one request at a time (see the module docstring).

    ``command`` is the program and its arguments; ``timeout`` the seconds allowed for
    each answer (``clock`` is what a :class:`~reference.search.context.Deadline`
    reads: injectable).  Use as a context manager, or call :meth:`close`.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not command:
            raise ParameterError("the engine command is empty")
        Deadline(timeout, clock)  # checks the time limit
        self.command = list(command)
        self.timeout = timeout
        self.clock = clock
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed by close())
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                start_new_session=os.name == "posix",  # its own process group: see _stop
            )
        except (OSError, ValueError) as error:
            self._stderr.close()
            raise ParameterError(f"cannot start the engine {self.command[0]!r}: {error}") from None
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        assert self._process.stdout is not None
        self._reader = threading.Thread(
            target=_read_lines, args=(self._process.stdout, self._lines), daemon=True
        )
        self._reader.start()
        self._stopped = False
        self.dead = False
        """True once the engine crashed, timed out or wrote garbage (it is then stopped)."""

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ requests

    def perft(self, moves: Sequence[str], depth: int) -> PerftAnswer:
        """Ask ``perft depth MOVES``."""
        request = request_line("perft", moves, depth)
        self._send(request)
        deadline = Deadline(self.timeout, self.clock)
        lines: list[str] = []
        while True:
            line = self._next_line(request, deadline)
            if _TOTAL_LINE.fullmatch(line.strip()):
                lines.append(line)
                break
            lines.append(line)
            if len(lines) > MAX_ANSWER_LINES:
                self._fail("garbage", f"more than {MAX_ANSWER_LINES:,} lines and no total", request)
        try:
            return parse_perft_answer(lines, request)
        except EngineFault:
            self._stop()
            raise

    def value(self, moves: Sequence[str]) -> int:
        """Ask ``value MOVES``."""
        request = request_line("value", moves)
        self._send(request)
        line = self._next_line(request, Deadline(self.timeout, self.clock))
        match = _VALUE_LINE.fullmatch(line.strip())
        if match is None:
            self._fail("garbage", f"expected 'value V', got {shorten(line)!r}", request)
        return int(match.group(1))

    def close(self) -> None:
        """Send ``quit`` and stop the process (killed if it has not exited within a second)."""
        if not self.dead:
            try:
                self._write("quit\n")
                self._process.wait(timeout=1.0)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self._stop()
        self._stderr.close()

    # ------------------------------------------------------------------ plumbing

    def _write(self, text: str) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        stdin.write(text.encode("utf-8"))
        stdin.flush()

    def _send(self, request: str) -> None:
        if self.dead:
            raise EngineFault("crash", "the engine was stopped after an earlier fault", request)
        try:
            self._write(request + "\n")
        except OSError:
            self._fail("crash", self._exit_description(), request)

    def _next_line(self, request: str, deadline: Deadline) -> str:
        """The next non-blank line of the answer, or a fault."""
        while True:
            remaining = deadline.end - deadline.clock()
            if remaining <= 0:
                self._fail("timeout", f"no complete answer within {self.timeout:g} s", request)
            try:
                raw = self._lines.get(timeout=remaining)
            except queue.Empty:
                continue  # the deadline decides, on the next turn of the loop
            if raw is None:
                self._fail("crash", self._exit_description(), request)
            if len(raw) > MAX_LINE:
                self._fail("garbage", f"a line longer than {MAX_LINE:,} bytes", request)
            line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            if line.strip():
                return line

    def _fail(self, kind: str, message: str, request: str) -> NoReturn:
        self._stop()
        raise EngineFault(kind, message, request)

    def _exit_description(self) -> str:
        try:
            code = self._process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "the engine closed its output"
        last = self._last_stderr_line()
        said = f"; its last line on stderr: {shorten(last)!r}" if last else ""
        return f"the engine exited with status {code}{said}"

    def _last_stderr_line(self) -> str:
        try:
            self._stderr.flush()
            size = os.fstat(self._stderr.fileno()).st_size
            self._stderr.seek(max(0, size - 4096))
            tail = self._stderr.read().decode("utf-8", errors="replace")
        except (OSError, ValueError):
            return ""
        lines = [line for line in tail.splitlines() if line.strip()]
        return lines[-1].strip() if lines else ""

    def _stop(self) -> None:
        """Kill the engine and every process it started (its own process group), once."""
        self.dead = True
        if self._stopped:
            return
        self._stopped = True
        with contextlib.suppress(OSError):
            if os.name == "posix":
                os.killpg(self._process.pid, signal.SIGKILL)
            else:
                self._process.kill()
        self._process.wait()
        if self._process.stdin is not None:
            with contextlib.suppress(OSError):
                self._process.stdin.close()
        # stdout stays open: the reader thread (a daemon) may still be blocked on it.


def _read_lines(stream: IO[bytes], lines: queue.Queue[bytes | None]) -> None:
    """The reader thread: every line of the engine's stdout (cut at ``MAX_LINE + 1``), then ``None``."""
    try:
        while True:
            raw = stream.readline(MAX_LINE + 1)
            if not raw:
                break
            if len(raw) > MAX_LINE and not raw.endswith(b"\n"):
                lines.put(raw)
                while raw and not raw.endswith(b"\n"):  # skip the rest of the long line
                    raw = stream.readline(MAX_LINE + 1)
                continue
            lines.put(raw)
    except (OSError, ValueError):
        pass
    lines.put(None)


__all__ = ["DEFAULT_TIMEOUT", "Engine", "EngineFault", "PerftAnswer", "request_line"]
