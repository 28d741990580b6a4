"""VCF (victory by continuous fours) for the (M,N,K)-game: sound, with a checkable proof line.

Every win found is checked two ways: the proof line replays as a VCF
(:func:`check_vcf_line`, independent of the search) and the exact solver agrees
that the side to move wins and that the line's first move is a winning move.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis_profiles import examples
from mnk_strategies import play_choices

from reference.mnk.game import MNKGame
from reference.mnk.vcf import check_vcf_line, four_cells, vcf_search
from reference.search import Deadline, solve_raw


def game_from(m: int, n: int, k: int, cells: str) -> MNKGame:
    game = MNKGame(m, n, k)
    for cell in cells.split():
        game.play(game.parse_move(cell))
    return game


def names(game: MNKGame, line: tuple[int, ...]) -> list[str]:
    return [game.format_move(c) for c in line]


def test_four_then_double_four_is_found_with_its_line() -> None:
    """Hand-worked (9 x 9, K = 5): x c3 d3 e3 with o on b3, x f5 f6.  f3 makes a four
    (g3 only: b3 is o), o must take g3, then f4 makes f3-f6 with f2 and f7 open."""
    game = game_from(9, 9, 5, "c3 b3 d3 a9 e3 i9 f5 a1 f6 i1")
    result = vcf_search(game)
    assert result.win and result.complete
    assert names(game, result.line) == ["f3", "g3", "f4", "f2", "f7"]
    assert result.attacker_moves == 3
    assert check_vcf_line(game, result.line)
    assert game.stones == 10 and game.moves[-1] == game.parse_move("i1")  # restored


def test_immediate_five_is_a_one_move_vcf() -> None:
    game = game_from(9, 9, 5, "a1 a9 b1 b9 c1 c9 d1 i9")
    result = vcf_search(game)
    assert names(game, result.line) == ["e1"]


def test_a_defender_four_must_be_blocked_first() -> None:
    """x has an open three b5 c5 d5 (a four-maker) but o has a four on row 9: the only
    attacker moves are blocks that also make a four; a9-d9 o four, e9 is the block and
    x has no four through e9, so there is no VCF."""
    game = game_from(9, 9, 5, "b5 a9 c5 b9 d5 c9 h1 d9")
    assert game.completing_cells(1) == 1 << game.parse_move("e9")
    result = vcf_search(game)
    assert not result.win and result.complete


def test_two_defender_fours_leave_no_vcf() -> None:
    game = game_from(9, 9, 5, "b5 a9 c5 b9 d5 c9 h1 d9 h3 a1 h5 a2 i9 a3 g9 a4")
    assert bin(game.completing_cells(1)).count("1") >= 2
    assert not vcf_search(game).win


def test_node_budget_and_deadline_stop_the_search_incomplete() -> None:
    game = game_from(9, 9, 5, "c3 b3 d3 a9 e3 i9 f5 a1 f6 i1")
    stopped = vcf_search(game, max_nodes=2)
    assert not stopped.win and not stopped.complete
    ticks = iter(range(1000))
    passed = Deadline(0.5, clock=lambda: float(next(ticks)))  # every reading is 1 s later
    many = game_from(9, 9, 5, "e5 a9 e4 i9 d5 a1 f6 i1")
    by_time = vcf_search(many, max_nodes=None, deadline=passed)
    assert not by_time.complete or by_time.nodes < 64  # checked every 64 nodes
    assert many.stones == 8


def test_four_cells_are_the_cells_making_k_minus_one() -> None:
    game = game_from(9, 9, 5, "c3 b3 d3 a9 e3 i9")
    x_bits, o_bits = game.bits
    cells = four_cells(x_bits, o_bits, game.geometry)
    assert sorted(names(game, tuple(c for c in range(81) if cells >> c & 1))) == ["f3", "g3"]


def test_check_vcf_line_rejects_non_forcing_lines() -> None:
    game = game_from(9, 9, 5, "c3 b3 d3 a9 e3 i9 f5 a1 f6 i1")
    good = vcf_search(game).line
    assert check_vcf_line(game, good)
    assert not check_vcf_line(game, good[:-1])  # even length
    assert not check_vcf_line(game, (good[0], game.parse_move("h8"), good[2]))  # not the block
    assert not check_vcf_line(game, (game.parse_move("h8"),))  # no five


@settings(max_examples=examples(60))
@given(
    shape=st.sampled_from([(4, 4, 3), (5, 5, 4), (6, 5, 4)]),
    choices=st.lists(st.integers(0, 1000), min_size=8, max_size=18),
)
def test_every_vcf_found_is_a_win_of_the_exact_solver(
    shape: tuple[int, int, int], choices: list[int]
) -> None:
    """Soundness: VCF win => exact value 1 and the line's first move is a winning move."""
    m, n, k = shape
    lo = {(4, 4, 3): 2, (5, 5, 4): 11, (6, 5, 4): 14}[shape]  # keep the exact solve quick
    game = play_choices(MNKGame(m, n, k), choices[: max(lo, len(choices) - 4)])
    if game.is_terminal() or game.stones < lo or game.completing_cells(game.to_move):
        return  # (an immediate win would make the test trivial)
    result = vcf_search(game)
    assert result.complete
    if result.win:
        exact = solve_raw(game)
        assert exact.value == 1
        assert result.line[0] in exact.best_moves
        assert check_vcf_line(game, result.line)
