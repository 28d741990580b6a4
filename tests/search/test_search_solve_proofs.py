"""``solve``'s null-window root tests and the static bounds a game may prove (ours).

* For win / draw / loss games ``solve`` finds the root value with two null-window
  proofs (at least a draw?  a win?) instead of one full-window search; a game scored
  in points keeps the full window.  Either way the value and the set of optimal moves
  are the same as with the full window (``null_window=False``).
* A game implementing :class:`~reference.search.protocol.ProvesBounds` is asked for
  bounds at every node the table does not cut; :func:`apply_proof_bounds` turns them
  into a cutoff or a narrower window, exactly as a table entry would.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dots_and_boxes.rules import DotsAndBoxes
from reference.mnk.game import MNKGame
from reference.search import INFINITY, WIN, Score, TranspositionTable, solve_raw
from reference.search.engine import apply_proof_bounds
from reference.search.parallel import exact_score
from reference.search.protocol import ProvesBounds
from reference.search.toy_games import Nim, PointsNim


def small() -> TranspositionTable:
    """A small table (a large one takes longer to allocate than these solves take)."""
    return TranspositionTable(1 << 10)


def play_choices(game: MNKGame, choices: list[int]) -> MNKGame:
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[choice % len(moves)])
    return game


@settings(max_examples=examples(40))
@given(
    st.sampled_from([(3, 3, 3), (4, 3, 3), (4, 4, 3), (4, 4, 4)]),
    st.lists(st.integers(0, 1000), min_size=5, max_size=10),
    st.booleans(),
)
def test_null_window_solve_equals_full_window_solve(
    shape: tuple[int, int, int], choices: list[int], rules: bool
) -> None:
    """Same score and optimal moves, with or without the mnk pruning rules and pairing proofs."""
    m, n, k = shape
    game = play_choices(
        MNKGame(m, n, k, symmetry=True, forced_moves=rules, dead_cells=rules, pairings=rules),
        choices,
    )
    if game.is_terminal():
        return
    full = solve_raw(game, tt=TranspositionTable(1 << 12), null_window=False)
    null = solve_raw(game, tt=TranspositionTable(1 << 12), null_window=True)
    assert null.score == full.score
    assert null.best_moves == full.best_moves


def test_null_window_on_toy_games_and_points_games() -> None:
    """Nim (win / loss) through the null-window tests; PointsNim and Dots and Boxes (points)
    keep the full window: both settings agree."""
    for pile in range(1, 12):
        for take in (2, 3):
            full = solve_raw(Nim(pile, take), tt=small(), null_window=False)
            null = solve_raw(Nim(pile, take), tt=small(), null_window=True)
            assert (null.score, null.best_moves) == (full.score, full.best_moves)
            assert null.value == (-1 if pile % (take + 1) == 0 else 1)
    for pile in range(1, 9):
        null = solve_raw(PointsNim(pile), tt=small())
        assert null.score == solve_raw(PointsNim(pile), tt=small(), null_window=False).score
    boxes = solve_raw(DotsAndBoxes(1, 2), tt=small())
    assert boxes.value == solve_raw(DotsAndBoxes(1, 2), tt=small(), null_window=False).value


def test_apply_proof_bounds_acts_like_a_table_entry() -> None:
    """A lower bound at or above beta, an upper bound at or below alpha, or equal bounds end the
    node; other bounds narrow the window."""

    assert apply_proof_bounds(lambda a, b: (0, WIN), -1, 0) == (0, -1, 0)  # fail high at 0
    assert apply_proof_bounds(lambda a, b: (-WIN, 0), 0, 1) == (0, 0, 1)  # fail low at 0
    assert apply_proof_bounds(lambda a, b: (0, 0), -INFINITY, INFINITY)[0] == 0  # exact
    assert apply_proof_bounds(lambda a, b: (0, INFINITY), -INFINITY, INFINITY) == (
        None,
        0,
        INFINITY,
    )
    assert apply_proof_bounds(lambda a, b: (-INFINITY, INFINITY), -5, 5) == (None, -5, 5)


class ProvedNim(Nim):
    """Nim that proves its own value at some piles (the known rule: lost on multiples of
    take + 1), to check that ``solve`` uses the bounds and keeps every answer."""

    def __init__(self, pile: int, take: int = 3, *, prove_every: int = 2) -> None:
        super().__init__(pile, take)
        self.prove_every = prove_every
        self.asked = 0

    def proof_bounds(self, alpha: Score, beta: Score) -> tuple[Score, Score]:
        self.asked += 1
        if self.pile % self.prove_every:
            return -INFINITY, INFINITY
        value = -WIN if self.pile % (self.take + 1) == 0 else WIN
        return value, value


def test_solve_asks_games_that_prove_bounds() -> None:
    """The bounds are used (fewer nodes) and change no value or optimal move."""
    assert isinstance(ProvedNim(5), ProvesBounds) and not isinstance(Nim(5), ProvesBounds)
    for pile in range(1, 16):
        proved = ProvedNim(pile)
        with_bounds = solve_raw(proved, tt=small(), null_window=False)
        plain = solve_raw(Nim(pile), tt=small(), null_window=False)
        assert (with_bounds.score, with_bounds.best_moves) == (plain.score, plain.best_moves)
        if pile > 4:
            assert proved.asked > 0
            assert with_bounds.stats.nodes < plain.stats.nodes


def test_parallel_solve_jobs_use_the_games_proofs() -> None:
    """A job of the parallel solve searches as ``solve`` does, static bounds included:
    4,4,4 in a few hundred nodes with pairing strategies, tens of thousands without."""
    with_rules, stats = exact_score(MNKGame(4, 4, 4, symmetry=True), small())
    plain = MNKGame(4, 4, 4, symmetry=True, forced_moves=False, dead_cells=False, pairings=False)
    without, plain_stats = exact_score(plain, small())
    assert with_rules == without == 0
    assert stats.nodes * 50 < plain_stats.nodes


def test_solve_node_limit_stops_without_a_value() -> None:
    """``node_limit`` stops a solve with SearchTimeoutError (never a guessed value), the
    same way on every machine; a generous limit changes nothing."""
    import pytest

    from reference import MNKGame, solve
    from reference.errors import ParameterError, SearchTimeoutError

    with pytest.raises(SearchTimeoutError, match="node limit"):
        solve(MNKGame(5, 4, 4), node_limit=100)
    free = solve(MNKGame(3, 3, 3))
    limited = solve(MNKGame(3, 3, 3), node_limit=free.nodes + 64)
    assert (limited.value, limited.best_moves, limited.nodes) == (
        free.value,
        free.best_moves,
        free.nodes,
    )
    with pytest.raises(ParameterError, match="node limit"):
        solve(MNKGame(3, 3, 3), node_limit=0)
