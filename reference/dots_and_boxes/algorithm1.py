"""Algorithm 1 (alpha-beta with a transposition table), as printed and corrected.

Seed 000, §IV.A, Algorithm 1 ("pruning strategy algorithm"); the "branch delimitation
algorithm" it is compared with (§I, §II.C, §V) is plain alpha-beta.  (Theorem 8's window
update and the node counts of formulas 19-21 are in :mod:`.formulas`.)

Two versions of Algorithm 1 sit side by side, as MST-PRIM does in
:mod:`reference.graphs.prim`:

* :func:`algorithm1` is the **corrected** algorithm, named the paper's way: the corrected
  listing is the core's :func:`reference.search.alphabeta_tt`, and :func:`algorithm1`
  runs the engine beside it, :func:`reference.search.alphabeta_tt_engine` (same values);
* :func:`algorithm1_as_printed` is the listing **exactly as printed**, line by line,
  runnable on any game of :mod:`reference.search.protocol`, kept to exhibit its
  defects (``tests/dots_and_boxes/test_dab_algorithm1_printed.py`` shows wrong values
  on concrete positions, checked against the exhaustive solver and ``solve``).
  ``corrections`` switches the erratum lines one at a time.

Paper line -> corrected version (core):

==========  ==========================================  =====================================
paper       what the listing does                       corrected version (core)
==========  ==========================================  =====================================
1-3         ``SearchTT``; return a "valid" value         ``probe_tt``: EXACT returns; LOWER /
                                                        UPPER narrow (alpha, beta), return
                                                        when the window closes
4-8         game over or depth 0: evaluate; store        evaluate; OURS line 7: a depth-0
            depth-0 value as EXACT                       evaluation is not stored (harmless
                                                        as printed: only a depth-0 probe,
                                                        which evaluates anyway, can use it)
9-13        successors; MakeMoveWithTT; recurse with     ``child_value``; ERRATUM line 12: the
            ``-AlphaBeta_TT(.., -beta, -alpha)``;        sign and window flip only when the
            RestoreMoveWithTT                           turn passes; a move completing a box
                                                        keeps the turn: value = boxes + child
14-16       value >= beta: store LOWERBOUND, return      OURS: fail high: break, store once
                                                        after the loop (the printed store is
                                                        right: a fail-high value is a lower
                                                        bound)
17-21       best / alpha update; store EXACT inside      OURS lines 20-21: nothing is stored
            the loop                                     inside the loop (the printed store
                                                        comes before the value is final, but
                                                        line 23 or 15 overwrites it before
                                                        anything reads it)
22-24       store ``value`` EXACT if alpha was raised,   ERRATUM lines 23-24: one store of
            else LOWERBOUND                              ``best`` (the printed lines store
                                                        ``value``, the *last* child's), flagged
                                                        against the searched window: EXACT
                                                        inside, LOWER on fail high, UPPER on
                                                        fail low (``bound_of``)
25          return best                                  return best (fail-soft)
==========  ==========================================  =====================================

**Where the corrected version's line tags leave the listing's order.**  Read top to
bottom, the tags in ``reference/search/alphabeta_tt.py`` run ``4-8, 1-3, 9-13, 17-18,
19-20, 14-16, 22-24, 25``:

* lines 4-8 (game over / depth 0) come *before* lines 1-3 (``SearchTT``): the
  corrected version stores nothing at a finished or depth-0 node (line 7 above),
  so a probe there could only miss; testing first saves the probe;
* lines 14-16 (``value >= beta``) come *after* lines 17-20 and inside them: the
  fail-high test is made on the raised alpha, after ``best`` has taken the cut-off
  value, because the corrected version returns fail-soft ``best`` and stores it
  once after the loop (lines 22-24) instead of storing and returning at line 15-16.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable
from dataclasses import dataclass
from enum import IntEnum
from typing import Generic, TypeAlias, TypeVar

from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError
from reference.search import (
    INFINITY,
    Game,
    Score,
    SearchContext,
    TranspositionTable,
    alphabeta_tt_engine,
)
from reference.search import alphabeta as core_alphabeta


def algorithm1(
    game: DotsAndBoxes,
    depth: int,
    alpha: Score = -INFINITY,
    beta: Score = INFINITY,
    tt: TranspositionTable | None = None,
) -> tuple[Score, SearchContext]:
    """Algorithm 1, corrected, as the searches run it: the engine beside the core's listing.

    Runs :func:`reference.search.alphabeta_tt_engine`, the engine beside the listing
    :func:`reference.search.alphabeta_tt` (the same values, tested by
    ``test_listing_and_engine_give_the_minimax_value``); returns the value and its context.

    Seed 000, §IV.A, Algorithm 1.  See the module docstring for the line mapping.
    """
    if depth < 0:
        raise ParameterError(f"depth must be >= 0, got {depth}")
    ctx = SearchContext(tt=tt if tt is not None else TranspositionTable(1 << 16))
    return alphabeta_tt_engine(game, depth, alpha, beta, ctx), ctx


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


M = TypeVar("M")


class PrintedFlag(IntEnum):
    """The flags of the printed listing (it has only EXACT and LOWERBOUND; UPPERBOUND is
    used only when line 24 is corrected)."""

    LOWERBOUND = 1
    UPPERBOUND = 2
    EXACT = 3


PrintedKey: TypeAlias = tuple[Hashable, int, int]
"""HashKey of the printed listing: (the game's table key, net points since the root for
player 0, player to move); everything ``Evaluate(board)`` depends on (see :class:`PrintedBoard`)."""


@dataclass(slots=True)
class PrintedEntry:
    """One ``InsertHashTable(value, HashKey, depth, flag)``."""

    value: Score
    depth: int
    flag: PrintedFlag


PrintedTable: TypeAlias = dict[PrintedKey, PrintedEntry]
"""The listing's hash table.  ``InsertHashTable`` overwrites (GAP: the paper gives no
replacement rule; OURS: a dict, which has no index collisions, so none of the defects
shown comes from the table's size)."""

PRINTED_CORRECTIONS = frozenset({12, 23, 24})
"""The erratum lines :func:`algorithm1_as_printed` can correct one at a time."""


class PrintedBoard(Generic[M]):
    """The listing's ``board``: a game of the search protocol plus what the listing assumes.

    The printed listing negates every child (line 12), so its ``Evaluate(board)`` must be
    the *whole* board's value for the side to move, not the value from here on: here the
    points the side to move scored since the root minus the opponent's, plus the game's
    ``terminal_score`` (finished) or ``evaluate`` (depth 0).  Its ``HashKey`` is the
    game's table key with those points and the side to move (GAP: the listing does not
    say what ``HashKey`` holds; OURS: a key that left them out would give wrong values of
    its own, not the listing's).
    ``MakeMoveWithTT`` / ``RestoreMoveWithTT`` return the key of the board they leave.
    """

    __slots__ = ("_history", "game", "net")

    def __init__(self, game: Game[M]) -> None:
        self.game = game
        self.net = 0
        """Points of player 0 minus points of player 1 scored since the root."""
        self._history: list[int] = []

    def hash_key(self) -> PrintedKey:
        return self.game.tt_key(), self.net, self.game.to_move

    def evaluate(self) -> Score:
        """``Evaluate(board)``: the board's value for the side to move."""
        game = self.game
        own = self.net if game.to_move == 0 else -self.net
        return own + (game.terminal_score() if game.is_terminal() else game.evaluate())

    def make_move_with_tt(self, move: M) -> PrintedKey:
        mover = self.game.to_move
        points = self.game.make(move)
        signed = points if mover == 0 else -points
        self.net += signed
        self._history.append(signed)
        return self.hash_key()

    def restore_move_with_tt(self) -> PrintedKey:
        self.net -= self._history.pop()
        self.game.unmake()
        return self.hash_key()


def algorithm1_as_printed(
    game: Game[M], depth: int, alpha: Score = -INFINITY, beta: Score = INFINITY,
    table: PrintedTable | None = None, corrections: Collection[int] = (),
) -> Score:
    """Algorithm 1 exactly as printed: kept to exhibit its defects (use :func:`algorithm1`).

    Seed 000, §IV.A, Algorithm 1, lines 1-25.  Returns the listing's value of ``game``
    for the side to move (from the root on), searched ``depth`` plies.  ``table`` (the
    listing's hash table, a fresh one when None) may be passed to inspect or reuse it.

    GAP: what the listing leaves open, and our readings (OURS):

    * ``SearchTT`` (lines 1-3) returns a "valid" value when an entry for ``HashKey``
      was searched at least ``depth`` deep and is EXACT, or LOWERBOUND with
      ``value >= beta`` (the textbook probe; the listing has no UPPERBOUND flag);
    * line 9 initialises ``ValuesExact`` and line 20 sets ``ValueIsExact``: one
      variable;
    * line 13's ``RestoreMoveWithTT`` returns the key of the restored board, so lines
      15, 21, 23 and 24 store under the node's own key;
    * lines 23 and 24 are the two branches of the ``if`` of line 22 (storing EXACT
      and then overwriting it with LOWERBOUND would make line 23 dead);
    * ``CreateSuccessors`` gives every legal move (``legal_moves``).

    ``corrections`` (a subset of :data:`PRINTED_CORRECTIONS`) corrects erratum lines
    one at a time, to show which line gives which wrong value:

    * ``12``: negate the child's value and window only when the turn passed;
    * ``23``: lines 23-24 store ``best`` (the node's value), not ``value`` (the value
      of the *last* child searched);
    * ``24``: line 24 flags a fail-low result UPPERBOUND (it is an upper bound), and
      ``SearchTT`` returns an UPPERBOUND entry when ``value <= alpha``.

    With all three corrected the listing returns the game's value (tested); line 21's
    in-loop EXACT store is always overwritten by line 23 or line 15 before it is read,
    and line 7's depth-0 store is harmless.

    >>> game = DotsAndBoxes.from_notation("1x1:0xd:0:0:0")  # three sides drawn: take the box
    >>> algorithm1_as_printed(game, 1), algorithm1_as_printed(game, 1, corrections={12})
    (-1, 1)
    """
    if depth < 0:
        raise ParameterError(f"depth must be >= 0, got {depth}")
    fixes = frozenset(corrections)
    if not fixes <= PRINTED_CORRECTIONS:
        raise ParameterError(
            f"corrections must be among lines {sorted(PRINTED_CORRECTIONS)}, got {sorted(fixes)}"
        )
    board = PrintedBoard(game)
    return _alphabeta_tt_printed(board, depth, alpha, beta, {} if table is None else table, fixes)


def _search_tt(
    table: PrintedTable, key: PrintedKey, alpha: Score, beta: Score, depth: int
) -> Score | None:
    """``SearchTT(HashKey, alpha, beta, depth)``: a valid stored value, or None."""
    entry = table.get(key)
    if entry is None or entry.depth < depth:
        return None
    if entry.flag == PrintedFlag.EXACT:
        return entry.value
    if entry.flag == PrintedFlag.LOWERBOUND and entry.value >= beta:
        return entry.value
    if entry.flag == PrintedFlag.UPPERBOUND and entry.value <= alpha:
        return entry.value
    return None


def _alphabeta_tt_printed(
    board: PrintedBoard[M],
    depth: int,
    alpha: Score,
    beta: Score,
    table: PrintedTable,
    fixes: frozenset[int],
) -> Score:
    """``AlphaBeta_TT(board, depth, alpha, beta)``, lines 1-25 as printed."""
    game = board.game
    hash_key = board.hash_key()  # HashKey: left by the caller's MakeMoveWithTT
    found = _search_tt(table, hash_key, alpha, beta, depth)  # line 1: value = SearchTT(...)
    if found is not None:  # line 2: if (value is valid)
        return found  # line 3
    value: Score
    if game.is_terminal() or depth == 0:  # line 4
        value = board.evaluate()  # line 5
        if depth == 0:  # line 6
            table[hash_key] = PrintedEntry(value, depth, PrintedFlag.EXACT)  # line 7
        return value  # line 8
    best = value = -INFINITY  # line 9: best = -inf; ValuesExact = 0; w = CreateSuccessors(board, p)
    value_is_exact = False
    successors = list(game.legal_moves())
    for move in successors:  # line 10: for (i = 0; i < w; i++)
        mover = game.to_move
        hash_key = board.make_move_with_tt(move)  # line 11
        if 12 in fixes and game.to_move == mover:  # correction: the mover moves again
            value = _alphabeta_tt_printed(board, depth - 1, alpha, beta, table, fixes)
        else:  # line 12, as printed: value = -AlphaBeta_TT(board, depth-1, -beta, -alpha)
            value = -_alphabeta_tt_printed(board, depth - 1, -beta, -alpha, table, fixes)
        hash_key = board.restore_move_with_tt()  # line 13
        if value >= beta:  # line 14
            table[hash_key] = PrintedEntry(value, depth, PrintedFlag.LOWERBOUND)  # line 15
            return value  # line 16
        if value > best:  # line 17
            best = value  # line 18
        if value > alpha:  # line 19
            alpha = value  # line 20
            value_is_exact = True
            table[hash_key] = PrintedEntry(value, depth, PrintedFlag.EXACT)  # line 21
    stored = best if 23 in fixes else value  # printed: value, the last child's
    if value_is_exact:  # line 22
        table[hash_key] = PrintedEntry(stored, depth, PrintedFlag.EXACT)  # line 23
    else:
        flag = PrintedFlag.UPPERBOUND if 24 in fixes else PrintedFlag.LOWERBOUND
        table[hash_key] = PrintedEntry(stored, depth, flag)  # line 24
    return best  # line 25
