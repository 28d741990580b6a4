"""Reference implementation of game-tree search from five papers.

The front door (everything a Python user of the oracle needs)::

    from reference import MNKGame, DotsAndBoxes, Connect6, WarGame, DouShouQi
    from reference import solve, perft, divide, bestmove, new_game

``new_game(name, **options)`` builds a game exactly as the command line does (the
registry's defaults, which are the game classes' defaults too).

:func:`solve`, :func:`perft`, :func:`divide` and :func:`bestmove` are the
functions the command line calls (:mod:`reference.api`), so both give the same
answers.  Sub-packages: :mod:`reference.search` (the game-independent algorithms),
:mod:`reference.graphs` (generic graph algorithms), one sub-package per game, and
:mod:`reference.cli` (the command line).  A game's sub-package is imported only
when its name is first used.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from reference.errors import (
    GameError,
    IllegalMoveError,
    ParameterError,
    PositionFormatError,
    SearchTimeoutError,
)

if TYPE_CHECKING:
    from reference.api import BestMove, Solution, bestmove, divide, new_game, perft, solve
    from reference.connect6.rules import Connect6
    from reference.dots_and_boxes.rules import DotsAndBoxes
    from reference.dou_shou_qi.rules import DouShouQi
    from reference.mnk.game import MNKGame
    from reference.wargame.game import WarGame

_LAZY: dict[str, str] = {
    "BestMove": "reference.api",
    "Solution": "reference.api",
    "bestmove": "reference.api",
    "divide": "reference.api",
    "new_game": "reference.api",
    "perft": "reference.api",
    "solve": "reference.api",
    "Connect6": "reference.connect6.rules",
    "DotsAndBoxes": "reference.dots_and_boxes.rules",
    "DouShouQi": "reference.dou_shou_qi.rules",
    "MNKGame": "reference.mnk.game",
    "WarGame": "reference.wargame.game",
}


def __getattr__(name: str) -> object:
    """Import a front-door name's module on first use (keeps ``python -m reference`` quick)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'reference' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names and the front door's lazy ones, so ``dir(reference)`` and
    ``help(reference)`` list ``solve`` and the games before their first use."""
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "BestMove",
    "Connect6",
    "DotsAndBoxes",
    "DouShouQi",
    "GameError",
    "IllegalMoveError",
    "MNKGame",
    "ParameterError",
    "PositionFormatError",
    "SearchTimeoutError",
    "Solution",
    "WarGame",
    "bestmove",
    "divide",
    "new_game",
    "perft",
    "solve",
]
__version__ = "0.1.0"
