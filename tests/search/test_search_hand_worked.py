"""Hand-worked traces on explicit trees (``tree_game.Tree``): which positions a search
enters, in which order, worked out on paper from the algorithm's definition.  Values
alone cannot show a wrong window: a wider "null" window gives the same values by
visiting more positions.
"""

from __future__ import annotations

from tree_game import Tree

from reference.search import WIN, alphabeta, iterative_deepening, mtdf, pvs, search, solve_raw

PVS_TREE = (0, ((-1, -3),), ((1, 5),))
"""Root (A to move) with three moves.  Leaves are scored for the side to move there
(B after one or three plies): A gets 0 by move 0, 3 by move 1 (B's only reply, then
A's better leaf), -1 by move 2 (A's better leaf)."""


def test_pvs_null_window_fails_high_then_re_searches() -> None:
    """Seed 001 "Possible improvements" (NegaScout / PVS), worked by hand:

    * move 0, full window: the leaf gives A 0, so alpha = 0;
    * move 1, null window (0, 1): at ``10`` (A to move, window (0, 1)) the first leaf
      ``100`` gives 1 >= 1, a cut-off before ``101``; the null-window answer "better
      than 0" makes PVS search move 1 again with the full window (0, inf): ``1``,
      ``10``, ``100`` (A gets 1, so A's alpha is 1), then ``101`` with the null window
      (1, 2): it gives 3, better than 1, so ``101`` is searched again with the full
      window (PVS re-searches at every node, a leaf too): value 3, alpha = 3;
    * move 2, null window (3, 4): ``20`` gets both leaves (each gives A at most -1,
      below 3), B's node fails high at once; the value -1 <= 3: no re-search.
    """
    game = Tree(PVS_TREE)
    assert pvs(game, 3) == 3
    assert game.visits == [
        "0",
        "1", "10", "100",                # null window: one leaf, cut off at 1 >= 1
        "1", "10", "100", "101", "101",  # re-search; at 10, 101 fails high and is re-searched
        "2", "20", "200", "201",         # null window fails low: no re-search
    ]  # fmt: skip
    plain = Tree(PVS_TREE)
    assert alphabeta(plain, 3) == 3
    assert plain.visits == ["0", "1", "10", "100", "101", "2", "20", "200", "201"]


def test_pvs_root_loop_tries_later_moves_with_a_null_window_then_re_searches() -> None:
    """``search(..., algorithm="pvs")``: the root is searched by the shared root loop
    (``reference.search.rootloop.root_search`` with ``null_window``), the rest by ``pvs``.
    Worked by hand on ``PVS_TREE`` (the trace of the test above):

    * move 0, full window: A gets 0; alpha = 0;
    * move 1, null window (0, 1) at ply 0, its child ``1`` at ply 1: B's window is
      (-1, 0); at ``10`` (A, window (0, 1)) the leaf ``100`` gives A 1 >= 1: a cut-off
      before ``101``.  B gets -1 <= -1, so A's value 1 fails high: 0 < 1 < inf, move 1 is
      searched again with (0, inf): ``1``, ``10``, ``100``, ``101`` (null window (1, 2),
      fails high), ``101`` again: 3, alpha = 3;
    * move 2, null window (3, 4): ``20``'s leaves give A -1 and -5, so ``2`` gives A
      -1 <= 3: fails low, not searched again.

    Thirteen positions entered, each counted once as a node (the root is not).  A wider
    "null" window (0, 2) for move 1 would not cut at ``10`` (1 < 2) and enter ``101`` in
    the first search; a re-search of a move that fails low would enter ``2`` twice.
    """
    game = Tree(PVS_TREE)
    result = search(game, 3, algorithm="pvs")
    assert (result.score, result.best_move) == (3, 1)
    assert game.visits == [
        "0",
        "1", "10", "100",                # null window: one leaf, cut off at 1 >= 1
        "1", "10", "100", "101", "101",  # re-search with the full window
        "2", "20", "200", "201",         # null window fails low: no re-search
    ]  # fmt: skip
    assert result.stats.nodes == len(game.visits) == 13


def test_mtdf_first_pass_fails_low_then_the_table_closes_the_bounds() -> None:
    """MTD(f) (Plaat, Schaeffer, Pijls, de Bruin 1996; seed 001) on a root with two
    leaves worth -1 and -5 to A, first guess 0, worked by hand:

    * pass 1, window (-1, 0): both leaves are searched (neither reaches -1 < value),
      the result -1 fails low: upper = -1, stored as an upper bound;
    * pass 2, test value max(-1, lower + 1) = -1, window (-2, -1): the stored upper
      bound -1 leaves the window open, the first leaf reaches -1 >= beta: lower = -1,
      and the bounds meet.  Three leaves entered in all.
    """
    game = Tree((1, 5))
    assert mtdf(game, 1) == -1
    assert game.visits == ["0", "1", "0"]


def test_iterative_deepening_starts_mtdf_from_the_first_guess_0() -> None:
    """Seed 001 / Plaat et al.: iterative deepening hands MTD(f) the previous iteration's
    value as its first guess, and 0 to the first iteration (as ``search`` does).  On a
    root with leaves worth 0 and -5 to A, worked by hand: pass 1, window (-1, 0): the
    first leaf reaches 0, lower = 0; pass 2, window (0, 1): the stored lower bound leaves
    the window open, both leaves fall to at most 0: upper = 0.  (From a first guess of 1
    the passes run the other way round and enter ``0``, ``1``, ``0``.)"""
    deepened, searched = Tree((0, 5)), Tree((0, 5))
    assert iterative_deepening(deepened, max_depth=1, algorithm="mtdf").score == 0
    assert search(searched, 1, algorithm="mtdf").score == 0
    assert deepened.visits == searched.visits == ["0", "0", "1"]


SOLVE_TREE = (0, (WIN,), (0,))
"""Root (A to move): move 0 ends the game drawn; move 1 lets B make its only move, after
which A has won (the leaf ``10`` is scored +WIN for A, the side to move there); move 2
likewise ends in a draw (``20``)."""


def test_solve_proves_two_bounds_with_null_windows_then_tests_each_move() -> None:
    """``solve`` (``reference.search.solve.root_value``), worked by hand:

    * at least a draw?  Window (-1, 0): move 0 draws, 0 >= 0: proven at once (``0``);
    * a win?  Window (0, 1): move 0 draws (not above 0), move 1: at ``1`` B's only
      move reaches ``10``, a win for A, so B's node fails low (stored as an upper bound
      -WIN for B) and A's value WIN >= 1 ends the root: ``0``, ``1``, ``10``;
    * which moves keep WIN?  Each move with the window (WIN - 1, WIN): ``0`` draws (no);
      ``1`` is answered by the stored bound (yes, without entering ``10``); ``2``: B's
      node is entered, its only leaf draws (no).

    With ``null_window=False`` one full-window search finds the value instead: it enters
    ``0``, ``1``, ``10``, ``2``, ``20`` (nothing cuts at the root until the last move)."""
    game = Tree(SOLVE_TREE)
    result = solve_raw(game)
    assert (result.score, result.best_moves) == (WIN, (1,))
    assert game.visits == ["0", "0", "1", "10", "0", "1", "2", "20"]
    full = Tree(SOLVE_TREE)
    assert solve_raw(full, null_window=False).best_moves == (1,)
    assert full.visits[:5] == ["0", "1", "10", "2", "20"]


def test_solve_second_proof_reads_the_first_proofs_lower_bound_and_searches_on() -> None:
    """``(((0, -WIN),),)``: A's only move leads to B's only move, then A chooses between a
    draw (``000``) and a win (``001``).  Worked by hand:

    * at least a draw?  Window (-1, 0): ``0``, ``00``, ``000``: the draw ends A's node
      ``00`` (0 >= 0), stored as a lower bound 0;
    * a win?  Window (0, 1): ``0``, ``00``: the stored lower bound 0 does not close the
      window (0 is not above 0), so A's node is searched again: ``000``, ``001``: WIN;
    * move 0 keeps WIN: B's node ``0`` answers from its stored upper bound."""
    game = Tree((((0, -WIN),),))
    result = solve_raw(game)
    assert (result.score, result.best_moves) == (WIN, (0,))
    assert game.visits == ["0", "00", "000", "0", "00", "000", "001", "0"]


def test_solve_tests_each_move_of_a_points_game_with_a_null_window_below_the_value() -> None:
    """A points game (``solve`` searches it with the full window): move 0 scores 2 for A;
    after move 1, B chooses between leaves worth 1 and 3 to A.  Worked by hand:

    * the value: ``0`` gives 2 (alpha = 2); at ``1`` B's window is (-inf, -2) and its
      first leaf ``10`` already gives B -1 >= -2: a cut-off, B's node stored as a lower
      bound -1 for B (at most 1 for A).  Value 2;
    * is move 1 optimal?  Its test window is (1, 2) for A, (-2, -1) for B: the stored
      lower bound -1 closes it at once, so no leaf below ``1`` is entered again: 1 < 2, no.
    """
    game = Tree((-2, (1, 3)), points=True)
    result = solve_raw(game)
    assert (result.score, result.best_moves) == (2, (0,))
    assert game.visits == ["0", "1", "10", "0", "1"]
