"""The listings and the engine's node functions agree (and agree with minimax).

``reference.search.alphabeta_tt.alphabeta_tt`` and ``reference.search.pvs.pvs`` are the
functions a student reads beside the papers; every search of the package runs
``reference.search.engine.alphabeta_tt_engine`` / ``pvs_engine`` instead (table
purposes, complete subtrees, the stored move first, proof bounds, counters).  Over
random reachable positions of the toy games, tic-tac-toe and 2x2 Dots and Boxes (extra
turns), at every depth 1..4, all of them give the minimax value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from game_strategies import choices, play_choices
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from walk_game import Walk

from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.mnk.game import MNKGame
from reference.search import (
    INFINITY,
    Game,
    SearchContext,
    TranspositionTable,
    alphabeta_tt,
    alphabeta_tt_engine,
    minimax,
    pvs,
    pvs_engine,
)
from reference.search.protocol import Score
from reference.search.toy_games import Nim, PointsNim

GAMES: dict[str, Callable[[], Game[Any]]] = {
    "nim": lambda: Nim(9, take=3),
    "points-nim": lambda: PointsNim(9),
    "walk": lambda: Walk(7, goal=10, width=3, points=True),
    "tic-tac-toe": lambda: MNKGame(3, 3, 3),
    "dots-and-boxes-2x2": lambda: DotsAndBoxes(2, 2),
}

NodeCall = Callable[[Game[Any], int, SearchContext], Score]


def engine_call(node: Callable[..., Score]) -> NodeCall:
    """An engine node function called at the root with the full window."""
    return lambda game, depth, ctx: node(game, depth, -INFINITY, INFINITY, ctx)


NODES: dict[str, NodeCall] = {
    "alphabeta_tt": lambda game, depth, ctx: alphabeta_tt(game, depth, ctx=ctx),
    "alphabeta_tt_engine": engine_call(alphabeta_tt_engine),
    "pvs": lambda game, depth, ctx: pvs(game, depth, ctx=ctx),
    "pvs_engine": engine_call(pvs_engine),
}


@st.composite
def positions(draw: st.DrawFn, name: str) -> Game[Any]:
    """A reachable position of the game ``name``: moves drawn from its legal moves."""
    game = GAMES[name]()
    play_choices(game, draw(choices(0, 8)))
    return game


@pytest.mark.parametrize("name", list(GAMES))
@given(data=st.data(), depth=st.integers(1, 4))
@settings(max_examples=examples(40))
def test_listing_and_engine_give_the_minimax_value(
    name: str, data: st.DataObject, depth: int
) -> None:
    """Fresh context each: alphabeta_tt == its engine == pvs == its engine (with and without
    a table) == minimax; the position is left unchanged."""
    game = data.draw(positions(name))
    before = game.tt_key(), game.to_move
    truth = minimax(game, depth)
    values = {label: node(game, depth, SearchContext()) for label, node in NODES.items()}
    with_table = SearchContext(tt=TranspositionTable(1 << 10))
    values["pvs_engine with a table"] = NODES["pvs_engine"](game, depth, with_table)
    assert values == dict.fromkeys(values, truth)
    assert (game.tt_key(), game.to_move) == before


@pytest.mark.parametrize("name", ["walk", "tic-tac-toe", "dots-and-boxes-2x2"])
@pytest.mark.parametrize("node", ["alphabeta_tt", "alphabeta_tt_engine", "pvs_engine"])
@given(data=st.data())
@settings(max_examples=examples(25))
def test_one_table_through_depths_1_to_4_gives_each_depths_value(
    name: str, node: str, data: st.DataObject
) -> None:
    """One table handed from depth to depth (as iterative deepening does): a stored value is
    reused only where its depth fits, so each depth's value is minimax's to that depth."""
    game = data.draw(positions(name))
    ctx = SearchContext(tt=TranspositionTable(1 << 10))
    for depth in (1, 2, 3, 4, 2, 1):
        assert NODES[node](game, depth, ctx) == minimax(game, depth), depth


def test_the_listing_counts_nodes_only() -> None:
    """The listing keeps no table counters (the engine does): its context counts nodes."""
    listing, engine = SearchContext(), SearchContext()
    value = alphabeta_tt(MNKGame(3, 3, 3), 4, ctx=listing)
    assert value == alphabeta_tt_engine(MNKGame(3, 3, 3), 4, -INFINITY, INFINITY, engine)
    assert listing.counters.nodes > 0 and listing.counters.tt_probes == 0
    assert engine.counters.tt_probes > 0


@st.composite
def late_connect6(draw: st.DrawFn) -> Game[Any]:
    """A selective game: a 6 x 6 Connect6 position late enough for full width to be cheap
    (its ``search_moves`` are the candidate pairs, a subset of the legal moves)."""
    import random

    from reference.connect6.rules import Connect6

    rng = random.Random(draw(st.integers(0, 10_000)))
    game = Connect6(6, pair_width=3, point_width=4)
    while not game.is_terminal() and 36 - (game.stones(0) | game.stones(1)).bit_count() > 6:
        game.make(rng.choice(game.legal_moves()))
    return game


@given(game=late_connect6(), depth=st.integers(1, 2), full_width=st.booleans())
@settings(max_examples=examples(15))
def test_listings_and_engines_agree_on_a_selective_game(
    game: Game[Any], depth: int, full_width: bool
) -> None:
    """The listings loop over ``ctx.moves`` as the engines do: over a selective game's
    candidates both give the same (heuristic) value and mark it so; full width, both give
    minimax's value over every legal move (issue 30: the listings looped over
    ``search_moves`` and ignored ``full_width``)."""
    values: dict[str, Score] = {}
    pruned: dict[str, bool] = {}
    for label, node in NODES.items():
        ctx = SearchContext(full_width=full_width)
        values[label] = node(game, depth, ctx)
        pruned[label] = ctx.pruned
    assert len(set(values.values())) == 1, values
    assert set(pruned.values()) == {not full_width and not game.is_terminal()}
    if full_width:
        assert values["alphabeta_tt"] == minimax(game, depth, SearchContext(full_width=True))
