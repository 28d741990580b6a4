"""The thesis's searching players: MINIMAX, alpha-beta, alpha-beta with move ordering, self-play.

Seed 003, §3.2 (MINIMAX), §3.3 (Evaluate), §11 (alpha-beta pruning with move
ordering, players given a time per move, games drawn after 200 moves).

No search is written here: MINIMAX is the core's
:func:`reference.search.minimax` (the negamax of §3.2, lines 1-7, with the sign
flipped only when the turn passes, which in Dou Shou Qi is every ply), alpha-beta
is :func:`reference.search.alphabeta`, and iterative deepening under a time limit
is :func:`reference.search.iterative_deepening`.  The move ordering of §11 lives
in the game (``DouShouQi.ordering``, see :mod:`reference.dou_shou_qi.ordering`),
so a *player* is just an algorithm plus that switch.

Our interpretation (the thesis does not say): the "no heuristic" player of §11
searches with plain alpha-beta in generation order ("alpha-beta pruning ... was
written into the minimax module"); neither player uses a transposition table,
which the thesis never mentions.
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.dou_shou_qi.geometry import Side
from reference.dou_shou_qi.rules import DEFAULT_DRAW_LIMIT, DouShouQi, Move
from reference.errors import ParameterError
from reference.search import Deadline, SearchResult, iterative_deepening, minimax
from reference.search.protocol import Score


@dataclass(frozen=True, slots=True)
class Player:
    """A searching player of §11: an algorithm of the core and the move-ordering switch."""

    name: str
    ordering: bool
    algorithm: str = "alphabeta"


NO_HEURISTIC = Player("no heuristic", ordering=False)
"""§11's baseline: alpha-beta, moves in generation order."""

MOVE_ORDERING = Player("move-ordering", ordering=True)
"""§11: alpha-beta searching captures, then lion, tiger, elephant, mouse moves, then the rest."""

MINIMAX_PLAYER = Player("minimax", ordering=False, algorithm="minimax")
"""§3.2: MINIMAX without pruning (the slow reference)."""


def minimax_value(game: DouShouQi, depth: int) -> Score:
    """MINIMAX(position, depth) of §3.2 for the side to move.

    Seed 003, §3.2, MINIMAX (lines 1-7), by the core's :func:`reference.search.minimax`.
    """
    return minimax(game, depth)


def choose_move(
    game: DouShouQi,
    player: Player,
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    deadline: Deadline | None = None,
) -> SearchResult[Move]:
    """The move ``player`` picks: iterative deepening to ``depth`` and / or within ``time_limit``.

    Seed 003, §11 (players given a time per move).  The game's ``ordering``
    switch is set for the search and restored afterwards (the core restores the
    position itself, also after an iteration cut by the deadline).  ``deadline``
    replaces ``time_limit`` with a ready-made :class:`~reference.search.Deadline`
    (tests inject one with a fake clock).
    """
    saved = game.ordering
    game.ordering = player.ordering
    try:
        return iterative_deepening(
            game,
            time_limit=time_limit,
            max_depth=depth,
            algorithm=player.algorithm,
            use_tt=False,
            deadline=deadline,
        )
    finally:
        game.ordering = saved


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One self-play game: who won (``None`` = draw), the moves and the depths each side reached."""

    start: str
    player_a: str
    player_b: str
    winner: Side | None
    moves: tuple[str, ...]
    depths_a: tuple[int, ...]
    depths_b: tuple[int, ...]

    @property
    def plies(self) -> int:
        """Plies played."""
        return len(self.moves)


def play_game(
    start: str,
    player_a: Player,
    player_b: Player,
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    draw_limit: int = DEFAULT_DRAW_LIMIT,
) -> GameRecord:
    """Play one game from ``start`` (notation), A = ``player_a``, B = ``player_b``.

    Seed 003, §11: each move by iterative deepening (to ``depth`` and / or within
    ``time_limit`` seconds); a draw after ``draw_limit`` plies.
    """
    if depth is None and time_limit is None:
        raise ParameterError("give a search depth, a time limit per move, or both")
    game = DouShouQi.from_notation(start, draw_limit=draw_limit)
    moves: list[str] = []
    depths: tuple[list[int], list[int]] = ([], [])
    while not game.is_terminal():
        player = player_a if game.to_move == Side.A else player_b
        result = choose_move(game, player, depth=depth, time_limit=time_limit)
        depths[game.to_move].append(result.depth)
        moves.append(game.format_move(result.best_move))
        game.play(result.best_move)
    return GameRecord(
        start,
        player_a.name,
        player_b.name,
        game.winner(),
        tuple(moves),
        tuple(depths[0]),
        tuple(depths[1]),
    )
