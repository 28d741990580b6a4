"""The one exception family of the package.

Every error a user can cause (a bad move, a malformed position, an impossible
parameter, a time limit too small) is a :class:`GameError`, and therefore a
``ValueError``.  The command line turns any of them into exit status 2 and one
line on stderr.
"""

from __future__ import annotations


class GameError(ValueError):
    """Base class of every error caused by bad input."""


class IllegalMoveError(GameError):
    """A move that is not legal in the position it was played in."""


class PositionFormatError(GameError):
    """A position or move string that cannot be parsed, or describes an impossible position."""


class ParameterError(GameError):
    """An impossible parameter: k larger than the board, a negative depth, ..."""


class SearchTimeoutError(GameError):
    """The time limit was too small to finish even the first iteration."""
