"""The one place that turns an exact search score into the value users see.

Every exact answer of this package (``solve`` from Python or from the command line,
the JSON-lines server, test suites) reports the value **for the side to move**:

* games scored in points (``counts_points``: Dots and Boxes): the net number of
  points the side to move wins from here on, as searched;
* win / draw / loss games (everything else): ``1`` win, ``0`` draw, ``-1`` loss.

>>> from reference.search.toy_games import Nim, PointsNim
>>> game_value(Nim(4), -999_997), game_value(PointsNim(3), 2)
(-1, 2)
"""

from __future__ import annotations

from typing import TypeVar

from reference.search.protocol import Game, Score

M = TypeVar("M")


def game_value(game: Game[M], score: Score) -> int:
    """The reported value of an exact ``score`` of ``game`` (see the module docstring)."""
    if game.counts_points:
        return score
    return (score > 0) - (score < 0)
