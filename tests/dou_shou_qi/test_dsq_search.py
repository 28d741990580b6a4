"""MINIMAX (§3.2), alpha-beta and alpha-beta with the §11 move ordering on Dou Shou Qi."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples

from reference.dou_shou_qi.geometry import Side
from reference.dou_shou_qi.ordering import order_moves
from reference.dou_shou_qi.players import (
    MOVE_ORDERING,
    NO_HEURISTIC,
    choose_move,
    minimax_value,
    play_game,
)
from reference.dou_shou_qi.positions import APPENDIX_A
from reference.dou_shou_qi.rules import DouShouQi, Move
from reference.search import MATE_BOUND, Deadline, SearchContext, alphabeta, search
from reference.search.protocol import INFINITY

SMALL = [
    "A: Ma1 Tb3 Ld5 Hg4 / B: Mg9 Tf7 La5 Hb7 Ec7 / A",
    "A: Cc1 Wd3 Ec9 Mf1 Hd7 / B: Ed2 Mb1 Le1 Td8 Cc8 / A",
    "A: Mb4 Ea4 Cc3 Wf7 Lg1 / B: Mc4 Eb3 Ha5 Td8 / A",
    "A: Hd8 Tc8 Mc2 Ld3 / B: Ed2 Cc1 Wf9 Mg9 / A",
]


def random_position(seed: int, plies: int, start: str | None = None) -> DouShouQi:
    """A reachable position: ``plies`` random legal moves from ``start`` (or the start)."""
    rng = random.Random(seed)
    if start is None:
        g = DouShouQi(draw_limit=None, ordering="none")
    else:
        g = DouShouQi.from_notation(start, ordering="none")
    for _ in range(plies):
        legal = g.legal_moves()
        if not legal:
            break
        g.make(rng.choice(legal))
    return g


def section_3_2_minimax(g: DouShouQi, depth: int) -> float:
    """MINIMAX(position, depth) transcribed line by line from §3.2 (wins as +-infinity).

    1 if game is over or depth = 0: 2 return EVALUATE(position); 3 a <- -inf;
    4 for each move; 5 p' <- Make-Move; 6 a <- max(a, -MINIMAX(p', depth - 1)); 7 return a.
    """
    if g.is_terminal():
        score = g.terminal_score()
        return 0.0 if score == 0 else math.copysign(math.inf, score)
    if depth == 0:
        return float(g.evaluate())
    a = -math.inf
    for move in g.legal_moves():
        g.make(move)
        a = max(a, -section_3_2_minimax(g, depth - 1))
        g.unmake()
    return a


def test_minimax_is_the_negamax_of_section_3_2() -> None:
    """The core's minimax equals a literal transcription of §3.2 (a win for the mover = +inf there)."""
    for text in SMALL:
        for depth in (1, 2, 3):
            g = DouShouQi.from_notation(text)
            literal = section_3_2_minimax(g, depth)
            core = minimax_value(g, depth)
            if math.isinf(literal):
                assert abs(core) >= MATE_BOUND and (core > 0) == (literal > 0)
            else:
                assert core == literal


def section_3_2_minimax_as_printed(g: DouShouQi, depth: int) -> float:
    """§3.2 exactly as printed: EVALUATE is "in terms of benefit to player A" (§3.3), a win for
    A is +inf and a win for B -inf, and line 6 still negates every ply."""
    if g.is_terminal() or depth == 0:
        if g.is_terminal() and g.winner() is not None:
            return math.inf if g.winner() == Side.A else -math.inf
        return float(g.evaluate_for_a())
    a = -math.inf
    for move in g.legal_moves():
        g.make(move)
        a = max(a, -section_3_2_minimax_as_printed(g, depth - 1))
        g.unmake()
    return a


def test_section_3_2_as_printed_scores_for_a_and_negates_every_ply() -> None:
    """Departure: MINIMAX as printed mixes two conventions.  With EVALUATE for A and
    line 6's negation, a depth-1 search by A maximises -EVALUATE, i.e. picks A's *worst* move;
    and a finished game is worth +inf for A to whoever is to move.  The package scores every
    position for the side to move (``DouShouQi.evaluate``; §3.3's Evaluate is
    ``evaluate_for_a``), which is what line 6 needs."""
    g = DouShouQi.from_notation("A: Ld4 Ta1 / B: Hd5 Mg9 / A")  # d4-d5 takes the hyena
    best_for_a = max(g.legal_moves(), key=lambda m: _after(g, m, lambda h: h.evaluate_for_a()))
    printed = max(g.legal_moves(), key=lambda m: -_after(g, m, lambda h: h.evaluate_for_a()))
    assert g.format_move(best_for_a) == "d4-d5" and best_for_a != printed
    assert section_3_2_minimax_as_printed(g, 1) == -min(
        _after(g, m, lambda h: h.evaluate_for_a()) for m in g.legal_moves()
    )
    assert minimax_value(g, 1) == max(
        _after(g, m, lambda h: -h.evaluate()) for m in g.legal_moves()
    )
    over = DouShouQi.from_notation("A: Ld9 / B: Mg9 / B")  # A has entered B's den; B to move
    assert section_3_2_minimax_as_printed(over, 2) == math.inf  # "a win for A", B to move
    assert section_3_2_minimax(over, 2) == -math.inf  # the side to move (B) has lost


def _after(g: DouShouQi, move: Move, score: Callable[[DouShouQi], int]) -> int:
    g.make(move)
    try:
        return score(g)
    finally:
        g.unmake()


@settings(max_examples=examples(25))
@given(st.integers(0, 10**6), st.integers(0, 30), st.integers(1, 2))
def test_minimax_equals_alphabeta_equals_ordered_alphabeta(
    seed: int, plies: int, depth: int
) -> None:
    """Values agree on random reachable positions (pruning and ordering never change the value)."""
    g = random_position(seed, plies)
    if g.is_terminal():
        return
    reference = minimax_value(g, depth)
    assert alphabeta(g, depth) == reference
    g.ordering = "thesis"
    assert alphabeta(g, depth) == reference
    assert search(g, depth, algorithm="alphabeta").score == reference


@settings(max_examples=examples(12))
@given(st.integers(0, 10**6), st.sampled_from(SMALL), st.integers(0, 6))
def test_three_searches_agree_at_depth_3_on_small_positions(
    seed: int, start: str, plies: int
) -> None:
    g = random_position(seed, plies, start)
    if g.is_terminal():
        return
    reference = minimax_value(g, 3)
    assert alphabeta(g, 3) == reference
    g.ordering = "thesis"
    assert alphabeta(g, 3) == reference


def test_ordered_move_list_is_the_literal_stable_sort() -> None:
    """The generator's buckets equal a stable sort of the plain list on the §11 priorities."""
    for seed in range(40):
        g = random_position(seed, 2 * seed % 50)
        plain = list(g.legal_moves())
        g.ordering = "thesis"
        assert list(g.legal_moves()) == order_moves(g, plain)
        assert sorted(plain) == sorted(g.legal_moves())


def test_ordering_puts_captures_then_lion_tiger_elephant_mouse_first() -> None:
    g = DouShouQi.from_notation(
        "A: Ma1 Tb3 Ld5 Hg4 Ee2 / B: Mg9 Tf7 La5 Hb7 Ec7 / A", ordering="thesis"
    )
    names = [g.format_move(m) for m in g.legal_moves()]
    captures = {"b3-b7", "d5-a5"}
    assert set(names[:2]) == captures
    kinds = [g.piece_at(m.src).kind.name for m in g.legal_moves()[2:]]  # type: ignore[union-attr]
    order = ["LION", "TIGER", "ELEPHANT", "MOUSE", "HYENA"]
    assert kinds == sorted(kinds, key=order.index)


def nodes(g: DouShouQi, depth: int) -> int:
    ctx = SearchContext()
    alphabeta(g, depth, -INFINITY, INFINITY, ctx)
    return ctx.counters.nodes


def test_ordering_reduces_alphabeta_nodes() -> None:
    """§11: move ordering lets alpha-beta search fewer nodes (summed over 12 positions, depth 3)."""
    plain = ordered = 0
    for seed in range(12):
        g = random_position(seed, 20 + seed)
        if g.is_terminal():
            continue
        g.ordering = "none"
        plain += nodes(g, 3)
        g.ordering = "thesis"
        ordered += nodes(g, 3)
    assert ordered < plain


class TickClock:
    """A clock that advances one second each time it is read (no real time involved)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1.0
        return self.now


def test_iterative_deepening_with_time_limit_returns_a_legal_move() -> None:
    """The deadline (an injected clock: 40 reads, about 2,500 nodes) stops the deepening;
    the move of the last finished iteration is played."""
    g = DouShouQi(ordering="none")
    clock = TickClock()
    result = choose_move(g, MOVE_ORDERING, deadline=Deadline(40.0, clock=clock))
    assert clock.now >= 41.0 and not result.exact  # stopped by the deadline
    assert result.best_move in g.legal_moves() and result.depth >= 1
    assert g.ordering == "none"  # the switch is restored
    assert g.to_notation() == DouShouQi(ordering="none").to_notation()  # and the position


def test_search_takes_a_win_in_one() -> None:
    g = DouShouQi.from_notation("A: Hd8 / B: Ma1 Eb2 / A")
    result = choose_move(g, NO_HEURISTIC, depth=3)
    assert result.best_move == Move(g.parse_move("d8-d9").src, g.parse_move("d8-d9").dst)
    assert result.score >= MATE_BOUND


def test_self_play_game_is_reproducible_at_fixed_depth() -> None:
    start = APPENDIX_A["t"].notation  # B without its elephant
    first = play_game(start, MOVE_ORDERING, NO_HEURISTIC, depth=1, draw_limit=30)
    second = play_game(start, MOVE_ORDERING, NO_HEURISTIC, depth=1, draw_limit=30)
    assert first == second
    assert first.plies <= 30 and len(first.depths_a) + len(first.depths_b) == first.plies
