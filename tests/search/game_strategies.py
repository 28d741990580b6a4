"""Hypothesis strategies for the search-core tests: random *reachable* positions of every game.

A position is reached by drawing move indices and playing ``legal_moves()[i % len]``
from a start (the house rule: draw moves from the legal moves, not random boards).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from hypothesis import assume
from hypothesis import strategies as st
from walk_game import Walk

from reference.connect6.rules import Connect6
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.dou_shou_qi.geometry import NUM_SQUARES, Kind, Side
from reference.dou_shou_qi.notation import Piece, Placement, validate_pieces
from reference.dou_shou_qi.rules import DouShouQi
from reference.errors import GameError
from reference.mnk.game import MNKGame
from reference.search.protocol import Game
from reference.wargame.geometry import IMPASSABLE, Board, Terrain
from reference.wargame.geometry import Kind as UnitKind
from reference.wargame.geometry import Side as WarSide
from reference.wargame.notation import Unit
from reference.wargame.rules import Battle

M = TypeVar("M", bound=Hashable)


def play_choices(game: Game[M], choices: Sequence[int]) -> None:
    """Make ``legal_moves()[c % len]`` for each choice until the game ends."""
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            return
        game.make(moves[choice % len(moves)])


def choices(min_size: int = 0, max_size: int = 12) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 10_000), min_size=min_size, max_size=max_size)


@st.composite
def mnk_games(
    draw: st.DrawFn,
    shapes: Sequence[tuple[int, int, int]] = ((4, 4, 3), (5, 4, 3), (5, 5, 4), (6, 6, 4)),
    min_moves: int = 0,
    max_moves: int = 14,
    symmetry: bool = True,
) -> MNKGame:
    m, n, k = draw(st.sampled_from(list(shapes)))
    game = MNKGame(m, n, k, symmetry=symmetry)
    play_choices(game, draw(choices(min_moves, max_moves)))
    return game


@st.composite
def dab_games(
    draw: st.DrawFn,
    sizes: Sequence[tuple[int, int]] = ((2, 2), (2, 3), (3, 3), (3, 4), (4, 4)),
    min_moves: int = 0,
    max_moves: int = 30,
    symmetry: bool = True,
) -> DotsAndBoxes:
    rows, cols = draw(st.sampled_from(list(sizes)))
    game = DotsAndBoxes(rows, cols, symmetry=symmetry)
    play_choices(game, draw(choices(min_moves, max_moves)))
    return game


@st.composite
def connect6_games(draw: st.DrawFn, sizes: Sequence[int] = (6, 7), max_moves: int = 8) -> Connect6:
    game = Connect6(draw(st.sampled_from(list(sizes))))
    play_choices(game, draw(choices(0, max_moves)))
    return game


@st.composite
def dsq_games(draw: st.DrawFn, max_moves: int = 40) -> DouShouQi:
    game = DouShouQi()
    play_choices(game, draw(choices(0, max_moves)))
    return game


@st.composite
def dsq_near_the_limit(draw: st.DrawFn, lefts: Sequence[int] = (1, 2, 3, 4, 5, 6)) -> DouShouQi:
    """2-4 pieces (each side at least one), a few plies before a draw limit of 10 or 200."""
    count = draw(st.integers(2, 4))
    squares = draw(
        st.lists(st.integers(0, NUM_SQUARES - 1), min_size=count, max_size=count, unique=True)
    )
    pieces = []
    for index, square in enumerate(squares):
        side = Side(index % 2) if index < 2 else draw(st.sampled_from(list(Side)))
        pieces.append(Piece(side, draw(st.sampled_from(list(Kind))), square))
    to_move = draw(st.sampled_from(list(Side)))
    try:
        validate_pieces(pieces, to_move)
    except GameError:
        assume(False)
    limit = draw(st.sampled_from([10, 200]))
    left = draw(st.sampled_from(list(lefts)))
    return DouShouQi(Placement(tuple(pieces), to_move, limit - left), draw_limit=limit)


@st.composite
def small_battles(draw: st.DrawFn, max_side: int = 3, units_per_side: int = 2) -> Battle:
    """A battle on a board of at most ``max_side`` squared tiles, 1-2 units a side, movement <= 1."""
    width = draw(st.integers(2, max_side))
    height = draw(st.integers(2, max_side))
    terrains = [Terrain.PLAIN] * 4 + [Terrain.FOREST, Terrain.HILL, Terrain.LAKE]
    terrain = tuple(
        draw(st.lists(st.sampled_from(terrains), min_size=width * height, max_size=width * height))
    )
    board = Board(width, height, terrain)
    free = [t for t in range(board.size) if board.costs[UnitKind.SWORDSMAN][t] != IMPASSABLE]
    alex = draw(st.integers(1, units_per_side))
    billie = draw(st.integers(1, units_per_side))
    assume(len(free) >= alex + billie)
    tiles = draw(st.permutations(free))[: alex + billie]
    units = []
    for index, tile in enumerate(tiles):
        kind = draw(st.sampled_from(list(UnitKind)))
        low = 2 if kind == UnitKind.ARCHER else 1
        units.append(
            Unit(
                WarSide.ALEX if index < alex else WarSide.BILLIE,
                kind,
                tile,
                hp=draw(st.integers(1, 6)),
                atk=draw(st.integers(1, 4)),
                movement=draw(st.integers(0, 1)),
                attack_min=low,
                attack_max=low + draw(st.integers(0, 1)),
            )
        )
    return Battle(board, tuple(units), WarSide.ALEX)


@st.composite
def walks(draw: st.DrawFn, max_goal: int = 9) -> Walk:
    """A :class:`walk_game.Walk` (win / loss or points), a few moves in."""
    game = Walk(
        draw(st.integers(0, 2**32 - 1)),
        goal=draw(st.integers(1, max_goal)),
        width=draw(st.integers(1, 4)),
        points=draw(st.booleans()),
    )
    play_choices(game, draw(choices(0, 2)))
    return game
