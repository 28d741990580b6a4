"""Formulas of seed 000 read literally: 1, 2, 5 and 10 (Theorems 1, 3, 6) on dots and edges,
12-13 (Theorem 8), and the node counts 19-21.

Seed 000, §II.A formula 1, §II.B Theorem 1 (formula 2), Theorem 3 (formula 5),
Theorem 6 (formula 10) and Theorem 8 (formulas 12-13), §IV.A formulas 19-21.  The paper
states formulas 1-10 for "points" and "pieces"; Dots and Boxes has neither pieces on its
dots nor pieces a player owns.  Each function says how the symbols are read, and the
tests (``tests/dots_and_boxes/test_dab_formulas.py``, ``test_dab_paper.py``) check what
the paper claims of them, or show a counterexample (ERRATUM).

* **Formula 1**, ``C(p) = {q in V | X_q = 0, (p, q) in E}``: OURS, read with V the
  dots, E the lattice edges, and "X_q = 0, no piece on q" as "the line p-q is not drawn"
  (:func:`formula1_free_neighbours`).  ERRATUM: the paper calls C(p) "the set of
  captured cells"; it is a set of dots (the free neighbours of p), and no cell is
  captured on the empty board where every |C(p)| is 2, 3 or 4.
* **Formula 2** (Theorem 1), with N(p) = |C(p)| "the number of empty points around
  point p": short move if N(p) < 3, long move if N(p) >= 3 and N(q) >= 3, invalid
  otherwise (:func:`formula2_move_type`).  ERRATUM: it calls legal moves invalid and
  depends on which end of a line is p; the package classifies edges instead
  (:func:`reference.dots_and_boxes.chains.classify_move`).
* **Formula 5** (Theorem 3), ``C(S, p) = 1 - |V(S, p)| / |P(S, p)|``: GAP, V and P are
  described, not defined; OURS, read with P(S, p) the states p's legal moves lead to
  and V(S, p) those from which p, the player to move in S, wins the game with best play
  by both sides
  (:func:`formula5_stumping`).  The claim with content, "Theorem 3 can calculate the
  winning player through formula (5)", holds in this reading: p can win exactly
  when C(S, p) < 1.  Computing V needs the exact value of every successor, so the
  formula is no shortcut to the winner.
* **Formula 10** (Theorem 6), ``M_op = move_op(S, p) | p in P_op``: the moves of
  the opponent's pieces.  GAP: no piece belongs to a player here; OURS, read as the
  moves the opponent could make in S
  (:func:`formula10_opponent_moves`); in Dots and Boxes a line belongs to nobody
  and every undrawn edge is open to both players, so M_op is the side to move's own
  move set (tested): the "second-player method" generates nothing new.
* **Theorem 8** (formulas 12-13): a MAX node raises alpha, a MIN node lowers beta
  (:func:`theorem8_update`, :func:`theorem8_alphabeta`, the two-sided form beside the
  core's negamax).
* **Formulas 19-21**: the nodes of a full tree and of the minimal alpha-beta tree, in
  their corrected forms (ERRATUM each).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from reference.dots_and_boxes.exhaustive import exact_value
from reference.dots_and_boxes.geometry import Edge, Side, h_index, v_index
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError
from reference.search import INFINITY, Score

Dot = tuple[int, int]
"""A dot (row, column), row 0 on top; an R x C board has dots (0..R, 0..C)."""


def _check_dot(game: DotsAndBoxes, dot: Dot) -> None:
    r, c = dot
    if not (0 <= r <= game.rows and 0 <= c <= game.cols):
        raise ParameterError(
            f"dot {dot} is off the board: rows 0..{game.rows}, columns 0..{game.cols}"
        )


def line_between(game: DotsAndBoxes, p: Dot, q: Dot) -> Edge:
    """The edge joining two neighbouring dots; ``ParameterError`` if they are not neighbours."""
    _check_dot(game, p)
    _check_dot(game, q)
    (r1, c1), (r2, c2) = sorted((p, q))
    if r1 == r2 and c2 == c1 + 1:
        return h_index(game.rows, game.cols, r1, c1)
    if c1 == c2 and r2 == r1 + 1:
        return v_index(game.rows, game.cols, r1, c1)
    raise ParameterError(f"dots {p} and {q} are not neighbours: no line joins them")


def formula1_free_neighbours(game: DotsAndBoxes, p: Dot) -> frozenset[Dot]:
    """Formula 1, C(p): the neighbours q of dot p whose line p-q is not drawn.

    Seed 000, §II.A, formula 1 (read on dots; see the module docstring).

    >>> sorted(formula1_free_neighbours(DotsAndBoxes(1, 1), (0, 0)))
    [(0, 1), (1, 0)]
    """
    _check_dot(game, p)
    r, c = p
    out: set[Dot] = set()
    for q in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
        on_board = 0 <= q[0] <= game.rows and 0 <= q[1] <= game.cols
        if on_board and not game.edges >> line_between(game, p, q) & 1:  # X_q = 0: line free
            out.add(q)
    return frozenset(out)


class MoveType(Enum):
    """The three kinds of formula 2."""

    SHORT = "short"
    LONG = "long"
    INVALID = "invalid"


def formula2_move_type(game: DotsAndBoxes, p: Dot, q: Dot) -> MoveType:
    """Formula 2 (Theorem 1) literally: the type of the move from dot p to dot q.

    Seed 000, §II.B, Theorem 1, formula 2, with N(x) = |C(x)| of formula 1.
    """
    line_between(game, p, q)  # p and q must be neighbours
    n_p = len(formula1_free_neighbours(game, p))
    n_q = len(formula1_free_neighbours(game, q))
    if n_p < 3:
        return MoveType.SHORT
    if n_p >= 3 and n_q >= 3:
        return MoveType.LONG
    return MoveType.INVALID


@dataclass(frozen=True, slots=True)
class Stumping:
    """Formula 5 for one position: |V(S, p)|, |P(S, p)| and C(S, p)."""

    player: int
    """p, the player to move in S."""
    winning: int
    """|V(S, p)|: successor states from which p wins the game with best play."""
    successors: int
    """|P(S, p)|: the states p's legal moves lead to."""

    @property
    def c(self) -> Fraction:
        """C(S, p) = 1 - |V(S, p)| / |P(S, p)|."""
        return 1 - Fraction(self.winning, self.successors)


def formula5_stumping(game: DotsAndBoxes, memo: dict[int, int] | None = None) -> Stumping:
    """Formula 5 (Theorem 3): C(S, p) = 1 - |V(S, p)| / |P(S, p)|, by exact solving.

    Seed 000, §II.B, Theorem 3.  A successor is in V when p's final score (the boxes
    p has, plus what p wins from there with best play) beats the opponent's.  Uses
    :func:`reference.dots_and_boxes.exhaustive.exact_value`, so boards of at most
    24 edges (``memo``, edge set -> exact value, may be shared between calls on one
    board size).  Raises ``ParameterError`` on a finished game (P is empty).
    """
    if game.is_terminal():
        raise ParameterError("formula 5 needs a position with a move to make: the game is over")
    p = game.to_move
    if memo is None:
        memo = {}
    so_far = game.scores[p] - game.scores[1 - p]
    winning = 0
    moves = game.legal_moves()
    for move in moves:
        points = game.make(move)
        child = exact_value(game.rows, game.cols, game.edges, memo)
        margin = so_far + points + (child if game.to_move == p else -child)
        game.unmake()
        winning += margin > 0
    return Stumping(p, winning, len(moves))


def formula10_opponent_moves(game: DotsAndBoxes) -> frozenset[Edge]:
    """Formula 10 (Theorem 6): the moves the opponent of the side to move could make in S.

    Seed 000, §II.B, Theorem 6.  In Dots and Boxes these are the undrawn edges, the
    same set as the side to move's (the module docstring says why).
    """
    other = game.copy()
    other.set_position(game.edges, game.scores, 1 - game.to_move)
    return frozenset(other.legal_moves())


def theorem8_update(
    alpha: Score, beta: Score, value: Score, maximizing: bool
) -> tuple[Score, Score]:
    """Theorem 8: a MAX node raises alpha (formula 12), a MIN node lowers beta (formula 13).

    Seed 000, §II.B, Theorem 8.  Prune when the returned beta <= alpha.
    """
    if maximizing:
        return max(alpha, value), beta  # formula 12: alpha = max{alpha, f(S_i)}
    return alpha, min(beta, value)  # formula 13: beta = min{beta, f(S*)}


def theorem8_alphabeta(
    game: DotsAndBoxes, alpha: Score = -INFINITY, beta: Score = INFINITY
) -> Score:
    """Exact value for player 0 (boxes of player 0 minus player 1 from here on), by the
    two-sided max / min form of Theorem 8 (no negation anywhere).

    Player 0 maximises, player 1 minimises; a move that completes a box keeps the
    same node type.  An independent check of the negamax core.
    """
    if game.is_terminal():
        return 0
    maximizing = game.to_move == Side.A
    best = -INFINITY if maximizing else INFINITY
    for move in game.legal_moves():
        mover = game.to_move
        points = game.make(move)
        gained = points if mover == Side.A else -points
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
    its formula 21 (N_2d = 2 b^(d + 1/2)) does not follow (:func:`formula21_as_printed`).
    """
    if b < 1 or d < 0:
        raise ParameterError(f"need b >= 1 and d >= 0, got b={b}, d={d}")
    return int(b ** ((d + 1) // 2) + b ** (d // 2) - 1)


def formula21_as_printed(b: int, d: int) -> float:
    """Formula 21 as printed: N_2d = 2 b^(d + 1/2), the paper's minimal tree at depth 2d.

    ERRATUM: it follows from neither formula 20 as printed (b^(d+1/2) + b^(d-1/2) - 1 at
    depth 2d) nor the corrected one (2 b^d - 1 leaves at depth 2d): for b = 4, d = 2 the
    three give 64, 39 and 31.  Kept only to show this; nothing uses it.
    """
    if b < 1 or d < 0:
        raise ParameterError(f"need b >= 1 and d >= 0, got b={b}, d={d}")
    return float(2 * b ** (d + 0.5))
