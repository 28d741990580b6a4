"""Algorithm 1 of seed 000 *as printed*: concrete positions where it returns wrong values.

Seed 000, §IV.A, Algorithm 1 ("pruning strategy algorithm"), lines 1-25.  Every
wrong value is checked against an independent oracle: the plain memoised minimax
of :mod:`reference.dots_and_boxes.exhaustive` (Dots and Boxes) or ``solve``
(tic-tac-toe).  ``corrections`` switches the erratum lines 12, 23 and 24 one at a
time, so each test names the line that gives the wrong value.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dots_and_boxes.algorithm1 import (
    PrintedFlag,
    PrintedTable,
    algorithm1,
    algorithm1_as_printed,
)
from reference.dots_and_boxes.exhaustive import exact_value
from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.errors import ParameterError
from reference.mnk.game import MNKGame
from reference.search import WIN, Score, solve_raw

ALL = (12, 23, 24)


def literal(notation: str) -> DotsAndBoxes:
    """A position searched as the listing would: every edge, in edge order, no symmetry."""
    return DotsAndBoxes.from_notation(notation, symmetry=False, ordering="edges", capture_rule=False)


def undrawn(game: DotsAndBoxes) -> int:
    return game.geo.num_edges - game.edges.bit_count()


@pytest.mark.parametrize(
    "notation, printed",
    [
        ("1x1:0xd:0:0:0", -1),  # three sides drawn: the side to move takes the box
        ("1x2:0x5f:0:0:0", -2),  # the middle edge completes both boxes at once
        ("2x2:0x7ff:3:0:0", -1),  # one edge left, it completes the last box
    ],
)
def test_algorithm_1_as_printed_line_12_negates_a_player_who_moves_again(
    notation: str, printed: Score
) -> None:
    """Seed 000, Algorithm 1, line 12: ``value = -AlphaBeta_TT(board, depth-1, -beta, -alpha)``.

    Completing a box keeps the turn (§II.A: "Once a player captures a grid cell, they
    get an extra turn"), so the child's value is already the mover's: negating it turns
    every capture into a loss.  On 1x1 with three sides drawn the side to move takes
    the last box (+1, by hand); the listing returns -1.  Correcting line 12 alone
    repairs these positions.
    """
    game = literal(notation)
    exact = exact_value(game.rows, game.cols, game.edges)
    assert exact == -printed
    assert algorithm1_as_printed(game, undrawn(game)) == printed
    assert algorithm1_as_printed(game, undrawn(game), corrections={12}) == exact


def test_algorithm_1_as_printed_line_23_stores_the_last_childs_value() -> None:
    """Seed 000, Algorithm 1, lines 22-23: ``if (ValueIsExact) InsertHashTable(value, ...,
    EXACT)`` stores ``value``, the value of the *last* move searched, not ``best``.

    1x2 board with only h1,1 and v0,0 drawn, 5 edges left: the exact value is 0
    (exhaustive minimax), the listing with line 12 corrected returns -2; storing
    ``best`` (correction 23) gives 0.  The table then holds an EXACT entry
    that is not the value of its position: shown directly.
    """
    game = literal("1x2:0x18:0:0:0")
    assert exact_value(1, 2, game.edges) == 0
    table: PrintedTable = {}
    assert algorithm1_as_printed(game, 5, table=table, corrections={12}) == -2
    wrong_exact = [
        (key, entry)
        for key, entry in table.items()
        if entry.flag == PrintedFlag.EXACT
        and entry.depth > 0
        and entry.value != _true_value(game, key[0], key[1], key[2])
    ]
    assert wrong_exact, "line 23 should have stored a wrong EXACT entry"
    assert algorithm1_as_printed(game, 5, corrections={12, 23}) == 0


def _true_value(game: DotsAndBoxes, edges: object, net: int, to_move: int) -> int:
    """The whole-board value (points since the root + exact value from here) of a table key."""
    assert isinstance(edges, int)
    own = net if to_move == 0 else -net
    return own + exact_value(game.rows, game.cols, edges)


def test_algorithm_1_as_printed_line_23_is_wrong_in_tic_tac_toe_too() -> None:
    """Line 12 is right where turns alternate, yet the printed table still gives wrong values.

    Tic-tac-toe ``.x./x../.o.`` with o to move is a draw (``solve``, the exhaustive
    solver); Algorithm 1 as printed, searched to the end, says o wins.  Storing
    ``best`` at line 23 gives the draw.  (``examples/dab_algorithm1_printed.py --full``:
    the printed listing is wrong on 4 of the 4,520 non-terminal reachable positions.)
    """
    game = MNKGame.from_notation(".x./x../.o. o", 3)
    assert solve_raw(game).value == 0
    assert algorithm1_as_printed(game, 6) == WIN
    assert algorithm1_as_printed(game, 6, corrections={23}) == 0


def test_algorithm_1_as_printed_line_24_flags_an_upper_bound_lowerbound() -> None:
    """Seed 000, Algorithm 1, line 24: a node that failed low (no move raised alpha) is
    stored LOWERBOUND; its value is an upper bound.

    2x2 board with h1,0, h2,1 and v0,2 drawn, 9 edges left: exact value 0; with lines
    12 and 23 corrected the listing returns -2; also flagging line 24 UPPERBOUND gives
    0.  (Over all 4,095 edge sets of 2x2 with player 0 to move, lines 12 and 23
    corrected still give 14 wrong values; all three corrected, none:
    ``examples/dab_algorithm1_printed.py``.)
    """
    game = literal("2x2:0x124:0:0:0")
    assert exact_value(2, 2, game.edges) == 0
    assert algorithm1_as_printed(game, 9, corrections={12, 23}) == -2
    assert algorithm1_as_printed(game, 9, corrections=ALL) == 0


DAG_CHILDREN = {
    "root": ["a"],
    "a": ["b", "c"],
    "b": ["b1", "d"],
    "c": ["e"],
    "d": ["t"],
    "e": ["t"],
    "t": ["u"],
    "u": ["u1", "u2"],
}
DAG_LEAVES = {"b1": 0, "u1": 0, "u2": -1}
DAG_NODES = sorted({*DAG_CHILDREN, *DAG_LEAVES})


class _Dag:
    """A tiny game given as a graph with a transposition: players alternate, a leaf's
    number is its value for the side to move there, a node's key is its index."""

    selective = False
    counts_points = False

    def __init__(self) -> None:
        self.node, self.to_move = "root", 0
        self._path: list[str] = []

    def legal_moves(self) -> list[str]:
        return DAG_CHILDREN.get(self.node, [])

    def search_moves(self) -> list[str]:
        return self.legal_moves()

    def make(self, move: str) -> int:
        self._path.append(self.node)
        self.node, self.to_move = move, 1 - self.to_move
        return 0

    def unmake(self) -> None:
        self.node, self.to_move = self._path.pop(), 1 - self.to_move

    def is_terminal(self) -> bool:
        return self.node not in DAG_CHILDREN

    def terminal_score(self) -> Score:
        return DAG_LEAVES[self.node]

    def evaluate(self) -> Score:
        return 0

    def max_plies_left(self) -> int:
        def longest(node: str) -> int:
            return max((1 + longest(c) for c in DAG_CHILDREN.get(node, [])), default=0)

        return longest(self.node)

    @property
    def key(self) -> int:
        return DAG_NODES.index(self.node)

    def tt_key(self) -> int:
        return self.key


def test_algorithm_1_as_printed_line_24_hand_worked() -> None:
    """Line 24 traced by hand on a graph where node t is reached twice (b-d-t and c-e-t).

    root -> a; a -> b, c; b -> b1 (leaf 0), d; d -> t; c -> e; e -> t; t -> u;
    u -> u1 (leaf 0), u2 (leaf -1).  Negamax: u = 1, t = -1, d = e = 1, b = max(0, -1)
    = 0, c = -1, a = max(0, 1) = 1, root = -1.

    The listing: b1 gives b alpha 0; d is searched with (-inf, 0), t with (0, inf),
    u with (-inf, 0): u1 gives 0 >= beta, u returns 0; t's only move is worth 0, not
    above alpha 0: t fails low, and line 24 stores "t >= 0" (LOWERBOUND) although t
    = -1.  Later c -> e -> t probes t with window (-inf, 0): 0 >= beta, so SearchTT
    returns 0; e is worth 0 instead of 1, c fails high at 0 instead of -1, and a
    keeps alpha 0: the root gets 0, not -1.
    """
    table: PrintedTable = {}
    assert algorithm1_as_printed(_Dag(), 10, table=table, corrections={23}) == 0
    t = table[(DAG_NODES.index("t"), 0, 0)]
    assert (t.value, t.flag) == (0, PrintedFlag.LOWERBOUND)  # but t = -1
    assert algorithm1_as_printed(_Dag(), 10, corrections={23, 24}) == -1


@settings(max_examples=examples(40))
@given(st.sampled_from([(1, 2), (2, 1), (2, 2), (1, 3)]), st.integers(0, 10**9))
def test_algorithm_1_with_lines_12_23_24_corrected_equals_the_exhaustive_solver(
    size: tuple[int, int], seed: int
) -> None:
    """The printed listing with its three erratum lines corrected returns the exact value
    (and so does the corrected version, :func:`algorithm1`) on random reachable positions,
    with the paper's own settings (no symmetry, every edge) and the package's."""
    rng = random.Random(seed)
    game = DotsAndBoxes(*size)
    for _ in range(rng.randrange(2, game.geo.num_edges + 1)):
        game.play(rng.choice(game.legal_moves()))
    left = undrawn(game)
    exact = exact_value(game.rows, game.cols, game.edges)
    assert algorithm1_as_printed(game, left, corrections=ALL) == exact
    assert algorithm1_as_printed(literal(game.to_notation()), left, corrections=ALL) == exact
    assert algorithm1(game, left)[0] == exact


def test_algorithm_1_as_printed_rejects_bad_arguments() -> None:
    game = DotsAndBoxes(1, 1)
    with pytest.raises(ParameterError, match="depth"):
        algorithm1_as_printed(game, -1)
    with pytest.raises(ParameterError, match="corrections"):
        algorithm1_as_printed(game, 1, corrections={13})
