"""The threat heuristic of seed 001 (§Design Choices, Evaluation Function)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis_profiles import examples
from mnk_strategies import reachable_games

from reference.mnk.evaluation import (
    CLOSED,
    EVALUATION_LIMIT,
    OPEN,
    OPEN_THREAT_WEIGHT,
    OPPONENT_WEIGHT,
    OWN_WEIGHT,
    SEMI_OPEN,
    SEMI_OPEN_THREAT_WEIGHT,
    find_threats,
    threat_evaluation,
    threat_score,
    threat_score_by_shifts,
    threat_value,
)
from reference.mnk.game import MNKGame
from reference.search import MATE_BOUND


def threats_of(rows: list[str], player: int = 0) -> list[tuple[int, int]]:
    """Threats of ``player`` on a board drawn top row first (no legality check: any pattern)."""
    m, n = len(rows[0]), len(rows)
    bits = [0, 0]
    for index, row in enumerate(rows):
        for column, char in enumerate(row):
            if char in "xo":
                bits["xo".index(char)] |= 1 << ((n - 1 - index) * m + column)
    return sorted(find_threats(bits[player], bits[1 - player], m, n))


def test_open_semi_open_and_closed_runs_along_a_row() -> None:
    """On a 6 x 1 board: ``.xx...`` is open, ``oxx...`` semi-open, ``oxxo..`` closed.

    Each stone also has 3 closed one-stone "lines" across the single row (up-right,
    down-right, down run straight into the edges).
    """
    across = [(CLOSED, 1)] * 6
    assert threats_of([".xx..."]) == [*across, (OPEN, 2)]
    assert threats_of(["oxx..."]) == [*across, (SEMI_OPEN, 2)]
    assert threats_of(["oxxo.."]) == [*across, (CLOSED, 2)]
    assert threats_of(["xx...."]) == [*across, (SEMI_OPEN, 2)]  # the edge blocks like a stone
    # o on a1 is shut in by the edge and x; o on d1 has one open end.
    assert threats_of(["oxxo.."], player=1) == [*across, (CLOSED, 1), (SEMI_OPEN, 1)]


def test_one_gap_counts_as_a_semi_open_threat_of_all_its_stones() -> None:
    """Seed 001: "symbols separated by one empty square" are a semi-open threat.  Each
    run is scored on its own as well, so a line reads the same both ways (symmetric positions
    evaluate equally)."""
    gap = [(CLOSED, 1)] * 9 + [(SEMI_OPEN, 3), (OPEN, 1), (OPEN, 2)]
    assert threats_of([".xx.x."]) == sorted(gap)
    assert threats_of([".x.xx."]) == sorted(gap)  # the mirror image
    assert threat_score(0b1101, 0, 4, 1, 3) == threat_score(0b1011, 0, 4, 1, 3)  # x.xx, xx.x
    assert threat_value(SEMI_OPEN, 3, 4) == SEMI_OPEN_THREAT_WEIGHT  # K-1 stones: one move wins


def test_scan_directions_find_diagonals_and_columns() -> None:
    """up-right, right, down-right, down: every line through a stone is scanned once."""
    assert threats_of(["...", ".x.", "..."]) == [(OPEN, 1)] * 4  # a lone centre stone
    assert (OPEN, 2) in threats_of(["....", ".x..", "..x.", "...."])  # down-right diagonal
    assert (OPEN, 2) in threats_of(["....", "..x.", ".x..", "...."])  # up-right diagonal
    assert (OPEN, 2) in threats_of(["....", ".x..", ".x..", "...."])  # column


def test_k_minus_1_threats_weigh_most() -> None:
    assert threat_value(OPEN, 3, 4) == OPEN_THREAT_WEIGHT
    assert threat_value(OPEN, 2, 4) < threat_value(SEMI_OPEN, 3, 4) < threat_value(OPEN, 3, 4)
    assert threat_value(CLOSED, 3, 4) < threat_value(SEMI_OPEN, 1, 4) * 3


def test_opponent_threats_weigh_more() -> None:
    """Mirror-image threats: the side to move scores below zero (seed 001: blocking first)."""
    assert OPPONENT_WEIGHT > OWN_WEIGHT
    game = MNKGame.from_notation("....../.xx.../....../.oo.../...... x", 4)
    assert game.evaluate() < 0
    flipped = MNKGame.from_notation("....../.oo.../....../.xx.../...... x", 4)
    assert flipped.evaluate() == game.evaluate()


@settings(max_examples=examples(100))
@given(reachable_games(shapes=[(3, 3, 3), (4, 4, 4), (6, 6, 4), (7, 5, 5)], max_moves=30))
def test_evaluation_stays_inside_the_mate_band(game: MNKGame) -> None:
    if game.is_terminal():
        return
    assert -MATE_BOUND < game.evaluate() < MATE_BOUND


def test_evaluation_is_clamped_on_a_crowded_big_board() -> None:
    """Hundreds of open K-1 threats would pass the mate bound; the value is clamped inside it."""
    stones = sum(1 << cell for cell in range(0, 26 * 26, 2) if (cell // 26) % 2 == 0)
    assert threat_evaluation(stones, 0, 26, 26, 2) == EVALUATION_LIMIT < MATE_BOUND
    assert threat_evaluation(0, stones, 26, 26, 2) == -EVALUATION_LIMIT


@settings(max_examples=examples(200))
@given(
    reachable_games(
        shapes=[(3, 3, 3), (4, 4, 4), (6, 6, 4), (7, 5, 5), (15, 15, 5), (6, 1, 4), (1, 6, 3)],
        max_moves=60,
    )
)
def test_shift_scan_equals_literal_scan(game: MNKGame) -> None:
    """The fast whole-board version scores every position exactly like the literal cell scan."""
    for player in (0, 1):
        own, other = game.bits[player], game.bits[1 - player]
        assert threat_score_by_shifts(own, other, game.m, game.n, game.k) == threat_score(
            own, other, game.m, game.n, game.k
        )
