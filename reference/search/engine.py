"""The engine's node functions: alpha-beta + TT and PVS with what the solver and players need.

The function a student opens from the paper index is the literal listing,
:func:`reference.search.alphabeta_tt.alphabeta_tt` (seed 000 Algorithm 1,
corrected) or :func:`reference.search.pvs.pvs`.  Every search of this package
(``search``, ``iterative_deepening``, ``solve_raw``, the parallel jobs, MTD(f),
annotate) runs the two node functions here instead, always with a context and a
window (they are parts of those searches, not entry points), which return the same values
(``tests/search/test_search_engine.py`` shows it on random reachable positions)
and add, beyond the papers (all ours):

* **table purpose**: a table holds values of one meaning only (:meth:`SearchContext.bind_table`);
* **complete subtrees**: a node whose subtree reached no horizon (no depth cut-off,
  no pruned move list, no such stored value below) is stored *complete*, and its
  value is reused at any depth (:func:`enter_subtree` / :func:`leave_subtree`);
* **``reuse_deeper``**: a playing program's table reuses entries searched at least
  as deep (:meth:`TranspositionTable.usable`);
* **proof bounds**: ``solve_raw`` asks a game that proves static bounds on its exact
  value (:class:`~reference.search.protocol.ProvesBounds`) where the table has no cutoff;
* **the stored best move first** (seed 001 "Transposition Tables" names it; seed 000's
  listing has no move) and table counters (probes, hits, cutoffs);
* **selective games**: ``ctx.moves`` searches every legal move when asked (``full_width``)
  and marks a value searched over a candidate list as heuristic.
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
    if not tt.usable(slot, depth, ctx.reuse_deeper):
        return None, alpha, beta, move
    if not tt.complete[slot]:
        ctx.horizon_reached = True
    value = ctx.from_tt(tt.values[slot], ply)
    flag = tt.flags[slot]  # as the listing's narrow_window, inline (one call less per hit)
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
    """Ask the game for bounds on its exact value (``solve_raw`` only); narrow the window with them.

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


def alphabeta_tt_engine(
    game: Game[M], depth: int, alpha: Score, beta: Score, ctx: SearchContext, ply: int = 0
) -> Score:
    """Fail-soft alpha-beta with a transposition table: the engine's node function.

    The same value as :func:`reference.search.alphabeta_tt.alphabeta_tt` (the
    listing; its line tags apply here), with the additions of the module docstring.
    Uses ``ctx.tt`` (a fresh 2**16-entry table when the context has none); called
    from outside (ply 0), it makes room on the stack and claims the table for this
    search's purpose.
    """
    if ply == 0:
        make_room(game, depth)
    tt = ctx.tt
    if tt is None:
        tt = ctx.table()
    if ply == 0:
        ctx.bind_table(game)
    leaf = ctx.visit(game, depth, ply)  # lines 4-8
    if leaf is not None:
        return leaf
    key = game.tt_key()
    outer = enter_subtree(ctx)
    cutoff, alpha, beta, tt_move = probe_tt(tt, key, depth, alpha, beta, ctx, ply)  # lines 1-3
    if cutoff is not None:
        leave_subtree(ctx, outer)
        return cutoff
    if ctx.proof_bounds is not None:  # a static proof acts as a table entry
        cutoff, alpha, beta = apply_proof_bounds(ctx.proof_bounds, alpha, beta)
        if cutoff is not None:
            exact_subtree = leave_subtree(ctx, outer)
            store_tt(tt, key, depth, exact_subtree, cutoff, alpha, beta, None, ctx, ply)
            return cutoff
    best = -INFINITY
    best_move: object = None
    a = alpha
    for move in first_move_first(ctx.moves(game), tt_move):  # lines 9-13
        value = child_value(alphabeta_tt_engine, game, move, depth - 1, a, beta, ctx, ply)
        if value > best:  # lines 17-18
            best, best_move = value, move
            if value > a:  # lines 19-20
                a = value
                if a >= beta:  # lines 14-16: fail high
                    break
    exact_subtree = leave_subtree(ctx, outer)
    store_tt(tt, key, depth, exact_subtree, best, alpha, beta, best_move, ctx, ply)  # lines 22-24
    return best  # line 25


def pvs_engine(
    game: Game[M], depth: int, alpha: Score, beta: Score, ctx: SearchContext, ply: int = 0
) -> Score:
    """Fail-soft principal variation search: the engine's node function.

    The same value as :func:`reference.search.pvs.pvs` (the listing), probing and
    storing ``ctx.tt`` as :func:`alphabeta_tt_engine` does when the context has a
    table (without one it searches without: ``use_tt=False``).
    """
    if ply == 0:
        make_room(game, depth)
    leaf = ctx.visit(game, depth, ply)
    if leaf is not None:
        return leaf
    if ply == 0:
        ctx.bind_table(game)
    tt = ctx.tt
    key = 0
    tt_move: object = None
    outer = enter_subtree(ctx)
    if tt is not None:
        key = game.tt_key()
        cutoff, alpha, beta, tt_move = probe_tt(tt, key, depth, alpha, beta, ctx, ply)
        if cutoff is not None:
            leave_subtree(ctx, outer)
            return cutoff
    best = -INFINITY
    best_move: object = None
    a = alpha
    for i, move in enumerate(first_move_first(ctx.moves(game), tt_move)):
        if i == 0:
            value = child_value(pvs_engine, game, move, depth - 1, a, beta, ctx, ply)
        else:
            value = child_value(pvs_engine, game, move, depth - 1, a, a + 1, ctx, ply)
            if a < value < beta:  # better than alpha: find out by how much
                value = child_value(pvs_engine, game, move, depth - 1, a, beta, ctx, ply)
        if value > best:
            best, best_move = value, move
            if value > a:
                a = value
                if a >= beta:
                    break
    exact_subtree = leave_subtree(ctx, outer)
    if tt is not None:
        store_tt(tt, key, depth, exact_subtree, best, alpha, beta, best_move, ctx, ply)
    return best
