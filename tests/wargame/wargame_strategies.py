"""Hypothesis strategies for war-chess tests: random small boards, terrain, units of both sides."""

from __future__ import annotations

from hypothesis import strategies as st

from reference.wargame.geometry import IMPASSABLE, Board, Kind, Side, Terrain, Tiling
from reference.wargame.notation import Unit
from reference.wargame.rules import Battle

TERRAINS = [Terrain.PLAIN] * 6 + [Terrain.FOREST, Terrain.HILL, Terrain.LAKE]


@st.composite
def battles(
    draw: st.DrawFn,
    max_side: int = 5,
    max_alex: int = 3,
    max_billie: int = 3,
    max_movement: int = 2,
    min_alex: int = 1,
    min_billie: int = 0,
    tilings: tuple[Tiling, ...] = tuple(Tiling),
) -> Battle:
    """A random battle: board up to ``max_side`` square, some hills / lakes / forest, Alex to move.

    The map is square, octagonal or hexagonal (drawn from ``tilings``).
    """
    tiling = draw(st.sampled_from(tilings))
    width = draw(st.integers(2, max_side))
    height = draw(st.integers(2, max_side))
    terrain = tuple(
        draw(st.lists(st.sampled_from(TERRAINS), min_size=width * height, max_size=width * height))
    )
    board = Board(width, height, terrain, tiling)
    free = [t for t in range(board.size) if board.costs[Kind.SWORDSMAN][t] != IMPASSABLE]
    alex = draw(st.integers(min_alex, max_alex))
    billie = draw(st.integers(min_billie, max_billie))
    count = min(len(free), alex + billie)
    tiles = draw(st.permutations(free))[:count]
    units = []
    for index, tile in enumerate(tiles):
        side = Side.ALEX if index < alex else Side.BILLIE
        kind = draw(st.sampled_from(list(Kind)))
        low = 1 if kind != Kind.ARCHER else 2
        high = low + draw(st.integers(0, 1))
        units.append(
            Unit(
                side,
                kind,
                tile,
                hp=draw(st.integers(1, 6)),
                atk=draw(st.integers(1, 4)),
                movement=draw(st.integers(0, max_movement)),
                attack_min=low,
                attack_max=high,
            )
        )
    return Battle(board, tuple(units), Side.ALEX)
