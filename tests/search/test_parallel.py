"""Parallel and distributed perft and solve give the serial answers.

The property tests run the jobs through :class:`PicklingExecutor` (every job and
result goes through ``pickle``, as to a worker process, but in this process: quick)
and through a one-thread pool (jobs wait in a queue, so a job decided away by a won
game really is cancelled).  Real worker processes and a real Dask
``LocalCluster`` run in the tests at the end.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

import distributed
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference import (
    Connect6,
    DotsAndBoxes,
    DouShouQi,
    GameError,
    MNKGame,
    ParameterError,
    WarGame,
    divide,
    perft,
    solve,
)
from reference.cli.main import main
from reference.search import SearchStats
from reference.search import divide_raw as serial_divide
from reference.search import perft_raw as serial_perft
from reference.search import solve_raw as serial_solve
from reference.search.parallel import (
    pack_root,
    parallel_divide,
    parallel_solve,
    split_for_solve,
)
from reference.search.protocol import Game
from reference.search.shared_tt import SharedTable
from reference.search.toy_games import Nim, PointsNim

P = ParamSpec("P")
T = TypeVar("T")

C6_DRAWN = (
    "7/a1,b1,f1,g1,c2,e2,f2,e3,f3,g3,c5,d5,f5,g5,a6,b6,c6,d6,c7/"
    "d1,a2,d2,g2,b3,c3,a4,b4,d4,e4,g4,a5,b5,e5,e6,f6,g6,a7,d7,g7"
)
"""A 7x7 Connect6 position that once broke the solver (black to move, 10 empty points): a draw."""

WAR_DUEL = "..... aS@a1:5/1/1/1-1,bS@e1:5/1/1/1-1 a 0/2"
DSQ_ENDGAME = "A: Lg1 / B: Mg7 Ea9 / A / 190"


class PicklingExecutor(Executor):
    """Runs each job at once in this process, after sending it and its result through pickle."""

    def __init__(self) -> None:
        self.jobs = 0

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        fn, args, kwargs = pickle.loads(pickle.dumps((fn, args, kwargs)))
        self.jobs += 1
        future: Future[T] = Future()
        future.set_result(pickle.loads(pickle.dumps(fn(*args, **kwargs))))
        return future


def play_choices(game: MNKGame, choices: list[int]) -> MNKGame:
    """Play ``choices[i] % len(legal_moves)`` until the choices run out or the game ends."""
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[choice % len(moves)])
    return game


def same_solution(
    game: Game[Any], executor: Executor, split_depth: int | None, shared: bool = False
) -> None:
    """parallel_solve == solve: the score, the value and every optimal move, in order
    (``shared``: the jobs use one shared-memory table)."""
    serial = serial_solve(game)
    before = getattr(game, "key", None)
    table = SharedTable.create(1 << 12) if shared else None
    try:
        parallel = parallel_solve(game, executor, split_depth=split_depth, shared_table=table)
    finally:
        if table is not None:
            table.destroy()
    assert getattr(game, "key", None) == before  # the position is restored
    assert (parallel.score, parallel.value, parallel.best_moves) == (
        serial.score,
        serial.value,
        serial.best_moves,
    )
    assert parallel.exact


def dab_position(rows: int, cols: int, seed: int, left: int, capture_rule: bool) -> DotsAndBoxes:
    """A random reachable position with ``left`` edges undrawn (moves drawn from the legal ones)."""
    rng = random.Random(seed)
    game = DotsAndBoxes(rows, cols, capture_rule=capture_rule)
    while len(game.legal_moves()) > left:
        game.play(rng.choice(list(game.legal_moves())))
    return game


# ---------------------------------------------------------------------------
# hand-worked


def test_points_nim_extra_turn_adds_the_child_value() -> None:
    """PointsNim(4) by hand: V(0) = V(1) = 0, V(2) = 1 (take 2: 1 + V(0)), V(3) = 1 (take 2:
    1 + V(1)), V(4) = max(take 2: 1 + V(2) = 2, take 1: 0 - V(3) = -1) = 2.  Taking 2
    keeps the turn, so the child's value is added, not subtracted: subtracting would
    give 1 - V(2) = 0."""
    for split in (1, 2, 3):
        result = parallel_solve(PointsNim(4), PicklingExecutor(), split_depth=split)
        assert (result.value, result.best_moves) == (2, (2,))


def test_nim_every_split_depth_gives_the_serial_answer() -> None:
    """Nim(7, take 3): leave a multiple of 4, so take 3 and win; deeper splits reach finished games."""
    for split in range(1, 9):
        result = parallel_solve(Nim(7, take=3), PicklingExecutor(), split_depth=split)
        assert (result.value, result.best_moves) == (1, (3,))
        counts = parallel_divide(Nim(7, take=3), 5, PicklingExecutor(), split_depth=min(split, 4))
        assert sum(counts.values()) == serial_perft(Nim(7, take=3), 5)


def test_symmetric_jobs_are_searched_once() -> None:
    """Tic-tac-toe split at one ply with symmetry keys: 3 distinct jobs (corner, edge, centre)."""
    _, paths, _ = split_for_solve(MNKGame(3, 3, 3, symmetry=True), 1)
    assert len(paths) == 3
    _, paths, _ = split_for_solve(MNKGame(3, 3, 3, symmetry=False), 1)
    assert len(paths) == 9


def test_a_won_child_cancels_the_jobs_of_its_siblings() -> None:
    """3 x 4 board, k = 3, split at 3 plies, jobs queued on one thread:
    some jobs are decided away by a won game and never run; the answer is unchanged."""
    game = MNKGame(3, 4, 3)
    _, paths, _ = split_for_solve(game, 3)
    totals: list[int] = []

    def on_job(done: int, total: int, stats: SearchStats) -> None:
        totals.append(total)

    with ThreadPoolExecutor(1) as pool:
        result = parallel_solve(game, pool, split_depth=3, on_job=on_job)
    assert totals[-1] < len(paths)
    serial = serial_solve(game)
    assert (result.value, result.best_moves) == (serial.value, serial.best_moves)


# ---------------------------------------------------------------------------
# property tests: every game, random reachable positions


@settings(max_examples=examples(25))
@given(
    st.sampled_from([(3, 3, 3), (4, 3, 3), (3, 4, 3), (2, 3, 2), (4, 4, 3)]),
    st.lists(st.integers(0, 1000), min_size=0, max_size=8),
    st.booleans(),
    st.sampled_from([None, 1, 2, 3]),
    st.booleans(),
)
def test_mnk_parallel_solve_equals_solve(
    shape: tuple[int, int, int],
    choices: list[int],
    symmetry: bool,
    split: int | None,
    shared: bool,
) -> None:
    m, n, k = shape
    if m * n - len(choices) > 11:  # keep each example small
        choices = [*choices, *[0] * (m * n - 11 - len(choices))]
    game = play_choices(MNKGame(m, n, k, symmetry=symmetry), choices)
    same_solution(game, PicklingExecutor(), split, shared)


@settings(max_examples=examples(15))
@given(
    st.sampled_from([(3, 3, 3), (4, 3, 3), (3, 4, 3)]),
    st.lists(st.integers(0, 1000), min_size=1, max_size=6),
)
def test_mnk_cancelled_jobs_leave_the_answer_unchanged(
    shape: tuple[int, int, int], choices: list[int]
) -> None:
    game = play_choices(MNKGame(*shape), choices)
    with ThreadPoolExecutor(1) as pool:
        same_solution(game, pool, 2)


@settings(max_examples=examples(25))
@given(
    st.sampled_from([(1, 2), (2, 1), (1, 3), (2, 2), (2, 3)]),
    st.integers(0, 10**9),
    st.integers(2, 12),
    st.booleans(),
    st.sampled_from([None, 1, 2, 3]),
    st.booleans(),
)
def test_dots_and_boxes_parallel_solve_equals_solve(
    size: tuple[int, int],
    seed: int,
    left: int,
    capture_rule: bool,
    split: int | None,
    shared: bool,
) -> None:
    """Points and extra turns: a job's value is added when the mover keeps the turn.
    With a shared table (a small one: slots are overwritten often) too."""
    game = dab_position(*size, seed, left, capture_rule)
    same_solution(game, PicklingExecutor(), split, shared)


@settings(max_examples=examples(15))
@given(st.integers(0, 10**9), st.integers(3, 9), st.sampled_from([1, 2, 3]))
def test_dots_and_boxes_parallel_perft_and_divide_equal_serial(
    seed: int, left: int, split: int
) -> None:
    game = dab_position(2, 2, seed, left, True)
    depth = min(left, 4)
    split = min(split, max(depth - 1, 1))
    assert parallel_divide(game, depth, PicklingExecutor(), split_depth=split) == serial_divide(
        game, depth
    )


@settings(max_examples=examples(15))
@given(
    st.sampled_from([(3, 3, 3), (4, 4, 4), (5, 3, 3)]),
    st.lists(st.integers(0, 1000), max_size=6),
    st.integers(1, 4),
    st.sampled_from([None, 1, 2, 3]),
)
def test_mnk_parallel_divide_sums_to_perft(
    shape: tuple[int, int, int], choices: list[int], depth: int, split: int | None
) -> None:
    game = play_choices(MNKGame(*shape), choices)
    if split is not None:
        split = min(split, max(depth - 1, 1))
    counts = parallel_divide(game, depth, PicklingExecutor(), split_depth=split)
    assert sum(counts.values()) == serial_perft(game, depth)


@pytest.mark.parametrize("moves", ["", "a1 a2 b1 b2 c1"], ids=["start", "game over"])
@pytest.mark.parametrize("depth", [0, 1, 2])
def test_front_door_parallel_perft_equals_serial_at_every_depth_from_zero(
    moves: str, depth: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """``perft`` with ``executor=`` (and ``perft --depth D --workers 2``) counts what the serial
    perft counts, depth 0 included: the position itself is 1 sequence of 0 plies, over or not
    (the parallel path once summed an empty divide to 0)."""
    game = MNKGame(3, 3, 3)
    for text in moves.split():
        game.play(game.parse_move(text))
    serial = serial_perft(game, depth)
    assert serial == (1 if depth == 0 else 0 if moves else (9, 72)[depth - 1])
    assert perft(game, depth, executor=PicklingExecutor()) == serial
    argv = ["perft", "mnk", "--depth", str(depth), "--workers", "2", "--json", "--quiet"]
    assert main([*argv, "--moves", moves] if moves else argv) == 0
    assert json.loads(capsys.readouterr().out)["nodes"] == serial


GAMES: list[tuple[str, Callable[[], Any]]] = [
    ("connect6", lambda: Connect6.from_notation(C6_DRAWN)),
    ("wargame", lambda: WarGame.from_notation(WAR_DUEL)),
    ("dou-shou-qi", lambda: DouShouQi.from_notation(DSQ_ENDGAME)),
]


@pytest.mark.parametrize(("name", "make"), GAMES)
def test_other_games_parallel_solve_equals_solve(name: str, make: Callable[[], Any]) -> None:
    for split in (1, 2):
        same_solution(make(), PicklingExecutor(), split, shared=split == 2)


@pytest.mark.parametrize(
    ("make", "depth"),
    [
        (lambda: Connect6(6), 2),
        (lambda: WarGame.from_notation(WAR_DUEL), 2),
        (lambda: DouShouQi(), 3),
        (lambda: DotsAndBoxes(2, 2), 4),
    ],
)
def test_parallel_divide_equals_divide_on_every_game(make: Callable[[], Any], depth: int) -> None:
    assert parallel_divide(make(), depth, PicklingExecutor()) == serial_divide(make(), depth)


def test_every_game_pickles_to_an_equal_position() -> None:
    """Jobs send the root through pickle: the copy has the same notation, key and moves."""
    for game in (
        play_choices(MNKGame(4, 4, 4, symmetry=True), [3, 5]),
        dab_position(2, 3, 7, 10, True),
        Connect6.from_notation(C6_DRAWN),
        WarGame.from_notation(WAR_DUEL),
        DouShouQi.from_notation(DSQ_ENDGAME),
    ):
        copy = pack_root(game).game()
        assert copy.key == game.key and copy.tt_key() == game.tt_key()
        assert list(copy.legal_moves()) == list(game.legal_moves())
        assert copy.to_notation() == game.to_notation()  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------
# real processes, a real Dask cluster, the command line


def test_worker_processes_python_and_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """--workers 2 (two processes): the serial answers, from Python and the command line."""
    game = MNKGame(4, 3, 3)
    serial = solve(game)
    parallel = solve(game, workers=2)
    assert (parallel.value, parallel.best_moves_notation) == (
        serial.value,
        serial.best_moves_notation,
    )
    assert perft(DotsAndBoxes(2, 2), 4, workers=2) == 11880
    boxes = solve(DotsAndBoxes(2, 2), workers=2)  # forked workers, one shared table
    assert (boxes.value, boxes.best_moves) == (2, solve(DotsAndBoxes(2, 2)).best_moves)
    assert divide(MNKGame(3, 3, 3), 3, workers=2) == divide(MNKGame(3, 3, 3), 3)
    assert main(["solve", "mnk", "--m", "4", "--n", "3", "--workers", "2", "--json"]) == 0
    out, err = capsys.readouterr()
    answer = json.loads(out)
    assert (answer["value"], answer["best_moves"]) == (
        serial.value,
        list(serial.best_moves_notation),
    )
    assert "jobs" in err  # progress on stderr


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    with distributed.LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        yield str(cluster.scheduler_address)


def test_dask_local_cluster_gives_the_serial_answers(
    dask_address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real distributed.LocalCluster (in-process workers, two threads): solve and perft,
    from Python and from the command line (``--dask ADDRESS``)."""
    game = DotsAndBoxes(2, 2)
    serial = solve(game)
    parallel = solve(game, dask=dask_address, split_depth=2)
    assert (parallel.value, parallel.best_moves) == (serial.value, serial.best_moves)
    assert perft(MNKGame(3, 3, 3), 5, dask=dask_address) == 15120
    with distributed.Client(dask_address) as client:  # type: ignore[no-untyped-call]
        executor = client.get_executor()
        result = parallel_solve(MNKGame(3, 3, 3), executor, split_depth=2)
    assert (result.value, len(result.best_moves)) == (0, 9)
    assert main(["perft", "mnk", "--depth", "4", "--dask", dask_address, "--json", "--quiet"]) == 0
    out, _ = capsys.readouterr()
    assert json.loads(out)["nodes"] == 9 * 8 * 7 * 6


def test_a_game_that_can_repeat_forever_is_refused_as_serial_solve_refuses_it() -> None:
    """Dou Shou Qi without a draw limit has an infinite tree: refused before any job runs."""
    game = DouShouQi.from_notation(DSQ_ENDGAME, draw_limit=None)
    with pytest.raises(GameError, match="no ply limit"):
        serial_solve(game)
    executor = PicklingExecutor()
    with pytest.raises(GameError, match="no ply limit"):
        parallel_solve(game, executor)
    assert executor.jobs == 0


def test_bad_parallel_options_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    game = MNKGame(3, 3, 3)
    with pytest.raises(ParameterError, match="workers"):
        solve(game, workers=0)
    with pytest.raises(ParameterError, match="one of"):
        perft(game, 2, workers=2, dask="tcp://127.0.0.1:1")
    with pytest.raises(ParameterError, match="split depth"):
        parallel_solve(game, PicklingExecutor(), split_depth=0)
    with pytest.raises(ParameterError, match="split depth"):
        parallel_divide(game, 3, PicklingExecutor(), split_depth=3)
    with pytest.raises(ParameterError, match="Dask scheduler address"):
        solve(game, dask=" ")
    with pytest.raises(ParameterError, match="split depth needs"):
        solve(game, split_depth=2)
    with pytest.raises(TypeError, match="divide\\(\\) got an unexpected keyword argument 'worker'"):
        divide(game, 2, worker=2)  # type: ignore[call-arg]
    assert main(["perft", "mnk", "--depth", "3", "--split-depth", "2"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "--split-depth needs" in err
    assert main(["solve", "mnk", "--workers", "-1"]) == 2
    _, err = capsys.readouterr()
    assert err.count("\n") == 1 and "workers" in err
