"""Algorithm 1 (alpha-beta with a transposition table), Theorem 8 and formulas 19-21.

Seed 000, §III.B Theorem 8 (formulas 12-13), §IV.A Algorithm 1 ("pruning strategy
algorithm") and formulas 19-21.

**Algorithm 1 is the core's** :func:`reference.search.alphabeta_tt`: this module
does not copy it, it names it the paper's way and records how it maps to the
listing.  Line by line (paper line -> core):

==========  ==========================================  =====================================
paper       what the listing does                       corrected version (core)
==========  ==========================================  =====================================
1-3         ``SearchTT``; return a "valid" value         ``probe_tt``: EXACT returns; LOWER /
                                                        UPPER narrow (alpha, beta), return
                                                        when the window closes
4-8         game over or depth 0: evaluate; store        evaluate; ERRATUM line 7: a depth-0
            depth-0 value as EXACT                       evaluation is not stored
9-13        successors; MakeMoveWithTT; recurse with     ``child_value``; ERRATUM line 12: the
            ``-AlphaBeta_TT(.., -beta, -alpha)``;        sign and window flip only when the
            RestoreMoveWithTT                           turn passes; a move completing a box
                                                        keeps the turn: value = boxes + child
14-16       value >= beta: store LOWERBOUND under the    fail high: break, store once after
            key RestoreMove left, return                 the loop under the node's own key
17-21       best / alpha update; store EXACT inside      ERRATUM lines 20-21: nothing is stored
            the loop                                     inside the loop (the value is not
                                                        final yet)
22-24       store EXACT and LOWERBOUND                   ERRATUM line 24: one store, flagged
                                                        against the searched window: EXACT
                                                        inside, LOWER on fail high, UPPER on
                                                        fail low (``bound_of``)
25          return best                                  return best (fail-soft)
==========  ==========================================  =====================================

The "branch delimitation algorithm" it is compared with is plain alpha-beta
(:func:`reference.search.alphabeta`).
"""

from __future__ import annotations

from reference.dots_and_boxes.board import DotsAndBoxes
from reference.errors import ParameterError
from reference.search import INFINITY, Score, SearchContext, TranspositionTable
from reference.search import alphabeta as core_alphabeta
from reference.search import alphabeta_tt as core_alphabeta_tt


def algorithm1(
    game: DotsAndBoxes,
    depth: int,
    alpha: Score = -INFINITY,
    beta: Score = INFINITY,
    tt: TranspositionTable | None = None,
) -> tuple[Score, SearchContext]:
    """Algorithm 1, corrected: the core's ``alphabeta_tt`` (returns value and its context).

    Seed 000, §IV.A, Algorithm 1.  See the module docstring for the line mapping.
    """
    if depth < 0:
        raise ParameterError(f"depth must be >= 0, got {depth}")
    ctx = SearchContext(tt=tt if tt is not None else TranspositionTable(1 << 16))
    return core_alphabeta_tt(game, depth, alpha, beta, ctx), ctx


def branch_delimitation(
    game: DotsAndBoxes, depth: int, alpha: Score = -INFINITY, beta: Score = INFINITY
) -> tuple[Score, SearchContext]:
    """The paper's "branch delimitation algorithm": plain alpha-beta, no table (the core's).

    Seed 000, §II.C and §III.B.
    """
    if depth < 0:
        raise ParameterError(f"depth must be >= 0, got {depth}")
    ctx = SearchContext()
    return core_alphabeta(game, depth, alpha, beta, ctx), ctx


def theorem8_update(alpha: Score, beta: Score, value: Score, maximizing: bool) -> tuple[Score, Score]:
    """Theorem 8: a MAX node raises alpha (formula 12), a MIN node lowers beta (formula 13).

    Seed 000, §II.B, Theorem 8.  Prune when the returned beta <= alpha.
    """
    if maximizing:
        return max(alpha, value), beta  # formula 12: alpha = max{alpha, f(S_i)}
    return alpha, min(beta, value)  # formula 13: beta = min{beta, f(S*)}


def theorem8_alphabeta(game: DotsAndBoxes, alpha: Score = -INFINITY, beta: Score = INFINITY) -> Score:
    """Exact value for player 0 (boxes of player 0 minus player 1 from here on), by the
    two-sided max / min form of Theorem 8 (no negation anywhere).

    Player 0 maximises, player 1 minimises; a move that completes a box keeps the
    same node type.  An independent check of the negamax core.
    """
    if game.is_terminal():
        return 0
    maximizing = game.to_move == 0
    best = -INFINITY if maximizing else INFINITY
    for move in game.ordered_moves(prune=False):
        mover = game.to_move
        points = game.make(move)
        gained = points if mover == 0 else -points
        value = gained + theorem8_alphabeta(game, alpha - gained, beta - gained)
        game.unmake()
        best = max(best, value) if maximizing else min(best, value)
        alpha, beta = theorem8_update(alpha, beta, value, maximizing)
        if beta <= alpha:
            break
    return best


def formula19_minimax_nodes(b: int, d: int) -> int:
    """Formula 19, corrected: nodes of a full b-ary tree of depth d, 1 + b + ... + b^d.

    ERRATUM: the paper writes b^d (1 - b^(d+1)) / (1 - b); the sum is
    (b^(d+1) - 1) / (b - 1) (for b >= 2), which is O(b^d).
    """
    if b < 1 or d < 0:
        raise ParameterError(f"need b >= 1 and d >= 0, got b={b}, d={d}")
    return d + 1 if b == 1 else int((b ** (d + 1) - 1) // (b - 1))


def formula20_minimal_leaves(b: int, d: int) -> int:
    """Formula 20, corrected: leaves of the minimal alpha-beta tree (Knuth and Moore 1975),
    b^ceil(d/2) + b^floor(d/2) - 1.

    ERRATUM: the paper writes b^((d+1)/2) + b^((d-1)/2) - 1, right only for odd d;
    its formula 21 (N_2d = 2 b^(d + 1/2)) does not follow and is not implemented.
    """
    if b < 1 or d < 0:
        raise ParameterError(f"need b >= 1 and d >= 0, got b={b}, d={d}")
    return int(b ** ((d + 1) // 2) + b ** (d // 2) - 1)
