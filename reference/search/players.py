"""What a computer player is: one protocol for every game's players.

A **player** chooses a move for the side to move: ``player.choose(game)`` returns the
:class:`~reference.search.root.SearchResult` of the search that chose it (the move is
``best_move``; ``value``, ``depth`` and ``stats`` say how it was found) and leaves
``game`` as it was.  A **side** is who is to move (each game's ``Side``, a
:class:`~reference.search.protocol.TwoSides`), never a player.

Each game's ``players.py`` has its paper's player, made by ``paper_player(...)``:
(M,N,K) seed 001's timed iterative deepening, Connect6 seed 004's TSS first, Dou Shou
Qi's §11 move-ordering player, and for Dots and Boxes and war chess a
:class:`DeepeningPlayer` with the paper's search.

>>> from reference import MNKGame
>>> player = DeepeningPlayer(depth=9, algorithm="alphabeta")
>>> game = MNKGame(3, 3, 3)
>>> for cell in ("a1", "b2", "a2"):
...     _ = game.play(game.parse_move(cell))
>>> game.format_move(player.choose(game).best_move)   # block a3
'a3'
>>> isinstance(player, Player)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, runtime_checkable

from reference.errors import ParameterError
from reference.search.iterative import iterative_deepening
from reference.search.protocol import Game
from reference.search.root import Algorithm, SearchResult

G_contra = TypeVar("G_contra", contravariant=True)
M = TypeVar("M")


@runtime_checkable
class Player(Protocol[G_contra, M]):
    """A computer player: ``choose(game)`` is the search result whose ``best_move`` it plays
    (``G_contra``: the games it plays, ``M``: their moves)."""

    def choose(self, game: G_contra) -> SearchResult[M]:
        """Search ``game`` (left unchanged) and return the result holding the chosen move."""
        ...


@dataclass(frozen=True, slots=True)
class DeepeningPlayer(Generic[M]):
    """Iterative deepening with one of the core's algorithms, to ``depth`` plies and / or
    for ``time_limit`` seconds and / or about ``node_limit`` nodes (give at least one)."""

    depth: int | None = None
    time_limit: float | None = None
    node_limit: int | None = None
    algorithm: Algorithm = "pvs"
    use_tt: bool = True

    def __post_init__(self) -> None:
        if self.depth is None and self.time_limit is None and self.node_limit is None:
            raise ParameterError("a player needs a depth, a time limit or a node limit")

    def choose(self, game: Game[M]) -> SearchResult[M]:
        """The deepest finished iteration's result (``game`` is left as it was)."""
        return iterative_deepening(
            game,
            max_depth=self.depth,
            time_limit=self.time_limit,
            node_limit=self.node_limit,
            algorithm=self.algorithm,
            use_tt=self.use_tt,
        )


__all__ = ["DeepeningPlayer", "Player"]
