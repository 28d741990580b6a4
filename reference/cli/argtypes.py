"""Strict ``argparse`` types for the oracle commands: ASCII digits only, bounded sizes.

``int()`` accepts ``"٣"`` (Arabic-Indic three) and 4,300-digit numbers; an oracle's
command line should not.

>>> ascii_int("-12"), positive_int("3"), natural_int("0"), positive_float("0.5")
(-12, 3, 0, 0.5)
>>> ascii_int("٣")
Traceback (most recent call last):
...
argparse.ArgumentTypeError: expected an integer in ASCII digits (at most 18), got '٣'
"""

from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """An ``argparse`` type: a decimal integer >= 1 in ASCII digits (at most 18 of them)."""
    value = ascii_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be >= 1, got {value}")
    return value


def natural_int(text: str) -> int:
    """An ``argparse`` type: a decimal integer >= 0 in ASCII digits."""
    value = ascii_int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {value}")
    return value


def ascii_int(text: str) -> int:
    """An ``argparse`` type: ``[-]digits`` in ASCII, at most 18 digits (no ``٣``, no 5,000 digits)."""
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
        raise argparse.ArgumentTypeError(
            f"expected an integer in ASCII digits (at most 18), got {shorten_arg(text)!r}"
        )
    return int(text)


def positive_float(text: str) -> float:
    """An ``argparse`` type: seconds > 0, finite, in ASCII."""
    try:
        value = float(text) if text.isascii() else float("nan")
    except ValueError:
        value = float("nan")
    if not 0 < value <= 1e7:  # also refuses NaN and infinity
        raise argparse.ArgumentTypeError(
            f"expected seconds > 0 and <= 1e7, got {shorten_arg(text)!r}"
        )
    return value


def shorten_arg(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:40]}... ({len(text)} characters)"


__all__ = ["ascii_int", "natural_int", "positive_float", "positive_int", "shorten_arg"]
