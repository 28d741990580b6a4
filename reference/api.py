"""The front door for Python users: the oracle's answers, in the game's notation.

The command line is built on these four functions, so Python and the command line
give the same answers (``tests/cli/test_cli_api_agree.py`` pins it):

* :func:`solve` - the exact value for the side to move and every optimal move;
* :func:`perft` / :func:`divide` - legal move-sequence counts (every legal move);
* :func:`bestmove` - a depth- and / or time-limited search (iterative deepening).

Values follow one convention (:func:`reference.search.value.game_value`): for
the side to move, ``1`` / ``0`` / ``-1`` (win / draw / loss), or the net points
of a game scored in points (Dots and Boxes).  Moves are given both raw (what
``play`` takes) and in the game's notation (what the command line prints).

>>> from reference import MNKGame, solve, perft
>>> result = solve(MNKGame(3, 3, 3))
>>> result.value, len(result.best_moves_notation), result.exact
(0, 9, True)
>>> perft(MNKGame(3, 3, 3), 2)
72
"""

from __future__ import annotations

import importlib
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypedDict, TypeVar, Unpack

from reference.errors import ParameterError
from reference.registry import exact_solver_for
from reference.search import perft_raw as _perft
from reference.search.context import Deadline
from reference.search.iterative import iterative_deepening
from reference.search.parallel import (
    WORKER_TT_SIZE,
    JobProgress,
    parallel_divide,
    parallel_solve,
)
from reference.search.perft import divide_raw
from reference.search.progress import SolveReport
from reference.search.protocol import PlayableGame, Score
from reference.search.root import Algorithm, SearchResult
from reference.search.shared_tt import SharedTable
from reference.search.solve import RawSolution, solve_raw
from reference.search.stats import Counters, SearchStats
from reference.search.tt import TranspositionTable

M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Solution(Generic[M]):
    """The exact value of a position and every optimal move (the answer of ``solve``)."""

    value: int
    """For the side to move: 1 / 0 / -1, or net points (Dots and Boxes)."""
    best_moves: tuple[M, ...]
    """Every legal move that keeps the value, in ``legal_moves`` order (empty when the game is over)."""
    best_moves_notation: tuple[str, ...]
    """The same moves in the game's notation."""
    score: Score
    """The raw search score (``WIN`` / ``-WIN`` / 0 for win-loss games, points otherwise)."""
    stats: SearchStats
    seconds: float
    exact: bool = True
    """Always true: the whole game tree was searched."""

    @property
    def nodes(self) -> int:
        return self.stats.nodes


@dataclass(frozen=True, slots=True)
class BestMove(Generic[M]):
    """The answer of a depth- and / or time-limited search."""

    move: M
    move_notation: str
    score: Score
    """The search's score for the side to move, in search units (wins ``WIN - plies``;
    the glossary's *score*: a *value* is the game's, as in :class:`Solution`)."""
    depth: int
    """The depth of the last finished iteration."""
    exact: bool
    """True only when ``score`` is the game's true score (see ``SearchResult.exact``)."""
    stats: SearchStats
    seconds: float
    """Wall time of the whole search."""

    @property
    def nodes(self) -> int:
        return self.stats.nodes


class Parallel(TypedDict, total=False):
    """Where the jobs of a parallel :func:`solve`, :func:`perft` or :func:`divide` run (the
    keyword arguments ``**parallel``; see :mod:`reference.search.parallel`).

    ``workers``: that many local processes (``concurrent.futures.ProcessPoolExecutor``;
    forked where the platform can fork, and then a solve's workers share one table in
    shared memory, :mod:`reference.search.shared_tt`);
    ``dask``: the address of a Dask scheduler (the ``distributed`` extra), e.g.
    ``tcp://10.0.0.5:8786``; ``executor``: any ``concurrent.futures.Executor`` you
    manage yourself.  Give one of them.  ``split_depth`` fixes the plies expanded
    before the tree is cut into jobs (default: chosen for the number of workers,
    see :mod:`reference.search.parallel`); ``on_job`` is called after each job.
    """

    workers: int | None
    dask: str | None
    executor: Executor | None
    split_depth: int | None
    on_job: JobProgress | None


@dataclass(frozen=True, slots=True)
class _Parallel:
    """A checked :class:`Parallel`: one place for the jobs to run."""

    workers: int | None = None
    dask: str | None = None
    executor: Executor | None = None
    split_depth: int | None = None
    on_job: JobProgress | None = None


def _check_workers(workers: int | None) -> None:
    if workers is not None and (
        isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= 1024
    ):
        raise ParameterError(f"workers must be an integer from 1 to 1024, got {workers!r}")


def _parallel_options(function: str, parallel: Parallel) -> _Parallel | None:
    """The parallel set-up the keyword arguments ask for, or ``None`` (serial)."""
    for name in parallel:
        if name not in Parallel.__annotations__:
            raise TypeError(f"{function}() got an unexpected keyword argument {name!r}")
    workers, dask, executor = parallel.get("workers"), parallel.get("dask"), parallel.get("executor")
    split_depth = parallel.get("split_depth")
    _check_workers(workers)
    if dask is not None and (not isinstance(dask, str) or not dask.strip()):
        raise ParameterError(f"the Dask scheduler address must be a non-empty string, got {dask!r}")
    given = [
        name
        for name, value in (("workers", workers), ("dask", dask), ("executor", executor))
        if value is not None
    ]
    if len(given) > 1:
        raise ParameterError(f"give one of workers, dask and executor, not {' and '.join(given)}")
    if not given:
        if split_depth is not None:
            raise ParameterError("a split depth needs workers, dask or an executor")
        return None
    return _Parallel(workers, dask, executor, split_depth, parallel.get("on_job"))


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


@contextmanager
def dask_executor(address: str) -> Iterator[tuple[Executor, int]]:
    """An executor on the Dask scheduler at ``address`` and its number of worker threads
    (the ``distributed`` extra; the client is closed afterwards)."""
    try:
        distributed = importlib.import_module("distributed")  # the optional extra
    except ImportError:
        raise ParameterError(
            "dask needs the distributed extra: pip install 'gametree-reference[distributed]'"
        ) from None
    try:
        client = distributed.Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as error:
        raise ParameterError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None
    try:
        workers = max(1, sum(int(n) for n in client.nthreads().values()))
        executor: Executor = client.get_executor()
        yield executor, workers
    finally:
        client.close()


@contextmanager
def _executor(options: _Parallel) -> Iterator[tuple[Executor, int]]:
    """The executor to run jobs on and its number of workers; closed afterwards if made here.

    ``workers``: processes forked from this one where the platform can fork (they
    inherit a shared table made before the pool)."""
    if options.executor is not None:
        workers = getattr(options.executor, "_max_workers", None)
        yield options.executor, workers if isinstance(workers, int) else 2
        return
    if options.dask is not None:
        with dask_executor(options.dask) as (executor, workers):
            yield executor, workers
        return
    workers = options.workers or 1
    context = multiprocessing.get_context("fork" if _can_fork() else None)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        yield pool, workers
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def new_game(
    name: str,
    position: str | None = None,
    moves: str | Sequence[str] | None = None,
    **options: object,
) -> PlayableGame[Any]:
    """The game the command line builds for ``python -m reference COMMAND NAME --option
    value ... [--position P] [--moves "m1 m2"]``: the registry's defaults, the same
    switches, the same engine, so ``solve(new_game(...))`` searches the same tree as the
    command line (same value, best moves and node count).

    Options are named as on the command line, with ``_`` for ``-`` (``draw_limit=50`` for
    ``--draw-limit 50``).  A game class built directly has the same defaults
    (``MNKGame(5, 5, 4)`` folds symmetries as ``new_game("mnk", m=5, n=5, k=4)`` and the
    command line do: 703,346 nodes; ``symmetry=False`` takes 19.8 million); war chess's
    is :class:`~reference.wargame.game.WarGame`, whose turn enumeration
    watches the search's deadline.

    >>> solve(new_game("mnk", m=4, n=3, k=3)).nodes
    240
    >>> new_game("dots-and-boxes", rows=1, cols=2, moves="h0,0 v0,0").to_notation()
    '1x2:0x11:0:0:0'
    """
    from reference.registry import load

    return load(name).game(options, position, moves)


def solve(
    game: PlayableGame[M],
    *,
    tt: TranspositionTable | None = None,
    on_progress: Callable[[Counters], None] | None = None,
    deadline: Deadline | None = None,
    node_limit: int | None = None,
    on_report: Callable[[SolveReport], None] | None = None,
    **parallel: Unpack[Parallel],
) -> Solution[M]:
    """Solve ``game`` from its current position (``game`` is left unchanged).

    ``deadline`` / ``node_limit`` stop a serial solve with
    :class:`~reference.errors.SearchTimeoutError` (no value is guessed).

    ``workers=N`` (N local processes), ``dask="tcp://host:8786"`` (a Dask cluster)
    or ``executor=`` (any ``concurrent.futures.Executor``) split the tree at
    ``split_depth`` plies into independent jobs
    (:func:`reference.search.parallel.parallel_solve`): the same value and the same
    optimal moves; ``nodes`` then counts every job's nodes.  ``tt`` and
    ``on_progress`` are for the serial solve, ``on_job`` for a parallel one.

    A game with its own exact solver (its registry entry names one, an
    :class:`~reference.registry.ExactSolver`: Dots and Boxes) is solved by it, unless a
    table ``tt`` or a ``node_limit`` is handed over (a table belongs to the core's
    :func:`reference.search.solve_raw`); the jobs of a parallel solve ask it too.

    >>> from reference import DotsAndBoxes
    >>> solve(DotsAndBoxes(2, 2)).value      # net boxes the first player wins
    2
    """
    options = _parallel_options("solve", parallel)
    if options is None:
        result = _solve_serial(game, tt, on_progress, deadline, node_limit, on_report)
    else:
        if deadline is not None or node_limit is not None:
            raise ParameterError("deadline and node_limit are for a serial solve")
        if tt is not None:
            raise ParameterError("a parallel solve keeps one table per worker: do not pass tt")
        result = _solve_parallel(game, options, on_report)
    return Solution(
        value=result.value,
        best_moves=result.best_moves,
        best_moves_notation=tuple(game.format_move(m) for m in result.best_moves),
        score=result.score,
        stats=result.stats,
        seconds=result.seconds,
    )


def _solve_serial(
    game: PlayableGame[M],
    tt: TranspositionTable | None,
    on_progress: Callable[[Counters], None] | None,
    deadline: Deadline | None,
    node_limit: int | None,
    on_report: Callable[[SolveReport], None] | None = None,
) -> RawSolution[M]:
    """The game's own exact solver when it has one (and no table or budget is given), else the core's."""
    own_solver = exact_solver_for(game)
    if tt is None and node_limit is None and own_solver is not None:
        solution: RawSolution[M] = own_solver.solve_exactly(
            game, on_progress, deadline=deadline, on_report=on_report
        )
        return solution
    return solve_raw(
        game, tt=tt, on_progress=on_progress, deadline=deadline, node_limit=node_limit,
        on_report=on_report,
    )


def _solve_parallel(
    game: PlayableGame[M],
    options: _Parallel,
    on_report: Callable[[SolveReport], None] | None = None,
) -> RawSolution[M]:
    """A parallel solve; forked local workers share one table, made before they are forked.

    A game with its own exact solver splits the work its own way (Dots and Boxes: the
    root's moves tested side by side, :mod:`reference.dots_and_boxes.parallel`), unless a
    split depth is given."""
    own_solver = exact_solver_for(game)
    share = options.workers is not None and _can_fork()
    if own_solver is not None and options.split_depth is None:
        with _executor(options) as (pool, _):
            own: RawSolution[M] = own_solver.solve_in_parallel(
                game, pool, share_table=share, on_report=on_report
            )
        return own
    table = SharedTable.create(WORKER_TT_SIZE) if share else None
    try:
        with _executor(options) as (pool, count):
            return parallel_solve(
                game,
                pool,
                split_depth=options.split_depth,
                workers=count,
                shared_table=table,
                on_job=options.on_job,
                value_exactly=None if own_solver is None else own_solver.value_exactly,
            )
    finally:
        if table is not None:
            table.destroy()


def perft(
    game: PlayableGame[Any],
    depth: int,
    **parallel: Unpack[Parallel],
) -> int:
    """The number of legal move sequences of exactly ``depth`` plies (every legal move).

    ``workers`` / ``dask`` / ``executor`` / ``split_depth``: as for :func:`solve`
    (the count is the sum of the jobs' counts).

    >>> from reference import Connect6
    >>> perft(Connect6(6), 2)     # 36 single stones, then 35 * 34 / 2 pairs
    21420
    """
    options = _parallel_options("perft", parallel)
    if options is None:
        return _perft(game, depth)
    if depth == 0:  # the position itself, as the serial perft counts it (no job to run)
        return _perft(game, depth)
    return sum(_parallel_divide(game, depth, options).values())


def _parallel_divide(game: PlayableGame[M], depth: int, options: _Parallel) -> dict[M, int]:
    with _executor(options) as (pool, count):
        return parallel_divide(
            game,
            depth,
            pool,
            split_depth=options.split_depth,
            workers=count,
            on_job=options.on_job,
        )


def divide(
    game: PlayableGame[M],
    depth: int,
    **parallel: Unpack[Parallel],
) -> dict[str, int]:
    """perft split by root move, keyed by the move's notation (keyed by the raw moves:
    :func:`reference.search.divide_raw`); parallel options as for :func:`perft`.

    >>> from reference import MNKGame
    >>> counts = divide(MNKGame(3, 3, 3), 2)
    >>> counts["b2"], sum(counts.values())
    (8, 72)
    """
    options = _parallel_options("divide", parallel)
    counts = divide_raw(game, depth) if options is None else _parallel_divide(game, depth, options)
    return {game.format_move(m): n for m, n in counts.items()}


def bestmove(
    game: PlayableGame[M],
    *,
    depth: int | None = None,
    time_limit: float | None = None,
    algorithm: Algorithm = "pvs",
    use_tt: bool = True,
    full_width: bool = False,
    on_iteration: Callable[[SearchResult[M]], None] | None = None,
    deadline: Deadline | None = None,
    node_limit: int | None = None,
) -> BestMove[M]:
    """Iterative deepening to ``depth`` plies and / or for ``time_limit`` seconds and / or
    about ``node_limit`` nodes (a budget that gives the same answer on every machine).

    Each iteration's value is the minimax value to its depth over the game's
    ``search_moves`` (``full_width``: every legal move of a selective game).  A game
    whose move generation is itself long (war chess enumerates a whole turn's plans)
    may offer ``watch_deadline(deadline)``: it is handed the search's deadline, so
    the time limit holds inside move generation too.

    >>> from reference import MNKGame
    >>> game = MNKGame(3, 3, 3)
    >>> for cell in ("a1", "b2", "a2"):
    ...     _ = game.play(game.parse_move(cell))
    >>> answer = bestmove(game, depth=9)
    >>> answer.move_notation, answer.exact       # block a3
    ('a3', True)
    """
    if deadline is None and time_limit is not None:
        deadline = Deadline(time_limit)
    watch = getattr(game, "watch_deadline", None)
    if callable(watch):
        watch(deadline)
    try:
        result = iterative_deepening(
            game,
            time_limit=time_limit,
            max_depth=depth,
            algorithm=algorithm,
            use_tt=use_tt,
            full_width=full_width,
            on_iteration=on_iteration,
            deadline=deadline,
            node_limit=node_limit,
        )
    finally:
        if callable(watch):
            watch(None)
    return BestMove(
        move=result.best_move,
        move_notation=game.format_move(result.best_move),
        score=result.score,
        depth=result.depth,
        exact=result.exact,
        stats=result.stats,
        seconds=result.seconds,
    )


__all__ = ["BestMove", "Parallel", "Solution", "bestmove", "divide", "new_game", "perft", "solve"]
