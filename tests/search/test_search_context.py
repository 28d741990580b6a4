"""The search context's documented promises, checked one by one (mutation testing's survivors
in ``reference/search/context.py`` and ``value.py``).

Each test checks what a docstring or a module constant's documentation says: when the
node budget and the progress callback act, how a finished game is scored with and without
mate distance, which moves a node searches by default, what counts as a decided (exact)
value, how a stored best move is put first, and how an exact score becomes the value users
see.
"""

from __future__ import annotations

import pytest

from reference.mnk.game import MNKGame
from reference.mnk.players import NearMovesGame
from reference.search import MATE_BOUND, WIN, SearchContext, alphabeta, minimax
from reference.search.context import (
    DEADLINE_CHECK_INTERVAL,
    PROGRESS_INTERVAL,
    SearchTimeout,
    first_move_first,
)
from reference.search.stats import Counters
from reference.search.toy_games import Nim, PointsNim
from reference.search.value import game_value


def test_the_node_budget_is_checked_every_64_nodes() -> None:
    """``node_limit`` stops the search at the first check (every ``DEADLINE_CHECK_INTERVAL``
    = 64 nodes, a power of two, as documented) past the budget: 100 nodes allowed, stopped
    at node 128; 128 allowed, stopped at node 192."""
    assert DEADLINE_CHECK_INTERVAL == 64
    for limit, stopped_at in ((100, 128), (128, 192), (1, 64)):
        ctx = SearchContext(node_limit=limit)
        with pytest.raises(SearchTimeout):
            alphabeta(MNKGame(3, 3, 3), 9, ctx=ctx)
        assert ctx.counters.nodes == stopped_at


def test_progress_is_reported_every_2_18_nodes() -> None:
    """A progress callback is called every ``PROGRESS_INTERVAL`` = 2**18 nodes: plain
    minimax over tic-tac-toe without the solver's pruning rules (549,946 nodes: the
    known size of its game tree, root included) reports at 262,144 and 524,288."""
    assert PROGRESS_INTERVAL == 1 << 18
    seen: list[int] = []

    def progress(counters: Counters) -> None:
        seen.append(counters.nodes)

    ctx = SearchContext(on_progress=progress)
    plain = MNKGame(3, 3, 3, forced_moves=False, dead_cells=False, pairings=False)
    minimax(plain, 9, ctx=ctx)
    assert ctx.counters.nodes == 549_946
    assert seen == [1 << 18, 2 << 18]


class _Finished:
    """A finished position with a given terminal score (all ``terminal`` reads)."""

    def __init__(self, score: int) -> None:
        self.score = score

    def terminal_score(self) -> int:
        return self.score


@pytest.mark.parametrize(
    ("score", "ply", "with_distance"),
    [
        (WIN, 3, WIN - 3),
        (-WIN, 3, -WIN + 3),
        (MATE_BOUND, 2, MATE_BOUND - 2),  # the least decided score is a win too
        (-MATE_BOUND, 2, -MATE_BOUND + 2),
        (MATE_BOUND - 1, 2, MATE_BOUND - 1),  # below the bound: a heuristic score, kept
        (0, 5, 0),
    ],
)
def test_terminal_scores_count_the_plies_to_a_decided_result(
    score: int, ply: int, with_distance: int
) -> None:
    """Seed 001: a win found ``ply`` plies from the root scores ``WIN - ply`` (a loss
    ``-WIN + ply``); a score inside ``(-MATE_BOUND, MATE_BOUND)`` is not a decided result
    and is kept; ``solve`` (``mate_distance=False``) keeps every score."""
    game = _Finished(score)
    assert SearchContext().terminal(game, ply) == with_distance  # type: ignore[arg-type]
    assert SearchContext(mate_distance=False).terminal(game, ply) == score  # type: ignore[arg-type]


def test_a_default_context_searches_the_search_moves_of_a_selective_game() -> None:
    """``full_width`` is off by default: a selective game's node tries its ``search_moves``
    (the near cells), and ``full_width=True`` every legal move."""
    game = MNKGame(5, 5, 4)
    game.play(game.parse_move("c3"))
    near = NearMovesGame.of(game, 1)
    assert len(near.search_moves()) == 8 and len(near.legal_moves()) == 24
    assert list(SearchContext().moves(near)) == list(near.search_moves())
    assert list(SearchContext(full_width=True).moves(near)) == list(near.legal_moves())


@pytest.mark.parametrize(
    ("value", "exact"),
    [(MATE_BOUND, True), (-MATE_BOUND, True), (MATE_BOUND - 1, False), (0, False)],
)
def test_a_decided_value_past_the_horizon_is_exact_from_the_bound_on(
    value: int, exact: bool
) -> None:
    """``result_is_exact``: with the horizon reached, a value is exact when it is a decided
    game found over every legal move, ``abs(value) >= MATE_BOUND`` (the bound included:
    heuristic values stay strictly inside it); never in a selective (pruned) search."""
    ctx = SearchContext()
    ctx.horizon_reached = True
    assert ctx.result_is_exact(value) is exact
    ctx.pruned = True
    assert ctx.result_is_exact(value) is False
    ctx.horizon_reached = False
    assert ctx.result_is_exact(value) is True  # no horizon: the whole tree was searched


def test_first_move_first_puts_a_known_move_in_front_and_returns_the_moves() -> None:
    moves = ["a", "b", "c"]
    assert first_move_first(moves, None) == moves
    assert first_move_first(moves, "a") == moves
    assert first_move_first(moves, "c") == ["c", "a", "b"]
    assert first_move_first(moves, "z") == moves  # a move of another position: ignored
    assert moves == ["a", "b", "c"]  # the list handed in is not changed


def test_game_value_is_the_sign_for_win_loss_games_and_the_points_otherwise() -> None:
    """``game_value``: 1 / 0 / -1 by the sign of the score for a win / draw / loss game
    (any positive score is a 1, the smallest too), the score itself for a points game."""
    nim, points = Nim(4), PointsNim(3)
    assert [game_value(nim, s) for s in (1, 2, WIN - 7, 0, -1, -WIN)] == [1, 1, 1, 0, -1, -1]
    assert [game_value(points, s) for s in (1, 0, -3)] == [1, 0, -3]
