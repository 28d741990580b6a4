"""Hypothesis strategies and helpers shared by the mnk tests: random *reachable* positions."""

from __future__ import annotations

import functools

from hypothesis import strategies as st

from reference.mnk.game import MNKGame

SMALL_SHAPES = [
    (3, 3, 3),
    (4, 3, 3),
    (3, 4, 3),
    (4, 4, 3),
    (4, 4, 4),
    (5, 3, 3),
    (2, 3, 2),
    (3, 2, 2),
]
"""Small (M, N, K) shapes used by the property tests."""


def paper_game(
    m: int, n: int, k: int, *, ordering: str = "threats", symmetry: bool = False
) -> MNKGame:
    """The game as seed 001 searches it: every empty cell, none of our sound pruning rules."""
    return MNKGame(
        m,
        n,
        k,
        ordering=ordering,
        symmetry=symmetry,
        forced_moves=False,
        dead_cells=False,
        pairings=False,
    )


def play_choices(game: MNKGame, choices: list[int]) -> MNKGame:
    """Play ``choices[i] % len(legal_moves)`` until the choices run out or the game ends."""
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[choice % len(moves)])
    return game


@st.composite
def reachable_games(
    draw: st.DrawFn,
    shapes: list[tuple[int, int, int]] = SMALL_SHAPES,
    min_moves: int = 0,
    max_moves: int = 16,
    symmetry: bool = False,
    ordering: str = "centre",
) -> MNKGame:
    """A game on one of ``shapes`` after a random sequence of legal moves."""
    m, n, k = draw(st.sampled_from(shapes))
    choices = draw(st.lists(st.integers(0, 1000), min_size=min_moves, max_size=max_moves))
    game = MNKGame(m, n, k, symmetry=symmetry, ordering=ordering)
    return play_choices(game, choices)


def naive_has_line(bits: int, m: int, n: int, k: int) -> bool:
    """K in a row by walking the grid cell by cell (independent of the bitboard code)."""
    for row in range(n):
        for column in range(m):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                if all(
                    0 <= column + i * dc < m
                    and 0 <= row + i * dr < n
                    and bits >> ((row + i * dr) * m + column + i * dc) & 1
                    for i in range(k)
                ):
                    return True
    return False


@functools.cache
def brute_force_value(text: str, k: int) -> int:
    """Plain negamax over position strings, without any of the package's search code: -1/0/1."""
    game = MNKGame.from_notation(
        text, k, ordering="natural", forced_moves=False, dead_cells=False, pairings=False
    )
    if game.is_terminal():
        return -1 if game.winner() is not None else 0
    best = -1
    for move in game.legal_moves():
        game.make(move)
        best = max(best, -brute_force_value(game.to_notation(), k))
        game.unmake()
    return best
