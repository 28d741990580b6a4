"""Wins scored by their distance in a win / loss game where a player may move again.

A player who moves again still plays a ply: a win after the mover's extra turn is
one ply further away (seed 001, "Wins at lower depths are considered better": the
search scores a win ``WIN - plies``).  The one real game with extra turns, Dots and
Boxes, is scored in points (no distance), so on it a search that miscounts the plies
of an extra turn (``reference.search.negamax.child_value``, the branch where the
mover moves again; mutation testing found it untested, ``docs/mutation.md``) gives
the right values.  :class:`BonusNim` is a win / loss game with extra turns, and
:func:`outcome` solves it from its rules alone, counting every ply.
"""

from __future__ import annotations

import functools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.search import (
    ALGORITHMS,
    INFINITY,
    WIN,
    SearchContext,
    TranspositionTable,
    alphabeta,
    alphabeta_tt,
    iterative_deepening,
    minimax,
    mtdf,
    pvs,
    pvs_engine,
    search,
    solve_raw,
)
from reference.search.protocol import Score
from reference.search.root import Algorithm
from reference.search.toy_games import Nim


class BonusNim(Nim):
    """One pile; take 1..``take`` stones; who takes the last stone wins (:class:`Nim`).  A
    move that leaves a positive multiple of ``bonus`` stones gives the mover another turn.

    Moves are listed smallest first (``descending``: largest first).
    """

    def __init__(self, pile: int, take: int, bonus: int, *, descending: bool = False) -> None:
        super().__init__(pile, take, descending=descending)
        self.bonus = bonus
        self._movers: list[int] = []

    def make(self, move: int) -> int:
        self._movers.append(self.to_move)
        super().make(move)  # takes the stones and passes the turn
        if self.pile > 0 and self.pile % self.bonus == 0:
            self.to_move = self._movers[-1]  # ... unless the mover moves again
        return 0

    def unmake(self) -> None:
        super().unmake()
        self.to_move = self._movers.pop()


@functools.cache
def outcome(pile: int, take: int, bonus: int) -> tuple[bool, int]:
    """(the side to move wins, plies to the end) of a pile >= 1 under best play, from the
    rules alone: a winner ends the game as soon as it can, a loser holds out as long as it
    can.  Every move is one ply, the mover's extra turns too."""
    results: list[tuple[bool, int]] = []
    for taken in range(1, min(take, pile) + 1):
        left = pile - taken
        if left == 0:
            results.append((True, 1))
            continue
        wins, plies = outcome(left, take, bonus)
        again = left % bonus == 0  # the same player moves on from ``left``
        results.append((wins if again else not wins, plies + 1))
    wins = any(w for w, _ in results)
    lengths = [n for w, n in results if w == wins]
    return wins, min(lengths) if wins else max(lengths)


def distance_value(wins: bool, plies: int) -> Score:
    """The search's score of a win / loss ``plies`` plies away: ``+-(WIN - plies)``."""
    return WIN - plies if wins else -(WIN - plies)


def move_outcome(pile: int, take: int, bonus: int, taken: int) -> tuple[bool, int]:
    """:func:`outcome` after the move ``taken``, for the player who makes it."""
    left = pile - taken
    if left == 0:
        return True, 1
    wins, plies = outcome(left, take, bonus)
    return (wins if left % bonus == 0 else not wins), plies + 1


def test_outcome_by_hand() -> None:
    """The brute force on positions worked by hand (take 1-3, bonus 3 and 4):

    * 3 stones: take them all, a win in 1 ply;
    * 4 stones, bonus 3: take 1 (3 left, a multiple of 3: move again), then take 3: a
      win in 2 plies; taking 2 or 3 leaves 2 or 1 and the opponent takes them;
    * 4 stones, bonus 4 (no move leaves 4 again): every move leaves 1-3 stones to the
      opponent, who takes them: a loss in 2 plies;
    * 5 stones, take 1-2, bonus 4: take 2, and the opponent at 3 loses in 2 plies (a win
      in 3); take 1 leaves 4, a multiple of 4: moving again at 4 wins in 3, so that
      line is a win in 4.
    """
    assert outcome(3, 3, 4) == (True, 1)
    assert outcome(4, 3, 3) == (True, 2)
    assert outcome(4, 3, 4) == (False, 2)
    assert outcome(4, 2, 4) == (True, 3)
    assert move_outcome(5, 2, 4, 1) == (True, 4)
    assert move_outcome(5, 2, 4, 2) == (True, 3)
    assert outcome(5, 2, 4) == (True, 3)


def node_values(game: BonusNim, depth: int) -> dict[str, Score]:
    """The value of each node function called at the root with its defaults."""
    return {
        "minimax": minimax(game, depth),
        "alphabeta": alphabeta(game, depth),
        "alphabeta_tt": alphabeta_tt(game, depth),
        "pvs": pvs(game, depth),
        "pvs+tt": pvs_engine(game, depth, -INFINITY, INFINITY, SearchContext(tt=TranspositionTable(1 << 8))),
        "mtdf": mtdf(game, depth),
    }


def test_a_win_after_an_extra_turn_counts_the_extra_turn_ply() -> None:
    """BonusNim(4, take 3, bonus 3), worked by hand (``test_outcome_by_hand``): take 1,
    move again, take 3: a win 2 plies away, ``WIN - 2``, by the move 1 only.  Every
    algorithm and ``search`` give it; a search not counting the extra turn's ply would
    give ``WIN - 1``."""
    game = BonusNim(4, 3, 3)
    assert set(node_values(game, 4).values()) == {WIN - 2}
    for algorithm in ALGORITHMS:
        result = search(game, 4, algorithm=algorithm)
        assert (result.score, result.best_move, result.exact) == (WIN - 2, 1, True), algorithm
    assert search(game, 1).score == 0  # one ply: the extra turn's position is a horizon
    assert search(game, 2).score == WIN - 2
    assert (game.pile, game.to_move) == (4, 0)


def test_pvs_root_finds_a_later_move_that_wins_one_ply_sooner() -> None:
    """BonusNim(5, take 1-2, bonus 4), worked by hand (``test_outcome_by_hand``): move 1
    (searched first) wins in 4 plies, move 2 in 3.  PVS's root tries move 2 with the null
    window (WIN - 4, WIN - 3): its value WIN - 3 fails high, and the re-search finds it.
    The two wins are one ply apart only because of the extra turn (players who
    alternate win at plies of one parity)."""
    for algorithm in ALGORITHMS:
        result = search(BonusNim(5, 2, 4), 5, algorithm=algorithm)
        assert (result.score, result.best_move) == (WIN - 3, 2), algorithm
        deepened = iterative_deepening(BonusNim(5, 2, 4), max_depth=5, algorithm=algorithm)
        assert (deepened.score, deepened.best_move) == (WIN - 3, 2), algorithm


@pytest.mark.parametrize("descending", [False, True], ids=["moves-1-2-3", "moves-3-2-1"])
@pytest.mark.parametrize(("take", "bonus"), [(2, 3), (2, 4), (3, 3), (3, 4), (3, 5)])
def test_every_algorithm_scores_wins_by_plies_counting_extra_turns(
    take: int, bonus: int, descending: bool
) -> None:
    """Every pile 1..11: each node function, ``search`` with each algorithm (searched to
    the end of the game) give ``+-(WIN - plies)`` of the brute force :func:`outcome`,
    the move ``search`` returns has that value, and ``solve`` (no distance) agrees on the
    winner and names every winning move."""
    for pile in range(1, 12):
        wins, plies = outcome(pile, take, bonus)
        truth = distance_value(wins, plies)
        game = BonusNim(pile, take, bonus, descending=descending)
        values = node_values(game, pile)
        assert values == dict.fromkeys(values, truth), pile
        for algorithm in ALGORITHMS:
            result = search(game, pile, algorithm=algorithm)
            assert result.score == truth, (pile, algorithm)
            assert move_outcome(pile, take, bonus, result.best_move) == (wins, plies), pile
        solved = solve_raw(game, tt=TranspositionTable(1 << 8))
        assert solved.score == (WIN if wins else -WIN)
        winning = [m for m in game.legal_moves() if move_outcome(pile, take, bonus, m)[0]]
        assert list(solved.best_moves) == (winning if wins else game.legal_moves())
        assert (game.pile, game.to_move) == (pile, 0)


@given(
    st.integers(1, 16),
    st.integers(2, 4),
    st.integers(2, 6),
    st.booleans(),
    st.sampled_from(ALGORITHMS),
)
@settings(max_examples=examples(60))
def test_search_values_are_plies_to_the_end_under_best_play(
    pile: int, take: int, bonus: int, descending: bool, algorithm: Algorithm
) -> None:
    """Property: on any BonusNim searched to its end, ``search`` and iterative deepening
    give the brute force's ``+-(WIN - plies)`` and a move that keeps it."""
    wins, plies = outcome(pile, take, bonus)
    game = BonusNim(pile, take, bonus, descending=descending)
    result = search(game, pile, algorithm=algorithm)
    assert result.score == distance_value(wins, plies)
    assert move_outcome(pile, take, bonus, result.best_move) == (wins, plies)
    assert iterative_deepening(game, max_depth=pile, algorithm=algorithm).score == result.score
