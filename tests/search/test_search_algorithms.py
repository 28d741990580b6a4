"""Every search algorithm against a brute force, on a game with many distinct values.

On Nim every value is -WIN, 0 or WIN, so a bound is also the exact value and a wrong
window, table bound or skipped re-search can go unnoticed (mutation testing found
PVS's null window and re-search untested).  ``walk_game.Walk`` gives a
different heuristic value at almost every node, wins at several depths, points with
extra turns, and transpositions; ``walk_game.brute_force`` is minimax written from
its rules alone.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from game_strategies import walks
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from walk_game import Walk, brute_force

from reference.search import (
    ALGORITHMS,
    INFINITY,
    MATE_BOUND,
    WIN,
    SearchContext,
    SearchResult,
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    alphabeta_tt_engine,
    iterative_deepening,
    minimax,
    mtdf,
    pvs,
    pvs_engine,
    search,
    solve_raw,
)
from reference.search.protocol import Score
from reference.search.root import TABLE_ALGORITHMS, Algorithm
from reference.search.tt import Bound, from_tt
from reference.search.value import game_value

NodeCall = Callable[[Walk, int, Score, Score, SearchContext], Score]


def child_value(game: Walk, move: int, depth: int) -> Score:
    """The brute-force value of ``move`` for the side to move (minimax to ``depth``)."""
    mover = game.to_move
    points = game.make(move)
    value = brute_force(game, depth - 1, 1)
    same = game.to_move == mover
    game.unmake()
    return points + value if same else points - value


def small_table(algorithm: Algorithm) -> TranspositionTable | None:
    """A table for the algorithms that use one, small enough to be made thousands of times."""
    return TranspositionTable(1 << 10) if algorithm in ("alphabeta_tt", "pvs", "mtdf") else None


@given(walks(), st.integers(1, 5))
@settings(max_examples=examples(100))
def test_every_algorithm_returns_the_minimax_value_and_a_move_that_has_it(
    game: Walk, depth: int
) -> None:
    """Each node function called with its defaults (full window, ply 0, its own context),
    ``search`` with each algorithm, and each iteration of iterative deepening give the
    brute force's value; the move ``search`` returns has that value; the position is
    restored."""
    before = game.state()
    truth = brute_force(game, depth)
    assert minimax(game, depth) == truth
    assert alphabeta(game, depth) == truth
    assert alphabeta_tt(game, depth) == truth
    assert alphabeta_tt_engine(game, depth, -INFINITY, INFINITY, SearchContext()) == truth
    assert pvs(game, depth) == truth
    assert pvs_engine(game, depth, -INFINITY, INFINITY, SearchContext()) == truth
    table = SearchContext(tt=TranspositionTable(7))
    assert pvs_engine(game, depth, -INFINITY, INFINITY, table) == truth
    assert mtdf(game, depth) == truth
    assert mtdf(game, depth, first_guess=truth + 17) == truth
    assert game.state() == before
    if game.is_terminal():
        return
    for algorithm in ALGORITHMS:
        result = search(game, depth, algorithm=algorithm, tt=small_table(algorithm))
        assert result.score == truth, algorithm
        assert child_value(game, result.best_move, depth) == truth, algorithm
    truths = {d: brute_force(game, d) for d in range(1, depth + 1)}
    for algorithm in ("alphabeta", "alphabeta_tt", "pvs", "mtdf"):
        iterations: list[SearchResult[int]] = []
        iterative_deepening(
            game,
            max_depth=depth,
            algorithm=algorithm,
            tt=small_table(algorithm),
            on_iteration=iterations.append,
        )
        assert iterations and iterations[0].depth == 1
        for result in iterations:
            assert result.score == truths[result.depth], (algorithm, result.depth)
    assert game.state() == before


def windows() -> st.SearchStrategy[tuple[Score, Score]]:
    """Windows (alpha, beta), alpha < beta, around heuristic values and around wins."""
    pivot = st.one_of(
        st.integers(-130, 130),
        st.integers(1, 8).map(lambda k: WIN - k),
        st.integers(1, 8).map(lambda k: -WIN + k),
        st.just(-INFINITY),
    )
    width = st.one_of(st.integers(1, 60), st.just(INFINITY))
    return st.tuples(pivot, width).map(lambda p: (p[0], min(p[0] + p[1], INFINITY)))


def fresh(node: Callable[..., Score], table: bool) -> NodeCall:
    def call(game: Walk, depth: int, alpha: Score, beta: Score, ctx: SearchContext) -> Score:
        return int(node(game, depth, alpha, beta, ctx if table else SearchContext()))

    return call


NODE_FUNCTIONS: dict[str, NodeCall] = {
    "alphabeta": fresh(alphabeta, False),
    "alphabeta_tt": fresh(alphabeta_tt, True),
    "alphabeta_tt_engine": fresh(alphabeta_tt_engine, True),
    "pvs": fresh(pvs, False),
    "pvs_engine": fresh(pvs_engine, False),
    "pvs_engine_tt": fresh(pvs_engine, True),
}


@pytest.mark.parametrize("name", list(NODE_FUNCTIONS))
@given(game=walks(), depth=st.integers(1, 5), windows=st.lists(windows(), min_size=1, max_size=6))
@settings(max_examples=examples(120))
def test_fail_soft_results_bound_the_value_for_any_window(
    name: str, game: Walk, depth: int, windows: list[tuple[Score, Score]]
) -> None:
    """Fail-soft alpha-beta's contract (seed 000 Theorem 8), window after window on one
    table (as MTD(f) uses it): a result v <= alpha is an upper bound of the value,
    v >= beta a lower bound, anything between is the value itself."""
    truth = brute_force(game, depth)
    ctx = SearchContext(tt=TranspositionTable(1 << 10))
    for alpha, beta in windows:
        v = NODE_FUNCTIONS[name](game, depth, alpha, beta, ctx)
        if v <= alpha:
            assert truth <= v, (alpha, beta, v, truth)
        elif v >= beta:
            assert truth >= v, (alpha, beta, v, truth)
        else:
            assert v == truth, (alpha, beta, v, truth)


@given(walks(), st.integers(1, 7))
@settings(max_examples=examples(60))
def test_a_value_is_exact_only_when_it_is_the_game_value(game: Walk, depth: int) -> None:
    """``exact`` is claimed when the whole tree was searched (depth reaches the end of
    the game) or a win / loss was proven, and then the value is the game's value."""
    if game.is_terminal():
        return
    truth = solve_raw(game, tt=TranspositionTable(1 << 10)).value
    assert truth == game_value(game, brute_force(game, game.max_plies_left()))
    for algorithm in ALGORITHMS:
        result = search(game, depth, algorithm=algorithm, tt=small_table(algorithm))
        if depth >= game.max_plies_left():
            assert result.exact, algorithm
        if result.exact:
            assert game_value(game, result.score) == truth, algorithm
        else:
            assert abs(result.score) < MATE_BOUND, algorithm  # not a proven win or loss


def test_iterative_deepening_claims_exact_only_for_the_game_value_on_every_small_walk() -> None:
    """Every ``Walk`` of seeds 0-31, goals 8 and 12, with and without points, deepened to
    6 plies by every algorithm: a result claimed ``exact`` is the value of the whole
    game (``brute_force`` to the end).  A table entry used at a cut-off must not hide
    that an earlier sibling's subtree reached the horizon; a sweep finds the positions
    where that matters more surely than a few random ones (found by mutation testing)."""
    for seed in range(32):
        for goal in (8, 12):
            for points in (False, True):
                game = Walk(seed, goal=goal, width=3, points=points)
                truth = brute_force(game, game.max_plies_left())
                for algorithm in ALGORITHMS:
                    result = iterative_deepening(game, max_depth=6, algorithm=algorithm)
                    if result.exact:
                        assert result.score == truth, (seed, goal, points, algorithm)


def test_a_table_saves_nodes_on_a_game_with_transpositions() -> None:
    """What the table is for (seed 001, "Transposition Tables"): the same values with
    fewer nodes, for alpha-beta, PVS and iterative deepening."""
    game = Walk(3, goal=16, width=3)
    without = search(game, 7, algorithm="alphabeta")
    with_tt = search(game, 7, algorithm="alphabeta_tt")
    assert with_tt.score == without.score and with_tt.stats.nodes < without.stats.nodes
    pvs_plain = search(game, 7, algorithm="pvs")
    pvs_tt = search(game, 7, algorithm="pvs", tt=TranspositionTable(1 << 12))
    assert pvs_tt.score == pvs_plain.score and pvs_tt.stats.nodes < pvs_plain.stats.nodes
    assert pvs_tt.stats.tt_cutoffs > 0
    deep = iterative_deepening(game, max_depth=7, algorithm="pvs")
    shallow = iterative_deepening(game, max_depth=7, algorithm="pvs", use_tt=False)
    assert deep.score == shallow.score == without.score
    assert deep.stats.nodes < shallow.stats.nodes


class CountingTable(TranspositionTable):
    """A table that counts what the search asks of it, to check the search's counters."""

    __slots__ = ("hit_calls", "probe_calls", "store_calls")

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.probe_calls = self.hit_calls = self.store_calls = 0

    def probe(self, key: int) -> int:
        slot = super().probe(key)
        self.probe_calls += 1
        self.hit_calls += slot >= 0
        return slot

    def store(
        self, key: int, depth: int, value: Score, flag: Bound, move: object, complete: bool = False
    ) -> None:
        self.store_calls += 1
        super().store(key, depth, value, flag, move, complete)


@given(walks(max_goal=12), st.integers(1, 6), st.sampled_from(TABLE_ALGORITHMS))
@settings(max_examples=examples(60))
def test_table_counters_count_probes_hits_and_cutoffs(
    game: Walk, depth: int, algorithm: Algorithm
) -> None:
    """``tt_probes`` counts look-ups, ``tt_hits`` those that found their key, and
    ``tt_cutoffs`` the nodes answered from the table (every other node that probed
    stores once, after its loop).  A 7-slot table: collisions and slot 0 are common."""
    if game.is_terminal():
        return
    table = CountingTable(7)
    stats = search(game, depth, algorithm=algorithm, tt=table).stats
    assert stats.tt_probes == table.probe_calls
    assert stats.tt_hits == table.hit_calls
    assert stats.tt_cutoffs == table.probe_calls - table.store_calls


def positions(game: Walk) -> list[Walk]:
    """Every position reachable from ``game`` (one game object per position)."""
    found: dict[tuple[int, int], Walk] = {}

    def visit() -> None:
        if (game.total, game.to_move) in found:
            return
        found[game.total, game.to_move] = copy_of(game)
        for move in game.legal_moves():
            game.make(move)
            visit()
            game.unmake()

    visit()
    return list(found.values())


def copy_of(game: Walk) -> Walk:
    other = Walk(game.seed, goal=game.goal, width=game.width, points=game.counts_points)
    other.total, other.to_move = game.total, game.to_move
    return other


@given(walks(max_goal=12), st.lists(st.integers(1, 6), min_size=1, max_size=4), st.data())
@settings(max_examples=examples(60))
def test_every_table_entry_is_a_true_bound(
    game: Walk, depths: list[int], data: st.DataObject
) -> None:
    """After searches of several depths on one table, every entry holds what its layout
    says (``reference.search.tt``): its value, converted back to the node (``from_tt``),
    is a lower bound, an upper bound or the value of a search of its stored depth,
    as its flag says; a ``complete`` entry is the game's exact value (it holds at any
    depth); and an entry searched as deep as its game can last is complete."""
    if game.is_terminal():
        return
    table = TranspositionTable(1 << 10)
    for depth in depths:
        algorithm = data.draw(st.sampled_from(TABLE_ALGORITHMS))
        search(game, depth, algorithm=algorithm, tt=table)
    for position in positions(game):
        slot = table.probe(position.tt_key())
        if slot < 0:
            continue
        value = from_tt(table.values[slot], 0)
        depth = table.depths[slot]
        full = position.max_plies_left()
        truth = brute_force(position, full if table.complete[slot] else depth)
        flag = table.flags[slot]
        assert flag in (Bound.LOWER, Bound.UPPER, Bound.EXACT)
        if flag == Bound.EXACT:
            assert value == truth
        elif flag == Bound.LOWER:
            assert value <= truth
        else:
            assert value >= truth
        if depth >= full:
            assert table.complete[slot], (position.state(), depth)


@given(
    walks(max_goal=12),
    st.lists(
        st.tuples(st.integers(1, 6), st.sampled_from(TABLE_ALGORITHMS)),
        min_size=2,
        max_size=5,
    ),
)
@settings(max_examples=examples(60))
def test_one_table_across_searches_changes_no_value_and_exact_stays_true(
    game: Walk, searches: list[tuple[int, Algorithm]]
) -> None:
    """A table handed from search to search (as a player does) gives each search the
    value a fresh table gives, whatever was stored before; and a result it marks exact
    is the game's true value.

    ``exact`` itself may differ: a table can hold a bound that depended on a horizon
    where a fresh search would have met none (Walk(0, goal=9, width=4, points=True):
    depth 2 alpha-beta+TT, then depth 5 MTD(f) is exact alone, not with the shared
    table).  ``exact`` is a one-sided promise, so that is allowed; a wrong ``True`` is not.
    """
    if game.is_terminal():
        return
    full = game.max_plies_left()
    truth = brute_force(game, full)
    shared = TranspositionTable(1 << 10)
    for depth, algorithm in searches:
        reused = search(game, depth, algorithm=algorithm, tt=shared)
        alone = search(game, depth, algorithm=algorithm, tt=TranspositionTable(1 << 10))
        assert reused.score == alone.score, (depth, algorithm)
        for result in (reused, alone):
            if result.exact:
                assert result.score == truth, (depth, algorithm, result.score, truth)


PINNED_NODE_COUNTS: dict[str, tuple[tuple[int, int], tuple[int, int]]] = {
    # algorithm: ((search, iterative deepening) win / loss, (search, iterative deepening) points)
    "minimax": ((1074, 1611), (1074, 1611)),
    "alphabeta": ((260, 423), (285, 308)),
    "alphabeta_tt": ((127, 150), (106, 140)),
    "pvs": ((346, 171), (368, 157)),
    "mtdf": ((208, 301), (81, 191)),
}


@pytest.mark.parametrize("points", [False, True], ids=["win-loss", "points"])
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_pinned_node_counts_on_walk(algorithm: Algorithm, points: bool) -> None:
    """Node counts of fixed searches are pinned (as ``test_pinned_node_counts`` on Nim):
    a change in how much a search prunes, re-searches or reuses must be deliberate."""
    game = Walk(11, goal=14, width=3, points=points)
    result = search(game, 6, algorithm=algorithm)
    assert result.score == brute_force(game, 6)
    deepening = iterative_deepening(game, max_depth=6, algorithm=algorithm)
    assert deepening.score == result.score
    counts = (result.stats.nodes, deepening.stats.nodes)
    assert counts == PINNED_NODE_COUNTS[algorithm][points]
