"""Numbers a user gives (options, request fields): each has a documented range.

``IntRange(0, 10_000).parse("12")`` reads an integer written with the ASCII digits
``0-9`` (an optional sign and surrounding blanks allowed) and refuses anything outside
``0..10000``; ``FloatRange(0, 1e7, low_open=True).parse("0.5")`` reads a finite decimal
number in ``(0, 1e7]``.  A refusal is a :class:`~reference.errors.ParameterError` that
says what was given and what is allowed.  Python's own ``int`` and ``float`` would take
``٢`` (2), ``1_0`` (10), ``nan`` and ``1e308``.

The game registry (:mod:`reference.registry`) declares every game option with one of
these; the command line turns them into ``argparse`` types
(:func:`argtype`: an ``argparse`` type whose refusals are ``argparse`` errors).

>>> IntRange(0, 500).parse("12")
12
>>> IntRange(0, 500).parse("٢")
Traceback (most recent call last):
...
reference.errors.ParameterError: expected an integer in 0..500 written with the digits 0-9, got '٢'
>>> FloatRange(0, 1e7, low_open=True).parse("1e308")
Traceback (most recent call last):
...
reference.errors.ParameterError: 1e+308 is out of range: allowed (0, 1e+07]
>>> argtype(IntRange(0, 500))("٢")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected an integer in 0..500 written with the digits 0-9, got '٢'
"""

from __future__ import annotations

import argparse
import math
import re
from dataclasses import dataclass

from reference.digits import MAX_DIGITS, is_digits
from reference.errors import ParameterError

_FLOAT_RE = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?", re.ASCII)
_BLANKS = " \t"


def shown(text: str) -> str:
    """``text`` quoted for an error message, cut to 20 characters when longer than 40."""
    return repr(text if len(text) <= 40 else text[:20] + "...")


@dataclass(frozen=True, slots=True)
class IntRange:
    """An integer in ``low..high`` (both included), written with ASCII digits only."""

    low: int
    high: int

    @property
    def text(self) -> str:
        """The range as the help texts write it, e.g. ``0..10000``."""
        return f"{self.low}..{self.high}"

    def check(self, value: int) -> int:
        """``value`` itself when it lies in the range; raise :class:`ParameterError` otherwise."""
        if not self.low <= value <= self.high:
            raise ParameterError(f"{value} is out of range: allowed {self.text}")
        return value

    def parse(self, text: str) -> int:
        """The integer ``text`` writes, checked against the range."""
        body = text.strip(_BLANKS)
        sign = body[:1] if body[:1] in ("+", "-") else ""
        digits = body[len(sign) :]
        if not is_digits(digits):
            raise ParameterError(
                f"expected an integer in {self.text} written with the digits 0-9, got {shown(text)}"
            )
        if len(digits) > MAX_DIGITS:
            raise ParameterError(
                f"{shown(text)} ({len(digits)} digits) is out of range: allowed {self.text}"
            )
        return self.check(int(sign + digits))


@dataclass(frozen=True, slots=True)
class FloatRange:
    """A finite decimal number in ``[low, high]`` (``(low, high]`` when ``low_open``), written
    with ASCII digits (``0.5``, ``2``, ``1e-3``)."""

    low: float
    high: float
    low_open: bool = False

    @property
    def text(self) -> str:
        """The range as the help texts write it, e.g. ``(0, 1e+07]``."""
        return f"{'(' if self.low_open else '['}{self.low:g}, {self.high:g}]"

    def check(self, value: float) -> float:
        """``value`` itself when it is finite and in the range; raise :class:`ParameterError`."""
        too_low = value <= self.low if self.low_open else value < self.low
        if not math.isfinite(value) or too_low or value > self.high:
            raise ParameterError(f"{value:g} is out of range: allowed {self.text}")
        return value

    def parse(self, text: str) -> float:
        """The number ``text`` writes, checked against the range."""
        body = text.strip(_BLANKS)
        if len(body) > 40 or not _FLOAT_RE.fullmatch(body):
            raise ParameterError(
                f"expected a number in {self.text} written with the digits 0-9 "
                f"(e.g. 0.5 or 2), got {shown(text)}"
            )
        return self.check(float(body))


@dataclass(frozen=True, slots=True)
class ArgType:
    """An ``argparse`` type reading a number in ``kind``'s range."""

    kind: IntRange | FloatRange

    @property
    def text(self) -> str:
        """The range as the help texts write it."""
        return self.kind.text

    def __call__(self, text: str) -> int | float:
        try:
            return self.kind.parse(text)
        except ParameterError as error:
            raise argparse.ArgumentTypeError(str(error)) from None


def argtype(kind: IntRange | FloatRange) -> ArgType:
    """``kind`` as an ``argparse`` type (its errors are ``argparse`` errors)."""
    return ArgType(kind)


def ranged_help(help_text: str, kind: IntRange | FloatRange) -> str:
    """``help_text`` with the allowed range appended: every numeric option documents it."""
    return f"{help_text}; allowed {kind.text}"


def add_ranged_argument(
    parser: argparse.ArgumentParser,
    flag: str,
    kind: IntRange | FloatRange,
    help_text: str,
    *,
    default: object = None,
    metavar: str | None = None,
    required: bool = False,
) -> None:
    """Add the numeric option ``flag`` to ``parser``: read and checked by :func:`argtype`,
    its range written in its help (:func:`ranged_help`)."""
    parser.add_argument(
        flag,
        type=argtype(kind),
        default=default,
        metavar=metavar,
        required=required,
        help=ranged_help(help_text, kind),
    )


__all__ = [
    "ArgType",
    "FloatRange",
    "IntRange",
    "add_ranged_argument",
    "argtype",
    "ranged_help",
    "shown",
]
