"""Alpha-beta over candidate pair moves with the core's TT (seed 004, §2.1.2, §2.2.2)."""

from __future__ import annotations

from connect6_strategies import reachable_games
from hypothesis import given, settings
from hypothesis_profiles import examples

from reference.connect6 import Connect6, Side
from reference.connect6.candidates import candidate_points, ordered_pairs
from reference.connect6.players import choose_move
from reference.search import MATE_BOUND, WIN, TranspositionTable, search


def small(text: str, width: int = 6) -> Connect6:
    return Connect6.from_notation(text, pair_width=width, point_width=6)


def test_alphabeta_takes_an_immediate_six() -> None:
    game = small("10/c5,d5,e5,f5,j1/a10,b10,c10,j10,j9,a1")
    result = search(game, 1, algorithm="alphabeta_tt", tt=TranspositionTable(1 << 10))
    assert result.score == WIN - 1
    game.play(result.best_move)
    assert game.winner() == Side.BLACK


def test_alphabeta_blocks_a_four() -> None:
    """White to move must block black's four (c5..f5) or lose at once."""
    game = small("10/c5,d5,e5,f5,j1/a10,b10,c10,j10", width=10)
    assert game.to_move == Side.WHITE
    result = search(game, 2, algorithm="alphabeta_tt", tt=TranspositionTable(1 << 12))
    assert result.score > -MATE_BOUND
    game.play(result.best_move)
    assert game.threat_count(Side.BLACK) == 0


def test_ordering_is_descending_for_black_ascending_for_white() -> None:
    """Seed 004, §2.2.2 (3): pairs sorted by black's score, descending for black, ascending
    for white; both mean best-first for the mover.  The first pair must not be worse for
    the mover than the last."""
    for text in ("10/e5/d4,f6", "10/e5,e6,d4/f4,f5"):
        game = Connect6.from_notation(text)
        moves = game.search_moves()
        values = []
        for move in (moves[0], moves[-1]):
            game.make(move)
            values.append(-game.evaluate())
            game.unmake()
        assert values[0] >= values[1]


@settings(max_examples=examples(20))
@given(reachable_games(sizes=(8, 9, 19), max_moves=8))
def test_candidate_pairs_are_best_first_for_the_mover(game: Connect6) -> None:
    """Seed 004, §2.2.2 (1)-(3): every pair of the best single points is scored on the board and
    sorted (black's score descending for black, ascending for white): the mover's value after
    each pair never rises along the list."""
    if game.is_terminal() or game.stones_per_move() == 1:
        return
    pairs = ordered_pairs(game.table, game.black, game.white, game.to_move, 6, 1000)
    assert len(pairs) == 6 * 5 // 2 or len(candidate_points(game.geo, game.occupied)) < 6
    values = []
    for move in pairs:
        game.make(move)
        values.append(-game.evaluate())
        game.unmake()
    assert values == sorted(values, reverse=True)


@settings(max_examples=examples(12))
@given(reachable_games(sizes=(7, 8), max_moves=6))
def test_alphabeta_and_pvs_equal_minimax_on_candidate_trees(game: Connect6) -> None:
    """The core's pruned searches return the minimax value of the candidate-pair tree."""
    if game.is_terminal():
        return
    game.pair_width = 5
    game.point_width = 5
    depth = 3
    reference = search(game, depth, algorithm="minimax").score
    for algorithm in ("alphabeta", "alphabeta_tt", "pvs"):
        assert search(game, depth, algorithm=algorithm, tt=TranspositionTable(1 << 10)).score == (
            reference
        ), algorithm


def test_choose_move_uses_tss_for_a_forced_win_then_tree() -> None:
    game = Connect6.from_notation("10/a1,c3,d3,e3,h5,h6,h7/a10,b10,c10,j10,j9,a9,j8,j1")
    choice = choose_move(game)
    assert choice.source == "tss"
    # a forced win is scored as every search scores a win, never 0 (a draw)
    assert choice.score == WIN - (2 * choice.depth - 1) and choice.score >= MATE_BOUND
    quiet = Connect6.from_notation("10/e5/d4,f6", pair_width=6, point_width=6)
    choice = choose_move(quiet, depth=2)
    assert choice.source == "alphabeta" and len(choice.move) == 2


def test_alphabeta_depth_3_on_19x19_runs() -> None:
    game = Connect6.from_notation("19/j10,k10,j11/i9,k11")
    result = search(game, 3, algorithm="alphabeta_tt", tt=TranspositionTable(1 << 16))
    assert len(result.best_move) == 2
