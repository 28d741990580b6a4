"""Numeric command-line options: each has a documented range, checked before any work.

``type=IntRange(0, 10_000)`` reads an integer written with the ASCII digits ``0-9``
(an optional sign and surrounding blanks allowed) and refuses anything outside
``0..10000``; ``type=FloatRange(0, 1e7, low_open=True)`` reads a finite decimal
number in ``(0, 1e7]``.  argparse turns a refusal into ``error: argument --depth:
...`` on one line, exit status 2, before the game is even built.  Python's own
``int`` and ``float`` would take ``٢`` (2), ``1_0`` (10), ``nan`` and ``1e308``.

>>> IntRange(0, 500)("12")
12
>>> IntRange(0, 500)("٢")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected an integer in 0..500 written with the digits 0-9, got '٢'
>>> FloatRange(0, 1e7, low_open=True)("1e308")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: 1e+308 is out of range: allowed (0, 1e+07]
"""

from __future__ import annotations

import argparse
import math
import re
from dataclasses import dataclass

from reference.digits import MAX_DIGITS, is_digits

_FLOAT_RE = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?", re.ASCII)
_BLANKS = " \t"


def _shown(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:20] + "...")


@dataclass(frozen=True, slots=True)
class IntRange:
    """An argparse ``type``: an integer in ``low..high`` (both included), ASCII digits only."""

    low: int
    high: int

    @property
    def text(self) -> str:
        """The range as the help texts write it, e.g. ``0..10000``."""
        return f"{self.low}..{self.high}"

    def __call__(self, text: str) -> int:
        body = text.strip(_BLANKS)
        sign = body[:1] if body[:1] in ("+", "-") else ""
        digits = body[len(sign) :]
        if not is_digits(digits):
            raise argparse.ArgumentTypeError(
                f"expected an integer in {self.text} written with the digits 0-9, got {_shown(text)}"
            )
        if len(digits) > MAX_DIGITS:
            raise argparse.ArgumentTypeError(
                f"{_shown(text)} ({len(digits)} digits) is out of range: allowed {self.text}"
            )
        value = int(sign + digits)
        if not self.low <= value <= self.high:
            raise argparse.ArgumentTypeError(f"{value} is out of range: allowed {self.text}")
        return value


@dataclass(frozen=True, slots=True)
class FloatRange:
    """An argparse ``type``: a finite decimal number in ``[low, high]`` (``(low, high]`` when
    ``low_open``), written with ASCII digits (``0.5``, ``2``, ``1e-3``)."""

    low: float
    high: float
    low_open: bool = False

    @property
    def text(self) -> str:
        """The range as the help texts write it, e.g. ``(0, 1e+07]``."""
        return f"{'(' if self.low_open else '['}{self.low:g}, {self.high:g}]"

    def __call__(self, text: str) -> float:
        body = text.strip(_BLANKS)
        if len(body) > 40 or not _FLOAT_RE.fullmatch(body):
            raise argparse.ArgumentTypeError(
                f"expected a number in {self.text} written with the digits 0-9 "
                f"(e.g. 0.5 or 2), got {_shown(text)}"
            )
        value = float(body)
        too_low = value <= self.low if self.low_open else value < self.low
        if not math.isfinite(value) or too_low or value > self.high:
            raise argparse.ArgumentTypeError(f"{value:g} is out of range: allowed {self.text}")
        return value


SEED = IntRange(0, 2**63 - 1)
"""A random seed (``random.Random(seed)``)."""
POSITIONS = IntRange(1, 1_000_000)
"""How many random positions an oracle command draws (our bound)."""
PLIES = IntRange(0, 10_000)
"""A number of plies of random play (the search core's deepest ply)."""
DEPTH = IntRange(1, 10_000)
"""A perft or search depth of at least one ply (the search core's deepest ply)."""
NODE_BUDGET = IntRange(1, 10**12)
"""Nodes a search may spend (our bound: days of Python)."""
SECONDS = FloatRange(0.0, 1e7, low_open=True)
"""Seconds, more than 0 and at most the search's largest deadline (``MAX_TIME_LIMIT``)."""


def ranged_help(help_text: str, kind: IntRange | FloatRange) -> str:
    """``help_text`` with the allowed range appended: every numeric option documents it."""
    return f"{help_text}; allowed {kind.text}"


DEFAULT_MAX_MOVES = 10
"""Random play of ``check`` and ``suite`` lasts up to this many moves by default."""


def add_random_play_arguments(parser: argparse.ArgumentParser) -> None:
    """``--max-moves`` / ``--min-moves``: how long the random play that draws positions lasts
    (``check`` and ``suite``)."""
    parser.add_argument(
        "--max-moves",
        type=PLIES,
        default=DEFAULT_MAX_MOVES,
        help=ranged_help(f"random play lasts 0..L moves (default L = {DEFAULT_MAX_MOVES})", PLIES),
    )
    parser.add_argument(
        "--min-moves",
        type=PLIES,
        default=0,
        help=ranged_help("... and at least this many (default 0)", PLIES),
    )
