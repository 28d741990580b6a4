"""Alpha-beta with a transposition table: seed 000 Algorithm 1, corrected.

Seed 000, §IV.A, Algorithm 1 ("pruning strategy algorithm"), and seed 001,
"Transposition Tables".  Line-by-line correspondence (ERRATA are listed in
``docs/papers/000-dots-and-boxes.md``; the listing as printed runs beside this
one as :func:`reference.dots_and_boxes.algorithm1.algorithm1_as_printed`):

* lines 4-8  game over or depth 0: evaluate.  OURS (line 7): the paper stores
  depth-0 evaluations as EXACT; that is harmless, and gains nothing, so we do not.
* lines 1-3  SearchTT(HashKey, alpha, beta, depth): probe the table; an entry
  searched to this depth is used by :func:`narrow_window`.  An EXACT entry returns;
  a LOWER / UPPER entry narrows the window (seed 001: "adjusting the alpha and beta
  values") and returns if the window closes.
* lines 9-13 generate successors, MakeMove, recurse, RestoreMove.  ERRATUM
  (line 12): the paper negates every child; the sign flips only when the turn
  passes (:func:`reference.search.negamax.child_value`).
* lines 14-24: ERRATA at lines 23-24: the paper stores ``value`` (the last child's)
  rather than ``best``, and flags a fail-low result LOWERBOUND (line 24) where it is an
  upper bound.  OURS at lines 15 and 21: the paper also stores inside the loop, before
  the value is final (harmless: those entries are overwritten before they are read).
  Here each node stores ``best`` once, after its loop, under its own key, flagged
  against the window it was searched with (:func:`~reference.search.tt.bound_of`).

Read top to bottom, the tags below run ``4-8, 1-3, 9-13, 17-18, 19-20, 14-16,
22-24, 25``: the game-over / depth-0 test comes first because nothing is stored at
such a node (a probe could only miss), and the fail-high test (14-16) is made on
the raised alpha inside lines 17-20 because the result is returned fail-soft and
stored once after the loop (``reference/dots_and_boxes/algorithm1.py`` explains
both in full).

Where the papers leave a choice open (GAP) or we made one (OURS):

* GAP (line 2, "value is valid"): which stored depths fit is not said; seed 001
  reuses entries of deeper searches.  OURS: an entry is used only at the depth it
  was searched to, so the result is exactly the minimax value to ``depth``
  (seed 001's way is the engine's ``reuse_deeper``).
* OURS: wins and losses are stored relative to the node (``ctx.to_tt`` /
  ``ctx.from_tt``): a win scored by its distance (seed 001: "adjusted by depth")
  read back at another ply would be wrong otherwise.
* The successors (line 9) are ``ctx.moves(game)``, as in every listing and the engine:
  the game's ``search_moves`` (every legal move, a sound pruning of them, or a selective
  game's candidates, which marks the value heuristic), or every legal move when the
  search is full width (``full_width``).
* Seed 001 also stores the best move and searches it first next time; that changes
  node counts, not values, and the engine does it
  (:func:`reference.search.engine.alphabeta_tt_engine`, the node function every
  search of this package runs; ``tests/search/test_search_engine.py`` shows that the
  two give the same values).
"""

from __future__ import annotations

from typing import TypeVar

from reference.search.context import SearchContext, root_context
from reference.search.negamax import child_value
from reference.search.protocol import INFINITY, Game, Score
from reference.search.tt import Bound, bound_of

M = TypeVar("M")


def narrow_window(
    flag: int, value: Score, alpha: Score, beta: Score
) -> tuple[Score | None, Score, Score]:
    """Use a stored ``value`` of bound ``flag``: ``(value or None, alpha, beta)``.

    An EXACT value is the node's value (line 2: "valid").  A LOWER bound raises
    alpha, an UPPER bound lowers beta (seed 001: "adjusting the alpha and beta
    values"); when that closes the window, the bound is the node's fail-soft value.
    """
    if flag == Bound.EXACT:
        return value, alpha, beta
    if flag == Bound.LOWER:
        alpha = max(alpha, value)
    else:
        beta = min(beta, value)
    return (value if alpha >= beta else None), alpha, beta


def alphabeta_tt(
    game: Game[M], depth: int, alpha: Score = -INFINITY, beta: Score = INFINITY,
    ctx: SearchContext | None = None, ply: int = 0,
) -> Score:
    """Fail-soft alpha-beta with a transposition table (seed 000 Algorithm 1, corrected).

    The value of ``game`` to ``depth`` plies for the side to move, with the contract
    of :func:`reference.search.alphabeta.alphabeta`.  The table is ``ctx.tt`` (a
    fresh 2**16-entry one when the context has none).
    """
    if ctx is None or ply == 0:  # OURS: a call from outside: counters, room on the stack
        ctx = root_context(game, depth, ctx)
    tt = ctx.table()
    leaf = ctx.visit(game, depth, ply)  # lines 4-8 (OURS line 7: nothing stored)
    if leaf is not None:
        return leaf
    key = game.tt_key()
    slot = tt.probe(key)  # lines 1-3: SearchTT(HashKey, alpha, beta, depth)
    if slot >= 0 and tt.depths[slot] == depth:  # GAP line 2: only this very depth fits
        value = ctx.from_tt(tt.values[slot], ply)
        stored, alpha, beta = narrow_window(tt.flags[slot], value, alpha, beta)
        if stored is not None:
            return stored
    best = -INFINITY  # line 9
    a = alpha
    for move in ctx.moves(game):  # lines 9-13 (ERRATUM line 12: child_value's sign rule)
        value = child_value(alphabeta_tt, game, move, depth - 1, a, beta, ctx, ply)
        if value > best:  # lines 17-18
            best = value
            if value > a:  # lines 19-20 (OURS line 21: no store before the value is final)
                a = value
                if a >= beta:  # lines 14-16: fail high (OURS line 15: stored below)
                    break
    # lines 22-24 (ERRATA): one store of best, under this node's key, flagged against
    # the window searched (alpha, beta as narrowed by lines 1-3): UPPER, EXACT or LOWER
    tt.store(key, depth, ctx.to_tt(best, ply), bound_of(best, alpha, beta), None)
    return best  # line 25
