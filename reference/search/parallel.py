"""Parallel and distributed perft and solve: the tree split at a shallow depth into independent jobs.

The position is expanded to a shallow *split depth* in the calling process; each
position at that depth becomes one job, and any :class:`concurrent.futures.Executor`
runs the jobs: a :class:`~concurrent.futures.ProcessPoolExecutor` on this machine, or
a Dask cluster (``distributed.Client(address).get_executor()``).  The results
combine exactly:

* **perft**: the count of a node is the sum of its children's counts, so the total
  is the sum of the jobs' counts (a finished game above the split depth counts 0,
  as in :func:`reference.search.perft.perft_raw`);
* **solve**: each job returns the *exact* score of its position (alpha-beta with a
  transposition table to the end of the game, as :func:`reference.search.solve.solve_raw`
  searches), and the tree above the split is minimaxed over those exact child
  values with the rule of :func:`reference.search.negamax.child_value`: the sign
  flips only when the turn passed, and the points ``make`` returned are added (a
  Dots and Boxes player who completes a box moves again).  The root's children are
  all of its **legal** moves, so the optimal moves are every legal move whose exact
  value equals the root's, in ``legal_moves`` order, as the serial ``solve`` reports.

Jobs are small picklable values: the root position pickled once by the caller
(:class:`Root`: a pickle rather than the notation, so that every option the game
was built with, such as symmetry keys, the capture rule or the move order, travels
with it) and the list of moves from the root to the job's position.  A
solve job whose position has the same table key and side to move as another's
(a transposition, or a symmetric image when the game folds symmetries into
``tt_key``) is searched once: the serial solve trusts the same key through its
table.  Each worker keeps one transposition table for all the solve jobs of one
root (one per thread when a Dask worker runs several threads), or, when the caller
passes a :class:`~reference.search.shared_tt.SharedTable` (``--workers``: forked
processes on one machine), all workers share one table in shared memory.  Neither
changes a value, only node counts.

The jobs share no bounds: a job's position is searched with the full window even
when a sibling has already refuted its parent, so a deeper split costs nodes.
Without a shared table, a position reached below two root moves is also searched
by both workers: twice the serial nodes in Dots and Boxes, whose subtrees
transpose into each other.  ``nodes`` counts every job's nodes;
``docs/benchmarks.md`` gives the measurements.

>>> from concurrent.futures import ThreadPoolExecutor
>>> from reference.search.toy_games import Nim
>>> from reference.search import perft_raw, solve_raw
>>> with ThreadPoolExecutor(2) as pool:
...     counts = sum(parallel_divide(Nim(6, take=3), 4, pool).values()), perft_raw(Nim(6, take=3), 4)
...     answers = parallel_solve(Nim(6, take=3), pool), solve_raw(Nim(6, take=3))
>>> counts
(15, 15)
>>> [(answer.value, answer.best_moves) for answer in answers]
[(1, (2,)), (1, (2,))]
"""

from __future__ import annotations

import hashlib
import pickle
import threading
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from reference.errors import GameError, ParameterError
from reference.search.checks import check_count
from reference.search.engine import alphabeta_tt_engine
from reference.search.perft import perft_raw
from reference.search.protocol import INFINITY, WIN, Game, Score
from reference.search.shared_tt import SharedTable
from reference.search.solve import (
    SOLVE_DEPTH,
    RawSolution,
    check_no_horizon,
    check_solvable,
    exact_context,
    finished,
)
from reference.search.stats import SearchStats
from reference.search.tt import TranspositionTable
from reference.search.value import game_value

M = TypeVar("M", bound=Hashable)

PERFT_JOBS_PER_WORKER = 8
"""perft's automatic split depth aims at this many jobs per worker (our choice: enough to
balance jobs of different sizes; a perft job costs nothing extra, however small)."""

SOLVE_JOBS_PER_WORKER = 1
"""solve's automatic split depth aims at this many distinct jobs per worker (our choice).

Jobs share no bounds, so every ply deeper costs nodes: on the 4 x 4 board (k = 4) a
split at 2 plies visits about 2.6 times the serial solve's nodes, at 3 plies 6.5
times (measured; ``docs/benchmarks.md``).  Splitting at the root's children keeps
the overhead small and gives up some balance."""

MAX_SPLIT_DEPTH = 6
"""The automatic split depth never goes deeper than this."""

MAX_FRONTIER = 20_000
"""The automatic split depth stops growing once the frontier has this many positions."""

WORKER_TT_SIZE = 1 << 20
"""Entries of each worker's transposition table (the serial ``solve``'s default)."""


# ---------------------------------------------------------------------------
# what travels to a worker


@dataclass(frozen=True, slots=True)
class Root:
    """The root position, pickled once; every job rebuilds its own copy from it."""

    data: bytes
    digest: str
    """A hash of ``data``: workers keep one transposition table per root."""

    def game(self) -> Game[Any]:
        return cast(Game[Any], pickle.loads(self.data))


def pack_root(game: Game[Any]) -> Root:
    """Pickle ``game`` for the workers; raise :class:`ParameterError` when it cannot be."""
    try:
        data = pickle.dumps(game, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError) as error:
        raise ParameterError(
            f"{type(game).__name__} cannot be sent to worker processes ({error})"
        ) from None
    return Root(data, hashlib.sha256(data).hexdigest())


ValueExactly = Callable[[Any], tuple[Score, SearchStats]]
"""A game's own exact solver asked for a value alone (:meth:`reference.registry.ExactSolver.value_exactly`)."""


@dataclass(frozen=True, slots=True)
class PerftJob:
    """Count the move sequences of ``depth`` plies below the position ``path`` leads to."""

    root: Root
    path: tuple[Hashable, ...]
    depth: int


@dataclass(frozen=True, slots=True)
class SolveJob:
    """The exact score of the position ``path`` leads to, for its side to move."""

    root: Root
    path: tuple[Hashable, ...]
    tt_size: int = WORKER_TT_SIZE
    shared_table: str | None = None
    """The name of a :class:`~reference.search.shared_tt.SharedTable` all the workers use
    (they are forked from its creator), or ``None``: each worker keeps a table of its own."""
    value_exactly: ValueExactly | None = None
    """The game's own exact solver (a module-level function, sent by name), or ``None``:
    the core's search."""


def _position(root: Root, path: Sequence[Hashable]) -> Game[Any]:
    game = root.game()
    for move in path:
        game.make(move)
    return game


def run_perft_job(job: PerftJob) -> int:
    """Run one perft job (a module-level function: worker processes import it by name)."""
    return perft_raw(_position(job.root, job.path), job.depth)


_worker = threading.local()


def _worker_table(job: SolveJob) -> TranspositionTable:
    """This thread's table for the solve jobs of ``job.root`` (a new root gets a new table):
    its own, or its attachment to the shared table the job names."""
    key = (job.root.digest, job.tt_size, job.shared_table)
    if getattr(_worker, "key", None) != key:
        old = getattr(_worker, "table", None)
        if isinstance(old, SharedTable):
            old.close()
        _worker.key = key
        if job.shared_table is None:
            _worker.table = TranspositionTable(job.tt_size)
        else:
            _worker.table = SharedTable.attach(job.shared_table)
    return cast(TranspositionTable, _worker.table)


def exact_score(
    game: Game[Any],
    tt: TranspositionTable,
    plies_from_root: int = 0,
    value_exactly: ValueExactly | None = None,
) -> tuple[Score, SearchStats]:
    """The exact score of ``game`` for its side to move, searched as :func:`~reference.search.solve.solve_raw` searches.

    ``plies_from_root`` keeps the table's remaining depths those of the whole solve.
    A game's own exact solver (``value_exactly``, Dots and Boxes) is asked instead, with a
    table of its own.
    """
    if value_exactly is not None:
        return value_exactly(game)
    ctx = exact_context(game, tt)  # as solve_raw: the game's static proofs too (mnk pairings)
    if game.is_terminal():
        score = game.terminal_score()
    else:
        depth = SOLVE_DEPTH - plies_from_root
        score = alphabeta_tt_engine(game, depth, -INFINITY, INFINITY, ctx, 0)
    check_no_horizon(ctx)
    return score, ctx.counters.freeze()


def run_solve_job(job: SolveJob) -> tuple[Score, SearchStats]:
    """Run one solve job: (exact score, the search's counters)."""
    game = _position(job.root, job.path)
    return exact_score(game, _worker_table(job), len(job.path), job.value_exactly)


# ---------------------------------------------------------------------------
# the tree above the split


@dataclass(slots=True)
class SplitNode(Generic[M]):
    """A position above (or at) the split depth.

    Exactly one of: ``score`` (a finished game), ``job`` (an index into the jobs),
    or ``children`` (``(move, points, same_mover, child)`` for each move searched).
    """

    score: Score | None = None
    job: int = -1
    children: list[tuple[M, int, bool, SplitNode[M]]] = field(default_factory=list)


def _moves_for_solve(game: Game[M], at_root: bool) -> Sequence[M]:
    """The root tries every legal move (all optimal moves are wanted); below it, the moves
    ``solve`` searches (``search_moves``, or every legal move of a selective game)."""
    if at_root or game.selective:
        return game.legal_moves()
    return game.search_moves()


def split_for_solve(
    game: Game[M], split_depth: int
) -> tuple[SplitNode[M], list[tuple[Hashable, ...]], int]:
    """Expand ``game`` to ``split_depth`` plies: (tree, one path per distinct job, nodes expanded).

    ``game`` is restored before returning.
    """
    jobs: dict[tuple[int, int], int] = {}
    paths: list[tuple[Hashable, ...]] = []
    path: list[Hashable] = []
    expanded = 0

    def expand(depth_left: int) -> SplitNode[M]:
        nonlocal expanded
        expanded += 1
        if game.is_terminal():
            return SplitNode(score=game.terminal_score())
        if depth_left == 0:
            identity = (game.tt_key(), game.to_move)
            index = jobs.get(identity)
            if index is None:
                index = jobs[identity] = len(paths)
                paths.append(tuple(path))
            return SplitNode(job=index)
        node: SplitNode[M] = SplitNode()
        for move in _moves_for_solve(game, at_root=not path):
            mover = game.to_move
            points = game.make(move)
            path.append(move)
            try:
                child = expand(depth_left - 1)
                node.children.append((move, points, game.to_move == mover, child))
            finally:
                path.pop()
                game.unmake()
        return node

    tree = expand(split_depth)
    return tree, paths, expanded


def evaluate(
    node: SplitNode[M], known: Mapping[int, Score], needed: set[int], win_decides: bool = False
) -> Score | None:
    """The exact score of ``node`` from the jobs' exact scores in ``known``, or ``None`` while
    some job it depends on is missing (those jobs are added to ``needed``).

    Minimax over the children, each worth ``points + v`` when the same player moves
    again and ``points - v`` when the turn passed
    (:func:`reference.search.negamax.child_value`).  With ``win_decides`` (a game
    scored win / draw / loss, whose exact scores are ``-WIN``, 0 and ``WIN``: ``solve``
    does not score wins by distance) a child worth ``WIN`` decides its parent, so the
    jobs below the parent's other children are no longer needed.
    """
    if node.score is not None:
        return node.score
    if node.job >= 0:
        if node.job in known:
            return known[node.job]
        needed.add(node.job)
        return None
    best: Score | None = None
    missing: set[int] = set()
    for entry in node.children:
        value = child_score(entry, known, missing, win_decides)
        if value is None:
            continue
        if win_decides and value >= WIN:
            return value  # a won game: the other children cannot change this node's score
        if best is None or value > best:
            best = value
    if missing:
        needed |= missing
        return None
    return best


def child_score(
    entry: tuple[M, int, bool, SplitNode[M]],
    known: Mapping[int, Score],
    needed: set[int],
    win_decides: bool = False,
) -> Score | None:
    """A move's exact value for the parent, or ``None`` while a job below it is missing."""
    _, points, same_mover, child = entry
    value = evaluate(child, known, needed, win_decides)
    if value is None:
        return None
    return points + value if same_mover else points - value


def root_scores(
    tree: SplitNode[M], known: Mapping[int, Score], win_decides: bool = False
) -> tuple[list[Score | None], set[int]]:
    """Every root move's exact value (``None`` while missing) and the jobs still needed.

    Every root move needs its exact value (all optimal moves are reported), so the
    root itself never stops early.
    """
    needed: set[int] = set()
    return [child_score(entry, known, needed, win_decides) for entry in tree.children], needed


def split_for_perft(
    game: Game[M], split_depth: int
) -> tuple[list[tuple[Hashable, ...]], dict[int, M]]:
    """The move sequences of ``split_depth`` plies from ``game`` (one job each) and, per job,
    its root move.  A game finished above the split has no sequence there: it counts 0."""
    paths: list[tuple[Hashable, ...]] = []
    root_move: dict[int, M] = {}
    path: list[M] = []

    def expand(depth_left: int) -> None:
        if depth_left == 0:
            root_move[len(paths)] = path[0]
            paths.append(tuple(path))
            return
        if game.is_terminal():
            return
        for move in game.legal_moves():
            game.make(move)
            path.append(move)
            try:
                expand(depth_left - 1)
            finally:
                path.pop()
                game.unmake()

    expand(split_depth)
    return paths, root_move


# ---------------------------------------------------------------------------
# choosing the split depth


def _check_split(split_depth: int | None, workers: int) -> None:
    if split_depth is not None:
        check_count("split depth", split_depth, least=1)
    check_count("the number of workers", workers, least=1)


def auto_solve_split(
    game: Game[M], target_jobs: int
) -> tuple[int, SplitNode[M], list[tuple[Hashable, ...]], int]:
    """The smallest split depth giving at least ``target_jobs`` distinct jobs (within
    :data:`MAX_SPLIT_DEPTH` and :data:`MAX_FRONTIER`), with its tree, paths and nodes."""
    depth = 1
    while True:
        tree, paths, expanded = split_for_solve(game, depth)
        if len(paths) >= target_jobs or depth >= MAX_SPLIT_DEPTH or expanded >= MAX_FRONTIER:
            return depth, tree, paths, expanded
        depth += 1


def auto_perft_split(game: Game[M], depth: int, target_jobs: int) -> int:
    """The smallest split depth below ``depth`` whose frontier has at least ``target_jobs``
    sequences (within :data:`MAX_SPLIT_DEPTH` and :data:`MAX_FRONTIER`)."""
    split = 1
    while split < min(depth - 1, MAX_SPLIT_DEPTH):
        count = perft_raw(game, split)
        if count >= target_jobs or count >= MAX_FRONTIER:
            break
        split += 1
    return split


# ---------------------------------------------------------------------------
# the drivers


JobProgress = Callable[[int, int, SearchStats], None]
"""Called after each finished job: (jobs done, jobs in all, counters summed so far)."""


def _cancel(futures: Sequence[Future[Any]]) -> None:
    for future in futures:
        future.cancel()


def parallel_solve(
    game: Game[M],
    executor: Executor,
    *,
    workers: int = 2,
    split_depth: int | None = None,
    tt_size: int = WORKER_TT_SIZE,
    shared_table: SharedTable | None = None,
    on_job: JobProgress | None = None,
    value_exactly: ValueExactly | None = None,
) -> RawSolution[M]:
    """:func:`reference.search.solve.solve_raw` with the work spread over ``executor``'s workers.

    The same value and the same optimal moves as the serial solve (see the module
    docstring); ``stats`` sums the counters of every job plus one node per position
    expanded above the split.  ``split_depth`` (plies, >= 1) fixes where the tree is
    split; by default, the smallest depth giving :data:`SOLVE_JOBS_PER_WORKER` distinct
    jobs per worker (``workers`` is the executor's number of workers).
    ``shared_table``: one table for every worker (the executor's workers must be this
    process or forked from it after the table was made; the caller makes the table and
    destroys it afterwards).
    It must be empty or filled by solves of this same game.
    ``value_exactly``: the game's own exact solver for the jobs (a module-level function,
    see :class:`reference.registry.ExactSolver`).
    ``game`` is left unchanged.
    """
    _check_split(split_depth, workers)
    start = time.perf_counter()
    if game.is_terminal():
        return finished(game)
    check_solvable(game)  # the serial solve's preconditions, before any job starts
    if split_depth is None:
        _, tree, paths, expanded = auto_solve_split(game, SOLVE_JOBS_PER_WORKER * workers)
    else:
        tree, paths, expanded = split_for_solve(game, split_depth)
    root = pack_root(game)
    shared = None if shared_table is None else shared_table.name
    jobs = [SolveJob(root, path, tt_size, shared, value_exactly) for path in paths]
    win_decides = not game.counts_points
    stats = SearchStats(nodes=expanded)
    scores, stats = run_solve_jobs(tree, jobs, executor, win_decides, stats, on_job)
    value = max(scores)
    best = tuple(
        entry[0] for entry, score in zip(tree.children, scores, strict=True) if score == value
    )
    return RawSolution(value, best, stats, time.perf_counter() - start, game_value(game, value))


def run_solve_jobs(
    tree: SplitNode[M],
    jobs: Sequence[SolveJob],
    executor: Executor,
    win_decides: bool,
    stats: SearchStats,
    on_job: JobProgress | None = None,
) -> tuple[list[Score], SearchStats]:
    """Run ``jobs`` until every root move's exact value is known: (the values in the order of
    ``tree.children``, ``stats`` plus every job's counters).

    A job below a move a won game has decided (``win_decides``) is cancelled.
    """
    futures = [executor.submit(run_solve_job, job) for job in jobs]
    index = {future: i for i, future in enumerate(futures)}
    known: dict[int, Score] = {}
    scores, needed = root_scores(tree, known, win_decides)
    try:
        for future in as_completed(futures):
            if future.cancelled():
                continue
            score, job_stats = future.result()
            known[index[future]] = score
            stats += job_stats
            scores, needed = root_scores(tree, known, win_decides)
            for i, other in enumerate(futures):
                if i not in needed and i not in known:
                    other.cancel()  # decided above it by a won game: not needed any more
            if on_job is not None:
                on_job(len(known), len(known) + len(needed), stats)
            if not needed:
                break
    finally:
        _cancel(futures)  # done, or an error or an interrupt: leave no job queued
    values = [score for score in scores if score is not None]
    if needed or len(values) != len(scores):
        raise GameError("a parallel solve job was cancelled before it finished")
    return values, stats


def parallel_divide(
    game: Game[M],
    depth: int,
    executor: Executor,
    *,
    workers: int = 2,
    split_depth: int | None = None,
    on_job: JobProgress | None = None,
) -> dict[M, int]:
    """:func:`reference.search.perft.divide_raw` with the work spread over ``executor``'s workers.

    ``split_depth`` (plies, >= 1; at most ``depth - 1``, or ``depth`` when ``depth`` is 1)
    fixes where the tree is split; by default, the smallest depth whose frontier has
    :data:`PERFT_JOBS_PER_WORKER` sequences per worker.
    """
    check_count("perft depth", depth, least=0)
    _check_split(split_depth, workers)
    if depth == 0 or game.is_terminal():
        return {}
    if split_depth is None:
        split_depth = auto_perft_split(game, depth, PERFT_JOBS_PER_WORKER * workers)
    if split_depth > max(depth - 1, 1):
        raise ParameterError(
            f"split depth {split_depth} must be below the perft depth {depth} (or 1 when it is 1)"
        )
    counts: dict[M, int] = {move: 0 for move in game.legal_moves()}
    if depth == 1:
        return {move: 1 for move in counts}
    paths, root_move = split_for_perft(game, split_depth)
    root = pack_root(game)
    jobs = [PerftJob(root, path, depth - split_depth) for path in paths]
    futures = [executor.submit(run_perft_job, job) for job in jobs]
    index = {future: i for i, future in enumerate(futures)}
    nodes = 0
    try:
        for done, future in enumerate(as_completed(futures), start=1):
            count = future.result()
            nodes += count
            counts[root_move[index[future]]] += count
            if on_job is not None:
                on_job(done, len(futures), SearchStats(nodes=nodes))
    finally:
        _cancel(futures)
    return counts


__all__ = [
    "PERFT_JOBS_PER_WORKER",
    "SOLVE_JOBS_PER_WORKER",
    "PerftJob",
    "Root",
    "SolveJob",
    "exact_score",
    "pack_root",
    "parallel_divide",
    "parallel_solve",
    "run_perft_job",
    "run_solve_job",
]
