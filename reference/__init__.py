"""Reference implementation of game-tree search from five papers.

Sub-packages: :mod:`reference.search` (game-independent algorithms),
:mod:`reference.graphs` (generic graph algorithms), one sub-package per game,
and :mod:`reference.cli` (the command line / oracle interface).
"""

from reference.errors import (
    GameError,
    IllegalMoveError,
    ParameterError,
    PositionFormatError,
    SearchTimeoutError,
)

__all__ = [
    "GameError",
    "IllegalMoveError",
    "ParameterError",
    "PositionFormatError",
    "SearchTimeoutError",
]
__version__ = "0.1.0"
