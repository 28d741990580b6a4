"""A :class:`GameView` over a real game is that game: the same perft and the same solve."""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pytest

from reference import DotsAndBoxes, MNKGame
from reference.search import Game, perft_raw, solve_raw
from reference.search.view import GameView


@pytest.mark.parametrize(
    ("make_game", "depth"),
    [
        (lambda: MNKGame(3, 3, 3), 5),
        (lambda: DotsAndBoxes(1, 2), 4),  # extra turns and points: the view forwards them
    ],
)
def test_view_has_the_games_perft_and_solve(make_game: Callable[[], Game[Hashable]], depth: int) -> None:
    game = make_game()
    view: Game[Hashable] = GameView(make_game())
    assert perft_raw(view, depth) == perft_raw(game, depth)
    plain, seen = solve_raw(game), solve_raw(view)
    assert (seen.score, seen.value, seen.best_moves) == (plain.score, plain.value, plain.best_moves)
