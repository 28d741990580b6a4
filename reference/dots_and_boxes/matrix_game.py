"""Theorem 4 of seed 000 (formulas 6-8): mixed strategies of a matrix game, solved exactly.

Seed 000, §II.B, Theorem 4 ("Calculated returns for hybrid strategies in gaming") and
§II.C ("Theorem 4 is usually applied in the later stage of the game to decide whether
to make a concession grid").  Player A mixes its m pure strategies with x, player B
its n with y; c_ij is A's payoff.  Formulas 6-8 define the saddle point (x*, y*):

    E(x*, y*) = max_x E(x, y*) = min_y E(x*, y),   E(x, y) = sum_ij c_ij x_i y_j.

* :func:`solve_matrix_game` finds (x*, y*) and the value exactly (``Fraction``) with
  the simplex method (von Neumann's minimax theorem guarantees they exist);
* :func:`is_saddle_point` checks formulas 7-8 (E is linear in x and in y, so the
  max and min are taken over pure strategies);
* :func:`dab_normal_form` builds the matrix of a Dots and Boxes position: A's moves
  against B's replies to each of them, both sides playing perfectly afterwards.

What Theorem 4 gives in Dots and Boxes: nothing beyond minimax.  A game of perfect
information has a saddle point in pure strategies (Zermelo; Kuhn 1953), so the
mixed value equals the minimax value and a pure optimal move exists (tested on
every position of small boards).  Whether to "make a concession" (decline boxes:
the double-dealing move) is such a pure choice, which the search makes.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from reference.dots_and_boxes.exhaustive import exact_value
from reference.dots_and_boxes.geometry import Edge
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError

Number = int | Fraction
Matrix = Sequence[Sequence[Number]]
"""c_ij, A's payoff when A plays pure strategy i and B plays j (m rows, n columns)."""

MAX_COLUMNS = 4096
"""Largest normal form :func:`dab_normal_form` builds (our choice: keeps the simplex quick)."""


@dataclass(frozen=True, slots=True)
class MatrixGameSolution:
    """The value of a matrix game and an optimal mixed strategy of each player."""

    value: Fraction
    """E(x*, y*) (formula 6)."""
    x: tuple[Fraction, ...]
    """A's optimal mixed strategy x* (a probability vector over the rows)."""
    y: tuple[Fraction, ...]
    """B's optimal mixed strategy y* (a probability vector over the columns)."""


def _check(c: Matrix) -> tuple[int, int]:
    m = len(c)
    n = len(c[0]) if m else 0
    if m == 0 or n == 0 or any(len(row) != n for row in c):
        raise ParameterError("a matrix game needs a non-empty rectangular payoff matrix")
    return m, n


def expected_payoff(c: Matrix, x: Sequence[Number], y: Sequence[Number]) -> Fraction:
    """E(x, y) = sum_i sum_j c_ij x_i y_j (the double sums of formulas 7-8)."""
    m, n = _check(c)
    if len(x) != m or len(y) != n:
        raise ParameterError(f"need x of length {m} and y of length {n}, got {len(x)} and {len(y)}")
    return sum((Fraction(c[i][j]) * x[i] * y[j] for i in range(m) for j in range(n)), Fraction(0))


def _is_distribution(p: Sequence[Number]) -> bool:
    return all(v >= 0 for v in p) and sum(p) == 1


def is_saddle_point(c: Matrix, x: Sequence[Number], y: Sequence[Number]) -> bool:
    """Formulas 6-8: E(x, y) = max over A's strategies of E(., y) = min over B's of E(x, .).

    Seed 000, §II.B, Theorem 4.  x and y must be probability vectors.
    """
    m, n = _check(c)
    if not (_is_distribution(x) and _is_distribution(y)):
        return False
    e = expected_payoff(c, x, y)
    row_payoffs = [sum((Fraction(c[i][j]) * y[j] for j in range(n)), Fraction(0)) for i in range(m)]
    column_payoffs = [
        sum((Fraction(c[i][j]) * x[i] for i in range(m)), Fraction(0)) for j in range(n)
    ]
    # formula 7: max_x E(x, y*) is reached at a pure strategy (E is linear in x)
    # formula 8: min_y E(x*, y) likewise
    return e == max(row_payoffs) == min(column_payoffs)


def pure_maximin(c: Matrix) -> Fraction:
    """max_i min_j c_ij: what A can guarantee with a pure strategy."""
    _check(c)
    return Fraction(max(min(row) for row in c))


def pure_minimax(c: Matrix) -> Fraction:
    """min_j max_i c_ij: what B can hold A to with a pure strategy."""
    m, n = _check(c)
    return Fraction(min(max(c[i][j] for i in range(m)) for j in range(n)))


def solve_matrix_game(c: Matrix) -> MatrixGameSolution:
    """The value and optimal mixed strategies of a zero-sum matrix game, exactly.

    Seed 000, §II.B, Theorem 4 (formulas 6-8).  Method (the classical reduction to a
    linear program, B's side): add k to every entry so all are positive; maximise
    sum(w) subject to sum_j c_ij w_j <= 1 for every row i, w >= 0, by the simplex
    method with Bland's rule (no cycling); then value = 1 / sum(w) - k, y = w / sum(w),
    and x is read from the dual (the objective row under the slack columns).

    >>> s = solve_matrix_game([[1, -1], [-1, 1]])      # matching pennies
    >>> s.value, s.x, s.y
    (Fraction(0, 1), (Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 2), Fraction(1, 2)))
    """
    m, n = _check(c)
    k = 1 - min(min(row) for row in c)  # shift: every entry >= 1
    width = n + m + 1  # w_1..w_n, slacks s_1..s_m, right-hand side
    tableau = [
        [Fraction(c[i][j] + k) for j in range(n)]
        + [Fraction(int(i == r)) for r in range(m)]
        + [Fraction(1)]
        for i in range(m)
    ]
    objective = [Fraction(-1)] * n + [Fraction(0)] * (m + 1)  # z - sum(w) = 0
    basis = [n + i for i in range(m)]  # the slacks
    while True:
        entering = next((v for v in range(width - 1) if objective[v] < 0), None)  # Bland
        if entering is None:
            break
        # bounded: every w_j has a positive coefficient in every row, so candidates exist
        candidates = [r for r in range(m) if tableau[r][entering] > 0]
        leave = min(candidates, key=lambda r: (tableau[r][-1] / tableau[r][entering], basis[r]))
        pivot_row = [v / tableau[leave][entering] for v in tableau[leave]]
        tableau[leave] = pivot_row
        for r in range(m):
            factor = tableau[r][entering]
            if r != leave and factor != 0:
                tableau[r] = [a - factor * b for a, b in zip(tableau[r], pivot_row, strict=True)]
        factor = objective[entering]
        objective = [a - factor * b for a, b in zip(objective, pivot_row, strict=True)]
        basis[leave] = entering
    total = objective[-1]  # max sum(w) = 1 / (value + k)
    w = [Fraction(0)] * n
    for r, v in enumerate(basis):
        if v < n:
            w[v] = tableau[r][-1]
    x = tuple(objective[n + i] / total for i in range(m))
    y = tuple(wj / total for wj in w)
    return MatrixGameSolution(1 / total - k, x, y)


@dataclass(frozen=True, slots=True)
class NormalForm:
    """A Dots and Boxes position as a matrix game: A's move, then B's reply, then best play."""

    rows: tuple[Edge, ...]
    """A's moves (A is the side to move)."""
    columns: tuple[tuple[Edge, ...], ...]
    """B's pure strategies: column j replies ``columns[j][i]`` to A's move ``rows[i]``."""
    payoff: tuple[tuple[int, ...], ...]
    """c_ij: the boxes A wins minus B's from here on."""


def dab_normal_form(game: DotsAndBoxes, memo: dict[int, int] | None = None) -> NormalForm:
    """The normal form of ``game`` over one move of each side, best play after that.

    Seed 000, §II.B, Theorem 4, applied as §II.C says ("in the later stage of the
    game").  B's pure strategies are all the ways to pick one reply to each of A's
    moves (B sees A's move: perfect information).  Needs a position where no move of
    the side to move completes a box (so the turn passes after it), at most
    :data:`MAX_COLUMNS` strategies for B, and a board of at most 24 edges.
    """
    if game.is_terminal():
        raise ParameterError("the game is over: no matrix game to build")
    if memo is None:
        memo = {}
    rows = tuple(game.legal_moves())
    replies: list[list[tuple[Edge, int]]] = []  # per A-move: (B's reply, A's payoff)
    for move in rows:
        if game.make(move):
            game.unmake()
            raise ParameterError(
                f"move {game.format_move(move)} completes a box and keeps the turn: "
                "the one-move-each normal form needs every move to pass the turn"
            )
        options = []
        for reply in game.legal_moves():
            points = game.make(reply)
            rest = exact_value(game.rows, game.cols, game.edges, memo)
            b_net = points + rest if points else -rest
            game.unmake()
            options.append((reply, -b_net))
        game.unmake()
        replies.append(options)
    count = math.prod(len(options) for options in replies)
    if count > MAX_COLUMNS:
        raise ParameterError(
            f"B has {count} pure strategies here, more than {MAX_COLUMNS}: pick a later position"
        )
    columns = list(itertools.product(*(range(len(options)) for options in replies)))
    payoff = tuple(
        tuple(replies[i][col[i]][1] for col in columns) for i in range(len(rows))
    )
    strategies = tuple(
        tuple(replies[i][col[i]][0] for i in range(len(rows))) for col in columns
    )
    return NormalForm(rows, strategies, payoff)
