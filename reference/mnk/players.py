"""A computer player for the (M,N,K)-game under a time limit per move.

Seed 001, §Iterative Deepening, §Transposition Tables, §Zobrist Hashing: the
player deepens the search 1, 2, 3, ... plies until the time is nearly up and plays
the best move of the last finished iteration; a transposition table (kept from
move to move: its keys are positions, so its entries stay valid) orders each
iteration by the previous best moves.  All of that is the core's
:func:`reference.search.iterative_deepening`; this module only wires it to a
game and keeps the table between moves.  OURS: the seed's player had 10 seconds per
move; here the limit is a parameter (default 1 s).

OURS: on big boards the player searches only the empty cells within ``candidate_radius``
king moves of a stone (:class:`NearMovesGame`), the usual pruning of gomoku
programs: with 200+ moves per ply a Python search would not get past depth 2.
A radius of 1 never drops an immediate win or forced block (the missing cell of
a K-line with K-1 stones is next to one of them).  This is a player heuristic,
not part of the rules: solving and perft always use every legal move.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from reference.errors import ParameterError
from reference.mnk.game import MNKGame
from reference.mnk.geometry import Cell, neighbourhood
from reference.mnk.rules import slot_names
from reference.search import Deadline, TranspositionTable, iterative_deepening
from reference.search.root import Algorithm, SearchResult

PRUNE_ABOVE_CELLS = 36
"""Boards with more cells than this get ``candidate_radius = 1`` by default (our choice)."""

DEFAULT_TABLE_SIZE = 1 << 18
"""Entries of the player's transposition table (rounded up to a prime by the core).  Our choice."""


class NearMovesGame(MNKGame):
    """A view of a position whose *search* moves are only the empty cells near stones.

    The player's pruning: :meth:`search_moves` (and so any search) tries the near
    cells only, so the game is ``selective`` and no value searched on it is called
    exact; :meth:`legal_moves` is still every empty cell.  On the empty board the
    only search move is the first of the configured order (the centre).
    """

    selective = True

    __slots__ = ("_radius",)
    _radius: int

    @classmethod
    def of(cls, game: MNKGame, radius: int) -> NearMovesGame:
        """A copy of ``game`` (history included) that generates near moves only."""
        if radius < 1:
            raise ParameterError(f"candidate radius must be >= 1, got {radius}")
        view = cls.__new__(cls)
        source = game.copy()
        for name in slot_names(MNKGame):
            setattr(view, name, getattr(source, name))
        view._radius = radius
        return view

    def search_moves(self) -> list[Cell]:
        moves = self.legal_moves()
        if not moves:
            return moves
        x_bits, o_bits = self.bits
        near = x_bits | o_bits
        if not near:
            return moves[:1]
        for _ in range(self._radius):
            near = neighbourhood(near, self.geometry)
        return [cell for cell in moves if near >> cell & 1]


class TimedPlayer:
    """Seed 001's player: iterative-deepening PVS + TT + Zobrist keys, ``time_limit`` s per move."""

    def __init__(
        self,
        time_limit: float = 1.0,
        *,
        max_depth: int | None = None,
        algorithm: Algorithm = "pvs",
        table_size: int = DEFAULT_TABLE_SIZE,
        candidate_radius: int | str | None = "auto",
        clock: Callable[[], float] = time.monotonic,
        node_limit: int | None = None,
    ) -> None:
        """``candidate_radius``: an int, ``None`` (every move) or ``"auto"`` (1 on boards of
        more than :data:`PRUNE_ABOVE_CELLS` cells, else ``None``).  ``clock`` is the only
        clock the player reads (through :class:`~reference.search.context.Deadline`);
        tests inject one so that no test depends on the machine's speed.  ``node_limit``:
        also stop after about this many nodes a move (the same on every machine)."""
        if not time_limit > 0:
            raise ParameterError(f"time limit must be > 0 seconds, got {time_limit}")
        self.time_limit = time_limit
        self.clock = clock
        self.max_depth = max_depth
        self.node_limit = node_limit
        self.algorithm = algorithm
        self.table = TranspositionTable(table_size)
        if (
            candidate_radius is not None
            and candidate_radius != "auto"
            and (not isinstance(candidate_radius, int) or candidate_radius < 1)
        ):
            raise ParameterError(
                f"candidate radius must be an int >= 1, None or 'auto', got {candidate_radius!r}"
            )
        self.candidate_radius = candidate_radius

    def radius_for(self, game: MNKGame) -> int | None:
        """The candidate radius used on ``game``'s board."""
        if self.candidate_radius == "auto":
            return 1 if game.geometry.cells > PRUNE_ABOVE_CELLS else None
        return self.candidate_radius if isinstance(self.candidate_radius, int) else None

    def choose(self, game: MNKGame) -> SearchResult[Cell]:
        """Search a copy of ``game``; the search's result holds the chosen move (``best_move``),
        its value, depth and node count (``game`` is not changed)."""
        radius = self.radius_for(game)
        view = game.copy() if radius is None else NearMovesGame.of(game, radius)
        return iterative_deepening(
            view,
            deadline=Deadline(self.time_limit, clock=self.clock),
            max_depth=self.max_depth,
            algorithm=self.algorithm,
            tt=self.table,
            reuse_deeper=True,  # one table from move to move: values "at least this deep"
            node_limit=self.node_limit,
        )


def paper_player(
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> TimedPlayer:
    """Seed 001's player (:class:`TimedPlayer`): ``time_limit`` seconds a move (1 when not
    given), at most ``depth`` plies and about ``node_limit`` nodes."""
    return TimedPlayer(
        1.0 if time_limit is None else time_limit,
        max_depth=depth,
        clock=clock,
        node_limit=node_limit,
    )


def play_game(
    game: MNKGame, players: tuple[TimedPlayer, TimedPlayer]
) -> list[SearchResult[Cell]]:
    """Computer against computer from ``game`` to the end; ``game`` ends in the final position."""
    choices: list[SearchResult[Cell]] = []
    while not game.is_terminal():
        choice = players[game.to_move].choose(game)
        game.play(choice.best_move)
        choices.append(choice)
    return choices
