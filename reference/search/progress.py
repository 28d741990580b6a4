"""What a long solve tells its user: the root moves proven so far, the window, the speed.

A :class:`SolveReport` is handed to ``on_report`` (:func:`reference.api.solve`) every
few hundred thousand nodes and after each step at the root; the command line prints it
as a line of text or, with ``--progress json``, as one JSON object per line on stderr.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

TEXT_MOVES = 8
"""Root moves named in the text form (the JSON form names them all)."""


@dataclass(frozen=True, slots=True)
class SolveReport:
    """A solve's progress at one moment.

    >>> report = SolveReport(nodes=3_000_000, seconds=10.0, run_nodes=2_000_000,
    ...     run_seconds=10.0, lower=-2, upper=2, bound=0, moves_done=3, moves_total=8,
    ...     moves={"h0,0": "=0", "v0,0": "<=-2", "h1,0": ">=0"}, estimate=20.0)
    >>> report.nodes_per_second
    200000.0
    >>> print(report.text())
    solve: 3,000,000 nodes, 10.0 s, 200,000 nodes/s; value in [-2, 2], testing >= 0; root moves 3 of 8 decided: h0,0 =0, v0,0 <=-2, h1,0 >=0; about 20 s left
    """

    nodes: int
    """Nodes of the whole solve (a resumed solve counts those before the checkpoint too)."""
    seconds: float
    """Wall seconds of the whole solve (idem)."""
    run_nodes: int
    """Nodes of this run only (what the speed is measured on)."""
    run_seconds: float
    lower: int | None = None
    """The root value is known to lie in [lower, upper] (``None``: not reported)."""
    upper: int | None = None
    bound: int | None = None
    """The null-window test under way: is the root (or a root move) worth at least this?"""
    moves_done: int = 0
    """Legal root moves whose relation to the root value is decided (optimal or not)."""
    moves_total: int = 0
    moves: dict[str, str] = field(default_factory=dict)
    """Root move (notation) -> what is proven of its value: ``=v``, ``>=v``, ``<=v``, ``best``."""
    estimate: float | None = None
    """Seconds left, when one can be made (see :class:`RootEstimate`)."""
    jobs_done: int = 0
    """A parallel solve split into jobs: the jobs finished, of ``jobs_total`` (0: not split)."""
    jobs_total: int = 0
    what: str = "solve"
    """The command reporting (the text's first word): ``solve``, ``perft``."""

    @property
    def nodes_per_second(self) -> float:
        return self.run_nodes / self.run_seconds if self.run_seconds > 0 else 0.0

    def as_json(self) -> dict[str, object]:
        """The report as a JSON object (one line of ``--progress json``)."""
        out: dict[str, object] = {
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "nodes_per_second": round(self.nodes_per_second),
            "moves_done": self.moves_done,
            "moves_total": self.moves_total,
            "moves": self.moves,
        }
        if self.jobs_total:
            out["jobs_done"], out["jobs_total"] = self.jobs_done, self.jobs_total
        for name in ("lower", "upper", "bound"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.estimate is not None:
            out["estimate_seconds"] = math.ceil(self.estimate * 10) / 10  # rounded up
        return out

    def text(self) -> str:
        """The report as one line of text."""
        parts = [
            f"{self.what}: {self.nodes:,} nodes, {self.seconds:.1f} s, "
            f"{self.nodes_per_second:,.0f} nodes/s"
        ]
        if self.jobs_total:
            parts.append(f"jobs {self.jobs_done} of {self.jobs_total} done")
        if self.lower is not None and self.upper is not None:
            window = f"value in [{self.lower}, {self.upper}]"
            if self.bound is not None:
                window += f", testing >= {self.bound}"
            parts.append(window)
        if self.moves_total:
            done = f"root moves {self.moves_done} of {self.moves_total} decided"
            if self.moves:
                shown = [f"{move} {what}" for move, what in self.moves.items()]
                if len(shown) > TEXT_MOVES:  # one line, even with hundreds of root moves
                    shown[TEXT_MOVES:] = [f"... ({len(shown) - TEXT_MOVES} more)"]
                done += ": " + ", ".join(shown)
            parts.append(done)
        if self.estimate is not None:
            parts.append(f"about {max(1, math.ceil(self.estimate)):,} s left")  # work is left
        elif (self.moves_total and self.moves_done == self.moves_total) or (
            self.jobs_total and self.jobs_done == self.jobs_total
        ):
            parts.append("finishing")
        return "; ".join(parts)


class RootEstimate:
    """The time left of a solve's root phase (the root moves decided one by one), from a clock.

    The phase starts with :meth:`start`; :meth:`decided` records each root move decided.
    :meth:`estimate` is then::

        max(average * moves left, running, fastest * moves left)

    where ``average`` is the phase's seconds so far *including the move under test* over
    the moves decided in the phase, ``running`` the seconds the move under test has taken
    so far and ``fastest`` the cheapest decided move.  The move under test is not finished,
    so at least as long again as it has run is assumed to remain (the doubling rule), and
    the moves left cost at least the cheapest one did: the estimate never falls below
    that time known to remain, and it grows while a slow move runs (a few cheap moves
    first never make it say "0 s left" with work ahead).  ``None`` before the first move
    is decided, and once every move is (the solve is finishing).

    >>> clock = RootEstimate()
    >>> clock.start(0.0, done=0)
    >>> clock.decided(1.0, done=1); clock.decided(2.0, done=2)
    >>> clock.estimate(2.0, done=2, total=6)   # 1 s a move, 4 moves left
    4.0
    >>> clock.estimate(30.0, done=2, total=6)  # the third move has run 28 s
    60.0
    >>> clock.estimate(30.0, done=6, total=6) is None
    True
    """

    def __init__(self) -> None:
        self.began: float | None = None
        self.first_done = 0
        self.last: float = 0.0
        self.last_done = 0
        self.fastest: float | None = None

    def start(self, now: float, done: int) -> None:
        """The root phase starts at ``now`` with ``done`` moves already decided (a resumed solve)."""
        self.began, self.first_done, self.last, self.last_done = now, done, now, done

    def decided(self, now: float, done: int) -> None:
        """``done`` root moves are decided at ``now`` (no-op when none is new)."""
        if self.began is None:
            self.start(now, done)
            return
        if done > self.last_done:
            each = (now - self.last) / (done - self.last_done)
            self.fastest = each if self.fastest is None else min(self.fastest, each)
            self.last, self.last_done = now, done

    def estimate(self, now: float, done: int, total: int) -> float | None:
        if self.began is None or done >= total or done <= self.first_done:
            return None
        left = total - done
        running = max(0.0, now - self.last)
        average = (now - self.began) / (done - self.first_done)
        return max(average * left, running, (self.fastest or 0.0) * left)


class Stream(Protocol):
    """Where progress goes (``sys.stderr``): text, flushed, maybe a terminal."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...

    def isatty(self) -> bool: ...


class ProgressPrinter:
    """Prints :class:`SolveReport` s in the one progress format of every game.

    ``json=True``: one JSON object per line (:meth:`SolveReport.as_json`).  Text on a
    terminal (``stream.isatty()``): one line updated in place (a carriage return, the
    line, spaces over what the longer line before left), ended by :meth:`close`; text
    elsewhere (a file, a CI log): one plain line per report.  ``note`` prints a line of
    its own (a warning), ending the updating line first.

    >>> import io
    >>> out = io.StringIO()
    >>> printer = ProgressPrinter(out)
    >>> printer(SolveReport(nodes=10, seconds=1.0, run_nodes=10, run_seconds=1.0))
    >>> out.getvalue()
    'solve: 10 nodes, 1.0 s, 10 nodes/s\\n'
    """

    def __init__(self, stream: Stream, *, json: bool = False) -> None:
        self.stream, self.json = stream, json
        self.tty = not json and _is_tty(stream)
        self.width = 0
        """Length of the updating line on the terminal (0: none pending)."""

    def __call__(self, report: SolveReport) -> None:
        if self.json:
            self._line(json.dumps(report.as_json()))
            return
        text = report.text()
        if self.tty:
            self.stream.write("\r" + text + " " * max(0, self.width - len(text)))
            self.stream.flush()
            self.width = len(text)
        else:
            self._line(text)

    def note(self, text: str) -> None:
        """A line of its own (not updated in place)."""
        self.close()
        self._line(text)

    def close(self) -> None:
        """End the updating line on a terminal (a newline), if one is pending."""
        if self.width:
            self.stream.write("\n")
            self.stream.flush()
            self.width = 0

    def _line(self, text: str) -> None:
        self.stream.write(text + "\n")
        self.stream.flush()


def _is_tty(stream: Stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # a closed or bare stream
        return False


ReportSink = Callable[[SolveReport], None]
"""What receives the reports (``on_report``)."""


__all__ = ["ProgressPrinter", "ReportSink", "RootEstimate", "SolveReport", "Stream"]
