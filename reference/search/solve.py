"""``solve_raw``: the exact game-theoretic value and every optimal move (no depth limit, no heuristic).

*Raw* as opposed to the front door's :func:`reference.solve`: the moves are the
game's own move values (what ``make`` takes), with no notation, and the game's own
exact solver (Dots and Boxes) is not asked; both report the same ``value``.

Alpha-beta with a transposition table searched to the end of the game.  Wins
count ``WIN`` whatever their length here (``mate_distance`` off), so every
winning move is an optimal move, not only the fastest one.

The root value of a win / draw / loss game comes from two null-window proofs (at
least a draw?  a win?: :func:`root_value`), a game scored in points from one
full-window search.  After the root value v is known, every legal root move is
tested with the null window ``(v - 1, v)``: no move is worth more than v, so a
move is optimal exactly when its fail-soft result is at least v.  A game that
proves static bounds (:class:`~reference.search.protocol.ProvesBounds`) is asked
for them at every node the table does not cut (ours: ``docs/papers/001-mnk.md``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from reference.errors import GameError, ParameterError, SearchTimeoutError
from reference.search.alphabeta import alphabeta
from reference.search.checks import check_count
from reference.search.context import Deadline, SearchContext, SearchTimeout
from reference.search.engine import alphabeta_tt_engine
from reference.search.negamax import NodeFunction, child_value
from reference.search.progress import RootEstimate, SolveReport
from reference.search.protocol import INFINITY, MAX_PLY, WIN, Game, ProvesBounds, Score
from reference.search.rootloop import root_search
from reference.search.stats import Counters, SearchStats
from reference.search.tt import TranspositionTable
from reference.search.value import game_value

M = TypeVar("M")

SOLVE_DEPTH = MAX_PLY
"""Remaining depth given to the root of a solve: larger than any game here lasts."""


@dataclass(frozen=True, slots=True)
class RawSolution(Generic[M]):
    """The exact value of a position and its optimal moves, as raw moves (no notation)."""

    score: Score
    """Exact score for the side to move: +-WIN / 0 for win-loss games, points for scored games."""
    best_moves: tuple[M, ...]
    """Every legal move that keeps the value (in ``legal_moves`` order); empty when the game is over."""
    stats: SearchStats
    seconds: float
    value: int
    """The reported value (:func:`reference.search.value.game_value`): 1 / 0 / -1, or points."""
    exact: bool = True
    """Always true: ``solve_raw`` searches the whole game tree (every legal move, no horizon)."""


def exact_context(
    game: Game[M],
    tt: TranspositionTable | None,
    deadline: Deadline | None = None,
    node_limit: int | None = None,
    on_progress: Callable[[Counters], None] | None = None,
) -> SearchContext:
    """A context for exact values of ``game``: wins not scored by distance, every legal move
    of a selective game, the game's static proofs when it has any, ``tt`` claimed for such
    values (and the search's deadline, node budget and progress callback)."""
    ctx = SearchContext(
        tt=tt,
        deadline=deadline,
        node_limit=node_limit,
        mate_distance=False,
        full_width=True,
        on_progress=on_progress,
    )
    if isinstance(game, ProvesBounds):  # a game's static proofs (e.g. mnk pairing strategies)
        ctx.proof_bounds = game.proof_bounds
    ctx.bind_table(game)
    return ctx


def finished(game: Game[M]) -> RawSolution[M]:
    """The solution of a finished game: its result, no move."""
    score = game.terminal_score()
    return RawSolution(score, (), SearchStats(), 0.0, game_value(game, score))


def check_solvable(game: Game[M]) -> None:
    """Refuse a game whose tree is infinite or deeper than :data:`SOLVE_DEPTH` plies."""
    bound = game.max_plies_left()
    if bound is None:
        raise GameError(
            "this game has no ply limit and its positions can repeat: its tree is infinite "
            "and solve cannot finish (give the game a draw limit)"
        )
    if bound > SOLVE_DEPTH:
        raise GameError(
            f"the game can last {bound} more plies: solve searches at most {SOLVE_DEPTH}"
        )


def check_no_horizon(ctx: SearchContext) -> None:
    """Refuse a value that depended on the depth limit (no game here lasts that long)."""
    if ctx.horizon_reached:
        raise GameError(f"the game lasts more than {SOLVE_DEPTH} plies: it cannot be solved here")


def root_value(
    node: NodeFunction,
    game: Game[M],
    ctx: SearchContext,
    null_window: bool,
    report: CoreReporter | None = None,
) -> Score:
    """The exact value of the root (not over).

    A game scored in points is searched with the full window.  A win / draw / loss
    game can only be worth ``-WIN``, ``0`` or ``WIN`` here (``mate_distance`` is off),
    so with ``null_window`` two proofs of one bound each settle it (ours; the
    null-window tests of MTD(f) and proof-number style solvers): is it at least a
    draw (window ``(-1, 0)``)?  If so, is it a win (window ``(0, 1)``)?  A proof of
    one bound needs only one good move where the value is reached, not a comparison
    of every move's exact value.  ``report`` is told each step (the window, the test).
    """
    if game.counts_points or not null_window:
        value, _ = root_search(node, game, SOLVE_DEPTH, -INFINITY, INFINITY, ctx)
        return value
    if report is not None:
        report.window(-1, 1, 0)
    at_least_draw, _ = root_search(node, game, SOLVE_DEPTH, -1, 0, ctx)
    if at_least_draw < 0:
        return -WIN
    if report is not None:
        report.window(0, 1, 1)
    win, _ = root_search(node, game, SOLVE_DEPTH, 0, 1, ctx)
    return WIN if win > 0 else 0


def optimal_moves(
    node: NodeFunction,
    game: Game[M],
    value: Score,
    ctx: SearchContext,
    report: CoreReporter | None = None,
) -> tuple[M, ...]:
    """Every legal move worth ``value``, the root's exact value, in ``legal_moves`` order.

    No move is worth more, so one null-window test ``(value - 1, value)`` each
    decides it: optimal exactly when its fail-soft result is at least ``value``.
    ``report`` is told each move decided.
    """
    best: list[M] = []
    for move in game.legal_moves():
        reaches = child_value(node, game, move, SOLVE_DEPTH - 1, value - 1, value, ctx, 0) >= value
        if reaches:
            best.append(move)
        if report is not None:
            report.move_decided(move, reaches)
    return tuple(best)


class CoreReporter:
    """The :class:`~reference.search.progress.SolveReport` s of :func:`solve_raw`, in the
    format every game's solve shares: called by the search's ticks (every
    :data:`~reference.search.context.PROGRESS_INTERVAL` nodes) and at each root step.

    The window and the bound under test are in reported values (1 / 0 / -1, or points);
    while the root value is searched, no root move is decided; then every legal move is
    tested against it, ``k of n`` decided, and the estimate is a
    :class:`~reference.search.progress.RootEstimate`.
    """

    def __init__(
        self,
        game: Game[M],
        ctx: SearchContext,
        on_report: Callable[[SolveReport], None],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game, self.ctx, self.on_report, self.clock = game, ctx, on_report, clock
        self.format: Callable[[object], str] = getattr(game, "format_move", str)
        self.total = len(game.legal_moves())
        self.start, self.start_nodes = clock(), ctx.counters.nodes
        self.lower: int | None = None
        self.upper: int | None = None
        self.bound: int | None = None
        self.moves: dict[str, str] = {}
        self.value: int | None = None
        self.estimate = RootEstimate()
        self.long = False
        """Whether the search has ticked (a long solve): only then are root steps reported."""
        user = ctx.on_progress

        def tick(counters: Counters) -> None:
            self(tick=True)
            if user is not None:
                user(counters)

        ctx.on_progress = tick

    def window(self, lower: int, upper: int, bound: int | None) -> None:
        self.lower, self.upper, self.bound = lower, upper, bound
        self()

    def value_known(self, value: int) -> None:
        """The root value is ``value`` (reported units): the root moves are tested next."""
        self.value = value
        self.window(value, value, value)
        self.estimate.start(self.clock(), 0)

    def move_decided(self, move: object, reaches: bool) -> None:
        assert self.value is not None
        self.moves[self.format(move)] = "best" if reaches else f"<={self.value - 1}"
        self.estimate.decided(self.clock(), len(self.moves))
        self()

    def __call__(self, tick: bool = False) -> None:
        if tick:
            self.long = True
        if not self.long:  # a short solve says nothing (root steps are told once it is long)
            return
        now = self.clock()
        run = now - self.start
        nodes = self.ctx.counters.nodes
        self.on_report(SolveReport(
            nodes, run, nodes - self.start_nodes, run, self.lower, self.upper, self.bound,
            len(self.moves), self.total, dict(self.moves),
            self.estimate.estimate(now, len(self.moves), self.total),
        ))


def solve_raw(
    game: Game[M],
    *,
    tt: TranspositionTable | None = None,
    use_tt: bool = True,
    on_progress: Callable[[Counters], None] | None = None,
    deadline: Deadline | None = None,
    node_limit: int | None = None,
    null_window: bool = True,
    on_report: Callable[[SolveReport], None] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> RawSolution[M]:
    """Solve ``game`` exactly from the current position.

    Searches ``search_moves`` when the game is not ``selective`` (a sound pruning
    such as Dots and Boxes' capture rule keeps the value), every legal move when it
    is; the optimal moves are tested among *all* legal moves.  ``tt`` must be empty
    or filled by an earlier ``solve_raw`` (a table holds values of one meaning); without
    one, ``solve_raw`` makes a fresh table of 2**20 entries.
    ``use_tt=False`` solves with plain alpha-beta (no table: slower, and a check
    of the table's keys, e.g. that they hold every state that changes a value).

    A game without a bound on its length (:meth:`~reference.search.protocol.Game.max_plies_left`
    is ``None``: positions can repeat forever, as in Dou Shou Qi without a draw
    limit) has an infinite tree: ``solve_raw`` refuses it with a
    :class:`~reference.errors.GameError` before it starts, and so it does a game
    that can last more than :data:`SOLVE_DEPTH` plies.  ``deadline`` stops the
    search with :class:`~reference.errors.SearchTimeoutError` when it passes, and so
    does ``node_limit`` once the search has visited more than that many nodes
    (checked every 64 nodes: a budget that gives the same answer on every machine).
    ``null_window=False`` finds the root value with one full-window search (the
    answers are the same; it is there to compare).  ``on_report`` receives a
    :class:`~reference.search.progress.SolveReport` (nodes, speed by ``clock``, window,
    root moves decided, estimate) at each root step and every few hundred thousand nodes.

    >>> from reference.search.toy_games import Nim
    >>> result = solve_raw(Nim(6, take=3))
    >>> result.value, result.score > 0, result.best_moves   # leave a multiple of 4
    (1, True, (2,))
    """
    if tt is not None and not use_tt:
        raise ParameterError("a table was given with use_tt=False")
    if node_limit is not None:
        check_count("node limit", node_limit, least=1)
    if tt is None and use_tt:
        tt = TranspositionTable(1 << 20)
    ctx = exact_context(game, tt, deadline, node_limit, on_progress)
    if game.is_terminal():
        return finished(game)
    check_solvable(game)
    node = alphabeta_tt_engine if use_tt else alphabeta
    start = time.perf_counter()
    report = None if on_report is None else CoreReporter(game, ctx, on_report, clock)
    try:
        value = root_value(node, game, ctx, null_window, report)
        if report is not None:
            report.value_known(game_value(game, value))
        best = optimal_moves(node, game, value, ctx, report)
    except SearchTimeout:
        raise stopped(ctx) from None
    check_no_horizon(ctx)
    return RawSolution(
        value, best, ctx.counters.freeze(), time.perf_counter() - start, game_value(game, value)
    )


def stopped(ctx: SearchContext) -> SearchTimeoutError:
    """The error of a solve stopped by its deadline or its node limit."""
    nodes = f"{ctx.counters.nodes:,} nodes"
    if ctx.deadline is not None and ctx.deadline.passed():
        return SearchTimeoutError(
            f"solve stopped by its deadline after {ctx.deadline.elapsed():.3g} s ({nodes}): no value"
        )
    return SearchTimeoutError(
        f"solve stopped by its node limit ({ctx.node_limit:,}) after {nodes}: no value"
    )
