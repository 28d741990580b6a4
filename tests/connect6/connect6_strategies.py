"""Hypothesis strategies for Connect6 tests: random *reachable* positions."""

from __future__ import annotations

from hypothesis import strategies as st

from reference.connect6 import Connect6


def play_random(game: Connect6, choices: list[int], *, full_width: bool = True) -> Connect6:
    """Play moves drawn (by index) from the legal moves until ``choices`` or the game ends."""
    for choice in choices:
        if game.is_terminal():
            break
        moves = game.legal_moves() if full_width else game.search_moves()
        game.play(moves[choice % len(moves)])
    return game


@st.composite
def reachable_games(
    draw: st.DrawFn, sizes: tuple[int, ...] = (6, 7, 8, 9), max_moves: int = 12
) -> Connect6:
    """A game on a small board after a random sequence of legal moves."""
    size = draw(st.sampled_from(sizes))
    choices = draw(st.lists(st.integers(0, 10**9), max_size=max_moves))
    return play_random(Connect6(size), choices)
