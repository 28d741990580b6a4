"""An external engine behind the line protocol of ``python -m reference check``.

The engine is one process, started once, that reads requests on stdin and
answers on stdout, one line at a time (moves in this package's notation of the
game; MOVES is the move list from the game's start position, possibly empty;
``docs/oracle.md`` is the full description)::

    -> protocol 2 GAME NAME=VALUE...       the handshake: the reference's game and rule options
    <- protocol 2 GAME NAME=VALUE... [position]
    -> ID perft D MOVES...                 (D >= 1; ``ID perft D position NOTATION``: a position)
    <- ID MOVE COUNT                       one line per legal move (COUNT = perft D-1 below it)
    <- ID total N
    -> ID value MOVES...                   (``ID value position NOTATION``)
    <- ID value V                          exact value for the side to move, as ``solve`` reports it
    -> quit

Every answer line starts with the id of its request, so a line that belongs to no
request (a ``"stray"`` line) or to another one is an engine fault, never a rules
finding.  An engine that does not answer the handshake speaks protocol 1: the
same requests without ids; it is restarted if the handshake killed it, and a line
that arrives while no request is open is still a stray line.

Every line is checked as it arrives; one that does not fit is an
:class:`EngineFault` of kind ``"garbage"``.  An engine that exits or closes its
stdout is a ``"crash"``; one that does not answer within the time limit a
``"timeout"``, or ``"missing"`` when it stopped in the middle of an answer.
Nothing here raises anything else for what an engine does, and nothing prints
(the engine's stderr goes to a temporary file whose last line a crash report
quotes).
"""

from __future__ import annotations

import collections
import contextlib
import os
import queue
import re
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, NoReturn

from reference.errors import ParameterError
from reference.search.context import Deadline

MAX_LINE = 1 << 16
"""Longest line accepted from an engine, in bytes (our choice; a move list is far shorter)."""

MAX_DIGITS = 1000
"""Most digits accepted in a count or a value (our choice: perft counts are far shorter)."""

MAX_ANSWER_LINES = 2_000_000
"""Most lines accepted in one perft answer (our choice: Connect6 19x19 has 64,980 pairs)."""

DEFAULT_TIMEOUT = 60.0
"""Seconds an engine may take for one answer (our choice; ``check --timeout``)."""

STARTUP_TIMEOUT = 60.0
"""Seconds an engine may take to start and answer the handshake, at least (our choice: an
engine may import a large library first; ``--timeout`` applies to every later answer)."""

EXIT_POLL = 0.5
"""Seconds between looks at whether the engine has exited while ``check`` waits for a line
(an engine that exits while a process it started keeps its output open never closes it)."""

HELD_OPEN = (
    ", and a process it started still holds its output open (that process is stopped too; "
    "no answer came)"
)

PROTOCOL = 2
"""The protocol version ``check`` speaks (1: the same requests without ids or handshake)."""

MAX_QUEUED_BYTES = 32 << 20
"""The most bytes of the engine's output kept waiting to be read (32 MB): an engine that
writes more than that ahead of the requests (blank lines without end, a runaway log on
stdout) is an ENGINE FAULT (``flood``), and ``check`` never holds more."""

MAX_ANSWER_BYTES = 64 << 20
"""The most bytes one perft answer may take (64 MB: a Connect6 answer of 64,980 lines is
about 1 MB); a longer answer is an ENGINE FAULT (``flood``)."""

STDERR_KEPT = 8 << 10
"""The engine's stderr is kept as its last 8 KB only (a ring: quoted in a fault), never
on disk: an engine that logs without end costs ``check`` nothing."""

_MOVE_LINE = re.compile(rf"(\S+)[ \t]+([0-9]{{1,{MAX_DIGITS}}})", re.ASCII)
_TOTAL_LINE = re.compile(rf"total[ \t]+([0-9]{{1,{MAX_DIGITS}}})", re.ASCII)
_VALUE_LINE = re.compile(rf"value[ \t]+(-?[0-9]{{1,{MAX_DIGITS}}})", re.ASCII)
_NUMBER_LIKE = re.compile(r"[+-]?\d+", re.UNICODE)
_ID_LINE = re.compile(r"([0-9]{1,18})(?:[ \t]+(.*))?", re.ASCII)
_HELLO_LINE = re.compile(r"protocol[ \t]+([0-9]{1,9})(?:[ \t]+(.*))?", re.ASCII)
_RESERVED = ("total", "value", "protocol", "position")
"""Words that are never a move name (a line ``value 3`` in a perft answer is a stray line)."""


class EngineFault(Exception):
    """The engine crashed, timed out, wrote a line that is not the protocol, or answered out of step."""

    def __init__(self, kind: str, message: str, request: str) -> None:
        super().__init__(message)
        self.kind = kind
        """``"crash"``, ``"timeout"``, ``"missing"``, ``"garbage"``, ``"stray"``,
        ``"options"`` (the handshake found other game options) or ``"out-of-step"``."""
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


@dataclass(frozen=True, slots=True)
class Hello:
    """What the handshake learnt of the engine."""

    version: int
    """2, or 1 for an engine that does not answer ``protocol 2`` (no ids, no positions)."""
    game: str | None
    """The game the engine names (``None``: protocol 1)."""
    options: dict[str, str]
    """The game options the engine names, ``NAME -> VALUE`` as written."""
    position: bool
    """True when the engine takes the position form of the requests."""
    note: str
    """How the handshake went, in one line (for protocol 1: what the engine did)."""


def shorten(text: str, limit: int = 80) -> str:
    """``text`` as a printable one-line excerpt of at most about ``limit`` characters."""
    text = text.encode("unicode_escape").decode("ascii") if not text.isprintable() else text
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def request_line(
    command: str, moves: Sequence[str], depth: int | None = None, position: str | None = None
) -> str:
    """The request line: ``perft D MOVES...`` or ``value MOVES...``, or with ``position``
    ``perft D position NOTATION`` / ``value position NOTATION`` (no id, no newline)."""
    words = [command] + ([str(depth)] if depth is not None else [])
    words += ["position", position] if position is not None else list(moves)
    return " ".join(words)


def hello_line(game: str, options: Mapping[str, str]) -> str:
    """The handshake ``check`` sends: ``protocol 2 GAME NAME=VALUE...``."""
    return " ".join(["protocol", str(PROTOCOL), game, *(f"{k}={v}" for k, v in options.items())])


def parse_hello(text: str, request: str) -> Hello:
    """Read the engine's answer to the handshake (``protocol 2 GAME NAME=VALUE... [position]``)."""
    match = _HELLO_LINE.fullmatch(text.strip())
    if match is None or int(match.group(1)) != PROTOCOL:
        raise EngineFault(
            "garbage",
            f"expected 'protocol {PROTOCOL} GAME NAME=VALUE...', got {shorten(text)!r}",
            request,
        )
    words = (match.group(2) or "").split()
    if not words:
        raise EngineFault("garbage", "the handshake answer names no game", request)
    options: dict[str, str] = {}
    position = False
    for word in words[1:]:
        name, sep, value = word.partition("=")
        if sep and name and value:
            options[name] = value
        elif word == "position":
            position = True
    return Hello(PROTOCOL, words[0], options, position, f"protocol {PROTOCOL}")


def describe_bad_line(line: str, expected: str) -> str:
    """Why ``line`` is not one of the ``expected`` lines, in one line."""
    words = line.split()
    number = words[-1] if words else ""
    if len(words) == 2 and _NUMBER_LIKE.fullmatch(number):
        if number[0] in "+-":
            return f"the number {shorten(number)!r} has a sign (a count is digits 0-9 only)"
        if not number.isascii():
            return f"the number {shorten(number)!r} is not written in ASCII digits 0-9"
        if len(number) > MAX_DIGITS:
            return f"a number of {len(number):,} digits (at most {MAX_DIGITS:,})"
    if words and words[0] in _RESERVED and expected.startswith("'MOVE"):
        return f"{shorten(line)!r} is not a perft line (a stray line?)"
    return f"expected {expected}, got {shorten(line)!r}"


def perft_line(line: str, request: str) -> tuple[str, int]:
    """A ``MOVE COUNT`` line read, or a garbage fault saying what is wrong with it."""
    match = _MOVE_LINE.fullmatch(line.strip())
    if match is None or match.group(1) in _RESERVED:
        raise EngineFault(
            "garbage", describe_bad_line(line.strip(), "'MOVE COUNT' or 'total N'"), request
        )
    return match.group(1), int(match.group(2))


class Engine:
    """A running engine process, asked one request at a time (see the module docstring).

    ``command`` is the program and its arguments; ``timeout`` the seconds allowed for
    each answer (``clock`` is what a :class:`~reference.search.context.Deadline`
    reads: injectable).  Call :meth:`handshake` first (without it, protocol 1 is
    spoken).  Use as a context manager, or call :meth:`close`.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        handshake_timeout: float = STARTUP_TIMEOUT,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if not command:
            raise ParameterError("the engine command is empty")
        Deadline(timeout, clock)  # checks the time limit
        Deadline(handshake_timeout, clock)
        self.command = list(command)
        self.timeout = timeout
        self.handshake_timeout = handshake_timeout
        self.clock = clock
        self.version = 1
        """The protocol spoken: 2 after a handshake the engine answered, else 1."""
        self.hello: Hello | None = None
        self.requests = 0
        """Requests sent so far (the id of the last one, under protocol 2)."""
        self.limit_option = "--timeout"
        """The option a missing answer's fault names (the handshake has its own)."""
        try:
            self._spawn()
        except BaseException:
            # a signal (SIGTERM: Terminated) between the start and the end of the set-up:
            # no ``with`` block owns the engine yet, so it is stopped here
            if getattr(self, "_process", None) is not None:
                self._stopped = False
                self._stop()
            raise

    def _spawn(self) -> None:
        try:
            self._process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=os.name == "posix",  # its own process group: see _stop
            )
        except (OSError, ValueError) as error:
            raise ParameterError(f"cannot start the engine {self.command[0]!r}: {error}") from None
        self._lines: queue.Queue[list[bytes] | None] = queue.Queue()
        self._buffer: collections.deque[bytes | None] = collections.deque()
        self.queued = _Counter()
        """Bytes of output read but not yet taken (its ``peak``: the most ever held)."""
        self.stderr_tail = _Ring(STDERR_KEPT)
        """The last :data:`STDERR_KEPT` bytes the engine wrote on stderr."""
        assert self._process.stdout is not None and self._process.stderr is not None
        self._reader = threading.Thread(
            target=_read_lines, args=(self._process.stdout, self._lines, self.queued), daemon=True
        )
        self._reader.start()
        threading.Thread(
            target=_read_stderr, args=(self._process.stderr, self.stderr_tail), daemon=True
        ).start()
        self._stopped = False
        self.dead = False
        """True once the engine crashed, timed out or wrote garbage (it is then stopped)."""

    def __enter__(self) -> Engine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------------ handshake

    def handshake(self, game: str, options: Mapping[str, str]) -> tuple[Hello, PerftAnswer]:
        """Send ``protocol 2 GAME NAME=VALUE...`` and ``perft 1`` (the start's moves): what
        the engine says of itself, and its moves at the start.

        An engine that answers the perft first ignored the handshake; one that exits or
        writes anything else is restarted and asked the perft alone: both speak protocol 1.
        """
        self.limit_option = "--handshake-timeout"
        try:
            return self._handshake(game, options)
        finally:
            self.limit_option = "--timeout"

    def _handshake(self, game: str, options: Mapping[str, str]) -> tuple[Hello, PerftAnswer]:
        hello = hello_line(game, options)
        probe = request_line("perft", (), 1)
        self._send(hello)
        self._send(probe, check_stray=False)
        deadline = Deadline(self.handshake_timeout, self.clock)
        try:
            first = self._next_line(hello, deadline)
        except EngineFault as fault:
            if fault.kind != "crash":
                raise
            return self._restart_legacy(probe, f"it exited ({fault.message})")
        if _HELLO_LINE.fullmatch(first.strip()):
            self.hello = parse_hello(first, hello)
            self.version = PROTOCOL
            return self.hello, self._read_perft(probe, None, deadline)
        try:
            perft_line(first, probe)
        except EngineFault:
            if _TOTAL_LINE.fullmatch(first.strip()) is None:
                return self._restart_legacy(probe, f"it answered {shorten(first, 40)!r}")
        self.hello = Hello(1, None, {}, False, "protocol 1: the engine ignored 'protocol 2'")
        return self.hello, self._read_perft(probe, None, deadline, first=first)

    def _restart_legacy(self, probe: str, what: str) -> tuple[Hello, PerftAnswer]:
        self._stop()
        self._spawn()
        self._send(probe)
        self.hello = Hello(1, None, {}, False, f"protocol 1: to 'protocol 2' {what}; restarted")
        deadline = Deadline(self.handshake_timeout, self.clock)
        return self.hello, self._read_perft(probe, None, deadline)

    # ------------------------------------------------------------------ requests

    def _open(self, request: str) -> tuple[str, str | None]:
        """Send ``request`` (with its id under protocol 2): the line sent and the id."""
        self.requests += 1
        if self.version < PROTOCOL:
            self._send(request)
            return request, None
        rid = str(self.requests)
        line = f"{rid} {request}"
        self._send(line)
        return line, rid

    def perft(
        self, moves: Sequence[str], depth: int, *, position: str | None = None
    ) -> PerftAnswer:
        """Ask ``perft depth MOVES`` (or ``perft depth position NOTATION``)."""
        request, rid = self._open(request_line("perft", moves, depth, position))
        return self._read_perft(request, rid, Deadline(self.timeout, self.clock))

    def value(self, moves: Sequence[str], *, position: str | None = None) -> int:
        """Ask ``value MOVES`` (or ``value position NOTATION``)."""
        request, rid = self._open(request_line("value", moves, None, position))
        line = self._answer_line(request, rid, Deadline(self.timeout, self.clock), 0)
        match = _VALUE_LINE.fullmatch(line.strip())
        if match is None:
            self._fail("garbage", describe_bad_line(line.strip(), "'value V'"), request)
        return int(match.group(1))

    def _read_perft(
        self, request: str, rid: str | None, deadline: Deadline, first: str | None = None
    ) -> PerftAnswer:
        """Read a perft answer, each line checked as it arrives."""
        counts: dict[str, int] = {}
        size = 0
        while True:
            line = (
                first
                if first is not None
                else self._answer_line(request, rid, deadline, len(counts))
            )
            first = None
            size += len(line) + 1
            if size > MAX_ANSWER_BYTES:
                self._fail(
                    "flood",
                    f"the answer is longer than {MAX_ANSWER_BYTES >> 20} MB "
                    f"({len(counts):,} lines so far, no total): more moves than any position has",
                    request,
                )
            total = _TOTAL_LINE.fullmatch(line.strip())
            if total is not None:
                break
            try:
                move, count = perft_line(line, request)
            except EngineFault as fault:
                self._fail(fault.kind, fault.message, request)
            if move in counts:
                self._fail("garbage", f"move {shorten(move)!r} is listed twice", request)
            counts[move] = count
            if len(counts) > MAX_ANSWER_LINES:
                self._fail(
                    "flood",
                    f"the answer lists more than {MAX_ANSWER_LINES:,} moves, more than any "
                    "position has: stopped before its 'total' line (an answer is one line per "
                    "legal move at the position, its perft D-1 below, not one per sequence)",
                    request,
                )
        listed = sum(counts.values())
        if int(total.group(1)) != listed:
            self._fail(
                "garbage",
                f"'total {total.group(1)}' is not the sum of the counts listed ({listed})",
                request,
            )
        return PerftAnswer(counts, listed)

    def close(self) -> None:
        """Send ``quit`` and stop the process (killed if it has not exited within a second)."""
        if not self.dead:
            try:
                self._write("quit\n")
                self._process.wait(timeout=1.0)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self._stop()

    # ------------------------------------------------------------------ plumbing

    def _write(self, text: str) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        stdin.write(text.encode("utf-8"))
        stdin.flush()

    def _send(self, request: str, *, check_stray: bool = True) -> None:
        if self.dead:
            raise EngineFault("crash", "the engine was stopped after an earlier fault", request)
        if check_stray:
            self._no_stray_line(request)
        try:
            self._write(request + "\n")
        except OSError:
            self._fail("crash", self._exit_description(), request)

    def _no_stray_line(self, request: str) -> None:
        """A line already waiting before ``request`` is sent answers nothing: a stray line."""
        while True:
            raw = self._take(None)
            if raw is _NOTHING:
                return
            if raw is None:
                self._buffer.appendleft(None)  # the next read reports the crash
                return
            text = raw.decode("utf-8", errors="replace").strip()
            if text:
                self._fail(
                    "stray",
                    f"a stray line {shorten(text)!r} after the last answer was complete "
                    "(every request is answered once, and nothing else is written)",
                    request,
                )

    def _answer_line(self, request: str, rid: str | None, deadline: Deadline, done: int) -> str:
        """The next line of the answer to ``request``, its id checked and cut off (protocol 2)."""
        line = self._next_line(request, deadline, done)
        if rid is None:
            return line
        match = _ID_LINE.fullmatch(line.strip())
        if match is None:
            self._fail(
                "stray",
                f"a line without a request id: {shorten(line)!r} (request {rid} was asked; "
                "every answer line starts with its request's id)",
                request,
            )
        if match.group(1) != rid:
            other = int(match.group(1))
            if other == int(rid):
                self._fail(
                    "stray",
                    f"the request id is written {match.group(1)!r}, the request was {rid!r}: "
                    "echo the id exactly as it was sent (no leading zeros)",
                    request,
                )
            when = "when" if other < int(rid) else "which was never asked, when"
            self._fail(
                "stray", f"the engine answered request {other} {when} {rid} was asked", request
            )
        return match.group(2) or ""

    def _next_line(self, request: str, deadline: Deadline, done: int = 0) -> str:
        """The next non-blank line of the answer, or a fault (``done``: lines already read)."""
        while True:
            remaining = deadline.end - deadline.clock()
            if remaining <= 0:
                if done:
                    self._fail(
                        "missing",
                        f"{done} line{'s' if done != 1 else ''} of the answer, then nothing for "
                        f"{deadline.end - deadline.start:g} s: its last line ('total N') is missing",
                        request,
                    )
                self._fail(
                    "timeout",
                    f"no answer within {deadline.end - deadline.start:g} s (a missing answer, "
                    f"or raise {self.limit_option})",
                    request,
                )
            raw = self._take(min(remaining, EXIT_POLL))
            if raw is _NOTHING:
                if self._process.poll() is None:
                    continue  # the deadline decides, on the next turn of the loop
                raw = self._take(EXIT_POLL)  # what it wrote before it exited
                if raw is _NOTHING:  # exited, and its output is still open: a child holds it
                    self._fail("crash", self._exit_description(held_open=True), request)
            if raw is None:
                self._fail("crash", self._exit_description(), request)
            if raw is _FLOOD:
                self._fail(
                    "flood",
                    f"the engine wrote more than {MAX_QUEUED_BYTES >> 20} MB ahead of the "
                    f"requests (blank or stray lines without end): stopped{self._stderr_said()}",
                    request,
                )
            if len(raw) > MAX_LINE:
                self._fail("garbage", f"a line longer than {MAX_LINE:,} bytes", request)
            line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            if line.strip():
                return line

    def _take(self, timeout: float | None) -> bytes | None:
        """The next line read (``None``: end of output), or :data:`_NOTHING` when none
        arrives within ``timeout`` seconds (``None``: do not wait)."""
        if not self._buffer:
            try:
                batch = self._lines.get(timeout=timeout) if timeout else self._lines.get_nowait()
            except queue.Empty:
                return _NOTHING
            if batch is None:
                self._buffer.append(None)
            else:
                self._buffer.extend(batch)
        raw = self._buffer.popleft()
        if raw is not None and raw is not _FLOOD:
            self.queued.add(-len(raw))
        return raw

    def _fail(self, kind: str, message: str, request: str) -> NoReturn:
        self._stop()
        raise EngineFault(kind, message, request)

    def _exit_description(self, *, held_open: bool = False) -> str:
        try:
            code = self._process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return "the engine closed its output"
        held = HELD_OPEN if held_open else ""
        return f"the engine {_how_it_ended(code)}{held}{self._stderr_said()}"

    def _stderr_said(self) -> str:
        last = self._last_stderr_line()
        return f"; its last line on stderr: {shorten(last)!r}" if last else ""

    def _last_stderr_line(self) -> str:
        time.sleep(0.05)  # let the stderr thread take what the engine wrote last
        tail = self.stderr_tail.text()
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


def _how_it_ended(code: int) -> str:
    """``exited with status 3``, ``was killed by signal 9 (SIGKILL)``: a return code in words
    (``subprocess`` gives a signal as a negative code, a shell as 128 + the signal).

    >>> _how_it_ended(-9)
    'was killed by signal 9 (SIGKILL)'
    >>> _how_it_ended(137)
    'exited with status 137 (a shell says so when its command was killed by signal 9, SIGKILL)'
    """
    if code < 0:
        return f"was killed by signal {-code}{_signal_name(-code, ' ({})')}"
    if 128 < code < 128 + 65 and _signal_name(code - 128, "{}"):
        name = _signal_name(code - 128, ", {}")
        return (
            f"exited with status {code} (a shell says so when its command was killed by "
            f"signal {code - 128}{name})"
        )
    return f"exited with status {code}"


def _signal_name(number: int, form: str) -> str:
    try:
        return form.format(signal.Signals(number).name)
    except ValueError:
        return ""


_NOTHING = b"\x00nothing"
"""What :meth:`Engine._take` returns when no line arrived in time (not a line: lines end in a newline)."""


class _Counter:
    """Bytes held between the reader thread and the reader of the lines (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.value = 0
        self.peak = 0

    def add(self, amount: int) -> int:
        with self._lock:
            self.value += amount
            self.peak = max(self.peak, self.value)
            return self.value


class _Ring:
    """The last ``size`` bytes written into it (thread-safe)."""

    def __init__(self, size: int) -> None:
        self._lock = threading.Lock()
        self._data = bytearray()
        self.size = size
        self.seen = 0
        """Every byte written, kept or not."""

    def write(self, chunk: bytes) -> None:
        with self._lock:
            self.seen += len(chunk)
            self._data += chunk[-self.size :]
            del self._data[: max(0, len(self._data) - self.size)]

    def text(self) -> str:
        with self._lock:
            return self._data.decode("utf-8", errors="replace")

    def __len__(self) -> int:
        return len(self._data)


_FLOOD = b"\x00flood"
"""What the reader thread queues when :data:`MAX_QUEUED_BYTES` are waiting: it stops reading."""


def _read_stderr(stream: IO[bytes], ring: _Ring) -> None:
    """The stderr thread: everything read, the last bytes kept (a ring, never a file)."""
    read: Callable[[int], bytes] = getattr(stream, "read1", stream.read)
    try:
        while chunk := read(1 << 14):
            ring.write(chunk)
    except (OSError, ValueError):
        pass


def _read_lines(
    stream: IO[bytes], lines: queue.Queue[list[bytes] | None], queued: _Counter
) -> None:
    """The reader thread: the engine's stdout in batches of lines (each cut at ``MAX_LINE + 1``
    bytes, the rest of a longer line skipped), then ``None``.  Batches, not single lines: a
    Connect6 answer has 64,980 lines.  When more than :data:`MAX_QUEUED_BYTES` wait to be
    taken, it queues :data:`_FLOOD` and stops: ``check`` never holds more."""
    carry = b""
    skipping = False
    read: Callable[[int], bytes] = getattr(stream, "read1", stream.readline)
    try:
        while True:
            chunk = read(1 << 16)
            if not chunk:
                break
            parts = (carry + chunk).split(b"\n")
            carry = parts.pop()
            batch: list[bytes] = []
            for part in parts:
                if not skipping:
                    batch.append(part + b"\n")
                skipping = False
            if len(carry) > MAX_LINE:
                if not skipping:
                    batch.append(carry[: MAX_LINE + 1])
                carry, skipping = b"", True
            if batch:
                if queued.add(sum(len(line) for line in batch)) > MAX_QUEUED_BYTES:
                    lines.put([_FLOOD])
                    return
                lines.put(batch)
        if carry and not skipping:
            lines.put([carry])
    except (OSError, ValueError):
        pass
    lines.put(None)


__all__ = [
    "DEFAULT_TIMEOUT",
    "PROTOCOL",
    "Engine",
    "EngineFault",
    "Hello",
    "PerftAnswer",
    "hello_line",
    "request_line",
]
