"""The tracer records the very search it watches: the same value, the same node count.

``reference.trace.trace`` runs the listings of ``reference.search`` unchanged and
watches them from outside; these tests check the trees it builds against the
untraced listings (value and the search's own node count, over random reachable
positions of every game), against perft (the minimax tree's size is the sum of the
perft counts), and against the rules of alpha-beta (a cutoff only where the window
closed) and of the table (a hit ends a node only with an entry of its depth).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from game_strategies import (
    connect6_games,
    dab_games,
    dsq_games,
    mnk_games,
    small_battles,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError
from reference.mnk.game import MNKGame
from reference.search import (
    ALGORITHMS,
    Game,
    SearchContext,
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    minimax,
    mtdf,
    perft_raw,
    pvs,
    search,
)
from reference.search.context import DEFAULT_TT_SIZE
from reference.search.protocol import Score
from reference.search.toy_games import Nim, PointsNim
from reference.search.tt import Bound, to_tt
from reference.trace import Trace, TraceNode, trace
from reference.trace.recorder import Recorder, TracedTable
from reference.trace.tree import TableStore
from reference.wargame.rules import WarState

Untraced = Callable[[Game[Any], int, SearchContext], Score]

UNTRACED: dict[str, Untraced] = {
    "minimax": lambda game, depth, ctx: minimax(game, depth, ctx),
    "alphabeta": lambda game, depth, ctx: alphabeta(game, depth, ctx=ctx),
    "alphabeta_tt": lambda game, depth, ctx: alphabeta_tt(game, depth, ctx=ctx),
    "pvs": lambda game, depth, ctx: pvs(game, depth, ctx=ctx),
    "mtdf": lambda game, depth, ctx: mtdf(game, depth, 0, ctx),
}
"""Each algorithm's listing called directly, as a student would, with a fresh context."""


def untraced(algorithm: str, game: Game[Any], depth: int) -> tuple[Score, int]:
    """(value, node count) of the plain listing, with a fresh table where it uses one."""
    table = TranspositionTable(DEFAULT_TT_SIZE) if algorithm in ("alphabeta_tt", "mtdf") else None
    ctx = SearchContext(tt=table)
    value = UNTRACED[algorithm](game, depth, ctx)
    return value, ctx.counters.nodes


GAMES: dict[str, tuple[st.SearchStrategy[Game[Any]], int]] = {
    "mnk": (mnk_games(shapes=((3, 3, 3), (4, 3, 3), (4, 4, 3)), max_moves=8), 3),
    "dots-and-boxes": (dab_games(sizes=((1, 2), (2, 2), (2, 3)), max_moves=12), 3),
    "connect6": (connect6_games(sizes=(6,), max_moves=6), 1),
    "wargame": (small_battles().map(lambda battle: WarState(battle, turn_limit=4)), 2),
    "dou-shou-qi": (dsq_games(max_moves=30), 2),
}
"""A strategy of random reachable positions of each game, and the deepest depth tried."""


def count(result: Trace) -> int:
    return sum(1 for _ in result.walk())


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("name", list(GAMES))
@given(data=st.data())
@settings(max_examples=examples(8))
def test_traced_search_has_the_value_and_node_count_of_the_untraced_one(
    name: str, algorithm: str, data: st.DataObject
) -> None:
    """Every game, every algorithm, random reachable positions: the traced tree has the
    untraced listing's value and node count, every node is in the tree once, and the
    position is left as it was."""
    strategy, deepest = GAMES[name]
    game = data.draw(strategy)
    depth = data.draw(st.integers(1, deepest))
    before = game.tt_key(), game.to_move, game.is_terminal()
    value, nodes = untraced(algorithm, game, depth)
    result = trace(game, algorithm, depth, max_nodes=1_000_000)
    assert (result.value, result.nodes) == (value, nodes)
    assert count(result) == nodes
    assert [node.order for node in result.walk()] == list(range(1, nodes + 1))
    assert (game.tt_key(), game.to_move, game.is_terminal()) == before


def test_minimax_to_depth_2_on_the_empty_3x3_board_visits_82_nodes() -> None:
    """1 + 9 + 72 = 82: the root, the 9 first moves, the 72 replies (perft_raw(1) and perft_raw(2),
    counted independently by ``reference.search.perft``)."""
    game = MNKGame(3, 3, 3)
    result = trace(game, "minimax", 2)
    assert result.nodes == 82 == 1 + perft_raw(game, 1) + perft_raw(game, 2)
    assert count(result) == 82
    assert [len(result.passes[0].children)] == [9]
    assert sum(len(child.children) for child in result.passes[0].children) == 72


@pytest.mark.parametrize(
    "game, depth",
    [(MNKGame(3, 3, 3, symmetry=False), 3), (DotsAndBoxes(1, 2), 3), (Nim(12, take=3), 6)],
    ids=["tic-tac-toe", "dots-and-boxes-1x2", "nim"],
)
def test_minimax_tree_is_the_sum_of_perft_counts(game: Game[Any], depth: int) -> None:
    """Without pruning every move sequence is a node: nodes = perft_raw(0) + ... + perft_raw(depth)
    (these games search every legal move and no line ends before the depth)."""
    result = trace(game, "minimax", depth)
    assert result.nodes == sum(perft_raw(game, d) for d in range(depth + 1))


def test_alphabeta_visits_fewer_nodes_than_minimax_at_the_same_depth() -> None:
    """Measured on the empty 3x3 board to depth 2, symmetry folding on (the command line's
    default): minimax 82, alpha-beta 26, alpha-beta with a table 20 (symmetric replies
    share an entry), MTD(f) 23, PVS 27."""
    game = MNKGame(3, 3, 3, symmetry=True)
    counts = {algorithm: trace(game, algorithm, 2).nodes for algorithm in ALGORITHMS}
    assert counts == {"minimax": 82, "alphabeta": 26, "alphabeta_tt": 20, "pvs": 27, "mtdf": 23}
    assert all(counts[a] < counts["minimax"] for a in ALGORITHMS if a != "minimax")


def windowed_nodes(result: Trace) -> list[TraceNode]:
    return [node for node in result.walk() if node.alpha is not None]


@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs", "alphabeta_tt"])
@pytest.mark.parametrize(
    "game", [MNKGame(3, 3, 3), DotsAndBoxes(2, 2), PointsNim(9)], ids=["ttt", "dab", "pnim"]
)
def test_a_cutoff_leaves_moves_unsearched_only_where_the_window_closed(
    algorithm: str, game: Game[Any]
) -> None:
    """Fail high: a node with unsearched moves returned a value >= beta (its window closed);
    a node that returned less than beta searched every move it generated."""
    result = trace(game, algorithm, 3)
    cut = [node for node in windowed_nodes(result) if node.unsearched]
    assert cut, "no cutoff at all: the test would prove nothing"
    for node in windowed_nodes(result):
        assert node.value is not None and node.beta is not None
        if node.unsearched:
            assert node.value >= node.beta
        elif node.moves is not None:
            assert {child.move for child in node.children} == set(node.moves)


def test_minimax_never_cuts_and_has_no_window() -> None:
    result = trace(DotsAndBoxes(2, 2), "minimax", 2)
    assert all(not node.unsearched and node.alpha is None for node in result.walk())


@pytest.mark.parametrize(
    "game", [MNKGame(3, 3, 3, symmetry=True), DotsAndBoxes(1, 2), DotsAndBoxes(2, 2)]
)
def test_table_events_follow_the_listing(game: Game[Any]) -> None:
    """alpha-beta + table: every inner node probes; a table cutoff is a hit of the node's own
    depth whose stored value is the node's; every node that searched stores its value
    (node-relative) once, flagged EXACT only when it lay inside the window it was given."""
    result = trace(game, "alphabeta_tt", 3)
    assert result.tt_cutoffs > 0, "no table cutoff: the test would prove nothing"
    for node in result.walk():
        if node.terminal or node.evaluated:
            assert node.probe is None and node.store is None
            continue
        assert node.probe is not None
        if node.table_cutoff:
            assert node.probe.depth == node.depth and node.store is None
            assert node.value is not None and to_tt(node.value, node.ply) == node.probe.value
        else:
            assert node.store is not None and node.value is not None
            assert node.store.value == to_tt(node.value, node.ply)
            assert node.alpha is not None and node.beta is not None
            if node.store.flag == Bound.EXACT:
                assert node.alpha < node.value < node.beta


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_principal_variation_starts_with_the_root_search_best_move(algorithm: str) -> None:
    """The first move of the traced principal variation is the move ``search`` plays (same
    value), and each step of the line carries the value of the node above it."""
    game = MNKGame(3, 3, 3, symmetry=False)
    for moves in ([], [4, 0], [4, 0, 8]):
        for move in moves:
            game.make(move)
        result = trace(game, algorithm, 3)
        best = search(game, 3, algorithm="minimax")
        assert result.value == best.score
        assert result.pv[0].move == best.best_move or algorithm in ("mtdf", "alphabeta_tt")
        parent = next(p for p in reversed(result.passes) if p.value == result.value)
        for node in result.pv:
            assert node.value_for_parent() == parent.value
            parent = node
        for _ in moves:
            game.unmake()


def test_mtdf_trace_shows_every_pass() -> None:
    """MTD(f): one tree per null-window pass; their nodes add up to the search's count."""
    result = trace(MNKGame(3, 3, 3), "mtdf", 3)
    assert len(result.passes) > 1
    assert all(p.beta is not None and p.alpha == p.beta - 1 for p in result.passes)
    assert sum(sum(1 for _ in p.walk()) for p in result.passes) == result.nodes
    assert result.value == minimax(MNKGame(3, 3, 3), 3)


def test_too_large_a_tree_is_refused_and_the_position_restored() -> None:
    game = MNKGame(3, 3, 3)
    with pytest.raises(ParameterError, match="more than 100 nodes"):
        trace(game, "minimax", 3, max_nodes=100)
    assert game.to_notation() == MNKGame(3, 3, 3).to_notation()


@pytest.mark.parametrize(
    "algorithm, depth, max_nodes, message",
    [
        ("negamax", 2, 10, "unknown algorithm"),
        ("minimax", 0, 10, "depth must be an integer >= 1"),
        ("minimax", 2, 0, "max_nodes must be an integer >= 1"),
        ("minimax", 2, 10**9, "max_nodes"),
    ],
)
def test_bad_arguments_are_refused(algorithm: str, depth: int, max_nodes: int, message: str) -> None:
    with pytest.raises(ParameterError, match=message):
        trace(MNKGame(3, 3, 3), algorithm, depth, max_nodes=max_nodes)



class CountingRecorder(Recorder):
    def __init__(self) -> None:
        super().__init__()
        self.stores: list[TableStore] = []

    def stored(self, store: TableStore) -> None:
        self.stores.append(store)
        super().stored(store)


def test_a_growing_table_records_only_the_nodes_own_stores() -> None:
    """A table that grows re-inserts its entries through ``store``: those are not stores of
    a node.  Two stores whose keys meet in one slot make the table grow; two are recorded."""
    recorder = CountingRecorder()
    table = TracedTable(1 << 16, recorder)
    recorder.enter(depth=1, ply=0, alpha=None, beta=None, to_move=0)
    first_size = table.size
    table.store(5, 1, 10, Bound.EXACT, None)
    table.store(5 + first_size, 2, 20, Bound.LOWER, None)  # the same slot: the table grows
    assert table.size > first_size
    assert [(s.depth, s.value, s.written) for s in recorder.stores] == [(1, 10, True), (2, 20, True)]
    assert recorder.current is not None and recorder.current.store == recorder.stores[-1]
