"""SEARCH-SUBPROBLEMS / SEARCH-POSITION, non-moves and ImpliedScore (seed 003, §10)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference.dou_shou_qi.board import NON_MOVE, DouShouQi
from reference.dou_shou_qi.notation import Piece, Placement
from reference.dou_shou_qi.partition import find_subproblems
from reference.dou_shou_qi.split_search import (
    SubproblemGame,
    implied_score,
    search_position,
    search_subproblems,
)
from reference.dou_shou_qi.squares import Kind, Side, neighbours, parse_square
from reference.errors import GameError, ParameterError
from reference.search import MATE_BOUND, WIN, search

FIGURE_13 = "A: Hc2 Cb3 Me6 / B: Ma2 Cb7 Dc7 Ee7 / A"


def random_game(choices: list[int]) -> DouShouQi:
    game = DouShouQi()
    for c in choices:
        moves = game.legal_moves()
        if not moves:
            break
        game.make(moves[c % len(moves)])
    return game


def test_two_groups_split_move_is_legal_and_implied_scores_add_up() -> None:
    """§10.5.1: ImpliedScore[s_i] = MoveScore[s_i] + sum of the other NonMoveScores; PC maximises it."""
    game = DouShouQi.from_notation(FIGURE_13)
    for depth in (2, 4):
        result = search_position(game, 4, max_depth=depth)
        assert len(result.decomposition.subproblems) == 2
        assert result.depth == depth
        assert result.move in game.legal_moves()
        scores = result.scores
        for i, s in enumerate(scores):
            others = sum(t.non_move_score for j, t in enumerate(scores) if j != i)
            assert s.implied_score == s.move_score + others
            assert s.move is not None and s.move in game.legal_moves()
        best = max(scores, key=lambda s: s.implied_score)
        assert result.value == best.implied_score and result.move == best.move


def test_non_move_score_is_minus_the_value_after_a_pass() -> None:
    """SEARCH-SUBPROBLEMS line 15 (corrected): NonMoveScore = -MINIMAX(p after a non-move, d - 1)."""
    game = DouShouQi.from_notation(FIGURE_13)
    d = find_subproblems(game.pieces(), 4)
    result = search_subproblems(game, d, max_depth=2)
    for i, sub in enumerate(d.subproblems):
        p = SubproblemGame(sub.pieces, game.to_move, d.partition.allowed[i])
        p.make(NON_MOVE)
        assert result.scores[i].non_move_score == -search(p, 1, algorithm="minimax").value
        p.unmake()
        root = SubproblemGame(sub.pieces, game.to_move, d.partition.allowed[i])
        assert result.scores[i].move_score == search(root, 2, algorithm="minimax").value


@settings(derandomize=True, max_examples=8, deadline=None)
@given(st.lists(st.integers(0, 1000), max_size=30))
def test_one_subproblem_equals_plain_search(choices: list[int]) -> None:
    """With a single subproblem (T_thresh above T_max) the split search is the plain search."""
    game = random_game(choices)
    if game.is_terminal():
        return
    result = search_position(game, 1000, max_depth=2)
    assert len(result.decomposition.subproblems) == 1
    assert result.value == search(game, 2, algorithm="alphabeta").value


def test_one_subproblem_equals_plain_search_depth_4_from_start() -> None:
    game = DouShouQi()
    assert search_position(game, 1000, max_depth=4).value == search(game, 4).value


@settings(derandomize=True, max_examples=10, deadline=None)
@given(st.lists(st.integers(0, 1000), min_size=4, max_size=40))
def test_split_move_is_always_legal(choices: list[int]) -> None:
    """Whatever the split (T_thresh = 2 splits most positions), the move is legal in the game."""
    game = random_game(choices)
    if game.is_terminal():
        return
    result = search_position(game, 2, max_depth=2)
    assert result.move in game.legal_moves()


def test_shallow_wins_first() -> None:
    """Line 20: a won subproblem stops the iterative deepening at once."""
    game = DouShouQi.from_notation("A: Wc9 Ea1 / B: Mg2 Hg5 / A")
    result = search_position(game, 2, max_depth=8)
    assert len(result.decomposition.subproblems) >= 2
    assert result.depth == 2
    assert result.value >= MATE_BOUND
    assert game.format_move(result.move) == "c9-d9"


def test_subproblem_game_non_move_below_the_root_only() -> None:
    pieces = [
        Piece(Side.A, Kind.DOG, parse_square("b2")),
        Piece(Side.B, Kind.CAT, parse_square("f8")),
    ]
    p = SubproblemGame(pieces, Side.A)
    assert NON_MOVE not in p.legal_moves()
    p.make(p.legal_moves()[0])
    assert p.legal_moves()[-1] == NON_MOVE
    p.make(NON_MOVE)
    assert p.to_move == Side.A
    p.unmake()
    p.unmake()
    assert not p.is_terminal() and p.terminal_score() == 0


def test_subproblem_with_one_side_is_not_over() -> None:
    """A subproblem may hold pieces of one side only: that side moves, the other passes."""
    pieces = [
        Piece(Side.A, Kind.LION, parse_square("a5")),
        Piece(Side.A, Kind.MOUSE, parse_square("c4")),
    ]
    p = SubproblemGame(pieces, Side.A)
    assert not p.is_terminal()
    moves = {(m.src, m.dst) for m in p.legal_moves()}
    # the lion's leap a5-d5 is free, the mouse blocks nothing on row 5
    assert (parse_square("a5"), parse_square("d5")) in moves
    p.make(p.legal_moves()[0])
    assert p.legal_moves() == (NON_MOVE,)
    blocked = SubproblemGame([*pieces[:1], Piece(Side.A, Kind.MOUSE, parse_square("b5"))], Side.A)
    assert (parse_square("a5"), parse_square("d5")) not in {
        (m.src, m.dst) for m in blocked.legal_moves()
    }


@settings(derandomize=True, max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 1000), max_size=40))
def test_one_sided_move_generation_matches_the_board(choices: list[int]) -> None:
    """The wrapper's own generator (opponent absent) equals the board's with a far-away opponent."""
    game = random_game(choices)
    if game.is_terminal():
        return
    side = game.to_move
    mine = game.pieces(side)
    near = {p.square for p in mine} | {n for p in mine for n in neighbours(p.square)}
    corners = [parse_square(name) for name in ("a1", "g1", "a9", "g9")]  # never a leap's landing
    far = [sq for sq in corners if sq not in near]
    if not far:
        return
    dummy = Piece(Side(1 - side), Kind.CAT, far[0])
    oracle = DouShouQi(Placement((*mine, dummy), side), draw_limit=None)
    expected = {m for m in oracle.legal_moves() if m.dst != dummy.square}
    got = set(SubproblemGame(mine, side).legal_moves())
    assert got == expected


def test_implied_score_with_decided_games() -> None:
    """ERRATUM (inf + -inf): the nearest decided result wins."""
    assert implied_score([5, 7], [1, 2], 0) == 5 + 2
    assert implied_score([WIN - 3, 0], [0, -(WIN - 6)], 0) == WIN - 3
    assert implied_score([WIN - 7, 0], [0, -(WIN - 2)], 0) == -(WIN - 2)


def test_search_subproblems_checks_parameters() -> None:
    game = DouShouQi()
    d = find_subproblems(game.pieces(), 4)
    with pytest.raises(ParameterError, match="max_depth, time_limit or node_budget"):
        search_subproblems(game, d)
    with pytest.raises(ParameterError, match=">= 2"):
        search_subproblems(game, d, max_depth=1)
    over = DouShouQi.from_notation("A: Wd9 / B: Ma7 / B")
    with pytest.raises(GameError, match="over"):
        search_position(over, 4, max_depth=2)


def test_node_budget_and_time_limit_stop_the_deepening() -> None:
    game = DouShouQi.from_notation(FIGURE_13)
    small = search_position(game, 4, node_budget=1)
    assert small.depth == 2
    timed = search_position(game, 4, time_limit=0.2)
    assert timed.depth >= 2 and timed.move in game.legal_moves()


def test_no_move_inside_any_region_raises_game_error() -> None:
    """When every legal move would leave its region, SEARCH-SUBPROBLEMS says so (callers fall back)."""
    game = DouShouQi.from_notation(FIGURE_13)
    d = find_subproblems(game.pieces(), 4)
    fenced = dataclasses.replace(
        d, partition=dataclasses.replace(d.partition, allowed=(0,) * len(d.subproblems))
    )
    with pytest.raises(GameError, match="no subproblem has a legal move"):
        search_subproblems(game, fenced, max_depth=2)
