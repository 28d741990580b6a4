"""Seed 000's formulas 1, 2, 5, 6-8, 10 and 24 (Theorems 1, 3, 4 and 6): what each claims.

Each test cites the paper and either checks the claim on every position of small
boards (against the exhaustive solver) or shows a counterexample (ERRATUM).
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dots_and_boxes.bidirectional import (
    bfs_distance,
    bidirectional_search,
    breadth_first_search,
    dab_predecessors,
    dab_successors,
    formula24_nodes,
    formula24_one_direction,
    full_state,
)
from reference.dots_and_boxes.exhaustive import exact_value
from reference.dots_and_boxes.formulas import (
    MoveType,
    formula1_free_neighbours,
    formula2_move_type,
    formula5_stumping,
    formula10_opponent_moves,
    line_between,
)
from reference.dots_and_boxes.matrix_game import (
    dab_normal_form,
    expected_payoff,
    is_saddle_point,
    pure_maximin,
    pure_minimax,
    solve_matrix_game,
)
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError
from reference.search import solve_raw


def every_position(rows: int, cols: int, max_left: int | None = None) -> list[DotsAndBoxes]:
    """Every edge set but the full one, player 0 to move, completed boxes given to player 0."""
    geo = DotsAndBoxes(rows, cols).geo
    out = []
    for edges in range(geo.full):
        if max_left is not None and geo.num_edges - edges.bit_count() > max_left:
            continue
        out.append(
            DotsAndBoxes.from_notation(f"{rows}x{cols}:{edges:#x}:{geo.completed_boxes(edges)}:0:0")
        )
    return out


def dots(game: DotsAndBoxes) -> list[tuple[int, int]]:
    return [(r, c) for r in range(game.rows + 1) for c in range(game.cols + 1)]


# --- formula 1 --------------------------------------------------------------------------
def test_formula_1_free_neighbours_by_hand() -> None:
    """Seed 000, §II.A, formula 1, C(p) = {q in V | X_q = 0, (p, q) in E}, read on dots:
    the neighbours of p whose line to p is not drawn.  2x2 board, h0,0 drawn: the corner
    (0,0) keeps only (1,0); the top middle dot (0,1) keeps (0,2) and (1,1)."""
    game = DotsAndBoxes(2, 2)
    game.play(game.parse_move("h0,0"))
    assert formula1_free_neighbours(game, (0, 0)) == {(1, 0)}
    assert formula1_free_neighbours(game, (0, 1)) == {(0, 2), (1, 1)}
    assert formula1_free_neighbours(game, (1, 1)) == {(0, 1), (1, 0), (1, 2), (2, 1)}
    with pytest.raises(ParameterError, match="off the board"):
        formula1_free_neighbours(game, (3, 0))
    with pytest.raises(ParameterError, match="not neighbours"):
        line_between(game, (0, 0), (1, 1))


@settings(max_examples=examples(40))
@given(st.sampled_from([(1, 1), (2, 2), (2, 3), (3, 3)]), st.integers(0, 10**9))
def test_formula_1_counts_every_free_line_twice(size: tuple[int, int], seed: int) -> None:
    """Sum over the dots of |C(p)| = 2 x the undrawn lines (each free line has two ends)."""
    rng = random.Random(seed)
    game = DotsAndBoxes(*size)
    for _ in range(rng.randrange(game.geo.num_edges + 1)):
        game.play(rng.choice(game.legal_moves()))
    total = sum(len(formula1_free_neighbours(game, p)) for p in dots(game))
    assert total == 2 * (game.geo.num_edges - game.edges.bit_count())


def test_formula_1_erratum_is_not_the_set_of_captured_cells() -> None:
    """ERRATUM: the paper says "C(p) represents the set of captured cells".  On the empty
    board no cell is captured, yet C(p) has 2 (corner), 3 (side) or 4 (inner) elements;
    on the full board every cell is captured and every C(p) is empty."""
    game = DotsAndBoxes(2, 2)
    assert game.geo.completed_boxes(game.edges) == 0
    assert sorted({len(formula1_free_neighbours(game, p)) for p in dots(game)}) == [2, 3, 4]
    full = DotsAndBoxes.from_notation(f"2x2:{game.geo.full:#x}:4:0:0")
    assert all(formula1_free_neighbours(full, p) == frozenset() for p in dots(full))


# --- Theorem 1 / formula 2 ----------------------------------------------------------------
def test_theorem_1_formula_2_literal_calls_legal_moves_invalid() -> None:
    """ERRATUM, seed 000, §II.B, Theorem 1, formula 2 read literally with N(p) = |C(p)|:
    on the empty 2x2 board the line from the top middle dot (0,1), N = 3, to the corner
    (0,0), N = 2, is "invalid", yet it is a legal move; the same line taken from the
    corner's end is "short".  The package classifies edges instead (chains.classify_move)."""
    game = DotsAndBoxes(2, 2)
    assert game.parse_move("h0,0") in game.legal_moves()
    assert formula2_move_type(game, (0, 1), (0, 0)) is MoveType.INVALID
    assert formula2_move_type(game, (0, 0), (0, 1)) is MoveType.SHORT
    assert formula2_move_type(game, (1, 1), (1, 2)) is MoveType.LONG  # inner dot to side dot


# --- Theorem 3 / formula 5 ----------------------------------------------------------------
@pytest.mark.parametrize("size", [(1, 1), (1, 2), (2, 1), (2, 2)])
def test_theorem_3_formula_5_predicts_the_winner(size: tuple[int, int]) -> None:
    """Seed 000, §II.B, Theorem 3 and §II.C ("Theorem 3 can calculate the winning player
    through formula (5)"): with V(S, p) the successor states from which p wins,
    C(S, p) < 1 exactly when p, to move, can win.  Checked on every edge set and
    every distribution of the completed boxes, either player to move, against the
    exhaustive solver."""
    rows, cols = size
    memo: dict[int, int] = {}
    geo = DotsAndBoxes(rows, cols).geo
    checked = 0
    for edges in range(geo.full):
        done = geo.completed_boxes(edges)
        value = exact_value(rows, cols, edges, memo)
        for s0, player in itertools.product(range(done + 1), (0, 1)):
            game = DotsAndBoxes.from_notation(f"{rows}x{cols}:{edges:#x}:{s0}:{done - s0}:{player}")
            stumping = formula5_stumping(game, memo)
            so_far = game.scores[player] - game.scores[1 - player]
            assert stumping.successors == geo.num_edges - edges.bit_count()
            assert (stumping.c < 1) == (so_far + value > 0)
            checked += 1
    assert checked > geo.full


def test_theorem_3_formula_5_by_hand() -> None:
    """1x1 with three sides drawn: the only move takes the box, so p wins: C = 1 - 1/1 = 0.
    Empty 1x1: every move hands the box over (the second player always takes it): C = 1.
    Empty 2x2 (first player wins 3-1): 8 of the 12 opening moves keep the win, the 8
    optimal first moves ``solve`` lists: C = 1 - 8/12 = 1/3."""
    game = DotsAndBoxes.from_notation("1x1:0xd:0:0:0")
    assert formula5_stumping(game).c == 0
    assert formula5_stumping(DotsAndBoxes(1, 1)).c == 1
    assert formula5_stumping(DotsAndBoxes(2, 2)).c == Fraction(1, 3)
    assert len(solve_raw(DotsAndBoxes(2, 2)).best_moves) == 8
    with pytest.raises(ParameterError, match="game is over"):
        formula5_stumping(DotsAndBoxes.from_notation("1x1:0xf:1:0:0"))


# --- Theorem 4 / formulas 6-8 ---------------------------------------------------------------
@pytest.mark.parametrize(
    "matrix, value, x, y",
    [
        ([[1, -1], [-1, 1]], Fraction(0), (Fraction(1, 2),) * 2, (Fraction(1, 2),) * 2),
        ([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], Fraction(0), (Fraction(1, 3),) * 3, (Fraction(1, 3),) * 3),
        (
            [[3, -1], [-2, 1]],
            Fraction(1, 7),
            (Fraction(3, 7), Fraction(4, 7)),
            (Fraction(2, 7), Fraction(5, 7)),
        ),
        ([[2, 3], [1, 4]], Fraction(2), (Fraction(1), Fraction(0)), (Fraction(1), Fraction(0))),
    ],
)
def test_theorem_4_formulas_6_8_known_matrix_games(
    matrix: list[list[int]], value: Fraction, x: tuple[Fraction, ...], y: tuple[Fraction, ...]
) -> None:
    """Seed 000, §II.B, Theorem 4: the saddle point of formulas 6-8.  Known solutions:
    matching pennies and rock-paper-scissors (value 0, uniform); the 2x2 game
    [[3, -1], [-2, 1]] (no pure saddle: x1 = (d - c)/(a - b - c + d) = 3/7,
    y1 = (d - b)/(a - b - c + d) = 2/7, value (ad - bc)/(a - b - c + d) = 1/7, the
    standard 2x2 formulas, e.g. Ferguson, *Game Theory*, Part II §2.3); [[2, 3], [1, 4]]
    has a pure saddle point at (row 1, column 1)."""
    solution = solve_matrix_game(matrix)
    assert (solution.value, solution.x, solution.y) == (value, x, y)
    assert is_saddle_point(matrix, x, y)
    assert expected_payoff(matrix, x, y) == value


@settings(max_examples=examples(60))
@given(
    st.integers(1, 5).flatmap(
        lambda m: st.lists(
            st.lists(st.integers(-9, 9), min_size=1, max_size=5).map(tuple),
            min_size=m,
            max_size=m,
        ).filter(lambda rows: len({len(r) for r in rows}) == 1)
    )
)
def test_theorem_4_every_matrix_game_has_the_saddle_point_of_formulas_6_8(
    rows: list[tuple[int, ...]],
) -> None:
    """Von Neumann's minimax theorem, the content of formulas 6-8: the computed (x*, y*)
    satisfies E(x*, y*) = max_x E(x, y*) = min_y E(x*, y), and the value lies between
    the pure maximin and minimax; a strategy that is not optimal fails the check."""
    matrix = [list(r) for r in rows]
    s = solve_matrix_game(matrix)
    assert is_saddle_point(matrix, s.x, s.y)
    assert pure_maximin(matrix) <= s.value <= pure_minimax(matrix)
    m, n = len(matrix), len(matrix[0])
    has_pure_saddle = pure_maximin(matrix) == pure_minimax(matrix)
    pure_pairs = [
        ([Fraction(int(i == k)) for k in range(m)], [Fraction(int(j == k)) for k in range(n)])
        for i in range(m)
        for j in range(n)
    ]
    assert any(is_saddle_point(matrix, x, y) for x, y in pure_pairs) == has_pure_saddle
    assert not is_saddle_point(matrix, [Fraction(2)] + [Fraction(0)] * (m - 1), s.y)


@pytest.mark.parametrize("size", [(1, 2), (2, 1), (2, 2)])
def test_theorem_4_mixed_strategies_add_nothing_in_dots_and_boxes(size: tuple[int, int]) -> None:
    """Seed 000, §II.C: "Theorem 4 is usually applied in the later stage of the game to
    decide whether to make a concession grid".  In the normal form of a late position
    (A's move, B's reply to it, best play after), the mixed value of formulas 6-8 equals
    the pure maximin, the pure minimax and the exact value: a game of perfect information
    has a pure saddle point (Zermelo; Kuhn 1953).  Every position with at most 4 edges
    left whose moves all pass the turn."""
    rows, cols = size
    memo: dict[int, int] = {}
    checked = wide = 0
    for game in every_position(rows, cols, max_left=4):
        try:
            normal = dab_normal_form(game, memo)
        except ParameterError:
            continue  # a move completes a box: the turn does not pass
        solution = solve_matrix_game(normal.payoff)
        exact = exact_value(rows, cols, game.edges, memo)
        assert solution.value == pure_maximin(normal.payoff) == pure_minimax(normal.payoff) == exact
        assert is_saddle_point(normal.payoff, solution.x, solution.y)
        checked += 1
        wide += len(normal.columns) > 1
    assert checked > 0 and wide > 0


def test_theorem_4_normal_form_refuses_a_move_that_keeps_the_turn() -> None:
    with pytest.raises(ParameterError, match="keeps the turn"):
        dab_normal_form(DotsAndBoxes.from_notation("1x1:0xd:0:0:0"))
    with pytest.raises(ParameterError, match="pure strategies"):
        dab_normal_form(DotsAndBoxes(2, 2))
    with pytest.raises(ParameterError, match="rectangular"):
        solve_matrix_game([[1, 2], [3]])


# --- Theorem 6 / formula 10 -----------------------------------------------------------------
@settings(max_examples=examples(30))
@given(st.sampled_from([(1, 1), (2, 2), (3, 3)]), st.integers(0, 10**9))
def test_theorem_6_formula_10_opponent_moves_are_the_undrawn_edges(
    size: tuple[int, int], seed: int
) -> None:
    """Seed 000, §II.B, Theorem 6 (formula 10, the "second-player method"): the moves the
    opponent could make are every undrawn edge, the side to move's own moves: in Dots and
    Boxes no line belongs to a player, so the method generates nothing new."""
    rng = random.Random(seed)
    game = DotsAndBoxes(*size)
    for _ in range(rng.randrange(game.geo.num_edges + 1)):
        game.play(rng.choice(game.legal_moves()))
    undrawn = {e for e in range(game.geo.num_edges) if not game.edges >> e & 1}
    assert formula10_opponent_moves(game) == undrawn == set(game.legal_moves())


# --- formula 24 and Algorithm 2 on graphs where path lengths differ --------------------------
def test_formula_24_values() -> None:
    """Formula 24, b^0 + ... + b^(d/2); one direction b^0 + ... + b^(d-1)."""
    assert formula24_nodes(3, 4) == 1 + 3 + 9
    assert formula24_nodes(3, 5) == 1 + 3 + 9
    assert formula24_one_direction(3, 4) == 1 + 3 + 9 + 27
    with pytest.raises(ParameterError):
        formula24_nodes(0, 2)
    with pytest.raises(ParameterError):
        formula24_one_direction(2, 0)


@pytest.mark.parametrize("d", [4, 6])
def test_formula_24_bidirectional_expands_fewer_states_than_bfs(d: int) -> None:
    """Seed 000, §IV.B, formula 24 and "significantly lower than that of single-directional
    search algorithms": on the 2x2 game graph, five seeded (begin, end) pairs d moves apart,
    Algorithm 2 expands fewer states than plain BFS, and each stays within its formula
    (b = the undrawn edges at begin).  The table is ``examples/dab_bidirectional.py``."""
    rng = random.Random(d)
    succ, pred = dab_successors(2, 2), dab_predecessors(2, 2)
    for _ in range(5):
        game = DotsAndBoxes(2, 2)
        for _ in range(2):
            game.play(rng.choice(game.legal_moves()))
        begin = full_state(game)
        b = game.geo.num_edges - game.edges.bit_count()
        for _ in range(d):
            game.play(rng.choice(game.legal_moves()))
        end = full_state(game)
        two = bidirectional_search(begin, end, succ, pred)
        one = breadth_first_search(begin, end, succ)
        assert two.distance == one.distance == d
        assert two.expanded < one.expanded
        assert two.expanded <= formula24_nodes(b, d)
        assert one.expanded <= formula24_one_direction(b, d)


def test_algorithm_2_finds_the_shorter_of_two_paths() -> None:
    """Stopping at the first state both sides reach (the classic bidirectional mistake)
    returns the longer of two paths here; the stopping rule prminF + prminB >= U does not.

    Paths s-m-t (costs 2 + 2 = 4) and s-a-b-t (1 + 1 + 1 = 3).  Traced by hand (ties go
    forward): forward expands s (g_F: m 2, a 1); backward expands t (g_B: m 2, b 1) and
    meets at m: U = 4, path s-m-t.  Now prminF + prminB = 1 + 1 < 4, so forward expands a
    (g_F: b 2) and meets at b: U = 3.  Then prminF + prminB = 2 + 2 >= 3: stop, return 3.

    With unit costs and ties going forward the search expands whole layers, and its first
    meeting lies on a shortest path (the random unit-cost graphs below cannot tell), so the
    counter-example needs unequal costs."""
    arcs = {"s": [("m", 2), ("a", 1)], "m": [("t", 2)], "a": [("b", 1)], "b": [("t", 1)]}
    succ: dict[str, list[tuple[str, int]]] = {n: [] for n in "smabt"}
    pred: dict[str, list[tuple[str, int]]] = {n: [] for n in "smabt"}
    for n, outs in arcs.items():
        for o, cost in outs:
            succ[n].append((o, cost))
            pred[o].append((n, cost))

    result = bidirectional_search("s", "t", succ.__getitem__, pred.__getitem__)
    assert result.distance == 3
    assert result.path == ("s", "a", "b", "t")
    assert result.expanded == 3  # s, t, a: then 2 + 2 >= 3 stops the search


@settings(max_examples=examples(80))
@given(
    st.integers(2, 14).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=3 * n),
        )
    )
)
def test_algorithm_2_equals_bfs_on_random_graphs(graph: tuple[int, list[tuple[int, int]]]) -> None:
    """Random directed graphs with unit costs (cycles, shortcuts, dead ends: paths of many
    lengths between a pair): Algorithm 2's distance == plain BFS's for every ordered pair,
    and its path is a real path of that length."""
    n, arcs = graph
    out: dict[int, list[tuple[int, int]]] = {i: [] for i in range(n)}
    back: dict[int, list[tuple[int, int]]] = {i: [] for i in range(n)}
    for a, b in set(arcs):
        out[a].append((b, 1))
        back[b].append((a, 1))
    for s in range(n):
        for t in range(n):
            result = bidirectional_search(s, t, out.__getitem__, back.__getitem__)
            assert result.distance == bfs_distance(s, t, out.__getitem__)
            if result.distance is not None:
                assert result.path[0] == s and result.path[-1] == t
                assert len(result.path) == result.distance + 1
                assert all((b, 1) in out[a] for a, b in itertools.pairwise(result.path))
