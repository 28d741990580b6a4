"""Checks of the counts a search is given (depths, node limits, workers), with one message form.

>>> check_count("search depth", 0, least=1)
Traceback (most recent call last):
...
reference.errors.ParameterError: search depth must be an integer >= 1, got 0
"""

from __future__ import annotations

from reference.errors import ParameterError


def check_count(what: str, value: object, least: int) -> None:
    """Raise :class:`ParameterError` unless ``value`` is an integer (not a bool) >= ``least``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ParameterError(f"{what} must be an integer >= {least}, got {value!r}")
