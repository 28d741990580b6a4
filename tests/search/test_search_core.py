"""The search core on two toy games whose values are known in closed form or by brute force."""

from __future__ import annotations

import functools
import time

import pytest
from fake_clock import FakeClock
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from sieve import primes_up_to

from reference.errors import GameError, ParameterError, SearchTimeoutError
from reference.search import (
    ALGORITHMS,
    INFINITY,
    MATE_BOUND,
    MAX_PLY,
    WIN,
    Bound,
    SearchContext,
    SearchResult,
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    alphabeta_tt_engine,
    context,
    divide_raw,
    is_algorithm,
    iterative_deepening,
    minimax,
    mtdf,
    perft_raw,
    pvs,
    pvs_engine,
    random_keys,
    search,
    solve_raw,
)
from reference.search.context import DEADLINE_CHECK_INTERVAL, Deadline, first_move_first
from reference.search.root import TABLE_ALGORITHMS, Algorithm
from reference.search.toy_games import Nim, PointsNim
from reference.search.tt import from_tt, is_probable_prime, next_prime, to_tt


@functools.cache
def points_nim_value(pile: int) -> int:
    """Brute force, written independently: best points difference for the side to move."""
    if pile == 0:
        return 0
    best = -(10**9)
    if pile >= 1:  # take 1: turn passes
        best = max(best, -points_nim_value(pile - 1))
    if pile >= 2:  # take 2: score 1 and move again
        best = max(best, 1 + points_nim_value(pile - 2))
    return best


@pytest.mark.parametrize("pile", range(1, 14))
@pytest.mark.parametrize("take", [2, 3])
def test_nim_losing_exactly_on_multiples(pile: int, take: int) -> None:
    """Subtraction game theory: the mover loses iff pile % (take + 1) == 0."""
    result = solve_raw(Nim(pile, take))
    assert (result.score < 0) == (pile % (take + 1) == 0)
    assert abs(result.score) == WIN
    expected = [] if pile % (take + 1) == 0 else [pile % (take + 1)]
    if result.score > 0:
        assert list(result.best_moves) == expected
    else:  # every move loses: all are optimal
        assert list(result.best_moves) == Nim(pile, take).legal_moves()


EXTRA_TURN_NODES = ["minimax", "alphabeta", "alphabeta_tt", "engine", "pvs", "pvs_engine", "mtdf"]


@given(st.integers(0, 16), st.sampled_from(EXTRA_TURN_NODES))
@settings(max_examples=examples(60))
def test_extra_turn_game_values_match_brute_force(pile: int, algorithm: Algorithm) -> None:
    """The sign flips only when the turn passes, and points are added (Dots and Boxes rule)."""
    game = PointsNim(pile)
    functions = {
        "minimax": lambda: minimax(game, 40),
        "alphabeta": lambda: alphabeta(game, 40),
        "alphabeta_tt": lambda: alphabeta_tt(game, 40),
        "engine": lambda: alphabeta_tt_engine(game, 40, -INFINITY, INFINITY, SearchContext()),
        "pvs": lambda: pvs(game, 40),
        "pvs_engine": lambda: pvs_engine(game, 40, -INFINITY, INFINITY, SearchContext(tt=TranspositionTable(101))),
        "mtdf": lambda: mtdf(game, 40),
    }
    assert functions[algorithm]() == points_nim_value(pile)
    assert game.pile == pile and game.to_move == 0  # search leaves the position unchanged


@functools.cache
def nim_minimax(pile: int, depth: int, descending: bool) -> int:
    """Minimax's value of Nim(pile, take=3) to ``depth`` plies (cached: the same search)."""
    return search(Nim(pile, 3, descending=descending), depth, algorithm="minimax").score


@pytest.mark.parametrize("descending", [False, True], ids=["moves-1-2-3", "moves-3-2-1"])
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_all_algorithms_agree_at_every_depth(algorithm: Algorithm, descending: bool) -> None:
    """Every algorithm returns minimax's value to exactly ``depth`` plies, for every pile
    1..16 and depth 1..8 (all of them: the failures of a table reusing deeper entries are
    few and scattered).  Moves listed largest first (``descending``) make transpositions
    reach a node with less depth left after a deeper visit: a table reusing deeper
    entries fails here (pile 13, depth 6 once gave 999993 where minimax says 0)."""
    for pile in range(1, 17):
        for depth in range(1, 9):
            game = Nim(pile, 3, descending=descending)
            value = search(game, depth, algorithm=algorithm).score
            assert value == nim_minimax(pile, depth, descending), (pile, depth)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_nim_13_depth_6_moves_3_2_1(algorithm: Algorithm) -> None:
    assert search(Nim(13, 3, descending=True), 6, algorithm=algorithm).score == 0


@given(st.integers(1, 16), st.integers(1, 8), st.sampled_from(TABLE_ALGORITHMS))
@settings(max_examples=examples(80))
def test_iterative_deepening_values_are_minimax_at_each_depth(
    pile: int, depth: int, algorithm: Algorithm
) -> None:
    """The table kept between iterations orders moves but never changes a depth's value."""
    seen: list[tuple[int, int]] = []
    iterative_deepening(
        Nim(pile, 3, descending=True),
        max_depth=depth,
        algorithm=algorithm,
        on_iteration=lambda r: seen.append((r.depth, r.score)),
    )
    for d, value in seen:
        assert value == search(Nim(pile, 3, descending=True), d, algorithm="minimax").score


def test_shorter_wins_score_higher() -> None:
    """Seed 001: wins at lower depths are better; a win in 1 scores WIN - 1."""
    assert search(Nim(3, 3), 5).score == WIN - 1
    assert search(Nim(5, 3), 5).score == WIN - 3  # take 1, opponent takes k, we take the rest


def test_solve_scores_wins_without_distance() -> None:
    assert solve_raw(Nim(5, 3)).score == WIN


def test_tt_bound_flags_and_mate_conversion() -> None:
    tt = TranspositionTable(100)
    assert tt.size == 101
    tt.store(5, 3, 10, Bound.LOWER, 2)
    tt.store(5, 2, 99, Bound.EXACT, 1)  # shallower: depth-preferred, not replaced
    slot = tt.probe(5)
    assert (tt.values[slot], tt.flags[slot], tt.moves[slot]) == (10, Bound.LOWER, 2)
    tt.store(5, 3, 11, Bound.UPPER, 1)  # equal depth replaces
    assert tt.values[tt.probe(5)] == 11
    assert tt.probe(5 + 101) == -1  # index collision detected by the full key
    for ply in range(5):
        for value in (WIN - 7, -WIN + 9, 123, 0):
            assert from_tt(to_tt(value, ply), ply) == value
    assert to_tt(WIN - 7, 3) == WIN - 4  # win in 7 from root = win in 4 from a node at ply 3


def test_table_sizes_are_the_primes_a_sieve_finds() -> None:
    """Seed 001, "Index Collisions": a prime size.  ``is_probable_prime`` / ``next_prime`` against a
    sieve of Eratosthenes written here, and the sizes a table is given."""
    limit = 2000
    primes = primes_up_to(limit)
    assert [n for n in range(-3, limit + 1) if is_probable_prime(n)] == primes
    for n in range(1, limit - 100):
        assert next_prime(n) == min(p for p in primes if p >= n)
    assert [TranspositionTable(n).capacity for n in (1, 2, 3, 4, 9, 10, 100)] == [
        2, 2, 3, 5, 11, 11, 101,
    ]  # fmt: skip
    assert TranspositionTable().capacity == next_prime(1 << 20)  # the default: about a million


def test_a_large_table_starts_at_a_prime_and_grows_eightfold_through_primes() -> None:
    """The module docstring's growth rule: a table larger than ``INITIAL_SIZE`` starts
    with that many slots (a prime), and each store that meets another key's entry
    multiplies the slots by ``GROWTH`` = 8, rounded up to a prime, until ``capacity``."""
    table = TranspositionTable(1 << 20)
    sizes = [table.size]
    key = 0
    while table.size < table.capacity:
        table.store(key, 1, 0, Bound.EXACT, None)
        table.store(key + table.size, 1, 0, Bound.EXACT, None)  # same slot, another key
        sizes.append(table.size)
        key += 1
    second = next_prime(8 * 4099)
    third = next_prime(8 * second)
    assert sizes == [4099, second, third, next_prime(1 << 20)]  # 8 * third > capacity
    assert 8 * third > table.capacity
    assert all(is_probable_prime(n) for n in sizes)


def test_an_empty_table_may_be_claimed_again_and_entries_are_incomplete_by_default() -> None:
    """``bind``: a table that holds no entry takes the meaning of the next search; once it
    holds one, another meaning is refused.  ``store`` without ``complete``: the entry is
    reused at its own depth only (``usable``)."""
    table = TranspositionTable(11)
    table.bind("exact values")
    table.bind("depth-limited values")  # nothing stored yet: the new meaning wins
    assert [table.purpose] == ["depth-limited values"]
    table.store(5, 3, 10, Bound.EXACT, None)
    with pytest.raises(ParameterError, match="another kind of search"):
        table.bind("exact values")
    slot = table.probe(5)
    assert not table.complete[slot]
    assert table.usable(slot, 3, False) and not table.usable(slot, 4, False)
    assert not table.usable(slot, 2, False)  # exactly: not a shallower search either
    assert table.usable(slot, 3, True) and table.usable(slot, 2, True)  # at least as deep
    assert not table.usable(slot, 4, True)
    table.clear()  # empty, and the meaning forgotten
    assert (table.stores, table.filled(), table.probe(5)) == (0, 0, -1)
    assert table.purpose is None


def test_to_tt_converts_a_win_exactly_max_ply_plies_away() -> None:
    """A win at ply ``MAX_PLY`` (the deepest any search may go, score ``MATE_BOUND``) seen
    at ply 3 is a win ``MAX_PLY - 3`` plies from that node; a loss likewise."""
    assert MATE_BOUND == WIN - MAX_PLY
    assert to_tt(MATE_BOUND, 3) == WIN - (MAX_PLY - 3)
    assert to_tt(-MATE_BOUND, 3) == -(WIN - (MAX_PLY - 3))
    assert from_tt(to_tt(MATE_BOUND, 3), 3) == MATE_BOUND
    assert to_tt(MATE_BOUND - 1, 3) == MATE_BOUND - 1  # below the bound: a heuristic value


def test_tt_size_must_be_positive() -> None:
    with pytest.raises(ParameterError):
        TranspositionTable(0)


def test_tt_counters_are_reported() -> None:
    result = search(PointsNim(12), 20, algorithm="alphabeta_tt")
    assert result.stats.nodes > 0
    assert result.stats.tt_probes > 0 and result.stats.tt_hits > 0 and result.stats.tt_cutoffs > 0
    plain = search(PointsNim(12), 20, algorithm="alphabeta")
    assert plain.stats.tt_probes == 0
    assert result.stats.nodes < plain.stats.nodes


def test_perft_counts_sequences_and_stops_at_terminals() -> None:
    # Nim(3, take=2): sequences of length 2 are 1-1, 1-2, 2-1 (2-then-? only if stones remain)
    assert perft_raw(Nim(3, 2), 0) == 1
    assert perft_raw(Nim(3, 2), 1) == 2
    assert perft_raw(Nim(3, 2), 2) == 3
    assert perft_raw(Nim(3, 2), 3) == 1  # 1-1-1 only
    assert divide_raw(Nim(3, 2), 2) == {1: 2, 2: 1}
    with pytest.raises(ParameterError):
        perft_raw(Nim(3, 2), -1)


def test_divide_splits_perft_by_root_move() -> None:
    """``divide``: the count below each root move (hand-counted on Nim(3, take=2) above);
    the counts add up to ``perft``; no move at depth 0 or from a finished game."""
    assert divide_raw(Nim(3, 2), 1) == {1: 1, 2: 1}
    assert divide_raw(Nim(3, 2), 3) == {1: 1, 2: 0}  # 2 then 1 ends the game after 2 plies
    for depth in range(6):
        assert sum(divide_raw(Nim(7, 3), depth).values()) == (perft_raw(Nim(7, 3), depth) if depth else 0)
    assert divide_raw(Nim(3, 2), 0) == {}
    assert divide_raw(Nim(0, 2), 3) == {}
    for bad in (-1, True, 1.5):
        with pytest.raises(ParameterError, match="perft depth"):
            divide_raw(Nim(3, 2), bad)  # type: ignore[arg-type]


def test_bad_parameters_are_rejected() -> None:
    with pytest.raises(ParameterError):
        search(Nim(5), 0)
    with pytest.raises(ParameterError):
        search(Nim(5), 3, algorithm="negamax-deluxe")  # type: ignore[arg-type]  # untyped callers
    with pytest.raises(ParameterError):
        iterative_deepening(Nim(5))
    with pytest.raises(ParameterError):
        iterative_deepening(Nim(5), time_limit=-1)


def test_iterative_deepening_stops_at_a_proven_win_or_an_exact_value() -> None:
    won = iterative_deepening(Nim(9, 3), max_depth=50)
    assert (won.score, won.depth, won.best_move) == (WIN - 5, 5, 1)
    exact = iterative_deepening(PointsNim(7), max_depth=50)
    assert exact.exact and exact.depth <= 7 and exact.score == points_nim_value(7)


def test_iterative_deepening_respects_the_time_limit() -> None:
    """The search stops at the first deadline check past the limit and keeps the last
    finished iteration (an injected clock: the test does not depend on the machine)."""
    depths: list[int] = []
    clock = FakeClock(step=1.0)
    result = iterative_deepening(
        PointsNim(400),
        deadline=Deadline(50.0, clock=clock),
        algorithm="alphabeta",
        use_tt=False,
        on_iteration=lambda r: depths.append(r.depth),
    )
    assert result.depth == depths[-1] and depths == list(range(1, len(depths) + 1))
    assert clock.now >= 50.0  # it ran until the deadline, not to the end of the game
    # one clock read per DEADLINE_CHECK_INTERVAL nodes, plus one per finished iteration
    assert clock.reads <= result.stats.nodes // DEADLINE_CHECK_INTERVAL + len(depths) + 2
    game = PointsNim(400)
    iterative_deepening(game, deadline=Deadline(5.0, clock=FakeClock(1.0)), algorithm="pvs")
    assert game.pile == 400 and game.to_move == 0  # the cut search restored the position


def test_time_limit_too_small_is_a_clear_error() -> None:
    with pytest.raises(SearchTimeoutError, match="time limit 1 s is too small"):
        iterative_deepening(
            Nim(20_000, take=20_000),
            deadline=Deadline(1.0, clock=FakeClock(step=10.0)),
            algorithm="minimax",
        )
    for bad in (0.0, -1.0, float("nan"), 1e308):
        with pytest.raises(ParameterError, match="time limit"):
            Deadline(bad)


def test_random_keys_are_reproducible_64_bit() -> None:
    keys = random_keys(1000, seed=7)
    assert keys == random_keys(1000, seed=7)
    assert keys != random_keys(1000, seed=8)
    assert all(0 <= k < 2**64 for k in keys) and len(set(keys)) == 1000
    assert random_keys(1, seed=7)[0] == keys[0]


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_a_search_stopped_by_its_deadline_restores_the_position(algorithm: Algorithm) -> None:
    """An injected clock stops the search in the middle of an iteration (about 40 * 64
    nodes in: no machine is too slow or too fast for this test)."""
    game = PointsNim(400)
    clock = FakeClock(step=1.0)
    result = iterative_deepening(game, deadline=Deadline(40.0, clock=clock), algorithm=algorithm)
    assert clock.now >= 40.0 and not result.exact  # stopped by the deadline, not by the end
    assert (game.pile, game.to_move, game.points) == (400, 0, [0, 0])
    assert game._history == []


PINNED_NODE_COUNTS = {
    "minimax": 1269,
    "alphabeta": 42,
    "alphabeta_tt": 21,
    "pvs": 42,
    "mtdf": 28,
}


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_pinned_node_counts(algorithm: Algorithm) -> None:
    """Node counts of fixed searches are pinned: a change in search behaviour must be deliberate."""
    result = search(PointsNim(14), 10, algorithm=algorithm)
    assert result.score == points_nim_value(14) == 7
    assert result.stats.nodes == PINNED_NODE_COUNTS[algorithm]


class SetClock:
    """A clock that reads whatever the test sets."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_deadline_passes_at_its_end_and_measures_elapsed_time() -> None:
    clock = SetClock()
    deadline = Deadline(2.5, clock=clock)
    clock.now = 102.0
    assert not deadline.passed() and deadline.elapsed() == 2.0
    clock.now = 102.5
    assert deadline.passed() and deadline.elapsed() == 2.5


def test_the_longest_time_limit_is_1e7_seconds() -> None:
    """``MAX_TIME_LIMIT``: about 116 days is accepted, anything longer refused."""
    assert Deadline(1e7, clock=SetClock()).end == 100.0 + 1e7
    with pytest.raises(ParameterError, match="time limit"):
        Deadline(1.0000001e7, clock=SetClock())


@pytest.mark.parametrize("limit", [1024, 1000, 3000])
def test_a_node_limit_stops_after_more_than_that_many_nodes(limit: int) -> None:
    """``node_limit``: the search stops at the first check (every
    ``DEADLINE_CHECK_INTERVAL`` nodes) after *more than* ``limit`` nodes, keeps the last
    finished iteration, and gives the same answer on every machine."""
    depths: list[int] = []
    result = iterative_deepening(
        PointsNim(400),
        node_limit=limit,
        algorithm="alphabeta",
        on_iteration=lambda r: depths.append(r.depth),
    )
    assert limit < result.stats.nodes <= limit + DEADLINE_CHECK_INTERVAL
    assert result.stats.nodes % DEADLINE_CHECK_INTERVAL == 0  # stopped inside an iteration
    assert result.depth == depths[-1] and not result.exact
    again = iterative_deepening(PointsNim(400), node_limit=limit, algorithm="alphabeta")
    assert (again.score, again.depth, again.stats) == (result.score, result.depth, result.stats)
    with pytest.raises(SearchTimeoutError, match="node limit"):
        iterative_deepening(Nim(20_000, take=20_000), node_limit=limit, algorithm="minimax")


def test_progress_is_reported_every_progress_interval_nodes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``on_progress`` gets the counters every ``PROGRESS_INTERVAL`` nodes (made small here)."""
    monkeypatch.setattr(context, "PROGRESS_INTERVAL", 2 * DEADLINE_CHECK_INTERVAL)
    seen: list[int] = []
    ctx = SearchContext(on_progress=lambda counters: seen.append(counters.nodes))
    minimax(PointsNim(12), 12, ctx=ctx)
    step = 2 * DEADLINE_CHECK_INTERVAL
    assert ctx.counters.nodes >= 3 * step
    assert seen == list(range(step, ctx.counters.nodes + 1, step))


def test_iterative_deepening_checks_its_parameters() -> None:
    with pytest.raises(ParameterError, match="search depth"):
        iterative_deepening(Nim(5), max_depth=0)
    for bad in (0, -5, True, 2.5):
        with pytest.raises(ParameterError, match="node limit"):
            iterative_deepening(Nim(5), node_limit=bad)  # type: ignore[arg-type]
    for over in ({"max_depth": 3}, {"node_limit": 100}, {"time_limit": 1.0}):
        with pytest.raises(GameError, match="game is over"):
            iterative_deepening(Nim(0), **over)
    assert iterative_deepening(Nim(5), node_limit=1).depth == 1  # the smallest budget


def test_no_iteration_starts_after_the_deadline_or_the_node_budget() -> None:
    """Iterations run whole or are thrown away; none starts once the deadline has passed
    or the node budget is spent, so the nodes searched are exactly the finished ones."""
    clock = SetClock()
    deadline = Deadline(10.0, clock=clock)

    def stop_after_depth_3(result: SearchResult[int]) -> None:
        if result.depth == 3:
            clock.now += 10.0

    result = iterative_deepening(
        PointsNim(40), deadline=deadline, algorithm="alphabeta", on_iteration=stop_after_depth_3
    )
    assert result.depth == 3
    finished: list[int] = []
    iterative_deepening(
        PointsNim(40),
        max_depth=5,
        algorithm="alphabeta",
        on_iteration=lambda r: finished.append(r.stats.nodes),
    )
    assert result.stats.nodes == finished[2]  # depths 1-3, nothing of depth 4
    budget = iterative_deepening(PointsNim(40), node_limit=finished[3], algorithm="alphabeta")
    assert (budget.depth, budget.stats.nodes) == (4, finished[3])


def test_reported_seconds_lie_within_the_call() -> None:
    """``seconds`` is the wall time the search took: never negative, never longer than
    the call (measured around it; no assumption about the machine's speed)."""
    for run in (
        lambda: iterative_deepening(PointsNim(20), max_depth=6),
        lambda: search(PointsNim(20), 6),
        lambda: solve_raw(PointsNim(12)),
        lambda: solve_raw(Nim(0, 3)),  # a finished game: no search at all
    ):
        start = time.perf_counter()
        seconds = run().seconds
        assert 0 <= seconds <= time.perf_counter() - start
    iterations: list[float] = []  # each finished iteration's result (the CLI's progress lines)
    start = time.perf_counter()
    total = iterative_deepening(
        PointsNim(20), max_depth=6, on_iteration=lambda r: iterations.append(r.seconds)
    ).seconds
    elapsed = time.perf_counter() - start
    assert len(iterations) == 6 and iterations == sorted(iterations)
    assert iterations[0] >= 0 and iterations[-1] <= total <= elapsed


def test_first_move_first_moves_the_hint_to_the_front_and_keeps_the_rest() -> None:
    moves = ["a", "b", "c", "d"]
    assert first_move_first(moves, "c") == ["c", "a", "b", "d"]
    assert first_move_first(moves, "b") == ["b", "a", "c", "d"]
    assert first_move_first(moves, "d") == ["d", "a", "b", "c"]
    assert first_move_first(moves, "a") == moves
    assert first_move_first(moves, None) == moves
    assert first_move_first(moves, "z") == moves  # a hint from another position: ignored
    assert moves == ["a", "b", "c", "d"]


class SelectiveNim(Nim):
    """Nim declared ``selective`` (as a heuristic candidate list would be): values found
    over its moves are never exact, and a proven win is the only reason to stop early."""

    selective = True


def test_iterative_deepening_on_a_selective_game_stops_at_a_win_found_not_before() -> None:
    """A selective game is never exact, so deepening goes on until it finds a forced win
    (which deeper searches cannot improve; seed 001) or reaches its limit."""
    won = iterative_deepening(SelectiveNim(9, 3), max_depth=50)
    assert (won.score, won.depth, won.exact) == (WIN - 5, 5, False)
    unclear = iterative_deepening(SelectiveNim(40, 3), max_depth=4)
    assert (unclear.score, unclear.depth, unclear.exact) == (0, 4, False)


@pytest.mark.parametrize("algorithm", ["alphabeta_tt", "pvs", "mtdf"])
def test_a_selective_search_stops_at_a_loss_exactly_max_ply_away(algorithm: Algorithm) -> None:
    """A decided score is one with ``abs(value) >= MATE_BOUND``, the bound included: a loss
    in exactly ``MAX_PLY`` plies scores ``-MATE_BOUND``, and a selective search that finds
    it stops deepening as it does for any proven loss.

    Nim with a pile of ``MAX_PLY`` stones, one taken per move: the side to move loses in
    exactly ``MAX_PLY`` plies.  A playing program hands over a table (``reuse_deeper``)
    from an earlier search that already knows the position after the first move, won in
    ``MAX_PLY - 1`` plies by the side to move there; the entry is written here directly
    (a search reaching it would take about 5e7 nodes).  Depth 1 ends on the child's
    heuristic value 0; depth 2 reads the entry: ``-MATE_BOUND``, and deepening stops."""
    game = SelectiveNim(MAX_PLY, take=1)
    tt = TranspositionTable(1 << 10)
    tt.bind(SearchContext(reuse_deeper=True).table_purpose(game))
    game.make(1)
    tt.store(game.key, MAX_PLY - 1, WIN - (MAX_PLY - 1), Bound.EXACT, 1)
    game.unmake()
    result = iterative_deepening(game, max_depth=40, algorithm=algorithm, tt=tt, reuse_deeper=True)
    assert (result.score, result.depth, result.exact) == (-MATE_BOUND, 2, False)


class SelectiveMisereNim(SelectiveNim):
    """Who takes the last stone loses: at an empty pile the side to move has won."""

    def terminal_score(self) -> int:
        return WIN


@pytest.mark.parametrize(
    ("game", "stored"),
    [
        (SelectiveNim(MAX_PLY + 1, take=1), -MATE_BOUND),
        (SelectiveMisereNim(MAX_PLY + 1, take=1), MATE_BOUND),
    ],
    ids=["loss", "win"],
)
def test_a_handed_over_win_or_loss_max_ply_away_is_one_ply_further_from_the_root(
    game: SelectiveNim, stored: int
) -> None:
    """A stored win or loss ``MAX_PLY`` plies from its node (``+-MATE_BOUND``, stored when
    that node was the root of an earlier search) read one ply below the root is ``MAX_PLY +
    1`` plies from the root: ``from_tt`` moves it by the ply like any other decided score,
    out of the decided range, so deepening goes on to ``max_depth``.

    One stone taken per move from ``MAX_PLY + 1``: after the first move ``MAX_PLY`` stones
    are left, and their side to move loses (Nim) or wins (misère Nim) in exactly ``MAX_PLY``
    plies; the root wins or loses in ``MAX_PLY + 1``."""
    tt = TranspositionTable(1 << 10)
    tt.bind(SearchContext(reuse_deeper=True).table_purpose(game))
    game.make(1)
    tt.store(game.key, MAX_PLY, stored, Bound.EXACT, 1)
    game.unmake()
    result = iterative_deepening(
        game, max_depth=6, algorithm="alphabeta_tt", tt=tt, reuse_deeper=True
    )
    sign = -1 if stored > 0 else 1
    assert result.score == sign * (WIN - (MAX_PLY + 1)) == sign * (MATE_BOUND - 1)
    assert result.depth == 6


def test_is_algorithm_accepts_exactly_the_algorithm_names() -> None:
    """``is_algorithm`` narrows a name from a command line or a request to ``Algorithm``."""
    assert all(is_algorithm(name) for name in ALGORITHMS)
    assert not any(is_algorithm(name) for name in ("negamax-deluxe", "", None, 3, "PVS"))
