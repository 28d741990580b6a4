"""Numbers in notation and on the command line: ASCII digits only.

Python's ``str.isdigit`` and ``int`` accept far more than ``0-9``: ``"²".isdigit()``
is true (and ``int("²")`` fails), ``int("٢")`` is 2 (Arabic-Indic), ``int("1_0")``
is 10, and ``int`` refuses strings of more than 4,300 digits with a ``ValueError``.
A notation that engines in other languages must read and write accepts the ten
ASCII digits and nothing else; every game's parser reads its numbers here, so a
bad number is always a :class:`~reference.errors.GameError` with a clear message.

>>> parse_natural("12", "row")
12
>>> parse_natural("١٢", "row")
Traceback (most recent call last):
...
reference.errors.PositionFormatError: row '١٢' is not a number written with the digits 0-9
>>> parse_natural("9" * 5000, "plies")
Traceback (most recent call last):
...
reference.errors.PositionFormatError: plies '99999999999999999999...' is too large (5000 digits)
"""

from __future__ import annotations

from reference.errors import GameError, PositionFormatError

MAX_DIGITS = 18
"""Longest number read (our choice): every count in this package is far below 10**18,
and the limit keeps clear of Python's 4,300-digit conversion limit."""


def is_digits(text: str) -> bool:
    """True when ``text`` is one or more ASCII digits ``0-9`` (nothing else, no sign, no space)."""
    return text.isascii() and text.isdigit()


def parse_natural(
    text: str,
    what: str,
    *,
    high: int | None = None,
    error: type[GameError] = PositionFormatError,
) -> int:
    """The integer >= 0 written in ``text`` with ASCII digits; raise ``error`` otherwise.

    ``what`` names the number in the message; ``high``, when given, is the largest
    value accepted.
    """
    if not is_digits(text):
        raise error(f"{what} {text[:40]!r} is not a number written with the digits 0-9")
    if len(text) > MAX_DIGITS:
        raise error(f"{what} {text[:20] + '...'!r} is too large ({len(text)} digits)")
    value = int(text)
    if high is not None and value > high:
        raise error(f"{what} {value} is too large: at most {high}")
    return value
