"""Formulas 1, 2, 5 and 10 of seed 000 (Theorems 1, 3 and 6), read literally on dots and edges.

Seed 000, §II.A formula 1, §II.B Theorem 1 (formula 2), Theorem 3 (formula 5) and
Theorem 6 (formula 10).  The paper states these for "points" and "pieces"; Dots and
Boxes has neither pieces on its dots nor pieces a player owns.  Each function says
how the symbols are read, and the tests (``tests/dots_and_boxes/test_dab_formulas.py``)
check what the paper claims of them, or show a counterexample (ERRATUM).

* **Formula 1**, ``C(p) = {q in V | X_q = 0, (p, q) in E}``: read with V the dots,
  E the lattice edges, and "X_q = 0, no piece on q" as "the line p-q is not drawn"
  (:func:`formula1_free_neighbours`).  ERRATUM: the paper calls C(p) "the set of
  captured cells"; it is a set of dots (the free neighbours of p), and no cell is
  captured on the empty board where every |C(p)| is 2, 3 or 4.
* **Formula 2** (Theorem 1), with N(p) = |C(p)| "the number of empty points around
  point p": short move if N(p) < 3, long move if N(p) >= 3 and N(q) >= 3, invalid
  otherwise (:func:`formula2_move_type`).  ERRATUM: it calls legal moves invalid and
  depends on which end of a line is p; the package classifies edges instead
  (:func:`reference.dots_and_boxes.chains.classify_move`).
* **Formula 5** (Theorem 3), ``C(S, p) = 1 - |V(S, p)| / |P(S, p)|``: read with
  P(S, p) the states p's legal moves lead to and V(S, p) those from which p, the
  player to move in S, wins the game with best play by both sides
  (:func:`formula5_stumping`).  The claim with content, "Theorem 3 can calculate the
  winning player through formula (5)", holds in this reading: p can win exactly
  when C(S, p) < 1.  Computing V needs the exact value of every successor, so the
  formula is no shortcut to the winner.
* **Formula 10** (Theorem 6), ``M_op = move_op(S, p) | p in P_op``: the moves of
  the opponent's pieces.  Read as the moves the opponent could make in S
  (:func:`formula10_opponent_moves`); in Dots and Boxes a line belongs to nobody
  and every undrawn edge is open to both players, so M_op is the side to move's own
  move set (tested): the "second-player method" generates nothing new.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from reference.dots_and_boxes.board import DotsAndBoxes, Edge, h_index, v_index
from reference.dots_and_boxes.exhaustive import exact_value
from reference.errors import ParameterError

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
