"""The thesis's computer players: MINIMAX, alpha-beta, alpha-beta with move ordering, split search.

Seed 003, §3.2 (MINIMAX), §3.3 (Evaluate), §10 (split search), §11 (alpha-beta
pruning with move ordering, players given a time per move, games drawn after 200
moves).

No search is written here: MINIMAX is the core's
:func:`reference.search.minimax` (the negamax of §3.2, lines 1-7, with the sign
flipped only when the turn passes, which in Dou Shou Qi is every ply), alpha-beta
is :func:`reference.search.alphabeta`, iterative deepening under a time limit
is :func:`reference.search.iterative_deepening`, and split search is
:func:`reference.dou_shou_qi.split_search.search_subproblems`.  The move ordering of
§11 lives in the game (``DouShouQi.ordering``, see :mod:`reference.dou_shou_qi.ordering`),
so a player (:class:`SearchPlayer`) is just an algorithm plus two switches.

Our interpretation (the thesis does not say): the "no heuristic" player of §11
searches with plain alpha-beta in generation order ("alpha-beta pruning ... was
written into the minimax module"); no player uses a transposition table, which
the thesis never mentions; a split player uses split search only when the
position splits, plain alpha-beta otherwise.

Budgets (our choice, for reproducible numbers): ``Budget(nodes=N)`` deepens
while fewer than N nodes have been searched for this move (the last iteration
is finished, so a move may cost a few times N); ``Budget(seconds=S)`` is the
thesis's time per move (results then depend on the machine).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from reference.dou_shou_qi.geometry import Side
from reference.dou_shou_qi.notation import Move
from reference.dou_shou_qi.partition import CausalityMST, find_subproblems
from reference.dou_shou_qi.rules import DEFAULT_DRAW_LIMIT, DouShouQi
from reference.dou_shou_qi.split_search import SplitSearchResult, search_subproblems
from reference.errors import GameError, ParameterError, SearchTimeoutError
from reference.search import (
    MATE_BOUND,
    Budget,
    Deadline,
    SearchResult,
    iterative_deepening,
    minimax,
    search,
)
from reference.search.protocol import Score
from reference.search.root import Algorithm


@dataclass(frozen=True, slots=True)
class SearchPlayer:
    """A computer player of §11: an algorithm of the core, the move-ordering switch, split search."""

    name: str
    ordering: str
    """The game's move order while this player searches (``"thesis"``: §11's; ``"none"``)."""
    split: bool = False
    algorithm: Algorithm = "alphabeta"
    depth: int | None = None
    """:meth:`choose`'s depth limit (plies), or ``None``."""
    time_limit: float | None = None
    """:meth:`choose`'s time per move (seconds), or ``None``."""
    node_limit: int | None = None
    """:meth:`choose`'s nodes per move (about), or ``None``."""

    def choose(self, game: DouShouQi) -> SearchResult[Move]:
        """The move this player picks on the whole board (:func:`choose_move` with its
        depth and time limits; a :class:`~reference.search.players.Player`)."""
        if self.depth is None and self.time_limit is None and self.node_limit is None:
            raise ParameterError(
                f"{self.name!r} needs a depth, a time limit or a node limit to choose a move"
            )
        return choose_move(
            game, self, depth=self.depth, time_limit=self.time_limit, node_limit=self.node_limit
        )


NO_HEURISTIC = SearchPlayer("no heuristic", ordering="none")
"""§11's baseline: alpha-beta, moves in generation order."""

MOVE_ORDERING = SearchPlayer("move-ordering", ordering="thesis")
"""§11: alpha-beta searching captures, then lion, tiger, elephant, mouse moves, then the rest."""

SPLIT_SEARCHING = SearchPlayer("split-searching", ordering="none", split=True)
"""§11: split search (SEARCH-POSITION) when the position splits, moves in generation order."""

BOTH_HEURISTICS = SearchPlayer("both heuristics", ordering="thesis", split=True)
"""§11: split search and move ordering."""

PLAYERS = (NO_HEURISTIC, MOVE_ORDERING, SPLIT_SEARCHING, BOTH_HEURISTICS)
"""The four players of §11's configurations."""

MINIMAX_PLAYER = SearchPlayer("minimax", ordering="none", algorithm="minimax")
"""§3.2: MINIMAX without pruning (the slow reference)."""


def paper_player(
    *, depth: int | None = None, time_limit: float | None = None, node_limit: int | None = None
) -> SearchPlayer:
    """§11's move-ordering player (:data:`MOVE_ORDERING`) with a depth, time and / or node limit."""
    return dataclasses.replace(
        MOVE_ORDERING, depth=depth, time_limit=time_limit, node_limit=node_limit
    )


def minimax_value(game: DouShouQi, depth: int) -> Score:
    """MINIMAX(position, depth) of §3.2 for the side to move.

    Seed 003, §3.2, MINIMAX (lines 1-7), by the core's :func:`reference.search.minimax`.
    """
    return minimax(game, depth)


def choose_move(
    game: DouShouQi,
    player: SearchPlayer,
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    deadline: Deadline | None = None,
    node_limit: int | None = None,
) -> SearchResult[Move]:
    """The move ``player`` picks on the whole board: iterative deepening to ``depth`` and / or within ``time_limit``.

    Seed 003, §11 (players given a time per move).  The game's ``ordering``
    switch is set for the search and restored afterwards (the core restores the
    position itself, also after an iteration cut by the deadline).  ``deadline``
    replaces ``time_limit`` with a ready-made :class:`~reference.search.Deadline`
    (tests inject one with a fake clock).  A split player's move is
    :func:`choose_within_budget`'s.
    """
    if player.split:
        raise ParameterError(
            f"{player.name!r} plays split search: choose its move with choose_within_budget"
        )
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
            node_limit=node_limit,
        )
    finally:
        game.ordering = saved


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game: who won (``None`` = draw), the moves and the depths each side reached."""

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
    player_a: SearchPlayer,
    player_b: SearchPlayer,
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    draw_limit: int = DEFAULT_DRAW_LIMIT,
) -> GameRecord:
    """Play one game from ``start`` (notation), A = ``player_a``, B = ``player_b`` (whole-board players).

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


@dataclass(frozen=True, slots=True)
class Choice:
    """A move and how it was found."""

    move: Move
    depth: int
    sizes: tuple[int, ...] | None
    """Subproblem sizes when the move came from a split search."""


def whole_board_choice(
    game: DouShouQi, player: SearchPlayer, budget: Budget, max_depth: int
) -> Choice:
    """Alpha-beta (core) on the whole board by iterative deepening 1, 2, ... within the budget."""
    if budget.seconds is not None:
        whole = SearchPlayer(player.name, player.ordering)
        result = choose_move(game, whole, time_limit=budget.seconds, depth=max_depth)
        return Choice(result.best_move, result.depth, None)
    assert budget.nodes is not None
    saved = game.ordering
    game.ordering = player.ordering
    try:
        spent = 0
        depth = 1
        while True:
            result = search(game, depth, algorithm="alphabeta")
            spent += result.stats.nodes
            if (
                result.exact
                or abs(result.score) >= MATE_BOUND
                or spent >= budget.nodes
                or depth >= max_depth
            ):
                return Choice(result.best_move, depth, None)
            depth += 1
    finally:
        game.ordering = saved


def _split_choice(
    game: DouShouQi,
    player: SearchPlayer,
    budget: Budget,
    threshold: float,
    max_depth: int,
    tracker: CausalityMST | None,
) -> Choice | None:
    """SEARCH-POSITION when the position splits; ``None`` when it does not (or cannot move)."""
    decomposition = find_subproblems(game.pieces(), threshold, tracker=tracker)
    if len(decomposition.subproblems) < 2:
        return None
    saved = game.ordering
    game.ordering = player.ordering
    result: SplitSearchResult | None
    try:
        result = search_subproblems(  # the thesis's SEARCH-SUBPROBLEMS, as it played
            game,
            decomposition,
            max_depth=max_depth,
            time_limit=budget.seconds,
            node_budget=budget.nodes,
        )
    except SearchTimeoutError:
        raise
    except GameError:
        result = None  # every legal move leaves its region: search the whole position
    finally:
        game.ordering = saved
    if result is None:
        return None
    return Choice(result.move, result.depth, tuple(len(s.pieces) for s in decomposition.subproblems))


def choose_within_budget(
    game: DouShouQi,
    player: SearchPlayer,
    budget: Budget,
    threshold: float,
    max_depth: int,
    tracker: CausalityMST | None = None,
) -> Choice:
    """The move ``player`` makes: split search when the position splits, else plain alpha-beta.

    ``tracker`` keeps G_T's minimum spanning tree up to date between moves (Update-MST).
    """
    if player.split:
        choice = _split_choice(game, player, budget, threshold, max_depth, tracker)
        if choice is not None:
            return choice
    return whole_board_choice(game, player, budget, max_depth)
