"""Dots and Boxes solved in parallel: the root's moves tested with null windows, one job each.

Not from seed 000: what makes ``solve dots-and-boxes --workers N`` (and ``--dask``)
faster than the serial :func:`.solver.solve_position`, where splitting the tree into
jobs that each find an exact value from an empty table made it slower (docs/benchmarks.md).

**The procedure** (ours; MTD(f) at the root, Plaat et al. 1996, with the root's children
tested side by side, as Barker and Korf test the root's moves with null windows).  Each
class of root moves of equal value (:func:`.solver.root_orbits`) carries proven bounds
``[lo_i, hi_i]`` on its value; the root value lies in ``[max lo_i, max hi_i]``.  A
*round* picks a bound ``beta`` and asks every class not yet decided about it "is this
move worth at least ``beta``?": one null-window search of the move's child, one job.
The jobs of a round run on the executor's workers at once; the fail-soft value each
returns becomes a bound on its class.  The next ``beta`` is two above the best lower
bound after a round that proved one (values have the parity of the boxes left), or the
best upper bound after a round that proved none.  It stops when ``max lo_i == max hi_i``
(the value ``v``) and every class is decided: worth ``v`` (an optimal move) or below.

The serial solver does the same tests in another order: the root's null-window tests
visit the same children, then every root move is tested against ``v``.  So the work is
about the serial work, cut into a job per class.

**The split class.**  The class the serial solver would search first
(:func:`in_search_order`; on 3x4 the move that proves the tie, half the work) is cut
the first time it is tested: its child's value against the test's bound is the best of
the child's moves, so each class of the child's moves is one job (:class:`Split`),
handed to the pool before the other classes, and the class's fail-soft bound is
combined from their answers.  ``split_edges`` says from how many undrawn edges of the
child on.

**The table.** With ``--workers`` the workers are forked after a
:class:`.shared_table.SharedBoxTable` is made, and all search against it: a position one
worker proved is a table hit for the other, as in the serial solver.  On a Dask cluster
each worker thread keeps a table of its own across the jobs of one root (the jobs are
small: the root position, a move and a bound).  Neither changes a value.

The registry names this module as the game's exact solver (:class:`reference.registry.ExactSolver`):
:func:`solve_exactly` and :func:`value_exactly` are the serial solver's, and
:func:`solve_in_parallel` serves ``solve --workers`` / ``--dask``.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass

from reference.dots_and_boxes.engine import (
    DEFAULT_MAX_ENTRIES,
    Rules,
    Solver,
    first_moves,
    root_orbits,
    solve_exactly,
    value_exactly,
)
from reference.dots_and_boxes.geometry import Edge
from reference.dots_and_boxes.layout import Layout, layout
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.dots_and_boxes.shared_table import KEY_BITS, SharedBoxTable
from reference.errors import GameError
from reference.search.progress import RootEstimate, SolveReport
from reference.search.solve import RawSolution
from reference.search.stats import SearchStats


@dataclass(frozen=True, slots=True)
class MoveTest:
    """One job: is the root move leading to ``child`` worth at least ``bound``?

    ``child`` is the internal edge set after the move, ``gain`` the boxes the move
    completed (the mover then moves again).  ``table`` names a shared table (forked
    workers) or is ``None`` (the worker's own table, kept for the jobs of one root).
    """

    rows: int
    cols: int
    rules: Rules
    root: int
    child: int
    gain: int
    bound: int
    table: str | None = None
    max_entries: int = DEFAULT_MAX_ENTRIES


@dataclass(frozen=True, slots=True)
class MoveBound:
    """What a :class:`MoveTest` proved: ``lower <= value`` or ``value <= upper``."""

    lower: int | None
    upper: int | None
    stats: SearchStats
    worker: int = 0
    """The process that ran the test (its id)."""
    cpu_seconds: float = 0.0
    """The CPU time the test took in that process (for measurements: see ``bench``)."""


_worker = threading.local()


def _worker_solver(job: MoveTest) -> Solver:
    """This thread's solver for the jobs of ``job``'s root (kept between jobs: its table)."""
    key = (job.rows, job.cols, job.rules, job.root, job.table, job.max_entries)
    if getattr(_worker, "key", None) != key:
        shared = None if job.table is None else SharedBoxTable.attach(job.table)
        _worker.key = key
        _worker.solver = Solver(
            job.rows, job.cols, job.rules, max_entries=job.max_entries, shared=shared
        )
    solver: Solver = _worker.solver
    return solver


def run_move_test(job: MoveTest) -> MoveBound:
    """Run one job (a module-level function: worker processes find it by name).

    A move worth ``gain + c`` (the mover moves again) is at least ``bound`` when the child
    ``c`` is at least ``bound - gain``; a move worth ``-c`` when ``c`` is at most
    ``-bound``.  The fail-soft value of the null-window search bounds ``c`` either way.
    """
    solver = _worker_solver(job)
    before, cpu = solver.counters.freeze(), time.process_time()
    lower: int | None
    upper: int | None
    if job.child == solver.lay.full:
        lower = upper = job.gain  # the last box: the move is worth what it completed
    elif job.gain:
        b = job.bound - job.gain
        c = solver._search(job.child, b - 1, b)
        lower, upper = (job.gain + c, None) if c >= b else (None, job.gain + c)
    else:
        c = solver._search(job.child, -job.bound, -job.bound + 1)
        lower, upper = (None, -c) if c > -job.bound else (-c, None)
    after = solver.counters
    stats = SearchStats(
        after.nodes - before.nodes,
        after.tt_probes - before.tt_probes,
        after.tt_hits - before.tt_hits,
        after.tt_cutoffs - before.tt_cutoffs,
    )
    return MoveBound(lower, upper, stats, os.getpid(), time.process_time() - cpu)


# ---------------------------------------------------------------------------
# the split class: its test cut into one job per move of its child

SPLIT_EDGES = 24
"""A root class is split into its child's moves when the child has at least this many
undrawn edges (our choice: 3x4's first moves leave 30; small trees are not worth the jobs)."""


@dataclass(frozen=True, slots=True)
class Split:
    """The test of one root class cut into jobs: the child's value against ``bound`` is
    the best of its moves' values, each move one :class:`MoveTest` against ``bound``.

    ``gain`` is what the root move completed: the class is worth ``gain + c`` for the
    child's value ``c`` when it is positive (the mover moves again), else ``-c``.
    """

    gain: int
    bound: int
    """The child's test: is ``c`` at least this?"""

    @classmethod
    def of(cls, gain: int, class_bound: int) -> Split:
        """The child's test that answers "is the class worth at least ``class_bound``?"."""
        return cls(gain, class_bound - gain if gain else -class_bound + 1)

    def combine(self, found: list[MoveBound], total: int) -> MoveBound | None:
        """The class's bound from the answers so far of ``total`` jobs, or ``None`` while
        it is not known: one move at least ``bound`` makes the child at least its lower
        bound; every move below it makes the child at most the largest upper bound."""
        stats = SearchStats()
        for one in found:
            stats += one.stats
        cpu = sum(one.cpu_seconds for one in found)
        lowers = [one.lower for one in found if one.lower is not None]
        if lowers:
            c_lower: int | None = max(lowers)
            c_upper: int | None = None
        elif len(found) == total:
            c_lower, c_upper = None, max(one.upper for one in found if one.upper is not None)
        else:
            return None
        if self.gain:
            return MoveBound(
                None if c_lower is None else self.gain + c_lower,
                None if c_upper is None else self.gain + c_upper,
                stats, found[-1].worker, cpu,
            )
        return MoveBound(
            None if c_upper is None else -c_upper,
            None if c_lower is None else -c_lower,
            stats, found[-1].worker, cpu,
        )


def _combined(jobs: list[Future[MoveBound]], split: Split) -> Future[MoveBound]:
    """One future for the jobs of a split class: its bound as soon as one job proves the
    child's test (the rest are cancelled) or all have failed it; cancelling it cancels them."""
    result: Future[MoveBound] = Future()
    lock = threading.RLock()  # cancelling a job runs its callbacks in this thread
    found: list[MoveBound] = []

    def cancel_all() -> None:
        for job in jobs:
            job.cancel()

    def done(job: Future[MoveBound]) -> None:
        with lock:
            if result.done():
                return
            try:
                found.append(job.result())
            except BaseException as exc:  # a job's error (or cancellation) is the class's
                result.set_exception(exc)
                cancel_all()
                return
            answer = split.combine(found, len(jobs))
            if answer is not None:
                result.set_result(answer)
                cancel_all()

    result.add_done_callback(lambda f: cancel_all() if f.cancelled() else None)
    for job in jobs:
        job.add_done_callback(done)
    return result


# ---------------------------------------------------------------------------
# the root: classes of moves with bounds, and rounds of tests


class RootBounds:
    """The root's move classes and what is proven of each (values have one parity)."""

    def __init__(self, classes: int, remaining: int) -> None:
        self.parity = remaining % 2
        self.lo = [-remaining] * classes
        self.hi = [remaining] * classes

    def add(self, i: int, found: MoveBound) -> None:
        """Narrow class ``i`` by a test's answer (snapped to the values' parity)."""
        if found.lower is not None and found.lower > self.lo[i]:
            self.lo[i] = found.lower + (found.lower - self.parity) % 2
        if found.upper is not None and found.upper < self.hi[i]:
            self.hi[i] = found.upper - (found.upper - self.parity) % 2

    def window(self) -> tuple[int, int]:
        """The root value lies in ``[lower, upper]``."""
        return max(self.lo), max(self.hi)

    def decided(self, i: int) -> bool:
        """Whether class ``i`` is known to be optimal or not."""
        lower, upper = self.window()
        return self.hi[i] < lower or (lower == upper and self.lo[i] >= lower)

    def pending(self, beta: int) -> list[int]:
        """The classes a test against ``beta`` would teach something."""
        return [
            i for i in range(len(self.lo))
            if not self.decided(i) and self.lo[i] < beta <= self.hi[i]
        ]

    def next_bound(self, beta: int | None) -> int | None:
        """The next round's bound after a round against ``beta`` (``None``: the first),
        or ``None`` when every class is decided."""
        lower, upper = self.window()
        if lower == upper:
            return lower if self.pending(lower) else None
        if beta is None:
            return min(max(self.parity, lower + 2), upper)
        return lower + 2 if lower >= beta else upper


Submit = Callable[[int, int], "Future[MoveBound]"]
"""``submit(class index, bound)``: the job testing one class against a bound."""
Report = Callable[[RootBounds, int, float | None, SearchStats], None]
"""``report(bounds, beta, seconds left in this round, counters so far)`` after each job."""


def run_rounds(
    bounds: RootBounds, submit: Submit, report: Report | None = None
) -> SearchStats:
    """Rounds of tests until every class is decided (see the module docstring); the
    jobs' counters summed; ``report`` is called after each job."""
    stats = SearchStats()
    beta = bounds.next_bound(None)
    while beta is not None:
        pending = bounds.pending(beta)
        futures = {submit(i, beta): i for i in pending}
        timing, done = RootEstimate(), 0
        timing.start(time.monotonic(), 0)
        try:
            for future in as_completed(futures):
                found = future.result()
                bounds.add(futures[future], found)
                stats += found.stats
                done += 1
                if report is not None:
                    now = time.monotonic()
                    timing.decided(now, done)
                    report(bounds, beta, timing.estimate(now, done, len(pending)), stats)
        finally:
            for future in futures:
                future.cancel()
        beta = bounds.next_bound(beta)
    return stats


def _describe(lo: int, hi: int, floor: int) -> str | None:
    """What is proven of a class's value, or ``None`` when nothing is."""
    if lo == hi:
        return f"={lo}"
    if lo > -floor and hi < floor:
        return f"{lo}..{hi}"
    if lo > -floor:
        return f">={lo}"
    if hi < floor:
        return f"<={hi}"
    return None


def solve_in_parallel(
    game: DotsAndBoxes,
    executor: Executor,
    *,
    share_table: bool = False,
    on_report: Callable[[SolveReport], None] | None = None,
    max_entries: int = DEFAULT_MAX_ENTRIES,
    split_edges: int = SPLIT_EDGES,
) -> RawSolution[Edge]:
    """The exact value and every optimal move of ``game``, the root's moves tested by
    ``executor``'s workers (see the module docstring); ``game`` is left unchanged.

    ``share_table``: make a :class:`.shared_table.SharedBoxTable` for the workers (they
    must be processes forked from this one *after* this call makes it: a pool made
    lazily, as :class:`~concurrent.futures.ProcessPoolExecutor` with ``fork`` does).
    The value and the moves are those of :func:`.solver.solve_position`.

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> with ThreadPoolExecutor(2) as pool:
    ...     answer = solve_in_parallel(DotsAndBoxes(2, 2), pool)
    >>> answer.value, len(answer.best_moves)
    (2, 8)
    """
    start = time.perf_counter()
    if game.is_terminal():
        return RawSolution(0, (), SearchStats(), 0.0, 0)
    rules = Rules.of_game(game)
    lay = layout(game.rows, game.cols)
    root = lay.to_internal(game.edges)
    remaining = lay.num_boxes - lay.completed(root)
    classes = in_search_order(root_orbits(game, rules), game, rules)
    children: list[tuple[int, int]] = []
    grandchildren: list[tuple[int, int]] = []
    for i, orbit in enumerate(classes):
        gain = game.make(orbit[0])
        children.append((lay.to_internal(game.edges), gain))
        if i == 0 and (lay.full & ~children[0][0]).bit_count() >= max(split_edges, 1):
            grandchildren = _children(game, rules, lay)
        game.unmake()
    table = SharedBoxTable.create() if share_table and lay.full.bit_length() <= KEY_BITS else None
    name = None if table is None else table.name

    bounds = RootBounds(len(classes), remaining)

    def submit(i: int, beta: int) -> Future[MoveBound]:
        child, gain = children[i]
        if i == 0 and grandchildren and bounds.lo[0] == -remaining == -bounds.hi[0]:
            # the likely-best class, tested for the first time: both workers on its test
            split = Split.of(gain, beta)
            jobs = [
                executor.submit(run_move_test, MoveTest(
                    game.rows, game.cols, rules, root, g, k, split.bound, name, max_entries
                ))
                for g, k in grandchildren
            ]
            return _combined(jobs, split)
        job = MoveTest(game.rows, game.cols, rules, root, child, gain, beta, name, max_entries)
        return executor.submit(run_move_test, job)

    def report(state: RootBounds, beta: int, estimate: float | None, stats: SearchStats) -> None:
        assert on_report is not None
        lower, upper = state.window()
        seconds = time.perf_counter() - start
        moves = {}
        for i, orbit in enumerate(classes):
            what = _describe(state.lo[i], state.hi[i], remaining)
            if what is not None:
                moves[game.format_move(orbit[0])] = what
        on_report(SolveReport(
            stats.nodes, seconds, stats.nodes, seconds, lower, upper, beta,
            sum(state.decided(i) for i in range(len(classes))), len(classes), moves, estimate,
        ))

    try:
        stats = run_rounds(bounds, submit, report if on_report is not None else None)
    finally:
        if table is not None:
            table.destroy()
    value = bounds.window()[0]
    best = [m for i, orbit in enumerate(classes) if bounds.lo[i] >= value for m in orbit]
    if not best:
        raise GameError("internal error: no root move reaches the root value")
    order = {m: i for i, m in enumerate(game.legal_moves())}
    best.sort(key=order.__getitem__)
    return RawSolution(value, tuple(best), stats, time.perf_counter() - start, value)


def in_search_order(
    classes: list[list[Edge]], game: DotsAndBoxes, rules: Rules
) -> list[list[Edge]]:
    """``classes`` sorted by where the serial solver's first move of each comes in its
    order (:func:`.solver.first_moves`); the first is the class it would search first."""
    lay = layout(game.rows, game.cols)
    root = lay.to_internal(game.edges)
    rank = {e: r for r, e in enumerate(first_moves(lay, rules, root))}
    last = len(rank)

    def position(orbit: list[Edge]) -> int:
        best = last
        for move in orbit:
            game.make(move)
            best = min(best, rank.get(lay.to_internal(game.edges) & ~root, last))
            game.unmake()
        return best

    return sorted(classes, key=position)


def _children(game: DotsAndBoxes, rules: Rules, lay: Layout) -> list[tuple[int, int]]:
    """The children of ``game``'s position, one per class of its moves (:func:`root_orbits`),
    as (internal edge set, boxes the move completed), in the serial solver's order."""
    found = []
    for orbit in in_search_order(root_orbits(game, rules), game, rules):
        gain = game.make(orbit[0])
        found.append((lay.to_internal(game.edges), gain))
        game.unmake()
    return found


__all__ = [
    "SPLIT_EDGES",
    "MoveBound",
    "MoveTest",
    "RootBounds",
    "Split",
    "in_search_order",
    "run_move_test",
    "run_rounds",
    "solve_exactly",
    "solve_in_parallel",
    "value_exactly",
]
