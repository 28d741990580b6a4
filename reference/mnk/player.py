"""A computer player for the (M,N,K)-game under a time limit per move.

Seed 001, §Iterative Deepening, §Transposition Tables, §Zobrist Hashing: the
player deepens the search 1, 2, 3, ... plies until the time is nearly up and plays
the best move of the last finished iteration; a transposition table (kept from
move to move: its keys are positions, so its entries stay valid) orders each
iteration by the previous best moves.  All of that is the core's
:func:`reference.search.iterative_deepening`; this module only wires it to a
game and keeps the table between moves.  The seed's player had 10 seconds per
move; here the limit is a parameter.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.errors import ParameterError
from reference.mnk.board import MNKGame
from reference.mnk.notation import Cell
from reference.search import Score, TranspositionTable, iterative_deepening

DEFAULT_TABLE_SIZE = 1 << 18
"""Entries of the player's transposition table (rounded up to a prime by the core).  Our choice."""


@dataclass(frozen=True, slots=True)
class MoveChoice:
    """The move a player chose and how it got there."""

    move: Cell
    value: Score
    """Value of the last finished iteration for the side to move."""
    depth: int
    """Depth of the last finished iteration."""
    exact: bool
    """True when the search reached the end of the game everywhere (the value is exact)."""
    nodes: int
    seconds: float


class TimedPlayer:
    """Seed 001's player: iterative-deepening PVS + TT + Zobrist keys, ``time_limit`` s per move."""

    def __init__(
        self,
        time_limit: float = 1.0,
        *,
        max_depth: int | None = None,
        algorithm: str = "pvs",
        table_size: int = DEFAULT_TABLE_SIZE,
    ) -> None:
        if not time_limit > 0:
            raise ParameterError(f"time limit must be > 0 seconds, got {time_limit}")
        self.time_limit = time_limit
        self.max_depth = max_depth
        self.algorithm = algorithm
        self.table = TranspositionTable(table_size)

    def choose(self, game: MNKGame) -> MoveChoice:
        """Search a copy of ``game`` and return the chosen move (``game`` is not changed)."""
        result = iterative_deepening(
            game.copy(),
            time_limit=self.time_limit,
            max_depth=self.max_depth,
            algorithm=self.algorithm,
            tt=self.table,
        )
        return MoveChoice(
            result.best_move,
            result.value,
            result.depth,
            result.exact,
            result.stats.nodes,
            result.seconds,
        )


def play_game(game: MNKGame, players: tuple[TimedPlayer, TimedPlayer]) -> list[MoveChoice]:
    """Computer against computer from ``game`` to the end; ``game`` ends in the final position."""
    choices: list[MoveChoice] = []
    while not game.is_terminal():
        choice = players[game.to_move].choose(game)
        game.play(choice.move)
        choices.append(choice)
    return choices
