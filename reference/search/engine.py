"""Alpha-beta with a transposition table: seed 000 Algorithm 1, corrected.

Seed 000, §IV.A, Algorithm 1 ("pruning strategy algorithm"), and seed 001,
"Transposition Tables".  Line-by-line correspondence (ERRATA are listed in
``docs/papers/000-dots-and-boxes.md``; the listing as printed runs beside this
one as :func:`reference.dots_and_boxes.algorithm1.algorithm1_as_printed`):

* lines 4-8  game over or depth 0: evaluate.  ERRATUM (line 7): the paper stores
  depth-0 evaluations as EXACT; storing them gains nothing, we do not.
* lines 1-3  SearchTT(HashKey, alpha, beta, depth): :func:`probe_tt`.  An EXACT
  entry returns; a LOWER / UPPER entry narrows the window (seed 001: "adjusting
  the alpha and beta values") and returns if the window closes.
* lines 9-13 generate successors, MakeMove, recurse, RestoreMove.  ERRATUM
  (line 12): the paper negates every child; the sign flips only when the turn
  passes (:func:`reference.search.negamax.child_value`).
* lines 14-24 ERRATA: the paper stores inside the loop (lines 15, 21) before the
  value is final, stores ``value`` (the last child's) rather than ``best`` at lines
  23-24, and flags a fail-low result LOWERBOUND (line 24) where it is an upper
  bound.  Here each node stores ``best`` once, after its loop, under its own key,
  flagged against the window it was searched with (:func:`store_tt`).

Read top to bottom, the tags below run ``4-8, 1-3, 9-13, 17-18, 19-20, 14-16,
22-24, 25``: the game-over / depth-0 test comes first because nothing is stored at
such a node (a probe could only miss), and the fail-high test (14-16) is made on
the raised alpha inside lines 17-20 because the result is returned fail-soft and
stored once after the loop (``reference/dots_and_boxes/algorithm1.py`` explains
both in full).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from reference.search.context import SearchContext, first_move_first
from reference.search.negamax import child_value
from reference.search.protocol import INFINITY, Game, Key, Score
from reference.search.recursion import make_room
from reference.search.tt import Bound, TranspositionTable, bound_of

M = TypeVar("M")


def probe_tt(
    tt: TranspositionTable,
    key: Key,
    depth: int,
    alpha: Score,
    beta: Score,
    ctx: SearchContext,
    ply: int,
) -> tuple[Score | None, Score, Score, object]:
    """Look ``key`` up: return ``(cutoff value or None, narrowed alpha, narrowed beta, stored move)``.

    A stored bound is used only when its depth fits this search
    (:meth:`TranspositionTable.usable`: the same depth, or at least as deep when
    ``ctx.reuse_deeper``); the stored move is returned either way, to be searched
    first.  Using a bound that depended on a horizon makes this node's value
    depend on it too (``ctx.horizon_reached``).
    """
    counters = ctx.counters
    counters.tt_probes += 1
    slot = tt.probe(key)
    if slot < 0:
        return None, alpha, beta, None
    counters.tt_hits += 1
    move = tt.moves[slot]
    if tt.usable(slot, depth, ctx.reuse_deeper):
        if not tt.complete[slot]:
            ctx.horizon_reached = True
        value = ctx.from_tt(tt.values[slot], ply)
        flag = tt.flags[slot]
        if flag == Bound.EXACT:
            counters.tt_cutoffs += 1
            return value, alpha, beta, move
        if flag == Bound.LOWER:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            counters.tt_cutoffs += 1
            return value, alpha, beta, move
    return None, alpha, beta, move


def store_tt(
    tt: TranspositionTable,
    key: Key,
    depth: int,
    exact_subtree: bool,
    best: Score,
    alpha: Score,
    beta: Score,
    move: object,
    ctx: SearchContext,
    ply: int,
) -> None:
    """Store a node's final value once, flagged against the window it was searched with.

    ``alpha`` / ``beta`` are the window *after* any narrowing by :func:`probe_tt`:
    a result at or below the narrowed alpha is only an upper bound even if it is
    above the caller's alpha.  A subtree searched without reaching a horizon
    (``exact_subtree``) is stored complete: it holds at any greater depth too.
    """
    tt.store(
        key, depth, ctx.to_tt(best, ply), bound_of(best, alpha, beta), move, exact_subtree
    )


def apply_proof_bounds(
    proof_bounds: Callable[[Score, Score], tuple[Score, Score]], alpha: Score, beta: Score
) -> tuple[Score | None, Score, Score]:
    """Ask the game for bounds on its exact value (``solve`` only); narrow the window with them.

    Returns ``(cutoff value or None, alpha, beta)``: a lower bound at or above beta,
    an upper bound at or below alpha, or equal bounds end the node (stored like a
    search result under the *unnarrowed* window, so its flag is right).
    """
    lower, upper = proof_bounds(alpha, beta)
    if lower >= beta:
        return lower, alpha, beta
    if upper <= alpha or lower == upper:
        return upper, alpha, beta
    return None, max(alpha, lower), min(beta, upper)


def enter_subtree(ctx: SearchContext) -> bool:
    """Start tracking whether this node's subtree reaches the depth limit; return the outer flag."""
    outer = ctx.horizon_reached
    ctx.horizon_reached = False
    return outer


def leave_subtree(ctx: SearchContext, outer: bool) -> bool:
    """Stop tracking; return True when the subtree never reached the depth limit."""
    exact_subtree = not ctx.horizon_reached
    ctx.horizon_reached = outer or ctx.horizon_reached
    return exact_subtree


def alphabeta_tt(
    game: Game[M],
    depth: int,
    alpha: Score = -INFINITY,
    beta: Score = INFINITY,
    ctx: SearchContext | None = None,
    ply: int = 0,
) -> Score:
    """Fail-soft alpha-beta with a transposition table (seed 000 Algorithm 1, corrected).

    Uses ``ctx.tt`` (a fresh 2**16-entry table when the context has none).
    """
    if ctx is None:
        ctx = SearchContext()
    tt = ctx.tt
    if tt is None:
        tt = ctx.tt = TranspositionTable(1 << 16)
    if ply == 0:
        ctx.bind_table(game)
        make_room(game, depth)
    ctx.visit()
    if game.is_terminal():  # lines 4-8
        return ctx.terminal(game, ply)
    if depth == 0:
        return ctx.horizon(game)
    key = game.tt_key()
    outer = enter_subtree(ctx)
    cutoff, alpha, beta, tt_move = probe_tt(tt, key, depth, alpha, beta, ctx, ply)  # lines 1-3
    if cutoff is not None:
        leave_subtree(ctx, outer)
        return cutoff
    if ctx.proof_bounds is not None:  # (ours, solve only) a static proof acts as a table entry
        cutoff, alpha, beta = apply_proof_bounds(ctx.proof_bounds, alpha, beta)
        if cutoff is not None:
            exact_subtree = leave_subtree(ctx, outer)
            store_tt(tt, key, depth, exact_subtree, cutoff, alpha, beta, None, ctx, ply)
            return cutoff
    best = -INFINITY
    best_move: object = None
    a = alpha
    for move in first_move_first(ctx.moves(game), tt_move):  # lines 9-13
        value = child_value(alphabeta_tt, game, move, depth - 1, a, beta, ctx, ply)
        if value > best:  # lines 17-18
            best, best_move = value, move
            if value > a:  # lines 19-20
                a = value
                if a >= beta:  # lines 14-16: fail high
                    break
    exact_subtree = leave_subtree(ctx, outer)
    store_tt(tt, key, depth, exact_subtree, best, alpha, beta, best_move, ctx, ply)  # lines 22-24
    return best  # line 25
