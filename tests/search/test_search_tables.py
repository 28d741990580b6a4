"""One table, one meaning: what a stored value means, and who may reuse it.

* A table filled by ``solve`` (exact values, wins not scored by distance) is refused
  by a depth-limited ``search`` and the other way round, until ``clear()``.
* Depth-limited values are reused only at the depth they were searched to (the
  oracle's semantics), so one table handed from search to search changes no value;
  ``reuse_deeper`` (the playing program's semantics) may, and says so.
* A selective game's searches are never exact.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from walk_game import Walk

from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError
from reference.mnk.game import MNKGame
from reference.mnk.players import NearMovesGame
from reference.search import (
    INFINITY,
    WIN,
    SearchContext,
    SearchResult,
    TranspositionTable,
    alphabeta_tt,
    alphabeta_tt_engine,
    iterative_deepening,
    mtdf,
    pvs_engine,
    search,
    solve_raw,
)
from reference.search.mtdf import mtdf_root
from reference.search.root import TABLE_ALGORITHMS, Algorithm
from reference.search.toy_games import Nim
from reference.search.tt import next_prime

REUSED_TABLE_POSITION = "..x/..o/ox. x"
"""After a search on a table, ``solve`` on the same table once returned 999999 here with
no best move."""


def tic_tac_toe(text: str = REUSED_TABLE_POSITION) -> MNKGame:
    return MNKGame.from_notation(text, 3)


def test_solve_then_search_on_one_table_is_refused() -> None:
    tt = TranspositionTable(1 << 12)
    solved = solve_raw(tic_tac_toe(), tt=tt)
    with pytest.raises(ParameterError, match="another kind of search"):
        search(tic_tac_toe(), 3, algorithm="alphabeta_tt", tt=tt)
    tt.clear()
    again = search(tic_tac_toe(), 9, algorithm="alphabeta_tt", tt=tt)
    assert again.exact and (again.score > 0) == (solved.value > 0)


def test_search_then_solve_on_one_table_is_refused() -> None:
    tt = TranspositionTable(1 << 12)
    search(tic_tac_toe(), 9, algorithm="alphabeta_tt", tt=tt)
    with pytest.raises(ParameterError, match="another kind of search"):
        solve_raw(tic_tac_toe(), tt=tt)
    tt.clear()
    fresh = solve_raw(tic_tac_toe())
    reused = solve_raw(tic_tac_toe(), tt=tt)
    assert reused.best_moves == fresh.best_moves and reused.value == fresh.value
    assert fresh.best_moves  # x to move wins: there is a best move to report


RootCall = Callable[[MNKGame, int, SearchContext], int]


def engine_call(node: Callable[..., int]) -> RootCall:
    """An engine node function called at the root with the full window."""
    return lambda game, depth, ctx: node(game, depth, -INFINITY, INFINITY, ctx)


ROOT_CALLS: dict[str, RootCall] = {
    "alphabeta_tt_engine": engine_call(alphabeta_tt_engine),
    "pvs_engine": engine_call(pvs_engine),
    "mtdf": lambda game, depth, ctx: mtdf(game, depth, ctx=ctx),
}


@pytest.mark.parametrize("name", list(ROOT_CALLS))
def test_a_node_function_called_directly_checks_and_claims_its_table(name: str) -> None:
    """Called directly (not through ``search``), an engine node function (and MTD(f), which
    runs one) refuses a table filled by ``solve_raw``, and claims an empty one (which
    ``solve_raw`` then refuses), even at depth 1.  (The listings,
    ``alphabeta_tt`` and ``pvs``, keep no table purpose: see ``test_search_engine.py``.)"""
    solved = TranspositionTable(1 << 10)
    solve_raw(tic_tac_toe(), tt=solved)
    with pytest.raises(ParameterError, match="another kind of search"):
        ROOT_CALLS[name](tic_tac_toe(), 1, SearchContext(tt=solved))
    fresh = TranspositionTable(1 << 10)
    ROOT_CALLS[name](tic_tac_toe(), 1, SearchContext(tt=fresh))
    with pytest.raises(ParameterError, match="another kind of search"):
        solve_raw(tic_tac_toe(), tt=fresh)


def test_mtdf_root_checks_and_claims_its_table() -> None:
    """``mtdf_root`` (the root of MTD(f), which the split search and ``run_root`` call with a
    context of their own) refuses a table filled by ``solve`` and claims an empty one."""
    solved = TranspositionTable(1 << 10)
    solve_raw(tic_tac_toe(), tt=solved)
    with pytest.raises(ParameterError, match="another kind of search"):
        mtdf_root(tic_tac_toe(), 2, 0, SearchContext(tt=solved))
    fresh = TranspositionTable(1 << 10)
    mtdf_root(tic_tac_toe(), 2, 0, SearchContext(tt=fresh))
    with pytest.raises(ParameterError, match="another kind of search"):
        solve_raw(tic_tac_toe(), tt=fresh)


@pytest.mark.parametrize(
    ("node", "algorithm"),
    [
        (lambda game, depth, ctx: alphabeta_tt(game, depth, ctx=ctx), "alphabeta_tt"),
        (engine_call(alphabeta_tt_engine), "alphabeta_tt"),
        (ROOT_CALLS["mtdf"], "mtdf"),
    ],
    ids=["alphabeta_tt", "alphabeta_tt_engine", "mtdf"],
)
def test_a_node_function_given_no_table_makes_a_2_16_entry_one(
    node: RootCall, algorithm: Algorithm
) -> None:
    """As documented (``alphabeta_tt``'s docstring, ``search``'s): a context without a
    table gets a fresh one of 2**16 entries (rounded up to a prime), kept in the context."""
    ctx = SearchContext()
    node(tic_tac_toe(), 3, ctx)
    assert ctx.tt is not None and ctx.tt.capacity == next_prime(1 << 16)
    assert search(tic_tac_toe(), 3, algorithm=algorithm).stats.tt_probes > 0


def test_mtdf_without_use_tt_still_searches_with_a_fresh_table() -> None:
    """MTD(f) is a sequence of searches through one table: ``use_tt=False`` cannot apply to
    it, so it gets a fresh 2**16-entry table, exactly as if one were handed over."""
    def deepen(**table: object) -> SearchResult[int]:
        return iterative_deepening(DotsAndBoxes(2, 3), max_depth=10, algorithm="mtdf", **table)  # type: ignore[arg-type]

    told, given = deepen(use_tt=False), deepen(tt=TranspositionTable(1 << 16))
    assert (told.score, told.stats) == (given.score, given.stats)
    assert told.stats.tt_probes > 0  # (39,165 nodes: enough positions that a table of
    # another size would collide differently: 2**17 slots give 39,142)


def test_solve_without_a_table_uses_a_fresh_2_20_entry_one() -> None:
    """``solve``'s own table (documented): the same search as handing it a fresh table
    of 2**20 entries.  Dots and Boxes 2 x 3 stores enough positions that a table of
    another size collides differently (2**16 slots: 26,313 nodes instead of 25,256)."""
    own = solve_raw(DotsAndBoxes(2, 3))
    given = solve_raw(DotsAndBoxes(2, 3), tt=TranspositionTable(1 << 20))
    assert (own.value, own.stats) == (given.value, given.stats)
    with pytest.raises(ParameterError, match="use_tt=False"):
        solve_raw(Nim(6, 3), tt=TranspositionTable(1 << 10), use_tt=False)
    assert solve_raw(Nim(6, 3), node_limit=1).value == 1  # a limit of 1 node is allowed
    with pytest.raises(ParameterError, match="node limit"):
        solve_raw(Nim(6, 3), node_limit=0)


def test_the_default_tables_have_their_documented_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a table, ``iterative_deepening`` makes one of 2**18 entries and ``solve`` one
    of 2**20 (both documented); the sizes asked for are recorded as the tables are made."""
    # the modules, not the functions of the same names that reference.search exports
    iterative_module = importlib.import_module("reference.search.iterative")
    solve_module = importlib.import_module("reference.search.solve")

    asked: list[int] = []

    class Recorded(TranspositionTable):
        def __init__(self, size: int = 1 << 20) -> None:
            asked.append(size)
            super().__init__(size)

    monkeypatch.setattr(iterative_module, "TranspositionTable", Recorded)
    monkeypatch.setattr(solve_module, "TranspositionTable", Recorded)
    for algorithm in ("alphabeta_tt", "pvs", "mtdf"):
        iterative_deepening(tic_tac_toe(), max_depth=2, algorithm=algorithm)
    iterative_deepening(tic_tac_toe(), max_depth=2, algorithm="alphabeta")
    iterative_deepening(tic_tac_toe(), max_depth=2, algorithm="pvs", use_tt=False)
    assert asked == [1 << 18] * 3
    solve_raw(tic_tac_toe())
    assert asked[3:] == [1 << 20]
    # search(): alphabeta_tt and mtdf get a fresh 2**16-entry table, as its docstring says
    root_module = importlib.import_module("reference.search.root")
    monkeypatch.setattr(root_module, "TranspositionTable", Recorded)
    del asked[:]
    searched: tuple[Algorithm, ...] = ("alphabeta_tt", "mtdf", "pvs", "alphabeta")
    for algorithm in searched:
        result = search(tic_tac_toe(), 2, algorithm=algorithm)
        assert result.reuse_deeper is False  # search() gives exact-depth values
    assert asked == [1 << 16] * 2


def test_mtdf_first_guess_defaults_to_zero() -> None:
    """``mtdf(game, depth)`` starts from the documented first guess 0: the same passes, so
    the same nodes, as ``first_guess=0``; another guess gives the same value by other passes."""
    default, zero, other = SearchContext(), SearchContext(), SearchContext()
    game = Walk(5, goal=12, points=True)
    assert mtdf(game, 6, ctx=default) == mtdf(game, 6, 0, ctx=zero) == mtdf(game, 6, 1, ctx=other)
    assert default.counters.nodes == zero.counters.nodes != other.counters.nodes


def test_exact_depth_and_at_least_depth_searches_do_not_share_a_table() -> None:
    tt = TranspositionTable(1 << 10)
    iterative_deepening(Nim(13, 3), max_depth=6, tt=tt, reuse_deeper=True)
    with pytest.raises(ParameterError):
        iterative_deepening(Nim(13, 3), max_depth=6, tt=tt)


def test_selective_and_full_width_searches_do_not_share_a_table() -> None:
    game = MNKGame(7, 7, 4)
    game.play(game.parse_move("d4"))
    tt = TranspositionTable(1 << 12)
    search(NearMovesGame.of(game, 1), 2, algorithm="alphabeta_tt", tt=tt)
    with pytest.raises(ParameterError):
        search(game, 2, algorithm="alphabeta_tt", tt=tt)


def test_reuse_deeper_is_the_at_least_semantics() -> None:
    """Nim pile 13, moves 3,2,1, depth 6.  Minimax to 6 plies says 0
    (no forced win inside 6 plies); a table that reuses entries of deeper visits finds
    the win that lies deeper (13 = 4 * 3 + 1: a win in 7 plies)."""
    exact_depth = SearchContext(tt=TranspositionTable(1 << 10))
    at_least = SearchContext(tt=TranspositionTable(1 << 10), reuse_deeper=True)
    nim = Nim(13, 3, descending=True)
    assert alphabeta_tt_engine(nim, 6, -INFINITY, INFINITY, exact_depth) == 0
    assert alphabeta_tt_engine(nim, 6, -INFINITY, INFINITY, at_least) == WIN - 7
    # the default context is the oracle's: exactly the depth (and the listing's only way)
    assert alphabeta_tt_engine(nim, 6, -INFINITY, INFINITY, SearchContext()) == 0
    assert alphabeta_tt(Nim(13, 3, descending=True), 6) == 0
    table = SearchContext(tt=TranspositionTable(11))
    assert pvs_engine(nim, 6, -INFINITY, INFINITY, table) == 0


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=examples(25))
def test_one_table_across_successive_searches_changes_no_value(seed: int) -> None:
    """Reusing one table across searches (as a player does) once changed 34 of 240
    values.  With entries reused at their own depth only, a shared table gives exactly
    the values of a fresh table, position after position and depth after depth."""
    rng = random.Random(seed)
    shared = TranspositionTable(1 << 14)
    game = MNKGame(4, 4, 3)
    for _ in range(rng.randrange(0, 6)):
        if game.is_terminal():
            break
        game.play(rng.choice(game.legal_moves()))
    if game.is_terminal():
        return
    for depth in (3, 1, 4, 2):
        algorithm = rng.choice(TABLE_ALGORITHMS)
        with_shared = search(game, depth, algorithm=algorithm, tt=shared).score
        fresh = search(game, depth, algorithm="alphabeta").score
        assert with_shared == fresh


def test_selective_search_is_never_exact() -> None:
    """A search over the near-move candidates reaches the end of the game on this tiny board
    (no depth cut-off), yet its value is not exact: moves were left out."""
    game = MNKGame(3, 3, 3)
    for cell in ("a1", "b2", "c3", "a3", "c1", "b1", "a2"):
        game.play(game.parse_move(cell))
    near = NearMovesGame.of(game, 1)
    assert not search(near, 9, algorithm="alphabeta_tt").exact
    assert search(game, 9, algorithm="alphabeta_tt").exact
    assert search(near, 9, algorithm="alphabeta_tt", full_width=True).exact


def test_a_growing_table_holds_what_a_full_size_table_holds() -> None:
    """A large table starts with INITIAL_SIZE slots and grows on index collisions, so
    before it reaches its full size it loses no entry: every key stored is found again,
    exactly as in a table allocated at full size from the start."""
    import random

    from reference.search.tt import INITIAL_SIZE, Bound, TranspositionTable

    rng = random.Random(7)
    grown = TranspositionTable(1 << 20)
    assert grown.size == INITIAL_SIZE < grown.capacity
    keys = [rng.getrandbits(64) for _ in range(3000)]
    for i, key in enumerate(keys):
        grown.store(key, depth=i % 5, value=i, flag=Bound.EXACT, move=i)
    assert grown.size > INITIAL_SIZE
    assert all(grown.values[grown.probe(key)] == i for i, key in enumerate(keys))
    assert grown.stores == len(keys) and grown.filled() == len(keys)
    grown.clear()
    assert grown.size == INITIAL_SIZE and grown.filled() == 0 and grown.probe(keys[0]) == -1


def test_a_full_table_replaces_by_depth_after_growing() -> None:
    """Once at full size (here 11 slots, smaller than INITIAL_SIZE: no growth) a collision
    replaces by the depth-preferred rule."""
    from reference.search.tt import Bound, TranspositionTable

    table = TranspositionTable(11)
    assert table.size == table.capacity == 11
    table.store(3, depth=4, value=1, flag=Bound.EXACT, move=None)
    table.store(14, depth=2, value=2, flag=Bound.EXACT, move=None)  # same slot, shallower
    assert table.probe(14) == -1 and table.values[table.probe(3)] == 1
